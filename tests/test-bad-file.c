/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "maze-gui-test-util.h"
#include "maze-application.h"
#include "maze-compat.h"
#include "maze-atomic-file-private.h"
#include "maze-puzzle-file.h"
#include "maze-window-private.h"

/* The application survives bad files, under Xvfb: every malformed file
 * the project knows of (tests/data/bad, the fuzzers' regressions) and a
 * few more (binary junk, a text maze, an empty file, a folder, a missing
 * file, a file over the size limit, nesting that once overflowed the
 * stack), dropped on the window, opened with the file chooser and opened
 * from the command line. Each time an error dialog says why, and the
 * document in the window, unsaved edits and all, is untouched. And a
 * save that fails (a full disk, a permission refused) says so in a
 * dialog and leaves the document unsaved and the old file as it was. */

static MazeApplication *app;

typedef struct
{
  MazeWindow   *window;
  MazeDocument *document;
  MazeGrid     *original;   /* the document's grid, edits and all */
  guint32       start;
  char         *tmpdir;
  GFile        *chooser_answer;
} Fixture;

/* ---- the main loop and the windows ---- */

static void
spin_main_loop (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

static gboolean
wait_for_mapped (GtkWidget *widget)
{
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (!gtk_widget_get_mapped (widget))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  return TRUE;
}


static void
close_dialog (GtkWidget *dialog)
{
  maze_alert_respond (dialog, "close");
  spin_main_loop (5);
}

static GFile *
test_chooser (MazeWindow *window,
              gboolean    save,
              gpointer    user_data)
{
  Fixture *fixture = user_data;

  return fixture->chooser_answer != NULL ? g_object_ref (fixture->chooser_answer) : NULL;
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;
  MazePuzzle *puzzle;

  fixture->tmpdir = g_dir_make_tmp ("test-bad-file-XXXXXX", &error);
  g_assert_no_error (error);

  maze_generate_options_init (&options);
  options.seed = 3;
  puzzle = maze_puzzle_generate (MAZE_SHAPE_RECT, 15, 10, &options, 0,
                                 MAZE_ENDPOINTS_CORNERS, NULL);
  g_assert_nonnull (puzzle);
  fixture->document = maze_document_new_for_puzzle (puzzle);
  fixture->window = maze_window_new (app, fixture->document);
  maze_window_set_chooser (fixture->window, test_chooser, fixture);
  gtk_window_present (GTK_WINDOW (fixture->window));
  g_assert_true (wait_for_mapped (GTK_WIDGET (fixture->window)));

  /* Unsaved work, which no bad file may cost. */
  g_assert_true (maze_document_set_start (fixture->document, 17, NULL));
  fixture->start = maze_document_get_puzzle (fixture->document)->start;
  fixture->original = maze_grid_copy (maze_document_get_grid (fixture->document));
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  g_autoptr(GDir) dir = g_dir_open (fixture->tmpdir, 0, NULL);
  const char *name;

  while (g_list_model_get_n_items (toplevels) > 0)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, 0);

      gtk_window_destroy (window);
    }
  spin_main_loop (20);

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->tmpdir, name, NULL);

      if (g_rmdir (path) != 0)
        g_unlink (path);
    }
  g_rmdir (fixture->tmpdir);
  g_free (fixture->tmpdir);
  g_clear_pointer (&fixture->original, maze_grid_free);
  g_clear_object (&fixture->chooser_answer);
  g_clear_object (&fixture->document);
}

/* The window still shows the same document, edits and all. */
static void
assert_untouched (Fixture *fixture)
{
  g_assert_true (maze_window_get_document (fixture->window) == fixture->document);
  g_assert_true (maze_document_get_modified (fixture->document));
  g_assert_cmpuint (maze_document_get_puzzle (fixture->document)->start, ==, fixture->start);
  g_assert_true (maze_grid_equal (fixture->original, maze_document_get_grid (fixture->document)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (fixture->window)));
}

/* An error dialog on parent (NULL: any window) that names the file and
 * says something; closes it. */
static gboolean
has_alert (gpointer parent)
{
  return maze_alert_find (parent) != NULL;
}

/* Files are read on a thread: the dialog comes once it is done. */
static void
assert_error_dialog (GtkWindow  *parent,
                     GFile      *file)
{
  g_autofree char *basename = g_file_get_basename (file);
  GtkWidget *dialog;
  const char *heading, *body;

  maze_gui_test_wait_for (has_alert, parent, 20000);
  dialog = maze_alert_find (GTK_WIDGET (parent));
  if (dialog == NULL)
    g_error ("no error dialog for %s", basename);
  heading = maze_alert_get_heading (dialog);
  body = maze_alert_get_body (dialog);
  g_test_message ("%s: %s — %s", basename, heading, body);
  g_assert_true (g_str_has_prefix (heading, "Could Not Open"));
  g_assert_nonnull (strstr (heading, basename));
  g_assert_nonnull (body);
  g_assert_cmpstr (body, !=, "");
  g_assert_true (g_utf8_validate (body, -1, NULL));
  close_dialog (dialog);
  g_assert_null (maze_alert_find (GTK_WIDGET (parent)));
}

