/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Private to the core: what every generator in generators/ sees. */

#include <glib.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "maze-bitset.h"
#include "maze-error.h"
#include "maze-generate.h"
#include "maze-rng.h"
#include "maze-stop-private.h"

G_BEGIN_DECLS

typedef struct
{
  MazeGrid            *grid;
  MazeRect             region;     /* the cells to carve; clipped to the grid */
  MazeRng              rng;
  const MazeObserver  *observer;
  MazeGrowingTreeMode  growing_tree_mode;
  MazeStopCheck       *stop;       /* counted by maze_gen_tick() */
} MazeGenContext;

/* The contract of every generator:
 * - on entry no passage joins two cells of ctx->region and every scratch
 *   bit is zero. Passages across the region's border may be there (region
 *   regeneration's fallback keeps them while it carves), so a cell's byte
 *   inside the region need not be zero: test the bits, not the byte;
 * - it carves only between open (unmasked) cells inside the region, never
 *   a cycle, and draws randomness only from ctx->rng, in an order that
 *   depends on nothing but the seed and the grid;
 * - it leaves one tree per connected part of the region's open cells.
 *   Row-based algorithms and recursive division may leave a part in pieces
 *   when cells are masked; the driver joins those (MAZE_GEN_MAY_SPLIT);
 * - it calls maze_gen_tick() at every step (or maze_gen_ticks() for
 *   several), and returns FALSE as soon as that does, leaving error
 *   unset: the driver sets MAZE_ERROR_CANCELLED and its caller clears or
 *   restores the grid, scratch bits and all;
 * - otherwise scratch bits are zero again on return;
 * - it returns FALSE otherwise only when memory runs out, with error set. */
typedef gboolean (*MazeGeneratorFunc) (MazeGenContext  *ctx,
                                       GError         **error);

gboolean maze_gen_backtracker        (MazeGenContext *ctx, GError **error);
gboolean maze_gen_prim               (MazeGenContext *ctx, GError **error);
gboolean maze_gen_simplified_prim    (MazeGenContext *ctx, GError **error);
gboolean maze_gen_kruskal            (MazeGenContext *ctx, GError **error);
gboolean maze_gen_wilson             (MazeGenContext *ctx, GError **error);
gboolean maze_gen_aldous_broder      (MazeGenContext *ctx, GError **error);
gboolean maze_gen_hunt_and_kill      (MazeGenContext *ctx, GError **error);
gboolean maze_gen_growing_tree       (MazeGenContext *ctx, GError **error);
gboolean maze_gen_eller              (MazeGenContext *ctx, GError **error);
gboolean maze_gen_sidewinder         (MazeGenContext *ctx, GError **error);
gboolean maze_gen_binary_tree        (MazeGenContext *ctx, GError **error);
gboolean maze_gen_recursive_division (MazeGenContext *ctx, GError **error);

/* Carves a forest into region (see the contract above) and joins pieces a
 * row-based generator left. Used by maze_generate() and region
 * regeneration, which pass the same stop check to every call of one
 * piece of work. On error (MAZE_ERROR_CANCELLED when stop said so) the
 * region is left half carved, for the caller to clear or restore. */
gboolean maze_generate_forest (MazeGrid                   *grid,
                               const MazeRect             *region,
                               const MazeGenerateOptions  *options,
                               MazeStopCheck              *stop,
                               GError                    **error);

/* Joins the pieces of the forest inside region with random walls until
 * each connected part of its open cells is one tree. */
gboolean maze_gen_join_forest (MazeGenContext  *ctx,
                               GError         **error);

/* maze_grid_count_components() counting each cell it floods as a step of
 * stop (may be NULL): MAZE_NO_CELL once stop says stop. */
guint32  maze_grid_count_components_checked (const MazeGrid *grid,
                                             const MazeRect *region,
                                             gboolean        use_passages,
                                             MazeStopCheck  *stop);

void     maze_gen_set_out_of_memory (GError **error);
void     maze_gen_set_cancelled     (GError **error);
/* "The ALGORITHM algorithm has no meaning on a hexagonal grid". */
void     maze_gen_set_unsupported   (GError        **error,
                                     MazeAlgorithm   algorithm,
                                     MazeShape       shape);

/* Counts steps of the generator for the stop check: FALSE means stop now
 * (return FALSE, see the contract above). */
static inline gboolean
maze_gen_ticks (MazeGenContext *ctx,
                guint32         n)
{
  return maze_stop_check_steps (ctx->stop, n);
}

