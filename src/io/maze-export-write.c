/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-export-request.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "maze-atomic-file.h"
#include "maze-error.h"
#include "maze-export-private.h"
#include "maze-geometry.h"
#include "maze-poster.h"
#include "maze-worksheet.h"

/* A request made into the options of the writers (maze-png.h,
 * maze-svg.h, maze-pdf.h, maze-text.h), described in a few words, and
 * written. The checks are in maze-export-request.c. */

/* ---- the writers' options ---- */

/* The renderer's defaults are for its own cell size: the margin (and
 * the walls of MAZE_EXPORT_WALL_DRAWING) grow with the cell, so that a
 * bigger cell looks the same, only bigger. */
static void
scale_render (MazeRenderOptions *render,
              double             cell_size)
{
  double scale = cell_size / render->cell_size;

  render->wall_width *= scale;
  render->margin *= scale;
  render->cell_size = cell_size;
}

void
maze_export_request_to_render (const MazeExportRequest *request,
                               const MazePuzzle        *puzzle,
                               const MazeSolution      *solution,
                               MazeRenderOptions       *render)
{
  double cell;

  g_return_if_fail (request != NULL);
  g_return_if_fail (puzzle != NULL);
  g_return_if_fail (render != NULL);

  maze_render_options_init (render);
  cell = maze_export_request_get_cell_size (request);
  scale_render (render, cell);
  if (request->wall_rule == MAZE_EXPORT_WALL_SHARE)
    render->wall_width = cell * request->wall_percent / 100.0;
  else if (request->wall_rule == MAZE_EXPORT_WALL_WIDTH)
    render->wall_width = request->wall_width;

  /* An SVG as wide as asked in pixels: its own units are pixels, so the
   * drawing is made that size (a given wall width stays as given). */
  if (request->format == MAZE_EXPORT_SVG && request->image_width > 0.0 &&
      request->image_width_unit == MAZE_UNIT_PX)
    {
      double width, height;

      maze_render_get_size (puzzle->grid, render, &width, &height);
      if (width > 0.0)
        scale_render (render, render->cell_size * request->image_width / width);
      if (request->wall_rule == MAZE_EXPORT_WALL_WIDTH)
        render->wall_width = request->wall_width;
    }

  render->wall_color = request->wall_color;
  render->background_color = request->background_color;
  render->solution_color = request->solution_color;
  render->solution_style = request->solution_style;
  render->monochrome = request->monochrome;
  render->show_markers = request->markers;
  render->show_doors = request->doors;
  /* Printed as the shape: no grey where the maze is not. */
  render->show_masked = FALSE;
  maze_render_options_set_endpoints (render, puzzle);
  if (solution != NULL)
    {
      render->solution = solution->path;
      render->solution_len = solution->path_len;
    }
}

void
maze_export_request_to_png (const MazeExportRequest *request,
                            MazePngOptions          *png)
{
  g_return_if_fail (request != NULL);
  g_return_if_fail (png != NULL);

  /* The cell size is in pixels already (to_render); dpi goes to pHYs
   * and turns a width given as a length into pixels. */
  maze_png_options_init (png);
  png->dpi = request->dpi;
  if (request->auto_dpi && request->unit == MAZE_UNIT_PX && !(request->image_width > 0.0))
    png->placed_width_mm = MAZE_EXPORT_PLACED_WIDTH_MM;
  if (request->image_width > 0.0)
    {
      png->width = request->image_width;
      png->unit = request->image_width_unit;
    }
  else
    {
      png->width = 0.0;
      png->unit = MAZE_UNIT_PX;
    }
}

