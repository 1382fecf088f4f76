/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "maze-core.h"
#include "maze-test-util.h"

/* The difficulty score (maze-difficulty.c): its scale and levels worked
 * out by hand, its figures against a plain reimplementation on many
 * generated mazes, and the orders people agree on: a bigger maze of the
 * same kind is harder, few long dead ends (backtracker) are harder than
 * many short ones (Prim's), loops make a maze easier, and one recipe's
 * scores over many seeds stay within a level's width. */

/* Helpers */

typedef struct
{
  MazeShape     shape;
  const char   *algorithm;
  guint         side;
  guint32       braid;     /* MAZE_BRAID_ONE is 1 */
} Recipe;

static MazeGrid *
new_maze (const Recipe *recipe,
          guint64       seed)
{
  MazeAlgorithm algorithm;
  MazeGrid *grid;

  g_assert_true (maze_algorithm_from_string (recipe->algorithm, &algorithm));
  /* A circular maze of side rings, around a first ring as the levels'. */
  grid = maze_test_new_maze (recipe->shape,
                             recipe->shape == MAZE_SHAPE_CIRCULAR ? MAZE_POLAR_DEFAULT_FIRST
                                                                  : recipe->side,
                             recipe->side, algorithm, seed);
  if (recipe->braid > 0)
    maze_braid (grid, recipe->braid, seed, NULL);
  return grid;
}

static MazeMetrics
corner_metrics (const MazeGrid *grid)
{
  g_autoptr(GError) error = NULL;
  guint32 start, end;
  MazeMetrics m;

  g_assert_true (maze_endpoints_choose (grid, MAZE_ENDPOINTS_CORNERS, &start, &end, &error));
  g_assert_true (maze_metrics_compute (grid, start, end, &m, &error));
  g_assert_no_error (error);
  return m;
}

static guint32
recipe_score (const Recipe *recipe,
              guint64       seed)
{
  g_autoptr(MazeGrid) grid = new_maze (recipe, seed);

  return corner_metrics (grid).difficulty;
}

static int
compare_scores (const void *a,
                const void *b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;

  return (x > y) - (x < y);
}

/* The scores of seeds 1..n, sorted. */
static guint32 *
sorted_scores (const Recipe *recipe,
               guint         n)
{
  guint32 *scores = g_new (guint32, n);

  for (guint i = 0; i < n; i++)
    scores[i] = recipe_score (recipe, i + 1);
  qsort (scores, n, sizeof *scores, compare_scores);
  return scores;
}

static const char *
shape_name (MazeShape shape)
{
  return maze_shape_to_string (shape);
}

/* The scale, by hand */

/* A corridor of n cells, end to end: no turn, no way off, so the work is
 * n and the score 10 log2 n - 35. */
