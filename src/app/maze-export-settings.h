/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "maze-export-request.h"

G_BEGIN_DECLS

/* The Export dialog's choices kept in the app's GSettings (the export-*
 * keys), as an export request (maze-export-request.h). The keys' ranges
 * are the request's limits. */

/* Reads the keys into request; a choice that is not known keeps the
 * first one, a colour that does not parse the request's. */
void         maze_export_settings_load         (MazeExportRequest        *request,
                                                GSettings                *settings);
/* Refuses a request that does not validate and writes nothing then. */
gboolean     maze_export_settings_save         (const MazeExportRequest  *request,
                                                GSettings                *settings,
                                                GError                  **error);

/* The page orientation as the dialog offers it: 0 automatic (the one
 * with the bigger cells), 1 portrait, 2 landscape. */
guint        maze_export_settings_get_orientation (const MazeExportRequest *request);
void         maze_export_settings_set_orientation (MazeExportRequest       *request,
                                                   guint                    orientation);

/* "#rrggbb", or "#rrggbbaa" when not opaque; and back (either form,
 * either case). */
char        *maze_export_color_to_string       (const MazeColor          *color);
gboolean     maze_export_color_parse           (const char               *text,
                                                MazeColor                *color);

G_END_DECLS