void
maze_export_request_to_svg (const MazeExportRequest *request,
                            const MazePuzzle        *puzzle,
                            MazeSvgOptions          *svg)
{
  MazeRenderOptions render;
  double width, height;

  g_return_if_fail (request != NULL);
  g_return_if_fail (puzzle != NULL);
  g_return_if_fail (svg != NULL);

  maze_svg_options_init (svg);
  if (request->image_width > 0.0)
    {
      /* In pixels, to_render drew it that size already. */
      if (request->image_width_unit != MAZE_UNIT_PX)
        {
          svg->width = request->image_width;
          svg->unit = request->image_width_unit;
        }
      return;
    }
  if (request->unit == MAZE_UNIT_PX)
    return;

  /* The drawing is in CSS pixels; its width, as a length, makes each
   * cell as long as asked. */
  maze_export_request_to_render (request, puzzle, NULL, &render);
  maze_render_get_size (puzzle->grid, &render, &width, &height);
  svg->unit = request->unit;
  svg->width = width / MAZE_EXPORT_SVG_DPI;
  if (request->unit == MAZE_UNIT_MM)
    svg->width *= MAZE_MM_PER_INCH;
}

static gboolean
is_white (const MazeColor *color)
{
  return color->red >= 1.0 && color->green >= 1.0 && color->blue >= 1.0;
}

void
maze_export_request_to_worksheet (const MazeExportRequest *request,
                                  const MazePuzzle        *puzzle,
                                  MazeWorksheetOptions    *sheet)
{
  MazeRenderOptions *render;
  double cell;

  g_return_if_fail (request != NULL);
  g_return_if_fail (sheet != NULL);

  maze_worksheet_options_init (sheet);
  sheet->paper = request->paper;
  sheet->landscape = request->landscape;
  sheet->margin_mm = request->margin_mm;
  sheet->per_page = request->per_page;
  if (!request->show_title)
    sheet->title = "";
  else if (request->title != NULL && request->title[0] != '\0')
    sheet->title = request->title;
  else
    sheet->title = NULL;
  sheet->name_date_line = request->name_date_line;
  sheet->instructions = request->instructions;
  sheet->labels = request->labels;
  sheet->start_label = request->start_label;
  sheet->finish_label = request->finish_label;
  sheet->difficulty = request->difficulty_line;

  render = &sheet->render;
  render->wall_color = request->wall_color;
  render->solution_color = request->solution_color;
  /* The page is white already: white stays unprinted. */
  if (!is_white (&request->background_color))
    render->background_color = request->background_color;
  render->solution_style = request->solution_style;
  render->monochrome = request->monochrome;
  render->show_markers = request->markers;
  render->show_doors = request->doors;

  sheet->landscape = maze_export_choose_landscape (request, sheet, puzzle);
  if (request->wall_rule == MAZE_EXPORT_WALL_WIDTH)
    render->wall_width = request->wall_width;
  else if (request->wall_rule == MAZE_EXPORT_WALL_SHARE && puzzle != NULL)
    {
      /* The share of the cell the page gives the maze with the
       * worksheet's own walls, near enough; a poster's own cell. */
      if (request->poster)
        cell = maze_export_request_get_poster_cell_mm (request) * 72.0 / MAZE_MM_PER_INCH;
      else
        cell = maze_worksheet_get_cell_size (sheet, (MazePuzzle * const *) &puzzle, 1);
      if (cell > 0.0 && isfinite (cell))
        render->wall_width = cell * request->wall_percent / 100.0;
    }
}

void
maze_export_request_to_pdf (const MazeExportRequest *request,
                            const MazePuzzle        *puzzle,
                            MazePdfOptions          *pdf)
{
  g_return_if_fail (request != NULL);
  g_return_if_fail (pdf != NULL);

  maze_pdf_options_init (pdf);
  maze_export_request_to_worksheet (request, puzzle, &pdf->sheet);
  pdf->answer_key = request->answer_key;
  if (request->poster)
    pdf->poster_cell_mm = maze_export_request_get_poster_cell_mm (request);
  pdf->double_sided = request->double_sided;
}

