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
 * The random choice: on a grid of four directions (rect, tri), draw one
 * of the 24 orders of the four directions and take the first open one in
 * that order (the first open element of a uniformly random order is
 * uniform over the open directions, and the draw does not wait for the
 * mask); on other grids, a uniform index among the open directions.
 *
 * Each connected part of the region's open cells is carved from its first
 * cell in reading order.
 *
 * Three walks produce the very same maze:
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
 *   forgotten old entries it falls back to the parent directions. Its
 *   time goes into the chain from a cell to its neighbours' bytes to the
 *   next cell, so that chain has no branch (open_bit()), one table load
 *   (Step) and bounds tests on the cell pointer and the column;
 * - a fast one for the whole of a circular grid, around a room or a
 *   centre cell (the root of its part, left only by its spokes), with no
 *   observer: the same visited bit, each cell's neighbours worked out by
 *   index from the ring table; it steps back by the parent directions.
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

/* The plain walk: any topology, every step reported. irregular and
 * n_dirs are the topology's: carve_part() inlines this once for each
 * kind of grid, so that a step on a regular grid tests no shape and its
 * loop over the directions unrolls. FALSE: told to stop. */
static inline __attribute__((always_inline)) gboolean
carve_part_on (MazeGenContext *ctx,
               const Tables   *tab,
               MazeBitset     *seen,
               guint           x,
               guint           y,
               const gboolean  irregular,
               const guint     n_dirs)
{
  MazeGrid *grid = ctx->grid;
  const MazeTopology *t = grid->topology;
  const guint8 dirs_at[2] = { t->dirs_at[0], t->dirs_at[1] };
  const MazeObserver *observer = ctx->observer;
  guint8 *cells = grid->cells;
  guint64 cell = maze_grid_index (grid, x, y);
  guint64 s = maze_gen_padded_bit (ctx, x, y);

  maze_bitset_set (seen, s);
  MAZE_EMIT (observer, MAZE_EVENT_VISIT, (guint32) cell, MAZE_NO_CELL, -1, 0, 0, MAZE_EVENT_STEP);

  for (;;)
    {
      guint parity = y & 1;
      guint mask = irregular ? maze_gen_dirs_in_set (ctx, seen, FALSE, x, y)
                             : maze_gen_unvisited_dirs_regular (seen, tab->seen_off[parity], s,
                                                                n_dirs, dirs_at[(x ^ y) & 1]);

      if (!maze_gen_tick (ctx))
        return FALSE;

      if (mask != 0)
        {
          guint d = choose_dir (&ctx->rng, mask, n_dirs);
          guint64 next;
          guint nx = 0, ny = 0;

          if (irregular)
            {
              maze_grid_step (grid, x, y, d, &nx, &ny);
              next = maze_grid_index (grid, nx, ny);
              s = maze_gen_padded_bit (ctx, nx, ny);
            }
          else
            {
              nx = x + t->dx[parity][d];
              ny = y + t->dy[d];
              next = cell + tab->cell_off[parity][d];
              s += tab->seen_off[parity][d];
            }

          MAZE_EMIT (observer, MAZE_EVENT_CHOOSE, (guint32) cell, (guint32) next,
                     (gint8) d, (guint8) mask, 0, MAZE_EVENT_STEP);
          if (irregular)
            {
              /* The tables hold the topology's sides, which a centre
               * cell's spokes are not (maze_grid_back_dir()). */
              maze_grid_carve (grid, x, y, d, nx, ny);
              cells[next] |= (guint8) ((maze_grid_back_dir (grid, x, y, d) + 1)
                                       << MAZE_CELL_SCRATCH_SHIFT);
            }
          else
            {
              cells[cell] |= tab->here_bits[d];
              cells[next] |= tab->next_bits[d];
            }
          MAZE_EMIT (observer, MAZE_EVENT_CARVE, (guint32) cell, (guint32) next, (gint8) d, 0, 0, 0);

          maze_bitset_set (seen, s);
          x = nx;
          y = ny;
          cell = next;
          MAZE_EMIT (observer, MAZE_EVENT_VISIT, (guint32) cell, MAZE_NO_CELL, -1, 0, 0, 0);
        }
      else
        {
          guint parent = cells[cell] >> MAZE_CELL_SCRATCH_SHIFT;
          /* Set by the step (a parent is always a neighbour); zero for
           * compilers that cannot see it. */
          guint back, px = 0, py = 0;
          guint64 parent_cell;

          if (parent == 0)
            return TRUE;
          back = parent - 1;
          cells[cell] &= (guint8) ~MAZE_CELL_SCRATCH;
          if (irregular)
            {
              maze_grid_step (grid, x, y, back, &px, &py);
              parent_cell = maze_grid_index (grid, px, py);
              s = maze_gen_padded_bit (ctx, px, py);
            }
          else
            {
              px = x + t->dx[parity][back];
              py = y + t->dy[back];
              parent_cell = cell + tab->cell_off[parity][back];
              s += tab->seen_off[parity][back];
            }
          MAZE_EMIT (observer, MAZE_EVENT_BACKTRACK, (guint32) cell, (guint32) parent_cell,
                     (gint8) back, 0, 0, MAZE_EVENT_STEP);
          cell = parent_cell;
          x = px;
          y = py;
        }
    }
}

