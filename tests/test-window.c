/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-click-guard.h"
#include "maze-compat.h"
#include "maze-gui-test-util.h"
#include "maze-metrics.h"
#include "maze-order.h"
#include "maze-puzzle-file.h"
#include "maze-task-progress-private.h"
#include "maze-test-util.h"
#include "maze-window-private.h"

/* The application window, driven through its actions and controls under
 * Xvfb, with assertions on the document. */

static MazeApplication *app;

typedef struct
{
  MazeWindow      *window;
  MazeDocument    *document;
  MazeTestFixture  files;           /* the test's temporary folder */
  GFile           *chooser_answer;  /* what the file chooser "returns" */
  guint            chooser_calls;
} Fixture;

/* The maze every test starts from, and the ones it opens. */
static MazeDocument *
new_document (guint64 seed)
{
  return maze_gui_test_new_document (MAZE_SHAPE_RECT, 20, 15, MAZE_ALGORITHM_BACKTRACKER, seed, 0);
}

static GFile *
test_chooser (MazeWindow *window,
              gboolean    save,
              gpointer    user_data)
{
  Fixture *fixture = user_data;

  fixture->chooser_calls++;
  return fixture->chooser_answer != NULL ? g_object_ref (fixture->chooser_answer) : NULL;
}

/* Holds a worker at its first question to the stop function until it is
 * cancelled, so that a test sees the progress overlay of work that would
 * otherwise end first on a fast machine. Set while no task runs. */
static void
hold_until_cancelled (gpointer cancellable,
                      gpointer user_data)
{
  while (!g_cancellable_is_cancelled (cancellable))
    g_usleep (1000);
}

static void
hold_workers (gboolean hold)
{
  maze_task_set_stop_hook (hold ? hold_until_cancelled : NULL, NULL);
}

static gboolean
progress_shown (gpointer data)
{
  return gtk_widget_get_visible (MAZE_WINDOW (data)->progress_box);
}

/* Shown and given its place on screen. */
static gboolean
progress_laid_out (gpointer data)
{
  GtkWidget *box = MAZE_WINDOW (data)->progress_box;

  return gtk_widget_get_visible (box) && gtk_widget_get_width (box) > 0;
}

/* No thread of the window's still runs, cancelled ones included. */
static gboolean
window_threads_done (gpointer data)
{
  MazeWindow *window = data;

  return window->n_generations == 0 && window->n_edits == 0 && window->n_bands == 0;
}

static gboolean
window_idle (gpointer data)
{
  return !maze_window_get_busy (MAZE_WINDOW (data));
}

static gboolean
document_replaced (gpointer data)
{
  Fixture *fixture = data;

  return maze_window_get_document (fixture->window) != fixture->document;
}

static gboolean
pointer_cleared (gpointer data)
{
  return *(gpointer *) data == NULL;
}


static void
respond (GtkWidget  *dialog,
         const char *response)
{
  maze_alert_respond (dialog, response);
  maze_gui_test_spin (20);
}

static GtkWidget *
find_actionable (GtkWidget  *widget,
                 const char *action_name)
{
  if (GTK_IS_ACTIONABLE (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action_name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_actionable (child, action_name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The header bar button for action: insensitive when the action is
 * disabled. */
static gboolean
action_enabled (Fixture    *fixture,
                const char *action_name)
{
  GtkWidget *button = find_actionable (GTK_WIDGET (fixture->window), action_name);

  g_assert_nonnull (button);
  return gtk_widget_get_sensitive (button);
}

static gpointer
panel_child (Fixture    *fixture,
             const char *name)
{
  return maze_gui_test_template_child (GTK_WIDGET (fixture->window->settings_panel),
                                       MAZE_TYPE_SETTINGS_PANEL, name);
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  maze_test_fixture_set_up (&fixture->files, data);
  fixture->document = new_document (7);
  fixture->window = maze_window_new (app, fixture->document);
  maze_window_set_chooser (fixture->window, test_chooser, fixture);
  maze_gui_test_present (fixture->window);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  maze_gui_test_close_windows ();
  maze_test_fixture_tear_down (&fixture->files, data);
  g_clear_object (&fixture->chooser_answer);
  g_clear_object (&fixture->document);
}

static GFile *
tmp_file (Fixture    *fixture,
          const char *name)
{
  g_autofree char *path = maze_test_fixture_path (&fixture->files, name);

  return g_file_new_for_path (path);
}

static void
test_title (Fixture       *fixture,
            gconstpointer  data)
{
  AdwWindowTitle *title = fixture->window->window_title;

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (fixture->window)), ==, "Untitled Maze");
  g_assert_cmpstr (adw_window_title_get_subtitle (title), ==, "20 × 15 · Recursive backtracker");

  g_assert_true (maze_document_set_start (fixture->document, 21, NULL));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (fixture->window)), ==, "• Untitled Maze");
  g_assert_cmpstr (adw_window_title_get_title (title), ==, "• Untitled Maze");
  g_assert_true (maze_document_undo (fixture->document));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (fixture->window)), ==, "Untitled Maze");
}