static inline gboolean
maze_gen_tick (MazeGenContext *ctx)
{
  return maze_stop_check_steps (ctx->stop, 1);
}

static inline gboolean
maze_gen_in_region (const MazeGenContext *ctx,
                    guint                 x,
                    guint                 y)
{
  return maze_rect_contains_cell (ctx->grid, &ctx->region, x, y);
}

/* The neighbour of (x, y) towards dir when it is an open cell inside the
 * region: the only neighbours a generator may carve to. */
static inline gboolean
maze_gen_step (const MazeGenContext *ctx,
               guint                 x,
               guint                 y,
               guint                 dir,
               guint                *nx,
               guint                *ny)
{
  return maze_grid_step (ctx->grid, x, y, dir, nx, ny) &&
         maze_gen_in_region (ctx, *nx, *ny) &&
         !(ctx->grid->cells[maze_grid_index (ctx->grid, *nx, *ny)] & MAZE_CELL_MASKED);
}

/* Cell index relative to the region, 0..width*height-1, for per-region
 * arrays whose size follows the region rather than the grid
 * (maze_rect_local(): on the circular grid some places hold no cell). */
static inline guint32
maze_gen_local (const MazeGenContext *ctx,
                guint                 x,
                guint                 y)
{
  return maze_rect_local (ctx->grid, &ctx->region, x, y);
}

/* The cell at a local index that maze_gen_local() gave. */
static inline void
maze_gen_local_xy (const MazeGenContext *ctx,
                   guint32               local,
                   guint                *x,
                   guint                *y)
{
  maze_rect_local_xy (ctx->grid, &ctx->region, local, x, y);
}

/* The cell at any local index; FALSE when no cell takes it. */
static inline gboolean
maze_gen_local_cell (const MazeGenContext *ctx,
                     guint32               local,
                     guint                *x,
                     guint                *y)
{
  return maze_rect_local_xy (ctx->grid, &ctx->region, local, x, y);
}

/* The columns x0..x1-1 of region row y. */
static inline void
maze_gen_row_span (const MazeGenContext *ctx,
                   guint                 y,
                   guint                *x0,
                   guint                *x1)
{
  maze_rect_row_span (ctx->grid, &ctx->region, y, x0, x1);
}

/* Carves and reports it: the one way generators open a passage. flags
 * (MazeEventFlags) say whether the carve begins a step, or is setup; 0
 * for the carve a choice or a visit made. */
static inline void
maze_gen_carve (MazeGenContext *ctx,
                guint           x,
                guint           y,
                guint           dir,
                guint           nx,
                guint           ny,
                guint8          flags)
{
  maze_grid_carve (ctx->grid, x, y, dir, nx, ny);
  MAZE_EMIT (ctx->observer, MAZE_EVENT_CARVE,
             maze_grid_index (ctx->grid, x, y), maze_grid_index (ctx->grid, nx, ny),
             (gint8) dir, 0, 0, flags);
}

/* Helpers the generators share. The static inline ones run inside the
 * generators' step loops; the others, in generators/maze-gen-common.c,
 * run once per call or per part. */

/* ---- Direction masks ---- */

/* The number of directions in a mask (at most 8 bits), without the libgcc
 * call __builtin_popcount becomes on baseline x86-64. */
static inline guint
maze_gen_count_dirs (guint mask)
{
  mask = mask - ((mask >> 1) & 0x55);
  mask = (mask & 0x33) + ((mask >> 2) & 0x33);
  return (mask + (mask >> 4)) & 0x0f;
}

/* The n-th (from 0) set bit of a direction mask. */
static inline guint
maze_gen_nth_dir (guint mask,
                  guint n)
{
  while (n-- > 0)
    mask &= mask - 1;
  return (guint) __builtin_ctz (mask);
}

/* A uniform direction of a nonzero mask. It draws one number even when
 * the mask has a single direction: the generators that use it always did,
 * and their output for a seed depends on it. */
static inline guint
maze_gen_random_dir (MazeRng *rng,
                     guint    mask)
{
  return maze_gen_nth_dir (mask, maze_rng_below (rng, maze_gen_count_dirs (mask)));
}

/* A uniform direction of a nonzero mask, drawing only when there is a
 * choice (two directions or more). */
static inline guint
maze_gen_random_dir_if_choice (MazeRng *rng,
                               guint    mask)
{
  guint n = maze_gen_count_dirs (mask);

  return maze_gen_nth_dir (mask, n > 1 ? maze_rng_below (rng, n) : 0);
}

