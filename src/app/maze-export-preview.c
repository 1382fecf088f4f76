/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-export-preview.h"

#include <math.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "maze-poster.h"
#include "maze-worksheet.h"

/* The text preview: a font this big (user units) when the text fits,
 * never smaller than the least size that can be read, and never more
 * text laid out than such a preview can show. */
#define TEXT_FONT_SIZE     10.0
#define TEXT_MIN_FONT_SIZE 6.0
#define TEXT_MAX_LINES     160
#define TEXT_MAX_COLUMNS   320
#define TEXT_PADDING       8.0

static void
draw_checkerboard (cairo_t *cr,
                   double   width,
                   double   height)
{
  const double square = 8.0;

  cairo_save (cr);
  cairo_rectangle (cr, 0.0, 0.0, width, height);
  cairo_clip (cr);
  cairo_set_source_rgb (cr, 1.0, 1.0, 1.0);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0.82, 0.82, 0.82);
  for (guint row = 0; row * square < height; row++)
    for (guint col = row % 2; col * square < width; col += 2)
      cairo_rectangle (cr, col * square, row * square, square, square);
  cairo_fill (cr);
  cairo_restore (cr);
}

/* A hairline round a picture or page, so that white shows on white. */
static void
draw_frame (cairo_t *cr,
            double   width,
            double   height)
{
  cairo_save (cr);
  cairo_set_source_rgba (cr, 0.0, 0.0, 0.0, 0.25);
  cairo_set_line_width (cr, 1.0);
  cairo_rectangle (cr, -0.5, -0.5, width + 1.0, height + 1.0);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
preview_picture (cairo_t                 *cr,
                 const MazeExportRequest *request,
                 const MazePuzzle        *puzzle,
                 const MazeSolution      *solution,
                 double                   width,
                 double                   height)
{
  MazeRenderOptions render;
  double w, h, scale;

  maze_export_request_to_render (request, puzzle, solution, &render);
  maze_render_get_size (puzzle->grid, &render, &w, &h);
  if (!(w > 0.0) || !(h > 0.0))
    return;
  scale = MIN (width / w, height / h);

  cairo_save (cr);
  cairo_translate (cr, round ((width - w * scale) / 2.0), round ((height - h * scale) / 2.0));
  if (request->background_color.alpha < 1.0)
    draw_checkerboard (cr, w * scale, h * scale);
  draw_frame (cr, w * scale, h * scale);
  cairo_rectangle (cr, 0.0, 0.0, w * scale, h * scale);
  cairo_clip (cr);
  cairo_scale (cr, scale, scale);
  maze_render (cr, puzzle->grid, &render);
  cairo_restore (cr);
}

/* A poster's sheets as they will be laid together, a small gap apart:
 * at most a preview's worth of them drawn, the rest as blank frames. */
static void
preview_poster (cairo_t              *cr,
                const MazePdfOptions *pdf,
                const MazePuzzle     *puzzle,
                double                width,
                double                height)
{
  MazePosterLayout layout;
  double gap, total_w, total_h, scale, x0, y0;

  maze_poster_layout (&layout, &pdf->sheet, puzzle, pdf->poster_cell_mm);
  gap = layout.page_width / 40.0;
  total_w = layout.columns * (layout.page_width + gap) - gap;
  total_h = layout.rows * (layout.page_height + gap) - gap;
  scale = MIN (width / total_w, height / total_h);
  x0 = (width - total_w * scale) / 2.0;
  y0 = (height - total_h * scale) / 2.0;

  for (guint tile = 0; tile < maze_poster_get_n_tiles (&layout); tile++)
    {
      guint row = tile / layout.columns, column = tile % layout.columns;

      cairo_save (cr);
      cairo_translate (cr, round (x0 + column * (layout.page_width + gap) * scale),
                       round (y0 + row * (layout.page_height + gap) * scale));
      draw_frame (cr, layout.page_width * scale, layout.page_height * scale);
      /* A sheet smaller than a few pixels shows nothing worth its time. */
      if (layout.page_width * scale >= 8.0)
        {
          cairo_rectangle (cr, 0.0, 0.0, layout.page_width * scale, layout.page_height * scale);
          cairo_clip (cr);
          cairo_scale (cr, scale, scale);
          maze_poster_render_tile (cr, &layout, &pdf->sheet, puzzle, tile, NULL);
        }
      cairo_restore (cr);
    }
}

/* Pages of the PDF (pages[0..n_shown-1]) side by side, fitted, each
 * drawn as maze_pdf_export() draws it. */
static void
draw_pdf_pages (cairo_t              *cr,
                const MazePdfOptions *pdf,
                MazePuzzle * const   *puzzles,
                guint                 n_puzzles,
                const guint          *pages,
                guint                 n_shown,
                double                width,
                double                height)
{
  double page_w, page_h, gap, total_w, scale, x;

  maze_worksheet_page_size (&pdf->sheet, &page_w, &page_h);
  gap = page_w / 16.0;
  total_w = n_shown * page_w + (n_shown - 1) * gap;
  scale = MIN (width / total_w, height / page_h);
  x = (width - total_w * scale) / 2.0;

  for (guint i = 0; i < n_shown; i++)
    {
      MazeWorksheetOptions sheet;
      guint first, n_on_page;
      gboolean answers;

      cairo_save (cr);
      cairo_translate (cr, round (x + i * (page_w + gap) * scale),
                       round ((height - page_h * scale) / 2.0));
      draw_frame (cr, page_w * scale, page_h * scale);
      cairo_rectangle (cr, 0.0, 0.0, page_w * scale, page_h * scale);
      cairo_clip (cr);
      cairo_scale (cr, scale, scale);
      if (maze_pdf_get_page (pdf, n_puzzles, pages[i], &sheet, &first, &n_on_page, &answers))
        {
          cairo_set_source_rgb (cr, 1.0, 1.0, 1.0);
          cairo_paint (cr);
          if (n_on_page > 0)
            maze_worksheet_render_page (cr, &sheet, puzzles + first, n_on_page, answers);
        }
      cairo_restore (cr);
    }
}

/* The worksheet and, with an answer key, its last page: the answers. */
static void
preview_pages (cairo_t                 *cr,
               const MazeExportRequest *request,
               const MazePuzzle        *puzzle,
               double                   width,
               double                   height)
{
  MazePdfOptions pdf;
  guint pages[2] = { 0, 0 };

  maze_export_request_to_pdf (request, puzzle, &pdf);
  if (pdf.poster_cell_mm > 0.0)
    {
      preview_poster (cr, &pdf, puzzle, width, height);
      return;
    }
  pages[1] = maze_pdf_count_pages (&pdf, 1) - 1;
  draw_pdf_pages (cr, &pdf, (MazePuzzle * const *) &puzzle, 1, pages,
                  request->answer_key && !request->separate_keys ? 2 : 1, width, height);
}

/* The first lines and columns of text, as many as a preview can show. */
static char *
cut_text (const char *text,
          gboolean   *cut)
{
  GString *out = g_string_new (NULL);
  const char *line = text;
  guint n_lines = 0;

  *cut = FALSE;
  while (*line != '\0')
    {
      const char *newline = strchr (line, '\n');
      const char *end = newline != NULL ? newline : line + strlen (line);
      const char *p = line;
      guint columns = 0;

      if (n_lines == TEXT_MAX_LINES)
        {
          *cut = TRUE;
          break;
        }
      while (p < end && columns < TEXT_MAX_COLUMNS)
        {
          p = g_utf8_next_char (p);
          columns++;
        }
      if (p < end)
        *cut = TRUE;
      if (n_lines > 0)
        g_string_append_c (out, '\n');
      g_string_append_len (out, line, p - line);
      n_lines++;
      if (newline == NULL)
        break;
      line = newline + 1;
    }
  return g_string_free (out, FALSE);
}

static void
preview_text (cairo_t                 *cr,
              const MazeExportRequest *request,
              const MazePuzzle        *puzzle,
              const MazeSolution      *solution,
              double                   width,
              double                   height)
{
  g_autoptr(PangoLayout) layout = NULL;
  g_autoptr(PangoFontDescription) font = NULL;
  g_autofree char *text = NULL;
  g_autofree char *shown = NULL;
  cairo_font_options_t *font_options;
  MazeTextOptions text_options;
  PangoRectangle extents;
  double text_w, text_h, scale, box_w, box_h;
  gboolean cut;

  maze_export_request_to_text (request, puzzle, solution, &text_options);
  text = maze_text_to_string (puzzle->grid, &text_options);
  if (text == NULL)
    return;
  shown = cut_text (text, &cut);
  g_clear_pointer (&text, g_free);

  layout = pango_cairo_create_layout (cr);
  font_options = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (font_options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (pango_layout_get_context (layout), font_options);
  cairo_font_options_destroy (font_options);
  pango_layout_context_changed (layout);
  font = pango_font_description_from_string ("Monospace");
  pango_font_description_set_absolute_size (font, TEXT_FONT_SIZE * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, shown, -1);
  pango_layout_get_extents (layout, NULL, &extents);
  text_w = (double) extents.width / PANGO_SCALE;
  text_h = (double) extents.height / PANGO_SCALE;
  if (!(text_w > 0.0) || !(text_h > 0.0))
    return;

  /* The whole text when it can be read so; else its top left corner at
   * the least readable size. */
  scale = MIN ((width - 2.0 * TEXT_PADDING) / text_w, (height - 2.0 * TEXT_PADDING) / text_h);
  if (cut || scale * TEXT_FONT_SIZE < TEXT_MIN_FONT_SIZE)
    scale = MAX (scale, TEXT_MIN_FONT_SIZE / TEXT_FONT_SIZE);
  scale = MIN (scale, 1.6);
  box_w = MIN (text_w * scale + 2.0 * TEXT_PADDING, width);
  box_h = MIN (text_h * scale + 2.0 * TEXT_PADDING, height);

  cairo_save (cr);
  cairo_translate (cr, round ((width - box_w) / 2.0), round ((height - box_h) / 2.0));
  draw_frame (cr, box_w, box_h);
  cairo_rectangle (cr, 0.0, 0.0, box_w, box_h);
  cairo_clip (cr);
  cairo_set_source_rgb (cr, 1.0, 1.0, 1.0);
  cairo_paint (cr);
  cairo_translate (cr, TEXT_PADDING, TEXT_PADDING);
  cairo_scale (cr, scale, scale);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

void
maze_export_draw_pack_preview (cairo_t                 *cr,
                               const MazeExportRequest *request,
                               MazePuzzle * const      *puzzles,
                               guint                    n_puzzles,
                               double                   width,
                               double                   height)
{
  MazePdfOptions pdf;
  const guint first_page = 0;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (request != NULL);
  g_return_if_fail (puzzles != NULL && n_puzzles > 0);

  if (!(width >= 1.0) || !(height >= 1.0) || !maze_export_request_validate (request, NULL))
    return;
  maze_export_request_to_pdf (request, puzzles[0], &pdf);
  draw_pdf_pages (cr, &pdf, puzzles, n_puzzles, &first_page, 1, width, height);
}

void
maze_export_draw_preview (cairo_t                 *cr,
                          const MazeExportRequest *request,
                          const MazePuzzle        *puzzle,
                          double                   width,
                          double                   height)
{
  g_autoptr(MazeSolution) solution = NULL;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (request != NULL);
  g_return_if_fail (puzzle != NULL && puzzle->grid != NULL);

  if (!(width >= 1.0) || !(height >= 1.0) || !maze_export_request_validate (request, NULL))
    return;
  /* No path (no ends): the preview goes without it; the export says why. */
  maze_export_request_find_solution (request, puzzle, &solution, NULL);

  switch (request->format)
    {
    case MAZE_EXPORT_PNG:
    case MAZE_EXPORT_SVG:
      preview_picture (cr, request, puzzle, solution, width, height);
      break;
    case MAZE_EXPORT_PDF:
      preview_pages (cr, request, puzzle, width, height);
      break;
    case MAZE_EXPORT_TEXT:
    default:
      preview_text (cr, request, puzzle, solution, width, height);
      break;
    }
}

void
maze_export_paint_preview_centred (cairo_t         *cr,
                                   cairo_surface_t *preview,
                                   int              width,
                                   int              height)
{
  double scale_x, scale_y, w, h;

  if (preview == NULL)
    return;
  cairo_surface_get_device_scale (preview, &scale_x, &scale_y);
  w = cairo_image_surface_get_width (preview) / scale_x;
  h = cairo_image_surface_get_height (preview) / scale_y;
  cairo_set_source_surface (cr, preview, (int) ((width - w) / 2), (int) ((height - h) / 2));
  cairo_paint (cr);
}
