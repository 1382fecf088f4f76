/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>

#include "maze-core.h"

/* Prints how the difficulty score spreads over seeds for a set of maze
 * recipes, on every kind of grid (rect, hex, tri, and rings around a
 * room or a centre cell), so that the figures quoted for the score (its
 * levels, its stability) can be made again:
 *
 *   _build/bench/difficulty-table [SEEDS]      (default 200)
 *   _build/bench/difficulty-table --scan KIND LEVEL [SEEDS]
 *
 * Each row: a recipe (corner endpoints unless it says "far"; a circular
 * size is rings around a first ring of MAZE_POLAR_DEFAULT_FIRST cells),
 * then the score's minimum, 5th percentile, median, 95th percentile and
 * maximum over seeds 1..SEEDS, the spread (maximum - minimum) and how
 * many mazes fall in each level ("N of 5"). The last rows of each kind
 * are the named levels' recipes (maze-level.c). A second table: for
 * each level and kind, how many seeds generation to order
 * (maze-order.h) tries, from seeds 1..SEEDS, before a maze falls in the
 * level's band: the mean, the most, and how many requests found none
 * within MAZE_ORDER_MAX_TRIES. A third: each level's smallest side, as
 * maze-level.c measures it (seeds 1..20 at every side from 3 to the
 * recipe's: the smallest at which a fifth of them or more land in the
 * band), beside the one the level holds.
 *
 * --scan prints, for the level's recipe on KIND (rect, hex, tri,
 * circular or centre) at every side from 3 to twice the recipe's, the
 * same spread and the share of seeds in the band: how a recipe's side
 * is chosen. */

/* A kind of grid: a shape, and for rings, a room or a centre cell. */
typedef struct
{
  MazeShape  shape;
  gboolean   centre;
  const char *name;
} Kind;

static const Kind kinds[] = {
  { MAZE_SHAPE_RECT, FALSE, "rect" },
  { MAZE_SHAPE_HEX, FALSE, "hex" },
  { MAZE_SHAPE_TRI, FALSE, "tri" },
  { MAZE_SHAPE_CIRCULAR, FALSE, "circular" },
  { MAZE_SHAPE_CIRCULAR, TRUE, "centre" },
};

/* maze-level.c's smallest sides: seeds 1..20, a fifth of them. */
#define MIN_SIDE_SEEDS 20
#define MIN_SIDE_SHARE 5
#define SMALLEST_SIDE 3

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

/* The grid of side (rings around the levels' first ring on circular). */
static MazeGrid *
new_grid (const Kind *kind,
          guint       side)
{
  guint width = kind->shape == MAZE_SHAPE_CIRCULAR ? MAZE_POLAR_DEFAULT_FIRST : side;

  return maze_grid_new_rings (kind->shape, width, side, kind->centre, NULL);
}

