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
  /* Kept until the end: the greys are rewritten in the finished file. */
  g_byte_array_append (sink->buffer, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* The finished PDF to its (still hidden) file. */
static gboolean
write_bytes (MazeAtomicFile  *file,
             GBytes          *pdf,
             const char      *path,
             GError         **error)
{
  gsize length;
  const guint8 *data = g_bytes_get_data (pdf, &length);
  int saved_errno;

  errno = 0;
  if (length == 0 || fwrite (data, 1, length, maze_atomic_file_stream (file)) == length)
    return TRUE;
  saved_errno = errno != 0 ? errno : EIO;
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               _("Cannot write “%s”: %s"), path, g_strerror (saved_errno));
  return FALSE;
}

void
maze_pdf_options_init (MazePdfOptions *options)
{
  g_return_if_fail (options != NULL);

  maze_worksheet_options_init (&options->sheet);
  options->answer_key = FALSE;
  options->poster_cell_mm = 0.0;
  options->keys_only = FALSE;
  options->double_sided = FALSE;
}

static gboolean
check_options (const MazePdfOptions  *options,
               GError               **error)
{
  const MazeWorksheetOptions *sheet = &options->sheet;
  double width_pt, height_pt, short_mm, max_margin;

  if (sheet->per_page != 1 && sheet->per_page != 2 && sheet->per_page != 4 &&
      sheet->per_page != 6)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Cannot put %u mazes on a page: choose 1, 2, 4 or 6"), sheet->per_page);
      return FALSE;
    }
  if ((guint) sheet->paper >= MAZE_N_PAPERS)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Unknown paper size %d: choose A4, Letter, A5, A3, Legal or 6 × 9 in"),
                   (int) sheet->paper);
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
             const char       *path,
             GError          **error)
{
  cairo_status_t status = cr != NULL ? cairo_status (cr) : CAIRO_STATUS_SUCCESS;

  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;

  if (status == CAIRO_STATUS_NO_MEMORY)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                 _("Cannot write “%s”: not enough memory to draw the PDF"), path);
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                 _("Cannot write “%s”: drawing the PDF failed (%s)"),
                 path, cairo_status_to_string (status));
  return FALSE;
}

/* The pages of a pack, in order: the puzzle sheets, then (answer_key)
 * a blank page when the keys would otherwise be printed on the back of
 * the last puzzle sheet (double_sided), then the answer sheets; or
 * (keys_only) the answer sheets alone. */
typedef enum
{
  PAGE_PUZZLES,
  PAGE_BLANK,
  PAGE_ANSWERS,
} PageKind;

typedef struct
{
  guint n_sheets;     /* pages of puzzles */
  guint n_blank;      /* 0 or 1 */
  guint n_pages;
  gboolean puzzles;
  gboolean answers;
} PagePlan;

static void
plan_pages (const MazePdfOptions *options,
            guint                 n_puzzles,
            PagePlan             *plan)
{
  guint per_page = options->sheet.per_page;

  plan->n_sheets = (n_puzzles + per_page - 1) / per_page;
  plan->puzzles = !options->keys_only;
  plan->answers = options->keys_only || options->answer_key;
  plan->n_blank = plan->puzzles && plan->answers && options->double_sided &&
                  plan->n_sheets % 2 == 1 ? 1 : 0;
  plan->n_pages = (plan->puzzles ? plan->n_sheets : 0) + plan->n_blank +
                  (plan->answers ? plan->n_sheets : 0);
}

static PageKind
plan_page (const PagePlan *plan,
           guint           page,
           guint          *sheet)
{
  guint puzzle_pages = plan->puzzles ? plan->n_sheets : 0;

  if (page < puzzle_pages)
    {
      *sheet = page;
      return PAGE_PUZZLES;
    }
  if (page < puzzle_pages + plan->n_blank)
    return PAGE_BLANK;
  *sheet = page - puzzle_pages - plan->n_blank;
  return PAGE_ANSWERS;
}

