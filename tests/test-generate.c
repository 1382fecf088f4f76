/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-core.h"
#include "maze-generator-private.h"
#include "maze-test-util.h"

/* Every generator, on every shape it supports, for many seeds and sizes,
 * with and without masks: a perfect maze every time, the same one for the
 * same seed, and pinned by golden hashes. */

#define N_SEEDS 200

typedef struct
{
  guint width;
  guint height;
} Size;

static const Size sizes[] = {
  { 1, 1 }, { 1, 7 }, { 7, 1 }, { 2, 2 }, { 2, 9 }, { 3, 5 }, { 10, 13 }, { 31, 17 },
};

static MazeGrid *
new_grid (MazeShape shape,
          guint     width,
          guint     height)
{
  g_autoptr(GError) error = NULL;
  MazeGrid *grid = maze_grid_new (shape, maze_test_fit_width (shape, width, height), height,
                                  &error);

  g_assert_no_error (error);
  return grid;
}

static void
generate_ok (MazeGrid      *grid,
             MazeAlgorithm  algorithm,
             guint64        seed)
{
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;

  maze_generate_options_init (&options);
  options.algorithm = algorithm;
  options.seed = seed;
  if (!maze_generate (grid, &options, &error))
    g_error ("%s on %s %ux%u, seed %" G_GUINT64_FORMAT ": %s",
             maze_algorithm_get_info (algorithm)->name, maze_shape_to_string (grid->shape),
             grid->width, grid->height, seed, error->message);
}

static void
assert_perfect (const MazeGrid *grid,
                MazeAlgorithm   algorithm,
                guint64         seed)
{
  g_autoptr(GError) error = NULL;

  if (!maze_grid_check_perfect (grid, &error))
    g_error ("%s on %s %ux%u, seed %" G_GUINT64_FORMAT ": %s",
             maze_algorithm_get_info (algorithm)->name, maze_shape_to_string (grid->shape),
             grid->width, grid->height, seed, error->message);
}

static void
test_perfect (gconstpointer data)
{
  MazeAlgorithm algorithm = GPOINTER_TO_UINT (data);
  guint64 n_seeds = maze_test_seeds (N_SEEDS);

  for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      if (!maze_algorithm_supports (algorithm, shape))
        continue;
      for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
        for (guint masked = 0; masked < 2; masked++)
          for (guint64 seed = 0; seed < n_seeds; seed++)
            {
              g_autoptr(MazeGrid) grid = NULL;

              /* One column of triangles is no maze (maze_check_size()). */
              if (!maze_check_size (shape, sizes[s].width, sizes[s].height, NULL))
                continue;
              grid = new_grid (shape, sizes[s].width, sizes[s].height);
              if (masked)
                maze_test_mask_sparsely (grid, 0);
              if (masked && maze_grid_count_components (grid, NULL, FALSE) != 1)
                continue;
              generate_ok (grid, algorithm, seed);
              assert_perfect (grid, algorithm, seed);
            }
    }
}

/* Same seed, same maze; another seed, (almost always) another maze. */
static void
test_deterministic (gconstpointer data)
{
  MazeAlgorithm algorithm = GPOINTER_TO_UINT (data);

  for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      g_autoptr(MazeGrid) a = new_grid (shape, 24, 18);
      g_autoptr(MazeGrid) b = new_grid (shape, 24, 18);
      g_autoptr(MazeGrid) c = new_grid (shape, 24, 18);

      if (!maze_algorithm_supports (algorithm, shape))
        continue;
      generate_ok (a, algorithm, 1234);
      generate_ok (b, algorithm, 1234);
      generate_ok (c, algorithm, 1235);
      g_assert_true (maze_grid_equal (a, b));
      g_assert_false (maze_grid_equal (a, c));
    }
}

/* A mask that cuts the grid in two: maze_generate refuses, while a forest
 * generation (what region regeneration uses) gives each part its own tree. */
