/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* What the "Exported …" toast offers: the file opened in the user's
 * application for it, or shown selected in the file manager. Failures
 * are said in a toast of the window's (maze_window_show_toast()) by the
 * callback's caller: on_error gets a message to show. */

typedef void (*MazeLaunchErrorFunc) (GtkWindow  *parent,
                                     const char *message);

/* GtkFileLauncher on GTK 4.10 and newer; the default application for
 * the file's type (g_app_info_launch_default_for_uri_async()) on 4.8. */
void maze_file_launch_open           (GtkWindow           *parent,
                                      GFile               *file,
                                      MazeLaunchErrorFunc  on_error);
/* The file manager's org.freedesktop.FileManager1.ShowItems over D-Bus,
 * which selects the file in its folder; the folder opened in the default
 * application when no file manager answers. */
void maze_file_launch_show_in_folder (GtkWindow           *parent,
                                      GFile               *file,
                                      MazeLaunchErrorFunc  on_error);

G_END_DECLS
