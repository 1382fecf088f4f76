/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include "maze-core.h"

static MazePolarLayout *
new_layout (guint    n_rings,
            gboolean centre,
            guint    first)
{
  g_autoptr(GError) error = NULL;
  MazePolarLayout *layout = maze_polar_layout_new (n_rings, centre, first, &error);

  g_assert_no_error (error);
  g_assert_nonnull (layout);
  return layout;
}

/* The rings of Buck's polar grid, worked out by hand: a centre, then 6,
 * 12 and 24 cells, 24 until the inner radius is 6 (2 pi 6 / 24 = 1.57
 * rows wide), then 48. */
static void
test_known_rings (void)
{
  static const guint32 with_centre[] = { 1, 6, 12, 24, 24, 24, 48, 48 };
  /* Around a room of radius 1: 6 cells at radius 1, 12 at radius 2
   * (2 pi 2 / 6 = 2.09), 24 at 3 (1.57), 24 at 4 and 5, 48 at 6. */
  static const guint32 with_room[] = { 6, 12, 24, 24, 24, 48 };
  g_autoptr(MazePolarLayout) centre = new_layout (G_N_ELEMENTS (with_centre), TRUE, 6);
  g_autoptr(MazePolarLayout) room = new_layout (G_N_ELEMENTS (with_room), FALSE, 6);
  guint64 total = 0;

  for (guint r = 0; r < G_N_ELEMENTS (with_centre); r++)
    {
      g_assert_cmpuint (maze_polar_ring_length (centre, r), ==, with_centre[r]);
      total += with_centre[r];
    }
  g_assert_cmpuint (centre->n_cells, ==, total);
  g_assert_cmpuint (centre->n_bands, ==, 5);
  for (guint r = 0; r < G_N_ELEMENTS (with_room); r++)
    g_assert_cmpuint (maze_polar_ring_length (room, r), ==, with_room[r]);
}

/* After the first ring a ring keeps or doubles the count inside it; its
 * cells are at least 0.75 rows wide at its inner radius once a ring has
 * split, and under 1.5 once one has not (past a handful of cells: a tiny
 * or huge first ring takes some rings to catch up, doubling at most once
 * a ring). The outer ring of the largest maze fits MAZE_MAX_SIDE and the
 * whole MAZE_MAX_CELLS. */
static void
test_ring_growth (void)
{
  for (guint centre = 0; centre < 2; centre++)
    for (guint first = 1; first <= (centre ? MAZE_POLAR_MAX_CENTRE_FIRST : MAZE_POLAR_MAX_FIRST);
         first++)
      {
        g_autoptr(MazePolarLayout) layout = new_layout (MAZE_POLAR_MAX_RINGS, centre, first);
        gboolean split = FALSE, kept = FALSE;

        g_assert_cmpuint (layout->n_cells, <=, MAZE_MAX_CELLS);
        g_assert_cmpuint (layout->n_bands, <=, 20);
        for (guint r = (centre ? 2 : 1); r < layout->n_rings; r++)
          {
            guint32 inside = maze_polar_ring_length (layout, r - 1);
            guint32 here = maze_polar_ring_length (layout, r);
            double width = 2 * G_PI * (r + (centre ? 0 : 1)) / here;

            g_assert_true (here == inside || here == 2 * inside);
            g_assert_cmpuint (here, <=, MAZE_MAX_SIDE);
            split |= here == 2 * inside;
            kept |= here == inside && inside >= 8;
            if (split)
              g_assert_cmpfloat (width, >=, 0.75 - 1e-6);
            if (kept)
              g_assert_cmpfloat (width, <, 1.5 + 1e-6);
          }
        g_assert_true (split && kept);
      }
}

/* Every cell's index and (x, y) agree, and the indices run 0..n-1 ring
 * after ring. */
static void
test_round_trip (void)
{
  static const struct { guint rings; gboolean centre; guint first; } cases[] = {
    { 1, TRUE, 6 }, { 1, FALSE, 6 }, { 2, TRUE, 1 }, { 9, TRUE, 6 }, { 40, FALSE, 3 },
    { 200, FALSE, 64 }, { 200, TRUE, 5 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MazePolarLayout) layout = new_layout (cases[i].rings, cases[i].centre,
                                                      cases[i].first);
      guint64 expected = 0;

      for (guint y = 0; y < layout->n_rings; y++)
        for (guint x = 0; x < maze_polar_ring_length (layout, y); x++, expected++)
          {
            guint bx = G_MAXUINT, by = G_MAXUINT;

            g_assert_cmpuint (maze_polar_cell_index (layout, x, y), ==, expected);
            maze_polar_cell_xy (layout, expected, &bx, &by);
            g_assert_cmpuint (bx, ==, x);
            g_assert_cmpuint (by, ==, y);
          }
      g_assert_cmpuint (expected, ==, layout->n_cells);
    }
}

