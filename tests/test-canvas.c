/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "maze-canvas.h"
#include "maze-geometry.h"

/* The canvas in a real window under a display (Xvfb in the test suite):
 * the tools driven through maze_canvas_press/drag_to/release and through
 * the controllers' own signals, with the document checked afterwards. */

#define WAIT_TIMEOUT_MS 60000   /* a bound on a hang, not on speed */

typedef struct
{
  GtkWidget    *window;
  MazeCanvas   *canvas;
  MazeDocument *document;
  guint         hover_changes;
  GError       *failed;          /* the last "edit-failed" */
  guint         n_failed;
  GArray       *frames;          /* per frame: tiles drawn, tiles rendered */
  GArray       *layer_frames;    /* per frame: base, walls, paths textures rendered */
  gboolean      far_view;        /* the last frame drew the far level of detail */
} Fixture;

typedef struct
{
  MazeShape shape;
  guint     width;
  guint     height;
} Size;

static const Size small_rect = { MAZE_SHAPE_RECT, 20, 15 };
static const Size large_rect = { MAZE_SHAPE_RECT, 200, 150 };
static const Size small_hex = { MAZE_SHAPE_HEX, 16, 12 };
static const Size huge_rect = { MAZE_SHAPE_RECT, 600, 600 };
static const Size small_rings = { MAZE_SHAPE_CIRCULAR, 3, 3 };  /* 3 cells in the first ring */

/* ---- Helpers ---- */

static gboolean
timeout_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until *flag is set; fails the test after a while. */
static void
wait_for (gboolean *flag)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add (WAIT_TIMEOUT_MS, timeout_cb, &timed_out);

  while (!*flag && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  g_assert_false (timed_out);
}

static void
after_paint_cb (GdkFrameClock *clock,
                gboolean      *done)
{
  *done = TRUE;
}

/* Draws the canvas once. */
static void
wait_frame (Fixture *f)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (f->canvas));
  gboolean done = FALSE;
  gulong id;

  g_assert_nonnull (clock);
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &done);
  gtk_widget_queue_draw (GTK_WIDGET (f->canvas));
  wait_for (&done);
  g_signal_handler_disconnect (clock, id);
}

/* Draws until a frame renders no tile: everything visible is cached. */
static void
settle (Fixture *f)
{
  for (guint i = 0; i < 200; i++)
    {
      guint before = f->frames->len;

      wait_frame (f);
      if (f->frames->len > before &&
          g_array_index (f->frames, guint, f->frames->len - 1) == 0)
        return;
    }
  g_assert_not_reached ();
}

static guint
last_rendered (Fixture *f)
{
  g_assert_cmpuint (f->frames->len, >=, 2);
  return g_array_index (f->frames, guint, f->frames->len - 1);
}

static guint
last_drawn (Fixture *f)
{
  g_assert_cmpuint (f->frames->len, >=, 2);
  return g_array_index (f->frames, guint, f->frames->len - 2);
}

/* The canvas logs each frame at debug level: how many tiles it drew and
 * how many it had to render. */
static void
log_cb (const char     *domain,
        GLogLevelFlags  level,
        const char     *message,
        gpointer        user_data)
{
  Fixture *f = user_data;
  const char *p = strstr (message, " tiles drawn, ");
  const char *q;
  guint drawn, rendered;

  if (f == NULL || !g_str_has_prefix (message, "canvas frame") || p == NULL)
    return;
  q = p;
  while (q > message && g_ascii_isdigit (q[-1]))
    q--;
  drawn = (guint) strtoul (q, NULL, 10);
  rendered = (guint) strtoul (p + strlen (" tiles drawn, "), NULL, 10);
  g_array_append_val (f->frames, drawn);
  g_array_append_val (f->frames, rendered);
  f->far_view = strstr (message, "(far view)") != NULL;

  /* "(layers: B base, W walls, P paths)": which textures were drawn. */
  p = strstr (message, "(layers: ");
  if (p != NULL)
    {
      guint layers[3];

      if (sscanf (p, "(layers: %u base, %u walls, %u paths)", &layers[0], &layers[1], &layers[2]) == 3)
        g_array_append_vals (f->layer_frames, layers, 3);
    }
}

static Fixture *current_fixture;

static void
log_forward_cb (const char     *domain,
                GLogLevelFlags  level,
                const char     *message,
                gpointer        user_data)
{
  log_cb (domain, level, message, current_fixture);
}

static MazeDocument *
new_document (const Size *size)
{
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;
  MazePuzzle *puzzle;

  maze_generate_options_init (&options);
  options.seed = 20240607;
  puzzle = maze_puzzle_generate (size->shape, size->width, size->height, &options, 0,
                                 MAZE_ENDPOINTS_CORNERS, &error);
  g_assert_no_error (error);
  return maze_document_new_for_puzzle (puzzle);
}

static void
hover_changed_cb (MazeCanvas *canvas,
                  Fixture    *f)
{
  f->hover_changes++;
}

static void
edit_failed_cb (MazeCanvas   *canvas,
                const GError *error,
                Fixture      *f)
{
  g_assert_nonnull (error);
  g_clear_error (&f->failed);
  f->failed = g_error_copy (error);
  f->n_failed++;
}

static GtkEventController *find_controller (Fixture *f,
                                            GType    type);

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  const Size *size = data;

  current_fixture = f;
  f->frames = g_array_new (FALSE, FALSE, sizeof (guint));
  f->layer_frames = g_array_new (FALSE, FALSE, sizeof (guint));
  f->document = new_document (size);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 640, 480);
  f->canvas = MAZE_CANVAS (maze_canvas_new ());
  maze_canvas_set_document (f->canvas, f->document);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->canvas));
  g_signal_connect (f->canvas, "hover-changed", G_CALLBACK (hover_changed_cb), f);
  g_signal_connect (f->canvas, "edit-failed", G_CALLBACK (edit_failed_cb), f);
  gtk_window_present (GTK_WINDOW (f->window));

  /* Wait for the canvas to be mapped and sized, then for a frame. */
  for (guint i = 0; !(gtk_widget_get_mapped (GTK_WIDGET (f->canvas)) &&
                     gtk_widget_get_width (GTK_WIDGET (f->canvas)) > 0); i++)
    {
      gboolean tick = FALSE;

      g_assert_cmpuint (i, <, 500);
      g_timeout_add (10, timeout_cb, &tick);
      wait_for (&tick);
    }
  settle (f);
  /* The real pointer may sit over the window: start from no hover. */
  g_signal_emit_by_name (find_controller (f, GTK_TYPE_EVENT_CONTROLLER_MOTION), "leave");
  f->hover_changes = 0;
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_object_unref (f->document);
  g_clear_error (&f->failed);
  g_array_unref (f->frames);
  g_array_unref (f->layer_frames);
  current_fixture = NULL;
}

/* Where cell (x, y)'s centre is on the canvas, from the viewport and the
 * model geometry (one unit per cell, half a cell of margin). */
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
  maze_viewport_model_to_view (maze_canvas_get_viewport (f->canvas), mx, my, vx, vy);
}

static guint32
cell (Fixture *f,
      guint    x,
      guint    y)
{
  return maze_grid_index (maze_document_get_grid (f->document), x, y);
}

static void
click_cell (Fixture  *f,
            guint     x,
            guint     y,
            gboolean  secondary)
{
  double vx, vy;

  cell_to_view (f, x, y, &vx, &vy);
  maze_canvas_press (f->canvas, vx, vy, secondary);
  maze_canvas_release (f->canvas, vx, vy);
}

/* A drag from cell to cell, through every cell in between, drawing a
 * frame half way so the live feedback is drawn too. */
static void
drag_cells (Fixture  *f,
            guint     x0,
            guint     y0,
            guint     x1,
            guint     y1,
            gboolean  secondary)
{
  double ax, ay, bx, by;

  cell_to_view (f, x0, y0, &ax, &ay);
  cell_to_view (f, x1, y1, &bx, &by);
  maze_canvas_press (f->canvas, ax, ay, secondary);
  maze_canvas_drag_to (f->canvas, (ax + bx) / 2, (ay + by) / 2);
  wait_frame (f);
  maze_canvas_drag_to (f->canvas, bx, by);
  maze_canvas_release (f->canvas, bx, by);
}

static GtkEventController *
find_controller (Fixture *f,
                 GType    type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->canvas));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        return controller;
    }
  g_assert_not_reached ();
  return NULL;
}

static guint
history_len (Fixture *f)
{
  return maze_document_get_puzzle (f->document)->history->len;
}

static const MazeEdit *
last_edit (Fixture *f)
{
  GPtrArray *history = maze_document_get_puzzle (f->document)->history;

  g_assert_cmpuint (history->len, >, 0);
  return g_ptr_array_index (history, history->len - 1);
}

static void
assert_perfect (Fixture *f)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (maze_grid_check_perfect (maze_document_get_grid (f->document), &error));
  g_assert_no_error (error);
}

/* ---- Tests ---- */

static void
test_start_click (Fixture       *f,
                  gconstpointer  data)
{
  guint before = history_len (f);

  maze_canvas_set_tool (f->canvas, MAZE_TOOL_START);
  g_assert_cmpint (maze_canvas_get_tool (f->canvas), ==, MAZE_TOOL_START);
  click_cell (f, 3, 4, FALSE);
  g_assert_cmpuint (maze_document_get_puzzle (f->document)->start, ==, cell (f, 3, 4));
  g_assert_cmpuint (history_len (f), ==, before + 1);

  maze_canvas_set_tool (f->canvas, MAZE_TOOL_END);
  click_cell (f, 9, 11, FALSE);
  g_assert_cmpuint (maze_document_get_puzzle (f->document)->end, ==, cell (f, 9, 11));
  g_assert_cmpuint (maze_document_get_puzzle (f->document)->start, ==, cell (f, 3, 4));
  g_assert_cmpuint (f->n_failed, ==, 0);
  wait_frame (f);
}

