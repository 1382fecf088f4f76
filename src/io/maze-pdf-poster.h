/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "maze-pdf.h"
#include "maze-poster.h"

G_BEGIN_DECLS

/* The PDF writer's poster pages (maze-pdf.c): one puzzle over the tiles
 * of maze-poster.h, the answer found once for all the answer pages. For
 * the PDF writer alone. */
typedef struct
{
  const MazePuzzle           *puzzle;   /* NULL: no poster, a worksheet */
  const MazeWorksheetOptions *sheet;
  MazePosterLayout            layout;
  MazeSolution               *answer;   /* with an answer key */
} MazePdfPoster;

/* Nothing to do (TRUE, poster->puzzle NULL) unless options ask for a
 * poster; else lays it out and sets *n_tiles to its pages (without the
 * answer key's). FALSE for more than one puzzle or no answer. */
gboolean maze_pdf_poster_begin     (MazePdfPoster               *poster,
                                    const MazePdfOptions        *options,
                                    MazePuzzle * const          *puzzles,
                                    guint                        n_puzzles,
                                    guint                       *n_tiles,
                                    GError                     **error);
void     maze_pdf_poster_render    (const MazePdfPoster         *poster,
                                    cairo_t                     *cr,
                                    guint                        tile,
                                    gboolean                     answers);
void     maze_pdf_poster_clear     (MazePdfPoster               *poster);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (MazePdfPoster, maze_pdf_poster_clear)

G_END_DECLS
