/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "maze-core.h"

static MazeGrid *
make_maze (MazeShape shape,
           guint64   seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new (shape, 25, 20, &error);
  MazeGenerateOptions options;

  maze_generate_options_init (&options);
  options.seed = seed;
  g_assert_true (maze_generate (grid, &options, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&grid);
}

static guint32
count_dead_ends (const MazeGrid *grid)
{
  guint32 n = 0;

  for (guint y = 0; y < grid->height; y++)
    for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
      n += maze_grid_is_open (grid, x, y) && maze_grid_degree (grid, x, y) == 1;
  return n;
}

static void
test_fraction (void)
{
  g_assert_cmpuint (maze_braid_from_fraction (0), ==, 0);
  g_assert_cmpuint (maze_braid_from_fraction (-3), ==, 0);
  g_assert_cmpuint (maze_braid_from_fraction (0.5), ==, MAZE_BRAID_ONE / 2);
  g_assert_cmpuint (maze_braid_from_fraction (1), ==, MAZE_BRAID_ONE);
  g_assert_cmpuint (maze_braid_from_fraction (7), ==, MAZE_BRAID_ONE);
}

static void
test_zero_changes_nothing (void)
{
  g_autoptr(MazeGrid) grid = make_maze (MAZE_SHAPE_RECT, 1);
  g_autoptr(MazeGrid) before = maze_grid_copy (grid);

  g_assert_cmpuint (maze_braid (grid, 0, 5, NULL), ==, 0);
  g_assert_true (maze_grid_equal (grid, before));
}

static void
check_braid (MazeShape shape,
             double    fraction)
{
  for (guint64 seed = 0; seed < 50; seed++)
    {
      g_autoptr(MazeGrid) grid = make_maze (shape, seed);
      g_autoptr(GError) error = NULL;
      guint32 before = count_dead_ends (grid);
      guint32 removed = maze_braid (grid, maze_braid_from_fraction (fraction), seed, NULL);
      guint32 after = count_dead_ends (grid);
      guint32 target = (guint32) (before * fraction + 0.5);

      g_assert_cmpuint (before - after, ==, removed);
      /* Each step removes one or two: it stops at the target or one past. */
      g_assert_cmpuint (removed, >=, target);
      g_assert_cmpuint (removed, <=, target + 1);
      g_assert_true (maze_grid_validate (grid, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (maze_grid_count_components (grid, NULL, TRUE), ==, 1);
      if (removed > 0)
        g_assert_cmpuint (maze_grid_count_passages (grid), >, maze_grid_count_open (grid) - 1);
    }
}

static void
test_half_rect (void)
{
  check_braid (MAZE_SHAPE_RECT, 0.5);
}

static void
test_half_hex (void)
{
  check_braid (MAZE_SHAPE_HEX, 0.5);
}

static void
test_full (void)
{
  g_autoptr(MazeGrid) grid = make_maze (MAZE_SHAPE_RECT, 3);

  maze_braid (grid, MAZE_BRAID_ONE, 3, NULL);
  g_assert_cmpuint (count_dead_ends (grid), ==, 0);
}

static void
test_deterministic (void)
{
  g_autoptr(MazeGrid) a = make_maze (MAZE_SHAPE_HEX, 9);
  g_autoptr(MazeGrid) b = maze_grid_copy (a);
  g_autoptr(MazeGrid) c = maze_grid_copy (a);

  maze_braid (a, MAZE_BRAID_ONE / 3, 42, NULL);
  maze_braid (b, MAZE_BRAID_ONE / 3, 42, NULL);
  maze_braid (c, MAZE_BRAID_ONE / 3, 43, NULL);
  g_assert_true (maze_grid_equal (a, b));
  g_assert_false (maze_grid_equal (a, c));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/maze/braid/fraction", test_fraction);
  g_test_add_func ("/maze/braid/zero", test_zero_changes_nothing);
  g_test_add_func ("/maze/braid/half-rect", test_half_rect);
  g_test_add_func ("/maze/braid/half-hex", test_half_hex);
  g_test_add_func ("/maze/braid/full", test_full);
  g_test_add_func ("/maze/braid/deterministic", test_deterministic);
  return g_test_run ();
}
