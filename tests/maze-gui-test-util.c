/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "maze-gui-test-util.h"

#include <adwaita.h>

gboolean
maze_gui_test_wait_for (gboolean (*cond) (gpointer),
                        gpointer   data,
                        guint      timeout_ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (!cond (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  return TRUE;
}

void
maze_gui_test_spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

void
maze_gui_test_close_windows (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  while (g_list_model_get_n_items (toplevels) > 0)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, 0);

      gtk_window_destroy (window);
    }
  maze_gui_test_spin (20);
}

void
maze_gui_test_save_window (GtkWidget  *window,
                           const char *name)
{
  const char *dir = g_getenv ("MAZE_SCREENSHOT_DIR");
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  g_autofree char *file = g_strdup_printf ("%s-%s.png", name, dark ? "dark" : "light");
  g_autofree char *path = NULL;
  g_autoptr(GdkPaintable) paintable = NULL;
  GtkSnapshot *snapshot;
  GskRenderNode *node;
  GdkTexture *texture;
  int width, height;

  g_assert_nonnull (dir);
  path = g_build_filename (dir, file, NULL);
  /* Sizes only once the window has settled: right after it was shown
   * it may not have been allocated yet. */
  maze_gui_test_spin (1500);
  width = gtk_widget_get_width (window);
  height = gtk_widget_get_height (window);
  g_assert_cmpint (width, >, 0);
  paintable = gtk_widget_paintable_new (window);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("wrote %s (%d × %d)", path, width, height);
  g_object_unref (texture);
  gsk_render_node_unref (node);
}