static void
test_undo_redo (Fixture       *fixture,
                gconstpointer  data)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (fixture->document);
  guint32 old_start = puzzle->start;

  g_assert_false (action_enabled (fixture, "win.undo"));
  g_assert_false (action_enabled (fixture, "win.redo"));

  g_assert_true (maze_document_set_start (fixture->document, 33, NULL));
  g_assert_true (action_enabled (fixture, "win.undo"));
  g_assert_false (action_enabled (fixture, "win.redo"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_cmpuint (maze_document_get_puzzle (fixture->document)->start, ==, old_start);
  g_assert_false (maze_document_get_modified (fixture->document));
  g_assert_false (action_enabled (fixture, "win.undo"));
  g_assert_true (action_enabled (fixture, "win.redo"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.redo", NULL));
  g_assert_cmpuint (maze_document_get_puzzle (fixture->document)->start, ==, 33);
  g_assert_true (maze_document_get_modified (fixture->document));

  /* Export and printing are there. */
  g_assert_true (action_enabled (fixture, "win.export"));
  g_assert_true (action_enabled (fixture, "win.print"));
}

static gboolean
width_is_25 (gpointer data)
{
  return maze_document_get_grid (data)->width == 25;
}

/* Changing a control regenerates, as one undo step; undo puts the
 * controls back. */
static void
test_settings_regenerate (Fixture       *fixture,
                          gconstpointer  data)
{
  GtkSpinButton *width_spin = panel_child (fixture, "width_spin");
  AdwComboRow *shape_row = panel_child (fixture, "shape_row");
  AdwComboRow *algorithm_row = panel_child (fixture, "algorithm_row");
  AdwEntryRow *seed_row = panel_child (fixture, "seed_row");
  GListModel *algorithms = panel_child (fixture, "algorithm_list");
  g_autoptr(MazeGrid) original = maze_grid_copy (maze_document_get_grid (fixture->document));
  const MazeGrid *grid;

  g_assert_cmpint (gtk_spin_button_get_value_as_int (width_spin), ==, 20);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (seed_row)), ==, "7");
  g_assert_cmpuint (g_list_model_get_n_items (algorithms), ==, MAZE_N_ALGORITHMS);

  /* The spin button settles before it regenerates. */
  gtk_spin_button_set_value (width_spin, 25);
  g_assert_cmpuint (maze_document_get_grid (fixture->document)->width, ==, 20);
  g_assert_true (maze_gui_test_wait_for (width_is_25, fixture->document, 3000));
  grid = maze_document_get_grid (fixture->document);
  g_assert_cmpuint (grid->height, ==, 15);
  g_assert_true (maze_grid_check_perfect (grid, NULL));
  g_assert_cmpuint (maze_document_get_puzzle (fixture->document)->seed, ==, 7);
  g_assert_true (maze_document_can_undo (fixture->document));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_true (maze_grid_equal (original, maze_document_get_grid (fixture->document)));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (width_spin), ==, 20);

  /* A level of another size after zooming in: the new maze is fitted,
   * not left small in a corner at the old zoom. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.zoom-in", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.zoom-in", NULL));
  g_assert_false (maze_viewport_get_fitted (maze_canvas_get_viewport (fixture->window->canvas)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window->settings_panel),
                                             "settings.preset", "s", "hard"));
  g_assert_cmpuint (maze_document_get_grid (fixture->document)->width, ==,
                    maze_level_get_info (MAZE_LEVEL_HARD)->side[MAZE_SHAPE_RECT]);
  g_assert_true (maze_viewport_get_fitted (maze_canvas_get_viewport (fixture->window->canvas)));

  /* A level sets its whole recipe (it set the size only: "Beginner"
   * stayed a backtracker maze of 230 to 400 cells): one step, at once. */
  {
    const MazeLevelInfo *medium = maze_level_get_info (MAZE_LEVEL_MEDIUM);
    const MazePuzzle *made;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window->settings_panel),
                                               "settings.preset", "s", medium->name));
    made = maze_document_get_puzzle (fixture->document);
    g_assert_cmpuint (made->grid->width, ==, medium->side[MAZE_SHAPE_RECT]);
    g_assert_cmpuint (made->grid->height, ==, medium->side[MAZE_SHAPE_RECT]);
    g_assert_cmpint (made->algorithm, ==, medium->algorithm);
    g_assert_cmpuint (made->braid, ==, medium->braid);
    grid = made->grid;
  }

  /* A seed typed in and applied. */
  gtk_editable_set_text (GTK_EDITABLE (seed_row), "18446744073709551615");
  g_signal_emit_by_name (seed_row, "apply");
  g_assert_cmpuint (maze_document_get_puzzle (fixture->document)->seed, ==, G_MAXUINT64);

  /* Blank: no seed; marked, nothing regenerated. */
  gtk_editable_set_text (GTK_EDITABLE (seed_row), "  ");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (seed_row), "error"));
  g_signal_emit_by_name (seed_row, "apply");
  g_assert_cmpuint (maze_document_get_puzzle (fixture->document)->seed, ==, G_MAXUINT64);

  /* Words are a seed (a teacher's "class 3B" was only turned red): the
   * number they stand for is the maze's, shown in the title; the words
   * stay as typed, and the same words make the same maze again. */
  {
    guint64 words_seed;
    g_autofree char *number = NULL;

    g_assert_true (maze_seed_from_text ("class 3B", &words_seed, NULL));
    number = g_strdup_printf ("%" G_GUINT64_FORMAT, words_seed);
    gtk_editable_set_text (GTK_EDITABLE (seed_row), "class 3B");
    g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (seed_row), "error"));
    g_assert_nonnull (strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (seed_row)), number));
    g_signal_emit_by_name (seed_row, "apply");
    g_assert_cmpuint (maze_document_get_puzzle (fixture->document)->seed, ==, words_seed);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (seed_row)), ==, "class 3B");
  }

  /* Hexagonal: the binary tree (rectangles only) is not offered. */
  adw_combo_row_set_selected (shape_row, 1);
  g_assert_cmpint (maze_document_get_grid (fixture->document)->shape, ==, MAZE_SHAPE_HEX);
  g_assert_cmpuint (g_list_model_get_n_items (algorithms), ==, MAZE_N_ALGORITHMS - 1);
  g_assert_true (maze_grid_check_perfect (maze_document_get_grid (fixture->document), NULL));

  /* Another algorithm: regenerates with it; the list stays as it is. */
  adw_combo_row_set_selected (algorithm_row, 3);
  g_assert_cmpint (maze_document_get_puzzle (fixture->document)->algorithm, ==, MAZE_ALGORITHM_KRUSKAL);
  g_assert_cmpuint (g_list_model_get_n_items (algorithms), ==, MAZE_N_ALGORITHMS - 1);
  g_assert_cmpuint (adw_combo_row_get_selected (algorithm_row), ==, 3);
  g_assert_cmpstr (gtk_label_get_label (panel_child (fixture, "algorithm_description")), ==,
                   maze_algorithm_get_info (MAZE_ALGORITHM_KRUSKAL)->description);
  {
    guint side = maze_level_get_info (MAZE_LEVEL_MEDIUM)->side[MAZE_SHAPE_RECT];
    g_autofree char *subtitle = g_strdup_printf ("%u × %u hexagonal · Kruskal’s", side, side);

    g_assert_cmpstr (adw_window_title_get_subtitle (fixture->window->window_title), ==, subtitle);
  }

  /* A new random seed. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.new-seed", NULL));
  g_assert_cmpuint (maze_document_get_puzzle (fixture->document)->seed, !=, G_MAXUINT64);
}

static gboolean
metrics_ready (gpointer data)
{
  return maze_settings_panel_get_metrics (data, NULL);
}

/* The figures under the settings follow the document. */
static void
test_metrics (Fixture       *fixture,
              gconstpointer  data)
{
  MazeSettingsPanel *panel = fixture->window->settings_panel;
  const MazePuzzle *puzzle = maze_document_get_puzzle (fixture->document);
  MazeMetrics shown, expected;

  g_assert_true (maze_gui_test_wait_for (metrics_ready, panel, 3000));
  g_assert_true (maze_settings_panel_get_metrics (panel, &shown));
  g_assert_true (maze_metrics_compute (puzzle->grid, puzzle->start, puzzle->end, &expected, NULL));
  g_assert_cmpuint (shown.dead_ends, ==, expected.dead_ends);
  g_assert_cmpuint (shown.solution_length, ==, expected.solution_length);

  /* Moving the end changes the solution; the figures follow. */
  g_assert_true (maze_document_set_end (fixture->document, 20 * 7 + 10, NULL));
  maze_gui_test_spin (50);
  g_assert_true (maze_gui_test_wait_for (metrics_ready, panel, 3000));
  g_assert_true (maze_settings_panel_get_metrics (panel, &shown));
  puzzle = maze_document_get_puzzle (fixture->document);
  g_assert_true (maze_metrics_compute (puzzle->grid, puzzle->start, puzzle->end, &expected, NULL));
  g_assert_cmpuint (shown.solution_length, ==, expected.solution_length);
  g_assert_cmpuint (shown.difficulty, ==, expected.difficulty);
}

/* Above the threshold a maze is made on a thread; the result is one
 * undo step, and Cancel drops it. */
