/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdio.h>

#include <glib.h>

#include "maze-text.h"

G_BEGIN_DECLS

/* Shared between maze-text.c (entry points, detection), maze-text-rect.c
 * and maze-text-hex.c. Nothing here is API. */

/* ---- Writing ---- */

/* Where the writers send their lines: a FILE or a GString, never both. */
typedef struct
{
  FILE    *file;
  GString *string;
  guint64  written;  /* bytes so far, kept within MAZE_TEXT_MAX_BYTES */
} MazeTextSink;

/* Which outer wall a door's gap is in. */
typedef enum
{
  MAZE_TEXT_SIDE_NONE,
  MAZE_TEXT_SIDE_TOP,
  MAZE_TEXT_SIDE_BOTTOM,
  MAZE_TEXT_SIDE_LEFT,
  MAZE_TEXT_SIDE_RIGHT,
} MazeTextSide;

typedef struct
{
  MazeTextSide side;
  guint        x;
  guint        y;
} MazeTextDoor;

/* A start or end with no door (off the border): the letter in its
 * cell. */
typedef struct
{
  char  letter;      /* 'S', 'E'; 0: none */
  guint x;
  guint y;
} MazeTextMark;

/* What a writer needs besides the grid, worked out once by
 * maze_text_write(): the doors, the marks and a bit per cell for the
 * path (NULL: no path). A start or end cell on the border gets a gap in
 * the top wall when it is in the top row, else in the bottom wall when
 * in the bottom row, else in the left wall, else in the right wall;
 * masked cells and cells off the border get none (side
 * MAZE_TEXT_SIDE_NONE), and an open cell off the border an S or an E in
 * the middle of its inside (" S ", " E "), which the parser reads back. */
typedef struct
{
  const MazeGrid *grid;
  MazeTextStyle   style;
  MazeTextDoor    doors[2];
  MazeTextMark    marks[2];
  const guint64  *path_bits;
} MazeTextWriter;

/* The letter of cell (x, y) (a mark wins over the path), or 0. */
static inline char
maze_text_writer_mark_at (const MazeTextWriter *writer,
                          guint                 x,
                          guint                 y)
{
  for (guint i = 0; i < 2; i++)
    if (writer->marks[i].letter != 0 && writer->marks[i].x == x && writer->marks[i].y == y)
      return writer->marks[i].letter;
  return 0;
}

/* Puts the marks of row y into an ASCII cell line whose cell (x, y) has
 * its inside at first + 4x + 1 .. first + 4x + 3. */
static inline void
maze_text_writer_put_marks (const MazeTextWriter *writer,
                            char                 *line,
                            guint                 y,
                            gsize                 first)
{
  for (guint i = 0; i < 2; i++)
    if (writer->marks[i].letter != 0 && writer->marks[i].y == y)
      line[first + 4 * (gsize) writer->marks[i].x + 2] = writer->marks[i].letter;
}

static inline gboolean
maze_text_writer_on_path (const MazeTextWriter *writer,
                          guint32               cell)
{
  return writer->path_bits != NULL && ((writer->path_bits[cell >> 6] >> (cell & 63)) & 1);
}

/* The most bytes one character of a line can expand to (UTF-8 of a box
 * drawing glyph). */
#define MAZE_TEXT_MAX_CHAR_BYTES 3

gboolean maze_text_sink_write      (MazeTextSink          *sink,
                                    const char            *data,
                                    gsize                  length,
                                    GError               **error);
/* Writes an ASCII line (the n bytes of line, then a newline; line has
 * room for it), in the Unicode style with '-', '|', '/', '\\', '#' and
 * '*' drawn as box-drawing glyphs. scratch holds
 * (n + 1) * MAZE_TEXT_MAX_CHAR_BYTES bytes. */
gboolean maze_text_emit_line       (const MazeTextWriter  *writer,
                                    MazeTextSink          *sink,
                                    char                  *line,
                                    gsize                  n,
                                    char                  *scratch,
                                    GError               **error);

gboolean maze_text_write_rect      (const MazeTextWriter  *writer,
                                    MazeTextSink          *sink,
                                    GError               **error);
gboolean maze_text_write_hex       (const MazeTextWriter  *writer,
                                    MazeTextSink          *sink,
                                    GError               **error);

/* ---- Parsing ---- */

