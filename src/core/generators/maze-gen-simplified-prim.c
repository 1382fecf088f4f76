/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-generator-private.h"

/* Simplified Prim's: grow the tree from a random cell of it.
 *
 * Keep a list of the active cells (in the tree, possibly with unvisited
 * neighbours). Pick a uniformly random active cell; if it has unvisited
 * neighbours, carve to a random one of them and add that to the list,
 * otherwise swap-remove the cell from the list. Unlike true Prim's, the
 * draw is over cells, not walls, which gives shorter branches.
 *
 * The active list holds local cell indices (32 bits) and is sized once to
 * the region's open cells; visited flags are a bitset over the region.
 *
 * The first part grows from a random cell; each further connected part of
 * the region's open cells from its next unvisited cell in reading order,
 * wrapping around from that first cell. */

/* The n-th set bit of a direction mask. */
static inline guint
nth_set_bit (guint mask,
             guint n)
{
  while (n-- > 0)
    mask &= mask - 1;
  return (guint) __builtin_ctz (mask);
}

/* Directions from (x, y) to open, unvisited cells of the region. */
static inline guint
unvisited_dirs (const MazeGenContext *ctx,
                const MazeBitset     *visited,
                guint                 x,
                guint                 y)
{
  guint n_dirs = ctx->grid->topology->n_dirs;
  guint mask = 0;

  for (guint d = 0; d < n_dirs; d++)
    {
      guint nx, ny;

      if (maze_gen_step (ctx, x, y, d, &nx, &ny) &&
          !maze_bitset_get (visited, maze_gen_local (ctx, nx, ny)))
        mask |= 1u << d;
    }
  return mask;
}

static inline void
activate (MazeGenContext *ctx,
          MazeBitset     *visited,
          guint32        *active,
          guint32        *n_active,
          guint32         local)
{
  guint x, y;

  maze_gen_local_xy (ctx, local, &x, &y);
  maze_bitset_set (visited, local);
  active[(*n_active)++] = local;
  MAZE_EMIT (ctx->observer, MAZE_EVENT_VISIT, maze_grid_index (ctx->grid, x, y),
             MAZE_NO_CELL, -1, 0, 0);
  MAZE_EMIT (ctx->observer, MAZE_EVENT_FRONTIER_ADD, maze_grid_index (ctx->grid, x, y),
             MAZE_NO_CELL, -1, 0, 0);
}

gboolean
maze_gen_simplified_prim (MazeGenContext  *ctx,
                          GError         **error)
{
  MazeGrid *grid = ctx->grid;
  const MazeRect *r = &ctx->region;
  const guint32 n_local = r->width * r->height;
  g_autofree MazeBitset *visited = NULL;
  g_autofree guint32 *active = NULL;
  guint32 n_open = 0;
  guint32 n_active = 0;
  guint32 start;

  for (guint y = r->y; y < r->y + r->height; y++)
    for (guint x = r->x; x < r->x + r->width; x++)
      n_open += !(grid->cells[maze_grid_index (grid, x, y)] & MAZE_CELL_MASKED);
  if (n_open == 0)
    return TRUE;

  visited = maze_bitset_new (n_local);
  active = g_try_new (guint32, n_open);
  if (visited == NULL || active == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }

  start = maze_rng_below (&ctx->rng, n_local);
  for (guint32 i = 0; i < n_local; i++)
    {
      /* start + i < 2 * n_local <= 2^32: no overflow. */
      guint32 local = start + i < n_local ? start + i : start + i - n_local;
      guint x, y;

      maze_gen_local_xy (ctx, local, &x, &y);
      if (maze_bitset_get (visited, local) ||
          (grid->cells[maze_grid_index (grid, x, y)] & MAZE_CELL_MASKED))
        continue;

      activate (ctx, visited, active, &n_active, local);
      while (n_active > 0)
        {
          guint32 k = maze_rng_below (&ctx->rng, n_active);
          guint cx, cy, nx = 0, ny = 0;
          guint mask, d;

          maze_gen_local_xy (ctx, active[k], &cx, &cy);
          mask = unvisited_dirs (ctx, visited, cx, cy);
          if (mask == 0)
            {
              MAZE_EMIT (ctx->observer, MAZE_EVENT_BACKTRACK, maze_grid_index (grid, cx, cy),
                         MAZE_NO_CELL, -1, 0, 0);
              active[k] = active[--n_active];
              continue;
            }

          d = nth_set_bit (mask, maze_rng_below (&ctx->rng, (guint32) __builtin_popcount (mask)));
          maze_grid_step (grid, cx, cy, d, &nx, &ny);
          MAZE_EMIT (ctx->observer, MAZE_EVENT_CHOOSE, maze_grid_index (grid, cx, cy),
                     maze_grid_index (grid, nx, ny), (gint8) d, (guint8) mask, 0);
          maze_gen_carve (ctx, cx, cy, d, nx, ny);
          activate (ctx, visited, active, &n_active, maze_gen_local (ctx, nx, ny));
        }
    }

  return TRUE;
}
