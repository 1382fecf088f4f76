/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-number-format.h"
#include "maze-solver-comparison.h"
#include "maze-stop-questions.h"
#include "maze-test-util.h"

/* The comparison table against the core: every figure of every row is
 * checked against maze_solve() called here directly, the percentages
 * against open cells counted here, the overlays against what they must
 * hold (a numbering of exactly the explored cells; distances that add up
 * along the path), and the sentence against the case the maze is in,
 * told apart here with the core's own perfect-maze check. */

/* Helpers */

static void
choose_endpoints (const MazeGrid      *grid,
                  MazeEndpointsPreset  preset,
                  guint32             *start,
                  guint32             *end)
{
  g_autoptr(GError) error = NULL;

  maze_endpoints_choose (grid, preset, start, end, &error);
  g_assert_no_error (error);
}

static guint32
count_open_by_hand (const MazeGrid *grid)
{
  guint32 open = 0;

  for (guint32 i = 0; i < grid->n_cells; i++)
    if (!(grid->cells[i] & MAZE_CELL_MASKED))
      open++;
  return open;
}

/* Cells reachable from start through passages, by a plain flood fill. */
static guint32
component_size_by_hand (const MazeGrid *grid,
                        guint32         start)
{
  g_autofree guint8 *seen = g_malloc0 (grid->n_cells);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 count = 1;

  seen[start] = 1;
  g_array_append_val (stack, start);
  while (stack->len > 0)
    {
      guint32 cell = g_array_index (stack, guint32, stack->len - 1);
      guint x, y;

      g_array_set_size (stack, stack->len - 1);
      maze_grid_xy (grid, cell, &x, &y);
      for (guint d = 0; d < grid->topology->n_dirs; d++)
        {
          guint nx, ny;
          guint32 next;

          if (!maze_grid_has_passage (grid, x, y, d) ||
              !maze_grid_step (grid, x, y, d, &nx, &ny))
            continue;
          next = maze_grid_index (grid, nx, ny);
          if (seen[next])
            continue;
          seen[next] = 1;
          count++;
          g_array_append_val (stack, next);
        }
    }
  return count;
}

/* The overlay numbers exactly the explored cells 0..explored-1, never a
 * masked one, and every cell of the path; distances add up the weights
 * along the path. */
static void
check_overlays (const MazeGrid          *grid,
                const MazeComparisonRow *row)
{
  g_autofree guint8 *numbered = NULL;
  guint64 count = 0;

  g_assert_nonnull (row->visit_order);
  numbered = g_malloc0 (row->explored + 1);
  for (guint32 i = 0; i < grid->n_cells; i++)
    {
      guint32 v = row->visit_order[i];

      if (v == MAZE_COMPARISON_NO_VALUE)
        {
          if (row->distance != NULL)
            g_assert_cmpuint (row->distance[i], ==, MAZE_COMPARISON_NO_VALUE);
          continue;
        }
      g_assert_false (maze_grid_is_masked (grid, i));
      g_assert_cmpuint (v, <, row->explored);
      g_assert_false (numbered[v]);
      numbered[v] = 1;
      count++;
      if (row->distance != NULL)
        g_assert_cmpuint (row->distance[i], <=, row->distance_max);
    }
  g_assert_cmpuint (count, ==, row->explored);
  g_assert_cmpuint (row->visit_max, ==, row->explored - 1);

  for (guint32 i = 0; i < row->path_len; i++)
    g_assert_cmpuint (row->visit_order[row->path[i]], !=, MAZE_COMPARISON_NO_VALUE);
  if (row->reached)
    g_assert_cmpuint (row->visit_order[row->path[0]], ==, 0);

  if (row->solver == MAZE_SOLVER_BACKTRACKING || row->solver == MAZE_SOLVER_WALL_FOLLOWER)
    {
      g_assert_null (row->distance);
      return;
    }
  g_assert_nonnull (row->distance);
  for (guint32 i = 0; i < row->path_len; i++)
    {
      guint64 expect = row->solver == MAZE_SOLVER_BFS ? i
                                                      : maze_path_cost (grid, row->path, i + 1);

      g_assert_cmpuint (row->distance[row->path[i]], ==, expect);
    }
}

