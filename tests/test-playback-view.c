/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-application.h"
#include "maze-gui-test-util.h"
#include "maze-narration.h"
#include "maze-playback-view.h"
#include "maze-solver-panel-private.h"
#include "maze-window-private.h"

/* The solver panel's Playback page in a real window under Xvfb: what it
 * draws on the canvas against the playback model and the document, the
 * transport, the keys, the narration list, the hand-over of the canvas
 * between the Compare and Playback pages, re-recording when the maze
 * changes, refusals, and playing driven by the frame clock and by hand.
 *
 * With MAZE_SCREENSHOT_DIR set, /playback-view/screenshots writes
 * playback-{generation,dijkstra}-{light,dark}.png there (dark under
 * ADW_DEBUG_COLOR_SCHEME=prefer-dark). With MAZE_PLAYBACK_BENCH set,
 * /playback-view/bench prints frame and scrub times on a 200 × 200 maze.
 * Both are skipped otherwise. */

#define TIMEOUT_MS 20000

static MazeApplication *app;

typedef struct
{
  MazeWindow       *window;
  MazeDocument     *document;
  MazeSolverPanel  *panel;
  MazePlaybackView *view;
  MazeCanvas       *canvas;
} Fixture;

typedef struct
{
  MazeShape     shape;
  guint         width;
  guint         height;
  guint64       seed;
  guint32       braid;
  MazeAlgorithm algorithm;
} Maze;

static const Maze rect_maze = { MAZE_SHAPE_RECT, 20, 16, 7, 0, MAZE_ALGORITHM_BACKTRACKER };
static const Maze hex_maze = { MAZE_SHAPE_HEX, 14, 12, 11, 0, MAZE_ALGORITHM_BACKTRACKER };
static const Maze braided_maze = { MAZE_SHAPE_RECT, 20, 16, 7, MAZE_BRAID_ONE / 2, MAZE_ALGORITHM_BACKTRACKER };
/* One cell more than MAZE_PLAYBACK_MAX_CELLS allows. */
static const Maze huge_maze = { MAZE_SHAPE_RECT, 2000, 501, 3, 0, MAZE_ALGORITHM_BINARY_TREE };
static const Maze shot_maze = { MAZE_SHAPE_RECT, 30, 24, 2024, 0, MAZE_ALGORITHM_BACKTRACKER };
static const Maze big_maze = { MAZE_SHAPE_RECT, 60, 60, 3, 0, MAZE_ALGORITHM_BACKTRACKER };
static const Maze bench_maze = { MAZE_SHAPE_RECT, 200, 200, 5, 0, MAZE_ALGORITHM_BACKTRACKER };

/* ---- Helpers ---- */

static gboolean
recorded (gpointer data)
{
  MazePlaybackView *view = data;

  return !maze_playback_view_get_recording (view) && maze_playback_view_get_playback (view) != NULL;
}

static gboolean
not_recording (gpointer data)
{
  return !maze_playback_view_get_recording (MAZE_PLAYBACK_VIEW (data));
}

static gboolean
not_playing (gpointer data)
{
  return !maze_playback_view_get_playing (MAZE_PLAYBACK_VIEW (data));
}

static gpointer
view_child (Fixture    *f,
            const char *name)
{
  return maze_gui_test_template_child (GTK_WIDGET (f->view), MAZE_TYPE_PLAYBACK_VIEW, name);
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  const Maze *maze = data != NULL ? data : &rect_maze;

  f->document = maze_gui_test_new_document (maze->shape, maze->width, maze->height, maze->algorithm,
                                            maze->seed, maze->braid);
  f->window = maze_window_new (app, f->document);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1280, 800);
  f->panel = f->window->solver_panel;
  f->view = maze_solver_panel_get_playback_view (f->panel);
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
  if (maze_solver_panel_get_active (f->panel))
    return;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-solvers", NULL));
  g_assert_true (maze_solver_panel_get_active (f->panel));
}

/* Opens the Playback tab on source and waits for the recording. */
static MazePlayback *
show_playback (Fixture *f,
               int      source)
{
  show_panel (f);
  maze_playback_view_set_source (f->view, source);
  maze_solver_panel_show_playback (f->panel, TRUE);
  g_assert_true (maze_playback_view_get_showing (f->view));
  g_assert_true (maze_gui_test_wait_for (recorded, f->view, TIMEOUT_MS));
  return maze_playback_view_get_playback (f->view);
}

static void
activate (Fixture    *f,
          const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), action, NULL));
}

static const char *
step_text (Fixture *f)
{
  return gtk_label_get_label (view_child (f, "step_label"));
}

static GtkSingleSelection *
narration_selection (Fixture *f)
{
  GtkListView *list = view_child (f, "narration_list");

  return GTK_SINGLE_SELECTION (gtk_list_view_get_model (list));
}

static void
assert_step (Fixture *f,
             guint    position)
{
  MazePlayback *pb = maze_playback_view_get_playback (f->view);
  g_autofree char *expected = g_strdup_printf ("Step %u of %u", position, maze_playback_get_n_steps (pb));

  g_assert_cmpuint (maze_playback_get_position (pb), ==, position);
  g_assert_cmpstr (step_text (f), ==, expected);
  g_assert_cmpuint (gtk_range_get_value (view_child (f, "scrubber")), ==, position);
  /* The line of the step just carried out is the selected one. */
  g_assert_cmpuint (gtk_single_selection_get_selected (narration_selection (f)), ==,
                    position > 0 ? position - 1 : GTK_INVALID_LIST_POSITION);
}

/* What the canvas shows in a path slot and as heat map: the playback's
 * overlay's or the Compare page's, whichever is on the canvas and has
 * one (the playback's first: it is drawn over). */
