/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "maze-application.h"
#include "maze-document.h"

G_BEGIN_DECLS

#define MAZE_TYPE_WINDOW (maze_window_get_type ())

G_DECLARE_FINAL_TYPE (MazeWindow, maze_window, MAZE, WINDOW, AdwApplicationWindow)

/* document: NULL for a new maze. */
MazeWindow   *maze_window_new          (MazeApplication  *application,
                                        MazeDocument     *document);
MazeDocument *maze_window_get_document (MazeWindow       *self);
/* Is there work under way on a thread (a maze made, a file read)? */
gboolean      maze_window_get_busy     (MazeWindow       *self);
/* A new document nobody has touched: opening a file may replace it. */
gboolean      maze_window_is_pristine  (MazeWindow       *self);
/* Opens file in this window: reads it on a thread behind the progress
 * overlay (win.cancel stops it), then asks when the document has
 * unsaved changes; a file that cannot be read, or holds a maze over
 * MAZE_DOCUMENT_MAX_CELLS, is reported in a dialog and the current
 * document stays. */
void          maze_window_open_file    (MazeWindow       *self,
                                        GFile            *file);
/* Saves the document to file (no questions); FALSE with error, which is
 * not shown. */
gboolean      maze_window_save_to      (MazeWindow       *self,
                                        GFile            *file,
                                        GError          **error);

G_END_DECLS
