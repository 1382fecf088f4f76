/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "maze-compat.h"
#include "maze-export-dialog.h"
#include "maze-gui-test-util.h"
#include "maze-test-util.h"
#include "maze-window-private.h"

/* The Export dialog on a window with a document, under Xvfb: options set
 * through its controls, exports written to a temporary folder through
 * the dialog's entry point that takes a file (no file chooser), waited
 * for by running the main loop, and the files checked. */

static MazeApplication *app;

typedef struct
{
  MazeWindow       *window;
  MazeDocument     *document;
  MazeExportDialog *dialog;     /* a reference of the test's own */
  MazeTestFixture   files;      /* the test's temporary folder */
  guint             exported;   /* "exported" emissions */
} Fixture;

/* ---- what the tests wait for ---- */

static gboolean
dialog_idle (gpointer data)
{
  return !maze_export_dialog_get_busy (MAZE_EXPORT_DIALOG (data));
}

static gboolean
dialog_has_preview (gpointer data)
{
  return maze_export_dialog_get_preview_count (MAZE_EXPORT_DIALOG (data)) > 0;
}

typedef struct
{
  MazeExportDialog *dialog;
  guint             count;
} PreviewWait;

static gboolean
preview_redrawn (gpointer data)
{
  PreviewWait *wait = data;

  return maze_export_dialog_get_preview_count (wait->dialog) > wait->count;
}

/* ---- the fixture ---- */

static MazeExportDialog *
find_export_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (MAZE_IS_EXPORT_DIALOG (window) && !gtk_widget_in_destruction (GTK_WIDGET (window)))
        return MAZE_EXPORT_DIALOG (window);
    }
  return NULL;
}

static void
exported_cb (MazeExportDialog *dialog,
             GFile            *file,
             Fixture          *fixture)
{
  fixture->exported++;
}

/* Opens the dialog the way the user does: the window's Export action. */
static void
open_dialog (Fixture *fixture)
{
  g_clear_object (&fixture->dialog);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.export", NULL));
  fixture->dialog = find_export_dialog ();
  g_assert_nonnull (fixture->dialog);
  g_object_ref (fixture->dialog);
  g_signal_connect (fixture->dialog, "exported", G_CALLBACK (exported_cb), fixture);
  g_assert_true (maze_gui_test_wait_for (maze_gui_test_widget_mapped, fixture->dialog, 5000));
  g_assert_true (maze_gui_test_wait_for (dialog_has_preview, fixture->dialog, 10000));
}

static void
setup_sized (Fixture *fixture,
             guint    width,
             guint    height)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  /* Each test starts from the schema's defaults. */
  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (settings, keys[i]);

  maze_test_fixture_set_up (&fixture->files, NULL);
  fixture->document = maze_gui_test_new_document (MAZE_SHAPE_RECT, width, height, MAZE_ALGORITHM_BACKTRACKER, 7, 0);
  fixture->window = maze_window_new (app, fixture->document);
  maze_gui_test_present (fixture->window);
  open_dialog (fixture);
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  setup_sized (fixture, 20, 15);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  if (fixture->dialog != NULL)
    {
      maze_export_dialog_cancel (fixture->dialog);
      g_assert_true (maze_gui_test_wait_for (dialog_idle, fixture->dialog, 30000));
    }
  maze_gui_test_close_windows ();
  g_clear_object (&fixture->dialog);
  maze_test_fixture_tear_down (&fixture->files, data);
  g_clear_object (&fixture->document);
}

static gpointer
child (Fixture    *fixture,
       const char *name)
{
  return maze_gui_test_template_child (GTK_WIDGET (fixture->dialog), MAZE_TYPE_EXPORT_DIALOG, name);
}

static gboolean
child_visible (Fixture    *fixture,
               const char *name)
{
  return gtk_widget_get_visible (child (fixture, name));
}

