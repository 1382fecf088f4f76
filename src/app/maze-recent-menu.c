/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-recent-menu.h"

#include <glib/gi18n.h>

#include "maze-puzzle-file.h"

static gboolean
is_recent_maze (GtkRecentInfo *info)
{
  const char *uri = gtk_recent_info_get_uri (info);

  /* A file that is gone is no longer offered (a remote one cannot be
   * asked cheaply: it stays). */
  if (gtk_recent_info_is_local (info) && !gtk_recent_info_exists (info))
    return FALSE;
  return g_strcmp0 (gtk_recent_info_get_mime_type (info), MAZE_FILE_MIME_TYPE) == 0 ||
         g_str_has_suffix (uri, MAZE_FILE_EXTENSION);
}

static int
newest_first (gconstpointer a,
              gconstpointer b)
{
  GDateTime *ta = gtk_recent_info_get_modified (*(GtkRecentInfo **) a);
  GDateTime *tb = gtk_recent_info_get_modified (*(GtkRecentInfo **) b);

  return g_date_time_compare (tb, ta);
}

void
maze_recent_menu_fill (GMenu            *menu,
                       GtkRecentManager *manager,
                       const char       *action)
{
  g_autoptr(GPtrArray) mazes = g_ptr_array_new_with_free_func ((GDestroyNotify) gtk_recent_info_unref);
  GList *items;

  g_return_if_fail (G_IS_MENU (menu));
  g_return_if_fail (GTK_IS_RECENT_MANAGER (manager));
  g_return_if_fail (action != NULL);

  items = gtk_recent_manager_get_items (manager);
  for (GList *l = items; l != NULL; l = l->next)
    {
      if (is_recent_maze (l->data))
        g_ptr_array_add (mazes, gtk_recent_info_ref (l->data));
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
  g_ptr_array_sort (mazes, newest_first);

  g_menu_remove_all (menu);
  for (guint i = 0; i < mazes->len && i < MAZE_RECENT_MENU_MAX_ITEMS; i++)
    {
      GtkRecentInfo *info = g_ptr_array_index (mazes, i);
      g_autoptr(GMenuItem) item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);

      g_menu_item_set_action_and_target (item, action, "s", gtk_recent_info_get_uri (info));
      g_menu_append_item (menu, item);
    }
  if (mazes->len == 0)
    g_menu_append (menu, _("No Recent Mazes"), NULL);
}
