/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>

#include "maze-compat.h"
#include "maze-gui-test-util.h"
#include "maze-window-private.h"

/* The window's layout at the widths people use: a phone or a tiled half
 * screen (360 px), a small laptop window (800), a 1280 screen and the
 * default 1180. The settings sidebar and the solver panel fold over the
 * maze when there is no room for them beside it, and come back with
 * their header-bar toggles (win.show-sidebar, win.show-solvers); the
 * window never grows, and the canvas keeps its room. Run again in German
 * and Italian (tests/meson.build), whose words are longer. */

static MazeApplication *app;

/* The canvas's natural width (maze_canvas_measure()): what the panels
 * leave the maze beside them, or they fold. */
#define CANVAS_ROOM 480

typedef struct
{
  MazeWindow   *window;
  MazeDocument *document;
  int           width;   /* of the window's content */
} Fixture;

static gboolean
get_bool (gpointer    object,
          const char *property)
{
  gboolean value = FALSE;

  g_object_get (object, property, &value, NULL);
  return value;
}

/* The window's content: a window that is not maximized has a frame
 * around it (under Xvfb without a compositor, a border of a few
 * pixels), which a phone's full-screen window has not. */
static int
content_width (Fixture *f)
{
  return gtk_widget_get_width (GTK_WIDGET (f->window->toast_overlay));
}

static gboolean
content_allocated (gpointer data)
{
  return content_width (data) > 0;
}

static gboolean
window_at_width (gpointer data)
{
  Fixture *f = data;

  return content_width (f) == f->width &&
         gtk_widget_get_width (GTK_WIDGET (f->window->canvas)) > 0;
}

/* The flaps slide; the test looks once they are where they go. */
static gboolean
flaps_settled (gpointer data)
{
  Fixture *f = data;
  double sidebar, solvers;
  gboolean show_sidebar = get_bool (f->window->sidebar_flap, "reveal-flap");
  gboolean show_solvers = get_bool (f->window->solver_flap, "reveal-flap");

  g_object_get (f->window->sidebar_flap, "reveal-progress", &sidebar, NULL);
  g_object_get (f->window->solver_flap, "reveal-progress", &solvers, NULL);
  return sidebar == (show_sidebar ? 1.0 : 0.0) && solvers == (show_solvers ? 1.0 : 0.0);
}

static void
settle (Fixture *f)
{
  g_assert_true (maze_gui_test_wait_for (flaps_settled, f, 5000));
  /* Allocated after the last frame of the slide. */
  maze_gui_test_spin (50);
  g_assert_true (maze_gui_test_wait_for (window_at_width, f, 5000));
}

/* Who asks for more room than the window has, when it would not fit. */
static void
log_widths (GtkWidget *widget,
            int        depth)
{
  int min, nat;

  if (depth > 16)
    return;
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  if (min > 100)
    g_test_message ("%*s%s: minimum %d, natural %d, width %d", depth * 2, "",
                    G_OBJECT_TYPE_NAME (widget), min, nat, gtk_widget_get_width (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    log_widths (child, depth + 1);
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  GdkRectangle screen;
  GdkMonitor *monitor;
  int frame;

  /* GNOME's own window buttons (and a phone's): Close alone. GTK's
   * default under Xvfb adds Minimize and Maximize. */
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", "appmenu:close", NULL);
  f->document = maze_gui_test_new_document (MAZE_SHAPE_RECT, 20, 15, MAZE_ALGORITHM_BACKTRACKER,
                                            3, 0);
  f->window = maze_window_new (app, f->document);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 760);
  maze_gui_test_present (f->window);
  g_assert_true (maze_gui_test_wait_for (content_allocated, f, 5000));
  frame = 1000 - content_width (f);
  g_assert_cmpint (frame, >=, 0);
  f->width = GPOINTER_TO_INT (data);
  /* "1280 px" is a 1280-pixel screen (the Xvfb of the tests): the
   * widest window it holds, frame and all. */
  monitor = gdk_display_get_monitor_at_surface (gtk_widget_get_display (GTK_WIDGET (f->window)),
                                                gtk_native_get_surface (GTK_NATIVE (f->window)));
  gdk_monitor_get_geometry (monitor, &screen);
  f->width = MIN (f->width, screen.width - frame);
  gtk_window_set_default_size (GTK_WINDOW (f->window), f->width + frame, 760);
  if (!maze_gui_test_wait_for (window_at_width, f, 5000))
    log_widths (GTK_WIDGET (f->window), 0);
  g_assert_true (window_at_width (f));
  settle (f);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  maze_gui_test_close_windows ();
  g_clear_object (&f->document);
}

static int
canvas_width (Fixture *f)
{
  return gtk_widget_get_width (GTK_WIDGET (f->window->canvas));
}

static void
toggle (Fixture    *f,
        const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), action, NULL));
  settle (f);
}

