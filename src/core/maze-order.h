/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-puzzle.h"

G_BEGIN_DECLS

/* Mazes made to order: a difficulty score band asked for. */

/* How many seeds are tried before giving up. */
#define MAZE_ORDER_MAX_TRIES 200

/* As maze_puzzle_generate(), from options->seed, then seed + 1, seed +
 * 2, ... until the maze's difficulty score (maze-difficulty.h) is within
 * min_score..max_score: the same request always makes the same maze.
 * The puzzle records the band (has_band, band_min, band_max) and the
 * seed that made it. *tries (may be NULL) is how many were made. After MAZE_ORDER_MAX_TRIES
 * misses: MAZE_ERROR_INVALID_ARGUMENT, saying which way the scores were
 * off and what to change. options->progress is told the share of the
 * tries spent, and may stop the search (MAZE_ERROR_CANCELLED). */
MazePuzzle *maze_puzzle_generate_to_order (MazeShape                   shape,
                                           guint                       width,
                                           guint                       height,
                                           const MazeGenerateOptions  *options,
                                           guint32                     braid,
                                           MazeEndpointsPreset         preset,
                                           guint32                     min_score,
                                           guint32                     max_score,
                                           guint                      *tries,
                                           GError                    **error);
/* The same on a copy of shape for each try: its mask (an outline) and
 * weights kept, its passages carved anew. */
MazePuzzle *maze_puzzle_generate_to_order_on (const MazeGrid             *shape,
                                              const MazeGenerateOptions  *options,
                                              guint32                     braid,
                                              MazeEndpointsPreset         preset,
                                              guint32                     min_score,
                                              guint32                     max_score,
                                              guint                      *tries,
                                              GError                    **error);

G_END_DECLS
