/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-gui-test-util.h"
#include "maze-recent-menu.h"
#include "maze-test-util.h"
#include "maze-window-private.h"

/* Open Recent in the main menu: the mazes the window saved (or opened)
 * are offered, other recent files are not, and an item opens its maze.
 * (Newest first is not checked: the recent list keeps whole seconds.) */

static MazeApplication *app;

typedef struct
{
  MazeWindow      *window;
  MazeDocument    *document;
  MazeTestFixture  files;
  char            *uris[3];   /* a.maze, b.maze, picture.png */
} Fixture;

static char *
file_uri (Fixture    *f,
          const char *name)
{
  g_autofree char *path = maze_test_fixture_path (&f->files, name);

  return g_filename_to_uri (path, NULL, NULL);
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  maze_test_fixture_set_up (&f->files, data);
  f->uris[0] = file_uri (f, "a.maze");
  f->uris[1] = file_uri (f, "b.maze");
  f->uris[2] = file_uri (f, "picture.png");
  f->document = maze_gui_test_new_document (MAZE_SHAPE_RECT, 10, 8, MAZE_ALGORITHM_PRIM, 4, 0);
  f->window = maze_window_new (app, f->document);
  maze_gui_test_present (f->window);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();

  maze_gui_test_close_windows ();
  for (guint i = 0; i < G_N_ELEMENTS (f->uris); i++)
    {
      gtk_recent_manager_remove_item (manager, f->uris[i], NULL);
      g_free (f->uris[i]);
    }
  g_clear_object (&f->document);
  maze_test_fixture_tear_down (&f->files, data);
}

/* The URI item i of the Open Recent menu opens; NULL when it has none. */
static char *
item_uri (GMenuModel *menu,
          int         i)
{
  g_autoptr(GVariant) target = NULL;

  target = g_menu_model_get_item_attribute_value (menu, i, G_MENU_ATTRIBUTE_TARGET,
                                                  G_VARIANT_TYPE_STRING);
  return target != NULL ? g_variant_dup_string (target, NULL) : NULL;
}

static int
find_item (Fixture    *f,
           const char *uri)
{
  GMenuModel *menu = G_MENU_MODEL (f->window->recent_menu);

  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *target = item_uri (menu, i);

      if (g_strcmp0 (target, uri) == 0)
        return i;
    }
  return -1;
}

static gboolean
both_listed (gpointer data)
{
  Fixture *f = data;

  return find_item (f, f->uris[0]) >= 0 && find_item (f, f->uris[1]) >= 0;
}

static gboolean
document_is_b (gpointer data)
{
  Fixture *f = data;
  GFile *file = maze_document_get_file (maze_window_get_document (f->window));
  g_autofree char *uri = file != NULL ? g_file_get_uri (file) : NULL;

  return g_strcmp0 (uri, f->uris[1]) == 0;
}

static void
save (Fixture *f,
      guint    i)
{
  g_autoptr(GFile) file = g_file_new_for_uri (f->uris[i]);
  g_autoptr(GError) error = NULL;

  g_assert_true (maze_window_save_to (f->window, file, &error));
  g_assert_no_error (error);
}

static void
test_open_recent (Fixture       *f,
                  gconstpointer  data)
{
  GMenuModel *menu = G_MENU_MODEL (f->window->recent_menu);
  g_autofree char *png_path = maze_test_fixture_path (&f->files, "picture.png");
  g_autofree char *label = NULL;
  int b;

  /* A picture that is recent, but no maze. */
  g_assert_true (g_file_set_contents (png_path, "\x89PNG", 4, NULL));
  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), f->uris[2]);
  save (f, 0);
  save (f, 1);
  g_assert_true (maze_gui_test_wait_for (both_listed, f, 5000));

  b = find_item (f, f->uris[1]);
  g_assert_cmpint (find_item (f, f->uris[2]), ==, -1);
  g_assert_cmpint (g_menu_model_get_n_items (menu), <=, MAZE_RECENT_MENU_MAX_ITEMS);
  g_assert_true (g_menu_model_get_item_attribute (menu, b, G_MENU_ATTRIBUTE_LABEL, "s", &label));
  g_assert_cmpstr (label, ==, "b.maze");

  /* Back to a, then b from the menu. */
  save (f, 0);
  g_assert_false (document_is_b (f));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.open-recent", "s",
                                             f->uris[1]));
  g_assert_true (maze_gui_test_wait_for (document_is_b, f, 5000));
}

int
main (int    argc,
      char **argv)
{
  app = maze_gui_test_init (&argc, &argv);

  g_test_add ("/recent/open-recent", Fixture, NULL, fixture_setup, test_open_recent,
              fixture_teardown);

  return g_test_run ();
}