static guint
count_files (Fixture *fixture)
{
  g_autoptr(GDir) dir = g_dir_open (fixture->files.dir, 0, NULL);
  guint n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static void
select_format (Fixture          *fixture,
               MazeExportFormat  format)
{
  adw_combo_row_set_selected (child (fixture, "format_row"), format);
}

static void
set_spin (Fixture    *fixture,
          const char *name,
          double      value)
{
  gtk_spin_button_set_value (child (fixture, name), value);
}

/* Exports to name in the temporary folder and waits for the end; the
 * dialog closes on success. */
static char *
export_and_wait (Fixture    *fixture,
                 const char *name)
{
  char *path = maze_test_fixture_path (&fixture->files, name);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  guint exported = fixture->exported;

  g_assert_true (maze_export_dialog_export_to_file (fixture->dialog, file));
  g_assert_true (maze_gui_test_wait_for (dialog_idle, fixture->dialog, 60000));
  g_assert_cmpuint (fixture->exported, ==, exported + 1);
  g_assert_true (gtk_widget_in_destruction (GTK_WIDGET (fixture->dialog)) ||
                 !gtk_widget_get_visible (GTK_WIDGET (fixture->dialog)));
  return path;
}

/* ---- file checks ---- */

static guint
read_u32 (const guchar *p)
{
  return ((guint) p[0] << 24) | ((guint) p[1] << 16) | ((guint) p[2] << 8) | p[3];
}

/* The PNG's size and pixels per metre (pHYs). */
static void
read_png (const char *path,
          guint      *width,
          guint      *height,
          guint      *ppm)
{
  static const guchar signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  g_autofree char *contents = NULL;
  gsize length = 0;
  const guchar *p, *end;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 33);
  g_assert_cmpmem (contents, 8, signature, 8);
  p = (const guchar *) contents + 8;
  end = (const guchar *) contents + length;
  g_assert_cmpmem (p + 4, 4, "IHDR", 4);
  *width = read_u32 (p + 8);
  *height = read_u32 (p + 12);
  *ppm = 0;
  for (; p + 12 <= end; p += 12 + read_u32 (p))
    if (memcmp (p + 4, "pHYs", 4) == 0)
      {
        g_assert_cmpuint (read_u32 (p + 8), ==, read_u32 (p + 12));
        g_assert_cmpuint (p[16], ==, 1);
        *ppm = read_u32 (p + 8);
      }
}

static guint
count_pdf_pages (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length = 0;
  guint pages = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_true (length > 5 && memcmp (contents, "%PDF-", 5) == 0);
  for (gsize i = 0; i + 12 <= length; i++)
    if (memcmp (contents + i, "/Type /Page", 11) == 0 && contents[i + 11] != 's')
      pages++;
  return pages;
}

typedef struct
{
  guint  depth;
  char  *root;
  guint  groups;
} SvgScan;

static void
svg_start_cb (GMarkupParseContext  *context,
              const char           *element,
              const char          **names,
              const char          **values,
              gpointer              user_data,
              GError              **error)
{
  SvgScan *scan = user_data;

  if (scan->depth++ == 0)
    scan->root = g_strdup (element);
  if (g_str_equal (element, "g"))
    scan->groups++;
}

static void
svg_end_cb (GMarkupParseContext  *context,
            const char           *element,
            gpointer              user_data,
            GError              **error)
{
  ((SvgScan *) user_data)->depth--;
}