static gboolean
score_one (const Kind    *kind,
           const Recipe  *recipe,
           MazeAlgorithm  algorithm,
           guint64        seed,
           MazeMetrics   *metrics)
{
  g_autoptr(MazeGrid) grid = new_grid (kind, recipe->side);
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

/* Scores of seeds 1..n_seeds, sorted, and how many fall in each level
 * (levels may be NULL); FALSE when the algorithm does not work on the
 * kind (nothing scored) or a maze failed (printed). */
static gboolean
score_seeds (const Kind   *kind,
             const Recipe *recipe,
             guint32      *scores,
             guint         n_seeds,
             guint        *levels,
             gboolean     *failed)
{
  MazeAlgorithm algorithm;

  *failed = FALSE;
  if (!maze_algorithm_from_string (recipe->algorithm, &algorithm))
    return !(*failed = TRUE);
  if (!maze_algorithm_supports (algorithm, kind->shape))
    return FALSE;
  for (guint s = 0; s < n_seeds; s++)
    {
      MazeMetrics m;

      if (!score_one (kind, recipe, algorithm, s + 1, &m))
        return !(*failed = TRUE);
      scores[s] = m.difficulty;
      if (levels != NULL)
        levels[m.level]++;
    }
  qsort (scores, n_seeds, sizeof *scores, compare_scores);
  return TRUE;
}

static void
print_spread (const guint32 *scores,
              guint          n_seeds)
{
  g_print ("%4u %4u %4u %4u %4u  %6u", scores[0], scores[n_seeds / 20], scores[n_seeds / 2],
           scores[n_seeds - 1 - n_seeds / 20], scores[n_seeds - 1],
           scores[n_seeds - 1] - scores[0]);
}

static gboolean
print_row (const Kind   *kind,
           const Recipe *recipe,
           guint32      *scores,
           guint         n_seeds)
{
  guint levels[MAZE_N_LEVELS + 1] = { 0, };
  g_autoptr(GString) level_text = g_string_new (NULL);
  const char *far = recipe->endpoints == MAZE_ENDPOINTS_FARTHEST ? " far" : "";
  g_autofree char *size = kind->shape == MAZE_SHAPE_CIRCULAR
                          ? g_strdup_printf ("%u rings%s", recipe->side, far)
                          : g_strdup_printf ("%ux%u%s", recipe->side, recipe->side, far);
  gboolean failed;

  if (!score_seeds (kind, recipe, scores, n_seeds, levels, &failed))
    return !failed;
  for (guint l = 1; l <= MAZE_N_LEVELS; l++)
    if (levels[l] > 0)
      g_string_append_printf (level_text, "%s%u: %u", level_text->len ? ", " : "", l, levels[l]);
  g_print ("%-10s %-8s %-19s %-12s %5.2f  ", recipe->label != NULL ? recipe->label : "",
           kind->name, recipe->algorithm, size, recipe->braid);
  print_spread (scores, n_seeds);
  g_print ("  %s\n", level_text->str);
  return TRUE;
}

/* The level's recipe at side on kind. */
static Recipe
level_recipe (const MazeLevelInfo *info,
              guint                side)
{
  Recipe recipe = {
    maze_algorithm_get_info (info->algorithm)->name, side,
    (double) info->braid / MAZE_BRAID_ONE, info->endpoints, info->name,
  };

  return recipe;
}

/* The level's side on kind (rings on circular) and its smallest, as
 * the core holds them. */
static guint
level_side (const MazeLevelInfo *info,
            const Kind          *kind)
{
  return maze_level_get_side (info, kind->shape, kind->centre);
}

static guint
level_min_side (const MazeLevelInfo *info,
                const Kind          *kind)
{
  return maze_level_get_min_side (info, kind->shape, kind->centre);
}

/* How many of scores[0..n) fall in the level's band. */
static guint
count_in_band (const MazeLevelInfo *info,
               const guint32       *scores,
               guint                n)
{
  guint in_band = 0;

  for (guint i = 0; i < n; i++)
    in_band += scores[i] >= info->min_score && scores[i] <= info->max_score;
  return in_band;
}

/* Tries of generation to order for level on kind, from seeds
 * 1..n_seeds. */
static void
print_tries (const Kind *kind,
             MazeLevel   level,
             guint       n_seeds)
{
  const MazeLevelInfo *info = maze_level_get_info (level);
  guint side = level_side (info, kind);
  guint64 total = 0;
  guint most = 0, found = 0, failed = 0;

  for (guint s = 1; s <= n_seeds; s++)
    {
      g_autoptr(MazeGrid) grid = new_grid (kind, side);
      g_autoptr(MazePuzzle) puzzle = NULL;
      MazeGenerateOptions options;
      guint tries = 0;

      maze_generate_options_init (&options);
      options.algorithm = info->algorithm;
      options.seed = s;
      puzzle = maze_puzzle_generate_to_order_on (grid, &options, info->braid, info->endpoints,
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
  g_print ("%-10s %-8s %10.2f %5u %7u\n", info->name, kind->name,
           found > 0 ? (double) total / found : 0.0, most, failed);
}

/* The smallest side from SMALLEST_SIDE up to the recipe's at which a
 * fifth of seeds 1..MIN_SIDE_SEEDS or more land in the band, and the
 * one the level holds. */
static gboolean
print_min_side (const Kind *kind,
                MazeLevel   level)
{
  const MazeLevelInfo *info = maze_level_get_info (level);
  guint side = level_side (info, kind);
  guint32 scores[MIN_SIDE_SEEDS];
  guint found = 0, landed = 0;

  for (guint s = SMALLEST_SIDE; s <= side && found == 0; s++)
    {
      Recipe recipe = level_recipe (info, s);
      gboolean failed;

      if (!score_seeds (kind, &recipe, scores, MIN_SIDE_SEEDS, NULL, &failed))
        return !failed;
      landed = count_in_band (info, scores, MIN_SIDE_SEEDS);
      if (landed * MIN_SIDE_SHARE >= MIN_SIDE_SEEDS)
        found = s;
    }
  g_print ("%-10s %-8s %5u %9u %7u/%u %6u\n", info->name, kind->name, side, found, landed,
           MIN_SIDE_SEEDS, level_min_side (info, kind));
  return TRUE;
}

/* --scan: the level's recipe on kind at every side from SMALLEST_SIDE
 * to twice the recipe's, and the share of seeds in its band. */
static int
scan (const char *kind_name,
      const char *level_name,
      guint       n_seeds)
{
  const Kind *kind = NULL;
  const MazeLevelInfo *info;
  g_autofree guint32 *scores = g_new (guint32, n_seeds);
  MazeLevel level;
  guint side;

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    if (g_str_equal (kinds[k].name, kind_name))
      kind = &kinds[k];
  if (kind == NULL || !maze_level_from_string (level_name, &level))
    {
      g_printerr ("Usage: difficulty-table --scan rect|hex|tri|circular|centre LEVEL [SEEDS]\n");
      return 2;
    }
  info = maze_level_get_info (level);
  side = level_side (info, kind);
  g_print ("%-10s %-8s %5s  %4s %4s %4s %4s %4s  %6s  %s\n", "level", "kind", "side", "min",
           "p5", "med", "p95", "max", "spread", "in band");
  for (guint s = SMALLEST_SIDE; s <= 2 * side; s++)
    {
      Recipe recipe = level_recipe (info, s);
      gboolean failed;

      if (!score_seeds (kind, &recipe, scores, n_seeds, NULL, &failed))
        return failed ? 1 : 0;
      g_print ("%-10s %-8s %5u%s ", info->name, kind->name, s, s == side ? "*" : " ");
      print_spread (scores, n_seeds);
      g_print ("  %5.1f %%\n", 100.0 * count_in_band (info, scores, n_seeds) / n_seeds);
    }
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  guint n_seeds;
  g_autofree guint32 *scores = NULL;

  if (argc >= 4 && g_str_equal (argv[1], "--scan"))
    return scan (argv[2], argv[3], argc > 4 ? (guint) atoi (argv[4]) : 200);
  n_seeds = argc > 1 ? (guint) atoi (argv[1]) : 200;
  if (n_seeds == 0)
    {
      g_printerr ("Usage: difficulty-table [SEEDS]\n"
                  "       difficulty-table --scan KIND LEVEL [SEEDS]\n");
      return 2;
    }
  scores = g_new (guint32, n_seeds);

  g_print ("%-10s %-8s %-19s %-12s %5s  %4s %4s %4s %4s %4s  %6s  %s\n", "level", "kind",
           "algorithm", "size", "braid", "min", "p5", "med", "p95", "max", "spread", "levels");
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      for (guint i = 0; i < G_N_ELEMENTS (recipes); i++)
        if (!print_row (&kinds[k], &recipes[i], scores, n_seeds))
          return 1;
      for (guint l = 1; l <= MAZE_N_LEVELS; l++)
        {
          const MazeLevelInfo *info = maze_level_get_info ((MazeLevel) l);
          Recipe recipe = level_recipe (info, level_side (info, &kinds[k]));

          if (!print_row (&kinds[k], &recipe, scores, n_seeds))
            return 1;
        }
    }

  g_print ("\n%-10s %-8s %10s %5s %7s\n", "level", "kind", "mean tries", "most", "refused");
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint l = 1; l <= MAZE_N_LEVELS; l++)
      print_tries (&kinds[k], (MazeLevel) l, n_seeds);

  g_print ("\n%-10s %-8s %5s %9s %9s %6s\n", "level", "kind", "side", "min side", "landed",
           "holds");
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint l = 1; l <= MAZE_N_LEVELS; l++)
      if (!print_min_side (&kinds[k], (MazeLevel) l))
        return 1;
  return 0;
}
