/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "maze-application.h"
#include "maze-window.h"

G_BEGIN_DECLS

/* Helpers shared by the tests that drive the application's windows under
 * Xvfb: the application, documents and windows to test on, and running
 * the main loop until something holds. */

typedef gboolean (*MazeGuiTestCondition) (gpointer data);

MazeApplication  *maze_gui_test_init                (int                   *argc,
                                                     char                ***argv);
MazeDocument     *maze_gui_test_new_document        (MazeShape              shape,
                                                     guint                  width,
                                                     guint                  height,
                                                     guint64                seed,
                                                     guint32                braid);
void              maze_gui_test_present             (MazeWindow            *window);
void              maze_gui_test_destroy_windows     (void);

gboolean          maze_gui_test_wait_for            (MazeGuiTestCondition   cond,
                                                     gpointer               data,
                                                     guint                  timeout_ms);
void              maze_gui_test_spin_main_loop      (guint                  ms);
gboolean          maze_gui_test_widget_mapped       (gpointer               widget);

G_END_DECLS
