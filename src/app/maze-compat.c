/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-compat.h"

#include <glib/gi18n.h>

#include "maze-puzzle-file.h"

typedef struct
{
  MazeFileChosenFunc callback;
  gpointer           user_data;
  gboolean           save;
} ChooseData;

static ChooseData *
choose_data_new (MazeFileChosenFunc callback,
                 gpointer           user_data,
                 gboolean           save)
{
  ChooseData *data = g_new0 (ChooseData, 1);

  data->callback = callback;
  data->user_data = user_data;
  data->save = save;
  return data;
}

/* .maze documents; to open, text mazes as well (saved as .maze). */
static GtkFileFilter *
new_maze_filter (gboolean open)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Mazes"));
  /* MAZE_FILE_EXTENSION without its dot. */
  gtk_file_filter_add_suffix (filter, &MAZE_FILE_EXTENSION[1]);
  gtk_file_filter_add_mime_type (filter, MAZE_FILE_MIME_TYPE);
  if (open)
    {
      gtk_file_filter_add_suffix (filter, "txt");
      gtk_file_filter_add_mime_type (filter, "text/plain");
    }
  return filter;
}

/* Pictures an outline can be made from. */
static GtkFileFilter *
new_picture_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Pictures"));
  gtk_file_filter_add_mime_type (filter, "image/png");
  gtk_file_filter_add_mime_type (filter, "image/jpeg");
  gtk_file_filter_add_mime_type (filter, "image/svg+xml");
  gtk_file_filter_add_suffix (filter, "png");
  gtk_file_filter_add_suffix (filter, "jpg");
  gtk_file_filter_add_suffix (filter, "jpeg");
  gtk_file_filter_add_suffix (filter, "svg");
  return filter;
}

static GtkFileFilter *
new_all_files_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("All Files"));
  gtk_file_filter_add_pattern (filter, "*");
  return filter;
}

static GtkFileFilter *
new_export_filter (const char *name,
                   const char *mime_type,
                   const char *suffix)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_suffix (filter, suffix);
  gtk_file_filter_add_mime_type (filter, mime_type);
  return filter;
}

#if GTK_CHECK_VERSION (4, 10, 0)

static void
file_dialog_done_cb (GObject      *source_object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  GtkFileDialog *dialog = GTK_FILE_DIALOG (source_object);
  g_autofree ChooseData *data = user_data;
  g_autoptr(GFile) file = NULL;

  /* Cancelling is not an error to show. */
  if (data->save)
    file = gtk_file_dialog_save_finish (dialog, result, NULL);
  else
    file = gtk_file_dialog_open_finish (dialog, result, NULL);
  data->callback (file, data->user_data);
}

static GtkFileDialog *
new_file_dialog (const char *title,
                 gboolean    open)
{
  GtkFileDialog *dialog = gtk_file_dialog_new ();
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) maze_filter = new_maze_filter (open);
  g_autoptr(GtkFileFilter) all_filter = new_all_files_filter ();

  gtk_file_dialog_set_title (dialog, title);
  gtk_file_dialog_set_modal (dialog, TRUE);
  g_list_store_append (filters, maze_filter);
  g_list_store_append (filters, all_filter);
  gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (filters));
  gtk_file_dialog_set_default_filter (dialog, maze_filter);
  return dialog;
}

void
maze_choose_file_to_open (GtkWindow          *parent,
                          MazeFileChosenFunc  callback,
                          gpointer            user_data)
{
  g_autoptr(GtkFileDialog) dialog = new_file_dialog (_("Open Maze"), TRUE);

  gtk_file_dialog_open (dialog, parent, NULL, file_dialog_done_cb,
                        choose_data_new (callback, user_data, FALSE));
}

void
maze_choose_picture (GtkWindow          *parent,
                     MazeFileChosenFunc  callback,
                     gpointer            user_data)
{
  g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) picture_filter = new_picture_filter ();
  g_autoptr(GtkFileFilter) all_filter = new_all_files_filter ();

  gtk_file_dialog_set_title (dialog, _("Choose a Picture"));
  gtk_file_dialog_set_modal (dialog, TRUE);
  g_list_store_append (filters, picture_filter);
  g_list_store_append (filters, all_filter);
  gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (filters));
  gtk_file_dialog_set_default_filter (dialog, picture_filter);
  gtk_file_dialog_open (dialog, parent, NULL, file_dialog_done_cb,
                        choose_data_new (callback, user_data, FALSE));
}

