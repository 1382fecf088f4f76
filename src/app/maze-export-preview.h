/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>

#include "maze-export-request.h"

G_BEGIN_DECLS

/* Draws what the export would look like, fitted and centred in
 * width × height (units of cr): the picture for PNG and SVG (a
 * checkerboard under a transparent background), the worksheet page for
 * PDF (and the answer-key page beside it), the text for text (its top
 * left corner when it is too big to read whole). Drawn by maze_render()
 * and maze_worksheet_render_page(), as the export is. No widgets, so it
 * runs on any thread and without a display. */
void         maze_export_draw_preview          (cairo_t                  *cr,
                                                const MazeExportRequest  *request,
                                                const MazePuzzle         *puzzle,
                                                double                    width,
                                                double                    height);

/* The first page of a pack of n_puzzles (a PDF request), as the PDF
 * draws it: numbered when there are several. Only the puzzles on that
 * page are drawn, so puzzles may hold just those (n_puzzles still
 * counts the whole pack). */
void         maze_export_draw_pack_preview     (cairo_t                  *cr,
                                                const MazeExportRequest  *request,
                                                MazePuzzle * const       *puzzles,
                                                guint                    n_puzzles,
                                                double                    width,
                                                double                    height);

/* A preview drawn on a thread (an image surface with its device scale)
 * painted centred in a widget of width × height: it was drawn for the
 * size asked last, so it may be another while a new one is on its way. */
void         maze_export_paint_preview_centred (cairo_t                  *cr,
                                                cairo_surface_t          *preview,
                                                int                       width,
                                                int                       height);

G_END_DECLS
