/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-core.h"
#include "maze-outline.h"
#include "maze-render-private.h"
#include "maze-test-util.h"

/* Outlines as masks: every preset on every shape of grid, small and
 * large, leaves one piece that a maze fills, perfect; too small a maze
 * is refused, saying why, and left as it was. */

static guint32
steps_between (const MazeGrid *grid,
               guint32         a,
               guint32         b)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeSolution) solution = maze_solve (grid, MAZE_SOLVER_BFS, a, b, NULL, &error);

  g_assert_no_error (error);
  return solution->path_len - 1;
}

/* Doors on the outline, both presets: the start and end of a shaped
 * maze each get a door, and the farthest pair is at least as far apart
 * as the corners (the first and last open cells, on the outline too). */
static void
check_doors_far_apart (const MazeGrid *grid,
                       guint32         start,
                       guint32         end)
{
  guint32 corners[2];
  guint dir;

  g_assert_true (maze_endpoints_choose (grid, MAZE_ENDPOINTS_CORNERS, &corners[0], &corners[1],
                                        NULL));
  g_assert_true (maze_render_door_dir (grid, start, &dir));
  g_assert_true (maze_render_door_dir (grid, end, &dir));
  g_assert_true (maze_render_door_dir (grid, corners[0], &dir));
  g_assert_true (maze_render_door_dir (grid, corners[1], &dir));
  g_assert_cmpuint (steps_between (grid, start, end), >=,
                    steps_between (grid, corners[0], corners[1]));
}

/* The grid's open cells are one piece that a perfect maze fills, with
 * a start and an end. */
static void
assert_one_maze (MazeGrid *grid,
                 guint64   seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;
  MazeGenerateOptions options;
  MazeRect all = maze_grid_full_rect (grid);

  g_assert_cmpuint (maze_grid_count_components (grid, &all, FALSE), ==, 1);
  maze_generate_options_init (&options);
  options.seed = seed;
  puzzle = maze_puzzle_generate_on (grid, &options, 0, MAZE_ENDPOINTS_FARTHEST, &error);
  g_assert_no_error (error);
  g_assert_true (maze_grid_check_perfect (puzzle->grid, NULL));
  g_assert_false (maze_grid_is_masked (puzzle->grid, puzzle->start));
  g_assert_false (maze_grid_is_masked (puzzle->grid, puzzle->end));
  g_assert_cmpuint (puzzle->start, !=, puzzle->end);
  /* A shape, with its doors on its outline (a circle on rings is all of
   * them, the plain maze, whose farthest ends may lie anywhere). */
  if (maze_grid_count_open (grid) < grid->n_cells)
    check_doors_far_apart (puzzle->grid, puzzle->start, puzzle->end);
}

/* A preset on a grid, checked: one piece of a fair share of the grid,
 * a perfect maze with its doors on the outline. */
static void
check_preset (MazeShape   shape,
              guint       width,
              guint       height,
              MazeOutline outline,
              guint64     seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new (shape, width, height, &error);
  guint32 open;

  g_assert_no_error (error);
  g_test_message ("%s on %s, %u × %u", maze_outline_to_string (outline),
                  maze_shape_to_string (shape), width, height);
  if (!maze_outline_apply (grid, outline, &error))
    g_error ("%s", error->message);
  open = maze_grid_count_open (grid);
  /* A shape, not the whole grid, nor a sliver of it; a circle on rings
   * is all of them. */
  if (shape == MAZE_SHAPE_CIRCULAR && outline == MAZE_OUTLINE_CIRCLE)
    g_assert_cmpuint (open, ==, grid->n_cells);
  else
    g_assert_cmpuint (open, <, grid->n_cells);
  g_assert_cmpuint (open, >, grid->n_cells / 5);
  assert_one_maze (g_steal_pointer (&grid), seed);
}

static void
test_presets (void)
{
  static const guint sides[] = { 12, 25, 60, 200 };
  /* Rings: the first ring's cells, then the rings. */
  static const guint rings[][2] = { { 6, 6 }, { 6, 12 }, { 8, 30 }, { 6, 100 } };

  for (MazeOutline outline = 0; outline < MAZE_N_OUTLINES; outline++)
    {
      for (MazeShape shape = 0; shape < MAZE_SHAPE_CIRCULAR; shape++)
        for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
          check_preset (shape, sides[i], sides[i], outline, i + 10 * outline);
      for (guint i = 0; i < G_N_ELEMENTS (rings); i++)
        check_preset (MAZE_SHAPE_CIRCULAR, rings[i][0], rings[i][1], outline, i + 10 * outline);
    }
}

/* A door goes onto the paper around a shape, never into a hole inside
 * it, even from a cell that touches both; a cell beside a hole alone
 * gets none. */
