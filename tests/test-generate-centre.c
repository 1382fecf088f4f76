/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "maze-core.h"
#include "maze-generator-private.h"
#include "maze-test-util.h"

/* Every generator of the circular grid on rings around a centre cell
 * (ring 0 one cell, its spokes to the first ring): a perfect maze for
 * every seed and size down to the centre alone, with the centre or its
 * neighbours masked; the same maze for the same seed, watched or not
 * (the backtracker's fast ring walk against its plain one); steps that
 * name real passages; and golden hashes beside the room's. */

typedef struct
{
  MazeAlgorithm       algorithm;
  MazeGrowingTreeMode mode;
} Case;

static const Case cases[] = {
  { MAZE_ALGORITHM_BACKTRACKER, 0 },
  { MAZE_ALGORITHM_PRIM, 0 },
  { MAZE_ALGORITHM_SIMPLIFIED_PRIM, 0 },
  { MAZE_ALGORITHM_KRUSKAL, 0 },
  { MAZE_ALGORITHM_WILSON, 0 },
  { MAZE_ALGORITHM_ALDOUS_BRODER, 0 },
  { MAZE_ALGORITHM_HUNT_AND_KILL, 0 },
  { MAZE_ALGORITHM_GROWING_TREE, MAZE_GROWING_TREE_NEWEST },
  { MAZE_ALGORITHM_GROWING_TREE, MAZE_GROWING_TREE_RANDOM },
  { MAZE_ALGORITHM_GROWING_TREE, MAZE_GROWING_TREE_MIXED },
};

/* First ring and rings: the centre alone, the centre and one ring, and
 * first rings 3 to 6 with the rings splitting at various depths. */
static const struct
{
  guint first;
  guint rings;
} sizes[] = {
  { 3, 1 }, { 6, 1 }, { 3, 2 }, { 4, 2 }, { 5, 2 }, { 6, 2 }, { 3, 3 }, { 4, 5 }, { 5, 7 },
  { 6, 9 }, { 3, 14 },
};

typedef enum
{
  MASK_NONE,
  MASK_CENTRE,
  MASK_FIRST_CELL,     /* one neighbour of the centre */
  MASK_FIRST_TWO,      /* two, apart */
  MASK_SPARSE,         /* maze_test_mask_sparsely(): first-ring cells too */
  N_MASKS
} MaskKind;