void
maze_choose_file_to_save (GtkWindow          *parent,
                          GFile              *current_file,
                          const char         *suggested_name,
                          MazeFileChosenFunc  callback,
                          gpointer            user_data)
{
  g_autoptr(GtkFileDialog) dialog = new_file_dialog (_("Save Maze"), FALSE);

  gtk_file_dialog_set_accept_label (dialog, _("_Save"));
  if (current_file != NULL)
    gtk_file_dialog_set_initial_file (dialog, current_file);
  else
    gtk_file_dialog_set_initial_name (dialog, suggested_name);
  gtk_file_dialog_save (dialog, parent, NULL, file_dialog_done_cb,
                        choose_data_new (callback, user_data, TRUE));
}

void
maze_choose_file_to_export (GtkWindow          *parent,
                            GFile              *folder,
                            const char         *suggested_name,
                            const char         *filter_name,
                            const char         *mime_type,
                            const char         *suffix,
                            MazeFileChosenFunc  callback,
                            gpointer            user_data)
{
  g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) format_filter = new_export_filter (filter_name, mime_type, suffix);
  g_autoptr(GtkFileFilter) all_filter = new_all_files_filter ();

  gtk_file_dialog_set_title (dialog, _("Export Maze"));
  gtk_file_dialog_set_modal (dialog, TRUE);
  gtk_file_dialog_set_accept_label (dialog, _("_Export"));
  g_list_store_append (filters, format_filter);
  g_list_store_append (filters, all_filter);
  gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (filters));
  gtk_file_dialog_set_default_filter (dialog, format_filter);
  if (folder != NULL)
    gtk_file_dialog_set_initial_folder (dialog, folder);
  gtk_file_dialog_set_initial_name (dialog, suggested_name);
  gtk_file_dialog_save (dialog, parent, NULL, file_dialog_done_cb,
                        choose_data_new (callback, user_data, TRUE));
}

GtkWidget *
maze_color_button_new (const char *title,
                       gboolean    with_alpha)
{
  GtkColorDialog *dialog = gtk_color_dialog_new ();

  gtk_color_dialog_set_title (dialog, title);
  gtk_color_dialog_set_modal (dialog, TRUE);
  gtk_color_dialog_set_with_alpha (dialog, with_alpha);
  /* The button takes the dialog. */
  return gtk_color_dialog_button_new (dialog);
}

void
maze_color_button_get_rgba (GtkWidget *button,
                            GdkRGBA   *rgba)
{
  *rgba = *gtk_color_dialog_button_get_rgba (GTK_COLOR_DIALOG_BUTTON (button));
}

void
maze_color_button_set_rgba (GtkWidget     *button,
                            const GdkRGBA *rgba)
{
  gtk_color_dialog_button_set_rgba (GTK_COLOR_DIALOG_BUTTON (button), rgba);
}

#else /* GTK 4.8 */

static void
native_response_cb (GtkNativeDialog *native,
                    int              response,
                    gpointer         user_data)
{
  g_autofree ChooseData *data = user_data;
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  gtk_native_dialog_destroy (native);
  data->callback (file, data->user_data);
  /* The reference from gtk_file_chooser_native_new(). */
  g_object_unref (native);
}

static GtkFileChooserNative *
new_native_chooser (GtkWindow            *parent,
                    const char           *title,
                    GtkFileChooserAction  action,
                    const char           *accept_label)
{
  GtkFileChooserNative *native;
  GtkFileFilter *maze_filter = new_maze_filter (action == GTK_FILE_CHOOSER_ACTION_OPEN);

  native = gtk_file_chooser_native_new (title, parent, action, accept_label, NULL);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  /* The chooser takes these references. */
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), maze_filter);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), new_all_files_filter ());
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (native), maze_filter);
  return native;
}

static void
show_native_chooser (GtkFileChooserNative *native,
                     MazeFileChosenFunc    callback,
                     gpointer              user_data)
{
  g_signal_connect (native, "response", G_CALLBACK (native_response_cb),
                    choose_data_new (callback, user_data, FALSE));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

void
maze_choose_file_to_open (GtkWindow          *parent,
                          MazeFileChosenFunc  callback,
                          gpointer            user_data)
{
  GtkFileChooserNative *native;

  native = new_native_chooser (parent, _("Open Maze"), GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"));
  show_native_chooser (native, callback, user_data);
}

void
maze_choose_picture (GtkWindow          *parent,
                     MazeFileChosenFunc  callback,
                     gpointer            user_data)
{
  GtkFileChooserNative *native;
  GtkFileFilter *picture_filter = new_picture_filter ();

  native = gtk_file_chooser_native_new (_("Choose a Picture"), parent,
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), NULL);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  /* The chooser takes these references. */
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), picture_filter);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), new_all_files_filter ());
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (native), picture_filter);
  show_native_chooser (native, callback, user_data);
}