/* The gesture's own signals, as a real click emits them. */
static void
test_start_gesture (Fixture       *f,
                    gconstpointer  data)
{
  GtkEventController *drag = find_controller (f, GTK_TYPE_GESTURE_DRAG);
  double vx, vy, wx, wy;

  maze_canvas_set_tool (f->canvas, MAZE_TOOL_START);
  cell_to_view (f, 3, 4, &vx, &vy);
  g_signal_emit_by_name (drag, "drag-begin", vx, vy);
  g_signal_emit_by_name (drag, "drag-end", 0.0, 0.0);
  g_assert_cmpuint (maze_document_get_puzzle (f->document)->start, ==, cell (f, 3, 4));

  /* A drag moves the marker along and makes one undo step. */
  cell_to_view (f, 7, 4, &wx, &wy);
  g_signal_emit_by_name (drag, "drag-begin", vx, vy);
  g_signal_emit_by_name (drag, "drag-update", (wx - vx) / 2, (wy - vy) / 2);
  wait_frame (f);
  /* Live: the document keeps its start until the release. */
  g_assert_cmpuint (maze_document_get_puzzle (f->document)->start, ==, cell (f, 3, 4));
  g_signal_emit_by_name (drag, "drag-update", wx - vx, wy - vy);
  g_signal_emit_by_name (drag, "drag-end", wx - vx, wy - vy);
  g_assert_cmpuint (maze_document_get_puzzle (f->document)->start, ==, cell (f, 7, 4));
  g_assert_true (maze_document_undo (f->document));
  g_assert_cmpuint (maze_document_get_puzzle (f->document)->start, ==, cell (f, 3, 4));
}

/* A click off the maze does nothing. */
static void
test_start_outside (Fixture       *f,
                    gconstpointer  data)
{
  guint32 start = maze_document_get_puzzle (f->document)->start;
  guint before = history_len (f);

  maze_canvas_set_tool (f->canvas, MAZE_TOOL_START);
  maze_canvas_press (f->canvas, 1, 1, FALSE);
  maze_canvas_release (f->canvas, 1, 1);
  g_assert_cmpuint (maze_document_get_puzzle (f->document)->start, ==, start);
  g_assert_cmpuint (history_len (f), ==, before);
}

static void
test_regenerate (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(MazeGrid) before = maze_grid_copy (maze_document_get_grid (f->document));
  guint len = history_len (f);
  const MazeEdit *edit;

  maze_canvas_set_tool (f->canvas, MAZE_TOOL_REGENERATE);
  drag_cells (f, 8, 6, 2, 2, FALSE);
  g_assert_cmpuint (f->n_failed, ==, 0);
  g_assert_cmpuint (history_len (f), ==, len + 1);
  edit = last_edit (f);
  g_assert_cmpint (edit->kind, ==, MAZE_EDIT_REGENERATE);
  g_assert_cmpuint (edit->rect.x, ==, 2);
  g_assert_cmpuint (edit->rect.y, ==, 2);
  g_assert_cmpuint (edit->rect.width, ==, 7);
  g_assert_cmpuint (edit->rect.height, ==, 5);
  assert_perfect (f);
  wait_frame (f);

  g_assert_true (maze_document_undo (f->document));
  g_assert_true (maze_grid_equal (before, maze_document_get_grid (f->document)));
}

/* A band dragged past the maze's edge is clipped to it. */
static void
test_regenerate_clamped (Fixture       *f,
                         gconstpointer  data)
{
  const MazeGrid *grid = maze_document_get_grid (f->document);
  const MazeEdit *edit;
  double vx, vy;

  maze_canvas_set_tool (f->canvas, MAZE_TOOL_REGENERATE);
  cell_to_view (f, grid->width - 3, grid->height - 2, &vx, &vy);
  maze_canvas_press (f->canvas, vx, vy, FALSE);
  maze_canvas_drag_to (f->canvas, gtk_widget_get_width (GTK_WIDGET (f->canvas)) - 1,
                       gtk_widget_get_height (GTK_WIDGET (f->canvas)) - 1);
  maze_canvas_release (f->canvas, gtk_widget_get_width (GTK_WIDGET (f->canvas)) - 1,
                       gtk_widget_get_height (GTK_WIDGET (f->canvas)) - 1);
  edit = last_edit (f);
  g_assert_cmpint (edit->kind, ==, MAZE_EDIT_REGENERATE);
  g_assert_cmpuint (edit->rect.x, ==, grid->width - 3);
  g_assert_cmpuint (edit->rect.y, ==, grid->height - 2);
  g_assert_cmpuint (edit->rect.width, ==, 3);
  g_assert_cmpuint (edit->rect.height, ==, 2);
  assert_perfect (f);
}

static void
test_mask (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(MazeGrid) before = maze_grid_copy (maze_document_get_grid (f->document));
  const MazeGrid *grid;
  guint len = history_len (f);

  maze_canvas_set_tool (f->canvas, MAZE_TOOL_MASK);
  click_cell (f, 5, 5, FALSE);
  grid = maze_document_get_grid (f->document);
  g_assert_cmpuint (f->n_failed, ==, 0);
  g_assert_true (maze_grid_is_masked (grid, cell (f, 5, 5)));
  g_assert_cmpuint (history_len (f), ==, len + 1);
  g_assert_cmpint (last_edit (f)->kind, ==, MAZE_EDIT_MASK);
  assert_perfect (f);
  wait_frame (f);

  g_assert_true (maze_document_undo (f->document));
  grid = maze_document_get_grid (f->document);
  g_assert_false (maze_grid_is_masked (grid, cell (f, 5, 5)));
  g_assert_true (maze_grid_equal (before, grid));

  /* A stroke is one edit over the painted cells' bounding box. */
  drag_cells (f, 5, 5, 8, 5, FALSE);
  grid = maze_document_get_grid (f->document);
  for (guint x = 5; x <= 8; x++)
    g_assert_true (maze_grid_is_masked (grid, cell (f, x, 5)));
  g_assert_false (maze_grid_is_masked (grid, cell (f, 5, 4)));
  g_assert_cmpuint (history_len (f), ==, len + 1);
  /* The edit covers the painted cells (and the margin the document
   * regenerates around them). */
  g_assert_cmpint (last_edit (f)->kind, ==, MAZE_EDIT_MASK);
  g_assert_cmpuint (last_edit (f)->rect.x, <=, 5);
  g_assert_cmpuint (last_edit (f)->rect.x + last_edit (f)->rect.width, >=, 9);
  g_assert_cmpuint (last_edit (f)->rect.y, <=, 5);
  g_assert_cmpuint (last_edit (f)->rect.y + last_edit (f)->rect.height, >=, 6);
  assert_perfect (f);

  /* Secondary paints back in. */
  click_cell (f, 6, 5, TRUE);
  grid = maze_document_get_grid (f->document);
  g_assert_false (maze_grid_is_masked (grid, cell (f, 6, 5)));
  g_assert_true (maze_grid_is_masked (grid, cell (f, 5, 5)));
  g_assert_true (maze_grid_is_masked (grid, cell (f, 7, 5)));
  g_assert_cmpuint (history_len (f), ==, len + 2);
  assert_perfect (f);
  wait_frame (f);
}

/* A wall of masked cells across the maze would cut it in two: the
 * document refuses, the canvas says so and nothing changes. */
static void
test_mask_refused (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(MazeGrid) before = maze_grid_copy (maze_document_get_grid (f->document));
  const MazeGrid *grid = maze_document_get_grid (f->document);
  guint len = history_len (f);

  maze_canvas_set_tool (f->canvas, MAZE_TOOL_MASK);
  drag_cells (f, 10, 0, 10, grid->height - 1, FALSE);
  g_assert_cmpuint (f->n_failed, ==, 1);
  g_assert_error (f->failed, MAZE_ERROR, MAZE_ERROR_DISCONNECTED);
  g_assert_cmpuint (history_len (f), ==, len);
  g_assert_true (maze_grid_equal (before, maze_document_get_grid (f->document)));
  wait_frame (f);
}

static void
test_weight (Fixture       *f,
             gconstpointer  data)
{
  const MazeGrid *grid;
  guint len = history_len (f);

  maze_canvas_set_tool (f->canvas, MAZE_TOOL_WEIGHT);
  maze_canvas_set_weight (f->canvas, 7);
  drag_cells (f, 1, 1, 3, 1, FALSE);
  grid = maze_document_get_grid (f->document);
  for (guint x = 1; x <= 3; x++)
    g_assert_cmpuint (maze_grid_get_weight (grid, cell (f, x, 1)), ==, 7);
  g_assert_cmpuint (maze_grid_get_weight (grid, cell (f, 4, 1)), ==, 1);
  g_assert_cmpuint (maze_grid_get_weight (grid, cell (f, 1, 2)), ==, 1);
  /* The file's history keeps an edit a cell, but the stroke is one undo
   * step. */
  g_assert_cmpuint (history_len (f), ==, len + 3);
  g_assert_true (maze_document_undo (f->document));
  for (guint x = 1; x <= 3; x++)
    g_assert_cmpuint (maze_grid_get_weight (grid, cell (f, x, 1)), ==, 1);
  g_assert_cmpuint (history_len (f), ==, len);
  g_assert_true (maze_document_redo (f->document));
  for (guint x = 1; x <= 3; x++)
    g_assert_cmpuint (maze_grid_get_weight (grid, cell (f, x, 1)), ==, 7);
  wait_frame (f);

  /* Secondary clears the mud. */
  click_cell (f, 2, 1, TRUE);
  g_assert_cmpuint (maze_grid_get_weight (maze_document_get_grid (f->document), cell (f, 2, 1)), ==, 1);
  g_assert_true (maze_document_undo (f->document));
  g_assert_cmpuint (maze_grid_get_weight (maze_document_get_grid (f->document), cell (f, 2, 1)), ==, 7);
  g_assert_cmpuint (f->n_failed, ==, 0);
}

