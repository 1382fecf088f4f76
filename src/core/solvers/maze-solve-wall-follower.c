/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-solver-private.h"

/* The wall follower: walk with the left hand on the wall.
 *
 * At each cell, entered from the side that leads back, take the first
 * open passage sweeping clockwise from the one just after that side: the
 * sharpest left turn first, then gentler ones, straight on, the right
 * turns, and back only at a dead end. Directions are numbered clockwise
 * round every cell, so this works for any n_dirs; a centre cell's
 * spokes too, whose way back is no opposite (maze_grid_back_dir(): a
 * first-ring cell entered from the centre was entered through IN_A, the
 * centre through the spoke of the cell it came from). At the start, with
 * no side behind, the sweep begins at direction 0.
 *
 * The walk is deterministic in (cell, way back), so once it comes back to
 * a pair it has been in it goes round for ever: the end is not on its
 * round (a braided maze, or an end on an island). Each cell keeps one bit
 * per way back it was entered with; a step limit of 2 * n_dirs * cells
 * backs that up.
 *
 * The path returned is the walk with its excursions erased: a stack of the
 * cells walked, popped back to a cell whenever the walk comes to a cell
 * that is on it. Per cell: one state byte, plus the stack. */

#define STATE_VISITED  0x40u
#define STATE_ON_STACK 0x80u

typedef struct
{
  guint32 *cells;
  guint32  len;
  guint32  size;
} Stack;

static gboolean
stack_push (Stack   *s,
            guint32  cell)
{
  if (G_UNLIKELY (s->len == s->size))
    {
      guint32 size = s->size ? s->size * 2 : 256;
      guint32 *cells;

      if (size <= s->size)
        return FALSE;
      cells = g_try_renew (guint32, s->cells, size);
      if (cells == NULL)
        return FALSE;
      s->cells = cells;
      s->size = size;
    }
  s->cells[s->len++] = cell;
  return TRUE;
}

typedef enum
{
  WALK_FOUND,
  WALK_ROUND,
  WALK_STUCK,
  WALK_NO_MEMORY,
  WALK_STOPPED,
} WalkResult;

static inline __attribute__((always_inline)) WalkResult
walk (const MazeWalker    *w,
      const guint          n_dirs,
      guint8              *state,
      Stack               *stack,
      guint32              start,
      guint32              end,
      guint64              limit,
      const MazeObserver  *observer,
      guint64             *explored)
{
  guint32 cell = start;
  guint back = n_dirs - 1;  /* so that the sweep begins at 0 */
  guint64 steps = 0;
  guint x, y;
  gint32 countdown = MAZE_STOP_INTERVAL;

  maze_walker_xy (w, start, &x, &y);
  state[start] = STATE_VISITED | STATE_ON_STACK;
  *explored = 1;
  if (!stack_push (stack, start))
    return WALK_NO_MEMORY;
  MAZE_EMIT (observer, MAZE_EVENT_VISIT, start, MAZE_NO_CELL, -1, 0, 0, MAZE_EVENT_STEP);

  while (cell != end)
    {
      guint p = y & 1;
      guint exits, first, d = 0;
      guint32 next;

      if (!maze_walker_tick (w, &countdown))
        return WALK_STOPPED;
      if ((state[cell] & (1u << back)) || steps++ >= limit)
        return WALK_ROUND;
      state[cell] |= (guint8) (1u << back);

      exits = maze_walker_open_exits (w, n_dirs, cell, x, y);
      if (exits == 0)
        return WALK_STUCK;  /* a start with no way out */
      first = (back + 1) % n_dirs;
      for (guint i = 0; i < n_dirs; i++)
        {
          d = (first + i) % n_dirs;
          if (exits & (1u << d))
            break;
        }

      next = maze_walker_next (w, TRUE, cell, x, y, d);
      back = maze_grid_back_dir (w->grid, x, y, d);
      MAZE_EMIT (observer, MAZE_EVENT_VISIT, next, cell, (gint8) back, 0, 0, MAZE_EVENT_STEP);
      if (!(state[next] & STATE_VISITED))
        {
          state[next] |= STATE_VISITED;
          (*explored)++;
        }

      /* Loop erasure: back on the stack means the cells above were a detour. */
      if (state[next] & STATE_ON_STACK)
        {
          while (stack->cells[stack->len - 1] != next)
            state[stack->cells[--stack->len]] &= (guint8) ~STATE_ON_STACK;
        }
      else
        {
          if (!stack_push (stack, next))
            return WALK_NO_MEMORY;
          state[next] |= STATE_ON_STACK;
        }

      maze_solve_move (w, p, d, next, &cell, &x, &y);
    }

  return WALK_FOUND;
}

MazeSolution *
maze_solve_wall_follower (const MazeGrid      *grid,
                          guint32              start,
                          guint32              end,
                          const MazeObserver  *observer,
                          MazeStopCheck       *stop,
                          GError             **error)
{
  g_autofree guint8 *state = g_try_malloc0 (grid->n_cells);
  guint n_dirs = grid->topology->n_dirs;
  guint64 limit = 2 * (guint64) n_dirs * grid->n_cells;
  Stack stack = { NULL, 0, 0 };
  MazeWalker w;
  guint64 explored = 0;
  WalkResult result;
  guint ex, ey;

  g_assert (n_dirs <= 6);  /* one state bit per way back */

  if (state == NULL)
    {
      maze_solve_set_out_of_memory (error);
      return NULL;
    }

  if (!maze_walker_init (&w, grid, error))
    return NULL;
  w.stop = stop;
  if (n_dirs == 4)
    result = walk (&w, 4, state, &stack, start, end, limit, observer, &explored);
  else if (n_dirs == 6)
    result = walk (&w, 6, state, &stack, start, end, limit, observer, &explored);
  else
    result = walk (&w, n_dirs, state, &stack, start, end, limit, observer, &explored);

  switch (result)
    {
    case WALK_FOUND:
      return maze_solution_from_path (grid, MAZE_SOLVER_WALL_FOLLOWER,
                                      stack.cells, stack.len, explored);
    case WALK_NO_MEMORY:
      g_free (stack.cells);
      maze_solve_set_out_of_memory (error);
      return NULL;
    case WALK_STOPPED:
      g_free (stack.cells);
      maze_solve_set_cancelled (error);
      return NULL;
    case WALK_STUCK:
      g_free (stack.cells);
      maze_solve_set_unreachable (grid, start, end, error);
      return NULL;
    case WALK_ROUND:
    default:
      g_free (stack.cells);
      maze_grid_xy (grid, end, &ex, &ey);
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_UNREACHABLE,
                   _("The wall follower went round without reaching the end at (%u,%u): "
                     "the end is not on the wall it follows from the start"),
                   ex, ey);
      return NULL;
    }
}
