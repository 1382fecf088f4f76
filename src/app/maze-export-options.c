/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-export-options.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "maze-atomic-file.h"
#include "maze-error.h"
#include "maze-geometry.h"
#include "maze-worksheet.h"

#define PT_PER_MM (72.0 / MAZE_MM_PER_INCH)

/* The text preview: a font this big (user units) when the text fits,
 * never smaller than the least size that can be read, and never more
 * text laid out than such a preview can show. */
#define TEXT_FONT_SIZE     10.0
#define TEXT_MIN_FONT_SIZE 6.0
#define TEXT_MAX_LINES     160
#define TEXT_MAX_COLUMNS   320
#define TEXT_PADDING       8.0

/* Rough heights of a worksheet's header parts and footer, in points, to
 * turn the wall thickness (a share of the cell) into the width the
 * worksheet draws; the page layout itself is maze-worksheet.c's. */
#define SHEET_TITLE_PT        40.0
#define SHEET_NAME_LINE_PT    24.0
#define SHEET_INSTRUCTIONS_PT 28.0
#define SHEET_FOOTER_PT       20.0
#define SHEET_LABELS_PT       32.0

static const char * const format_names[] = { "png", "svg", "pdf", "text" };
static const char * const unit_names[] = { "px", "mm", "in" };
static const char * const paper_names[] = { "a4", "letter" };
static const char * const text_style_names[] = { "classic", "unicode" };

G_STATIC_ASSERT (G_N_ELEMENTS (format_names) == MAZE_EXPORT_N_FORMATS);

void
maze_export_options_init (MazeExportOptions *options)
{
  g_return_if_fail (options != NULL);

  /* Black on white at a size that reads well on screen and prints well
   * (8 mm cells are easy to draw through with a pencil); the solution in
   * the worksheet's bluish green, a mid grey on a black-and-white
   * printer. */
  *options = (MazeExportOptions) {
    .format = MAZE_EXPORT_PNG,
    .unit = MAZE_UNIT_PX,
    .cell_px = 20.0,
    .cell_mm = 8.0,
    .dpi = 300.0,
    .wall_percent = 10.0,
    .wall_color = { 0.0, 0.0, 0.0, 1.0 },
    .background_color = { 1.0, 1.0, 1.0, 1.0 },
    .solution_color = { 0x00 / 255.0, 0x9E / 255.0, 0x73 / 255.0, 1.0 },
    .solution = FALSE,
    .answer_key = FALSE,
    .show_title = TRUE,
    .title = NULL,
    .name_date_line = TRUE,
    .paper = MAZE_PAPER_A4,
    .landscape = FALSE,
    .text_style = MAZE_TEXT_CLASSIC,
  };
}

void
maze_export_options_clear (MazeExportOptions *options)
{
  g_return_if_fail (options != NULL);

  g_clear_pointer (&options->title, g_free);
}

void
maze_export_options_copy (MazeExportOptions       *dest,
                          const MazeExportOptions *src)
{
  g_return_if_fail (dest != NULL);
  g_return_if_fail (src != NULL);

  *dest = *src;
  dest->title = g_strdup (src->title);
}

void
maze_export_options_set_title (MazeExportOptions *options,
                               const char        *title)
{
  g_return_if_fail (options != NULL);

  if (g_strcmp0 (options->title, title) == 0)
    return;
  g_free (options->title);
  options->title = g_strdup (title);
}

/* ---- checking ---- */

static gboolean
check_range (double       value,
             double       min,
             double       max)
{
  return isfinite (value) && value >= min && value <= max;
}

static gboolean
is_color (const MazeColor *color)
{
  return check_range (color->red, 0.0, 1.0) && check_range (color->green, 0.0, 1.0) &&
         check_range (color->blue, 0.0, 1.0) && check_range (color->alpha, 0.0, 1.0);
}

