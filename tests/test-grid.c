/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-core.h"

static void
test_size_limits (void)
{
  static const struct { guint64 w, h; gboolean ok; } cases[] = {
    { 1, 1, TRUE }, { 65535, 1, TRUE }, { 1, 65535, TRUE }, { 65535, 32768, TRUE },
    { 0, 5, FALSE }, { 5, 0, FALSE }, { 65536, 1, FALSE }, { 1, 65536, FALSE },
    { 65535, 32769, FALSE }, { 65535, 65535, FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      gboolean ok = maze_check_size (MAZE_SHAPE_RECT, cases[i].w, cases[i].h, &error);

      g_assert_cmpint (ok, ==, cases[i].ok);
      if (!ok)
        {
          g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
          /* The message names the limit. */
          g_assert_true (strstr (error->message, "65535") != NULL ||
                         strstr (error->message, "2147483648") != NULL);
        }
    }
}

/* Stepping in a direction and back in its opposite returns home, on every
 * cell of both shapes: the topology tables agree with each other. */
static void
test_topology_symmetry (void)
{
  for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      g_autoptr(MazeGrid) grid = maze_grid_new (shape, 7, 6, NULL);
      const MazeTopology *t = grid->topology;
      guint owned = 0;

      for (guint d = 0; d < t->n_dirs; d++)
        {
          g_assert_cmpuint (t->opposite[t->opposite[d]], ==, d);
          /* Exactly one of a direction and its opposite owns the bit. */
          g_assert_true ((t->owned_bit[d] >= 0) != (t->owned_bit[t->opposite[d]] >= 0));
          owned += t->owned_bit[d] >= 0;
        }
      g_assert_cmpuint (owned * 2, ==, t->n_dirs);

      for (guint y = 0; y < grid->height; y++)
        for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
          for (guint d = 0; d < t->n_dirs; d++)
            {
              guint nx = 0, ny = 0, bx = 0, by = 0;

              if (!maze_grid_step (grid, x, y, d, &nx, &ny))
                continue;
              g_assert_true (maze_grid_step (grid, nx, ny, t->opposite[d], &bx, &by));
              g_assert_cmpuint (bx, ==, x);
              g_assert_cmpuint (by, ==, y);
            }
    }
}

/* Hex neighbours in odd-r coordinates, spelled out. */
static void
test_hex_neighbours (void)
{
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_HEX, 5, 5, NULL);
  static const struct { guint x, y; gint dir; guint nx, ny; } cases[] = {
    { 2, 2, 0, 3, 2 }, { 2, 2, 1, 2, 3 }, { 2, 2, 2, 1, 3 },   /* even row: E, SE, SW */
    { 2, 2, 3, 1, 2 }, { 2, 2, 4, 1, 1 }, { 2, 2, 5, 2, 1 },   /* W, NW, NE */
    { 2, 1, 1, 3, 2 }, { 2, 1, 2, 2, 2 }, { 2, 1, 4, 2, 0 },   /* odd row: SE, SW, NW */
    { 2, 1, 5, 3, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      guint nx = 0, ny = 0;

      g_assert_true (maze_grid_step (grid, cases[i].x, cases[i].y, cases[i].dir, &nx, &ny));
      g_assert_cmpuint (nx, ==, cases[i].nx);
      g_assert_cmpuint (ny, ==, cases[i].ny);
    }
}

/* Triangles: (x, y) points up when x + y is even; three neighbours each,
 * the third through the flat side (below an up one, above a down one). */