/* Screenshots of the narrow layouts, for people to look at. */
static void
save (Fixture    *f,
      const char *what)
{
  const char *language = g_getenv ("LANGUAGE");
  g_autofree char *name = NULL;

  if (g_getenv ("MAZE_SCREENSHOT_DIR") == NULL)
    return;
  name = g_strdup_printf ("layout-%d-%s-%s", f->width, what,
                          language != NULL ? language : "en");
  maze_gui_test_save_window (GTK_WIDGET (f->window), name);
}

static void
check_language (void)
{
  /* In another language the words must really be that language's:
   * longer labels are what could widen a panel. */
  if (g_getenv ("LANGUAGE") != NULL)
    g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Solvers"), !=, "Solvers");
}

/* 360 px: both panels folded away; each comes over the maze when asked
 * for and goes again, and the maze keeps the whole width meanwhile. */
static void
test_narrow (Fixture       *f,
             gconstpointer  data)
{
  int full;

  check_language ();
  g_assert_true (get_bool (f->window->sidebar_flap, "folded"));
  g_assert_false (get_bool (f->window->sidebar_flap, "reveal-flap"));
  g_assert_false (get_bool (f->window, "show-sidebar"));
  g_assert_true (get_bool (f->window->solver_flap, "folded"));
  full = canvas_width (f);
  g_assert_cmpint (full, ==, f->width);
  g_test_message ("%d px: canvas %d px", f->width, full);
  save (f, "maze");

  toggle (f, "win.show-sidebar");
  g_assert_true (get_bool (f->window, "show-sidebar"));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (f->window->settings_panel)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window->settings_panel)), <=, f->width);
  g_assert_cmpint (canvas_width (f), ==, full);
  save (f, "settings");
  toggle (f, "win.show-sidebar");
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (f->window->settings_panel)));

  toggle (f, "win.show-solvers");
  g_assert_true (maze_solver_panel_get_active (f->window->solver_panel));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (f->window->solver_panel)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window->solver_panel)), <=, f->width);
  g_assert_cmpint (canvas_width (f), ==, full);
  save (f, "solvers");
  toggle (f, "win.show-solvers");
  g_assert_false (maze_solver_panel_get_active (f->window->solver_panel));
}

/* 800 px: the sidebar is folded away, the maze has the window; the
 * solver panel comes over it without growing the window (it grew to
 * 1115 px when the panel was a revealer beside the maze). */
static void
test_medium (Fixture       *f,
             gconstpointer  data)
{
  check_language ();
  g_assert_true (get_bool (f->window->sidebar_flap, "folded"));
  g_assert_false (get_bool (f->window, "show-sidebar"));
  g_assert_cmpint (canvas_width (f), ==, f->width);
  save (f, "maze");

  toggle (f, "win.show-solvers");
  g_assert_cmpint (content_width (f), ==, f->width);
  g_assert_cmpint (canvas_width (f), ==, f->width);
  save (f, "solvers");

  toggle (f, "win.show-sidebar");
  g_assert_cmpint (content_width (f), ==, f->width);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (f->window->settings_panel)));
  save (f, "settings");
}

/* 1280 px: the sidebar beside the maze; Shift+F9 hides it and the maze
 * takes its room. With the solvers open the maze keeps its room too. */