static gboolean
check_cell_size (const MazeExportOptions  *options,
                 GError                  **error)
{
  if (options->unit == MAZE_UNIT_PX)
    {
      if (check_range (options->cell_px, MAZE_EXPORT_MIN_CELL_PX, MAZE_EXPORT_MAX_CELL_PX))
        return TRUE;
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("A cell size of %g pixels is out of range: use %g to %g pixels"),
                   options->cell_px, MAZE_EXPORT_MIN_CELL_PX, MAZE_EXPORT_MAX_CELL_PX);
      return FALSE;
    }

  if (check_range (options->cell_mm, MAZE_EXPORT_MIN_CELL_MM, MAZE_EXPORT_MAX_CELL_MM))
    return TRUE;
  if (options->unit == MAZE_UNIT_IN)
    g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                 _("A cell size of %.3g in is out of range: use %.3g to %.3g in"),
                 options->cell_mm / MAZE_MM_PER_INCH,
                 MAZE_EXPORT_MIN_CELL_MM / MAZE_MM_PER_INCH,
                 MAZE_EXPORT_MAX_CELL_MM / MAZE_MM_PER_INCH);
  else
    g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                 _("A cell size of %g mm is out of range: use %g to %g mm"),
                 options->cell_mm, MAZE_EXPORT_MIN_CELL_MM, MAZE_EXPORT_MAX_CELL_MM);
  return FALSE;
}

gboolean
maze_export_options_validate (const MazeExportOptions  *options,
                              GError                  **error)
{
  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if ((guint) options->format >= MAZE_EXPORT_N_FORMATS)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Unknown export format %d"), (int) options->format);
      return FALSE;
    }
  if ((guint) options->unit > MAZE_UNIT_IN)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Unknown unit %d for the cell size"), (int) options->unit);
      return FALSE;
    }
  if ((guint) options->paper > MAZE_PAPER_LETTER)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Unknown paper size %d"), (int) options->paper);
      return FALSE;
    }
  if ((guint) options->text_style > MAZE_TEXT_UNICODE)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Unknown text style %d"), (int) options->text_style);
      return FALSE;
    }

  /* Every value is checked, whatever the format: they are all kept in
   * the settings. */
  if (!check_cell_size (options, error))
    return FALSE;
  if (!check_range (options->dpi, MAZE_EXPORT_MIN_DPI, MAZE_EXPORT_MAX_DPI))
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("A resolution of %g dpi is out of range: use %g to %g dpi"),
                   options->dpi, MAZE_EXPORT_MIN_DPI, MAZE_EXPORT_MAX_DPI);
      return FALSE;
    }
  if (!check_range (options->wall_percent, MAZE_EXPORT_MIN_WALL, MAZE_EXPORT_MAX_WALL))
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("A wall thickness of %g %% of a cell is out of range: use %g to %g %%"),
                   options->wall_percent, MAZE_EXPORT_MIN_WALL, MAZE_EXPORT_MAX_WALL);
      return FALSE;
    }
  if (!is_color (&options->wall_color))
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("The wall colour is not a colour: its parts must be 0 to 1"));
      return FALSE;
    }
  if (!is_color (&options->background_color))
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("The background colour is not a colour: its parts must be 0 to 1"));
      return FALSE;
    }
  if (!is_color (&options->solution_color))
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("The solution colour is not a colour: its parts must be 0 to 1"));
      return FALSE;
    }

  if (options->title != NULL)
    {
      glong chars;

      if (!g_utf8_validate (options->title, -1, NULL))
        {
          g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                       _("The worksheet title is not valid UTF-8 text"));
          return FALSE;
        }
      chars = g_utf8_strlen (options->title, -1);
      if (chars > MAZE_EXPORT_MAX_TITLE_CHARS)
        {
          g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                       _("A worksheet title of %ld characters is too long: the limit is %d"),
                       chars, MAZE_EXPORT_MAX_TITLE_CHARS);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
wants_solution (const MazeExportOptions *options)
{
  return options->solution && options->format != MAZE_EXPORT_PDF;
}

gboolean
maze_export_options_check (const MazeExportOptions  *options,
                           const MazePuzzle         *puzzle,
                           GError                  **error)
{
  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (puzzle != NULL && puzzle->grid != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!maze_export_options_validate (options, error))
    return FALSE;

  /* A path to draw, or a worksheet to solve, needs its two ends. */
  if ((wants_solution (options) || options->format == MAZE_EXPORT_PDF) &&
      !maze_puzzle_check_endpoints (puzzle, error))
    return FALSE;

  if (options->format == MAZE_EXPORT_PNG)
    {
      MazeRenderOptions render;
      MazePngOptions png;

      g_autoptr(GError) local_error = NULL;

      maze_export_options_to_render (options, puzzle, NULL, &render);
      maze_export_options_to_png (options, &png);
      if (maze_png_get_size (puzzle->grid, &render, &png, NULL, NULL, NULL, &local_error))
        return TRUE;
      /* Say what to change, too. */
      g_set_error (error, local_error->domain, local_error->code,
                   _("%s. Choose a smaller cell size or resolution."), local_error->message);
      return FALSE;
    }
  return TRUE;
}

