/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-canvas-private.h"
#include "maze-gui-test-util.h"
#include "maze-window-private.h"

/* Every shape the core has, in the window (issue 14): chosen in the
 * Shape row, shown as itself when a file of it is opened, named in the
 * subtitle and played with the keys; on rings, the canvas's tools. */

static MazeApplication *app;

typedef struct
{
  MazeWindow   *window;
  MazeDocument *document;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  MazeShape shape = GPOINTER_TO_INT (data);

  f->document = maze_gui_test_new_document (shape, 14, 10, MAZE_ALGORITHM_BACKTRACKER, 5, 0);
  f->window = maze_window_new (app, f->document);
  maze_gui_test_present (f->window);
}

/* Six cells in the first ring, eight rings of 6, 12, 24, 24, 24, 48,
 * 48 and 48 cells. */
static void
rings_setup (Fixture       *f,
             gconstpointer  data)
{
  f->document = maze_gui_test_new_document (MAZE_SHAPE_CIRCULAR, 6, 8,
                                            MAZE_ALGORITHM_BACKTRACKER, 5, 0);
  f->window = maze_window_new (app, f->document);
  maze_gui_test_present (f->window);
}

/* The same rings round a centre cell, made by Prim's algorithm (the
 * backtracker is not asked here), the start on the first ring. */
static void
centre_setup (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  MazeGrid *grid = maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, 6, 8, TRUE, &error);
  MazeGenerateOptions options;
  MazePuzzle *puzzle;

  g_assert_no_error (error);
  maze_generate_options_init (&options);
  options.algorithm = MAZE_ALGORITHM_PRIM;
  options.seed = 5;
  puzzle = maze_puzzle_generate_on (grid, &options, 0, MAZE_ENDPOINTS_CORNERS, &error);
  g_assert_no_error (error);
  f->document = maze_document_new_for_puzzle (puzzle);
  g_assert_true (maze_document_set_start (f->document, maze_grid_index (puzzle->grid, 4, 1), &error));
  g_assert_no_error (error);
  f->window = maze_window_new (app, f->document);
  maze_gui_test_present (f->window);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  maze_gui_test_close_windows ();
  g_clear_object (&f->document);
}

static AdwComboRow *
shape_row (Fixture *f)
{
  return maze_gui_test_template_child (GTK_WIDGET (f->window->settings_panel),
                                       MAZE_TYPE_SETTINGS_PANEL, "shape_row");
}

/* The Shape row's item for shape, by its words. */
static guint
shape_item (Fixture    *f,
            const char *title)
{
  GListModel *model = adw_combo_row_get_model (shape_row (f));

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (model), i), title))
      return i;
  g_error ("the Shape row offers no “%s”", title);
}

static MazeShape
settings_shape (Fixture *f)
{
  MazeSettings settings;

  maze_settings_panel_get_settings (f->window->settings_panel, &settings);
  return settings.shape;
}

/* A triangular maze opened (here: the window's document) shows as
 * Triangular, not Rectangular, and so does the maze it would make. */
static void
test_tri_shown (Fixture       *f,
                gconstpointer  data)
{
  const char *subtitle = adw_window_title_get_subtitle (f->window->window_title);

  g_assert_cmpuint (adw_combo_row_get_selected (shape_row (f)), ==, shape_item (f, "Triangular"));
  g_assert_cmpint (settings_shape (f), ==, MAZE_SHAPE_TRI);
  g_assert_true (g_str_has_prefix (subtitle, "14 × 10 triangular · "));
}

static gboolean
file_opened (gpointer data)
{
  Fixture *f = data;

  return maze_window_get_document (f->window) != f->document;
}

/* A triangular .maze opened from a file (it showed as Rectangular). */
static void
test_tri_file (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "good", "tri-braided.maze",
                                                 NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_cmpuint (adw_combo_row_get_selected (shape_row (f)), ==, shape_item (f, "Rectangular"));
  maze_window_open_file (f->window, file);
  g_assert_true (maze_gui_test_wait_for (file_opened, f, 10000));
  g_assert_cmpint (maze_document_get_grid (maze_window_get_document (f->window))->shape, ==,
                   MAZE_SHAPE_TRI);
  g_assert_cmpuint (adw_combo_row_get_selected (shape_row (f)), ==, shape_item (f, "Triangular"));
  g_assert_cmpint (settings_shape (f), ==, MAZE_SHAPE_TRI);
  g_assert_nonnull (strstr (adw_window_title_get_subtitle (f->window->window_title),
                            " triangular"));
}

static gboolean
document_is_tri (gpointer data)
{
  Fixture *f = data;

  return maze_document_get_grid (f->document)->shape == MAZE_SHAPE_TRI;
}

/* Triangular chosen in the Shape row makes a triangular maze. */
static void
test_tri_chosen (Fixture       *f,
                 gconstpointer  data)
{
  g_assert_cmpint (maze_document_get_grid (f->document)->shape, ==, MAZE_SHAPE_RECT);
  adw_combo_row_set_selected (shape_row (f), shape_item (f, "Triangular"));
  g_assert_true (maze_gui_test_wait_for (document_is_tri, f, 5000));
  g_assert_cmpint (settings_shape (f), ==, MAZE_SHAPE_TRI);
  g_assert_true (g_str_has_prefix (adw_window_title_get_subtitle (f->window->window_title),
                                   "14 × 10 triangular · "));
}

