/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-core.h"
#include "maze-outline.h"

/* Outlines as masks: every preset on every shape of grid, small and
 * large, leaves one piece that a maze fills, perfect; too small a maze
 * is refused, saying why, and left as it was. */

static void
test_presets (void)
{
  static const guint sides[] = { 12, 25, 60, 200 };

  /* The shapes before the circular one: an outline of rings is not
   * offered yet (see "A grid shape" in HACKING.md). */
  for (MazeShape shape = 0; shape < MAZE_SHAPE_CIRCULAR; shape++)
    for (MazeOutline outline = 0; outline < MAZE_N_OUTLINES; outline++)
      for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(MazeGrid) grid = maze_grid_new (shape, sides[i], sides[i], &error);
          g_autoptr(MazePuzzle) puzzle = NULL;
          MazeGenerateOptions options;
          MazeRect all;
          guint32 open;

          g_test_message ("%s on %s, %u a side", maze_outline_to_string (outline),
                          maze_shape_to_string (shape), sides[i]);
          if (!maze_outline_apply (grid, outline, &error))
            g_error ("%s", error->message);
          open = maze_grid_count_open (grid);
          /* A shape, not the whole rectangle, nor a sliver of it. */
          g_assert_cmpuint (open, <, grid->n_cells);
          g_assert_cmpuint (open, >, grid->n_cells / 5);
          all = maze_grid_full_rect (grid);
          g_assert_cmpuint (maze_grid_count_components (grid, &all, FALSE), ==, 1);

          maze_generate_options_init (&options);
          options.seed = i + 10 * outline;
          puzzle = maze_puzzle_generate_on (g_steal_pointer (&grid), &options, 0,
                                            MAZE_ENDPOINTS_FARTHEST, &error);
          g_assert_no_error (error);
          g_assert_true (maze_grid_check_perfect (puzzle->grid, NULL));
          g_assert_false (maze_grid_is_masked (puzzle->grid, puzzle->start));
          g_assert_false (maze_grid_is_masked (puzzle->grid, puzzle->end));
          g_assert_cmpuint (puzzle->start, !=, puzzle->end);
        }
}

/* The same outline, the same mask, on every run. */
static void
test_deterministic (void)
{
  g_autoptr(MazeGrid) a = maze_grid_new (MAZE_SHAPE_HEX, 40, 30, NULL);
  g_autoptr(MazeGrid) b = maze_grid_new (MAZE_SHAPE_HEX, 40, 30, NULL);

  g_assert_true (maze_outline_apply (a, MAZE_OUTLINE_HEART, NULL));
  g_assert_true (maze_outline_apply (b, MAZE_OUTLINE_HEART, NULL));
  g_assert_true (maze_grid_equal (a, b));
}

/* Nothing half-applied: an outline that would split the maze (here by a
 * wall of masked cells already there) or leave no room for a start and
 * an end is refused with a message saying which, the grid as it was. */
static void
test_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) walled = maze_grid_new (MAZE_SHAPE_RECT, 20, 20, NULL);
  g_autoptr(MazeGrid) tiny = maze_grid_new (MAZE_SHAPE_RECT, 1, 1, NULL);
  g_autoptr(MazeGrid) before = NULL;

  for (guint y = 0; y < 20; y++)
    maze_grid_set_masked (walled, 10, y, TRUE);
  before = maze_grid_copy (walled);
  g_assert_false (maze_outline_apply (walled, MAZE_OUTLINE_CIRCLE, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED);
  g_assert_nonnull (strstr (error->message, "comes apart into 2 pieces"));
  g_assert_true (maze_grid_equal (walled, before));
  g_clear_error (&error);

  g_assert_false (maze_outline_apply (tiny, MAZE_OUTLINE_STAR, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "no room for a start and an end"));
  g_assert_cmpuint (maze_grid_count_open (tiny), ==, 1);
}

static void
test_names (void)
{
  MazeOutline outline;

  for (MazeOutline o = 0; o < MAZE_N_OUTLINES; o++)
    {
      g_assert_true (maze_outline_from_string (maze_outline_to_string (o), &outline));
      g_assert_cmpint (outline, ==, o);
      g_assert_nonnull (maze_outline_get_title (o));
    }
  g_assert_false (maze_outline_from_string ("dragon", &outline));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/maze/outline/presets", test_presets);
  g_test_add_func ("/maze/outline/deterministic", test_deterministic);
  g_test_add_func ("/maze/outline/refused", test_refused);
  g_test_add_func ("/maze/outline/names", test_names);
  return g_test_run ();
}
