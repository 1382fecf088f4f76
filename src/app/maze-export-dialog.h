/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "maze-document.h"
#include "maze-export-preview.h"
#include "maze-export-settings.h"

G_BEGIN_DECLS

/* The Export dialog: PNG, SVG, PDF worksheet or text, with a preview
 * drawn by the shared renderer as the options change. The options start
 * as the ones used last (GSettings) and are saved when an export starts.
 * The export runs on a thread with a progress bar and Cancel; on success
 * the dialog emits "exported" and closes, on failure it says why in a
 * message dialog and stays open. Bad values are reported in the dialog
 * before anything is written.
 *
 * The dialog exports a copy of the document's maze taken when it
 * opened, so edits or a generation finishing meanwhile do not reach a
 * file half written. */

#define MAZE_TYPE_EXPORT_DIALOG (maze_export_dialog_get_type ())

G_DECLARE_FINAL_TYPE (MazeExportDialog, maze_export_dialog, MAZE, EXPORT_DIALOG, AdwWindow)

MazeExportDialog        *maze_export_dialog_new               (GtkWindow         *parent,
                                                               MazeDocument      *document,
                                                               GSettings         *settings);
/* The export request as the controls say now. */
const MazeExportRequest *maze_export_dialog_get_request       (MazeExportDialog  *self);
/* Exports to file without asking for one: the Export button asks the
 * user, then calls this; tests call it directly. FALSE (and nothing
 * written) when the options are refused, which the dialog shows, or an
 * export is running already. */
gboolean                 maze_export_dialog_export_to_file    (MazeExportDialog  *self,
                                                               GFile             *file);
/* Is an export running? (the "busy" property) */
gboolean                 maze_export_dialog_get_busy          (MazeExportDialog  *self);
/* Stops the running export, if any: no file is written. */
void                     maze_export_dialog_cancel            (MazeExportDialog  *self);
/* Where the file chooser opens: the document's folder, else the last
 * export's if it still exists, else NULL (the chooser's own choice). */
GFile                   *maze_export_dialog_get_folder        (MazeExportDialog  *self);
/* How many previews have been drawn so far (for tests). */
guint                    maze_export_dialog_get_preview_count (MazeExportDialog  *self);

G_END_DECLS
