/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include <string.h>

#include "maze-application.h"
#include "maze-gui-test-util.h"
#include "maze-number-format.h"
#include "maze-solver-panel-private.h"
#include "maze-window-private.h"

/* The solver panel and play mode in a real window under Xvfb: the table
 * against the comparison it shows and, through it, against the core's
 * solvers; the controls that change the maze; the canvas layers it
 * sets; play mode driven with key events on the canvas.
 *
 * With MAZE_SCREENSHOT_DIR set, /solver-panel/screenshots writes
 * panel-{light,dark}.png and panel-play-{light,dark}.png there (dark
 * under ADW_DEBUG_COLOR_SCHEME=prefer-dark); otherwise it is skipped. */

#define TIMEOUT_MS 10000

static MazeApplication *app;

typedef struct
{
  MazeWindow      *window;
  MazeDocument    *document;
  MazeSolverPanel *panel;
  MazeCanvas      *canvas;
} Fixture;

typedef struct
{
  MazeShape shape;
  guint     width;
  guint     height;
  guint64   seed;
  guint32   braid;
} Maze;

static const Maze rect_maze = { MAZE_SHAPE_RECT, 30, 30, 7, 0 };
static const Maze hex_maze = { MAZE_SHAPE_HEX, 14, 12, 11, 0 };
static const Maze corridor_maze = { MAZE_SHAPE_RECT, 2000, 1, 7, 0 };
static const Maze shot_maze = { MAZE_SHAPE_RECT, 30, 30, 2024, MAZE_BRAID_ONE / 5 * 2 };

/* ---- Helpers ---- */

/* The comparison the panel shows once it has caught up with the maze. */
static MazeComparison *
wait_comparison (Fixture *f)
{
  g_assert_true (maze_gui_test_wait_for (maze_gui_test_solver_panel_settled, f->panel, TIMEOUT_MS));
  return maze_solver_panel_get_comparison (f->panel);
}

static gpointer
panel_child (Fixture    *f,
             const char *name)
{
  return maze_gui_test_template_child (GTK_WIDGET (f->panel), MAZE_TYPE_SOLVER_PANEL, name);
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  const Maze *maze = data != NULL ? data : &rect_maze;

  f->document = maze_gui_test_new_document (maze->shape, maze->width, maze->height,
                                            MAZE_ALGORITHM_BACKTRACKER, maze->seed, maze->braid);
  f->window = maze_window_new (app, f->document);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 820);
  f->panel = f->window->solver_panel;
  f->canvas = f->window->canvas;
  maze_gui_test_present (f->window);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  maze_gui_test_close_windows ();
  g_clear_object (&f->document);
}

static void
show_panel (Fixture *f)
{
  gboolean revealed = FALSE;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-solvers", NULL));
  g_assert_true (maze_solver_panel_get_active (f->panel));
  g_object_get (f->window->solver_flap, "reveal-flap", &revealed, NULL);
  g_assert_true (revealed);
}

/* The row's figures are the core's own: maze_solve() between the same
 * cells gives the same path, cost and cells explored. */
static void
assert_row_is_core (const MazeGrid          *grid,
                    guint32                  start,
                    guint32                  end,
                    const MazeComparisonRow *row)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeSolution) solution = NULL;

  solution = maze_solve (grid, row->solver, start, end, NULL, &error);
  if (!row->reached)
    {
      g_assert_error (error, MAZE_ERROR, MAZE_ERROR_UNREACHABLE);
      return;
    }
  g_assert_no_error (error);
  g_assert_cmpuint (row->path_len, ==, solution->path_len);
  g_assert_cmpmem (row->path, row->path_len * sizeof (guint32),
                   solution->path, solution->path_len * sizeof (guint32));
  g_assert_cmpuint (row->cost, ==, solution->cost);
  g_assert_cmpuint (row->explored, ==, solution->explored);
}

static void
assert_label (MazeSolverPanel  *panel,
              MazeSolverKind    solver,
              MazeSolverColumn  column,
              const char       *expected)
{
  GtkLabel *label = maze_solver_panel_get_figure (panel, solver, column);

  g_assert_cmpstr (gtk_label_get_label (label), ==, expected);
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (label)));
}

/* What the Compare page shows on the canvas: its overlay's path in slot
 * and heat map, while the overlay is on the canvas (NULL otherwise). */
static const guint32 *
shown_path (Fixture *f,
            guint    slot,
            guint32 *len)
{
  MazeOverlay *overlay = maze_solver_panel_get_overlay (f->panel);

  if (!maze_canvas_has_overlay (f->canvas, overlay))
    {
      if (len != NULL)
        *len = 0;
      return NULL;
    }
  return maze_overlay_get_path (overlay, slot, len);
}

static const guint32 *
shown_heat (Fixture         *f,
            MazeOverlayKind *kind,
            guint32         *max)
{
  MazeOverlay *overlay = maze_solver_panel_get_overlay (f->panel);

  if (!maze_canvas_has_overlay (f->canvas, overlay))
    return NULL;
  return maze_overlay_get_heat_map (overlay, kind, max, NULL);
}

static guint32
n_cells (Fixture *f)
{
  return maze_document_get_grid (f->document)->n_cells;
}

/* Every label of the table says what the comparison holds, the rows are
 * the solvers run, and the comparison is the core's; the canvas shows
 * the paths of the rows whose check is on. */