static void
test_tri_neighbours (void)
{
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_TRI, 6, 5, NULL);
  static const struct { guint x, y; gint dir; gboolean ok; guint nx, ny; } cases[] = {
    { 2, 2, 0, FALSE, 0, 0 }, { 2, 2, 1, TRUE, 3, 2 },   /* up: no N, E */
    { 2, 2, 2, TRUE, 2, 3 }, { 2, 2, 3, TRUE, 1, 2 },    /* S, W */
    { 3, 2, 0, TRUE, 3, 1 }, { 3, 2, 2, FALSE, 0, 0 },   /* down: N, no S */
    { 0, 1, 0, TRUE, 0, 0 }, { 1, 0, 0, FALSE, 0, 0 },   /* the top row */
  };
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      guint nx = 0, ny = 0;

      g_assert_cmpint (maze_grid_step (grid, cases[i].x, cases[i].y, cases[i].dir, &nx, &ny),
                       ==, cases[i].ok);
      if (!cases[i].ok)
        continue;
      g_assert_cmpuint (nx, ==, cases[i].nx);
      g_assert_cmpuint (ny, ==, cases[i].ny);
    }

  /* Every inner triangle has exactly three neighbours. */
  for (guint y = 1; y + 1 < grid->height; y++)
    for (guint x = 1; x + 1 < grid->width; x++)
      {
        guint n = 0;

        for (guint d = 0; d < grid->topology->n_dirs; d++)
          {
            guint nx, ny;

            n += maze_grid_step (grid, x, y, d, &nx, &ny);
          }
        g_assert_cmpuint (n, ==, 3);
      }

  /* One column of triangles falls apart beyond two rows. */
  g_assert_true (maze_check_size (MAZE_SHAPE_TRI, 1, 2, NULL));
  g_assert_true (maze_check_size (MAZE_SHAPE_TRI, 9, 1, NULL));
  g_assert_true (maze_check_size (MAZE_SHAPE_TRI, 2, 9, NULL));
  g_assert_false (maze_check_size (MAZE_SHAPE_TRI, 1, 3, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
}

/* A passage towards a side a triangle does not have is invalid. */
static void
test_tri_validate (void)
{
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_TRI, 4, 4, NULL);
  g_autoptr(GError) error = NULL;

  /* (1, 1) points up: its S is owned bit 1. */
  maze_grid_set_passage (grid, 1, 1, 2, TRUE);
  g_assert_true (maze_grid_validate (grid, NULL));
  /* (2, 1) points down: bit 1 would be a passage S it has no side for. */
  grid->cells[maze_grid_index (grid, 2, 1)] |= 2;
  g_assert_false (maze_grid_validate (grid, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
}

static void
test_passages (void)
{
  for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      g_autoptr(MazeGrid) grid = maze_grid_new (shape, 4, 4, NULL);
      const MazeTopology *t = grid->topology;

      for (guint d = 0; d < t->n_dirs; d++)
        {
          guint nx = 0, ny = 0;

          /* A triangle has no side towards its apex; a circular cell
           * one inward side and one or two outward. */
          if (!maze_grid_has_dir (grid, 1, 1, d))
            {
              g_assert_true (grid->shape == MAZE_SHAPE_TRI || grid->shape == MAZE_SHAPE_CIRCULAR);
              g_assert_false (maze_grid_step (grid, 1, 1, d, &nx, &ny));
              continue;
            }
          g_assert_true (maze_grid_step (grid, 1, 1, d, &nx, &ny));
          maze_grid_set_passage (grid, 1, 1, d, TRUE);
          g_assert_true (maze_grid_has_passage (grid, 1, 1, d));
          g_assert_true (maze_grid_has_passage (grid, nx, ny, t->opposite[d]));
          g_assert_cmpuint (maze_grid_count_passages (grid), ==, 1);
          maze_grid_set_passage (grid, nx, ny, t->opposite[d], FALSE);
          g_assert_false (maze_grid_has_passage (grid, 1, 1, d));
          g_assert_cmpuint (maze_grid_count_passages (grid), ==, 0);
        }
    }
}

static void
test_mask_clears_passages (void)
{
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 3, 3, NULL);

  for (guint d = 0; d < 4; d++)
    maze_grid_set_passage (grid, 1, 1, d, TRUE);
  g_assert_cmpuint (maze_grid_degree (grid, 1, 1), ==, 4);
  maze_grid_set_masked (grid, 1, 1, TRUE);
  g_assert_cmpuint (maze_grid_count_passages (grid), ==, 0);
  g_assert_false (maze_grid_is_open (grid, 1, 1));
  g_assert_cmpuint (maze_grid_count_open (grid), ==, 8);
  g_assert_true (maze_grid_has_mask (grid, NULL));
  maze_grid_set_masked (grid, 1, 1, FALSE);
  g_assert_false (maze_grid_has_mask (grid, NULL));
}

static void
test_validate (void)
{
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 3, 3, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (maze_grid_validate (grid, &error));
  /* A passage east out of the right column, set behind the API's back. */
  grid->cells[maze_grid_index (grid, 2, 1)] |= 1;
  g_assert_false (maze_grid_validate (grid, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "(2,1)"));
  g_clear_error (&error);
  grid->cells[maze_grid_index (grid, 2, 1)] = 0;

  /* A passage into a masked cell. */
  grid->cells[maze_grid_index (grid, 0, 0)] |= 1;
  grid->cells[maze_grid_index (grid, 1, 0)] |= MAZE_CELL_MASKED;
  g_assert_false (maze_grid_validate (grid, &error));
  g_assert_nonnull (strstr (error->message, "masked"));
}

