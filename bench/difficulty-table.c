/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>

#include "maze-core.h"

/* Prints how the difficulty score spreads over seeds for a set of maze
 * recipes, rect and hex, so that the figures quoted for the score (its
 * levels, its stability) can be made again:
 *
 *   _build/bench/difficulty-table [SEEDS]      (default 200)
 *
 * Each row: a recipe (corner endpoints unless it says "far"), then the
 * score's minimum, 5th percentile, median, 95th percentile and maximum
 * over seeds 1..SEEDS, the spread (maximum - minimum) and how many mazes
 * fall in each level ("N of 5"). The last rows are the named levels'
 * recipes (maze-level.c). A second table: for each level and shape,
 * how many seeds generation to order (maze-order.h) tries, from seeds
 * 1..SEEDS, before a maze falls in the level's band: the mean, the most,
 * and how many requests found none within MAZE_ORDER_MAX_TRIES. */

typedef struct
{
  const char          *algorithm;
  guint                side;
  double               braid;
  MazeEndpointsPreset  endpoints;
  const char          *label;
} Recipe;

static const Recipe recipes[] = {
  { "backtracker", 5, 0, MAZE_ENDPOINTS_CORNERS, NULL },
  { "backtracker", 10, 0, MAZE_ENDPOINTS_CORNERS, NULL },
  { "backtracker", 20, 0, MAZE_ENDPOINTS_CORNERS, NULL },
  { "backtracker", 30, 0, MAZE_ENDPOINTS_CORNERS, NULL },
  { "backtracker", 40, 0, MAZE_ENDPOINTS_CORNERS, NULL },
  { "backtracker", 60, 0, MAZE_ENDPOINTS_CORNERS, NULL },
  { "backtracker", 100, 0, MAZE_ENDPOINTS_CORNERS, NULL },
  { "prim", 5, 0, MAZE_ENDPOINTS_CORNERS, NULL },
  { "prim", 20, 0, MAZE_ENDPOINTS_CORNERS, NULL },
  { "prim", 30, 0, MAZE_ENDPOINTS_CORNERS, NULL },
  { "prim", 60, 0, MAZE_ENDPOINTS_CORNERS, NULL },
  { "backtracker", 30, 0.5, MAZE_ENDPOINTS_CORNERS, NULL },
  { "backtracker", 30, 1, MAZE_ENDPOINTS_CORNERS, NULL },
  { "prim", 30, 1, MAZE_ENDPOINTS_CORNERS, NULL },
  { "kruskal", 30, 0, MAZE_ENDPOINTS_CORNERS, NULL },
  { "wilson", 30, 0, MAZE_ENDPOINTS_CORNERS, NULL },
  { "hunt-and-kill", 30, 0, MAZE_ENDPOINTS_CORNERS, NULL },
  { "recursive-division", 30, 0, MAZE_ENDPOINTS_CORNERS, NULL },
};

static int
compare_scores (const void *a,
                const void *b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;

  return (x > y) - (x < y);
}

static gboolean
score_one (MazeShape     shape,
           const Recipe *recipe,
           MazeAlgorithm algorithm,
           guint64       seed,
           MazeMetrics  *metrics)
{
  g_autoptr(MazeGrid) grid = maze_grid_new (shape, recipe->side, recipe->side, NULL);
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;
  guint32 start, end;

  maze_generate_options_init (&options);
  options.algorithm = algorithm;
  options.seed = seed;
  if (!maze_generate (grid, &options, &error))
    goto fail;
  if (recipe->braid > 0)
    maze_braid (grid, maze_braid_from_fraction (recipe->braid), seed, NULL);
  if (!maze_endpoints_choose (grid, recipe->endpoints, &start, &end, &error) ||
      !maze_metrics_compute (grid, start, end, metrics, &error))
    goto fail;
  return TRUE;

fail:
  g_printerr ("%s\n", error->message);
  return FALSE;
}

