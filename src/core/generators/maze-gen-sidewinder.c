/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-generator-private.h"

/* Sidewinder.
 *
 * The region's top row is one corridor. Every later row is cut into runs:
 * walking the row towards ROW_NEXT, each cell either extends the current
 * run (a passage to the next cell) or closes it, and a closed run gets
 * exactly one passage UP, from a random cell of the run (on hex, towards a
 * random one of that cell's UP directions). Each run hangs below the rows
 * above by one passage, so no cycle can form; with no masked cells every
 * run has a way up and the result is one spanning tree. Masked cells cut
 * runs short and may leave a run with no way up: the driver joins those
 * pieces.
 *
 * Randomness, in this order, per row below the top one: a fresh 64-bit draw
 * for every 64 decisions (bit i, low bit first, decides the row's cell i:
 * 1 closes the run there), drawn when cell i is reached, for every cell but
 * the row's last, which always closes; and when a run closes and some of
 * its cells have a way up, a uniform choice among those cells (even if
 * there is only one), then on hex with two UP directions open a choice
 * between them. Choices take 16-bit chunks of draws kept for them, four
 * per draw (see chunk_below). The rectangular fast path follows the same
 * order, so both paths give the same maze for a seed. */

/* Random 16-bit numbers, four per draw (low quarter first). */
typedef struct
{
  guint64 word;
  guint   left;
} ChunkPool;

/* A uniform integer in [0, bound), 1 <= bound <= 65535: Lemire's
 * multiply-shift with rejection, on 16-bit chunks. With bound 1 it still
 * takes a chunk, so that the fast path needs no branch there. */
static inline guint
chunk_below (ChunkPool *pool,
             MazeRng   *rng,
             guint      bound)
{
  guint32 m, low;

  for (;;)
    {
      if (G_UNLIKELY (pool->left == 0))
        {
          pool->word = maze_rng_next (rng);
          pool->left = 4;
        }
      m = (guint32) (pool->word & 0xffff) * bound;
      pool->word >>= 16;
      pool->left--;
      low = m & 0xffff;
      if (G_LIKELY (low >= bound) || low >= (0x10000u - bound) % bound)
        return m >> 16;
    }
}

/* Closes the run of open cells first..last in row y: one passage up from
 * a random cell of it that has a way up. */
static void
close_run (MazeGenContext *ctx,
           ChunkPool      *pool,
           guint           up_dirs,
           guint           first,
           guint           last,
           guint           y)
{
  guint n = 0, k, x, mask, d, nx = 0, ny = 0;

  for (x = first; x <= last; x++)
    n += maze_gen_open_dirs (ctx, x, y, up_dirs) != 0;
  if (n == 0)
    return;

  k = chunk_below (pool, &ctx->rng, n);
  for (x = first; ; x++)
    {
      mask = maze_gen_open_dirs (ctx, x, y, up_dirs);
      if (mask != 0 && k-- == 0)
        break;
    }

  n = maze_gen_count_dirs (mask);
  d = maze_gen_nth_dir (mask, n > 1 ? chunk_below (pool, &ctx->rng, n) : 0);
  /* In the step of the visit that closed the run. */
  maze_gen_carve_choice (ctx, x, y, d, mask, 0, &nx, &ny);
}

/* Any shape, any mask, with step events. */
static gboolean
sidewinder_generic (MazeGenContext *ctx)
{
  MazeGrid *grid = ctx->grid;
  const MazeRect r = ctx->region;
  const guint next_dir = maze_gen_find_dir (grid->topology, MAZE_DIR_ROW_NEXT);
  const guint up_dirs = maze_gen_dirs_of_kind (grid->topology, MAZE_DIR_UP);
  ChunkPool pool = { 0, 0 };

  for (guint y = r.y; y < r.y + r.height; y++)
    {
      guint first = r.x;   /* the current run's first cell */
      guint64 word = 0;

      if (!maze_gen_ticks (ctx, r.width))
        return FALSE;
      for (guint x = r.x; x < r.x + r.width; x++)
        {
          guint i = x - r.x;
          guint32 cell = maze_grid_index (grid, x, y);
          gboolean close = y > r.y && i + 1 < r.width && maze_gen_row_bit (&ctx->rng, &word, i);
          gboolean can_extend;
          guint nx = 0, ny = 0;

          if (grid->cells[cell] & MAZE_CELL_MASKED)
            {
              first = x + 1;
              continue;
            }

          MAZE_EMIT (ctx->observer, MAZE_EVENT_VISIT, cell, MAZE_NO_CELL, -1, 0, 0, MAZE_EVENT_STEP);
          can_extend = maze_gen_step (ctx, x, y, next_dir, &nx, &ny);
          if (can_extend && (y == r.y || !close))
            {
              MAZE_EMIT (ctx->observer, MAZE_EVENT_CHOOSE, cell, maze_grid_index (grid, nx, ny),
                         (gint8) next_dir,
                         (guint8) ((1u << next_dir) | maze_gen_open_dirs (ctx, x, y, up_dirs)), 0, 0);
              maze_gen_carve (ctx, x, y, next_dir, nx, ny, 0);
              continue;
            }
          if (y > r.y)
            close_run (ctx, &pool, up_dirs, first, x, y);
          first = x + 1;
        }
    }
  return TRUE;
}

/* Rectangular, no masked cell in the region, nobody watching: rows are
 * byte arrays, a run's passages east are written eight cells at a time
 * and its passage north is the S bit of a cell in the row above. The
 * region holds no passage on entry, so OR-ing bits in is all it takes. */
static gboolean
sidewinder_rect_fast (MazeGenContext *ctx)
{
  MazeGrid *grid = ctx->grid;
  const MazeRect r = ctx->region;
  const guint w = r.width;
  const MazeGenRectBits bits = maze_gen_rect_bits (grid->topology);
  const guint8 east = bits.east, south = bits.south;
  guint8 *row = grid->cells + maze_grid_index (grid, r.x, r.y);
  MazeRng rng = ctx->rng;
  ChunkPool pool = { 0, 0 };
  guint64 spread[256];

  maze_gen_spread_init (spread);

  for (guint x = 0; x + 1 < w; x++)
    row[x] |= east;

  for (guint y = 1; y < r.height; y++)
    {
      guint8 *above = row;
      guint first = 0;

      if (!maze_gen_ticks (ctx, w))
        return FALSE;
      row += grid->width;
      for (guint base = 0; base + 1 < w; base += 64)
        {
          guint n = MIN (64, w - 1 - base);
          guint64 word = maze_rng_next (&rng);
          guint64 closes = n == 64 ? word : word & ((G_GUINT64_CONSTANT (1) << n) - 1);
          guint i;

          /* A 0 bit extends the run east. */
          for (i = 0; i + 8 <= n; i += 8)
            maze_gen_or8 (row + base + i, spread[(~word >> i) & 0xff] * east);
          for (; i < n; i++)
            row[base + i] |= (guint8) (((~word >> i) & 1) * east);

          /* A 1 bit closes it: north from one of its cells. */
          while (closes != 0)
            {
              guint x = base + (guint) __builtin_ctzll (closes);

              above[first + chunk_below (&pool, &rng, x - first + 1)] |= south;
              first = x + 1;
              closes &= closes - 1;
            }
        }

      above[first + chunk_below (&pool, &rng, w - first)] |= south;
    }

  ctx->rng = rng;
  return TRUE;
}

gboolean
maze_gen_sidewinder (MazeGenContext  *ctx,
                     GError         **error)
{
  if (maze_gen_rect_fast_path_fits (ctx))
    return sidewinder_rect_fast (ctx);
  return sidewinder_generic (ctx);
}
