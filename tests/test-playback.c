/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-playback.h"
#include "maze-stop-questions.h"
#include "maze-test-util.h"

/* Playback of every generator and solver: the end of a generation is
 * exactly maze_generate()'s maze, the end of a search the solver's path;
 * stepping back and forth and seeking anywhere give the same state as
 * stepping there one step at a time; the compact trace reads back the very
 * events the core emitted. Timings only with -m perf. */

typedef struct
{
  guint width;
  guint height;
} Size;

static const Size sizes[] = {
  { 1, 1 }, { 1, 6 }, { 6, 1 }, { 2, 2 }, { 5, 4 }, { 13, 9 },
};

static const guint64 seeds[] = { 0, 1, 7, 20240607 };

/* A fingerprint of everything a view draws at the current position. */
static guint64
state_hash (MazePlayback *pb)
{
  const MazeGrid *grid = maze_playback_get_grid (pb);
  const guint8 *flags = maze_playback_get_cell_flags (pb);
  const guint32 *overlay = maze_playback_get_overlay_values (pb);
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);
  const guint64 prime = G_GUINT64_CONSTANT (0x100000001b3);
  guint32 path_len;
  const guint32 *path = maze_playback_get_path (pb, &path_len);

  for (guint32 i = 0; i < grid->n_cells; i++)
    {
      /* Scratch bits stay zero, as for any grid handed to a renderer. */
      g_assert_cmpuint (grid->cells[i] & MAZE_CELL_SCRATCH, ==, 0);
      /* A cell has an overlay value exactly when it is visited. */
      g_assert_cmpint (overlay[i] != G_MAXUINT32, ==,
                       (flags[i] & MAZE_PLAYBACK_CELL_VISITED) != 0);
      if (overlay[i] != G_MAXUINT32)
        g_assert_cmpuint (overlay[i], <=, maze_playback_get_overlay_max (pb));
      h = (h ^ grid->cells[i]) * prime;
      h = (h ^ flags[i]) * prime;
      h = (h ^ overlay[i]) * prime;
    }
  h = (h ^ maze_playback_get_current_cell (pb)) * prime;
  h = (h ^ path_len) * prime;
  g_assert_true ((path == NULL) == (path_len == 0));
  return h;
}

/* Steps through the whole trace, back to the start, forward again, and
 * seeks to positions in a scrambled order: every way to a position gives
 * the same state. Leaves the playback at the end. */
static void
check_consistent (MazePlayback *pb)
{
  guint n = maze_playback_get_n_steps (pb);
  g_autofree guint64 *hashes = g_new (guint64, n + 1);
  guint32 total = 0;

  g_assert_cmpuint (maze_playback_get_position (pb), ==, 0);
  g_assert_cmpuint (maze_playback_get_current_cell (pb), ==, MAZE_NO_CELL);
  g_assert_false (maze_playback_step_back (pb));

  for (guint k = 0; k < n; k++)
    {
      guint32 first, count = maze_playback_get_step_events (pb, k, &first);

      /* Steps tile the events. */
      g_assert_cmpuint (first, ==, total);
      g_assert_cmpuint (count, >=, 1);
      total += count;

      hashes[k] = state_hash (pb);
      g_assert_true (maze_playback_step_forward (pb));
      g_assert_cmpuint (maze_playback_get_position (pb), ==, k + 1);
    }
  hashes[n] = state_hash (pb);
  g_assert_cmpuint (total, ==, maze_playback_get_n_events (pb));
  g_assert_false (maze_playback_step_forward (pb));
  g_assert_cmpuint (maze_playback_get_position (pb), ==, n);

  for (guint k = n; k-- > 0; )
    {
      g_assert_true (maze_playback_step_back (pb));
      g_assert_cmpuint (state_hash (pb), ==, hashes[k]);
    }
  g_assert_false (maze_playback_step_back (pb));

  /* Seeks in a scrambled order, from wherever the previous one left. */
  for (guint i = 0; i <= n; i++)
    {
      guint k = (guint) (((guint64) i * 7919 + 13) % (n + 1));

      maze_playback_seek (pb, k);
      g_assert_cmpuint (maze_playback_get_position (pb), ==, k);
      g_assert_cmpuint (state_hash (pb), ==, hashes[k]);
      if (k < n)
        {
          g_assert_true (maze_playback_step_forward (pb));
          g_assert_cmpuint (state_hash (pb), ==, hashes[k + 1]);
        }
    }

  /* Past the end clamps. */
  maze_playback_seek (pb, G_MAXUINT);
  g_assert_cmpuint (maze_playback_get_position (pb), ==, n);
  g_assert_cmpuint (state_hash (pb), ==, hashes[n]);
}

