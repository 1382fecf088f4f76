/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "maze-clipboard.h"
#include "maze-export-dialog.h"
#include "maze-file-launch.h"
#include "maze-pack-dialog.h"
#include "maze-print.h"
#include "maze-puzzle-file.h"
#include "maze-window-private.h"


/* Leaving a document with unsaved changes: what happens once the user
 * said Discard, or Save and the save worked. */
typedef struct
{
  MazeWindow     *self;
  MazeWindowThen  then;
  gpointer        user_data;
  GDestroyNotify  destroy;
} Pending;

static void
pending_free (Pending *pending)
{
  if (pending->destroy != NULL)
    pending->destroy (pending->user_data);
  g_object_unref (pending->self);
  g_free (pending);
}

static void
pending_run (Pending *pending)
{
  pending->then (pending->self, pending->user_data);
  pending_free (pending);
}

static char *
dup_file_display_name (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);

  return g_filename_display_name (basename);
}

/* "week 3" becomes "week 3.maze", unless the user picked an existing
 * file of that name (the chooser asked before replacing that one). */
static GFile *
ensure_extension (GFile *file)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *with_extension = NULL;
  g_autoptr(GFile) parent = NULL;
  g_autoptr(GFile) target = NULL;

  if (basename == NULL || strchr (basename, '.') != NULL ||
      g_file_query_exists (file, NULL))
    return g_object_ref (file);
  parent = g_file_get_parent (file);
  if (parent == NULL)
    return g_object_ref (file);
  with_extension = g_strconcat (basename, MAZE_FILE_EXTENSION, NULL);
  target = g_file_get_child (parent, with_extension);
  if (g_file_query_exists (target, NULL))
    return g_object_ref (file);
  return g_steal_pointer (&target);
}

