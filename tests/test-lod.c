/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "maze-geometry.h"
#include "maze-lod.h"

/* The far-out level of detail: dark where the maze has walls, paper
 * where it is open, and the maze's grain, not a flat grey. */

static guint
dir_of_kind (const MazeGrid *grid,
             MazeDirKind     kind)
{
  for (guint d = 0; d < grid->topology->n_dirs; d++)
    if (grid->topology->kind[d] == kind)
      return d;
  g_assert_not_reached ();
}

/* A room with every passage open beside cells with none: at two cells
 * a pixel, the room is paper, the closed cells dark. */
static void
test_corridor_and_wall (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 40, 20, &error);
  guint east, south;
  guint8 coverage[21 * 11];

  g_assert_no_error (error);
  east = dir_of_kind (grid, MAZE_DIR_ROW_NEXT);
  south = dir_of_kind (grid, MAZE_DIR_DOWN);
  for (guint y = 0; y < 20; y++)
    for (guint x = 0; x < 20; x++)
      {
        if (x + 1 < 20)
          maze_grid_set_passage (grid, x, y, east, TRUE);
        if (y + 1 < 20)
          maze_grid_set_passage (grid, x, y, south, TRUE);
      }
  /* Zoom 0.5: pixel p covers cells 2p - 0.5 to 2p + 1.5. */
  maze_lod_render (grid, 0.5, 0, 0, 21, 11, coverage, 21);

  g_assert_cmpuint (coverage[5 * 21 + 3], ==, 0);      /* inside the room */
  g_assert_cmpuint (coverage[5 * 21 + 15], ==, 255);   /* the closed cells */
}

/* Far out (a pixel over several cells) a generated maze shows grain:
 * neither one flat grey nor empty; a masked-out part is paper. */
static void
test_far (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 300, 300, &error);
  MazeGenerateOptions options;
  guint8 coverage[150 * 150];
  double sum = 0, sum2 = 0, mean, sd;
  guint n = 0;

  g_assert_no_error (error);
  for (guint y = 0; y < 100; y++)
    for (guint x = 0; x < 100; x++)
      maze_grid_set_masked (grid, x, y, TRUE);
  maze_generate_options_init (&options);
  options.seed = 42;
  g_assert_true (maze_generate (grid, &options, &error));
  g_assert_no_error (error);

  /* Zoom 0.5: 150 pixels over the 300 cells and their margin. */
  maze_lod_render (grid, 0.5, 0, 0, 150, 150, coverage, 150);

  /* Inside the masked part, away from its edge: no wall at all. */
  for (guint y = 5; y < 45; y++)
    for (guint x = 5; x < 45; x++)
      g_assert_cmpuint (coverage[y * 150 + x], ==, 0);

  /* The maze's part, away from the border. */
  for (guint y = 60; y < 145; y++)
    for (guint x = 60; x < 145; x++)
      {
        double c = coverage[y * 150 + x] / 255.0;

        sum += c;
        sum2 += c * c;
        n++;
      }
  mean = sum / n;
  sd = sqrt (MAX (0, sum2 / n - mean * mean));
  g_test_message ("far view: mean %.3f, standard deviation %.3f", mean, sd);
  g_assert_cmpfloat (mean, >, 0.2);
  g_assert_cmpfloat (mean, <, 0.8);
  g_assert_cmpfloat (sd, >, 0.1);
}

/* A hexagonal maze far out: by its cells' centres, an open room is
 * paper, closed cells dark, a generated part grain, a masked part
 * paper (the old way took seconds and showed a flat grey). */
static void
test_far_hex (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) room = maze_grid_new (MAZE_SHAPE_HEX, 60, 30, &error);
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_HEX, 300, 300, &error);
  g_autofree guint8 *coverage = NULL;
  MazeGenerateOptions options;
  MazeGeometry geo;
  double sum = 0, sum2 = 0, mean, sd, cx, cy;
  int w, h;
  guint n = 0;

  g_assert_no_error (error);
  /* The left half every passage open, the right half none. */
  for (guint y = 0; y < 30; y++)
    for (guint x = 0; x < 30; x++)
      for (guint d = 0; d < room->topology->n_dirs; d++)
        {
          guint nx, ny;

          if (maze_grid_step (room, x, y, d, &nx, &ny) && nx < 30)
            maze_grid_set_passage (room, x, y, d, TRUE);
        }
  maze_geometry_init (&geo, room, 0.5, 0.25, 0.25);
  w = (int) ceil (geo.width + 0.5);
  h = (int) ceil (geo.height + 0.5);
  coverage = g_malloc ((gsize) w * h);
  maze_lod_render (room, 0.5, 0, 0, w, h, coverage, w);
  maze_geometry_cell_center (&geo, 15, 15, &cx, &cy);
  g_assert_cmpuint (coverage[(int) cy * w + (int) cx], ==, 0);
  maze_geometry_cell_center (&geo, 45, 15, &cx, &cy);
  g_assert_cmpuint (coverage[(int) cy * w + (int) cx], ==, 255);
  g_clear_pointer (&coverage, g_free);

  for (guint y = 0; y < 100; y++)
    for (guint x = 0; x < 100; x++)
      maze_grid_set_masked (grid, x, y, TRUE);
  maze_generate_options_init (&options);
  options.seed = 42;
  g_assert_true (maze_generate (grid, &options, &error));
  g_assert_no_error (error);
  maze_geometry_init (&geo, grid, 0.5, 0.25, 0.25);
  w = (int) ceil (geo.width + 0.5);
  h = (int) ceil (geo.height + 0.5);
  coverage = g_malloc ((gsize) w * h);
  maze_lod_render (grid, 0.5, 0, 0, w, h, coverage, w);

  /* Inside the masked part, away from its edge: no wall. */
  maze_geometry_cell_center (&geo, 10, 10, &cx, &cy);
  g_assert_cmpfloat (cx + 20, <, w);
  g_assert_cmpfloat (cy + 20, <, h);
  for (int y = (int) cy; y < (int) cy + 20; y++)
    for (int x = (int) cx; x < (int) cx + 20; x++)
      g_assert_cmpuint (coverage[y * w + x], ==, 0);
  /* The maze's part, away from the border: grain. */
  {
    double ex, ey;

    maze_geometry_cell_center (&geo, 120, 120, &cx, &cy);
    maze_geometry_cell_center (&geo, 280, 280, &ex, &ey);
    g_assert_cmpfloat (ex, <, w);
    g_assert_cmpfloat (ey, <, h);
    for (int y = (int) cy; y < (int) ey; y++)
      for (int x = (int) cx; x < (int) ex; x++)
        {
          double c = coverage[y * w + x] / 255.0;

          sum += c;
          sum2 += c * c;
          n++;
        }
  }
  mean = sum / n;
  sd = sqrt (MAX (0, sum2 / n - mean * mean));
  g_test_message ("far hex view: mean %.3f, standard deviation %.3f", mean, sd);
  g_assert_cmpfloat (mean, >, 0.2);
  g_assert_cmpfloat (mean, <, 0.8);
  /* A flat grey has none; a hexagon's sides are each a smaller share of
   * it than a square's, so its grain is finer than the rect view's. */
  g_assert_cmpfloat (sd, >, 0.06);
}

