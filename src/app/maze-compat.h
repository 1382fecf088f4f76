/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The one place where the app looks at the GTK and libadwaita versions:
 * GtkFileDialog when built against GTK 4.10 or newer, GtkFileChooserNative
 * (which goes through the portal too) on 4.8; AdwAlertDialog on
 * libadwaita 1.5 or newer, AdwMessageDialog (deprecated in 1.6) before. */

/* Called once: with the chosen file, or NULL when the user cancelled. */
typedef void (*MazeFileChosenFunc) (GFile    *file,
                                    gpointer  user_data);

void maze_choose_file_to_open (GtkWindow          *parent,
                               MazeFileChosenFunc  callback,
                               gpointer            user_data);
/* A PNG, JPEG or SVG picture to open (for an outline). */
void maze_choose_picture      (GtkWindow          *parent,
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

/* The widget's foreground colour from the theme (gtk_widget_get_color()
 * from GTK 4.10, the style context's before). */
void maze_widget_get_color (GtkWidget *widget,
                            GdkRGBA   *color);

/* A named colour of the theme (libadwaita's "view_bg_color"…) as the
 * widget sees it; FALSE when the theme has none by that name. Named
 * colours have no replacement API before CSS variables. */
gboolean maze_widget_lookup_color (GtkWidget  *widget,
                                   const char *name,
                                   GdkRGBA    *color);

/* The Keyboard Shortcuts list over parent (NULL: none): an
 * AdwShortcutsDialog on libadwaita 1.8 and newer, the GtkShortcutsWindow
 * (deprecated in GTK 4.18) it is made from before. */
void maze_show_shortcuts (GtkWindow *parent);

/* A dialog that tells or asks something. Add the responses, connect to
 * "response" (both kinds emit it with the response's id: a handler
 * takes (GtkWidget *alert, const char *response, gpointer user_data)),
 * then present it; it closes itself after a response. */
GtkWidget *maze_alert_new                  (const char            *heading,
                                            const char            *body);
void       maze_alert_add_response         (GtkWidget             *alert,
                                            const char            *id,
                                            const char            *label,
                                            AdwResponseAppearance  appearance);
void       maze_alert_set_default_response (GtkWidget             *alert,
                                            const char            *id);
/* The response for Escape and for closing the alert. */
void       maze_alert_set_close_response   (GtkWidget             *alert,
                                            const char            *id);
/* A widget under the body: fields the alert asks for. */
void       maze_alert_set_extra_child      (GtkWidget             *alert,
                                            GtkWidget             *child);
/* parent: a widget of the window the alert is about (NULL: none). */
void       maze_alert_present              (GtkWidget             *alert,
                                            GtkWidget             *parent);
/* A failure: heading, body and a Close button. */
void       maze_alert_show_error           (GtkWidget             *parent,
                                            const char            *heading,
                                            const char            *body);

/* For tests, the same on either version: the alert last presented over
 * parent and still open (parent NULL: over any window, or none), its
 * texts, and a response as if the user had chosen it. */
GtkWidget  *maze_alert_find        (GtkWidget  *parent);
GtkWidget  *maze_alert_get_parent  (GtkWidget  *alert);
const char *maze_alert_get_heading (GtkWidget  *alert);
const char *maze_alert_get_body    (GtkWidget  *alert);
void        maze_alert_respond     (GtkWidget  *alert,
                                    const char *response);

G_END_DECLS