/* ---- settings ---- */

static guint
lookup_name (const char * const *names,
             guint               n_names,
             const char         *name)
{
  for (guint i = 0; i < n_names; i++)
    if (g_strcmp0 (names[i], name) == 0)
      return i;
  return 0;
}

static guint
get_choice (GSettings          *settings,
            const char         *key,
            const char * const *names,
            guint               n_names)
{
  g_autofree char *value = g_settings_get_string (settings, key);

  return lookup_name (names, n_names, value);
}

static void
get_color (GSettings  *settings,
           const char *key,
           MazeColor  *color)
{
  g_autofree char *value = g_settings_get_string (settings, key);
  MazeColor parsed;

  /* A colour that does not parse keeps the default. */
  if (maze_export_color_parse (value, &parsed))
    *color = parsed;
}

static void
set_color (GSettings       *settings,
           const char      *key,
           const MazeColor *color)
{
  g_autofree char *value = maze_export_color_to_string (color);

  g_settings_set_string (settings, key, value);
}

void
maze_export_options_load (MazeExportOptions *options,
                          GSettings         *settings)
{
  g_autofree char *title = NULL;

  g_return_if_fail (options != NULL);
  g_return_if_fail (G_IS_SETTINGS (settings));

  options->format = get_choice (settings, "export-format", format_names,
                                G_N_ELEMENTS (format_names));
  options->unit = get_choice (settings, "export-unit", unit_names, G_N_ELEMENTS (unit_names));
  options->cell_px = g_settings_get_double (settings, "export-cell-size-px");
  options->cell_mm = g_settings_get_double (settings, "export-cell-size-mm");
  options->dpi = g_settings_get_double (settings, "export-dpi");
  options->wall_percent = g_settings_get_double (settings, "export-wall-thickness");
  get_color (settings, "export-wall-color", &options->wall_color);
  get_color (settings, "export-background-color", &options->background_color);
  get_color (settings, "export-solution-color", &options->solution_color);
  options->solution = g_settings_get_boolean (settings, "export-solution");
  options->answer_key = g_settings_get_boolean (settings, "export-answer-key");
  options->show_title = g_settings_get_boolean (settings, "export-show-title");
  title = g_settings_get_string (settings, "export-title");
  maze_export_options_set_title (options, *title != '\0' ? title : NULL);
  options->name_date_line = g_settings_get_boolean (settings, "export-name-date-line");
  options->paper = get_choice (settings, "export-paper", paper_names, G_N_ELEMENTS (paper_names));
  options->landscape = g_settings_get_boolean (settings, "export-landscape");
  options->text_style = get_choice (settings, "export-text-style", text_style_names,
                                    G_N_ELEMENTS (text_style_names));
}

gboolean
maze_export_options_save (const MazeExportOptions  *options,
                          GSettings                *settings,
                          GError                  **error)
{
  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (G_IS_SETTINGS (settings), FALSE);

  /* Out-of-range values would be refused by the keys' ranges. */
  if (!maze_export_options_validate (options, error))
    return FALSE;

  g_settings_set_string (settings, "export-format", format_names[options->format]);
  g_settings_set_string (settings, "export-unit", unit_names[options->unit]);
  g_settings_set_double (settings, "export-cell-size-px", options->cell_px);
  g_settings_set_double (settings, "export-cell-size-mm", options->cell_mm);
  g_settings_set_double (settings, "export-dpi", options->dpi);
  g_settings_set_double (settings, "export-wall-thickness", options->wall_percent);
  set_color (settings, "export-wall-color", &options->wall_color);
  set_color (settings, "export-background-color", &options->background_color);
  set_color (settings, "export-solution-color", &options->solution_color);
  g_settings_set_boolean (settings, "export-solution", options->solution);
  g_settings_set_boolean (settings, "export-answer-key", options->answer_key);
  g_settings_set_boolean (settings, "export-show-title", options->show_title);
  g_settings_set_string (settings, "export-title", options->title != NULL ? options->title : "");
  g_settings_set_boolean (settings, "export-name-date-line", options->name_date_line);
  g_settings_set_string (settings, "export-paper", paper_names[options->paper]);
  g_settings_set_boolean (settings, "export-landscape", options->landscape);
  g_settings_set_string (settings, "export-text-style", text_style_names[options->text_style]);
  return TRUE;
}

