/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-generator-private.h"

/* Growing tree.
 *
 * Keeps a list of active cells, in the order they joined the maze. Each
 * step picks a cell from the list (ctx->growing_tree_mode: the newest,
 * a uniformly random one, or MIXED: the newest or a random one, by one
 * random bit per step); if it has unvisited neighbours it carves to a
 * random one of them, which joins the list, else it leaves the list. Only
 * unvisited cells are carved to, so each part is a tree; it ends when the
 * list is empty, when every cell reachable from the start is in the tree.
 * The first part grows from a random cell, every further part (the masked
 * cells can split the region) from its first cell in reading order, so
 * the region ends as one tree per connected part of its open cells.
 *
 * The list keeps the joining order, which MIXED needs for "newest": a
 * random cell leaving from the middle leaves a hole, skipped by the newest
 * pick and redrawn by the random one, and the list is compacted once it
 * holds more holes than cells. In RANDOM mode order does not matter and
 * the last entry fills the hole. An entry is the cell's column and row in
 * the region, 16 bits each (a side is at most 65535 cells, so an entry is
 * never the hole's all-ones), which spares a division per step. Visited
 * flags are a bitset over the region with a one-cell border; the border
 * and the masked cells start out visited, so finding the unvisited
 * neighbours needs no bounds tests. Extra memory: 4 bytes and 1 bit per
 * cell of the region.
 *
 * Randomness, in this order: maze_rng_below (region cells) for the start;
 * then per step, in MIXED mode one bit (64 bits per draw, low bit first;
 * 1 for the newest); for a random pick maze_rng_below (list length),
 * again while it lands on a hole; maze_rng_below (candidates) when there
 * are two or more unvisited neighbours. */

#define HOLE G_MAXUINT32

typedef struct
{
  MazeGenContext *ctx;
  MazeBitset     *seen;      /* visited, masked or border; padded */
  guint64         seen_width;
  gint64          seen_off[2][MAZE_MAX_DIRS];   /* by row parity */
  guint32        *list;
  guint32         len;       /* entries, holes included */
  guint32         live;      /* entries that are cells */
  guint64         bits;
  guint           n_bits;
} GrowingTree;

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

static inline guint32
pack (const MazeGenContext *ctx,
      guint                 x,
      guint                 y)
{
  return (guint32) (y - ctx->region.y) << 16 | (x - ctx->region.x);
}

/* The bit of (x, y) in the padded bitset. */
static inline guint64
seen_bit (const GrowingTree *gt,
          guint              x,
          guint              y)
{
  return (guint64) (y - gt->ctx->region.y + 1) * gt->seen_width + (x - gt->ctx->region.x + 1);
}

static void
add_cell (GrowingTree *gt,
          guint        x,
          guint        y)
{
  guint32 cell = maze_grid_index (gt->ctx->grid, x, y);

  maze_bitset_set (gt->seen, seen_bit (gt, x, y));
  gt->list[gt->len++] = pack (gt->ctx, x, y);
  gt->live++;
  MAZE_EMIT (gt->ctx->observer, MAZE_EVENT_VISIT, cell, MAZE_NO_CELL, -1, 0, 0);
  MAZE_EMIT (gt->ctx->observer, MAZE_EVENT_FRONTIER_ADD, cell, MAZE_NO_CELL, -1, 0, 0);
}

static guint32
pick_index (GrowingTree *gt)
{
  MazeRng *rng = &gt->ctx->rng;
  gboolean newest;
  guint32 i;

  switch (gt->ctx->growing_tree_mode)
    {
    case MAZE_GROWING_TREE_NEWEST:
      return gt->len - 1;

    case MAZE_GROWING_TREE_MIXED:
      if (gt->n_bits == 0)
        {
          gt->bits = maze_rng_next (rng);
          gt->n_bits = 64;
        }
      newest = gt->bits & 1;
      gt->bits >>= 1;
      gt->n_bits--;
      if (newest)
        return gt->len - 1;
      break;

    case MAZE_GROWING_TREE_RANDOM:
    default:
      break;
    }

  do
    i = maze_rng_below (rng, gt->len);
  while (gt->list[i] == HOLE);
  return i;
}