/* The grid recursive division starts from: every passage between two
 * open cells open. */
static void
open_all (MazeGrid *grid)
{
  const MazeTopology *t = grid->topology;

  for (guint y = 0; y < grid->height; y++)
    for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
      for (guint d = 0; d < t->n_dirs; d++)
        {
          guint nx, ny;

          if (t->owned_bit[d] >= 0 && maze_grid_is_open (grid, x, y) &&
              maze_grid_step (grid, x, y, d, &nx, &ny) && maze_grid_is_open (grid, nx, ny))
            maze_grid_carve (grid, x, y, d, nx, ny);
        }
}

static void
check_generation (MazeShape      shape,
                  guint          width,
                  guint          height,
                  gboolean       masked,
                  MazeAlgorithm  algorithm,
                  guint64        seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_test_new_grid (shape, width, height);
  g_autoptr(MazeGrid) expected = NULL;
  g_autoptr(MazeGrid) start = NULL;
  g_autoptr(MazePlayback) pb = NULL;
  const MazeGrid *now;
  MazeGenerateOptions options;

  if (masked)
    maze_test_mask_sparsely (grid, 0);
  maze_generate_options_init (&options);
  options.algorithm = algorithm;
  options.seed = seed;

  expected = maze_grid_copy (grid);
  g_assert_true (maze_generate (expected, &options, &error));
  g_assert_no_error (error);

  pb = maze_playback_new_for_generation (grid, &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (pb);
  g_assert_cmpint (maze_playback_get_kind (pb), ==, MAZE_PLAYBACK_GENERATION);
  g_assert_cmpint (maze_playback_get_algorithm (pb), ==, algorithm);
  g_assert_null (maze_playback_get_solution (pb));

  /* Position 0: what the generator starts from. */
  start = maze_grid_copy (grid);
  maze_grid_clear_passages (start);
  if (algorithm == MAZE_ALGORITHM_RECURSIVE_DIVISION)
    open_all (start);
  now = maze_playback_get_grid (pb);
  g_assert_cmpmem (now->cells, now->n_cells, start->cells, start->n_cells);

  check_consistent (pb);

  /* The end: byte for byte what maze_generate() made. */
  now = maze_playback_get_grid (pb);
  g_assert_cmpuint (now->n_cells, ==, expected->n_cells);
  g_assert_cmpmem (now->cells, now->n_cells, expected->cells, expected->n_cells);
  g_assert_cmpuint (maze_grid_hash (now), ==, maze_grid_hash (expected));

  /* Every open cell was taken into the maze, and nothing is left on a
   * stack or frontier. */
  for (guint32 i = 0; i < now->n_cells; i++)
    {
      guint8 f = maze_playback_get_cell_flags (pb)[i];

      if (maze_grid_is_masked (now, i))
        g_assert_cmpuint (f, ==, 0);
      else if (algorithm != MAZE_ALGORITHM_KRUSKAL || maze_grid_count_open (now) > 1)
        g_assert_true (f & MAZE_PLAYBACK_CELL_VISITED);
      if (algorithm != MAZE_ALGORITHM_BACKTRACKER)
        g_assert_false (f & MAZE_PLAYBACK_CELL_ACTIVE);
    }
}

static void
test_generation (gconstpointer data)
{
  MazeAlgorithm algorithm = GPOINTER_TO_UINT (data);

  for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      if (!maze_algorithm_supports (algorithm, shape))
        continue;
      for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
        for (guint masked = 0; masked < 2; masked++)
          for (guint i = 0; i < G_N_ELEMENTS (seeds); i++)
            {
              g_autoptr(MazeGrid) probe = maze_test_new_grid (shape, sizes[s].width, sizes[s].height);

              if (masked)
                maze_test_mask_sparsely (probe, 0);
              if (masked && maze_grid_count_components (probe, NULL, FALSE) != 1)
                continue;
              check_generation (shape, sizes[s].width, sizes[s].height, masked, algorithm, seeds[i]);
            }
      /* One bigger maze, to pass several keyframes (Aldous-Broder's walk
       * passes them sooner: it is checked at every one of its steps). */
      if (algorithm == MAZE_ALGORITHM_ALDOUS_BRODER)
        check_generation (shape, 30, 20, FALSE, algorithm, 99);
      else
        check_generation (shape, 60, 40, FALSE, algorithm, 99);
    }
}

