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

/* The file to export to: a filter for the format (its name, MIME type
 * and file name suffix without the dot) beside "All Files", offering
 * suggested_name in folder (NULL: the chooser's own choice). */
void maze_choose_file_to_export (GtkWindow          *parent,
                                 GFile              *folder,
                                 const char         *suggested_name,
                                 const char         *filter_name,
                                 const char         *mime_type,
                                 const char         *suffix,
                                 MazeFileChosenFunc  callback,
                                 gpointer            user_data);

/* A button that shows a colour and lets the user pick another:
 * GtkColorButton on 4.8, GtkColorDialogButton on 4.10 and newer. Both
 * notify "rgba" when the colour changes. */
GtkWidget *maze_color_button_new      (const char     *title,
                                       gboolean        with_alpha);
void       maze_color_button_get_rgba (GtkWidget      *button,
                                       GdkRGBA        *rgba);
void       maze_color_button_set_rgba (GtkWidget      *button,
                                       const GdkRGBA  *rgba);

G_END_DECLS
