/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-file-launch.h"

#include <glib/gi18n.h>

/* A launch in flight: the window it is for (weakly: it may close first)
 * and whom to tell when it fails. */
typedef struct
{
  GWeakRef             parent;
  GFile               *file;
  MazeLaunchErrorFunc  on_error;
} Launch;

static Launch *
launch_new (GtkWindow           *parent,
            GFile               *file,
            MazeLaunchErrorFunc  on_error)
{
  Launch *launch = g_new0 (Launch, 1);

  g_weak_ref_init (&launch->parent, parent);
  launch->file = g_object_ref (file);
  launch->on_error = on_error;
  return launch;
}

static void
launch_free (Launch *launch)
{
  g_weak_ref_clear (&launch->parent);
  g_object_unref (launch->file);
  g_free (launch);
}

/* Says why, unless the user dismissed a chooser (cancelled). */
static void
launch_fail (Launch       *launch,
             const char   *what,
             const GError *error)
{
  g_autoptr(GtkWindow) parent = g_weak_ref_get (&launch->parent);
  g_autofree char *message = NULL;

  if (parent == NULL || launch->on_error == NULL ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
#if GTK_CHECK_VERSION (4, 10, 0)
      || g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED)
#endif
      )
    return;
  /* Translators: %1$s is what could not be done ("Could not open the
   * file"), %2$s why */
  message = g_strdup_printf (_("%1$s: %2$s"), what, error->message);
  launch->on_error (parent, message);
}

static GAppLaunchContext *
new_launch_context (GtkWindow *parent)
{
  return G_APP_LAUNCH_CONTEXT (gdk_display_get_app_launch_context (
    gtk_widget_get_display (GTK_WIDGET (parent))));
}

/* ---- Open ---- */

#if GTK_CHECK_VERSION (4, 10, 0)

static void
launcher_done_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  Launch *launch = user_data;
  g_autoptr(GError) error = NULL;

  if (!gtk_file_launcher_launch_finish (GTK_FILE_LAUNCHER (source), result, &error))
    launch_fail (launch, _("Could not open the file"), error);
  launch_free (launch);
}

void
maze_file_launch_open (GtkWindow           *parent,
                       GFile               *file,
                       MazeLaunchErrorFunc  on_error)
{
  g_autoptr(GtkFileLauncher) launcher = gtk_file_launcher_new (file);

  gtk_file_launcher_launch (launcher, parent, NULL, launcher_done_cb,
                            launch_new (parent, file, on_error));
}

#else

static void
uri_launched_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Launch *launch = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_app_info_launch_default_for_uri_finish (result, &error))
    launch_fail (launch, _("Could not open the file"), error);
  launch_free (launch);
}

void
maze_file_launch_open (GtkWindow           *parent,
                       GFile               *file,
                       MazeLaunchErrorFunc  on_error)
{
  g_autoptr(GAppLaunchContext) context = new_launch_context (parent);
  g_autofree char *uri = g_file_get_uri (file);

  g_app_info_launch_default_for_uri_async (uri, context, NULL, uri_launched_cb,
                                           launch_new (parent, file, on_error));
}

#endif

/* ---- Show in Folder ---- */

static void
folder_launched_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  Launch *launch = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_app_info_launch_default_for_uri_finish (result, &error))
    launch_fail (launch, _("Could not show the folder"), error);
  launch_free (launch);
}

/* No file manager answered: the folder, in whatever opens folders. */
static void
open_folder (Launch *launch)
{
  g_autoptr(GtkWindow) parent = g_weak_ref_get (&launch->parent);
  g_autoptr(GFile) folder = g_file_get_parent (launch->file);
  g_autoptr(GAppLaunchContext) context = NULL;
  g_autofree char *uri = NULL;

  if (parent == NULL || folder == NULL)
    {
      launch_free (launch);
      return;
    }
  context = new_launch_context (parent);
  uri = g_file_get_uri (folder);
  g_app_info_launch_default_for_uri_async (uri, context, NULL, folder_launched_cb, launch);
}

static void
show_items_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL)
    {
      g_debug ("FileManager1.ShowItems: %s", error->message);
      open_folder (user_data);
      return;
    }
  launch_free (user_data);
}

static void
session_bus_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  Launch *launch = user_data;
  g_autoptr(GDBusConnection) bus = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = NULL;
  const char *uris[2] = { NULL, NULL };

  bus = g_bus_get_finish (result, &error);
  if (bus == NULL)
    {
      open_folder (launch);
      return;
    }
  uri = g_file_get_uri (launch->file);
  uris[0] = uri;
  /* A file manager that is not running is started by the bus. */
  g_dbus_connection_call (bus, "org.freedesktop.FileManager1", "/org/freedesktop/FileManager1",
                          "org.freedesktop.FileManager1", "ShowItems",
                          g_variant_new ("(^ass)", uris, ""), NULL,
                          G_DBUS_CALL_FLAGS_NONE, -1, NULL, show_items_cb, launch);
}

void
maze_file_launch_show_in_folder (GtkWindow           *parent,
                                 GFile               *file,
                                 MazeLaunchErrorFunc  on_error)
{
  g_bus_get (G_BUS_TYPE_SESSION, NULL, session_bus_cb, launch_new (parent, file, on_error));
}
