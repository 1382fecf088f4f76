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

/* Walks from (x, y) until all n_cells cells of its part are visited or the
 * budget is spent. FALSE: told to stop. */
static gboolean
walk_part (MazeGenContext    *ctx,
           MazeBitset        *visited,
           MazeGenWalkBudget *budget,
           guint32            n_cells,
           guint              x,
           guint              y)
{
  MazeGrid *grid = ctx->grid;
  const guint n_dirs = grid->topology->n_dirs;
  guint32 left = n_cells - 1;
  guint cx = x, cy = y;

  maze_bitset_set (visited, maze_gen_local (ctx, x, y));
  MAZE_EMIT (ctx->observer, MAZE_EVENT_VISIT, maze_grid_index (grid, x, y),
             MAZE_NO_CELL, -1, 0, 0, MAZE_EVENT_STEP);

  while (left > 0)
    {
      guint nx = 0, ny = 0;
      guint32 local;
      guint d;

      if (!maze_gen_tick (ctx))
        return FALSE;
      if (!maze_gen_walk_budget_take (budget))
        break;
      /* The part has at least two cells, so there is a way on. */
      d = maze_gen_random_step (ctx, &ctx->rng, n_dirs, cx, cy, &nx, &ny);
      local = maze_gen_local (ctx, nx, ny);
      if (!maze_bitset_get (visited, local))
        {
          maze_gen_carve (ctx, cx, cy, d, nx, ny, 0);
          maze_bitset_set (visited, local);
          MAZE_EMIT (ctx->observer, MAZE_EVENT_VISIT, maze_grid_index (grid, nx, ny),
                     MAZE_NO_CELL, -1, 0, 0, 0);
          left--;
        }
      cx = nx;
      cy = ny;
    }
  return TRUE;
}

gboolean
maze_gen_aldous_broder (MazeGenContext  *ctx,
                        GError         **error)
{
  const guint32 n_local = ctx->region.width * ctx->region.height;
  g_autofree MazeBitset *visited = maze_bitset_new (n_local);
  g_autofree MazeBitset *seen = maze_bitset_new (n_local);
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
      if (!walk_part (ctx, visited, &budget, maze_gen_flood_part (ctx, seen, x, y), x, y))
        return FALSE;
      if (budget.left == 0)
        {
          /* Wilson's takes over, from the first cell again. */
          sweep.i = 0;
          return maze_gen_wilson_walks (ctx, visited, seen, &sweep, &budget, error);
        }
    }

  return TRUE;
}
