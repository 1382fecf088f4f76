/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "maze-core.h"

G_BEGIN_DECLS

/* The offset-th puzzle of `export --batch` made from input (which has
 * its parameters): a new maze like it, see cli-batch.c. */
MazePuzzle *cli_batch_puzzle (const MazePuzzle  *input,
                              guint64            offset,
                              GError           **error);

G_END_DECLS