gboolean
maze_pdf_get_page (const MazePdfOptions *options,
                   guint                 n_puzzles,
                   guint                 page,
                   MazeWorksheetOptions *sheet,
                   guint                *first,
                   guint                *n_on_page,
                   gboolean             *answers)
{
  PagePlan plan;
  guint index = 0, per_page;
  PageKind kind;

  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (options->sheet.per_page > 0, FALSE);

  per_page = options->sheet.per_page;
  plan_pages (options, n_puzzles, &plan);
  *sheet = options->sheet;
  *first = 0;
  *n_on_page = 0;
  *answers = FALSE;
  if (page >= plan.n_pages)
    return FALSE;
  kind = plan_page (&plan, page, &index);
  if (kind == PAGE_BLANK)
    return TRUE;
  *first = index * per_page;
  *n_on_page = MIN (per_page, n_puzzles - *first);
  *answers = kind == PAGE_ANSWERS;
  /* A pack numbers its pages and its puzzles; one maze needs neither. */
  if (n_puzzles > 1)
    {
      sheet->first_number = *first + 1;
      sheet->page_number = page + 1;
      sheet->n_pages = plan.n_pages;
    }
  return TRUE;
}

guint
maze_pdf_count_pages (const MazePdfOptions *options,
                      guint                 n_puzzles)
{
  PagePlan plan;

  g_return_val_if_fail (options != NULL, 0);
  g_return_val_if_fail (options->sheet.per_page > 0, 0);

  plan_pages (options, n_puzzles, &plan);
  return plan.n_pages;
}

/* The PDF in memory, its greys as DeviceGray; NULL on error. Progress
 * goes from progress_from to progress_to. */
static GBytes *
render_pdf (MazePuzzle * const    *puzzles,
            guint                  n_puzzles,
            const MazePdfOptions  *options,
            const char            *path,
            const MazeExportJob   *job,
            double                 progress_from,
            double                 progress_to,
            GError               **error)
{
  g_autofree char *title = NULL;
  GCancellable *cancellable = job != NULL ? job->cancellable : NULL;
  cairo_surface_t *surface = NULL;
  cairo_t *cr = NULL;
  PdfSink sink = { FALSE, NULL };
  GBytes *pdf = NULL;
  MazeWorksheetOptions sheet;
  g_auto(MazePdfPoster) poster = { NULL };
  double width_pt, height_pt;
  guint n_pages = maze_pdf_count_pages (options, n_puzzles), n_tiles = 0;

  /* A poster's pages are its tiles, then (answer_key) the same tiles
   * with the answer; keys_only, those alone. */
  if (!maze_pdf_poster_begin (&poster, options, puzzles, n_puzzles, &n_tiles, error))
    return NULL;
  if (poster.puzzle != NULL)
    n_pages = options->answer_key && !options->keys_only ? 2 * n_tiles : n_tiles;

  sink.buffer = g_byte_array_new ();

  maze_worksheet_page_size (&options->sheet, &width_pt, &height_pt);
  surface = cairo_pdf_surface_create_for_stream (write_cb, &sink, width_pt, height_pt);
  if (!check_cairo (surface, NULL, path, error))
    goto out;
  title = maze_printable_dup (document_title (options, puzzles, n_puzzles));
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR,
                                  "Mazewright " PACKAGE_VERSION);
  cr = cairo_create (surface);

  for (guint page = 0; page < n_pages; page++)
    {
      guint first, n_on_page;
      gboolean answers;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        goto out;

      if (poster.puzzle != NULL)
        maze_pdf_poster_render (&poster, cr, page % n_tiles,
                                options->keys_only || page >= n_tiles);
      else if (maze_pdf_get_page (options, n_puzzles, page, &sheet, &first, &n_on_page,
                                  &answers) &&
               n_on_page > 0) /* a blank page has no puzzles */
        maze_worksheet_render_page (cr, &sheet, puzzles + first, n_on_page, answers);
      cairo_show_page (cr);
      if (!check_cairo (surface, cr, path, error))
        goto out;
      if (job != NULL && job->progress != NULL)
        job->progress (progress_from + (progress_to - progress_from) * (page + 1) / n_pages,
                       job->progress_data);
    }

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    goto out;

  g_clear_pointer (&cr, cairo_destroy);
  cairo_surface_finish (surface);
  if (!check_cairo (surface, NULL, path, error))
    goto out;
  g_clear_pointer (&surface, cairo_surface_destroy);
  {
    g_autoptr(GBytes) cairo_pdf = g_byte_array_free_to_bytes (g_steal_pointer (&sink.buffer));

    pdf = maze_pdf_gray_rewrite (cairo_pdf);
  }

