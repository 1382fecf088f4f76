/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-solver-private.h"

/* A*: Dijkstra's algorithm ordered by f = g + h, where g is the cost so far
 * and h a lower bound of the cost still to go: the number of steps to the
 * end if there were no walls (rect: Manhattan distance; hex: the distance
 * in cube coordinates; circular: the rings between) times the smallest
 * weight of the maze.
 *
 * h is consistent (one step changes the step distance by at most one and
 * costs at least the smallest weight), so f never decreases along a search
 * and a settled cell is final; and f grows by at most 2 * 255 per step, so
 * the same bucket queue as Dijkstra's serves, keyed by f. Per cell: the
 * came from byte and the low 16 bits of f (the key gives the rest); 3 bytes
 * per cell plus the buckets. */

typedef struct
{
  gint64    eq;     /* the end, in the coordinates the distance is taken in */
  gint64    er;
  guint64   scale;  /* the smallest weight */
} Heuristic;

static inline gint64
abs64 (gint64 v)
{
  return v < 0 ? -v : v;
}

/* Steps from (x, y) to the end on an empty grid. Hex rows are odd-r offset
 * coordinates: the axial column is x - floor(y / 2). */
static inline __attribute__((always_inline)) guint64
heuristic (const Heuristic *h,
           const MazeShape  shape,
           const gboolean   weighted,
           guint            x,
           guint            y)
{
  guint64 scale = weighted ? h->scale : 1;
  gint64 dq, dr;

  switch (shape)
    {
    case MAZE_SHAPE_RECT:
    case MAZE_SHAPE_TRI:
      /* Each step changes x or y by one: Manhattan is a lower bound on
       * triangles too, and consistent. */
      return scale * (guint64) (abs64 ((gint64) x - h->eq) + abs64 ((gint64) y - h->er));
    case MAZE_SHAPE_HEX:
      dq = ((gint64) x - (y >> 1)) - h->eq;
      dr = (gint64) y - h->er;
      return scale * (guint64) ((abs64 (dq) + abs64 (dr) + abs64 (dq + dr)) / 2);
    case MAZE_SHAPE_CIRCULAR:
      /* A step moves at most one ring in or out (a centre cell's
       * spokes too: ring 0 to 1), so the rings between are a bound. */
      return scale * (guint64) abs64 ((gint64) y - h->er);
    default:
      /* A shape without a distance formula yet: plain Dijkstra. */
      return 0;
    }
}

static void
heuristic_init (Heuristic      *h,
                const MazeGrid *grid,
                guint32         end)
{
  guint x, y;

  maze_grid_xy (grid, end, &x, &y);
  h->eq = grid->shape == MAZE_SHAPE_HEX ? (gint64) x - (y >> 1) : x;
  h->er = y;
  h->scale = 1;
  if (grid->weights != NULL)
    {
      guint8 least = 255;

      for (guint32 i = 0; i < grid->n_cells && least > 1; i++)
        if (!maze_grid_is_masked (grid, i) && grid->weights[i] < least)
          least = grid->weights[i];
      h->scale = least;
    }
}

/* f of a cell waiting in the queue lies within 2 * 255 above the key. */
static inline guint64
unwrap (guint64 key,
        guint16 low)
{
  return key + (guint16) (low - (guint16) key);
}