static void
assert_table (Fixture        *f,
              MazeComparison *comparison)
{
  const MazeGrid *grid = maze_document_get_grid (f->document);
  GtkLabel *explanation = panel_child (f, "explanation_label");
  guint32 start, end;

  maze_solver_panel_get_solve_endpoints (f->panel, &start, &end);
  g_assert_cmpuint (maze_comparison_get_start (comparison), ==, start);
  g_assert_cmpuint (maze_comparison_get_end (comparison), ==, end);
  g_assert_true (maze_comparison_fits (comparison, grid));

  for (guint s = 0; s < MAZE_N_SOLVERS; s++)
    {
      const MazeComparisonRow *row = maze_comparison_find_row (comparison, s);
      g_autofree char *length = NULL;
      g_autofree char *cost = NULL;
      g_autofree char *explored = NULL;
      g_autofree char *percent = NULL;
      const char *time;
      guint32 len;
      const guint32 *path;

      g_assert_cmpint (maze_solver_panel_has_row (f->panel, s), ==, row != NULL);
      if (row == NULL)
        {
          g_assert_null (shown_path (f, s, NULL));
          continue;
        }
      assert_row_is_core (grid, start, end, row);

      length = row->reached ? maze_format_count (row->path_len) : g_strdup ("—");
      cost = row->reached ? maze_format_count (row->cost) : g_strdup ("—");
      explored = maze_format_count (row->explored);
      percent = g_strdup_printf ("%.1f %%", row->explored_percent);
      assert_label (f->panel, s, MAZE_SOLVER_COLUMN_LENGTH, length);
      /* Without mud the cost is the length less one: no Cost column,
       * and the mark of the cheapest path sits by the length. */
      if (maze_comparison_get_weighted (comparison))
        assert_label (f->panel, s, MAZE_SOLVER_COLUMN_COST, cost);
      else
        g_assert_false (gtk_widget_is_visible (GTK_WIDGET (maze_solver_panel_get_figure (f->panel, s, MAZE_SOLVER_COLUMN_COST))));
      g_assert_true (gtk_widget_get_parent (maze_solver_panel_get_cheapest (f->panel, s)) ==
                     gtk_widget_get_parent (GTK_WIDGET (maze_solver_panel_get_figure (f->panel, s,
                                                                                    maze_comparison_get_weighted (comparison)
                                                                                    ? MAZE_SOLVER_COLUMN_COST
                                                                                    : MAZE_SOLVER_COLUMN_LENGTH))));
      assert_label (f->panel, s, MAZE_SOLVER_COLUMN_EXPLORED, explored);
      assert_label (f->panel, s, MAZE_SOLVER_COLUMN_PERCENT, percent);
      time = gtk_label_get_label (maze_solver_panel_get_figure (f->panel, s, MAZE_SOLVER_COLUMN_TIME));
      g_assert_true (g_str_has_suffix (time, "s"));
      g_assert_cmpint (gtk_widget_get_visible (maze_solver_panel_get_cheapest (f->panel, s)), ==,
                       row->cheapest);
      g_assert_cmpstr (gtk_check_button_get_label (maze_solver_panel_get_path_check (f->panel, s)), ==,
                       row->title);

      path = shown_path (f, s, &len);
      if (row->reached && gtk_check_button_get_active (maze_solver_panel_get_path_check (f->panel, s)))
        {
          g_assert_nonnull (path);
          g_assert_cmpmem (path, len * sizeof (guint32), row->path, row->path_len * sizeof (guint32));
        }
      else
        g_assert_null (path);
    }
  g_assert_cmpstr (gtk_label_get_label (explanation), ==, maze_comparison_get_explanation (comparison));
}

/* ---- Panel ---- */