static void
remove_index (GrowingTree *gt,
              guint32      i)
{
  gt->live--;
  if (i == gt->len - 1)
    {
      gt->len--;
      while (gt->len > 0 && gt->list[gt->len - 1] == HOLE)
        gt->len--;
      return;
    }
  if (gt->ctx->growing_tree_mode != MAZE_GROWING_TREE_MIXED)
    {
      gt->list[i] = gt->list[--gt->len];
      return;
    }

  gt->list[i] = HOLE;
  if (gt->len - gt->live > gt->live)
    {
      guint32 j = 0;

      for (guint32 k = 0; k < gt->len; k++)
        if (gt->list[k] != HOLE)
          gt->list[j++] = gt->list[k];
      gt->len = j;
    }
}

static void
grow (GrowingTree *gt,
      guint        start_x,
      guint        start_y)
{
  MazeGenContext *ctx = gt->ctx;
  MazeGrid *grid = ctx->grid;
  const MazeTopology *t = grid->topology;

  add_cell (gt, start_x, start_y);
  while (gt->live > 0)
    {
      guint32 i = pick_index (gt);
      guint32 entry = gt->list[i];
      guint x = ctx->region.x + (entry & 0xffff);
      guint y = ctx->region.y + (entry >> 16);
      guint64 s = seen_bit (gt, x, y);
      const gint64 *off = gt->seen_off[y & 1];
      guint nx = 0, ny = 0, d, n;
      guint mask = 0;

      for (d = 0; d < t->n_dirs; d++)
        mask |= (guint) !maze_bitset_get (gt->seen, s + off[d]) << d;

      if (mask == 0)
        {
          MAZE_EMIT (ctx->observer, MAZE_EVENT_BACKTRACK, maze_grid_index (grid, x, y),
                     MAZE_NO_CELL, -1, 0, 0);
          remove_index (gt, i);
          continue;
        }

      n = count_dirs (mask);
      d = nth_set_bit (mask, n > 1 ? maze_rng_below (&ctx->rng, n) : 0);
      maze_grid_step (grid, x, y, d, &nx, &ny);
      MAZE_EMIT (ctx->observer, MAZE_EVENT_CHOOSE, maze_grid_index (grid, x, y),
                 maze_grid_index (grid, nx, ny), (gint8) d, (guint8) mask, 0);
      maze_gen_carve (ctx, x, y, d, nx, ny);
      add_cell (gt, nx, ny);
    }
}

gboolean
maze_gen_growing_tree (MazeGenContext  *ctx,
                       GError         **error)
{
  MazeGrid *grid = ctx->grid;
  const MazeTopology *t = grid->topology;
  const MazeRect r = ctx->region;
  guint32 n_cells = r.width * r.height;
  guint64 sw = (guint64) r.width + 2;
  g_autofree MazeBitset *seen = maze_bitset_new (sw * ((guint64) r.height + 2));
  g_autofree guint32 *list = g_try_new (guint32, n_cells);
  GrowingTree gt = { .ctx = ctx, .seen = seen, .seen_width = sw, .list = list };
  guint32 start;

  if (seen == NULL || list == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }

  for (guint p = 0; p < 2; p++)
    for (guint d = 0; d < t->n_dirs; d++)
      gt.seen_off[p][d] = (gint64) t->dy[d] * (gint64) sw + t->dx[p][d];

  /* The border and the masked cells count as visited: never entered. */
  for (guint64 x = 0; x < sw; x++)
    {
      maze_bitset_set (seen, x);
      maze_bitset_set (seen, (r.height + 1) * sw + x);
    }
  for (guint y = 0; y < r.height; y++)
    {
      const guint8 *row = grid->cells + maze_grid_index (grid, r.x, r.y + y);
      guint64 base = (guint64) (y + 1) * sw;

      maze_bitset_set (seen, base);
      maze_bitset_set (seen, base + r.width + 1);
      for (guint x = 0; x < r.width; x++)
        if (row[x] & MAZE_CELL_MASKED)
          maze_bitset_set (seen, base + x + 1);
    }

  start = maze_rng_below (&ctx->rng, n_cells);
  if (!maze_bitset_get (seen, seen_bit (&gt, r.x + start % r.width, r.y + start / r.width)))
    grow (&gt, r.x + start % r.width, r.y + start / r.width);
  for (guint y = r.y; y < r.y + r.height; y++)
    for (guint x = r.x; x < r.x + r.width; x++)
      if (!maze_bitset_get (seen, seen_bit (&gt, x, y)))
        grow (&gt, x, y);

  return TRUE;
}
