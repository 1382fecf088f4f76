/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A click meant for a widget that vanished under the pointer (the
 * progress overlay's Cancel, just as the maze was done) must not reach
 * what lies beneath (the canvas, which moved the start). Once child is
 * hidden with maze_click_guard_hide(), a press inside the area it
 * covered in container is swallowed, until the pointer leaves that area
 * or one press was swallowed. */
void     maze_click_guard_attach (GtkWidget *child,
                                  GtkWidget *container);
/* Hides child (GTK forgets where it was as it hides it). */
void     maze_click_guard_hide   (GtkWidget *child);
/* Whether a press at (x, y) in container would be swallowed now. */
gboolean maze_click_guard_covers (GtkWidget *container,
                                  double     x,
                                  double     y);

G_END_DECLS
