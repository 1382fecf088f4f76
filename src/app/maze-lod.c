/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

/* The far-out level of detail (see maze-lod.h). A render first finds
 * the wall in each unit (block or cell) under the area, once each, then
 * sums each pixel's units with the weights of its column and row: the
 * cost grows with the cells under the area, a few operations each,
 * never with the walls' outlines. */

#include "config.h"

#include "maze-lod.h"

#include <math.h>

/* Below this zoom (device pixels per cell) a block is under a pixel
 * wide: the blocks' regular lattice (every corner is wall) would beat
 * against the pixels in a moiré of its own. There the units are whole
 * cells instead, each as dark as the share of its two walls (right and
 * below) that is closed; in a perfect maze that is half on average, and
 * the contrast around it is raised so the maze's grain shows. */
#define CELL_UNITS_BELOW 2.0
#define CELL_CONTRAST    2.5

/* How the units under a run of pixels (a row or a column) are weighed:
 * pixel p covers units first[p] .. first[p] + count[p] - 1, unit
 * first[p] + t with weight[p * span + t]; the weights sum to 1. */
typedef struct
{
  int    *first;
  int    *count;
  float  *weight;
  int     span;      /* most units under one pixel */
  int     lo;        /* the units the run touches, lo .. hi */
  int     hi;
} Weights;

/* Unit k covers [k, k + 1] in u = per_cell * model - 0.5. Blocks (2 per
 * cell): block 0 is the wall left of the first cell, centred on model
 * 0.5 (the margin). Cells (1 per cell): cell 0 covers model 0.5 to 1.5. */
static void
weights_init (Weights *w,
              int      per_cell,
              double   z,
              int      p0,
              int      n)
{
  double per_pixel = per_cell / z;

  w->span = (int) ceil (per_pixel) + 1;
  w->first = g_new (int, n);
  w->count = g_new (int, n);
  w->weight = g_new0 (float, (gsize) n * w->span);
  w->lo = G_MAXINT;
  w->hi = G_MININT;
  for (int p = 0; p < n; p++)
    {
      double u0 = (double) per_cell * (p0 + p) / z - 0.5;
      double u1 = (double) per_cell * (p0 + p + 1) / z - 0.5;
      int k0 = (int) floor (u0);
      int k1 = MIN ((int) ceil (u1) - 1, k0 + w->span - 1);

      w->first[p] = k0;
      w->count[p] = k1 - k0 + 1;
      for (int k = k0; k <= k1; k++)
        w->weight[p * w->span + (k - k0)] = (float) ((MIN (u1, k + 1.0) - MAX (u0, (double) k)) / per_pixel);
      w->lo = MIN (w->lo, k0);
      w->hi = MAX (w->hi, k1);
    }
}

static void
weights_clear (Weights *w)
{
  g_free (w->first);
  g_free (w->count);
  g_free (w->weight);
}

/* The wall in each unit of a window, (bx0, by0) .. (bx0 + bw - 1,
 * by0 + bh - 1), into blocks (bw a row), 0 (none) to 255 (all).
 *
 * Blocks: which are wall. Each cell sets the blocks of its
 * inside, the wall on its right and the wall below it (the first column
 * and row also those on their left and above): a wall beside an open
 * cell unless a passage goes through. A corner is wall when a wall meets
 * it; the window's edge corners may miss one, which is why the caller's
 * window has a block to spare on every side. */
typedef struct
{
  guint8 *blocks;
  int     bx0;
  int     by0;
  int     bw;
  int     bh;
} Window;

static inline void
set_block (Window *w,
           int     bx,
           int     by,
           gboolean wall)
{
  bx -= w->bx0;
  by -= w->by0;
  if (bx >= 0 && by >= 0 && bx < w->bw && by < w->bh)
    w->blocks[(gsize) by * w->bw + bx] = wall ? 255 : 0;
}

static inline guint8
get_block (const Window *w,
           int           bx,
           int           by)
{
  bx -= w->bx0;
  by -= w->by0;
  if (bx < 0 || by < 0 || bx >= w->bw || by >= w->bh)
    return 0;
  return w->blocks[(gsize) by * w->bw + bx];
}

/* The bit of a cell that holds its passage towards kind (a
 * MazeDirKind), for the kinds a rectangular cell owns. */
static guint8
owned_passage_bit (const MazeTopology *t,
                   MazeDirKind         kind)
{
  for (guint d = 0; d < t->n_dirs; d++)
    if (t->kind[d] == kind && t->owned_bit[d] >= 0)
      return (guint8) (1u << t->owned_bit[d]);
  g_return_val_if_reached (0);
}

/* The wall on the right of cell (x, y) and below it. */
static inline void
cell_walls (const MazeGrid *grid,
            int             x,
            int             y,
            guint8          right_bit,
            guint8          down_bit,
            gboolean       *right,
            gboolean       *down)
{
  const guint8 *row = grid->cells + (gsize) y * grid->width;
  gboolean open = !(row[x] & MAZE_CELL_MASKED);
  gboolean has_right = x + 1 < (int) grid->width;
  gboolean has_below = y + 1 < (int) grid->height;

  *right = (open || (has_right && !(row[x + 1] & MAZE_CELL_MASKED))) &&
           !(has_right && (row[x] & right_bit));
  *down = (open || (has_below && !(row[x + grid->width] & MAZE_CELL_MASKED))) &&
          !(has_below && (row[x] & down_bit));
}