void
maze_choose_file_to_save (GtkWindow          *parent,
                          GFile              *current_file,
                          const char         *suggested_name,
                          MazeFileChosenFunc  callback,
                          gpointer            user_data)
{
  GtkFileChooserNative *native;

  native = new_native_chooser (parent, _("Save Maze"), GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"));
  if (current_file == NULL || !gtk_file_chooser_set_file (GTK_FILE_CHOOSER (native), current_file, NULL))
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), suggested_name);
  show_native_chooser (native, callback, user_data);
}

void
maze_choose_file_to_export (GtkWindow          *parent,
                            GFile              *folder,
                            const char         *suggested_name,
                            const char         *filter_name,
                            const char         *mime_type,
                            const char         *suffix,
                            MazeFileChosenFunc  callback,
                            gpointer            user_data)
{
  GtkFileChooserNative *native;
  GtkFileFilter *format_filter = new_export_filter (filter_name, mime_type, suffix);

  native = gtk_file_chooser_native_new (_("Export Maze"), parent, GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Export"), NULL);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  /* The chooser takes these references. */
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), format_filter);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), new_all_files_filter ());
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (native), format_filter);
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), suggested_name);
  show_native_chooser (native, callback, user_data);
}

GtkWidget *
maze_color_button_new (const char *title,
                       gboolean    with_alpha)
{
  GtkWidget *button = gtk_color_button_new ();

  gtk_color_button_set_title (GTK_COLOR_BUTTON (button), title);
  gtk_color_button_set_modal (GTK_COLOR_BUTTON (button), TRUE);
  gtk_color_chooser_set_use_alpha (GTK_COLOR_CHOOSER (button), with_alpha);
  return button;
}

void
maze_color_button_get_rgba (GtkWidget *button,
                            GdkRGBA   *rgba)
{
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (button), rgba);
}

void
maze_color_button_set_rgba (GtkWidget     *button,
                            const GdkRGBA *rgba)
{
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (button), rgba);
}

#endif

void
maze_widget_get_color (GtkWidget *widget,
                       GdkRGBA   *color)
{
#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (widget, color);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), color);
#endif
}

gboolean
maze_widget_lookup_color (GtkWidget  *widget,
                          const char *name,
                          GdkRGBA    *color)
{
  gboolean found;

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  found = gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  return found;
}

#define SHORTCUTS_RESOURCE_DIR "/io/github/mazewright/Mazewright/ui/"

#if ADW_CHECK_VERSION (1, 8, 0)

/* Not built against libadwaita 1.2: the dialog is generated from the
 * window's .ui by build-aux/shortcuts-dialog.py. */
void
maze_show_shortcuts (GtkWindow *parent)
{
  g_autoptr(GtkBuilder) builder = NULL;

  builder = gtk_builder_new_from_resource (SHORTCUTS_RESOURCE_DIR "maze-shortcuts-dialog.ui");
  adw_dialog_present (ADW_DIALOG (gtk_builder_get_object (builder, "shortcuts_dialog")),
                      GTK_WIDGET (parent));
}

#else

void
maze_show_shortcuts (GtkWindow *parent)
{
  g_autoptr(GtkBuilder) builder = NULL;
  GtkWindow *window;

  builder = gtk_builder_new_from_resource (SHORTCUTS_RESOURCE_DIR "maze-shortcuts-window.ui");
  window = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts_window"));
  if (parent != NULL)
    gtk_window_set_transient_for (window, parent);
  gtk_window_present (window);
}

#endif

/* Alerts: the open ones, newest first, for maze_alert_find(). Each
 * remembers the widget it was presented over. */
static GList *open_alerts;

static void
alert_finalized_cb (gpointer  data,
                    GObject  *where_the_object_was)
{
  open_alerts = g_list_remove (open_alerts, where_the_object_was);
}

static void
track_alert (GtkWidget *alert,
             GtkWidget *parent)
{
  g_object_set_data (G_OBJECT (alert), "maze-alert-parent", parent);
  if (g_list_find (open_alerts, alert) == NULL)
    {
      open_alerts = g_list_prepend (open_alerts, alert);
      g_object_weak_ref (G_OBJECT (alert), alert_finalized_cb, NULL);
    }
}

