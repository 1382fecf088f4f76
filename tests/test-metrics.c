/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-core.h"
#include "maze-test-util.h"

/* Metrics and endpoint presets. The small mazes are built by hand and their
 * figures worked out by hand (in the comments); generated mazes are checked
 * against brute force: every BFS from every cell. */

/* Helpers */

static void
open_dir (MazeGrid   *grid,
          guint       x,
          guint       y,
          const char *dir)
{
  gint d = maze_topology_dir_from_name (grid->topology, dir);

  g_assert_cmpint (d, >=, 0);
  maze_grid_set_passage (grid, x, y, (guint) d, TRUE);
}

static MazeMetrics
metrics_ok (const MazeGrid *grid,
            guint32         start,
            guint32         end)
{
  g_autoptr(GError) error = NULL;
  MazeMetrics m;

  memset (&m, 0xaa, sizeof m);
  g_assert_true (maze_metrics_compute (grid, start, end, &m, &error));
  g_assert_no_error (error);
  return m;
}

/* permille is part * 1000 / whole rounded to the nearest: shown with one
 * decimal, 6 of 17 reads 35.3 %, not 35.2 %. */
static void
assert_nearest_permille (guint32 permille,
                         guint32 part,
                         guint32 whole)
{
  gint64 error = (gint64) permille * whole - (gint64) part * 1000;

  g_assert_cmpint (2 * ABS (error), <=, whole);
}

static void
assert_metrics (const MazeMetrics *m,
                guint32            open_cells,
                guint32            dead_ends,
                guint32            junctions,
                guint32            solution_length,
                guint32            turns,
                guint32            longest_path,
                guint32            difficulty,
                gboolean           perfect)
{
  g_assert_cmpuint (m->open_cells, ==, open_cells);
  g_assert_cmpuint (m->dead_ends, ==, dead_ends);
  assert_nearest_permille (m->dead_end_permille, dead_ends, open_cells);
  g_assert_cmpuint (m->junctions, ==, junctions);
  g_assert_cmpuint (m->solution_length, ==, solution_length);
  assert_nearest_permille (m->solution_permille, solution_length, open_cells);
  g_assert_cmpuint (m->turns, ==, turns);
  g_assert_cmpuint (m->longest_path, ==, longest_path);
  g_assert_cmpuint (m->difficulty, ==, difficulty);
  g_assert_cmpint (m->perfect, ==, perfect);
}

static void
assert_difficulty (const MazeMetrics *m,
                   guint32            decisions,
                   guint32            deepest_branch,
                   guint64            work,
                   guint32            level)
{
  g_assert_cmpuint (m->decisions, ==, decisions);
  g_assert_cmpuint (m->deepest_branch, ==, deepest_branch);
  g_assert_cmpuint (m->work, ==, work);
  g_assert_cmpuint (m->level, ==, level);
}

/* Steps from start to every cell along passages; G_MAXUINT32 unreachable. */
static guint32 *
distances_by_hand (const MazeGrid *grid,
                   guint32         start)
{
  guint32 *dist = g_new (guint32, grid->n_cells);
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint32 i = 0; i < grid->n_cells; i++)
    dist[i] = G_MAXUINT32;
  dist[start] = 0;
  g_array_append_val (queue, start);
  for (guint head = 0; head < queue->len; head++)
    {
      guint32 cell = g_array_index (queue, guint32, head);
      guint x, y;

      maze_grid_xy (grid, cell, &x, &y);
      for (guint d = 0; d < grid->topology->n_dirs; d++)
        {
          guint nx, ny;
          guint32 next;

          if (!maze_grid_has_passage (grid, x, y, d) || !maze_grid_step (grid, x, y, d, &nx, &ny))
            continue;
          next = maze_grid_index (grid, nx, ny);
          if (dist[next] == G_MAXUINT32)
            {
              dist[next] = dist[cell] + 1;
              g_array_append_val (queue, next);
            }
        }
    }
  return dist;
}

/* The greatest distance between two open cells: BFS from every cell. */
static guint32
diameter_by_hand (const MazeGrid *grid)
{
  guint32 best = 0;

  for (guint32 a = 0; a < grid->n_cells; a++)
    {
      g_autofree guint32 *dist = NULL;

      if (maze_grid_is_masked (grid, a))
        continue;
      dist = distances_by_hand (grid, a);
      for (guint32 b = 0; b < grid->n_cells; b++)
        if (dist[b] != G_MAXUINT32)
          best = MAX (best, dist[b]);
    }
  return best;
}

/* Metrics of hand-built mazes */

