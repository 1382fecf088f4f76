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

static inline void
activate (MazeGenContext *ctx,
          MazeBitset     *visited,
          guint32        *active,
          guint32        *n_active,
          guint32         local,
          guint8          flags)
{
  guint x, y;

  maze_gen_local_xy (ctx, local, &x, &y);
  maze_bitset_set (visited, local);
  active[(*n_active)++] = local;
  MAZE_EMIT (ctx->observer, MAZE_EVENT_VISIT, maze_grid_index (ctx->grid, x, y),
             MAZE_NO_CELL, -1, 0, 0, flags);
  MAZE_EMIT (ctx->observer, MAZE_EVENT_FRONTIER_ADD, maze_grid_index (ctx->grid, x, y),
             MAZE_NO_CELL, -1, 0, 0, 0);
}

gboolean
maze_gen_simplified_prim (MazeGenContext  *ctx,
                          GError         **error)
{
  MazeGrid *grid = ctx->grid;
  const guint32 n_local = ctx->region.width * ctx->region.height;
  const guint32 n_open = maze_gen_count_open (ctx);
  g_autofree MazeBitset *visited = NULL;
  g_autofree guint32 *active = NULL;
  guint32 n_active = 0;
  MazeGenSweep sweep;
  guint32 local;
  guint x, y;

  if (n_open == 0)
    return TRUE;

  visited = maze_bitset_new (n_local);
  active = g_try_new (guint32, n_open);
  if (visited == NULL || active == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }

  maze_gen_sweep_init (&sweep, ctx);
  while (maze_gen_sweep_next (&sweep, ctx, visited, &local, &x, &y))
    {
      activate (ctx, visited, active, &n_active, local, MAZE_EVENT_STEP);
      while (n_active > 0)
        {
          guint32 k;
          guint cx, cy, nx = 0, ny = 0;
          guint mask, d;

          if (!maze_gen_tick (ctx))
            return FALSE;
          k = maze_rng_below (&ctx->rng, n_active);
          maze_gen_local_xy (ctx, active[k], &cx, &cy);
          mask = maze_gen_dirs_in_set (ctx, visited, FALSE, cx, cy);
          if (mask == 0)
            {
              MAZE_EMIT (ctx->observer, MAZE_EVENT_BACKTRACK, maze_grid_index (grid, cx, cy),
                         MAZE_NO_CELL, -1, 0, 0, MAZE_EVENT_STEP);
              active[k] = active[--n_active];
              continue;
            }

          d = maze_gen_random_dir (&ctx->rng, mask);
          maze_gen_carve_choice (ctx, cx, cy, d, mask, MAZE_EVENT_STEP, &nx, &ny);
          activate (ctx, visited, active, &n_active, maze_gen_local (ctx, nx, ny), 0);
        }
    }

  return TRUE;
}