static MazeOverlay *
shown_overlay_with (Fixture *f,
                    guint    slot)
{
  MazeOverlay *overlays[] = { maze_playback_view_get_overlay (f->view),
                              maze_solver_panel_get_overlay (f->panel) };

  for (guint i = 0; i < G_N_ELEMENTS (overlays); i++)
    if (maze_canvas_has_overlay (f->canvas, overlays[i]) &&
        (slot == G_MAXUINT ? maze_overlay_get_heat_map (overlays[i], NULL, NULL, NULL) != NULL
                           : maze_overlay_get_path (overlays[i], slot, NULL) != NULL))
      return overlays[i];
  return NULL;
}

static const guint32 *
canvas_path (Fixture *f,
             guint    slot,
             guint32 *len)
{
  MazeOverlay *overlay = shown_overlay_with (f, slot);

  if (len != NULL)
    *len = 0;
  return overlay != NULL ? maze_overlay_get_path (overlay, slot, len) : NULL;
}

static const guint32 *
canvas_heat (Fixture *f)
{
  MazeOverlay *overlay = shown_overlay_with (f, G_MAXUINT);

  return overlay != NULL ? maze_overlay_get_heat_map (overlay, NULL, NULL, NULL) : NULL;
}

/* The canvas draws the playback's state, and nothing else of it; the
 * Compare page's overlay has made way. */
static void
assert_canvas_is_playback (Fixture      *f,
                           MazePlayback *pb)
{
  MazeOverlay *overlay = maze_playback_view_get_overlay (f->view);
  gsize n_cells = maze_document_get_grid (f->document)->n_cells;
  const guint32 *path, *shown, *heat;
  guint32 len, shown_len;
  MazeOverlayKind kind;
  guint32 max;

  g_assert_true (maze_canvas_has_overlay (f->canvas, overlay));
  g_assert_false (maze_canvas_has_overlay (f->canvas, maze_solver_panel_get_overlay (f->panel)));
  g_assert_true (maze_canvas_get_grid (f->canvas) == maze_overlay_get_grid (overlay));
  g_assert_true (maze_grid_equal (maze_canvas_get_grid (f->canvas), maze_playback_get_grid (pb)));
  g_assert_cmpmem (maze_overlay_get_cell_roles (overlay), n_cells, maze_playback_get_cell_flags (pb), n_cells);
  heat = maze_overlay_get_heat_map (overlay, &kind, &max, NULL);
  g_assert_cmpmem (heat, n_cells * sizeof (guint32), maze_playback_get_overlay_values (pb), n_cells * sizeof (guint32));
  g_assert_cmpint (kind, ==, MAZE_OVERLAY_HEAT);
  g_assert_cmpuint (max, ==, maze_playback_get_overlay_max (pb));
  g_assert_cmpuint (maze_overlay_get_current_cell (overlay), ==, maze_playback_get_current_cell (pb));
  path = maze_playback_get_path (pb, &len);
  /* A solver's path, once found, is in that solver's slot (its colour
   * and dashes). */
  for (guint s = 0; s < MAZE_OVERLAY_MAX_PATHS; s++)
    {
      shown = maze_overlay_get_path (overlay, s, &shown_len);
      if (maze_playback_get_kind (pb) == MAZE_PLAYBACK_SOLVER && s == maze_playback_get_solver (pb) && len > 0)
        g_assert_cmpmem (shown, shown_len * sizeof (guint32), path, len * sizeof (guint32));
      else
        g_assert_null (shown);
    }
}

static void
assert_no_playback_on_canvas (Fixture *f)
{
  g_assert_true (maze_canvas_get_grid (f->canvas) == maze_document_get_grid (f->document));
  g_assert_false (maze_canvas_has_overlay (f->canvas, maze_playback_view_get_overlay (f->view)));
  /* Slots past the solvers' are nobody's here. */
  for (guint slot = MAZE_N_SOLVERS; slot < MAZE_OVERLAY_MAX_PATHS; slot++)
    g_assert_null (canvas_path (f, slot, NULL));
}

/* The selected line lies inside the list's visible part: the rows the
 * list has made that are selected are on screen. */
static gboolean
selected_row_shown (gpointer data)
{
  Fixture *f = data;
  GtkWidget *list = GTK_WIDGET (view_child (f, "narration_list"));

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      graphene_rect_t bounds;

      if (!(gtk_widget_get_state_flags (row) & GTK_STATE_FLAG_SELECTED))
        continue;
      if (!gtk_widget_compute_bounds (row, list, &bounds))
        return FALSE;
      return bounds.origin.y >= 0 && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (list);
    }
  return FALSE;
}

/* What the canvas shows, copied: passages, roles, heat values, token. */
typedef struct
{
  GBytes  *cells;
  GBytes  *roles;
  GBytes  *heat;
  guint32  current;
} CanvasState;

static void
canvas_state_take (Fixture     *f,
                   CanvasState *state)
{
  const MazeGrid *grid = maze_canvas_get_grid (f->canvas);
  MazeOverlay *overlay = maze_playback_view_get_overlay (f->view);

  g_assert_true (maze_canvas_has_overlay (f->canvas, overlay));
  state->cells = g_bytes_new (grid->cells, grid->n_cells);
  state->roles = g_bytes_new (maze_overlay_get_cell_roles (overlay), grid->n_cells);
  state->heat = g_bytes_new (maze_overlay_get_heat_map (overlay, NULL, NULL, NULL), grid->n_cells * sizeof (guint32));
  state->current = maze_overlay_get_current_cell (overlay);
}

static void
canvas_state_assert_same (Fixture     *f,
                          CanvasState *expected)
{
  CanvasState now;

  canvas_state_take (f, &now);
  g_assert_true (g_bytes_equal (now.cells, expected->cells));
  g_assert_true (g_bytes_equal (now.roles, expected->roles));
  g_assert_true (g_bytes_equal (now.heat, expected->heat));
  g_assert_cmpuint (now.current, ==, expected->current);
  g_bytes_unref (now.cells);
  g_bytes_unref (now.roles);
  g_bytes_unref (now.heat);
}