static void
test_table (Fixture       *f,
            gconstpointer  data)
{
  MazeComparison *comparison;
  const MazeComparisonRow *backtracking, *dijkstra;

  /* Hidden, the panel does nothing. */
  maze_gui_test_spin (200);
  g_assert_null (maze_solver_panel_get_comparison (f->panel));
  g_assert_false (maze_solver_panel_get_active (f->panel));

  show_panel (f);
  comparison = wait_comparison (f);
  g_assert_cmpuint (maze_comparison_get_n_rows (comparison), ==, 2);
  assert_table (f, comparison);

  /* A perfect maze: one path, found by both; it is the cheapest. */
  backtracking = maze_comparison_find_row (comparison, MAZE_SOLVER_BACKTRACKING);
  dijkstra = maze_comparison_find_row (comparison, MAZE_SOLVER_DIJKSTRA);
  g_assert_true (backtracking->cheapest);
  g_assert_true (dijkstra->cheapest);
  g_assert_cmpmem (backtracking->path, backtracking->path_len * sizeof (guint32),
                   dijkstra->path, dijkstra->path_len * sizeof (guint32));

  /* A path's check takes it off the canvas and puts it back. */
  gtk_check_button_set_active (maze_solver_panel_get_path_check (f->panel, MAZE_SOLVER_DIJKSTRA), FALSE);
  g_assert_null (shown_path (f, MAZE_SOLVER_DIJKSTRA, NULL));
  g_assert_nonnull (shown_path (f, MAZE_SOLVER_BACKTRACKING, NULL));
  maze_gui_test_spin (50);
  gtk_check_button_set_active (maze_solver_panel_get_path_check (f->panel, MAZE_SOLVER_DIJKSTRA), TRUE);
  assert_table (f, comparison);

  /* Hiding the panel takes its layers off the canvas. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-solvers", NULL));
  g_assert_false (maze_solver_panel_get_active (f->panel));
  for (guint s = 0; s < MAZE_N_SOLVERS; s++)
    g_assert_null (shown_path (f, s, NULL));
  g_assert_null (shown_heat (f, NULL, NULL));
}

static void
test_optional_solvers (Fixture       *f,
                       gconstpointer  data)
{
  GtkCheckButton *bfs = panel_child (f, "bfs_check");
  GtkCheckButton *astar = panel_child (f, "astar_check");
  GtkCheckButton *wall = panel_child (f, "wall_check");
  MazeComparison *comparison;

  show_panel (f);
  comparison = wait_comparison (f);
  g_assert_false (maze_solver_panel_has_row (f->panel, MAZE_SOLVER_BFS));

  gtk_check_button_set_active (bfs, TRUE);
  g_assert_true (maze_solver_panel_get_running (f->panel));
  comparison = wait_comparison (f);
  g_assert_nonnull (maze_comparison_find_row (comparison, MAZE_SOLVER_BFS));
  g_assert_true (maze_solver_panel_has_row (f->panel, MAZE_SOLVER_BFS));
  assert_table (f, comparison);

  gtk_check_button_set_active (astar, TRUE);
  gtk_check_button_set_active (wall, TRUE);
  comparison = wait_comparison (f);
  g_assert_cmpuint (maze_comparison_get_n_rows (comparison), ==, MAZE_N_SOLVERS);
  assert_table (f, comparison);

  gtk_check_button_set_active (bfs, FALSE);
  comparison = wait_comparison (f);
  g_assert_null (maze_comparison_find_row (comparison, MAZE_SOLVER_BFS));
  g_assert_false (maze_solver_panel_has_row (f->panel, MAZE_SOLVER_BFS));
  assert_table (f, comparison);
}

static gboolean
braid_applied (gpointer data)
{
  Fixture *f = data;

  return maze_document_get_puzzle (f->document)->braid == maze_braid_from_fraction (0.5);
}

/* The braid slider regenerates through the settings, the weight brush
 * is the canvas's; the figures follow either change. */
static void
test_braid_and_weights (Fixture       *f,
                        gconstpointer  data)
{
  GtkRange *braid = panel_child (f, "braid_scale");
  GtkWidget *brush = panel_child (f, "weight_button");
  GtkScale *settings_braid;
  MazeComparison *comparison;
  const MazeComparisonRow *backtracking, *dijkstra;
  g_autofree char *tool = NULL;
  g_autofree guint32 *path = NULL;
  guint32 path_len;
  guint painted = 0;

  show_panel (f);
  comparison = wait_comparison (f);
  g_assert_cmpfloat (gtk_range_get_value (braid), ==, 0);

  gtk_range_set_value (braid, 0.5);
  g_assert_true (maze_gui_test_wait_for (braid_applied, f, TIMEOUT_MS));
  /* Regenerated from the same settings but the braid; the settings
   * panel shows it too. */
  g_assert_cmpuint (maze_document_get_puzzle (f->document)->seed, ==, rect_maze.seed);
  settings_braid = GTK_SCALE (gtk_widget_get_template_child (GTK_WIDGET (f->window->settings_panel),
                                                             MAZE_TYPE_SETTINGS_PANEL, "braid_scale"));
  g_assert_cmpfloat_with_epsilon (gtk_range_get_value (GTK_RANGE (settings_braid)), 0.5, 1e-4);
  comparison = wait_comparison (f);
  g_assert_false (maze_comparison_get_weighted (comparison));
  assert_table (f, comparison);
  backtracking = maze_comparison_find_row (comparison, MAZE_SOLVER_BACKTRACKING);
  dijkstra = maze_comparison_find_row (comparison, MAZE_SOLVER_DIJKSTRA);
  g_assert_cmpuint (dijkstra->path_len, <=, backtracking->path_len);

  /* The panel's brush button picks the canvas's weight tool. */
  g_signal_emit_by_name (brush, "clicked");
  g_object_get (f->window, "tool", &tool, NULL);
  g_assert_cmpstr (tool, ==, "weight");
  g_assert_cmpint (maze_canvas_get_tool (f->canvas), ==, MAZE_TOOL_WEIGHT);

  /* Mud on every other cell of Dijkstra's path, as one stroke. */
  path = g_memdup2 (dijkstra->path, dijkstra->path_len * sizeof (guint32));
  path_len = dijkstra->path_len;
  maze_document_begin_group (f->document);
  for (guint32 i = 1; i + 1 < path_len; i += 2)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (maze_document_set_weight (f->document, path[i], 9, &error));
      g_assert_no_error (error);
      painted++;
    }
  maze_document_end_group (f->document);
  g_assert_cmpuint (painted, >, 0);
  g_assert_true (maze_solver_panel_get_running (f->panel));

  comparison = wait_comparison (f);
  g_assert_true (maze_comparison_get_weighted (comparison));
  assert_table (f, comparison);
  backtracking = maze_comparison_find_row (comparison, MAZE_SOLVER_BACKTRACKING);
  dijkstra = maze_comparison_find_row (comparison, MAZE_SOLVER_DIJKSTRA);
  g_assert_true (dijkstra->cheapest);
  g_assert_cmpuint (dijkstra->cost, <=, backtracking->cost);
  g_assert_cmpuint (dijkstra->cost, ==,
                    maze_path_cost (maze_document_get_grid (f->document), dijkstra->path, dijkstra->path_len));
}