/* The far view of a circular maze at half a pixel a cell, and the mean
 * and standard deviation of its pixels between 0.3 and 0.9 of the
 * disc's radius (away from the room and the outer wall). */
static void
far_rings (const MazeGrid *grid,
           double         *mean,
           double         *sd)
{
  g_autofree guint8 *coverage = NULL;
  MazeGeometry geo;
  MazeSector sector;
  double sum = 0, sum2 = 0;
  guint n = 0;
  int w, h;

  maze_geometry_init (&geo, grid, 0.5, 0.25, 0.25);
  g_assert_true (maze_geometry_cell_sector (&geo, 0, grid->height - 1, &sector));
  w = (int) ceil (geo.width + 0.5);
  h = (int) ceil (geo.height + 0.5);
  coverage = g_malloc ((gsize) w * h);
  maze_lod_render (grid, 0.5, 0, 0, w, h, coverage, w);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        double r = hypot (x + 0.5 - sector.cx, y + 0.5 - sector.cy) / sector.outer;
        double c = coverage[y * w + x] / 255.0;

        if (r < 0.3 || r > 0.9)
          continue;
        sum += c;
        sum2 += c * c;
        n++;
      }
  g_assert_cmpuint (n, >, 1000);
  *mean = sum / n;
  *sd = sqrt (MAX (0, sum2 / n - *mean * *mean));
}

/* Rings far out: every passage open is paper, none open is wall (a
 * ring cell has four or five of the topology's six sides: those it
 * lacks are no walls), and a generated maze is grain as grey as a
 * rectangular one's. */
static void
test_far_rings (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) rings = maze_grid_new (MAZE_SHAPE_CIRCULAR, 6, 150, &error);
  g_autoptr(MazeGrid) rect = maze_grid_new (MAZE_SHAPE_RECT, 300, 300, &error);
  g_autofree guint8 *coverage = NULL;
  MazeGenerateOptions options;
  double mean, sd, rect_mean, rect_sd;

  g_assert_no_error (error);
  far_rings (rings, &mean, &sd);
  g_assert_cmpfloat (mean, ==, 1.0);
  for (guint y = 0; y < rings->height; y++)
    for (guint x = 0; x < maze_grid_row_length (rings, y); x++)
      for (guint d = 0; d < rings->topology->n_dirs; d++)
        {
          guint nx, ny;

          if (maze_grid_has_dir (rings, x, y, d) && maze_grid_step (rings, x, y, d, &nx, &ny))
            maze_grid_set_passage (rings, x, y, d, TRUE);
        }
  far_rings (rings, &mean, &sd);
  g_assert_cmpfloat (mean, ==, 0.0);

  maze_generate_options_init (&options);
  options.seed = 42;
  g_assert_true (maze_generate (rings, &options, &error));
  g_assert_no_error (error);
  g_assert_true (maze_generate (rect, &options, &error));
  g_assert_no_error (error);
  far_rings (rings, &mean, &sd);
  coverage = g_malloc (150 * 150);
  maze_lod_render (rect, 0.5, 0, 0, 150, 150, coverage, 150);
  {
    double sum = 0, sum2 = 0;
    guint n = 0;

    for (guint y = 10; y < 140; y++)
      for (guint x = 10; x < 140; x++)
        {
          double c = coverage[y * 150 + x] / 255.0;

          sum += c;
          sum2 += c * c;
          n++;
        }
    rect_mean = sum / n;
    rect_sd = sqrt (MAX (0, sum2 / n - rect_mean * rect_mean));
  }
  g_test_message ("far rings: mean %.3f, sd %.3f; rect mean %.3f, sd %.3f",
                  mean, sd, rect_mean, rect_sd);
  g_assert_cmpfloat (fabs (mean - rect_mean), <, 0.05);
  g_assert_cmpfloat (sd, >, 0.06);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lod/corridor-and-wall", test_corridor_and_wall);
  g_test_add_func ("/lod/far", test_far);
  g_test_add_func ("/lod/far-hex", test_far_hex);
  g_test_add_func ("/lod/far-rings", test_far_rings);

  return g_test_run ();
}