static void
test_door_not_into_hole (void)
{
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 5, 7, NULL);
  g_autoptr(MazeGrid) rings = maze_grid_new (MAZE_SHAPE_CIRCULAR, 6, 8, NULL);
  guint dir, x, y, nx = 0, ny = 0;
  guint32 cell;

  /* Paper along the bottom reaching up to (2, 4); a hole at (2, 2). */
  for (guint px = 0; px < 5; px++)
    {
      maze_grid_set_masked (grid, px, 5, TRUE);
      maze_grid_set_masked (grid, px, 6, TRUE);
    }
  maze_grid_set_masked (grid, 2, 4, TRUE);
  maze_grid_set_masked (grid, 2, 2, TRUE);
  /* (2, 3): the hole north, the paper south. */
  g_assert_true (maze_render_door_dir (grid, maze_grid_index (grid, 2, 3), &dir));
  g_assert_cmpuint (dir, ==, 2);
  /* (2, 1): the hole south, open cells around, off the border. */
  g_assert_false (maze_render_door_dir (grid, maze_grid_index (grid, 2, 1), &dir));

  /* Rings: a cell of the fourth ring with a hole outward and paper
   * inward, down to the room. */
  x = 5;
  y = 3;
  g_assert_true (maze_grid_step (rings, x, y, MAZE_POLAR_OUT_A, &nx, &ny));
  maze_grid_set_masked (rings, nx, ny, TRUE);
  for (guint cx = x, cy = y; cy > 0; )
    {
      g_assert_true (maze_grid_step (rings, cx, cy, MAZE_POLAR_IN_A, &cx, &cy) ||
                     maze_grid_step (rings, cx, cy, MAZE_POLAR_IN_B, &cx, &cy));
      maze_grid_set_masked (rings, cx, cy, TRUE);
    }
  cell = maze_grid_index (rings, x, y);
  g_assert_true (maze_render_door_dir (rings, cell, &dir));
  g_assert_true (dir == MAZE_POLAR_IN_A || dir == MAZE_POLAR_IN_B);
  /* The cell outward of the hole: a hole inward, open cells around. */
  g_assert_true (maze_grid_step (rings, nx, ny, MAZE_POLAR_OUT_A, &x, &y));
  g_assert_false (maze_render_door_dir (rings, maze_grid_index (rings, x, y), &dir));
}

/* Names of 1 to 12 letters, with letters that stand apart (i, j, l and
 * their dots, r, T, Y), in the default font: one maze on every shape,
 * in a small grid and a large one, wider than high as a name is. */
static void
test_text_names (void)
{
  static const char *names[] = {
    "I", "j", "W",
    "Jo", "Li", "ij",
    "Ivy", "Tim", "Ali",
    "Lili", "Yuri", "Jiri",
    "Iris!", "Tariq", "Kitty",
    "Ilijaj", "Rosita", "Miriam",
    "Lillith", "Juliet.", "Tristan",
    "Virginia", "Ifeoluwa", "Dimitrij",
    "Juliijana", "Kristijan", "Joaquinit",
    "Iolaritini", "Trijntjeli", "Wilhelmina",
    "Jiljililiji", "Maximiliana", "Tirilillila",
    "Marie-Claire", "Aljijilijiij", "Wojciechowsk",
  };
  static const guint sizes[][2] = { { 24, 12 }, { 40, 16 }, { 160, 60 } };

  for (MazeShape shape = 0; shape < MAZE_TEST_N_ROW_SHAPES; shape++)
    for (guint n = 0; n < G_N_ELEMENTS (names); n++)
      for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(MazeGrid) grid = maze_grid_new (shape, sizes[s][0], sizes[s][1], &error);
          guint32 open;

          g_test_message ("“%s” on %s, %u × %u", names[n], maze_shape_to_string (shape),
                          sizes[s][0], sizes[s][1]);
          if (!maze_outline_apply_text (grid, names[n], NULL, &error))
            g_error ("%s", error->message);
          open = maze_grid_count_open (grid);
          g_assert_cmpuint (open, <, grid->n_cells);
          g_assert_cmpuint (open, >, grid->n_cells / 20);
          assert_one_maze (g_steal_pointer (&grid), n + 100 * s);
        }
}

/* Names on rings: fitted within the disc, one maze, doors on the
 * outline, in a small maze and a large one. */