static void
test_heat_map (Fixture       *f,
               gconstpointer  data)
{
  MazeComparison *comparison;
  const MazeComparisonRow *row;
  const guint32 *values;
  MazeOverlayKind kind;
  guint32 max;

  show_panel (f);
  comparison = wait_comparison (f);
  g_assert_null (shown_heat (f, NULL, NULL));
  g_assert_false (gtk_widget_get_visible (panel_child (f, "legend_row")));

  g_assert_true (maze_solver_panel_select_heat (f->panel, MAZE_SOLVER_DIJKSTRA, MAZE_COMPARISON_HEAT_DISTANCE));
  row = maze_comparison_find_row (comparison, MAZE_SOLVER_DIJKSTRA);
  values = shown_heat (f, &kind, &max);
  g_assert_cmpmem (values, n_cells (f) * sizeof (guint32), row->distance, n_cells (f) * sizeof (guint32));
  g_assert_cmpint (kind, ==, MAZE_OVERLAY_HEAT);
  g_assert_cmpuint (max, ==, row->distance_max);
  g_assert_true (gtk_widget_get_visible (panel_child (f, "legend_row")));
  maze_gui_test_spin (100);

  g_assert_true (maze_solver_panel_select_heat (f->panel, MAZE_SOLVER_BACKTRACKING,
                                                MAZE_COMPARISON_HEAT_VISIT_ORDER));
  row = maze_comparison_find_row (comparison, MAZE_SOLVER_BACKTRACKING);
  values = shown_heat (f, &kind, &max);
  g_assert_cmpmem (values, n_cells (f) * sizeof (guint32), row->visit_order, n_cells (f) * sizeof (guint32));
  g_assert_cmpuint (max, ==, row->visit_max);
  /* Backtracking has no distances to offer. */
  g_assert_false (maze_solver_panel_select_heat (f->panel, MAZE_SOLVER_BACKTRACKING,
                                                 MAZE_COMPARISON_HEAT_DISTANCE));

  /* The choice survives a new comparison (a new maze: new arrays). */
  g_assert_true (maze_document_set_weight (f->document, row->path[3], 4, NULL));
  comparison = wait_comparison (f);
  row = maze_comparison_find_row (comparison, MAZE_SOLVER_BACKTRACKING);
  g_assert_cmpmem (shown_heat (f, NULL, NULL), n_cells (f) * sizeof (guint32),
                   row->visit_order, n_cells (f) * sizeof (guint32));
  maze_gui_test_spin (100);

  g_assert_true (maze_solver_panel_select_heat (f->panel, -1, MAZE_COMPARISON_HEAT_VISIT_ORDER));
  g_assert_null (shown_heat (f, NULL, NULL));
}

/* The mapped labels under widget. */
static void
collect_labels (GtkWidget *widget,
                GPtrArray *labels)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget))
    g_ptr_array_add (labels, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, labels);
}

typedef struct
{
  GtkWidget *list;
  guint      n_items;
} ListWait;

static gboolean
list_shows_all (gpointer data)
{
  ListWait *wait = data;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  collect_labels (wait->list, labels);
  return labels->len >= wait->n_items;
}

/* Every heat map choice can be read whole in the popup, and the two of
 * Dijkstra's algorithm differ in their first words, where a cut row
 * still shows them. The popup's items are those of the row's list
 * factory, shown here in a list of a popup's width (the popup itself,
 * placed under Xvfb, is at the mercy of the monitor's timing). */