/* One cell: no passage, so no dead end (a dead end has one passage).
 *   work = 1 (the solution, one cell), so the score is 0. */
static void
test_single_cell (void)
{
  for (guint shape = 0; shape < MAZE_TEST_N_ROW_SHAPES; shape++)
    {
      g_autoptr(MazeGrid) grid = maze_test_new_grid ((MazeShape) shape, 1, 1);
      MazeMetrics m = metrics_ok (grid, 0, 0);

      assert_metrics (&m, 1, 0, 0, 1, 0, 1, 0, TRUE);
      assert_difficulty (&m, 0, 0, 1, 1);
    }
}

/* A corridor of five cells, end to end:
 *   open 5, dead ends 2 (the ends), junctions 0, solution 5, turns 0,
 *   longest 5, perfect.
 *   work = 5 cells, no turn, no way off: 10 log2 5 - 35 < 0, score 0 */
static void
test_corridor (void)
{
  for (guint shape = 0; shape < MAZE_TEST_N_ROW_SHAPES; shape++)
    {
      g_autoptr(MazeGrid) grid = maze_test_new_grid ((MazeShape) shape, 5, 1);
      MazeMetrics m;

      for (guint x = 0; x < 4; x++)
        open_dir (grid, x, 0, "E");
      m = metrics_ok (grid, 0, 4);
      assert_metrics (&m, 5, 2, 0, 5, 0, 5, 0, TRUE);
      assert_difficulty (&m, 0, 0, 5, 1);

      /* Three cells: work 3, score 0. */
      {
        g_autoptr(MazeGrid) three = maze_test_new_grid ((MazeShape) shape, 3, 1);

        open_dir (three, 0, 0, "E");
        open_dir (three, 1, 0, "E");
        m = metrics_ok (three, 0, 2);
        assert_metrics (&m, 3, 2, 0, 3, 0, 3, 0, TRUE);
      }

      /* From the middle to an end: the solution is 3 cells, and at the
       * start a way leads off into the other half, (3,0) and (4,0): a dead
       * end 2 steps deep. work = 3 + 0 + 2 = 5. */
      m = metrics_ok (grid, 2, 0);
      assert_metrics (&m, 5, 2, 0, 3, 0, 5, 0, TRUE);
      assert_difficulty (&m, 1, 2, 5, 1);
    }
}

/* A 3×3 tree:
 *
 *   +---+---+---+
 *   | S         |      S (0,0), E (2,2)
 *   +---+   +---+
 *   |           |      degrees: 1 3 1 / 2 3 1 / 2 2 1
 *   +   +---+---+
 *   |         E |
 *   +---+---+---+
 *
 *   open 9, dead ends 4: (0,0) (2,0) (2,1) (2,2); junctions 2: (1,0) (1,1)
 *   solution (0,0) (1,0) (1,1) (0,1) (0,2) (1,2) (2,2): 7 cells,
 *   moves E S W S E E: 4 turns; longest path 7 (the same one, or from (2,0))
 *   decisions 2: at (1,0) a way to (2,0), at (1,1) one to (2,1), dead
 *   ends 1 step deep. work = 7 + 4 + 1 + 1 = 13;
 *   10 log2 13 - 35 = 37.004 - 35 = 2.004 -> 2 */
static void
test_tree (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_RECT, 3, 3);
  MazeMetrics m;

  open_dir (grid, 0, 0, "E");
  open_dir (grid, 1, 0, "E");
  open_dir (grid, 1, 0, "S");
  open_dir (grid, 0, 1, "E");
  open_dir (grid, 1, 1, "E");
  open_dir (grid, 0, 1, "S");
  open_dir (grid, 0, 2, "E");
  open_dir (grid, 1, 2, "E");

  m = metrics_ok (grid, 0, 8);
  assert_metrics (&m, 9, 4, 2, 7, 4, 7, 2, TRUE);
  assert_difficulty (&m, 2, 1, 13, 1);
}

/* Four cells in a ring: a loop, so not perfect.
 *   open 4, dead ends 0, junctions 0, solution (0,0) to (1,1): 3 cells
 *   round either side, 1 turn; longest 3.
 *   The other side, (0,1), is a loop back to the solution: at the start a
 *   way into it, 1 step deep. work = 3 + 1 + 1 = 5, score 0. */