/* Every row against the core's own run of its solver. */
static void
check_against_core (const MazeGrid       *grid,
                    guint32               start,
                    guint32               end,
                    const MazeComparison *cmp,
                    guint                 solvers,
                    gboolean              overlays)
{
  guint32 open = count_open_by_hand (grid);
  guint64 least = G_MAXUINT64;
  guint n = 0;

  g_assert_cmpuint (maze_comparison_get_open_cells (cmp), ==, open);
  g_assert_cmpuint (maze_comparison_get_start (cmp), ==, start);
  g_assert_cmpuint (maze_comparison_get_end (cmp), ==, end);
  g_assert_true (maze_comparison_fits (cmp, grid));

  for (guint s = 0; s < MAZE_N_SOLVERS; s++)
    {
      g_autoptr(MazeSolution) solution = NULL;
      g_autoptr(GError) error = NULL;
      const MazeComparisonRow *row;

      if (!(solvers & MAZE_SOLVER_BIT (s)) && s != MAZE_SOLVER_BACKTRACKING &&
          s != MAZE_SOLVER_DIJKSTRA)
        {
          g_assert_null (maze_comparison_find_row (cmp, (MazeSolverKind) s));
          continue;
        }

      /* Rows come in solver order. */
      row = maze_comparison_get_row (cmp, n++);
      g_assert_true (row == maze_comparison_find_row (cmp, (MazeSolverKind) s));
      g_assert_cmpint (row->solver, ==, s);
      g_assert_cmpstr (row->title, ==, maze_solver_get_title ((MazeSolverKind) s));
      g_assert_cmpint (row->time_us, >=, 0);

      solution = maze_solve (grid, (MazeSolverKind) s, start, end, NULL, &error);
      if (solution != NULL)
        {
          g_assert_no_error (error);
          g_assert_true (row->reached);
          g_assert_cmpuint (row->path_len, ==, solution->path_len);
          g_assert_cmpmem (row->path, row->path_len * sizeof (guint32),
                           solution->path, solution->path_len * sizeof (guint32));
          g_assert_cmpuint (row->cost, ==, solution->cost);
          g_assert_cmpuint (row->cost, ==, maze_path_cost (grid, row->path, row->path_len));
          g_assert_cmpuint (row->explored, ==, solution->explored);
          least = MIN (least, solution->cost);
        }
      else
        {
          g_assert_error (error, MAZE_ERROR, MAZE_ERROR_UNREACHABLE);
          g_assert_false (row->reached);
          g_assert_false (row->cheapest);
          g_assert_cmpuint (row->path_len, ==, 0);
          g_assert_null (row->path);
          g_assert_cmpuint (row->cost, ==, 0);
          g_assert_cmpuint (row->explored, >, 0);
          /* The complete searches give up after the whole component. */
          if (s != MAZE_SOLVER_WALL_FOLLOWER)
            g_assert_cmpuint (row->explored, ==, component_size_by_hand (grid, start));
        }
      g_assert_cmpfloat_with_epsilon (row->explored_percent,
                                      (double) row->explored * 100.0 / open, 1e-9);

      if (overlays)
        check_overlays (grid, row);
      else
        {
          g_assert_null (row->visit_order);
          g_assert_null (row->distance);
        }
    }
  g_assert_cmpuint (maze_comparison_get_n_rows (cmp), ==, n);

  for (guint i = 0; i < n; i++)
    {
      const MazeComparisonRow *row = maze_comparison_get_row (cmp, i);

      g_assert_cmpint (row->cheapest, ==, row->reached && row->cost == least);
    }
}