static void
test_split_mask (gconstpointer data)
{
  MazeAlgorithm algorithm = GPOINTER_TO_UINT (data);

  for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      g_autoptr(MazeGrid) grid = new_grid (shape, 9, 7);
      g_autoptr(GError) error = NULL;
      MazeGenerateOptions options;
      MazeRect all;

      if (!maze_algorithm_supports (algorithm, shape))
        continue;
      /* A column cuts the others in two, a ring the circular grid. */
      if (shape == MAZE_SHAPE_CIRCULAR)
        for (guint x = 0; x < maze_grid_row_length (grid, 3); x++)
          maze_grid_set_masked (grid, x, 3, TRUE);
      for (guint y = 0; y < grid->height && shape != MAZE_SHAPE_CIRCULAR; y++)
        maze_grid_set_masked (grid, 4, y, TRUE);

      maze_generate_options_init (&options);
      options.algorithm = algorithm;
      g_assert_false (maze_generate (grid, &options, &error));
      g_assert_error (error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED);

      for (guint64 seed = 0; seed < maze_test_seeds (50); seed++)
        {
          g_autoptr(GError) forest_error = NULL;
          MazeStopCheck stop;

          maze_stop_check_init (&stop, NULL, NULL);
          options.seed = seed;
          all = maze_grid_full_rect (grid);
          maze_grid_clear_passages (grid);
          g_assert_true (maze_generate_forest (grid, &all, &options, &stop, &forest_error));
          g_assert_no_error (forest_error);
          g_assert_true (maze_grid_validate (grid, &forest_error));
          g_assert_cmpuint (maze_grid_count_components (grid, NULL, TRUE), ==, 2);
          g_assert_cmpuint (maze_grid_count_passages (grid), ==, maze_grid_count_open (grid) - 2);
        }
    }
}

/* Carving into a sub-rectangle of an empty grid stays inside it and makes
 * one tree of it. */
static void
test_region_forest (gconstpointer data)
{
  MazeAlgorithm algorithm = GPOINTER_TO_UINT (data);
  static const MazeRect regions[] = {
    { 3, 2, 5, 4 }, { 0, 0, 1, 6 }, { 4, 5, 6, 1 }, { 9, 7, 1, 1 }, { 1, 1, 8, 6 },
  };

  for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
    for (guint i = 0; i < G_N_ELEMENTS (regions); i++)
      for (guint64 seed = 0; seed < maze_test_seeds (40); seed++)
        {
          g_autoptr(MazeGrid) grid = new_grid (shape, 10, 8);
          g_autoptr(GError) error = NULL;
          const MazeRect *r = &regions[i];
          MazeGenerateOptions options;
          MazeStopCheck stop;
          guint32 cells = maze_test_count_cells (grid, r);
          guint32 parts;

          if (!maze_algorithm_supports (algorithm, shape))
            continue;
          /* One tree per connected part: a column of triangles is in
           * pieces (two cells each), any other region is one part. */
          parts = maze_grid_count_components (grid, r, FALSE);
          g_assert_cmpuint (parts, ==, shape == MAZE_SHAPE_TRI && r->width == 1 ? (r->height + 1) / 2 : 1);
          maze_stop_check_init (&stop, NULL, NULL);
          maze_generate_options_init (&options);
          options.algorithm = algorithm;
          options.seed = seed;
          g_assert_true (maze_generate_forest (grid, r, &options, &stop, &error));
          g_assert_no_error (error);
          maze_test_assert_forest (grid, r, cells, parts);
        }
}

typedef struct
{
  guint carves;
  guint visits;
} EventCounts;

static void
count_event_cb (const MazeEvent *event,
                gpointer         user_data)
{
  EventCounts *counts = user_data;

  counts->carves += event->type == MAZE_EVENT_CARVE;
  counts->visits += event->type == MAZE_EVENT_VISIT;
}

static void
collect_event_cb (const MazeEvent *event,
                  gpointer         user_data)
{
  g_array_append_vals (user_data, event, 1);
}

static gboolean
same_wall (const MazeEvent *a,
           const MazeEvent *b)
{
  return a->cell == b->cell && a->other == b->other && a->dir == b->dir;
}

/* The generators' table tells how each one's events mark cells: no
 * visits means cells join with passages; a frontier of walls names the
 * cell behind each; backtracking to a neighbour means visits pushed the
 * cells on a stack. */
