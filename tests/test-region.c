/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-core.h"
#include "maze-test-util.h"

/* Region regeneration must leave one perfect maze and touch nothing but the
 * region and the walls across its border. */

static MazeGrid *
make_maze (MazeShape     shape,
           guint         width,
           guint         height,
           MazeAlgorithm algorithm,
           guint64       seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new (shape, maze_test_fit_width (shape, width, height),
                                            height, &error);
  MazeGenerateOptions options;

  g_assert_no_error (error);
  maze_generate_options_init (&options);
  options.algorithm = algorithm;
  options.seed = seed;
  g_assert_true (maze_generate (grid, &options, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&grid);
}

/* On the circular grid r is a ring sector (see MazeRect). */
static gboolean
in_rect (const MazeGrid *grid,
         const MazeRect *r,
         guint           x,
         guint           y)
{
  return maze_rect_contains_cell (grid, r, x, y);
}

/* Every passage with neither end in r is the same in a and b. */
static void
assert_same_outside (const MazeGrid *a,
                     const MazeGrid *b,
                     const MazeRect *r)
{
  for (guint y = 0; y < a->height; y++)
    for (guint x = 0; x < maze_grid_row_length (a, y); x++)
      for (guint d = 0; d < a->topology->n_dirs; d++)
        {
          guint nx, ny;

          if (!maze_grid_step (a, x, y, d, &nx, &ny))
            continue;
          if (in_rect (a, r, x, y) || in_rect (a, r, nx, ny))
            continue;
          g_assert_cmpint (maze_grid_has_passage (a, x, y, d), ==,
                           maze_grid_has_passage (b, x, y, d));
        }
}

static MazeRect
random_rect (GRand          *rand,
             const MazeGrid *grid)
{
  MazeRect r;

  r.x = g_rand_int_range (rand, 0, grid->width);
  r.y = g_rand_int_range (rand, 0, grid->height);
  r.width = g_rand_int_range (rand, 1, grid->width - r.x + 1);
  r.height = g_rand_int_range (rand, 1, grid->height - r.y + 1);
  return r;
}

static void
run_random_regenerations (MazeShape shape,
                          guint     width,
                          guint     height,
                          guint     rounds)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1234 + shape);
  g_autoptr(MazeGrid) grid = make_maze (shape, width, height, MAZE_ALGORITHM_BACKTRACKER, 7);

  for (guint i = 0; i < rounds; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MazeGrid) before = maze_grid_copy (grid);
      MazeRect r = random_rect (rand, grid);
      MazeGenerateOptions options;

      maze_generate_options_init (&options);
      do
        options.algorithm = (MazeAlgorithm) g_rand_int_range (rand, 0, MAZE_N_ALGORITHMS);
      while (!maze_algorithm_supports (options.algorithm, shape));
      options.seed = maze_rng_derive (99, i);

      g_test_message ("round %u: %s in %ux%u at (%u,%u)", i,
                      maze_algorithm_get_info (options.algorithm)->name,
                      r.width, r.height, r.x, r.y);
      maze_regenerate_region (grid, &r, NULL, &options, &error);
      g_assert_no_error (error);
      maze_grid_check_perfect (grid, &error);
      g_assert_no_error (error);
      assert_same_outside (before, grid, &r);
    }
}

static void
test_random_rect (void)
{
  run_random_regenerations (MAZE_SHAPE_RECT, 23, 17, 1000);
}

static void
test_random_hex (void)
{
  run_random_regenerations (MAZE_SHAPE_HEX, 19, 21, 1000);
}

/* Triangles: a region one column wide is in pieces of two triangles;
 * the stitch joins them through the outside. */
static void
test_random_tri (void)
{
  run_random_regenerations (MAZE_SHAPE_TRI, 24, 15, 1000);
}

/* Ring sectors, some reaching round past angle 0, some whole rings. */
static void
test_random_circular (void)
{
  run_random_regenerations (MAZE_SHAPE_CIRCULAR, 6, 20, 1000);
}

/* A ring sector across angle 0 (x + width past the outer ring's end)
 * regenerates just that sector, on several ring layouts: the maze stays
 * perfect, nothing with no end in the sector changes, the same seed
 * gives the same maze, and the half past angle 0 is regenerated too. */
