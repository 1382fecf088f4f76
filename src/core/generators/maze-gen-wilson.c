/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-generator-private.h"

/* Wilson's: loop-erased random walks, a uniform spanning tree.
 *
 * One cell of each connected part is the root of its tree. From every
 * other cell not yet in the tree, walk at random (uniformly among the open
 * neighbours in the region) until the walk hits the tree, each cell
 * remembering the direction the walk last left it by; then follow those
 * directions again from the start and add that path to the tree. A loop is
 * erased simply by the later direction overwriting the earlier one. The
 * directions live in the cells' scratch bits, so the only extra memory is
 * two bitsets (in the tree, and seen by a flood fill): a quarter byte per
 * cell. A cell that a walk left but whose loop was erased keeps a stale
 * direction until a later walk adds it to the tree, which clears it; in the
 * end every cell is in the tree, so every scratch bit is zero again.
 *
 * A walk in a part without a tree cell would never end, so cells are taken
 * in reading order (wrapping around from a random first cell) and the first
 * cell met of each part becomes its root, after a flood fill marks the
 * whole part as seen: any later cell of a seen part has a root to reach.
 * The flood fill is a depth-first search without a stack: each cell keeps
 * the direction back to its parent in its scratch bits until the search
 * leaves it for good.
 *
 * The walks have a budget (MazeGenWalkBudget): on a maze masked into a
 * long corridor a walk needs time growing with the square of the corridor
 * to find the tree. Once the budget is spent, each walk takes at most
 * MAZE_GEN_WALK_CAP more steps; a walk that has not found the tree by then
 * ends where it is, and that cell becomes the root of a tree of its own
 * (the loop-erased path joins it). The trees are joined at the end by
 * maze_gen_join_forest(), which draws after the walks. Mazes whose walks
 * stay within the budget, every ordinary one, draw exactly as before. */

/* Walks from (x, y) until the tree, then adds the loop-erased path.
 * FALSE: told to stop. regular is the grid's tables
 * (maze_gen_regular_walk_init()), or NULL on an irregular grid; ring the
 * circular grid's (maze_gen_ring_walk_init()), or NULL; walk() inlines
 * this once for each kind. The random generator, the budget and the
 * step count live in locals during the walk: a store into a cell's
 * scratch bits could alias them for all the compiler knows, and it would
 * store and reload them every step, which made a third of the walk's time
 * on the winding corridor. The draws are the same. */
static inline __attribute__((always_inline)) gboolean
walk_on (MazeGenContext           *ctx,
         const MazeGenRegularWalk *regular,
         const MazeGenRingWalk    *ring,
         MazeBitset               *in_tree,
         MazeGenWalkBudget        *budget,
         guint                     x,
         guint                     y)
{
  MazeGrid *grid = ctx->grid;
  guint8 *cells = grid->cells;
  MazeRng rng = ctx->rng;
  guint64 left = budget->left;
  guint cap = MAZE_GEN_WALK_CAP;
  guint ticks = 0;
  MazeGenWalkAt at = maze_gen_walk_at (ctx, x, y);
  guint cx, cy;

  while (!maze_bitset_get (in_tree, at.local))
    {
      guint8 *cell = &cells[at.cell];
      guint d;

      if (G_UNLIKELY (!maze_gen_walk_tick (ctx, &ticks)))
        {
          ctx->rng = rng;
          budget->left = left;
          return FALSE;
        }
      if (G_LIKELY (left > 0))
        left--;
      else if (cap-- == 0)
        {
          /* Out of steps: a new root here. */
          *cell &= (guint8) ~MAZE_CELL_SCRATCH;
          maze_bitset_set (in_tree, at.local);
          MAZE_EMIT (ctx->observer, MAZE_EVENT_VISIT, at.cell, MAZE_NO_CELL, -1, 0, 0,
                     MAZE_EVENT_STEP);
          budget->cut = TRUE;
          break;
        }

      /* The part has at least two cells, so there is a way on. */
      d = maze_gen_walk_step (ctx, regular, ring, &rng, &at);
      *cell = (guint8) ((*cell & ~MAZE_CELL_SCRATCH) | (d << MAZE_CELL_SCRATCH_SHIFT));
    }
  ctx->rng = rng;
  budget->left = left;
  if (ticks > 0 && !maze_gen_ticks (ctx, ticks))
    return FALSE;

  cx = x;
  cy = y;
  while (!maze_bitset_get (in_tree, maze_gen_local (ctx, cx, cy)))
    {
      guint8 *cell = &grid->cells[maze_grid_index (grid, cx, cy)];
      guint d = *cell >> MAZE_CELL_SCRATCH_SHIFT;
      guint nx = 0, ny = 0;

      *cell &= (guint8) ~MAZE_CELL_SCRATCH;
      maze_bitset_set (in_tree, maze_gen_local (ctx, cx, cy));
      MAZE_EMIT (ctx->observer, MAZE_EVENT_VISIT, maze_grid_index (grid, cx, cy),
                 MAZE_NO_CELL, -1, 0, 0, MAZE_EVENT_STEP);
      maze_grid_step (grid, cx, cy, d, &nx, &ny);
      maze_gen_carve (ctx, cx, cy, d, nx, ny, 0);
      cx = nx;
      cy = ny;
    }
  return TRUE;
}

