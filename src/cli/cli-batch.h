/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "maze-core.h"

G_BEGIN_DECLS

/* The offset-th puzzle of `export --batch` made from input (which has
 * its parameters): a new maze like it, see cli-batch.c. */
MazePuzzle *cli_batch_puzzle (const MazePuzzle  *input,
                              guint64            offset,
                              GError           **error);

/* A puzzle of a pack made to order from seed up (maze-order.h): by
 * level's recipe on the input's grid shape, or (level 0) the input's
 * size, algorithm and braid scored min_score..max_score; a shaped
 * input's mask is not kept. Titled as the input. */
MazePuzzle *cli_batch_puzzle_to_order (const MazePuzzle  *input,
                                       MazeLevel          level,
                                       guint32            min_score,
                                       guint32            max_score,
                                       guint64            seed,
                                       GError           **error);

G_END_DECLS