static void
canvas_state_clear (CanvasState *state)
{
  g_clear_pointer (&state->cells, g_bytes_unref);
  g_clear_pointer (&state->roles, g_bytes_unref);
  g_clear_pointer (&state->heat, g_bytes_unref);
}

/* The key's binding on the view, as a key press reaches it when the
 * focus is inside the page (class bindings run in the bubble phase). */
static gboolean
press_key (Fixture *f,
           guint    keyval)
{
  return maze_gui_test_press_shortcut (GTK_WIDGET (f->view), GTK_PHASE_BUBBLE, keyval, NULL);
}

/* ---- Tests ---- */

/* Playing a generation to its end shows exactly the document's maze;
 * the canvas follows the model at every position. */
static void
test_generation_to_end (Fixture       *f,
                        gconstpointer  data)
{
  MazePlayback *pb = show_playback (f, MAZE_PLAYBACK_VIEW_GENERATION);
  const MazeGrid *document_grid = maze_document_get_grid (f->document);
  guint n_steps = maze_playback_get_n_steps (pb);

  g_assert_cmpint (maze_playback_get_kind (pb), ==, MAZE_PLAYBACK_GENERATION);
  g_assert_cmpint (maze_playback_get_algorithm (pb), ==, maze_document_get_puzzle (f->document)->algorithm);
  g_assert_cmpuint (n_steps, >, document_grid->n_cells);
  assert_step (f, 0);
  assert_canvas_is_playback (f, pb);
  /* Position 0: every wall closed, not the maze. */
  g_assert_false (maze_grid_equal (maze_canvas_get_grid (f->canvas), document_grid));

  activate (f, "playback.go-end");
  assert_step (f, n_steps);
  assert_canvas_is_playback (f, pb);
  g_assert_true (maze_grid_equal (maze_canvas_get_grid (f->canvas), document_grid));
  /* At the end there is no further. */
  gtk_widget_activate_action (GTK_WIDGET (f->view), "playback.step-forward", NULL);
  assert_step (f, n_steps);
  /* No note that the maze differs: its legend instead. */
  g_assert_null (strstr (gtk_label_get_label (view_child (f, "note_label")), "not part"));
}

/* A braided maze's generation ends on the maze before braiding: the
 * page says so. */
static void
test_generation_braided (Fixture       *f,
                         gconstpointer  data)
{
  MazePlayback *pb = show_playback (f, MAZE_PLAYBACK_VIEW_GENERATION);

  activate (f, "playback.go-end");
  g_assert_cmpuint (maze_playback_get_position (pb), ==, maze_playback_get_n_steps (pb));
  g_assert_false (maze_grid_equal (maze_canvas_get_grid (f->canvas), maze_document_get_grid (f->document)));
  g_assert_nonnull (strstr (gtk_label_get_label (view_child (f, "note_label")), "not part"));
}

/* Seeking back and forward, by the scrubber, the buttons and the keys,
 * gives the same canvas for the same position. */
static void
test_seek_consistent (Fixture       *f,
                      gconstpointer  data)
{
  MazePlayback *pb = show_playback (f, MAZE_SOLVER_DIJKSTRA);
  guint n_steps = maze_playback_get_n_steps (pb);
  guint k = n_steps / 2;
  CanvasState at_k = { 0 }, at_k1 = { 0 };
  guint32 len;

  g_assert_cmpuint (n_steps, >, 10);
  gtk_range_set_value (view_child (f, "scrubber"), k);
  assert_step (f, k);
  /* The list shows the current line, even just after it was filled. */
  g_assert_true (maze_gui_test_wait_for (selected_row_shown, f, TIMEOUT_MS));
  assert_canvas_is_playback (f, pb);
  canvas_state_take (f, &at_k);
  g_assert_null (canvas_path (f, MAZE_SOLVER_DIJKSTRA, &len));

  activate (f, "playback.step-forward");
  assert_step (f, k + 1);
  canvas_state_take (f, &at_k1);

  activate (f, "playback.go-end");
  assert_canvas_is_playback (f, pb);
  /* The search's path appears at its last step, in Dijkstra's slot. */
  g_assert_nonnull (canvas_path (f, MAZE_SOLVER_DIJKSTRA, &len));
  g_assert_cmpuint (len, ==, maze_playback_get_solution (pb)->path_len);

  gtk_range_set_value (view_child (f, "scrubber"), k);
  canvas_state_assert_same (f, &at_k);
  g_assert_null (canvas_path (f, MAZE_SOLVER_DIJKSTRA, &len));

  activate (f, "playback.go-start");
  assert_step (f, 0);
  gtk_range_set_value (view_child (f, "scrubber"), k + 1);
  canvas_state_assert_same (f, &at_k1);
  activate (f, "playback.step-back");
  assert_step (f, k);
  canvas_state_assert_same (f, &at_k);

  canvas_state_clear (&at_k);
  canvas_state_clear (&at_k1);
}

/* Stepping moves the label, the scrubber and the selected line; the
 * keys do what the buttons do. */