static void
test_loop (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_RECT, 2, 2);
  MazeMetrics m;

  open_dir (grid, 0, 0, "E");
  open_dir (grid, 0, 0, "S");
  open_dir (grid, 1, 0, "S");
  open_dir (grid, 0, 1, "E");

  m = metrics_ok (grid, 0, 3);
  assert_metrics (&m, 4, 0, 0, 3, 1, 3, 0, FALSE);
  assert_difficulty (&m, 1, 1, 5, 1);
}

/* Hex, 2×2, odd row shifted right:
 *
 *    (0,0) (1,0)            (0,0) E (1,0), (1,0) SW (0,1), (0,1) E (1,1)
 *       (0,1) (1,1)
 *
 *   open 4, dead ends 2, junctions 0, solution 4 cells, moves E SW E:
 *   2 turns; longest 4; perfect. work = 4 + 2 = 6, score 0. */
static void
test_hex_zigzag (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_HEX, 2, 2);
  MazeMetrics m;

  open_dir (grid, 0, 0, "E");
  open_dir (grid, 1, 0, "SW");
  open_dir (grid, 0, 1, "E");

  m = metrics_ok (grid, 0, 3);
  assert_metrics (&m, 4, 2, 0, 4, 2, 4, 0, TRUE);
  assert_difficulty (&m, 0, 0, 6, 1);
}

/* A 5×5 grid with every passage open and the middle masked out.
 *   open 24; degrees: 4 corners 2, the 4 cells next to the hole 3,
 *   the other 8 edge cells 3, the other 8 inner cells 4 -> dead ends 0,
 *   junctions 20 (everything but the corners).
 *   (0,0) to (4,4): 9 cells; BFS takes the first way in direction order
 *   (N E S W), so it goes along the top row then down: 1 turn.
 *   longest 9; not perfect (loops).
 *   The other 15 cells are one loop region around the hole, joined to
 *   the solution all along; decisions 7: (0,0) to (3,0) on the top row,
 *   (4,1) to (4,3) down the side ((4,0) only turns). The farthest from the
 *   solution is (0,4), 4 steps from (0,0) or (4,4): depth 4.
 *   work = 9 + 1 + 4 = 14; 10 log2 14 - 35 = 38.07 - 35 -> 3 */
static void
test_open_with_hole (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_RECT, 5, 5);
  MazeMetrics m;

  for (guint y = 0; y < 5; y++)
    for (guint x = 0; x < 5; x++)
      {
        if (x + 1 < 5)
          open_dir (grid, x, y, "E");
        if (y + 1 < 5)
          open_dir (grid, x, y, "S");
      }
  maze_grid_set_masked (grid, 2, 2, TRUE);

  m = metrics_ok (grid, 0, 24);
  assert_metrics (&m, 24, 0, 20, 9, 1, 9, 3, FALSE);
  assert_difficulty (&m, 7, 4, 14, 1);
}

/* Generated mazes: the figures agree with brute force and each other. */
static void
test_generated (void)
{
  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    for (guint64 seed = 1; seed <= 15; seed++)
      {
        g_autoptr(MazeGrid) grid = maze_test_new_maze ((MazeShape) shape, 9 + seed % 5, 7 + seed % 3, MAZE_ALGORITHM_BACKTRACKER, seed);
        guint32 end = grid->n_cells - 1;
        g_autofree guint32 *dist = distances_by_hand (grid, 0);
        guint32 dead = 0, junctions = 0;
        MazeMetrics m;

        for (guint y = 0; y < grid->height; y++)
          for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
            {
              guint degree = maze_grid_degree (grid, x, y);

              dead += degree == 1;
              junctions += degree >= 3;
            }

        m = metrics_ok (grid, 0, end);
        g_assert_cmpuint (m.open_cells, ==, grid->n_cells);
        g_assert_cmpuint (m.dead_ends, ==, dead);
        g_assert_cmpuint (m.junctions, ==, junctions);
        g_assert_cmpuint (m.solution_length, ==, dist[end] + 1);
        g_assert_cmpuint (m.longest_path, ==, diameter_by_hand (grid) + 1);
        g_assert_true (m.perfect);
        g_assert_cmpuint (m.turns, <=, m.solution_length);
        g_assert_cmpuint (m.difficulty, <=, 100);

        /* Braided, it is no longer perfect and has fewer dead ends. */
        maze_braid (grid, MAZE_BRAID_ONE, seed, NULL);
        m = metrics_ok (grid, 0, end);
        g_assert_false (m.perfect);
        g_assert_cmpuint (m.dead_ends, <, dead);
      }
}

/* The difficulty stays within 0..100, small maze or big, and the figures
 * of a big maze add up. */