/* ---- the exporters' options ---- */

double
maze_export_options_get_cell_size (const MazeExportOptions *options)
{
  double dpi;

  g_return_val_if_fail (options != NULL, 0.0);

  if (options->unit == MAZE_UNIT_PX)
    return options->cell_px;
  dpi = options->format == MAZE_EXPORT_SVG ? MAZE_EXPORT_SVG_DPI : options->dpi;
  return options->cell_mm / MAZE_MM_PER_INCH * dpi;
}

void
maze_export_options_to_render (const MazeExportOptions *options,
                               const MazePuzzle        *puzzle,
                               const MazeSolution      *solution,
                               MazeRenderOptions       *render)
{
  double cell;

  g_return_if_fail (options != NULL);
  g_return_if_fail (puzzle != NULL);
  g_return_if_fail (render != NULL);

  maze_render_options_init (render);
  /* The renderer's proportions (a margin of half a cell), at this size. */
  cell = maze_export_options_get_cell_size (options);
  render->margin = render->margin / render->cell_size * cell;
  render->cell_size = cell;
  render->wall_width = cell * options->wall_percent / 100.0;
  render->wall_color = options->wall_color;
  render->background_color = options->background_color;
  render->solution_color = options->solution_color;
  maze_render_options_set_endpoints (render, puzzle);
  if (solution != NULL)
    {
      render->solution = solution->path;
      render->solution_len = solution->path_len;
    }
}

void
maze_export_options_to_png (const MazeExportOptions *options,
                            MazePngOptions          *png)
{
  g_return_if_fail (options != NULL);
  g_return_if_fail (png != NULL);

  /* The cell size is in pixels already (to_render); dpi goes to pHYs. */
  maze_png_options_init (png);
  png->dpi = options->dpi;
  png->width = 0.0;
  png->unit = MAZE_UNIT_PX;
}

void
maze_export_options_to_svg (const MazeExportOptions *options,
                            const MazePuzzle        *puzzle,
                            MazeSvgOptions          *svg)
{
  MazeRenderOptions render;
  double width, height;

  g_return_if_fail (options != NULL);
  g_return_if_fail (puzzle != NULL);
  g_return_if_fail (svg != NULL);

  maze_svg_options_init (svg);
  if (options->unit == MAZE_UNIT_PX)
    return;

  /* The drawing is in CSS pixels; its width, as a length, makes each
   * cell as long as asked. */
  maze_export_options_to_render (options, puzzle, NULL, &render);
  maze_render_get_size (puzzle->grid, &render, &width, &height);
  svg->unit = options->unit;
  svg->width = width / MAZE_EXPORT_SVG_DPI;
  if (options->unit == MAZE_UNIT_MM)
    svg->width *= MAZE_MM_PER_INCH;
}

/* The cell size the worksheet will give the maze, near enough to turn a
 * share of the cell into a wall width. */
static double
estimate_sheet_cell (const MazeExportOptions    *options,
                     const MazeGrid             *grid,
                     const MazeWorksheetOptions *sheet)
{
  double page_w, page_h, margin, width, height;

  maze_worksheet_page_size (sheet, &page_w, &page_h);
  margin = sheet->margin_mm * PT_PER_MM;
  width = page_w - 2.0 * margin;
  height = page_h - 2.0 * margin - SHEET_INSTRUCTIONS_PT - SHEET_FOOTER_PT - SHEET_LABELS_PT;
  if (options->show_title)
    height -= SHEET_TITLE_PT;
  if (options->name_date_line)
    height -= SHEET_NAME_LINE_PT;
  return maze_geometry_fit_cell_size (grid, MAX (width, 1.0), MAX (height, 1.0));
}

