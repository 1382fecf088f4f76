/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-generator-private.h"

/* Hunt-and-kill: random walks, then a hunt for a new start.
 *
 * Walk from a random cell, carving into a random unvisited neighbour each
 * step. When stuck, hunt: the first unvisited open cell in reading order
 * that has a visited neighbour is connected to a random visited neighbour
 * and the walk goes on from there. When no such cell exists but unvisited
 * cells remain, they belong to another connected part, and a new walk
 * starts at the first of them in reading order.
 *
 * A naive hunt rescans the region from the top each time, which is
 * quadratic; and with several parts every failed hunt would scan all of it.
 * So the hunt keeps a pointer to the first cell that may still be
 * unvisited, and each unvisited cell with a visited neighbour carries a
 * flag in its scratch bits, counted per row: the hunt goes straight to the
 * first row with a flagged cell, and knows at once when there is none. It
 * finds the same cell as the naive scan. A cell's flag is cleared when it
 * is visited, and every cell is visited in the end.
 *
 * Extra memory: a visited bitset over the region and one counter per row. */

#define HUNT_FLAG (1u << MAZE_CELL_SCRATCH_SHIFT)

typedef struct
{
  MazeGenContext *ctx;
  MazeBitset     *visited;
  guint32        *row_flags;   /* flagged cells per region row */
  guint64         n_flags;
} Hunt;

/* Visits (x, y) and flags its unvisited neighbours as huntable; returns
 * the directions to them, the candidates for the next step. Only the
 * first visit begins a step: the others end the step that led there. */
static guint
visit (Hunt   *hunt,
       guint   x,
       guint   y,
       guint8  flags)
{
  MazeGenContext *ctx = hunt->ctx;
  MazeGrid *grid = ctx->grid;
  guint8 *cell = &grid->cells[maze_grid_index (grid, x, y)];
  guint mask = 0;

  if (*cell & HUNT_FLAG)
    {
      *cell &= (guint8) ~HUNT_FLAG;
      hunt->row_flags[y - ctx->region.y]--;
      hunt->n_flags--;
    }
  maze_bitset_set (hunt->visited, maze_gen_local (ctx, x, y));
  MAZE_EMIT (ctx->observer, MAZE_EVENT_VISIT, maze_grid_index (grid, x, y),
             MAZE_NO_CELL, -1, 0, 0, flags);

  for (guint d = 0; d < grid->topology->n_dirs; d++)
    {
      guint nx, ny;
      guint8 *next;

      if (!maze_gen_step (ctx, x, y, d, &nx, &ny) ||
          maze_bitset_get (hunt->visited, maze_gen_local (ctx, nx, ny)))
        continue;
      mask |= 1u << d;
      next = &grid->cells[maze_grid_index (grid, nx, ny)];
      if (!(*next & HUNT_FLAG))
        {
          *next |= HUNT_FLAG;
          hunt->row_flags[ny - ctx->region.y]++;
          hunt->n_flags++;
        }
    }
  return mask;
}

gboolean
maze_gen_hunt_and_kill (MazeGenContext  *ctx,
                        GError         **error)
{
  MazeGrid *grid = ctx->grid;
  const MazeRect *r = &ctx->region;
  const guint32 n_local = r->width * r->height;
  g_autofree MazeBitset *visited = NULL;
  g_autofree guint32 *row_flags = NULL;
  Hunt hunt;
  guint32 left = maze_gen_count_open (ctx);   /* open cells not yet visited */
  guint32 first = 0;   /* every cell before it is visited or masked */
  MazeGenSweep sweep;
  guint32 local;
  guint cx = 0, cy = 0;
  guint mask;

  if (left == 0)
    return TRUE;

  visited = maze_bitset_new (n_local);
  row_flags = g_try_new0 (guint32, r->height);
  if (visited == NULL || row_flags == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }
  hunt = (Hunt) { ctx, visited, row_flags, 0 };

  /* Start at a random cell, or the next open one after it. */
  maze_gen_sweep_init (&sweep, ctx);
  maze_gen_sweep_next (&sweep, ctx, NULL, &local, &cx, &cy);
  mask = visit (&hunt, cx, cy, MAZE_EVENT_STEP);

  /* Each round visits one cell. */
  while (--left > 0)
    {
      guint nx = 0, ny = 0;
      guint hx, hy;
      guint d;

      if (!maze_gen_tick (ctx))
        return FALSE;
      if (mask != 0)
        {
          d = maze_gen_random_dir (&ctx->rng, mask);
          maze_gen_carve_choice (ctx, cx, cy, d, mask, MAZE_EVENT_STEP, &nx, &ny);
          mask = visit (&hunt, nx, ny, 0);
          cx = nx;
          cy = ny;
          continue;
        }

      /* Stuck: hunt. Nothing before first is left to find. */
      for (;; first++)
        if (maze_gen_local_cell (ctx, first, &hx, &hy) && !maze_bitset_get (visited, first) &&
            !(grid->cells[maze_grid_index (grid, hx, hy)] & MAZE_CELL_MASKED))
          break;

      if (hunt.n_flags > 0)
        {
          guint row = first / r->width;
          guint32 l;
          guint vmask;

          while (row_flags[row] == 0)
            row++;
          /* Places of the row that hold no cell are skipped. */
          for (l = row == first / r->width ? first : row * r->width;; l++)
            if (maze_gen_local_cell (ctx, l, &hx, &hy) &&
                (grid->cells[maze_grid_index (grid, hx, hy)] & HUNT_FLAG))
              break;

          MAZE_EMIT (ctx->observer, MAZE_EVENT_BACKTRACK, maze_grid_index (grid, cx, cy),
                     maze_grid_index (grid, hx, hy), -1, 0, 0, MAZE_EVENT_STEP);
          vmask = maze_gen_dirs_in_set (ctx, visited, TRUE, hx, hy);
          d = maze_gen_random_dir (&ctx->rng, vmask);
          /* The hunt's find joins the maze in the hunt's step. */
          maze_gen_carve_choice (ctx, hx, hy, d, vmask, 0, &nx, &ny);
        }
      else
        {
          /* No unvisited cell touches the maze: another part begins. */
          MAZE_EMIT (ctx->observer, MAZE_EVENT_BACKTRACK, maze_grid_index (grid, cx, cy),
                     maze_grid_index (grid, hx, hy), -1, 0, 0, MAZE_EVENT_STEP);
        }

      mask = visit (&hunt, hx, hy, 0);
      cx = hx;
      cy = hy;
    }

  return TRUE;
}
