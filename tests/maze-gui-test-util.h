/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Helpers shared by the GUI tests (under Xvfb): running the main loop
 * until something holds or for a while, closing every window, and
 * screenshots of a window for people to look at. */

/* Iterates the main context until cond (data) holds; FALSE when
 * timeout_ms passed first. */
gboolean maze_gui_test_wait_for       (gboolean  (*cond) (gpointer),
                                       gpointer    data,
                                       guint       timeout_ms);
/* Iterates the main context for ms milliseconds. */
void     maze_gui_test_spin           (guint       ms);
/* Destroys every toplevel and lets the main loop see it. */
void     maze_gui_test_close_windows  (void);
/* With MAZE_SCREENSHOT_DIR set: lets the window settle (the canvas
 * draws its tiles over several frames), then writes it to
 * MAZE_SCREENSHOT_DIR/name-{light,dark}.png after the current colour
 * scheme. */
void     maze_gui_test_save_window    (GtkWidget  *window,
                                       const char *name);

G_END_DECLS