static gboolean
print_row (MazeShape     shape,
           const Recipe *recipe,
           guint32      *scores,
           guint         n_seeds)
{
  MazeAlgorithm algorithm;
  guint levels[MAZE_N_LEVELS + 1] = { 0, };
  g_autoptr(GString) level_text = g_string_new (NULL);
  g_autofree char *size = g_strdup_printf ("%ux%u%s", recipe->side, recipe->side,
                                           recipe->endpoints == MAZE_ENDPOINTS_FARTHEST ? " far" : "");

  if (!maze_algorithm_from_string (recipe->algorithm, &algorithm))
    return FALSE;
  if (!maze_algorithm_supports (algorithm, shape))
    return TRUE;
  for (guint s = 0; s < n_seeds; s++)
    {
      MazeMetrics m;

      if (!score_one (shape, recipe, algorithm, s + 1, &m))
        return FALSE;
      scores[s] = m.difficulty;
      levels[m.level]++;
    }
  qsort (scores, n_seeds, sizeof *scores, compare_scores);
  for (guint l = 1; l <= MAZE_N_LEVELS; l++)
    if (levels[l] > 0)
      g_string_append_printf (level_text, "%s%u: %u", level_text->len ? ", " : "", l, levels[l]);
  g_print ("%-10s %-5s %-19s %-11s %5.2f  %4u %4u %4u %4u %4u  %6u  %s\n",
           recipe->label != NULL ? recipe->label : "", maze_shape_to_string (shape),
           recipe->algorithm, size, recipe->braid, scores[0], scores[n_seeds / 20],
           scores[n_seeds / 2], scores[n_seeds - 1 - n_seeds / 20], scores[n_seeds - 1],
           scores[n_seeds - 1] - scores[0], level_text->str);
  return TRUE;
}

/* Tries of generation to order for level on shape, from seeds
 * 1..n_seeds. */
static void
print_tries (MazeShape shape,
             MazeLevel level,
             guint     n_seeds)
{
  const MazeLevelInfo *info = maze_level_get_info (level);
  guint64 total = 0;
  guint most = 0, found = 0, failed = 0;

  for (guint s = 1; s <= n_seeds; s++)
    {
      g_autoptr(MazePuzzle) puzzle = NULL;
      MazeGenerateOptions options;
      guint tries = 0;

      maze_generate_options_init (&options);
      options.algorithm = info->algorithm;
      options.seed = s;
      puzzle = maze_puzzle_generate_to_order (shape, info->side[shape], info->side[shape],
                                              &options, info->braid, info->endpoints,
                                              info->min_score, info->max_score, &tries, NULL);
      if (puzzle == NULL)
        {
          failed++;
          continue;
        }
      found++;
      total += tries;
      most = MAX (most, tries);
    }
  g_print ("%-10s %-5s %10.2f %5u %7u\n", info->name, maze_shape_to_string (shape),
           found > 0 ? (double) total / found : 0.0, most, failed);
}

int
main (int   argc,
      char *argv[])
{
  guint n_seeds = argc > 1 ? (guint) atoi (argv[1]) : 200;
  g_autofree guint32 *scores = NULL;

  if (n_seeds == 0)
    {
      g_printerr ("Usage: difficulty-table [SEEDS]\n");
      return 2;
    }
  scores = g_new (guint32, n_seeds);

  g_print ("%-10s %-5s %-19s %-11s %5s  %4s %4s %4s %4s %4s  %6s  %s\n", "level", "shape",
           "algorithm", "size", "braid", "min", "p5", "med", "p95", "max", "spread", "levels");
  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      for (guint i = 0; i < G_N_ELEMENTS (recipes); i++)
        if (!print_row ((MazeShape) shape, &recipes[i], scores, n_seeds))
          return 1;
      for (guint l = 1; l <= MAZE_N_LEVELS; l++)
        {
          const MazeLevelInfo *info = maze_level_get_info ((MazeLevel) l);
          Recipe recipe = {
            maze_algorithm_get_info (info->algorithm)->name, info->side[shape],
            (double) info->braid / MAZE_BRAID_ONE, info->endpoints, info->name,
          };

          if (!print_row ((MazeShape) shape, &recipe, scores, n_seeds))
            return 1;
        }
    }

  g_print ("\n%-10s %-5s %10s %5s %7s\n", "level", "shape", "mean tries", "most", "refused");
  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    for (guint l = 1; l <= MAZE_N_LEVELS; l++)
      print_tries ((MazeShape) shape, (MazeLevel) l, n_seeds);
  return 0;
}
