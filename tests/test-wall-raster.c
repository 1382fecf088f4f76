/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "maze-render.h"
#include "maze-test-util.h"
#include "maze-wall-raster.h"

/* The renderer's own wall rasteriser (image targets) against cairo's
 * stroker: the same maze drawn on an image surface, and drawn on a
 * recording surface (a vector target, so cairo's paths) then replayed
 * onto an image. Black walls on white paper, so one channel says it.
 *
 * Tolerance, in levels of 255: no pixel more than MAX_EDGE_DIFF apart
 * (antialiased rims: the rasteriser measures a pixel-wide box across
 * the nearest edge where cairo measures the area, and draws true arcs
 * where cairo flattens splines); a mean difference over the picture
 * below MAX_MEAN_DIFF (cells of 4 px are nearly all rim: 4.5 measured);
 * the walls' total ink within MAX_INK_SHIFT of cairo's (0.9% measured at
 * worst), so no wall comes out thinner or thicker; and no pixel solid
 * wall in one (>= SOLID) and paper in the other (<= PAPER), which a
 * missing or misplaced wall would make. */
#define MAX_EDGE_DIFF  96
#define MAX_MEAN_DIFF  5.0
#define MAX_INK_SHIFT  0.02
#define SOLID          230
#define PAPER          25

typedef struct
{
  guint  max_diff;
  double mean_diff;
  guint  contradictions;
  double ink_ratio;      /* the first's walls' total over the second's */
} Diff;

static MazeGrid *
new_maze (MazeShape shape)
{
  /* Circular: 4 cells in the first ring, 7 rings. */
  if (shape == MAZE_SHAPE_CIRCULAR)
    return maze_test_new_maze (shape, 4, 7, MAZE_ALGORITHM_BACKTRACKER, 11);
  return maze_test_new_maze (shape, 11, 9, MAZE_ALGORITHM_BACKTRACKER, 11);
}

static void
init_options (MazeRenderOptions *options,
              double             cell_size,
              double             wall_width)
{
  maze_render_options_init (options);
  options->cell_size = cell_size;
  options->wall_width = wall_width;
  options->margin = cell_size;
  options->background_color = (MazeColor) { 1, 1, 1, 1 };
  options->wall_color = (MazeColor) { 0, 0, 0, 1 };
}

/* Draws the background and walls at scale and offset on cr. */
static void
draw (cairo_t                 *cr,
      const MazeGrid          *grid,
      const MazeRenderOptions *options,
      double                   scale,
      double                   offset)
{
  cairo_translate (cr, offset, offset);
  cairo_scale (cr, scale, scale);
  maze_render_layers (cr, grid, options, MAZE_RENDER_BACKGROUND | MAZE_RENDER_WALLS);
}

static cairo_surface_t *
new_image (const MazeGrid          *grid,
           const MazeRenderOptions *options,
           double                   scale)
{
  double w, h;

  maze_render_get_size (grid, options, &w, &h);
  return cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) ceil (w * scale) + 2,
                                     (int) ceil (h * scale) + 2);
}

/* Through the rasteriser: cr on the image itself. */
static cairo_surface_t *
draw_rastered (const MazeGrid          *grid,
               const MazeRenderOptions *options,
               double                   scale,
               double                   offset)
{
  cairo_surface_t *image = new_image (grid, options, scale);
  cairo_t *cr = cairo_create (image);

  /* As draw_walls() sets them (cairo's defaults are butt and miter). */
  cairo_set_line_cap (cr, options->wall_cap);
  cairo_set_line_join (cr, options->wall_join);
  g_assert_true (maze_wall_raster_usable (cr));
  draw (cr, grid, options, scale, offset);
  cairo_destroy (cr);
  cairo_surface_flush (image);
  return image;
}

/* Through cairo's stroker: recorded as paths, then replayed. */
static cairo_surface_t *
draw_stroked (const MazeGrid          *grid,
              const MazeRenderOptions *options,
              double                   scale,
              double                   offset)
{
  cairo_surface_t *image = new_image (grid, options, scale);
  cairo_rectangle_t extents = { 0, 0, cairo_image_surface_get_width (image),
                                cairo_image_surface_get_height (image) };
  cairo_surface_t *recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR, &extents);
  cairo_t *cr = cairo_create (recording);

  g_assert_false (maze_wall_raster_usable (cr));
  draw (cr, grid, options, scale, offset);
  cairo_destroy (cr);
  cr = cairo_create (image);
  cairo_set_source_surface (cr, recording, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (recording);
  cairo_surface_flush (image);
  return image;
}

static Diff
compare (cairo_surface_t *a,
         cairo_surface_t *b)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);
  const guint8 *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
  Diff diff = { 0, 0.0, 0, 0.0 };
  guint64 sum = 0, ink_a = 0, ink_b = 0;

  g_assert_cmpint (w, ==, cairo_image_surface_get_width (b));
  g_assert_cmpint (h, ==, cairo_image_surface_get_height (b));
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        /* The green byte of a native-endian RGB24 pixel. */
        guint va = (((const guint32 *) (da + y * stride))[x] >> 8) & 0xff;
        guint vb = (((const guint32 *) (db + y * stride))[x] >> 8) & 0xff;
        guint d = va > vb ? va - vb : vb - va;

        diff.max_diff = MAX (diff.max_diff, d);
        sum += d;
        ink_a += 255 - va;
        ink_b += 255 - vb;
        if ((255 - va >= SOLID && 255 - vb <= PAPER) || (255 - vb >= SOLID && 255 - va <= PAPER))
          diff.contradictions++;
      }
  diff.mean_diff = (double) sum / ((double) w * h);
  diff.ink_ratio = ink_b > 0 ? (double) ink_a / ink_b : 0.0;
  return diff;
}

