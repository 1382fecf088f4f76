/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "maze-gui-test-util.h"
#include "maze-test-util.h"
#include "maze-window-private.h"

/* The "Exported …" toast's Open and Show in Folder. The user's
 * applications are stand-ins set up in a folder of the test's own
 * (XDG_DATA_HOME, XDG_CONFIG_HOME): an "image viewer" that copies the
 * file it is given and a "file manager" that copies the folder; the
 * org.freedesktop.FileManager1 service is one this program owns on the
 * test's session bus (the suite runs under dbus-run-session). */

static MazeApplication *app;
static MazeTestFixture apps_home;   /* the stand-ins' folder */
static const char *home;

typedef struct
{
  MazeWindow   *window;
  MazeDocument *document;
  MazeTestFixture files;    /* where the "exported" file is */
  GFile        *file;
  /* The FileManager1 stand-in: what ShowItems was given. */
  char         *shown;
  guint         owner_id;
  guint         object_id;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *path = NULL;

  maze_test_fixture_set_up (&f->files, data);
  path = maze_test_fixture_path (&f->files, "maze.png");
  g_assert_true (g_file_set_contents (path, "\x89PNG exported", -1, NULL));
  f->file = g_file_new_for_path (path);
  f->document = maze_gui_test_new_document (MAZE_SHAPE_RECT, 8, 6, MAZE_ALGORITHM_PRIM, 2, 0);
  f->window = maze_window_new (app, f->document);
  maze_gui_test_present (f->window);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *copy = g_build_filename (home, "opened", NULL);
  g_autoptr(GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);

  maze_gui_test_close_windows ();
  if (f->object_id != 0)
    g_dbus_connection_unregister_object (bus, f->object_id);
  if (f->owner_id != 0)
    g_bus_unown_name (f->owner_id);
  g_unlink (copy);
  g_clear_object (&f->document);
  g_clear_object (&f->file);
  g_free (f->shown);
  maze_test_fixture_tear_down (&f->files, data);
}

static GtkWidget *
find_action_widget (GtkWidget  *widget,
                    const char *action_name)
{
  if (GTK_IS_ACTIONABLE (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action_name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_action_widget (child, action_name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
toast_shown (gpointer data)
{
  Fixture *f = data;
  GtkWidget *overlay = GTK_WIDGET (f->window->toast_overlay);

  return find_action_widget (overlay, "win.open-file") != NULL &&
         find_action_widget (overlay, "win.show-in-folder") != NULL;
}

static char *
target_uri (GtkWidget *widget)
{
  GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget));

  g_assert_nonnull (target);
  return g_variant_dup_string (target, NULL);
}

/* The toast names the file and offers both, for that file. */
static void
test_toast (Fixture       *f,
            gconstpointer  data)
{
  GtkWidget *overlay = GTK_WIDGET (f->window->toast_overlay);
  g_autofree char *uri = g_file_get_uri (f->file);
  g_autofree char *open_uri = NULL;
  g_autofree char *folder_uri = NULL;
  GtkWidget *open, *folder;

  maze_window_show_file_toast (f->window, "Exported “maze.png”", f->file);
  g_assert_true (maze_gui_test_wait_for (toast_shown, f, 5000));
  open = find_action_widget (overlay, "win.open-file");
  folder = find_action_widget (overlay, "win.show-in-folder");
  open_uri = target_uri (open);
  folder_uri = target_uri (folder);
  g_assert_cmpstr (open_uri, ==, uri);
  g_assert_cmpstr (folder_uri, ==, uri);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (open)), ==, "Open");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (folder)), ==, "Show in Folder");
}

static gboolean
file_exists (gpointer data)
{
  return g_file_test (data, G_FILE_TEST_EXISTS);
}