static void
test_limits (void)
{
  static const struct { guint rings, first; const char *needle; } bad[] = {
    { 0, 6, "7800" }, { MAZE_POLAR_MAX_RINGS + 1, 6, "7800" },
    { 5, 0, "64" }, { 5, MAZE_POLAR_MAX_FIRST + 1, "64" },
  };

  g_autoptr(GError) error = NULL;
  g_autoptr(MazePolarLayout) room = new_layout (5, FALSE, MAZE_POLAR_MAX_CENTRE_FIRST + 1);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) bad_error = NULL;

      g_assert_null (maze_polar_layout_new (bad[i].rings, TRUE, bad[i].first, &bad_error));
      g_assert_error (bad_error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
      g_assert_nonnull (strstr (bad_error->message, bad[i].needle));
    }
  /* A centre's spokes are directions: six at most, a room takes more. */
  g_assert_null (maze_polar_layout_new (5, TRUE, MAZE_POLAR_MAX_CENTRE_FIRST + 1, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "centre cell borders at most 6"));
}

/* The centre's directions are spokes to the first ring: direction d to
 * cell d, the way back IN_A; the passage is the first-ring cell's bit,
 * the same seen from either side, and the centre's byte owns none. */
static void
test_centre_spokes (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, 5, 4, TRUE, &error);
  guint nx = 0, ny = 0;

  g_assert_no_error (error);
  g_assert_cmphex (maze_grid_dirs_at (grid, 0, 0), ==, 0x1f);
  for (guint d = 0; d < 5; d++)
    {
      g_assert_true (maze_grid_step (grid, 0, 0, d, &nx, &ny));
      g_assert_cmpuint (nx, ==, d);
      g_assert_cmpuint (ny, ==, 1);
      g_assert_cmpuint (maze_grid_back_dir (grid, 0, 0, d), ==, MAZE_POLAR_IN_A);
      g_assert_cmpuint (maze_grid_back_dir (grid, d, 1, MAZE_POLAR_IN_A), ==, d);
      g_assert_true (maze_grid_step (grid, d, 1, MAZE_POLAR_IN_A, &nx, &ny));
      g_assert_cmpuint (nx, ==, 0);
      g_assert_cmpuint (ny, ==, 0);
    }
  g_assert_false (maze_grid_step (grid, 0, 0, 5, &nx, &ny));

  maze_grid_carve (grid, 0, 0, 3, 3, 1);
  maze_grid_carve (grid, 1, 1, MAZE_POLAR_IN_A, 0, 0);
  g_assert_cmphex (grid->cells[0] & MAZE_CELL_PASSAGES, ==, 0);
  g_assert_cmphex (maze_grid_passage_mask (grid, 0, 0), ==, 1u << 3 | 1u << 1);
  g_assert_true (maze_grid_has_passage (grid, 3, 1, MAZE_POLAR_IN_A));
  g_assert_true (maze_grid_has_passage (grid, 0, 0, 1));
  g_assert_false (maze_grid_has_passage (grid, 0, 0, 0));
  g_assert_cmpuint (maze_grid_count_passages (grid), ==, 2);
  g_assert_true (maze_grid_validate (grid, &error));
  maze_grid_uncarve (grid, 0, 0, 3, 3, 1);
  g_assert_false (maze_grid_has_passage (grid, 3, 1, MAZE_POLAR_IN_A));
  g_assert_cmpuint (maze_grid_degree (grid, 0, 0), ==, 1);

  /* A passage bit in the centre's own byte is no passage: refused. */
  grid->cells[0] |= 1;
  g_assert_false (maze_grid_validate (grid, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/maze/polar/known-rings", test_known_rings);
  g_test_add_func ("/maze/polar/ring-growth", test_ring_growth);
  g_test_add_func ("/maze/polar/round-trip", test_round_trip);
  g_test_add_func ("/maze/polar/limits", test_limits);
  g_test_add_func ("/maze/polar/centre-spokes", test_centre_spokes);
  return g_test_run ();
}