static void
test_stepping_and_keys (Fixture       *f,
                        gconstpointer  data)
{
  MazePlayback *pb = show_playback (f, MAZE_PLAYBACK_VIEW_GENERATION);
  guint n_steps = maze_playback_get_n_steps (pb);

  assert_step (f, 0);
  activate (f, "playback.step-forward");
  assert_step (f, 1);
  activate (f, "playback.step-forward");
  assert_step (f, 2);
  activate (f, "playback.step-back");
  assert_step (f, 1);
  g_assert_true (press_key (f, GDK_KEY_Right));
  assert_step (f, 2);
  g_assert_true (press_key (f, GDK_KEY_Left));
  assert_step (f, 1);
  g_assert_true (press_key (f, GDK_KEY_End));
  assert_step (f, n_steps);
  g_assert_true (press_key (f, GDK_KEY_Home));
  assert_step (f, 0);
  /* Nothing before the start. */
  g_assert_false (press_key (f, GDK_KEY_Left));
  assert_step (f, 0);

  g_assert_true (press_key (f, GDK_KEY_space));
  g_assert_true (maze_playback_view_get_playing (f->view));
  g_assert_true (press_key (f, GDK_KEY_space));
  g_assert_false (maze_playback_view_get_playing (f->view));

  /* In the narration list the same keys step, before the list would
   * move its selection (captured on the way down). */
  activate (f, "playback.go-start");
  g_assert_true (maze_gui_test_press_shortcut (view_child (f, "narration_list"), GTK_PHASE_CAPTURE, GDK_KEY_Right, NULL));
  assert_step (f, 1);
  g_assert_true (maze_gui_test_press_shortcut (view_child (f, "narration_list"), GTK_PHASE_CAPTURE, GDK_KEY_End, NULL));
  assert_step (f, n_steps);
  g_assert_true (maze_gui_test_press_shortcut (view_child (f, "narration_list"), GTK_PHASE_CAPTURE, GDK_KEY_KP_Home, NULL));
  assert_step (f, 0);
  g_assert_true (press_key (f, GDK_KEY_KP_Right));
  assert_step (f, 1);
}

/* Another source starts at its first step, wherever the last one was. */
static void
test_source_starts_at_step_zero (Fixture       *f,
                                 gconstpointer  data)
{
  MazePlayback *pb = show_playback (f, MAZE_PLAYBACK_VIEW_GENERATION);

  maze_playback_seek (pb, maze_playback_get_n_steps (pb) / 2);
  g_assert_cmpuint (maze_playback_get_position (pb), >, 0);
  maze_playback_view_set_source (f->view, MAZE_SOLVER_BFS);
  g_assert_true (maze_gui_test_wait_for (recorded, f->view, TIMEOUT_MS));
  pb = maze_playback_view_get_playback (f->view);
  g_assert_cmpint (maze_playback_get_solver (pb), ==, MAZE_SOLVER_BFS);
  assert_step (f, 0);
}

/* The comparison is not run again while the Playback page shows, only
 * once the Compare page is back. */
static void
test_compare_waits (Fixture       *f,
                    gconstpointer  data)
{
  MazeComparison *before;

  show_panel (f);
  g_assert_true (maze_gui_test_wait_for (maze_gui_test_solver_panel_settled, f->panel, TIMEOUT_MS));
  before = maze_comparison_ref (maze_solver_panel_get_comparison (f->panel));
  show_playback (f, MAZE_PLAYBACK_VIEW_GENERATION);
  maze_document_set_weight (f->document, 5, 5, NULL);
  maze_gui_test_spin (300);
  g_assert_false (maze_solver_panel_get_running (f->panel));
  g_assert_true (maze_solver_panel_get_comparison (f->panel) == before);

  maze_solver_panel_show_playback (f->panel, FALSE);
  g_assert_true (maze_solver_panel_get_running (f->panel));
  g_assert_true (maze_gui_test_wait_for (maze_gui_test_solver_panel_settled, f->panel, TIMEOUT_MS));
  g_assert_true (maze_solver_panel_get_comparison (f->panel) != before);
  maze_comparison_unref (before);
}

/* Cancel while a recording waits for more changes: nothing records. */
static void
test_cancel_while_waiting (Fixture       *f,
                           gconstpointer  data)
{
  GtkStack *stack = view_child (f, "state_stack");

  show_playback (f, MAZE_PLAYBACK_VIEW_GENERATION);
  maze_document_set_weight (f->document, 0, 5, NULL);
  g_assert_true (maze_playback_view_get_recording (f->view));
  g_signal_emit_by_name (view_child (f, "cancel_button"), "clicked");
  g_assert_false (maze_playback_view_get_recording (f->view));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "message");
  maze_gui_test_spin (300);
  g_assert_false (maze_playback_view_get_recording (f->view));
  g_assert_null (maze_playback_view_get_playback (f->view));
}

/* Clicking a line (selecting it) shows the maze after its step. */
static void
test_click_line_seeks (Fixture       *f,
                       gconstpointer  data)
{
  MazePlayback *pb = show_playback (f, MAZE_SOLVER_BACKTRACKING);
  GtkSingleSelection *selection = narration_selection (f);
  g_autoptr(MazeNarrationLine) line = NULL;

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (selection)), ==, maze_playback_get_n_steps (pb));
  line = g_list_model_get_item (G_LIST_MODEL (selection), 9);
  g_assert_cmpuint (maze_narration_line_get_step (line), ==, 9);
  g_assert_true (gtk_selection_model_select_item (GTK_SELECTION_MODEL (selection), 9, TRUE));
  assert_step (f, 10);
  assert_canvas_is_playback (f, pb);
  g_assert_true (gtk_selection_model_select_item (GTK_SELECTION_MODEL (selection), 0, TRUE));
  assert_step (f, 1);
}

/* The Compare page's layers make way while the Playback page shows and
 * come back after; nothing of the playback stays. */