static void
test_text_on_rings (void)
{
  static const char *names[] = { "I", "Jo", "Tim", "Lili", "Tariq", "Wilhelmina",
                                 "Marie-Claire" };
  static const guint rings[][2] = { { 6, 12 }, { 6, 24 }, { 8, 80 } };

  for (guint n = 0; n < G_N_ELEMENTS (names); n++)
    for (guint s = 0; s < G_N_ELEMENTS (rings); s++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_CIRCULAR, rings[s][0], rings[s][1],
                                                  &error);
        guint32 open;

        g_assert_no_error (error);
        g_test_message ("“%s” on %u rings", names[n], rings[s][1]);
        if (!maze_outline_apply_text (grid, names[n], NULL, &error))
          g_error ("%s", error->message);
        open = maze_grid_count_open (grid);
        g_assert_cmpuint (open, <, grid->n_cells);
        g_assert_cmpuint (open, >, grid->n_cells / 40);
        assert_one_maze (g_steal_pointer (&grid), n + 100 * s);
      }
}

/* Letters apart are joined by corridors: "i i" in a big maze would be
 * four pieces (two stems, two dots) without them. */
static void
test_text_joined (void)
{
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 120, 60, NULL);
  MazeRect all = maze_grid_full_rect (grid);

  g_assert_true (maze_outline_apply_text (grid, "i  i", "Sans Bold", NULL));
  g_assert_cmpuint (maze_grid_count_components (grid, &all, FALSE), ==, 1);
}

/* Text with nothing to draw, too long, or in too small a maze: refused,
 * saying which, the grid unchanged. */
static void
test_text_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_HEX, 30, 20, NULL);
  g_autoptr(MazeGrid) tiny = maze_grid_new (MAZE_SHAPE_RECT, 1, 2, NULL);
  g_autofree char *long_text = g_strnfill (MAZE_OUTLINE_MAX_TEXT + 1, 'a');

  g_assert_false (maze_outline_apply_text (grid, "   ", NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "no letters"));
  g_clear_error (&error);
  g_assert_false (maze_outline_apply_text (grid, long_text, NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_cmpuint (maze_grid_count_open (grid), ==, grid->n_cells);

  g_assert_false (maze_outline_apply_text (tiny, "Wilhelmina", NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "“Wilhelmina” in a 1 × 2 maze leaves no room"));
  g_assert_cmpuint (maze_grid_count_open (tiny), ==, 2);
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
  g_clear_error (&error);

  /* On rings too: a preset too big for a maze of two rings. */
  {
    g_autoptr(MazeGrid) rings = maze_grid_new (MAZE_SHAPE_CIRCULAR, 3, 1, NULL);

    g_assert_false (maze_outline_apply (rings, MAZE_OUTLINE_STAR, &error));
    g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
    g_assert_nonnull (strstr (error->message, "in a maze of 1 ring leaves no room"));
    g_assert_cmpuint (maze_grid_count_open (rings), ==, rings->n_cells);
  }
}

/* A hole inside a shape (the counter of an "o") is no way out: the
 * farthest ends of a maze around one lie on its outer outline, where a
 * door leads onto the paper around the shape. */
static void
test_hole_is_no_outline (void)
{
  for (MazeShape shape = 0; shape < MAZE_TEST_N_ROW_SHAPES; shape++)
    for (guint64 seed = 1; seed <= 20; seed++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(MazeGrid) grid = maze_grid_new (shape, 24, 24, &error);
        g_autoptr(MazePuzzle) puzzle = NULL;
        MazeGenerateOptions options;

        g_assert_no_error (error);
        /* A thick ring: paper outside 4..19, a big hole inside 9..14,
         * the hole's edge longer than anything across the ring. */
        for (guint y = 0; y < 24; y++)
          for (guint x = 0; x < 24; x++)
            {
              gboolean outside = x < 4 || x > 19 || y < 4 || y > 19;
              gboolean hole = x >= 9 && x <= 14 && y >= 9 && y <= 14;

              if (outside || hole)
                maze_grid_set_masked (grid, x, y, TRUE);
            }
        maze_generate_options_init (&options);
        options.seed = seed;
        puzzle = maze_puzzle_generate_on (g_steal_pointer (&grid), &options, 0,
                                          MAZE_ENDPOINTS_FARTHEST, &error);
        g_assert_no_error (error);
        for (guint e = 0; e < 2; e++)
          {
            guint x, y;

            maze_grid_xy (puzzle->grid, e == 0 ? puzzle->start : puzzle->end, &x, &y);
            /* On the ring's outer band, not beside the hole. */
            g_assert_false (x >= 7 && x <= 16 && y >= 7 && y <= 16);
          }
      }
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
  g_test_add_func ("/maze/outline/hole", test_hole_is_no_outline);
  g_test_add_func ("/maze/outline/door-not-into-hole", test_door_not_into_hole);
  g_test_add_func ("/maze/outline/names", test_names);
  g_test_add_func ("/maze/outline/text-names", test_text_names);
  g_test_add_func ("/maze/outline/text-joined", test_text_joined);
  g_test_add_func ("/maze/outline/text-on-rings", test_text_on_rings);
  g_test_add_func ("/maze/outline/text-refused", test_text_refused);
  return g_test_run ();
}
