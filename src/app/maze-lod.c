/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

/* The far-out level of detail (see maze-lod.h). A render first finds
 * how many walls each cell under the area has, once each, then sums each
 * pixel's cells with the weights of its column and row: the cost grows
 * with the cells under the area, a few operations each, never with the
 * walls' outlines. */

#include "config.h"

#include "maze-lod.h"

#include "maze-geometry.h"

#include <math.h>

/* A cell's two walls (right and below) are closed half of the time in a
 * perfect maze, whatever its size: a pixel over many cells comes out
 * near half. The contrast around that is raised so the maze's grain
 * shows instead of a flat grey. */
#define CONTRAST 2.5

/* How the cells under a run of pixels (a row or a column) are weighed:
 * pixel p covers cells first[p] .. first[p] + count[p] - 1, cell
 * first[p] + t with weight[p * span + t]; the weights sum to 1. */
typedef struct
{
  int    *first;
  int    *count;
  float  *weight;
  int     span;      /* most cells under one pixel */
  int     lo;        /* the cells the run touches, lo .. hi */
  int     hi;
} Weights;

/* Cell k covers model k + 0.5 to k + 1.5 (after the half-cell margin):
 * u = model - 0.5 is in cells. */
static void
weights_init (Weights *w,
              double   z,
              int      p0,
              int      n)
{
  double per_pixel = 1.0 / z;

  w->span = (int) ceil (per_pixel) + 1;
  w->first = g_new (int, n);
  w->count = g_new (int, n);
  w->weight = g_new0 (float, (gsize) n * w->span);
  w->lo = G_MAXINT;
  w->hi = G_MININT;
  for (int p = 0; p < n; p++)
    {
      double u0 = (p0 + p) / z - 0.5;
      double u1 = (p0 + p + 1) / z - 0.5;
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

/* How much wall each cell of the window (x0, y0, width w, height h)
 * has, 0 to 255, into walls (w a row): half for each of its walls on
 * the right and below, closed beside an open cell unless a passage goes
 * through (the first column and row also count the border on their left
 * and above, so the border shows all round). Outside the maze: none. */
static void
count_walls (const MazeGrid *grid,
             int             x0,
             int             y0,
             int             w,
             int             h,
             guint8         *walls)
{
  guint8 right_bit = owned_passage_bit (grid->topology, MAZE_DIR_ROW_NEXT);
  guint8 down_bit = owned_passage_bit (grid->topology, MAZE_DIR_DOWN);

  for (int y = MAX (0, y0); y < MIN ((int) grid->height, y0 + h); y++)
    {
      const guint8 *row = grid->cells + (gsize) y * grid->width;
      gboolean has_below = y + 1 < (int) grid->height;

      for (int x = MAX (0, x0); x < MIN ((int) grid->width, x0 + w); x++)
        {
          gboolean open = !(row[x] & MAZE_CELL_MASKED);
          gboolean has_right = x + 1 < (int) grid->width;
          gboolean right = (open || (has_right && !(row[x + 1] & MAZE_CELL_MASKED))) &&
                           !(has_right && (row[x] & right_bit));
          gboolean down = (open || (has_below && !(row[x + grid->width] & MAZE_CELL_MASKED))) &&
                          !(has_below && (row[x] & down_bit));
          guint n = right + down + (x == 0 && open) + (y == 0 && open);

          walls[(gsize) (y - y0) * w + (x - x0)] = (guint8) MIN (255u, n * 128u);
        }
    }
}

gboolean
maze_lod_supports (const MazeGrid *grid)
{
  return grid != NULL;
}

/* Any other shape: each cell's share of closed sides (a side on the
 * border or on a masked cell is closed) is put at its centre and spread
 * over the four pixels around it with bilinear weights; a pixel is the
 * weighted mean. At a pixel a cell or less, cells are at most a pixel
 * apart, so every pixel inside the maze gets some. */
static void
render_by_centres (const MazeGrid *grid,
                   double          z,
                   int             x0,
                   int             y0,
                   int             width,
                   int             height,
                   guint8         *coverage,
                   int             stride)
{
  const MazeTopology *t = grid->topology;
  g_autofree float *sum = g_new0 (float, (gsize) width * height);
  g_autofree float *weight = g_new0 (float, (gsize) width * height);
  /* A perfect maze has about two passages a cell; a side is a smaller
   * share of a cell with more of them, so the contrast grows with the
   * sides. */
  float expected = 1.0f - 2.0f / t->n_dirs;
  float contrast = (float) CONTRAST * t->n_dirs / 3.0f;
  MazeGeometry geo;
  MazeRect cells;

  maze_geometry_init (&geo, grid, z, 0.5 * z, 0.5 * z);
  if (maze_geometry_cells_in_area (&geo, x0 - 2, y0 - 2, width + 4, height + 4, &cells))
    for (guint y = cells.y; y < cells.y + cells.height; y++)
      {
        guint xa, xb;

        /* A circular maze's inner rings hold fewer cells of the area. */
        maze_rect_row_span (grid, &cells, y, &xa, &xb);
        for (guint x = xa; x < xb; x++)
          {
            guint32 cell = maze_grid_index (grid, x, y);
            guint closed = 0;
            double cx, cy, fx, fy;
            int ix, iy;
            float value, tx, ty;

            if (maze_grid_is_masked (grid, cell))
              continue;
            /* Over all the topology's directions, a side a ring cell
             * lacks counted closed: what is left, 1 - passages / n_dirs
             * against expected and contrast above, depends only on the
             * cell's passages, as for a cell with every side, so rings
             * come out as grey as rect (test-lod's far-rings). Counting
             * only the cell's sides would need the two per cell. */
            for (guint d = 0; d < t->n_dirs; d++)
              {
                guint nx, ny;

                if (!maze_grid_step (grid, x, y, d, &nx, &ny) ||
                    maze_grid_is_masked (grid, maze_grid_index (grid, nx, ny)) ||
                    !maze_grid_has_passage (grid, x, y, d))
                  closed++;
              }
            value = (float) closed / t->n_dirs;
            maze_geometry_cell_center (&geo, x, y, &cx, &cy);
            /* Pixel p's centre is at p + 0.5. */
            fx = cx - x0 - 0.5;
            fy = cy - y0 - 0.5;
            ix = (int) floor (fx);
            iy = (int) floor (fy);
            tx = (float) (fx - ix);
            ty = (float) (fy - iy);
            for (int k = 0; k < 4; k++)
              {
                int px = ix + (k & 1), py = iy + (k >> 1);
                float wk = ((k & 1) ? tx : 1 - tx) * ((k >> 1) ? ty : 1 - ty);

                if (px < 0 || py < 0 || px >= width || py >= height)
                  continue;
                sum[(gsize) py * width + px] += value * wk;
                weight[(gsize) py * width + px] += wk;
              }
          }
      }

  for (int py = 0; py < height; py++)
    for (int px = 0; px < width; px++)
      {
        gsize i = (gsize) py * width + px;
        float v = 0;

        if (weight[i] > 0)
          v = CLAMP (0.5f + (sum[i] / weight[i] - expected) * contrast, 0.0f, 1.0f);
        coverage[(gsize) py * stride + px] = (guint8) lrintf (v * 255.0f);
      }
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
  Weights cols, rows;
  g_autofree guint8 *walls = NULL;
  int w, h;

  g_return_if_fail (maze_lod_supports (grid));
  g_return_if_fail (z > 0 && width > 0 && height > 0);

  if (grid->shape != MAZE_SHAPE_RECT)
    {
      render_by_centres (grid, z, x0, y0, width, height, coverage, stride);
      return;
    }

  weights_init (&cols, z, x0, width);
  weights_init (&rows, z, y0, height);
  w = cols.hi - cols.lo + 1;
  h = rows.hi - rows.lo + 1;
  walls = g_malloc0 ((gsize) w * h);
  count_walls (grid, cols.lo, rows.lo, w, h, walls);

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
              const guint8 *row = walls + (gsize) (rows.first[py] + s - rows.lo) * w +
                                  (cols.first[px] - cols.lo);
              float line = 0;

              for (int k = 0; k < cols.count[px]; k++)
                line += row[k] * wx[k];
              sum += line * wy[s];
            }
          sum = 0.5f + (sum / 255.0f - 0.5f) * CONTRAST;
          out[px] = (guint8) lrintf (CLAMP (sum, 0.0f, 1.0f) * 255.0f);
        }
    }

  weights_clear (&cols);
  weights_clear (&rows);
}