static void
test_threaded_generation (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(MazeGrid) original = maze_grid_copy (maze_document_get_grid (fixture->document));
  MazeSettings settings;

  maze_window_set_sync_cells (fixture->window, 100);
  maze_settings_panel_get_settings (fixture->window->settings_panel, &settings);
  settings.width = 300;
  settings.height = 200;
  settings.seed = 99;
  maze_window_generate (fixture->window, &settings);
  g_assert_true (maze_window_get_busy (fixture->window));
  g_assert_true (maze_gui_test_wait_for (window_idle, fixture->window, 20000));
  g_assert_false (gtk_widget_get_visible (fixture->window->progress_box));
  g_assert_cmpuint (maze_document_get_grid (fixture->document)->width, ==, 300);
  g_assert_cmpuint (maze_document_get_puzzle (fixture->document)->seed, ==, 99);
  g_assert_true (maze_grid_check_perfect (maze_document_get_grid (fixture->document), NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_true (maze_grid_equal (original, maze_document_get_grid (fixture->document)));

  /* On a thread too, the same size keeps the mud. */
  g_assert_true (maze_document_set_weight (fixture->document, 5, 7, NULL));
  settings.width = original->width;
  settings.height = original->height;
  settings.seed = 100;
  maze_window_generate (fixture->window, &settings);
  g_assert_true (maze_window_get_busy (fixture->window));
  g_assert_true (maze_gui_test_wait_for (window_idle, fixture->window, 20000));
  g_assert_cmpuint (maze_document_get_puzzle (fixture->document)->seed, ==, 100);
  g_assert_cmpuint (maze_grid_get_weight (maze_document_get_grid (fixture->document), 5), ==, 7);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_true (maze_grid_equal (original, maze_document_get_grid (fixture->document)));

  /* A slow one shows the progress overlay; Cancel drops it, and the
   * document stays, even after the thread is done. */
  settings.algorithm = MAZE_ALGORITHM_ALDOUS_BRODER;
  settings.width = settings.height = 1000;
  hold_workers (TRUE);
  maze_window_generate (fixture->window, &settings);
  g_assert_true (maze_window_get_busy (fixture->window));
  g_assert_false (gtk_widget_get_visible (fixture->window->progress_box));
  g_assert_true (maze_gui_test_wait_for (progress_shown, fixture->window, 60000));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.cancel", NULL));
  g_assert_false (maze_window_get_busy (fixture->window));
  maze_gui_test_spin (1500);
  g_assert_true (maze_grid_equal (original, maze_document_get_grid (fixture->document)));
  g_assert_false (gtk_widget_get_visible (fixture->window->progress_box));
  g_assert_true (maze_gui_test_wait_for (window_threads_done, fixture->window, 60000));
  hold_workers (FALSE);

  /* A newer request wins over one still running. */
  maze_window_generate (fixture->window, &settings);
  settings.algorithm = MAZE_ALGORITHM_BACKTRACKER;
  settings.width = 120;
  maze_window_generate (fixture->window, &settings);
  g_assert_true (maze_gui_test_wait_for (window_idle, fixture->window, 20000));
  maze_gui_test_spin (500);
  g_assert_cmpuint (maze_document_get_grid (fixture->document)->width, ==, 120);
}

static GFile *
fail_chooser (MazeWindow *window,
              gboolean    save,
              gpointer    user_data)
{
  g_assert_not_reached ();
  return NULL;
}

static void
test_save (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(GFile) expected = tmp_file (fixture, "worksheet.maze");
  g_autoptr(MazeDocument) reloaded = NULL;
  g_autoptr(GError) error = NULL;

  /* Cancelling the chooser saves nothing. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.save", NULL));
  g_assert_cmpuint (fixture->chooser_calls, ==, 1);
  g_assert_null (maze_document_get_file (fixture->document));

  /* No file yet: Save asks for one; the extension is added. */
  fixture->chooser_answer = tmp_file (fixture, "worksheet");
  g_assert_true (maze_document_set_start (fixture->document, 5, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.save", NULL));
  g_assert_cmpuint (fixture->chooser_calls, ==, 2);
  g_assert_true (g_file_equal (maze_document_get_file (fixture->document), expected));
  g_assert_false (maze_document_get_modified (fixture->document));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (fixture->window)), ==, "worksheet.maze");

  /* With a file: Save writes it without asking. */
  maze_window_set_chooser (fixture->window, fail_chooser, NULL);
  g_assert_true (maze_document_set_end (fixture->document, 77, NULL));
  g_assert_true (maze_document_get_modified (fixture->document));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.save", NULL));
  g_assert_false (maze_document_get_modified (fixture->document));

  reloaded = maze_document_load (expected, &error);
  g_assert_no_error (error);
  g_assert_true (maze_grid_equal (maze_document_get_grid (reloaded),
                                  maze_document_get_grid (fixture->document)));
  g_assert_cmpuint (maze_document_get_puzzle (reloaded)->start, ==, 5);
  g_assert_cmpuint (maze_document_get_puzzle (reloaded)->end, ==, 77);
}

static void
test_open_bad_file (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GFile) bad = tmp_file (fixture, "bad.maze");
  g_autoptr(GFile) missing = tmp_file (fixture, "missing.maze");
  const char *truncated = "{\"format\": \"mazewright\", \"version\": 1";
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) original = maze_grid_copy (maze_document_get_grid (fixture->document));
  GtkWidget *dialog;

  g_assert_true (maze_document_set_start (fixture->document, 8, NULL));
  g_assert_true (g_file_replace_contents (bad, truncated, strlen (truncated),
                                          NULL, FALSE, 0, NULL, NULL, &error));
  g_assert_no_error (error);

  maze_window_open_file (fixture->window, bad);
  g_assert_true (maze_gui_test_wait_for (window_idle, fixture->window, 5000));
  dialog = maze_alert_find (GTK_WIDGET (fixture->window));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (maze_alert_get_heading (dialog), ==, "Could Not Open “bad.maze”");
  g_assert_cmpstr (maze_alert_get_body (dialog), !=, "");
  /* The document is untouched, edits and all. */
  g_assert_true (maze_window_get_document (fixture->window) == fixture->document);
  g_assert_true (maze_document_get_modified (fixture->document));
  g_assert_cmpuint (maze_document_get_puzzle (fixture->document)->start, ==, 8);
  g_assert_true (maze_grid_equal (original, maze_document_get_grid (fixture->document)));
  respond (dialog, "close");
  g_assert_null (maze_alert_find (GTK_WIDGET (fixture->window)));

  /* Through the file chooser, a file that is not there. */
  fixture->chooser_answer = g_object_ref (missing);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.open", NULL));
  g_assert_true (maze_gui_test_wait_for (window_idle, fixture->window, 5000));
  dialog = maze_alert_find (GTK_WIDGET (fixture->window));
  g_assert_nonnull (dialog);
  g_assert_true (maze_window_get_document (fixture->window) == fixture->document);
  respond (dialog, "close");
}

static void
test_open_replaces_modified (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(GFile) file = tmp_file (fixture, "other.maze");
  g_autoptr(MazeDocument) other = new_document (1234);
  GtkWidget *dialog;

  g_assert_true (maze_document_save (other, file, NULL));

  /* Modified: asked first; Cancel keeps the document. */
  g_assert_true (maze_document_set_start (fixture->document, 9, NULL));
  maze_window_open_file (fixture->window, file);
  g_assert_true (maze_gui_test_wait_for (window_idle, fixture->window, 5000));
  dialog = maze_alert_find (GTK_WIDGET (fixture->window));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (maze_alert_get_heading (dialog), ==, "Save Changes?");
  respond (dialog, "cancel");
  g_assert_true (maze_window_get_document (fixture->window) == fixture->document);

  /* Discard: the file's maze replaces it. */
  maze_window_open_file (fixture->window, file);
  g_assert_true (maze_gui_test_wait_for (window_idle, fixture->window, 5000));
  dialog = maze_alert_find (GTK_WIDGET (fixture->window));
  g_assert_nonnull (dialog);
  respond (dialog, "discard");
  g_assert_true (maze_gui_test_wait_for (document_replaced, fixture, 5000));
  g_assert_true (g_file_equal (maze_document_get_file (maze_window_get_document (fixture->window)), file));
  g_assert_true (maze_grid_equal (maze_document_get_grid (other),
                                  maze_document_get_grid (maze_window_get_document (fixture->window))));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (fixture->window)), ==, "other.maze");
  g_assert_false (action_enabled (fixture, "win.undo"));
}

/* Save in the "Save Changes?" dialog saves, then goes on. */
static void
test_open_save_first (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GFile) file = tmp_file (fixture, "other.maze");
  g_autoptr(GFile) saved = tmp_file (fixture, "mine.maze");
  g_autoptr(MazeDocument) other = new_document (4321);
  g_autoptr(MazeDocument) reloaded = NULL;
  GtkWidget *dialog;

  g_assert_true (maze_document_save (other, file, NULL));
  g_assert_true (maze_document_set_start (fixture->document, 11, NULL));
  fixture->chooser_answer = g_object_ref (saved);
  maze_window_open_file (fixture->window, file);
  g_assert_true (maze_gui_test_wait_for (window_idle, fixture->window, 5000));
  dialog = maze_alert_find (GTK_WIDGET (fixture->window));
  g_assert_nonnull (dialog);
  respond (dialog, "save");
  g_assert_true (maze_gui_test_wait_for (document_replaced, fixture, 5000));
  g_assert_cmpuint (fixture->chooser_calls, ==, 1);
  g_assert_true (g_file_equal (maze_document_get_file (maze_window_get_document (fixture->window)), file));
  reloaded = maze_document_load (saved, NULL);
  g_assert_nonnull (reloaded);
  g_assert_cmpuint (maze_document_get_puzzle (reloaded)->start, ==, 11);
}

static void
test_drop (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(GFile) file = tmp_file (fixture, "dropped.maze");
  g_autoptr(MazeDocument) other = new_document (55);
  g_autoptr(GListModel) controllers = NULL;
  g_autoptr(GSList) files = NULL;
  GtkDropTarget *target = NULL;
  GValue value = G_VALUE_INIT;
  gboolean handled = FALSE;

  g_assert_true (maze_document_save (other, file, NULL));
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (fixture->window->toast_overlay));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && target == NULL; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        target = GTK_DROP_TARGET (controller);
    }
  g_assert_nonnull (target);

  files = g_slist_prepend (NULL, file);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &handled);
  g_value_unset (&value);
  g_assert_true (handled);
  g_assert_true (maze_gui_test_wait_for (window_idle, fixture->window, 5000));
  /* Not modified: no question. */
  g_assert_true (g_file_equal (maze_document_get_file (maze_window_get_document (fixture->window)), file));
}

static void
test_close_modified (Fixture       *fixture,
                     gconstpointer  data)
{
  MazeWindow *window = fixture->window;
  GtkWidget *dialog;

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  g_assert_true (maze_document_set_start (fixture->document, 12, NULL));

  gtk_window_close (GTK_WINDOW (window));
  dialog = maze_alert_find (GTK_WIDGET (window));
  g_assert_nonnull (dialog);
  respond (dialog, "cancel");
  g_assert_nonnull (window);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));

  gtk_window_close (GTK_WINDOW (window));
  dialog = maze_alert_find (GTK_WIDGET (window));
  g_assert_nonnull (dialog);
  respond (dialog, "discard");
  g_assert_true (maze_gui_test_wait_for (pointer_cleared, &window, 5000));
}