static void
find_wall_blocks (const MazeGrid *grid,
                  Window         *w)
{
  guint8 right_bit = owned_passage_bit (grid->topology, MAZE_DIR_ROW_NEXT);
  guint8 down_bit = owned_passage_bit (grid->topology, MAZE_DIR_DOWN);
  int x0 = MAX (0, (w->bx0 - 2) / 2), x1 = MIN ((int) grid->width - 1, (w->bx0 + w->bw) / 2);
  int y0 = MAX (0, (w->by0 - 2) / 2), y1 = MIN ((int) grid->height - 1, (w->by0 + w->bh) / 2);

  for (int y = y0; y <= y1; y++)
    for (int x = x0; x <= x1; x++)
      {
        gboolean open = maze_grid_is_open (grid, x, y);
        gboolean right, down;

        cell_walls (grid, x, y, right_bit, down_bit, &right, &down);
        set_block (w, 2 * x + 2, 2 * y + 1, right);
        set_block (w, 2 * x + 1, 2 * y + 2, down);
        if (x == 0)
          set_block (w, 0, 2 * y + 1, open);
        if (y == 0)
          set_block (w, 2 * x + 1, 0, open);
      }

  for (int by = w->by0 + ((w->by0 & 1) != 0); by < w->by0 + w->bh; by += 2)
    for (int bx = w->bx0 + ((w->bx0 & 1) != 0); bx < w->bx0 + w->bw; bx += 2)
      set_block (w, bx, by,
                 get_block (w, bx - 1, by) || get_block (w, bx + 1, by) ||
                 get_block (w, bx, by - 1) || get_block (w, bx, by + 1));
}

/* Cells: half of 255 for each of its walls, the right one and the one
 * below (the first column and row also the border's on their left and
 * above, so the border shows all round). */
static void
find_wall_cells (const MazeGrid *grid,
                 Window         *w)
{
  guint8 right_bit = owned_passage_bit (grid->topology, MAZE_DIR_ROW_NEXT);
  guint8 down_bit = owned_passage_bit (grid->topology, MAZE_DIR_DOWN);
  int x0 = MAX (0, w->bx0), x1 = MIN ((int) grid->width - 1, w->bx0 + w->bw - 1);
  int y0 = MAX (0, w->by0), y1 = MIN ((int) grid->height - 1, w->by0 + w->bh - 1);

  for (int y = y0; y <= y1; y++)
    for (int x = x0; x <= x1; x++)
      {
        gboolean open = maze_grid_is_open (grid, x, y);
        gboolean right, down;
        guint n;

        cell_walls (grid, x, y, right_bit, down_bit, &right, &down);
        n = right + down + (x == 0 && open) + (y == 0 && open);
        w->blocks[(gsize) (y - w->by0) * w->bw + (x - w->bx0)] = (guint8) MIN (255u, n * 128u);
      }
}

gboolean
maze_lod_supports (const MazeGrid *grid)
{
  return grid != NULL && grid->shape == MAZE_SHAPE_RECT;
}

void
maze_lod_render (const MazeGrid *grid,
                 double          z,
                 int             x0,
                 int             y0,
                 int             width,
                 int             height,
                 guint8         *coverage,
                 int             stride)
{
  gboolean cells = z < CELL_UNITS_BELOW;
  int per_cell = cells ? 1 : 2;
  Weights cols, rows;
  Window w;
  int bw;

  g_return_if_fail (maze_lod_supports (grid));
  g_return_if_fail (z > 0 && width > 0 && height > 0);

  weights_init (&cols, per_cell, z, x0, width);
  weights_init (&rows, per_cell, z, y0, height);

  /* The units under the area, and one more around for the corners;
   * outside the maze, none is wall. */
  w.bx0 = cols.lo - 1;
  w.by0 = rows.lo - 1;
  w.bw = cols.hi - cols.lo + 3;
  w.bh = rows.hi - rows.lo + 3;
  w.blocks = g_malloc0 ((gsize) w.bw * w.bh);
  if (cells)
    find_wall_cells (grid, &w);
  else
    find_wall_blocks (grid, &w);
  bw = w.bw;

  for (int py = 0; py < height; py++)
    {
      const float *wy = rows.weight + (gsize) py * rows.span;
      guint8 *out = coverage + (gsize) py * stride;

      for (int px = 0; px < width; px++)
        {
          const float *wx = cols.weight + (gsize) px * cols.span;
          float sum = 0;

          for (int s = 0; s < rows.count[py]; s++)
            {
              const guint8 *row = w.blocks + (gsize) (rows.first[py] + s - w.by0) * bw +
                                  (cols.first[px] - w.bx0);
              float line = 0;

              for (int k = 0; k < cols.count[px]; k++)
                line += row[k] * wx[k];
              sum += line * wy[s];
            }
          sum /= 255.0f;
          if (cells)
            sum = 0.5f + (sum - 0.5f) * CELL_CONTRAST;
          out[px] = (guint8) lrintf (CLAMP (sum, 0.0f, 1.0f) * 255.0f);
        }
    }

  g_free (w.blocks);
  weights_clear (&cols);
  weights_clear (&rows);
}
