/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-solver-private.h"

/* Breadth-first search: the path with the fewest cells, weights ignored.
 *
 * A FIFO of cell indices (a MazeRing, as big as the widest frontier) and
 * one came from byte per cell, allocated once, that also marks a cell as
 * seen: 1 byte per cell, plus the frontier.
 *
 * The inner loop has no branch that depends on the maze: whether a
 * passage leads on is as good as a coin toss and would be mispredicted half
 * the time. Every direction is handled alike, a direction without a passage
 * pointing back at the cell itself, which is always seen. */

static inline __attribute__((always_inline)) MazeSearchResult
search (const MazeWalker    *walker,
        const guint          n_dirs,
        const gboolean       needs_xy,
        const gboolean       observed,
        guint8              *came_from,
        MazeRing            *ring,
        guint32              start,
        guint32              end,
        const MazeObserver  *observer,
        guint64             *explored)
{
  /* Local copies: the compiler must assume a byte store may change
   * anything it cannot see is private, and would reload them each step. */
  const MazeWalker w = *walker;
  const MazeTopology *t = w.t;
  guint32 *items = ring->items;
  guint32 mask = ring->mask;
  guint32 head = 0, tail = 0;
  guint32 level_end = 1, dist = 0;
  guint8 back_bits[MAZE_MAX_DIRS];

  for (guint d = 0; d < n_dirs; d++)
    back_bits[d] = (guint8) (MAZE_SOLVE_REACHED | t->opposite[d]);

  came_from[start] = MAZE_SOLVE_REACHED | MAZE_SOLVE_ROOT;
  items[tail++ & mask] = start;
  if (observed)
    MAZE_EMIT (observer, MAZE_EVENT_FRONTIER_ADD, start, MAZE_NO_CELL, -1, 0, 0);

  while (head != tail)
    {
      guint32 cell;
      guint x = 0, y = 0, p, exits;

      /* The queue holds one level of distance after another. */
      if (head == level_end)
        {
          dist++;
          level_end = tail;
        }
      cell = items[head++ & mask];
      if (observed)
        MAZE_EMIT (observer, MAZE_EVENT_SETTLE, cell, MAZE_NO_CELL, -1, 0, dist);
      if (G_UNLIKELY (cell == end))
        {
          *explored = head;
          return MAZE_SEARCH_FOUND;
        }

      /* Room for a write per direction, taken or not. */
      if (G_UNLIKELY (tail - head + n_dirs > mask))
        {
          ring->head = head;
          ring->tail = tail;
          if (!maze_ring_grow (ring))
            return MAZE_SEARCH_NO_MEMORY;
          items = ring->items;
          mask = ring->mask;
        }

      if (needs_xy)
        maze_walker_xy (&w, cell, &x, &y);
      p = y & 1;
      exits = maze_walker_exits (&w, n_dirs, needs_xy, cell, x, y);

#pragma GCC unroll 6
      for (guint d = 0; d < n_dirs; d++)
        {
          guint32 next = (exits >> d) & 1 ? cell + (guint32) w.off[p][d] : cell;
          guint8 seen = came_from[next];
          gboolean fresh = seen == 0;

          items[tail & mask] = next;
          tail += fresh;
          came_from[next] = fresh ? back_bits[d] : seen;
          if (observed && fresh)
            MAZE_EMIT (observer, MAZE_EVENT_FRONTIER_ADD, next, cell,
                       (gint8) t->opposite[d], 0, dist + 1);
        }
    }

  *explored = head;
  return MAZE_SEARCH_UNREACHABLE;
}

MazeSolution *
maze_solve_bfs (const MazeGrid      *grid,
                guint32              start,
                guint32              end,
                const MazeObserver  *observer,
                GError             **error)
{
  g_autofree guint8 *came_from = maze_solve_new_came_from (grid);
  guint n_dirs = grid->topology->n_dirs;
  MazeRing ring;
  MazeWalker w;
  guint64 explored = 0;
  MazeSearchResult result;

  if (!maze_walker_init (&w, grid, error))
    return NULL;
  if (came_from == NULL || !maze_ring_init (&ring))
    {
      maze_solve_set_out_of_memory (error);
      return NULL;
    }

  /* Constants for the shape and for the observer let the loops unroll and
   * drop the event code from the common case. */
  if (n_dirs == 4 && !w.needs_xy && observer == NULL)
    result = search (&w, 4, FALSE, FALSE, came_from, &ring, start, end, NULL, &explored);
  else if (n_dirs == 6 && w.needs_xy && observer == NULL)
    result = search (&w, 6, TRUE, FALSE, came_from, &ring, start, end, NULL, &explored);
  else
    result = search (&w, n_dirs, w.needs_xy, observer != NULL, came_from, &ring, start, end,
                     observer, &explored);
  g_free (ring.items);

  switch (result)
    {
    case MAZE_SEARCH_FOUND:
      return maze_solution_from_parents (grid, MAZE_SOLVER_BFS, came_from, start, end,
                                         explored, error);
    case MAZE_SEARCH_NO_MEMORY:
      maze_solve_set_out_of_memory (error);
      return NULL;
    case MAZE_SEARCH_UNREACHABLE:
    default:
      maze_solve_set_unreachable (grid, start, end, error);
      return NULL;
    }
}