static void
test_wrapping_sector (void)
{
  const struct { guint first, rings; } layouts[] = { { 6, 12 }, { 3, 20 }, { 8, 7 }, { 5, 9 } };

  for (guint l = 0; l < G_N_ELEMENTS (layouts); l++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_CIRCULAR, layouts[l].first,
                                                layouts[l].rings, &error);
      g_autoptr(GRand) rand = g_rand_new_with_seed (4321 + l);
      MazeGenerateOptions options;
      guint past_0_changed = 0;

      g_assert_no_error (error);
      maze_generate_options_init (&options);
      options.seed = 11 + l;
      g_assert_true (maze_generate (grid, &options, &error));
      maze_grid_check_perfect (grid, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < 40; i++)
        {
          g_autoptr(MazeGrid) before = maze_grid_copy (grid);
          g_autoptr(MazeGrid) again = maze_grid_copy (grid);
          MazeRect r, before_0, past_0, reach;

          r.x = g_rand_int_range (rand, grid->width / 2, grid->width);
          r.width = g_rand_int_range (rand, grid->width - r.x + 1, grid->width);
          r.y = g_rand_int_range (rand, 0, grid->height);
          r.height = g_rand_int_range (rand, 1, grid->height - r.y + 1);
          g_assert_true (maze_region_wraps (grid, &r));
          maze_region_split_at_0 (grid, &r, &before_0, &past_0);
          do
            options.algorithm = (MazeAlgorithm) g_rand_int_range (rand, 0, MAZE_N_ALGORITHMS);
          while (!maze_algorithm_supports (options.algorithm, MAZE_SHAPE_CIRCULAR));
          options.seed = maze_rng_derive (l, i);

          g_test_message ("layout %u round %u: %ux%u at (%u,%u)", l, i,
                          r.width, r.height, r.x, r.y);
          g_assert_true (maze_regenerate_region (grid, &r, NULL, &options, &error));
          g_assert_no_error (error);
          maze_grid_check_perfect (grid, &error);
          g_assert_no_error (error);
          for (guint y = 0; y < grid->height; y++)
            for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
              for (guint d = 0; d < grid->topology->n_dirs; d++)
                {
                  guint nx, ny;

                  if (!maze_grid_step (grid, x, y, d, &nx, &ny) ||
                      maze_region_contains_cell (grid, &r, x, y) ||
                      maze_region_contains_cell (grid, &r, nx, ny))
                    continue;
                  g_assert_cmpint (maze_grid_has_passage (before, x, y, d), ==,
                                   maze_grid_has_passage (grid, x, y, d));
                }
          reach = maze_region_get_reach (grid, &r);
          for (guint32 c = 0; c < grid->n_cells; c++)
            {
              guint x, y;

              maze_grid_xy (grid, c, &x, &y);
              if (!maze_rect_contains_cell (grid, &reach, x, y))
                g_assert_cmpint (grid->cells[c], ==, before->cells[c]);
              else if (maze_rect_contains_cell (grid, &past_0, x, y) &&
                       !maze_rect_contains_cell (grid, &before_0, x, y) &&
                       grid->cells[c] != before->cells[c])
                past_0_changed++;
            }
          g_assert_true (maze_regenerate_region (again, &r, NULL, &options, NULL));
          g_assert_true (maze_grid_equal (grid, again));
        }
      g_assert_cmpuint (past_0_changed, >, 0);
    }
}

/* On rings around a centre cell: random sectors, sectors holding the
 * centre (ring 0 spans every outer column) and sectors from ring 1 that
 * only touch it, some masking the centre or a first-ring cell; every
 * circular algorithm (growing tree in each mode). The maze stays
 * perfect over its open cells, nothing with no end in the sector
 * changes, and the same seed makes the same maze. */
