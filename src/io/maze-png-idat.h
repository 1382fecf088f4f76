/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A PNG's image data made by the PNG writer (maze-png.c) rather than by
 * libpng: unfiltered rows, deflated as they come into one zlib stream
 * kept in memory, for the IDAT chunks. libpng deflates rows only after
 * the palette is written; this lets the writer deflate a picture's
 * indices while the rest is still being drawn, before the palette is
 * known. For the PNG writer alone. */

typedef struct _MazePngIdat MazePngIdat;

/* zlib's level and strategy; NULL when zlib has no memory. */
MazePngIdat  *maze_png_idat_new      (int            level,
                                      int            strategy);
/* One row of n values, one a byte, packed to bit_depth (1, 2, 4 or 8)
 * bits a value, high bits first, as PNG packs them. FALSE when out of
 * memory (zlib's or the blocks'). */
gboolean      maze_png_idat_add_row  (MazePngIdat   *idat,
                                      const guint8  *values,
                                      guint          n,
                                      int            bit_depth);
/* Ends the stream: no row may follow. FALSE when zlib fails. */
gboolean      maze_png_idat_finish   (MazePngIdat   *idat);
/* The zlib stream so far (whole once finished), in blocks of at most
 * 256 KiB, one an IDAT chunk. */
guint         maze_png_idat_get_n_blocks (const MazePngIdat *idat);
const guint8 *maze_png_idat_get_block    (const MazePngIdat *idat,
                                          guint              i,
                                          gsize             *length);
void          maze_png_idat_free     (MazePngIdat   *idat);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MazePngIdat, maze_png_idat_free)

G_END_DECLS