static guint32
corridor_score (MazeShape shape,
                guint     n)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (shape, n, 1);
  gint east = maze_topology_dir_from_name (grid->topology, "E");
  g_autoptr(GError) error = NULL;
  MazeMetrics m;

  for (guint x = 0; x + 1 < n; x++)
    maze_grid_set_passage (grid, x, 0, (guint) east, TRUE);
  g_assert_true (maze_metrics_compute (grid, 0, n - 1, &m, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (m.work, ==, n);
  g_assert_cmpuint (m.level, ==, maze_level_from_score (m.difficulty));
  return m.difficulty;
}

static void
test_scale (void)
{
  for (guint shape = 0; shape < MAZE_TEST_N_ROW_SHAPES; shape++)
    {
      /* 10 log2 11 = 34.59: below 35, 0. 10 log2 12 = 35.85 -> 1. */
      g_assert_cmpuint (corridor_score (shape, 11), ==, 0);
      g_assert_cmpuint (corridor_score (shape, 12), ==, 1);
      /* Exact powers of two: ten points a doubling. */
      g_assert_cmpuint (corridor_score (shape, 64), ==, 25);
      g_assert_cmpuint (corridor_score (shape, 128), ==, 35);
      g_assert_cmpuint (corridor_score (shape, 256), ==, 45);
      /* 10 log2 90 = 64.92 -> 29.92, rounded up; 10 log2 91 = 65.08. */
      g_assert_cmpuint (corridor_score (shape, 90), ==, 30);
      /* 10 log2 11585 = 134.99995... -> 99.99995, rounds to 100; and
       * beyond, clamped. */
      g_assert_cmpuint (corridor_score (shape, 11585), ==, 100);
      g_assert_cmpuint (corridor_score (shape, 20000), ==, 100);
    }
}

/* The bands follow each other from 0 to 100, 20 points each, and the
 * score maps into them. */
static void
test_levels (void)
{
  static const struct { guint32 score; MazeLevel level; } cases[] = {
    { 0, MAZE_LEVEL_VERY_EASY }, { 19, MAZE_LEVEL_VERY_EASY },
    { 20, MAZE_LEVEL_EASY }, { 39, MAZE_LEVEL_EASY },
    { 40, MAZE_LEVEL_MEDIUM }, { 59, MAZE_LEVEL_MEDIUM },
    { 60, MAZE_LEVEL_HARD }, { 79, MAZE_LEVEL_HARD },
    { 80, MAZE_LEVEL_EXPERT }, { 100, MAZE_LEVEL_EXPERT },
  };
  guint32 next_min = 0;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpint (maze_level_from_score (cases[i].score), ==, cases[i].level);
  for (guint l = 1; l <= MAZE_N_LEVELS; l++)
    {
      const MazeLevelInfo *info = maze_level_get_info (l);
      MazeLevel parsed;

      g_assert_cmpint (info->level, ==, l);
      g_assert_cmpuint (info->min_score, ==, next_min);
      g_assert_cmpuint (info->max_score, ==, l == MAZE_N_LEVELS ? 100 : next_min + MAZE_LEVEL_BAND - 1);
      g_assert_cmpint (maze_level_from_score (info->min_score), ==, l);
      g_assert_cmpint (maze_level_from_score (info->max_score), ==, l);
      next_min = info->max_score + 1;
      g_assert_true (maze_level_from_string (info->name, &parsed));
      g_assert_cmpint (parsed, ==, l);
      g_assert_cmpstr (maze_level_get_title (l), ==, info->title);
      for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
        g_assert_true (maze_algorithm_supports (info->algorithm, shape));
    }
  g_assert_cmpuint (next_min, ==, 101);
  g_assert_cmpstr (maze_level_get_title (MAZE_LEVEL_VERY_EASY), ==, "Very easy");
  g_assert_false (maze_level_from_string ("impossible", &(MazeLevel) { 0 }));
}

/* The distributions over a hundred seeds and more run the code a few
 * seeds run (the other tests), for minutes under valgrind: there they
 * are left to the normal and ASan runs. */
static gboolean
skip_distribution_under_valgrind (void)
{
  if (!maze_test_under_valgrind ())
    return FALSE;
  g_test_skip ("a distribution over many seeds: left to the runs without valgrind");
  return TRUE;
}

/* The level's maze from seed on shape, around a centre cell when
 * centre, as a pack makes it before it is scored. */
static MazeGrid *
new_level_maze (const MazeLevelInfo *info,
                MazeShape            shape,
                gboolean             centre,
                guint64              seed)
{
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;
  guint width, height;
  MazeGrid *grid;

  g_assert_true (maze_level_get_grid_size (info, shape, centre, 0, &width, &height));
  grid = maze_grid_new_rings (shape, width, height, centre, &error);
  g_assert_no_error (error);
  maze_generate_options_init (&options);
  options.algorithm = info->algorithm;
  options.seed = seed;
  g_assert_true (maze_generate (grid, &options, &error));
  g_assert_no_error (error);
  if (info->braid > 0)
    maze_braid (grid, info->braid, seed, NULL);
  return grid;
}

/* Each level's recipe makes mazes of its level: over 200 seeds, on every
 * shape and on rings around a centre cell (the last kind), the middle
 * 90 % of the scores lie inside the band; on rings, whose rings were
 * measured so (maze-level.c), the median lies within 5 of its middle. */
static void
test_recipes (void)
{
  if (skip_distribution_under_valgrind ())
    return;
  for (guint l = 1; l <= MAZE_N_LEVELS; l++)
    for (guint kind = 0; kind <= MAZE_N_SHAPES; kind++)
      {
        const MazeLevelInfo *info = maze_level_get_info (l);
        gboolean centre = kind == MAZE_N_SHAPES;
        MazeShape shape = centre ? MAZE_SHAPE_CIRCULAR : (MazeShape) kind;
        guint32 scores[200];

        for (guint i = 0; i < G_N_ELEMENTS (scores); i++)
          {
            g_autoptr(MazeGrid) grid = new_level_maze (info, shape, centre, i + 1);
            g_autoptr(GError) error = NULL;
            guint32 start, end;
            MazeMetrics m;

            g_assert_true (maze_endpoints_choose (grid, info->endpoints, &start, &end, &error));
            g_assert_true (maze_metrics_compute (grid, start, end, &m, &error));
            scores[i] = m.difficulty;
          }
        qsort (scores, G_N_ELEMENTS (scores), sizeof *scores, compare_scores);
        g_test_message ("%s on %s%s: min %u, 5%% %u, median %u, 95%% %u, max %u", info->name,
                        shape_name (shape), centre ? " round a centre cell" : "", scores[0],
                        scores[10], scores[100], scores[189], scores[199]);
        g_assert_cmpuint (scores[10], >=, info->min_score);
        g_assert_cmpuint (scores[189], <=, info->max_score);
        /* The median within 5 of the band's middle, on every shape: a
         * level means the same whichever shape it is drawn on. */
        g_assert_cmpint (ABS ((gint) (2 * scores[100]) - (gint) (info->min_score + info->max_score)),
                         <=, 10);
      }
}

/* Mud: a ring of six cells, start (0,0), end (2,0). Without mud the
 * solution is the top row, 3 cells: a way at the start leads into the
 * bottom row, a loop back to the end; (1,1) is 2 steps from the
 * solution (no passage up), so it is 2 deep. work = 3 + 0 turns + 2 = 5.
 *
 *   (0,0) (1,0) (2,0)
 *   (0,1) (1,1) (2,1)
 *
 * With mud of weight 9 on (1,0) the cheapest route goes round below:
 * (0,0) (0,1) (1,1) (2,1) (2,0), cost 4, moves S E E N: 2 turns; (1,0)
 * is the loop now, 1 deep. work = 4 + 1 + 2 + 1 = 8. Mud on the
 * solution itself counts by its weight: on (1,1) and (2,1) weight 2 the
 * route is still below (cost 6, against 10 above), work = 10. */
static void
test_mud (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_RECT, 3, 2);
  g_autoptr(GError) error = NULL;
  const char *ring[][3] = { { "0", "0", "E" }, { "1", "0", "E" }, { "2", "0", "S" },
                            { "0", "0", "S" }, { "0", "1", "E" }, { "1", "1", "E" } };
  MazeMetrics m;

  for (guint i = 0; i < G_N_ELEMENTS (ring); i++)
    maze_grid_set_passage (grid, (guint) atoi (ring[i][0]), (guint) atoi (ring[i][1]),
                           (guint) maze_topology_dir_from_name (grid->topology, ring[i][2]), TRUE);

  g_assert_true (maze_metrics_compute (grid, 0, 2, &m, &error));
  g_assert_cmpuint (m.solution_length, ==, 3);
  g_assert_cmpuint (m.deepest_branch, ==, 2);
  g_assert_cmpuint (m.work, ==, 5);
  g_assert_cmpuint (m.decisions, ==, 1);

  maze_grid_set_weight (grid, 1, 9);
  g_assert_true (maze_metrics_compute (grid, 0, 2, &m, &error));
  g_assert_cmpuint (m.solution_length, ==, 5);
  g_assert_cmpuint (m.turns, ==, 2);
  g_assert_cmpuint (m.deepest_branch, ==, 1);
  g_assert_cmpuint (m.work, ==, 8);

  maze_grid_set_weight (grid, 4, 2);
  maze_grid_set_weight (grid, 5, 2);
  g_assert_true (maze_metrics_compute (grid, 0, 2, &m, &error));
  g_assert_cmpuint (m.solution_length, ==, 5);
  g_assert_cmpuint (m.work, ==, 10);
  g_assert_no_error (error);
}

