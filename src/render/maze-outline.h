/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-grid.h"

G_BEGIN_DECLS

/* Outlines that give a maze a shape people print: a heart, a star, a
 * house… Each is a vector path in a unit square, fitted to the grid's
 * drawing (any shape of grid) keeping its proportions, and turned into
 * a mask here, outside the core: the core only ever sees the mask. */
typedef enum
{
  MAZE_OUTLINE_CIRCLE,
  MAZE_OUTLINE_HEART,
  MAZE_OUTLINE_STAR,
  MAZE_OUTLINE_TRIANGLE,
  MAZE_OUTLINE_DIAMOND,
  MAZE_OUTLINE_HOUSE,
  MAZE_OUTLINE_TREE,
  MAZE_OUTLINE_CLOUD,
  MAZE_OUTLINE_CAT,
} MazeOutline;

#define MAZE_N_OUTLINES 9

/* "heart": the name on the command line and in files. */
const char *maze_outline_to_string   (MazeOutline   outline);
gboolean    maze_outline_from_string (const char   *name,
                                      MazeOutline  *outline);
/* Translated, e.g. "Heart". */
const char *maze_outline_get_title   (MazeOutline   outline);

/* Masks every cell of grid whose centre lies outside the outline (cells
 * masked already stay so). Refused, grid unchanged, with
 * MAZE_ERROR_DISCONNECTED when at this size the outline would leave the
 * maze in pieces, or MAZE_ERROR_INVALID_SIZE when it would leave fewer
 * than two cells for a start and an end; the message says which, and
 * what to change. */
gboolean    maze_outline_apply       (MazeGrid     *grid,
                                      MazeOutline   outline,
                                      GError      **error);

G_END_DECLS