static MazeComparison *
run_checked (const MazeGrid *grid,
             guint32         start,
             guint32         end,
             guint           solvers)
{
  g_autoptr(GError) error = NULL;
  MazeComparison *cmp;

  cmp = maze_comparison_run (grid, start, end, solvers, MAZE_COMPARISON_OVERLAYS, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (cmp);
  check_against_core (grid, start, end, cmp, solvers, TRUE);
  return cmp;
}

static gboolean
grid_weighted_by_hand (const MazeGrid *grid)
{
  for (guint32 i = 0; i < grid->n_cells; i++)
    if (grid->weights != NULL && grid->weights[i] != 1 && !maze_grid_is_masked (grid, i))
      return TRUE;
  return FALSE;
}

typedef enum
{
  CASE_NO_PATH,
  CASE_SAME_PATH,
  CASE_CHEAPER,
  CASE_LUCKY,
} Case;

/* The sentence the panel must show, worked out from the core's results. */
static Case
expected_case (const MazeGrid *grid,
               guint32         start,
               guint32         end,
               char          **sentence)
{
  g_autoptr(MazeSolution) bt = maze_solve (grid, MAZE_SOLVER_BACKTRACKING, start, end, NULL, NULL);
  g_autoptr(MazeSolution) dj = maze_solve (grid, MAZE_SOLVER_DIJKSTRA, start, end, NULL, NULL);
  gboolean weighted = grid_weighted_by_hand (grid);
  g_autofree char *bt_explored = NULL;
  g_autofree char *dj_explored = NULL;
  const char *plural;

  if (bt == NULL || dj == NULL)
    {
      g_assert_true (bt == NULL && dj == NULL);
      *sentence = g_strdup ("No path leads from the start to the end.");
      return CASE_NO_PATH;
    }
  g_assert_cmpuint (dj->cost, <=, bt->cost);
  /* Counts are grouped by thousands, as the locale writes them. */
  bt_explored = maze_format_count (bt->explored);
  dj_explored = maze_format_count (dj->explored);
  if (dj->cost < bt->cost)
    {
      g_autofree char *dj_figure = maze_format_count (weighted ? dj->cost : dj->path_len);
      g_autofree char *bt_figure = maze_format_count (weighted ? bt->cost : bt->path_len);

      if (weighted)
        *sentence = g_strdup_printf ("Dijkstra’s path is cheaper: it costs %s, backtracking’s %s.",
                                     dj_figure, bt_figure);
      else
        *sentence = g_strdup_printf ("Dijkstra’s path is shorter: %s cells against "
                                     "backtracking’s %s.", dj_figure, bt_figure);
      return CASE_CHEAPER;
    }
  plural = bt->explored == 1 ? "cell" : "cells";
  if (maze_grid_check_perfect (grid, NULL))
    {
      /* One path only: both must have found it. */
      g_assert_cmpmem (bt->path, bt->path_len * sizeof (guint32),
                       dj->path, dj->path_len * sizeof (guint32));
      *sentence = g_strdup_printf ("The maze has one path only: every solver finds it. "
                                   "Backtracking explored %s %s, Dijkstra’s algorithm %s.",
                                   bt_explored, plural, dj_explored);
      return CASE_SAME_PATH;
    }
  *sentence = g_strdup_printf ("Backtracking happens to find a %s path too; it explored %s %s, "
                               "Dijkstra %s.",
                               weighted ? "cheapest" : "shortest",
                               bt_explored, plural, dj_explored);
  return CASE_LUCKY;
}

static Case
check_explanation (const MazeGrid       *grid,
                   guint32               start,
                   guint32               end,
                   const MazeComparison *cmp)
{
  g_autofree char *expected = NULL;
  Case c = expected_case (grid, start, end, &expected);

  g_assert_cmpstr (maze_comparison_get_explanation (cmp), ==, expected);
  g_assert_cmpint (maze_comparison_get_weighted (cmp), ==, grid_weighted_by_hand (grid));
  return c;
}

/* Tests */

static void
test_perfect (void)
{
  static const struct { MazeShape shape; guint width, height; } cases[] = {
    { MAZE_SHAPE_RECT, 40, 30 },
    { MAZE_SHAPE_RECT, 7, 61 },
    { MAZE_SHAPE_HEX, 25, 20 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint64 seed = 1; seed <= 4; seed++)
      {
        g_autoptr(MazeGrid) grid = maze_test_new_maze (cases[i].shape, cases[i].width, cases[i].height,
                                                       MAZE_ALGORITHM_BACKTRACKER, seed);
        g_autoptr(MazeComparison) cmp = NULL;
        const MazeComparisonRow *bt, *dj;
        guint32 start, end;

        choose_endpoints (grid, seed % 2 ? MAZE_ENDPOINTS_CORNERS : MAZE_ENDPOINTS_FARTHEST,
                          &start, &end);
        cmp = run_checked (grid, start, end, MAZE_COMPARISON_ALL);

        /* One path in a perfect maze: every solver finds it. */
        bt = maze_comparison_find_row (cmp, MAZE_SOLVER_BACKTRACKING);
        dj = maze_comparison_find_row (cmp, MAZE_SOLVER_DIJKSTRA);
        for (guint r = 0; r < maze_comparison_get_n_rows (cmp); r++)
          {
            const MazeComparisonRow *row = maze_comparison_get_row (cmp, r);

            g_assert_true (row->reached);
            g_assert_true (row->cheapest);
            g_assert_cmpmem (row->path, row->path_len * sizeof (guint32),
                             bt->path, bt->path_len * sizeof (guint32));
          }
        g_assert_cmpuint (dj->cost, ==, bt->cost);
        g_assert_cmpint (check_explanation (grid, start, end, cmp), ==, CASE_SAME_PATH);
      }
}

static void
test_braided (void)
{
  guint cheaper = 0, lucky = 0;

  /* Big mazes where backtracking mostly goes the long way round, and
   * small ones where it is often lucky. */
  for (guint64 seed = 1; seed <= 24; seed++)
    {
      MazeShape shape = seed % 3 ? MAZE_SHAPE_RECT : MAZE_SHAPE_HEX;
      guint size = seed % 2 ? 4 : 16;
      g_autoptr(MazeGrid) grid = maze_test_new_maze (shape, size, size, MAZE_ALGORITHM_BACKTRACKER, seed);
      g_autoptr(MazeComparison) cmp = NULL;
      const MazeComparisonRow *bt, *dj;
      guint32 start, end;

      maze_braid (grid, MAZE_BRAID_ONE, seed, NULL);
      choose_endpoints (grid, MAZE_ENDPOINTS_CORNERS, &start, &end);
      cmp = run_checked (grid, start, end, MAZE_COMPARISON_ALL);

      bt = maze_comparison_find_row (cmp, MAZE_SOLVER_BACKTRACKING);
      dj = maze_comparison_find_row (cmp, MAZE_SOLVER_DIJKSTRA);
      g_assert_true (dj->cheapest);
      g_assert_true (maze_comparison_find_row (cmp, MAZE_SOLVER_BFS)->cheapest);
      g_assert_true (maze_comparison_find_row (cmp, MAZE_SOLVER_ASTAR)->cheapest);
      g_assert_cmpint (bt->cheapest, ==, bt->cost == dj->cost);

      switch (check_explanation (grid, start, end, cmp))
        {
        case CASE_CHEAPER:
          cheaper++;
          break;
        case CASE_LUCKY:
          lucky++;
          break;
        case CASE_NO_PATH:
        case CASE_SAME_PATH:
        default:
          g_assert_not_reached ();
        }
    }
  /* Both sentences came up among the seeds. */
  g_test_message ("cheaper %u, lucky %u", cheaper, lucky);
  g_assert_cmpuint (cheaper, >, 0);
  g_assert_cmpuint (lucky, >, 0);
}

static void
test_weighted (void)
{
  guint cheaper = 0, same = 0;

  for (guint64 seed = 1; seed <= 16; seed++)
    {
      MazeShape shape = seed % 2 ? MAZE_SHAPE_RECT : MAZE_SHAPE_HEX;
      g_autoptr(MazeGrid) grid = maze_test_new_maze (shape, 16, 12, MAZE_ALGORITHM_BACKTRACKER, seed);
      g_autoptr(MazeComparison) cmp = NULL;
      const MazeComparisonRow *bt, *dj;
      guint32 start, end;
      Case c;

      /* Half braided, all weighted: a perfect weighted maze still has one
       * path only. */
      if (seed % 4 != 0)
        maze_braid (grid, MAZE_BRAID_ONE, seed, NULL);
      maze_test_set_random_weights (grid, seed, 9);
      choose_endpoints (grid, MAZE_ENDPOINTS_CORNERS, &start, &end);
      cmp = run_checked (grid, start, end, MAZE_COMPARISON_ALL);

      bt = maze_comparison_find_row (cmp, MAZE_SOLVER_BACKTRACKING);
      dj = maze_comparison_find_row (cmp, MAZE_SOLVER_DIJKSTRA);
      g_assert_cmpuint (dj->cost, <=, bt->cost);
      g_assert_true (dj->cheapest);
      g_assert_true (maze_comparison_find_row (cmp, MAZE_SOLVER_ASTAR)->cheapest);
      g_assert_true (maze_comparison_get_weighted (cmp));

      c = check_explanation (grid, start, end, cmp);
      if (c == CASE_CHEAPER)
        {
          g_assert_false (bt->cheapest);
          cheaper++;
        }
      else if (c == CASE_SAME_PATH)
        same++;
      else
        g_assert_cmpint (c, ==, CASE_LUCKY);
    }
  g_assert_cmpuint (cheaper, >, 0);
  g_assert_cmpuint (same, >, 0);
}

static void
test_masked (void)
{
  for (guint64 seed = 1; seed <= 4; seed++)
    {
      MazeShape shape = seed % 2 ? MAZE_SHAPE_RECT : MAZE_SHAPE_HEX;
      g_autoptr(GError) error = NULL;
      g_autoptr(MazeGrid) grid = maze_grid_new (shape, 30, 24, &error);
      g_autoptr(MazeComparison) cmp = NULL;
      MazeGenerateOptions options;
      guint32 start, end, open;

      g_assert_no_error (error);
      /* A block in the middle and a scatter of single cells out. */
      for (guint y = 8; y < 16; y++)
        for (guint x = 10; x < 20; x++)
          maze_grid_set_masked (grid, x, y, TRUE);
      for (guint y = 1; y < grid->height; y += 4)
        for (guint x = 1 + y % 3; x + 1 < grid->width; x += 5)
          maze_grid_set_masked (grid, x, y, TRUE);
      maze_generate_options_init (&options);
      options.seed = seed;
      maze_generate (grid, &options, &error);
      g_assert_no_error (error);
      if (seed > 2)
        maze_braid (grid, MAZE_BRAID_ONE / 2, seed, NULL);

      open = count_open_by_hand (grid);
      g_assert_cmpuint (open, <, grid->n_cells);
      choose_endpoints (grid, MAZE_ENDPOINTS_FARTHEST, &start, &end);
      cmp = run_checked (grid, start, end, MAZE_COMPARISON_ALL);
      check_explanation (grid, start, end, cmp);

      /* The share is of the open cells: exploring them all is 100%. */
      for (guint r = 0; r < maze_comparison_get_n_rows (cmp); r++)
        {
          const MazeComparisonRow *row = maze_comparison_get_row (cmp, r);

          g_assert_cmpfloat (row->explored_percent, <=, 100.0);
          g_assert_cmpfloat (row->explored_percent, >, (double) row->explored * 100.0 / grid->n_cells);
        }
    }
}

/* On some braided mazes the wall follower goes round for ever: its row
 * says so and still counts what it explored. */
static void
test_wall_follower_lost (void)
{
  guint lost = 0;

  for (guint64 seed = 1; seed <= 40 && lost < 3; seed++)
    {
      g_autoptr(MazeGrid) grid = maze_test_new_maze (MAZE_SHAPE_RECT, 12, 12, MAZE_ALGORITHM_BACKTRACKER, seed);
      g_autoptr(MazeSolution) wf = NULL;
      g_autoptr(MazeComparison) cmp = NULL;
      g_autoptr(MazeComparison) plain = NULL;
      const MazeComparisonRow *row;
      guint32 start, end;

      maze_braid (grid, MAZE_BRAID_ONE, seed, NULL);
      choose_endpoints (grid, MAZE_ENDPOINTS_FARTHEST, &start, &end);
      wf = maze_solve (grid, MAZE_SOLVER_WALL_FOLLOWER, start, end, NULL, NULL);
      if (wf != NULL)
        continue;
      lost++;

      cmp = run_checked (grid, start, end, MAZE_SOLVER_BIT (MAZE_SOLVER_WALL_FOLLOWER));
      row = maze_comparison_find_row (cmp, MAZE_SOLVER_WALL_FOLLOWER);
      g_assert_false (row->reached);
      g_assert_false (row->cheapest);
      g_assert_true (maze_comparison_find_row (cmp, MAZE_SOLVER_DIJKSTRA)->reached);

      /* The explored figure does not depend on asking for overlays. */
      plain = maze_comparison_run (grid, start, end, MAZE_COMPARISON_ALL,
                                   MAZE_COMPARISON_FLAGS_NONE, NULL, NULL);
      g_assert_nonnull (plain);
      check_against_core (grid, start, end, plain, MAZE_COMPARISON_ALL, FALSE);
      g_assert_cmpuint (maze_comparison_find_row (plain, MAZE_SOLVER_WALL_FOLLOWER)->explored,
                        ==, row->explored);
    }
  g_assert_cmpuint (lost, >, 0);
}

/* A corridor of 2,000 cells: every count in the sentence is grouped by
 * thousands (the tests run in C.UTF-8, which has no separator of its
 * own: a narrow no-break space). */
static void
test_grouped_counts (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 2000, 1, &error);
  g_autoptr(MazeComparison) cmp = NULL;

  g_assert_no_error (error);
  for (guint x = 0; x + 1 < grid->width; x++)
    maze_grid_set_passage (grid, x, 0, 1 /* east */, TRUE);
  cmp = run_checked (grid, 0, 1999, MAZE_COMPARISON_BASIC);
  g_assert_nonnull (strstr (maze_comparison_get_explanation (cmp), "explored 2\u202f000 cells"));
}

static void
test_no_path (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_maze (MAZE_SHAPE_RECT, 10, 10, MAZE_ALGORITHM_BACKTRACKER, 3);
  g_autoptr(MazeComparison) cmp = NULL;
  guint32 end = maze_grid_index (grid, 9, 9);

  /* Wall the end in. */
  for (guint d = 0; d < grid->topology->n_dirs; d++)
    {
      guint nx, ny;

      if (maze_grid_step (grid, 9, 9, d, &nx, &ny))
        maze_grid_set_passage (grid, 9, 9, d, FALSE);
    }
  cmp = run_checked (grid, 0, end, MAZE_COMPARISON_ALL);
  for (guint r = 0; r < maze_comparison_get_n_rows (cmp); r++)
    g_assert_false (maze_comparison_get_row (cmp, r)->reached);
  g_assert_cmpint (check_explanation (grid, 0, end, cmp), ==, CASE_NO_PATH);
}

static void
test_small_cases (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_maze (MAZE_SHAPE_HEX, 6, 5, MAZE_ALGORITHM_BACKTRACKER, 9);
  g_autoptr(MazeComparison) one = NULL;
  g_autoptr(MazeComparison) basic = NULL;
  g_autoptr(GError) error = NULL;

  /* Start and end on one cell: a path of one cell, explored 1. */
  one = run_checked (grid, 7, 7, MAZE_COMPARISON_ALL);
  for (guint r = 0; r < maze_comparison_get_n_rows (one); r++)
    {
      const MazeComparisonRow *row = maze_comparison_get_row (one, r);

      g_assert_cmpuint (row->path_len, ==, 1);
      g_assert_cmpuint (row->cost, ==, 0);
      g_assert_true (row->cheapest);
    }
  g_assert_cmpstr (maze_comparison_get_explanation (one), ==,
                   "The maze has one path only: every solver finds it. "
                   "Backtracking explored 1 cell, Dijkstra’s algorithm 1.");

  /* An empty set still runs the two the panel always shows; no overlays
   * unless asked for. */
  basic = maze_comparison_run (grid, 0, grid->n_cells - 1, 0, MAZE_COMPARISON_FLAGS_NONE,
                               NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (maze_comparison_get_n_rows (basic), ==, 2);
  check_against_core (grid, 0, grid->n_cells - 1, basic, 0, FALSE);
}

static void
test_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_test_new_maze (MAZE_SHAPE_RECT, 8, 8, MAZE_ALGORITHM_BACKTRACKER, 1);
  MazeComparison *cmp;

  cmp = maze_comparison_run (grid, 0, grid->n_cells, MAZE_COMPARISON_ALL,
                             MAZE_COMPARISON_OVERLAYS, NULL, &error);
  g_assert_null (cmp);
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  maze_grid_set_masked (grid, 0, 0, TRUE);
  cmp = maze_comparison_run (grid, 0, 5, MAZE_COMPARISON_ALL,
                             MAZE_COMPARISON_OVERLAYS, NULL, &error);
  g_assert_null (cmp);
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "(0,0)"));
}

