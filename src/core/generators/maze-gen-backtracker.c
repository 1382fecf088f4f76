/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-generator-private.h"

/* Recursive backtracker, without recursion.
 *
 * A depth-first carve: from the current cell go to a random unvisited
 * neighbour; at a dead end go back the way we came until a cell still has
 * an unvisited neighbour. The way we came is all the stack a DFS needs, so
 * each cell keeps the direction back to its parent in its scratch bits
 * (0 = the root of its part).
 *
 * The random choice: on a rectangular grid, draw one of the 24 orders of
 * the four directions and take the first open one in that order (the
 * first open element of a uniformly random order is uniform over the open
 * directions, and the draw does not wait for the mask); on other grids, a
 * uniform index among the open directions.
 *
 * Each connected part of the region's open cells is carved from its first
 * cell in reading order.
 *
 * Two walks produce the very same maze:
 * - a plain one for any topology, which reports every step to the
 *   observer; its visited flags live in a bitset with a one-cell border
 *   marked visited, together with the masked cells, so finding the
 *   unvisited neighbours takes no bounds tests;
 * - a fast one for rectangular grids with no observer (the path of the
 *   10000x10000 benchmark). It keeps the visited flag in the top scratch
 *   bit of each cell, so a neighbour test is one byte load, and remembers
 *   recent cells that still had a choice left in a bounded ring (at most
 *   one entry per 8 cells) to jump straight back to them instead of
 *   stepping back through cells that have none; when the ring has
 *   forgotten old entries it falls back to the parent directions.
 * Memory: the grid's byte per cell, plus 1 bit (plain) or at most half a
 * byte (fast) per cell. */

typedef struct
{
  gint64 cell_off[2][MAZE_MAX_DIRS];   /* neighbour offsets in the grid, by row parity */
  gint64 seen_off[2][MAZE_MAX_DIRS];   /* and in the padded bitset */
  guint8 here_bits[MAZE_MAX_DIRS];     /* passage bit a carve sets in this cell */
  guint8 next_bits[MAZE_MAX_DIRS];     /* ...and in the next one, with its way back */
} Tables;

static guint8 rect_choice[24][16];

static void
init_rect_choice (void)
{
  static gsize initialised = 0;

  if (g_once_init_enter (&initialised))
    {
      guint n = 0;

      for (guint a = 0; a < 4; a++)
        for (guint b = 0; b < 4; b++)
          for (guint c = 0; c < 4; c++)
            {
              guint order[4];

              if (a == b || a == c || b == c)
                continue;
              order[0] = a;
              order[1] = b;
              order[2] = c;
              order[3] = 6 - a - b - c;
              for (guint mask = 0; mask < 16; mask++)
                {
                  rect_choice[n][mask] = 0;
                  for (guint k = 0; k < 4; k++)
                    if (mask & (1u << order[k]))
                      {
                        rect_choice[n][mask] = (guint8) order[k];
                        break;
                      }
                }
              n++;
            }
      g_assert (n == 24);
      g_once_init_leave (&initialised, 1);
    }
}

static void
tables_init (Tables               *tab,
             const MazeGenContext *ctx)
{
  const MazeGrid *grid = ctx->grid;
  const MazeTopology *t = grid->topology;

  for (guint p = 0; p < 2; p++)
    for (guint d = 0; d < t->n_dirs; d++)
      tab->cell_off[p][d] = (gint64) t->dy[d] * grid->width + t->dx[p][d];
  maze_gen_padded_offsets (ctx, tab->seen_off);
  for (guint d = 0; d < t->n_dirs; d++)
    {
      guint8 parent = (guint8) ((t->opposite[d] + 1) << MAZE_CELL_SCRATCH_SHIFT);

      if (t->owned_bit[d] >= 0)
        {
          tab->here_bits[d] = (guint8) (1u << t->owned_bit[d]);
          tab->next_bits[d] = parent;
        }
      else
        {
          tab->here_bits[d] = 0;
          tab->next_bits[d] = parent | (guint8) (1u << t->owned_bit[t->opposite[d]]);
        }
    }
}

static inline guint
choose_dir (MazeRng *rng,
            guint    mask,
            guint    n_dirs)
{
  if (n_dirs == 4)
    return rect_choice[((maze_rng_next (rng) >> 32) * 24) >> 32][mask];
  return maze_gen_random_dir (rng, mask);
}

