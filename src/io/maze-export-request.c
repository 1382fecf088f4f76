/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-export-request.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "maze-error.h"
#include "maze-export-private.h"
#include "maze-text.h"

/* ---- formats ---- */

typedef struct
{
  const char *name;
  const char *extension;
  const char *mime_type;
} FormatInfo;

static const FormatInfo formats[] = {
  [MAZE_EXPORT_PNG] = { "png", "png", "image/png" },
  [MAZE_EXPORT_SVG] = { "svg", "svg", "image/svg+xml" },
  [MAZE_EXPORT_PDF] = { "pdf", "pdf", "application/pdf" },
  [MAZE_EXPORT_TEXT] = { "text", "txt", "text/plain" },
};

G_STATIC_ASSERT (G_N_ELEMENTS (formats) == MAZE_EXPORT_N_FORMATS);

const char *
maze_export_format_get_name (MazeExportFormat format)
{
  g_return_val_if_fail ((guint) format < MAZE_EXPORT_N_FORMATS, "png");
  return formats[format].name;
}

gboolean
maze_export_format_from_name (const char       *name,
                              MazeExportFormat *format)
{
  g_return_val_if_fail (format != NULL, FALSE);

  for (guint i = 0; i < MAZE_EXPORT_N_FORMATS; i++)
    if (g_strcmp0 (formats[i].name, name) == 0)
      {
        *format = (MazeExportFormat) i;
        return TRUE;
      }
  return FALSE;
}

const char *
maze_export_format_get_extension (MazeExportFormat format)
{
  g_return_val_if_fail ((guint) format < MAZE_EXPORT_N_FORMATS, "png");
  return formats[format].extension;
}

const char *
maze_export_format_get_mime_type (MazeExportFormat format)
{
  g_return_val_if_fail ((guint) format < MAZE_EXPORT_N_FORMATS, "image/png");
  return formats[format].mime_type;
}

/* ---- limits ---- */

/* Why these numbers: a cell of 1 px is the least that draws; 1000 px
 * (or 500 mm) a cell is a poster already. 10 dpi is a screen shot at
 * its coarsest, 10000 dpi beyond any printer (and a PNG side stops at
 * 65535 px anyway). Walls from 1 % of a cell (a hairline) to half of it
 * (more would cover the passages); a width from a quarter of a unit
 * (0.25 pt, the thinnest line printers keep; a PNG draws at least a
 * pixel) to 500 (half the largest cell), and in every format at most
 * half the cell the maze gets (maze_export_check_wall_width()). A 10 m
 * image is a wall mural; 65535 pixels is the PNG limit. Margins up to
 * 50 mm still leave a maze on A4; a title of 200 characters fills three
 * lines of the page, a label of 40 a third of a small maze's width. */
static const MazeExportLimit limits[] = {
  [MAZE_EXPORT_LIMIT_CELL_PX] = { "cell-size-px", "export-cell-size-px", 1.0, 1000.0, FALSE },
  [MAZE_EXPORT_LIMIT_CELL_MM] = { "cell-size-mm", "export-cell-size-mm", 0.5, 500.0, FALSE },
  [MAZE_EXPORT_LIMIT_DPI] = { "dpi", "export-dpi", 10.0, 10000.0, FALSE },
  [MAZE_EXPORT_LIMIT_WALL_PERCENT] = { "wall-percent", "export-wall-thickness", 1.0, 50.0, FALSE },
  [MAZE_EXPORT_LIMIT_WALL_WIDTH] = { "wall-width", NULL, 0.25, 500.0, FALSE },
  [MAZE_EXPORT_LIMIT_IMAGE_WIDTH_PX] = { "image-width-px", NULL, 0.0, 65535.0, TRUE },
  [MAZE_EXPORT_LIMIT_IMAGE_WIDTH_MM] = { "image-width-mm", NULL, 0.0, 10000.0, TRUE },
  [MAZE_EXPORT_LIMIT_MARGIN_MM] = { "margin-mm", NULL, 0.0, 50.0, FALSE },
  [MAZE_EXPORT_LIMIT_TITLE_CHARS] = { "title-chars", NULL, 0.0, 200.0, FALSE },
  [MAZE_EXPORT_LIMIT_LABEL_CHARS] = { "label-chars", NULL, 0.0, 40.0, FALSE },
};