/* Every direction of the grid, as a mask. */
static inline guint
maze_gen_all_dirs (const MazeGenContext *ctx)
{
  return (1u << ctx->grid->topology->n_dirs) - 1;
}

/* The directions of a kind, as a mask; and the first of them, for kinds
 * every shape has exactly one of (ROW_NEXT; UP and DOWN on rect). */
static inline guint
maze_gen_dirs_of_kind (const MazeTopology *t,
                       MazeDirKind         kind)
{
  guint mask = 0;

  for (guint d = 0; d < t->n_dirs; d++)
    if (t->kind[d] == kind)
      mask |= 1u << d;
  return mask;
}

static inline guint
maze_gen_find_dir (const MazeTopology *t,
                   MazeDirKind         kind)
{
  guint mask = maze_gen_dirs_of_kind (t, kind);

  g_assert (mask != 0);
  return (guint) __builtin_ctz (mask);
}

/* The directions among `among` from (x, y) to open cells of the region:
 * what a cell could carve to, for choices and for the observer. */
static inline guint
maze_gen_open_dirs (const MazeGenContext *ctx,
                    guint                 x,
                    guint                 y,
                    guint                 among)
{
  guint mask = 0;

  for (guint d = 0; d < ctx->grid->topology->n_dirs; d++)
    {
      guint nx, ny;

      if (((among >> d) & 1) && maze_gen_step (ctx, x, y, d, &nx, &ny))
        mask |= 1u << d;
    }
  return mask;
}

/* The directions from (x, y) to open cells of the region that are in set
 * (a bitset over the region) when in is TRUE, or not in it when FALSE:
 * the visited neighbours to hook onto, or the unvisited ones to grow to. */
static inline guint
maze_gen_dirs_in_set (const MazeGenContext *ctx,
                      const MazeBitset     *set,
                      gboolean              in,
                      guint                 x,
                      guint                 y)
{
  guint mask = 0;

  for (guint d = 0; d < ctx->grid->topology->n_dirs; d++)
    {
      guint nx, ny;

      if (maze_gen_step (ctx, x, y, d, &nx, &ny) &&
          maze_bitset_get (set, maze_gen_local (ctx, nx, ny)) == in)
        mask |= 1u << d;
    }
  return mask;
}

/* ---- Steps ---- */

/* Carries out a choice: carves from (x, y) towards d, picked among
 * candidates (a direction mask), and reports the choice before the carve,
 * the carve in the choice's step. flags are the choice's: MAZE_EVENT_STEP
 * unless the choice belongs to a step begun before it (the visit of
 * the cell it is made at). The neighbour is returned in (*nx, *ny). */
static inline __attribute__((always_inline)) void
maze_gen_carve_choice (MazeGenContext *ctx,
                       guint           x,
                       guint           y,
                       guint           d,
                       guint           candidates,
                       guint8          flags,
                       guint          *nx,
                       guint          *ny)
{
  maze_grid_step (ctx->grid, x, y, d, nx, ny);
  MAZE_EMIT (ctx->observer, MAZE_EVENT_CHOOSE, maze_grid_index (ctx->grid, x, y),
             maze_grid_index (ctx->grid, *nx, *ny), (gint8) d, (guint8) candidates, 0, flags);
  maze_gen_carve (ctx, x, y, d, *nx, *ny, 0);
}

/* One step of a random walk (Aldous-Broder, Wilson's) from (x, y): a
 * uniform direction to an open neighbour in the region, chosen by
 * rejection (a maze_rng_below (n_dirs) per try, from rng: ctx's, or a
 * local copy of it that stays in registers) and reported to the
 * observer as a choice that begins a step; (x, y) must have such a
 * neighbour. Returns the direction and
 * the neighbour in (*nx, *ny). n_dirs comes from the caller, where it
 * stays in a register. */
static inline guint
maze_gen_random_step (MazeGenContext *ctx,
                      MazeRng        *rng,
                      guint           n_dirs,
                      guint           x,
                      guint           y,
                      guint          *nx,
                      guint          *ny)
{
  guint d;

  do
    d = maze_rng_below (rng, n_dirs);
  while (!maze_gen_step (ctx, x, y, d, nx, ny));

  MAZE_EMIT (ctx->observer, MAZE_EVENT_CHOOSE, maze_grid_index (ctx->grid, x, y),
             maze_grid_index (ctx->grid, *nx, *ny), (gint8) d,
             (guint8) maze_gen_open_dirs (ctx, x, y, maze_gen_all_dirs (ctx)), 0,
             MAZE_EVENT_STEP);
  return d;
}