static inline guint
unvisited_mask (const Tables     *tab,
                const MazeBitset *seen,
                guint64           s,
                guint             parity,
                guint             n_dirs)
{
  guint mask = 0;

  for (guint d = 0; d < n_dirs; d++)
    mask |= (guint) !maze_bitset_get (seen, s + tab->seen_off[parity][d]) << d;
  return mask;
}

/* The plain walk: any topology, every step reported. */
static void
carve_part (MazeGenContext *ctx,
            const Tables   *tab,
            MazeBitset     *seen,
            guint           x,
            guint           y)
{
  MazeGrid *grid = ctx->grid;
  const MazeTopology *t = grid->topology;
  const guint n_dirs = t->n_dirs;
  const MazeObserver *observer = ctx->observer;
  guint8 *cells = grid->cells;
  guint64 cell = maze_grid_index (grid, x, y);
  guint64 s = maze_gen_padded_bit (ctx, x, y);

  maze_bitset_set (seen, s);
  MAZE_EMIT (observer, MAZE_EVENT_VISIT, (guint32) cell, MAZE_NO_CELL, -1, 0, 0);

  for (;;)
    {
      guint parity = y & 1;
      guint mask = unvisited_mask (tab, seen, s, parity, n_dirs);

      if (mask != 0)
        {
          guint d = choose_dir (&ctx->rng, mask, n_dirs);
          guint64 next = cell + tab->cell_off[parity][d];

          MAZE_EMIT (observer, MAZE_EVENT_CHOOSE, (guint32) cell, (guint32) next,
                     (gint8) d, (guint8) mask, 0);
          cells[cell] |= tab->here_bits[d];
          cells[next] |= tab->next_bits[d];
          MAZE_EMIT (observer, MAZE_EVENT_CARVE, (guint32) cell, (guint32) next, (gint8) d, 0, 0);

          s += tab->seen_off[parity][d];
          maze_bitset_set (seen, s);
          x += t->dx[parity][d];
          y += t->dy[d];
          cell = next;
          MAZE_EMIT (observer, MAZE_EVENT_VISIT, (guint32) cell, MAZE_NO_CELL, -1, 0, 0);
        }
      else
        {
          guint parent = cells[cell] >> MAZE_CELL_SCRATCH_SHIFT;
          guint back;

          if (parent == 0)
            break;
          back = parent - 1;
          cells[cell] &= (guint8) ~MAZE_CELL_SCRATCH;
          MAZE_EMIT (observer, MAZE_EVENT_BACKTRACK, (guint32) cell,
                     (guint32) (cell + tab->cell_off[parity][back]), (gint8) back, 0, 0);
          cell += tab->cell_off[parity][back];
          s += tab->seen_off[parity][back];
          x += t->dx[parity][back];
          y += t->dy[back];
        }
    }
}

/* A cell the fast walk may come back to, as (y << 16) | x. */
typedef struct
{
  guint32 *items;
  guint32  mask;     /* capacity - 1, a power of two */
} Ring;

/* The fast walk: rectangular grids, no observer; same maze as carve_part.
 * It keeps the visited flag in bit 7 of each cell (the top scratch bit;
 * parent directions use bits 4-6) and tests the region's border from the
 * packed coordinates, so a neighbour test is one byte load. Everything the
 * loop touches is a local so it stays in registers. */
#define VISITED 0x80u