/* The events as the core emits them. */
static void
collect_cb (const MazeEvent *event,
            gpointer         user_data)
{
  g_array_append_vals (user_data, event, 1);
}

static void
assert_same_events (MazePlayback *pb,
                    GArray       *raw,
                    guint         skip)
{
  g_assert_cmpuint (maze_playback_get_n_events (pb) + skip, ==, raw->len);
  for (guint32 i = 0; i < maze_playback_get_n_events (pb); i++)
    {
      const MazeEvent *a = &g_array_index (raw, MazeEvent, i + skip);
      MazeEvent b;

      maze_playback_get_event (pb, i, &b);
      g_assert_cmpint (a->type, ==, b.type);
      g_assert_cmpuint (a->cell, ==, b.cell);
      g_assert_cmpuint (a->other, ==, b.other);
      g_assert_cmpint (a->dir, ==, b.dir);
      g_assert_cmpuint (a->candidates, ==, b.candidates);
      g_assert_cmpuint (a->value, ==, b.value);
    }
}

/* The playback's steps are the core's: each begins at an event the
 * generator or solver marked MAZE_EVENT_STEP, and nowhere else, so a new
 * algorithm needs nothing in the playback to be stepped through. */
static void
assert_steps_from_core (MazePlayback *pb,
                        GArray       *raw,
                        guint         skip)
{
  guint n_steps = maze_playback_get_n_steps (pb);
  guint step = 0;

  for (guint i = skip; i < raw->len; i++)
    {
      const MazeEvent *e = &g_array_index (raw, MazeEvent, i);
      MazeEvent read;
      guint32 first;

      g_assert_false (e->flags & MAZE_EVENT_SETUP);
      maze_playback_get_event (pb, i - skip, &read);
      g_assert_cmpuint (read.flags, ==, e->flags);
      if (!(e->flags & MAZE_EVENT_STEP))
        {
          g_assert_cmpuint (i, >, skip);
          continue;
        }
      g_assert_cmpuint (step, <, n_steps);
      maze_playback_get_step_events (pb, step, &first);
      g_assert_cmpuint (first, ==, i - skip);
      step++;
    }
  g_assert_cmpuint (step, ==, n_steps);
}

/* The compact trace reads back exactly what the core emitted (minus
 * recursive division's opening, which is position 0). */
