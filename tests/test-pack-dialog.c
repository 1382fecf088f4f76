/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-export-request.h"
#include "maze-gui-test-util.h"
#include "maze-pack-dialog.h"
#include "maze-test-util.h"
#include "maze-window-private.h"

/* Export Pack on a window with a document, under Xvfb: opened by the
 * window's action, its options set through its widgets, packs written
 * to a temporary folder through the dialog's entry point that takes a
 * file (no file chooser), waited for by running the main loop, and the
 * PDFs read back with poppler's tools where they are installed. */

static MazeApplication *app;

typedef struct
{
  MazeWindow      *window;
  MazeDocument    *document;
  MazePackDialog  *dialog;     /* a reference of the test's own */
  MazeTestFixture  files;
  guint            exported;
} Fixture;

static gboolean
dialog_idle (gpointer data)
{
  return !maze_pack_dialog_get_busy (MAZE_PACK_DIALOG (data));
}

typedef struct
{
  Fixture *fixture;
  guint    count;
} Wait;

static gboolean
preview_after (gpointer data)
{
  Wait *wait = data;

  return maze_pack_dialog_get_preview_count (wait->fixture->dialog) > wait->count;
}

static gboolean
exported_once (gpointer data)
{
  return ((Fixture *) data)->exported > 0;
}

static void
exported_cb (MazePackDialog *dialog,
             GFile          *file,
             Fixture        *fixture)
{
  fixture->exported++;
}

static MazePackDialog *
find_pack_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (MAZE_IS_PACK_DIALOG (window) && !gtk_widget_in_destruction (GTK_WIDGET (window)))
        return MAZE_PACK_DIALOG (window);
    }
  return NULL;
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  Wait wait = { fixture, 0 };

  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  /* Each test starts from the defaults: the pack-* keys are what the
   * dialog remembers. */
  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    if (g_str_has_prefix (keys[i], "pack-"))
      g_settings_reset (settings, keys[i]);
  maze_test_fixture_set_up (&fixture->files, NULL);
  fixture->document = maze_gui_test_new_document (MAZE_SHAPE_RECT, 12, 9,
                                                  MAZE_ALGORITHM_BACKTRACKER, 7, 0);
  fixture->window = maze_window_new (app, fixture->document);
  maze_gui_test_present (fixture->window);

  /* As the user opens it: the window's action (the menu item, Ctrl+Shift+E). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.export-pack",
                                             NULL));
  fixture->dialog = g_object_ref (find_pack_dialog ());
  g_signal_connect (fixture->dialog, "exported", G_CALLBACK (exported_cb), fixture);
  g_assert_true (maze_gui_test_wait_for (maze_gui_test_widget_mapped, fixture->dialog, 5000));
  g_assert_true (maze_gui_test_wait_for (preview_after, &wait, 20000));
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  maze_pack_dialog_cancel (fixture->dialog);
  g_assert_true (maze_gui_test_wait_for (dialog_idle, fixture->dialog, 30000));
  maze_gui_test_close_windows ();
  g_clear_object (&fixture->dialog);
  maze_test_fixture_tear_down (&fixture->files, data);
  g_clear_object (&fixture->document);
}

static gpointer
child (Fixture    *fixture,
       const char *name)
{
  return maze_gui_test_template_child (GTK_WIDGET (fixture->dialog), MAZE_TYPE_PACK_DIALOG, name);
}

static void
set_text (Fixture    *fixture,
          const char *row,
          const char *text)
{
  gtk_editable_set_text (GTK_EDITABLE (child (fixture, row)), text);
}

/* The options a teacher picks: five puzzles, four to a page, rising
 * from very easy to medium, the mouse and the cheese; then a new
 * preview. */
static void
choose_pack (Fixture *fixture,
             guint    keys)
{
  Wait wait = { fixture, maze_pack_dialog_get_preview_count (fixture->dialog) };

  gtk_spin_button_set_value (child (fixture, "count_spin"), 5);
  adw_combo_row_set_selected (child (fixture, "per_page_row"), 2);
  adw_combo_row_set_selected (child (fixture, "from_row"), MAZE_LEVEL_VERY_EASY - 1);
  gtk_switch_set_active (child (fixture, "rising_switch"), TRUE);
  adw_combo_row_set_selected (child (fixture, "to_row"), MAZE_LEVEL_MEDIUM - 1);
  set_text (fixture, "title_row", "Week 3");
  set_text (fixture, "start_label_row", "Mouse");
  set_text (fixture, "finish_label_row", "Cheese");
  gtk_switch_set_active (child (fixture, "difficulty_switch"), TRUE);
  adw_combo_row_set_selected (child (fixture, "keys_row"), keys);
  g_assert_true (gtk_widget_get_sensitive (child (fixture, "export_button")));
  g_assert_true (maze_gui_test_wait_for (preview_after, &wait, 20000));
}

