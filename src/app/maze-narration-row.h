/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* One row of the playback's narration: the step number in a dim column,
 * then the line's text wrapped onto as many lines as it needs.
 *
 * A GtkBox of two wrapping GtkLabels costs several layouts a row each
 * time the list view rebinds its rows (GTK 4.8 rebinds about 200 on a
 * jump); this widget keeps one layout for the text, laid out once per
 * width, and measures height-for-width from it. */

#define MAZE_TYPE_NARRATION_ROW (maze_narration_row_get_type ())

G_DECLARE_FINAL_TYPE (MazeNarrationRow, maze_narration_row, MAZE, NARRATION_ROW, GtkWidget)

GtkWidget *maze_narration_row_new (void);

/* Shows step number @number (counted from 1) and @text. */
void       maze_narration_row_set (MazeNarrationRow *self,
                                   guint             number,
                                   const char       *text);

G_END_DECLS