/* The arrow for each direction of a triangle (N E S W, as rect). */
static guint
arrow_for (const MazeGrid *grid,
           guint32         cell,
           guint32         next)
{
  static const guint arrows[] = { GDK_KEY_Up, GDK_KEY_Right, GDK_KEY_Down, GDK_KEY_Left };
  guint x, y, nx, ny;

  maze_grid_xy (grid, cell, &x, &y);
  for (guint d = 0; d < G_N_ELEMENTS (arrows); d++)
    if (maze_grid_step (grid, x, y, d, &nx, &ny) && maze_grid_index (grid, nx, ny) == next)
      return arrows[d];
  g_error ("cells %u and %u are not neighbours", cell, next);
}

/* Play mode on a triangular maze: the hint says how the arrows go, and
 * the arrows walk the shortest path to the end. */
static void
test_tri_play (Fixture       *f,
               gconstpointer  data)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (f->document);
  g_autoptr(MazeSolution) path = NULL;
  g_autoptr(GError) error = NULL;
  MazePlaySession *session;

  path = maze_solve (puzzle->grid, MAZE_SOLVER_BFS, puzzle->start, puzzle->end, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.play", NULL));
  session = maze_canvas_get_play_session (f->window->canvas);
  g_assert_nonnull (session);
  g_assert_cmpstr (gtk_label_get_label (f->window->play_hint_label), ==,
                   maze_play_key_hint (MAZE_SHAPE_TRI));

  for (guint32 p = 0; p + 1 < path->path_len; p++)
    {
      guint key = arrow_for (puzzle->grid, path->path[p], path->path[p + 1]);

      g_assert_true (maze_canvas_play_key_pressed (f->window->canvas, key));
      g_assert_cmpuint (maze_play_session_get_cell (session), ==, path->path[p + 1]);
    }
  g_assert_true (maze_play_session_get_finished (session));
}

static gboolean
document_is_circular (gpointer data)
{
  Fixture *f = data;

  return maze_document_get_grid (f->document)->shape == MAZE_SHAPE_CIRCULAR;
}

static GtkWidget *
panel_child (Fixture    *f,
             const char *name)
{
  return maze_gui_test_template_child (GTK_WIDGET (f->window->settings_panel),
                                       MAZE_TYPE_SETTINGS_PANEL, name);
}

/* Circular chosen in the Shape row: Rings and First Ring stand in for
 * Width and Height, make the maze, and take the levels' rings. */