static gboolean
carve_part (MazeGenContext *ctx,
            const Tables   *tab,
            MazeBitset     *seen,
            guint           x,
            guint           y)
{
  const MazeTopology *t = ctx->grid->topology;

  if (t->irregular)
    return carve_part_on (ctx, tab, seen, x, y, TRUE, t->n_dirs);
  if (t->n_dirs == 4)
    return carve_part_on (ctx, tab, seen, x, y, FALSE, 4);
  g_assert (t->n_dirs == 6);
  return carve_part_on (ctx, tab, seen, x, y, FALSE, 6);
}

/* A cell the fast walk may come back to, as (y << 16) | x. */
typedef struct
{
  guint32 *items;
  guint32  mask;     /* capacity - 1, a power of two */
} Ring;

/* One step of the fast walk, by draw and mask of open directions: 8
 * bytes, so that the mask indexes it with no arithmetic. */
typedef struct
{
  gint32 cell_off;
  gint8  dx;
  gint8  dy;
  guint8 here_bits;
  guint8 next_bits;
} Step;

#define VISITED 0x80u
#define BLOCKED (VISITED | MAZE_CELL_MASKED)

/* How far ahead the fast walk prefetches (measured best here). */
#define PREFETCH_ROWS  6
#define PREFETCH_BYTES 64

/* A prefetch never faults, so the address may lie off the grid; it is
 * worked out as an integer, where that is no undefined behaviour. */
static inline void
prefetch_near (const guint8 *cell,
               gint64        offset)
{
  __builtin_prefetch ((const void *) ((guintptr) cell + (guintptr) offset));
}

/* 1 when the cell byte b is open (not visited, not masked): the top bit of
 * (b & BLOCKED) - 1, with no branch (the compiler turns a ! into one, and
 * whether a neighbour is open is a coin toss). */
static inline guint
open_bit (guint8 b)
{
  return ((guint) (b & BLOCKED) - 1u) >> 31;
}

/* What the rectangular fast walk reads: its steps by draw and mask (24
 * draws of 16 masks) and its ring. */
typedef struct
{
  const Step *steps;
  Ring        ring;
} RectWalk;

