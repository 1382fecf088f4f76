/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-solver-private.h"

/* Recursive backtracking, as an iterative depth-first search with neither
 * recursion nor a stack array.
 *
 * From the current cell go through the first passage, in direction order,
 * to a cell not seen yet; at a dead end go back the way we came. Each cell's
 * came from byte holds the way back (that is the stack) and, in its top
 * bits, the next direction to try when we come back to it. When the end is
 * reached, the chain of ways back is the path. 1 byte per cell. */

#define NEXT_DIR_SHIFT 5
#define NEXT_DIR_MASK  (7u << NEXT_DIR_SHIFT)

static inline __attribute__((always_inline)) MazeSearchResult
search (const MazeWalker    *w,
        const guint          n_dirs,
        guint8              *came_from,
        guint32              start,
        guint32              end,
        const MazeObserver  *observer,
        guint64             *explored)
{
  guint32 cell = start;
  guint x, y;
  gint32 countdown = MAZE_STOP_INTERVAL;

  maze_walker_xy (w, start, &x, &y);
  came_from[start] = MAZE_SOLVE_REACHED | MAZE_SOLVE_ROOT;
  *explored = 1;
  MAZE_EMIT (observer, MAZE_EVENT_VISIT, start, MAZE_NO_CELL, -1, 0, 0, MAZE_EVENT_STEP);
  MAZE_EMIT (observer, MAZE_EVENT_PUSH, start, MAZE_NO_CELL, -1, 0, 0, 0);

  while (cell != end)
    {
      guint p = y & 1;
      guint first = (came_from[cell] & NEXT_DIR_MASK) >> NEXT_DIR_SHIFT;
      guint exits = maze_walker_exits (w, n_dirs, TRUE, cell, x, y) & ~((1u << first) - 1);
      guint back;
      guint32 next;
      gboolean advanced = FALSE;

      if (!maze_walker_tick (w, &countdown))
        return MAZE_SEARCH_STOPPED;
      while (exits != 0)
        {
          guint d = (guint) __builtin_ctz (exits);
          next = maze_walker_next (w, TRUE, cell, x, y, d);
          exits &= exits - 1;
          if (came_from[next] != 0)
            continue;

          came_from[cell] = (guint8) ((came_from[cell] & ~NEXT_DIR_MASK) |
                                      ((d + 1) << NEXT_DIR_SHIFT));
          back = maze_grid_back_dir (w->grid, x, y, d);
          came_from[next] = (guint8) (MAZE_SOLVE_REACHED | back);
          (*explored)++;
          MAZE_EMIT (observer, MAZE_EVENT_VISIT, next, cell, (gint8) back, 0, 0,
                     MAZE_EVENT_STEP);
          MAZE_EMIT (observer, MAZE_EVENT_PUSH, next, cell, (gint8) back, 0, 0, 0);
          maze_solve_move (w, p, d, next, &cell, &x, &y);
          advanced = TRUE;
          break;
        }
      if (advanced)
        continue;

      /* A dead end: every way on is tried. Go back the way we came. */
      back = came_from[cell] & MAZE_SOLVE_DIR;
      if (back == MAZE_SOLVE_ROOT)
        return MAZE_SEARCH_UNREACHABLE;
      next = maze_walker_next (w, TRUE, cell, x, y, back);
      MAZE_EMIT (observer, MAZE_EVENT_BACKTRACK, cell, next, (gint8) back, 0, 0, MAZE_EVENT_STEP);
      maze_solve_move (w, p, back, next, &cell, &x, &y);
    }

  return MAZE_SEARCH_FOUND;
}

MazeSolution *
maze_solve_backtracking (const MazeGrid      *grid,
                         guint32              start,
                         guint32              end,
                         const MazeObserver  *observer,
                         MazeStopCheck       *stop,
                         GError             **error)
{
  guint n_dirs = grid->topology->n_dirs;
  g_autofree guint8 *came_from = NULL;
  MazeWalker w;
  guint64 explored = 0;
  MazeSearchResult result;

  came_from = maze_solve_begin (grid, stop, &w, error);
  if (came_from == NULL)
    return NULL;

  if (n_dirs == 4)
    result = search (&w, 4, came_from, start, end, observer, &explored);
  else if (n_dirs == 6)
    result = search (&w, 6, came_from, start, end, observer, &explored);
  else
    result = search (&w, n_dirs, came_from, start, end, observer, &explored);

  return maze_solve_finish (grid, MAZE_SOLVER_BACKTRACKING, result, came_from, start, end,
                            explored, error);
}