static void
check_svg (const char *path)
{
  static const GMarkupParser parser = { svg_start_cb, svg_end_cb, NULL, NULL, NULL };
  g_autoptr(GMarkupParseContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;
  SvgScan scan = { 0 };

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  context = g_markup_parse_context_new (&parser, 0, &scan, NULL);
  g_assert_true (g_markup_parse_context_parse (context, contents, length, &error) &&
                 g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (scan.root, ==, "svg");
  g_assert_cmpuint (scan.groups, >=, 2);
  g_assert_cmpuint (scan.depth, ==, 0);
  g_free (scan.root);
}

/* ---- tests ---- */

static void
test_open (Fixture       *fixture,
           gconstpointer  data)
{
  MazeExportDialog *dialog = fixture->dialog;
  const MazeExportRequest *options = maze_export_dialog_get_request (dialog);

  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (fixture->window));
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_cmpint (options->format, ==, MAZE_EXPORT_PNG);
  g_assert_true (child_visible (fixture, "summary_label"));
  /* Placed as wide as a text block: the resolution is chosen. */
  g_assert_cmpstr (gtk_label_get_label (child (fixture, "summary_label")), ==,
                   "420 × 320 pixels · 160 × 122 mm at 67 dpi");
  g_assert_false (child_visible (fixture, "error_box"));
  g_assert_true (gtk_widget_get_sensitive (child (fixture, "export_button")));
  g_assert_false (gtk_action_bar_get_revealed (child (fixture, "progress_bar_box")));

  /* Only what the format uses is shown. */
  g_assert_true (child_visible (fixture, "size_group"));
  g_assert_true (child_visible (fixture, "dpi_row"));
  g_assert_true (child_visible (fixture, "solution_row"));
  g_assert_false (child_visible (fixture, "answer_key_row"));
  g_assert_false (child_visible (fixture, "page_group"));
  g_assert_false (child_visible (fixture, "text_style_row"));
  g_assert_false (gtk_widget_get_sensitive (child (fixture, "solution_color_row")));

  select_format (fixture, MAZE_EXPORT_SVG);
  g_assert_true (child_visible (fixture, "size_group"));
  g_assert_false (child_visible (fixture, "dpi_row"));

  select_format (fixture, MAZE_EXPORT_PDF);
  g_assert_cmpint (options->format, ==, MAZE_EXPORT_PDF);
  g_assert_false (child_visible (fixture, "size_group"));
  g_assert_false (child_visible (fixture, "solution_row"));
  g_assert_true (child_visible (fixture, "answer_key_row"));
  g_assert_true (child_visible (fixture, "title_row"));
  g_assert_true (child_visible (fixture, "name_date_row"));
  g_assert_true (child_visible (fixture, "page_group"));
  g_assert_true (child_visible (fixture, "appearance_group"));
  g_assert_cmpstr (gtk_editable_get_text (child (fixture, "title_row")), ==, "Maze");

  select_format (fixture, MAZE_EXPORT_TEXT);
  g_assert_true (child_visible (fixture, "text_style_row"));
  g_assert_false (child_visible (fixture, "appearance_group"));
  g_assert_false (child_visible (fixture, "size_group"));
  g_assert_true (child_visible (fixture, "solution_row"));
  g_assert_cmpstr (gtk_label_get_label (child (fixture, "summary_label")), ==, "81 × 31 characters");
}

/* The preview is drawn again, by the renderer, when an option changes. */
static void
test_preview_updates (Fixture       *fixture,
                      gconstpointer  data)
{
  PreviewWait wait = { fixture->dialog, 0 };

  wait.count = maze_export_dialog_get_preview_count (fixture->dialog);
  set_spin (fixture, "wall_spin", 25);
  g_assert_true (maze_gui_test_wait_for (preview_redrawn, &wait, 10000));

  wait.count = maze_export_dialog_get_preview_count (fixture->dialog);
  select_format (fixture, MAZE_EXPORT_PDF);
  g_assert_true (maze_gui_test_wait_for (preview_redrawn, &wait, 10000));

  wait.count = maze_export_dialog_get_preview_count (fixture->dialog);
  gtk_switch_set_active (child (fixture, "answer_key_switch"), TRUE);
  g_assert_true (maze_gui_test_wait_for (preview_redrawn, &wait, 10000));
}

static void
test_keyboard (Fixture       *fixture,
               gconstpointer  data)
{
  GtkWindow *window = GTK_WINDOW (fixture->dialog);
  g_autoptr(GListModel) controllers = NULL;
  gboolean escape_closes = FALSE;

  /* Enter: the Export button is the default and has the focus; spin
   * buttons and the title pass Enter on to it. */
  g_assert_true (gtk_window_get_default_widget (window) == child (fixture, "export_button"));
  g_assert_true (gtk_window_get_focus (window) == child (fixture, "export_button"));
  g_assert_true (adw_entry_row_get_activates_default (child (fixture, "title_row")));
  for (GtkWidget *w = gtk_widget_get_first_child (child (fixture, "dpi_spin")); w != NULL;
       w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_TEXT (w))
      g_assert_true (gtk_text_get_activates_default (GTK_TEXT (w)));

  /* Escape: bound to window.close. */
  controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == GDK_KEY_Escape &&
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == 0 &&
              GTK_IS_NAMED_ACTION (action) &&
              g_str_equal (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)),
                           "window.close"))
            escape_closes = TRUE;
        }
    }
  g_assert_true (escape_closes);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "window.close", NULL));
  maze_gui_test_spin (20);
  g_assert_true (gtk_widget_in_destruction (GTK_WIDGET (window)) ||
                 !gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_null (find_export_dialog ());
}

static void
test_export_png (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *path = NULL;
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *unit = NULL;
  guint width, height, ppm;

  /* 10 mm cells at 150 dpi: 59.06 pixels; 21 × 16 cells with margins. */
  adw_combo_row_set_selected (child (fixture, "unit_row"), MAZE_UNIT_MM);
  set_spin (fixture, "cell_size_spin", 10.0);
  set_spin (fixture, "dpi_spin", 150.0);
  gtk_switch_set_active (child (fixture, "solution_switch"), TRUE);
  g_assert_true (gtk_widget_get_sensitive (child (fixture, "solution_color_row")));
  g_assert_cmpstr (gtk_label_get_label (child (fixture, "summary_label")), ==,
                   "1241 × 945 pixels · 210 × 160 mm at 150 dpi");

  path = export_and_wait (fixture, "maze.png");
  read_png (path, &width, &height, &ppm);
  g_assert_cmpuint (width, ==, 1241);
  g_assert_cmpuint (height, ==, 945);
  g_assert_cmpuint (ppm, ==, 5906);   /* 150 dpi */

  /* Remembered. */
  unit = g_settings_get_string (settings, "export-unit");
  g_assert_cmpstr (unit, ==, "mm");
  g_assert_cmpfloat (g_settings_get_double (settings, "export-dpi"), ==, 150.0);
  g_assert_true (g_settings_get_boolean (settings, "export-solution"));
}

static void
test_export_svg (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;

  select_format (fixture, MAZE_EXPORT_SVG);
  adw_combo_row_set_selected (child (fixture, "unit_row"), MAZE_UNIT_IN);
  set_spin (fixture, "cell_size_spin", 0.5);
  path = export_and_wait (fixture, "maze.svg");
  check_svg (path);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "width=\"10.5in\""));
}