gboolean
maze_window_save_to (MazeWindow  *self,
                     GFile       *file,
                     GError     **error)
{
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;

  g_return_val_if_fail (MAZE_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (!maze_document_save (self->document, file, error))
    return FALSE;
  maze_window_add_recent (self, file);
  name = dup_file_display_name (file);
  /* Translators: a toast after saving */
  message = g_strdup_printf (_("Saved “%s”"), name);
  maze_window_show_toast (self, message);
  return TRUE;
}

/* Saves to file and says what went wrong in a dialog. */
static gboolean
save_or_report (MazeWindow *self,
                GFile      *file)
{
  g_autoptr(GError) error = NULL;

  if (!maze_window_save_to (self, file, &error))
    {
      g_autofree char *name = dup_file_display_name (file);
      /* Translators: a dialog heading; the body says why */
      g_autofree char *heading = g_strdup_printf (_("Could Not Save “%s”"), name);

      maze_window_show_error (self, heading, error);
      return FALSE;
    }
  return TRUE;
}

typedef struct
{
  MazeWindow         *self;
  MazeFileChosenFunc  callback;
  gpointer            user_data;
} ChooseData;

static void
file_chosen_cb (GFile    *file,
                gpointer  user_data)
{
  g_autofree ChooseData *data = user_data;

  data->callback (file, data->user_data);
  g_object_unref (data->self);
}

void
maze_window_choose_file (MazeWindow         *self,
                         gboolean            save,
                         MazeFileChosenFunc  callback,
                         gpointer            user_data)
{
  ChooseData *data;

  g_return_if_fail (MAZE_IS_WINDOW (self));

  if (self->chooser != NULL)
    {
      g_autoptr(GFile) file = self->chooser (self, save, self->chooser_data);

      callback (file, user_data);
      return;
    }

  /* The window stays alive while its chooser is open. */
  data = g_new0 (ChooseData, 1);
  data->self = g_object_ref (self);
  data->callback = callback;
  data->user_data = user_data;
  if (save)
    {
      GFile *current = maze_document_get_file (self->document);
      g_autofree char *suggested = maze_document_dup_suggested_name (self->document);

      maze_choose_file_to_save (GTK_WINDOW (self), current, suggested, file_chosen_cb, data);
    }
  else
    maze_choose_file_to_open (GTK_WINDOW (self), file_chosen_cb, data);
}

static void
save_as_then_cb (GFile    *file,
                 gpointer  user_data)
{
  Pending *pending = user_data;
  g_autoptr(GFile) target = NULL;

  if (file == NULL)
    {
      pending_free (pending);
      return;
    }
  target = ensure_extension (file);
  if (save_or_report (pending->self, target))
    pending_run (pending);
  else
    pending_free (pending);
}

/* Saves (asking for a file when the document has none), then runs
 * pending; drops it when the user cancels or the save fails. */
static void
save_then (Pending *pending)
{
  GFile *file = maze_document_get_file (pending->self->document);

  if (file == NULL)
    {
      maze_window_choose_file (pending->self, TRUE, save_as_then_cb, pending);
      return;
    }
  if (save_or_report (pending->self, file))
    pending_run (pending);
  else
    pending_free (pending);
}

static void
discard_cb (gpointer user_data)
{
  pending_run (user_data);
}

static void
save_cb (gpointer user_data)
{
  save_then (user_data);
}

static void
confirm_response_cb (GtkWidget  *alert,
                     const char *response,
                     Pending    *pending)
{
  /* Go on once the dialog is gone: closing the window from inside its
   * dialog's response would free the dialog's parent under it. */
  if (g_str_equal (response, "discard"))
    g_idle_add_once (discard_cb, pending);
  else if (g_str_equal (response, "save"))
    g_idle_add_once (save_cb, pending);
  else
    pending_free (pending);
}

void
maze_window_confirm_discard (MazeWindow     *self,
                             MazeWindowThen  then,
                             gpointer        user_data,
                             GDestroyNotify  destroy)
{
  g_autofree char *name = NULL;
  g_autofree char *body = NULL;
  Pending *pending;
  GtkWidget *alert;

  g_return_if_fail (MAZE_IS_WINDOW (self));
  g_return_if_fail (then != NULL);

  pending = g_new0 (Pending, 1);
  pending->self = g_object_ref (self);
  pending->then = then;
  pending->user_data = user_data;
  pending->destroy = destroy;

  if (!maze_document_get_modified (self->document))
    {
      pending_run (pending);
      return;
    }

  name = maze_document_dup_display_name (self->document);
  /* Translators: the body of the "Save Changes?" dialog */
  body = g_strdup_printf (_("“%s” has unsaved changes. Changes which are not saved will be permanently lost."),
                          name);
  alert = maze_alert_new (_("Save Changes?"), body);
  maze_alert_add_response (alert, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  maze_alert_add_response (alert, "discard", _("_Discard"), ADW_RESPONSE_DESTRUCTIVE);
  maze_alert_add_response (alert, "save", _("_Save"), ADW_RESPONSE_SUGGESTED);
  maze_alert_set_default_response (alert, "save");
  maze_alert_set_close_response (alert, "cancel");
  g_signal_connect (alert, "response", G_CALLBACK (confirm_response_cb), pending);
  maze_alert_present (alert, GTK_WIDGET (self));
}

static void
replace_document_cb (MazeWindow *self,
                     gpointer    user_data)
{
  MazeDocument *document = user_data;

  maze_window_set_document (self, document);
  maze_window_add_recent (self, maze_document_get_file (document));
}

/* Files are read on a thread (a big one takes seconds), behind the
 * progress overlay and its Cancel. */
typedef struct
{
  MazeWindow *self;
  GFile      *file;
} Opening;

static void
opening_free (Opening *opening)
{
  opening->self->n_loads--;
  g_object_unref (opening->self);
  g_object_unref (opening->file);
  g_free (opening);
}

static void
load_progress_cb (double   fraction,
                  gpointer user_data)
{
  maze_window_show_progress (MAZE_WINDOW (user_data), fraction);
}

static void
load_done_cb (GObject      *source_object,
              GAsyncResult *result,
              gpointer      user_data)
{
  Opening *opening = user_data;
  MazeWindow *self = opening->self;
  g_autoptr(MazeDocument) document = NULL;
  g_autoptr(GError) error = NULL;

  document = maze_document_load_finish (result, &error);
  /* Cancelled: whoever cancelled (Cancel, a newer request, a closed
   * window) has dealt with the progress overlay. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      opening_free (opening);
      return;
    }
  maze_window_end_work (self);
  /* Read first: a bad file is reported without asking about the
   * current document, which stays as it is. */
  if (document == NULL)
    {
      g_autofree char *name = dup_file_display_name (opening->file);
      /* Translators: a dialog heading; the body says why */
      g_autofree char *heading = g_strdup_printf (_("Could Not Open “%s”"), name);

      maze_window_show_error (self, heading, error);
    }
  else
    maze_window_confirm_discard (self, replace_document_cb,
                                 g_steal_pointer (&document), g_object_unref);
  opening_free (opening);
}

void
maze_window_open_file (MazeWindow *self,
                       GFile      *file)
{
  g_autofree char *name = NULL;
  g_autofree char *label = NULL;
  GCancellable *cancellable;
  Opening *opening;

  g_return_if_fail (MAZE_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  /* The file wins over a maze being made, which the settings panel
   * then stops showing. */
  maze_window_cancel_maze_work (self);
  name = dup_file_display_name (file);
  /* Translators: shown while a file is read */
  label = g_strdup_printf (_("Opening “%s”…"), name);
  cancellable = maze_window_begin_work (self, MAZE_WINDOW_WORK_LOAD, label);
  opening = g_new0 (Opening, 1);
  opening->self = g_object_ref (self);
  opening->file = g_object_ref (file);
  self->n_loads++;
  maze_document_load_async (file, MAZE_DOCUMENT_MAX_CELLS, cancellable,
                            load_progress_cb, self, load_done_cb, opening);
}

static void
open_chosen_cb (GFile    *file,
                gpointer  user_data)
{
  MazeWindow *self = user_data;

  if (file != NULL)
    maze_window_open_file (self, file);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  maze_window_choose_file (MAZE_WINDOW (widget), FALSE, open_chosen_cb, widget);
}

/* Open Recent: the item's URI. */
static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  maze_window_open_file (MAZE_WINDOW (widget), file);
}

static void
save_as_chosen_cb (GFile    *file,
                   gpointer  user_data)
{
  MazeWindow *self = user_data;
  g_autoptr(GFile) target = NULL;

  if (file == NULL)
    return;
  target = ensure_extension (file);
  save_or_report (self, target);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  maze_window_choose_file (MAZE_WINDOW (widget), TRUE, save_as_chosen_cb, widget);
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MazeWindow *self = MAZE_WINDOW (widget);
  GFile *file = maze_document_get_file (self->document);

  if (file == NULL)
    save_as_action (widget, action_name, parameter);
  else
    save_or_report (self, file);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  /* A size stepped a moment ago is the last change: made first, then
   * undone (it was made after the undo, from stale settings). */
  maze_settings_panel_flush (MAZE_WINDOW (widget)->settings_panel);
  maze_document_undo (MAZE_WINDOW (widget)->document);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  maze_settings_panel_flush (MAZE_WINDOW (widget)->settings_panel);
  maze_document_redo (MAZE_WINDOW (widget)->document);
}

static void
exported_cb (GtkWindow        *dialog,
             GFile            *file,
             MazeWindow       *self)
{
  g_autofree char *name = dup_file_display_name (file);
  /* Translators: a toast after exporting */
  g_autofree char *message = g_strdup_printf (_("Exported “%s”"), name);

  maze_window_show_file_toast (self, message, file);
}

static void
launch_failed (GtkWindow  *parent,
               const char *message)
{
  maze_window_show_toast (MAZE_WINDOW (parent), message);
}

/* The toast's Open and Show in Folder: the file's URI. */
static void
open_file_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  maze_file_launch_open (GTK_WINDOW (widget), file, launch_failed);
}

static void
show_in_folder_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  maze_file_launch_show_in_folder (GTK_WINDOW (widget), file, launch_failed);
}

