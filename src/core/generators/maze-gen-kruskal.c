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

typedef struct
{
  gpointer data;
  gboolean wide;       /* guint64 entries instead of guint32 */
} WallArray;

static inline guint64
wall_array_get (const WallArray *walls,
                guint64          i)
{
  return walls->wide ? ((const guint64 *) walls->data)[i] : ((const guint32 *) walls->data)[i];
}

static inline void
wall_array_set (WallArray *walls,
                guint64    i,
                guint64    wall)
{
  if (walls->wide)
    ((guint64 *) walls->data)[i] = wall;
  else
    ((guint32 *) walls->data)[i] = (guint32) wall;
}

/* A uniform integer below bound, which may exceed 32 bits. */
static inline guint64
random_below (MazeRng *rng,
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

/* Writes the walls into walls in reading order, or only counts them when
 * walls is NULL: a first pass sizes the array exactly. */
static guint64
list_walls (MazeGenContext *ctx,
            const guint8   *owned,
            guint           n_owned,
            WallArray      *walls)
{
  MazeGrid *grid = ctx->grid;
  const MazeRect *r = &ctx->region;
  guint64 n = 0;

  for (guint y = r->y; y < r->y + r->height; y++)
    for (guint x = r->x; x < r->x + r->width; x++)
      {
        guint64 local;

        if (grid->cells[maze_grid_index (grid, x, y)] & MAZE_CELL_MASKED)
          continue;
        local = maze_gen_local (ctx, x, y);
        for (guint k = 0; k < n_owned; k++)
          {
            guint nx, ny;

            if (!maze_gen_step (ctx, x, y, owned[k], &nx, &ny))
              continue;
            if (walls != NULL)
              wall_array_set (walls, n, local * n_owned + k);
            n++;
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
  WallArray walls;
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

  /* Fisher-Yates with our RNG: the order is part of the output. */
  for (guint64 i = n_walls; i > 1; i--)
    {
      guint64 j = random_below (&ctx->rng, i);
      guint64 tmp = wall_array_get (&walls, i - 1);

      wall_array_set (&walls, i - 1, wall_array_get (&walls, j));
      wall_array_set (&walls, j, tmp);
    }

  for (guint64 i = 0; i < n_walls; i++)
    {
      guint64 wall = wall_array_get (&walls, i);
      guint32 a = (guint32) (wall / n_owned);
      guint d = owned[wall % n_owned];
      guint x, y, nx = 0, ny = 0;
      guint32 b;

      maze_gen_local_xy (ctx, a, &x, &y);
      maze_grid_step (grid, x, y, d, &nx, &ny);
      b = maze_gen_local (ctx, nx, ny);
      if (!maze_union_find_unite (&uf, a, b))
        continue;
      MAZE_EMIT (ctx->observer, MAZE_EVENT_MERGE, maze_grid_index (grid, x, y),
                 maze_grid_index (grid, nx, ny), (gint8) d, 0, 0);
      maze_gen_carve (ctx, x, y, d, nx, ny);
    }

  maze_union_find_clear (&uf);
  g_free (walls.data);
  return TRUE;
}
