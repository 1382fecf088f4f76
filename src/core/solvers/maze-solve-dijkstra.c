/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-solver-private.h"

/* Dijkstra's algorithm: the cheapest path, where entering a cell costs its
 * weight (1..255).
 *
 * Weights are small integers, so the priority queue is a bucket queue
 * (Dial's algorithm, see MazeBucketQueue) instead of a heap: every push and
 * pop is O(1).
 *
 * The cost is paid on entering a cell, so every way into a cell adds the
 * same weight, to the distance of the cell it comes from; and cells are
 * settled in order of distance. So the first settled cell to reach a
 * neighbour gives it its final distance: no distance ever drops, a cell is
 * queued once, and the queue's key is all the distance there is to keep.
 * Per cell: the came from byte only, plus the buckets.
 *
 * As in the BFS, the directions are handled without branching on the maze:
 * a direction without a passage points at the cell itself, which is seen;
 * without weights the step is the BFS's own (maze_solve_expand), and on a
 * rectangular grid with no observer so is the reading of the exits
 * (maze_walker_rect_exits, in search_levels). */

static inline __attribute__((always_inline)) MazeSearchResult
search (const MazeWalker    *walker,
        const guint          n_dirs,
        const gboolean       needs_xy,
        const gboolean       weighted,
        const gboolean       observed,
        const guint8        *weights,
        guint8              *came_from,
        MazeBucketQueue     *q,
        guint32              start,
        guint32              end,
        const MazeObserver  *observer,
        guint64             *explored)
{
  /* A local copy the compiler can keep in registers (see the BFS). */
  const MazeWalker w = *walker;
  const MazeTopology *t = w.t;
  guint8 back_bits[MAZE_MAX_DIRS];
  guint8 spare[MAZE_MAX_DIRS];
  guint64 key;
  guint32 cell;
  gint32 countdown = MAZE_STOP_INTERVAL;

  maze_solve_init_back_bits (t, n_dirs, back_bits);
  memset (spare, MAZE_SOLVE_MASKED, sizeof spare);
  came_from[start] = MAZE_SOLVE_REACHED | MAZE_SOLVE_ROOT;
  if (!maze_bucket_queue_push_if (q, 0, start, TRUE))
    return MAZE_SEARCH_NO_MEMORY;
  if (observed)
    MAZE_EMIT (observer, MAZE_EVENT_FRONTIER_ADD, start, MAZE_NO_CELL, -1, 0, 0, MAZE_EVENT_STEP);

  while (maze_bucket_queue_pop (q, &key, &cell))
    {
      guint x = 0, y = 0, exits;
      guint8 here[MAZE_MAX_DIRS];
      const guint8 *back;

      if (!maze_walker_tick (&w, &countdown))
        return MAZE_SEARCH_STOPPED;
      (*explored)++;
      if (observed)
        MAZE_EMIT (observer, MAZE_EVENT_SETTLE, cell, MAZE_NO_CELL, -1, 0,
                   (guint32) MIN (key, G_MAXUINT32), MAZE_EVENT_STEP);
      if (G_UNLIKELY (cell == end))
        return MAZE_SEARCH_FOUND;

      if (needs_xy)
        maze_walker_xy (&w, cell, &x, &y);
      exits = maze_walker_exits (&w, n_dirs, needs_xy, cell, x, y);

      if (!weighted)
        {
          /* Every push goes to the next bucket: keep its fill in a
           * register, after making room for a push per direction. */
          MazeBucket *b = &q->buckets[(key + 1) & MAZE_BUCKET_MASK];
          guint32 len;

          if (G_UNLIKELY (b->len + n_dirs >= b->size) && !maze_bucket_reserve (b, n_dirs))
            return MAZE_SEARCH_NO_MEMORY;
          len = maze_solve_expand (&w, n_dirs, needs_xy, x, y, cell, exits, came_from, back_bits, spare, b->items,
                                   G_MAXUINT32, b->len, observed, observer,
                                   (guint32) MIN (key + 1, G_MAXUINT32));
          q->count += len - b->len;
          b->len = len;
          continue;
        }

      back = maze_walker_back_bits (&w, needs_xy, x, y, back_bits, here);
#pragma GCC unroll 6
      for (guint d = 0; d < n_dirs; d++)
        {
          guint32 next = (exits >> d) & 1 ? maze_walker_next (&w, needs_xy, cell, x, y, d) : cell;
          guint8 seen = came_from[next];
          gboolean fresh = seen == 0;
          guint64 nd = key + weights[next];

          came_from[next] = fresh ? back[d] : seen;
          if (!maze_bucket_queue_push_if (q, nd, next, fresh))
            return MAZE_SEARCH_NO_MEMORY;
          if (observed && fresh)
            MAZE_EMIT (observer, MAZE_EVENT_FRONTIER_ADD, next, cell,
                       (gint8) (back[d] & MAZE_SOLVE_DIR), 0,
                       (guint32) MIN (nd, G_MAXUINT32), 0);
        }
    }

  return MAZE_SEARCH_UNREACHABLE;
}