/* Sends a pointer crossing or motion to every motion controller on the
 * canvas, as the pointer would; how many. */
static guint
emit_pointer (Fixture    *fixture,
              const char *signal,
              double      x,
              double      y)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (fixture->window->canvas));
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_EVENT_CONTROLLER_MOTION (controller))
        continue;
      if (g_str_equal (signal, "leave"))
        g_signal_emit_by_name (controller, signal);
      else
        g_signal_emit_by_name (controller, signal, x, y);
      n++;
    }
  return n;
}

typedef struct
{
  Fixture    *fixture;
  const char *signal;   /* "enter" or "leave" */
  gboolean    visible;  /* the label wanted */
} HoverWait;

/* Sends the crossing again until the label agrees: other tests' windows
 * on the same X server may send this one real crossings meanwhile. */
static gboolean
hover_label_settled (gpointer data)
{
  HoverWait *wait = data;
  GtkWidget *canvas = GTK_WIDGET (wait->fixture->window->canvas);
  GtkWidget *label = GTK_WIDGET (wait->fixture->window->hover_label);

  if (gtk_widget_get_visible (label) == wait->visible)
    return TRUE;
  emit_pointer (wait->fixture, wait->signal, gtk_widget_get_width (canvas) / 2.0,
                gtk_widget_get_height (canvas) / 2.0);
  return FALSE;
}

/* The cell under the pointer shows in the canvas's corner while the
 * pointer is over a cell, and goes when it leaves. */
static void
test_hover_label (Fixture       *fixture,
                  gconstpointer  data)
{
  GtkWidget *canvas = GTK_WIDGET (fixture->window->canvas);
  GtkWidget *label = GTK_WIDGET (fixture->window->hover_label);
  HoverWait leave = { fixture, "leave", FALSE }, enter = { fixture, "enter", TRUE };
  g_autofree char *expected = NULL;
  guint x, y;

  /* Laid out, and the maze fitted to the view: its middle is a cell.
   * The canvas's own motion controller is the only one: the window
   * follows the canvas's "hover-changed", no pointer of its own. */
  maze_gui_test_spin (300);
  g_assert_cmpuint (emit_pointer (fixture, "leave", 0, 0), ==, 1);
  g_assert_true (maze_gui_test_wait_for (hover_label_settled, &leave, 5000));

  g_assert_true (maze_gui_test_wait_for (hover_label_settled, &enter, 5000));
  g_assert_true (maze_canvas_get_hover_cell (fixture->window->canvas, &x, &y));
  expected = g_strdup_printf ("Cell %u, %u", x, y);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (label)), ==, expected);
  g_assert_cmpfloat (gtk_widget_get_width (canvas), >, 0);

  g_assert_true (maze_gui_test_wait_for (hover_label_settled, &leave, 5000));
  g_assert_false (gtk_widget_get_visible (label));
}

static gboolean
focus_is_canvas (gpointer data)
{
  MazeWindow *window = data;

  return gtk_root_get_focus (GTK_ROOT (window)) == GTK_WIDGET (window->canvas);
}

/* The maze has the keys in a new window, and gets them back when the
 * solver panel holding them is hidden. */
static void
test_focus (Fixture       *fixture,
            gconstpointer  data)
{
  MazeWindow *window = fixture->window;
  GtkWidget *panel = GTK_WIDGET (window->solver_panel);
  GtkWidget *focus;

  g_assert_true (maze_gui_test_wait_for (focus_is_canvas, window, 5000));

  maze_window_set_show_solvers (window, TRUE);
  g_assert_true (maze_gui_test_wait_for (maze_gui_test_widget_mapped, panel, 5000));
  g_assert_true (gtk_widget_child_focus (panel, GTK_DIR_TAB_FORWARD));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, panel));

  maze_window_set_show_solvers (window, FALSE);
  g_assert_true (maze_gui_test_wait_for (focus_is_canvas, window, 5000));
}

/* Ctrl+Z in the seed entry undoes what was typed there, not the seed
 * the panel itself put in (which left the field empty). */
static void
test_seed_entry_undo (Fixture       *fixture,
                      gconstpointer  data)
{
  GtkEditable *seed = GTK_EDITABLE (panel_child (fixture, "seed_row"));
  GtkWidget *text = GTK_WIDGET (gtk_editable_get_delegate (seed));
  int position = 1;

  g_assert_cmpstr (gtk_editable_get_text (seed), ==, "7");
  gtk_editable_insert_text (seed, "3", -1, &position);
  g_assert_cmpstr (gtk_editable_get_text (seed), ==, "73");
  g_assert_true (gtk_widget_activate_action (text, "text.undo", NULL));
  g_assert_cmpstr (gtk_editable_get_text (seed), ==, "7");
}

/* "Start and End" says "Placed by hand" once either was moved (it kept
 * saying "Corners"); a new maze goes back to the preset, and choosing
 * "Placed by hand" changes nothing. */
static void
test_endpoints_by_hand (Fixture       *fixture,
                        gconstpointer  data)
{
  AdwComboRow *endpoints = panel_child (fixture, "endpoints_row");
  const MazePuzzle *puzzle = maze_document_get_puzzle (fixture->document);
  guint32 start = puzzle->start;
  g_autoptr(GError) error = NULL;
  guint len;

  g_assert_cmpuint (adw_combo_row_get_selected (endpoints), ==, 0);
  g_assert_true (maze_document_set_start (fixture->document, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adw_combo_row_get_selected (endpoints), ==, 2);

  len = maze_document_get_puzzle (fixture->document)->history->len;
  adw_combo_row_set_selected (endpoints, 2);
  g_assert_cmpuint (maze_document_get_puzzle (fixture->document)->history->len, ==, len);
  g_assert_cmpuint (maze_document_get_puzzle (fixture->document)->start, ==, 1);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_cmpuint (maze_document_get_puzzle (fixture->document)->start, ==, start);
  g_assert_cmpuint (adw_combo_row_get_selected (endpoints), ==, 0);

  g_assert_true (maze_document_set_start (fixture->document, 1, &error));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window->settings_panel),
                                             "settings.preset", "s", "very-easy"));
  g_assert_cmpuint (adw_combo_row_get_selected (endpoints), ==, 0);
}

/* Text in the size fields that is no size goes back to the size shown:
 * it became the smallest or largest size and made a new maze. */
static void
test_size_text_refused (Fixture       *fixture,
                        gconstpointer  data)
{
  GtkSpinButton *width = panel_child (fixture, "width_spin");
  guint before = maze_document_get_grid (fixture->document)->width;
  guint len = maze_document_get_puzzle (fixture->document)->history->len;
  gboolean could_undo = maze_document_can_undo (fixture->document);

  g_assert_cmpuint (gtk_spin_button_get_value_as_int (width), ==, before);
  gtk_editable_set_text (GTK_EDITABLE (width), "");
  gtk_spin_button_update (width);
  g_assert_cmpuint (gtk_spin_button_get_value_as_int (width), ==, before);
  gtk_editable_set_text (GTK_EDITABLE (width), "99999");
  gtk_spin_button_update (width);
  g_assert_cmpuint (gtk_spin_button_get_value_as_int (width), ==, before);
  maze_gui_test_spin (800);
  g_assert_cmpuint (maze_document_get_grid (fixture->document)->width, ==, before);
  g_assert_cmpuint (maze_document_get_puzzle (fixture->document)->history->len, ==, len);
  g_assert_cmpint (maze_document_can_undo (fixture->document), ==, could_undo);
}

static gboolean
height_is_16 (gpointer data)
{
  return maze_document_get_grid (data)->height == 16;
}

/* Ctrl+Z right after stepping a size (before it settled) undoes that
 * step: the undo went to the change before, and the step was then made
 * from the stale other size, losing a step of history. */
static void
test_undo_settling_size (Fixture       *fixture,
                         gconstpointer  data)
{
  GtkSpinButton *width = panel_child (fixture, "width_spin");
  GtkSpinButton *height = panel_child (fixture, "height_spin");
  const MazeGrid *grid = maze_document_get_grid (fixture->document);
  guint w = grid->width;

  gtk_spin_button_set_value (height, 16);
  g_assert_true (maze_gui_test_wait_for (height_is_16, fixture->document, 5000));
  gtk_spin_button_set_value (width, w + 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  maze_gui_test_spin (800);
  grid = maze_document_get_grid (fixture->document);
  g_assert_cmpuint (grid->width, ==, w);
  g_assert_cmpuint (grid->height, ==, 16);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (width), ==, w);
  g_assert_true (maze_document_can_redo (fixture->document));
}