/* ---- Random walks with a budget ---- */

/* The steps the random walks of Aldous-Broder and Wilson's may take in
 * one region before they are cut short: on a maze masked into a long
 * corridor a walk needs time growing with the square of its length, where
 * on an ordinary square grid of n open cells Aldous-Broder's walk covers
 * it in about 0.23-0.27 n log2(n)^2 steps and Wilson's walks take a fifth
 * of that (0.02-0.08 n bits(n)^2 measured at 200² to 2000², seeds 1-5);
 * a long thin grid (4000x50) needs up to 3 side^2 more. The budget,
 * n bits(n)^2 / share + 8 side^2 + 2^24 (bits(n): log2 rounded up, side:
 * the region's longer one; share MAZE_GEN_WALK_SHARE_AB, or _WILSON when
 * Wilson's walks start afresh), is twice the cover time or more on a
 * large grid (whose cover time varies little), three times Wilson's
 * longest measured, and thousands of times either on a small one (whose
 * cover time varies a lot): no unmasked grid comes near it. It is a count of steps, so a seed still gives one maze. What
 * the walks do once it is spent is in maze-gen-wilson.c and
 * maze-gen-aldous-broder.c. */
typedef struct
{
  guint64  left;   /* steps before walks are cut short */
  gboolean cut;    /* a walk was cut short: the forest needs joining */
} MazeGenWalkBudget;

#define MAZE_GEN_WALK_SHARE_AB     2
/* Generator version 3: Wilson's own budget, half Aldous-Broder's, which
 * took the winding corridor of 2000x1999 past 10 s. */
#define MAZE_GEN_WALK_SHARE_WILSON 4

/* The steps a walk may still take after the budget is spent. */
#define MAZE_GEN_WALK_CAP 256

/* Steps the walks count for the stop check at a time: often enough to
 * stop soon, rarely enough to keep the count out of the walk's loop. */
#define MAZE_GEN_WALK_TICK_BATCH 64

/* Counts a step of a walk in *ticks, a local, and asks the stop check
 * every MAZE_GEN_WALK_TICK_BATCH steps; FALSE: stop now. The walk hands
 * the rest of its count to maze_gen_ticks() when it ends. */
static inline gboolean
maze_gen_walk_tick (MazeGenContext *ctx,
                    guint          *ticks)
{
  if (G_LIKELY (++*ticks < MAZE_GEN_WALK_TICK_BATCH))
    return TRUE;
  *ticks = 0;
  return maze_gen_ticks (ctx, MAZE_GEN_WALK_TICK_BATCH);
}

/* The budget of a generator's walks in ctx's region. */
void     maze_gen_walk_budget_init   (MazeGenWalkBudget     *budget,
                                      const MazeGenContext  *ctx,
                                      guint                  share);

/* ---- The random walks' steps ---- */

/* Where a random walk is: the cell, its index in the grid, and its index
 * in the region (maze_gen_local()). */
typedef struct
{
  guint   x;
  guint   y;
  guint32 cell;
  guint32 local;
} MazeGenWalkAt;

static inline MazeGenWalkAt
maze_gen_walk_at (const MazeGenContext *ctx,
                  guint                 x,
                  guint                 y)
{
  return (MazeGenWalkAt) { x, y, maze_grid_index (ctx->grid, x, y), maze_gen_local (ctx, x, y) };
}

/* A regular grid (rect, hex, tri: topology not irregular) as the random
 * walks see it, for a step with no test of the shape: the neighbours'
 * offsets, in the grid and in the region, by row parity. The walks keep
 * it in a local, where their stores into the cells cannot reach it: read
 * through the grid and the topology, every value was loaded again after
 * each store (a byte store may alias anything), and with the circular
 * grid's tests that cost a quarter of the walks' speed. */
typedef struct
{
  guint8             *cells;
  const MazeObserver *observer;
  MazeRect            region;
  guint               n_dirs;
  guint8              dirs_at[2];
  gint8               dx[2][MAZE_MAX_DIRS];
  gint8               dy[MAZE_MAX_DIRS];
  gint32              cell_off[2][MAZE_MAX_DIRS];
  gint32              local_off[2][MAZE_MAX_DIRS];
} MazeGenRegularWalk;

/* FALSE on an irregular grid: the walks step the plain way there. */
gboolean maze_gen_regular_walk_init  (MazeGenRegularWalk    *walk,
                                      const MazeGenContext  *ctx);