static void
assert_trace_traits (MazeAlgorithm  algorithm,
                     GArray        *events)
{
  MazeTraceTraits trace = maze_algorithm_get_info (algorithm)->trace;
  gboolean visits = FALSE, frontier_walls = FALSE, backtracks_to_neighbour = FALSE;

  for (guint i = 0; i < events->len; i++)
    {
      const MazeEvent *e = &g_array_index (events, MazeEvent, i);

      visits |= e->type == MAZE_EVENT_VISIT;
      frontier_walls |= e->type == MAZE_EVENT_FRONTIER_ADD && e->other != MAZE_NO_CELL;
      backtracks_to_neighbour |= e->type == MAZE_EVENT_BACKTRACK && e->dir >= 0;
    }
  g_assert_cmpint (!visits, ==, (trace & MAZE_TRACE_PASSAGE_JOINS) != 0);
  g_assert_cmpint (frontier_walls, ==, (trace & MAZE_TRACE_FRONTIER_OTHER) != 0);
  g_assert_cmpint (backtracks_to_neighbour, ==, (trace & MAZE_TRACE_VISIT_PUSHES) != 0);
}

/* Every generator says where its steps begin, so that whoever replays
 * its trace needs to know nothing about it: setup (if any) comes first,
 * then an event that begins a step; flags hold nothing else; the carve
 * a choice or a merge made belongs to that step. On a plain and on a
 * masked grid of each shape. */
static void
test_step_marks (gconstpointer data)
{
  MazeAlgorithm algorithm = GPOINTER_TO_UINT (data);

  for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
    for (guint masked = 0; masked < 2; masked++)
      {
        g_autoptr(MazeGrid) grid = new_grid (shape, 13, 9);
        g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (MazeEvent));
        MazeObserver observer = { collect_event_cb, events };
        MazeGenerateOptions options;
        guint first = 0, n_steps = 0;

        if (!maze_algorithm_supports (algorithm, shape))
          continue;
        if (masked)
          maze_test_mask_sparsely (grid, 0);
        maze_generate_options_init (&options);
        options.algorithm = algorithm;
        options.seed = 41 + masked;
        options.observer = &observer;
        g_assert_true (maze_generate (grid, &options, NULL));

        while (first < events->len && (g_array_index (events, MazeEvent, first).flags & MAZE_EVENT_SETUP))
          first++;
        g_assert_cmpuint (first, <, events->len);
        g_assert_cmpuint (g_array_index (events, MazeEvent, first).flags, ==, MAZE_EVENT_STEP);
        for (guint i = first; i < events->len; i++)
          {
            const MazeEvent *e = &g_array_index (events, MazeEvent, i);
            const MazeEvent *p = &g_array_index (events, MazeEvent, i - 1);

            g_assert_cmpuint (e->flags & ~MAZE_EVENT_STEP, ==, 0);
            n_steps += e->flags & MAZE_EVENT_STEP;
            if (i > first && e->type == MAZE_EVENT_CARVE &&
                (p->type == MAZE_EVENT_CHOOSE || p->type == MAZE_EVENT_MERGE) && same_wall (p, e))
              g_assert_cmpuint (e->flags, ==, 0);
          }
        g_assert_cmpuint (n_steps, >, 0);
        assert_trace_traits (algorithm, events);
      }
}

/* Watching does not change the maze, and every passage is reported. */
static void
test_observer (gconstpointer data)
{
  MazeAlgorithm algorithm = GPOINTER_TO_UINT (data);

  for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      g_autoptr(MazeGrid) plain = new_grid (shape, 21, 13);
      g_autoptr(MazeGrid) watched = new_grid (shape, 21, 13);
      EventCounts counts = { 0 };
      MazeObserver observer = { count_event_cb, &counts };
      MazeGenerateOptions options;

      if (!maze_algorithm_supports (algorithm, shape))
        continue;
      maze_generate_options_init (&options);
      options.algorithm = algorithm;
      options.seed = 99;
      g_assert_true (maze_generate (plain, &options, NULL));
      options.observer = &observer;
      g_assert_true (maze_generate (watched, &options, NULL));
      g_assert_true (maze_grid_equal (plain, watched));
      if (algorithm != MAZE_ALGORITHM_RECURSIVE_DIVISION)
        g_assert_cmpuint (counts.carves, ==, maze_grid_count_passages (watched));
      g_assert_cmpuint (counts.carves + counts.visits, >, 0);
    }
}