/* FALSE: told to stop. */
static gboolean
carve_part_rect (MazeGenContext *ctx,
                 gconstpointer   data,
                 guint           x,
                 guint           y)
{
  const RectWalk *walk = data;
  const Step *steps = walk->steps;
  const Ring *ring = &walk->ring;
  MazeGrid *grid = ctx->grid;
  guint8 *cells = grid->cells;
  const gint64 w = grid->width;
  const guint32 x0 = ctx->region.x, y0 = ctx->region.y;
  const guint32 x1 = x0 + ctx->region.width - 1, y1 = y0 + ctx->region.height - 1;
  /* A cell has a row of the region above it from first_below on, and one
   * below it before last_row: tests on the cell pointer itself. */
  const guint8 *first_below = cells + (gsize) (y0 + 1) * w;
  const guint8 *last_row = cells + (gsize) y1 * w;
  guint32 *items = ring->items;
  const guint32 ring_mask = ring->mask;
  guint32 top = 0, count = 0, dropped = 0;
  guint8 *cell = cells + maze_grid_index (grid, x, y);
  guint cx = x, cy = y;
  MazeRng rng = ctx->rng;
  guint8 here = *cell | VISITED;   /* the current cell's byte, kept in a register */
  gint32 countdown = ctx->stop->countdown;  /* in a register too */
  gboolean go_on = TRUE;

  *cell = here;
  for (;;)
    {
      /* Off the region, look at the cell itself: it is visited. */
      gint64 on = cell >= first_below ? -w : 0, os = cell < last_row ? w : 0;
      gint64 oe = cx < x1 ? 1 : 0, ow = cx > x0 ? -1 : 0;
      guint mask = open_bit (cell[on]) | open_bit (cell[oe]) << 1 |
                   open_bit (cell[os]) << 2 | open_bit (cell[ow]) << 3;

      if (G_UNLIKELY (--countdown <= 0))
        {
          ctx->stop->countdown = 0;
          if (!(go_on = maze_stop_check_ask (ctx->stop)))
            break;
          countdown = ctx->stop->countdown;
        }

      if (G_LIKELY (mask != 0))
        {
          const Step *s = &steps[(((maze_rng_next (&rng) >> 32) * 24) >> 32) * 16 + mask];
          guint32 multi = (mask & (mask - 1)) != 0;
          guint32 slot = (top + 1) & ring_mask;

          /* Worth coming back to only if another way is left; the slot
           * past the top is always free, so write it unconditionally. */
          items[slot] = (cy << 16) | cx;
          top = (top + multi) & ring_mask;
          count += multi;
          dropped |= count > ring_mask - 1;
          count -= count > ring_mask - 1;

          /* A cell on the region's border may keep a passage out of it
           * (region regeneration), so the new cell is read, not assumed. */
          *cell = here | s->here_bits;
          cell += s->cell_off;
          /* A corridor runs into cells untouched since the grid was
           * cleared, out of cache on a big maze: ask for the rows a few
           * steps ahead north and south, and the next lines east and
           * west of the rows beside it (about 1.15x at 10000x10000). */
          prefetch_near (cell, -PREFETCH_ROWS * w);
          prefetch_near (cell, PREFETCH_ROWS * w);
          prefetch_near (cell, -w - PREFETCH_BYTES);
          prefetch_near (cell, -w + PREFETCH_BYTES);
          prefetch_near (cell, w - PREFETCH_BYTES);
          prefetch_near (cell, w + PREFETCH_BYTES);
          here = *cell | s->next_bits;
          *cell = here;
          cx += (guint) (gint) s->dx;
          cy += (guint) (gint) s->dy;
        }
      else if (count > 0)
        {
          guint32 xy = items[top];

          top = (top - 1) & ring_mask;
          count--;
          cx = xy & 0xffff;
          cy = xy >> 16;
          cell = cells + (gsize) cy * w + cx;
          here = *cell;
        }
      else if (dropped)
        {
          /* The ring forgot the way: step back by parent directions
           * (N, E, S, W as in maze-topology.c). */
          static const gint8 dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
          guint parent = (here >> MAZE_CELL_SCRATCH_SHIFT) & 7;
          guint back;

          if (parent == 0)
            break;
          back = parent - 1;
          cx += (guint) (gint) dx[back];
          cy += (guint) (gint) dy[back];
          cell += dy[back] * w + dx[back];
          here = *cell;
        }
      else
        break;
    }

  ctx->rng = rng;
  if (go_on)
    ctx->stop->countdown = countdown;
  return go_on;
}

/* The fast walk on the circular grid (the whole grid, nobody watching):
 * the visited flag in the top scratch bit as in the rectangular one, and
 * a cell's neighbours worked out by index from the ring table
 * (maze_gen_ring_neighbours(), shared with the random walks), so that
 * finding the unvisited ones takes a byte load each. It draws as the
 * plain walk does: a uniform index among the open directions.
 *
 * A centre cell (cell 0) steps by its spokes, with tables of its own.
 * The walk never steps into it: open, it is the first cell in reading
 * order, so the root of its part, visited before any other cell of it. */