/* Undo in the middle of a mud stroke undoes the stroke so far, whole,
 * and ends it: the rest of the drag paints nothing (it went on painting,
 * an undo step a cell). */
static void
test_weight_undo_mid_stroke (Fixture       *f,
                             gconstpointer  data)
{
  const MazeGrid *grid = maze_document_get_grid (f->document);
  guint len = history_len (f);
  double ax, ay, bx, by, cx, cy;

  maze_canvas_set_tool (f->canvas, MAZE_TOOL_WEIGHT);
  maze_canvas_set_weight (f->canvas, 7);
  cell_to_view (f, 1, 1, &ax, &ay);
  cell_to_view (f, 3, 1, &bx, &by);
  cell_to_view (f, 6, 1, &cx, &cy);
  maze_canvas_press (f->canvas, ax, ay, FALSE);
  maze_canvas_drag_to (f->canvas, bx, by);
  for (guint x = 1; x <= 3; x++)
    g_assert_cmpuint (maze_grid_get_weight (grid, cell (f, x, 1)), ==, 7);

  g_assert_true (maze_document_undo (f->document));
  grid = maze_document_get_grid (f->document);
  for (guint x = 1; x <= 3; x++)
    g_assert_cmpuint (maze_grid_get_weight (grid, cell (f, x, 1)), ==, 1);
  g_assert_cmpuint (history_len (f), ==, len);

  maze_canvas_drag_to (f->canvas, cx, cy);
  maze_canvas_release (f->canvas, cx, cy);
  grid = maze_document_get_grid (f->document);
  for (guint x = 1; x <= 6; x++)
    g_assert_cmpuint (maze_grid_get_weight (grid, cell (f, x, 1)), ==, 1);
  g_assert_cmpuint (history_len (f), ==, len);

  /* Redo brings the three cells back, as one step. */
  g_assert_true (maze_document_redo (f->document));
  grid = maze_document_get_grid (f->document);
  for (guint x = 1; x <= 3; x++)
    g_assert_cmpuint (maze_grid_get_weight (grid, cell (f, x, 1)), ==, 7);
  g_assert_false (maze_document_can_redo (f->document));
  g_assert_true (maze_document_undo (f->document));
  for (guint x = 1; x <= 3; x++)
    g_assert_cmpuint (maze_grid_get_weight (maze_document_get_grid (f->document), cell (f, x, 1)), ==, 1);
  g_assert_cmpuint (f->n_failed, ==, 0);
}

static void
test_zoom_actions (Fixture       *f,
                   gconstpointer  data)
{
  MazeViewport *viewport = maze_canvas_get_viewport (f->canvas);
  double zoom = maze_viewport_get_zoom (viewport);

  g_assert_true (maze_viewport_get_fitted (viewport));
  maze_canvas_zoom_in (f->canvas);
  g_assert_cmpfloat (maze_viewport_get_zoom (viewport), >, zoom * 1.1);
  g_assert_false (maze_viewport_get_fitted (viewport));
  wait_frame (f);

  maze_canvas_zoom_out (f->canvas);
  maze_canvas_zoom_out (f->canvas);
  g_assert_cmpfloat (maze_viewport_get_zoom (viewport), <, zoom);
  wait_frame (f);

  /* About the pointer while it is over the canvas: the model point under
   * it stays there. */
  {
    double mx, my, vx, vy;

    g_signal_emit_by_name (find_controller (f, GTK_TYPE_EVENT_CONTROLLER_MOTION), "motion", 100.0, 80.0);
    maze_viewport_view_to_model (viewport, 100, 80, &mx, &my);
    maze_canvas_zoom_in (f->canvas);
    maze_viewport_model_to_view (viewport, mx, my, &vx, &vy);
    g_assert_cmpfloat_with_epsilon (vx, 100, 1e-6);
    g_assert_cmpfloat_with_epsilon (vy, 80, 1e-6);
    g_signal_emit_by_name (find_controller (f, GTK_TYPE_EVENT_CONTROLLER_MOTION), "leave");
  }

  maze_canvas_zoom_fit (f->canvas);
  g_assert_true (maze_viewport_get_fitted (viewport));
  g_assert_cmpfloat_with_epsilon (maze_viewport_get_zoom (viewport), zoom, 1e-9);
  wait_frame (f);
}

/* Scrolling pans; a drag with the middle button pans too (here through
 * the drag gesture after a zoom in, when there is room to pan). */
static void
test_scroll_pans (Fixture       *f,
                  gconstpointer  data)
{
  MazeViewport *viewport = maze_canvas_get_viewport (f->canvas);
  GtkEventController *scroll = find_controller (f, GTK_TYPE_EVENT_CONTROLLER_SCROLL);
  double ox, oy, ox2, oy2;
  gboolean handled = FALSE;

  maze_viewport_zoom_by (viewport, 4, 320, 240);
  maze_viewport_get_offset (viewport, &ox, &oy);
  g_signal_emit_by_name (scroll, "scroll", 0.0, 1.0, &handled);
  g_assert_true (handled);
  maze_viewport_get_offset (viewport, &ox2, &oy2);
  g_assert_cmpfloat (oy2, >, oy);
  g_assert_cmpfloat_with_epsilon (ox2, ox, 1e-9);
  wait_frame (f);
}

static void
test_hover (Fixture       *f,
            gconstpointer  data)
{
  GtkEventController *motion = find_controller (f, GTK_TYPE_EVENT_CONTROLLER_MOTION);
  double vx, vy;
  guint x, y;

  g_assert_false (maze_canvas_get_hover_cell (f->canvas, NULL, NULL));
  cell_to_view (f, 7, 2, &vx, &vy);
  g_signal_emit_by_name (motion, "enter", vx, vy);
  g_assert_true (maze_canvas_get_hover_cell (f->canvas, &x, &y));
  g_assert_cmpuint (x, ==, 7);
  g_assert_cmpuint (y, ==, 2);
  g_assert_cmpuint (f->hover_changes, ==, 1);
  wait_frame (f);

  cell_to_view (f, 8, 2, &vx, &vy);
  g_signal_emit_by_name (motion, "motion", vx, vy);
  g_assert_true (maze_canvas_get_hover_cell (f->canvas, &x, &y));
  g_assert_cmpuint (x, ==, 8);
  g_assert_cmpuint (f->hover_changes, ==, 2);
  /* The same cell again: no signal. */
  g_signal_emit_by_name (motion, "motion", vx + 1, vy);
  g_assert_cmpuint (f->hover_changes, ==, 2);

  /* Off the maze, then away. */
  g_signal_emit_by_name (motion, "motion", 1.0, 1.0);
  g_assert_false (maze_canvas_get_hover_cell (f->canvas, NULL, NULL));
  g_assert_cmpuint (f->hover_changes, ==, 3);
  cell_to_view (f, 8, 2, &vx, &vy);
  g_signal_emit_by_name (motion, "motion", vx, vy);
  g_signal_emit_by_name (motion, "leave");
  g_assert_false (maze_canvas_get_hover_cell (f->canvas, NULL, NULL));
  g_assert_cmpuint (f->hover_changes, ==, 5);

  /* The hover follows a zoom under a still pointer. */
  cell_to_view (f, 8, 2, &vx, &vy);
  g_signal_emit_by_name (motion, "enter", vx, vy);
  maze_viewport_zoom_by (maze_canvas_get_viewport (f->canvas), 3, 0, 0);
  g_assert_true (maze_canvas_get_hover_cell (f->canvas, &x, &y));
  g_assert_true (x != 8 || y != 2);
}

static gboolean
press_key_with (Fixture         *f,
                guint            keyval,
                GdkModifierType  state)
{
  GtkEventController *key = find_controller (f, GTK_TYPE_EVENT_CONTROLLER_KEY);
  gboolean handled = FALSE;

  g_signal_emit_by_name (key, "key-pressed", keyval, 0u, state, &handled);
  return handled;
}

static gboolean
press_key (Fixture *f,
           guint    keyval)
{
  return press_key_with (f, keyval, 0);
}

static void
test_keyboard (Fixture       *f,
               gconstpointer  data)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (f->document);
  guint sx, sy;

  gtk_widget_grab_focus (GTK_WIDGET (f->canvas));
  maze_grid_xy (puzzle->grid, puzzle->start, &sx, &sy);
  g_assert_cmpuint (sx, <, 10);
  g_assert_cmpuint (sy, <, 10);

  /* The first key shows the cursor on the start; the next ones move it. */
  g_assert_true (press_key (f, GDK_KEY_Right));
  g_assert_true (press_key (f, GDK_KEY_Right));
  g_assert_true (press_key (f, GDK_KEY_Right));
  g_assert_true (press_key (f, GDK_KEY_Down));
  wait_frame (f);
  g_assert_true (press_key (f, GDK_KEY_e));
  g_assert_cmpuint (maze_document_get_puzzle (f->document)->end, ==, cell (f, sx + 2, sy + 1));

  g_assert_true (press_key (f, GDK_KEY_Down));
  g_assert_true (press_key (f, GDK_KEY_Left));
  g_assert_true (press_key (f, GDK_KEY_S));
  g_assert_cmpuint (maze_document_get_puzzle (f->document)->start, ==, cell (f, sx + 1, sy + 2));

  /* Enter uses the tool on the cursor cell. */
  maze_canvas_set_tool (f->canvas, MAZE_TOOL_MASK);
  g_assert_true (press_key (f, GDK_KEY_Right));
  g_assert_true (press_key (f, GDK_KEY_Right));
  g_assert_true (press_key (f, GDK_KEY_Return));
  g_assert_true (maze_grid_is_masked (maze_document_get_grid (f->document), cell (f, sx + 3, sy + 2)));
  /* Shift+Enter is the second button: the cell is painted back in. */
  g_assert_true (press_key_with (f, GDK_KEY_Return, GDK_SHIFT_MASK));
  g_assert_false (maze_grid_is_masked (maze_document_get_grid (f->document), cell (f, sx + 3, sy + 2)));
  /* And with the mud brush, mud is cleared. */
  maze_canvas_set_tool (f->canvas, MAZE_TOOL_WEIGHT);
  maze_canvas_set_weight (f->canvas, 9);
  g_assert_true (press_key (f, GDK_KEY_Return));
  g_assert_cmpuint (maze_grid_get_weight (maze_document_get_grid (f->document), cell (f, sx + 3, sy + 2)), ==, 9);
  g_assert_true (press_key_with (f, GDK_KEY_KP_Enter, GDK_SHIFT_MASK));
  g_assert_cmpuint (maze_grid_get_weight (maze_document_get_grid (f->document), cell (f, sx + 3, sy + 2)), ==, 1);

  /* Other keys are left to the window. */
  g_assert_false (press_key (f, GDK_KEY_x));
  g_assert_cmpuint (f->n_failed, ==, 0);
}

