/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include <string.h>

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

#define MASKED_BYTES G_GUINT64_CONSTANT (0x0808080808080808)

static gboolean
region_has_mask (const MazeGrid *grid,
                 const MazeRect *r)
{
  for (guint y = r->y; y < r->y + r->height; y++)
    {
      const guint8 *row = grid->cells + maze_grid_index (grid, r->x, y);
      guint64 acc = 0;
      guint x;

      /* Eight cells at a time: is bit 3 set in any byte? */
      for (x = 0; x + 8 <= r->width; x += 8)
        {
          guint64 v;

          memcpy (&v, row + x, 8);
          acc |= v;
        }
      for (; x < r->width; x++)
        acc |= row[x];
      if (acc & MASKED_BYTES)
        return TRUE;
    }
  return FALSE;
}

static guint
find_dir (const MazeTopology *t,
          MazeDirKind         kind)
{
  for (guint d = 0; d < t->n_dirs; d++)
    if (t->kind[d] == kind)
      return d;
  g_assert_not_reached ();
}

/* The number of directions in a mask (at most 6 bits), without the libgcc
 * call __builtin_popcount becomes on baseline x86-64. */
static inline guint
count_dirs (guint mask)
{
  mask = mask - ((mask >> 1) & 0x55);
  mask = (mask & 0x33) + ((mask >> 2) & 0x33);
  return (mask + (mask >> 4)) & 0x0f;
}

static inline guint
nth_set_bit (guint mask,
             guint n)
{
  while (n-- > 0)
    mask &= mask - 1;
  return (guint) __builtin_ctz (mask);
}

/* Any shape, any mask, with step events. */
static void
binary_tree_generic (MazeGenContext *ctx)
{
  MazeGrid *grid = ctx->grid;
  const MazeTopology *t = grid->topology;
  const MazeRect r = ctx->region;
  const guint next_dir = find_dir (t, MAZE_DIR_ROW_NEXT);

  for (guint y = r.y; y < r.y + r.height; y++)
    {
      guint64 word = 0;

      for (guint x = r.x; x < r.x + r.width; x++)
        {
          guint i = x - r.x;
          guint32 cell = maze_grid_index (grid, x, y);
          gboolean go_up = FALSE;
          guint ups = 0, candidates, d, n, nx = 0, ny = 0;

          if (y > r.y && i + 1 < r.width)
            {
              if (i % 64 == 0)
                word = maze_rng_next (&ctx->rng);
              go_up = (word >> (i % 64)) & 1;
            }
          if (grid->cells[cell] & MAZE_CELL_MASKED)
            continue;

          MAZE_EMIT (ctx->observer, MAZE_EVENT_VISIT, cell, MAZE_NO_CELL, -1, 0, 0);
          for (d = 0; d < t->n_dirs; d++)
            if (t->kind[d] == MAZE_DIR_UP && maze_gen_step (ctx, x, y, d, &nx, &ny))
              ups |= 1u << d;
          candidates = ups;
          if (maze_gen_step (ctx, x, y, next_dir, &nx, &ny))
            candidates |= 1u << next_dir;
          else
            go_up = TRUE;
          if (candidates == 0)
            continue;

          if (go_up && ups != 0)
            {
              n = count_dirs (ups);
              d = nth_set_bit (ups, n > 1 ? maze_rng_below (&ctx->rng, n) : 0);
            }
          else
            d = next_dir;

          maze_gen_step (ctx, x, y, d, &nx, &ny);
          MAZE_EMIT (ctx->observer, MAZE_EVENT_CHOOSE, cell, maze_grid_index (grid, nx, ny),
                     (gint8) d, (guint8) candidates, 0);
          maze_gen_carve (ctx, x, y, d, nx, ny);
        }
    }
}

static inline void
or8 (guint8  *p,
     guint64  bytes)
{
  guint64 v;

  memcpy (&v, p, 8);
  v |= bytes;
  memcpy (p, &v, 8);
}

/* spread[b] holds, in memory order, eight bytes that are the bits of b
 * (low bit first), each 0 or 1: one random byte becomes eight cells. */
static void
spread_init (guint64 spread[256])
{
  for (guint b = 0; b < 256; b++)
    {
      guint8 bytes[8];

      for (guint j = 0; j < 8; j++)
        bytes[j] = (b >> j) & 1;
      memcpy (&spread[b], bytes, 8);
    }
}

/* Rectangular, no masked cell in the region, nobody watching: a random
 * byte decides eight cells at once, as E bits in this row and S bits (the
 * passages north) in the row above. The region holds no passage on entry,
 * so OR-ing bits in is all it takes. */
static void
binary_tree_rect_fast (MazeGenContext *ctx)
{
  MazeGrid *grid = ctx->grid;
  const MazeTopology *t = grid->topology;
  const MazeRect r = ctx->region;
  const guint w = r.width;
  const guint up = find_dir (t, MAZE_DIR_UP);
  const guint8 east = (guint8) (1u << t->owned_bit[find_dir (t, MAZE_DIR_ROW_NEXT)]);
  const guint8 south = (guint8) (1u << t->owned_bit[t->opposite[up]]);
  guint8 *row = grid->cells + maze_grid_index (grid, r.x, r.y);
  MazeRng rng = ctx->rng;
  guint64 spread[256];

  /* E is stored in the cell, N as S in the cell above. */
  g_assert (t->owned_bit[find_dir (t, MAZE_DIR_ROW_NEXT)] >= 0 && t->owned_bit[up] < 0);
  spread_init (spread);

  for (guint x = 0; x + 1 < w; x++)
    row[x] |= east;

  for (guint y = 1; y < r.height; y++)
    {
      guint8 *above = row;

      row += grid->width;
      for (guint base = 0; base + 1 < w; base += 64)
        {
          guint n = MIN (64, w - 1 - base);
          guint64 word = maze_rng_next (&rng);
          guint i;

          for (i = 0; i + 8 <= n; i += 8)
            {
              guint b = (guint) (word >> i) & 0xff;

              or8 (row + base + i, spread[b ^ 0xff] * east);
              or8 (above + base + i, spread[b] * south);
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
}

gboolean
maze_gen_binary_tree (MazeGenContext  *ctx,
                      GError         **error)
{
  if (ctx->grid->shape == MAZE_SHAPE_RECT && ctx->observer == NULL &&
      !region_has_mask (ctx->grid, &ctx->region))
    binary_tree_rect_fast (ctx);
  else
    binary_tree_generic (ctx);
  return TRUE;
}