static void
test_rings_chosen (Fixture       *f,
                   gconstpointer  data)
{
  const MazeLevelInfo *medium = maze_level_get_info (MAZE_LEVEL_MEDIUM);
  MazeSettings settings;
  guint first, rings;

  g_assert_true (gtk_widget_get_visible (panel_child (f, "width_row")));
  g_assert_false (gtk_widget_get_visible (panel_child (f, "rings_row")));
  adw_combo_row_set_selected (shape_row (f), shape_item (f, "Circular"));
  g_assert_true (maze_gui_test_wait_for (document_is_circular, f, 5000));
  g_assert_false (gtk_widget_get_visible (panel_child (f, "width_row")));
  g_assert_false (gtk_widget_get_visible (panel_child (f, "height_row")));
  g_assert_true (gtk_widget_get_visible (panel_child (f, "rings_row")));
  g_assert_true (gtk_widget_get_visible (panel_child (f, "first_row")));
  maze_grid_get_size_args (maze_document_get_grid (f->document), &first, &rings);
  maze_settings_panel_get_settings (f->window->settings_panel, &settings);
  g_assert_cmpint (settings.shape, ==, MAZE_SHAPE_CIRCULAR);
  g_assert_cmpuint (settings.width, ==, first);
  g_assert_cmpuint (settings.height, ==, rings);
  g_assert_cmpuint (first, >=, MAZE_POLAR_MIN_FIRST);
  g_assert_true (g_str_has_prefix (adw_window_title_get_subtitle (f->window->window_title),
                                   "circular, "));

  /* A level: its rings, around the first ring of its recipe. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window->settings_panel),
                                             "settings.preset", "s", medium->name));
  maze_grid_get_size_args (maze_document_get_grid (f->document), &first, &rings);
  g_assert_cmpuint (rings, ==, medium->side[MAZE_SHAPE_CIRCULAR]);
  g_assert_cmpuint (first, ==, MAZE_POLAR_DEFAULT_FIRST);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (panel_child (f, "rings_spin"))),
                   ==, (int) rings);
}

/* Where cell (x, y)'s centre is on the canvas (the viewport's model has
 * one unit a cell and half a cell of margin). */
static void
cell_to_view (Fixture *f,
              guint    x,
              guint    y,
              double  *vx,
              double  *vy)
{
  MazeGeometry geometry;
  double mx, my;

  maze_geometry_init (&geometry, maze_document_get_grid (f->document), 1.0, 0.5, 0.5);
  maze_geometry_cell_center (&geometry, x, y, &mx, &my);
  maze_viewport_model_to_view (maze_canvas_get_viewport (f->window->canvas), mx, my, vx, vy);
}

static gboolean
canvas_laid_out (gpointer data)
{
  Fixture *f = data;

  return gtk_widget_get_width (GTK_WIDGET (f->window->canvas)) > 0 &&
         maze_viewport_get_zoom (maze_canvas_get_viewport (f->window->canvas)) > 0;
}


/* A drag from (ax, ay) to (bx, by) on the view, passing their middle,
 * as a hand moves the start. */
static void
drag_via_middle (Fixture *f,
                 double   ax,
                 double   ay,
                 double   bx,
                 double   by)
{
  maze_canvas_press (f->window->canvas, ax, ay, FALSE);
  maze_canvas_drag_to (f->window->canvas, (ax + bx) / 2, (ay + by) / 2);
  maze_canvas_drag_to (f->window->canvas, bx, by);
  maze_canvas_release (f->window->canvas, bx, by);
}
/* The start dragged from its cell to cells of other rings, round the
 * ring past the top, at the fitted zoom and zoomed in: it lands on the
 * cell let go over. */
static void
test_rings_drag_start (Fixture       *f,
                       gconstpointer  data)
{
  const MazeGrid *grid = maze_document_get_grid (f->document);
  MazeViewport *viewport = maze_canvas_get_viewport (f->window->canvas);
  /* (x, y) of cells to drag to, at two zooms. */
  static const guint targets[][2] = { { 3, 0 }, { 20, 6 }, { 0, 3 }, { 23, 7 } };

  g_assert_true (maze_gui_test_wait_for (canvas_laid_out, f, 5000));
  maze_canvas_set_tool (f->window->canvas, MAZE_TOOL_START);
  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    {
      guint32 start = maze_document_get_puzzle (f->document)->start;
      guint32 target = maze_grid_index (grid, targets[i][0], targets[i][1]);
      guint sx, sy;
      double ax, ay, bx, by;

      g_assert_cmpuint (targets[i][0], <, maze_grid_row_length (grid, targets[i][1]));
      if (i == 2)
        {
          /* Zoomed in on the target, so the start is off screen. */
          cell_to_view (f, targets[i][0], targets[i][1], &bx, &by);
          maze_viewport_zoom_by (viewport, 3.0, bx, by);
        }
      maze_grid_xy (grid, start, &sx, &sy);
      cell_to_view (f, sx, sy, &ax, &ay);
      cell_to_view (f, targets[i][0], targets[i][1], &bx, &by);
      g_assert_cmpuint (target, !=, start);
      drag_via_middle (f, ax, ay, bx, by);
      g_assert_cmpuint (maze_document_get_puzzle (f->document)->start, ==, target);
    }
}

/* Drags the rubber band from (ax, ay) to (bx, by) on the view and
 * checks what every band must give: one regeneration, a perfect maze,
 * and some change, all within the core's reach of the band's sector.
 * Returns the sector. */
static MazeRect
drag_band (Fixture        *f,
           const MazeGrid *before,
           double          ax,
           double          ay,
           double          bx,
           double          by)
{
  const MazePuzzle *puzzle;
  const MazeEdit *edit;
  MazeRect reach;
  guint changed = 0;

  maze_canvas_press (f->window->canvas, ax, ay, FALSE);
  maze_canvas_drag_to (f->window->canvas, bx, by);
  maze_canvas_release (f->window->canvas, bx, by);

  puzzle = maze_document_get_puzzle (f->document);
  g_assert_cmpuint (puzzle->history->len, >, 0);
  edit = g_ptr_array_index (puzzle->history, puzzle->history->len - 1);
  g_assert_cmpint (edit->kind, ==, MAZE_EDIT_REGENERATE);
  g_assert_true (maze_grid_check_perfect (puzzle->grid, NULL));

  reach = maze_region_get_reach (before, &edit->rect);
  for (guint y = 0; y < before->height; y++)
    for (guint x = 0; x < maze_grid_row_length (before, y); x++)
      {
        guint32 cell = maze_grid_index (before, x, y);

        if (before->cells[cell] != puzzle->grid->cells[cell])
          {
            g_assert_true (maze_rect_contains_cell (before, &reach, x, y));
            changed++;
          }
      }
  g_assert_cmpuint (changed, >, 0);
  return edit->rect;
}

/* The rubber band from a cell of the second ring to one of the sixth:
 * the ring sector between them is regenerated, drawn as one while
 * dragged, and the maze outside what the core may open is untouched. */
static void
test_rings_band (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(MazeGrid) before = maze_grid_copy (maze_document_get_grid (f->document));
  MazeRect sector;
  double ax, ay, bx, by;

  g_assert_true (maze_gui_test_wait_for (canvas_laid_out, f, 5000));
  maze_canvas_set_tool (f->window->canvas, MAZE_TOOL_REGENERATE);
  /* Ring 1 has 12 cells, ring 5 as many as the outer ring, 48: (2, 1)
   * spans columns 8..11 of the outer ring, (18, 5) column 18. */
  cell_to_view (f, 2, 1, &ax, &ay);
  cell_to_view (f, 18, 5, &bx, &by);
  sector = drag_band (f, before, ax, ay, bx, by);
  g_assert_cmpuint (before->width, ==, 48);
  g_assert_cmpuint (sector.x, ==, 8);
  g_assert_cmpuint (sector.width, ==, 11);
  g_assert_cmpuint (sector.y, ==, 1);
  g_assert_cmpuint (sector.height, ==, 5);
}

/* The rubber band across straight up, from the outer part of the ring
 * of 48 cells left of the top to the ring of 24 right of it: the short
 * sector across angle 0 is regenerated, not the long way round, as one
 * undo step, and no passage without an end in it changes. */
static void
test_rings_band_across_top (Fixture       *f,
                            gconstpointer  data)
{
  g_autoptr(MazeGrid) before = maze_grid_copy (maze_document_get_grid (f->document));
  const MazePuzzle *puzzle;
  const MazeEdit *edit;
  MazeRect sector;
  double ax, ay, bx, by;
  guint changed = 0;

  g_assert_true (maze_gui_test_wait_for (canvas_laid_out, f, 5000));
  maze_canvas_set_tool (f->window->canvas, MAZE_TOOL_REGENERATE);
  /* (46, 5) is column 46 of 48; (1, 2) of a ring of 24 spans columns
   * 2..3: the short way is columns 46, 47, 0, 1, 2 and 3. */
  cell_to_view (f, 46, 5, &ax, &ay);
  cell_to_view (f, 1, 2, &bx, &by);
  maze_canvas_press (f->window->canvas, ax, ay, FALSE);
  maze_canvas_drag_to (f->window->canvas, bx, by);
  maze_canvas_release (f->window->canvas, bx, by);

  puzzle = maze_document_get_puzzle (f->document);
  g_assert_cmpuint (puzzle->history->len, >, 0);
  edit = g_ptr_array_index (puzzle->history, puzzle->history->len - 1);
  g_assert_cmpint (edit->kind, ==, MAZE_EDIT_REGENERATE);
  sector = edit->rect;
  g_assert_cmpuint (before->width, ==, 48);
  g_assert_cmpuint (sector.x, ==, 46);
  g_assert_cmpuint (sector.width, ==, 6);
  g_assert_cmpuint (sector.y, ==, 2);
  g_assert_cmpuint (sector.height, ==, 4);
  g_assert_true (maze_grid_check_perfect (puzzle->grid, NULL));

  for (guint y = 0; y < before->height; y++)
    for (guint x = 0; x < maze_grid_row_length (before, y); x++)
      {
        if (before->cells[maze_grid_index (before, x, y)] !=
            puzzle->grid->cells[maze_grid_index (before, x, y)])
          changed++;
        for (guint d = 0; d < before->topology->n_dirs; d++)
          {
            guint nx, ny;

            if (!maze_grid_step (before, x, y, d, &nx, &ny) ||
                maze_region_contains_cell (before, &sector, x, y) ||
                maze_region_contains_cell (before, &sector, nx, ny))
              continue;
            g_assert_cmpint (maze_grid_has_passage (before, x, y, d), ==,
                             maze_grid_has_passage (puzzle->grid, x, y, d));
          }
      }
  g_assert_cmpuint (changed, >, 0);

  /* One step back puts the whole maze back. */
  g_assert_true (maze_document_undo (f->document));
  g_assert_true (maze_grid_equal (maze_document_get_grid (f->document), before));
}

/* The mask brush on rings: a click masks the cell of an inner ring under
 * it, and no other. */
static void
test_rings_mask (Fixture       *f,
                 gconstpointer  data)
{
  const MazeGrid *grid;
  double vx, vy;

  g_assert_true (maze_gui_test_wait_for (canvas_laid_out, f, 5000));
  maze_canvas_set_tool (f->window->canvas, MAZE_TOOL_MASK);
  /* Cell 5 of ring 2 (24 cells): columns 10 and 11 of the outer 48. */
  cell_to_view (f, 5, 2, &vx, &vy);
  maze_canvas_press (f->window->canvas, vx, vy, FALSE);
  maze_canvas_release (f->window->canvas, vx, vy);
  grid = maze_document_get_grid (f->document);
  for (guint32 cell = 0; cell < grid->n_cells; cell++)
    g_assert_cmpint (maze_grid_is_masked (grid, cell), ==, cell == maze_grid_index (grid, 5, 2));
  g_assert_true (maze_grid_check_perfect (grid, NULL));
}

typedef struct
{
  Fixture *f;
  double   x;
  double   y;
} HoverWait;

/* Sends the pointer to (x, y) again until the canvas hovers the cell
 * there: other tests' windows on the same X server may send this one
 * real crossings meanwhile. */
static gboolean
hovering_ring_cell (gpointer data)
{
  HoverWait *wait = data;
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (wait->f->window->canvas));
  guint x, y;

  if (maze_canvas_get_hover_cell (wait->f->window->canvas, &x, &y) && x == 9 && y == 4)
    return TRUE;
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_MOTION (controller))
        g_signal_emit_by_name (controller, "motion", wait->x, wait->y);
    }
  return FALSE;
}

