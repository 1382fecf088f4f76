/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include <adwaita.h>

#include "maze-compat.h"
#include "maze-export-request.h"
#include "maze-poster.h"
#include "maze-print.h"

typedef struct
{
  MazeDocument     *document;
  gboolean          answer_key;
  gboolean          poster;
  GtkWidget        *answer_check;   /* the dialog's custom tab, while it lives */
  GtkWidget        *poster_check;
  GError           *error;          /* why the pages were refused */

  /* Laid out in begin-print for the paper chosen. */
  MazeExportRequest request;
  MazeWorksheetOptions sheet;
  MazePosterLayout  layout;
  MazeSolution     *answer;         /* a poster's answer, found once */
  guint             n_sheets;       /* without the answer key's */
} PrintJob;

static void
print_job_free (PrintJob *job)
{
  g_clear_object (&job->document);
  g_clear_error (&job->error);
  g_clear_pointer (&job->answer, maze_solution_free);
  maze_export_request_clear (&job->request);
  g_free (job);
}

/* A worksheet (or poster) as an export makes it, with the worksheet's
 * own walls, on the page the print dialog gives: the nearest of A4 and
 * Letter in its orientation, scaled to the paper. */
static void
set_up_request (PrintJob        *job,
                GtkPrintContext *context)
{
  double width = gtk_print_context_get_width (context);
  double height = gtk_print_context_get_height (context);
  MazeExportRequest *request = &job->request;

  maze_export_request_clear (request);
  maze_export_request_init (request);
  request->format = MAZE_EXPORT_PDF;
  request->wall_rule = MAZE_EXPORT_WALL_DRAWING;
  request->answer_key = job->answer_key;
  request->poster = job->poster;
  request->landscape = width > height;
  request->auto_orientation = FALSE;
  request->paper = fabs (MIN (width, height) - 612) < fabs (MIN (width, height) - 595.28)
                   ? MAZE_PAPER_LETTER : MAZE_PAPER_A4;
}

/* The pages, or none and the reason: a maze whose cells would print
 * below the least legible size is refused as an export refuses it
 * (maze_export_request_check()), unless printed as a poster. */
static void
begin_print_cb (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                PrintJob          *job)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (job->document);

  set_up_request (job, context);
  g_clear_error (&job->error);
  g_clear_pointer (&job->answer, maze_solution_free);
  if (!maze_export_request_check (&job->request, puzzle, &job->error))
    {
      gtk_print_operation_cancel (operation);
      return;
    }
  maze_export_request_to_worksheet (&job->request, puzzle, &job->sheet);
  job->n_sheets = 1;
  if (job->poster)
    {
      maze_poster_layout (&job->layout, &job->sheet, puzzle,
                          maze_export_request_get_poster_cell_mm (&job->request));
      job->n_sheets = maze_poster_get_n_tiles (&job->layout);
      if (job->answer_key)
        job->answer = maze_solve (puzzle->grid, maze_solver_for_answer (puzzle->grid),
                                  puzzle->start, puzzle->end, NULL, NULL);
    }
  gtk_print_operation_set_n_pages (operation, (int) (job->answer_key ? 2 * job->n_sheets
                                                                     : job->n_sheets));
}

/* Draws a page: the worksheet (page 0) or a poster's sheet, then the
 * same again with the answers. */
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
  gboolean answers = (guint) page_nr >= job->n_sheets;
  double page_w, page_h, scale;

  maze_worksheet_page_size (&job->sheet, &page_w, &page_h);
  scale = MIN (width / page_w, height / page_h);

  cairo_save (cr);
  cairo_scale (cr, scale, scale);
  if (job->poster)
    maze_poster_render_tile (cr, &job->layout, &job->sheet, puzzle,
                             (guint) page_nr % job->n_sheets, answers ? job->answer : NULL);
  else
    maze_worksheet_render_page (cr, &job->sheet, &puzzle, 1, answers);
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
  job->poster_check =
    gtk_check_button_new_with_mnemonic (_("Print as a _poster over several pages"));
  gtk_widget_set_tooltip_text (job->poster_check,
                               _("For a maze too big for one page: cells of 3 mm, pages "
                                 "overlapping by 10 mm with marks to trim and line them up"));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (job->poster_check), job->poster);
  gtk_box_append (GTK_BOX (box), job->poster_check);
  gtk_print_operation_set_custom_tab_label (operation, _("Maze"));
  return G_OBJECT (box);
}

static void
custom_widget_apply_cb (GtkPrintOperation *operation,
                        GtkWidget         *widget,
                        PrintJob          *job)
{
  job->answer_key = gtk_check_button_get_active (GTK_CHECK_BUTTON (job->answer_check));
  job->poster = gtk_check_button_get_active (GTK_CHECK_BUTTON (job->poster_check));
}

static GtkPrintOperation *
new_operation (MazeDocument *document,
               gboolean      answer_key,
               gboolean      poster)
{
  GtkPrintOperation *operation = gtk_print_operation_new ();
  PrintJob *job = g_new0 (PrintJob, 1);
  g_autofree char *name = maze_document_dup_display_name (document);

  job->document = g_object_ref (document);
  job->answer_key = answer_key;
  job->poster = poster;
  maze_export_request_init (&job->request);
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

  operation = new_operation (document, FALSE, FALSE);
  gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                           parent, &error);
  if (error == NULL)
    {
      /* Pages refused: cancelled in begin-print, and why. */
      PrintJob *job = g_object_get_data (G_OBJECT (operation), "maze-print-job");

      if (job->error != NULL)
        error = g_error_copy (job->error);
    }
  if (error != NULL)
    maze_alert_show_error (GTK_WIDGET (parent), _("Could Not Print"), error->message);
}

gboolean
maze_print_export_pdf (MazeDocument  *document,
                       const char    *path,
                       gboolean       answer_key,
                       gboolean       poster,
                       GError       **error)
{
  g_autoptr(GtkPrintOperation) operation = NULL;
  PrintJob *job;

  g_return_val_if_fail (MAZE_IS_DOCUMENT (document), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  operation = new_operation (document, answer_key, poster);
  job = g_object_get_data (G_OBJECT (operation), "maze-print-job");
  gtk_print_operation_set_export_filename (operation, path);
  if (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT,
                               NULL, error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    return FALSE;
  if (job->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&job->error));
      return FALSE;
    }
  return TRUE;
}