/* The maze to the clipboard, drawn as the export dialog would with the
 * window's export settings; a toast says what was copied. */
static void
copy_maze (MazeWindow           *self,
           MazeClipboardFormats  formats)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (self));
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (!maze_clipboard_copy (clipboard, maze_document_get_puzzle (self->document),
                            self->settings, formats, &message, &error))
    message = g_strdup (error->message);
  maze_window_show_toast (self, message);
}

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  copy_maze (MAZE_WINDOW (widget), MAZE_CLIPBOARD_IMAGE | MAZE_CLIPBOARD_TEXT);
}

static void
copy_image_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  copy_maze (MAZE_WINDOW (widget), MAZE_CLIPBOARD_IMAGE);
}

static void
copy_text_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  copy_maze (MAZE_WINDOW (widget), MAZE_CLIPBOARD_TEXT);
}

/* The export dialog works on a copy of the maze as it is now, and
 * remembers its options in the window's settings. */
static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MazeWindow *self = MAZE_WINDOW (widget);
  MazeExportDialog *dialog;

  dialog = maze_export_dialog_new (GTK_WINDOW (self), self->document, self->settings);
  g_signal_connect_object (dialog, "exported", G_CALLBACK (exported_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* A pack of worksheets made to order on the maze's grid shape, from its
 * seed (maze-pack-dialog.h). */
static void
export_pack_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  MazeWindow *self = MAZE_WINDOW (widget);
  MazePackDialog *dialog;

  dialog = maze_pack_dialog_new (GTK_WINDOW (self), self->document, self->settings);
  g_signal_connect_object (dialog, "exported", G_CALLBACK (exported_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
print_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  MazeWindow *self = MAZE_WINDOW (widget);

  maze_print_document (GTK_WINDOW (self), self->document);
}

static void
new_seed_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  maze_settings_panel_new_seed (MAZE_WINDOW (widget)->settings_panel);
}

/* The user stopped the work under way. A generation or an edit made
 * nothing, so every control shows the maze that is there again (the
 * Algorithm row kept the one being made, a braid slider its value); a
 * file being read was not opened. A toast says so. */
static void
stop_work (MazeWindow *self)
{
  switch (maze_window_cancel_work (self))
    {
    case MAZE_WINDOW_WORK_GENERATE:
    case MAZE_WINDOW_WORK_EDIT:
      maze_window_show_document_controls (self);
      maze_window_show_toast (self, _("Cancelled: the maze is as it was"));
      break;
    case MAZE_WINDOW_WORK_LOAD:
      maze_window_show_toast (self, _("Cancelled: the file was not opened"));
      break;
    case MAZE_WINDOW_WORK_NONE:
    default:
      break;
    }
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  stop_work (MAZE_WINDOW (widget));
}

/* Escape stops what is going on, wherever the focus is: a generation or
 * a file being read first, else play mode. With nothing to stop the key
 * goes on to whoever else wants it. */
static gboolean
escape_pressed (GtkWidget *widget,
                GVariant  *args,
                gpointer   user_data)
{
  MazeWindow *self = MAZE_WINDOW (widget);

  if (maze_window_get_busy (self))
    {
      stop_work (self);
      return TRUE;
    }
  if (self->play_session != NULL)
    return maze_window_set_playing (self, FALSE);
  return FALSE;
}

/* The zoom buttons and keys, window-wide; the canvas zooms about the
 * pointer when it is over the maze. */
static void
zoom_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  maze_canvas_zoom_in (MAZE_WINDOW (widget)->canvas);
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  maze_canvas_zoom_out (MAZE_WINDOW (widget)->canvas);
}

static void
zoom_fit_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  maze_canvas_zoom_fit (MAZE_WINDOW (widget)->canvas);
}