static char *
run_tool (const char *tool,
          const char *path)
{
  const char *argv[] = { tool, path, "-", NULL };
  char *out = NULL;

  if (g_strcmp0 (tool, "pdfinfo") == 0)
    argv[2] = NULL;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out,
                               NULL, NULL, NULL));
  return out;
}

static gboolean
have_poppler (void)
{
  g_autofree char *text = g_find_program_in_path ("pdftotext");
  g_autofree char *info = g_find_program_in_path ("pdfinfo");

  return text != NULL && info != NULL;
}

static void
assert_pages (const char *path,
              guint       pages)
{
  g_autofree char *info = run_tool ("pdfinfo", path);
  g_autofree char *expected = g_strdup_printf ("Pages:           %u\n", pages);

  g_assert_nonnull (strstr (info, expected));
}

/* Keys at the back: two pages of puzzles, two of keys; the folder is
 * remembered; the dialog closes. */
static void
test_export (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->files.dir, "week 3.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) folder = g_file_new_for_path (fixture->files.dir);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *uri = g_file_get_uri (folder);
  g_autofree char *remembered = NULL;

  choose_pack (fixture, 1);
  g_assert_true (gtk_widget_get_visible (child (fixture, "double_sided_row")));
  /* The one default the CLI has too: no blank page before the keys. */
  {
    MazeExportRequest defaults;

    maze_export_request_init (&defaults);
    g_assert_false (defaults.double_sided);
    g_assert_false (gtk_switch_get_active (child (fixture, "double_sided_switch")));
    maze_export_request_clear (&defaults);
  }
  g_assert_true (maze_pack_dialog_export_to_file (fixture->dialog, file));
  g_assert_true (maze_gui_test_wait_for (exported_once, fixture, 60000));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  remembered = g_settings_get_string (settings, "pack-folder");
  g_assert_cmpstr (remembered, ==, uri);
  /* Done: the dialog has closed. */
  g_assert_null (find_pack_dialog ());

  if (have_poppler ())
    {
      g_autofree char *text = run_tool ("pdftotext", path);

      assert_pages (path, 4);
      g_assert_nonnull (strstr (text, "Week 3"));
      g_assert_nonnull (strstr (text, "Mouse"));
      g_assert_nonnull (strstr (text, "Cheese"));
      g_assert_nonnull (strstr (text, "No. 5 · Puzzle"));
      g_assert_nonnull (strstr (text, "Difficulty: 1 of 5 (Very easy)"));
      g_assert_nonnull (strstr (text, "Difficulty: 3 of 5 (Medium)"));
      g_assert_nonnull (strstr (text, "Answer key"));
    }
}

/* Keys in a file of their own: NAME-key.pdf beside the pack. */
static void
test_separate_keys (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->files.dir, "pack.pdf", NULL);
  g_autofree char *key_path = g_build_filename (fixture->files.dir, "pack-key.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  choose_pack (fixture, 2);
  /* No keys at the back, so no fresh sheet for them. */
  g_assert_false (gtk_widget_get_visible (child (fixture, "double_sided_row")));
  g_assert_true (maze_pack_dialog_export_to_file (fixture->dialog, file));
  g_assert_true (maze_gui_test_wait_for (exported_once, fixture, 60000));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (key_path, G_FILE_TEST_IS_REGULAR));
  if (have_poppler ())
    {
      g_autofree char *pack = run_tool ("pdftotext", path);
      g_autofree char *keys = run_tool ("pdftotext", key_path);

      assert_pages (path, 2);
      assert_pages (key_path, 2);
      g_assert_null (strstr (pack, "Answer key"));
      g_assert_nonnull (strstr (keys, "Answer key"));
    }
}

