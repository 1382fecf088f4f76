/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "maze-application.h"
#include "maze-window.h"

G_BEGIN_DECLS

/* Helpers shared by the GUI tests (under Xvfb): running the main loop
 * until something holds or for a while, closing every window,
 * screenshots of a window for people to look at, and the application,
 * documents and windows to test on. */

/* Iterates the main context until cond (data) holds; FALSE when
 * timeout_ms (at least a minute: a bound on a hang, not on speed)
 * passed first. */
gboolean         maze_gui_test_wait_for       (gboolean  (*cond) (gpointer),
                                               gpointer    data,
                                               guint       timeout_ms);
/* Iterates the main context for ms milliseconds. */
void             maze_gui_test_spin           (guint       ms);
/* Destroys every toplevel and lets the main loop see it. */
void             maze_gui_test_close_windows  (void);
/* With MAZE_SCREENSHOT_DIR set: lets the window settle (the canvas
 * draws its tiles over several frames), then writes it to
 * MAZE_SCREENSHOT_DIR/name-{light,dark}.png after the current colour
 * scheme. */
void             maze_gui_test_save_window    (GtkWidget  *window,
                                               const char *name);

/* gtk_test_init(), adw_init(), and the application registered (settings,
 * accelerators, actions) without running. */
MazeApplication *maze_gui_test_init           (int        *argc,
                                               char     ***argv);
/* A document on a freshly generated maze, start and end in the
 * corners. */
MazeDocument    *maze_gui_test_new_document   (MazeShape     shape,
                                               guint         width,
                                               guint         height,
                                               MazeAlgorithm algorithm,
                                               guint64       seed,
                                               guint32       braid);
/* Shows window and waits until it is on screen. */
void             maze_gui_test_present        (MazeWindow *window);
/* A condition for maze_gui_test_wait_for(): the widget is mapped. */
gboolean         maze_gui_test_widget_mapped  (gpointer    widget);
/* The shortcut for keyval (no modifiers) among widget's shortcut
 * controllers in phase, activated as a key press reaching widget would
 * (class key bindings are in GTK_PHASE_BUBBLE). TRUE when it took the
 * key; FALSE when it declined or there is none (*found, if given, says
 * which). */
gboolean         maze_gui_test_press_shortcut (GtkWidget           *widget,
                                               GtkPropagationPhase  phase,
                                               guint                keyval,
                                               gboolean            *found);
/* widget's template child called name (of a template of type); it must
 * be there. */
gpointer         maze_gui_test_template_child (GtkWidget   *widget,
                                               GType        type,
                                               const char  *name);
/* A condition: the solver panel has caught up with the maze. */
gboolean         maze_gui_test_solver_panel_settled (gpointer panel);

G_END_DECLS