/* A visible label under widget that names target. */
static gboolean
has_mnemonic_label (GtkWidget  *widget,
                    GtkWidget  *target,
                    const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_label_get_mnemonic_widget (GTK_LABEL (widget)) == target &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return gtk_widget_get_visible (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_mnemonic_label (child, target, text))
      return TRUE;
  return FALSE;
}

/* The toggle of the tool strip whose action target is 'weight'. */
static GtkWidget *
find_tool_button (GtkWidget  *widget,
                  const char *tool)
{
  if (GTK_IS_TOGGLE_BUTTON (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.tool") == 0)
    {
      GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget));

      if (target != NULL && g_strcmp0 (g_variant_get_string (target, NULL), tool) == 0)
        return widget;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_tool_button (child, tool);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
weight_button (Fixture *fixture)
{
  GtkWidget *button = find_tool_button (GTK_WIDGET (fixture->window), "weight");

  g_assert_nonnull (button);
  return button;
}

static void
test_tools (Fixture       *fixture,
            gconstpointer  data)
{
  GtkWidget *widget = GTK_WIDGET (fixture->window);

  g_assert_cmpstr (gtk_label_get_label (fixture->window->tool_label), ==, "Place the start");

  g_assert_cmpint (maze_canvas_get_tool (fixture->window->canvas), ==, MAZE_TOOL_START);
  g_assert_true (gtk_widget_activate_action (widget, "win.tool", "s", "mask"));
  g_assert_cmpint (maze_canvas_get_tool (fixture->window->canvas), ==, MAZE_TOOL_MASK);
  g_assert_false (gtk_widget_get_visible (fixture->window->weight_box));
  g_assert_true (gtk_widget_activate_action (widget, "win.tool", "s", "weight"));
  g_assert_cmpint (maze_canvas_get_tool (fixture->window->canvas), ==, MAZE_TOOL_WEIGHT);
  g_assert_true (gtk_widget_get_visible (fixture->window->weight_box));
  /* The strip names the tool chosen, and the cost spin button has a
   * label of its own. */
  g_assert_cmpstr (gtk_label_get_label (fixture->window->tool_label), ==, "Paint mud");
  g_assert_true (has_mnemonic_label (fixture->window->weight_box,
                                     GTK_WIDGET (fixture->window->weight_spin), "Cost"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (weight_button (fixture)), "erases mud"));
  g_assert_true (gtk_widget_activate_action (widget, "win.tool", "s", "regenerate"));
  g_assert_cmpint (maze_canvas_get_tool (fixture->window->canvas), ==, MAZE_TOOL_REGENERATE);
  g_assert_cmpstr (gtk_label_get_label (fixture->window->tool_label), ==, "Regenerate a part");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (fixture->window->tool_label)));

  /* Zoom goes through the canvas's viewport. */
  {
    MazeViewport *viewport = maze_canvas_get_viewport (fixture->window->canvas);
    double zoom = maze_viewport_get_zoom (viewport);

    g_assert_true (gtk_widget_activate_action (widget, "win.zoom-in", NULL));
    g_assert_cmpfloat (maze_viewport_get_zoom (viewport), >, zoom);
    g_assert_true (gtk_widget_activate_action (widget, "win.zoom-fit", NULL));
    g_assert_true (maze_viewport_get_fitted (viewport));
  }
}

/* A label with this text somewhere under widget: how a shown toast is
 * found, since AdwToastOverlay (1.2) has no API to list its toasts. */
static gboolean
has_label_with_text (GtkWidget  *widget,
                     const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_label_with_text (child, text))
      return TRUE;
  return FALSE;
}

/* A maze over the window's limit is refused, before the file is read,
 * in a dialog that says the limit and what the CLI can do; the
 * document stays. (Past its size the file is no JSON at all: only the
 * glance at its top can have refused it.) */
static void
test_open_too_big (Fixture       *fixture,
                   gconstpointer  data)
{
  static const char huge[] =
    "{\"format\": \"mazewright\", \"version\": 1, \"generator_version\": 1,\n"
    " \"shape\": \"rect\", \"width\": 65535, \"height\": 32768, \"passages\": ";
  g_autoptr(GFile) file = tmp_file (fixture, "huge.maze");
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) original = maze_grid_copy (maze_document_get_grid (fixture->document));
  const char *body;
  GtkWidget *dialog;

  g_assert_true (g_file_replace_contents (file, huge, strlen (huge), NULL, FALSE, 0, NULL, NULL, &error));
  g_assert_no_error (error);
  maze_window_open_file (fixture->window, file);
  g_assert_true (maze_gui_test_wait_for (window_idle, fixture->window, 5000));
  dialog = maze_alert_find (GTK_WIDGET (fixture->window));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (maze_alert_get_heading (dialog), ==, "Could Not Open “huge.maze”");
  body = maze_alert_get_body (dialog);
  g_assert_true (g_str_has_prefix (body, "This maze has "));
  g_assert_nonnull (strstr (body, " cells; the window opens mazes of up to "));
  g_assert_true (g_str_has_suffix (body, "mazewright-cli export huge.maze -o maze.svg"));
  g_assert_true (maze_window_get_document (fixture->window) == fixture->document);
  g_assert_true (maze_grid_equal (original, maze_document_get_grid (fixture->document)));
  respond (dialog, "close");
}

static gboolean
loads_finished (gpointer data)
{
  return MAZE_WINDOW (data)->n_loads == 0;
}

/* Cancel stops a file being read: no question, no dialog, the document
 * as it was, a toast that says so, and the thread finishes. Opened
 * again without Cancel, the file is read and the question comes. */
static void
test_cancel_load (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GFile) file = tmp_file (fixture, "big.maze");
  g_autoptr(MazeDocument) big = maze_gui_test_new_document (MAZE_SHAPE_RECT, 1000, 1000,
                                                            MAZE_ALGORITHM_BACKTRACKER, 3, 0);
  g_autoptr(MazeGrid) original = NULL;
  GtkWidget *overlay = GTK_WIDGET (fixture->window->toast_overlay);
  GtkWidget *dialog;

  g_assert_true (maze_document_save (big, file, NULL));
  g_assert_true (maze_document_set_start (fixture->document, 7, NULL));
  original = maze_grid_copy (maze_document_get_grid (fixture->document));

  maze_window_open_file (fixture->window, file);
  g_assert_true (maze_window_get_busy (fixture->window));
  g_assert_true (action_enabled (fixture, "win.cancel"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.cancel", NULL));
  g_assert_false (maze_window_get_busy (fixture->window));
  g_assert_false (action_enabled (fixture, "win.cancel"));
  g_assert_true (has_label_with_text (overlay, "Cancelled: the file was not opened"));
  g_assert_true (maze_gui_test_wait_for (loads_finished, fixture->window, 20000));
  g_assert_null (maze_alert_find (GTK_WIDGET (fixture->window)));
  g_assert_true (maze_window_get_document (fixture->window) == fixture->document);
  g_assert_true (maze_document_get_modified (fixture->document));
  g_assert_cmpuint (maze_document_get_puzzle (fixture->document)->start, ==, 7);
  g_assert_true (maze_grid_equal (original, maze_document_get_grid (fixture->document)));
  g_assert_false (gtk_widget_get_visible (fixture->window->progress_box));

  /* Not cancelled: read, then asked. */
  maze_window_open_file (fixture->window, file);
  g_assert_true (maze_gui_test_wait_for (window_idle, fixture->window, 20000));
  g_assert_true (maze_gui_test_wait_for (loads_finished, fixture->window, 20000));
  dialog = maze_alert_find (GTK_WIDGET (fixture->window));
  g_assert_nonnull (dialog);
  g_assert_cmpstr (maze_alert_get_heading (dialog), ==, "Save Changes?");
  respond (dialog, "discard");
  g_assert_true (maze_gui_test_wait_for (document_replaced, fixture, 5000));
  g_assert_true (maze_grid_equal (maze_document_get_grid (big),
                                  maze_document_get_grid (maze_window_get_document (fixture->window))));
}

/* What the canvas refuses (a start on a masked cell, a stroke that would
 * cut the maze) reaches the user as a toast. The refusals themselves are
 * tested in test-canvas; this checks the window shows them. */
static void
test_canvas_refusal_toast (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(GError) error = g_error_new_literal (MAZE_ERROR, MAZE_ERROR_DISCONNECTED,
                                                  "Painting these cells would cut the maze in two");
  GtkWidget *overlay = GTK_WIDGET (fixture->window->toast_overlay);


  g_assert_false (has_label_with_text (overlay, error->message));
  g_signal_emit_by_name (fixture->window->canvas, "edit-failed", error);
  g_assert_true (has_label_with_text (overlay, error->message));
}

/* A file opened while a maze is being made wins: the generation stops,
 * the settings panel shows the maze that is there until the file's
 * replaces it, and the maze being made never lands. */
static void
test_open_during_generation (Fixture       *fixture,
                             gconstpointer  data)
{
  AdwComboRow *algorithm_row = panel_child (fixture, "algorithm_row");
  g_autoptr(GFile) file = tmp_file (fixture, "other.maze");
  g_autoptr(MazeDocument) other = new_document (77);
  guint before = adw_combo_row_get_selected (algorithm_row);
  MazeDocument *opened;

  g_assert_true (maze_document_save (other, file, NULL));
  maze_window_set_sync_cells (fixture->window, 1);
  adw_combo_row_set_selected (algorithm_row, before == 1 ? 2 : 1);
  g_assert_true (maze_window_get_busy (fixture->window));
  maze_window_open_file (fixture->window, file);
  g_assert_true (maze_window_get_busy (fixture->window));
  g_assert_cmpuint (adw_combo_row_get_selected (algorithm_row), ==, before);
  g_assert_true (maze_gui_test_wait_for (window_idle, fixture->window, 20000));
  g_assert_true (maze_gui_test_wait_for (loads_finished, fixture->window, 20000));
  /* Not modified: no question. */
  g_assert_null (maze_alert_find (GTK_WIDGET (fixture->window)));
  opened = maze_window_get_document (fixture->window);
  g_assert_true (g_file_equal (maze_document_get_file (opened), file));
  g_assert_true (maze_grid_equal (maze_document_get_grid (other), maze_document_get_grid (opened)));
  g_assert_false (maze_document_can_undo (opened));
}

/* The controller of type on widget (the first). */
static GtkEventController *
controller_of (GtkWidget *widget,
               GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (controller, type))
        return controller;
    }
  g_assert_not_reached ();
}

