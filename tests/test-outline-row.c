/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-compat.h"
#include "maze-gui-test-util.h"
#include "maze-outline-row.h"
#include "maze-test-util.h"
#include "maze-window-private.h"

/* The sidebar's Outline row in the real window, under Xvfb: a preset, a
 * text (through its dialog) and a picture each make a maze inside the
 * outline as one undo step; None takes it away; a refused outline leaves
 * the maze as it was and the row on the document's outline. With
 * MAZE_SCREENSHOT_DIR set, /outline-row/screenshot writes the window
 * with a name for an outline. */

static MazeApplication *app;

typedef struct
{
  MazeWindow   *window;
  MazeDocument *document;
  AdwComboRow  *row;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->document = maze_gui_test_new_document (MAZE_SHAPE_RECT, 40, 24,
                                                  MAZE_ALGORITHM_BACKTRACKER, 7, 0);
  fixture->window = maze_window_new (app, fixture->document);
  maze_gui_test_present (fixture->window);
  fixture->row = maze_gui_test_template_child (GTK_WIDGET (fixture->window->settings_panel),
                                               MAZE_TYPE_SETTINGS_PANEL, "outline_row");
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  maze_gui_test_close_windows ();
  g_clear_object (&fixture->document);
}

static void
assert_one_maze_inside (MazeDocument *document)
{
  const MazeGrid *grid = maze_document_get_grid (document);

  g_assert_true (maze_grid_has_mask (grid, NULL));
  g_assert_true (maze_grid_check_perfect (grid, NULL));
}

/* Choosing Heart in the row: a heart-shaped maze, one undo step away
 * from the maze before; None: the whole grid again. */
static void
test_preset (Fixture       *fixture,
             gconstpointer  data)
{
  const MazePuzzle *puzzle;

  adw_combo_row_set_selected (fixture->row, 1 + MAZE_OUTLINE_HEART);
  puzzle = maze_document_get_puzzle (fixture->document);
  g_assert_nonnull (puzzle->outline);
  g_assert_cmpstr (puzzle->outline->name, ==, "heart");
  g_assert_cmpuint (puzzle->grid->width, ==, 40);
  assert_one_maze_inside (fixture->document);

  g_assert_true (maze_document_undo (fixture->document));
  puzzle = maze_document_get_puzzle (fixture->document);
  g_assert_null (puzzle->outline);
  g_assert_false (maze_grid_has_mask (puzzle->grid, NULL));
  g_assert_cmpuint (adw_combo_row_get_selected (fixture->row), ==, MAZE_OUTLINE_ROW_NONE);
  g_assert_true (maze_document_redo (fixture->document));
  g_assert_cmpuint (adw_combo_row_get_selected (fixture->row), ==, 1 + MAZE_OUTLINE_HEART);

  adw_combo_row_set_selected (fixture->row, MAZE_OUTLINE_ROW_NONE);
  puzzle = maze_document_get_puzzle (fixture->document);
  g_assert_null (puzzle->outline);
  g_assert_false (maze_grid_has_mask (puzzle->grid, NULL));
}

static gboolean
alert_open (gpointer data)
{
  return maze_alert_find (NULL) != NULL;
}

static GtkWidget *
find_entry (GtkWidget *widget,
            guint      nth)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_ENTRY (child) && nth-- == 0)
        return child;
      if (!GTK_IS_ENTRY (child))
        {
          GtkWidget *found = find_entry (child, nth);

          if (found != NULL)
            return found;
        }
    }
  return NULL;
}

static GtkWidget *
find_change_button (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = NULL;

      if (GTK_IS_BUTTON (child) &&
          g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (child)), "document-edit-symbolic") == 0)
        return child;
      found = find_change_button (child);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
width_is_60 (gpointer data)
{
  return maze_document_get_grid (data)->width == 60;
}

/* Text… asks for the text and the font; Apply makes the maze in the
 * name's letters, and the size set in the panel stays its resolution. */