static void
test_events (void)
{
  for (MazeAlgorithm algorithm = 0; algorithm < MAZE_N_ALGORITHMS; algorithm++)
    for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
      {
        g_autoptr(MazeGrid) grid = maze_test_new_grid (shape, 17, 11);
        g_autoptr(MazeGrid) work = NULL;
        g_autoptr(GArray) raw = g_array_new (FALSE, FALSE, sizeof (MazeEvent));
        g_autoptr(MazePlayback) pb = NULL;
        MazeObserver observer = { collect_cb, raw };
        MazeGenerateOptions options;
        guint skip = 0;

        if (!maze_algorithm_supports (algorithm, shape))
          continue;
        maze_test_mask_sparsely (grid, 0);
        maze_generate_options_init (&options);
        options.algorithm = algorithm;
        options.seed = 5;
        pb = maze_playback_new_for_generation (grid, &options, NULL, NULL);
        g_assert_nonnull (pb);

        work = maze_grid_copy (grid);
        options.observer = &observer;
        g_assert_true (maze_generate (work, &options, NULL));
        if (algorithm == MAZE_ALGORITHM_RECURSIVE_DIVISION)
          while (skip < raw->len &&
                 (g_array_index (raw, MazeEvent, skip).type == MAZE_EVENT_VISIT ||
                  g_array_index (raw, MazeEvent, skip).type == MAZE_EVENT_CARVE))
            skip++;
        assert_same_events (pb, raw, skip);
        for (guint i = 0; i < raw->len; i++)
          g_assert_cmpint (i < skip, ==, (g_array_index (raw, MazeEvent, i).flags & MAZE_EVENT_SETUP) != 0);
        assert_steps_from_core (pb, raw, skip);
      }

  for (MazeSolverKind solver = 0; solver < MAZE_N_SOLVERS; solver++)
    for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
      {
        g_autoptr(MazePuzzle) puzzle = NULL;
        g_autoptr(GArray) raw = g_array_new (FALSE, FALSE, sizeof (MazeEvent));
        g_autoptr(MazePlayback) pb = NULL;
        g_autoptr(MazeSolution) solution = NULL;
        MazeObserver observer = { collect_cb, raw };
        MazeGenerateOptions options;

        maze_generate_options_init (&options);
        options.seed = 11;
        puzzle = maze_puzzle_generate (shape, 19, 13, &options, MAZE_BRAID_ONE / 4,
                                       MAZE_ENDPOINTS_CORNERS, NULL);
        g_assert_nonnull (puzzle);
        for (guint32 i = 0; i < puzzle->grid->n_cells; i += 5)
          maze_grid_set_weight (puzzle->grid, i, (guint8) (1 + i % 9));

        pb = maze_playback_new_for_solver (puzzle->grid, solver, puzzle->start, puzzle->end,
                                           NULL, NULL);
        g_assert_nonnull (pb);
        solution = maze_solve (puzzle->grid, solver, puzzle->start, puzzle->end, &observer, NULL);
        assert_same_events (pb, raw, 0);
        assert_steps_from_core (pb, raw, 0);
      }
}

static void
check_solver (const MazeGrid *grid,
              MazeSolverKind  solver,
              guint32         start,
              guint32         end)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeSolution) expected = maze_solve (grid, solver, start, end, NULL, &error);
  g_autoptr(MazePlayback) pb = maze_playback_new_for_solver (grid, solver, start, end, NULL, NULL);
  const MazeSolution *solution;
  const guint32 *path;
  guint32 path_len;
  guint n;

  g_assert_nonnull (pb);
  g_assert_cmpint (maze_playback_get_kind (pb), ==, MAZE_PLAYBACK_SOLVER);
  g_assert_cmpint (maze_playback_get_solver (pb), ==, solver);
  g_assert_cmpuint (maze_playback_get_start (pb), ==, start);
  g_assert_cmpuint (maze_playback_get_end (pb), ==, end);
  solution = maze_playback_get_solution (pb);

  /* The grid never changes during a search. */
  g_assert_true (maze_grid_equal (maze_playback_get_grid (pb), grid));
  check_consistent (pb);
  g_assert_true (maze_grid_equal (maze_playback_get_grid (pb), grid));

  if (expected == NULL)
    {
      /* The failed search is still there to watch, with the reason. */
      g_assert_error (error, MAZE_ERROR, MAZE_ERROR_UNREACHABLE);
      g_assert_null (solution);
      g_assert_error (maze_playback_get_search_error (pb), MAZE_ERROR, MAZE_ERROR_UNREACHABLE);
      g_assert_cmpstr (maze_playback_get_search_error (pb)->message, ==, error->message);
      g_assert_null (maze_playback_get_path (pb, &path_len));
      return;
    }

  g_assert_nonnull (solution);
  g_assert_null (maze_playback_get_search_error (pb));
  g_assert_cmpuint (solution->path_len, ==, expected->path_len);
  g_assert_cmpmem (solution->path, solution->path_len * sizeof (guint32),
                   expected->path, expected->path_len * sizeof (guint32));
  g_assert_cmpuint (solution->cost, ==, expected->cost);
  g_assert_cmpuint (solution->explored, ==, expected->explored);

  /* At the end: the path, marked on its cells and nowhere else. */
  path = maze_playback_get_path (pb, &path_len);
  g_assert_cmpmem (path, path_len * sizeof (guint32),
                   expected->path, expected->path_len * sizeof (guint32));
  for (guint32 i = 0; i < grid->n_cells; i++)
    {
      gboolean on_path = FALSE;

      for (guint32 j = 0; j < expected->path_len; j++)
        on_path |= expected->path[j] == i;
      g_assert_cmpint ((maze_playback_get_cell_flags (pb)[i] & MAZE_PLAYBACK_CELL_PATH) != 0,
                       ==, on_path);
    }
  g_assert_cmpuint (maze_playback_get_current_cell (pb), ==, end);

  /* Where the solvers measure distance, the end's overlay value is it. */
  if (solver == MAZE_SOLVER_DIJKSTRA || solver == MAZE_SOLVER_ASTAR)
    g_assert_cmpuint (maze_playback_get_overlay_values (pb)[end], ==, expected->cost);
  else if (solver == MAZE_SOLVER_BFS)
    g_assert_cmpuint (maze_playback_get_overlay_values (pb)[end], ==, expected->path_len - 1);
  /* The cells explored are the cells visited or settled. */
  if (solver != MAZE_SOLVER_WALL_FOLLOWER)
    {
      guint64 visited = 0;

      for (guint32 i = 0; i < grid->n_cells; i++)
        visited += (maze_playback_get_cell_flags (pb)[i] & MAZE_PLAYBACK_CELL_VISITED) != 0;
      g_assert_cmpuint (visited, ==, expected->explored);
    }

  /* One step before the end the path is not there yet. */
  n = maze_playback_get_n_steps (pb);
  maze_playback_seek (pb, n - 1);
  g_assert_null (maze_playback_get_path (pb, &path_len));
  g_assert_cmpuint (path_len, ==, 0);
}