static void
test_render_options (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_maze (MAZE_SHAPE_RECT, 12, 9, MAZE_ALGORITHM_BACKTRACKER, 4);
  g_autoptr(MazeComparison) cmp = run_checked (grid, 0, grid->n_cells - 1, 0);
  const MazeComparisonRow *bt = maze_comparison_find_row (cmp, MAZE_SOLVER_BACKTRACKING);
  const MazeComparisonRow *dj = maze_comparison_find_row (cmp, MAZE_SOLVER_DIJKSTRA);
  MazeRenderOptions options;

  maze_render_options_init (&options);
  maze_comparison_row_apply (dj, MAZE_COMPARISON_HEAT_DISTANCE, &options);
  g_assert_cmpint (options.overlay_kind, ==, MAZE_OVERLAY_HEAT);
  g_assert_true (options.overlay_values == dj->distance);
  g_assert_cmpuint (options.overlay_max, ==, dj->distance_max);
  g_assert_cmpuint (options.overlay_max, ==, dj->cost);
  g_assert_true (options.solution == dj->path);
  g_assert_cmpuint (options.solution_len, ==, dj->path_len);

  /* Backtracking has no distances: its visit order stands in. */
  maze_comparison_row_apply (bt, MAZE_COMPARISON_HEAT_DISTANCE, &options);
  g_assert_true (options.overlay_values == bt->visit_order);
  g_assert_cmpuint (options.overlay_max, ==, bt->visit_max);
}