static void
test_text (Fixture       *fixture,
           gconstpointer  data)
{
  const MazePuzzle *puzzle;
  GtkWidget *alert;

  adw_combo_row_set_selected (fixture->row, MAZE_OUTLINE_ROW_TEXT);
  g_assert_true (maze_gui_test_wait_for (alert_open, NULL, 5000));
  alert = maze_alert_find (NULL);
  gtk_editable_set_text (GTK_EDITABLE (find_entry (alert, 0)), "Ivy");
  maze_alert_respond (alert, "apply");
  maze_gui_test_spin (20);

  puzzle = maze_document_get_puzzle (fixture->document);
  g_assert_nonnull (puzzle->outline);
  g_assert_cmpint (puzzle->outline->source, ==, MAZE_OUTLINE_SOURCE_TEXT);
  g_assert_cmpstr (puzzle->outline->text, ==, "Ivy");
  g_assert_cmpstr (puzzle->outline->font, ==, MAZE_OUTLINE_DEFAULT_FONT);
  g_assert_cmpuint (adw_combo_row_get_selected (fixture->row), ==, MAZE_OUTLINE_ROW_TEXT);
  assert_one_maze_inside (fixture->document);

  /* The text again, through the row's change button. */
  g_assert_true (gtk_widget_get_visible (find_change_button (GTK_WIDGET (fixture->row))));
  gtk_widget_activate (find_change_button (GTK_WIDGET (fixture->row)));
  g_assert_true (maze_gui_test_wait_for (alert_open, NULL, 5000));
  alert = maze_alert_find (NULL);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_entry (alert, 0))), ==, "Ivy");
  gtk_editable_set_text (GTK_EDITABLE (find_entry (alert, 0)), "Ivo");
  maze_alert_respond (alert, "apply");
  maze_gui_test_spin (20);
  g_assert_cmpstr (maze_document_get_puzzle (fixture->document)->outline->text, ==, "Ivo");

  /* A wider maze: the same name, drawn again at the new size. */
  gtk_spin_button_set_value (maze_gui_test_template_child (GTK_WIDGET (fixture->window->settings_panel),
                                                           MAZE_TYPE_SETTINGS_PANEL, "width_spin"),
                             60);
  g_assert_true (maze_gui_test_wait_for (width_is_60, fixture->document, 5000));
  puzzle = maze_document_get_puzzle (fixture->document);
  g_assert_nonnull (puzzle->outline);
  g_assert_cmpstr (puzzle->outline->text, ==, "Ivo");
  g_assert_cmpuint (adw_combo_row_get_selected (fixture->row), ==, MAZE_OUTLINE_ROW_TEXT);
  assert_one_maze_inside (fixture->document);
}

/* Cancel, and an outline refused (no letters): the maze unchanged, the
 * row back on what the document has. */
static void
test_refused (Fixture       *fixture,
              gconstpointer  data)
{
  const MazePuzzle *before = maze_document_get_puzzle (fixture->document);

  adw_combo_row_set_selected (fixture->row, MAZE_OUTLINE_ROW_TEXT);
  g_assert_true (maze_gui_test_wait_for (alert_open, NULL, 5000));
  maze_alert_respond (maze_alert_find (NULL), "cancel");
  maze_gui_test_spin (20);
  g_assert_true (maze_document_get_puzzle (fixture->document) == before);
  g_assert_cmpuint (adw_combo_row_get_selected (fixture->row), ==, MAZE_OUTLINE_ROW_NONE);

  g_test_expect_message ("mazewright", G_LOG_LEVEL_MESSAGE, "Outline refused: *no letters*");
  g_assert_false (maze_outline_row_apply_text (MAZE_OUTLINE_ROW (fixture->row), "  ", NULL));
  g_test_assert_expected_messages ();
  g_assert_true (maze_document_get_puzzle (fixture->document) == before);
  g_assert_false (maze_document_can_undo (fixture->document));
  g_assert_cmpuint (adw_combo_row_get_selected (fixture->row), ==, MAZE_OUTLINE_ROW_NONE);
}

static GFile *
choose_picture (gpointer user_data)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "outline", user_data, NULL);

  return g_file_new_for_path (path);
}