static void
test_wide (Fixture       *f,
           gconstpointer  data)
{
  int sidebar;

  check_language ();
  g_test_message ("content %d px wide", f->width);
  g_assert_false (get_bool (f->window->sidebar_flap, "folded"));
  g_assert_true (get_bool (f->window, "show-sidebar"));
  sidebar = gtk_widget_get_width (gtk_widget_get_parent (GTK_WIDGET (f->window->settings_panel)));
  g_assert_cmpint (canvas_width (f), ==, f->width - sidebar - 1);

  toggle (f, "win.show-sidebar");
  g_assert_false (get_bool (f->window, "show-sidebar"));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (f->window->settings_panel)));
  g_assert_cmpint (canvas_width (f), ==, f->width);
  toggle (f, "win.show-sidebar");
  g_assert_cmpint (canvas_width (f), ==, f->width - sidebar - 1);

  toggle (f, "win.show-solvers");
  g_test_message ("with the solvers: canvas %d px", canvas_width (f));
  g_assert_cmpint (content_width (f), ==, f->width);
  g_assert_cmpint (canvas_width (f), >=, CANVAS_ROOM);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (f->window->solver_panel)));
}

/* 1180 px, the default: opening the solvers left the maze about 370 px
 * between two panels. Now the sidebar makes way, the maze keeps its
 * room, and it comes back when the solvers close. */
static void
test_default (Fixture       *f,
              gconstpointer  data)
{
  check_language ();
  g_assert_true (get_bool (f->window, "show-sidebar"));
  toggle (f, "win.show-solvers");
  g_test_message ("%d px with the solvers: canvas %d px", f->width, canvas_width (f));
  g_assert_cmpint (content_width (f), ==, f->width);
  g_assert_cmpint (canvas_width (f), >=, CANVAS_ROOM);
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (f->window->settings_panel)));

  toggle (f, "win.show-solvers");
  g_assert_true (get_bool (f->window, "show-sidebar"));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (f->window->settings_panel)));
}

/* The window can be made as narrow as a phone: nothing in it (the header
 * bar's buttons, the tool strip, a panel) asks for more. */
static void
test_minimum (Fixture       *f,
              gconstpointer  data)
{
  int min_width;

  check_language ();
  toggle (f, "win.show-solvers");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.tool", "s", "weight"));
  maze_gui_test_spin (50);
  gtk_widget_measure (GTK_WIDGET (f->window->toast_overlay), GTK_ORIENTATION_HORIZONTAL, -1,
                      &min_width, NULL, NULL, NULL);
  g_test_message ("window minimum width: %d", min_width);
  g_assert_cmpint (min_width, <=, 360);
}

static GtkWidget *
find_shortcuts_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (GTK_IS_SHORTCUTS_WINDOW (window))
        return window;
    }
  return NULL;
}

static gboolean
shortcuts_shown (gpointer data)
{
  GtkWidget *window = find_shortcuts_window ();

  return window != NULL && gtk_widget_get_mapped (window);
}

/* The Keyboard Shortcuts window fits a 1280-pixel screen: it was 1419
 * pixels wide, a line cut short. Each section of it in turn (the
 * window is as wide as its widest). */
static void
test_shortcuts (Fixture       *f,
                gconstpointer  data)
{
#if ADW_CHECK_VERSION (1, 8, 0)
  g_test_skip ("libadwaita 1.8 shows an AdwShortcutsDialog, which is sized to the window");
#else
  GtkWidget *window;
  int min, natural;

  check_language ();
  maze_show_shortcuts (GTK_WINDOW (f->window));
  g_assert_true (maze_gui_test_wait_for (shortcuts_shown, NULL, 5000));
  window = find_shortcuts_window ();
  gtk_widget_measure (window, GTK_ORIENTATION_HORIZONTAL, -1, &min, &natural, NULL, NULL);
  g_test_message ("shortcuts window: minimum %d, natural %d", min, natural);
  g_assert_cmpint (natural, <=, 1280);
  gtk_window_destroy (GTK_WINDOW (window));
#endif
}

int
main (int    argc,
      char **argv)
{
  app = maze_gui_test_init (&argc, &argv);

#define ADD(path, width, func) \
  g_test_add (path, Fixture, GINT_TO_POINTER (width), fixture_setup, func, fixture_teardown)
  ADD ("/layout/narrow", 360, test_narrow);
  ADD ("/layout/medium", 800, test_medium);
  ADD ("/layout/wide", 1280, test_wide);
  ADD ("/layout/default", 1180, test_default);
  ADD ("/layout/minimum", 1180, test_minimum);
  ADD ("/layout/shortcuts", 1180, test_shortcuts);
#undef ADD

  return g_test_run ();
}