static void
test_solver (gconstpointer data)
{
  MazeSolverKind solver = GPOINTER_TO_UINT (data);

  for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
    for (guint b = 0; b < 2; b++)
      for (guint i = 0; i < G_N_ELEMENTS (seeds); i++)
        {
          g_autoptr(MazePuzzle) puzzle = NULL;
          MazeGenerateOptions options;

          maze_generate_options_init (&options);
          options.algorithm = i % 2 ? MAZE_ALGORITHM_PRIM : MAZE_ALGORITHM_BACKTRACKER;
          options.seed = seeds[i];
          puzzle = maze_puzzle_generate (shape, 15 + i, 9 + 2 * i, &options,
                                         b ? MAZE_BRAID_ONE / 2 : 0,
                                         MAZE_ENDPOINTS_CORNERS, NULL);
          g_assert_nonnull (puzzle);
          check_solver (puzzle->grid, solver, puzzle->start, puzzle->end);
          /* Between two inner cells, and from a cell to itself. */
          check_solver (puzzle->grid, solver, puzzle->grid->n_cells / 3,
                        puzzle->grid->n_cells / 2 + 1);
          check_solver (puzzle->grid, solver, 4, 4);

          /* Weighted: Dijkstra's and A*'s distances are costs. */
          for (guint32 c = 0; c < puzzle->grid->n_cells; c += 3)
            maze_grid_set_weight (puzzle->grid, c, (guint8) (1 + (c * 7) % 20));
          check_solver (puzzle->grid, solver, puzzle->start, puzzle->end);
        }

  /* A masked 1x1-wide strip, and a single cell. */
  {
    g_autoptr(MazeGrid) strip = maze_test_new_grid (MAZE_SHAPE_RECT, 1, 9);
    g_autoptr(MazeGrid) one = maze_test_new_grid (MAZE_SHAPE_HEX, 1, 1);
    MazeGenerateOptions options;

    maze_generate_options_init (&options);
    maze_grid_set_masked (strip, 0, 8, TRUE);
    g_assert_true (maze_generate (strip, &options, NULL));
    g_assert_true (maze_generate (one, &options, NULL));
    check_solver (strip, solver, 0, 7);
    check_solver (one, solver, 0, 0);
  }
}