G_STATIC_ASSERT (G_N_ELEMENTS (limits) == MAZE_EXPORT_N_LIMITS);

const MazeExportLimit *
maze_export_limit_get (MazeExportLimitId id)
{
  g_return_val_if_fail ((guint) id < MAZE_EXPORT_N_LIMITS, NULL);
  return &limits[id];
}

gboolean
maze_export_limit_contains (MazeExportLimitId id,
                            double            value)
{
  const MazeExportLimit *limit;

  g_return_val_if_fail ((guint) id < MAZE_EXPORT_N_LIMITS, FALSE);

  limit = &limits[id];
  if (!isfinite (value) || value > limit->max)
    return FALSE;
  return limit->min_excluded ? value > limit->min : value >= limit->min;
}

/* ---- the request ---- */

void
maze_export_request_init (MazeExportRequest *request)
{
  g_return_if_fail (request != NULL);

  /* Black on white at a size that reads well on screen and prints well
   * (8 mm cells are easy to draw through with a pencil); the solution in
   * the worksheet's bluish green, a mid grey on a black-and-white
   * printer. */
  *request = (MazeExportRequest) {
    .format = MAZE_EXPORT_PNG,
    .unit = MAZE_UNIT_PX,
    .cell_px = 20.0,
    .cell_mm = 8.0,
    .dpi = 300.0,
    .auto_dpi = TRUE,
    .image_width = 0.0,
    .image_width_unit = MAZE_UNIT_MM,
    .wall_rule = MAZE_EXPORT_WALL_SHARE,
    .wall_percent = 10.0,
    .wall_width = 0.0,
    .wall_color = { 0.0, 0.0, 0.0, 1.0 },
    .background_color = { 1.0, 1.0, 1.0, 1.0 },
    .solution_color = { 0x00 / 255.0, 0x9E / 255.0, 0x73 / 255.0, 1.0 },
    .solution_style = MAZE_SOLUTION_SOLID,
    .monochrome = FALSE,
    .markers = TRUE,
    .doors = TRUE,
    .solution = FALSE,
    .answer_key = FALSE,
    .separate_keys = FALSE,
    /* Keys at the back straight after the puzzles, no blank page: the
     * one default of the CLI and the window's Export Pack (a single
     * worksheet with its key is two pages, not three). */
    .double_sided = FALSE,
    .difficulty_line = FALSE,
    .show_title = TRUE,
    .title = NULL,
    .name_date_line = TRUE,
    .instructions = NULL,
    .labels = TRUE,
    .start_label = NULL,
    .finish_label = NULL,
    .paper = MAZE_PAPER_A4,
    .landscape = FALSE,
    .auto_orientation = TRUE,
    .margin_mm = 15.0,
    .per_page = 1,
    .poster = FALSE,
    .poster_cell_mm = 0.0,
    .text_style = MAZE_TEXT_CLASSIC,
  };
}

void
maze_export_request_clear (MazeExportRequest *request)
{
  g_return_if_fail (request != NULL);

  g_clear_pointer (&request->title, g_free);
  g_clear_pointer (&request->instructions, g_free);
  g_clear_pointer (&request->start_label, g_free);
  g_clear_pointer (&request->finish_label, g_free);
}

void
maze_export_request_copy (MazeExportRequest       *dest,
                          const MazeExportRequest *src)
{
  g_return_if_fail (dest != NULL);
  g_return_if_fail (src != NULL);

  *dest = *src;
  dest->title = g_strdup (src->title);
  dest->instructions = g_strdup (src->instructions);
  dest->start_label = g_strdup (src->start_label);
  dest->finish_label = g_strdup (src->finish_label);
}

static void
replace_string (char       **field,
                const char  *value)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
}

void
maze_export_request_set_title (MazeExportRequest *request,
                               const char        *title)
{
  g_return_if_fail (request != NULL);

  replace_string (&request->title, title);
}

void
maze_export_request_set_instructions (MazeExportRequest *request,
                                      const char        *instructions)
{
  g_return_if_fail (request != NULL);

  replace_string (&request->instructions, instructions);
}

void
maze_export_request_set_labels (MazeExportRequest *request,
                                const char        *start_label,
                                const char        *finish_label)
{
  g_return_if_fail (request != NULL);

  replace_string (&request->start_label, start_label);
  replace_string (&request->finish_label, finish_label);
}