/* The circular grid's ring table, from which the fast walks (the
 * backtracker's, the random walks') work out a cell's neighbours by
 * index: what maze_polar_step() says, without the cell's x and y. */
typedef struct
{
  const guint32 *lengths;
  const guint32 *starts;
  guint          n_rings;
  guint          n_spokes;      /* the centre cell's; 0 around a room */
} MazeGenRingTable;

void     maze_gen_ring_table_init    (MazeGenRingTable      *rings,
                                      const MazeGrid        *grid);

/* The neighbours of cell i of ring y by direction (MAZE_POLAR_*, or the
 * centre's spokes); where the cell has no side, i itself. centre: the
 * layout has a centre cell, a constant where a walk is inlined for each
 * kind, so that the room's walk tests nothing more. */
static inline __attribute__((always_inline)) void
maze_gen_ring_neighbours (const MazeGenRingTable *rings,
                          guint32                 i,
                          guint                   y,
                          guint32                 nb[MAZE_MAX_DIRS],
                          const gboolean          centre)
{
  guint32 length = rings->lengths[y], start = rings->starts[y];
  guint32 x = i - start;

  if (centre && G_UNLIKELY (y == 0))
    {
      for (guint d = 0; d < MAZE_MAX_DIRS; d++)
        nb[d] = d < rings->n_spokes ? 1 + d : i;
      return;
    }
  nb[MAZE_POLAR_CW] = x + 1 == length ? start : i + 1;
  nb[MAZE_POLAR_CCW] = x == 0 ? start + length - 1 : i - 1;
  nb[MAZE_POLAR_IN_A] = nb[MAZE_POLAR_IN_B] = i;
  nb[MAZE_POLAR_OUT_A] = nb[MAZE_POLAR_OUT_B] = i;
  if (y > 0)
    {
      if (centre && G_UNLIKELY (y == 1))
        nb[MAZE_POLAR_IN_A] = 0;
      else if (rings->lengths[y - 1] != length)
        nb[MAZE_POLAR_IN_A + (x & 1)] = rings->starts[y - 1] + x / 2;
      else
        nb[MAZE_POLAR_IN_A] = i - length;
    }
  if (y + 1 < rings->n_rings)
    {
      if (rings->lengths[y + 1] != length)
        {
          nb[MAZE_POLAR_OUT_A] = rings->starts[y + 1] + 2 * x;
          nb[MAZE_POLAR_OUT_B] = nb[MAZE_POLAR_OUT_A] + 1;
        }
      else
        nb[MAZE_POLAR_OUT_A] = i + length;
    }
}

/* The whole of a circular grid, masks and all, as the random walks see
 * it: the ring table, and what a cell's index in the region needs
 * (maze_gen_local() without its division: every ring's length is the
 * first's times a power of two). Kept in a local, as MazeGenRegularWalk
 * is. */
typedef struct
{
  MazeGenRingTable    rings;
  guint8             *cells;
  const MazeObserver *observer;
  guint32             width;        /* the region's: the outer ring's length */
  guint               width_twos;   /* the power of two in width */
  gboolean            centre;
} MazeGenRingWalk;

/* FALSE unless the grid is circular and the region the whole grid (a
 * ring sector's walks step the plain way). */
gboolean maze_gen_ring_walk_init     (MazeGenRingWalk       *walk,
                                      const MazeGenContext  *ctx);

/* Whether the side of cell i towards nb[d] leads to an open cell. */
static inline gboolean
maze_gen_ring_walk_open (const MazeGenRingWalk *walk,
                         const guint32          nb[MAZE_MAX_DIRS],
                         guint32                i,
                         guint                  d)
{
  return nb[d] != i && !(walk->cells[nb[d]] & MAZE_CELL_MASKED);
}

/* maze_gen_open_dirs() of cell i, for the observer. */
static inline guint
maze_gen_ring_walk_open_dirs (const MazeGenRingWalk *walk,
                              const guint32          nb[MAZE_MAX_DIRS],
                              guint32                i)
{
  guint mask = 0;

  for (guint d = 0; d < MAZE_MAX_DIRS; d++)
    mask |= (guint) maze_gen_ring_walk_open (walk, nb, i, d) << d;
  return mask;
}

/* maze_gen_walk_step() on the circular grid: the same draws, a uniform
 * direction of the six until one leads to an open cell, and the same
 * event; the ring the step lands on is the one whose cells hold its
 * index. */