/* The cell under the pointer is named by its ring and its cell. */
static void
test_rings_hover (Fixture       *f,
                  gconstpointer  data)
{
  HoverWait wait = { f, 0, 0 };

  g_assert_true (maze_gui_test_wait_for (canvas_laid_out, f, 5000));
  cell_to_view (f, 9, 4, &wait.x, &wait.y);
  g_assert_true (maze_gui_test_wait_for (hovering_ring_cell, &wait, 5000));
  g_assert_cmpstr (gtk_label_get_label (f->window->hover_label), ==, "Ring 4, cell 9");
}

static void
press_canvas_key (Fixture *f,
                  guint    keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->window->canvas));
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
      gboolean handled = FALSE;

      if (!GTK_IS_EVENT_CONTROLLER_KEY (controller))
        continue;
      g_signal_emit_by_name (controller, "key-pressed", keyval, 0, (GdkModifierType) 0, &handled);
      g_assert_true (handled);
      n++;
    }
  g_assert_cmpuint (n, ==, 1);
}

/* The cell cursor's arrows on rings: round the ring and past the top,
 * out to the first of two cells, in from the second of two. */
static void
test_rings_cursor (Fixture       *f,
                   gconstpointer  data)
{
  static const struct { guint keyval; guint x, y; } steps[] = {
    { GDK_KEY_Right, 0, 0 },   /* the first key shows the cursor, on the start */
    { GDK_KEY_Right, 1, 0 },
    { GDK_KEY_Left, 0, 0 },
    { GDK_KEY_Left, 5, 0 },
    { GDK_KEY_Up, 10, 1 },
    { GDK_KEY_Right, 11, 1 },
    { GDK_KEY_Down, 5, 0 },
    { GDK_KEY_Down, 5, 0 },    /* nothing inside the first ring but the room */
  };

  g_assert_cmpuint (maze_document_get_puzzle (f->document)->start, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      press_canvas_key (f, steps[i].keyval);
      g_assert_true (f->window->canvas->cursor_shown);
      g_assert_cmpuint (f->window->canvas->cursor_x, ==, steps[i].x);
      g_assert_cmpuint (f->window->canvas->cursor_y, ==, steps[i].y);
    }
}