static inline __attribute__((always_inline)) MazeSearchResult
search (const MazeWalker    *walker,
        const guint          n_dirs,
        const MazeShape      shape,
        const gboolean       weighted,
        const gboolean       observed,
        const guint8        *weights,
        const Heuristic     *h,
        guint8              *came_from,
        guint16             *f_low,
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
  guint64 key;
  guint32 cell;
  guint x, y;
  gint32 countdown = MAZE_STOP_INTERVAL;

  maze_solve_init_back_bits (t, n_dirs, back_bits);

  maze_walker_xy (&w, start, &x, &y);
  key = heuristic (h, shape, weighted, x, y);
  if (!maze_bucket_queue_init (q, key))
    return MAZE_SEARCH_NO_MEMORY;
  came_from[start] = MAZE_SOLVE_REACHED | MAZE_SOLVE_ROOT;
  f_low[start] = (guint16) key;
  if (!maze_bucket_queue_push_if (q, key, start, TRUE))
    return MAZE_SEARCH_NO_MEMORY;
  if (observed)
    MAZE_EMIT (observer, MAZE_EVENT_FRONTIER_ADD, start, MAZE_NO_CELL, -1, 0, 0, MAZE_EVENT_STEP);

  while (maze_bucket_queue_pop (q, &key, &cell))
    {
      guint64 g;
      guint p, exits;
      guint8 here[MAZE_MAX_DIRS];
      const guint8 *back;

      if (!maze_walker_tick (&w, &countdown))
        return MAZE_SEARCH_STOPPED;
      if (came_from[cell] & MAZE_SOLVE_SETTLED)
        continue;
      came_from[cell] |= MAZE_SOLVE_SETTLED;
      (*explored)++;
      maze_walker_xy (&w, cell, &x, &y);
      g = key - heuristic (h, shape, weighted, x, y);
      if (observed)
        MAZE_EMIT (observer, MAZE_EVENT_SETTLE, cell, MAZE_NO_CELL, -1, 0,
                   (guint32) MIN (g, G_MAXUINT32), MAZE_EVENT_STEP);
      if (G_UNLIKELY (cell == end))
        return MAZE_SEARCH_FOUND;

      p = y & 1;
      exits = maze_walker_exits (&w, n_dirs, TRUE, cell, x, y);
      back = maze_walker_back_bits (&w, TRUE, x, y, back_bits, here);

      /* Branch-free, as in Dijkstra's: a direction without a passage
       * points at the cell itself, which is settled. */
#pragma GCC unroll 6
      for (guint d = 0; d < n_dirs; d++)
        {
          gboolean open = (exits >> d) & 1;
          guint32 next = open ? maze_walker_next (&w, TRUE, cell, x, y, d) : cell;
          guint nx = open ? x + (guint) t->dx[p][d] : x;
          guint ny = open ? y + (guint) t->dy[d] : y;
          guint8 seen = came_from[next];
          guint64 ng = g + (weighted ? weights[next] : 1);
          guint64 nf;
          gboolean better;

          if (open && G_UNLIKELY (w.irregular))
            maze_grid_xy (w.grid, next, &nx, &ny);
          nf = ng + heuristic (h, shape, weighted, nx, ny);
          better = !(seen & MAZE_SOLVE_SETTLED) &&
                   (!(seen & MAZE_SOLVE_REACHED) || nf < unwrap (key, f_low[next]));

          f_low[next] = better ? (guint16) nf : f_low[next];
          came_from[next] = better ? back[d] : seen;
          if (!maze_bucket_queue_push_if (q, nf, next, better))
            return MAZE_SEARCH_NO_MEMORY;
          if (observed && better)
            MAZE_EMIT (observer, MAZE_EVENT_FRONTIER_ADD, next, cell,
                       (gint8) (back[d] & MAZE_SOLVE_DIR), 0,
                       (guint32) MIN (ng, G_MAXUINT32), 0);
        }
    }

  return MAZE_SEARCH_UNREACHABLE;
}

MazeSolution *
maze_solve_astar (const MazeGrid      *grid,
                  guint32              start,
                  guint32              end,
                  const MazeObserver  *observer,
                  MazeStopCheck       *stop,
                  GError             **error)
{
  const guint8 *weights = grid->weights;
  guint n_dirs = grid->topology->n_dirs;
  g_autofree guint8 *came_from = NULL;
  g_autofree guint16 *f_low = NULL;
  MazeBucketQueue q = { 0, };
  MazeWalker w;
  Heuristic h;
  guint64 explored = 0;
  MazeSearchResult result;

  came_from = maze_solve_begin (grid, stop, &w, error);
  if (came_from == NULL)
    return NULL;
  f_low = g_try_new0 (guint16, grid->n_cells);
  if (f_low == NULL)
    {
      maze_solve_set_out_of_memory (error);
      return NULL;
    }
  heuristic_init (&h, grid, end);

  /* The heuristic belongs to the shape: specialise per shape, and for the
   * weights and the observer. */
  if (grid->shape == MAZE_SHAPE_RECT && n_dirs == 4 && weights == NULL && observer == NULL)
    result = search (&w, 4, MAZE_SHAPE_RECT, FALSE, FALSE, NULL, &h, came_from, f_low, &q,
                     start, end, NULL, &explored);
  else if (grid->shape == MAZE_SHAPE_RECT && n_dirs == 4 && observer == NULL)
    result = search (&w, 4, MAZE_SHAPE_RECT, TRUE, FALSE, weights, &h, came_from, f_low, &q,
                     start, end, NULL, &explored);
  else if (grid->shape == MAZE_SHAPE_HEX && n_dirs == 6 && weights == NULL && observer == NULL)
    result = search (&w, 6, MAZE_SHAPE_HEX, FALSE, FALSE, NULL, &h, came_from, f_low, &q,
                     start, end, NULL, &explored);
  else if (grid->shape == MAZE_SHAPE_HEX && n_dirs == 6 && observer == NULL)
    result = search (&w, 6, MAZE_SHAPE_HEX, TRUE, FALSE, weights, &h, came_from, f_low, &q,
                     start, end, NULL, &explored);
  else
    result = search (&w, n_dirs, grid->shape, weights != NULL, observer != NULL, weights, &h,
                     came_from, f_low, &q, start, end, observer, &explored);
  maze_bucket_queue_clear (&q);

  return maze_solve_finish (grid, MAZE_SOLVER_ASTAR, result, came_from, start, end, explored,
                            error);
}