void
maze_export_request_to_text (const MazeExportRequest *request,
                             const MazePuzzle        *puzzle,
                             const MazeSolution      *solution,
                             MazeTextOptions         *text)
{
  g_return_if_fail (request != NULL);
  g_return_if_fail (puzzle != NULL);
  g_return_if_fail (text != NULL);

  maze_text_options_init (text);
  text->style = request->text_style;
  text->start = request->doors ? puzzle->start : MAZE_NO_CELL;
  text->end = request->doors ? puzzle->end : MAZE_NO_CELL;
  if (solution != NULL)
    {
      text->path = solution->path;
      text->path_len = solution->path_len;
    }
}

gboolean
maze_export_request_find_solution (const MazeExportRequest  *request,
                                   const MazePuzzle         *puzzle,
                                   MazeSolution            **solution,
                                   GError                  **error)
{
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (request != NULL, FALSE);
  g_return_val_if_fail (puzzle != NULL && puzzle->grid != NULL, FALSE);
  g_return_val_if_fail (solution != NULL, FALSE);

  *solution = NULL;
  /* A worksheet's answer key finds its own. */
  if (!request->solution || request->format == MAZE_EXPORT_PDF)
    return TRUE;

  *solution = maze_solve (puzzle->grid, maze_solver_for_answer (puzzle->grid), puzzle->start, puzzle->end, NULL,
                          &local_error);
  if (*solution != NULL)
    return TRUE;
  g_set_error (error, MAZE_ERROR, local_error->code,
               _("There is no way from the start to the end to draw: %s"),
               local_error->message);
  return FALSE;
}

/* ---- describing ---- */

static char *
describe_length (double   width_in,
                 double   height_in,
                 MazeUnit unit)
{
  if (unit == MAZE_UNIT_IN)
    /* Translators: a physical size in inches */
    return g_strdup_printf (_("%.1f × %.1f in"), width_in, height_in);
  /* Translators: a physical size in millimetres */
  return g_strdup_printf (_("%.0f × %.0f mm"),
                          width_in * MAZE_MM_PER_INCH, height_in * MAZE_MM_PER_INCH);
}

static char *
describe_png (const MazeExportRequest *request,
              const MazePuzzle        *puzzle)
{
  g_autofree char *length = NULL;
  MazeRenderOptions render;
  MazePngOptions png;
  guint width_px, height_px;
  double dpi;

  maze_export_request_to_render (request, puzzle, NULL, &render);
  maze_export_request_to_png (request, &png);
  if (!maze_png_get_size (puzzle->grid, &render, &png, &width_px, &height_px, NULL, NULL))
    return NULL;
  dpi = maze_export_request_get_dpi (request, puzzle);
  length = describe_length (width_px / dpi, height_px / dpi, request->unit);
  /* Translators: "1260 × 960 pixels · 107 × 81 mm at 300 dpi" */
  return g_strdup_printf (_("%u × %u pixels · %s at %.0f dpi"),
                          width_px, height_px, length, dpi);
}

double
maze_export_request_get_dpi (const MazeExportRequest *request,
                             const MazePuzzle        *puzzle)
{
  MazeRenderOptions render;
  MazePngOptions png;
  guint width_px;

  g_return_val_if_fail (request != NULL, 0.0);
  g_return_val_if_fail (puzzle != NULL && puzzle->grid != NULL, 0.0);

  maze_export_request_to_render (request, puzzle, NULL, &render);
  maze_export_request_to_png (request, &png);
  if (!maze_png_get_size (puzzle->grid, &render, &png, &width_px, NULL, NULL, NULL))
    return 0.0;
  return maze_png_get_dpi (&png, width_px);
}