/* The key for the step from cell to next, worked out from the rings:
 * round the ring, out (Q or E to the one of two cells outward; ↑ when
 * there is one), in. */
static guint
ring_key_for (const MazeGrid *grid,
              guint32         cell,
              guint32         next)
{
  guint x, y, nx, ny, length;

  maze_grid_xy (grid, cell, &x, &y);
  maze_grid_xy (grid, next, &nx, &ny);
  length = maze_grid_row_length (grid, y);
  if (ny == y && nx == (x + 1) % length)
    return GDK_KEY_Right;
  if (ny == y && x == (nx + 1) % length)
    return GDK_KEY_Left;
  if (ny + 1 == y)
    return GDK_KEY_Down;
  g_assert_cmpuint (ny, ==, y + 1);
  if (maze_grid_row_length (grid, ny) == length)
    return GDK_KEY_Up;
  return nx == 2 * x ? GDK_KEY_q : GDK_KEY_e;
}

/* Play mode on rings: the hint says how the keys go, and they walk the
 * shortest path from the centre out. */
static void
test_rings_play (Fixture       *f,
                 gconstpointer  data)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (f->document);
  g_autoptr(MazeSolution) path = NULL;
  g_autoptr(GError) error = NULL;
  MazePlaySession *session;
  gboolean outward = FALSE;

  path = maze_solve (puzzle->grid, MAZE_SOLVER_BFS, puzzle->start, puzzle->end, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.play", NULL));
  session = maze_canvas_get_play_session (f->window->canvas);
  g_assert_nonnull (session);
  g_assert_cmpstr (gtk_label_get_label (f->window->play_hint_label), ==,
                   maze_play_key_hint (MAZE_SHAPE_CIRCULAR));
  g_assert_cmpstr (maze_play_key_hint (MAZE_SHAPE_CIRCULAR), !=, maze_play_key_hint (MAZE_SHAPE_RECT));

  for (guint32 p = 0; p + 1 < path->path_len; p++)
    {
      guint key = ring_key_for (puzzle->grid, path->path[p], path->path[p + 1]);

      outward |= key == GDK_KEY_Up || key == GDK_KEY_q || key == GDK_KEY_e;
      g_assert_true (maze_canvas_play_key_pressed (f->window->canvas, key));
      g_assert_cmpuint (maze_play_session_get_cell (session), ==, path->path[p + 1]);
    }
  g_assert_true (outward);
  g_assert_true (maze_play_session_get_finished (session));
}

static guint
combo_item (AdwComboRow *row,
            const char  *title)
{
  GListModel *model = adw_combo_row_get_model (row);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (model), i), title))
      return i;
  g_error ("the row offers no “%s”", title);
}

static gboolean
document_has_centre (gpointer data)
{
  Fixture *f = data;

  return maze_grid_is_centre (maze_document_get_grid (f->document), 0, 0);
}

static gboolean
document_has_room (gpointer data)
{
  Fixture *f = data;
  const MazeGrid *grid = maze_document_get_grid (f->document);

  return grid->shape == MAZE_SHAPE_CIRCULAR && !maze_grid_is_centre (grid, 0, 0);
}

static gboolean
document_first_is_10 (gpointer data)
{
  Fixture *f = data;
  guint first, rings;

  maze_grid_get_size_args (maze_document_get_grid (f->document), &first, &rings);
  return first == 10;
}

/* Circular, then Cell in the Centre row: a maze round a centre cell,
 * its first ring brought down to the 6 cells a centre takes and the
 * First Ring row offering no more; Open Room goes back to the room.
 * The level buttons keep the centre chosen. */
