/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "maze-export-request.h"
#include "maze-pack.h"

G_BEGIN_DECLS

/* Fits a pack's mazes to their place on the page, before any is made:
 * the one rule the CLI and the window's Export Pack share. A pack of
 * levels whose recipes print below the least legible cells
 * (maze_export_request_check()) gets, for each such level, the largest
 * side that fits (order->max_side) when the level can still reach its
 * band at that size (maze_level_get_min_side(); on rings, around the
 * model's room or centre cell, as the pack makes them); else FALSE,
 * MAZE_ERROR_INVALID_SIZE, naming the easiest level that cannot, the
 * paper and the count a page.
 * A band of scores keeps the model's size: it is checked as it is. */
gboolean maze_export_request_fit_pack (const MazeExportRequest  *request,
                                       MazePackOrder            *order,
                                       GError                  **error);

G_END_DECLS
