/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "maze-document.h"

G_BEGIN_DECLS

/* Printing through GtkPrintOperation: the document's maze as a worksheet
 * page (maze_worksheet_render_page, the same drawing as the PDF export),
 * fitted to the paper, and on request a second page with the answer key. */

void     maze_print_document   (GtkWindow     *parent,
                                MazeDocument  *document);
/* The same pages through GTK's print-to-file, with no dialog (tests). */
gboolean maze_print_export_pdf (MazeDocument  *document,
                                const char    *path,
                                gboolean       answer_key,
                                GError       **error);

G_END_DECLS