/* Cancel leaves every control showing the maze that is there (the
 * Algorithm row kept the algorithm being made) and says so in a toast. */
static void
test_cancel_shows_document (Fixture       *fixture,
                            gconstpointer  data)
{
  AdwComboRow *algorithm_row = panel_child (fixture, "algorithm_row");
  GtkWidget *overlay = GTK_WIDGET (fixture->window->toast_overlay);
  guint before = adw_combo_row_get_selected (algorithm_row);
  MazeAlgorithm algorithm = maze_document_get_puzzle (fixture->document)->algorithm;

  /* Every maze on a thread, so that there is one to cancel. */
  maze_window_set_sync_cells (fixture->window, 1);
  adw_combo_row_set_selected (algorithm_row, before == 1 ? 2 : 1);
  g_assert_true (maze_window_get_busy (fixture->window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.cancel", NULL));
  g_assert_false (maze_window_get_busy (fixture->window));
  g_assert_cmpint (maze_document_get_puzzle (fixture->document)->algorithm, ==, algorithm);
  g_assert_cmpuint (adw_combo_row_get_selected (algorithm_row), ==, before);
  g_assert_true (has_label_with_text (overlay, "Cancelled: the maze is as it was"));
}

static gboolean
bands_done (gpointer data)
{
  return MAZE_WINDOW (data)->n_bands == 0;
}

static guint32
document_score (MazeDocument *document)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (document);
  MazeMetrics metrics;

  g_assert_true (maze_metrics_compute (puzzle->grid, puzzle->start, puzzle->end, &metrics, NULL));
  return metrics.difficulty;
}

/* Asks the settings panel's Score Band for min..max, as a click on
 * Generate in Band does. */
static void
ask_band (Fixture *fixture,
          guint    min_score,
          guint    max_score)
{
  gtk_spin_button_set_value (panel_child (fixture, "band_min_spin"), min_score);
  gtk_spin_button_set_value (panel_child (fixture, "band_max_spin"), max_score);
  /* As a click (gtk_widget_activate() clicks after an animation). */
  g_signal_emit_by_name (panel_child (fixture, "band_button"), "clicked");
}

/* The Score Band makes a maze of the settings shown to order: seeds from
 * the panel's on, until the score is in the band; the .maze keeps the
 * seed used and the band. */
static void
test_score_band (Fixture       *fixture,
                 gconstpointer  data)
{
  GtkLabel *message = panel_child (fixture, "band_message");
  const MazePuzzle *before = maze_document_get_puzzle (fixture->document);
  guint64 first_seed = before->seed;
  guint32 score = document_score (fixture->document);
  /* A band the maze there is falls outside, so that a seed after the
   * panel's must be found. */
  guint min_score = score > 40 ? 0 : 41;
  guint max_score = score > 40 ? 40 : 100;
  g_autoptr(MazePuzzle) reread = NULL;
  g_autofree char *json = NULL;
  const MazePuzzle *puzzle;

  ask_band (fixture, min_score, max_score);
  g_assert_true (maze_window_get_busy (fixture->window));
  g_assert_true (maze_gui_test_wait_for (window_idle, fixture->window, 20000));
  puzzle = maze_document_get_puzzle (fixture->document);
  g_assert_cmpuint (document_score (fixture->document), >=, min_score);
  g_assert_cmpuint (document_score (fixture->document), <=, max_score);
  g_assert_cmpuint (puzzle->seed, >, first_seed);
  g_assert_cmpuint (puzzle->seed, <, first_seed + MAZE_ORDER_MAX_TRIES);
  g_assert_cmpint (puzzle->algorithm, ==, MAZE_ALGORITHM_BACKTRACKER);
  g_assert_cmpuint (puzzle->grid->width, ==, 20);
  g_assert_cmpuint (puzzle->grid->height, ==, 15);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (message)));

  json = maze_puzzle_to_json (puzzle, NULL);
  reread = maze_puzzle_from_json (json, -1, NULL);
  g_assert_nonnull (reread);
  g_assert_cmpuint (reread->seed, ==, puzzle->seed);
  g_assert_true (reread->has_band);
  g_assert_cmpuint (reread->band_min, ==, min_score);
  g_assert_cmpuint (reread->band_max, ==, max_score);
  g_assert_true (maze_grid_equal (reread->grid, puzzle->grid));

  /* One undo step. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_cmpuint (maze_document_get_puzzle (fixture->document)->seed, ==, first_seed);
}

/* A band out of reach says why and what to change, as the CLI does,
 * under the band; an upside-down one is refused at once; the maze
 * stays as it was. */
static void
test_score_band_refused (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(MazeGrid) original = maze_grid_copy (maze_document_get_grid (fixture->document));
  GtkLabel *message = panel_child (fixture, "band_message");

  /* A 20 × 15 backtracker maze is never that hard. */
  ask_band (fixture, 98, 100);
  g_assert_true (maze_gui_test_wait_for (window_idle, fixture->window, 20000));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (message)));
  g_assert_nonnull (strstr (gtk_label_get_label (message), "tries scored 98 to 100"));
  g_assert_nonnull (strstr (gtk_label_get_label (message), "Make it bigger"));
  g_assert_true (maze_grid_equal (original, maze_document_get_grid (fixture->document)));
  g_assert_false (maze_document_can_undo (fixture->document));

  ask_band (fixture, 60, 50);
  g_assert_false (maze_window_get_busy (fixture->window));
  g_assert_nonnull (strstr (gtk_label_get_label (message), "lowest score is above the highest"));
  g_assert_true (maze_grid_equal (original, maze_document_get_grid (fixture->document)));
}

/* Cancel (Escape's action) stops the search at once; once its thread is
 * done the maze is as it was. */
static void
test_score_band_cancel (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(MazeGrid) original = maze_grid_copy (maze_document_get_grid (fixture->document));

  /* Cancelled before the main loop runs again: whether or not the
   * thread is through, its maze is dropped. */
  ask_band (fixture, 99, 100);
  g_assert_true (maze_window_get_busy (fixture->window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.cancel", NULL));
  g_assert_false (maze_window_get_busy (fixture->window));
  g_assert_true (maze_gui_test_wait_for (bands_done, fixture->window, 20000));
  g_assert_true (maze_grid_equal (original, maze_document_get_grid (fixture->document)));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel_child (fixture, "band_message"))));
  g_assert_false (maze_window_get_busy (fixture->window));
}