static void
test_heat_choices (Fixture       *f,
                   gconstpointer  data)
{
  AdwComboRow *heat_row = panel_child (f, "heat_row");
  GtkListItemFactory *factory;
  GListModel *choices;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GtkWidget *window, *list;
  ListWait wait;

  show_panel (f);
  gtk_check_button_set_active (panel_child (f, "bfs_check"), TRUE);
  gtk_check_button_set_active (panel_child (f, "astar_check"), TRUE);
  gtk_check_button_set_active (panel_child (f, "wall_check"), TRUE);
  maze_gui_test_spin (200);
  wait_comparison (f);
  choices = adw_combo_row_get_model (heat_row);
  /* None, five visit orders, Dijkstra's distances. */
  g_assert_cmpuint (g_list_model_get_n_items (choices), ==, 7);
  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    g_assert_null (strchr (gtk_string_list_get_string (GTK_STRING_LIST (choices), i), '\''));

  /* libadwaita's own items (no list factory) stop at 20 characters. */
  factory = adw_combo_row_get_list_factory (heat_row);
  g_assert_nonnull (factory);
  list = gtk_list_view_new (GTK_SELECTION_MODEL (gtk_single_selection_new (g_object_ref (choices))),
                            g_object_ref (factory));
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 220, 400);
  gtk_window_set_child (GTK_WINDOW (window), list);
  gtk_window_present (GTK_WINDOW (window));
  wait = (ListWait) { list, g_list_model_get_n_items (choices) };
  g_assert_true (maze_gui_test_wait_for (list_shows_all, &wait, TIMEOUT_MS));
  collect_labels (list, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (labels, i);

      g_test_message ("choice: %s", gtk_label_get_label (label));
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Where cell's centre is on the canvas. */
static void
cell_to_view (Fixture *f,
              guint32  cell,
              double  *vx,
              double  *vy)
{
  const MazeGrid *grid = maze_document_get_grid (f->document);
  MazeGeometry geometry;
  double mx, my;
  guint x, y;

  maze_grid_xy (grid, cell, &x, &y);
  maze_geometry_init (&geometry, grid, 1.0, 0.5, 0.5);
  maze_geometry_cell_center (&geometry, x, y, &mx, &my);
  maze_viewport_model_to_view (maze_canvas_get_viewport (f->canvas), mx, my, vx, vy);
}

static void
click_cell (Fixture *f,
            guint32  cell)
{
  double vx, vy;

  cell_to_view (f, cell, &vx, &vy);
  maze_canvas_press (f->canvas, vx, vy, FALSE);
  maze_canvas_release (f->canvas, vx, vy);
}

/* The solvers' own endpoints: placed with the canvas tools, reset by the
 * panel; the maze's start and end do not move. */
static void
test_solve_endpoints (Fixture       *f,
                      gconstpointer  data)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (f->document);
  guint32 start = puzzle->start, end = puzzle->end;
  guint32 from = maze_grid_index (puzzle->grid, 10, 12), to = maze_grid_index (puzzle->grid, 20, 3);
  MazeComparison *comparison;

  show_panel (f);
  comparison = wait_comparison (f);
  g_assert_cmpuint (maze_comparison_get_start (comparison), ==, start);
  g_assert_false (gtk_widget_get_sensitive (panel_child (f, "reset_button")));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.tool", "s", "solve-start"));
  g_assert_cmpint (maze_canvas_get_tool (f->canvas), ==, MAZE_TOOL_PICK);
  click_cell (f, from);
  g_assert_cmpuint (maze_solver_panel_get_solve_start (f->panel), ==, from);
  /* The ring shows on the canvas, in the panel's marks. */
  {
    guint32 ring;

    maze_overlay_get_endpoints (maze_solver_panel_get_marks (f->panel), &ring, NULL);
    g_assert_cmpuint (ring, ==, from);
    g_assert_true (maze_canvas_has_overlay (f->canvas, maze_solver_panel_get_marks (f->panel)));
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.tool", "s", "solve-end"));
  click_cell (f, to);
  g_assert_cmpuint (maze_solver_panel_get_solve_end (f->panel), ==, to);
  /* A masked cell is not taken. */
  {
    MazeRect rect = { 5, 5, 1, 1 };
    const guint8 masked = 1;

    g_assert_true (maze_document_set_mask (f->document, &rect, &masked, NULL));
    click_cell (f, maze_grid_index (puzzle->grid, 5, 5));
    g_assert_cmpuint (maze_solver_panel_get_solve_end (f->panel), ==, to);
    g_assert_true (maze_document_undo (f->document));
  }
  g_assert_cmpuint (puzzle->start, ==, start);
  g_assert_cmpuint (puzzle->end, ==, end);
  g_assert_false (maze_document_get_modified (f->document));
  g_assert_true (gtk_widget_get_sensitive (panel_child (f, "reset_button")));
  g_assert_cmpstr (adw_action_row_get_subtitle (panel_child (f, "from_row")), ==, "(10,12)");

  comparison = wait_comparison (f);
  g_assert_cmpuint (maze_comparison_get_start (comparison), ==, from);
  g_assert_cmpuint (maze_comparison_get_end (comparison), ==, to);
  assert_table (f, comparison);

  /* Hidden, the panel takes its rings off the maze (and its tools);
   * shown again, they are back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-solvers", NULL));
  g_assert_cmpuint (maze_solver_panel_get_solve_start (f->panel), ==, MAZE_NO_CELL);
  g_assert_cmpint (maze_canvas_get_tool (f->canvas), ==, MAZE_TOOL_START);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-solvers", NULL));
  g_assert_cmpuint (maze_solver_panel_get_solve_start (f->panel), ==, from);
  g_assert_cmpuint (maze_solver_panel_get_solve_end (f->panel), ==, to);
  comparison = wait_comparison (f);
  g_assert_cmpuint (maze_comparison_get_start (comparison), ==, from);

  g_signal_emit_by_name (panel_child (f, "reset_button"), "clicked");
  g_assert_cmpuint (maze_solver_panel_get_solve_start (f->panel), ==, MAZE_NO_CELL);
  comparison = wait_comparison (f);
  g_assert_cmpuint (maze_comparison_get_start (comparison), ==, start);
  g_assert_cmpuint (maze_comparison_get_end (comparison), ==, end);
  assert_table (f, comparison);

  /* A new maze of another size forgets them. */
  maze_solver_panel_set_solve_endpoints (f->panel, from, to);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window->settings_panel),
                                             "settings.preset", "s", "hard"));
  g_assert_cmpuint (maze_solver_panel_get_solve_start (f->panel), ==, MAZE_NO_CELL);
  g_assert_cmpuint (maze_solver_panel_get_solve_end (f->panel), ==, MAZE_NO_CELL);
  comparison = wait_comparison (f);
  assert_table (f, comparison);
}

/* ---- Play mode ---- */

static GtkEventController *
canvas_key_controller (Fixture *f)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->canvas));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        return controller;
    }
  g_assert_not_reached ();
}

static gboolean
press_key (Fixture *f,
           guint    keyval)
{
  gboolean handled = FALSE;

  g_signal_emit_by_name (canvas_key_controller (f), "key-pressed", keyval, 0u, (GdkModifierType) 0, &handled);
  return handled;
}

/* A key for each MazePlayKey; alt[] the letters, to try both. */
static const guint arrow_keys[MAZE_N_PLAY_KEYS] = {
  GDK_KEY_Up, GDK_KEY_Down, GDK_KEY_Left, GDK_KEY_Right,
  GDK_KEY_q, GDK_KEY_e, GDK_KEY_z, GDK_KEY_c,
};
static const guint letter_keys[MAZE_N_PLAY_KEYS] = {
  GDK_KEY_w, GDK_KEY_s, GDK_KEY_a, GDK_KEY_d,
  GDK_KEY_KP_7, GDK_KEY_KP_9, GDK_KEY_KP_1, GDK_KEY_KP_3,
};