/* One line of the input, without its "\n" or "\r\n". */
typedef struct
{
  const char *start;
  gsize       n_bytes;
  guint       n_chars;    /* characters, trailing spaces not counted */
  guint       number;     /* 1-based, counted from the start of the text */
  gboolean    ascii;
} MazeTextLine;

/* A character the parser has no use for, whatever the position. (ASCII
 * control characters are left as they are: no position wants them
 * either.) */
#define MAZE_TEXT_BAD '\001'

typedef struct
{
  const MazeTextLine *lines;
  guint               n_lines;     /* 2 * height + 1 */
  gboolean            unicode;     /* accept box-drawing glyphs */
  MazeShape           shape;
  char               *scratch;     /* one decoded line, see decode_line */
  guint               scratch_len;
  char                box_drawing[256]; /* decoded U+2500..U+25FF */
  GArray             *doors;       /* guint32 cells, reading order */
  GHashTable         *door_set;    /* cells already in doors */
  guint32             marks[2];    /* the cells marked S and E, or MAZE_NO_CELL */
  guint               n_gaps;      /* gaps in the outer wall, one cell or not */
} MazeTextParser;

/* Decodes lines[index] into parser->scratch as one byte per character,
 * padded with spaces to width characters: ASCII stays itself, the glyphs
 * the format knows become their ASCII stand-ins ('─' '-', '│' '|', '╱' '/',
 * '╲' '\\', '░' '#', '•' '*', rect corners '+') and anything else is
 * MAZE_TEXT_BAD. Characters past width are not decoded. */
const char *maze_text_decode_line  (MazeTextParser        *parser,
                                    guint                  index,
                                    guint                  width);
/* Sets MAZE_ERROR_PARSE, "line L, column C: <what>"; column is 0-based
 * in characters, like the decoded line. Always returns NULL. */
gpointer    maze_text_parse_error  (const MazeTextParser  *parser,
                                    GError               **error,
                                    guint                  index,
                                    guint                  column,
                                    const char            *format,
                                    ...) G_GNUC_PRINTF (5, 6);
/* text in the quotation marks of the user's language. */
char       *maze_text_quote         (const char           *text);
/* The character at a column of a line, quoted for a message ("“x”", or
 * "U+0009" for what does not print). Free with g_free(). */
char       *maze_text_describe_char (const MazeTextParser *parser,
                                     guint                 index,
                                     guint                 column);
/* The characters at columns [column, column + n) as typed. */
char       *maze_text_describe_span (const MazeTextParser *parser,
                                     guint                 index,
                                     guint                 column,
                                     guint                 n);
/* Checks size against maze_check_size() and allocates the grid; on
 * failure a parse error at (index, column). */
MazeGrid   *maze_text_new_grid     (const MazeTextParser  *parser,
                                    guint64                width,
                                    guint64                height,
                                    guint                  index,
                                    guint                  column,
                                    GError               **error);
/* Records a door into cell (x, y) found at (index, column): an error
 * when the cell is masked; a cell with several gaps is listed once. */
gboolean    maze_text_add_door     (MazeTextParser        *parser,
                                    MazeGrid              *grid,
                                    guint                  x,
                                    guint                  y,
                                    guint                  index,
                                    guint                  column,
                                    GError               **error);
/* Error for a passage from (x, y) towards dir found at (index, column)
 * when either end is masked; else opens it. */
gboolean    maze_text_open_passage (const MazeTextParser  *parser,
                                    MazeGrid              *grid,
                                    guint                  x,
                                    guint                  y,
                                    guint                  dir,
                                    guint                  index,
                                    guint                  column,
                                    GError               **error);
/* Reads a cell's inside: "   ", " * ", "###" (sets the mask), " S " or
 * " E " (the start or end, at most one of each). FALSE with an error for
 * anything else. */
gboolean    maze_text_parse_inside (MazeTextParser        *parser,
                                    MazeGrid              *grid,
                                    const char            *line,
                                    guint                  x,
                                    guint                  y,
                                    guint                  index,
                                    guint                  column,
                                    GError               **error);

MazeGrid   *maze_text_parse_rect   (MazeTextParser        *parser,
                                    GError               **error);
MazeGrid   *maze_text_parse_hex    (MazeTextParser        *parser,
                                    GError               **error);

G_END_DECLS