static void
test_centre_sectors (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1414);
  guint rounds = maze_test_seeds (150);
  guint centre_masked = 0;

  for (guint first = 3; first <= MAZE_POLAR_MAX_CENTRE_FIRST; first++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MazeGrid) grid = maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, first, 9, TRUE, &error);
      MazeGenerateOptions options;

      g_assert_no_error (error);
      maze_generate_options_init (&options);
      options.seed = first;
      g_assert_true (maze_generate (grid, &options, &error));
      g_assert_no_error (error);
      for (guint i = 0; i < rounds; i++)
        {
          g_autoptr(MazeGrid) before = maze_grid_copy (grid);
          g_autoptr(MazeGrid) again = NULL;
          g_autofree guint8 *mask = NULL;
          MazeRect r = random_rect (rand, grid), reach;
          guint kind = i % 4;

          /* 0: anywhere; 1: holding the centre; 2: from ring 1. */
          if (kind == 1 || kind == 3)
            {
              r.height += r.y;
              r.y = 0;
            }
          else if (kind == 2)
            {
              r.height = MAX (r.height + r.y, 2) - 1;
              r.y = 1;
            }
          /* 3: holding the centre, which the new mask takes out or puts
           * back, with the sector's first first-ring cell on odd rounds. */
          if (kind == 3)
            {
              guint x0, x1;

              mask = g_new0 (guint8, r.width * r.height);
              mask[maze_rect_local (grid, &r, 0, 0)] = (i / 4) % 2 == 0;
              maze_rect_row_span (grid, &r, 1, &x0, &x1);
              if (r.height > 1 && (i / 8) % 2 == 0)
                mask[maze_rect_local (grid, &r, x0, 1)] = 1;
            }
          do
            options.algorithm = (MazeAlgorithm) g_rand_int_range (rand, 0, MAZE_N_ALGORITHMS);
          while (!maze_algorithm_supports (options.algorithm, MAZE_SHAPE_CIRCULAR));
          options.growing_tree_mode = (MazeGrowingTreeMode) g_rand_int_range (rand, 0, 3);
          options.seed = maze_rng_derive (first, i);

          g_test_message ("first %u round %u: %s in %ux%u at (%u,%u)", first, i,
                          maze_algorithm_get_info (options.algorithm)->name,
                          r.width, r.height, r.x, r.y);
          again = maze_grid_copy (grid);
          if (!maze_regenerate_region (grid, &r, mask, &options, &error))
            {
              /* A mask may cut cells off: refused, the grid as it was. */
              g_assert_nonnull (mask);
              g_assert_error (error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED);
              g_assert_true (maze_grid_equal (grid, before));
              g_clear_error (&error);
              continue;
            }
          maze_grid_check_perfect (grid, &error);
          g_assert_no_error (error);
          assert_same_outside (before, grid, &r);
          reach = maze_region_get_reach (grid, &r);
          for (guint32 c = 0; c < grid->n_cells; c++)
            {
              guint x, y;

              maze_grid_xy (grid, c, &x, &y);
              if (!maze_rect_contains_cell (grid, &reach, x, y))
                g_assert_cmpint (grid->cells[c], ==, before->cells[c]);
            }
          g_assert_true (maze_regenerate_region (again, &r, mask, &options, NULL));
          g_assert_true (maze_grid_equal (grid, again));
          centre_masked += maze_grid_is_masked (grid, 0);
        }
    }
  g_assert_cmpuint (centre_masked, >, 0);
}

/* Small regions of a big maze of long corridors: the outside pieces often
 * join far away, so many of these go through the fallback that keeps the
 * old pieces. The maze must stay perfect all the same. */
static void
test_big_maze (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (77);
  g_autoptr(MazeGrid) grid = make_maze (MAZE_SHAPE_RECT, 300, 300, MAZE_ALGORITHM_BACKTRACKER, 3);

  for (guint i = 0; i < 60; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MazeGrid) before = maze_grid_copy (grid);
      guint side = g_rand_int_range (rand, 3, 16);
      MazeRect r = { g_rand_int_range (rand, 0, 300 - side), g_rand_int_range (rand, 0, 300 - side),
                     side, side };
      MazeGenerateOptions options;

      maze_generate_options_init (&options);
      options.algorithm = i % 2 ? MAZE_ALGORITHM_KRUSKAL : MAZE_ALGORITHM_BACKTRACKER;
      options.seed = i;
      g_assert_true (maze_regenerate_region (grid, &r, NULL, &options, &error));
      g_assert_no_error (error);
      maze_grid_check_perfect (grid, &error);
      g_assert_no_error (error);
      assert_same_outside (before, grid, &r);
    }
}