/* With Regenerate, Enter starts a rectangle at the cell cursor, the
 * arrows stretch it and Enter regenerates it; Escape drops one, and a
 * band being dragged with the pointer too. */
static void
test_keyboard_region (Fixture       *f,
                      gconstpointer  data)
{
  guint len;
  const MazeEdit *edit;
  double ax, ay, bx, by;

  gtk_widget_grab_focus (GTK_WIDGET (f->canvas));
  maze_canvas_set_tool (f->canvas, MAZE_TOOL_REGENERATE);
  len = history_len (f);
  g_assert_true (press_key (f, GDK_KEY_Right));   /* shows the cursor on the start */
  g_assert_true (press_key (f, GDK_KEY_Right));
  g_assert_true (press_key (f, GDK_KEY_Down));
  g_assert_true (press_key (f, GDK_KEY_Return));
  g_assert_true (press_key (f, GDK_KEY_Right));
  g_assert_true (press_key (f, GDK_KEY_Right));
  g_assert_true (press_key (f, GDK_KEY_Down));
  wait_frame (f);
  g_assert_cmpuint (history_len (f), ==, len);
  g_assert_true (press_key (f, GDK_KEY_Return));
  g_assert_cmpuint (history_len (f), ==, len + 1);
  edit = last_edit (f);
  g_assert_cmpint (edit->kind, ==, MAZE_EDIT_REGENERATE);
  g_assert_cmpuint (edit->rect.width, ==, 3);
  g_assert_cmpuint (edit->rect.height, ==, 2);
  g_assert_true (maze_grid_check_perfect (maze_document_get_grid (f->document), NULL));

  /* Escape drops a rectangle under way: nothing is regenerated. */
  g_assert_true (press_key (f, GDK_KEY_Return));
  g_assert_true (press_key (f, GDK_KEY_Left));
  g_assert_true (press_key (f, GDK_KEY_Escape));
  g_assert_true (press_key (f, GDK_KEY_Up));
  g_assert_cmpuint (history_len (f), ==, len + 1);
  /* With nothing under way, Escape is left to the window. */
  g_assert_false (press_key (f, GDK_KEY_Escape));

  /* A band dragged with the pointer, dropped by Escape before release. */
  cell_to_view (f, 1, 1, &ax, &ay);
  cell_to_view (f, 4, 3, &bx, &by);
  maze_canvas_press (f->canvas, ax, ay, FALSE);
  maze_canvas_drag_to (f->canvas, bx, by);
  g_assert_true (press_key (f, GDK_KEY_Escape));
  maze_canvas_release (f->canvas, bx, by);
  g_assert_cmpuint (history_len (f), ==, len + 1);
  g_assert_cmpuint (f->n_failed, ==, 0);
}

/* The cursor can't leave the maze, and an endpoint on a masked cell is
 * refused with a reason. */
static void
test_keyboard_refused (Fixture       *f,
                       gconstpointer  data)
{
  guint32 start;

  maze_canvas_set_tool (f->canvas, MAZE_TOOL_MASK);
  click_cell (f, 4, 4, FALSE);
  g_assert_true (maze_grid_is_masked (maze_document_get_grid (f->document), cell (f, 4, 4)));
  start = maze_document_get_puzzle (f->document)->start;

  /* The click left the cursor, not shown yet, on (4, 4): the first key
   * only shows it there. */
  g_assert_true (press_key (f, GDK_KEY_Up));
  g_assert_true (press_key (f, GDK_KEY_s));
  g_assert_cmpuint (f->n_failed, ==, 1);
  g_assert_nonnull (f->failed);
  g_assert_cmpuint (maze_document_get_puzzle (f->document)->start, ==, start);

  for (guint i = 0; i < 30; i++)
    press_key (f, GDK_KEY_Left);
  g_assert_true (press_key (f, GDK_KEY_e));
  g_assert_cmpuint (maze_document_get_puzzle (f->document)->end, ==, cell (f, 0, 4));
}

/* The static picture is cached in tiles: a frame with nothing new draws
 * from the cache, a one-cell change renders only the tile under it, a new
 * maze renders them all. */
static void
test_tiles (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;
  guint drawn, first, rendered = 0;

  settle (f);
  drawn = last_drawn (f);
  g_assert_cmpuint (drawn, >=, 4);

  wait_frame (f);
  g_assert_cmpuint (last_rendered (f), ==, 0);

  /* A cell well inside the first tile. */
  g_assert_true (maze_document_set_weight (f->document, cell (f, 20, 20), 5, &error));
  g_assert_no_error (error);
  wait_frame (f);
  g_assert_cmpuint (last_rendered (f), ==, 1);
  g_assert_cmpuint (last_drawn (f), ==, drawn);

  /* Moving the start redraws the tiles of its old and new door only. */
  g_assert_true (maze_document_set_start (f->document, cell (f, 100, 0), &error));
  g_assert_no_error (error);
  wait_frame (f);
  g_assert_cmpuint (last_rendered (f), >=, 1);
  g_assert_cmpuint (last_rendered (f), <=, 3);

  /* A hover frame renders nothing. */
  settle (f);
  g_signal_emit_by_name (find_controller (f, GTK_TYPE_EVENT_CONTROLLER_MOTION), "enter", 100.0, 100.0);
  wait_frame (f);
  g_assert_cmpuint (last_rendered (f), ==, 0);

  maze_generate_options_init (&options);
  options.seed = 7;
  g_assert_true (maze_document_generate (f->document, MAZE_SHAPE_RECT, 200, 150, FALSE, &options, 0,
                                         MAZE_ENDPOINTS_CORNERS, &error));
  g_assert_no_error (error);
  first = f->frames->len;
  settle (f);
  /* Every tile was rendered again, once, over the frames since. */
  for (guint i = first; i + 1 < f->frames->len; i += 2)
    rendered += g_array_index (f->frames, guint, i + 1);
  g_assert_cmpuint (rendered, ==, drawn);
  g_assert_cmpuint (last_drawn (f), ==, drawn);
}

/* Zoomed in, a frame draws only the few tiles in view and pans render
 * only the tiles coming into it. */
static void
test_tiles_zoomed (Fixture       *f,
                   gconstpointer  data)
{
  MazeViewport *viewport = maze_canvas_get_viewport (f->canvas);
  guint total = 0;

  maze_viewport_zoom_at (viewport, 40, 320, 240);
  settle (f);
  /* 640x480 at 512-pixel tiles: at most 2 x 2 tiles, plus a partial row
   * and column. */
  g_assert_cmpuint (last_drawn (f), <=, 6);

  for (guint i = 0; i < 20; i++)
    {
      maze_viewport_pan_by (viewport, -50, 0);
      wait_frame (f);
      g_assert_cmpuint (last_drawn (f), <=, 6);
      total += last_rendered (f);
    }
  /* 1000 pixels: about two new columns of tiles, not a frame each. */
  g_assert_cmpuint (total, <=, 12);

  /* Back to the whole maze: its tiles were kept. */
  maze_viewport_fit (viewport);
  wait_frame (f);
  g_assert_cmpuint (last_rendered (f), ==, 0);
  g_assert_cmpuint (last_drawn (f), >=, 4);
}

static void
test_solution (Fixture       *f,
               gconstpointer  data)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (f->document);
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeSolution) solution = NULL;

  solution = maze_solve (puzzle->grid, MAZE_SOLVER_BFS, puzzle->start, puzzle->end, NULL, &error);
  g_assert_no_error (error);
  maze_canvas_set_solution (f->canvas, solution->path, solution->path_len);
  settle (f);
  maze_viewport_zoom_by (maze_canvas_get_viewport (f->canvas), 5, 100, 100);
  settle (f);
  maze_canvas_set_solution (f->canvas, NULL, 0);
  wait_frame (f);
}

/* Hexagons: clicks hit the right cell, bands and masks work. */
static void
test_hex (Fixture       *f,
          gconstpointer  data)
{
  const MazeGrid *grid;

  maze_canvas_set_tool (f->canvas, MAZE_TOOL_START);
  click_cell (f, 3, 4, FALSE);
  g_assert_cmpuint (maze_document_get_puzzle (f->document)->start, ==, cell (f, 3, 4));
  click_cell (f, 4, 5, FALSE);
  g_assert_cmpuint (maze_document_get_puzzle (f->document)->start, ==, cell (f, 4, 5));

  maze_canvas_set_tool (f->canvas, MAZE_TOOL_REGENERATE);
  drag_cells (f, 2, 3, 6, 7, FALSE);
  g_assert_cmpint (last_edit (f)->kind, ==, MAZE_EDIT_REGENERATE);
  g_assert_cmpuint (last_edit (f)->rect.width, ==, 5);
  g_assert_cmpuint (last_edit (f)->rect.height, ==, 5);
  assert_perfect (f);

  maze_canvas_set_tool (f->canvas, MAZE_TOOL_MASK);
  click_cell (f, 8, 6, FALSE);
  g_assert_no_error (f->failed);
  grid = maze_document_get_grid (f->document);
  g_assert_true (maze_grid_is_masked (grid, cell (f, 8, 6)));
  assert_perfect (f);

  maze_viewport_zoom_by (maze_canvas_get_viewport (f->canvas), 3, 200, 200);
  settle (f);
  g_assert_cmpuint (f->n_failed, ==, 0);
}