/* Against a plain reimplementation */

typedef struct
{
  guint32 turns;
  guint32 decisions;
  guint32 dead_ends;
  guint32 loops;
  guint32 deepest;
  guint64 work;
} Expected;

static guint
neighbours_by_hand (const MazeGrid *grid,
                    guint32         cell,
                    guint32         next[MAZE_MAX_DIRS],
                    guint           dirs[MAZE_MAX_DIRS])
{
  guint x, y, n = 0;

  maze_grid_xy (grid, cell, &x, &y);
  for (guint d = 0; d < grid->topology->n_dirs; d++)
    {
      guint nx, ny;

      if (maze_grid_has_passage (grid, x, y, d) && maze_grid_step (grid, x, y, d, &nx, &ny) &&
          maze_grid_is_open (grid, nx, ny))
        {
          dirs[n] = d;
          next[n++] = maze_grid_index (grid, nx, ny);
        }
    }
  return n;
}

/* Every off-solution cell's distance to the solution, by one breadth-
 * first sweep from all solution cells; regions by labelling; then each
 * region's depth, ways in and whether a non-end solution cell reaches
 * it, straight from the definitions. */
static Expected
expected_by_hand (const MazeGrid     *grid,
                  const MazeSolution *solution)
{
  g_autofree guint32 *dist = g_new (guint32, grid->n_cells);
  g_autofree guint32 *label = g_new (guint32, grid->n_cells);
  g_autofree gint32 *path_index = g_new (gint32, grid->n_cells);
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) depth = g_array_new (FALSE, TRUE, sizeof (guint32));
  g_autoptr(GArray) ways = g_array_new (FALSE, TRUE, sizeof (guint32));
  g_autoptr(GArray) entered = g_array_new (FALSE, TRUE, sizeof (gboolean));
  guint32 end = solution->path[solution->path_len - 1];
  Expected e = { 0, };
  guint last_dir = G_MAXUINT;

  for (guint32 c = 0; c < grid->n_cells; c++)
    {
      dist[c] = G_MAXUINT32;
      label[c] = G_MAXUINT32;
      path_index[c] = -1;
    }
  for (guint32 i = 0; i < solution->path_len; i++)
    {
      path_index[solution->path[i]] = (gint32) i;
      dist[solution->path[i]] = 0;
      g_array_append_val (queue, solution->path[i]);
    }
  for (guint head = 0; head < queue->len; head++)
    {
      guint32 cell = g_array_index (queue, guint32, head), next[MAZE_MAX_DIRS];
      guint dirs[MAZE_MAX_DIRS];
      guint n = neighbours_by_hand (grid, cell, next, dirs);

      for (guint k = 0; k < n; k++)
        if (dist[next[k]] == G_MAXUINT32)
          {
            dist[next[k]] = dist[cell] + 1;
            g_array_append_val (queue, next[k]);
          }
    }

  /* Regions: flood fill over cells off the solution. */
  for (guint32 c = 0; c < grid->n_cells; c++)
    {
      guint32 region = depth->len, zero = 0;
      gboolean no = FALSE;

      if (path_index[c] >= 0 || dist[c] == G_MAXUINT32 || label[c] != G_MAXUINT32)
        continue;
      g_array_append_val (depth, zero);
      g_array_append_val (ways, zero);
      g_array_append_val (entered, no);
      g_array_set_size (queue, 0);
      label[c] = region;
      g_array_append_val (queue, c);
      for (guint head = 0; head < queue->len; head++)
        {
          guint32 cell = g_array_index (queue, guint32, head), next[MAZE_MAX_DIRS];
          guint dirs[MAZE_MAX_DIRS];
          guint n = neighbours_by_hand (grid, cell, next, dirs);

          g_array_index (depth, guint32, region) = MAX (g_array_index (depth, guint32, region),
                                                        dist[cell]);
          for (guint k = 0; k < n; k++)
            {
              if (path_index[next[k]] >= 0)
                {
                  g_array_index (ways, guint32, region)++;
                  if (next[k] != end)
                    g_array_index (entered, gboolean, region) = TRUE;
                }
              else if (label[next[k]] == G_MAXUINT32)
                {
                  label[next[k]] = region;
                  g_array_append_val (queue, next[k]);
                }
            }
        }
    }
  for (guint r = 0; r < depth->len; r++)
    {
      if (!g_array_index (entered, gboolean, r))
        continue;
      if (g_array_index (ways, guint32, r) > 1)
        e.loops++;
      else
        e.dead_ends++;
      e.deepest = MAX (e.deepest, g_array_index (depth, guint32, r));
      e.work += g_array_index (depth, guint32, r);
    }

  for (guint32 i = 0; i < solution->path_len; i++)
    {
      guint32 next[MAZE_MAX_DIRS];
      guint dirs[MAZE_MAX_DIRS];
      guint n = neighbours_by_hand (grid, solution->path[i], next, dirs);
      gboolean decision = FALSE;

      for (guint k = 0; k < n; k++)
        {
          if (i + 1 < solution->path_len && next[k] == solution->path[i + 1])
            {
              if (i > 0 && dirs[k] != last_dir)
                e.turns++;
              last_dir = dirs[k];
            }
          else if (i == 0 || next[k] != solution->path[i - 1])
            decision = TRUE;
        }
      if (i + 1 < solution->path_len)
        e.decisions += decision;
    }
  e.work += solution->cost + 1 + e.turns;
  return e;
}