static void
test_thin_mazes (void)
{
  run_random_regenerations (MAZE_SHAPE_RECT, 1, 40, 200);
  run_random_regenerations (MAZE_SHAPE_RECT, 40, 1, 200);
  run_random_regenerations (MAZE_SHAPE_HEX, 2, 30, 200);
  run_random_regenerations (MAZE_SHAPE_TRI, 2, 30, 200);
  run_random_regenerations (MAZE_SHAPE_TRI, 40, 1, 200);
}

/* The region really changes: a different seed gives different passages. */
static void
test_region_changes (void)
{
  g_autoptr(MazeGrid) grid = make_maze (MAZE_SHAPE_RECT, 40, 40, MAZE_ALGORITHM_BACKTRACKER, 3);
  g_autoptr(MazeGrid) before = maze_grid_copy (grid);
  g_autoptr(GError) error = NULL;
  MazeRect r = { 10, 10, 20, 20 };
  MazeGenerateOptions options;
  guint changed = 0;

  maze_generate_options_init (&options);
  options.seed = 424242;
  g_assert_true (maze_regenerate_region (grid, &r, NULL, &options, &error));
  g_assert_no_error (error);
  for (guint y = r.y; y < r.y + r.height; y++)
    for (guint x = r.x; x < r.x + r.width; x++)
      changed += maze_grid_passage_mask (grid, x, y) != maze_grid_passage_mask (before, x, y);
  g_assert_cmpuint (changed, >, 100);
}

/* Same maze, region and seed: same result. */
static void
test_deterministic (void)
{
  g_autoptr(MazeGrid) a = make_maze (MAZE_SHAPE_HEX, 30, 30, MAZE_ALGORITHM_BACKTRACKER, 5);
  g_autoptr(MazeGrid) b = maze_grid_copy (a);
  MazeRect r = { 5, 7, 12, 9 };
  MazeGenerateOptions options;

  maze_generate_options_init (&options);
  options.algorithm = MAZE_ALGORITHM_KRUSKAL;
  options.seed = 77;
  g_assert_true (maze_regenerate_region (a, &r, NULL, &options, NULL));
  g_assert_true (maze_regenerate_region (b, &r, NULL, &options, NULL));
  g_assert_true (maze_grid_equal (a, b));
}

/* A regeneration changes no cell byte outside the region's reach, and
 * the reach is the region and one ring around it, clipped to the grid. */
static void
test_reach (void)
{
  const MazeRect regions[] = { { 0, 0, 5, 4 }, { 7, 6, 6, 5 }, { 14, 10, 4, 4 }, { 0, 0, 18, 14 } };

  for (guint shape = 0; shape < MAZE_N_SHAPES; shape++)
    for (guint i = 0; i < G_N_ELEMENTS (regions); i++)
      {
        g_autoptr(MazeGrid) grid = make_maze ((MazeShape) shape, 18, 14, MAZE_ALGORITHM_KRUSKAL, 20 + i);
        g_autoptr(MazeGrid) before = maze_grid_copy (grid);
        MazeRect reach = maze_region_get_reach (grid, &regions[i]);
        MazeGenerateOptions options;

        guint y0 = regions[i].y > 0 ? regions[i].y - 1 : 0;
        /* A cell of the innermost ring reached, in outer-ring columns. */
        guint cell = maze_grid_row_scale (grid, y0);
        guint x0 = regions[i].x > cell ? regions[i].x - cell : 0;
        guint x1 = MIN (regions[i].x + regions[i].width + cell, grid->width);

        /* A ring goes round: a sector reaching angle 0 takes the turn. */
        if (shape == MAZE_SHAPE_CIRCULAR && (x0 == 0 || x1 == grid->width))
          {
            x0 = 0;
            x1 = grid->width;
          }
        g_assert_cmpuint (reach.x, ==, x0);
        g_assert_cmpuint (reach.y, ==, y0);
        g_assert_cmpuint (reach.x + reach.width, ==, x1);
        g_assert_cmpuint (reach.y + reach.height, ==, MIN (regions[i].y + regions[i].height + 1, grid->height));

        maze_generate_options_init (&options);
        options.seed = 99 + i;
        g_assert_true (maze_regenerate_region (grid, &regions[i], NULL, &options, NULL));
        for (guint y = 0; y < grid->height; y++)
          for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
            if (!in_rect (grid, &reach, x, y))
              g_assert_cmpuint (grid->cells[maze_grid_index (grid, x, y)], ==,
                                before->cells[maze_grid_index (before, x, y)]);
      }
}