static inline __attribute__((always_inline)) guint
maze_gen_ring_walk_step (const MazeGenRingWalk *walk,
                         MazeRng               *rng,
                         MazeGenWalkAt         *at)
{
  const MazeGenRingTable *rings = &walk->rings;
  guint32 nb[MAZE_MAX_DIRS];
  guint32 start, next;
  guint d, y;

  maze_gen_ring_neighbours (rings, at->cell, at->y, nb, walk->centre);
  do
    d = maze_rng_below (rng, MAZE_MAX_DIRS);
  while (!maze_gen_ring_walk_open (walk, nb, at->cell, d));
  next = nb[d];
  MAZE_EMIT (walk->observer, MAZE_EVENT_CHOOSE, at->cell, next, (gint8) d,
             (guint8) maze_gen_ring_walk_open_dirs (walk, nb, at->cell), 0, MAZE_EVENT_STEP);

  y = at->y;
  start = rings->starts[y];
  y = y - (next < start) + (next >= start + rings->lengths[y]);
  at->y = y;
  at->x = next - rings->starts[y];
  at->cell = next;
  /* The centre's x is 0, whatever its shift. */
  at->local = y * walk->width +
              (at->x << (walk->width_twos - (guint) __builtin_ctz (rings->lengths[y])));
  return d;
}

/* One step of a random walk from *at, which it moves: what
 * maze_gen_random_step() does, with the same draws and events. walk is
 * the grid as maze_gen_regular_walk_init() made it, or NULL on an
 * irregular grid; ring the circular grid as maze_gen_ring_walk_init()
 * made it, or NULL; both NULL: the plain step. Inlined with constant
 * NULLs or locals, the tests fold away. Returns the direction taken. */
static inline __attribute__((always_inline)) guint
maze_gen_walk_step (MazeGenContext           *ctx,
                    const MazeGenRegularWalk *walk,
                    const MazeGenRingWalk    *ring,
                    MazeRng                  *rng,
                    MazeGenWalkAt            *at)
{
  guint parity, dirs;

  if (ring != NULL)
    return maze_gen_ring_walk_step (ring, rng, at);
  if (walk == NULL)
    {
      guint nx = 0, ny = 0;
      guint d = maze_gen_random_step (ctx, rng, ctx->grid->topology->n_dirs, at->x, at->y,
                                      &nx, &ny);

      *at = maze_gen_walk_at (ctx, nx, ny);
      return d;
    }

  parity = at->y & 1;
  dirs = walk->dirs_at[(at->x ^ at->y) & 1];
  for (;;)
    {
      guint d = maze_rng_below (rng, walk->n_dirs);
      guint nx = at->x + (guint) (gint) walk->dx[parity][d];
      guint ny = at->y + (guint) (gint) walk->dy[d];

      /* Inside the region is inside the grid: the region is clipped. */
      if (((dirs >> d) & 1) && maze_rect_contains_cell_regular (&walk->region, nx, ny) &&
          !(walk->cells[at->cell + walk->cell_off[parity][d]] & MAZE_CELL_MASKED))
        {
          MAZE_EMIT (walk->observer, MAZE_EVENT_CHOOSE, at->cell,
                     at->cell + walk->cell_off[parity][d], (gint8) d,
                     (guint8) maze_gen_open_dirs (ctx, at->x, at->y, maze_gen_all_dirs (ctx)), 0,
                     MAZE_EVENT_STEP);
          at->cell += walk->cell_off[parity][d];
          at->local += walk->local_off[parity][d];
          at->x = nx;
          at->y = ny;
          return d;
        }
    }
}

/* ---- Random numbers ---- */

/* A uniform integer below bound, which may exceed 32 bits: the same draw
 * as maze_rng_below() for 32-bit bounds, so a list that grows past 2^32
 * entries needs no other code. */
static inline guint64
maze_gen_below64 (MazeRng *rng,
                  guint64  bound)
{
  guint64 mask;
  guint64 v;

  if (G_LIKELY (bound <= G_MAXUINT32))
    return maze_rng_below (rng, (guint32) bound);

  /* Rejection on the smallest covering power of two: integer-only. */
  mask = G_MAXUINT64 >> __builtin_clzll (bound - 1);
  do
    v = maze_rng_next (rng) & mask;
  while (v >= bound);
  return v;
}

/* Random bits handed out one at a time, low bit first, 64 per draw: for
 * the generators that spend single coin flips. Start it zeroed. */
typedef struct
{
  guint64 word;
  guint   left;
} MazeGenBits;