static void
test_leave_tab (Fixture       *f,
                gconstpointer  data)
{
  MazeComparison *comparison;
  const MazeComparisonRow *dijkstra;
  const guint32 *heat;
  const guint32 *path;
  guint32 len;
  gsize n_cells;
  MazePlayback *pb;

  show_panel (f);
  g_assert_true (maze_gui_test_wait_for (maze_gui_test_solver_panel_settled, f->panel, TIMEOUT_MS));
  comparison = maze_solver_panel_get_comparison (f->panel);
  g_assert_true (maze_solver_panel_select_heat (f->panel, MAZE_SOLVER_DIJKSTRA, MAZE_COMPARISON_HEAT_DISTANCE));
  dijkstra = maze_comparison_find_row (comparison, MAZE_SOLVER_DIJKSTRA);
  n_cells = maze_document_get_grid (f->document)->n_cells;
  g_assert_cmpmem (canvas_heat (f), n_cells * sizeof (guint32), dijkstra->distance, n_cells * sizeof (guint32));
  g_assert_nonnull (canvas_path (f, MAZE_SOLVER_DIJKSTRA, NULL));

  pb = show_playback (f, MAZE_SOLVER_BFS);
  activate (f, "playback.go-end");
  assert_canvas_is_playback (f, pb);

  maze_solver_panel_show_playback (f->panel, FALSE);
  g_assert_false (maze_playback_view_get_showing (f->view));
  assert_no_playback_on_canvas (f);
  heat = canvas_heat (f);
  g_assert_cmpmem (heat, n_cells * sizeof (guint32), dijkstra->distance, n_cells * sizeof (guint32));
  path = canvas_path (f, MAZE_SOLVER_DIJKSTRA, &len);
  g_assert_cmpmem (path, len * sizeof (guint32), dijkstra->path, dijkstra->path_len * sizeof (guint32));
  path = canvas_path (f, MAZE_SOLVER_BACKTRACKING, &len);
  g_assert_nonnull (path);

  /* Back again: the recording is kept, drawn again at its position. */
  maze_solver_panel_show_playback (f->panel, TRUE);
  g_assert_true (maze_playback_view_get_playback (f->view) == pb);
  assert_canvas_is_playback (f, pb);

  /* Hiding the whole panel (F9) takes the playback off too. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-solvers", NULL));
  g_assert_false (maze_solver_panel_get_active (f->panel));
  assert_no_playback_on_canvas (f);
  g_assert_null (canvas_heat (f));
}

/* A change of the maze discards the recording at once (no stale trace)
 * and records the new maze. */
static void
test_document_change (Fixture       *f,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  MazePlayback *pb = show_playback (f, MAZE_PLAYBACK_VIEW_GENERATION);
  const MazeGrid *grid = maze_document_get_grid (f->document);
  MazeGenerateOptions options;

  activate (f, "playback.go-end");
  g_assert_true (maze_grid_equal (maze_canvas_get_grid (f->canvas), grid));

  maze_generate_options_init (&options);
  options.algorithm = MAZE_ALGORITHM_KRUSKAL;
  options.seed = 99;
  g_assert_true (maze_document_generate (f->document, grid->shape, grid->width, grid->height, FALSE,
                                         &options, 0, MAZE_ENDPOINTS_CORNERS, &error));
  g_assert_no_error (error);
  g_assert_null (maze_playback_view_get_playback (f->view));
  assert_no_playback_on_canvas (f);
  g_assert_true (maze_playback_view_get_recording (f->view));

  g_assert_true (maze_gui_test_wait_for (recorded, f->view, TIMEOUT_MS));
  pb = maze_playback_view_get_playback (f->view);
  g_assert_cmpint (maze_playback_get_algorithm (pb), ==, MAZE_ALGORITHM_KRUSKAL);
  assert_canvas_is_playback (f, pb);
  activate (f, "playback.go-end");
  g_assert_true (maze_grid_equal (maze_canvas_get_grid (f->canvas), maze_document_get_grid (f->document)));

  /* A solver's playback follows the solve endpoints too. */
  maze_playback_view_set_source (f->view, MAZE_SOLVER_DIJKSTRA);
  g_assert_true (maze_gui_test_wait_for (recorded, f->view, TIMEOUT_MS));
  maze_solver_panel_set_solve_endpoints (f->panel, 5, MAZE_NO_CELL);
  g_assert_null (maze_playback_view_get_playback (f->view));
  g_assert_true (maze_gui_test_wait_for (recorded, f->view, TIMEOUT_MS));
  g_assert_cmpuint (maze_playback_get_start (maze_playback_view_get_playback (f->view)), ==, 5);
}

/* Too big to record: a message in the page, nothing on the canvas. */
static void
test_refused (Fixture       *f,
              gconstpointer  data)
{
  GtkStack *stack = view_child (f, "state_stack");
  const char *message;

  show_panel (f);
  maze_solver_panel_show_playback (f->panel, TRUE);
  g_assert_true (maze_gui_test_wait_for (not_recording, f->view, TIMEOUT_MS));
  g_assert_null (maze_playback_view_get_playback (f->view));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "message");
  message = gtk_label_get_label (view_child (f, "message_label"));
  g_assert_nonnull (strstr (message, "1\u202f000\u202f000"));
  g_assert_false (gtk_widget_get_visible (view_child (f, "retry_button")));
  assert_no_playback_on_canvas (f);
  gtk_widget_activate_action (GTK_WIDGET (f->view), "playback.toggle", NULL);
  g_assert_false (maze_playback_view_get_playing (f->view));
}

/* An imported maze has no generation to replay, but its solvers play. */
static void
test_imported (Fixture       *f,
               gconstpointer  data)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (f->document);
  MazePuzzle *imported = maze_puzzle_new_for_grid (maze_grid_copy (puzzle->grid), puzzle->start, puzzle->end);
  GtkStack *stack = view_child (f, "state_stack");

  g_assert_true (maze_document_replace_puzzle (f->document, imported));
  g_assert_false (maze_document_get_puzzle (f->document)->has_parameters);
  show_panel (f);
  maze_solver_panel_show_playback (f->panel, TRUE);
  g_assert_true (maze_gui_test_wait_for (not_recording, f->view, TIMEOUT_MS));
  g_assert_null (maze_playback_view_get_playback (f->view));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "message");
  g_assert_nonnull (strstr (gtk_label_get_label (view_child (f, "message_label")), "imported"));
  assert_no_playback_on_canvas (f);

  maze_playback_view_set_source (f->view, MAZE_SOLVER_BFS);
  g_assert_true (maze_gui_test_wait_for (recorded, f->view, TIMEOUT_MS));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "playback");
}