static void
test_export_pdf (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *one = NULL;
  g_autofree char *two = NULL;

  select_format (fixture, MAZE_EXPORT_PDF);
  gtk_editable_set_text (child (fixture, "title_row"), "Week 3");
  one = export_and_wait (fixture, "sheet.pdf");
  g_assert_cmpuint (count_pdf_pages (one), ==, 1);

  /* The dialog remembers the format; the answer key adds a page. */
  open_dialog (fixture);
  g_assert_cmpint (maze_export_dialog_get_request (fixture->dialog)->format, ==, MAZE_EXPORT_PDF);
  g_assert_cmpstr (gtk_editable_get_text (child (fixture, "title_row")), ==, "Week 3");
  gtk_switch_set_active (child (fixture, "answer_key_switch"), TRUE);
  g_assert_true (gtk_widget_get_sensitive (child (fixture, "solution_color_row")));
  two = export_and_wait (fixture, "sheet-key.pdf");
  g_assert_cmpuint (count_pdf_pages (two), ==, 2);
}

static void
test_export_text (Fixture       *fixture,
                  gconstpointer  data)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (fixture->document);
  g_autofree char *path = NULL;
  g_autofree char *written = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *unicode_path = NULL;
  g_autofree char *unicode = NULL;
  MazeTextOptions options;

  select_format (fixture, MAZE_EXPORT_TEXT);
  path = export_and_wait (fixture, "maze.txt");
  maze_text_options_init (&options);
  options.start = puzzle->start;
  options.end = puzzle->end;
  expected = maze_text_to_string (puzzle->grid, &options);
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, expected);
  g_assert_true (g_str_has_prefix (written, "+   +---+"));

  open_dialog (fixture);
  adw_combo_row_set_selected (child (fixture, "text_style_row"), 1);
  unicode_path = export_and_wait (fixture, "maze-unicode.txt");
  g_clear_pointer (&expected, g_free);
  options.style = MAZE_TEXT_UNICODE;
  expected = maze_text_to_string (puzzle->grid, &options);
  g_assert_true (g_file_get_contents (unicode_path, &unicode, NULL, NULL));
  g_assert_cmpstr (unicode, ==, expected);
}

/* Bad values are explained in the dialog and nothing is written. */
/* The file chooser opens in the maze's own folder; for a maze never
 * saved, in the folder of the last export while it is still there. */
static void
test_folder (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GFile) files = g_file_new_for_path (fixture->files.dir);
  g_autofree char *files_uri = g_file_get_uri (files);
  g_autofree char *exported = NULL;
  g_autofree char *gone_path = maze_test_fixture_path (&fixture->files, "gone");
  g_autoptr(GFile) gone = g_file_new_for_path (gone_path);
  g_autofree char *gone_uri = g_file_get_uri (gone);
  g_autofree char *sub_path = maze_test_fixture_path (&fixture->files, "sub");
  g_autofree char *saved_path = g_build_filename (sub_path, "saved.maze", NULL);
  g_autoptr(GFile) sub = g_file_new_for_path (sub_path);
  g_autoptr(GFile) saved = g_file_new_for_path (saved_path);

  /* Nothing exported yet, nothing saved: the chooser's own choice. */
  g_assert_null (maze_export_dialog_get_folder (fixture->dialog));

  exported = export_and_wait (fixture, "first.png");
  open_dialog (fixture);
  g_assert_nonnull (maze_export_dialog_get_folder (fixture->dialog));
  g_assert_true (g_file_equal (maze_export_dialog_get_folder (fixture->dialog), files));
  gtk_window_destroy (GTK_WINDOW (fixture->dialog));

  /* A folder removed since is not offered. */
  g_assert_cmpint (g_mkdir (gone_path, 0700), ==, 0);
  g_settings_set_string (settings, "export-folder", gone_uri);
  g_assert_cmpint (g_rmdir (gone_path), ==, 0);
  open_dialog (fixture);
  g_assert_null (maze_export_dialog_get_folder (fixture->dialog));
  gtk_window_destroy (GTK_WINDOW (fixture->dialog));

  /* A saved maze: its own folder, wherever the last export went. */
  g_assert_cmpint (g_mkdir (sub_path, 0700), ==, 0);
  g_assert_true (maze_document_save (fixture->document, saved, NULL));
  g_settings_set_string (settings, "export-folder", files_uri);
  open_dialog (fixture);
  g_assert_true (g_file_equal (maze_export_dialog_get_folder (fixture->dialog), sub));
  g_assert_cmpint (g_remove (saved_path), ==, 0);
  g_assert_cmpint (g_rmdir (sub_path), ==, 0);
}