static gboolean
edits_done (gpointer data)
{
  return MAZE_WINDOW (data)->n_edits == 0;
}

/* A region regenerated on a thread: a big one in a maze of Aldous-Broder;
 * Cancel (Escape's action) ends it at once, the progress overlay goes,
 * the worker ends (its callback comes), and the maze is as it was, with
 * nothing to undo. */
static void
test_cancel_region (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = NULL;
  g_autoptr(MazeDocument) document = NULL;
  g_autoptr(MazeGrid) original = NULL;
  AdwComboRow *algorithm_row = panel_child (fixture, "algorithm_row");
  MazeGenerateOptions options;
  MazeRect rect = { 0, 0, 2000, 2000 };
  gboolean handled = FALSE;
  guint shown_algorithm;

  maze_generate_options_init (&options);
  options.seed = 4;
  puzzle = maze_puzzle_generate (MAZE_SHAPE_RECT, 2000, 2000, &options, 0,
                                 MAZE_ENDPOINTS_CORNERS, NULL);
  puzzle->algorithm = MAZE_ALGORITHM_ALDOUS_BRODER;
  original = maze_grid_copy (puzzle->grid);
  document = maze_document_new_for_puzzle (g_steal_pointer (&puzzle));
  maze_window_set_document (fixture->window, document);
  shown_algorithm = adw_combo_row_get_selected (algorithm_row);

  /* What the rubber band asks for. */
  g_signal_emit_by_name (fixture->window->canvas, "regenerate-region", &rect, &handled);
  g_assert_true (handled);
  g_assert_true (maze_window_get_busy (fixture->window));
  g_assert_cmpuint (fixture->window->n_edits, ==, 1);
  /* Cancelled at once: waiting for the progress overlay would race a
   * fast machine's walk. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.cancel", NULL));
  g_assert_false (maze_window_get_busy (fixture->window));
  g_assert_false (gtk_widget_get_visible (fixture->window->progress_box));
  /* The toast comes with the cancel, and goes after its 4 seconds:
   * looked for now, not after the wait below, which can take longer. */
  g_assert_true (has_label_with_text (GTK_WIDGET (fixture->window->toast_overlay),
                                      "Cancelled: the maze is as it was"));
  /* The worker ends (its callback comes). That the walks stop early is
   * tested in the core (every generator's stop); the bound here only
   * keeps a hang from blocking the suite, and a loaded machine with
   * sanitisers may take seconds to finish even a stopped walk's setup. */
  g_assert_true (maze_gui_test_wait_for (edits_done, fixture->window, 120000));
  g_assert_true (maze_grid_equal (original, maze_document_get_grid (document)));
  g_assert_false (maze_document_can_undo (document));
  g_assert_cmpuint (adw_combo_row_get_selected (algorithm_row), ==, shown_algorithm);
}

static gboolean
braid_is (gpointer data)
{
  gpointer *args = data;

  return maze_document_get_puzzle (args[0])->braid == maze_braid_from_fraction (*(double *) args[1]) &&
         !maze_window_get_busy (args[2]);
}

/* Either braid slider braids the maze there is: the real scale, dragged
 * through values (each braided before the next, as a slow hand does),
 * makes one undo step; start, end and a region regenerated by hand stay;
 * lowering it takes back what it opened. On a thread (a big maze) it is
 * the same. */
static void
drag_braid (Fixture      *fixture,
            MazeDocument *document,
            GtkRange     *scale,
            const double *values,
            guint         n_values)
{
  GtkEventController *drag = NULL;
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (scale));

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && drag == NULL; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (g_strcmp0 (gtk_event_controller_get_name (controller), "maze-slider-drag") == 0)
        drag = controller;
    }
  g_assert_nonnull (drag);
  g_signal_emit_by_name (drag, "drag-begin", 5.0, 5.0);
  for (guint i = 0; i < n_values; i++)
    {
      gpointer args[3] = { document, (gpointer) &values[i], fixture->window };

      gtk_range_set_value (scale, values[i]);
      g_assert_true (maze_gui_test_wait_for (braid_is, args, 20000));
    }
  g_signal_emit_by_name (drag, "drag-end", 50.0, 0.0);
}

static void
check_braid_slider (Fixture  *fixture,
                    GtkRange *scale,
                    guint     side)
{
  g_autoptr(MazeDocument) document = NULL;
  g_autoptr(MazeGrid) edited = NULL;
  g_autoptr(GError) error = NULL;
  MazeRect rect = { 2, 2, 5, 4 };
  const double values[] = { 0.3, 0.8, 0.5 };
  double zero = 0;
  guint32 start;
  guint history;
  const MazeGrid *grid;

  document = maze_gui_test_new_document (MAZE_SHAPE_RECT, side, side, MAZE_ALGORITHM_BACKTRACKER, 3, 0);
  maze_window_set_document (fixture->window, document);
  g_assert_true (maze_document_regenerate_region (document, &rect, &error));
  g_assert_true (maze_document_set_start (document, side + 1, &error));
  start = maze_document_get_puzzle (document)->start;
  history = maze_document_get_puzzle (document)->history->len;
  edited = maze_grid_copy (maze_document_get_grid (document));

  drag_braid (fixture, document, scale, values, G_N_ELEMENTS (values));
  grid = maze_document_get_grid (document);
  g_assert_cmpuint (maze_document_get_puzzle (document)->start, ==, start);
  g_assert_cmpuint (maze_document_get_puzzle (document)->history->len, ==, history);
  for (guint32 i = 0; i < grid->n_cells; i++)
    g_assert_cmpuint (edited->cells[i] & ~grid->cells[i], ==, 0);
  g_assert_false (maze_grid_equal (edited, grid));

  /* Down to none: the maze it was, as a second step. */
  drag_braid (fixture, document, scale, &zero, 1);
  g_assert_true (maze_grid_equal (edited, maze_document_get_grid (document)));
  g_assert_true (maze_document_undo (document));
  g_assert_cmpuint (maze_document_get_puzzle (document)->braid, ==, maze_braid_from_fraction (0.5));
  g_assert_true (maze_document_undo (document));
  g_assert_true (maze_grid_equal (edited, maze_document_get_grid (document)));
  g_assert_cmpuint (maze_document_get_puzzle (document)->start, ==, start);
}

static void
test_braid_slider (Fixture       *fixture,
                   gconstpointer  data)
{
  GtkRange *settings_scale = panel_child (fixture, "braid_scale");
  GtkRange *solver_scale = maze_gui_test_template_child (GTK_WIDGET (fixture->window->solver_panel),
                                                         MAZE_TYPE_SOLVER_PANEL, "braid_scale");

  check_braid_slider (fixture, settings_scale, 20);
  /* On a thread. */
  maze_window_set_sync_cells (fixture->window, 100);
  check_braid_slider (fixture, solver_scale, 40);
}

/* A maze that came braided, whose unbraided maze the document does not
 * know (as a file's), is braided below its braid by either slider too:
 * one drag down through 0.3 to none makes it perfect, within its
 * passages, and one undo step gives it back. */
static void
check_braid_slider_below (Fixture  *fixture,
                          GtkRange *scale,
                          guint     side)
{
  g_autoptr(MazeDocument) document = NULL;
  g_autoptr(MazeGrid) original = NULL;
  g_autoptr(GError) error = NULL;
  const double values[] = { 0.3, 0 };
  const MazeGrid *grid;

  document = maze_gui_test_new_document (MAZE_SHAPE_RECT, side, side, MAZE_ALGORITHM_BACKTRACKER, 5,
                                         maze_braid_from_fraction (0.5));
  maze_window_set_document (fixture->window, document);
  original = maze_grid_copy (maze_document_get_grid (document));

  drag_braid (fixture, document, scale, values, G_N_ELEMENTS (values));
  grid = maze_document_get_grid (document);
  g_assert_true (maze_grid_check_perfect (grid, &error));
  g_assert_no_error (error);
  g_assert_true (maze_braid_is_base_of (grid, original));
  g_assert_true (maze_document_undo (document));
  g_assert_false (maze_document_can_undo (document));
  g_assert_true (maze_grid_equal (original, maze_document_get_grid (document)));
  g_assert_cmpuint (maze_document_get_puzzle (document)->braid, ==, maze_braid_from_fraction (0.5));
}