/* The speed is kept in the settings, in steps a second. */
static void
test_speed_setting (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  maze_playback_view_set_speed (f->view, 1000);
  g_assert_cmpfloat (g_settings_get_double (settings, "playback-speed"), ==, 1000);
  g_settings_set_double (settings, "playback-speed", 100);
  g_assert_cmpfloat_with_epsilon (maze_playback_view_get_speed (f->view), 100, 1e-6);
  /* Out of range: clamped. */
  maze_playback_view_set_speed (f->view, 1e9);
  g_assert_cmpfloat (g_settings_get_double (settings, "playback-speed"), ==, MAZE_PLAYBACK_VIEW_MAX_SPEED);
}

/* Cancel stops a recording; Record Again starts it anew. */
static void
test_cancel (Fixture       *f,
             gconstpointer  data)
{
  GtkStack *stack = view_child (f, "state_stack");

  show_playback (f, MAZE_PLAYBACK_VIEW_GENERATION);
  /* A new source starts a recording; cancel it before it is handed over. */
  maze_playback_view_set_source (f->view, MAZE_SOLVER_ASTAR);
  g_assert_true (maze_playback_view_get_recording (f->view));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "recording");
  g_signal_emit_by_name (view_child (f, "cancel_button"), "clicked");
  g_assert_true (maze_gui_test_wait_for (not_recording, f->view, TIMEOUT_MS));
  g_assert_null (maze_playback_view_get_playback (f->view));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "message");
  g_assert_true (gtk_widget_get_visible (view_child (f, "retry_button")));
  assert_no_playback_on_canvas (f);

  g_signal_emit_by_name (view_child (f, "retry_button"), "clicked");
  g_assert_true (maze_gui_test_wait_for (recorded, f->view, TIMEOUT_MS));
  g_assert_cmpint (maze_playback_get_solver (maze_playback_view_get_playback (f->view)), ==, MAZE_SOLVER_ASTAR);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (stack), ==, "playback");
}

/* Playing on the frame clock reaches the end and stops there; by hand,
 * a frame advances by its time × speed, a long gap does not jump. */
static void
test_play (Fixture       *f,
           gconstpointer  data)
{
  MazePlayback *pb = show_playback (f, MAZE_SOLVER_DIJKSTRA);
  guint n_steps = maze_playback_get_n_steps (pb);
  gint64 t = G_GINT64_CONSTANT (1) << 50;

  /* The real frame clock at 100,000 steps a second: several steps a
   * frame, and the list follows. */
  maze_playback_view_set_speed (f->view, 100000);
  g_assert_cmpfloat_with_epsilon (maze_playback_view_get_speed (f->view), 100000, 0.5);
  maze_playback_view_set_playing (f->view, TRUE);
  g_assert_true (maze_playback_view_get_playing (f->view));
  g_assert_true (maze_gui_test_wait_for (not_playing, f->view, TIMEOUT_MS));
  assert_step (f, n_steps);
  assert_canvas_is_playback (f, pb);

  /* Play at the end starts over. */
  maze_playback_view_set_speed (f->view, 10);
  maze_playback_view_set_playing (f->view, TRUE);
  assert_step (f, 0);
  g_assert_true (maze_playback_view_advance (f->view, t));
  assert_step (f, 0);
  g_assert_true (maze_playback_view_advance (f->view, t + 100000));
  assert_step (f, 1);
  /* Two seconds late: a quarter of a second's worth only. */
  g_assert_true (maze_playback_view_advance (f->view, t + 2100000));
  assert_step (f, 3);
  assert_canvas_is_playback (f, pb);
  /* Stepping by hand pauses. */
  activate (f, "playback.step-forward");
  g_assert_false (maze_playback_view_get_playing (f->view));
  g_assert_false (maze_playback_view_advance (f->view, t + 2200000));
  assert_step (f, 4);

  /* The last frame stops at the end. */
  activate (f, "playback.go-end");
  activate (f, "playback.step-back");
  maze_playback_view_set_speed (f->view, 1000);
  maze_playback_view_set_playing (f->view, TRUE);
  g_assert_true (maze_playback_view_advance (f->view, t));
  g_assert_false (maze_playback_view_advance (f->view, t + 200000));
  g_assert_false (maze_playback_view_get_playing (f->view));
  assert_step (f, n_steps);
}

/* Playing fast, the position never rests, yet the narration list keeps
 * up: it jumps to the current line a few times a second, not every
 * frame (each jump rebinds the list's rows). The frames are the test's
 * own, 60 a second for 1.2 s, so no machine's speed changes the count. */
static gboolean
list_moved (gpointer data)
{
  gpointer *args = data;

  return gtk_adjustment_get_value (args[0]) > *(double *) args[1];
}

static void
test_list_follows_fast_play (Fixture       *f,
                             gconstpointer  data)
{
  MazePlayback *pb = show_playback (f, MAZE_PLAYBACK_VIEW_GENERATION);
  GtkAdjustment *vadj = gtk_scrollable_get_vadjustment (view_child (f, "narration_list"));
  gint64 t = g_get_monotonic_time ();
  double first;
  guint jumps_before, jumps;
  gpointer args[2] = { vadj, &first };

  g_assert_cmpuint (maze_playback_get_n_steps (pb), >, 3000);
  maze_gui_test_spin (300);
  first = gtk_adjustment_get_value (vadj);
  jumps_before = maze_playback_view_get_n_list_jumps (f->view);
  /* 2,000 steps a second: some 33 lines a frame, too far to follow
   * every frame. */
  maze_playback_view_set_speed (f->view, 2000);
  maze_playback_view_set_playing (f->view, TRUE);
  for (guint frame = 0; frame <= 72; frame++)
    g_assert_true (maze_playback_view_advance (f->view, t + frame * G_USEC_PER_SEC / 60));
  maze_playback_view_set_playing (f->view, FALSE);
  jumps = maze_playback_view_get_n_list_jumps (f->view) - jumps_before;
  g_test_message ("the list jumped %u times in 1.2 s of fast play", jumps);
  /* Once every 250 ms: at 0, 0.25, 0.5, 0.75 and 1.0 s. */
  g_assert_cmpuint (jumps, >=, 4);
  g_assert_cmpuint (jumps, <=, 6);
  /* And the list shows it. */
  g_assert_true (maze_gui_test_wait_for (list_moved, args, 30000));
}