static void
test_invalid (Fixture       *fixture,
              gconstpointer  data)
{
  g_autofree char *path = maze_test_fixture_path (&fixture->files, "bad.png");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkLabel *error_label = child (fixture, "error_label");

  set_spin (fixture, "dpi_spin", 0.0);
  g_assert_true (child_visible (fixture, "error_box"));
  g_assert_nonnull (strstr (gtk_label_get_label (error_label), "resolution of 0 dpi is out of range"));
  g_assert_false (gtk_widget_get_sensitive (child (fixture, "export_button")));
  g_assert_false (maze_export_dialog_export_to_file (fixture->dialog, file));
  g_assert_false (maze_export_dialog_get_busy (fixture->dialog));

  /* Valid values, but an image beyond the PNG limits. */
  set_spin (fixture, "dpi_spin", 1200.0);
  adw_combo_row_set_selected (child (fixture, "unit_row"), MAZE_UNIT_MM);
  set_spin (fixture, "cell_size_spin", 200.0);
  g_assert_true (child_visible (fixture, "error_box"));
  g_assert_nonnull (strstr (gtk_label_get_label (error_label), "the limit is 65535 pixels a side"));
  g_assert_false (maze_export_dialog_export_to_file (fixture->dialog, file));
  g_assert_false (child_visible (fixture, "summary_label"));

  g_assert_cmpuint (count_files (fixture), ==, 0);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (fixture->dialog)));

  /* Fixed: the message goes. */
  set_spin (fixture, "cell_size_spin", 5.0);
  g_assert_false (child_visible (fixture, "error_box"));
  g_assert_true (gtk_widget_get_sensitive (child (fixture, "export_button")));
}


/* The request's limits from the dialog's controls: each edge exports,
 * a step past it is refused in the dialog with the message that names
 * the option and the limit, and nothing can be exported. */
typedef struct
{
  MazeExportFormat   format;
  MazeUnit           unit;      /* of the cell size spin */
  const char        *spin;
  MazeExportLimitId  id;
  double             step;
  const char        *above;     /* the message for max + step */
  const char        *below;     /* ... for min - step */
} DialogLimitCase;

static void
assert_dialog_accepts (Fixture    *fixture,
                       const char *what)
{
  GtkLabel *error_label = child (fixture, "error_label");

  if (child_visible (fixture, "error_box"))
    g_error ("%s refused: %s", what, gtk_label_get_label (error_label));
  g_assert_true (gtk_widget_get_sensitive (child (fixture, "export_button")));
  g_assert_true (maze_export_request_validate (maze_export_dialog_get_request (fixture->dialog),
                                               NULL));
}

static void
assert_dialog_refuses (Fixture    *fixture,
                       const char *message)
{
  g_autofree char *path = maze_test_fixture_path (&fixture->files, "refused");
  g_autoptr(GFile) file = g_file_new_for_path (path);

  g_assert_true (child_visible (fixture, "error_box"));
  g_assert_cmpstr (gtk_label_get_label (child (fixture, "error_label")), ==, message);
  g_assert_false (gtk_widget_get_sensitive (child (fixture, "export_button")));
  g_assert_false (maze_export_dialog_export_to_file (fixture->dialog, file));
  g_assert_cmpuint (count_files (fixture), ==, 0);
}