/* A mask edit regenerates the painted cells and MAZE_MASK_MARGIN around
 * them: the painted ones take the brush's state, the margin keeps its
 * own; painting off the grid is refused. */
static void
test_mask_edit_region (void)
{
  g_autoptr(MazeGrid) grid = make_maze (MAZE_SHAPE_RECT, 12, 10, MAZE_ALGORITHM_BACKTRACKER, 4);
  g_autoptr(GError) error = NULL;
  g_autofree guint8 *region_mask = NULL;
  const guint8 painted_mask[4] = { 1, 0, 0, 1 };
  MazeRect painted = { 1, 6, 2, 2 }, outside = { 11, 9, 2, 1 }, empty = { 3, 3, 0, 1 };
  MazeRect region;
  MazeGenerateOptions options;

  maze_generate_options_init (&options);
  options.seed = 9;
  maze_grid_set_masked (grid, 0, 9, TRUE);
  region_mask = maze_mask_edit_region (grid, &painted, painted_mask, &options, &region, &error);
  g_assert_no_error (error);
  g_assert_nonnull (region_mask);
  g_assert_cmpuint (region.x, ==, 0);
  g_assert_cmpuint (region.y, ==, 6 - MAZE_MASK_MARGIN);
  g_assert_cmpuint (region.x + region.width, ==, 3 + MAZE_MASK_MARGIN);
  g_assert_cmpuint (region.y + region.height, ==, 10);
  for (guint y = region.y; y < region.y + region.height; y++)
    for (guint x = region.x; x < region.x + region.width; x++)
      {
        guint8 expected = in_rect (grid, &painted, x, y)
                          ? painted_mask[(y - painted.y) * painted.width + (x - painted.x)]
                          : (x == 0 && y == 9);

        g_assert_cmpuint (region_mask[(y - region.y) * region.width + (x - region.x)] != 0, ==, expected);
      }

  g_assert_null (maze_mask_edit_region (grid, &outside, painted_mask, &options, &region, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_null (maze_mask_edit_region (grid, &empty, painted_mask, &options, &region, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
}

/* Painting cells out with the mask keeps the maze perfect; a mask that
 * would cut a cell off is refused and leaves the maze as it was. */
static void
test_mask_brush (void)
{
  g_autoptr(MazeGrid) grid = make_maze (MAZE_SHAPE_RECT, 12, 12, MAZE_ALGORITHM_BACKTRACKER, 11);
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;
  MazeRect r = { 3, 3, 3, 3 };
  guint8 ring[9] = { 1, 1, 1, 1, 0, 1, 1, 1, 1 };
  guint8 centre[9] = { 0, 0, 0, 0, 1, 0, 0, 0, 0 };
  g_autoptr(MazeGrid) before = NULL;

  maze_generate_options_init (&options);
  options.seed = 5;
  g_assert_true (maze_regenerate_region (grid, &r, centre, &options, &error));
  g_assert_no_error (error);
  g_assert_true (maze_grid_is_masked (grid, maze_grid_index (grid, 4, 4)));
  maze_grid_check_perfect (grid, &error);
  g_assert_no_error (error);

  /* Unmask it again. */
  memset (centre, 0, sizeof centre);
  g_assert_true (maze_regenerate_region (grid, &r, centre, &options, &error));
  g_assert_no_error (error);
  g_assert_false (maze_grid_is_masked (grid, maze_grid_index (grid, 4, 4)));
  maze_grid_check_perfect (grid, &error);
  g_assert_no_error (error);

  /* A ring of masked cells would cut the centre off. */
  before = maze_grid_copy (grid);
  g_assert_false (maze_regenerate_region (grid, &r, ring, &options, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED);
  g_assert_true (maze_grid_equal (before, grid));
}

/* A region masked out whole and opened again (all or part of it) joins
 * the maze again: it had no old door to say where, and was left an
 * island that solvers could not reach. Random masks over small mazes,
 * many masked whole: after each edit the maze is perfect, or the edit was
 * refused and nothing changed. */
static void
test_mask_unmask_whole (void)
{
  g_autoptr(MazeGrid) grid = make_maze (MAZE_SHAPE_RECT, 5, 5, MAZE_ALGORITHM_BACKTRACKER, 1);
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;
  MazeRect ring = { 1, 1, 3, 3 }, centre = { 2, 2, 1, 1 };
  guint8 only_centre[9] = { 0, 0, 0, 0, 1, 0, 0, 0, 0 };
  guint8 open = 0;
  MazeRng rng;
  guint accepted = 0;

  maze_generate_options_init (&options);
  g_assert_true (maze_regenerate_region (grid, &ring, only_centre, &options, &error));
  g_assert_no_error (error);
  g_assert_true (maze_regenerate_region (grid, &centre, &open, &options, &error));
  g_assert_no_error (error);
  maze_grid_check_perfect (grid, &error);
  g_assert_no_error (error);

  maze_rng_init (&rng, 7);
  /* 1500 rounds of each shape, taking turns. */
  for (guint round = 0; round < 1500 * MAZE_N_SHAPES; round++)
    {
      MazeShape shape = round % MAZE_N_SHAPES;
      g_autoptr(MazeGrid) maze = make_maze (shape, 6, 5, MAZE_ALGORITHM_PRIM, round);

      for (guint step = 0; step < 6; step++)
        {
          MazeRect r;
          guint8 mask[12];
          gboolean whole = maze_rng_below (&rng, 2) == 0;
          g_autoptr(MazeGrid) before = maze_grid_copy (maze);
          g_autoptr(GError) local_error = NULL;

          r.width = 1 + maze_rng_below (&rng, 3);
          r.height = 1 + maze_rng_below (&rng, 3);
          r.x = maze_rng_below (&rng, 6 - r.width + 1);
          r.y = maze_rng_below (&rng, 5 - r.height + 1);
          for (guint i = 0; i < r.width * r.height; i++)
            mask[i] = whole ? 1 : maze_rng_below (&rng, 3) == 0;
          options.seed = round * 10 + step;
          if (maze_regenerate_region (maze, &r, mask, &options, &local_error))
            {
              accepted++;
              if (maze_grid_count_open (maze) > 0)
                {
                  maze_grid_check_perfect (maze, &local_error);
                  g_assert_no_error (local_error);
                }
            }
          else
            {
              g_assert_error (local_error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED);
              g_assert_true (maze_grid_equal (before, maze));
            }
        }
    }
  g_assert_cmpuint (accepted, >, 1500 * MAZE_N_SHAPES);
}

/* Braided mazes have loops: regeneration with a mask change must still
 * keep them valid and connected. (These cases pass with or without the
 * whole-maze retry in maze-region.c; no small case that needs the retry
 * has been found yet.) */
static void
test_braided (void)
{
  for (guint64 seed = 0; seed < 40; seed++)
    {
      g_autoptr(MazeGrid) grid = make_maze (seed % 2 ? MAZE_SHAPE_HEX : MAZE_SHAPE_RECT,
                                            30, 30, MAZE_ALGORITHM_BACKTRACKER, seed);
      g_autoptr(GError) error = NULL;
      MazeGenerateOptions options;
      MazeRect r = { 10 + seed % 7, 8 + seed % 5, 4, 4 };
      guint8 mask[16] = { 0 };

      maze_braid (grid, MAZE_BRAID_ONE / 4, seed, NULL);
      mask[5] = 1;
      maze_generate_options_init (&options);
      options.seed = seed;
      g_assert_true (maze_regenerate_region (grid, &r, mask, &options, &error));
      g_assert_no_error (error);
      g_assert_true (maze_grid_validate (grid, &error));
      g_assert_cmpuint (maze_grid_count_components (grid, NULL, TRUE), ==, 1);
      g_assert_true (maze_regenerate_region (grid, &r, NULL, &options, &error));
      g_assert_cmpuint (maze_grid_count_components (grid, NULL, TRUE), ==, 1);
    }
}

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

/* Told to stop at its first or second question, a regeneration with any
 * algorithm ends there with MAZE_ERROR_CANCELLED and the grid exactly as
 * it was: in a maze it sees whole, and in one of long corridors too big
 * to flood, where it regenerates the region within its old pieces. */
static void
test_stop (void)
{
  g_autoptr(MazeGrid) small = make_maze (MAZE_SHAPE_RECT, 200, 150, MAZE_ALGORITHM_KRUSKAL, 4);
  g_autoptr(MazeGrid) big = make_maze (MAZE_SHAPE_RECT, 600, 600, MAZE_ALGORITHM_BACKTRACKER, 4);
  struct { MazeGrid *grid; MazeRect r; } cases[] = {
    { small, { 20, 15, 150, 120 } }, { big, { 250, 250, 100, 100 } },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (MazeAlgorithm algorithm = 0; algorithm < MAZE_N_ALGORITHMS; algorithm++)
      {
        g_autoptr(MazeGrid) original = maze_grid_copy (cases[c].grid);
        g_autoptr(MazeGrid) finished = maze_grid_copy (cases[c].grid);
        MazeGenerateOptions options;
        StopAt never = { 0, 0 };

        maze_generate_options_init (&options);
        options.algorithm = algorithm;
        options.seed = 12;
        options.stop = stop_at_cb;
        options.stop_data = &never;
        g_assert_true (maze_regenerate_region (finished, &cases[c].r, NULL, &options, NULL));
        g_assert_cmpuint (never.asked, >=, 2);

        for (guint stop_at = 1; stop_at <= 2; stop_at++)
          {
            g_autoptr(GError) error = NULL;
            StopAt stop = { 0, stop_at };

            options.stop_data = &stop;
            g_assert_false (maze_regenerate_region (cases[c].grid, &cases[c].r, NULL, &options,
                                                    &error));
            g_assert_error (error, MAZE_ERROR, MAZE_ERROR_CANCELLED);
            g_assert_cmpuint (stop.asked, ==, stop_at);
            g_assert_true (maze_grid_equal (original, cases[c].grid));
          }
      }
}

static void
test_bad_region (void)
{
  g_autoptr(MazeGrid) grid = make_maze (MAZE_SHAPE_RECT, 5, 5, MAZE_ALGORITHM_BACKTRACKER, 1);
  g_autoptr(GError) error = NULL;
  MazeRect r = { 9, 9, 2, 2 };
  MazeGenerateOptions options;

  maze_generate_options_init (&options);
  g_assert_false (maze_regenerate_region (grid, &r, NULL, &options, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
}

/* The open cells of grid with painted's mask applied all touch one
 * another (side by side, walls aside): worked out here, apart from the
 * core. */
static gboolean
open_cells_touch (const MazeGrid *grid,
                  const guint8   *masked)
{
  g_autofree guint32 *queue = g_new (guint32, grid->n_cells);
  g_autofree guint8 *seen = g_new0 (guint8, grid->n_cells);
  guint32 head = 0, tail = 0, open = 0;

  for (guint32 i = 0; i < grid->n_cells; i++)
    if (!masked[i] && open++ == 0)
      {
        seen[i] = 1;
        queue[tail++] = i;
      }
  while (head < tail)
    {
      guint32 cell = queue[head++];
      guint x, y;

      maze_grid_xy (grid, cell, &x, &y);
      for (guint d = 0; d < grid->topology->n_dirs; d++)
        {
          guint nx, ny;
          guint32 next;

          if (!maze_grid_step (grid, x, y, d, &nx, &ny))
            continue;
          next = maze_grid_index (grid, nx, ny);
          if (!masked[next] && !seen[next])
            {
              seen[next] = 1;
              queue[tail++] = next;
            }
        }
    }
  return open > 0 && tail == open;
}

/* A brush stroke of any shape, as one edit, is accepted exactly when the
 * open cells would still all touch, and then leaves a perfect maze; a
 * refused one changes nothing. An L along the top row and down a side
 * was refused as one stroke and accepted as two: an outside piece whose
 * doors were all painted out joined the rest only beyond the margin. */
static void
test_mask_strokes (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261126);
  guint accepted = 0, refused = 0, widened = 0;

  for (guint trial = 0; trial < 300; trial++)
    {
      MazeShape shape = trial % 2 ? MAZE_SHAPE_HEX : MAZE_SHAPE_RECT;
      g_autoptr(MazeGrid) grid = make_maze (shape, 15, 12, MAZE_ALGORITHM_BACKTRACKER, trial);

      for (guint stroke = 0; stroke < 6; stroke++)
        {
          g_autoptr(MazeGrid) before = maze_grid_copy (grid);
          g_autoptr(GError) error = NULL;
          g_autofree guint8 *masked = g_new0 (guint8, grid->n_cells);
          g_autofree guint8 *painted_cells = g_new0 (guint8, grid->n_cells);
          g_autofree guint8 *mask = NULL;
          g_autofree guint8 *region_mask = NULL;
          guint x = g_rand_int_range (rand, 0, 15), y = g_rand_int_range (rand, 0, 12);
          guint length = g_rand_int_range (rand, 1, 25);
          gboolean unmask = g_rand_int_range (rand, 0, 4) == 0;
          guint x0 = x, y0 = y, x1 = x, y1 = y;
          MazeRect painted, region;
          MazeGenerateOptions options;
          gboolean ok, touch;

          /* A drag: from cell to neighbouring cell. */
          for (guint i = 0; i < length; i++)
            {
              guint nx, ny;

              painted_cells[maze_grid_index (grid, x, y)] = 1;
              x0 = MIN (x0, x); y0 = MIN (y0, y); x1 = MAX (x1, x); y1 = MAX (y1, y);
              if (maze_grid_step (grid, x, y, g_rand_int_range (rand, 0, grid->topology->n_dirs), &nx, &ny))
                {
                  x = nx;
                  y = ny;
                }
            }
          painted = (MazeRect) { x0, y0, x1 - x0 + 1, y1 - y0 + 1 };
          mask = g_new0 (guint8, (gsize) painted.width * painted.height);
          for (guint32 i = 0; i < grid->n_cells; i++)
            masked[i] = maze_grid_is_masked (grid, i);
          for (guint py = 0; py < painted.height; py++)
            for (guint px = 0; px < painted.width; px++)
              {
                guint32 cell = maze_grid_index (grid, painted.x + px, painted.y + py);

                if (painted_cells[cell])
                  masked[cell] = !unmask;
                mask[py * painted.width + px] = masked[cell];
              }
          touch = open_cells_touch (grid, masked);

          maze_generate_options_init (&options);
          options.seed = trial * 10 + stroke;
          region_mask = maze_mask_edit_region (grid, &painted, mask, &options, &region, &error);
          /* Deciding leaves the grid as it was. */
          g_assert_true (maze_grid_equal (grid, before));
          ok = region_mask != NULL &&
               maze_regenerate_region (grid, &region, region_mask, &options, &error);
          if (ok != touch)
            g_error ("trial %u stroke %u: %s, but the open cells %s", trial, stroke,
                     ok ? "accepted" : error->message, touch ? "touch" : "do not touch");
          if (ok)
            {
              g_assert_true (maze_grid_check_perfect (grid, NULL));
              accepted++;
              widened += region.width > painted.width + 2 * MAZE_MASK_MARGIN ||
                         region.height > painted.height + 2 * MAZE_MASK_MARGIN;
            }
          else
            {
              g_assert_error (error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED);
              g_assert_true (maze_grid_equal (grid, before));
              refused++;
            }
        }
    }
  g_test_message ("%u accepted (%u widened), %u refused", accepted, widened, refused);
  g_assert_cmpuint (accepted, >, 0);
  g_assert_cmpuint (refused, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/maze/region/random-rect", test_random_rect);
  g_test_add_func ("/maze/region/random-hex", test_random_hex);
  g_test_add_func ("/maze/region/random-tri", test_random_tri);
  g_test_add_func ("/maze/region/random-circular", test_random_circular);
  g_test_add_func ("/maze/region/wrapping-sector", test_wrapping_sector);
  g_test_add_func ("/maze/region/centre-sectors", test_centre_sectors);
  g_test_add_func ("/maze/region/thin", test_thin_mazes);
  g_test_add_func ("/maze/region/big-maze", test_big_maze);
  g_test_add_func ("/maze/region/changes", test_region_changes);
  g_test_add_func ("/maze/region/deterministic", test_deterministic);
  g_test_add_func ("/maze/region/reach", test_reach);
  g_test_add_func ("/maze/region/mask-edit-region", test_mask_edit_region);
  g_test_add_func ("/maze/region/mask-strokes", test_mask_strokes);
  g_test_add_func ("/maze/region/mask-brush", test_mask_brush);
  g_test_add_func ("/maze/region/mask-unmask-whole", test_mask_unmask_whole);
  g_test_add_func ("/maze/region/braided", test_braided);
  g_test_add_func ("/maze/region/bad-region", test_bad_region);
  g_test_add_func ("/maze/region/stop", test_stop);
  return g_test_run ();
}