/* Every generator and every solver plays, to the document's maze and to
 * the core's path. */
static void
test_every_source (Fixture       *f,
                   gconstpointer  data)
{
  const MazeGrid *grid = maze_document_get_grid (f->document);
  MazeShape shape = grid->shape;
  guint width = grid->width, height = grid->height;

  show_panel (f);
  for (guint a = 0; a < MAZE_N_ALGORITHMS; a++)
    {
      g_autoptr(GError) error = NULL;
      MazeGenerateOptions options;
      MazePlayback *pb;

      if (!maze_algorithm_supports (a, shape))
        continue;
      maze_generate_options_init (&options);
      options.algorithm = a;
      options.seed = 40 + a;
      g_assert_true (maze_document_generate (f->document, shape, width, height, FALSE, &options, 0,
                                             MAZE_ENDPOINTS_CORNERS, &error));
      g_assert_no_error (error);
      pb = show_playback (f, MAZE_PLAYBACK_VIEW_GENERATION);
      g_assert_cmpint (maze_playback_get_algorithm (pb), ==, a);
      activate (f, "playback.go-end");
      assert_canvas_is_playback (f, pb);
      g_assert_true (maze_grid_equal (maze_canvas_get_grid (f->canvas), maze_document_get_grid (f->document)));
    }

  for (guint s = 0; s < MAZE_N_SOLVERS; s++)
    {
      const MazePuzzle *puzzle = maze_document_get_puzzle (f->document);
      g_autoptr(MazeSolution) solution = NULL;
      const guint32 *path;
      guint32 len;
      MazePlayback *pb;

      pb = show_playback (f, (int) s);
      g_assert_cmpint (maze_playback_get_kind (pb), ==, MAZE_PLAYBACK_SOLVER);
      g_assert_cmpint (maze_playback_get_solver (pb), ==, s);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (narration_selection (f))), ==,
                        maze_playback_get_n_steps (pb));
      activate (f, "playback.go-end");
      assert_canvas_is_playback (f, pb);
      solution = maze_solve (puzzle->grid, s, puzzle->start, puzzle->end, NULL, NULL);
      g_assert_nonnull (solution);
      path = canvas_path (f, s, &len);
      g_assert_cmpmem (path, len * sizeof (guint32), solution->path, solution->path_len * sizeof (guint32));
    }
}

/* ---- Screenshots and bench (opt-in) ---- */

static void
test_screenshots (Fixture       *f,
                  gconstpointer  data)
{
  MazePlayback *pb;

  if (g_getenv ("MAZE_SCREENSHOT_DIR") == NULL)
    {
      g_test_skip ("set MAZE_SCREENSHOT_DIR to write screenshots");
      return;
    }

  pb = show_playback (f, MAZE_PLAYBACK_VIEW_GENERATION);
  gtk_range_set_value (view_child (f, "scrubber"), maze_playback_get_n_steps (pb) * 2 / 5);
  maze_gui_test_save_window (GTK_WIDGET (f->window), "playback-generation");

  /* Mud beside the frontier: the two must look apart. */
  for (guint y = 8; y < 14; y++)
    for (guint x = 10; x < 18; x++)
      g_assert_true (maze_document_set_weight (f->document,
                                               maze_grid_index (maze_document_get_grid (f->document), x, y),
                                               5, NULL));
  pb = show_playback (f, MAZE_SOLVER_DIJKSTRA);
  gtk_range_set_value (view_child (f, "scrubber"), maze_playback_get_n_steps (pb) * 3 / 5);
  maze_gui_test_save_window (GTK_WIDGET (f->window), "playback-dijkstra");
}

/* Frame work as the frame clock sees it: from before-paint to
 * after-paint (update, layout, paint), and the frames counted. */
typedef struct
{
  gint64 started;
  gint64 first;
  gint64 last;
  gint64 total;
  gint64 worst;
  guint  frames;
} FrameStats;

static void
frame_started_cb (GdkFrameClock *clock,
                  FrameStats    *stats)
{
  stats->started = g_get_monotonic_time ();
}

static void
frame_done_cb (GdkFrameClock *clock,
               FrameStats    *stats)
{
  gint64 now = g_get_monotonic_time ();
  gint64 took = now - stats->started;

  if (stats->frames++ == 0)
    stats->first = now;
  stats->last = now;
  stats->total += took;
  stats->worst = MAX (stats->worst, took);
}

static double
frame_interval_ms (const FrameStats *stats)
{
  return stats->frames > 1 ? (stats->last - stats->first) / 1000.0 / (stats->frames - 1) : 0.0;
}

/* Frame times while playing at 1k, 10k and 100k steps a second (wall
 * clock between frames, and the frame clock's work a frame), the view's
 * own work a frame, and what a scrub to a random step costs, on a
 * 200 × 200 maze. Figures for the report, not assertions. */