/* Open: the default application for a PNG gets the file. */
static void
test_open (Fixture       *f,
           gconstpointer  data)
{
  g_autofree char *uri = g_file_get_uri (f->file);
  g_autofree char *copy = g_build_filename (home, "opened", NULL);
  g_autofree char *contents = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.open-file", "s", uri));
  g_assert_true (maze_gui_test_wait_for (file_exists, copy, 10000));
  /* The copy may be under way: wait for all of it. */
  maze_gui_test_spin (100);
  g_assert_true (g_file_get_contents (copy, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "\x89PNG exported");
}

static void
show_items_cb (GDBusConnection       *connection,
               const char            *sender,
               const char            *object_path,
               const char            *interface_name,
               const char            *method_name,
               GVariant              *parameters,
               GDBusMethodInvocation *invocation,
               gpointer               user_data)
{
  Fixture *f = user_data;
  g_autofree const char **uris = NULL;
  const char *startup_id;

  g_assert_cmpstr (method_name, ==, "ShowItems");
  g_variant_get (parameters, "(^a&s&s)", &uris, &startup_id);
  g_assert_cmpuint (g_strv_length ((char **) uris), ==, 1);
  f->shown = g_strdup (uris[0]);
  g_dbus_method_invocation_return_value (invocation, NULL);
}

static gboolean
items_shown (gpointer data)
{
  return ((Fixture *) data)->shown != NULL;
}

static gboolean name_owned (gpointer data);

static gboolean
name_released (gpointer data)
{
  return !name_owned (data);
}

static gboolean
name_owned (gpointer data)
{
  g_autoptr(GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  g_autoptr(GVariant) reply = NULL;
  gboolean has_owner = FALSE;

  reply = g_dbus_connection_call_sync (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "NameHasOwner",
                                       g_variant_new ("(s)", "org.freedesktop.FileManager1"),
                                       G_VARIANT_TYPE ("(b)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL,
                                       NULL);
  if (reply != NULL)
    g_variant_get (reply, "(b)", &has_owner);
  return has_owner;
}

/* Show in Folder: the file manager's ShowItems gets the file. */
static void
test_show_in_folder (Fixture       *f,
                     gconstpointer  data)
{
  static const char xml[] =
    "<node><interface name='org.freedesktop.FileManager1'>"
    "<method name='ShowItems'><arg type='as' direction='in'/>"
    "<arg type='s' direction='in'/></method>"
    "</interface></node>";
  static const GDBusInterfaceVTable vtable = { show_items_cb, NULL, NULL, { 0 } };
  g_autoptr(GDBusNodeInfo) node = g_dbus_node_info_new_for_xml (xml, NULL);
  g_autoptr(GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  g_autofree char *uri = g_file_get_uri (f->file);

  g_assert_nonnull (bus);
  f->object_id = g_dbus_connection_register_object (bus, "/org/freedesktop/FileManager1",
                                                    node->interfaces[0], &vtable, f, NULL, NULL);
  g_assert_cmpuint (f->object_id, >, 0);
  f->owner_id = g_bus_own_name_on_connection (bus, "org.freedesktop.FileManager1",
                                              G_BUS_NAME_OWNER_FLAGS_NONE, NULL, NULL, NULL, NULL);
  g_assert_true (maze_gui_test_wait_for (name_owned, NULL, 5000));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-in-folder", "s",
                                             uri));
  g_assert_true (maze_gui_test_wait_for (items_shown, f, 10000));
  g_assert_cmpstr (f->shown, ==, uri);
}

/* No file manager on the bus: the folder opens in what opens folders. */
static void
test_show_folder_fallback (Fixture       *f,
                           gconstpointer  data)
{
  g_autofree char *uri = g_file_get_uri (f->file);
  g_autofree char *copy = g_build_filename (home, "folder", "maze.png", NULL);

  /* The stand-in of the test before may still be leaving. */
  g_assert_true (maze_gui_test_wait_for (name_released, NULL, 5000));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.show-in-folder", "s",
                                             uri));
  g_assert_true (maze_gui_test_wait_for (file_exists, copy, 10000));
}

/* The stand-in applications, before GIO looks for any. */
static void
set_up_applications (void)
{
  g_autofree char *apps = NULL;
  g_autofree char *viewer = NULL;
  g_autofree char *manager = NULL;
  g_autofree char *mimeapps = NULL;
  g_autofree char *text = NULL;

  const char *data_dirs = g_getenv ("XDG_DATA_DIRS");
  g_autofree char *all_data_dirs = NULL;

  g_set_prgname ("test-file-launch");
  maze_test_fixture_set_up (&apps_home, NULL);
  home = apps_home.dir;
  /* Ours first: the system's MIME database and icons stay. */
  all_data_dirs = g_strdup_printf ("%s:%s", home, data_dirs != NULL && data_dirs[0] != '\0'
                                                  ? data_dirs : "/usr/local/share:/usr/share");
  g_setenv ("XDG_DATA_HOME", home, TRUE);
  g_setenv ("XDG_CONFIG_HOME", home, TRUE);
  g_setenv ("XDG_DATA_DIRS", all_data_dirs, TRUE);
  apps = g_build_filename (home, "applications", NULL);
  g_assert_cmpint (g_mkdir_with_parents (apps, 0700), ==, 0);

  viewer = g_build_filename (apps, "maze-test-viewer.desktop", NULL);
  text = g_strdup_printf ("[Desktop Entry]\nType=Application\nName=Viewer\n"
                          "Exec=cp %%f %s/opened\nMimeType=image/png;\n", home);
  g_assert_true (g_file_set_contents (viewer, text, -1, NULL));
  g_free (text);
  manager = g_build_filename (apps, "maze-test-files.desktop", NULL);
  text = g_strdup_printf ("[Desktop Entry]\nType=Application\nName=Files\n"
                          "Exec=cp -r %%f %s/folder\nMimeType=inode/directory;\n", home);
  g_assert_true (g_file_set_contents (manager, text, -1, NULL));
  mimeapps = g_build_filename (home, "mimeapps.list", NULL);
  g_assert_true (g_file_set_contents (mimeapps,
                                      "[Default Applications]\n"
                                      "image/png=maze-test-viewer.desktop\n"
                                      "inode/directory=maze-test-files.desktop\n", -1, NULL));
}

int
main (int    argc,
      char **argv)
{
  int status;

  set_up_applications ();
  app = maze_gui_test_init (&argc, &argv);

  g_test_add ("/file-launch/toast", Fixture, NULL, fixture_setup, test_toast, fixture_teardown);
  g_test_add ("/file-launch/open", Fixture, NULL, fixture_setup, test_open, fixture_teardown);
  g_test_add ("/file-launch/show-in-folder", Fixture, NULL, fixture_setup, test_show_in_folder,
              fixture_teardown);
  g_test_add ("/file-launch/show-folder-fallback", Fixture, NULL, fixture_setup,
              test_show_folder_fallback, fixture_teardown);

  status = g_test_run ();
  maze_test_fixture_tear_down (&apps_home, NULL);
  return status;
}