char *
maze_export_request_get_key_path (const char *path)
{
  g_autofree char *stem = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  if (g_str_has_suffix (path, ".pdf") || g_str_has_suffix (path, ".PDF"))
    stem = g_strndup (path, strlen (path) - 4);
  else
    stem = g_strdup (path);
  return g_strconcat (stem, "-key.pdf", NULL);
}

/* ---- checking ---- */

static gboolean
is_color (const MazeColor *color)
{
  return isfinite (color->red) && color->red >= 0.0 && color->red <= 1.0 &&
         isfinite (color->green) && color->green >= 0.0 && color->green <= 1.0 &&
         isfinite (color->blue) && color->blue >= 0.0 && color->blue <= 1.0 &&
         isfinite (color->alpha) && color->alpha >= 0.0 && color->alpha <= 1.0;
}

/* The message for a value out of its range: what the option is, the
 * value, and the range, in the unit the user gave it in. */
static void
set_out_of_range (GError            **error,
                  MazeExportLimitId   id,
                  double              value,
                  MazeUnit            unit)
{
  const MazeExportLimit *limit = &limits[id];

  switch (id)
    {
    case MAZE_EXPORT_LIMIT_CELL_PX:
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("A cell size of %g pixels is out of range: use %g to %g pixels"),
                   value, limit->min, limit->max);
      break;
    case MAZE_EXPORT_LIMIT_CELL_MM:
      if (unit == MAZE_UNIT_IN)
        g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                     _("A cell size of %.3g in is out of range: use %.3g to %.3g in"),
                     value / MAZE_MM_PER_INCH, limit->min / MAZE_MM_PER_INCH,
                     limit->max / MAZE_MM_PER_INCH);
      else
        g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                     _("A cell size of %g mm is out of range: use %g to %g mm"),
                     value, limit->min, limit->max);
      break;
    case MAZE_EXPORT_LIMIT_DPI:
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("A resolution of %g dpi is out of range: use %g to %g dpi"),
                   value, limit->min, limit->max);
      break;
    case MAZE_EXPORT_LIMIT_WALL_PERCENT:
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("A wall thickness of %g %% of a cell is out of range: use %g to %g %%"),
                   value, limit->min, limit->max);
      break;
    case MAZE_EXPORT_LIMIT_WALL_WIDTH:
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("A wall width of %g is out of range: use %g to %g"),
                   value, limit->min, limit->max);
      break;
    case MAZE_EXPORT_LIMIT_IMAGE_WIDTH_PX:
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("An image width of %g pixels is out of range: use more than %g "
                     "and at most %g pixels"),
                   value, limit->min, limit->max);
      break;
    case MAZE_EXPORT_LIMIT_IMAGE_WIDTH_MM:
      if (unit == MAZE_UNIT_IN)
        g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                     _("An image width of %.4g in is out of range: use more than %g "
                       "and at most %.4g in"),
                     value / MAZE_MM_PER_INCH, limit->min / MAZE_MM_PER_INCH,
                     limit->max / MAZE_MM_PER_INCH);
      else
        g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                     _("An image width of %g mm is out of range: use more than %g "
                       "and at most %g mm"),
                     value, limit->min, limit->max);
      break;
    case MAZE_EXPORT_LIMIT_MARGIN_MM:
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("A page margin of %g mm is out of range: use %g to %g mm"),
                   value, limit->min, limit->max);
      break;
    case MAZE_EXPORT_LIMIT_LABEL_CHARS:
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("A Start or Finish label of %.0f characters is too long: the limit is %.0f"),
                   value, limit->max);
      break;
    case MAZE_EXPORT_LIMIT_TITLE_CHARS:
    default:
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("A worksheet title of %.0f characters is too long: the limit is %.0f"),
                   value, limit->max);
      break;
    }
}

gboolean
maze_export_check_limit (MazeExportLimitId   id,
                         double              value,
                         MazeUnit            unit,
                         GError            **error)
{
  if (maze_export_limit_contains (id, value))
    return TRUE;
  set_out_of_range (error, id, value, unit);
  return FALSE;
}

