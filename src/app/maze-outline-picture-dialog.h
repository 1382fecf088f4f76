/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "maze-grid.h"
#include "maze-outline-image.h"

G_BEGIN_DECLS

/* What the Outline row shows of outlines: a mask in a small drawing,
 * and the dialog that asks a picture's threshold with the outline it
 * gives. */

/* The grid's open cells in the widget's colour, fitted to width ×
 * height: a pixel a sample of the grid, so a big maze costs the same. */
void maze_outline_draw_mask     (GtkWidget               *widget,
                                 cairo_t                 *cr,
                                 const MazeGrid          *grid,
                                 int                      width,
                                 int                      height);

/* Told once: apply and the threshold chosen, or apply FALSE when
 * cancelled. image is the dialog's, valid during the call. */
typedef void (*MazeOutlineThresholdFunc) (const MazeOutlineImage *image,
                                          gboolean                apply,
                                          guint                   threshold,
                                          gpointer                user_data);

/* Asks how dark a pixel of image (taken; name is its file's) must be to
 * be maze, previewing its outline on a grid of width × height cells. */
void maze_outline_ask_threshold (GtkWidget                *parent,
                                 MazeOutlineImage         *image,
                                 const char               *name,
                                 guint                     width,
                                 guint                     height,
                                 MazeOutlineThresholdFunc  done,
                                 gpointer                  user_data);

G_END_DECLS