static void
test_limits (Fixture       *fixture,
             gconstpointer  data)
{
  /* SVG for the cell sizes: the largest as a PNG would pass its pixel
   * limit, which is another check (test_invalid). */
  static const DialogLimitCase cases[] = {
    { MAZE_EXPORT_SVG, MAZE_UNIT_PX, "cell_size_spin", MAZE_EXPORT_LIMIT_CELL_PX, 1,
      "A cell size of 1001 pixels is out of range: use 1 to 1000 pixels",
      "A cell size of 0 pixels is out of range: use 1 to 1000 pixels" },
    { MAZE_EXPORT_SVG, MAZE_UNIT_MM, "cell_size_spin", MAZE_EXPORT_LIMIT_CELL_MM, 0.1,
      "A cell size of 500.1 mm is out of range: use 0.5 to 500 mm",
      "A cell size of 0.4 mm is out of range: use 0.5 to 500 mm" },
    { MAZE_EXPORT_PNG, MAZE_UNIT_PX, "dpi_spin", MAZE_EXPORT_LIMIT_DPI, 1,
      "A resolution of 10001 dpi is out of range: use 10 to 10000 dpi",
      "A resolution of 9 dpi is out of range: use 10 to 10000 dpi" },
    { MAZE_EXPORT_PDF, MAZE_UNIT_PX, "wall_spin", MAZE_EXPORT_LIMIT_WALL_PERCENT, 1,
      "A wall thickness of 51 % of a cell is out of range: use 1 to 50 %",
      "A wall thickness of 0 % of a cell is out of range: use 1 to 50 %" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const DialogLimitCase *c = &cases[i];
      const MazeExportLimit *limit = maze_export_limit_get (c->id);

      g_test_message ("%s", limit->name);
      select_format (fixture, c->format);
      adw_combo_row_set_selected (child (fixture, "unit_row"), c->unit);
      set_spin (fixture, c->spin, limit->min);
      assert_dialog_accepts (fixture, limit->name);
      set_spin (fixture, c->spin, limit->max);
      assert_dialog_accepts (fixture, limit->name);
      set_spin (fixture, c->spin, limit->max + c->step);
      assert_dialog_refuses (fixture, c->above);
      set_spin (fixture, c->spin, limit->min - c->step);
      assert_dialog_refuses (fixture, c->below);
      /* Back in range for the next case. */
      set_spin (fixture, c->spin, limit->max);
      assert_dialog_accepts (fixture, limit->name);
    }
}

/* The worksheet title: as many characters as the request allows. */
static void
test_limit_title (Fixture       *fixture,
                  gconstpointer  data)
{
  guint max = (guint) maze_export_limit_get (MAZE_EXPORT_LIMIT_TITLE_CHARS)->max;
  GtkEditable *title_row = child (fixture, "title_row");
  g_autoptr(GString) title = g_string_new (NULL);
  g_autofree char *message = NULL;
  g_autofree char *path = NULL;
  guint pages;

  select_format (fixture, MAZE_EXPORT_PDF);
  for (guint i = 0; i < max; i++)
    g_string_append (title, "é");
  gtk_editable_set_text (title_row, title->str);
  assert_dialog_accepts (fixture, "title");

  g_string_append (title, "é");
  gtk_editable_set_text (title_row, title->str);
  message = g_strdup_printf ("A worksheet title of %u characters is too long: the limit is %u",
                             max + 1, max);
  assert_dialog_refuses (fixture, message);

  /* Fixed, it exports. */
  gtk_editable_delete_text (title_row, 0, 1);
  assert_dialog_accepts (fixture, "title");
  path = export_and_wait (fixture, "titled.pdf");
  pages = count_pdf_pages (path);
  g_assert_cmpuint (pages, ==, 1);
}

/* A file that cannot be written: a dialog says why; the export dialog
 * stays, with its options. */
static void
test_write_error (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->files.dir, "no-such-folder", "maze.png", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkWidget *message;

  g_assert_true (maze_export_dialog_export_to_file (fixture->dialog, file));
  g_assert_true (maze_gui_test_wait_for (dialog_idle, fixture->dialog, 30000));
  g_assert_cmpuint (fixture->exported, ==, 0);
  g_assert_false (gtk_widget_in_destruction (GTK_WIDGET (fixture->dialog)));
  message = maze_alert_find (GTK_WIDGET (fixture->dialog));
  g_assert_nonnull (message);
  g_assert_cmpstr (maze_alert_get_heading (message), ==, "Could Not Export “maze.png”");
  g_assert_nonnull (strstr (maze_alert_get_body (message), "no-such-folder"));
  g_assert_true (gtk_widget_get_sensitive (child (fixture, "options_box")));
}

static gboolean
progress_started (gpointer data)
{
  Fixture *fixture = data;

  return gtk_progress_bar_get_fraction (child (fixture, "progress_bar")) > 0.0;
}

/* Cancel, from the progress bar's button or by closing the dialog:
 * the old file stays as it was and no temporary file is left. */
static void
test_cancel (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *path = maze_test_fixture_path (&fixture->files, "big.png");
  g_autofree char *fresh_path = maze_test_fixture_path (&fixture->files, "fresh.png");
  g_autofree char *contents = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) fresh = g_file_new_for_path (fresh_path);
  gint64 start;

  g_assert_true (g_file_set_contents (path, "precious", -1, NULL));

  /* 600 × 600 cells of 100 pixels: a 60100-pixel square, minutes of
   * work, so the Cancel surely comes while it runs. */
  set_spin (fixture, "cell_size_spin", 100.0);
  g_assert_true (maze_export_dialog_export_to_file (fixture->dialog, file));
  g_assert_true (maze_export_dialog_get_busy (fixture->dialog));
  g_assert_true (gtk_action_bar_get_revealed (child (fixture, "progress_bar_box")));
  g_assert_false (gtk_widget_get_sensitive (child (fixture, "options_box")));
  g_assert_false (gtk_widget_get_sensitive (child (fixture, "export_button")));
  /* A second export waits for the first. */
  g_assert_false (maze_export_dialog_export_to_file (fixture->dialog, fresh));

  /* The window is not blocked meanwhile: its main loop runs. */
  start = g_get_monotonic_time ();
  g_assert_true (maze_gui_test_wait_for (progress_started, fixture, 60000));
  g_assert_true (maze_export_dialog_get_busy (fixture->dialog));
  g_test_message ("progress shown after %.0f ms", (g_get_monotonic_time () - start) / 1000.0);

  /* The Cancel button beside the progress bar, as a click ends. */
  g_assert_true (gtk_widget_is_sensitive (child (fixture, "cancel_export_button")));
  g_signal_emit_by_name (child (fixture, "cancel_export_button"), "clicked");
  g_assert_true (maze_gui_test_wait_for (dialog_idle, fixture->dialog, 30000));
  g_assert_cmpuint (fixture->exported, ==, 0);
  g_assert_null (maze_alert_find (GTK_WIDGET (fixture->dialog)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (fixture->dialog)));
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "precious");
  g_assert_cmpuint (count_files (fixture), ==, 1);

  /* Closing the dialog while it exports cancels too, then closes. */
  g_assert_true (maze_export_dialog_export_to_file (fixture->dialog, fresh));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->dialog), "window.close", NULL));
  g_assert_true (maze_gui_test_wait_for (dialog_idle, fixture->dialog, 30000));
  maze_gui_test_spin (20);
  g_assert_null (find_export_dialog ());
  g_assert_null (maze_alert_find (GTK_WIDGET (fixture->dialog)));
  g_assert_false (g_file_test (fresh_path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_files (fixture), ==, 1);
}

