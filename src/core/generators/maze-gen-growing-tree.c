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
  gint64          seen_off[2][MAZE_MAX_DIRS];   /* by row parity */
  guint32        *list;
  guint32         len;       /* entries, holes included */
  guint32         live;      /* entries that are cells */
  MazeGenBits     bits;
} GrowingTree;

static inline guint32
pack (const MazeGenContext *ctx,
      guint                 x,
      guint                 y)
{
  /* x itself, not x - region.x: a ring of the circular grid counts its
   * columns apart from the region's. */
  return (guint32) (y - ctx->region.y) << 16 | x;
}

static void
add_cell (GrowingTree *gt,
          guint        x,
          guint        y,
          guint8       flags)
{
  guint32 cell = maze_grid_index (gt->ctx->grid, x, y);

  maze_bitset_set (gt->seen, maze_gen_padded_bit (gt->ctx, x, y));
  gt->list[gt->len++] = pack (gt->ctx, x, y);
  gt->live++;
  MAZE_EMIT (gt->ctx->observer, MAZE_EVENT_VISIT, cell, MAZE_NO_CELL, -1, 0, 0, flags);
  MAZE_EMIT (gt->ctx->observer, MAZE_EVENT_FRONTIER_ADD, cell, MAZE_NO_CELL, -1, 0, 0, 0);
}

static guint32
pick_index (GrowingTree *gt)
{
  MazeRng *rng = &gt->ctx->rng;
  guint32 i;

  switch (gt->ctx->growing_tree_mode)
    {
    case MAZE_GROWING_TREE_NEWEST:
      return gt->len - 1;

    case MAZE_GROWING_TREE_MIXED:
      if (maze_gen_bits_next (&gt->bits, rng))
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

/* FALSE: told to stop. */
static gboolean
grow (GrowingTree *gt,
      guint        start_x,
      guint        start_y)
{
  MazeGenContext *ctx = gt->ctx;
  MazeGrid *grid = ctx->grid;

  add_cell (gt, start_x, start_y, MAZE_EVENT_STEP);
  while (gt->live > 0)
    {
      guint32 i, entry;
      guint x, y;
      guint64 s;
      guint nx = 0, ny = 0, d;
      guint mask;

      if (!maze_gen_tick (ctx))
        return FALSE;
      i = pick_index (gt);
      entry = gt->list[i];
      x = entry & 0xffff;
      y = ctx->region.y + (entry >> 16);
      s = maze_gen_padded_bit (ctx, x, y);
      mask = maze_gen_unvisited_dirs (ctx, gt->seen, gt->seen_off[y & 1], s, x, y);

      if (mask == 0)
        {
          MAZE_EMIT (ctx->observer, MAZE_EVENT_BACKTRACK, maze_grid_index (grid, x, y),
                     MAZE_NO_CELL, -1, 0, 0, MAZE_EVENT_STEP);
          remove_index (gt, i);
          continue;
        }

      d = maze_gen_random_dir_if_choice (&ctx->rng, mask);
      maze_gen_carve_choice (ctx, x, y, d, mask, MAZE_EVENT_STEP, &nx, &ny);
      add_cell (gt, nx, ny, 0);
    }
  return TRUE;
}

gboolean
maze_gen_growing_tree (MazeGenContext  *ctx,
                       GError         **error)
{
  const MazeRect r = ctx->region;
  guint32 n_cells = r.width * r.height;
  g_autofree MazeBitset *seen = maze_gen_padded_seen_new (ctx);
  g_autofree guint32 *list = g_try_new (guint32, n_cells);
  GrowingTree gt = { .ctx = ctx, .seen = seen, .list = list };
  guint32 start;
  guint x, y;

  if (seen == NULL || list == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }
  maze_gen_padded_offsets (ctx, gt.seen_off);

  start = maze_rng_below (&ctx->rng, n_cells);
  if (maze_gen_local_cell (ctx, start, &x, &y) &&
      !maze_bitset_get (seen, maze_gen_padded_bit (ctx, x, y)) && !grow (&gt, x, y))
    return FALSE;
  for (y = r.y; y < r.y + r.height; y++)
    {
      guint x0, x1;

      maze_gen_row_span (ctx, y, &x0, &x1);
      for (x = x0; x < x1; x++)
        if (!maze_bitset_get (seen, maze_gen_padded_bit (ctx, x, y)) && !grow (&gt, x, y))
          return FALSE;
    }

  return TRUE;
}