static inline guint
maze_gen_bits_next (MazeGenBits *bits,
                    MazeRng     *rng)
{
  guint bit;

  if (bits->left == 0)
    {
      bits->word = maze_rng_next (rng);
      bits->left = 64;
    }
  bit = bits->word & 1;
  bits->word >>= 1;
  bits->left--;
  return bit;
}

/* Bit i of a region row's coin flips, one fresh draw per 64 cells taken
 * when cell i % 64 == 0 is reached (binary tree, sidewinder): the row's
 * cells ask in order, and the fast paths read the same words whole. */
static inline gboolean
maze_gen_row_bit (MazeRng *rng,
                  guint64 *word,
                  guint    i)
{
  if (i % 64 == 0)
    *word = maze_rng_next (rng);
  return (*word >> (i % 64)) & 1;
}

/* ---- Connected parts of the region ---- */

/* Cells of the region in reading order, wrapping around from a random
 * first one: the order in which the generators that grow one connected
 * part at a time (both Prim's, Wilson's, Aldous-Broder, hunt-and-kill)
 * start each part. */
typedef struct
{
  guint32 start;
  guint32 i;
  guint32 n;
} MazeGenSweep;

/* Draws the first cell: maze_rng_below (region cells). */
static inline void
maze_gen_sweep_init (MazeGenSweep   *sweep,
                     MazeGenContext *ctx)
{
  sweep->n = ctx->region.width * ctx->region.height;
  sweep->start = maze_rng_below (&ctx->rng, sweep->n);
  sweep->i = 0;
}

/* The next open cell not in done (a bitset over the region, or NULL):
 * its local index and (x, y). FALSE when every cell has been passed. */
static inline gboolean
maze_gen_sweep_next (MazeGenSweep         *sweep,
                     const MazeGenContext *ctx,
                     const MazeBitset     *done,
                     guint32              *local,
                     guint                *x,
                     guint                *y)
{
  while (sweep->i < sweep->n)
    {
      /* start + i < 2 * n <= 2^32: no overflow. */
      guint32 l = sweep->start + sweep->i < sweep->n ? sweep->start + sweep->i
                                                     : sweep->start + sweep->i - sweep->n;

      sweep->i++;
      if (done != NULL && maze_bitset_get (done, l))
        continue;
      if (!maze_gen_local_cell (ctx, l, x, y))
        continue;
      if (ctx->grid->cells[maze_grid_index (ctx->grid, *x, *y)] & MAZE_CELL_MASKED)
        continue;
      *local = l;
      return TRUE;
    }
  return FALSE;
}

/* Wilson's walks from every open cell of the region not in in_tree (a
 * bitset over the region), taken in sweep's order, the first cell met of
 * a part not in seen becoming its root; then the join of the trees when
 * the budget cut a walk short. Aldous-Broder hands over to it when its
 * budget is spent. FALSE: out of memory (error set) or told to stop. */
gboolean maze_gen_wilson_walks       (MazeGenContext        *ctx,
                                      MazeBitset            *in_tree,
                                      MazeBitset            *seen,
                                      MazeGenSweep          *sweep,
                                      MazeGenWalkBudget     *budget,
                                      GError               **error);

/* Marks every open cell of (x, y)'s connected part in the region in seen
 * (a bitset over the region); returns how many there are. */
guint32  maze_gen_flood_part         (MazeGenContext        *ctx,
                                      MazeBitset            *seen,
                                      guint                  x,
                                      guint                  y);

/* The open cells of the region. */
guint32  maze_gen_count_open         (const MazeGenContext  *ctx);

/* ---- Visited flags with a border ---- */

/* A bitset over the region with a one-cell border, the border and the
 * masked cells set: visited flags whose neighbour tests need no bounds
 * test (backtracker, growing tree). On an irregular grid, whose
 * neighbours are no offsets, it has no border (maze_gen_padded_bit() is
 * maze_gen_local()) and maze_gen_unvisited_dirs() steps the plain way.
 * NULL when memory runs out. */
MazeBitset *maze_gen_padded_seen_new (const MazeGenContext  *ctx);

/* The padded bitset's row width, and the bit of (x, y) in it. */
static inline guint64
maze_gen_padded_width (const MazeGenContext *ctx)
{
  return (guint64) ctx->region.width + 2;
}

static inline guint64
maze_gen_padded_bit (const MazeGenContext *ctx,
                     guint                 x,
                     guint                 y)
{
  if (G_UNLIKELY (ctx->grid->topology->irregular))
    return maze_gen_local (ctx, x, y);
  return (guint64) (y - ctx->region.y + 1) * maze_gen_padded_width (ctx) +
         (x - ctx->region.x + 1);
}

