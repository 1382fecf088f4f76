/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "maze-document.h"
#include "maze-outline.h"

G_BEGIN_DECLS

/* The sidebar's Outline row: None, the preset outlines, Text… and
 * Picture…, with a small picture of the document's outline. Choosing
 * one makes a new maze inside it, at the document's shape and size and
 * with its algorithm and seed, as one undo step; an outline that cannot
 * be applied is told in a toast, the maze unchanged. The row shows the
 * outline the document's maze was made with. In a window, a big maze
 * (more cells than the window makes at once) takes its outline on a
 * thread, through the window's busy state: its progress, and Cancel
 * stops it; a change to the document meanwhile drops it. */

#define MAZE_TYPE_OUTLINE_ROW (maze_outline_row_get_type ())

G_DECLARE_FINAL_TYPE (MazeOutlineRow, maze_outline_row, MAZE, OUTLINE_ROW, AdwComboRow)

/* The row's items: None, then the presets in MazeOutline order, then: */
#define MAZE_OUTLINE_ROW_NONE    0
#define MAZE_OUTLINE_ROW_TEXT    (1 + MAZE_N_OUTLINES)
#define MAZE_OUTLINE_ROW_PICTURE (2 + MAZE_N_OUTLINES)

void     maze_outline_row_set_document  (MazeOutlineRow  *self,
                                         MazeDocument    *document);
/* What Text… and Picture… do once the user has answered: for tests and
 * the dialogs. FALSE (a toast shown, document unchanged) when refused at
 * once; TRUE when made, or begun on a thread. */
gboolean maze_outline_row_apply_text    (MazeOutlineRow  *self,
                                         const char      *text,
                                         const char      *font);
gboolean maze_outline_row_apply_picture (MazeOutlineRow  *self,
                                         GFile           *file,
                                         guint            threshold);

/* For tests: what Picture… asks instead of the file chooser (returns a
 * new reference, or NULL as if cancelled); NULL for the chooser. */
typedef GFile *(*MazeOutlinePictureFunc) (gpointer user_data);

void     maze_outline_row_set_picture_chooser (MazeOutlineRow         *self,
                                               MazeOutlinePictureFunc  func,
                                               gpointer                user_data);

/* For tests: outlines being made on a thread, finished or not. */
guint    maze_outline_row_get_jobs      (MazeOutlineRow  *self);

G_END_DECLS