void
maze_window_update_actions (MazeWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  gtk_widget_action_set_enabled (widget, "win.undo", maze_document_can_undo (self->document));
  gtk_widget_action_set_enabled (widget, "win.redo", maze_document_can_redo (self->document));
  gtk_widget_action_set_enabled (widget, "win.export", TRUE);
  gtk_widget_action_set_enabled (widget, "win.export-pack", TRUE);
  gtk_widget_action_set_enabled (widget, "win.print", TRUE);
}

void
maze_window_class_add_actions (GtkWidgetClass *widget_class)
{
  static const struct
  {
    guint       keyval;
    const char *tool;
  } tool_keys[] = {
    { GDK_KEY_s, "start" },
    { GDK_KEY_e, "end" },
    { GDK_KEY_r, "regenerate" },
    { GDK_KEY_m, "mask" },
    { GDK_KEY_w, "weight" },
  };

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.export-pack", NULL, export_pack_action);
  gtk_widget_class_install_action (widget_class, "win.print", NULL, print_action);
  gtk_widget_class_install_action (widget_class, "win.open-file", "s", open_file_action);
  gtk_widget_class_install_action (widget_class, "win.show-in-folder", "s", show_in_folder_action);
  gtk_widget_class_install_action (widget_class, "win.copy", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "win.copy-image", NULL, copy_image_action);
  gtk_widget_class_install_action (widget_class, "win.copy-text", NULL, copy_text_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.new-seed", NULL, new_seed_action);
  gtk_widget_class_install_action (widget_class, "win.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-fit", NULL, zoom_fit_action);
  gtk_widget_class_install_property_action (widget_class, "win.tool", "tool");

  /* Window bindings run after the focused widget had the key, so the
   * seed entry keeps Ctrl+Z for its own text. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, "win.export", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.export-pack", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK, "win.print", NULL);
  /* Ctrl+C: an entry with the focus copies its own text first. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, "win.copy", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "win.new-seed", NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, escape_pressed, NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "win.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "win.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, GDK_CONTROL_MASK, "win.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "win.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, GDK_CONTROL_MASK, "win.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "win.zoom-fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, GDK_CONTROL_MASK, "win.zoom-fit", NULL);

  /* Tools on Alt+letter: plain letters belong to the canvas (S and E set
   * start and end at its cell cursor) and to text entries. */
  for (guint i = 0; i < G_N_ELEMENTS (tool_keys); i++)
    gtk_widget_class_add_binding_action (widget_class, tool_keys[i].keyval, GDK_ALT_MASK,
                                         "win.tool", "s", tool_keys[i].tool);

  /* The solver panel and play mode (issue 5). F9 is the usual key for a
   * side panel (the solvers had it first; the settings on the left take
   * Shift+F9); play mode has no usual key, and Ctrl+P prints. */
  gtk_widget_class_install_property_action (widget_class, "win.show-sidebar", "show-sidebar");
  gtk_widget_class_install_property_action (widget_class, "win.show-solvers", "show-solvers");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, GDK_SHIFT_MASK,
                                       "win.show-sidebar", NULL);
  gtk_widget_class_install_property_action (widget_class, "win.play", "playing");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.show-solvers", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.play", NULL);
}