gboolean
maze_export_check_drawing (const MazeRenderOptions  *render,
                           double                    width,
                           MazeUnit                  unit,
                           GError                  **error)
{
  if (!isfinite (render->cell_size) || render->cell_size <= 0.0)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("A cell size of %g is not a size: it must be above 0"),
                   render->cell_size);
      return FALSE;
    }
  if (!isfinite (width) || width < 0.0)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("An image width of %g is not a size"), width);
      return FALSE;
    }
  if ((guint) unit > MAZE_UNIT_IN)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Unknown unit %d for the image width"), (int) unit);
      return FALSE;
    }
  return TRUE;
}

/* Enumerations from a caller that casts: a value past the last. */
static gboolean
check_choices (const MazeExportRequest  *request,
               GError                  **error)
{
  if ((guint) request->format >= MAZE_EXPORT_N_FORMATS)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Unknown export format %d"), (int) request->format);
      return FALSE;
    }
  if ((guint) request->unit > MAZE_UNIT_IN)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Unknown unit %d for the cell size"), (int) request->unit);
      return FALSE;
    }
  if ((guint) request->image_width_unit > MAZE_UNIT_IN)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Unknown unit %d for the image width"), (int) request->image_width_unit);
      return FALSE;
    }
  if ((guint) request->wall_rule > MAZE_EXPORT_WALL_DRAWING)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Unknown wall rule %d"), (int) request->wall_rule);
      return FALSE;
    }
  if ((guint) request->solution_style > MAZE_SOLUTION_CELLS)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Unknown solution style %d"), (int) request->solution_style);
      return FALSE;
    }
  if ((guint) request->paper >= MAZE_N_PAPERS)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Unknown paper size %d"), (int) request->paper);
      return FALSE;
    }
  if ((guint) request->text_style > MAZE_TEXT_UNICODE)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Unknown text style %d"), (int) request->text_style);
      return FALSE;
    }
  if (request->per_page != 1 && request->per_page != 2 && request->per_page != 4 &&
      request->per_page != 6)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("%u mazes a page is no layout: use 1, 2, 4 or 6"), request->per_page);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_size (const MazeExportRequest  *request,
            GError                  **error)
{
  if (request->unit == MAZE_UNIT_PX)
    {
      if (!maze_export_check_limit (MAZE_EXPORT_LIMIT_CELL_PX, request->cell_px, MAZE_UNIT_PX, error))
        return FALSE;
    }
  else if (!maze_export_check_limit (MAZE_EXPORT_LIMIT_CELL_MM, request->cell_mm, request->unit, error))
    return FALSE;
  if (!maze_export_check_limit (MAZE_EXPORT_LIMIT_DPI, request->dpi, MAZE_UNIT_PX, error))
    return FALSE;

  /* 0 is "not given"; anything else is a width. */
  if (request->image_width == 0.0)
    return TRUE;
  if (request->image_width_unit == MAZE_UNIT_PX)
    return maze_export_check_limit (MAZE_EXPORT_LIMIT_IMAGE_WIDTH_PX, request->image_width,
                        MAZE_UNIT_PX, error);
  return maze_export_check_limit (MAZE_EXPORT_LIMIT_IMAGE_WIDTH_MM,
                      request->image_width_unit == MAZE_UNIT_IN
                        ? request->image_width * MAZE_MM_PER_INCH : request->image_width,
                      request->image_width_unit, error);
}

static gboolean
check_look (const MazeExportRequest  *request,
            GError                  **error)
{
  if (!maze_export_check_limit (MAZE_EXPORT_LIMIT_WALL_PERCENT, request->wall_percent, MAZE_UNIT_PX, error))
    return FALSE;
  if (request->wall_rule == MAZE_EXPORT_WALL_WIDTH &&
      !maze_export_check_limit (MAZE_EXPORT_LIMIT_WALL_WIDTH, request->wall_width, MAZE_UNIT_PX, error))
    return FALSE;
  if (!is_color (&request->wall_color))
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("The wall colour is not a colour: its parts must be 0 to 1"));
      return FALSE;
    }
  if (!is_color (&request->background_color))
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("The background colour is not a colour: its parts must be 0 to 1"));
      return FALSE;
    }
  if (!is_color (&request->solution_color))
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("The solution colour is not a colour: its parts must be 0 to 1"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_label (const char  *label,
             GError     **error)
{
  if (label == NULL)
    return TRUE;
  if (!g_utf8_validate (label, -1, NULL))
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("A Start or Finish label is not valid UTF-8 text"));
      return FALSE;
    }
  return maze_export_check_limit (MAZE_EXPORT_LIMIT_LABEL_CHARS, g_utf8_strlen (label, -1),
                                  MAZE_UNIT_PX, error);
}

