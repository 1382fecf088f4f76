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
 * Each row: a recipe, then the score's minimum, 5th percentile, median,
 * 95th percentile and maximum over seeds 1..SEEDS (corner endpoints), the
 * spread (maximum - minimum) and the levels ("N of 5") the mazes fall in. */

typedef struct
{
  const char *algorithm;
  guint       side;
  double      braid;
} Recipe;

static const Recipe recipes[] = {
  { "backtracker", 5, 0 },
  { "backtracker", 10, 0 },
  { "backtracker", 20, 0 },
  { "backtracker", 30, 0 },
  { "backtracker", 40, 0 },
  { "backtracker", 60, 0 },
  { "backtracker", 100, 0 },
  { "prim", 5, 0 },
  { "prim", 20, 0 },
  { "prim", 30, 0 },
  { "prim", 60, 0 },
  { "backtracker", 30, 0.5 },
  { "backtracker", 30, 1 },
  { "prim", 30, 1 },
  { "kruskal", 30, 0 },
  { "wilson", 30, 0 },
  { "hunt-and-kill", 30, 0 },
  { "recursive-division", 30, 0 },
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
  if (!maze_endpoints_choose (grid, MAZE_ENDPOINTS_CORNERS, &start, &end, &error) ||
      !maze_metrics_compute (grid, start, end, metrics, &error))
    goto fail;
  return TRUE;

fail:
  g_printerr ("%s\n", error->message);
  return FALSE;
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

  g_print ("%-5s %-19s %5s %5s  %4s %4s %4s %4s %4s  %6s  %s\n", "shape", "algorithm", "size",
           "braid", "min", "p5", "med", "p95", "max", "spread", "levels");
  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    for (guint i = 0; i < G_N_ELEMENTS (recipes); i++)
      {
        const Recipe *recipe = &recipes[i];
        MazeAlgorithm algorithm;
        guint levels[MAZE_N_LEVELS + 1] = { 0, };
        g_autoptr(GString) level_text = g_string_new (NULL);
        g_autofree char *size = g_strdup_printf ("%ux%u", recipe->side, recipe->side);

        if (!maze_algorithm_from_string (recipe->algorithm, &algorithm))
          return 1;
        if (!maze_algorithm_supports (algorithm, (MazeShape) shape))
          continue;
        for (guint s = 0; s < n_seeds; s++)
          {
            MazeMetrics m;

            if (!score_one ((MazeShape) shape, recipe, algorithm, s + 1, &m))
              return 1;
            scores[s] = m.difficulty;
            levels[m.level]++;
          }
        qsort (scores, n_seeds, sizeof *scores, compare_scores);
        for (guint l = 1; l <= MAZE_N_LEVELS; l++)
          if (levels[l] > 0)
            g_string_append_printf (level_text, "%s%u: %u", level_text->len ? ", " : "", l,
                                    levels[l]);
        g_print ("%-5s %-19s %5s %5.2f  %4u %4u %4u %4u %4u  %6u  %s\n",
                 maze_shape_to_string ((MazeShape) shape), recipe->algorithm, size,
                 recipe->braid, scores[0], scores[n_seeds / 20], scores[n_seeds / 2],
                 scores[n_seeds - 1 - n_seeds / 20], scores[n_seeds - 1],
                 scores[n_seeds - 1] - scores[0], level_text->str);
      }
  return 0;
}