/* The key that moves from cell a towards dir, by the model's mapping. */
static guint
key_for_dir (const MazeGrid *grid,
             guint32         a,
             guint           dir,
             gboolean        letters)
{
  guint x, y;

  maze_grid_xy (grid, a, &x, &y);
  for (guint k = 0; k < MAZE_N_PLAY_KEYS; k++)
    if (maze_play_key_to_direction (k, grid->shape, y) == (gint) dir)
      return letters ? letter_keys[k] : arrow_keys[k];
  g_assert_not_reached ();
}

static guint
dir_between (const MazeGrid *grid,
             guint32         a,
             guint32         b)
{
  guint x, y, nx, ny;

  maze_grid_xy (grid, a, &x, &y);
  for (guint d = 0; d < grid->topology->n_dirs; d++)
    if (maze_grid_step (grid, x, y, d, &nx, &ny) && maze_grid_index (grid, nx, ny) == b)
      return d;
  g_assert_not_reached ();
}

static gboolean
find_label (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (find_label (child, text))
      return TRUE;
  return FALSE;
}

typedef struct
{
  Fixture    *f;
  const char *text;
} ToastWait;

static gboolean
toast_shown (gpointer data)
{
  ToastWait *wait = data;

  return find_label (GTK_WIDGET (wait->f->window->toast_overlay), wait->text);
}

static void
walk (Fixture       *f,
      const guint32 *path,
      guint32        from,
      guint32        to)
{
  const MazeGrid *grid = maze_document_get_grid (f->document);
  MazePlaySession *session = maze_canvas_get_play_session (f->canvas);

  for (guint32 i = from; i < to; i++)
    {
      guint moves = maze_play_session_get_moves (session);

      g_assert_cmpuint (maze_play_session_get_cell (session), ==, path[i]);
      /* Arrows and letters alike. */
      g_assert_true (press_key (f, key_for_dir (grid, path[i], dir_between (grid, path[i], path[i + 1]), i % 3 == 1)));
      g_assert_cmpuint (maze_play_session_get_moves (session), ==, moves + 1);
    }
  g_assert_cmpuint (maze_play_session_get_cell (session), ==, path[to]);
}

/* A key into a wall does not move; returns whether one was tried. */
static gboolean
press_into_wall (Fixture *f)
{
  const MazeGrid *grid = maze_document_get_grid (f->document);
  MazePlaySession *session = maze_canvas_get_play_session (f->canvas);
  guint32 cell = maze_play_session_get_cell (session);
  guint moves = maze_play_session_get_moves (session);
  guint x, y, nx, ny;

  maze_grid_xy (grid, cell, &x, &y);
  for (guint d = 0; d < grid->topology->n_dirs; d++)
    {
      if (!maze_grid_step (grid, x, y, d, &nx, &ny) || maze_grid_has_passage (grid, x, y, d))
        continue;
      g_assert_true (press_key (f, key_for_dir (grid, cell, d, FALSE)));
      g_assert_cmpuint (maze_play_session_get_cell (session), ==, cell);
      g_assert_cmpuint (maze_play_session_get_moves (session), ==, moves);
      return TRUE;
    }
  return FALSE;
}

/* Activates the window's own shortcut for keyval (its class bindings),
 * as a key press anywhere in the window does once the focused widget has
 * let the key go. FALSE when the shortcut declined the key. */
static gboolean
activate_window_shortcut (Fixture *f,
                          guint    keyval)
{
  gboolean found, handled;

  handled = maze_gui_test_press_shortcut (GTK_WIDGET (f->window), GTK_PHASE_BUBBLE, keyval, &found);
  g_assert_true (found);
  return handled;
}

static void
play_to_the_end (Fixture *f)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (f->document);
  g_autoptr(MazeSolution) shortest = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  MazePlaySession *session;
  ToastWait toast = { f, NULL };
  guint32 start_before = puzzle->start;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.play", NULL));
  session = maze_canvas_get_play_session (f->canvas);
  g_assert_nonnull (session);
  g_assert_true (gtk_widget_get_visible (f->window->play_box));
  g_assert_cmpstr (gtk_label_get_label (f->window->play_hint_label), ==,
                   maze_play_key_hint (puzzle->grid->shape));
  g_assert_cmpstr (gtk_label_get_label (f->window->play_moves_label), ==, "0 moves");

  /* No editing while playing: the tools are off, a click does nothing. */
  gtk_widget_activate_action (GTK_WIDGET (f->window), "win.tool", "s", "mask");
  g_assert_cmpint (maze_canvas_get_tool (f->canvas), ==, MAZE_TOOL_START);
  g_assert_false (gtk_widget_get_sensitive (panel_child (f, "weight_button")));
  click_cell (f, maze_grid_index (puzzle->grid, 2, 2));
  g_assert_cmpuint (puzzle->start, ==, start_before);
  g_assert_false (maze_document_can_undo (f->document));

  g_assert_true (press_into_wall (f));

  shortest = maze_solve (puzzle->grid, MAZE_SOLVER_BFS, puzzle->start, puzzle->end, NULL, &error);
  g_assert_no_error (error);
  walk (f, shortest->path, 0, shortest->path_len / 2);
  g_assert_true (press_into_wall (f));
  walk (f, shortest->path, shortest->path_len / 2, shortest->path_len - 1);

  g_assert_true (maze_play_session_get_finished (session));
  g_assert_cmpuint (maze_play_session_get_moves (session), ==, shortest->path_len - 1);
  message = maze_play_session_dup_finish_message (session);
  g_assert_nonnull (message);
  toast.text = message;
  g_assert_true (maze_gui_test_wait_for (toast_shown, &toast, TIMEOUT_MS));
  g_assert_true (g_str_has_prefix (gtk_label_get_label (f->window->play_moves_label), "Finished"));
  /* Finished: the keys no longer move. */
  g_assert_true (press_key (f, GDK_KEY_Left));
  g_assert_cmpuint (maze_play_session_get_moves (session), ==, shortest->path_len - 1);

  /* Escape on the canvas goes on to the window, which leaves play mode;
   * the tools work again. */
  g_assert_false (press_key (f, GDK_KEY_Escape));
  g_assert_true (activate_window_shortcut (f, GDK_KEY_Escape));
  g_assert_null (maze_canvas_get_play_session (f->canvas));
  g_assert_false (gtk_widget_get_visible (f->window->play_box));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.tool", "s", "mask"));
  g_assert_cmpint (maze_canvas_get_tool (f->canvas), ==, MAZE_TOOL_MASK);
  maze_gui_test_spin (50);
}

