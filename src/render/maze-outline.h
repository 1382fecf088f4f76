/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
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

/* ---- Any drawing as an outline ---- */

/* Draws the outline, filled opaque, into cr, fitted to the box (0, 0)
 * to (width, height) of cr's user space, cell a cell's spacing there.
 * The box is the grid's drawing as maze_geometry_init() lays it out, or
 * its middle when the drawing must shrink to lie within the rings of a
 * circular grid: draw relative to cr's matrix (never reset it).
 * Nothing drawn is outside. */
typedef void (*MazeOutlineDrawFunc) (cairo_t  *cr,
                                     double    width,
                                     double    height,
                                     double    cell,
                                     gpointer  user_data);

typedef enum
{
  /* Pieces that touch only at a corner are joined; more are refused. */
  MAZE_OUTLINE_REFUSE_PIECES,
  /* Pieces are joined by the shortest corridors across the gaps: the
   * letters of a word, the blobs of a picture. */
  MAZE_OUTLINE_JOIN_PIECES,
} MazeOutlineJoin;

/* What maze_outline_apply() does, for any drawing. subject names the
 * outline in messages, capitalised: "A Heart outline", "The text
 * “Anna”". The grid is left unchanged on error. */
gboolean    maze_outline_apply_drawing (MazeGrid             *grid,
                                        MazeOutlineDrawFunc   draw,
                                        gpointer              user_data,
                                        MazeOutlineJoin       join,
                                        const char           *subject,
                                        GError              **error);

/* ---- Words ---- */

/* The font a word outline gets when none is given: bold, there on
 * Debian and in the GNOME runtime. */
#define MAZE_OUTLINE_DEFAULT_FONT "Sans Bold"
/* The longest text, in characters: a name or a short word. */
#define MAZE_OUTLINE_MAX_TEXT 64

/* The maze in the shape of text (one line) in font (a Pango font
 * description; NULL for the default), fitted to the grid's drawing.
 * Strokes are thickened by about a cell so that thin ones keep their
 * cells, and letters that do not touch are joined by corridors.
 * Refused (grid unchanged) for text with nothing to draw
 * (MAZE_ERROR_INVALID_ARGUMENT) or too long, or a maze too small to hold
 * a start and an end (MAZE_ERROR_INVALID_SIZE). */
gboolean    maze_outline_apply_text    (MazeGrid             *grid,
                                        const char           *text,
                                        const char           *font,
                                        GError              **error);

/* The rows a text outline is given when nobody chose a size: enough for
 * letters a child can read (an "a" has its hole, an "e" its bar). */
#define MAZE_OUTLINE_TEXT_ROWS 26

/* The width over the height of text's letters in font (NULL for the
 * default), as maze_outline_apply_text() draws them; 0 when there is
 * nothing to draw. For choosing a grid that fits the word. */
double      maze_outline_text_get_aspect (const char         *text,
                                          const char         *font);

G_END_DECLS
