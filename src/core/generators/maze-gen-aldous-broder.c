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
 * bits until the search leaves it for good. */

/* Marks every open cell of (x, y)'s part in seen; returns how many. */
static guint32
flood_part (MazeGenContext *ctx,
            MazeBitset     *seen,
            guint           x,
            guint           y)
{
  MazeGrid *grid = ctx->grid;
  const MazeTopology *t = grid->topology;
  guint cx = x, cy = y;
  guint32 count = 1;
  guint d = 0;

  maze_bitset_set (seen, maze_gen_local (ctx, x, y));
  for (;;)
    {
      guint nx = 0, ny = 0;

      for (; d < t->n_dirs; d++)
        if (maze_gen_step (ctx, cx, cy, d, &nx, &ny) &&
            !maze_bitset_get (seen, maze_gen_local (ctx, nx, ny)))
          break;

      if (d < t->n_dirs)
        {
          maze_bitset_set (seen, maze_gen_local (ctx, nx, ny));
          grid->cells[maze_grid_index (grid, nx, ny)] |=
            (guint8) (t->opposite[d] << MAZE_CELL_SCRATCH_SHIFT);
          count++;
          cx = nx;
          cy = ny;
          d = 0;
        }
      else
        {
          guint8 *cell = &grid->cells[maze_grid_index (grid, cx, cy)];
          guint back;

          if (cx == x && cy == y)
            break;
          back = *cell >> MAZE_CELL_SCRATCH_SHIFT;
          *cell &= (guint8) ~MAZE_CELL_SCRATCH;
          maze_grid_step (grid, cx, cy, back, &cx, &cy);
          /* Go on with the parent's directions after the one that led here. */
          d = t->opposite[back] + 1u;
        }
    }
  return count;
}

/* Directions from (x, y) to open cells of the region, for the observer. */
static guint
open_dirs (const MazeGenContext *ctx,
           guint                 x,
           guint                 y)
{
  guint mask = 0;

  for (guint d = 0; d < ctx->grid->topology->n_dirs; d++)
    {
      guint nx, ny;

      if (maze_gen_step (ctx, x, y, d, &nx, &ny))
        mask |= 1u << d;
    }
  return mask;
}

/* Walks from (x, y) until all n_cells cells of its part are visited. */
static void
walk_part (MazeGenContext *ctx,
           MazeBitset     *visited,
           guint32         n_cells,
           guint           x,
           guint           y)
{
  MazeGrid *grid = ctx->grid;
  const guint n_dirs = grid->topology->n_dirs;
  guint32 left = n_cells - 1;
  guint cx = x, cy = y;

  maze_bitset_set (visited, maze_gen_local (ctx, x, y));
  MAZE_EMIT (ctx->observer, MAZE_EVENT_VISIT, maze_grid_index (grid, x, y),
             MAZE_NO_CELL, -1, 0, 0);

  while (left > 0)
    {
      guint nx = 0, ny = 0;
      guint32 local;
      guint d;

      /* Rejection keeps the choice uniform among the open neighbours; the
       * part has at least two cells, so there is one. */
      do
        d = maze_rng_below (&ctx->rng, n_dirs);
      while (!maze_gen_step (ctx, cx, cy, d, &nx, &ny));

      MAZE_EMIT (ctx->observer, MAZE_EVENT_CHOOSE, maze_grid_index (grid, cx, cy),
                 maze_grid_index (grid, nx, ny), (gint8) d, (guint8) open_dirs (ctx, cx, cy), 0);
      local = maze_gen_local (ctx, nx, ny);
      if (!maze_bitset_get (visited, local))
        {
          maze_gen_carve (ctx, cx, cy, d, nx, ny);
          maze_bitset_set (visited, local);
          MAZE_EMIT (ctx->observer, MAZE_EVENT_VISIT, maze_grid_index (grid, nx, ny),
                     MAZE_NO_CELL, -1, 0, 0);
          left--;
        }
      cx = nx;
      cy = ny;
    }
}

gboolean
maze_gen_aldous_broder (MazeGenContext  *ctx,
                        GError         **error)
{
  MazeGrid *grid = ctx->grid;
  const guint32 n_local = ctx->region.width * ctx->region.height;
  g_autofree MazeBitset *visited = maze_bitset_new (n_local);
  g_autofree MazeBitset *seen = maze_bitset_new (n_local);
  guint32 start;

  if (visited == NULL || seen == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }

  start = maze_rng_below (&ctx->rng, n_local);
  for (guint32 i = 0; i < n_local; i++)
    {
      /* start + i < 2 * n_local <= 2^32: no overflow. */
      guint32 local = start + i < n_local ? start + i : start + i - n_local;
      guint x, y;

      maze_gen_local_xy (ctx, local, &x, &y);
      if (maze_bitset_get (seen, local) ||
          (grid->cells[maze_grid_index (grid, x, y)] & MAZE_CELL_MASKED))
        continue;

      walk_part (ctx, visited, flood_part (ctx, seen, x, y), x, y);
    }

  return TRUE;
}