static char *
describe_svg (const MazeExportRequest *request,
              const MazePuzzle        *puzzle)
{
  MazeRenderOptions render;
  MazeSvgOptions svg;
  double width, height;

  maze_export_request_to_render (request, puzzle, NULL, &render);
  maze_render_get_size (puzzle->grid, &render, &width, &height);
  maze_export_request_to_svg (request, puzzle, &svg);
  if (svg.width == 0.0)
    /* Translators: the size of an SVG drawing */
    return g_strdup_printf (_("%.0f × %.0f pixels"), ceil (width - 1e-6), ceil (height - 1e-6));
  return describe_length (width / MAZE_EXPORT_SVG_DPI, height / MAZE_EXPORT_SVG_DPI, svg.unit);
}

static char *
describe_poster (const MazeExportRequest    *request,
                 const MazePuzzle           *puzzle,
                 const MazeWorksheetOptions *sheet,
                 const char                 *paper)
{
  MazePosterLayout layout;
  double cell_mm;
  guint tiles, pages;

  maze_poster_layout (&layout, sheet, puzzle, maze_export_request_get_poster_cell_mm (request));
  tiles = maze_poster_get_n_tiles (&layout);
  pages = request->answer_key ? 2 * tiles : tiles;
  cell_mm = maze_export_request_get_poster_cell_mm (request);
  if (sheet->landscape)
    /* Translators: a paper size (A4), rows × columns of sheets, the
     * cell size in mm, the number of pages */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%s landscape · a poster of %u × %u sheets, "
                                         "cells of %g mm · %u page",
                                         "%s landscape · a poster of %u × %u sheets, "
                                         "cells of %g mm · %u pages", pages),
                            paper, layout.rows, layout.columns, cell_mm, pages);
  /* Translators: a paper size (A4), rows × columns of sheets, the
   * cell size in mm, the number of pages */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%s portrait · a poster of %u × %u sheets, "
                                       "cells of %g mm · %u page",
                                       "%s portrait · a poster of %u × %u sheets, "
                                       "cells of %g mm · %u pages", pages),
                          paper, layout.rows, layout.columns, cell_mm, pages);
}

static char *
describe_pdf (const MazeExportRequest *request,
              const MazePuzzle        *puzzle)
{
  const char *paper = maze_paper_get_title (request->paper);
  MazeWorksheetOptions sheet;

  /* The orientation the page will have. */
  maze_export_request_to_worksheet (request, puzzle, &sheet);
  if (request->poster)
    return describe_poster (request, puzzle, &sheet, paper);

  if (request->answer_key)
    return g_strdup_printf (sheet.landscape
                            /* Translators: %s is a paper size, such as A4 or Letter */
                            ? _("%s landscape · the maze and its answer key, 2 pages")
                            : _("%s portrait · the maze and its answer key, 2 pages"),
                            paper);
  return g_strdup_printf (sheet.landscape
                          /* Translators: %s is a paper size, such as A4 or Letter */
                          ? _("%s landscape · 1 page")
                          : _("%s portrait · 1 page"),
                          paper);
}

char *
maze_export_request_describe (const MazeExportRequest *request,
                              const MazePuzzle        *puzzle)
{
  const MazeGrid *grid;
  guint columns, lines;

  g_return_val_if_fail (request != NULL, NULL);
  g_return_val_if_fail (puzzle != NULL && puzzle->grid != NULL, NULL);

  grid = puzzle->grid;
  if (!maze_export_request_validate (request, NULL))
    return NULL;

  switch (request->format)
    {
    case MAZE_EXPORT_PNG:
      return describe_png (request, puzzle);
    case MAZE_EXPORT_SVG:
      return describe_svg (request, puzzle);
    case MAZE_EXPORT_PDF:
      return describe_pdf (request, puzzle);
    case MAZE_EXPORT_TEXT:
    default:
      if (!maze_text_check_shape (grid->shape, NULL))
        return g_strdup (_("Text cannot draw this shape"));
      /* maze-text.h: 4 columns by 2 lines a cell, hexagons indented. */
      columns = grid->width * 4 + (grid->shape == MAZE_SHAPE_HEX ? 3 : 1);
      lines = grid->height * 2 + 1;
      /* Translators: the size of a text maze: columns × lines */
      return g_strdup_printf (_("%u × %u characters"), columns, lines);
    }
}