static gboolean
within_tolerance (const Diff *diff)
{
  return diff->max_diff <= MAX_EDGE_DIFF && diff->mean_diff < MAX_MEAN_DIFF &&
         fabs (diff->ink_ratio - 1.0) <= MAX_INK_SHIFT && diff->contradictions == 0;
}

static const MazeShape shapes[] = { MAZE_SHAPE_HEX, MAZE_SHAPE_TRI, MAZE_SHAPE_CIRCULAR };

static void
test_matches_cairo (void)
{
  /* Cell size, wall width, scale and offset of the transform. */
  static const struct { double cell, wall, scale, offset; } cases[] = {
    { 4, 1, 1, 0 }, { 8, 1, 1, 0 }, { 8, 2, 1, 0 }, { 13, 3, 1, 0 }, { 20, 1, 1, 0 },
    { 20, 6, 1, 0 }, { 24, 9, 1, 0 }, { 9, 1.5, 1, 0.5 }, { 10, 2, 1.7, 0.3 },
    { 6, 0.5, 1, 0 },
  };

  for (guint s = 0; s < G_N_ELEMENTS (shapes); s++)
    {
      g_autoptr(MazeGrid) grid = new_maze (shapes[s]);

      for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
        {
          MazeRenderOptions options;
          cairo_surface_t *ours, *cairos;
          Diff diff;

          init_options (&options, cases[c].cell, cases[c].wall);
          ours = draw_rastered (grid, &options, cases[c].scale, cases[c].offset);
          cairos = draw_stroked (grid, &options, cases[c].scale, cases[c].offset);
          diff = compare (ours, cairos);
          g_test_message ("shape %u cell %g wall %g scale %g: max %u, mean %.3f, %u contradictions, ink %.3f",
                          shapes[s], cases[c].cell, cases[c].wall, cases[c].scale,
                          diff.max_diff, diff.mean_diff, diff.contradictions, diff.ink_ratio);
          g_assert_true (within_tolerance (&diff));
          cairo_surface_destroy (ours);
          cairo_surface_destroy (cairos);
        }
    }
}

/* A wall the rasteriser left out must show: the maze with one more
 * passage open, against cairo's drawing of the maze, is out of
 * tolerance. */
static void
test_missing_wall_shows (void)
{
  for (guint s = 0; s < G_N_ELEMENTS (shapes); s++)
    {
      g_autoptr(MazeGrid) grid = new_maze (shapes[s]);
      g_autoptr(MazeGrid) opened = maze_grid_copy (grid);
      gboolean found = FALSE;
      MazeRenderOptions options;
      cairo_surface_t *ours, *cairos;
      Diff diff;

      /* The first closed wall between two cells of the grid. */
      for (guint32 i = 0; i < grid->n_cells && !found; i++)
        {
          guint x, y, nx, ny;

          maze_grid_xy (grid, i, &x, &y);
          for (guint d = 0; d < grid->topology->n_dirs && !found; d++)
            if (maze_grid_has_dir (grid, x, y, d) && maze_grid_step (grid, x, y, d, &nx, &ny) &&
                !maze_grid_has_passage (grid, x, y, d))
              {
                maze_grid_set_passage (opened, x, y, d, TRUE);
                found = TRUE;
              }
        }
      g_assert_true (found);

      init_options (&options, 12, 2);
      ours = draw_rastered (opened, &options, 1, 0);
      cairos = draw_stroked (grid, &options, 1, 0);
      diff = compare (ours, cairos);
      g_assert_false (within_tolerance (&diff));
      g_assert_cmpuint (diff.contradictions, >, 0);
      cairo_surface_destroy (ours);
      cairo_surface_destroy (cairos);
    }
}

/* Rotated, stretched or aliased drawings, and vector targets, keep
 * cairo's stroker. */
static void
test_usable (void)
{
  cairo_surface_t *image = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 10, 10);
  cairo_t *cr = cairo_create (image);

  g_assert_false (maze_wall_raster_usable (cr));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  g_assert_true (maze_wall_raster_usable (cr));
  cairo_scale (cr, 2, 2);
  cairo_translate (cr, 0.5, 3);
  g_assert_true (maze_wall_raster_usable (cr));
  cairo_scale (cr, 1, 1.5);
  g_assert_false (maze_wall_raster_usable (cr));
  cairo_identity_matrix (cr);
  cairo_rotate (cr, 0.1);
  g_assert_false (maze_wall_raster_usable (cr));
  cairo_identity_matrix (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
  g_assert_false (maze_wall_raster_usable (cr));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  g_assert_false (maze_wall_raster_usable (cr));
  cairo_destroy (cr);
  cairo_surface_destroy (image);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/maze/wall-raster/matches-cairo", test_matches_cairo);
  g_test_add_func ("/maze/wall-raster/missing-wall-shows", test_missing_wall_shows);
  g_test_add_func ("/maze/wall-raster/usable", test_usable);
  return g_test_run ();
}