static void
test_centre_chosen (Fixture       *f,
                    gconstpointer  data)
{
  AdwComboRow *centre_row = ADW_COMBO_ROW (panel_child (f, "centre_row"));
  GtkSpinButton *first_spin = GTK_SPIN_BUTTON (panel_child (f, "first_spin"));
  const MazeAlgorithmInfo *prim = maze_algorithm_get_info (MAZE_ALGORITHM_PRIM);
  const MazeLevelInfo *very_easy = maze_level_get_info (MAZE_LEVEL_VERY_EASY);
  MazeSettings settings;
  guint first, rings;

  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (centre_row)));
  adw_combo_row_set_selected (shape_row (f), shape_item (f, "Circular"));
  g_assert_true (maze_gui_test_wait_for (document_is_circular, f, 5000));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (centre_row)));
  g_assert_cmpuint (adw_combo_row_get_selected (centre_row), ==, combo_item (centre_row, "Open Room"));
  adw_combo_row_set_selected (ADW_COMBO_ROW (panel_child (f, "algorithm_row")),
                              combo_item (ADW_COMBO_ROW (panel_child (f, "algorithm_row")),
                                          prim->title));
  gtk_spin_button_set_value (first_spin, 10);
  g_assert_true (maze_gui_test_wait_for (document_first_is_10, f, 5000));
  g_assert_false (maze_grid_is_centre (maze_document_get_grid (f->document), 0, 0));

  adw_combo_row_set_selected (centre_row, combo_item (centre_row, "Cell"));
  g_assert_true (maze_gui_test_wait_for (document_has_centre, f, 5000));
  maze_grid_get_size_args (maze_document_get_grid (f->document), &first, &rings);
  g_assert_cmpuint (first, ==, MAZE_POLAR_MAX_CENTRE_FIRST);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (first_spin), ==, MAZE_POLAR_MAX_CENTRE_FIRST);
  g_assert_cmpfloat (gtk_adjustment_get_upper (gtk_spin_button_get_adjustment (first_spin)), ==,
                     MAZE_POLAR_MAX_CENTRE_FIRST);
  g_assert_cmpint (maze_document_get_puzzle (f->document)->algorithm, ==, MAZE_ALGORITHM_PRIM);
  g_assert_true (maze_grid_check_perfect (maze_document_get_grid (f->document), NULL));
  maze_settings_panel_get_settings (f->window->settings_panel, &settings);
  g_assert_true (settings.centre);
  g_assert_true (g_str_has_prefix (adw_window_title_get_subtitle (f->window->window_title),
                                   "circular, 12 rings, centre cell · "));

  adw_combo_row_set_selected (centre_row, combo_item (centre_row, "Open Room"));
  g_assert_true (maze_gui_test_wait_for (document_has_room, f, 5000));
  g_assert_true (g_str_has_prefix (adw_window_title_get_subtitle (f->window->window_title),
                                   "circular, 12 rings · "));
  maze_settings_panel_get_settings (f->window->settings_panel, &settings);
  g_assert_false (settings.centre);
  g_assert_cmpuint (settings.width, ==, MAZE_POLAR_MAX_CENTRE_FIRST);

  /* A level keeps the centre chosen, with the rings measured around it
   * (maze-level.c): Very easy has one more round a cell than round the
   * room, as a pack's levels. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window->settings_panel),
                                             "settings.preset", "s", very_easy->name));
  maze_grid_get_size_args (maze_document_get_grid (f->document), &first, &rings);
  g_assert_false (maze_grid_is_centre (maze_document_get_grid (f->document), 0, 0));
  g_assert_cmpuint (rings, ==, very_easy->side[MAZE_SHAPE_CIRCULAR]);
  adw_combo_row_set_selected (centre_row, combo_item (centre_row, "Cell"));
  g_assert_true (maze_gui_test_wait_for (document_has_centre, f, 5000));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window->settings_panel),
                                             "settings.preset", "s", very_easy->name));
  maze_grid_get_size_args (maze_document_get_grid (f->document), &first, &rings);
  g_assert_true (maze_grid_is_centre (maze_document_get_grid (f->document), 0, 0));
  g_assert_cmpuint (rings, ==, very_easy->centre_side);
  g_assert_cmpuint (first, ==, MAZE_POLAR_DEFAULT_FIRST);
}

/* A maze round a centre cell shows as one in the panel; the start
 * dragged onto the centre lands there, at the fitted zoom and zoomed
 * in, and so does a release near the middle but off the centre's
 * middle. */
static void
test_centre_drag_start (Fixture       *f,
                        gconstpointer  data)
{
  const MazeGrid *grid = maze_document_get_grid (f->document);
  MazeViewport *viewport = maze_canvas_get_viewport (f->window->canvas);
  AdwComboRow *centre_row = ADW_COMBO_ROW (panel_child (f, "centre_row"));
  guint32 centre = maze_grid_index (grid, 0, 0);
  MazeSettings settings;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (adw_combo_row_get_selected (centre_row), ==, combo_item (centre_row, "Cell"));
  maze_settings_panel_get_settings (f->window->settings_panel, &settings);
  g_assert_true (settings.centre);

  g_assert_true (maze_gui_test_wait_for (canvas_laid_out, f, 5000));
  maze_canvas_set_tool (f->window->canvas, MAZE_TOOL_START);
  for (guint i = 0; i < 2; i++)
    {
      guint sx, sy;
      double ax, ay, bx, by;

      if (i == 1)
        {
          g_assert_true (maze_document_set_start (f->document, maze_grid_index (grid, 1, 1), &error));
          g_assert_no_error (error);
          cell_to_view (f, 0, 0, &bx, &by);
          maze_viewport_zoom_by (viewport, 4.0, bx, by);
        }
      maze_grid_xy (grid, maze_document_get_puzzle (f->document)->start, &sx, &sy);
      g_assert_cmpuint (sy, ==, 1);
      cell_to_view (f, sx, sy, &ax, &ay);
      cell_to_view (f, 0, 0, &bx, &by);
      /* A fifth of the way from the middle to the start's middle. */
      bx += (ax - bx) / 5;
      by += (ay - by) / 5;
      drag_via_middle (f, ax, ay, bx, by);
      g_assert_cmpuint (maze_document_get_puzzle (f->document)->start, ==, centre);
    }
}