static void
test_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) big = maze_test_new_grid (MAZE_SHAPE_RECT, 1001, 1000);
  g_autoptr(MazeGrid) hex = maze_test_new_grid (MAZE_SHAPE_HEX, 5, 5);
  g_autoptr(MazeGrid) small = maze_test_new_grid (MAZE_SHAPE_RECT, 5, 5);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  MazeGenerateOptions options;
  MazePlayback *pb;

  maze_generate_options_init (&options);

  /* Too many cells: the limit is named. */
  pb = maze_playback_new_for_generation (big, &options, NULL, &error);
  g_assert_null (pb);
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "1\u202f000\u202f000"));
  g_assert_nonnull (strstr (error->message, "1\u202f001\u202f000"));
  g_clear_error (&error);
  pb = maze_playback_new_for_solver (big, MAZE_SOLVER_BFS, 0, 1, NULL, &error);
  g_assert_null (pb);
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_clear_error (&error);

  /* What maze_generate() and maze_solve() refuse. */
  options.algorithm = MAZE_ALGORITHM_BINARY_TREE;
  pb = maze_playback_new_for_generation (hex, &options, NULL, &error);
  g_assert_null (pb);
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_UNSUPPORTED);
  g_clear_error (&error);
  pb = maze_playback_new_for_solver (small, MAZE_SOLVER_BFS, 0, 25, NULL, &error);
  g_assert_null (pb);
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* Cancelled before it starts. */
  g_cancellable_cancel (cancellable);
  options.algorithm = MAZE_ALGORITHM_KRUSKAL;
  pb = maze_playback_new_for_generation (small, &options, cancellable, &error);
  g_assert_null (pb);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* A cancel reaches the carving and the search themselves, not only the
 * recorder: each stops at the first question of its stop function after
 * the cancel (the recorder alone would notice it only 65536 events on,
 * and the core would go on to the end). Uncancelled, both ask many
 * times on this maze. */
static void
test_cancel_stops_core (void)
{
  g_autoptr(MazeGrid) empty = maze_test_new_grid (MAZE_SHAPE_RECT, 300, 300);
  g_autoptr(MazeGrid) maze = maze_test_new_maze (MAZE_SHAPE_RECT, 300, 300,
                                                 MAZE_ALGORITHM_BACKTRACKER, 3);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  MazeStopQuestions questions = { cancellable, 0 };
  MazeGenerateOptions options;
  MazePlayback *pb;

  maze_generate_options_init (&options);
  options.algorithm = MAZE_ALGORITHM_BACKTRACKER;
  options.seed = 3;

  maze_stop_questions_begin (&questions);
  pb = maze_playback_new_for_generation (empty, &options, cancellable, &error);
  g_assert_no_error (error);
  g_clear_object (&pb);
  g_assert_cmpuint (questions.asked, >, 1);
  maze_stop_questions_begin (&questions);
  pb = maze_playback_new_for_solver (maze, MAZE_SOLVER_BFS, 0, maze->n_cells - 1,
                                     cancellable, &error);
  g_assert_no_error (error);
  g_clear_object (&pb);
  g_assert_cmpuint (questions.asked, >, 1);

  questions.cancel_at = 1;
  maze_stop_questions_begin (&questions);
  pb = maze_playback_new_for_generation (empty, &options, cancellable, &error);
  g_assert_null (pb);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (questions.asked, ==, 1);
  g_clear_error (&error);

  g_cancellable_reset (cancellable);
  maze_stop_questions_begin (&questions);
  pb = maze_playback_new_for_solver (maze, MAZE_SOLVER_BFS, 0, maze->n_cells - 1,
                                     cancellable, &error);
  maze_stop_questions_end ();
  g_assert_null (pb);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (questions.asked, ==, 1);
}

/* Aldous-Broder on the biggest grid allowed walks longer than the trace
 * may be: refused with the limit named. Slow (a few seconds). */
static void
test_too_long (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_RECT, 1000, 1000);
  g_autofree char *limit = g_strdup_printf ("%u", MAZE_PLAYBACK_MAX_EVENTS);
  MazeGenerateOptions options;
  MazePlayback *pb;

  if (!g_test_slow ())
    {
      g_test_skip ("slow: run with -m slow");
      return;
    }
  maze_generate_options_init (&options);
  options.algorithm = MAZE_ALGORITHM_ALDOUS_BRODER;
  pb = maze_playback_new_for_generation (grid, &options, NULL, &error);
  g_assert_null (pb);
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, limit));
}

typedef struct
{
  guint    n_changed;
  MazeRect area;
  guint    n_notify;
} Signals;

static void
changed_cb (MazePlayback   *pb,
            const MazeRect *area,
            Signals        *signals)
{
  signals->n_changed++;
  signals->area = *area;
}

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           Signals    *signals)
{
  signals->n_notify++;
}

static gboolean
rect_holds (const MazeRect *r,
            const MazeGrid *grid,
            guint32         cell)
{
  guint x, y;

  maze_grid_xy (grid, cell, &x, &y);
  return x >= r->x && x < r->x + r->width && y >= r->y && y < r->y + r->height;
}

