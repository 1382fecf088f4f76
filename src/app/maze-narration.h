/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "maze-playback.h"

G_BEGIN_DECLS

/* The narration of a playback: one line of plain, translated words per
 * step, e.g. "At (3,4) the unvisited neighbours are N and E; chose E and
 * carved the wall between them" or "Settle (5,5) at distance 12".
 *
 * MazeNarration is a GListModel of MazeNarrationLine with one item per
 * step of the playback: item k tells step k, the move from position k to
 * k + 1 (so while the playback is at position p, the line just carried
 * out is p - 1). Items are made when asked for and not kept: a
 * GtkListView over a million steps costs only the rows it shows, and
 * getting a line reads a handful of events.
 *
 * Cells are written (x,y), column and row counted from 0 as in the
 * window's status bar ("Cell 3, 4") and in .maze files. Directions are
 * the topology's (rect: N E S W; hex: E SE SW W NW NE), translated. */

#define MAZE_TYPE_NARRATION_LINE (maze_narration_line_get_type ())

G_DECLARE_FINAL_TYPE (MazeNarrationLine, maze_narration_line, MAZE, NARRATION_LINE, GObject)

/* The properties "step" (guint) and "text" (string), read-only. */
guint          maze_narration_line_get_step     (MazeNarrationLine *self);
const char    *maze_narration_line_get_text     (MazeNarrationLine *self);

#define MAZE_TYPE_NARRATION (maze_narration_get_type ())

G_DECLARE_FINAL_TYPE (MazeNarration, maze_narration, MAZE, NARRATION, GObject)

MazeNarration *maze_narration_new               (MazePlayback      *playback);
MazePlayback  *maze_narration_get_playback      (MazeNarration     *self);
/* The line for step (< n_steps), without making an item. */
char          *maze_narration_dup_line          (MazeNarration     *self,
                                                 guint              step);

/* A cell as the narration writes it, "(3,4)": for the panel's other
 * labels, so they agree. */
char          *maze_narration_format_cell       (const MazeGrid    *grid,
                                                 guint32            cell);
/* A direction's translated name, "N" or "SE". */
const char    *maze_narration_direction_name    (const MazeTopology *topology,
                                                 guint               dir);

G_END_DECLS