void
maze_export_options_to_pdf (const MazeExportOptions *options,
                            const MazePuzzle        *puzzle,
                            MazePdfOptions          *pdf)
{
  MazeWorksheetOptions *sheet;
  double cell;

  g_return_if_fail (options != NULL);
  g_return_if_fail (puzzle != NULL);
  g_return_if_fail (pdf != NULL);

  maze_pdf_options_init (pdf);
  sheet = &pdf->sheet;
  pdf->answer_key = options->answer_key;
  sheet->paper = options->paper;
  sheet->landscape = options->landscape;
  sheet->per_page = 1;
  if (!options->show_title)
    sheet->title = "";
  else if (options->title != NULL && options->title[0] != '\0')
    sheet->title = options->title;
  else
    sheet->title = NULL;
  sheet->name_date_line = options->name_date_line;
  sheet->render.wall_color = options->wall_color;
  sheet->render.solution_color = options->solution_color;
  /* The page is white already: white stays unprinted. */
  if (options->background_color.red < 1.0 || options->background_color.green < 1.0 ||
      options->background_color.blue < 1.0)
    sheet->render.background_color = options->background_color;
  cell = estimate_sheet_cell (options, puzzle->grid, sheet);
  if (cell > 0.0 && isfinite (cell))
    sheet->render.wall_width = cell * options->wall_percent / 100.0;
}

