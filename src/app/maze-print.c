/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include <adwaita.h>

#include "maze-compat.h"
#include "maze-export-request.h"
#include "maze-print.h"

typedef struct
{
  MazeDocument *document;
  gboolean      answer_key;
  GtkWidget    *answer_check;   /* the dialog's custom tab, while it lives */
} PrintJob;

static void
print_job_free (PrintJob *job)
{
  g_clear_object (&job->document);
  g_free (job);
}

static void
begin_print_cb (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                PrintJob          *job)
{
  gtk_print_operation_set_n_pages (operation, job->answer_key ? 2 : 1);
}

/* Draws page 0 (the puzzle) or 1 (its answer key) on whatever paper the
 * user chose: the worksheet layout for the nearest of A4 and Letter, in
 * that orientation, scaled to the paper. */
static void
draw_page_cb (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page_nr,
              PrintJob          *job)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  double width = gtk_print_context_get_width (context);
  double height = gtk_print_context_get_height (context);
  MazePuzzle *puzzle = (MazePuzzle *) maze_document_get_puzzle (job->document);
  g_auto(MazeExportRequest) request;
  MazeWorksheetOptions options;
  double page_w, page_h, scale;

  /* A worksheet as an export makes it, with the worksheet's own walls. */
  maze_export_request_init (&request);
  request.format = MAZE_EXPORT_PDF;
  request.wall_rule = MAZE_EXPORT_WALL_DRAWING;
  request.answer_key = job->answer_key;
  /* The page is the print dialog's, as it is. */
  request.landscape = width > height;
  request.auto_orientation = FALSE;
  request.paper = fabs (MIN (width, height) - 612) < fabs (MIN (width, height) - 595.28)
                  ? MAZE_PAPER_LETTER : MAZE_PAPER_A4;
  maze_export_request_to_worksheet (&request, puzzle, &options);
  maze_worksheet_page_size (&options, &page_w, &page_h);
  scale = MIN (width / page_w, height / page_h);

  cairo_save (cr);
  cairo_scale (cr, scale, scale);
  maze_worksheet_render_page (cr, &options, &puzzle, 1, page_nr == 1);
  cairo_restore (cr);
}

static GObject *
create_custom_widget_cb (GtkPrintOperation *operation,
                         PrintJob          *job)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  job->answer_check = gtk_check_button_new_with_mnemonic (_("Print the _answer key on a second page"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (job->answer_check), job->answer_key);
  gtk_box_append (GTK_BOX (box), job->answer_check);
  gtk_print_operation_set_custom_tab_label (operation, _("Maze"));
  return G_OBJECT (box);
}

static void
custom_widget_apply_cb (GtkPrintOperation *operation,
                        GtkWidget         *widget,
                        PrintJob          *job)
{
  job->answer_key = gtk_check_button_get_active (GTK_CHECK_BUTTON (job->answer_check));
}

static GtkPrintOperation *
new_operation (MazeDocument *document,
               gboolean      answer_key)
{
  GtkPrintOperation *operation = gtk_print_operation_new ();
  PrintJob *job = g_new0 (PrintJob, 1);
  g_autofree char *name = maze_document_dup_display_name (document);

  job->document = g_object_ref (document);
  job->answer_key = answer_key;
  g_object_set_data_full (G_OBJECT (operation), "maze-print-job", job,
                          (GDestroyNotify) print_job_free);
  gtk_print_operation_set_job_name (operation, name);
  gtk_print_operation_set_use_full_page (operation, TRUE);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  g_signal_connect (operation, "begin-print", G_CALLBACK (begin_print_cb), job);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page_cb), job);
  g_signal_connect (operation, "create-custom-widget", G_CALLBACK (create_custom_widget_cb), job);
  g_signal_connect (operation, "custom-widget-apply", G_CALLBACK (custom_widget_apply_cb), job);
  return operation;
}

void
maze_print_document (GtkWindow    *parent,
                     MazeDocument *document)
{
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (MAZE_IS_DOCUMENT (document));

  operation = new_operation (document, FALSE);
  gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                           parent, &error);
  if (error != NULL)
    maze_alert_show_error (GTK_WIDGET (parent), _("Could Not Print"), error->message);
}

gboolean
maze_print_export_pdf (MazeDocument  *document,
                       const char    *path,
                       gboolean       answer_key,
                       GError       **error)
{
  g_autoptr(GtkPrintOperation) operation = NULL;

  g_return_val_if_fail (MAZE_IS_DOCUMENT (document), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  operation = new_operation (document, answer_key);
  gtk_print_operation_set_export_filename (operation, path);
  return gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT,
                                  NULL, error) != GTK_PRINT_OPERATION_RESULT_ERROR;
}