/* The backtracker has two walks that must make the same maze: the
 * observed one, and a fast one for unobserved rectangular grids that
 * remembers at most one branch cell per 8 to 16 cells and steps back by
 * parent directions once it has forgotten some. Mazes this size make it
 * forget (it holds 4,096 at 300x200 and needs over 10,000), which the
 * small grids above never do. */
static void
test_backtracker_walks_agree (void)
{
  static const guint64 seeds[] = { 1, 2, 2026 };
  MazeObserver observer = { count_event_cb, &(EventCounts) { 0 } };
  MazeGenerateOptions options;

  maze_generate_options_init (&options);
  options.algorithm = MAZE_ALGORITHM_BACKTRACKER;
  for (guint i = 0; i < G_N_ELEMENTS (seeds); i++)
    for (guint masked = 0; masked < 2; masked++)
      {
        g_autoptr(MazeGrid) fast = new_grid (MAZE_SHAPE_RECT, 300, 200);
        g_autoptr(MazeGrid) watched = new_grid (MAZE_SHAPE_RECT, 300, 200);
        MazeRect region = { 37, 21, 150, 120 };

        /* Blocks taken out, all joined around: still one part. */
        for (guint y = 0; masked && y < 200; y++)
          for (guint x = 0; x < 300; x++)
            if (x % 23 > 2 && x % 23 < 9 && y % 17 > 4 && y % 17 < 11)
              {
                maze_grid_set_masked (fast, x, y, TRUE);
                maze_grid_set_masked (watched, x, y, TRUE);
              }
        options.seed = seeds[i];
        options.observer = NULL;
        g_assert_true (maze_generate (fast, &options, NULL));
        options.observer = &observer;
        g_assert_true (maze_generate (watched, &options, NULL));
        g_assert_true (maze_grid_equal (fast, watched));

        /* And inside a region of a maze. */
        options.seed = seeds[i] + 1000;
        options.observer = NULL;
        g_assert_true (maze_regenerate_region (fast, &region, NULL, &options, NULL));
        options.observer = &observer;
        g_assert_true (maze_regenerate_region (watched, &region, NULL, &options, NULL));
        g_assert_true (maze_grid_equal (fast, watched));
      }
}

/* And on the circular grid: a fast walk for the whole grid unobserved,
 * which works out each cell's neighbours from the ring table itself, and
 * the observed one, which asks maze_grid_step(). Rings around a room of
 * 3 to 9 cells (every kind of split), masked or not. */
static void
test_backtracker_polar_walks_agree (void)
{
  MazeObserver observer = { count_event_cb, &(EventCounts) { 0 } };
  MazeGenerateOptions options;

  maze_generate_options_init (&options);
  options.algorithm = MAZE_ALGORITHM_BACKTRACKER;
  for (guint first = 3; first <= 9; first += 3)
    for (guint masked = 0; masked < 2; masked++)
      {
        g_autoptr(MazeGrid) fast = new_grid (MAZE_SHAPE_CIRCULAR, first, 90);
        g_autoptr(MazeGrid) watched = new_grid (MAZE_SHAPE_CIRCULAR, first, 90);

        if (masked)
          {
            maze_test_mask_sparsely (fast, 0);
            maze_test_mask_sparsely (watched, 0);
          }
        options.seed = first * 10 + masked;
        options.observer = NULL;
        g_assert_true (maze_generate (fast, &options, NULL));
        options.observer = &observer;
        g_assert_true (maze_generate (watched, &options, NULL));
        g_assert_true (maze_grid_equal (fast, watched));
      }
}

static void
test_unsupported (void)
{
  g_autoptr(MazeGrid) grid = new_grid (MAZE_SHAPE_HEX, 5, 5);
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;

  maze_generate_options_init (&options);
  options.algorithm = MAZE_ALGORITHM_BINARY_TREE;
  g_assert_false (maze_generate (grid, &options, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "binary-tree"));
  g_assert_nonnull (strstr (error->message, "hex"));
}

