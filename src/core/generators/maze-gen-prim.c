/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-generator-private.h"

/* Randomized Prim's, with a random frontier of walls.
 *
 * The frontier is a list of walls (cell, dir) from a cell of the tree to a
 * neighbour. Repeatedly take out a uniformly random wall (swap-remove); if
 * the neighbour behind it is still unvisited, carve through, visit it and
 * add its walls to unvisited neighbours. A wall whose far side was reached
 * meanwhile is dropped. Each wall enters the list at most once, since it
 * is only added while its far side is unvisited.
 *
 * A wall is encoded as local_cell * n_dirs + dir, in 32 bits when every
 * such value fits and 64 bits otherwise; the list grows as needed, so its
 * memory follows the real frontier, not the worst case. Visited flags are a
 * bitset over the region.
 *
 * The first part grows from a random cell; each further connected part of
 * the region's open cells from its next unvisited cell in reading order,
 * wrapping around from that first cell. */

typedef struct
{
  gpointer data;
  gsize    len;
  gsize    allocated;
  gboolean wide;       /* guint64 entries instead of guint32 */
} WallList;

static inline guint64
wall_list_get (const WallList *list,
               gsize           i)
{
  return list->wide ? ((const guint64 *) list->data)[i] : ((const guint32 *) list->data)[i];
}

static inline void
wall_list_set (WallList *list,
               gsize     i,
               guint64   wall)
{
  if (list->wide)
    ((guint64 *) list->data)[i] = wall;
  else
    ((guint32 *) list->data)[i] = (guint32) wall;
}

static gboolean
wall_list_grow (WallList *list)
{
  gsize entry = list->wide ? sizeof (guint64) : sizeof (guint32);
  gsize allocated = MAX (list->allocated * 2, 256);
  gpointer data;

  if (allocated > G_MAXSIZE / entry)
    return FALSE;
  data = g_try_realloc (list->data, allocated * entry);
  if (data == NULL)
    return FALSE;
  list->data = data;
  list->allocated = allocated;
  return TRUE;
}

static inline gboolean
wall_list_push (WallList *list,
                guint64   wall)
{
  if (G_UNLIKELY (list->len == list->allocated) && !wall_list_grow (list))
    return FALSE;
  wall_list_set (list, list->len++, wall);
  return TRUE;
}

/* A uniform index below bound, which may exceed 32 bits. */
static inline gsize
random_index (MazeRng *rng,
              gsize    bound)
{
  guint64 mask;
  guint64 v;

  if (G_LIKELY (bound <= G_MAXUINT32))
    return maze_rng_below (rng, (guint32) bound);

  /* Rejection on the smallest covering power of two: integer-only. */
  mask = G_MAXUINT64 >> __builtin_clzll ((guint64) bound - 1);
  do
    v = maze_rng_next (rng) & mask;
  while (v >= bound);
  return (gsize) v;
}

/* Marks (x, y) visited and puts its walls to unvisited neighbours on the
 * frontier. FALSE when the list cannot grow. */
static gboolean
visit (MazeGenContext *ctx,
       MazeBitset     *visited,
       WallList       *frontier,
       guint           x,
       guint           y)
{
  const MazeTopology *t = ctx->grid->topology;
  guint32 local = maze_gen_local (ctx, x, y);
  guint32 cell = maze_grid_index (ctx->grid, x, y);

  maze_bitset_set (visited, local);
  MAZE_EMIT (ctx->observer, MAZE_EVENT_VISIT, cell, MAZE_NO_CELL, -1, 0, 0);

  for (guint d = 0; d < t->n_dirs; d++)
    {
      guint nx, ny;

      if (!maze_gen_step (ctx, x, y, d, &nx, &ny) ||
          maze_bitset_get (visited, maze_gen_local (ctx, nx, ny)))
        continue;
      if (!wall_list_push (frontier, (guint64) local * t->n_dirs + d))
        return FALSE;
      MAZE_EMIT (ctx->observer, MAZE_EVENT_FRONTIER_ADD, cell,
                 maze_grid_index (ctx->grid, nx, ny), (gint8) d, 0, 0);
    }
  return TRUE;
}

gboolean
maze_gen_prim (MazeGenContext  *ctx,
               GError         **error)
{
  MazeGrid *grid = ctx->grid;
  const guint n_dirs = grid->topology->n_dirs;
  const guint32 n_local = ctx->region.width * ctx->region.height;
  g_autofree MazeBitset *visited = maze_bitset_new (n_local);
  WallList frontier = { NULL, 0, 0, (guint64) n_local * n_dirs - 1 > G_MAXUINT32 };
  guint32 start;
  gboolean ok = TRUE;

  if (visited == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }

  start = maze_rng_below (&ctx->rng, n_local);
  for (guint32 i = 0; i < n_local && ok; i++)
    {
      /* start + i < 2 * n_local <= 2^32: no overflow. */
      guint32 local = start + i < n_local ? start + i : start + i - n_local;
      guint x, y;

      maze_gen_local_xy (ctx, local, &x, &y);
      if (maze_bitset_get (visited, local) ||
          (grid->cells[maze_grid_index (grid, x, y)] & MAZE_CELL_MASKED))
        continue;

      ok = visit (ctx, visited, &frontier, x, y);
      while (ok && frontier.len > 0)
        {
          gsize j = random_index (&ctx->rng, frontier.len);
          guint64 wall = wall_list_get (&frontier, j);
          guint d = (guint) (wall % n_dirs);
          guint cx, cy, nx = 0, ny = 0;

          wall_list_set (&frontier, j, wall_list_get (&frontier, --frontier.len));
          maze_gen_local_xy (ctx, (guint32) (wall / n_dirs), &cx, &cy);
          maze_grid_step (grid, cx, cy, d, &nx, &ny);
          if (maze_bitset_get (visited, maze_gen_local (ctx, nx, ny)))
            continue;

          /* The draw was over walls, so the only candidate is this one. */
          MAZE_EMIT (ctx->observer, MAZE_EVENT_CHOOSE, maze_grid_index (grid, cx, cy),
                     maze_grid_index (grid, nx, ny), (gint8) d, (guint8) (1u << d), 0);
          maze_gen_carve (ctx, cx, cy, d, nx, ny);
          ok = visit (ctx, visited, &frontier, nx, ny);
        }
    }

  g_free (frontier.data);
  if (!ok)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }
  return TRUE;
}