static void
test_bench (Fixture       *f,
            gconstpointer  data)
{
  static const double speeds[] = { 1000, 10000, 100000 };
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (f->window));
  MazePlayback *pb;
  guint n_steps;
  GRand *rand;
  gint64 start;
  gulong before_id, after_id;
  FrameStats stats;

  if (g_getenv ("MAZE_PLAYBACK_BENCH") == NULL)
    {
      g_test_skip ("set MAZE_PLAYBACK_BENCH to measure");
      return;
    }

  show_panel (f);
  maze_gui_test_spin (500);
  start = g_get_monotonic_time ();
  pb = show_playback (f, MAZE_PLAYBACK_VIEW_GENERATION);
  n_steps = maze_playback_get_n_steps (pb);
  g_test_message ("recorded %u steps of a 200 × 200 generation in %.0f ms", n_steps,
                  (g_get_monotonic_time () - start) / 1000.0);
  maze_gui_test_spin (500);
  before_id = g_signal_connect (clock, "before-paint", G_CALLBACK (frame_started_cb), &stats);
  after_id = g_signal_connect (clock, "after-paint", G_CALLBACK (frame_done_cb), &stats);

  for (guint i = 0; i < G_N_ELEMENTS (speeds); i++)
    {
      guint from;
      gint64 work = 0, t;
      guint frames = 0;

      activate (f, "playback.go-start");
      maze_gui_test_spin (300);
      maze_playback_view_set_speed (f->view, speeds[i]);
      from = maze_playback_get_position (pb);
      memset (&stats, 0, sizeof stats);
      maze_playback_view_set_playing (f->view, TRUE);
      maze_gui_test_spin (speeds[i] < 50000 ? 2000 : 700);
      maze_playback_view_set_playing (f->view, FALSE);
      g_test_message ("%6.0f steps/s: %u frames, one every %.1f ms; frame work %.1f ms on average, "
                      "%.1f ms at worst; %u steps played",
                      speeds[i], stats.frames, frame_interval_ms (&stats),
                      stats.total / 1000.0 / MAX (stats.frames, 1), stats.worst / 1000.0,
                      maze_playback_get_position (pb) - from);

      /* The view's own work a frame (seek, canvas invalidation, label,
       * scrubber, list selection), frames of 1/60 s driven by hand. */
      activate (f, "playback.go-start");
      maze_playback_view_set_playing (f->view, TRUE);
      t = G_GINT64_CONSTANT (1) << 50;
      maze_playback_view_advance (f->view, t);
      while (frames < 120 && maze_playback_get_position (pb) < n_steps)
        {
          gint64 before = g_get_monotonic_time ();

          t += 16667;
          maze_playback_view_advance (f->view, t);
          work += g_get_monotonic_time () - before;
          frames++;
        }
      maze_playback_view_set_playing (f->view, FALSE);
      g_test_message ("%6.0f steps/s: the view's own work %.3f ms a frame (%u frames)",
                      speeds[i], work / 1000.0 / MAX (frames, 1), frames);
    }

  rand = g_rand_new_with_seed (1);
  {
    gint64 set_total = 0, set_worst = 0, frame_worst = 0;

    for (guint i = 0; i < 20; i++)
      {
        guint target = g_rand_int_range (rand, 0, (gint32) n_steps + 1);
        gint64 before = g_get_monotonic_time (), took;

        gtk_range_set_value (view_child (f, "scrubber"), target);
        took = g_get_monotonic_time () - before;
        g_assert_cmpuint (maze_playback_get_position (pb), ==, target);
        set_total += took;
        set_worst = MAX (set_worst, took);
        /* Then the frames: the canvas at once, the list once it rests. */
        memset (&stats, 0, sizeof stats);
        maze_gui_test_spin (400);
        frame_worst = MAX (frame_worst, stats.worst);
      }
    g_test_message ("scrub to a random step: %.2f ms on average, %.2f ms at worst (seek and "
                    "controls); worst frame after it %.1f ms (canvas, and the list's jump once it rests)",
                    set_total / 20 / 1000.0, set_worst / 1000.0, frame_worst / 1000.0);
  }
  g_rand_free (rand);
  g_signal_handler_disconnect (clock, before_id);
  g_signal_handler_disconnect (clock, after_id);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = maze_gui_test_init (&argc, &argv);

#define ADD(path, maze, func) \
  g_test_add (path, Fixture, maze, fixture_setup, func, fixture_teardown)
  ADD ("/playback-view/generation-to-end", &rect_maze, test_generation_to_end);
  ADD ("/playback-view/generation-braided", &braided_maze, test_generation_braided);
  ADD ("/playback-view/seek-consistent", &rect_maze, test_seek_consistent);
  ADD ("/playback-view/seek-consistent-hex", &hex_maze, test_seek_consistent);
  ADD ("/playback-view/stepping-and-keys", &rect_maze, test_stepping_and_keys);
  ADD ("/playback-view/source-starts-at-step-zero", &rect_maze, test_source_starts_at_step_zero);
  ADD ("/playback-view/cancel-while-waiting", &rect_maze, test_cancel_while_waiting);
  ADD ("/playback-view/compare-waits", &rect_maze, test_compare_waits);
  ADD ("/playback-view/list-follows-fast-play", &big_maze, test_list_follows_fast_play);
  ADD ("/playback-view/click-line-seeks", &rect_maze, test_click_line_seeks);
  ADD ("/playback-view/leave-tab", &rect_maze, test_leave_tab);
  ADD ("/playback-view/document-change", &rect_maze, test_document_change);
  ADD ("/playback-view/refused", &huge_maze, test_refused);
  ADD ("/playback-view/cancel", &rect_maze, test_cancel);
  ADD ("/playback-view/imported", &rect_maze, test_imported);
  ADD ("/playback-view/speed-setting", &rect_maze, test_speed_setting);
  ADD ("/playback-view/play", &rect_maze, test_play);
  ADD ("/playback-view/every-source-rect", &rect_maze, test_every_source);
  ADD ("/playback-view/every-source-hex", &hex_maze, test_every_source);
  ADD ("/playback-view/screenshots", &shot_maze, test_screenshots);
  ADD ("/playback-view/bench", &bench_maze, test_bench);
#undef ADD

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
