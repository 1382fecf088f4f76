/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-generator-private.h"

/* Binary tree.
 *
 * Every cell opens one passage, UP or ROW_NEXT (on a rectangular grid:
 * north or east), chosen at random; a cell that has only one of the two
 * takes it: the region's top row is a corridor, its last column a
 * corridor too, and its top-right cell opens nothing. Each cell points to
 * a cell earlier in the order "row above first, then further along the
 * row", so the passages form a forest; with no masked cells every cell but
 * one has its passage and the forest is a single spanning tree. Masked
 * cells can leave pieces, which the driver joins.
 *
 * Only rectangular grids are offered (a hexagonal cell has two UP
 * directions and the texture is not worth it), but the generic path asks
 * the topology and would pick among several UP directions.
 *
 * Randomness, in this order, per row below the top one: a fresh 64-bit draw
 * for every 64 cells but the row's last (bit i, low bit first, belongs to
 * the row's cell i: 1 for UP, 0 for ROW_NEXT), drawn when cell i is
 * reached, whether or not the cell is masked; with several UP directions
 * open, maze_rng_below (their number). The rectangular fast path follows
 * the same order, so both paths give the same maze for a seed. */

/* Any shape, any mask, with step events. */
static gboolean
binary_tree_generic (MazeGenContext *ctx)
{
  MazeGrid *grid = ctx->grid;
  const MazeTopology *t = grid->topology;
  const MazeRect r = ctx->region;
  const guint next_dir = maze_gen_find_dir (t, MAZE_DIR_ROW_NEXT);
  const guint up_dirs = maze_gen_dirs_of_kind (t, MAZE_DIR_UP);

  for (guint y = r.y; y < r.y + r.height; y++)
    {
      guint64 word = 0;

      if (!maze_gen_ticks (ctx, r.width))
        return FALSE;
      for (guint x = r.x; x < r.x + r.width; x++)
        {
          guint i = x - r.x;
          guint32 cell = maze_grid_index (grid, x, y);
          gboolean go_up = y > r.y && i + 1 < r.width && maze_gen_row_bit (&ctx->rng, &word, i);
          guint ups, candidates, d, nx = 0, ny = 0;

          if (grid->cells[cell] & MAZE_CELL_MASKED)
            continue;

          MAZE_EMIT (ctx->observer, MAZE_EVENT_VISIT, cell, MAZE_NO_CELL, -1, 0, 0, MAZE_EVENT_STEP);
          ups = maze_gen_open_dirs (ctx, x, y, up_dirs);
          candidates = ups;
          if (maze_gen_step (ctx, x, y, next_dir, &nx, &ny))
            candidates |= 1u << next_dir;
          else
            go_up = TRUE;
          if (candidates == 0)
            continue;

          if (go_up && ups != 0)
            d = maze_gen_random_dir_if_choice (&ctx->rng, ups);
          else
            d = next_dir;
          /* Says so to gcc -O3, which cannot see that d is a direction. */
          g_assert (d < MAZE_MAX_DIRS);

          maze_gen_carve_choice (ctx, x, y, d, candidates, 0, &nx, &ny);
        }
    }
  return TRUE;
}

/* Rectangular, no masked cell in the region, nobody watching: a random
 * byte decides eight cells at once, as E bits in this row and S bits (the
 * passages north) in the row above. The region holds no passage on entry,
 * so OR-ing bits in is all it takes. */
static gboolean
binary_tree_rect_fast (MazeGenContext *ctx)
{
  MazeGrid *grid = ctx->grid;
  const MazeRect r = ctx->region;
  const guint w = r.width;
  const MazeGenRectBits bits = maze_gen_rect_bits (grid->topology);
  const guint8 east = bits.east, south = bits.south;
  guint8 *row = grid->cells + maze_grid_index (grid, r.x, r.y);
  MazeRng rng = ctx->rng;
  guint64 spread[256];

  maze_gen_spread_init (spread);

  for (guint x = 0; x + 1 < w; x++)
    row[x] |= east;

  for (guint y = 1; y < r.height; y++)
    {
      guint8 *above = row;

      if (!maze_gen_ticks (ctx, w))
        return FALSE;
      row += grid->width;
      for (guint base = 0; base + 1 < w; base += 64)
        {
          guint n = MIN (64, w - 1 - base);
          guint64 word = maze_rng_next (&rng);
          guint i;

          for (i = 0; i + 8 <= n; i += 8)
            {
              guint b = (guint) (word >> i) & 0xff;

              maze_gen_or8 (row + base + i, spread[b ^ 0xff] * east);
              maze_gen_or8 (above + base + i, spread[b] * south);
            }
          for (; i < n; i++)
            {
              if ((word >> i) & 1)
                above[base + i] |= south;
              else
                row[base + i] |= east;
            }
        }
      above[w - 1] |= south;
    }

  ctx->rng = rng;
  return TRUE;
}

gboolean
maze_gen_binary_tree (MazeGenContext  *ctx,
                      GError         **error)
{
  if (maze_gen_rect_fast_path_fits (ctx))
    return binary_tree_rect_fast (ctx);
  return binary_tree_generic (ctx);
}
