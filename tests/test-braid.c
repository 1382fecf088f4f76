/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "maze-core.h"
#include "maze-test-util.h"

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

/* Records the cells of every CARVE, in order: the walls braiding opens. */
static void
record_carve (const MazeEvent *event,
              gpointer         user_data)
{
  GArray *walls = user_data;

  if (event->type == MAZE_EVENT_CARVE)
    {
      guint32 wall[2] = { event->cell, event->other };

      g_array_append_vals (walls, wall, 1);
    }
}

/* Braiding less opens a prefix of what braiding more opens: the braid
 * slider takes loops back by braiding the same maze less. */
static void
test_prefix (void)
{
  for (guint64 seed = 0; seed < 20; seed++)
    {
      g_autoptr(MazeGrid) base = make_maze (seed % 2 ? MAZE_SHAPE_HEX : MAZE_SHAPE_RECT, seed);
      g_autoptr(MazeGrid) less = maze_grid_copy (base);
      g_autoptr(MazeGrid) more = maze_grid_copy (base);
      g_autoptr(GArray) less_walls = g_array_new (FALSE, FALSE, sizeof (guint32[2]));
      g_autoptr(GArray) more_walls = g_array_new (FALSE, FALSE, sizeof (guint32[2]));
      MazeObserver less_observer = { record_carve, less_walls };
      MazeObserver more_observer = { record_carve, more_walls };

      maze_braid (less, MAZE_BRAID_ONE / 5, seed, &less_observer);
      maze_braid (more, MAZE_BRAID_ONE * 3 / 4, seed, &more_observer);
      g_assert_cmpuint (less_walls->len, >, 0);
      g_assert_cmpuint (less_walls->len, <, more_walls->len);
      g_assert_cmpmem (less_walls->data, less_walls->len * sizeof (guint32[2]),
                       more_walls->data, less_walls->len * sizeof (guint32[2]));
      g_assert_true (maze_braid_is_base_of (base, less));
      g_assert_true (maze_braid_is_base_of (less, more));
      g_assert_false (maze_braid_is_base_of (more, less));
    }
}

static gboolean
stop_now (gpointer user_data)
{
  guint *asked = user_data;

  (*asked)++;
  return TRUE;
}

static MazeGrid *
make_big_maze (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 200, 150, &error);
  MazeGenerateOptions options;

  maze_generate_options_init (&options);
  options.seed = 7;
  g_assert_true (maze_generate (grid, &options, &error));
  return g_steal_pointer (&grid);
}

/* Braiding asks the stop function while it looks at the cells, and
 * stops when told to. */