static void
carve_part_rect (MazeGenContext *ctx,
                 const Tables   *tab,
                 Ring           *ring,
                 guint           x,
                 guint           y)
{
  MazeGrid *grid = ctx->grid;
  guint8 *cells = grid->cells;
  const gint64 w = grid->width;
  const guint32 x0 = ctx->region.x, y0 = ctx->region.y;
  const guint32 x1 = x0 + ctx->region.width - 1, y1 = y0 + ctx->region.height - 1;
  /* N, E, S, W as in maze-topology.c */
  const gint64 cell_off[4] = { -w, 1, w, -1 };
  const gint32 xy_off[4] = { -65536, 1, 65536, -1 };
  guint32 *items = ring->items;
  const guint32 ring_mask = ring->mask;
  guint32 top = 0, count = 0;
  gboolean dropped = FALSE;
  guint8 *cell = cells + maze_grid_index (grid, x, y);
  guint32 xy = (y << 16) | x;
  MazeRng rng = ctx->rng;

  *cell |= VISITED;

  for (;;)
    {
      guint cx = xy & 0xffff, cy = xy >> 16;
      /* A neighbour is a candidate when it is inside the region and
       * neither visited nor masked. */
      guint mask = (guint) (cy > y0 && !(cell[-w] & (VISITED | MAZE_CELL_MASKED)))
                 | (guint) (cx < x1 && !(cell[1] & (VISITED | MAZE_CELL_MASKED))) << 1
                 | (guint) (cy < y1 && !(cell[w] & (VISITED | MAZE_CELL_MASKED))) << 2
                 | (guint) (cx > x0 && !(cell[-1] & (VISITED | MAZE_CELL_MASKED))) << 3;

      if (G_LIKELY (mask != 0))
        {
          guint d = rect_choice[((maze_rng_next (&rng) >> 32) * 24) >> 32][mask];

          /* Worth coming back to only if another way is left. */
          if (mask & (mask - 1))
            {
              top = (top + 1) & ring_mask;
              items[top] = xy;
              if (G_LIKELY (count <= ring_mask))
                count++;
              else
                dropped = TRUE;
            }

          *cell |= tab->here_bits[d];
          cell += cell_off[d];
          *cell |= tab->next_bits[d] | VISITED;
          xy += (guint32) xy_off[d];
        }
      else if (count > 0)
        {
          xy = items[top];
          top = (top - 1) & ring_mask;
          count--;
          cell = cells + (guint64) (xy >> 16) * w + (xy & 0xffff);
        }
      else if (dropped)
        {
          /* The ring forgot the way: step back by parent directions. */
          guint parent = (*cell >> MAZE_CELL_SCRATCH_SHIFT) & 7;
          guint back;

          if (parent == 0)
            break;
          back = parent - 1;
          cell += cell_off[back];
          xy += (guint32) xy_off[back];
        }
      else
        break;
    }

  ctx->rng = rng;
}

static void
clear_scratch (MazeGrid       *grid,
               const MazeRect *r)
{
  for (guint y = r->y; y < r->y + r->height; y++)
    {
      guint8 *row = grid->cells + maze_grid_index (grid, r->x, y);

      for (guint x = 0; x < r->width; x++)
        row[x] &= MAZE_CELL_STATE;
    }
}

static gboolean
carve_rect_fast (MazeGenContext  *ctx,
                 const Tables    *tab,
                 GError         **error)
{
  MazeGrid *grid = ctx->grid;
  const MazeRect r = ctx->region;
  g_autofree guint32 *ring_items = NULL;
  guint64 capacity = 1024;
  Ring ring;

  /* A ring of at most 1/8 entry per cell (4 bytes: half a byte per cell)
   * keeps the walk within 1.5 bytes per cell in all; beyond it the
   * parent directions take over. */
  while (capacity * 2 <= (guint64) r.width * r.height / 8)
    capacity *= 2;
  ring_items = g_try_new (guint32, capacity);
  if (ring_items == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }
  ring.items = ring_items;
  ring.mask = (guint32) (capacity - 1);

  for (guint y = r.y; y < r.y + r.height; y++)
    for (guint x = r.x; x < r.x + r.width; x++)
      if (!(grid->cells[maze_grid_index (grid, x, y)] & (VISITED | MAZE_CELL_MASKED)))
        carve_part_rect (ctx, tab, &ring, x, y);

  /* The fast walk jumps over parent directions instead of clearing them. */
  clear_scratch (grid, &r);
  return TRUE;
}

static gboolean
carve_any (MazeGenContext  *ctx,
           const Tables    *tab,
           GError         **error)
{
  const MazeRect r = ctx->region;
  g_autofree MazeBitset *seen = maze_gen_padded_seen_new (ctx);

  if (seen == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }

  for (guint y = r.y; y < r.y + r.height; y++)
    for (guint x = r.x; x < r.x + r.width; x++)
      if (!maze_bitset_get (seen, maze_gen_padded_bit (ctx, x, y)))
        carve_part (ctx, tab, seen, x, y);

  return TRUE;
}

gboolean
maze_gen_backtracker (MazeGenContext  *ctx,
                      GError         **error)
{
  Tables tab;

  init_rect_choice ();
  tables_init (&tab, ctx);

  if (ctx->grid->shape == MAZE_SHAPE_RECT && ctx->observer == NULL)
    return carve_rect_fast (ctx, &tab, error);
  return carve_any (ctx, &tab, error);
}
