/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-generator-private.h"
#include "maze-union-find.h"

/* Randomized Kruskal's.
 *
 * List every wall between two open cells of the region, shuffle the list
 * (Fisher-Yates, drawing from ctx->rng), then go through it and open each
 * wall whose two cells are in different sets of a union-find over the
 * region's local cell indices. The result is a spanning forest: one tree
 * per connected part of the open cells, with no special care for masks.
 *
 * Each wall is listed once, from the cell that owns it (see
 * MazeTopology.owned_bit), as local_cell * n_owned + k where k numbers the
 * owned directions. That is a guint32 whenever it fits (any region of up to
 * 2^31 rect or 1431655765 hex cells) and a guint64 beyond. Peak memory is
 * the wall list (4 bytes x 2 walls per cell on rect, x 3 on hex) plus the
 * union-find (5 bytes per cell): about 13 bytes per cell on rect and 17 on
 * hex, besides the grid's own byte. */

/* Writes the walls into walls in reading order, or only counts them when
 * walls is NULL: a first pass sizes the array exactly. */
static guint64
list_walls (MazeGenContext *ctx,
            const guint8   *owned,
            guint           n_owned,
            MazeGenWalls   *walls)
{
  MazeGrid *grid = ctx->grid;
  const MazeRect *r = &ctx->region;
  guint64 n = 0;

  for (guint y = r->y; y < r->y + r->height; y++)
    {
      guint x0, x1;

      maze_gen_row_span (ctx, y, &x0, &x1);
      for (guint x = x0; x < x1; x++)
        {
          guint64 local;

          /* The centre owns no wall: its first-ring cells list them. */
          if ((grid->cells[maze_grid_index (grid, x, y)] & MAZE_CELL_MASKED) ||
              maze_grid_is_centre (grid, x, y))
            continue;
          local = maze_gen_local (ctx, x, y);
          for (guint k = 0; k < n_owned; k++)
            {
              guint nx, ny;

              if (!maze_gen_step (ctx, x, y, owned[k], &nx, &ny))
                continue;
              if (walls != NULL)
                maze_gen_walls_set (walls, n, local * n_owned + k);
              n++;
            }
        }
    }
  return n;
}

gboolean
maze_gen_kruskal (MazeGenContext  *ctx,
                  GError         **error)
{
  MazeGrid *grid = ctx->grid;
  const MazeTopology *t = grid->topology;
  const guint32 n_local = ctx->region.width * ctx->region.height;
  guint8 owned[MAZE_MAX_DIRS] = { 0 };
  guint n_owned = 0;
  MazeGenWalls walls;
  MazeUnionFind uf;
  guint64 n_walls;
  gsize entry;

  for (guint d = 0; d < t->n_dirs; d++)
    if (t->owned_bit[d] >= 0)
      owned[n_owned++] = (guint8) d;

  n_walls = list_walls (ctx, owned, n_owned, NULL);
  if (n_walls == 0)
    return TRUE;

  walls.wide = (guint64) n_local * n_owned - 1 > G_MAXUINT32;
  entry = walls.wide ? sizeof (guint64) : sizeof (guint32);
  walls.data = n_walls <= G_MAXSIZE / entry ? g_try_malloc (n_walls * entry) : NULL;
  if (walls.data == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }
  if (!maze_union_find_init (&uf, n_local))
    {
      g_free (walls.data);
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }
  list_walls (ctx, owned, n_owned, &walls);

  maze_gen_shuffle_walls (&ctx->rng, &walls, n_walls);

  for (guint64 i = 0; i < n_walls; i++)
    {
      guint64 wall = maze_gen_walls_get (&walls, i);
      guint32 a = (guint32) (wall / n_owned);
      guint d = owned[wall % n_owned];
      guint x, y, nx = 0, ny = 0;
      guint32 b;

      if (!maze_gen_tick (ctx))
        break;
      maze_gen_local_xy (ctx, a, &x, &y);
      maze_grid_step (grid, x, y, d, &nx, &ny);
      b = maze_gen_local (ctx, nx, ny);
      if (!maze_union_find_unite (&uf, a, b))
        continue;
      MAZE_EMIT (ctx->observer, MAZE_EVENT_MERGE, maze_grid_index (grid, x, y),
                 maze_grid_index (grid, nx, ny), (gint8) d, 0, 0, MAZE_EVENT_STEP);
      maze_gen_carve (ctx, x, y, d, nx, ny, 0);
    }

  maze_union_find_clear (&uf);
  g_free (walls.data);
  return !ctx->stop->stopped;
}
