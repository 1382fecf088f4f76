/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "maze-core.h"

G_BEGIN_DECLS

/* Where the solvers start and end: cells the solver panel placed, or,
 * while one is MAZE_NO_CELL, the maze's own start or end. */
static inline void
maze_solve_endpoints_resolve (const MazePuzzle *puzzle,
                              guint32           custom_start,
                              guint32           custom_end,
                              guint32          *start,
                              guint32          *end)
{
  if (start != NULL)
    *start = custom_start != MAZE_NO_CELL ? custom_start
             : puzzle != NULL ? puzzle->start : MAZE_NO_CELL;
  if (end != NULL)
    *end = custom_end != MAZE_NO_CELL ? custom_end
           : puzzle != NULL ? puzzle->end : MAZE_NO_CELL;
}

G_END_DECLS
