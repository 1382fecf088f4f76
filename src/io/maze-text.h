/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdio.h>

#include <glib.h>

#include "maze-grid.h"

G_BEGIN_DECLS

/* Mazes as text.
 *
 * Rectangular mazes use the RosettaCode layout: each cell is 4 columns by 2
 * lines, "+---+" and "|   ", plus a closing line and column. A start or
 * end on the border is a door: a gap in the outer wall (top row: the top
 * wall; bottom row: the bottom wall; else left column: the left wall; else
 * the right wall); one off the border (inside a shaped maze, or placed
 * there) is an S or an E in the middle of its cell. Masked cells are
 * filled with '#' (Unicode: '░'). The
 * Unicode style draws the same layout with box-drawing characters.
 *
 * Hexagonal mazes have a text form of their own, described in
 * maze-text-hex.c. */
typedef enum
{
  MAZE_TEXT_CLASSIC,
  MAZE_TEXT_UNICODE,
} MazeTextStyle;

typedef struct
{
  MazeTextStyle  style;
  guint32        start;     /* MAZE_NO_CELL: no door, no S */
  guint32        end;       /* MAZE_NO_CELL: no door, no E */
  const guint32 *path;      /* cells to mark with '*' / '•', or NULL */
  guint32        path_len;
} MazeTextOptions;

void       maze_text_options_init (MazeTextOptions        *options);

/* Whether text can draw a shape (rect and hex); else FALSE with
 * MAZE_ERROR_UNSUPPORTED and a message naming the shape. The writer, the
 * export request and the CLI refuse with it before writing anything. */
gboolean   maze_text_check_shape  (MazeShape               shape,
                                   GError                **error);

/* Streams the maze row by row (a 10000×10000 maze never sits in memory
 * as text). FALSE with a G_IO_ERROR when writing fails, saying why but
 * not where: the caller names the file. */
gboolean   maze_text_write        (const MazeGrid         *grid,
                                   const MazeTextOptions  *options,
                                   FILE                   *out,
                                   GError                **error);
char      *maze_text_to_string    (const MazeGrid         *grid,
                                   const MazeTextOptions  *options);

/* Text longer than this is refused before it is read (and by
 * maze_text_parse()): the parser holds all of it, and a classic text maze
 * takes about 8 bytes a cell, so this is room for some 64 million cells
 * (8000 × 8000). The writer keeps to it as well, so that every text it
 * writes reads back: a bigger maze is refused with
 * MAZE_ERROR_INVALID_SIZE, before anything is written where the size is
 * plain from the grid's (classic style), else when the limit is reached
 * (the caller's atomic file then drops what was written). */
#define MAZE_TEXT_MAX_BYTES (G_GUINT64_CONSTANT (1) << 29)

/* Reads what maze_text_write() writes (either style, rect or hex) and
 * RosettaCode-style mazes made by other programs: trailing spaces may be
 * missing, doors may be anywhere on the border. Returns the grid and, in
 * doors (may be NULL), the door cells in reading order as guint32 cell
 * indices. Malformed text gives MAZE_ERROR_PARSE with "line L, column C"
 * in the message (1-based); text longer than MAZE_TEXT_MAX_BYTES gives
 * MAZE_ERROR_INVALID_SIZE. */
MazeGrid  *maze_text_parse        (const char             *text,
                                   gsize                   length,
                                   GArray                **doors,
                                   GError                **error);
/* The same, and in marks (may be NULL) the cells marked S and E
 * (MAZE_NO_CELL where there is none). */
MazeGrid  *maze_text_parse_marked (const char             *text,
                                   gsize                   length,
                                   GArray                **doors,
                                   guint32                 marks[2],
                                   GError                **error);

G_END_DECLS