static void
check_by_hand (const MazeGrid *grid,
               guint32         start,
               guint32         end)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeSolution) solution = NULL;
  MazeDifficulty d;
  MazeMetrics m;
  Expected e;

  solution = maze_solve (grid, grid->weights != NULL ? MAZE_SOLVER_DIJKSTRA : MAZE_SOLVER_BFS,
                         start, end, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (maze_difficulty_compute (grid, solution, &d, &error));
  e = expected_by_hand (grid, solution);
  g_assert_cmpuint (d.turns, ==, e.turns);
  g_assert_cmpuint (d.decisions, ==, e.decisions);
  g_assert_cmpuint (d.dead_ends, ==, e.dead_ends);
  g_assert_cmpuint (d.loops, ==, e.loops);
  g_assert_cmpuint (d.deepest, ==, e.deepest);
  g_assert_cmpuint (d.work, ==, e.work);
  g_assert_cmpuint (d.score, <=, 100);
  g_assert_cmpuint (d.level, ==, maze_level_from_score (d.score));

  /* The metrics carry the same figures. */
  g_assert_true (maze_metrics_compute (grid, start, end, &m, &error));
  g_assert_cmpuint (m.difficulty, ==, d.score);
  g_assert_cmpuint (m.level, ==, d.level);
  g_assert_cmpuint (m.work, ==, d.work);
  g_assert_cmpuint (m.turns, ==, d.turns);
}

/* Perfect, braided, masked and muddy mazes of both shapes, between the
 * corners and between two cells inside. */