static guint
count_files (Fixture *fixture)
{
  g_autoptr(GDir) dir = g_dir_open (fixture->files.dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* Stop: busy until the thread has stopped, nothing written, the dialog
 * stays; a second request replaces the first. */
static void
test_cancel (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->files.dir, "big.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  gtk_spin_button_set_value (child (fixture, "count_spin"), 1000);
  adw_combo_row_set_selected (child (fixture, "from_row"), MAZE_LEVEL_HARD - 1);
  g_assert_true (maze_pack_dialog_export_to_file (fixture->dialog, file));
  g_assert_true (maze_pack_dialog_export_to_file (fixture->dialog, file));
  g_assert_true (maze_pack_dialog_get_busy (fixture->dialog));
  g_assert_true (gtk_action_bar_get_revealed (child (fixture, "progress_bar_box")));
  maze_pack_dialog_cancel (fixture->dialog);
  g_assert_true (maze_gui_test_wait_for (dialog_idle, fixture->dialog, 30000));
  g_assert_false (gtk_action_bar_get_revealed (child (fixture, "progress_bar_box")));
  g_assert_cmpuint (fixture->exported, ==, 0);
  g_assert_true (find_pack_dialog () == fixture->dialog);
  g_assert_cmpuint (count_files (fixture), ==, 0);
}

/* Refused before anything is made: a label too long, Expert mazes
 * too big for six to a page (Medium ones are made smaller). */
static void
test_invalid (Fixture       *fixture,
              gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->files.dir, "bad.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkLabel *summary = child (fixture, "summary_label");

  set_text (fixture, "start_label_row", "A start label longer than forty characters, far");
  g_assert_false (gtk_widget_get_sensitive (child (fixture, "export_button")));
  g_assert_nonnull (strstr (gtk_label_get_label (summary), "the limit is 40"));
  g_assert_false (maze_pack_dialog_export_to_file (fixture->dialog, file));

  set_text (fixture, "start_label_row", "");
  g_assert_true (gtk_widget_get_sensitive (child (fixture, "export_button")));
  /* Medium six to a page: made smaller, within its band. */
  adw_combo_row_set_selected (child (fixture, "from_row"), MAZE_LEVEL_MEDIUM - 1);
  adw_combo_row_set_selected (child (fixture, "per_page_row"), 3);
  g_assert_true (gtk_widget_get_sensitive (child (fixture, "export_button")));
  g_assert_nonnull (strstr (gtk_label_get_label (summary), "Medium: 18×18 to fit"));
  adw_combo_row_set_selected (child (fixture, "from_row"), MAZE_LEVEL_EXPERT - 1);
  g_assert_false (gtk_widget_get_sensitive (child (fixture, "export_button")));
  g_assert_nonnull (strstr (gtk_label_get_label (summary),
                            "Expert mazes do not fit 6 to a page of A4"));
  g_assert_false (maze_pack_dialog_export_to_file (fixture->dialog, file));
  g_assert_cmpuint (count_files (fixture), ==, 0);
}

/* The last pack's choices come back with the next Export Pack, the
 * title aside (the maze's). */
static void
test_remembered (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->files.dir, "kept.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  MazePackDialog *again;

  choose_pack (fixture, 1);
  adw_combo_row_set_selected (child (fixture, "paper_row"), MAZE_PAPER_A5);
  gtk_spin_button_set_value (child (fixture, "margin_spin"), 10);
  gtk_switch_set_active (child (fixture, "monochrome_switch"), TRUE);
  gtk_switch_set_active (child (fixture, "double_sided_switch"), TRUE);
  set_text (fixture, "instructions_row", "Help the mouse find the cheese.");
  g_assert_true (maze_pack_dialog_export_to_file (fixture->dialog, file));
  g_assert_true (maze_gui_test_wait_for (exported_once, fixture, 60000));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.export-pack",
                                             NULL));
  again = find_pack_dialog ();
  g_assert_nonnull (again);
  g_assert_true (again != fixture->dialog);
  g_set_object (&fixture->dialog, again);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (child (fixture, "count_spin")), ==, 5);
  g_assert_cmpuint (adw_combo_row_get_selected (child (fixture, "per_page_row")), ==, 2);
  g_assert_cmpuint (adw_combo_row_get_selected (child (fixture, "from_row")), ==,
                    MAZE_LEVEL_VERY_EASY - 1);
  g_assert_true (gtk_switch_get_active (child (fixture, "rising_switch")));
  g_assert_cmpuint (adw_combo_row_get_selected (child (fixture, "to_row")), ==,
                    MAZE_LEVEL_MEDIUM - 1);
  g_assert_cmpuint (adw_combo_row_get_selected (child (fixture, "paper_row")), ==, MAZE_PAPER_A5);
  g_assert_cmpfloat (gtk_spin_button_get_value (child (fixture, "margin_spin")), ==, 10);
  g_assert_true (gtk_switch_get_active (child (fixture, "monochrome_switch")));
  g_assert_cmpuint (adw_combo_row_get_selected (child (fixture, "keys_row")), ==, 1);
  g_assert_true (gtk_switch_get_active (child (fixture, "double_sided_switch")));
  g_assert_true (gtk_switch_get_active (child (fixture, "difficulty_switch")));
  g_assert_cmpstr (gtk_editable_get_text (child (fixture, "instructions_row")), ==,
                   "Help the mouse find the cheese.");
  g_assert_cmpstr (gtk_editable_get_text (child (fixture, "start_label_row")), ==, "Mouse");
  g_assert_cmpstr (gtk_editable_get_text (child (fixture, "finish_label_row")), ==, "Cheese");
  /* The title is the maze's, not the last pack's. */
  g_assert_cmpstr (gtk_editable_get_text (child (fixture, "title_row")), !=, "Week 3");
}

