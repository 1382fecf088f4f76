/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-puzzle.h"

G_BEGIN_DECLS

/* A text maze (maze_text_parse()) as a puzzle: its first and last doors
 * are the start and the end, or the cells marked S and E (a door stands
 * for a missing one). *n_doors (may be NULL) says how many it had (doors,
 * or ends found with the marks); with fewer than two, start and end are
 * MAZE_NO_CELL and the caller decides (asks for them, or puts them
 * somewhere). */
MazePuzzle *maze_puzzle_from_text (const char  *text,
                                   gsize        length,
                                   guint       *n_doors,
                                   GError     **error);

G_END_DECLS