static void
test_by_hand (void)
{
  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    for (guint64 seed = 1; seed <= 12; seed++)
      {
        g_autoptr(MazeGrid) grid = maze_test_new_grid (shape, 12 + seed % 5, 9 + seed % 4);
        g_autoptr(GError) error = NULL;
        MazeGenerateOptions options;
        guint32 start, end, inside;
        MazeRng rng;

        /* A hole in the middle, on every other seed. */
        if (seed % 2 == 0)
          for (guint y = 3; y < 6; y++)
            for (guint x = 4; x < 7; x++)
              maze_grid_set_masked (grid, x, y, TRUE);
        maze_generate_options_init (&options);
        options.algorithm = (MazeAlgorithm) (seed % 3 == 0 ? MAZE_ALGORITHM_PRIM
                                                           : MAZE_ALGORITHM_BACKTRACKER);
        options.seed = seed;
        g_assert_true (maze_generate (grid, &options, &error));
        g_assert_true (maze_endpoints_choose (grid, MAZE_ENDPOINTS_CORNERS, &start, &end, &error));
        inside = maze_grid_index (grid, 2, 7);
        check_by_hand (grid, start, end);
        check_by_hand (grid, inside, start);

        maze_braid (grid, MAZE_BRAID_ONE / (1 + (guint32) (seed % 3)), seed, NULL);
        check_by_hand (grid, start, end);
        check_by_hand (grid, inside, end);

        /* Mud on a third of the cells. */
        maze_rng_init (&rng, seed);
        for (guint32 c = 0; c < grid->n_cells; c++)
          if (maze_rng_below (&rng, 3) == 0)
            maze_grid_set_weight (grid, c, (guint8) (2 + maze_rng_below (&rng, 8)));
        check_by_hand (grid, start, end);
        check_by_hand (grid, end, inside);
      }
}

/* The orders people agree on */

/* A bigger maze of the same kind is harder, seed by seed. */
static void
test_sizes (void)
{
  static const char *const algorithms[] = { "backtracker", "prim", "kruskal" };

  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    for (guint a = 0; a < G_N_ELEMENTS (algorithms); a++)
      for (guint64 seed = 1; seed <= maze_test_seeds (20); seed++)
        {
          Recipe small = { shape, algorithms[a], 5, 0 };
          Recipe medium = { shape, algorithms[a], 20, 0 };
          Recipe big = { shape, algorithms[a], 60, 0 };
          guint32 s = recipe_score (&small, seed);
          guint32 m = recipe_score (&medium, seed);
          guint32 b = recipe_score (&big, seed);

          if (!(s < m && m < b))
            g_error ("%s %s seed %" G_GUINT64_FORMAT ": 5x5 %u, 20x20 %u, 60x60 %u",
                     shape_name (shape), algorithms[a], seed, s, m, b);
        }
}

/* Few long dead ends (the recursive backtracker: "high river") make a
 * harder maze than many short ones (Prim's), which are seen at a glance:
 * the backtracker's median over 101 seeds is higher, by more than a
 * quarter of a level. */
static void
test_texture (void)
{
  if (skip_distribution_under_valgrind ())
    return;
  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      Recipe backtracker = { shape, "backtracker", 30, 0 };
      Recipe prim = { shape, "prim", 30, 0 };
      g_autofree guint32 *b = sorted_scores (&backtracker, 101);
      g_autofree guint32 *p = sorted_scores (&prim, 101);

      g_test_message ("%s 30x30 medians: backtracker %u, Prim's %u", shape_name (shape), b[50],
                      p[50]);
      g_assert_cmpuint (b[50], >=, p[50] + MAZE_LEVEL_BAND / 4);
    }
}

/* Loops make a maze easier: more routes succeed (Davies and Davies) and a
 * wrong turn leads back to the solution. Each maze with all its dead ends
 * braided scores below itself perfect; over seeds, the more loops, the
 * lower. (Half braided, one maze may score a point above itself: a new
 * shortcut can move the solution to a twistier route. So may a circular
 * maze braided whole, from the centre out: the backtracker's seed 8, 38
 * perfect and 42 braided, is the one of these 40 that does; over seeds
 * the circular ones go lower all the same, below.) */
static void
test_braid (void)
{
  static const char *const algorithms[] = { "backtracker", "prim" };

  for (guint shape = 0; shape < MAZE_TEST_N_ROW_SHAPES; shape++)
    for (guint a = 0; a < G_N_ELEMENTS (algorithms); a++)
      for (guint64 seed = 1; seed <= maze_test_seeds (20); seed++)
        {
          Recipe perfect = { shape, algorithms[a], 30, 0 };
          Recipe full = { shape, algorithms[a], 30, MAZE_BRAID_ONE };
          guint32 p = recipe_score (&perfect, seed);
          guint32 f = recipe_score (&full, seed);

          if (f >= p)
            g_error ("%s %s seed %" G_GUINT64_FORMAT ": perfect %u, braided %u",
                     shape_name (shape), algorithms[a], seed, p, f);
        }
}