/* ---- the bad files ---- */

static void
add_folder (GPtrArray  *files,
            const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.' && !g_str_has_suffix (name, ".py"))
      g_ptr_array_add (names, g_strdup (name));
  g_assert_cmpuint (names->len, >, 0);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (folder, g_ptr_array_index (names, i), NULL);

      g_ptr_array_add (files, g_file_new_for_path (path));
    }
}

static GFile *
make_file (Fixture    *fixture,
           const char *name,
           const char *contents,
           gssize      length)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, name, NULL);
  g_autoptr(GError) error = NULL;

  if (contents != NULL)
    {
      g_file_set_contents (path, contents, length, &error);
      g_assert_no_error (error);
    }
  return g_file_new_for_path (path);
}

/* Every bad file there is: the project's and a few made here. */
static GPtrArray *
bad_files (Fixture *fixture)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *bad_dir = g_test_build_filename (G_TEST_DIST, "data", "bad", NULL);
  g_autofree char *regress_dir = g_test_build_filename (G_TEST_DIST, "fuzz", "regressions",
                                                        "maze-file", NULL);
  g_autofree char *junk = g_malloc (4096);
  g_autofree char *nested = NULL;
  g_autofree char *folder = g_build_filename (fixture->tmpdir, "a-folder.maze", NULL);
  g_autofree char *huge = g_build_filename (fixture->tmpdir, "over-the-limit.maze", NULL);
  gsize deep = 1000000, n;
  int fd;

  add_folder (files, bad_dir);
  add_folder (files, regress_dir);

  for (guint i = 0; i < 4096; i++)
    junk[i] = (char) g_test_rand_int_range (0, 256);
  g_ptr_array_add (files, make_file (fixture, "junk.maze", junk, 4096));
  /* (A text maze opens now, whatever its name: test-document.) A
   * picture is named for what it is. */
  g_ptr_array_add (files, make_file (fixture, "picture.maze", "\x89PNG\r\n\x1a\n\x01\x02", 10));
  g_ptr_array_add (files, make_file (fixture, "nul.maze", "{\"format\0\": 1}", 14));
  g_ptr_array_add (files, make_file (fixture, "missing.maze", NULL, 0));

  /* The stack overflow the fuzzing brief found: a million brackets
   * hidden from the nesting check behind a comment. */
  nested = g_malloc (2 * deep + 64);
  n = (gsize) g_snprintf (nested, 64, "{\"format\": \"mazewright\", \"x\": /* \" */ ");
  memset (nested + n, '[', deep);
  memset (nested + n + deep, ']', deep);
  n += 2 * deep;
  n += (gsize) g_snprintf (nested + n, 16, " /* \" */ }");
  g_ptr_array_add (files, make_file (fixture, "hidden-nesting.maze", nested, (gssize) n));

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  g_ptr_array_add (files, g_file_new_for_path (folder));

  /* Over MAZE_FILE_MAX_BYTES, without taking the disk space: sparse. */
  fd = g_open (huge, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, "{", 1), ==, 1);
  g_assert_cmpint (ftruncate (fd, (off_t) MAZE_FILE_MAX_BYTES + 1), ==, 0);
  close (fd);
  g_ptr_array_add (files, g_file_new_for_path (huge));

  return files;
}

static GtkDropTarget *
find_drop_target (Fixture *fixture)
{
  g_autoptr(GListModel) controllers =
    gtk_widget_observe_controllers (GTK_WIDGET (fixture->window->toast_overlay));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        return GTK_DROP_TARGET (controller);
    }
  g_error ("the window has no drop target");
  return NULL;
}

/* Dropped on the window, as from a file manager. */
static void
test_drop (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(GPtrArray) files = bad_files (fixture);
  GtkDropTarget *target = find_drop_target (fixture);

  for (guint i = 0; i < files->len; i++)
    {
      GFile *file = g_ptr_array_index (files, i);
      g_autoptr(GSList) list = g_slist_prepend (NULL, file);
      GValue value = G_VALUE_INIT;
      gboolean handled = FALSE;

      g_value_init (&value, GDK_TYPE_FILE_LIST);
      g_value_take_boxed (&value, gdk_file_list_new_from_list (list));
      g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &handled);
      g_value_unset (&value);
      g_assert_true (handled);
      assert_error_dialog (GTK_WINDOW (fixture->window), file);
      assert_untouched (fixture);
    }
}

