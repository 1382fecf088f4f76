/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-export.h"
#include "maze-worksheet.h"

G_BEGIN_DECLS

/* PDF worksheets (cairo's PDF surface): the puzzles per_page to a page,
 * then, with answer_key, the same pages again with solutions. With
 * poster_cell_mm above 0, one puzzle as a poster instead
 * (maze-poster.h): its tiles, then the answer key's. */
typedef struct
{
  MazeWorksheetOptions sheet;
  gboolean             answer_key;
  double               poster_cell_mm;
} MazePdfOptions;

void     maze_pdf_options_init (MazePdfOptions        *options);
gboolean maze_pdf_export       (MazePuzzle * const    *puzzles,
                                guint                  n_puzzles,
                                const MazePdfOptions  *options,
                                const char            *path,
                                const MazeExportJob   *job,
                                GError               **error);

G_END_DECLS