/* Over seeds, the more loops the lower. */
static void
test_braid_over_seeds (void)
{
  if (skip_distribution_under_valgrind ())
    return;
  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      Recipe perfect = { shape, "backtracker", 30, 0 };
      Recipe half = { shape, "backtracker", 30, MAZE_BRAID_ONE / 2 };
      Recipe full = { shape, "backtracker", 30, MAZE_BRAID_ONE };
      g_autofree guint32 *p = sorted_scores (&perfect, 51);
      g_autofree guint32 *h = sorted_scores (&half, 51);
      g_autofree guint32 *f = sorted_scores (&full, 51);

      g_assert_cmpuint (f[25], <, h[25]);
      g_assert_cmpuint (h[25], <, p[25]);
    }
}

/* One recipe's scores over 200 seeds: the middle 90 % of them spread
 * over less than a level's band, and for the three sizes the gap between
 * their medians is wider than any one's whole spread. */
static void
test_stability (void)
{
  /* Circular mazes count rings. The backtracker's way from the centre
   * out has no such ladder: a start by the room sometimes lies near the
   * way out (at 12 rings, 5 % of the seeds score 31, the median 53). */
  static const struct { const char *algorithm; guint sides[3]; guint rings[3]; } ladders[] = {
    { "backtracker", { 5, 20, 60 }, { 0, 0, 0 } },
    { "prim", { 5, 20, 60 }, { 3, 12, 40 } },
  };

  if (skip_distribution_under_valgrind ())
    return;

  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    for (guint l = 0; l < G_N_ELEMENTS (ladders); l++)
      {
        const guint *sides = shape == MAZE_SHAPE_CIRCULAR ? ladders[l].rings : ladders[l].sides;
        guint32 median[3], spread[3];

        if (sides[0] == 0)
          continue;
        for (guint i = 0; i < 3; i++)
          {
            Recipe recipe = { shape, ladders[l].algorithm, sides[i], 0 };
            g_autofree guint32 *s = sorted_scores (&recipe, 200);

            median[i] = s[100];
            spread[i] = s[199] - s[0];
            g_test_message ("%s %s %ux%u: min %u, 5%% %u, median %u, 95%% %u, max %u",
                            shape_name (shape), ladders[l].algorithm, sides[i], sides[i], s[0],
                            s[10], s[100], s[189], s[199]);
            g_assert_cmpuint (s[189] - s[10], <, MAZE_LEVEL_BAND);
          }
        for (guint i = 0; i + 1 < 3; i++)
          {
            g_assert_cmpuint (median[i + 1] - median[i], >, spread[i]);
            g_assert_cmpuint (median[i + 1] - median[i], >, spread[i + 1]);
          }
      }
}

static gboolean
stop_at_third_cb (double   fraction,
                  gpointer user_data)
{
  guint *calls = user_data;

  return ++*calls < 3;
}

/* Mazes to order: the score in the band asked, from the seed given or
 * the next ones; the same request, the same maze; a band out of reach
 * says which way the scores were off; the search can be stopped. */
static void
test_to_order (void)
{
  MazeGenerateOptions options;
  guint tries = 0, again_tries = 0, calls = 0;

  maze_generate_options_init (&options);
  options.seed = 11;
  for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MazePuzzle) puzzle = NULL;
      g_autoptr(MazePuzzle) again = NULL;
      MazeMetrics metrics;

      /* Triangles' ways are longer: a smaller maze for the same band. */
      guint side = shape == MAZE_SHAPE_TRI ? 18 : 25;

      puzzle = maze_puzzle_generate_to_order (shape, side, side, &options, 0, MAZE_ENDPOINTS_CORNERS,
                                              44, 47, &tries, &error);
      g_assert_no_error (error);
      g_assert_true (maze_metrics_compute (puzzle->grid, puzzle->start, puzzle->end, &metrics, NULL));
      g_assert_cmpuint (metrics.difficulty, >=, 44);
      g_assert_cmpuint (metrics.difficulty, <=, 47);
      g_assert_cmpuint (tries, >=, 1);
      g_assert_cmpuint (puzzle->seed, ==, options.seed + tries - 1);

      again = maze_puzzle_generate_to_order (shape, side, side, &options, 0, MAZE_ENDPOINTS_CORNERS,
                                             44, 47, &again_tries, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (again_tries, ==, tries);
      g_assert_true (maze_grid_equal (puzzle->grid, again->grid));
    }

  {
    g_autoptr(GError) error = NULL;

    g_assert_null (maze_puzzle_generate_to_order (MAZE_SHAPE_RECT, 5, 5, &options, 0,
                                                  MAZE_ENDPOINTS_CORNERS, 90, 100, NULL, &error));
    g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "too easy"));
  }
  {
    g_autoptr(GError) error = NULL;

    g_assert_null (maze_puzzle_generate_to_order (MAZE_SHAPE_RECT, 50, 50, &options, 0,
                                                  MAZE_ENDPOINTS_CORNERS, 0, 5, NULL, &error));
    g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "too hard"));
  }
  {
    g_autoptr(GError) error = NULL;

    options.progress = stop_at_third_cb;
    options.progress_data = &calls;
    g_assert_null (maze_puzzle_generate_to_order (MAZE_SHAPE_RECT, 5, 5, &options, 0,
                                                  MAZE_ENDPOINTS_CORNERS, 90, 100, NULL, &error));
    g_assert_error (error, MAZE_ERROR, MAZE_ERROR_CANCELLED);
    g_assert_cmpuint (calls, ==, 3);
  }
}