/* Through the file chooser (win.open). */
static void
test_open_action (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GPtrArray) files = bad_files (fixture);

  for (guint i = 0; i < files->len; i++)
    {
      GFile *file = g_ptr_array_index (files, i);

      g_set_object (&fixture->chooser_answer, file);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.open", NULL));
      assert_error_dialog (GTK_WINDOW (fixture->window), file);
      assert_untouched (fixture);
    }
}

static guint
count_maze_windows (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      n += MAZE_IS_WINDOW (window);
    }
  return n;
}

/* From the command line ("mazewright bad.maze"): GApplication's open. The
 * window with unsaved work is not the one the file goes to; wherever it
 * goes, a dialog says why it did not open, and the window that got it
 * shows a new maze, not half of the bad one. Each file costs a window,
 * so a sample: the loading is the same as above, only the window that
 * shows the error differs. */
static void
test_command_line (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GPtrArray) files = bad_files (fixture);

  for (guint i = 0; i < files->len; i++)
    {
      GFile *file = g_ptr_array_index (files, i);
      GListModel *toplevels = gtk_window_get_toplevels ();
      GtkWidget *dialog;
      GtkWindow *parent;

      /* One in twenty-five of the project's files, and all those made here. */
      if (i % 25 != 0 && i + 8 < files->len)
        continue;

      g_application_open (G_APPLICATION (app), &file, 1, "");
      g_assert_true (maze_gui_test_wait_for (has_alert, NULL, 20000));
      dialog = maze_alert_find (NULL);
      g_assert_nonnull (dialog);
      parent = GTK_WINDOW (maze_alert_get_parent (dialog));
      g_assert_true (MAZE_IS_WINDOW (parent));
      g_assert_null (maze_document_get_file (maze_window_get_document (MAZE_WINDOW (parent))));
      assert_error_dialog (parent, file);
      assert_untouched (fixture);

      /* Back to the fixture's window alone. */
      for (guint k = g_list_model_get_n_items (toplevels); k > 0; k--)
        {
          g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, k - 1);

          if (window != GTK_WINDOW (fixture->window))
            gtk_window_destroy (window);
        }
      spin_main_loop (5);
      g_assert_cmpuint (count_maze_windows (), ==, 1);
    }
}

/* ---- saving ---- */

/* A save that fails leaves the document unsaved, the old file as it was,
 * and says why in a dialog. */
static void
test_save_fails (Fixture       *fixture,
                 gconstpointer  data)
{
  static const struct { const char *spec; const char *says; } faults[] = {
    { "write=ENOSPC@100", "No space left on device" },
    { "open=EACCES", "Permission denied" },
    { "rename=EXDEV", "Invalid cross-device link" },
  };
  g_autoptr(GFile) file = make_file (fixture, "old.maze", "old contents", -1);
  g_autofree char *path = g_file_get_path (file);

  g_set_object (&fixture->chooser_answer, file);
  for (guint i = 0; i < G_N_ELEMENTS (faults); i++)
    {
      GtkWidget *dialog;
      g_autofree char *contents = NULL;

      maze_atomic_file_set_test_faults (faults[i].spec);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.save-as", NULL));
      maze_atomic_file_set_test_faults (NULL);

      dialog = maze_alert_find (GTK_WIDGET (fixture->window));
      g_assert_nonnull (dialog);
      g_test_message ("%s: %s — %s", faults[i].spec, maze_alert_get_heading (dialog),
                      maze_alert_get_body (dialog));
      g_assert_cmpstr (maze_alert_get_heading (dialog), ==, "Could Not Save “old.maze”");
      g_assert_nonnull (strstr (maze_alert_get_body (dialog), faults[i].says));
      close_dialog (dialog);

      assert_untouched (fixture);
      g_assert_null (maze_document_get_file (fixture->document));
      g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
      g_assert_cmpstr (contents, ==, "old contents");
    }

  /* The fault gone, the same save works. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.save-as", NULL));
  g_assert_null (maze_alert_find (GTK_WIDGET (fixture->window)));
  g_assert_false (maze_document_get_modified (fixture->document));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = maze_gui_test_init (&argc, &argv);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/bad-file/drop", test_drop);
  ADD ("/bad-file/open-action", test_open_action);
  ADD ("/bad-file/command-line", test_command_line);
  ADD ("/bad-file/save-fails", test_save_fails);
#undef ADD

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
