/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-pdf.h"

#include <errno.h>
#include <math.h>

#include <cairo-pdf.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "maze-atomic-file.h"
#include "maze-error.h"
#include "maze-pdf-gray.h"
#include "maze-pdf-poster.h"
#include "maze-printable.h"
#include "maze-solve.h"

/* The PDF goes through cairo's PDF surface into an atomic file: nothing
 * reaches the destination until the last page is written and flushed, so
 * a write error, a cairo error or a Cancel leaves the old file as it
 * was. */

/* The least room the mazes need on each axis inside the margins. */
#define MIN_CONTENT_MM 50.0

typedef struct
{
  FILE     *stream;
  int       saved_errno;
  gboolean  failed;
  gboolean  discard;   /* cancelled: what cairo still flushes goes nowhere */
  GByteArray *buffer;  /* the PDF as cairo writes it */
} PdfSink;

static cairo_status_t
write_cb (void                *closure,
          const unsigned char *data,
          unsigned int         length)
{
  PdfSink *sink = closure;

  if (sink->discard)
    return CAIRO_STATUS_SUCCESS;
  if (sink->failed)
    return CAIRO_STATUS_WRITE_ERROR;
  /* Kept until the end: the greys are rewritten in the finished file. */
  g_byte_array_append (sink->buffer, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* The finished PDF, its greys as DeviceGray, to the file. */
static void
write_gray (PdfSink *sink)
{
  g_autoptr(GBytes) cairo_pdf = g_byte_array_free_to_bytes (g_steal_pointer (&sink->buffer));
  g_autoptr(GBytes) gray = maze_pdf_gray_rewrite (cairo_pdf);
  gsize length;
  const guint8 *data = g_bytes_get_data (gray, &length);

  sink->buffer = g_byte_array_new ();
  errno = 0;
  if (length > 0 && fwrite (data, 1, length, sink->stream) != length)
    {
      sink->saved_errno = errno != 0 ? errno : EIO;
      sink->failed = TRUE;
    }
}

void
maze_pdf_options_init (MazePdfOptions *options)
{
  g_return_if_fail (options != NULL);

  maze_worksheet_options_init (&options->sheet);
  options->answer_key = FALSE;
  options->poster_cell_mm = 0.0;
}

static gboolean
check_options (const MazePdfOptions  *options,
               GError               **error)
{
  const MazeWorksheetOptions *sheet = &options->sheet;
  double width_pt, height_pt, short_mm, max_margin;

  if (sheet->per_page != 1 && sheet->per_page != 2 && sheet->per_page != 4)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Cannot put %u mazes on a page: choose 1, 2 or 4"), sheet->per_page);
      return FALSE;
    }
  if (sheet->paper != MAZE_PAPER_A4 && sheet->paper != MAZE_PAPER_LETTER)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Unknown paper size %d: choose A4 or Letter"), (int) sheet->paper);
      return FALSE;
    }

  maze_worksheet_page_size (sheet, &width_pt, &height_pt);
  short_mm = MIN (width_pt, height_pt) / 72.0 * MAZE_MM_PER_INCH;
  max_margin = floor ((short_mm - MIN_CONTENT_MM) / 2.0);
  if (!isfinite (sheet->margin_mm) || sheet->margin_mm < 0.0 || sheet->margin_mm > max_margin)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("A margin of %g mm does not fit this paper: it must be between 0 and %g mm"),
                   sheet->margin_mm, max_margin);
      return FALSE;
    }
  return TRUE;
}

/* Every puzzle must have a start and an end on open cells, and with an
 * answer key a way between them: a worksheet with no answer is checked
 * before any page is drawn, not found out on paper. */
static gboolean
check_puzzles (MazePuzzle * const    *puzzles,
               guint                  n_puzzles,
               gboolean               answer_key,
               GCancellable          *cancellable,
               GError               **error)
{
  for (guint i = 0; i < n_puzzles; i++)
    {
      g_autoptr(GError) local_error = NULL;

      if (puzzles[i] == NULL)
        {
          g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                       _("Puzzle %u of %u is missing"), i + 1, n_puzzles);
          return FALSE;
        }
      if (!maze_puzzle_check_endpoints (puzzles[i], &local_error))
        {
          g_autofree char *id = maze_puzzle_get_id (puzzles[i]);

          g_set_error (error, local_error->domain, local_error->code,
                       _("Puzzle %s: %s"), id, local_error->message);
          return FALSE;
        }
      if (answer_key)
        {
          g_autoptr(MazeSolution) solution = NULL;

          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            return FALSE;
          solution = maze_solve (puzzles[i]->grid, MAZE_SOLVER_BFS,
                                 puzzles[i]->start, puzzles[i]->end, NULL, &local_error);
          if (solution == NULL)
            {
              g_autofree char *id = maze_puzzle_get_id (puzzles[i]);

              g_set_error (error, local_error->domain, local_error->code,
                           _("Puzzle %s has no answer: %s"), id, local_error->message);
              return FALSE;
            }
        }
    }
  return TRUE;
}