static void
test_stop (void)
{
  g_autoptr(MazeGrid) grid = make_big_maze ();
  g_autoptr(GError) error = NULL;
  guint asked = 0;

  g_assert_false (maze_braid_full (grid, MAZE_BRAID_ONE, 3, NULL, stop_now, &asked, NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_CANCELLED);
  g_assert_cmpuint (asked, ==, 1);
}

/* Choosing the farthest ends sweeps the maze twice; it stops too. */
static void
test_endpoints_stop (void)
{
  g_autoptr(MazeGrid) grid = make_big_maze ();
  g_autoptr(GError) error = NULL;
  guint32 start = 0, end = 0;
  guint asked = 0;

  g_assert_false (maze_endpoints_choose_full (grid, MAZE_ENDPOINTS_FARTHEST, stop_now, &asked,
                                              &start, &end, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_CANCELLED);
  g_assert_cmpuint (asked, ==, 1);
  g_clear_error (&error);
  g_assert_true (maze_endpoints_choose_full (grid, MAZE_ENDPOINTS_FARTHEST, NULL, NULL,
                                             &start, &end, &error));
  g_assert_no_error (error);
}

static gboolean
stop_cb (gpointer user_data)
{
  return TRUE;
}

static gboolean
passages_within (const MazeGrid *a,
                 const MazeGrid *b)
{
  return maze_braid_is_base_of (a, b);
}

/* Braids a copy of braided (whose braid is base_braid and whose
 * unbraided maze is not known) below, at and above base_braid. */
static void
check_braid_below_base (const MazePuzzle *braided,
                        guint32           base_braid)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazePuzzle) none = maze_puzzle_copy (braided);
  g_autoptr(MazePuzzle) low = maze_puzzle_copy (braided);
  g_autoptr(MazePuzzle) lower = maze_puzzle_copy (braided);
  g_autoptr(MazePuzzle) twin = maze_puzzle_copy (braided);
  g_autoptr(MazePuzzle) kept = maze_puzzle_copy (braided);
  g_autoptr(MazePuzzle) same = maze_puzzle_copy (braided);
  g_autoptr(MazePuzzle) full = maze_puzzle_copy (braided);
  g_autoptr(MazeGrid) closed = NULL;

  /* At 0 a perfect maze within it: its loops closed, nothing opened;
   * start, end and mud kept. */
  g_assert_true (maze_puzzle_braid (none, braided->grid, base_braid, 0, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (none->braid, ==, 0);
  g_assert_true (maze_grid_check_perfect (none->grid, &error));
  g_assert_no_error (error);
  g_assert_true (passages_within (none->grid, braided->grid));
  g_assert_cmpuint (none->start, ==, braided->start);
  g_assert_cmpuint (none->end, ==, braided->end);
  g_assert_nonnull (braided->grid->weights);
  g_assert_cmpmem (none->grid->weights, none->grid->n_cells,
                   braided->grid->weights, braided->grid->n_cells);

  /* Below base_braid: that perfect maze braided, lower a prefix of higher;
   * the same maze and seed give the same maze. */
  g_assert_true (maze_puzzle_braid (low, braided->grid, base_braid, base_braid / 2, NULL, NULL,
                                    &error));
  g_assert_true (maze_puzzle_braid (lower, braided->grid, base_braid, base_braid / 4, NULL, NULL,
                                    &error));
  g_assert_true (maze_puzzle_braid (twin, braided->grid, base_braid, base_braid / 2, NULL, NULL,
                                    &error));
  g_assert_no_error (error);
  g_assert_cmpuint (low->braid, ==, base_braid / 2);
  g_assert_true (passages_within (none->grid, lower->grid));
  g_assert_true (passages_within (lower->grid, low->grid));
  g_assert_false (maze_grid_equal (lower->grid, low->grid));
  g_assert_cmpuint (count_dead_ends (low->grid), <, count_dead_ends (none->grid));
  g_assert_cmpuint (count_dead_ends (low->grid), >, count_dead_ends (braided->grid));
  g_assert_true (maze_grid_equal (twin->grid, low->grid));

  /* The closed maze kept for the next braid gives the same mazes. */
  g_assert_true (maze_puzzle_braid_full (kept, braided->grid, base_braid, &closed, base_braid / 4,
                                         NULL, NULL, &error));
  g_assert_nonnull (closed);
  g_assert_true (maze_grid_equal (closed, none->grid));
  g_assert_true (maze_grid_equal (kept->grid, lower->grid));
  g_assert_true (maze_puzzle_braid_full (kept, braided->grid, base_braid, &closed, base_braid / 2,
                                         NULL, NULL, &error));
  g_assert_true (maze_grid_equal (kept->grid, low->grid));

  /* At base_braid the maze it was; above it, base with more opened. */
  g_assert_true (maze_puzzle_braid (same, braided->grid, base_braid, base_braid, NULL, NULL,
                                    &error));
  g_assert_true (maze_grid_equal (same->grid, braided->grid));
  g_assert_true (maze_puzzle_braid (full, braided->grid, base_braid, MAZE_BRAID_ONE, NULL, NULL,
                                    &error));
  g_assert_true (passages_within (braided->grid, full->grid));
  g_assert_cmpuint (count_dead_ends (full->grid), ==, 0);
}

/* A puzzle braided after it was made is the puzzle made braided; a lower
 * braid afterwards takes loops back, start, end and mud kept. */
static void
test_puzzle_braid (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazePuzzle) braided = NULL;
  g_autoptr(MazePuzzle) plain = NULL;
  g_autoptr(MazeGrid) base = NULL;
  g_autoptr(MazeGrid) unbraided = NULL;
  MazeGenerateOptions options;

  maze_generate_options_init (&options);
  options.seed = 31;
  braided = maze_puzzle_generate_on_full (maze_grid_new (MAZE_SHAPE_RECT, 30, 20, NULL), &options,
                                          MAZE_BRAID_ONE / 2, MAZE_ENDPOINTS_CORNERS, &unbraided, &error);
  g_assert_no_error (error);
  g_assert_nonnull (unbraided);
  plain = maze_puzzle_generate (MAZE_SHAPE_RECT, 30, 20, &options, 0, MAZE_ENDPOINTS_CORNERS, &error);
  g_assert_true (maze_grid_equal (plain->grid, unbraided));

  plain->start = 45;
  maze_grid_set_weight (plain->grid, 100, 7);
  base = maze_grid_copy (plain->grid);
  g_assert_true (maze_puzzle_braid (plain, base, 0, MAZE_BRAID_ONE / 2, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (plain->braid, ==, MAZE_BRAID_ONE / 2);
  g_assert_cmpuint (plain->start, ==, 45);
  g_assert_cmpuint (maze_grid_get_weight (plain->grid, 100), ==, 7);
  g_assert_cmpmem (plain->grid->cells, plain->grid->n_cells, braided->grid->cells, braided->grid->n_cells);

  /* Down again: the maze it was. */
  g_assert_true (maze_puzzle_braid (plain, base, 0, 0, NULL, NULL, &error));
  g_assert_cmpmem (plain->grid->cells, plain->grid->n_cells, base->cells, base->n_cells);

  /* From a braided maze whose base is not known: at and above its braid
   * as before, below it from the maze with its loops closed. */
  braided->start = 45;
  maze_grid_set_weight (braided->grid, 100, 7);
  check_braid_below_base (braided, MAZE_BRAID_ONE / 2);
}

/* A maze braided fully, on every shape, masked, and on a rectangle cut
 * by a masked column: closing its loops leaves a tree for each piece, within its passages, mask and mud untouched; the seed chooses
 * which loops close, the same seed the same ones; a perfect maze stays
 * as it is. */
static void
test_close_loops (void)
{
  for (MazeShape shape = 0; shape <= MAZE_N_SHAPES; shape++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MazeGrid) perfect = NULL;
      g_autoptr(MazeGrid) braided = NULL;
      g_autoptr(MazeGrid) closed = NULL;
      g_autoptr(MazeGrid) twin = NULL;
      g_autoptr(MazeGrid) other = NULL;
      MazeGenerateOptions options;
      guint32 pieces;

      maze_generate_options_init (&options);
      options.seed = 19 + shape;
      perfect = maze_test_new_grid (shape == MAZE_N_SHAPES ? MAZE_SHAPE_RECT : shape, 25, 20);
      if (shape < MAZE_N_SHAPES)
        maze_test_mask_sparsely (perfect, 0);
      g_assert_true (maze_generate (perfect, &options, &error));
      g_assert_no_error (error);
      if (shape == MAZE_N_SHAPES)
        {
          /* Cut in two, and the tree in pieces. */
          for (guint y = 0; y < perfect->height; y++)
            maze_grid_set_masked (perfect, 12, y, TRUE);
        }
      maze_grid_set_weight (perfect, 30, 8);

      braided = maze_grid_copy (perfect);
      maze_braid (braided, MAZE_BRAID_ONE, 4, NULL);
      pieces = maze_grid_count_components (braided, NULL, TRUE);
      g_assert_cmpuint (pieces, >=, shape < MAZE_N_SHAPES ? 1 : 2);
      g_assert_cmpuint (maze_grid_count_passages (braided), >,
                        maze_grid_count_open (braided) - pieces + 10);

      closed = maze_grid_copy (braided);
      g_assert_true (maze_braid_close_loops (closed, 7, NULL, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (passages_within (closed, braided));
      g_assert_cmpuint (maze_grid_count_components (closed, NULL, TRUE), ==, pieces);
      g_assert_cmpuint (maze_grid_count_passages (closed), ==,
                        maze_grid_count_open (closed) - pieces);
      g_assert_cmpuint (maze_grid_get_weight (closed, 30), ==, 8);
      if (shape < MAZE_N_SHAPES)
        {
          g_assert_true (maze_grid_check_perfect (closed, &error));
          g_assert_no_error (error);
        }

      twin = maze_grid_copy (braided);
      g_assert_true (maze_braid_close_loops (twin, 7, NULL, NULL, &error));
      g_assert_true (maze_grid_equal (twin, closed));
      other = maze_grid_copy (braided);
      g_assert_true (maze_braid_close_loops (other, 8, NULL, NULL, &error));
      g_assert_false (maze_grid_equal (other, closed));

      g_clear_pointer (&twin, maze_grid_free);
      twin = maze_grid_copy (perfect);
      g_assert_true (maze_braid_close_loops (twin, 9, NULL, NULL, &error));
      g_assert_true (maze_grid_equal (twin, perfect));
    }
}

/* On rings around a centre cell, the centre open or masked: braiding
 * opens walls (spokes among them), and closing the loops gives back a
 * perfect maze within the braided one, the same for the same seed. */
static void
test_centre (void)
{
  guint spokes_opened = 0;

  for (guint first = 3; first <= MAZE_POLAR_MAX_CENTRE_FIRST; first++)
    for (guint masked = 0; masked < 2; masked++)
      for (guint64 seed = 0; seed < maze_test_seeds (30); seed++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(MazeGrid) perfect = maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, first, 6, TRUE,
                                                              &error);
          g_autoptr(MazeGrid) braided = NULL;
          g_autoptr(MazeGrid) closed = NULL;
          g_autoptr(MazeGrid) twin = NULL;
          MazeGenerateOptions options;

          g_assert_no_error (error);
          if (masked)
            maze_grid_set_masked (perfect, 0, 0, TRUE);
          maze_generate_options_init (&options);
          options.seed = seed;
          g_assert_true (maze_generate (perfect, &options, &error));
          g_assert_no_error (error);

          braided = maze_grid_copy (perfect);
          maze_braid (braided, MAZE_BRAID_ONE, seed, NULL);
          g_assert_true (maze_grid_validate (braided, &error));
          g_assert_no_error (error);
          g_assert_true (maze_braid_is_base_of (perfect, braided));
          g_assert_cmpuint (maze_grid_count_passages (braided), >, maze_grid_count_passages (perfect));
          spokes_opened += maze_grid_degree (braided, 0, 0) > maze_grid_degree (perfect, 0, 0);

          closed = maze_grid_copy (braided);
          g_assert_true (maze_braid_close_loops (closed, seed, NULL, NULL, &error));
          g_assert_no_error (error);
          g_assert_true (passages_within (closed, braided));
          g_assert_true (maze_grid_check_perfect (closed, &error));
          g_assert_no_error (error);
          twin = maze_grid_copy (braided);
          g_assert_true (maze_braid_close_loops (twin, seed, NULL, NULL, &error));
          g_assert_true (maze_grid_equal (twin, closed));
        }
  g_assert_cmpuint (spokes_opened, >, 0);
}

/* Told to stop, closing stops with MAZE_ERROR_CANCELLED. */
static void
test_close_loops_stop (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_maze (MAZE_SHAPE_HEX, 200, 200,
                                                 MAZE_ALGORITHM_BACKTRACKER, 3);
  g_autoptr(GError) error = NULL;

  maze_braid (grid, MAZE_BRAID_ONE, 1, NULL);
  g_assert_false (maze_braid_close_loops (grid, 1, stop_cb, NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_CANCELLED);
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
  g_test_add_func ("/maze/braid/prefix", test_prefix);
  g_test_add_func ("/maze/braid/stop", test_stop);
  g_test_add_func ("/maze/braid/endpoints-stop", test_endpoints_stop);
  g_test_add_func ("/maze/braid/puzzle", test_puzzle_braid);
  g_test_add_func ("/maze/braid/close-loops", test_close_loops);
  g_test_add_func ("/maze/braid/close-loops-stop", test_close_loops_stop);
  g_test_add_func ("/maze/braid/centre", test_centre);
  return g_test_run ();
}