/* Async */

typedef struct
{
  GMainLoop      *loop;
  guint           pending;
  MazeComparison *result[4];
  GError         *error[4];
  guint           order[4];
  guint           n_done;
} AsyncState;

typedef struct
{
  AsyncState *state;
  guint       index;
} AsyncCall;

static void
run_done_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  AsyncCall *call = user_data;
  AsyncState *state = call->state;

  state->result[call->index] =
    maze_solver_comparison_run_finish (MAZE_SOLVER_COMPARISON (source), result,
                                       &state->error[call->index]);
  state->order[state->n_done++] = call->index;
  if (--state->pending == 0)
    g_main_loop_quit (state->loop);
}

static void
wait_for (AsyncState *state)
{
  if (state->pending > 0)
    g_main_loop_run (state->loop);
}

static void
async_state_clear (AsyncState *state)
{
  for (guint i = 0; i < G_N_ELEMENTS (state->result); i++)
    {
      g_clear_pointer (&state->result[i], maze_comparison_unref);
      g_clear_error (&state->error[i]);
    }
  g_clear_pointer (&state->loop, g_main_loop_unref);
}

static void
assert_same_comparison (const MazeComparison *a,
                        const MazeComparison *b,
                        guint32               n_cells)
{
  g_assert_cmpuint (maze_comparison_get_n_rows (a), ==, maze_comparison_get_n_rows (b));
  g_assert_cmpstr (maze_comparison_get_explanation (a), ==, maze_comparison_get_explanation (b));
  g_assert_cmpuint (maze_comparison_get_open_cells (a), ==, maze_comparison_get_open_cells (b));
  for (guint r = 0; r < maze_comparison_get_n_rows (a); r++)
    {
      const MazeComparisonRow *x = maze_comparison_get_row (a, r);
      const MazeComparisonRow *y = maze_comparison_get_row (b, r);

      g_assert_cmpint (x->solver, ==, y->solver);
      g_assert_cmpint (x->reached, ==, y->reached);
      g_assert_cmpint (x->cheapest, ==, y->cheapest);
      g_assert_cmpuint (x->cost, ==, y->cost);
      g_assert_cmpuint (x->explored, ==, y->explored);
      g_assert_cmpfloat (x->explored_percent, ==, y->explored_percent);
      g_assert_cmpmem (x->path, x->path_len * sizeof (guint32),
                       y->path, y->path_len * sizeof (guint32));
      g_assert_cmpmem (x->visit_order, n_cells * sizeof (guint32),
                       y->visit_order, n_cells * sizeof (guint32));
      g_assert_cmpuint (x->visit_max, ==, y->visit_max);
      g_assert_cmpint (x->distance != NULL, ==, y->distance != NULL);
      if (x->distance != NULL)
        g_assert_cmpmem (x->distance, n_cells * sizeof (guint32),
                         y->distance, n_cells * sizeof (guint32));
      g_assert_cmpuint (x->distance_max, ==, y->distance_max);
    }
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

static void
test_async_matches_sync (void)
{
  g_autoptr(MazeSolverComparison) runner = maze_solver_comparison_new ();
  g_autoptr(MazeGrid) grid = maze_test_new_maze (MAZE_SHAPE_RECT, 60, 40, MAZE_ALGORITHM_BACKTRACKER, 5);
  g_autoptr(MazeGrid) kept = NULL;
  g_autoptr(MazeComparison) sync = NULL;
  AsyncState state = { g_main_loop_new (NULL, FALSE), 1 };
  AsyncCall call = { &state, 0 };
  guint notified = 0;
  guint32 start, end;

  maze_braid (grid, MAZE_BRAID_ONE / 2, 5, NULL);
  maze_test_set_random_weights (grid, 5, 4);
  kept = maze_grid_copy (grid);
  choose_endpoints (grid, MAZE_ENDPOINTS_FARTHEST, &start, &end);
  sync = run_checked (grid, start, end, MAZE_COMPARISON_ALL);

  g_signal_connect (runner, "notify::running", G_CALLBACK (count_notify_cb), &notified);
  g_assert_false (maze_solver_comparison_get_running (runner));
  maze_solver_comparison_run_async (runner, grid, start, end, MAZE_COMPARISON_ALL,
                                    MAZE_COMPARISON_OVERLAYS, NULL, run_done_cb, &call);
  g_assert_true (maze_solver_comparison_get_running (runner));
  g_assert_cmpuint (notified, ==, 1);

  /* The run works on its own copy: the maze may change under it. */
  maze_grid_clear_passages (grid);
  memset (grid->weights, 200, grid->n_cells);

  wait_for (&state);
  g_assert_no_error (state.error[0]);
  g_assert_false (maze_solver_comparison_get_running (runner));
  g_assert_cmpuint (notified, ==, 2);
  assert_same_comparison (state.result[0], sync, kept->n_cells);
  check_against_core (kept, start, end, state.result[0], MAZE_COMPARISON_ALL, TRUE);

  async_state_clear (&state);
}

static void
test_cancel (void)
{
  g_autoptr(MazeSolverComparison) runner = maze_solver_comparison_new ();
  g_autoptr(MazeGrid) grid = maze_test_new_maze (MAZE_SHAPE_RECT, 300, 300, MAZE_ALGORITHM_BACKTRACKER, 8);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  MazeComparison *cmp;
  AsyncState state = { g_main_loop_new (NULL, FALSE), 0 };
  AsyncCall calls[3] = { { &state, 0 }, { &state, 1 }, { &state, 2 } };
  guint notified = 0;

  /* Synchronous, cancelled before it starts. */
  g_cancellable_cancel (cancellable);
  cmp = maze_comparison_run (grid, 0, grid->n_cells - 1, MAZE_COMPARISON_ALL,
                             MAZE_COMPARISON_OVERLAYS, cancellable, &error);
  g_assert_null (cmp);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  /* Through the caller's cancellable, already cancelled. */
  state.pending = 1;
  maze_solver_comparison_run_async (runner, grid, 0, grid->n_cells - 1, MAZE_COMPARISON_ALL,
                                    MAZE_COMPARISON_OVERLAYS, cancellable, run_done_cb,
                                    &calls[0]);
  wait_for (&state);
  g_assert_null (state.result[0]);
  g_assert_error (state.error[0], G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (maze_solver_comparison_get_running (runner));

  /* Through the runner, right after starting. */
  state.pending = 1;
  maze_solver_comparison_run_async (runner, grid, 0, grid->n_cells - 1, MAZE_COMPARISON_ALL,
                                    MAZE_COMPARISON_OVERLAYS, NULL, run_done_cb, &calls[1]);
  maze_solver_comparison_cancel (runner);
  wait_for (&state);
  g_assert_null (state.result[1]);
  g_assert_error (state.error[1], G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (maze_solver_comparison_get_running (runner));
  async_state_clear (&state);

  /* A newer request supersedes the older: the older calls back
   * cancelled, first; the newer with its result. running stays TRUE
   * from the first start to the last finish. */
  state.loop = g_main_loop_new (NULL, FALSE);
  state.pending = 2;
  state.n_done = 0;
  g_signal_connect (runner, "notify::running", G_CALLBACK (count_notify_cb), &notified);
  maze_solver_comparison_run_async (runner, grid, 0, grid->n_cells - 1, MAZE_COMPARISON_ALL,
                                    MAZE_COMPARISON_OVERLAYS, NULL, run_done_cb, &calls[0]);
  maze_solver_comparison_run_async (runner, grid, 5, 17, 0,
                                    MAZE_COMPARISON_OVERLAYS, NULL, run_done_cb, &calls[1]);
  g_assert_true (maze_solver_comparison_get_running (runner));
  wait_for (&state);
  g_assert_error (state.error[0], G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (state.result[0]);
  g_assert_no_error (state.error[1]);
  g_assert_nonnull (state.result[1]);
  g_assert_cmpuint (state.order[0], ==, 0);
  g_assert_cmpuint (maze_comparison_get_start (state.result[1]), ==, 5);
  g_assert_cmpuint (maze_comparison_get_end (state.result[1]), ==, 17);
  check_against_core (grid, 5, 17, state.result[1], 0, TRUE);
  g_assert_false (maze_solver_comparison_get_running (runner));
  g_assert_cmpuint (notified, ==, 2);

  async_state_clear (&state);
}

static gboolean
count_question_cb (gpointer user_data)
{
  guint *asked = user_data;

  (*asked)++;
  return FALSE;
}

/* A cancel reaches both searches of a row, the table's and the watched
 * one for the overlays: each stops at the first question of its stop
 * function after the cancel, where uncancelled it asks many times. */
static void
test_cancel_stops_search (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_maze (MAZE_SHAPE_RECT, 300, 300,
                                                 MAZE_ALGORITHM_BACKTRACKER, 8);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeSolution) solution = NULL;
  MazeStopQuestions questions = { cancellable, 1 };
  MazeComparison *cmp;
  guint first_search = 0;

  /* The questions backtracking, the first row, asks in one search. */
  solution = maze_solve_full (grid, MAZE_SOLVER_BACKTRACKING, 0, grid->n_cells - 1, NULL,
                              count_question_cb, &first_search, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (first_search, >, 1);

  /* The table's search, cancelled at its first question. */
  maze_stop_questions_begin (&questions);
  cmp = maze_comparison_run (grid, 0, grid->n_cells - 1, MAZE_COMPARISON_BASIC, 0,
                             cancellable, &error);
  g_assert_null (cmp);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (questions.asked, ==, 1);
  g_clear_error (&error);

  /* With overlays, the watched search cancelled at its first question. */
  g_cancellable_reset (cancellable);
  questions.cancel_at = first_search + 1;
  maze_stop_questions_begin (&questions);
  cmp = maze_comparison_run (grid, 0, grid->n_cells - 1, MAZE_COMPARISON_BASIC,
                             MAZE_COMPARISON_OVERLAYS, cancellable, &error);
  maze_stop_questions_end ();
  g_assert_null (cmp);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (questions.asked, ==, first_search + 1);
}

/* A comparison made on rings fits those rings only: rings around a
 * first ring of 3 cells and of 6 end in an outer ring of 48 both, with
 * other cells inside. */
static void
test_rings_fit (void)
{
  g_autoptr(MazeGrid) six = maze_grid_new (MAZE_SHAPE_CIRCULAR, 6, 8, NULL);
  g_autoptr(MazeGrid) three = maze_grid_new (MAZE_SHAPE_CIRCULAR, 3, 8, NULL);
  g_autoptr(MazeComparison) cmp = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (six->width, ==, three->width);
  g_assert_cmpuint (six->height, ==, three->height);
  g_assert_cmpuint (six->n_cells, !=, three->n_cells);
  cmp = maze_comparison_run (six, 0, six->n_cells - 1, 0, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (maze_comparison_fits (cmp, six));
  g_assert_false (maze_comparison_fits (cmp, three));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/solver-comparison/perfect", test_perfect);
  g_test_add_func ("/app/solver-comparison/braided", test_braided);
  g_test_add_func ("/app/solver-comparison/weighted", test_weighted);
  g_test_add_func ("/app/solver-comparison/masked", test_masked);
  g_test_add_func ("/app/solver-comparison/wall-follower-lost", test_wall_follower_lost);
  g_test_add_func ("/app/solver-comparison/no-path", test_no_path);
  g_test_add_func ("/app/solver-comparison/grouped-counts", test_grouped_counts);
  g_test_add_func ("/app/solver-comparison/small-cases", test_small_cases);
  g_test_add_func ("/app/solver-comparison/errors", test_errors);
  g_test_add_func ("/app/solver-comparison/render-options", test_render_options);
  g_test_add_func ("/app/solver-comparison/rings-fit", test_rings_fit);
  g_test_add_func ("/app/solver-comparison/async", test_async_matches_sync);
  g_test_add_func ("/app/solver-comparison/cancel", test_cancel);
  g_test_add_func ("/app/solver-comparison/cancel-stops-search", test_cancel_stops_search);

  return g_test_run ();
}
