/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "maze-overlay.h"

/* MazeOverlay without a display: it keeps copies, and says what changed
 * where. */

typedef struct
{
  guint    n;
  guint    changes;
  gboolean has_rect;
  MazeRect rect;
} Changes;

static void
changed_cb (MazeOverlay    *overlay,
            guint           changes,
            const MazeRect *rect,
            Changes        *seen)
{
  seen->n++;
  seen->changes = changes;
  seen->has_rect = rect != NULL;
  if (rect != NULL)
    seen->rect = *rect;
}

static void
test_changes (void)
{
  g_autoptr(MazeOverlay) overlay = maze_overlay_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 6, 4, &error);
  g_autoptr(MazeGrid) other = NULL;
  g_autofree guint32 *heat = g_new (guint32, 24);
  g_autofree guint8 *roles = g_new0 (guint8, 24);
  guint32 path[] = { 0, 1, 7 };
  MazeRect rect = { 2, 1, 2, 2 }, extent;
  Changes seen = { 0 };

  g_assert_no_error (error);
  g_signal_connect (overlay, "changed", G_CALLBACK (changed_cb), &seen);
  maze_overlay_set_size (overlay, grid);
  g_assert_true (maze_overlay_fits (overlay, grid));
  g_assert_cmpuint (seen.n, ==, 0);

  /* A path, copied; the same again says nothing. */
  maze_overlay_set_path (overlay, 2, path, G_N_ELEMENTS (path));
  g_assert_cmpuint (seen.n, ==, 1);
  g_assert_cmpuint (seen.changes, ==, MAZE_OVERLAY_CHANGED_PATHS);
  path[2] = 2;
  g_assert_cmpuint (maze_overlay_get_path (overlay, 2, NULL)[2], ==, 7);
  maze_overlay_set_path (overlay, 2, maze_overlay_get_path (overlay, 2, NULL), 3);
  g_assert_cmpuint (seen.n, ==, 1);
  g_assert_true (maze_overlay_has_paths (overlay));

  /* Heat values and roles: copied; an update copies only its cells and
   * says where. */
  for (guint i = 0; i < 24; i++)
    heat[i] = G_MAXUINT32;
  maze_overlay_set_heat_map (overlay, MAZE_OVERLAY_HEAT, heat, 10, NULL);
  maze_overlay_set_cell_roles (overlay, roles);
  g_assert_cmpuint (seen.changes, ==, MAZE_OVERLAY_CHANGED_CELLS);
  g_assert_false (maze_overlay_get_cells_extent (overlay, NULL, &extent));
  for (guint i = 0; i < 24; i++)
    {
      heat[i] = i;
      roles[i] = MAZE_OVERLAY_CELL_ACTIVE;
    }
  seen.n = 0;
  maze_overlay_update_cells (overlay, &rect, NULL, roles, heat, 30);
  g_assert_cmpuint (seen.n, ==, 1);
  g_assert_cmpuint (seen.changes, ==, MAZE_OVERLAY_CHANGED_CELLS);
  g_assert_true (seen.has_rect);
  g_assert_cmpmem (&seen.rect, sizeof rect, &rect, sizeof rect);
  g_assert_cmpuint (maze_overlay_get_heat_map (overlay, NULL, NULL, NULL)[1 * 6 + 2], ==, 8);
  g_assert_cmpuint (maze_overlay_get_heat_map (overlay, NULL, NULL, NULL)[0], ==, G_MAXUINT32);
  g_assert_cmpuint (maze_overlay_get_cell_roles (overlay)[0], ==, 0);
  /* What it touches now: that rectangle. */
  g_assert_true (maze_overlay_get_cells_extent (overlay, NULL, &extent));
  g_assert_cmpmem (&extent, sizeof extent, &rect, sizeof rect);

  /* The current cell. */
  maze_overlay_set_current_cell (overlay, 5);
  g_assert_cmpuint (seen.changes, ==, MAZE_OVERLAY_CHANGED_MARKS);
  g_assert_false (seen.has_rect);
  maze_overlay_set_endpoints (overlay, 3, MAZE_NO_CELL);
  g_assert_cmpuint (seen.changes, ==, MAZE_OVERLAY_CHANGED_MARKS);

  /* Another size: everything goes. */
  other = maze_grid_new (MAZE_SHAPE_RECT, 3, 3, &error);
  g_assert_no_error (error);
  maze_overlay_set_size (overlay, other);
  g_assert_false (maze_overlay_fits (overlay, grid));
  g_assert_null (maze_overlay_get_path (overlay, 2, NULL));
  g_assert_null (maze_overlay_get_heat_map (overlay, NULL, NULL, NULL));
  g_assert_null (maze_overlay_get_cell_roles (overlay));
  g_assert_cmpuint (maze_overlay_get_current_cell (overlay), ==, MAZE_NO_CELL);
  {
    guint32 start;

    maze_overlay_get_endpoints (overlay, &start, NULL);
    g_assert_cmpuint (start, ==, MAZE_NO_CELL);
  }
}

