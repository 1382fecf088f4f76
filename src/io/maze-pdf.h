/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-export.h"
#include "maze-worksheet.h"

G_BEGIN_DECLS

/* PDF worksheets (cairo's PDF surface): the puzzles per_page to a page,
 * then, with answer_key, the same pages again with solutions; with
 * keys_only, those alone (a separate key file). With double_sided the
 * answers start on a fresh sheet of paper: a blank page goes before them
 * when the puzzles take an odd number of pages. A pack of more than one
 * puzzle numbers its pages and its puzzles. With poster_cell_mm above 0,
 * one puzzle as a poster instead (maze-poster.h): its tiles, then the
 * answer key's. */
typedef struct
{
  MazeWorksheetOptions sheet;
  gboolean             answer_key;
  double               poster_cell_mm;
  gboolean             keys_only;
  gboolean             double_sided;
} MazePdfOptions;

void     maze_pdf_options_init (MazePdfOptions        *options);
gboolean maze_pdf_export       (MazePuzzle * const    *puzzles,
                                guint                  n_puzzles,
                                const MazePdfOptions  *options,
                                const char            *path,
                                const MazeExportJob   *job,
                                GError               **error);
/* As maze_pdf_export(); with a key_path, the answers go there instead
 * (options->answer_key aside), and neither file is put in place before
 * both are written. */
gboolean maze_pdf_export_pack  (MazePuzzle * const    *puzzles,
                                guint                  n_puzzles,
                                const MazePdfOptions  *options,
                                const char            *path,
                                const char            *key_path,
                                const MazeExportJob   *job,
                                GError               **error);
/* Page page (from 0) of the PDF of n_puzzles: the worksheet options it
 * is drawn with (numbered in a pack), its puzzles (*n_on_page from
 * *first: none on a blank page) and whether they show their answers.
 * FALSE past the last page. What the PDF and a preview draw. */
gboolean maze_pdf_get_page     (const MazePdfOptions  *options,
                                guint                  n_puzzles,
                                guint                  page,
                                MazeWorksheetOptions  *sheet,
                                guint                 *first,
                                guint                 *n_on_page,
                                gboolean              *answers);
/* How many pages maze_pdf_export() writes for n_puzzles. */
guint    maze_pdf_count_pages  (const MazePdfOptions  *options,
                                guint                  n_puzzles);

G_END_DECLS