/* The rubber band from the centre cell to a cell of the fourth ring:
 * the sector holds ring 0 (the whole disc inside the rings it spans),
 * the maze stays perfect, and nothing outside the core's reach moves. */
static void
test_centre_band (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(MazeGrid) before = maze_grid_copy (maze_document_get_grid (f->document));
  MazeRect sector;
  double ax, ay, bx, by;

  g_assert_true (maze_gui_test_wait_for (canvas_laid_out, f, 5000));
  maze_canvas_set_tool (f->window->canvas, MAZE_TOOL_REGENERATE);
  cell_to_view (f, 0, 0, &ax, &ay);
  cell_to_view (f, 5, 3, &bx, &by);
  /* Off the centre's middle, as a hand would press. */
  ax += (bx - ax) / 12;
  ay += (by - ay) / 12;
  sector = drag_band (f, before, ax, ay, bx, by);
  g_assert_cmpuint (sector.y, ==, 0);
  g_assert_cmpuint (sector.height, ==, 4);
  g_assert_true (maze_region_contains_cell (before, &sector, 0, 0));
}

/* The key pointing at first-ring cell d from the centre, worked out
 * from the angles: the one of the eight nearest the cell's middle. */
static guint
centre_key_for (const MazeGrid *grid,
                guint           d)
{
  /* Clockwise from up, an eighth of a turn apart. */
  static const guint keys[] = {
    GDK_KEY_Up, GDK_KEY_e, GDK_KEY_Right, GDK_KEY_c,
    GDK_KEY_Down, GDK_KEY_z, GDK_KEY_Left, GDK_KEY_q,
  };
  guint n = maze_grid_row_length (grid, 1);

  /* (d + 1/2) / n of a turn, in eighths, rounded. */
  return keys[((2 * d + 1) * 8 + n) / (2 * n) % 8];
}

/* The cell cursor at the centre: each arrow out to the first-ring cell
 * it points at (up: the first, clockwise from straight up), ↓ from the
 * first ring back in. */
static void
test_centre_cursor (Fixture       *f,
                    gconstpointer  data)
{
  const MazeGrid *grid = maze_document_get_grid (f->document);
  g_autoptr(GError) error = NULL;
  /* Six cells round the centre, a sixth of a turn each. */
  static const struct { guint keyval; guint x, y; } steps[] = {
    { GDK_KEY_Down, 0, 0 },    /* the first key shows the cursor, on the start */
    { GDK_KEY_Up, 0, 1 },
    { GDK_KEY_Down, 0, 0 },
    { GDK_KEY_Right, 1, 1 },
    { GDK_KEY_Down, 0, 0 },
    { GDK_KEY_Down, 3, 1 },
    { GDK_KEY_Down, 0, 0 },
    { GDK_KEY_Left, 4, 1 },
    { GDK_KEY_Right, 5, 1 },
    { GDK_KEY_Down, 0, 0 },
  };

  g_assert_cmpuint (maze_grid_row_length (grid, 1), ==, 6);
  g_assert_true (maze_document_set_start (f->document, maze_grid_index (grid, 0, 0), &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      press_canvas_key (f, steps[i].keyval);
      g_assert_cmpuint (f->window->canvas->cursor_x, ==, steps[i].x);
      g_assert_cmpuint (f->window->canvas->cursor_y, ==, steps[i].y);
    }
}

/* The shortest path from start to end, by a breadth-first search of
 * the test's own over the grid's steps and passages, which cover the
 * centre's spokes (not the core's solvers, which are checked apart). */
static GArray *
shortest_path (const MazeGrid *grid,
               guint32         start,
               guint32         end)
{
  g_autofree guint32 *came_from = g_new (guint32, grid->n_cells);
  g_autofree guint32 *queue = g_new (guint32, grid->n_cells);
  GArray *path = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 head = 0, tail = 0;

  for (guint32 i = 0; i < grid->n_cells; i++)
    came_from[i] = MAZE_NO_CELL;
  came_from[start] = start;
  queue[tail++] = start;
  while (head < tail)
    {
      guint32 cell = queue[head++];
      guint x, y, nx, ny;

      maze_grid_xy (grid, cell, &x, &y);
      for (guint d = 0; d < grid->topology->n_dirs; d++)
        if (maze_grid_step (grid, x, y, d, &nx, &ny) && maze_grid_has_passage (grid, x, y, d) &&
            came_from[maze_grid_index (grid, nx, ny)] == MAZE_NO_CELL)
          {
            came_from[maze_grid_index (grid, nx, ny)] = cell;
            queue[tail++] = maze_grid_index (grid, nx, ny);
          }
    }
  g_assert_cmpuint (came_from[end], !=, MAZE_NO_CELL);
  for (guint32 cell = end; cell != start; cell = came_from[cell])
    g_array_prepend_val (path, cell);
  g_array_prepend_val (path, start);
  return path;
}

/* Play mode from the centre: the keys walk the shortest path out to the
 * end, the first step by the key pointing at the cell; ↓ from the first
 * ring goes back in. */
static void
test_centre_play (Fixture       *f,
                  gconstpointer  data)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (f->document);
  guint32 centre = maze_grid_index (puzzle->grid, 0, 0);
  g_autoptr(GArray) path = NULL;
  g_autoptr(GError) error = NULL;
  MazePlaySession *session;
  guint x, y;

  g_assert_true (maze_document_set_start (f->document, centre, &error));
  g_assert_no_error (error);
  puzzle = maze_document_get_puzzle (f->document);
  path = shortest_path (puzzle->grid, puzzle->start, puzzle->end);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.play", NULL));
  session = maze_canvas_get_play_session (f->window->canvas);
  g_assert_nonnull (session);
  g_assert_cmpuint (maze_play_session_get_cell (session), ==, centre);

  /* Out and back in. */
  maze_grid_xy (puzzle->grid, g_array_index (path, guint32, 1), &x, &y);
  g_assert_cmpuint (y, ==, 1);
  g_assert_true (maze_canvas_play_key_pressed (f->window->canvas, centre_key_for (puzzle->grid, x)));
  g_assert_cmpuint (maze_play_session_get_cell (session), ==, g_array_index (path, guint32, 1));
  g_assert_true (maze_canvas_play_key_pressed (f->window->canvas, GDK_KEY_Down));
  g_assert_cmpuint (maze_play_session_get_cell (session), ==, centre);

  for (guint32 p = 0; p + 1 < path->len; p++)
    {
      guint key;

      maze_grid_xy (puzzle->grid, g_array_index (path, guint32, p + 1), &x, &y);
      key = p == 0 ? centre_key_for (puzzle->grid, x)
                   : ring_key_for (puzzle->grid, g_array_index (path, guint32, p), g_array_index (path, guint32, p + 1));
      g_assert_true (maze_canvas_play_key_pressed (f->window->canvas, key));
      g_assert_cmpuint (maze_play_session_get_cell (session), ==, g_array_index (path, guint32, p + 1));
    }
  g_assert_true (maze_play_session_get_finished (session));
}