typedef struct
{
  MazeGenRingTable rings;
  /* By [at the centre][direction]. */
  gint8            dy[2][MAZE_MAX_DIRS];
  guint8           here_bits[2][MAZE_MAX_DIRS];
  guint8           next_bits[2][MAZE_MAX_DIRS];   /* with VISITED */
} PolarWalk;

/* FALSE: told to stop. Inlined once around a room, once around a
 * centre (centre constant). */
static inline __attribute__((always_inline)) gboolean
carve_part_polar_on (MazeGenContext *ctx,
                     gconstpointer   data,
                     guint           x,
                     guint           y,
                     const gboolean  centre)
{
  /* A local copy, which the stores into the cells cannot reach. */
  const PolarWalk walk = *(const PolarWalk *) data;
  guint8 *cells = ctx->grid->cells;
  guint32 i = walk.rings.starts[y] + x;
  MazeRng rng = ctx->rng;
  gint32 countdown = ctx->stop->countdown;
  gboolean go_on = TRUE;

  cells[i] |= VISITED;
  for (;;)
    {
      guint32 nb[MAZE_MAX_DIRS];
      guint mask;

      /* Where a cell has no side, its neighbour is itself, visited. */
      maze_gen_ring_neighbours (&walk.rings, i, y, nb, centre);
      mask = open_bit (cells[nb[0]]) | open_bit (cells[nb[1]]) << 1 |
             open_bit (cells[nb[2]]) << 2 | open_bit (cells[nb[3]]) << 3 |
             open_bit (cells[nb[4]]) << 4 | open_bit (cells[nb[5]]) << 5;

      if (G_UNLIKELY (--countdown <= 0))
        {
          ctx->stop->countdown = 0;
          if (!(go_on = maze_stop_check_ask (ctx->stop)))
            break;
          countdown = ctx->stop->countdown;
        }

      if (mask != 0)
        {
          guint d = maze_gen_random_dir (&rng, mask);
          guint c = centre && y == 0;

          cells[i] |= walk.here_bits[c][d];
          i = nb[d];
          cells[i] |= walk.next_bits[c][d];
          y += (guint) (gint) walk.dy[c][d];
        }
      else
        {
          guint parent = (cells[i] >> MAZE_CELL_SCRATCH_SHIFT) & 7;

          /* The centre is a root: it has no parent. */
          if (parent == 0)
            break;
          cells[i] &= MAZE_CELL_STATE | VISITED;
          i = nb[parent - 1];
          y += (guint) (gint) walk.dy[0][parent - 1];
        }
    }

  ctx->rng = rng;
  if (go_on)
    ctx->stop->countdown = countdown;
  return go_on;
}

static gboolean
carve_part_polar_room (MazeGenContext *ctx,
                       gconstpointer   data,
                       guint           x,
                       guint           y)
{
  return carve_part_polar_on (ctx, data, x, y, FALSE);
}

static gboolean
carve_part_polar_centre (MazeGenContext *ctx,
                         gconstpointer   data,
                         guint           x,
                         guint           y)
{
  return carve_part_polar_on (ctx, data, x, y, TRUE);
}

/* One part of the region carved by a fast walk from (x, y), its first
 * cell in reading order; FALSE: told to stop. */
typedef gboolean (*CarvePartFunc) (MazeGenContext *ctx,
                                   gconstpointer   walk,
                                   guint           x,
                                   guint           y);

/* Carves every part of the region from its first cell in reading order
 * and clears the scratch bits in the same pass: a cell the scan has left
 * behind belongs to a part already carved, which no later part touches
 * (cells of two parts are never neighbours). Eight cells at a time while
 * all of them are visited or masked, which is nearly always. */
static gboolean
carve_and_clear (MazeGenContext *ctx,
                 CarvePartFunc   carve_part_fast,
                 gconstpointer   walk)
{
  const MazeRect r = ctx->region;
  const guint64 blocked = 0x0101010101010101u * BLOCKED;
  const guint64 state = 0x0101010101010101u * MAZE_CELL_STATE;

  for (guint y = r.y; y < r.y + r.height; y++)
    {
      guint x0, x1;
      guint8 *row;
      guint x = 0;

      maze_gen_row_span (ctx, y, &x0, &x1);
      row = ctx->grid->cells + maze_grid_index (ctx->grid, x0, y);
      while (x < x1 - x0)
        {
          guint64 word, t;

          if (x + 8 <= x1 - x0)
            {
              memcpy (&word, row + x, 8);
              t = word & blocked;
              /* No byte of t is zero: no open cell among the eight. */
              if (!((t - 0x0101010101010101u) & ~t & 0x8080808080808080u))
                {
                  word &= state;
                  memcpy (row + x, &word, 8);
                  x += 8;
                  continue;
                }
            }
          if (!(row[x] & BLOCKED) && !carve_part_fast (ctx, walk, x0 + x, y))
            return FALSE;
          row[x] &= MAZE_CELL_STATE;
          x++;
        }
    }
  return TRUE;
}