void
maze_export_options_to_text (const MazeExportOptions *options,
                             const MazePuzzle        *puzzle,
                             const MazeSolution      *solution,
                             MazeTextOptions         *text)
{
  g_return_if_fail (options != NULL);
  g_return_if_fail (puzzle != NULL);
  g_return_if_fail (text != NULL);

  maze_text_options_init (text);
  text->style = options->text_style;
  text->start = puzzle->start;
  text->end = puzzle->end;
  if (solution != NULL)
    {
      text->path = solution->path;
      text->path_len = solution->path_len;
    }
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

char *
maze_export_options_describe (const MazeExportOptions *options,
                              const MazePuzzle        *puzzle)
{
  const MazeGrid *grid;
  MazeRenderOptions render;
  MazePngOptions png;
  double width, height;
  guint width_px, height_px;
  guint columns, lines;

  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (puzzle != NULL && puzzle->grid != NULL, NULL);

  grid = puzzle->grid;
  if (!maze_export_options_validate (options, NULL))
    return NULL;

  switch (options->format)
    {
    case MAZE_EXPORT_PNG:
      {
        g_autofree char *length = NULL;

        maze_export_options_to_render (options, puzzle, NULL, &render);
        maze_export_options_to_png (options, &png);
        if (!maze_png_get_size (grid, &render, &png, &width_px, &height_px, NULL, NULL))
          return NULL;
        length = describe_length (width_px / options->dpi, height_px / options->dpi, options->unit);
        /* Translators: "1260 × 960 pixels · 107 × 81 mm at 300 dpi" */
        return g_strdup_printf (_("%u × %u pixels · %s at %g dpi"),
                                width_px, height_px, length, options->dpi);
      }

    case MAZE_EXPORT_SVG:
      maze_export_options_to_render (options, puzzle, NULL, &render);
      maze_render_get_size (grid, &render, &width, &height);
      if (options->unit == MAZE_UNIT_PX)
        /* Translators: the size of an SVG drawing */
        return g_strdup_printf (_("%.0f × %.0f pixels"), ceil (width - 1e-6), ceil (height - 1e-6));
      return describe_length (width / MAZE_EXPORT_SVG_DPI, height / MAZE_EXPORT_SVG_DPI,
                              options->unit);

    case MAZE_EXPORT_PDF:
      {
        const char *paper = options->paper == MAZE_PAPER_LETTER ? _("Letter") : _("A4");

        if (options->answer_key)
          return g_strdup_printf (options->landscape
                                  /* Translators: %s is a paper size, A4 or Letter */
                                  ? _("%s landscape · the maze and its answer key, 2 pages")
                                  : _("%s portrait · the maze and its answer key, 2 pages"),
                                  paper);
        return g_strdup_printf (options->landscape
                                /* Translators: %s is a paper size, A4 or Letter */
                                ? _("%s landscape · 1 page")
                                : _("%s portrait · 1 page"),
                                paper);
      }

    case MAZE_EXPORT_TEXT:
    default:
      /* maze-text.h: 4 columns by 2 lines a cell, hexagons indented. */
      columns = grid->width * 4 + (grid->shape == MAZE_SHAPE_HEX ? 3 : 1);
      lines = grid->height * 2 + 1;
      /* Translators: the size of a text maze: columns × lines */
      return g_strdup_printf (_("%u × %u characters"), columns, lines);
    }
}

const char *
maze_export_format_get_extension (MazeExportFormat format)
{
  static const char * const extensions[] = { "png", "svg", "pdf", "txt" };

  g_return_val_if_fail ((guint) format < MAZE_EXPORT_N_FORMATS, "png");
  return extensions[format];
}

const char *
maze_export_format_get_mime_type (MazeExportFormat format)
{
  static const char * const types[] = {
    "image/png", "image/svg+xml", "application/pdf", "text/plain",
  };

  g_return_val_if_fail ((guint) format < MAZE_EXPORT_N_FORMATS, "image/png");
  return types[format];
}

/* ---- writing ---- */

static MazeSolution *
find_solution (const MazePuzzle  *puzzle,
               GError           **error)
{
  g_autoptr(GError) local_error = NULL;
  MazeSolution *solution;

  solution = maze_solve (puzzle->grid, MAZE_SOLVER_BFS, puzzle->start, puzzle->end, NULL,
                         &local_error);
  if (solution == NULL)
    g_set_error (error, MAZE_ERROR, local_error->code,
                 _("There is no way from the start to the end to draw: %s"),
                 local_error->message);
  return solution;
}

static void
report_progress (const MazeExportJob *job,
                 double               fraction)
{
  if (job != NULL && job->progress != NULL)
    job->progress (fraction, job->progress_data);
}

static gboolean
write_text (const MazeExportOptions  *options,
            const MazePuzzle         *puzzle,
            const MazeSolution       *solution,
            const char               *path,
            const MazeExportJob      *job,
            GError                  **error)
{
  g_autoptr(MazeAtomicFile) file = NULL;
  MazeTextOptions text;

  maze_export_options_to_text (options, puzzle, solution, &text);
  file = maze_atomic_file_open (path, error);
  if (file == NULL)
    return FALSE;
  report_progress (job, 0.0);
  if (!maze_text_write (puzzle->grid, &text, maze_atomic_file_stream (file), error))
    {
      g_autofree char *name = g_filename_display_name (path);

      /* The writer knows what failed, not where to. */
      g_prefix_error (error, _("Cannot write “%s”: "), name);
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
maze_export_write (const MazeExportOptions  *options,
                   const MazePuzzle         *puzzle,
                   const char               *path,
                   const MazeExportJob      *job,
                   GError                  **error)
{
  g_autoptr(MazeSolution) solution = NULL;
  MazeRenderOptions render;
  MazePngOptions png;
  MazeSvgOptions svg;
  MazePdfOptions pdf;

  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (puzzle != NULL && puzzle->grid != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!maze_export_options_check (options, puzzle, error))
    return FALSE;
  if (job != NULL && g_cancellable_set_error_if_cancelled (job->cancellable, error))
    return FALSE;
  if (wants_solution (options))
    {
      solution = find_solution (puzzle, error);
      if (solution == NULL)
        return FALSE;
    }

  switch (options->format)
    {
    case MAZE_EXPORT_PNG:
      maze_export_options_to_render (options, puzzle, solution, &render);
      maze_export_options_to_png (options, &png);
      return maze_png_export (puzzle, &render, &png, path, job, error);

    case MAZE_EXPORT_SVG:
      maze_export_options_to_render (options, puzzle, solution, &render);
      maze_export_options_to_svg (options, puzzle, &svg);
      return maze_svg_export (puzzle, &render, &svg, path, job, error);

    case MAZE_EXPORT_PDF:
      maze_export_options_to_pdf (options, puzzle, &pdf);
      return maze_pdf_export ((MazePuzzle * const *) &puzzle, 1, &pdf, path, job, error);

    case MAZE_EXPORT_TEXT:
    default:
      return write_text (options, puzzle, solution, path, job, error);
    }
}

/* ---- the preview ---- */

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
                 const MazeExportOptions *options,
                 const MazePuzzle        *puzzle,
                 const MazeSolution      *solution,
                 double                   width,
                 double                   height)
{
  MazeRenderOptions render;
  double w, h, scale;

  maze_export_options_to_render (options, puzzle, solution, &render);
  maze_render_get_size (puzzle->grid, &render, &w, &h);
  if (!(w > 0.0) || !(h > 0.0))
    return;
  scale = MIN (width / w, height / h);

  cairo_save (cr);
  cairo_translate (cr, round ((width - w * scale) / 2.0), round ((height - h * scale) / 2.0));
  if (options->background_color.alpha < 1.0)
    draw_checkerboard (cr, w * scale, h * scale);
  draw_frame (cr, w * scale, h * scale);
  cairo_rectangle (cr, 0.0, 0.0, w * scale, h * scale);
  cairo_clip (cr);
  cairo_scale (cr, scale, scale);
  maze_render (cr, puzzle->grid, &render);
  cairo_restore (cr);
}

static void
preview_pages (cairo_t                 *cr,
               const MazeExportOptions *options,
               const MazePuzzle        *puzzle,
               double                   width,
               double                   height)
{
  MazePdfOptions pdf;
  guint n_pages;
  double page_w, page_h, gap, total_w, scale, x;

  maze_export_options_to_pdf (options, puzzle, &pdf);
  maze_worksheet_page_size (&pdf.sheet, &page_w, &page_h);
  n_pages = options->answer_key ? 2 : 1;
  gap = page_w / 16.0;
  total_w = n_pages * page_w + (n_pages - 1) * gap;
  scale = MIN (width / total_w, height / page_h);
  x = (width - total_w * scale) / 2.0;

  for (guint i = 0; i < n_pages; i++)
    {
      cairo_save (cr);
      cairo_translate (cr, round (x + i * (page_w + gap) * scale),
                       round ((height - page_h * scale) / 2.0));
      draw_frame (cr, page_w * scale, page_h * scale);
      cairo_rectangle (cr, 0.0, 0.0, page_w * scale, page_h * scale);
      cairo_clip (cr);
      cairo_scale (cr, scale, scale);
      maze_worksheet_render_page (cr, &pdf.sheet, (MazePuzzle * const *) &puzzle, 1, i == 1);
      cairo_restore (cr);
    }
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
              const MazeExportOptions *options,
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

  maze_export_options_to_text (options, puzzle, solution, &text_options);
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
maze_export_draw_preview (cairo_t                 *cr,
                          const MazeExportOptions *options,
                          const MazePuzzle        *puzzle,
                          double                   width,
                          double                   height)
{
  g_autoptr(MazeSolution) solution = NULL;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (options != NULL);
  g_return_if_fail (puzzle != NULL && puzzle->grid != NULL);

  if (!(width >= 1.0) || !(height >= 1.0) || !maze_export_options_validate (options, NULL))
    return;
  /* No path (no ends): the preview goes without it; the export says why. */
  if (wants_solution (options))
    solution = maze_solve (puzzle->grid, MAZE_SOLVER_BFS, puzzle->start, puzzle->end, NULL, NULL);

  switch (options->format)
    {
    case MAZE_EXPORT_PNG:
    case MAZE_EXPORT_SVG:
      preview_picture (cr, options, puzzle, solution, width, height);
      break;
    case MAZE_EXPORT_PDF:
      preview_pages (cr, options, puzzle, width, height);
      break;
    case MAZE_EXPORT_TEXT:
    default:
      preview_text (cr, options, puzzle, solution, width, height);
      break;
    }
}

/* ---- colours ---- */

static guint
to_byte (double component)
{
  return (guint) round (CLAMP (component, 0.0, 1.0) * 255.0);
}

char *
maze_export_color_to_string (const MazeColor *color)
{
  g_return_val_if_fail (color != NULL, NULL);

  if (to_byte (color->alpha) == 255)
    return g_strdup_printf ("#%02x%02x%02x", to_byte (color->red), to_byte (color->green),
                            to_byte (color->blue));
  return g_strdup_printf ("#%02x%02x%02x%02x", to_byte (color->red), to_byte (color->green),
                          to_byte (color->blue), to_byte (color->alpha));
}

gboolean
maze_export_color_parse (const char *text,
                         MazeColor  *color)
{
  guint bytes[4] = { 0, 0, 0, 255 };
  gsize length;

  g_return_val_if_fail (color != NULL, FALSE);

  if (text == NULL || text[0] != '#')
    return FALSE;
  length = strlen (text + 1);
  if (length != 6 && length != 8)
    return FALSE;
  for (gsize i = 0; i < length; i += 2)
    {
      int high = g_ascii_xdigit_value (text[1 + i]);
      int low = g_ascii_xdigit_value (text[2 + i]);

      if (high < 0 || low < 0)
        return FALSE;
      bytes[i / 2] = (guint) (high * 16 + low);
    }
  *color = (MazeColor) { bytes[0] / 255.0, bytes[1] / 255.0, bytes[2] / 255.0, bytes[3] / 255.0 };
  return TRUE;
}
