/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-generator-private.h"

/* Randomized Prim's, with a random frontier of walls.
 *
 * The frontier is a list of walls (cell, dir) from a cell of the tree to a
 * neighbour. Repeatedly take out a uniformly random wall (swap-remove); if
 * the neighbour behind it is still unvisited, carve through, visit it and
 * add its walls to unvisited neighbours. A wall whose far side was reached
 * meanwhile is dropped. Each wall enters the list at most once, since it
 * is only added while its far side is unvisited.
 *
 * A wall is encoded as local_cell * n_dirs + dir, in 32 bits when every
 * such value fits and 64 bits otherwise; the list grows as needed, so its
 * memory follows the real frontier, not the worst case. Visited flags are a
 * bitset over the region.
 *
 * The first part grows from a random cell; each further connected part of
 * the region's open cells from its next unvisited cell in reading order,
 * wrapping around from that first cell. */

typedef struct
{
  MazeGenWalls walls;
  gsize        len;
  gsize        allocated;
} WallList;

static gboolean
wall_list_grow (WallList *list)
{
  gsize entry = list->walls.wide ? sizeof (guint64) : sizeof (guint32);
  gsize allocated = MAX (list->allocated * 2, 256);
  gpointer data;

  if (allocated > G_MAXSIZE / entry)
    return FALSE;
  data = g_try_realloc (list->walls.data, allocated * entry);
  if (data == NULL)
    return FALSE;
  list->walls.data = data;
  list->allocated = allocated;
  return TRUE;
}

static inline gboolean
wall_list_push (WallList *list,
                guint64   wall)
{
  if (G_UNLIKELY (list->len == list->allocated) && !wall_list_grow (list))
    return FALSE;
  maze_gen_walls_set (&list->walls, list->len++, wall);
  return TRUE;
}

/* Marks (x, y) visited and puts its walls to unvisited neighbours on the
 * frontier; flags are the visit's (a first cell's begins a step, one a
 * carve entered belongs to the carve's). FALSE when the list cannot grow. */
static gboolean
visit (MazeGenContext *ctx,
       MazeBitset     *visited,
       WallList       *frontier,
       guint           x,
       guint           y,
       guint8          flags)
{
  const MazeTopology *t = ctx->grid->topology;
  guint32 local = maze_gen_local (ctx, x, y);
  guint32 cell = maze_grid_index (ctx->grid, x, y);

  maze_bitset_set (visited, local);
  MAZE_EMIT (ctx->observer, MAZE_EVENT_VISIT, cell, MAZE_NO_CELL, -1, 0, 0, flags);

  for (guint d = 0; d < t->n_dirs; d++)
    {
      guint nx, ny;

      if (!maze_gen_step (ctx, x, y, d, &nx, &ny) ||
          maze_bitset_get (visited, maze_gen_local (ctx, nx, ny)))
        continue;
      if (!wall_list_push (frontier, (guint64) local * t->n_dirs + d))
        return FALSE;
      MAZE_EMIT (ctx->observer, MAZE_EVENT_FRONTIER_ADD, cell,
                 maze_grid_index (ctx->grid, nx, ny), (gint8) d, 0, 0, 0);
    }
  return TRUE;
}

gboolean
maze_gen_prim (MazeGenContext  *ctx,
               GError         **error)
{
  MazeGrid *grid = ctx->grid;
  const guint n_dirs = grid->topology->n_dirs;
  const guint32 n_local = ctx->region.width * ctx->region.height;
  g_autofree MazeBitset *visited = maze_bitset_new (n_local);
  WallList frontier = { { NULL, (guint64) n_local * n_dirs - 1 > G_MAXUINT32 }, 0, 0 };
  MazeGenSweep sweep;
  guint32 local;
  guint x, y;
  gboolean ok = TRUE, go_on = TRUE;

  if (visited == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }

  maze_gen_sweep_init (&sweep, ctx);
  while (ok && go_on && maze_gen_sweep_next (&sweep, ctx, visited, &local, &x, &y))
    {
      ok = visit (ctx, visited, &frontier, x, y, MAZE_EVENT_STEP);
      while (ok && frontier.len > 0 && (go_on = maze_gen_tick (ctx)))
        {
          gsize j = maze_gen_below64 (&ctx->rng, frontier.len);
          guint64 wall = maze_gen_walls_get (&frontier.walls, j);
          guint d = (guint) (wall % n_dirs);
          guint cx, cy, nx = 0, ny = 0;

          maze_gen_walls_set (&frontier.walls, j,
                              maze_gen_walls_get (&frontier.walls, --frontier.len));
          maze_gen_local_xy (ctx, (guint32) (wall / n_dirs), &cx, &cy);
          maze_grid_step (grid, cx, cy, d, &nx, &ny);
          if (maze_bitset_get (visited, maze_gen_local (ctx, nx, ny)))
            continue;

          /* The draw was over walls, so the only candidate is this one. */
          MAZE_EMIT (ctx->observer, MAZE_EVENT_CHOOSE, maze_grid_index (grid, cx, cy),
                     maze_grid_index (grid, nx, ny), (gint8) d, (guint8) (1u << d), 0,
                     MAZE_EVENT_STEP);
          maze_gen_carve (ctx, cx, cy, d, nx, ny, 0);
          ok = visit (ctx, visited, &frontier, nx, ny, 0);
        }
    }

  g_free (frontier.walls.data);
  if (!ok)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }
  return go_on;
}
