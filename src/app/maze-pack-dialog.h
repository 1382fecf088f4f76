/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "maze-document.h"

G_BEGIN_DECLS

/* Export Pack: a PDF of many puzzles made to order (maze-pack.h) on the
 * document's grid shape — how many, how many to a page, one level for
 * all or levels rising from one to another — with the worksheet's
 * title, instructions, labels, name line, paper, margins, monochrome and
 * answer keys (none, at the back, or in a file of their own). A preview
 * of the first page follows the options; the pack is made and written on
 * a thread with a progress bar and Cancel, and the newest request wins.
 * The look (walls, colours) is the Export dialog's, from GSettings; the
 * folder of the last pack is remembered (pack-folder). On success the
 * dialog emits "exported" and closes. */

#define MAZE_TYPE_PACK_DIALOG (maze_pack_dialog_get_type ())

G_DECLARE_FINAL_TYPE (MazePackDialog, maze_pack_dialog, MAZE, PACK_DIALOG, AdwWindow)

MazePackDialog *maze_pack_dialog_new               (GtkWindow       *parent,
                                                    MazeDocument    *document,
                                                    GSettings       *settings);
/* Makes the pack and writes it to file (and its key file) without
 * asking: the Export button asks the user, then calls this; tests call
 * it directly. A pack being written is cancelled first. FALSE (nothing
 * written) when the options are refused, as the dialog shows. */
gboolean        maze_pack_dialog_export_to_file    (MazePackDialog  *self,
                                                    GFile           *file);
/* Is a pack being made? (the "busy" property) */
gboolean        maze_pack_dialog_get_busy          (MazePackDialog  *self);
/* Stops the pack being made, if any: nothing is written. Busy until
 * the thread has stopped. */
void            maze_pack_dialog_cancel            (MazePackDialog  *self);
/* How many previews have been drawn so far (for tests). */
guint           maze_pack_dialog_get_preview_count (MazePackDialog  *self);

G_END_DECLS
