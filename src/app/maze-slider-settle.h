/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A slider whose value is applied once it rests: some time after the
 * last change, or at once when the drag that moved it ends. Each drag
 * has a gesture number of its own (0: keys, the wheel, a click), so that
 * the document can make one undo step of one drag (the braid sliders of
 * the settings and solver panels). */

typedef struct _MazeSliderSettle MazeSliderSettle;

/* Told the value the user rested on and the drag it came from. */
typedef void (*MazeSliderSettledFunc) (double   value,
                                       guint    gesture,
                                       gpointer user_data);

MazeSliderSettle *maze_slider_settle_new        (GtkRange              *range,
                                                 guint                  delay_ms,
                                                 MazeSliderSettledFunc  settled,
                                                 gpointer               user_data);
void              maze_slider_settle_free       (MazeSliderSettle      *self);
/* The user changed the value (call from "value-changed"). */
void              maze_slider_settle_changed    (MazeSliderSettle      *self);
/* A value not yet applied, or a drag under way: the slider is the
 * user's, not to be set from the document. */
gboolean          maze_slider_settle_is_busy    (MazeSliderSettle      *self);
/* Applies a value still settling now (an undo right after it undoes it). */
void              maze_slider_settle_flush      (MazeSliderSettle      *self);
/* Drops a value still settling. */
void              maze_slider_settle_cancel     (MazeSliderSettle      *self);

G_END_DECLS