/* The directions among dirs (the cell's, maze_topology_dirs_at()) from
 * bit s of the padded bitset seen to cells not in it, given the offsets
 * of maze_gen_padded_offsets() for its row: on a regular grid, for loops
 * that have tested topology->irregular once. */
static inline guint
maze_gen_unvisited_dirs_regular (const MazeBitset *seen,
                                 const gint64     *off,
                                 guint64           s,
                                 guint             n_dirs,
                                 guint             dirs)
{
  guint mask = 0;

  for (guint d = 0; d < n_dirs; d++)
    mask |= (guint) !maze_bitset_get (seen, s + off[d]) << d;
  return mask & dirs;
}

/* The directions from (x, y), bit s of the padded bitset seen, to cells
 * not in it, given the offsets of maze_gen_padded_offsets() for its row. */
static inline guint
maze_gen_unvisited_dirs (const MazeGenContext *ctx,
                         const MazeBitset     *seen,
                         const gint64         *off,
                         guint64               s,
                         guint                 x,
                         guint                 y)
{
  const MazeTopology *t = ctx->grid->topology;

  if (G_UNLIKELY (t->irregular))
    return maze_gen_dirs_in_set (ctx, seen, FALSE, x, y);
  return maze_gen_unvisited_dirs_regular (seen, off, s, t->n_dirs,
                                          maze_topology_dirs_at (t, x, y));
}

/* The neighbour offsets in the padded bitset, by row parity. */
void     maze_gen_padded_offsets     (const MazeGenContext  *ctx,
                                      gint64                 off[2][MAZE_MAX_DIRS]);

/* ---- Wall lists ---- */

/* An array of walls in whatever encoding a generator chooses, with
 * guint32 entries when every value fits and guint64 otherwise (Kruskal's,
 * Prim's, the forest join). */
typedef struct
{
  gpointer data;
  gboolean wide;       /* guint64 entries instead of guint32 */
} MazeGenWalls;

static inline guint64
maze_gen_walls_get (const MazeGenWalls *walls,
                    guint64             i)
{
  return walls->wide ? ((const guint64 *) walls->data)[i] : ((const guint32 *) walls->data)[i];
}

static inline void
maze_gen_walls_set (const MazeGenWalls *walls,
                    guint64             i,
                    guint64             wall)
{
  if (walls->wide)
    ((guint64 *) walls->data)[i] = wall;
  else
    ((guint32 *) walls->data)[i] = (guint32) wall;
}

/* Fisher-Yates over the first n walls, drawing maze_gen_below64 (i) for
 * i = n down to 2: the order is part of the output. */
void     maze_gen_shuffle_walls      (MazeRng               *rng,
                                      const MazeGenWalls    *walls,
                                      guint64                n);

/* ---- Rectangular fast paths of the row-based generators ---- */

/* The rectangular fast paths of the row-based generators write passages
 * as bits: east is the ROW_NEXT bit a cell owns, south the bit in the cell
 * above that stands for UP. Returned by value, so that they stay in
 * registers beside the fast paths' byte stores. */
typedef struct
{
  guint8 east;
  guint8 south;
} MazeGenRectBits;

MazeGenRectBits maze_gen_rect_bits   (const MazeTopology    *t);

/* Whether a row-based generator (binary tree, sidewinder) may take its
 * rectangular fast path: a rectangular grid, nobody watching, no masked
 * cell in the region. */
static inline gboolean
maze_gen_rect_fast_path_fits (const MazeGenContext *ctx)
{
  return ctx->grid->shape == MAZE_SHAPE_RECT && ctx->observer == NULL &&
         !maze_grid_has_mask (ctx->grid, &ctx->region);
}

/* ORs eight bytes into p, unaligned. */
static inline void
maze_gen_or8 (guint8  *p,
              guint64  bytes)
{
  guint64 v;

  memcpy (&v, p, 8);
  v |= bytes;
  memcpy (p, &v, 8);
}

/* spread[b] holds, in memory order, eight bytes that are the bits of b
 * (low bit first), each 0 or 1: one random byte becomes eight cells.
 * Inline, so that the table stays private to the fast path that fills it
 * (a byte store elsewhere cannot change it). */
static inline void
maze_gen_spread_init (guint64 spread[256])
{
  for (guint b = 0; b < 256; b++)
    {
      guint8 bytes[8];

      for (guint j = 0; j < 8; j++)
        bytes[j] = (b >> j) & 1;
      memcpy (&spread[b], bytes, 8);
    }
}

G_END_DECLS