static void
test_check_perfect (void)
{
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 2, 2, NULL);
  g_autoptr(GError) error = NULL;

  /* A U shape: perfect. */
  maze_grid_set_passage (grid, 0, 0, 2, TRUE);
  maze_grid_set_passage (grid, 0, 1, 1, TRUE);
  maze_grid_set_passage (grid, 1, 1, 0, TRUE);
  g_assert_true (maze_grid_check_perfect (grid, &error));
  g_assert_no_error (error);

  /* Close the loop. */
  maze_grid_set_passage (grid, 0, 0, 1, TRUE);
  g_assert_false (maze_grid_check_perfect (grid, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED);
  g_clear_error (&error);

  /* Two pieces. */
  maze_grid_clear_passages (grid);
  maze_grid_set_passage (grid, 0, 0, 1, TRUE);
  g_assert_false (maze_grid_check_perfect (grid, &error));
  g_assert_nonnull (strstr (error->message, "3"));
  g_assert_cmpuint (maze_grid_count_components (grid, NULL, TRUE), ==, 3);
  g_assert_cmpuint (maze_grid_count_components (grid, NULL, FALSE), ==, 1);
}

static void
test_copy_equal_hash (void)
{
  g_autoptr(MazeGrid) a = maze_grid_new (MAZE_SHAPE_HEX, 5, 4, NULL);
  g_autoptr(MazeGrid) b = NULL;
  g_autoptr(MazeGrid) c = maze_grid_new (MAZE_SHAPE_RECT, 5, 4, NULL);
  g_autoptr(MazeGrid) empty_hex = maze_grid_new (MAZE_SHAPE_HEX, 5, 4, NULL);

  maze_grid_set_passage (a, 2, 2, 4, TRUE);
  b = maze_grid_copy (a);
  g_assert_true (maze_grid_equal (a, b));
  g_assert_cmphex (maze_grid_hash (a), ==, maze_grid_hash (b));
  maze_grid_set_passage (b, 0, 0, 0, TRUE);
  g_assert_false (maze_grid_equal (a, b));
  g_assert_cmphex (maze_grid_hash (a), !=, maze_grid_hash (b));
  /* Shape is part of the identity. */
  g_assert_false (maze_grid_equal (a, c));
  g_assert_cmphex (maze_grid_hash (empty_hex), !=, maze_grid_hash (c));
}

static void
test_weights (void)
{
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 3, 3, NULL);
  g_autoptr(MazeGrid) copy = NULL;

  g_assert_null (grid->weights);
  maze_grid_set_weight (grid, 4, 1);
  g_assert_null (grid->weights);
  maze_grid_set_weight (grid, 4, 9);
  g_assert_cmpuint (maze_grid_get_weight (grid, 4), ==, 9);
  g_assert_cmpuint (maze_grid_get_weight (grid, 3), ==, 1);
  copy = maze_grid_copy (grid);
  g_assert_true (maze_grid_equal (grid, copy));
  maze_grid_set_weight (copy, 4, 2);
  g_assert_false (maze_grid_equal (grid, copy));
}

static void
test_rect_clip (void)
{
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 10, 8, NULL);
  MazeRect r = { 7, 6, 10, 10 };
  MazeRect outside = { 10, 0, 1, 1 };

  g_assert_true (maze_rect_clip (&r, grid));
  g_assert_cmpuint (r.width, ==, 3);
  g_assert_cmpuint (r.height, ==, 2);
  g_assert_false (maze_rect_clip (&outside, grid));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/maze/grid/size-limits", test_size_limits);
  g_test_add_func ("/maze/grid/topology-symmetry", test_topology_symmetry);
  g_test_add_func ("/maze/grid/hex-neighbours", test_hex_neighbours);
  g_test_add_func ("/maze/grid/tri-neighbours", test_tri_neighbours);
  g_test_add_func ("/maze/grid/tri-validate", test_tri_validate);
  g_test_add_func ("/maze/grid/passages", test_passages);
  g_test_add_func ("/maze/grid/mask", test_mask_clears_passages);
  g_test_add_func ("/maze/grid/validate", test_validate);
  g_test_add_func ("/maze/grid/check-perfect", test_check_perfect);
  g_test_add_func ("/maze/grid/copy-equal-hash", test_copy_equal_hash);
  g_test_add_func ("/maze/grid/weights", test_weights);
  g_test_add_func ("/maze/grid/rect-clip", test_rect_clip);
  return g_test_run ();
}
