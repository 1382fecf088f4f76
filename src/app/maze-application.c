/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-application.h"

#include <glib/gi18n.h>

#include "maze-compat.h"
#include "maze-window.h"

#define WEBSITE "https://github.com/mazewright/mazewright"

struct _MazeApplication
{
  AdwApplication  parent_instance;

  GSettings      *settings;
};

G_DEFINE_FINAL_TYPE (MazeApplication, maze_application, ADW_TYPE_APPLICATION)

static void
apply_color_scheme (MazeApplication *self)
{
  g_autofree char *scheme = g_settings_get_string (self->settings, "color-scheme");
  AdwColorScheme color_scheme = ADW_COLOR_SCHEME_DEFAULT;

  if (g_str_equal (scheme, "light"))
    color_scheme = ADW_COLOR_SCHEME_FORCE_LIGHT;
  else if (g_str_equal (scheme, "dark"))
    color_scheme = ADW_COLOR_SCHEME_FORCE_DARK;
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), color_scheme);
}

static MazeWindow *
new_window (MazeApplication *self,
            MazeDocument    *document)
{
  return maze_window_new (self, document);
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  g_autoptr(GList) windows = g_list_copy (gtk_application_get_windows (app));

  /* Each window asks about its own unsaved changes; the application
   * ends when the last one is gone. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
}

static void
new_window_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  gtk_window_present (GTK_WINDOW (new_window (MAZE_APPLICATION (user_data), NULL)));
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (app);
  const char *developers[] = {
    "The Mazewright contributors " WEBSITE "/graphs/contributors",
    NULL,
  };
  const char *libraries[] = {
    "GTK https://gtk.org",
    "libadwaita https://gnome.pages.gitlab.gnome.org/libadwaita/",
    "JSON-GLib https://gnome.pages.gitlab.gnome.org/json-glib/",
    "cairo https://www.cairographics.org",
    "libpng http://www.libpng.org/pub/png/libpng.html",
    NULL,
  };
  GObject *about;

  /* AdwAboutDialog replaces AdwAboutWindow from libadwaita 1.5 (the
   * window is deprecated in 1.6); both have the same properties. */
#if ADW_CHECK_VERSION (1, 5, 0)
  about = G_OBJECT (adw_about_dialog_new ());
#else
  about = G_OBJECT (adw_about_window_new ());
#endif
  g_object_set (about,
                "application-name", _("Mazewright"),
                "developer-name", _("The Mazewright contributors"),
                /* From the theme, or from the resources when not installed */
                "application-icon", APP_ID,
                "version", PACKAGE_VERSION,
                "comments", _("Design, solve, print and export mazes"),
                "website", WEBSITE,
                "issue-url", WEBSITE "/issues",
                "license-type", GTK_LICENSE_GPL_3_0,
                "copyright", _("© The Mazewright contributors"),
                "developers", developers,
                /* Translators: replace with your names, one per line */
                "translator-credits", _("translator-credits"),
                NULL);

#if ADW_CHECK_VERSION (1, 5, 0)
  adw_about_dialog_add_acknowledgement_section (ADW_ABOUT_DIALOG (about), _("Built With"), libraries);
  adw_dialog_present (ADW_DIALOG (about), parent != NULL ? GTK_WIDGET (parent) : NULL);
#else
  adw_about_window_add_acknowledgement_section (ADW_ABOUT_WINDOW (about), _("Built With"), libraries);
  if (parent != NULL)
    gtk_window_set_transient_for (GTK_WINDOW (about), parent);
  gtk_window_present (GTK_WINDOW (about));
#endif
}

static void
shortcuts_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  maze_show_shortcuts (gtk_application_get_active_window (GTK_APPLICATION (user_data)));
}

static const GActionEntry app_actions[] = {
  { .name = "quit", .activate = quit_action },
  { .name = "new-window", .activate = new_window_action },
  { .name = "about", .activate = about_action },
  { .name = "shortcuts", .activate = shortcuts_action },
};

static void
maze_application_startup (GApplication *application)
{
  MazeApplication *self = MAZE_APPLICATION (application);
  GtkApplication *app = GTK_APPLICATION (application);
  g_autoptr(GAction) color_scheme = NULL;
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *new_window_accels[] = { "<Control>n", NULL };
  static const char *shortcuts_accels[] = { "<Control>question", NULL };

  G_APPLICATION_CLASS (maze_application_parent_class)->startup (application);

  g_set_application_name (_("Mazewright"));
  gtk_window_set_default_icon_name (APP_ID);

  self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->settings, "changed::color-scheme",
                           G_CALLBACK (apply_color_scheme), self, G_CONNECT_SWAPPED);
  apply_color_scheme (self);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  color_scheme = g_settings_create_action (self->settings, "color-scheme");
  g_action_map_add_action (G_ACTION_MAP (app), color_scheme);

  /* Only application-wide actions get accelerators here: these are
   * handled before the focused widget sees the key. The window's own
   * shortcuts are bindings of MazeWindow. */
  gtk_application_set_accels_for_action (app, "app.quit", quit_accels);
  gtk_application_set_accels_for_action (app, "app.new-window", new_window_accels);
  gtk_application_set_accels_for_action (app, "app.shortcuts", shortcuts_accels);
}

static void
maze_application_activate (GApplication *application)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (window == NULL)
    window = GTK_WINDOW (new_window (MAZE_APPLICATION (application), NULL));
  gtk_window_present (window);
}

/* The window showing file, if any. */
static MazeWindow *
find_window_for_file (MazeApplication *self,
                      GFile           *file)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    {
      GFile *shown;

      if (!MAZE_IS_WINDOW (l->data))
        continue;
      shown = maze_document_get_file (maze_window_get_document (l->data));
      if (shown != NULL && g_file_equal (shown, file))
        return l->data;
    }
  return NULL;
}

static void
maze_application_open (GApplication  *application,
                       GFile        **files,
                       int            n_files,
                       const char    *hint)
{
  MazeApplication *self = MAZE_APPLICATION (application);

  for (int i = 0; i < n_files; i++)
    {
      MazeWindow *window = find_window_for_file (self, files[i]);
      GtkWindow *active;

      if (window == NULL)
        {
          /* A fresh window nobody has touched takes the file. */
          active = gtk_application_get_active_window (GTK_APPLICATION (self));
          if (MAZE_IS_WINDOW (active) && maze_window_is_pristine (MAZE_WINDOW (active)))
            window = MAZE_WINDOW (active);
          else
            window = new_window (self, NULL);
          /* Shown first, so that an error dialog has its parent on
           * screen. */
          gtk_window_present (GTK_WINDOW (window));
          maze_window_open_file (window, files[i]);
        }
      else
        gtk_window_present (GTK_WINDOW (window));
    }
}

static void
maze_application_dispose (GObject *object)
{
  MazeApplication *self = MAZE_APPLICATION (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (maze_application_parent_class)->dispose (object);
}

static void
maze_application_class_init (MazeApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *application_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = maze_application_dispose;
  application_class->startup = maze_application_startup;
  application_class->activate = maze_application_activate;
  application_class->open = maze_application_open;
}

static void
maze_application_init (MazeApplication *self)
{
}

MazeApplication *
maze_application_new (void)
{
  return g_object_new (MAZE_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/mazewright/Mazewright",
                       NULL);
}