static gboolean
check_sheet (const MazeExportRequest  *request,
             GError                  **error)
{
  if (!maze_export_check_limit (MAZE_EXPORT_LIMIT_MARGIN_MM, request->margin_mm, MAZE_UNIT_MM, error))
    return FALSE;
  /* 0 is "the least legible"; a size too small to read is the
   * legibility check's to word. */
  if (request->poster_cell_mm != 0.0 &&
      !maze_export_check_limit (MAZE_EXPORT_LIMIT_CELL_MM, request->poster_cell_mm, MAZE_UNIT_MM,
                                error))
    return FALSE;
  if (request->title != NULL)
    {
      if (!g_utf8_validate (request->title, -1, NULL))
        {
          g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                       _("The worksheet title is not valid UTF-8 text"));
          return FALSE;
        }
      if (!maze_export_check_limit (MAZE_EXPORT_LIMIT_TITLE_CHARS, g_utf8_strlen (request->title, -1),
                        MAZE_UNIT_PX, error))
        return FALSE;
    }
  if (request->instructions != NULL && !g_utf8_validate (request->instructions, -1, NULL))
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("The worksheet instructions are not valid UTF-8 text"));
      return FALSE;
    }
  return check_label (request->start_label, error) &&
         check_label (request->finish_label, error);
}

gboolean
maze_export_request_validate (const MazeExportRequest  *request,
                              GError                  **error)
{
  g_return_val_if_fail (request != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* All values, whatever the format: the dialog keeps them all in the
   * settings. */
  return check_choices (request, error) &&
         check_size (request, error) &&
         check_look (request, error) &&
         check_sheet (request, error);
}

static gboolean
draws_solution (const MazeExportRequest *request)
{
  return request->solution && request->format != MAZE_EXPORT_PDF;
}

gboolean
maze_export_request_check (const MazeExportRequest  *request,
                           const MazePuzzle         *puzzle,
                           GError                  **error)
{
  MazeRenderOptions render;

  g_return_val_if_fail (request != NULL, FALSE);
  g_return_val_if_fail (puzzle != NULL && puzzle->grid != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!maze_export_request_validate (request, error))
    return FALSE;

  /* A path to draw, or a worksheet to solve, needs its two ends. */
  if ((draws_solution (request) || request->format == MAZE_EXPORT_PDF) &&
      !maze_puzzle_check_endpoints (puzzle, error))
    return FALSE;
  if (request->format == MAZE_EXPORT_TEXT && !maze_text_check_shape (puzzle->grid->shape, error))
    return FALSE;

  if (request->format == MAZE_EXPORT_PDF)
    return maze_export_check_legible (request, puzzle, error);
  if (request->format != MAZE_EXPORT_PNG && request->format != MAZE_EXPORT_SVG)
    return TRUE;

  maze_export_request_to_render (request, puzzle, NULL, &render);
  if (!maze_export_check_wall_width (request, render.cell_size, error))
    return FALSE;

  if (request->format == MAZE_EXPORT_PNG)
    {
      g_autoptr(GError) local_error = NULL;
      MazePngOptions png;

      maze_export_request_to_png (request, &png);
      if (maze_png_get_size (puzzle->grid, &render, &png, NULL, NULL, NULL, &local_error))
        return maze_export_check_legible (request, puzzle, error);
      /* Say what to change, too. */
      g_set_error (error, local_error->domain, local_error->code,
                   _("%s. Choose a smaller cell size or resolution."), local_error->message);
      return FALSE;
    }
  return TRUE;
}

double
maze_export_request_get_poster_cell_mm (const MazeExportRequest *request)
{
  g_return_val_if_fail (request != NULL, 0.0);

  return request->poster_cell_mm > 0.0 ? request->poster_cell_mm : MAZE_EXPORT_MIN_SHEET_CELL_MM;
}

double
maze_export_request_get_cell_size (const MazeExportRequest *request)
{
  double dpi;

  g_return_val_if_fail (request != NULL, 0.0);

  if (request->unit == MAZE_UNIT_PX)
    return request->cell_px;
  dpi = request->format == MAZE_EXPORT_SVG ? MAZE_EXPORT_SVG_DPI : request->dpi;
  return request->cell_mm / MAZE_MM_PER_INCH * dpi;
}
