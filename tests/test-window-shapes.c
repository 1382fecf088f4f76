/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-canvas-private.h"
#include "maze-gui-test-util.h"
#include "maze-window-private.h"

/* Every shape the core has, in the window (issue 14): chosen in the
 * Shape row, shown as itself when a file of it is opened, named in the
 * subtitle and played with the keys. */

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

  return g_test_run ();
}