int
main (int    argc,
      char **argv)
{
  app = maze_gui_test_init (&argc, &argv);

  g_test_add ("/window-shapes/tri-shown", Fixture, GINT_TO_POINTER (MAZE_SHAPE_TRI),
              fixture_setup, test_tri_shown, fixture_teardown);
  g_test_add ("/window-shapes/tri-file", Fixture, GINT_TO_POINTER (MAZE_SHAPE_RECT),
              fixture_setup, test_tri_file, fixture_teardown);
  g_test_add ("/window-shapes/tri-chosen", Fixture, GINT_TO_POINTER (MAZE_SHAPE_RECT),
              fixture_setup, test_tri_chosen, fixture_teardown);
  g_test_add ("/window-shapes/tri-play", Fixture, GINT_TO_POINTER (MAZE_SHAPE_TRI),
              fixture_setup, test_tri_play, fixture_teardown);

  g_test_add ("/window-shapes/rings-chosen", Fixture, GINT_TO_POINTER (MAZE_SHAPE_RECT),
              fixture_setup, test_rings_chosen, fixture_teardown);
  g_test_add ("/window-shapes/rings-drag-start", Fixture, NULL,
              rings_setup, test_rings_drag_start, fixture_teardown);
  g_test_add ("/window-shapes/rings-band", Fixture, NULL,
              rings_setup, test_rings_band, fixture_teardown);
  g_test_add ("/window-shapes/rings-band-across-top", Fixture, NULL,
              rings_setup, test_rings_band_across_top, fixture_teardown);
  g_test_add ("/window-shapes/rings-hover", Fixture, NULL,
              rings_setup, test_rings_hover, fixture_teardown);
  g_test_add ("/window-shapes/rings-cursor", Fixture, NULL,
              rings_setup, test_rings_cursor, fixture_teardown);
  g_test_add ("/window-shapes/rings-mask", Fixture, NULL,
              rings_setup, test_rings_mask, fixture_teardown);
  g_test_add ("/window-shapes/rings-play", Fixture, NULL,
              rings_setup, test_rings_play, fixture_teardown);

  g_test_add ("/window-shapes/centre-chosen", Fixture, GINT_TO_POINTER (MAZE_SHAPE_RECT),
              fixture_setup, test_centre_chosen, fixture_teardown);
  g_test_add ("/window-shapes/centre-drag-start", Fixture, NULL,
              centre_setup, test_centre_drag_start, fixture_teardown);
  g_test_add ("/window-shapes/centre-band", Fixture, NULL,
              centre_setup, test_centre_band, fixture_teardown);
  g_test_add ("/window-shapes/centre-cursor", Fixture, NULL,
              centre_setup, test_centre_cursor, fixture_teardown);
  g_test_add ("/window-shapes/centre-play", Fixture, NULL,
              centre_setup, test_centre_play, fixture_teardown);

  return g_test_run ();
}