void
maze_alert_show_error (GtkWidget  *parent,
                       const char *heading,
                       const char *body)
{
  GtkWidget *alert = maze_alert_new (heading, body);

  maze_alert_add_response (alert, "close", _("_Close"), ADW_RESPONSE_DEFAULT);
  maze_alert_set_default_response (alert, "close");
  maze_alert_set_close_response (alert, "close");
  maze_alert_present (alert, parent);
}

#if ADW_CHECK_VERSION (1, 5, 0)

/* Presented alerts are children of their window's dialog host until they
 * close; this branch is not built against libadwaita 1.2. */
static gboolean
alert_is_open (GtkWidget *alert)
{
  return gtk_widget_get_parent (alert) != NULL;
}

GtkWidget *
maze_alert_new (const char *heading,
                const char *body)
{
  return GTK_WIDGET (adw_alert_dialog_new (heading, body));
}

void
maze_alert_add_response (GtkWidget             *alert,
                         const char            *id,
                         const char            *label,
                         AdwResponseAppearance  appearance)
{
  adw_alert_dialog_add_response (ADW_ALERT_DIALOG (alert), id, label);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (alert), id, appearance);
}

void
maze_alert_set_default_response (GtkWidget  *alert,
                                 const char *id)
{
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (alert), id);
}

void
maze_alert_set_close_response (GtkWidget  *alert,
                               const char *id)
{
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (alert), id);
}

void
maze_alert_set_extra_child (GtkWidget *alert,
                            GtkWidget *child)
{
  adw_alert_dialog_set_extra_child (ADW_ALERT_DIALOG (alert), child);
}

void
maze_alert_present (GtkWidget *alert,
                    GtkWidget *parent)
{
  track_alert (alert, parent);
  adw_dialog_present (ADW_DIALOG (alert), parent);
}

const char *
maze_alert_get_heading (GtkWidget *alert)
{
  return adw_alert_dialog_get_heading (ADW_ALERT_DIALOG (alert));
}

const char *
maze_alert_get_body (GtkWidget *alert)
{
  return adw_alert_dialog_get_body (ADW_ALERT_DIALOG (alert));
}

void
maze_alert_respond (GtkWidget  *alert,
                    const char *response)
{
  g_autofree char *detailed = g_strconcat ("response::", response, NULL);

  g_object_ref (alert);
  g_signal_emit_by_name (alert, detailed, response);
  adw_dialog_force_close (ADW_DIALOG (alert));
  g_object_unref (alert);
}

#else /* libadwaita 1.2 to 1.4 */

static gboolean
alert_is_open (GtkWidget *alert)
{
  return gtk_widget_get_visible (alert);
}

GtkWidget *
maze_alert_new (const char *heading,
                const char *body)
{
  return adw_message_dialog_new (NULL, heading, body);
}

void
maze_alert_add_response (GtkWidget             *alert,
                         const char            *id,
                         const char            *label,
                         AdwResponseAppearance  appearance)
{
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (alert), id, label);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (alert), id, appearance);
}

void
maze_alert_set_default_response (GtkWidget  *alert,
                                 const char *id)
{
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (alert), id);
}

void
maze_alert_set_close_response (GtkWidget  *alert,
                               const char *id)
{
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (alert), id);
}

void
maze_alert_set_extra_child (GtkWidget *alert,
                            GtkWidget *child)
{
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (alert), child);
}

void
maze_alert_present (GtkWidget *alert,
                    GtkWidget *parent)
{
  GtkRoot *root = parent != NULL ? gtk_widget_get_root (parent) : NULL;

  track_alert (alert, parent);
  gtk_window_set_transient_for (GTK_WINDOW (alert), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL);
  gtk_window_present (GTK_WINDOW (alert));
}

const char *
maze_alert_get_heading (GtkWidget *alert)
{
  return adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (alert));
}

const char *
maze_alert_get_body (GtkWidget *alert)
{
  return adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (alert));
}

void
maze_alert_respond (GtkWidget  *alert,
                    const char *response)
{
  g_object_ref (alert);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (alert), response);
  /* A response closes the dialog; destroy it now so that the test does
   * not wait for the main loop. */
  gtk_window_destroy (GTK_WINDOW (alert));
  g_object_unref (alert);
}

#endif

GtkWidget *
maze_alert_find (GtkWidget *parent)
{
  for (GList *l = open_alerts; l != NULL; l = l->next)
    if (alert_is_open (l->data) &&
        (parent == NULL || g_object_get_data (l->data, "maze-alert-parent") == parent))
      return l->data;
  return NULL;
}

GtkWidget *
maze_alert_get_parent (GtkWidget *alert)
{
  return g_object_get_data (G_OBJECT (alert), "maze-alert-parent");
}
