/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "maze-document.h"

G_BEGIN_DECLS

/* Printing through GtkPrintOperation: the document's maze as a worksheet
 * page (maze_worksheet_render_page, the same drawing as the PDF export),
 * fitted to the paper, and on request a second page with the answer key.
 * A maze whose cells would print below the least legible size (the
 * export's rule, MAZE_EXPORT_MIN_SHEET_CELL_MM) is refused with the
 * export's message, unless the user chose to print it as a poster over
 * several pages (maze-poster.h; the dialog's Maze tab). */

void     maze_print_document   (GtkWindow     *parent,
                                MazeDocument  *document);
/* The same pages through GTK's print-to-file, with no dialog (tests).
 * FALSE, with the reason, when the pages are refused. */
gboolean maze_print_export_pdf (MazeDocument  *document,
                                const char    *path,
                                gboolean       answer_key,
                                gboolean       poster,
                                GError       **error);

G_END_DECLS