static const char *
document_title (const MazePdfOptions *options,
                MazePuzzle * const   *puzzles,
                guint                 n_puzzles)
{
  const char *title = options->sheet.title;

  if (title != NULL && *title != '\0')
    return title;
  if (title == NULL && puzzles[0]->title != NULL && *puzzles[0]->title != '\0')
    return puzzles[0]->title;
  return n_puzzles > 1 ? _("Mazes") : _("Maze");
}

static gboolean
check_cairo (cairo_surface_t  *surface,
             cairo_t          *cr,
             const PdfSink    *sink,
             const char       *path,
             GError          **error)
{
  cairo_status_t status = cr != NULL ? cairo_status (cr) : CAIRO_STATUS_SUCCESS;

  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  if (status == CAIRO_STATUS_SUCCESS && !sink->failed)
    return TRUE;

  if (sink->failed)
    g_set_error (error, G_IO_ERROR, g_io_error_from_errno (sink->saved_errno),
                 _("Cannot write “%s”: %s"), path, g_strerror (sink->saved_errno));
  else if (status == CAIRO_STATUS_NO_MEMORY)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                 _("Cannot write “%s”: not enough memory to draw the PDF"), path);
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                 _("Cannot write “%s”: drawing the PDF failed (%s)"),
                 path, cairo_status_to_string (status));
  return FALSE;
}

gboolean
maze_pdf_export (MazePuzzle * const    *puzzles,
                 guint                  n_puzzles,
                 const MazePdfOptions  *options,
                 const char            *path,
                 const MazeExportJob   *job,
                 GError               **error)
{
  g_autoptr(MazeAtomicFile) file = NULL;
  g_autofree char *title = NULL;
  GCancellable *cancellable = job != NULL ? job->cancellable : NULL;
  cairo_surface_t *surface = NULL;
  cairo_t *cr = NULL;
  PdfSink sink = { NULL, 0, FALSE, FALSE, NULL };
  g_auto(MazePdfPoster) poster = { NULL };
  double width_pt, height_pt;
  guint per_page, n_sheets, n_pages, page = 0;
  gboolean ok = FALSE;

  g_return_val_if_fail (puzzles != NULL || n_puzzles == 0, FALSE);
  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (n_puzzles == 0)
    {
      g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                           _("There are no mazes to put in the PDF"));
      return FALSE;
    }
  if (!check_options (options, error) ||
      !check_puzzles (puzzles, n_puzzles, options->answer_key, cancellable, error))
    return FALSE;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  per_page = options->sheet.per_page;
  n_sheets = (n_puzzles + per_page - 1) / per_page;
  if (!maze_pdf_poster_begin (&poster, options, puzzles, n_puzzles, &n_sheets, error))
    return FALSE;
  n_pages = options->answer_key ? 2 * n_sheets : n_sheets;

  file = maze_atomic_file_open (path, error);
  if (file == NULL)
    return FALSE;
  sink.stream = maze_atomic_file_stream (file);
  sink.buffer = g_byte_array_new ();

  maze_worksheet_page_size (&options->sheet, &width_pt, &height_pt);
  surface = cairo_pdf_surface_create_for_stream (write_cb, &sink, width_pt, height_pt);
  if (!check_cairo (surface, NULL, &sink, path, error))
    goto out;
  title = maze_printable_dup (document_title (options, puzzles, n_puzzles));
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR,
                                  "Mazewright " PACKAGE_VERSION);
  cr = cairo_create (surface);

  /* The puzzles first, then the same pages with their answers. */
  for (page = 0; page < n_pages; page++)
    {
      guint sheet = page % n_sheets;
      guint first = sheet * per_page;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        goto out;

      if (poster.puzzle != NULL)
        maze_pdf_poster_render (&poster, cr, sheet, page >= n_sheets);
      else
        maze_worksheet_render_page (cr, &options->sheet, puzzles + first,
                                    MIN (per_page, n_puzzles - first), page >= n_sheets);
      cairo_show_page (cr);
      if (!check_cairo (surface, cr, &sink, path, error))
        goto out;
      if (job != NULL && job->progress != NULL)
        job->progress ((double) (page + 1) / n_pages, job->progress_data);
    }

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    goto out;

  g_clear_pointer (&cr, cairo_destroy);
  cairo_surface_finish (surface);
  if (!check_cairo (surface, NULL, &sink, path, error))
    goto out;
  write_gray (&sink);
  if (!check_cairo (surface, NULL, &sink, path, error))
    goto out;
  g_clear_pointer (&surface, cairo_surface_destroy);

  ok = maze_atomic_file_commit (g_steal_pointer (&file), error);

out:
  /* On failure cairo may still flush the trailer when the surface goes:
   * let it go nowhere, then drop the temporary file. */
  sink.discard = TRUE;
  g_clear_pointer (&cr, cairo_destroy);
  g_clear_pointer (&surface, cairo_surface_destroy);
  g_clear_pointer (&sink.buffer, g_byte_array_unref);
  return ok;
}