/* Without weights on a rectangular grid, and no observer (the common case
 * and the benchmark's): every push goes to the bucket after the one being
 * emptied, so only those two are ever in use. Both are kept in locals (a
 * store to a came from byte may alias anything the compiler cannot see is
 * private, so the queue's fields were reloaded at every step), popping the
 * newest entry first as maze_bucket_queue_pop() does: the same order, the
 * same path and count as search(), which the tests check. */
static MazeSearchResult
search_levels (const MazeWalker  *walker,
               guint8            *came_from,
               MazeBucketQueue   *q,
               guint32            start,
               guint32            end,
               guint64           *explored)
{
  const MazeWalker w = *walker;
  const guint8 e_bit = (guint8) (1u << w.t->owned_bit[1]);
  const guint8 s_bit = (guint8) (1u << w.t->owned_bit[2]);
  guint8 back_bits[MAZE_MAX_DIRS];
  guint8 spare[MAZE_MAX_DIRS];
  guint64 key = q->key;
  MazeBucket *now = &q->buckets[key & MAZE_BUCKET_MASK];
  MazeBucket *next = &q->buckets[(key + 1) & MAZE_BUCKET_MASK];
  guint32 *now_items = now->items, *next_items = next->items;
  guint32 now_len = now->len, next_len = next->len, next_size = next->size;
  MazeSearchResult result = MAZE_SEARCH_UNREACHABLE;
  gint32 countdown = MAZE_STOP_INTERVAL;

  maze_solve_init_back_bits (w.t, 4, back_bits);
  memset (spare, MAZE_SOLVE_MASKED, sizeof spare);
  came_from[start] = MAZE_SOLVE_REACHED | MAZE_SOLVE_ROOT;
  now_items[now_len++] = start;

  for (;;)
    {
      guint32 cell;

      if (now_len == 0)
        {
          if (next_len == 0)
            break;
          now->len = 0;
          key++;
          now = next;
          now_items = next_items;
          now_len = next_len;
          next = &q->buckets[(key + 1) & MAZE_BUCKET_MASK];
          next_items = next->items;
          next_len = next->len;
          next_size = next->size;
        }
      if (!maze_walker_tick (&w, &countdown))
        {
          result = MAZE_SEARCH_STOPPED;
          break;
        }
      cell = now_items[--now_len];
      (*explored)++;
      if (G_UNLIKELY (cell == end))
        {
          result = MAZE_SEARCH_FOUND;
          break;
        }
      if (G_UNLIKELY (next_len + 4 >= next_size))
        {
          next->len = next_len;
          if (!maze_bucket_reserve (next, 4))
            {
              result = MAZE_SEARCH_NO_MEMORY;
              break;
            }
          next_items = next->items;
          next_size = next->size;
        }
      next_len = maze_solve_expand (&w, 4, FALSE, 0, 0, cell, maze_walker_rect_exits (&w, e_bit, s_bit, cell),
                                    came_from, back_bits, spare, next_items, G_MAXUINT32,
                                    next_len, FALSE, NULL, 0);
    }

  now->len = now_len;
  next->len = next_len;
  q->key = key;
  q->count = now_len + next_len;
  return result;
}

MazeSolution *
maze_solve_dijkstra (const MazeGrid      *grid,
                     guint32              start,
                     guint32              end,
                     const MazeObserver  *observer,
                     MazeStopCheck       *stop,
                     GError             **error)
{
  const guint8 *weights = grid->weights;
  guint n_dirs = grid->topology->n_dirs;
  g_autofree guint8 *came_from = NULL;
  MazeBucketQueue q;
  MazeWalker w;
  guint64 explored = 0;
  MazeSearchResult result;

  came_from = maze_solve_begin (grid, stop, &w, error);
  if (came_from == NULL)
    return NULL;
  if (!maze_bucket_queue_init (&q, 0))
    {
      maze_solve_set_out_of_memory (error);
      return NULL;
    }

  /* Constants for the shape, the weights and the observer let the inner
   * loop specialise for the common cases. Four directions without
   * diagonals are rect's layout, which triangles share (their missing
   * sides never have a passage bit). */
  if (n_dirs == 4 && !w.needs_xy && weights == NULL && observer == NULL)
    result = search_levels (&w, came_from, &q, start, end, &explored);
  else if (n_dirs == 4 && !w.needs_xy && observer == NULL)
    result = search (&w, 4, FALSE, TRUE, FALSE, weights, came_from, &q, start, end, NULL,
                     &explored);
  else if (n_dirs == 6 && w.needs_xy && weights == NULL && observer == NULL)
    result = search (&w, 6, TRUE, FALSE, FALSE, NULL, came_from, &q, start, end, NULL,
                     &explored);
  else if (n_dirs == 6 && w.needs_xy && observer == NULL)
    result = search (&w, 6, TRUE, TRUE, FALSE, weights, came_from, &q, start, end, NULL,
                     &explored);
  else
    result = search (&w, n_dirs, w.needs_xy, weights != NULL, observer != NULL, weights,
                     came_from, &q, start, end, observer, &explored);
  maze_bucket_queue_clear (&q);

  return maze_solve_finish (grid, MAZE_SOLVER_DIJKSTRA, result, came_from, start, end,
                            explored, error);
}