static void
test_difficulty_range (void)
{
  g_autoptr(MazeGrid) small = maze_test_new_maze (MAZE_SHAPE_RECT, 8, 8, MAZE_ALGORITHM_BACKTRACKER, 1);
  g_autoptr(MazeGrid) big = maze_test_new_maze (MAZE_SHAPE_HEX, 300, 200, MAZE_ALGORITHM_BACKTRACKER, 1);
  MazeMetrics ms = metrics_ok (small, 0, small->n_cells - 1);
  MazeMetrics mb = metrics_ok (big, 0, big->n_cells - 1);

  g_assert_cmpuint (ms.difficulty, >, 0);
  g_assert_cmpuint (ms.difficulty, <=, 100);
  g_assert_cmpuint (mb.difficulty, >, 0);
  g_assert_cmpuint (mb.difficulty, <=, 100);
  g_assert_cmpuint (mb.open_cells, ==, 60000);
  g_assert_cmpuint (mb.dead_ends + mb.junctions, <=, mb.open_cells);
  g_assert_cmpuint (mb.solution_length, <=, mb.longest_path);
  g_assert_true (mb.perfect);
}

static void
test_errors (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_RECT, 4, 4);
  g_autoptr(GError) error = NULL;
  MazeMetrics m;

  /* No passages: the end cannot be reached. */
  g_assert_false (maze_metrics_compute (grid, 0, 15, &m, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_UNREACHABLE);
  g_clear_error (&error);

  g_assert_false (maze_metrics_compute (grid, 0, 16, &m, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  maze_grid_set_masked (grid, 1, 1, TRUE);
  g_assert_false (maze_metrics_compute (grid, 5, 0, &m, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "(1,1)"));
}

/* Endpoints */

static void
test_endpoints_names (void)
{
  MazeEndpointsPreset preset;

  g_assert_true (maze_endpoints_from_string ("corners", &preset));
  g_assert_cmpint (preset, ==, MAZE_ENDPOINTS_CORNERS);
  g_assert_true (maze_endpoints_from_string ("farthest", &preset));
  g_assert_cmpint (preset, ==, MAZE_ENDPOINTS_FARTHEST);
  g_assert_false (maze_endpoints_from_string ("random", &preset));
  g_assert_false (maze_endpoints_from_string ("", &preset));
}

static void
test_endpoints_corners (void)
{
  for (guint shape = 0; shape < MAZE_TEST_N_ROW_SHAPES; shape++)
    {
      g_autoptr(MazeGrid) grid = maze_test_new_maze ((MazeShape) shape, 7, 5, MAZE_ALGORITHM_BACKTRACKER, 2);
      g_autoptr(GError) error = NULL;
      guint32 start = 99, end = 99;

      g_assert_true (maze_endpoints_choose (grid, MAZE_ENDPOINTS_CORNERS, &start, &end, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (start, ==, 0);
      g_assert_cmpuint (end, ==, 34);

      /* Masked corners: the first and last open cells in reading order. */
      maze_grid_set_masked (grid, 0, 0, TRUE);
      maze_grid_set_masked (grid, 1, 0, TRUE);
      maze_grid_set_masked (grid, 6, 4, TRUE);
      g_assert_true (maze_endpoints_choose (grid, MAZE_ENDPOINTS_CORNERS, &start, &end, &error));
      g_assert_cmpuint (start, ==, 2);
      g_assert_cmpuint (end, ==, 33);
    }
}

/* The farthest preset on perfect mazes: its ends are as far apart as any
 * two cells (brute force), start before end in reading order. */
static void
test_endpoints_farthest (void)
{
  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    for (guint64 seed = 1; seed <= 15; seed++)
      {
        g_autoptr(MazeGrid) grid = maze_test_new_maze ((MazeShape) shape, 6 + seed % 7, 4 + seed % 4, MAZE_ALGORITHM_BACKTRACKER, seed);
        g_autoptr(GError) error = NULL;
        g_autofree guint32 *dist = NULL;
        guint32 start, end;

        g_assert_true (maze_endpoints_choose (grid, MAZE_ENDPOINTS_FARTHEST, &start, &end,
                                              &error));
        g_assert_no_error (error);
        g_assert_cmpuint (start, <, end);
        dist = distances_by_hand (grid, start);
        g_assert_cmpuint (dist[end], ==, diameter_by_hand (grid));
      }
}

/* By hand: on the 3×3 tree of test_tree the longest paths run from (0,0)
 * or (2,0) to (2,2), 6 steps. */
static void
test_farthest_cell (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_RECT, 3, 3);
  g_autoptr(GError) error = NULL;
  guint32 distance = 0, start, end;

  open_dir (grid, 0, 0, "E");
  open_dir (grid, 1, 0, "E");
  open_dir (grid, 1, 0, "S");
  open_dir (grid, 0, 1, "E");
  open_dir (grid, 1, 1, "E");
  open_dir (grid, 0, 1, "S");
  open_dir (grid, 0, 2, "E");
  open_dir (grid, 1, 2, "E");

  g_assert_cmpuint (maze_farthest_cell (grid, 0, &distance), ==, 8);
  g_assert_cmpuint (distance, ==, 6);
  g_assert_cmpuint (maze_farthest_cell (grid, 8, &distance), ==, 0);  /* ties: (0,0) or (2,0) */
  g_assert_cmpuint (distance, ==, 6);
  g_assert_cmpuint (maze_farthest_cell (grid, 5, &distance), ==, 8);  /* (2,1) */
  g_assert_cmpuint (distance, ==, 5);
  g_assert_cmpuint (maze_farthest_cell (grid, 4, NULL), ==, 8);

  g_assert_true (maze_endpoints_choose (grid, MAZE_ENDPOINTS_FARTHEST, &start, &end, &error));
  g_assert_cmpuint (start, ==, 0);
  g_assert_cmpuint (end, ==, 8);

  /* A stray passage into a masked cell leads nowhere. */
  {
    g_autoptr(MazeGrid) broken = maze_test_new_grid (MAZE_SHAPE_RECT, 3, 1);

    maze_grid_set_masked (broken, 1, 0, TRUE);
    open_dir (broken, 0, 0, "E");
    open_dir (broken, 1, 0, "E");
    g_assert_cmpuint (maze_farthest_cell (broken, 0, &distance), ==, 0);
    g_assert_cmpuint (distance, ==, 0);
  }

  /* Alone, a cell is its own farthest. */
  {
    g_autoptr(MazeGrid) one = maze_test_new_grid (MAZE_SHAPE_HEX, 1, 1);

    g_assert_cmpuint (maze_farthest_cell (one, 0, &distance), ==, 0);
    g_assert_cmpuint (distance, ==, 0);
  }
}

static void
test_endpoints_single_and_empty (void)
{
  for (guint shape = 0; shape < MAZE_TEST_N_ROW_SHAPES; shape++)
    {
      g_autoptr(MazeGrid) one = maze_test_new_grid ((MazeShape) shape, 1, 1);
      g_autoptr(MazeGrid) masked = maze_test_new_grid ((MazeShape) shape, 2, 2);
      g_autoptr(GError) error = NULL;
      guint32 start = 7, end = 7;

      for (guint p = 0; p < 2; p++)
        {
          g_assert_true (maze_endpoints_choose (one, (MazeEndpointsPreset) p, &start, &end,
                                                &error));
          g_assert_cmpuint (start, ==, 0);
          g_assert_cmpuint (end, ==, 0);
        }

      for (guint y = 0; y < 2; y++)
        for (guint x = 0; x < 2; x++)
          maze_grid_set_masked (masked, x, y, TRUE);
      for (guint p = 0; p < 2; p++)
        {
          g_assert_false (maze_endpoints_choose (masked, (MazeEndpointsPreset) p, &start, &end,
                                                 &error));
          g_assert_error (error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED);
          g_clear_error (&error);
        }
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/maze/metrics/single-cell", test_single_cell);
  g_test_add_func ("/maze/metrics/corridor", test_corridor);
  g_test_add_func ("/maze/metrics/tree", test_tree);
  g_test_add_func ("/maze/metrics/loop", test_loop);
  g_test_add_func ("/maze/metrics/hex-zigzag", test_hex_zigzag);
  g_test_add_func ("/maze/metrics/open-with-hole", test_open_with_hole);
  g_test_add_func ("/maze/metrics/generated", test_generated);
  g_test_add_func ("/maze/metrics/difficulty-range", test_difficulty_range);
  g_test_add_func ("/maze/metrics/errors", test_errors);
  g_test_add_func ("/maze/metrics/endpoints/names", test_endpoints_names);
  g_test_add_func ("/maze/metrics/endpoints/corners", test_endpoints_corners);
  g_test_add_func ("/maze/metrics/endpoints/farthest", test_endpoints_farthest);
  g_test_add_func ("/maze/metrics/endpoints/farthest-cell", test_farthest_cell);
  g_test_add_func ("/maze/metrics/endpoints/single-and-empty", test_endpoints_single_and_empty);

  return g_test_run ();
}