/* A pack: levels rising evenly from the first puzzle to the last, each
 * puzzle in its level's band, none repeated, the same order the same
 * pack; a progress that says stop stops it. */
static gboolean
stop_after_two (guint    done,
                guint    n_puzzles,
                gpointer user_data)
{
  return done < 2;
}

static void
test_pack (void)
{
  static const MazeLevel expected[] = {
    MAZE_LEVEL_VERY_EASY, MAZE_LEVEL_EASY, MAZE_LEVEL_EASY, MAZE_LEVEL_MEDIUM, MAZE_LEVEL_MEDIUM,
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(MazePuzzle) model = NULL;
  g_autoptr(GPtrArray) pack = NULL;
  g_autoptr(GPtrArray) again = NULL;
  MazeGenerateOptions options;
  MazePackOrder order = { 0 };

  maze_generate_options_init (&options);
  options.seed = 11;
  model = maze_puzzle_generate (MAZE_SHAPE_HEX, 12, 9, &options, 0, MAZE_ENDPOINTS_CORNERS,
                                &error);
  g_assert_no_error (error);
  order.model = model;
  order.from = MAZE_LEVEL_VERY_EASY;
  order.to = MAZE_LEVEL_MEDIUM;
  order.n_puzzles = G_N_ELEMENTS (expected);

  pack = maze_pack_make (&order, &error);
  g_assert_no_error (error);
  again = maze_pack_make (&order, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pack->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < pack->len; i++)
    {
      MazePuzzle *puzzle = g_ptr_array_index (pack, i);
      const MazeLevelInfo *info = maze_level_get_info (expected[i]);
      MazeMetrics metrics;

      g_assert_cmpint (maze_pack_level_at (&order, i), ==, expected[i]);
      g_assert_true (maze_metrics_compute (puzzle->grid, puzzle->start, puzzle->end, &metrics,
                                           NULL));
      g_assert_cmpuint (metrics.difficulty, >=, info->min_score);
      g_assert_cmpuint (metrics.difficulty, <=, info->max_score);
      g_assert_true (puzzle->has_band);
      g_assert_cmpuint (puzzle->band_min, ==, info->min_score);
      g_assert_cmpint (puzzle->grid->shape, ==, MAZE_SHAPE_HEX);
      g_assert_true (maze_grid_equal (puzzle->grid,
                                      ((MazePuzzle *) g_ptr_array_index (again, i))->grid));
      if (i > 0)
        g_assert_cmpuint (puzzle->seed, >, ((MazePuzzle *) g_ptr_array_index (pack, i - 1))->seed);
    }

  order.progress = stop_after_two;
  g_clear_pointer (&again, g_ptr_array_unref);
  again = maze_pack_make (&order, &error);
  g_assert_null (again);
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_CANCELLED);
}

/* A model for packs: 9 rings around a first ring of 5, around a room or
 * a centre cell, made by Prim's from seed, with the cell at ring 8,
 * column 3 masked when asked. */
static MazePuzzle *
new_ring_model (gboolean centre,
                gboolean masked,
                guint64  seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, 5, 9, centre, &error);
  MazePuzzle *model;

  g_assert_no_error (error);
  if (masked)
    maze_grid_set_masked (grid, 3, 8, TRUE);
  model = maze_puzzle_new_for_grid (g_steal_pointer (&grid), 0, 1);
  model->has_parameters = TRUE;
  model->algorithm = MAZE_ALGORITHM_PRIM;
  model->seed = seed;
  return model;
}

/* A pack in a band of scores makes mazes like the model: on rings its
 * first ring, rings and centre (a circular grid's width is its outer
 * ring, not the size it is made from), and none of its mask or mud. */
static void
test_pack_band_like_model (void)
{
  for (guint centre = 0; centre < 2; centre++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MazePuzzle) model = new_ring_model (centre, TRUE, 3);
      g_autoptr(GPtrArray) pack = NULL;
      MazePackOrder order = { 0 };

      order.model = model;
      order.min_score = 0;
      order.max_score = 100;
      order.n_puzzles = 2;
      pack = maze_pack_make (&order, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < pack->len; i++)
        {
          MazePuzzle *puzzle = g_ptr_array_index (pack, i);
          guint first, rings;

          maze_grid_get_size_args (puzzle->grid, &first, &rings);
          g_assert_cmpuint (first, ==, 5);
          g_assert_cmpuint (rings, ==, 9);
          g_assert_cmpint (maze_grid_is_centre (puzzle->grid, 0, 0), ==, centre);
          g_assert_cmpuint (maze_grid_count_open (puzzle->grid), ==, puzzle->grid->n_cells);
          g_assert_true (maze_grid_check_perfect (puzzle->grid, NULL));
          g_assert_cmpint (puzzle->algorithm, ==, MAZE_ALGORITHM_PRIM);
        }
    }
}

