/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The one place where the app looks at the GTK version: GtkFileDialog
 * when built against GTK 4.10 or newer, GtkFileChooserNative (which
 * goes through the portal too) on 4.8. */

/* Called once: with the chosen file, or NULL when the user cancelled. */
typedef void (*MazeFileChosenFunc) (GFile    *file,
                                    gpointer  user_data);

void maze_choose_file_to_open (GtkWindow          *parent,
                               MazeFileChosenFunc  callback,
                               gpointer            user_data);
/* current_file: preselected when the document has one; otherwise
 * suggested_name is offered in the current folder. */
void maze_choose_file_to_save (GtkWindow          *parent,
                               GFile              *current_file,
                               const char         *suggested_name,
                               MazeFileChosenFunc  callback,
                               gpointer            user_data);

G_END_DECLS