static void
test_all_masked (void)
{
  g_autoptr(MazeGrid) grid = new_grid (MAZE_SHAPE_RECT, 2, 2);
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;

  for (guint y = 0; y < 2; y++)
    for (guint x = 0; x < 2; x++)
      maze_grid_set_masked (grid, x, y, TRUE);
  maze_generate_options_init (&options);
  g_assert_false (maze_generate (grid, &options, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED);
}

static void
test_names (void)
{
  for (guint i = 0; i < MAZE_N_ALGORITHMS; i++)
    {
      const MazeAlgorithmInfo *info = maze_algorithm_get_info (i);
      MazeAlgorithm parsed;

      g_assert_cmpuint (info->algorithm, ==, i);
      g_assert_true (maze_algorithm_from_string (info->name, &parsed));
      g_assert_cmpuint (parsed, ==, i);
      g_assert_true (maze_algorithm_supports (i, MAZE_SHAPE_RECT));
    }
  g_assert_false (maze_algorithm_from_string ("nope", &(MazeAlgorithm) { 0 }));
}

/* Golden hashes: the output of each generator for a fixed seed, on a
 * 32x24 grid. They were recorded once the generators were reviewed; a
 * change here changes every maze a seed makes (bump
 * MAZE_GENERATOR_VERSION and say so in the commit). */
static const struct
{
  MazeAlgorithm algorithm;
  MazeShape     shape;
  guint64       hash;
} golden[] = {
#include "golden-hashes.inc"
};

static void
test_golden (void)
{
  guint checked = 0;

  for (guint i = 0; i < G_N_ELEMENTS (golden); i++)
    {
      g_autoptr(MazeGrid) grid = new_grid (golden[i].shape, 32, 24);

      generate_ok (grid, golden[i].algorithm, 20261122);
      if (maze_grid_hash (grid) != golden[i].hash)
        g_error ("%s on %s: hash %016" G_GINT64_MODIFIER "x, expected %016" G_GINT64_MODIFIER "x",
                 maze_algorithm_get_info (golden[i].algorithm)->name,
                 maze_shape_to_string (golden[i].shape), maze_grid_hash (grid), golden[i].hash);
      checked++;
    }
  /* Every supported algorithm and shape pair is pinned. */
  /* Three shapes, but the binary tree only on rect; on the circular
   * grid all but the row-based ones and recursive division. */
  g_assert_cmpuint (checked, ==, 3 * MAZE_N_ALGORITHMS - 2 + MAZE_N_ALGORITHMS - 4);
}

typedef struct
{
  GArray *fractions;
  guint   stop_at;   /* the call that says stop, or G_MAXUINT */
} ProgressLog;

static gboolean
log_progress_cb (double   fraction,
                 gpointer user_data)
{
  ProgressLog *log = user_data;

  g_array_append_val (log->fractions, fraction);
  return log->fractions->len - 1 != log->stop_at;
}

/* maze_puzzle_generate() tells its progress from 0 to 1, rising, without
 * changing the puzzle; told to stop, it stops at once with
 * MAZE_ERROR_CANCELLED. */
static void
test_puzzle_progress (void)
{
  for (guint32 braid = 0; braid <= MAZE_BRAID_ONE / 2; braid += MAZE_BRAID_ONE / 2)
    {
      g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
      ProgressLog log = { fractions, G_MAXUINT };
      g_autoptr(MazePuzzle) plain = NULL;
      g_autoptr(MazePuzzle) watched = NULL;
      MazeGenerateOptions options;
      guint n_calls;

      maze_generate_options_init (&options);
      options.seed = 12;
      plain = maze_puzzle_generate (MAZE_SHAPE_HEX, 19, 15, &options, braid,
                                    MAZE_ENDPOINTS_FARTHEST, NULL);
      options.progress = log_progress_cb;
      options.progress_data = &log;
      watched = maze_puzzle_generate (MAZE_SHAPE_HEX, 19, 15, &options, braid,
                                      MAZE_ENDPOINTS_FARTHEST, NULL);
      g_assert_nonnull (watched);
      g_assert_true (maze_grid_equal (plain->grid, watched->grid));
      g_assert_cmpuint (plain->start, ==, watched->start);
      g_assert_cmpuint (plain->end, ==, watched->end);

      n_calls = fractions->len;
      g_assert_cmpuint (n_calls, ==, braid > 0 ? 4 : 3);
      g_assert_cmpfloat (g_array_index (fractions, double, 0), ==, 0);
      g_assert_cmpfloat (g_array_index (fractions, double, n_calls - 1), ==, 1);
      for (guint i = 1; i < n_calls; i++)
        g_assert_cmpfloat (g_array_index (fractions, double, i), >, g_array_index (fractions, double, i - 1));

      for (guint stop = 0; stop < n_calls; stop++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(MazePuzzle) stopped = NULL;

          g_array_set_size (fractions, 0);
          log.stop_at = stop;
          stopped = maze_puzzle_generate (MAZE_SHAPE_HEX, 19, 15, &options, braid,
                                          MAZE_ENDPOINTS_FARTHEST, &error);
          g_assert_null (stopped);
          g_assert_error (error, MAZE_ERROR, MAZE_ERROR_CANCELLED);
          g_assert_cmpuint (fractions->len, ==, stop + 1);
        }
    }
}

/* Stopping */

/* Says stop at its n-th question (never with n 0), counting them. */
typedef struct
{
  guint asked;
  guint stop_at;
} StopAt;

static gboolean
stop_at_cb (gpointer user_data)
{
  StopAt *stop = user_data;

  return ++stop->asked == stop->stop_at;
}

static void
count_events_cb (const MazeEvent *event,
                 gpointer         user_data)
{
  (*(guint64 *) user_data)++;
}

/* A winding corridor: `width` rows open, then a wall row open in one
 * cell only, at the right end and the left end in turns. */
static void
mask_corridor (MazeGrid *grid,
               guint     width)
{
  for (guint y = width, turn = 0; y < grid->height; y += width + 1, turn++)
    for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
      maze_grid_set_masked (grid, x, y,
                            x != (turn % 2 == 0 ? maze_grid_row_length (grid, y) - 1 : 0));
}

/* Every generator, on each shape, watched or not (the fast paths), on a
 * plain grid and one cut into corridors twelve rows wide (the forest
 * join of the row generators): asked at least once every
 * MAZE_STOP_INTERVAL open cells, and told to stop at the first or second
 * question it ends there, asking no more, with MAZE_ERROR_CANCELLED and
 * a grid without passages or scratch bits, its mask kept. Under
 * valgrind half the rows, still asked more than twice. */
static void
test_stop (gconstpointer data)
{
  MazeAlgorithm algorithm = GPOINTER_TO_UINT (data);
  guint height = maze_test_under_valgrind () ? 75 : 150;

  for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
    for (guint corridor = 0; corridor < 2; corridor++)
      for (guint watched = 0; watched < 2; watched++)
        {
          g_autoptr(MazeGrid) grid = new_grid (shape, 200, height);
          guint64 n_events = 0;
          MazeObserver observer = { count_events_cb, &n_events };
          MazeGenerateOptions options;
          StopAt never = { 0, 0 };
          guint32 n_open;

          /* The corridor mask splits a triangle grid (its rows link
           * through every other cell only): rect and hex. */
          if (!maze_algorithm_supports (algorithm, shape) || (corridor && shape == MAZE_SHAPE_TRI))
            continue;
          if (corridor)
            mask_corridor (grid, 12);
          n_open = maze_grid_count_open (grid);
          maze_generate_options_init (&options);
          options.algorithm = algorithm;
          options.seed = 77;
          options.observer = watched ? &observer : NULL;
          options.stop = stop_at_cb;
          options.stop_data = &never;
          g_assert_true (maze_generate (grid, &options, NULL));
          g_assert_cmpuint (never.asked, >=, n_open / MAZE_STOP_INTERVAL - 1);

          for (guint stop_at = 1; stop_at <= 2; stop_at++)
            {
              g_autoptr(GError) error = NULL;
              StopAt stop = { 0, stop_at };

              options.stop_data = &stop;
              g_assert_false (maze_generate (grid, &options, &error));
              g_assert_error (error, MAZE_ERROR, MAZE_ERROR_CANCELLED);
              g_assert_cmpuint (stop.asked, ==, stop_at);
              for (guint32 i = 0; i < grid->n_cells; i++)
                g_assert_cmpuint (grid->cells[i] & ~MAZE_CELL_MASKED, ==, 0);
              g_assert_cmpuint (maze_grid_count_open (grid), ==, n_open);
            }
        }
}

/* A one-cell-wide winding corridor of 200 × 201 cells (20,100 open) used
 * to take Aldous-Broder about n^2 = 4 * 10^8 steps and Wilson's a third
 * of that; every generator now makes its one perfect maze within 2^25
 * steps (events, counted, not timed). Under valgrind 40 × 41 cells,
 * within the walks' budget (test_walk_fallback() spends it). */
static void
test_corridor (gconstpointer data)
{
  MazeAlgorithm algorithm = GPOINTER_TO_UINT (data);
  guint side = maze_test_under_valgrind () ? 40 : 200;

  for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      g_autoptr(MazeGrid) grid = new_grid (shape, side, side + 1);
      g_autoptr(GError) error = NULL;
      guint64 n_events = 0;
      MazeObserver observer = { count_events_cb, &n_events };
      MazeGenerateOptions options;

      /* The corridor mask splits a triangle grid: rect and hex. */
      if (!maze_algorithm_supports (algorithm, shape) || shape == MAZE_SHAPE_TRI)
        continue;
      mask_corridor (grid, 1);
      maze_generate_options_init (&options);
      options.algorithm = algorithm;
      options.seed = 2026;
      options.observer = &observer;
      g_assert_true (maze_generate (grid, &options, &error));
      g_assert_no_error (error);
      g_assert_true (maze_grid_check_perfect (grid, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (n_events, <, G_GUINT64_CONSTANT (1) << 25);
    }
}

static void
count_joins_cb (const MazeEvent *event,
                gpointer         user_data)
{
  /* The walks carve in the step of a visit; only the join begins one. */
  *(guint64 *) user_data += event->type == MAZE_EVENT_CARVE && (event->flags & MAZE_EVENT_STEP);
}

/* Carves a three-cell-wide corridor (more than one tree fits) with a
 * random walk algorithm; returns how many passages a step joined
 * afterwards (the forest join of the fallback). */
static guint64
carve_wide_corridor (MazeGrid      *grid,
                     MazeAlgorithm  algorithm,
                     guint64        seed,
                     gboolean       watched)
{
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;
  guint64 joins = 0;
  MazeObserver observer = { count_joins_cb, &joins };

  maze_generate_options_init (&options);
  options.algorithm = algorithm;
  options.seed = seed;
  options.observer = watched ? &observer : NULL;
  g_assert_true (maze_generate (grid, &options, &error));
  g_assert_no_error (error);
  g_assert_true (maze_grid_check_perfect (grid, &error));
  g_assert_no_error (error);
  return joins;
}

/* The walks' fallback once their budget is spent (a 3-wide corridor of
 * 300 × 299 cells needs far more than 2^24 steps): taken (a forest joined
 * afterwards), perfect, and the same maze for the same seed, watched or
 * not; another seed makes another. */
static void
test_walk_fallback (void)
{
  static const MazeAlgorithm walks[] = { MAZE_ALGORITHM_WILSON, MAZE_ALGORITHM_ALDOUS_BRODER };

  for (guint i = 0; i < G_N_ELEMENTS (walks); i++)
    {
      g_autoptr(MazeGrid) a = new_grid (MAZE_SHAPE_RECT, 300, 299);
      g_autoptr(MazeGrid) b = NULL;
      g_autoptr(MazeGrid) c = NULL;

      mask_corridor (a, 3);
      b = maze_grid_copy (a);
      c = maze_grid_copy (a);
      /* Under valgrind, where a fallback (2^24 steps) takes a minute,
       * one a walk, watched and plain in turns: their memory checked. */
      if (maze_test_under_valgrind ())
        {
          carve_wide_corridor (a, walks[i], 9, i == 0);
          continue;
        }
      g_assert_cmpuint (carve_wide_corridor (a, walks[i], 9, TRUE), >, 0);
      carve_wide_corridor (b, walks[i], 9, FALSE);
      carve_wide_corridor (c, walks[i], 10, FALSE);
      g_assert_true (maze_grid_equal (a, b));
      g_assert_false (maze_grid_equal (a, c));
    }
}

static gboolean
flood_stop_now (gpointer user_data)
{
  guint *asked = user_data;

  (*asked)++;
  return TRUE;
}

/* The connectivity check floods the whole maze: it asks the stop
 * function as it goes, and a generation on a masked grid stops in it. */
static void
test_flood_stop (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 200, 150, &error);
  MazeGenerateOptions options;
  MazeStopCheck stop;
  guint asked = 0;

  maze_grid_set_masked (grid, 0, 0, TRUE);
  maze_stop_check_init (&stop, flood_stop_now, &asked);
  g_assert_cmpuint (maze_grid_count_components_checked (grid, NULL, FALSE, &stop), ==, MAZE_NO_CELL);
  g_assert_cmpuint (asked, ==, 1);
  g_assert_cmpuint (maze_grid_count_components_checked (grid, NULL, FALSE, NULL), ==, 1);

  maze_generate_options_init (&options);
  options.stop = flood_stop_now;
  options.stop_data = &asked;
  g_assert_false (maze_generate (grid, &options, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_CANCELLED);
  g_assert_cmpuint (asked, ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < MAZE_N_ALGORITHMS; i++)
    {
      const char *name = maze_algorithm_get_info (i)->name;
      g_autofree char *perfect = g_strdup_printf ("/maze/generate/%s/perfect", name);
      g_autofree char *deterministic = g_strdup_printf ("/maze/generate/%s/deterministic", name);
      g_autofree char *split = g_strdup_printf ("/maze/generate/%s/split-mask", name);
      g_autofree char *region = g_strdup_printf ("/maze/generate/%s/region", name);
      g_autofree char *observer = g_strdup_printf ("/maze/generate/%s/observer", name);
      g_autofree char *step_marks = g_strdup_printf ("/maze/generate/%s/step-marks", name);
      g_autofree char *stop = g_strdup_printf ("/maze/generate/%s/stop", name);
      g_autofree char *corridor = g_strdup_printf ("/maze/generate/%s/corridor", name);

      g_test_add_data_func (perfect, GUINT_TO_POINTER (i), test_perfect);
      g_test_add_data_func (deterministic, GUINT_TO_POINTER (i), test_deterministic);
      g_test_add_data_func (split, GUINT_TO_POINTER (i), test_split_mask);
      g_test_add_data_func (region, GUINT_TO_POINTER (i), test_region_forest);
      g_test_add_data_func (observer, GUINT_TO_POINTER (i), test_observer);
      g_test_add_data_func (step_marks, GUINT_TO_POINTER (i), test_step_marks);
      g_test_add_data_func (stop, GUINT_TO_POINTER (i), test_stop);
      g_test_add_data_func (corridor, GUINT_TO_POINTER (i), test_corridor);
    }
  g_test_add_func ("/maze/generate/backtracker/walks-agree", test_backtracker_walks_agree);
  g_test_add_func ("/maze/generate/backtracker/polar-walks-agree",
                   test_backtracker_polar_walks_agree);
  g_test_add_func ("/maze/generate/unsupported", test_unsupported);
  g_test_add_func ("/maze/generate/flood-stop", test_flood_stop);
  g_test_add_func ("/maze/generate/all-masked", test_all_masked);
  g_test_add_func ("/maze/generate/names", test_names);
  g_test_add_func ("/maze/generate/golden", test_golden);
  g_test_add_func ("/maze/generate/puzzle-progress", test_puzzle_progress);
  g_test_add_func ("/maze/generate/walk-fallback", test_walk_fallback);
  return g_test_run ();
}
