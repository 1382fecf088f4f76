/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-generator-private.h"

/* Aldous-Broder: a random walk, carving into unvisited cells.
 *
 * Walk at random, uniformly among the open neighbours in the region, and
 * whenever the walk enters a cell for the first time carve the passage it
 * came through. Stop when every cell of the part has been visited, which
 * needs the part's size: a flood fill counts it first. The tree is uniform
 * among all spanning trees, but the walk takes the cover time of the part,
 * far more steps than there are cells.
 *
 * Cells are taken in reading order, wrapping around from a random first
 * cell; the first cell met of each connected part starts that part's walk.
 * Extra memory: two bitsets (visited, and seen by the flood fill), a
 * quarter byte per cell. The flood fill is a depth-first search without a
 * stack: each cell keeps the direction back to its parent in its scratch
 * bits until the search leaves it for good.
 *
 * The walk has a budget (MazeGenWalkBudget): on a maze masked into a long
 * corridor its cover time grows with the square of the corridor. Once the
 * budget is spent the walk stops where it is and Wilson's walks, bounded
 * as in maze-gen-wilson.c, add the cells not visited yet to the tree
 * (every part not begun gets its root as in Wilson's), in the same
 * reading order from the same first cell. Mazes whose walk stays within
 * the budget, every ordinary one, draw exactly as before. */

/* On a regular grid of four directions (rect, tri), whose neighbours'
 * offsets are the same in every row, a cell the walk has visited keeps
 * the directions from it to open cells of the region in its scratch bits,
 * worked out on the first visit: a step reads the byte of the cell it
 * stands on and tests no border, mask or shape. The walk stands only on
 * visited cells, so it always finds them there. The same draws and
 * events as maze_gen_walk_step(); clear_scratch() clears the bits. */
static inline guint
step_by_mask (const MazeGenRegularWalk *tables,
              MazeRng                  *rng,
              MazeGenWalkAt            *at)
{
  guint mask = tables->cells[at->cell] >> MAZE_CELL_SCRATCH_SHIFT;
  guint d;

  do
    d = maze_rng_below (rng, 4);
  while (!((mask >> d) & 1));
  MAZE_EMIT (tables->observer, MAZE_EVENT_CHOOSE, at->cell, at->cell + tables->cell_off[0][d],
             (gint8) d, (guint8) mask, 0, MAZE_EVENT_STEP);
  at->cell += tables->cell_off[0][d];
  at->local += tables->local_off[0][d];
  at->x += (guint) (gint) tables->dx[0][d];
  at->y += (guint) (gint) tables->dy[d];
  return d;
}

/* Keeps the open directions of a cell first visited (see step_by_mask()). */
static inline void
keep_open_dirs (MazeGenContext      *ctx,
                const MazeGenWalkAt *at)
{
  ctx->grid->cells[at->cell] |=
    (guint8) (maze_gen_open_dirs (ctx, at->x, at->y, maze_gen_all_dirs (ctx)) << MAZE_CELL_SCRATCH_SHIFT);
}

/* Walks from (x, y) until all n_cells cells of its part are visited or the
 * budget is spent. FALSE: told to stop. regular is the grid's tables
 * (maze_gen_regular_walk_init()), or NULL on an irregular grid; ring the
 * circular grid's (maze_gen_ring_walk_init()), or NULL; masks says
 * whether the walk steps by step_by_mask(). walk_part() inlines this
 * once for each kind of grid. The random generator, the budget and the
 * step count live in locals, as in Wilson's walk (maze-gen-wilson.c). */