/* Another document, or none: no stale state, no criticals. */
static void
test_documents (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(MazeDocument) other = new_document (&small_hex);
  MazeViewport *viewport = maze_canvas_get_viewport (f->canvas);

  maze_viewport_zoom_by (viewport, 2, 0, 0);
  maze_canvas_set_tool (f->canvas, MAZE_TOOL_MASK);
  maze_canvas_press (f->canvas, 300, 200, FALSE);
  maze_canvas_set_document (f->canvas, other);
  g_assert_true (maze_canvas_get_document (f->canvas) == other);
  /* A new document is shown whole. */
  g_assert_true (maze_viewport_get_fitted (viewport));
  maze_canvas_release (f->canvas, 300, 200);
  g_assert_cmpuint (maze_document_get_puzzle (other)->history->len, ==, 0);
  settle (f);

  maze_canvas_set_document (f->canvas, NULL);
  wait_frame (f);
  maze_canvas_press (f->canvas, 300, 200, FALSE);
  maze_canvas_release (f->canvas, 300, 200);
  /* Zoom is off without a maze. */
  {
    double zoom = maze_viewport_get_zoom (viewport);

    maze_canvas_zoom_in (f->canvas);
    g_assert_cmpfloat (maze_viewport_get_zoom (viewport), ==, zoom);
  }
  maze_canvas_set_document (f->canvas, f->document);
  settle (f);
}

/* ---- Layers ---- */

/* The textures of each layer the last frame rendered. */
static void
last_layers (Fixture *f,
             guint   *base,
             guint   *walls,
             guint   *paths)
{
  GArray *a = f->layer_frames;

  g_assert_cmpuint (a->len, >=, 3);
  *base = g_array_index (a, guint, a->len - 3);
  *walls = g_array_index (a, guint, a->len - 2);
  *paths = g_array_index (a, guint, a->len - 1);
}

#define assert_layers(f, b, w, p) \
  G_STMT_START { \
    guint b_, w_, p_; \
    last_layers ((f), &b_, &w_, &p_); \
    if (!(b) || !(w) || !(p)) \
      g_error ("rendered %u base, %u walls, %u paths: not " #b ", " #w ", " #p, b_, w_, p_); \
  } G_STMT_END

/* An overlay for the fixture's maze, on the canvas; unref it. */
static MazeOverlay *
add_overlay (Fixture *f)
{
  const MazeGrid *grid = maze_document_get_grid (f->document);
  MazeOverlay *overlay = maze_overlay_new ();

  maze_overlay_set_size (overlay, grid);
  maze_canvas_add_overlay (f->canvas, overlay);
  g_assert_true (maze_canvas_has_overlay (f->canvas, overlay));
  return overlay;
}

static MazeSolution *
solve (Fixture        *f,
       MazeSolverKind  solver)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (f->document);
  g_autoptr(GError) error = NULL;
  MazeSolution *solution;

  solution = maze_solve (puzzle->grid, solver, puzzle->start, puzzle->end, NULL, &error);
  g_assert_no_error (error);
  return solution;
}

/* The canvas as the screen shows it, in 8-bit RGBA. */
static guchar *
render_canvas (Fixture *f,
               int     *width,
               int     *height,
               gsize   *stride)
{
  GtkWidget *widget = GTK_WIDGET (f->canvas);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;
  g_autoptr(GdkTexture) texture = NULL;
  guchar *pixels;

  *width = gtk_widget_get_width (widget);
  *height = gtk_widget_get_height (widget);
  gdk_paintable_snapshot (paintable, snapshot, *width, *height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, *width, *height));
  gsk_render_node_unref (node);
  *width = gdk_texture_get_width (texture);
  *height = gdk_texture_get_height (texture);
  *stride = (gsize) *width * 4;
  pixels = g_malloc (*stride * *height);
  gdk_texture_download (texture, pixels, *stride);
  return pixels;
}

/* The largest difference of a colour channel between two pixels of the
 * square of half-side r around cell (x, y)'s centre. */
static int
cell_spread (Fixture      *f,
             const guchar *pixels,
             gsize         stride,
             guint         x,
             guint         y,
             int           r)
{
  double vx, vy;
  int lo[3] = { 255, 255, 255 }, hi[3] = { 0, 0, 0 }, spread = 0;

  cell_to_view (f, x, y, &vx, &vy);
  for (int py = (int) vy - r; py <= (int) vy + r; py++)
    for (int px = (int) vx - r; px <= (int) vx + r; px++)
      for (int c = 0; c < 3; c++)
        {
          /* gdk_texture_download() gives B, G, R, A in memory order. */
          int v = pixels[py * stride + px * 4 + c];

          lo[c] = MIN (lo[c], v);
          hi[c] = MAX (hi[c], v);
        }
  for (int c = 0; c < 3; c++)
    spread = MAX (spread, hi[c] - lo[c]);
  return spread;
}

/* Playback's frontier (cells with the active role) must not look like
 * mud, a flat orange (with its weight written in it): it is striped. */
static void
test_frontier_striped (Fixture       *f,
                       gconstpointer  data)
{
  const MazeGrid *grid = maze_document_get_grid (f->document);
  g_autoptr(MazeOverlay) overlay = add_overlay (f);
  g_autofree guint8 *roles = g_malloc0 (grid->n_cells);
  g_autofree guchar *pixels = NULL;
  int width, height, r, spread;
  gsize stride;

  roles[cell (f, 4, 4)] = MAZE_OVERLAY_CELL_ACTIVE;
  maze_overlay_set_cell_roles (overlay, roles);
  settle (f);
  /* A quarter of a cell around the centre: inside the walls. */
  r = (int) (maze_viewport_get_zoom (maze_canvas_get_viewport (f->canvas)) / 4);
  g_assert_cmpint (r, >=, 4);
  pixels = render_canvas (f, &width, &height, &stride);
  spread = cell_spread (f, pixels, stride, 4, 4, r);
  g_test_message ("frontier cell: channels spread over %d", spread);
  g_assert_cmpint (spread, >, 40);
  /* An unmarked cell beside it is flat paper. */
  g_assert_cmpint (cell_spread (f, pixels, stride, 14, 4, r), <, 8);
}

/* Paths: each change redraws the paths layer only, and a path that
 * grows or shrinks at its end only the tiles there. */
static void
test_layers_paths (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(MazeSolution) shortest = solve (f, MAZE_SOLVER_BFS);
  g_autoptr(MazeSolution) deep = solve (f, MAZE_SOLVER_WALL_FOLLOWER);
  g_autoptr(MazeOverlay) overlay = add_overlay (f);
  const guint32 *path;
  guint32 len;
  guint drawn;

  settle (f);
  drawn = last_drawn (f);
  g_assert_null (maze_overlay_get_path (overlay, 0, &len));
  g_assert_cmpuint (len, ==, 0);

  maze_overlay_set_path (overlay, 0, shortest->path, shortest->path_len);
  path = maze_overlay_get_path (overlay, 0, &len);
  g_assert_true (path != shortest->path);
  g_assert_cmpmem (path, len * sizeof (guint32), shortest->path, shortest->path_len * sizeof (guint32));
  wait_frame (f);
  assert_layers (f, b_ == 0, w_ == 0, p_ >= 1);
  settle (f);

  /* A second path: the lanes move, every tile's paths are redrawn. */
  maze_overlay_set_path (overlay, 3, deep->path, deep->path_len);
  wait_frame (f);
  assert_layers (f, b_ == 0, w_ == 0, p_ >= 1);
  settle (f);

  /* The same path, a step shorter: the tiles at its end only. */
  maze_overlay_set_path (overlay, 3, deep->path, deep->path_len - 1);
  wait_frame (f);
  assert_layers (f, b_ == 0, w_ == 0, p_ >= 1 && p_ <= 2);
  g_assert_cmpuint (last_drawn (f), ==, drawn);
  /* And again: nothing to do. */
  maze_overlay_set_path (overlay, 3, deep->path, deep->path_len - 1);
  settle (f);
  wait_frame (f);
  g_assert_cmpuint (last_rendered (f), ==, 0);

  /* Zoomed in: only the pieces of the paths in each tile. */
  maze_viewport_zoom_at (maze_canvas_get_viewport (f->canvas), 30, 320, 240);
  settle (f);
  maze_viewport_fit (maze_canvas_get_viewport (f->canvas));
  settle (f);

  maze_overlay_set_path (overlay, 0, NULL, 0);
  g_assert_null (maze_overlay_get_path (overlay, 0, NULL));
  wait_frame (f);
  assert_layers (f, b_ == 0, w_ == 0, p_ >= 1);
  maze_overlay_clear (overlay);
  g_assert_null (maze_overlay_get_path (overlay, 3, NULL));
  settle (f);
}

/* The heat map and the roles lie under the walls: changing them redraws
 * the base only; the overlay keeps copies of its own. */
