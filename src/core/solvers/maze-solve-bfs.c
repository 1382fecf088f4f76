/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-solver-private.h"

/* Breadth-first search: the path with the fewest cells, weights ignored.
 *
 * A FIFO of cell indices (a MazeRing, as big as the widest frontier) and
 * one came from byte per cell, allocated once, that also marks a cell as
 * seen: 1 byte per cell, plus the frontier. The inner loop is
 * maze_solve_expand(), branch-free over the directions.
 *
 * Rectangular grids with no observer (the common case, and the
 * benchmark's) read the exits straight from the bytes and prefetch the
 * cells coming up in the FIFO; everything else goes the general way,
 * which the tests check gives the same path and count. */

/* How far ahead in the FIFO the rect path asks for a cell's bytes. */
#define PREFETCH_DISTANCE 8

static inline __attribute__((always_inline)) MazeSearchResult
search (const MazeWalker    *walker,
        const guint          n_dirs,
        const gboolean       needs_xy,
        const gboolean       rect,
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
  guint32 *items = ring->items;
  guint32 mask = ring->mask;
  guint32 head = 0, tail = 0;
  guint32 level_end = 1, dist = 0;
  gint32 countdown = MAZE_STOP_INTERVAL;
  guint8 back_bits[MAZE_MAX_DIRS];
  guint8 spare[MAZE_MAX_DIRS];
  const guint8 e_bit = rect ? (guint8) (1u << w.t->owned_bit[1]) : 0;
  const guint8 s_bit = rect ? (guint8) (1u << w.t->owned_bit[2]) : 0;

  maze_solve_init_back_bits (w.t, n_dirs, back_bits);
  memset (spare, MAZE_SOLVE_MASKED, sizeof spare);
  came_from[start] = MAZE_SOLVE_REACHED | MAZE_SOLVE_ROOT;
  items[tail++ & mask] = start;
  if (observed)
    MAZE_EMIT (observer, MAZE_EVENT_FRONTIER_ADD, start, MAZE_NO_CELL, -1, 0, 0, MAZE_EVENT_STEP);

  while (head != tail)
    {
      guint32 cell;
      guint x = 0, y = 0, exits;

      if (!maze_walker_tick (&w, &countdown))
        return MAZE_SEARCH_STOPPED;
      maze_ring_next_level (head, tail, &level_end, &dist);
      if (rect)
        maze_walker_prefetch (&w, came_from,
                              items[(tail - head > PREFETCH_DISTANCE ?
                                     head + PREFETCH_DISTANCE : head) & mask]);
      cell = items[head++ & mask];
      if (observed)
        MAZE_EMIT (observer, MAZE_EVENT_SETTLE, cell, MAZE_NO_CELL, -1, 0, dist, MAZE_EVENT_STEP);
      if (G_UNLIKELY (cell == end))
        {
          *explored = head;
          return MAZE_SEARCH_FOUND;
        }

      /* Room for a write per direction, taken or not. */
      if (!maze_ring_reserve (ring, &items, &mask, head, tail, n_dirs))
        return MAZE_SEARCH_NO_MEMORY;

      if (needs_xy)
        maze_walker_xy (&w, cell, &x, &y);
      if (rect)
        exits = maze_walker_rect_exits (&w, e_bit, s_bit, cell);
      else
        exits = maze_walker_exits (&w, n_dirs, needs_xy, cell, x, y);
      tail = maze_solve_expand (&w, n_dirs, needs_xy, x, y, cell, exits, came_from, back_bits, spare,
                                items, mask, tail, observed, observer, dist + 1);
    }

  *explored = head;
  return MAZE_SEARCH_UNREACHABLE;
}

MazeSolution *
maze_solve_bfs (const MazeGrid      *grid,
                guint32              start,
                guint32              end,
                const MazeObserver  *observer,
                MazeStopCheck       *stop,
                GError             **error)
{
  guint n_dirs = grid->topology->n_dirs;
  g_autofree guint8 *came_from = NULL;
  MazeRing ring;
  MazeWalker w;
  guint64 explored = 0;
  MazeSearchResult result;

  came_from = maze_solve_begin (grid, stop, &w, error);
  if (came_from == NULL)
    return NULL;
  if (!maze_ring_init (&ring))
    {
      maze_solve_set_out_of_memory (error);
      return NULL;
    }

  /* Constants for the shape and for the observer let the loops unroll and
   * drop the event code from the common case. */
  if (n_dirs == 4 && !w.needs_xy && observer == NULL)   /* rect, tri */
    result = search (&w, 4, FALSE, TRUE, FALSE, came_from, &ring, start, end, NULL, &explored);
  else if (n_dirs == 6 && w.needs_xy && observer == NULL)
    result = search (&w, 6, TRUE, FALSE, FALSE, came_from, &ring, start, end, NULL, &explored);
  else
    result = search (&w, n_dirs, w.needs_xy, FALSE, observer != NULL, came_from, &ring, start,
                     end, observer, &explored);
  g_free (ring.items);

  return maze_solve_finish (grid, MAZE_SOLVER_BFS, result, came_from, start, end, explored,
                            error);
}