out:
  /* On failure cairo may still flush the trailer when the surface goes:
   * let it go nowhere. */
  sink.discard = TRUE;
  g_clear_pointer (&cr, cairo_destroy);
  g_clear_pointer (&surface, cairo_surface_destroy);
  g_clear_pointer (&sink.buffer, g_byte_array_unref);
  return pdf;
}

static gboolean
check_request (MazePuzzle * const    *puzzles,
               guint                  n_puzzles,
               const MazePdfOptions  *options,
               GCancellable          *cancellable,
               GError               **error)
{
  if (n_puzzles == 0)
    {
      g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                           _("There are no mazes to put in the PDF"));
      return FALSE;
    }
  if (!check_options (options, error) ||
      !check_puzzles (puzzles, n_puzzles, options->answer_key || options->keys_only,
                      cancellable, error))
    return FALSE;
  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}

gboolean
maze_pdf_export (MazePuzzle * const    *puzzles,
                 guint                  n_puzzles,
                 const MazePdfOptions  *options,
                 const char            *path,
                 const MazeExportJob   *job,
                 GError               **error)
{
  return maze_pdf_export_pack (puzzles, n_puzzles, options, path, NULL, job, error);
}

gboolean
maze_pdf_export_pack (MazePuzzle * const    *puzzles,
                      guint                  n_puzzles,
                      const MazePdfOptions  *options,
                      const char            *path,
                      const char            *key_path,
                      const MazeExportJob   *job,
                      GError               **error)
{
  g_autoptr(MazeAtomicFile) file = NULL;
  g_autoptr(MazeAtomicFile) key_file = NULL;
  g_autoptr(GBytes) pdf = NULL;
  g_autoptr(GBytes) key_pdf = NULL;
  GCancellable *cancellable = job != NULL ? job->cancellable : NULL;
  MazePdfOptions pack = { 0 }, keys = { 0 };

  g_return_val_if_fail (puzzles != NULL || n_puzzles == 0, FALSE);
  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_request (puzzles, n_puzzles, options, cancellable, error))
    return FALSE;

  pack = *options;
  if (key_path == NULL)
    {
      pdf = render_pdf (puzzles, n_puzzles, &pack, path, job, 0.0, 1.0, error);
      if (pdf == NULL)
        return FALSE;
    }
  else
    {
      /* The puzzles in one file, their answers in the other. */
      pack.answer_key = FALSE;
      pack.keys_only = FALSE;
      keys = *options;
      keys.keys_only = TRUE;
      pdf = render_pdf (puzzles, n_puzzles, &pack, path, job, 0.0, 0.5, error);
      if (pdf == NULL)
        return FALSE;
      key_pdf = render_pdf (puzzles, n_puzzles, &keys, key_path, job, 0.5, 1.0, error);
      if (key_pdf == NULL)
        return FALSE;
    }

  /* Both files are written in full before either is put in place, the
   * key first: a failure leaves no pack without its key. */
  file = maze_atomic_file_open (path, error);
  if (file == NULL || !write_bytes (file, pdf, path, error))
    return FALSE;
  if (key_path != NULL)
    {
      key_file = maze_atomic_file_open (key_path, error);
      if (key_file == NULL || !write_bytes (key_file, key_pdf, key_path, error))
        return FALSE;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (key_file != NULL && !maze_atomic_file_commit (g_steal_pointer (&key_file), error))
    return FALSE;
  return maze_atomic_file_commit (g_steal_pointer (&file), error);
}