static void
test_layers_cells (Fixture       *f,
                   gconstpointer  data)
{
  const MazeGrid *grid = maze_document_get_grid (f->document);
  g_autofree guint32 *values = g_new (guint32, grid->n_cells);
  g_autofree guint8 *roles = g_new0 (guint8, grid->n_cells);
  g_autoptr(MazeOverlay) overlay = add_overlay (f);
  const MazeColor color = { 0.8, 0.47, 0.65, 0.55 };
  MazeRect rect = { 20, 20, 1, 1 };
  MazeOverlayKind kind;
  const guint32 *held;
  guint32 max;
  guint drawn;

  for (guint32 i = 0; i < grid->n_cells; i++)
    values[i] = i % 3 == 0 ? G_MAXUINT32 : i;
  for (guint32 i = 0; i < grid->n_cells; i += 7)
    roles[i] = i % 2 ? MAZE_OVERLAY_CELL_ACTIVE : MAZE_OVERLAY_CELL_DEAD;
  settle (f);
  drawn = last_drawn (f);

  maze_overlay_set_heat_map (overlay, MAZE_OVERLAY_HEAT, values, grid->n_cells, &color);
  held = maze_overlay_get_heat_map (overlay, &kind, &max, NULL);
  g_assert_true (held != values);
  g_assert_cmpmem (held, grid->n_cells * sizeof (guint32), values, grid->n_cells * sizeof (guint32));
  g_assert_cmpint (kind, ==, MAZE_OVERLAY_HEAT);
  g_assert_cmpuint (max, ==, grid->n_cells);
  wait_frame (f);
  assert_layers (f, b_ >= 1, w_ == 0, p_ == 0);
  settle (f);

  /* The same map: nothing is redrawn. */
  maze_overlay_set_heat_map (overlay, MAZE_OVERLAY_HEAT, values, grid->n_cells, &color);
  wait_frame (f);
  g_assert_cmpuint (last_rendered (f), ==, 0);

  /* A cell's value changed: its tile's base only. */
  values[maze_grid_index (grid, 20, 20)] = 1;
  maze_overlay_update_cells (overlay, &rect, NULL, NULL, values, grid->n_cells);
  g_assert_cmpuint (maze_overlay_get_heat_map (overlay, NULL, NULL, NULL)[maze_grid_index (grid, 20, 20)], ==, 1);
  wait_frame (f);
  assert_layers (f, b_ == 1, w_ == 0, p_ == 0);
  g_assert_cmpuint (last_drawn (f), ==, drawn);

  maze_overlay_set_cell_roles (overlay, roles);
  wait_frame (f);
  assert_layers (f, b_ >= 1, w_ == 0, p_ == 0);
  settle (f);

  /* The token is drawn over the tiles: no tile is redrawn for it. */
  maze_overlay_set_current_cell (overlay, maze_grid_index (grid, 50, 50));
  wait_frame (f);
  g_assert_cmpuint (last_rendered (f), ==, 0);
  maze_overlay_set_current_cell (overlay, MAZE_NO_CELL);

  /* Zoomed out far: the heat map goes through an image. */
  maze_viewport_zoom_at (maze_canvas_get_viewport (f->canvas), 0.01, 320, 240);
  settle (f);
  maze_viewport_fit (maze_canvas_get_viewport (f->canvas));
  settle (f);

  maze_overlay_set_heat_map (overlay, MAZE_OVERLAY_NONE, NULL, 0, NULL);
  g_assert_null (maze_overlay_get_heat_map (overlay, &kind, NULL, NULL));
  g_assert_cmpint (kind, ==, MAZE_OVERLAY_NONE);
  wait_frame (f);
  assert_layers (f, b_ >= 1, w_ == 0, p_ == 0);

  /* A maze of another size: the overlay made for this one is not drawn
   * (its owner makes it anew). */
  maze_overlay_set_heat_map (overlay, MAZE_OVERLAY_EXPLORED, values, 0, NULL);
  {
    g_autoptr(GError) error = NULL;
    MazeGenerateOptions options;

    maze_generate_options_init (&options);
    g_assert_true (maze_document_generate (f->document, MAZE_SHAPE_RECT, 30, 20, FALSE, &options, 0,
                                           MAZE_ENDPOINTS_CORNERS, &error));
    g_assert_no_error (error);
  }
  g_assert_false (maze_overlay_fits (overlay, maze_document_get_grid (f->document)));
  settle (f);
  maze_overlay_set_heat_map (overlay, MAZE_OVERLAY_NONE, NULL, 0, NULL);
  wait_frame (f);
  g_assert_cmpuint (last_rendered (f), ==, 0);
}

/* An overlay's grid (a playback's snapshot): drawn instead of the
 * document's; a change of its passages redraws base and walls where it
 * happened. */
static void
test_layers_grid (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(MazeGrid) copy = maze_grid_copy (maze_document_get_grid (f->document));
  g_autoptr(MazeOverlay) overlay = add_overlay (f);
  MazeRect rect = { 40, 30, 2, 1 };
  guint drawn;

  settle (f);
  drawn = last_drawn (f);
  maze_overlay_set_grid (overlay, copy);
  wait_frame (f);
  assert_layers (f, b_ >= 1, w_ >= 1, p_ == 0);
  settle (f);

  maze_grid_clear_passages (copy);
  maze_overlay_update_cells (overlay, NULL, copy, NULL, NULL, 0);
  wait_frame (f);
  assert_layers (f, b_ >= 1, w_ >= 1, p_ == 0);
  settle (f);

  maze_grid_set_passage (copy, 40, 30, 1, TRUE);
  maze_overlay_update_cells (overlay, &rect, copy, NULL, NULL, 0);
  g_assert_true (maze_grid_equal (maze_canvas_get_grid (f->canvas), copy));
  wait_frame (f);
  assert_layers (f, b_ == 1, w_ == 1, p_ == 0);
  g_assert_cmpuint (last_drawn (f), ==, drawn);

  /* Editing goes to the document still. */
  maze_canvas_set_tool (f->canvas, MAZE_TOOL_START);
  click_cell (f, 5, 5, FALSE);
  g_assert_cmpuint (maze_document_get_puzzle (f->document)->start, ==, cell (f, 5, 5));

  maze_overlay_set_grid (overlay, NULL);
  wait_frame (f);
  assert_layers (f, b_ >= 1, w_ >= 1, p_ == 0);
  settle (f);
}

/* The grid drawn, read back: the document's, an overlay's, in play mode
 * the session's; an overlay for another maze is not drawn. */
static void
test_layers_getters (Fixture       *f,
                     gconstpointer  data)
{
  const MazeGrid *grid = maze_document_get_grid (f->document);
  g_autoptr(MazeGrid) copy = maze_grid_copy (grid);
  g_autoptr(GError) error = NULL;
  g_autoptr(MazePlaySession) session = NULL;
  g_autoptr(MazeOverlay) overlay = add_overlay (f);
  GtkWidget *bare = g_object_ref_sink (maze_canvas_new ());
  MazeGenerateOptions options;

  /* No document: nothing drawn. */
  g_assert_null (maze_canvas_get_grid (MAZE_CANVAS (bare)));
  g_object_unref (bare);

  g_assert_true (maze_canvas_get_grid (f->canvas) == grid);
  maze_overlay_set_grid (overlay, copy);
  g_assert_true (maze_grid_equal (maze_canvas_get_grid (f->canvas), copy));
  g_assert_true (maze_canvas_get_grid (f->canvas) == maze_overlay_get_grid (overlay));
  session = maze_play_session_new (grid, maze_document_get_puzzle (f->document)->start,
                                   maze_document_get_puzzle (f->document)->end, &error);
  g_assert_no_error (error);
  maze_canvas_set_play_session (f->canvas, session);
  g_assert_true (maze_canvas_get_grid (f->canvas) == maze_play_session_get_grid (session));
  maze_canvas_set_play_session (f->canvas, NULL);
  g_assert_true (maze_canvas_get_grid (f->canvas) == maze_overlay_get_grid (overlay));

  /* A maze of another size: the overlay's grid is not drawn. */
  maze_generate_options_init (&options);
  g_assert_true (maze_document_generate (f->document, MAZE_SHAPE_RECT, 7, 5, FALSE, &options, 0,
                                         MAZE_ENDPOINTS_CORNERS, &error));
  g_assert_no_error (error);
  g_assert_true (maze_canvas_get_grid (f->canvas) == maze_document_get_grid (f->document));

  /* Made anew for it, it is drawn again. */
  {
    g_autoptr(MazeGrid) other = maze_grid_new (MAZE_SHAPE_RECT, 7, 5, NULL);

    maze_overlay_set_size (overlay, other);
  }
  g_assert_null (maze_overlay_get_grid (overlay));
  maze_overlay_set_grid (overlay, maze_document_get_grid (f->document));
  g_assert_true (maze_canvas_get_grid (f->canvas) == maze_overlay_get_grid (overlay));
  maze_canvas_remove_overlay (f->canvas, overlay);
  g_assert_false (maze_canvas_has_overlay (f->canvas, overlay));
  g_assert_true (maze_canvas_get_grid (f->canvas) == maze_document_get_grid (f->document));
}

/* Two owners at once: each overlay is drawn, in the order they came (the
 * last grid is the one drawn); removing one leaves the other shown and
 * redraws only the tiles the removed one touched. */