static void
big_setup (Fixture       *fixture,
           gconstpointer  data)
{
  setup_sized (fixture, 600, 600);
}

/* A worksheet too small to read: the dialog says so with the largest
 * maze that fits and exports nothing; a long narrow maze is laid out
 * across the page unless the orientation is chosen. */
static void
test_illegible (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *path = maze_test_fixture_path (&fixture->files, "big.pdf");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkLabel *error_label = child (fixture, "error_label");

  select_format (fixture, MAZE_EXPORT_PDF);
  g_assert_true (child_visible (fixture, "error_box"));
  g_assert_nonnull (strstr (gtk_label_get_label (error_label), "too small to draw through"));
  g_assert_nonnull (strstr (gtk_label_get_label (error_label), "the largest maze"));
  g_assert_false (gtk_widget_get_sensitive (child (fixture, "export_button")));
  g_assert_false (maze_export_dialog_export_to_file (fixture->dialog, file));
  g_assert_cmpuint (count_files (fixture), ==, 0);
}

/* Asked for, the same maze prints as a poster: the dialog says on how
 * many sheets, shows them, and writes them. */
static void
test_poster (Fixture       *fixture,
             gconstpointer  data)
{
  GtkLabel *summary_label = child (fixture, "summary_label");
  g_autofree char *path = NULL;
  PreviewWait wait = { fixture->dialog, 0 };
  gsize length = 0;
  g_autofree char *pdf = NULL;

  select_format (fixture, MAZE_EXPORT_PDF);
  g_assert_true (child_visible (fixture, "error_box"));
  g_assert_nonnull (strstr (gtk_label_get_label (child (fixture, "error_label")),
                            "as a poster"));
  wait.count = maze_export_dialog_get_preview_count (fixture->dialog);
  gtk_switch_set_active (child (fixture, "poster_switch"), TRUE);
  g_assert_true (maze_export_dialog_get_request (fixture->dialog)->poster);
  g_assert_false (child_visible (fixture, "error_box"));
  g_assert_false (child_visible (fixture, "name_date_row"));
  g_assert_true (gtk_widget_get_sensitive (child (fixture, "export_button")));
  /* 600 cells of 3 mm, 1801 mm: 11 columns and 7 rows of A4 portrait,
   * or 7 and 11 landscape; as many either way, so portrait. */
  g_assert_cmpstr (gtk_label_get_label (summary_label), ==,
                   "A4 portrait · a poster of 7 × 11 sheets, cells of 3 mm · 77 pages");
  g_assert_true (maze_gui_test_wait_for (preview_redrawn, &wait, 20000));

  path = export_and_wait (fixture, "poster.pdf");
  pdf = maze_test_read_file_len (&fixture->files, "poster.pdf", &length);
  g_assert_true (g_str_has_prefix (pdf, "%PDF-"));
  /* The page tree's count, past the binary streams' NULs. */
  {
    const char *key = "/Count 77";
    gboolean found = FALSE;

    for (gsize i = 0; !found && i + strlen (key) <= length; i++)
      found = memcmp (pdf + i, key, strlen (key)) == 0;
    g_assert_true (found);
  }
}

/* The resolution is chosen for the maze until the user sets one; a
 * set one is kept, and so is the choice. */