/* The circular grid's fast walk fits the whole grid: a ring sector's
 * cells would need a test of the sector. */
static gboolean
polar_fast_fits (const MazeGenContext *ctx)
{
  const MazeGrid *grid = ctx->grid;
  const MazeRect all = maze_grid_full_rect (grid);

  return grid->polar != NULL && ctx->observer == NULL &&
         memcmp (&ctx->region, &all, sizeof all) == 0;
}

static gboolean
carve_polar_fast (MazeGenContext *ctx,
                  const Tables   *tab)
{
  const MazeGrid *grid = ctx->grid;
  const gboolean centre = grid->polar->centre;
  PolarWalk walk;

  maze_gen_ring_table_init (&walk.rings, grid);

  for (guint d = 0; d < MAZE_MAX_DIRS; d++)
    {
      walk.dy[0][d] = grid->topology->dy[d];
      walk.here_bits[0][d] = tab->here_bits[d];
      walk.next_bits[0][d] = (guint8) (tab->next_bits[d] | VISITED);
      /* A spoke's passage is the first-ring cell's IN_A, its way back. */
      walk.dy[1][d] = 1;
      walk.here_bits[1][d] = 0;
      walk.next_bits[1][d] =
        (guint8) (tab->here_bits[MAZE_POLAR_IN_A] |
                  (MAZE_POLAR_IN_A + 1) << MAZE_CELL_SCRATCH_SHIFT | VISITED);
    }
  return carve_and_clear (ctx, centre ? carve_part_polar_centre : carve_part_polar_room, &walk);
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
  const MazeTopology *t = grid->topology;
  Step steps[24 * 16];
  RectWalk walk = { steps, { NULL, 0 } };

  for (guint k = 0; k < 24; k++)
    {
      steps[k * 16] = (Step) { 0 };
      for (guint m = 1; m < 16; m++)
        {
          guint d = rect_choice[k][m];

          steps[k * 16 + m] = (Step) { (gint32) (t->dy[d] * (gint32) grid->width + t->dx[0][d]),
                                       (gint8) t->dx[0][d], (gint8) t->dy[d], tab->here_bits[d],
                                       (guint8) (tab->next_bits[d] | VISITED) };
        }
    }

  while (capacity * 2 <= (guint64) r.width * r.height / 8)
    capacity *= 2;
  ring_items = g_try_new (guint32, capacity);
  if (ring_items == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }
  walk.ring.items = ring_items;
  walk.ring.mask = (guint32) (capacity - 1);

  return carve_and_clear (ctx, carve_part_rect, &walk);
}

static gboolean
carve_any (MazeGenContext  *ctx,
           const Tables    *tab,
           GError         **error)
{
  const MazeRect r = ctx->region;
  const gboolean irregular = ctx->grid->topology->irregular;
  g_autofree MazeBitset *seen = maze_gen_padded_seen_new (ctx);

  if (seen == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }

  for (guint y = r.y; y < r.y + r.height; y++)
    {
      guint x0, x1;
      /* A regular grid's row is a run of the padded bitset. */
      guint64 s = maze_gen_padded_bit (ctx, r.x, y);

      maze_gen_row_span (ctx, y, &x0, &x1);
      for (guint x = x0; x < x1; x++, s++)
        if (!maze_bitset_get (seen, irregular ? maze_gen_padded_bit (ctx, x, y) : s) &&
            !carve_part (ctx, tab, seen, x, y))
          return FALSE;
    }

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
  if (polar_fast_fits (ctx))
    return carve_polar_fast (ctx, &tab);
  return carve_any (ctx, &tab, error);
}