/* A grid, copied; its extent is where it differs from another. */
static void
test_grid (void)
{
  g_autoptr(MazeOverlay) overlay = maze_overlay_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 5, 5, &error);
  g_autoptr(MazeGrid) changed = NULL;
  MazeRect extent, rect = { 3, 2, 1, 1 };

  g_assert_no_error (error);
  maze_overlay_set_size (overlay, grid);
  maze_overlay_set_grid (overlay, grid);
  g_assert_true (maze_overlay_get_grid (overlay) != grid);
  g_assert_true (maze_grid_equal (maze_overlay_get_grid (overlay), grid));
  g_assert_false (maze_overlay_get_cells_extent (overlay, grid, &extent));

  changed = maze_grid_copy (grid);
  maze_grid_set_passage (changed, 3, 2, 1, TRUE);
  maze_overlay_update_cells (overlay, &rect, changed, NULL, NULL, 0);
  g_assert_true (maze_grid_equal (maze_overlay_get_grid (overlay), changed));
  g_assert_true (maze_overlay_get_cells_extent (overlay, grid, &extent));
  g_assert_cmpmem (&extent, sizeof extent, &rect, sizeof rect);
}

/* On rings: cells are where the rings put them, a cell of an inner ring
 * spans several columns of the outer one, and an update copies the
 * cells of its ring sector and no others. */
static void
test_rings (void)
{
  g_autoptr(MazeOverlay) overlay = maze_overlay_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_CIRCULAR, 6, 4, &error);
  g_autoptr(MazeGrid) more_first = maze_grid_new (MAZE_SHAPE_CIRCULAR, 7, 4, &error);
  g_autofree guint32 *heat = NULL;
  guint scale, x0, x1;
  MazeRect rect, extent;

  g_assert_no_error (error);
  scale = maze_grid_row_scale (grid, 0);
  g_assert_cmpuint (scale, >, 1);
  maze_overlay_set_size (overlay, grid);
  g_assert_cmpuint (maze_overlay_get_n_cells (overlay), ==, grid->n_cells);
  g_assert_true (maze_overlay_fits (overlay, grid));
  g_assert_false (maze_overlay_fits (overlay, more_first));

  heat = g_new (guint32, grid->n_cells);
  for (guint32 i = 0; i < grid->n_cells; i++)
    heat[i] = G_MAXUINT32;
  maze_overlay_set_heat_map (overlay, MAZE_OVERLAY_HEAT, heat, 10, NULL);
  for (guint32 i = 0; i < grid->n_cells; i++)
    heat[i] = i;
  /* Cell 1 of the first ring: its columns of the outer ring. */
  rect = (MazeRect) { scale, 0, scale, 1 };
  maze_overlay_update_cells (overlay, &rect, NULL, NULL, heat, 30);
  for (guint32 i = 0; i < grid->n_cells; i++)
    g_assert_cmpuint (maze_overlay_get_heat_map (overlay, NULL, NULL, NULL)[i], ==,
                      i == maze_grid_index (grid, 1, 0) ? i : G_MAXUINT32);
  g_assert_true (maze_overlay_get_cells_extent (overlay, NULL, &extent));
  g_assert_cmpmem (&extent, sizeof extent, &rect, sizeof rect);

  /* The whole outer ring, and the rings inside it under the same
   * columns. */
  rect = (MazeRect) { 0, 1, grid->width, 3 };
  maze_overlay_update_cells (overlay, &rect, NULL, NULL, heat, 30);
  for (guint y = 0; y < grid->height; y++)
    {
      maze_rect_row_span (grid, &rect, y, &x0, &x1);
      for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
        {
          guint32 cell = maze_grid_index (grid, x, y);
          gboolean in = (y >= 1 && x >= x0 && x < x1) || (y == 0 && x == 1);

          g_assert_cmpuint (maze_overlay_get_heat_map (overlay, NULL, NULL, NULL)[cell], ==,
                            in ? cell : G_MAXUINT32);
        }
    }
}

/* Rings round a centre cell are no overlay's for the same rings round
 * the room, nor the other way round: one more cell, and every ring's
 * first index moves. */
static void
test_centre_fits (void)
{
  g_autoptr(MazeOverlay) overlay = maze_overlay_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) room = maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, 6, 4, FALSE, &error);
  g_autoptr(MazeGrid) centre = maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, 6, 4, TRUE, &error);

  g_assert_no_error (error);
  maze_overlay_set_size (overlay, room);
  g_assert_true (maze_overlay_fits (overlay, room));
  g_assert_false (maze_overlay_fits (overlay, centre));
  maze_overlay_set_size (overlay, centre);
  g_assert_cmpuint (maze_overlay_get_n_cells (overlay), ==, centre->n_cells);
  g_assert_true (maze_overlay_fits (overlay, centre));
  g_assert_false (maze_overlay_fits (overlay, room));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/overlay/changes", test_changes);
  g_test_add_func ("/overlay/grid", test_grid);
  g_test_add_func ("/overlay/rings", test_rings);
  g_test_add_func ("/overlay/centre-fits", test_centre_fits);

  return g_test_run ();
}