static void
test_overlays_two_owners (Fixture       *f,
                          gconstpointer  data)
{
  const MazeGrid *grid = maze_document_get_grid (f->document);
  g_autoptr(MazeSolution) shortest = solve (f, MAZE_SOLVER_BFS);
  g_autoptr(MazeGrid) first_grid = maze_grid_copy (grid);
  g_autoptr(MazeGrid) second_grid = maze_grid_copy (grid);
  g_autofree guint32 *values = g_new (guint32, grid->n_cells);
  g_autoptr(MazeOverlay) first = add_overlay (f);
  g_autoptr(MazeOverlay) second = add_overlay (f);
  guint drawn;

  /* The first: a heat map in the top left corner only. The second: a
   * path and a current cell. */
  for (guint32 i = 0; i < grid->n_cells; i++)
    {
      guint x, y;

      maze_grid_xy (grid, i, &x, &y);
      values[i] = x < 8 && y < 8 ? x + y : G_MAXUINT32;
    }
  maze_overlay_set_heat_map (first, MAZE_OVERLAY_HEAT, values, 14, NULL);
  maze_overlay_set_path (second, 1, shortest->path, shortest->path_len);
  maze_overlay_set_current_cell (second, shortest->path[0]);
  settle (f);
  drawn = last_drawn (f);
  g_assert_cmpuint (drawn, >, 4);

  /* Order: of two grids, the later overlay's is drawn. */
  maze_grid_clear_passages (first_grid);
  maze_overlay_set_grid (first, first_grid);
  maze_overlay_set_grid (second, second_grid);
  g_assert_true (maze_canvas_get_grid (f->canvas) == maze_overlay_get_grid (second));
  maze_canvas_remove_overlay (f->canvas, second);
  g_assert_true (maze_canvas_get_grid (f->canvas) == maze_overlay_get_grid (first));
  maze_canvas_add_overlay (f->canvas, second);
  g_assert_true (maze_canvas_get_grid (f->canvas) == maze_overlay_get_grid (second));
  maze_overlay_set_grid (first, NULL);
  maze_overlay_set_grid (second, NULL);
  settle (f);

  /* The first goes: the base of the corner's tile only; the second's
   * path and token stay, its paths layer untouched. */
  maze_canvas_remove_overlay (f->canvas, first);
  g_assert_false (maze_canvas_has_overlay (f->canvas, first));
  g_assert_true (maze_canvas_has_overlay (f->canvas, second));
  wait_frame (f);
  assert_layers (f, b_ == 1, w_ == 0, p_ == 0);
  g_assert_cmpuint (last_rendered (f), ==, 1);
  g_assert_cmpuint (last_drawn (f), ==, drawn);
  settle (f);

  /* The second goes: its path's tiles lose their paths, nothing else. */
  maze_canvas_remove_overlay (f->canvas, second);
  wait_frame (f);
  assert_layers (f, b_ == 0, w_ == 0, p_ == 0);
  settle (f);
  /* Removed, an overlay's changes draw nothing. */
  maze_overlay_set_path (second, 2, shortest->path, shortest->path_len);
  maze_overlay_set_heat_map (first, MAZE_OVERLAY_NONE, NULL, 0, NULL);
  wait_frame (f);
  g_assert_cmpuint (last_rendered (f), ==, 0);
}

static void
notify_count_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

typedef struct
{
  GArray *cells;      /* guint32, one a "cell-picked" */
  GArray *finished;   /* gboolean, one a "cell-picked" */
} Picks;

static void
cell_picked_cb (MazeCanvas *canvas,
                guint       cell,
                gboolean    finished,
                Picks      *picks)
{
  guint32 c = cell;

  g_array_append_val (picks->cells, c);
  g_array_append_val (picks->finished, finished);
}

static void
assert_pick (Picks    *picks,
             guint     i,
             guint32   cell,
             gboolean  finished)
{
  g_assert_cmpuint (picks->cells->len, >, i);
  g_assert_cmpuint (g_array_index (picks->cells, guint32, i), ==, cell);
  g_assert_cmpint (g_array_index (picks->finished, gboolean, i), ==, finished);
}

/* The pick tool hands cells to whoever listens (the solver panel places
 * its endpoints so): where a drag is, and where it ends; the document
 * does not change. An overlay's endpoints are drawn over the tiles. */
static void
test_pick (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) finished = g_array_new (FALSE, FALSE, sizeof (gboolean));
  g_autoptr(MazeOverlay) overlay = add_overlay (f);
  Picks picks = { cells, finished };
  MazeRect rect = { 8, 8, 1, 1 };
  const guint8 masked = 1;
  g_autoptr(GError) error = NULL;
  guint32 start;
  guint history;

  g_signal_connect (f->canvas, "cell-picked", G_CALLBACK (cell_picked_cb), &picks);
  /* Other tools pick nothing. */
  click_cell (f, 3, 4, FALSE);
  g_assert_cmpuint (cells->len, ==, 0);
  history = history_len (f);

  maze_canvas_set_tool (f->canvas, MAZE_TOOL_PICK);
  click_cell (f, 3, 4, FALSE);
  g_assert_cmpuint (cells->len, ==, 2);
  assert_pick (&picks, 0, cell (f, 3, 4), FALSE);
  assert_pick (&picks, 1, cell (f, 3, 4), TRUE);

  g_array_set_size (cells, 0);
  g_array_set_size (finished, 0);
  drag_cells (f, 6, 6, 9, 6, FALSE);
  assert_pick (&picks, 0, cell (f, 6, 6), FALSE);
  assert_pick (&picks, cells->len - 1, cell (f, 9, 6), TRUE);
  for (guint i = 0; i + 1 < cells->len; i++)
    g_assert_false (g_array_index (finished, gboolean, i));
  g_assert_cmpuint (history_len (f), ==, history);

  /* A masked cell comes too: the listener decides. */
  g_assert_true (maze_document_set_mask (f->document, &rect, &masked, &error));
  g_assert_no_error (error);
  g_array_set_size (cells, 0);
  g_array_set_size (finished, 0);
  click_cell (f, 8, 8, FALSE);
  assert_pick (&picks, 1, cell (f, 8, 8), TRUE);

  /* A drag called off says so. */
  g_array_set_size (cells, 0);
  g_array_set_size (finished, 0);
  {
    double x, y;

    cell_to_view (f, 2, 2, &x, &y);
    maze_canvas_press (f->canvas, x, y, FALSE);
  }
  maze_canvas_set_tool (f->canvas, MAZE_TOOL_START);
  g_assert_cmpuint (cells->len, ==, 2);
  assert_pick (&picks, 1, MAZE_NO_CELL, TRUE);

  /* Endpoints of an overlay: markers over the tiles, no tile redrawn. */
  settle (f);
  maze_overlay_set_endpoints (overlay, cell (f, 3, 4), MAZE_NO_CELL);
  maze_overlay_get_endpoints (overlay, &start, NULL);
  g_assert_cmpuint (start, ==, cell (f, 3, 4));
  wait_frame (f);
  g_assert_cmpuint (last_rendered (f), ==, 0);
}

static gboolean
press_play_key (Fixture *f,
                guint    keyval)
{
  GtkEventController *key = find_controller (f, GTK_TYPE_EVENT_CONTROLLER_KEY);
  gboolean handled = FALSE;

  g_signal_emit_by_name (key, "key-pressed", keyval, 0u, (GdkModifierType) 0, &handled);
  return handled;
}

/* Play mode on the canvas alone: keys walk the session, walls block,
 * S is a move and not "set the start", Escape leaves. */
static void
test_play_keys (Fixture       *f,
                gconstpointer  data)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (f->document);
  static const guint keys[4] = { GDK_KEY_Up, GDK_KEY_Right, GDK_KEY_Down, GDK_KEY_Left };
  g_autoptr(GError) error = NULL;
  g_autoptr(MazePlaySession) session = NULL;
  guint n_notify = 0, x, y, moved = 0, blocked = 0;
  guint32 start = puzzle->start;

  session = maze_play_session_new (puzzle->grid, puzzle->start, puzzle->end, &error);
  g_assert_no_error (error);
  g_signal_connect (f->canvas, "notify::play-session", G_CALLBACK (notify_count_cb), &n_notify);
  settle (f);
  maze_canvas_set_play_session (f->canvas, session);
  g_assert_true (maze_canvas_get_play_session (f->canvas) == session);
  g_assert_cmpuint (n_notify, ==, 1);
  /* The game's own layers; the walls are those of the same maze. */
  wait_frame (f);
  assert_layers (f, b_ >= 1, w_ == 0, p_ == 0);

  /* From each cell, each arrow: a passage moves, a wall does not. The
   * rect directions are N E S W, the arrows' order here. */
  for (guint step = 0; step < 12; step++)
    {
      guint32 here = maze_play_session_get_cell (session);
      guint moves = maze_play_session_get_moves (session);
      guint d = step % 4;

      maze_grid_xy (puzzle->grid, here, &x, &y);
      g_assert_true (press_play_key (f, keys[d]));
      if (maze_grid_has_passage (puzzle->grid, x, y, d))
        {
          g_assert_cmpuint (maze_play_session_get_moves (session), ==, moves + 1);
          g_assert_cmpuint (maze_play_session_get_cell (session), !=, here);
          moved++;
        }
      else
        {
          g_assert_cmpuint (maze_play_session_get_moves (session), ==, moves);
          g_assert_cmpuint (maze_play_session_get_cell (session), ==, here);
          blocked++;
        }
      wait_frame (f);
      /* A move redraws the tiles under its cells, never the walls. */
      assert_layers (f, TRUE, w_ == 0, TRUE);
    }
  g_assert_cmpuint (moved, >, 0);
  g_assert_cmpuint (blocked, >, 0);

  /* Letters walk too, and do not edit: no tool works meanwhile. */
  press_play_key (f, GDK_KEY_s);
  press_play_key (f, GDK_KEY_e);
  g_assert_cmpuint (puzzle->start, ==, start);
  maze_canvas_set_tool (f->canvas, MAZE_TOOL_START);
  click_cell (f, 5, 5, FALSE);
  g_assert_cmpuint (puzzle->start, ==, start);
  g_assert_cmpuint (history_len (f), ==, 0);
  /* Other keys are left to the window, Escape too (the window ends play
   * mode: test-solver-panel). */
  g_assert_false (press_play_key (f, GDK_KEY_F5));
  g_assert_false (press_play_key (f, GDK_KEY_Escape));
  g_assert_nonnull (maze_canvas_get_play_session (f->canvas));

  maze_canvas_set_play_session (f->canvas, NULL);
  g_assert_null (maze_canvas_get_play_session (f->canvas));
  g_assert_cmpuint (n_notify, ==, 2);
  wait_frame (f);

  /* A maze of another size ends the game. */
  maze_canvas_set_play_session (f->canvas, session);
  maze_canvas_zoom_in (f->canvas);
  {
    MazeGenerateOptions options;

    maze_generate_options_init (&options);
    g_assert_true (maze_document_generate (f->document, MAZE_SHAPE_RECT, 12, 9, FALSE, &options, 0,
                                           MAZE_ENDPOINTS_CORNERS, NULL));
  }
  g_assert_null (maze_canvas_get_play_session (f->canvas));
  settle (f);
}