static inline __attribute__((always_inline)) gboolean
walk_part_on (MazeGenContext           *ctx,
              const MazeGenRegularWalk *regular,
              const MazeGenRingWalk    *ring,
              const gboolean            masks,
              MazeBitset               *visited,
              MazeGenWalkBudget        *budget,
              guint32                   n_cells,
              guint                     x,
              guint                     y)
{
  MazeRng rng = ctx->rng;
  guint64 left = budget->left;
  guint32 to_visit = n_cells - 1;
  guint ticks = 0;
  MazeGenWalkAt at = maze_gen_walk_at (ctx, x, y);

  maze_bitset_set (visited, at.local);
  MAZE_EMIT (ctx->observer, MAZE_EVENT_VISIT, at.cell, MAZE_NO_CELL, -1, 0, 0, MAZE_EVENT_STEP);
  if (masks)
    keep_open_dirs (ctx, &at);

  while (to_visit > 0)
    {
      MazeGenWalkAt from = at;
      guint d;

      if (G_UNLIKELY (!maze_gen_walk_tick (ctx, &ticks)))
        {
          ctx->rng = rng;
          budget->left = left;
          return FALSE;
        }
      if (G_UNLIKELY (left == 0))
        break;
      left--;
      /* The part has at least two cells, so there is a way on. */
      d = masks ? step_by_mask (regular, &rng, &at)
                : maze_gen_walk_step (ctx, regular, ring, &rng, &at);
      if (!maze_bitset_get (visited, at.local))
        {
          maze_gen_carve (ctx, from.x, from.y, d, at.x, at.y, 0);
          if (masks)
            keep_open_dirs (ctx, &at);
          maze_bitset_set (visited, at.local);
          MAZE_EMIT (ctx->observer, MAZE_EVENT_VISIT, at.cell, MAZE_NO_CELL, -1, 0, 0, 0);
          to_visit--;
        }
    }
  ctx->rng = rng;
  budget->left = left;
  return ticks == 0 || maze_gen_ticks (ctx, ticks);
}

static gboolean
walk_part (MazeGenContext           *ctx,
           const MazeGenRegularWalk *regular,
           const MazeGenRingWalk    *ring,
           gboolean                  masks,
           MazeBitset               *visited,
           MazeGenWalkBudget        *budget,
           guint32                   n_cells,
           guint                     x,
           guint                     y)
{
  if (regular != NULL)
    {
      /* A copy the walk's stores into the cells cannot reach. */
      const MazeGenRegularWalk tables = *regular;

      if (masks)
        return walk_part_on (ctx, &tables, NULL, TRUE, visited, budget, n_cells, x, y);
      return walk_part_on (ctx, &tables, NULL, FALSE, visited, budget, n_cells, x, y);
    }
  if (ring != NULL)
    {
      const MazeGenRingWalk rings = *ring;

      return walk_part_on (ctx, NULL, &rings, FALSE, visited, budget, n_cells, x, y);
    }
  return walk_part_on (ctx, NULL, NULL, FALSE, visited, budget, n_cells, x, y);
}

/* Whether step_by_mask() fits the grid: four directions, the same
 * offsets in every row. */
static gboolean
masks_fit (const MazeGenContext *ctx)
{
  const MazeTopology *t = ctx->grid->topology;

  return !t->irregular && t->n_dirs == 4 && memcmp (t->dx[0], t->dx[1], sizeof t->dx[0]) == 0;
}

/* Zero again the scratch bits step_by_mask() read in the region. */
static void
clear_scratch (MazeGenContext *ctx)
{
  const MazeRect *r = &ctx->region;

  for (guint y = r->y; y < r->y + r->height; y++)
    {
      guint8 *row = ctx->grid->cells + maze_grid_index (ctx->grid, r->x, y);

      for (guint x = 0; x < r->width; x++)
        row[x] &= MAZE_CELL_STATE;
    }
}

gboolean
maze_gen_aldous_broder (MazeGenContext  *ctx,
                        GError         **error)
{
  const guint32 n_local = ctx->region.width * ctx->region.height;
  g_autofree MazeBitset *visited = maze_bitset_new (n_local);
  g_autofree MazeBitset *seen = maze_bitset_new (n_local);
  MazeGenRegularWalk regular;
  gboolean is_regular = maze_gen_regular_walk_init (&regular, ctx);
  MazeGenRingWalk ring;
  gboolean is_ring = maze_gen_ring_walk_init (&ring, ctx);
  gboolean masks = masks_fit (ctx);
  MazeGenWalkBudget budget;
  MazeGenSweep sweep;
  guint32 local;
  guint x, y;

  if (visited == NULL || seen == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }

  maze_gen_sweep_init (&sweep, ctx);
  maze_gen_walk_budget_init (&budget, ctx, MAZE_GEN_WALK_SHARE_AB);
  while (maze_gen_sweep_next (&sweep, ctx, seen, &local, &x, &y))
    {
      guint32 n_cells = maze_gen_flood_part (ctx, seen, x, y);

      if (!walk_part (ctx, is_regular ? &regular : NULL, is_ring ? &ring : NULL, masks, visited,
                      &budget, n_cells, x, y))
        return FALSE;
      if (budget.left == 0)
        {
          /* Wilson's takes over, from the first cell again. */
          if (masks)
            clear_scratch (ctx);
          sweep.i = 0;
          return maze_gen_wilson_walks (ctx, visited, seen, &sweep, &budget, error);
        }
    }

  if (masks)
    clear_scratch (ctx);
  return TRUE;
}