static void
test_play (Fixture       *f,
           gconstpointer  data)
{
  gboolean playing;

  /* The solver layers are hidden in play, and back after it. */
  show_panel (f);
  wait_comparison (f);
  play_to_the_end (f);
  g_object_get (f->window, "playing", &playing, NULL);
  g_assert_false (playing);
  g_assert_nonnull (shown_path (f, MAZE_SOLVER_DIJKSTRA, NULL));
}

static GtkWidget *
find_icon_button (GtkWidget  *widget,
                  const char *icon_name)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), icon_name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_icon_button (child, icon_name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A new maze while playing: a new game on it. Start again, and the
 * toggle, work too. */
static void
test_play_restarts (Fixture       *f,
                    gconstpointer  data)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (f->document);
  g_autoptr(MazeSolution) shortest = NULL;
  MazePlaySession *first, *second;
  GtkWidget *restart;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.play", NULL));
  first = maze_canvas_get_play_session (f->canvas);
  g_assert_nonnull (first);
  shortest = maze_solve (puzzle->grid, MAZE_SOLVER_BFS, puzzle->start, puzzle->end, NULL, NULL);
  walk (f, shortest->path, 0, 3);
  g_assert_cmpstr (gtk_label_get_label (f->window->play_moves_label), ==, "3 moves");

  restart = find_icon_button (f->window->play_box, "view-refresh-symbolic");
  g_assert_nonnull (restart);
  g_signal_emit_by_name (restart, "clicked");
  g_assert_true (maze_canvas_get_play_session (f->canvas) == first);
  g_assert_cmpuint (maze_play_session_get_moves (first), ==, 0);
  g_assert_cmpuint (maze_play_session_get_cell (first), ==, puzzle->start);
  g_assert_cmpstr (gtk_label_get_label (f->window->play_moves_label), ==, "0 moves");
  walk (f, shortest->path, 0, 2);
  maze_gui_test_spin (50);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window->settings_panel),
                                             "settings.preset", "s", "hard"));
  second = maze_canvas_get_play_session (f->canvas);
  g_assert_nonnull (second);
  g_assert_true (second != first);
  g_assert_cmpuint (maze_play_session_get_grid (second)->width, ==,
                    maze_level_get_info (MAZE_LEVEL_HARD)->side[MAZE_SHAPE_RECT]);
  g_assert_cmpuint (maze_play_session_get_moves (second), ==, 0);
  maze_gui_test_spin (50);

  /* Undo: the 30 × 30 maze again, and a game on it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  g_assert_nonnull (maze_canvas_get_play_session (f->canvas));
  g_assert_cmpuint (maze_play_session_get_grid (maze_canvas_get_play_session (f->canvas))->width, ==, 30);
  maze_gui_test_spin (50);

  /* The toggle leaves play mode too. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.play", NULL));
  g_assert_null (maze_canvas_get_play_session (f->canvas));
  g_assert_false (gtk_widget_get_visible (f->window->play_box));
}

/* Big counts are grouped by thousands: a corridor of 2,000 cells reads
 * "2 000" (a narrow no-break space in C.UTF-8, which has no separator
 * of its own), in the table, the sentence and the heat map's scale. */
static void
test_grouped_counts (Fixture       *f,
                     gconstpointer  data)
{
  MazeComparison *comparison;
  GtkLabel *explanation = panel_child (f, "explanation_label");
  g_autofree char *legend = NULL;

  show_panel (f);
  comparison = wait_comparison (f);
  assert_table (f, comparison);
  assert_label (f->panel, MAZE_SOLVER_BACKTRACKING, MAZE_SOLVER_COLUMN_LENGTH, "2\u202f000");
  assert_label (f->panel, MAZE_SOLVER_DIJKSTRA, MAZE_SOLVER_COLUMN_EXPLORED, "2\u202f000");
  g_assert_nonnull (strstr (gtk_label_get_label (explanation), "2\u202f000"));
  g_assert_true (maze_solver_panel_select_heat (f->panel, MAZE_SOLVER_DIJKSTRA,
                                                MAZE_COMPARISON_HEAT_VISIT_ORDER));
  legend = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, "Last (%s)"), "2\u202f000");
  g_assert_cmpstr (gtk_label_get_label (panel_child (f, "legend_high")), ==, legend);
}