static GtkWidget *
find_scale (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = GTK_IS_SCALE (child) ? child : find_scale (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Picture…: the chosen picture, then its threshold; Apply makes one
 * maze joining its two blobs, its digest and threshold kept. A file
 * that is no picture: refused before any threshold is asked. */
static void
test_picture (Fixture       *fixture,
              gconstpointer  data)
{
  MazeOutlineRow *row = MAZE_OUTLINE_ROW (fixture->row);
  const MazePuzzle *puzzle;
  GtkWidget *alert;

  maze_outline_row_set_picture_chooser (row, choose_picture, "two-blobs.svg");
  adw_combo_row_set_selected (fixture->row, MAZE_OUTLINE_ROW_PICTURE);
  g_assert_true (maze_gui_test_wait_for (alert_open, NULL, 5000));
  alert = maze_alert_find (NULL);
  gtk_range_set_value (GTK_RANGE (find_scale (alert)), 90);
  maze_alert_respond (alert, "apply");
  maze_gui_test_spin (20);

  puzzle = maze_document_get_puzzle (fixture->document);
  g_assert_nonnull (puzzle->outline);
  g_assert_cmpint (puzzle->outline->source, ==, MAZE_OUTLINE_SOURCE_PICTURE);
  g_assert_cmpuint (puzzle->outline->threshold, ==, 90);
  g_assert_cmpuint (strlen (puzzle->outline->digest), ==, 64);
  g_assert_cmpuint (adw_combo_row_get_selected (fixture->row), ==, MAZE_OUTLINE_ROW_PICTURE);
  assert_one_maze_inside (fixture->document);

  /* A wider maze: the same picture, fitted again at the new size. */
  gtk_spin_button_set_value (maze_gui_test_template_child (GTK_WIDGET (fixture->window->settings_panel),
                                                           MAZE_TYPE_SETTINGS_PANEL, "width_spin"),
                             60);
  g_assert_true (maze_gui_test_wait_for (width_is_60, fixture->document, 5000));
  puzzle = maze_document_get_puzzle (fixture->document);
  g_assert_nonnull (puzzle->outline);
  g_assert_cmpint (puzzle->outline->source, ==, MAZE_OUTLINE_SOURCE_PICTURE);
  g_assert_cmpuint (puzzle->outline->threshold, ==, 90);
  g_assert_cmpuint (adw_combo_row_get_selected (fixture->row), ==, MAZE_OUTLINE_ROW_PICTURE);
  assert_one_maze_inside (fixture->document);

  maze_outline_row_set_picture_chooser (row, choose_picture, "../bad/make-bad-files.py");
  adw_combo_row_set_selected (fixture->row, MAZE_OUTLINE_ROW_NONE);
  puzzle = maze_document_get_puzzle (fixture->document);
  g_test_expect_message ("mazewright", G_LOG_LEVEL_MESSAGE, "Outline refused: *not a picture*");
  adw_combo_row_set_selected (fixture->row, MAZE_OUTLINE_ROW_PICTURE);
  g_test_assert_expected_messages ();
  maze_gui_test_spin (50);
  g_assert_null (maze_alert_find (NULL));
  g_assert_true (maze_document_get_puzzle (fixture->document) == puzzle);
  g_assert_cmpuint (adw_combo_row_get_selected (fixture->row), ==, MAZE_OUTLINE_ROW_NONE);
}

static gboolean
no_jobs (gpointer data)
{
  return maze_outline_row_get_jobs (data) == 0;
}

static gboolean
outline_is_star (gpointer data)
{
  const MazeOutlineParams *outline = maze_document_get_puzzle (data)->outline;

  return outline != NULL && g_strcmp0 (outline->name, "star") == 0;
}

/* A big maze takes its outline on a thread: the main thread is free
 * (the window busy, the document as it was) until it is done; Cancel
 * stops it and nothing lands; the next one lands as one undo step. */
static void
test_thread (Fixture       *fixture,
             gconstpointer  data)
{
  MazeOutlineRow *row = MAZE_OUTLINE_ROW (fixture->row);
  const MazePuzzle *before = maze_document_get_puzzle (fixture->document);

  /* Every maze counts as big. */
  maze_window_set_sync_cells (fixture->window, 0);
  adw_combo_row_set_selected (fixture->row, 1 + MAZE_OUTLINE_HEART);
  /* Back on the main loop before the work is done. */
  g_assert_true (maze_window_get_busy (fixture->window));
  g_assert_cmpuint (maze_outline_row_get_jobs (row), ==, 1);
  g_assert_true (maze_document_get_puzzle (fixture->document) == before);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.cancel", NULL));
  g_assert_false (maze_window_get_busy (fixture->window));
  g_assert_true (maze_gui_test_wait_for (no_jobs, row, 10000));
  g_assert_true (maze_document_get_puzzle (fixture->document) == before);
  g_assert_false (maze_document_can_undo (fixture->document));
  g_assert_cmpuint (adw_combo_row_get_selected (fixture->row), ==, MAZE_OUTLINE_ROW_NONE);

  adw_combo_row_set_selected (fixture->row, 1 + MAZE_OUTLINE_STAR);
  g_assert_true (maze_window_get_busy (fixture->window));
  g_assert_true (maze_gui_test_wait_for (outline_is_star, fixture->document, 10000));
  g_assert_false (maze_window_get_busy (fixture->window));
  g_assert_cmpuint (maze_outline_row_get_jobs (row), ==, 0);
  g_assert_cmpuint (adw_combo_row_get_selected (fixture->row), ==, 1 + MAZE_OUTLINE_STAR);
  assert_one_maze_inside (fixture->document);
  g_assert_true (maze_document_undo (fixture->document));
  g_assert_null (maze_document_get_puzzle (fixture->document)->outline);
}

/* An outlined maze opened with its ends placed farthest apart: the Start
 * and End row says so, whatever the preference (corners here). */
static void
test_opened_farthest (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 30, 30, NULL);
  g_autoptr(MazeDocument) document = NULL;
  AdwComboRow *endpoints;
  MazeGenerateOptions options;
  MazePuzzle *puzzle;
  MazeWindow *window;

  g_assert_true (maze_outline_apply (grid, MAZE_OUTLINE_HEART, &error));
  maze_generate_options_init (&options);
  options.seed = 5;
  puzzle = maze_puzzle_generate_on (g_steal_pointer (&grid), &options, 0,
                                    MAZE_ENDPOINTS_FARTHEST, &error);
  g_assert_no_error (error);
  puzzle->outline = maze_outline_params_new_preset ("heart");
  document = maze_document_new_for_puzzle (puzzle);
  window = maze_window_new (app, document);
  maze_gui_test_present (window);
  endpoints = maze_gui_test_template_child (GTK_WIDGET (window->settings_panel),
                                            MAZE_TYPE_SETTINGS_PANEL, "endpoints_row");
  /* 0 corners, 1 farthest. */
  g_assert_cmpuint (adw_combo_row_get_selected (endpoints), ==, 1);
  maze_gui_test_close_windows ();
}

static void
test_screenshot (Fixture       *fixture,
                 gconstpointer  data)
{
  if (g_getenv ("MAZE_SCREENSHOT_DIR") == NULL)
    {
      g_test_skip ("set MAZE_SCREENSHOT_DIR to write screenshots");
      return;
    }
  g_assert_true (maze_outline_row_apply_text (MAZE_OUTLINE_ROW (fixture->row), "Mia", NULL));
  maze_gui_test_save_window (GTK_WIDGET (fixture->window), "outline-text");
}

int
main (int   argc,
      char *argv[])
{
  app = maze_gui_test_init (&argc, &argv);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/outline-row/preset", test_preset);
  ADD ("/outline-row/text", test_text);
  ADD ("/outline-row/refused", test_refused);
  ADD ("/outline-row/picture", test_picture);
  ADD ("/outline-row/thread", test_thread);
  ADD ("/outline-row/screenshot", test_screenshot);
#undef ADD
  g_test_add_func ("/outline-row/opened-farthest", test_opened_farthest);

  return g_test_run ();
}
