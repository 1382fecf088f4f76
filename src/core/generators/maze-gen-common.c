/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-generator-private.h"

/* Helpers several generators share that run once per call or per part,
 * not per step; the per-step ones are static inline in
 * maze-generator-private.h. */

/* A depth-first search without a stack: each cell keeps the direction back
 * to its parent in its scratch bits until the search leaves it for good,
 * so the scratch bits are zero again on return. The way back is
 * maze_grid_back_dir(), not the topology's opposite: a centre cell's
 * spokes are no sides of the same kind in every cell. */
guint32
maze_gen_flood_part (MazeGenContext *ctx,
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
            (guint8) (maze_grid_back_dir (grid, cx, cy, d) << MAZE_CELL_SCRATCH_SHIFT);
          count++;
          cx = nx;
          cy = ny;
          d = 0;
        }
      else
        {
          guint8 *cell = &grid->cells[maze_grid_index (grid, cx, cy)];
          guint back, here;

          if (cx == x && cy == y)
            break;
          back = *cell >> MAZE_CELL_SCRATCH_SHIFT;
          *cell &= (guint8) ~MAZE_CELL_SCRATCH;
          here = maze_grid_back_dir (grid, cx, cy, back);
          maze_grid_step (grid, cx, cy, back, &cx, &cy);
          /* Go on with the parent's directions after the one that led here. */
          d = here + 1u;
        }
    }
  return count;
}

/* Lets a generator size its arrays to the open cells, and stop at once
 * when there are none. */
guint32
maze_gen_count_open (const MazeGenContext *ctx)
{
  const MazeGrid *grid = ctx->grid;
  const MazeRect *r = &ctx->region;
  guint32 n_open = 0;

  for (guint y = r->y; y < r->y + r->height; y++)
    {
      guint x0, x1;

      maze_gen_row_span (ctx, y, &x0, &x1);
      for (guint x = x0; x < x1; x++)
        n_open += !(grid->cells[maze_grid_index (grid, x, y)] & MAZE_CELL_MASKED);
    }
  return n_open;
}

void
maze_gen_walk_budget_init (MazeGenWalkBudget    *budget,
                           const MazeGenContext *ctx,
                           guint                 share)
{
  guint64 n_open = maze_gen_count_open (ctx);
  guint64 bits = g_bit_storage (n_open);
  guint64 side = MAX (ctx->region.width, ctx->region.height);

  budget->left = n_open * bits * bits / share + 8 * side * side + (G_GUINT64_CONSTANT (1) << 24);
  budget->cut = FALSE;
}

gboolean
maze_gen_regular_walk_init (MazeGenRegularWalk   *walk,
                            const MazeGenContext *ctx)
{
  const MazeGrid *grid = ctx->grid;
  const MazeTopology *t = grid->topology;

  if (t->irregular)
    return FALSE;
  *walk = (MazeGenRegularWalk) {
    .cells = grid->cells,
    .observer = ctx->observer,
    .region = ctx->region,
    .n_dirs = t->n_dirs,
    .dirs_at = { t->dirs_at[0], t->dirs_at[1] },
  };
  for (guint d = 0; d < t->n_dirs; d++)
    {
      walk->dy[d] = t->dy[d];
      for (guint p = 0; p < 2; p++)
        {
          walk->dx[p][d] = t->dx[p][d];
          walk->cell_off[p][d] = t->dy[d] * (gint32) grid->width + t->dx[p][d];
          walk->local_off[p][d] = t->dy[d] * (gint32) ctx->region.width + t->dx[p][d];
        }
    }
  return TRUE;
}

void
maze_gen_ring_table_init (MazeGenRingTable *rings,
                          const MazeGrid   *grid)
{
  const MazePolarLayout *polar = grid->polar;

  *rings = (MazeGenRingTable) {
    .lengths = polar->lengths,
    .starts = polar->starts,
    .n_rings = polar->n_rings,
    .n_spokes = polar->centre && polar->n_rings > 1 ? polar->first : 0,
  };
}

gboolean
maze_gen_ring_walk_init (MazeGenRingWalk      *walk,
                         const MazeGenContext *ctx)
{
  const MazeGrid *grid = ctx->grid;
  const MazeRect all = maze_grid_full_rect (grid);

  if (grid->polar == NULL || memcmp (&ctx->region, &all, sizeof all) != 0)
    return FALSE;
  /* The six directions maze_gen_ring_walk_step() draws among. */
  g_assert (grid->topology->n_dirs == MAZE_MAX_DIRS);
  *walk = (MazeGenRingWalk) {
    .cells = grid->cells,
    .observer = ctx->observer,
    .width = all.width,
    .width_twos = (guint) __builtin_ctz (all.width),
    .centre = grid->polar->centre,
  };
  maze_gen_ring_table_init (&walk->rings, grid);
  return TRUE;
}

MazeBitset *
maze_gen_padded_seen_new (const MazeGenContext *ctx)
{
  const MazeGrid *grid = ctx->grid;
  const MazeRect r = ctx->region;
  guint64 sw = maze_gen_padded_width (ctx);
  MazeBitset *seen;

  if (grid->topology->irregular)
    {
      seen = maze_bitset_new ((guint64) r.width * r.height);
      for (guint y = r.y; seen != NULL && y < r.y + r.height; y++)
        {
          guint x0, x1;

          maze_gen_row_span (ctx, y, &x0, &x1);
          for (guint x = x0; x < x1; x++)
            if (grid->cells[maze_grid_index (grid, x, y)] & MAZE_CELL_MASKED)
              maze_bitset_set (seen, maze_gen_local (ctx, x, y));
        }
      return seen;
    }
  seen = maze_bitset_new (sw * ((guint64) r.height + 2));
  if (seen == NULL)
    return NULL;

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
  return seen;
}

void
maze_gen_padded_offsets (const MazeGenContext *ctx,
                         gint64                off[2][MAZE_MAX_DIRS])
{
  const MazeTopology *t = ctx->grid->topology;
  gint64 sw = (gint64) maze_gen_padded_width (ctx);

  for (guint p = 0; p < 2; p++)
    for (guint d = 0; d < t->n_dirs; d++)
      off[p][d] = (gint64) t->dy[d] * sw + t->dx[p][d];
}

void
maze_gen_shuffle_walls (MazeRng            *rng,
                        const MazeGenWalls *walls,
                        guint64             n)
{
  /* Local copies: a store into the walls could alias *walls and *rng for
   * all the compiler knows, and it would reload them each step. */
  const MazeGenWalls w = *walls;
  MazeRng r = *rng;

  for (guint64 i = n; i > 1; i--)
    {
      guint64 j = maze_gen_below64 (&r, i);
      guint64 tmp = maze_gen_walls_get (&w, i - 1);

      maze_gen_walls_set (&w, i - 1, maze_gen_walls_get (&w, j));
      maze_gen_walls_set (&w, j, tmp);
    }
  *rng = r;
}

MazeGenRectBits
maze_gen_rect_bits (const MazeTopology *t)
{
  guint next = maze_gen_find_dir (t, MAZE_DIR_ROW_NEXT);
  guint up = maze_gen_find_dir (t, MAZE_DIR_UP);

  /* E is stored in the cell, N as S in the cell above. */
  g_assert (t->owned_bit[next] >= 0 && t->owned_bit[up] < 0);
  return (MazeGenRectBits) {
    .east = (guint8) (1u << t->owned_bit[next]),
    .south = (guint8) (1u << t->owned_bit[t->opposite[up]]),
  };
}