static void
test_braid_slider_below (Fixture       *fixture,
                         gconstpointer  data)
{
  GtkRange *settings_scale = panel_child (fixture, "braid_scale");
  GtkRange *solver_scale = maze_gui_test_template_child (GTK_WIDGET (fixture->window->solver_panel),
                                                         MAZE_TYPE_SOLVER_PANEL, "braid_scale");

  check_braid_slider_below (fixture, settings_scale, 20);
  /* On a thread. */
  maze_window_set_sync_cells (fixture->window, 100);
  check_braid_slider_below (fixture, solver_scale, 40);
}

/* A click where the progress overlay was, just after it went (the maze
 * was done as the user aimed at Cancel), goes nowhere: it reached the
 * canvas and moved the start. Once the pointer leaves that spot, or
 * after one such click, clicks go through again. */
static void
test_click_on_gone_overlay (Fixture       *fixture,
                            gconstpointer  data)
{
  GtkWidget *overlay = fixture->window->canvas_overlay;
  GtkWidget *box = fixture->window->progress_box;
  GtkEventController *click = controller_of (overlay, GTK_TYPE_GESTURE_CLICK);
  GtkEventController *motion = controller_of (overlay, GTK_TYPE_EVENT_CONTROLLER_MOTION);
  MazeSettings settings;
  graphene_rect_t area;
  double cx, cy;

  maze_window_set_sync_cells (fixture->window, 100);
  maze_settings_panel_get_settings (fixture->window->settings_panel, &settings);
  settings.algorithm = MAZE_ALGORITHM_ALDOUS_BRODER;
  settings.width = settings.height = 1000;
  hold_workers (TRUE);
  maze_window_generate (fixture->window, &settings);
  g_assert_true (maze_gui_test_wait_for (progress_laid_out, fixture->window, 60000));
  g_assert_true (gtk_widget_compute_bounds (box, overlay, &area));
  cx = area.origin.x + area.size.width / 2;
  cy = area.origin.y + area.size.height / 2;
  g_assert_false (maze_click_guard_covers (overlay, cx, cy));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.cancel", NULL));
  g_assert_false (gtk_widget_get_visible (box));
  g_assert_true (maze_click_guard_covers (overlay, cx, cy));
  g_assert_false (maze_click_guard_covers (overlay, area.origin.x - 5, cy));
  /* Moving within it keeps the guard; one press uses it up. */
  g_signal_emit_by_name (motion, "motion", cx + 1, cy);
  g_assert_true (maze_click_guard_covers (overlay, cx, cy));
  g_signal_emit_by_name (click, "pressed", 1, cx, cy);
  g_assert_false (maze_click_guard_covers (overlay, cx, cy));

  /* Shown and gone again; leaving the spot ends the guard. */
  maze_window_generate (fixture->window, &settings);
  g_assert_true (maze_gui_test_wait_for (progress_laid_out, fixture->window, 60000));
  maze_window_cancel_work (fixture->window);
  g_assert_true (maze_click_guard_covers (overlay, cx, cy));
  g_signal_emit_by_name (motion, "motion", area.origin.x - 5, cy);
  g_assert_false (maze_click_guard_covers (overlay, cx, cy));
  /* The hook goes once no worker can still ask it. */
  g_assert_true (maze_gui_test_wait_for (window_threads_done, fixture->window, 60000));
  hold_workers (FALSE);
}

/* A toast shows its text as it is, not read as markup: one naming "Tom &
 * Jerry.maze" was blank. */
static void
test_toast_plain_text (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GError) error = g_error_new_literal (MAZE_ERROR, MAZE_ERROR_DISCONNECTED,
                                                  "Cannot open “Tom & Jerry <1>.maze”");
  GtkWidget *overlay = GTK_WIDGET (fixture->window->toast_overlay);

  g_signal_emit_by_name (fixture->window->canvas, "edit-failed", error);
  g_assert_true (has_label_with_text (overlay, error->message));
}

/* The about and shortcuts windows, or, with the libadwaita that has
 * them, dialogs (the application picks the same way). */
#if ADW_CHECK_VERSION (1, 5, 0)
#define ABOUT_TYPE ADW_TYPE_ABOUT_DIALOG
#else
#define ABOUT_TYPE ADW_TYPE_ABOUT_WINDOW
#endif
#if ADW_CHECK_VERSION (1, 8, 0)
#define SHORTCUTS_TYPE ADW_TYPE_SHORTCUTS_DIALOG
#else
#define SHORTCUTS_TYPE GTK_TYPE_SHORTCUTS_WINDOW
#endif

/* The window, or dialog shown in a window, of type; NULL if none. */
static GtkWidget *
find_shown (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type))
        return GTK_WIDGET (window);
#if ADW_CHECK_VERSION (1, 5, 0)
      if (ADW_IS_APPLICATION_WINDOW (window))
        {
          AdwDialog *dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));

          if (dialog != NULL && G_TYPE_CHECK_INSTANCE_TYPE (dialog, type))
            return GTK_WIDGET (dialog);
        }
#endif
    }
  return NULL;
}

static void
close_shown (GtkWidget *shown)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  if (ADW_IS_DIALOG (shown))
    {
      adw_dialog_force_close (ADW_DIALOG (shown));
      return;
    }
#endif
  gtk_window_destroy (GTK_WINDOW (shown));
}

/* The application's windows: about and keyboard shortcuts build. */
static void
test_app_windows (Fixture       *fixture,
                  gconstpointer  data)
{
  GtkWidget *shown;

  g_assert_null (find_shown (ABOUT_TYPE));
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  maze_gui_test_spin (50);
  shown = find_shown (ABOUT_TYPE);
  g_assert_nonnull (shown);
  close_shown (shown);

  g_assert_null (find_shown (SHORTCUTS_TYPE));
  g_action_group_activate_action (G_ACTION_GROUP (app), "shortcuts", NULL);
  maze_gui_test_spin (50);
  shown = find_shown (SHORTCUTS_TYPE);
  g_assert_nonnull (shown);
  /* It fits a 1280-pixel screen (it was 1419 pixels wide, and cut a
   * line short). */
  g_assert_true (maze_gui_test_wait_for (maze_gui_test_widget_mapped, shown, 10000));
  {
    int min_width, natural_width;

    gtk_widget_measure (shown, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, &natural_width, NULL, NULL);
    g_test_message ("shortcuts: %d px wide at least, %d natural, %d shown",
                    min_width, natural_width, gtk_widget_get_width (shown));
    g_assert_cmpint (min_width, <=, 1280);
    g_assert_cmpint (gtk_widget_get_width (shown), <=, 1280);
  }
  close_shown (shown);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = maze_gui_test_init (&argc, &argv);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/window/title", test_title);
  ADD ("/window/undo-redo", test_undo_redo);
  ADD ("/window/settings-regenerate", test_settings_regenerate);
  ADD ("/window/metrics", test_metrics);
  ADD ("/window/threaded-generation", test_threaded_generation);
  ADD ("/window/save", test_save);
  ADD ("/window/open-bad-file", test_open_bad_file);
  ADD ("/window/open-replaces-modified", test_open_replaces_modified);
  ADD ("/window/open-save-first", test_open_save_first);
  ADD ("/window/open-too-big", test_open_too_big);
  ADD ("/window/cancel-load", test_cancel_load);
  ADD ("/window/score-band", test_score_band);
  ADD ("/window/score-band-refused", test_score_band_refused);
  ADD ("/window/score-band-cancel", test_score_band_cancel);
  ADD ("/window/open-during-generation", test_open_during_generation);
  ADD ("/window/drop", test_drop);
  ADD ("/window/close-modified", test_close_modified);
  ADD ("/window/tools", test_tools);
  ADD ("/window/focus", test_focus);
  ADD ("/window/seed-entry-undo", test_seed_entry_undo);
  ADD ("/window/endpoints-by-hand", test_endpoints_by_hand);
  ADD ("/window/size-text-refused", test_size_text_refused);
  ADD ("/window/undo-settling-size", test_undo_settling_size);
  ADD ("/window/hover-label", test_hover_label);
  ADD ("/window/canvas-refusal-toast", test_canvas_refusal_toast);
  ADD ("/window/toast-plain-text", test_toast_plain_text);
  ADD ("/window/cancel-shows-document", test_cancel_shows_document);
  ADD ("/window/cancel-region", test_cancel_region);
  ADD ("/window/braid-slider", test_braid_slider);
  ADD ("/window/braid-slider-below", test_braid_slider_below);
  ADD ("/window/click-on-gone-overlay", test_click_on_gone_overlay);
  ADD ("/window/app-windows", test_app_windows);
#undef ADD

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