/* The canvas as the screen shows it: luminance per widget pixel. */
static double *
read_pixels (Fixture *f,
             int     *width,
             int     *height)
{
  GtkWidget *widget = GTK_WIDGET (f->canvas);
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guint8 *data = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  double *lum;
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);

  gdk_paintable_snapshot (paintable, snapshot, w, h);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));
  w = gdk_texture_get_width (texture);
  h = gdk_texture_get_height (texture);
  data = g_malloc ((gsize) w * h * 4);
  gdk_texture_download (texture, data, (gsize) w * 4);
  lum = g_new (double, (gsize) w * h);
  for (gsize k = 0; k < (gsize) w * h; k++)
    {
      /* Cairo's ARGB32: B, G, R, A in memory. */
      const guint8 *p = data + k * 4;

      lum[k] = (0.114 * p[0] + 0.587 * p[1] + 0.299 * p[2]) / 255.0;
    }
  *width = w;
  *height = h;
  return lum;
}

/* A point of ring cell (x, y) between its outer arc and the chord its
 * outline takes for that arc's first half (the middle of the chord,
 * 0.4 of the way out to the arc): clear of the wall, inside the cell,
 * outside its polygon. */
static void
ring_sliver_to_view (Fixture *f,
                     guint    x,
                     guint    y,
                     int     *px,
                     int     *py)
{
  MazeGeometry geometry;
  MazeSector sector;
  double half, chord, r, angle, vx, vy;

  maze_geometry_init (&geometry, maze_document_get_grid (f->document), 1.0, 0.5, 0.5);
  g_assert_true (maze_geometry_cell_sector (&geometry, x, y, &sector));
  half = (sector.angle2 - sector.angle1) / 4;
  chord = sector.outer * cos (half);
  r = chord + 0.4 * (sector.outer - chord);
  angle = sector.angle1 + half;
  maze_viewport_model_to_view (maze_canvas_get_viewport (f->canvas),
                               sector.cx + r * cos (angle), sector.cy + r * sin (angle), &vx, &vy);
  *px = (int) vx;
  *py = (int) vy;
}

/* The canvas's own cell marks (mud from its tiles, the hover fill)
 * cover a ring cell out to its arcs, as the renderer's fills do: not
 * the chord polygon of its outline, which left slivers unfilled. */
static void
test_ring_marks (Fixture       *f,
                 gconstpointer  data)
{
  GtkEventController *motion = find_controller (f, GTK_TYPE_EVENT_CONTROLLER_MOTION);
  g_autofree double *before = NULL;
  g_autofree double *after = NULL;
  double vx, vy;
  int w, h, mud_x, mud_y, hover_x, hover_y;

  /* Ring 0's 120-degree cells: the chord lies 0.27 of a cell inside
   * the arc, several pixels at the fitted zoom. */
  g_assert_cmpfloat (maze_viewport_get_zoom (maze_canvas_get_viewport (f->canvas)), >, 30);
  ring_sliver_to_view (f, 1, 0, &mud_x, &mud_y);
  ring_sliver_to_view (f, 2, 0, &hover_x, &hover_y);
  before = read_pixels (f, &w, &h);

  maze_canvas_set_tool (f->canvas, MAZE_TOOL_WEIGHT);
  maze_canvas_set_weight (f->canvas, 9);
  click_cell (f, 1, 0, FALSE);
  g_assert_cmpuint (maze_grid_get_weight (maze_document_get_grid (f->document), cell (f, 1, 0)), ==, 9);
  cell_to_view (f, 2, 0, &vx, &vy);
  g_signal_emit_by_name (motion, "enter", vx, vy);
  settle (f);
  after = read_pixels (f, &w, &h);

  g_test_message ("mud sliver %.3f -> %.3f, hover sliver %.3f -> %.3f",
                  before[mud_y * w + mud_x], after[mud_y * w + mud_x],
                  before[hover_y * w + hover_x], after[hover_y * w + hover_x]);
  g_assert_cmpfloat (before[mud_y * w + mud_x] - after[mud_y * w + mud_x], >, 0.1);
  g_assert_cmpfloat (before[hover_y * w + hover_x] - after[hover_y * w + hover_x], >, 0.05);
}

/* Fitted, a big maze is drawn in its far level of detail: the maze's
 * grain, not a flat grey; a masked-out part shows as paper; zoomed in
 * the full drawing comes back. */
static void
test_far_view (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  MazeViewport *viewport = maze_canvas_get_viewport (f->canvas);
  MazeRect hole = { 0, 0, 150, 150 };
  g_autofree double *lum = NULL;
  g_autofree guint8 *mask = g_malloc ((gsize) hole.width * hole.height);
  double cx, cy, sum = 0, sum2 = 0, mean, sd, hole_x, hole_y;
  int w, h;
  guint n = 0;

  g_assert_cmpfloat (maze_viewport_get_zoom (viewport), <, 1.0);
  g_assert_true (f->far_view);

  /* A corner masked out (a change like any other redraws its tiles). */
  memset (mask, 1, (gsize) hole.width * hole.height);
  g_assert_true (maze_document_set_mask (f->document, &hole, mask, &error));
  g_assert_no_error (error);
  settle (f);
  g_assert_true (f->far_view);

  lum = read_pixels (f, &w, &h);
  /* The maze's middle: grain. */
  cell_to_view (f, 400, 400, &cx, &cy);
  for (int y = (int) cy - 40; y < (int) cy + 40; y++)
    for (int x = (int) cx - 40; x < (int) cx + 40; x++)
      {
        double l = lum[y * w + x];

        sum += l;
        sum2 += l * l;
        n++;
      }
  mean = sum / n;
  sd = sqrt (MAX (0, sum2 / n - mean * mean));
  g_test_message ("far view: luminance mean %.3f, standard deviation %.3f", mean, sd);
  g_assert_cmpfloat (sd, >, 0.08);
  /* The masked corner: shaded paper, even and far lighter than the
   * maze's grain on average. */
  cell_to_view (f, 60, 60, &hole_x, &hole_y);
  g_assert_cmpfloat (lum[(int) hole_y * w + (int) hole_x], >, mean + 0.2);
  g_assert_cmpfloat (lum[(int) hole_y * w + (int) hole_x + 10], ==, lum[(int) hole_y * w + (int) hole_x]);

  maze_viewport_zoom_at (viewport, 8, 320, 240);
  settle (f);
  g_assert_false (f->far_view);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  g_log_set_handler ("mazewright", G_LOG_LEVEL_DEBUG, log_forward_cb, NULL);

#define ADD(path, size, func) \
  g_test_add (path, Fixture, size, fixture_setup, func, fixture_teardown)

  ADD ("/canvas/start/click", &small_rect, test_start_click);
  ADD ("/canvas/frontier-striped", &small_rect, test_frontier_striped);
  ADD ("/canvas/start/gesture", &small_rect, test_start_gesture);
  ADD ("/canvas/start/outside", &small_rect, test_start_outside);
  ADD ("/canvas/regenerate/band", &small_rect, test_regenerate);
  ADD ("/canvas/regenerate/clamped", &small_rect, test_regenerate_clamped);
  ADD ("/canvas/mask/paint", &small_rect, test_mask);
  ADD ("/canvas/mask/refused", &small_rect, test_mask_refused);
  ADD ("/canvas/weight/paint", &small_rect, test_weight);
  ADD ("/canvas/weight/undo-mid-stroke", &small_rect, test_weight_undo_mid_stroke);
  ADD ("/canvas/keyboard/region", &small_rect, test_keyboard_region);
  ADD ("/canvas/zoom/actions", &small_rect, test_zoom_actions);
  ADD ("/canvas/zoom/scroll-pans", &small_rect, test_scroll_pans);
  ADD ("/canvas/hover", &small_rect, test_hover);
  ADD ("/canvas/keyboard/cursor", &small_rect, test_keyboard);
  ADD ("/canvas/keyboard/refused", &small_rect, test_keyboard_refused);
  ADD ("/canvas/tiles/changes", &large_rect, test_tiles);
  ADD ("/canvas/tiles/zoomed", &large_rect, test_tiles_zoomed);
  ADD ("/canvas/tiles/far-view", &huge_rect, test_far_view);
  ADD ("/canvas/solution", &small_rect, test_solution);
  ADD ("/canvas/hex", &small_hex, test_hex);
  ADD ("/canvas/rings/marks", &small_rings, test_ring_marks);
  ADD ("/canvas/documents", &small_rect, test_documents);
  ADD ("/canvas/layers/paths", &large_rect, test_layers_paths);
  ADD ("/canvas/layers/cells", &large_rect, test_layers_cells);
  ADD ("/canvas/layers/grid", &large_rect, test_layers_grid);
  ADD ("/canvas/layers/getters", &small_rect, test_layers_getters);
  ADD ("/canvas/overlays/two-owners", &large_rect, test_overlays_two_owners);
  ADD ("/canvas/pick", &small_rect, test_pick);
  ADD ("/canvas/play/keys", &small_rect, test_play_keys);

#undef ADD

  return g_test_run ();
}