/* "changed" covers every cell a step changes; position is a property. */
static void
test_signals (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_HEX, 12, 10);
  g_autoptr(MazePlayback) pb = NULL;
  g_autoptr(MazeGrid) before = NULL;
  g_autofree guint8 *flags_before = NULL;
  MazeGenerateOptions options;
  Signals signals = { 0 };
  guint n, position = 0;

  maze_generate_options_init (&options);
  options.seed = 3;
  pb = maze_playback_new_for_generation (grid, &options, NULL, NULL);
  g_assert_nonnull (pb);
  g_signal_connect (pb, "changed", G_CALLBACK (changed_cb), &signals);
  g_signal_connect (pb, "notify::position", G_CALLBACK (notify_cb), &signals);
  n = maze_playback_get_n_steps (pb);

  for (guint k = 0; k < 3 * n; k++)
    {
      const MazeGrid *now = maze_playback_get_grid (pb);
      guint32 old_current = maze_playback_get_current_cell (pb);
      guint target = (guint) (((guint64) k * 104729) % (n + 1));

      g_clear_pointer (&before, maze_grid_free);
      g_clear_pointer (&flags_before, g_free);
      before = maze_grid_copy (now);
      flags_before = g_memdup2 (maze_playback_get_cell_flags (pb), now->n_cells);
      signals.n_changed = signals.n_notify = 0;

      /* Single steps, then a jump. */
      if (k % 3 == 0 && position < n)
        {
          g_assert_true (maze_playback_step_forward (pb));
          position++;
        }
      else if (k % 3 == 1 && position > 0)
        {
          g_assert_true (maze_playback_step_back (pb));
          position--;
        }
      else if (target != position)
        {
          g_object_set (pb, "position", target, NULL);
          position = target;
        }
      else
        continue;

      g_assert_cmpuint (maze_playback_get_position (pb), ==, position);
      g_assert_cmpuint (signals.n_notify, ==, 1);
      g_assert_cmpuint (signals.n_changed, ==, 1);
      for (guint32 i = 0; i < now->n_cells; i++)
        if (now->cells[i] != before->cells[i] ||
            maze_playback_get_cell_flags (pb)[i] != flags_before[i] ||
            i == old_current || i == maze_playback_get_current_cell (pb))
          g_assert_true (rect_holds (&signals.area, now, i));
    }

  /* No move, no signal. */
  signals.n_changed = signals.n_notify = 0;
  maze_playback_seek (pb, position);
  g_assert_cmpuint (signals.n_changed + signals.n_notify, ==, 0);
}

/* ---- Timings (-m perf): no assertions on time ---- */

static void
time_playback (MazePlayback *pb,
               const char   *what)
{
  guint n = maze_playback_get_n_steps (pb);
  guint32 n_events = maze_playback_get_n_events (pb);
  gsize memory = maze_playback_get_memory_size (pb);
  guint32 n_cells = maze_playback_get_grid (pb)->n_cells;
  g_autoptr(GTimer) timer = g_timer_new ();
  double worst = 0, total = 0;
  guint n_seeks = 200;
  guint64 state = 12345;

  /* Random seeks, from wherever the previous one left. */
  for (guint i = 0; i < n_seeks; i++)
    {
      double t;

      state = state * G_GUINT64_CONSTANT (6364136223846793005) + 1442695040888963407;
      g_timer_start (timer);
      maze_playback_seek (pb, (guint) ((state >> 33) % (n + 1)));
      t = g_timer_elapsed (timer, NULL);
      total += t;
      worst = MAX (worst, t);
    }
  g_test_message ("%s: %u steps, %u events, %.2f events/step; memory %.2f MiB = %.2f bytes/event "
                  "(%.2f bytes/event without the %.0f bytes/cell of state)",
                  what, n, n_events, (double) n_events / MAX (n, 1), memory / 1048576.0,
                  (double) memory / n_events,
                  (double) (memory - (gsize) n_cells * 10) / n_events, 10.0);
  g_test_message ("%s: random seek mean %.3f ms, worst %.3f ms", what,
                  1000 * total / n_seeks, 1000 * worst);

  maze_playback_seek (pb, 0);
  g_timer_start (timer);
  maze_playback_seek (pb, n);
  g_test_message ("%s: seek 0 -> end %.3f ms", what, 1000 * g_timer_elapsed (timer, NULL));
  g_timer_start (timer);
  maze_playback_seek (pb, 0);
  g_test_message ("%s: seek end -> 0 %.3f ms", what, 1000 * g_timer_elapsed (timer, NULL));

  g_timer_start (timer);
  while (maze_playback_step_forward (pb))
    ;
  g_test_message ("%s: every step forward %.1f ms, %.1f ns per step", what,
                  1000 * g_timer_elapsed (timer, NULL), 1e9 * g_timer_elapsed (timer, NULL) / n);
  g_timer_start (timer);
  while (maze_playback_step_back (pb))
    ;
  g_test_message ("%s: every step back %.1f ms, %.1f ns per step", what,
                  1000 * g_timer_elapsed (timer, NULL), 1e9 * g_timer_elapsed (timer, NULL) / n);
}