/* A pack of levels 1 to 5 keeps its model's middle: from rings around a
 * centre cell, every puzzle has one, with the rings measured around it
 * (one more than a room's for Very easy) and a score in its level's
 * band, corner starts on the centre itself; from rings around a room,
 * the puzzles are the ones the room's recipes make to order, as
 * before centre cells. */
static void
test_pack_levels_keep_centre (void)
{
  for (guint centre = 0; centre < 2; centre++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MazePuzzle) model = new_ring_model (centre, FALSE, 7);
      g_autoptr(GPtrArray) pack = NULL;
      MazePackOrder order = { 0 };
      guint64 seed;

      order.model = model;
      order.from = MAZE_LEVEL_VERY_EASY;
      order.to = MAZE_LEVEL_EXPERT;
      order.n_puzzles = MAZE_N_LEVELS;
      pack = maze_pack_make (&order, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (pack->len, ==, MAZE_N_LEVELS);
      seed = model->seed;
      for (guint i = 0; i < pack->len; i++)
        {
          MazePuzzle *puzzle = g_ptr_array_index (pack, i);
          const MazeLevelInfo *info = maze_level_get_info ((MazeLevel) (i + 1));
          MazeMetrics metrics;
          guint first, rings;

          g_assert_cmpint (maze_pack_level_at (&order, i), ==, i + 1);
          g_assert_cmpint (maze_grid_is_centre (puzzle->grid, 0, 0), ==, centre);
          maze_grid_get_size_args (puzzle->grid, &first, &rings);
          g_assert_cmpuint (first, ==, MAZE_POLAR_DEFAULT_FIRST);
          g_assert_cmpuint (rings, ==, centre ? info->centre_side : info->side[MAZE_SHAPE_CIRCULAR]);
          g_assert_true (maze_metrics_compute (puzzle->grid, puzzle->start, puzzle->end, &metrics,
                                               &error));
          g_assert_no_error (error);
          g_assert_cmpuint (metrics.difficulty, >=, info->min_score);
          g_assert_cmpuint (metrics.difficulty, <=, info->max_score);
          g_assert_true (puzzle->has_band);
          g_assert_cmpuint (puzzle->band_min, ==, info->min_score);
          g_assert_cmpuint (puzzle->band_max, ==, info->max_score);
          if (centre && info->endpoints == MAZE_ENDPOINTS_CORNERS)
            g_assert_cmpuint (puzzle->start, ==, maze_grid_index (puzzle->grid, 0, 0));
          if (!centre)
            {
              g_autoptr(MazePuzzle) room = NULL;
              MazeGenerateOptions options;

              maze_generate_options_init (&options);
              options.algorithm = info->algorithm;
              options.seed = seed;
              room = maze_puzzle_generate_to_order (MAZE_SHAPE_CIRCULAR, MAZE_POLAR_DEFAULT_FIRST,
                                                    info->side[MAZE_SHAPE_CIRCULAR], &options,
                                                    info->braid, info->endpoints,
                                                    info->min_score, info->max_score, NULL,
                                                    &error);
              g_assert_no_error (error);
              g_assert_true (maze_grid_equal (puzzle->grid, room->grid));
              g_assert_cmpuint (puzzle->seed, ==, room->seed);
              g_assert_cmpuint (puzzle->start, ==, room->start);
              g_assert_cmpuint (puzzle->end, ==, room->end);
            }
          seed = puzzle->seed + 1;
        }
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/maze/difficulty/scale", test_scale);
  g_test_add_func ("/maze/difficulty/levels", test_levels);
  g_test_add_func ("/maze/difficulty/recipes", test_recipes);
  g_test_add_func ("/maze/difficulty/to-order", test_to_order);
  g_test_add_func ("/maze/difficulty/mud", test_mud);
  g_test_add_func ("/maze/difficulty/by-hand", test_by_hand);
  g_test_add_func ("/maze/difficulty/sizes", test_sizes);
  g_test_add_func ("/maze/difficulty/texture", test_texture);
  g_test_add_func ("/maze/difficulty/braid", test_braid);
  g_test_add_func ("/maze/difficulty/braid-over-seeds", test_braid_over_seeds);
  g_test_add_func ("/maze/difficulty/stability", test_stability);
  g_test_add_func ("/maze/difficulty/pack", test_pack);
  g_test_add_func ("/maze/difficulty/pack-band-like-model", test_pack_band_like_model);
  g_test_add_func ("/maze/difficulty/pack-levels-keep-centre", test_pack_levels_keep_centre);

  return g_test_run ();
}