/* A band of scores instead of levels: the document's size, min..max,
 * refused the wrong way round before anything is made. */
static void
test_band (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->files.dir, "band.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkLabel *summary = child (fixture, "summary_label");
  Wait wait = { fixture, 0 };

  g_assert_false (gtk_widget_get_visible (child (fixture, "min_score_row")));
  gtk_switch_set_active (child (fixture, "band_switch"), TRUE);
  g_assert_true (gtk_widget_get_visible (child (fixture, "min_score_row")));
  g_assert_true (gtk_widget_get_visible (child (fixture, "max_score_row")));
  g_assert_false (gtk_widget_get_visible (child (fixture, "from_row")));
  g_assert_false (gtk_widget_get_visible (child (fixture, "to_row")));

  gtk_spin_button_set_value (child (fixture, "min_score_spin"), 60);
  gtk_spin_button_set_value (child (fixture, "max_score_spin"), 40);
  g_assert_false (gtk_widget_get_sensitive (child (fixture, "export_button")));
  g_assert_nonnull (strstr (gtk_label_get_label (summary), "lowest score is above the highest"));
  g_assert_false (maze_pack_dialog_export_to_file (fixture->dialog, file));

  gtk_spin_button_set_value (child (fixture, "min_score_spin"), 0);
  gtk_spin_button_set_value (child (fixture, "max_score_spin"), 100);
  gtk_spin_button_set_value (child (fixture, "count_spin"), 2);
  adw_combo_row_set_selected (child (fixture, "per_page_row"), 1);
  adw_combo_row_set_selected (child (fixture, "keys_row"), 0);
  g_assert_true (gtk_widget_get_sensitive (child (fixture, "export_button")));
  wait.count = maze_pack_dialog_get_preview_count (fixture->dialog);
  g_assert_true (maze_gui_test_wait_for (preview_after, &wait, 20000));
  g_assert_true (maze_pack_dialog_export_to_file (fixture->dialog, file));
  g_assert_true (maze_gui_test_wait_for (exported_once, fixture, 60000));
  if (have_poppler ())
    assert_pages (path, 1);
}

/* With MAZE_SCREENSHOT_DIR set: the dialog as a teacher sees it,
 * medium mazes six to a page, for people to look at. */
static void
test_screenshot (Fixture       *fixture,
                 gconstpointer  data)
{
  Wait wait = { fixture, 0 };

  if (g_getenv ("MAZE_SCREENSHOT_DIR") == NULL)
    {
      g_test_skip ("set MAZE_SCREENSHOT_DIR to write screenshots");
      return;
    }
  wait.count = maze_pack_dialog_get_preview_count (fixture->dialog);
  gtk_spin_button_set_value (child (fixture, "count_spin"), 12);
  adw_combo_row_set_selected (child (fixture, "per_page_row"), 3);
  adw_combo_row_set_selected (child (fixture, "from_row"), MAZE_LEVEL_MEDIUM - 1);
  gtk_switch_set_active (child (fixture, "difficulty_switch"), TRUE);
  g_assert_true (gtk_widget_get_sensitive (child (fixture, "export_button")));
  g_assert_true (maze_gui_test_wait_for (preview_after, &wait, 20000));
  maze_gui_test_save_window (GTK_WIDGET (fixture->dialog), "pack-dialog");
}

/* -m perf: how long a 30-puzzle pack with keys takes from the window
 * (easy to hard, one to a page). Asserts nothing about the time. */
static void
test_perf_30 (Fixture       *fixture,
              gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->files.dir, "thirty.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  gint64 start;

  if (!g_test_perf ())
    {
      g_test_skip ("a timing: run with -m perf");
      return;
    }
  gtk_spin_button_set_value (child (fixture, "count_spin"), 30);
  gtk_switch_set_active (child (fixture, "rising_switch"), TRUE);
  start = g_get_monotonic_time ();
  g_assert_true (maze_pack_dialog_export_to_file (fixture->dialog, file));
  g_assert_true (maze_gui_test_wait_for (exported_once, fixture, 600000));
  g_test_minimized_result ((g_get_monotonic_time () - start) / 1e6,
                           "30-puzzle pack with keys from the window: %.2f s",
                           (g_get_monotonic_time () - start) / 1e6);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = maze_gui_test_init (&argc, &argv);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/pack-dialog/export", test_export);
  ADD ("/pack-dialog/separate-keys", test_separate_keys);
  ADD ("/pack-dialog/cancel", test_cancel);
  ADD ("/pack-dialog/invalid", test_invalid);
  ADD ("/pack-dialog/remembered", test_remembered);
  ADD ("/pack-dialog/band", test_band);
  ADD ("/pack-dialog/screenshot", test_screenshot);
  ADD ("/pack-dialog/perf/30", test_perf_30);
#undef ADD

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