static gboolean
walk (MazeGenContext           *ctx,
      const MazeGenRegularWalk *regular,
      const MazeGenRingWalk    *ring,
      MazeBitset               *in_tree,
      MazeGenWalkBudget        *budget,
      guint                     x,
      guint                     y)
{
  if (regular != NULL)
    return walk_on (ctx, regular, NULL, in_tree, budget, x, y);
  if (ring != NULL)
    {
      /* A copy the walk's stores into the cells cannot reach. */
      const MazeGenRingWalk rings = *ring;

      return walk_on (ctx, NULL, &rings, in_tree, budget, x, y);
    }
  return walk_on (ctx, NULL, NULL, in_tree, budget, x, y);
}

gboolean
maze_gen_wilson_walks (MazeGenContext     *ctx,
                       MazeBitset         *in_tree,
                       MazeBitset         *seen,
                       MazeGenSweep       *sweep,
                       MazeGenWalkBudget  *budget,
                       GError            **error)
{
  MazeGenRegularWalk regular;
  gboolean is_regular = maze_gen_regular_walk_init (&regular, ctx);
  MazeGenRingWalk ring;
  gboolean is_ring = maze_gen_ring_walk_init (&ring, ctx);
  guint32 local;
  guint x, y;

  while (maze_gen_sweep_next (sweep, ctx, in_tree, &local, &x, &y))
    {
      if (!maze_bitset_get (seen, local))
        {
          /* The first cell of a new part: its root. */
          maze_gen_flood_part (ctx, seen, x, y);
          maze_bitset_set (in_tree, local);
          MAZE_EMIT (ctx->observer, MAZE_EVENT_VISIT, maze_grid_index (ctx->grid, x, y),
                     MAZE_NO_CELL, -1, 0, 0, MAZE_EVENT_STEP);
          continue;
        }
      if (!walk (ctx, is_regular ? &regular : NULL, is_ring ? &ring : NULL, in_tree, budget,
                 x, y))
        return FALSE;
    }

  if (budget->cut)
    return maze_gen_join_forest (ctx, error);
  return TRUE;
}

gboolean
maze_gen_wilson (MazeGenContext  *ctx,
                 GError         **error)
{
  const guint32 n_local = ctx->region.width * ctx->region.height;
  g_autofree MazeBitset *in_tree = maze_bitset_new (n_local);
  g_autofree MazeBitset *seen = maze_bitset_new (n_local);
  MazeGenWalkBudget budget;
  MazeGenSweep sweep;

  if (in_tree == NULL || seen == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }

  maze_gen_sweep_init (&sweep, ctx);
  maze_gen_walk_budget_init (&budget, ctx, MAZE_GEN_WALK_SHARE_WILSON);
  return maze_gen_wilson_walks (ctx, in_tree, seen, &sweep, &budget, error);
}