/* With the solver panel open the window still fits a 1280-pixel screen
 * (GNOME's smallest common one): the sidebar, the canvas with its tool
 * strip and the panel side by side. The weight brush widens the strip
 * with its cost spin button, so measure with it chosen. */
static void
test_fits_small_screen (Fixture       *f,
                        gconstpointer  data)
{
  int min_width, min_height;

  /* Run in another language (tests/meson.build), the words must really
   * be that language's: longer labels are what could widen the panel. */
  if (g_getenv ("LANGUAGE") != NULL)
    g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Solvers"), !=, "Solvers");
  show_panel (f);
  wait_comparison (f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.tool", "s", "weight"));
  maze_gui_test_spin (50);
  gtk_widget_measure (GTK_WIDGET (f->window), GTK_ORIENTATION_HORIZONTAL, -1,
                      &min_width, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (f->window), GTK_ORIENTATION_VERTICAL, min_width,
                      &min_height, NULL, NULL, NULL);
  g_test_message ("window minimum with the panel open: %d x %d", min_width, min_height);
  g_assert_cmpint (min_width, <=, 1280);
  g_assert_cmpint (min_height, <=, 720);
}

/* Escape leaves play mode wherever the focus is (here: after the Play
 * button was clicked); with nothing to stop, the window lets it go. */
static void
test_play_escape (Fixture       *f,
                  gconstpointer  data)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.play", NULL));
  g_assert_nonnull (maze_canvas_get_play_session (f->canvas));
  g_assert_true (activate_window_shortcut (f, GDK_KEY_Escape));
  g_assert_null (maze_canvas_get_play_session (f->canvas));
  g_assert_false (gtk_widget_get_visible (f->window->play_box));
  g_assert_false (activate_window_shortcut (f, GDK_KEY_Escape));
  maze_gui_test_spin (50);
}

static void
test_play_hex (Fixture       *f,
               gconstpointer  data)
{
  play_to_the_end (f);
}

/* ---- Screenshots ---- */

static void
test_screenshots (Fixture       *f,
                  gconstpointer  data)
{
  const MazeGrid *grid = maze_document_get_grid (f->document);
  MazeComparison *comparison;
  const MazeComparisonRow *backtracking;
  g_autoptr(MazeSolution) shortest = NULL;

  if (g_getenv ("MAZE_SCREENSHOT_DIR") == NULL)
    {
      g_test_skip ("set MAZE_SCREENSHOT_DIR to write screenshots");
      return;
    }

  show_panel (f);
  gtk_check_button_set_active (panel_child (f, "bfs_check"), TRUE);
  gtk_check_button_set_active (panel_child (f, "astar_check"), TRUE);
  gtk_check_button_set_active (panel_child (f, "wall_check"), TRUE);
  comparison = wait_comparison (f);
  /* Mud on a stretch of backtracking's path, where Dijkstra can go
   * round it. */
  backtracking = maze_comparison_find_row (comparison, MAZE_SOLVER_BACKTRACKING);
  maze_document_begin_group (f->document);
  for (guint32 i = backtracking->path_len / 3; i < backtracking->path_len / 2; i++)
    maze_document_set_weight (f->document, backtracking->path[i], 6, NULL);
  maze_document_end_group (f->document);
  comparison = wait_comparison (f);
  g_assert_true (maze_solver_panel_select_heat (f->panel, MAZE_SOLVER_DIJKSTRA, MAZE_COMPARISON_HEAT_DISTANCE));
  maze_gui_test_save_window (GTK_WIDGET (f->window), "panel");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.play", NULL));
  shortest = maze_solve (grid, MAZE_SOLVER_BFS, maze_document_get_puzzle (f->document)->start,
                         maze_document_get_puzzle (f->document)->end, NULL, NULL);
  g_assert_nonnull (shortest);
  walk (f, shortest->path, 0, shortest->path_len / 2);
  maze_gui_test_save_window (GTK_WIDGET (f->window), "panel-play");
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = maze_gui_test_init (&argc, &argv);

#define ADD(path, maze, func) \
  g_test_add (path, Fixture, maze, fixture_setup, func, fixture_teardown)
  ADD ("/solver-panel/table", &rect_maze, test_table);
  ADD ("/solver-panel/optional-solvers", &rect_maze, test_optional_solvers);
  ADD ("/solver-panel/braid-and-weights", &rect_maze, test_braid_and_weights);
  ADD ("/solver-panel/heat-map", &rect_maze, test_heat_map);
  ADD ("/solver-panel/solve-endpoints", &rect_maze, test_solve_endpoints);
  ADD ("/solver-panel/fits-small-screen", &rect_maze, test_fits_small_screen);
  ADD ("/solver-panel/grouped-counts", &corridor_maze, test_grouped_counts);
  ADD ("/solver-panel/heat-choices", &rect_maze, test_heat_choices);
  ADD ("/solver-panel/screenshots", &shot_maze, test_screenshots);
  ADD ("/solver-panel/play/walk", &rect_maze, test_play);
  ADD ("/solver-panel/play/hex", &hex_maze, test_play_hex);
  ADD ("/solver-panel/play/restarts", &rect_maze, test_play_restarts);
  ADD ("/solver-panel/play/escape", &rect_maze, test_play_escape);
#undef ADD

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