/* ---- writing ---- */

static void
report_progress (const MazeExportJob *job,
                 double               fraction)
{
  if (job != NULL && job->progress != NULL)
    job->progress (fraction, job->progress_data);
}

static gboolean
write_text (const MazeExportRequest  *request,
            const MazePuzzle         *puzzle,
            const MazeSolution       *solution,
            const char               *path,
            const MazeExportJob      *job,
            GError                  **error)
{
  g_autoptr(MazeAtomicFile) file = NULL;
  MazeTextOptions text;

  maze_export_request_to_text (request, puzzle, solution, &text);
  file = maze_atomic_file_open (path, error);
  if (file == NULL)
    return FALSE;
  report_progress (job, 0.0);
  if (!maze_text_write (puzzle->grid, &text, maze_atomic_file_stream (file), error))
    {
      /* The writer knows what failed, not where to. */
      if (g_str_equal (path, "-"))
        g_prefix_error (error, _("Cannot write standard output: "));
      else
        {
          g_autofree char *name = g_filename_display_name (path);

          g_prefix_error (error, _("Cannot write “%s”: "), name);
        }
      return FALSE;
    }
  /* The text streams in one go; a Cancel that came meanwhile still
   * leaves no file. */
  if (job != NULL && g_cancellable_set_error_if_cancelled (job->cancellable, error))
    return FALSE;
  if (!maze_atomic_file_commit (g_steal_pointer (&file), error))
    return FALSE;
  report_progress (job, 1.0);
  return TRUE;
}

gboolean
maze_export_request_write (const MazeExportRequest  *request,
                           MazePuzzle * const       *puzzles,
                           guint                     n_puzzles,
                           const char               *path,
                           const MazeExportJob      *job,
                           GError                  **error)
{
  g_autoptr(MazeSolution) solution = NULL;
  const MazePuzzle *puzzle;
  MazeRenderOptions render;
  MazePngOptions png;
  MazeSvgOptions svg;
  MazePdfOptions pdf;

  g_return_val_if_fail (request != NULL, FALSE);
  g_return_val_if_fail (puzzles != NULL && n_puzzles > 0, FALSE);
  g_return_val_if_fail (n_puzzles == 1 || request->format == MAZE_EXPORT_PDF, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  for (guint i = 0; i < n_puzzles; i++)
    {
      g_return_val_if_fail (puzzles[i] != NULL && puzzles[i]->grid != NULL, FALSE);
      if (!maze_export_request_check (request, puzzles[i], error))
        return FALSE;
    }
  if (job != NULL && g_cancellable_set_error_if_cancelled (job->cancellable, error))
    return FALSE;
  puzzle = puzzles[0];
  if (!maze_export_request_find_solution (request, puzzle, &solution, error))
    return FALSE;

  switch (request->format)
    {
    case MAZE_EXPORT_PNG:
      maze_export_request_to_render (request, puzzle, solution, &render);
      maze_export_request_to_png (request, &png);
      return maze_png_export (puzzle, &render, &png, path, job, error);

    case MAZE_EXPORT_SVG:
      maze_export_request_to_render (request, puzzle, solution, &render);
      maze_export_request_to_svg (request, puzzle, &svg);
      return maze_svg_export (puzzle, &render, &svg, path, job, error);

    case MAZE_EXPORT_PDF:
      maze_export_request_to_pdf (request, puzzle, &pdf);
      if (request->answer_key && request->separate_keys)
        {
          g_autofree char *key_path = maze_export_request_get_key_path (path);

          return maze_pdf_export_pack (puzzles, n_puzzles, &pdf, path, key_path, job, error);
        }
      return maze_pdf_export (puzzles, n_puzzles, &pdf, path, job, error);

    case MAZE_EXPORT_TEXT:
    default:
      return write_text (request, puzzle, solution, path, job, error);
    }
}
