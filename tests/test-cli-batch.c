/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "cli-batch.h"

/* The puzzles of `export --batch`: new mazes like the input, on its shape,
 * braided as much, with its start and end. */

/* A maze with a block of cells masked out, braided by braid, made as the
 * window makes a new maze on a shaped one. */
static MazePuzzle *
new_shaped_input (guint32 braid)
{
  g_autoptr(GError) error = NULL;
  MazeGrid *grid = maze_grid_new (MAZE_SHAPE_RECT, 12, 10, &error);
  MazeGenerateOptions options;
  MazePuzzle *puzzle;

  g_assert_no_error (error);
  for (guint y = 3; y < 6; y++)
    for (guint x = 4; x < 7; x++)
      maze_grid_set_masked (grid, x, y, TRUE);
  maze_generate_options_init (&options);
  options.seed = 5;
  puzzle = maze_puzzle_generate_on (grid, &options, braid, MAZE_ENDPOINTS_CORNERS, &error);
  g_assert_no_error (error);
  return puzzle;
}

static void
assert_same_shape (const MazeGrid *a,
                   const MazeGrid *b)
{
  g_assert_cmpuint (a->n_cells, ==, b->n_cells);
  for (guint32 cell = 0; cell < a->n_cells; cell++)
    g_assert_cmpint (maze_grid_is_masked (a, cell), ==, maze_grid_is_masked (b, cell));
}

static void
test_braided_shape (void)
{
  g_autoptr(MazePuzzle) input = new_shaped_input (MAZE_BRAID_ONE / 2);
  guint32 open = maze_grid_count_open (input->grid);

  /* The input has loops: more passages than a tree's. */
  g_assert_cmpuint (maze_grid_count_passages (input->grid), >, open - 1);
  for (guint64 offset = 1; offset <= 3; offset++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MazePuzzle) puzzle = cli_batch_puzzle (input, offset, &error);

      g_assert_no_error (error);
      g_assert_nonnull (puzzle);
      assert_same_shape (puzzle->grid, input->grid);
      g_assert_cmpuint (puzzle->seed, ==, input->seed + offset);
      g_assert_cmpuint (puzzle->braid, ==, input->braid);
      g_assert_cmpuint (maze_grid_count_passages (puzzle->grid), >, open - 1);
      g_assert_cmpuint (puzzle->start, ==, input->start);
      g_assert_cmpuint (puzzle->end, ==, input->end);
      g_assert_false (maze_grid_equal (puzzle->grid, input->grid));
    }
}

static void
test_perfect_shape (void)
{
  g_autoptr(MazePuzzle) input = new_shaped_input (0);
  g_autoptr(GError) error = NULL;
  g_autoptr(MazePuzzle) puzzle = cli_batch_puzzle (input, 1, &error);
  guint32 open = maze_grid_count_open (input->grid);

  g_assert_no_error (error);
  assert_same_shape (puzzle->grid, input->grid);
  g_assert_cmpuint (maze_grid_count_passages (puzzle->grid), ==, open - 1);
  g_assert_true (maze_grid_check_perfect (puzzle->grid, NULL));
}

/* A pack of an outlined maze keeps the outline: its mask (the shape) and
 * what made it, for the .maze and the worksheets. */
static void
test_outline_carries (void)
{
  g_autoptr(MazePuzzle) input = new_shaped_input (0);
  g_autoptr(GError) error = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;

  input->outline = maze_outline_params_new_text ("Anna", "Sans Bold");
  puzzle = cli_batch_puzzle (input, 2, &error);
  g_assert_no_error (error);
  assert_same_shape (puzzle->grid, input->grid);
  g_assert_true (maze_outline_params_equal (puzzle->outline, input->outline));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli-batch/braided-shape", test_braided_shape);
  g_test_add_func ("/cli-batch/perfect-shape", test_perfect_shape);
  g_test_add_func ("/cli-batch/outline-carries", test_outline_carries);
  return g_test_run ();
}