static void
test_perf (void)
{
  static const MazeAlgorithm algorithms[] = {
    MAZE_ALGORITHM_BACKTRACKER, MAZE_ALGORITHM_PRIM, MAZE_ALGORITHM_KRUSKAL,
    MAZE_ALGORITHM_WILSON, MAZE_ALGORITHM_ALDOUS_BRODER, MAZE_ALGORITHM_RECURSIVE_DIVISION,
  };
  g_autoptr(GTimer) timer = g_timer_new ();

  if (!g_test_perf ())
    {
      g_test_skip ("timings: run with -m perf");
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (algorithms); i++)
    {
      g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_RECT, 500, 500);
      g_autoptr(MazePlayback) pb = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *what = NULL;
      MazeGenerateOptions options;
      double t;

      maze_generate_options_init (&options);
      options.algorithm = algorithms[i];
      g_timer_start (timer);
      pb = maze_playback_new_for_generation (grid, &options, NULL, &error);
      t = g_timer_elapsed (timer, NULL);
      g_assert_no_error (error);
      what = g_strdup_printf ("generate %s 500x500", maze_algorithm_get_info (algorithms[i])->name);
      g_test_message ("%s: recorded in %.1f ms", what, 1000 * t);
      time_playback (pb, what);
    }

  for (MazeSolverKind solver = 0; solver < MAZE_N_SOLVERS; solver++)
    {
      g_autoptr(MazePuzzle) puzzle = NULL;
      g_autoptr(MazePlayback) pb = NULL;
      g_autofree char *what = NULL;
      MazeGenerateOptions options;
      double t;

      maze_generate_options_init (&options);
      puzzle = maze_puzzle_generate (MAZE_SHAPE_RECT, 500, 500, &options, 0,
                                     MAZE_ENDPOINTS_CORNERS, NULL);
      g_timer_start (timer);
      pb = maze_playback_new_for_solver (puzzle->grid, solver, puzzle->start, puzzle->end,
                                         NULL, NULL);
      t = g_timer_elapsed (timer, NULL);
      what = g_strdup_printf ("solve %s 500x500", maze_solver_to_string (solver));
      g_test_message ("%s: recorded in %.1f ms", what, 1000 * t);
      time_playback (pb, what);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (MazeAlgorithm algorithm = 0; algorithm < MAZE_N_ALGORITHMS; algorithm++)
    {
      g_autofree char *path = g_strdup_printf ("/maze/playback/generate/%s",
                                               maze_algorithm_get_info (algorithm)->name);

      g_test_add_data_func (path, GUINT_TO_POINTER (algorithm), test_generation);
    }
  for (MazeSolverKind solver = 0; solver < MAZE_N_SOLVERS; solver++)
    {
      g_autofree char *path = g_strdup_printf ("/maze/playback/solve/%s",
                                               maze_solver_to_string (solver));

      g_test_add_data_func (path, GUINT_TO_POINTER (solver), test_solver);
    }
  g_test_add_func ("/maze/playback/events", test_events);
  g_test_add_func ("/maze/playback/errors", test_errors);
  g_test_add_func ("/maze/playback/cancel-stops-core", test_cancel_stops_core);
  g_test_add_func ("/maze/playback/too-long", test_too_long);
  g_test_add_func ("/maze/playback/signals", test_signals);
  g_test_add_func ("/maze/playback/perf", test_perf);
  return g_test_run ();
}