static void
test_auto_dpi (Fixture       *fixture,
               gconstpointer  data)
{
  const MazeExportRequest *request = maze_export_dialog_get_request (fixture->dialog);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *path = NULL;
  guint width, height, ppm;

  g_assert_true (request->auto_dpi);
  g_assert_true (gtk_switch_get_active (child (fixture, "dpi_auto_switch")));
  g_assert_true (child_visible (fixture, "dpi_auto_row"));
  /* 20 px cells of a 20 × 15 maze placed 160 mm wide. */
  g_assert_cmpstr (gtk_label_get_label (child (fixture, "summary_label")), ==,
                   "420 × 320 pixels · 160 × 122 mm at 67 dpi");
  g_assert_cmpfloat (gtk_spin_button_get_value (child (fixture, "dpi_spin")), ==, 67.0);

  set_spin (fixture, "dpi_spin", 600.0);
  g_assert_false (request->auto_dpi);
  g_assert_false (gtk_switch_get_active (child (fixture, "dpi_auto_switch")));
  g_assert_cmpfloat (request->dpi, ==, 600.0);
  g_assert_cmpstr (gtk_label_get_label (child (fixture, "summary_label")), ==,
                   "420 × 320 pixels · 18 × 14 mm at 600 dpi");
  path = export_and_wait (fixture, "maze.png");
  read_png (path, &width, &height, &ppm);
  g_assert_cmpuint (ppm, ==, 23622);   /* 600 dpi */
  g_assert_false (g_settings_get_boolean (settings, "export-dpi-auto"));

  /* Back to automatic: the chosen one again, and the set one kept. */
  open_dialog (fixture);
  request = maze_export_dialog_get_request (fixture->dialog);
  g_assert_false (request->auto_dpi);
  gtk_switch_set_active (child (fixture, "dpi_auto_switch"), TRUE);
  g_assert_true (request->auto_dpi);
  g_assert_cmpfloat (request->dpi, ==, 600.0);
  g_assert_cmpfloat (gtk_spin_button_get_value (child (fixture, "dpi_spin")), ==, 67.0);
  /* A length for a cell: the resolution converts it, the user's. */
  adw_combo_row_set_selected (child (fixture, "unit_row"), MAZE_UNIT_MM);
  g_assert_false (child_visible (fixture, "dpi_auto_row"));
}

static void
narrow_setup (Fixture       *fixture,
              gconstpointer  data)
{
  setup_sized (fixture, 80, 3);
}

/* 80 × 3: landscape by itself, refused in portrait. */
static void
test_orientation (Fixture       *fixture,
                  gconstpointer  data)
{
  GtkLabel *summary_label = child (fixture, "summary_label");

  select_format (fixture, MAZE_EXPORT_PDF);
  g_assert_false (child_visible (fixture, "error_box"));
  g_assert_nonnull (strstr (gtk_label_get_label (summary_label), "landscape"));
  adw_combo_row_set_selected (child (fixture, "orientation_row"), 1);
  g_assert_true (child_visible (fixture, "error_box"));
  adw_combo_row_set_selected (child (fixture, "orientation_row"), 2);
  g_assert_false (child_visible (fixture, "error_box"));
}

/* The dialog exports the maze as it was when it opened. */
static void
test_snapshot (Fixture       *fixture,
               gconstpointer  data)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (fixture->document);
  g_autofree char *expected = NULL;
  g_autofree char *written = NULL;
  g_autofree char *path = NULL;
  MazeTextOptions options;

  maze_text_options_init (&options);
  options.start = puzzle->start;
  options.end = puzzle->end;
  expected = maze_text_to_string (puzzle->grid, &options);
  select_format (fixture, MAZE_EXPORT_TEXT);
  g_assert_true (maze_document_set_start (fixture->document, 45, NULL));
  path = export_and_wait (fixture, "before.txt");
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, expected);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  app = maze_gui_test_init (&argc, &argv);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/export-dialog/open", test_open);
  ADD ("/export-dialog/preview-updates", test_preview_updates);
  ADD ("/export-dialog/keyboard", test_keyboard);
  ADD ("/export-dialog/png", test_export_png);
  ADD ("/export-dialog/svg", test_export_svg);
  ADD ("/export-dialog/pdf", test_export_pdf);
  ADD ("/export-dialog/text", test_export_text);
  ADD ("/export-dialog/folder", test_folder);
  ADD ("/export-dialog/invalid", test_invalid);
  ADD ("/export-dialog/limits", test_limits);
  ADD ("/export-dialog/limits/title", test_limit_title);
  ADD ("/export-dialog/write-error", test_write_error);
  ADD ("/export-dialog/snapshot", test_snapshot);
  g_test_add ("/export-dialog/cancel", Fixture, NULL, big_setup, test_cancel, fixture_teardown);
  g_test_add ("/export-dialog/illegible", Fixture, NULL, big_setup, test_illegible,
              fixture_teardown);
  g_test_add ("/export-dialog/poster", Fixture, NULL, big_setup, test_poster, fixture_teardown);
  ADD ("/export-dialog/auto-dpi", test_auto_dpi);
  g_test_add ("/export-dialog/orientation", Fixture, NULL, narrow_setup, test_orientation,
              fixture_teardown);
#undef ADD

  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