static void
apply_mask (MazeGrid *grid,
            MaskKind  kind)
{
  switch (kind)
    {
    case MASK_NONE:
      break;
    case MASK_CENTRE:
      maze_grid_set_masked (grid, 0, 0, TRUE);
      break;
    case MASK_FIRST_TWO:
      if (grid->height > 1)
        maze_grid_set_masked (grid, 2, 1, TRUE);
      G_GNUC_FALLTHROUGH;
    case MASK_FIRST_CELL:
      if (grid->height > 1)
        maze_grid_set_masked (grid, 0, 1, TRUE);
      break;
    case MASK_SPARSE:
      maze_test_mask_sparsely (grid, 0);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
options_for (MazeGenerateOptions *options,
             const Case          *c,
             guint64              seed)
{
  maze_generate_options_init (options);
  options->algorithm = c->algorithm;
  options->growing_tree_mode = c->mode;
  options->seed = seed;
}

static void
collect_event_cb (const MazeEvent *event,
                  gpointer         user_data)
{
  g_array_append_vals (user_data, event, 1);
}

/* Each step that names a direction goes from its cell to its other cell
 * that way, and each carve is a passage of the finished maze. */
static void
assert_real_steps (const MazeGrid *grid,
                   GArray         *events)
{
  for (guint i = 0; i < events->len; i++)
    {
      const MazeEvent *e = &g_array_index (events, MazeEvent, i);
      guint x, y, nx = 0, ny = 0;

      if (e->dir < 0 || e->other == MAZE_NO_CELL ||
          (e->type != MAZE_EVENT_CHOOSE && e->type != MAZE_EVENT_CARVE &&
           e->type != MAZE_EVENT_MERGE && e->type != MAZE_EVENT_BACKTRACK))
        continue;
      maze_grid_xy (grid, e->cell, &x, &y);
      g_assert_true (maze_grid_step (grid, x, y, (guint) e->dir, &nx, &ny));
      g_assert_cmpuint (maze_grid_index (grid, nx, ny), ==, e->other);
      if (e->type == MAZE_EVENT_CARVE)
        g_assert_true (maze_grid_has_passage (grid, x, y, (guint) e->dir));
    }
}

/* Perfect over the open cells for every seed, size and mask; watched,
 * the same maze, its steps real passages. */
static void
test_perfect (gconstpointer data)
{
  const Case *c = data;
  guint64 n_seeds = maze_test_seeds (60);

  g_assert_true (maze_algorithm_supports (c->algorithm, MAZE_SHAPE_CIRCULAR));
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (MaskKind mask = 0; mask < N_MASKS; mask++)
      for (guint64 seed = 0; seed < n_seeds; seed++)
        {
          g_autoptr(MazeGrid) grid = maze_test_new_centre_grid (sizes[s].first, sizes[s].rings);
          g_autoptr(MazeGrid) watched = NULL;
          g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (MazeEvent));
          MazeObserver observer = { collect_event_cb, events };
          g_autoptr(GError) error = NULL;
          MazeGenerateOptions options;

          apply_mask (grid, mask);
          if (maze_grid_count_open (grid) == 0 || maze_grid_count_components (grid, NULL, FALSE) != 1)
            continue;
          watched = maze_grid_copy (grid);
          options_for (&options, c, seed);
          if (!maze_generate (grid, &options, &error) || !maze_grid_check_perfect (grid, &error))
            g_error ("%s (mode %u) on centre %u/%u, mask %u, seed %" G_GUINT64_FORMAT ": %s",
                     maze_algorithm_get_info (c->algorithm)->name, c->mode, sizes[s].first,
                     sizes[s].rings, mask, seed, error->message);

          /* Watching takes the plain walks: every fifth seed is plenty. */
          if (seed % 5 != 0)
            continue;
          options.observer = &observer;
          g_assert_true (maze_generate (watched, &options, &error));
          g_assert_no_error (error);
          g_assert_true (maze_grid_equal (grid, watched));
          assert_real_steps (watched, events);
        }
}

/* Same seed, same maze; another seed, another. */
static void
test_deterministic (gconstpointer data)
{
  const Case *c = data;
  g_autoptr(MazeGrid) a = maze_test_new_centre_grid (5, 12);
  g_autoptr(MazeGrid) b = maze_test_new_centre_grid (5, 12);
  g_autoptr(MazeGrid) other = maze_test_new_centre_grid (5, 12);
  MazeGenerateOptions options;

  options_for (&options, c, 1234);
  g_assert_true (maze_generate (a, &options, NULL));
  g_assert_true (maze_generate (b, &options, NULL));
  options.seed = 1235;
  g_assert_true (maze_generate (other, &options, NULL));
  g_assert_true (maze_grid_equal (a, b));
  g_assert_false (maze_grid_equal (a, other));
}

/* A forest carved into a ring sector holding the centre (ring 0 spans
 * every outer column) or only touching it (from ring 1): one tree per
 * part, nothing outside, the scratch bits clear. */
static void
test_sector_forest (gconstpointer data)
{
  const Case *c = data;

  for (guint first = 3; first <= MAZE_POLAR_MAX_CENTRE_FIRST; first++)
    {
      g_autoptr(MazeGrid) probe = maze_test_new_centre_grid (first, 6);
      guint w = probe->width;
      const MazeRect regions[] = {
        { 0, 0, w, 3 }, { 0, 0, w / 3, 4 }, { w / 2, 0, w / 2, 2 }, { 1, 0, 1, 6 },
        { 0, 1, w / 2, 3 }, { w / 4, 1, w / 2, 1 }, { 0, 0, w, 6 },
      };

      for (guint i = 0; i < G_N_ELEMENTS (regions); i++)
        for (guint64 seed = 0; seed < maze_test_seeds (20); seed++)
          {
            g_autoptr(MazeGrid) grid = maze_test_new_centre_grid (first, 6);
            g_autoptr(GError) error = NULL;
            const MazeRect *r = &regions[i];
            guint32 cells = maze_test_count_cells (grid, r);
            guint32 parts = maze_grid_count_components (grid, r, FALSE);
            MazeGenerateOptions options;
            MazeStopCheck stop;

            maze_stop_check_init (&stop, NULL, NULL);
            options_for (&options, c, seed);
            g_assert_true (maze_generate_forest (grid, r, &options, &stop, &error));
            g_assert_no_error (error);
            g_assert_true (maze_grid_validate (grid, &error));
            g_assert_no_error (error);
            maze_test_assert_forest (grid, r, cells, parts);
          }
    }
}

/* The forest join (what a walk cut short or a row generator leaves is
 * joined with) over a forest that holds spokes already: each passage is
 * counted once, the centre's through its first-ring cells, and the
 * result is one tree. */
static void
test_join_forest (void)
{
  for (guint first = 3; first <= MAZE_POLAR_MAX_CENTRE_FIRST; first++)
    for (guint64 seed = 0; seed < maze_test_seeds (40); seed++)
      {
        g_autoptr(MazeGrid) grid = maze_test_new_centre_grid (first, 5);
        g_autoptr(GError) error = NULL;
        MazeStopCheck stop;
        MazeGenContext ctx = { 0 };
        guint nx = 0, ny = 0;

        /* Every spoke but one, and a passage along the first ring. */
        for (guint d = 1; d < first; d++)
          maze_grid_carve (grid, 0, 0, d, d, 1);
        maze_grid_carve (grid, 0, 1, MAZE_POLAR_CW, 1, 1);
        g_assert_true (maze_grid_step (grid, 0, 2, MAZE_POLAR_IN_A, &nx, &ny));
        maze_grid_carve (grid, 0, 2, MAZE_POLAR_IN_A, nx, ny);
        maze_stop_check_init (&stop, NULL, NULL);
        ctx.grid = grid;
        ctx.region = maze_grid_full_rect (grid);
        ctx.stop = &stop;
        maze_rng_init (&ctx.rng, seed);
        g_assert_true (maze_gen_join_forest (&ctx, &error));
        g_assert_no_error (error);
        g_assert_true (maze_grid_check_perfect (grid, &error));
        g_assert_no_error (error);
      }
}

/* Golden hashes of centre grids (first ring 6, 24 rings): a change here
 * changes every maze a seed makes (bump MAZE_GENERATOR_VERSION). */
static const struct
{
  MazeAlgorithm       algorithm;
  MazeGrowingTreeMode mode;
  guint64             hash;
} golden[] = {
#include "golden-hashes-centre.inc"
};

static void
test_golden (void)
{
  g_assert_cmpuint (G_N_ELEMENTS (golden), ==, G_N_ELEMENTS (cases));
  for (guint i = 0; i < G_N_ELEMENTS (golden); i++)
    {
      g_autoptr(MazeGrid) grid = maze_test_new_centre_grid (6, 24);
      MazeGenerateOptions options;

      maze_generate_options_init (&options);
      options.algorithm = golden[i].algorithm;
      options.growing_tree_mode = golden[i].mode;
      options.seed = 20261122;
      g_assert_true (maze_generate (grid, &options, NULL));
      if (maze_grid_hash (grid) != golden[i].hash)
        g_error ("%s (mode %u) on a centre grid: hash %016" G_GINT64_MODIFIER "x, expected %016"
                 G_GINT64_MODIFIER "x", maze_algorithm_get_info (golden[i].algorithm)->name,
                 golden[i].mode, maze_grid_hash (grid), golden[i].hash);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *name = maze_algorithm_get_info (cases[i].algorithm)->name;
      g_autofree char *label = cases[i].algorithm == MAZE_ALGORITHM_GROWING_TREE
        ? g_strdup_printf ("%s-%s", name, maze_growing_tree_mode_to_string (cases[i].mode))
        : g_strdup (name);
      g_autofree char *perfect = g_strdup_printf ("/maze/generate-centre/%s/perfect", label);
      g_autofree char *deterministic = g_strdup_printf ("/maze/generate-centre/%s/deterministic", label);
      g_autofree char *sector = g_strdup_printf ("/maze/generate-centre/%s/sector-forest", label);

      g_test_add_data_func (perfect, &cases[i], test_perfect);
      g_test_add_data_func (deterministic, &cases[i], test_deterministic);
      g_test_add_data_func (sector, &cases[i], test_sector_forest);
    }
  g_test_add_func ("/maze/generate-centre/join-forest", test_join_forest);
  g_test_add_func ("/maze/generate-centre/golden", test_golden);
  return g_test_run ();
}
