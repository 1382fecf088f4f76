/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "maze-lod.h"

/* The far-out level of detail: walls where the maze has walls, paper
 * where it has corridors, and far out the maze's grain, not a flat grey. */

static guint
dir_of_kind (const MazeGrid *grid,
             MazeDirKind     kind)
{
  for (guint d = 0; d < grid->topology->n_dirs; d++)
    if (grid->topology->kind[d] == kind)
      return d;
  g_assert_not_reached ();
}

/* At zoom 4 a block (half a cell) is two pixels: block k covers content
 * pixels 2k + 1 and 2k + 2 (block 0 is the wall left of the first cell,
 * half a cell of margin before it). */
#define BLOCK_PIXEL(k) (2 * (k) + 1)

static void
test_blocks (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 3, 2, &error);
  guint east;
  guint8 coverage[16 * 16];

  g_assert_no_error (error);
  /* Top row: cells 0 and 1 joined, 1 and 2 apart; 0 joined to the cell
   * below it. */
  east = dir_of_kind (grid, MAZE_DIR_ROW_NEXT);
  maze_grid_set_passage (grid, 0, 0, east, TRUE);
  maze_grid_set_passage (grid, 0, 0, dir_of_kind (grid, MAZE_DIR_DOWN), TRUE);
  maze_lod_render (grid, 4.0, 0, 0, 16, 16, coverage, 16);

#define AT(bx, by) coverage[BLOCK_PIXEL (by) * 16 + BLOCK_PIXEL (bx)]
  g_assert_cmpuint (AT (1, 1), ==, 0);      /* inside cell (0, 0) */
  g_assert_cmpuint (AT (2, 1), ==, 0);      /* the passage to (1, 0) */
  g_assert_cmpuint (AT (3, 1), ==, 0);      /* inside cell (1, 0) */
  g_assert_cmpuint (AT (4, 1), ==, 255);    /* the wall between (1, 0) and (2, 0) */
  g_assert_cmpuint (AT (1, 2), ==, 0);      /* the passage down from (0, 0) */
  g_assert_cmpuint (AT (3, 2), ==, 255);    /* the wall under (1, 0) */
  g_assert_cmpuint (AT (0, 1), ==, 255);    /* the border */
  g_assert_cmpuint (AT (1, 0), ==, 255);
  g_assert_cmpuint (AT (2, 2), ==, 255);    /* a corner a wall meets */
  g_assert_cmpuint (coverage[0], ==, 0);    /* the margin */
#undef AT
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lod/blocks", test_blocks);
  g_test_add_func ("/lod/far", test_far);

  return g_test_run ();
}
