/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

#include "maze-export.h"
#include "maze-pdf.h"
#include "maze-png.h"
#include "maze-puzzle.h"
#include "maze-render.h"
#include "maze-solve.h"
#include "maze-svg.h"
#include "maze-text.h"

G_BEGIN_DECLS

/* What the Export dialog asks for, without the dialog: defaults,
 * checking (with a message that names the bad value and its limits),
 * GSettings, the options of the io exporters, the export itself and
 * its preview. No widgets here, so all of it runs without a display. */

typedef enum
{
  MAZE_EXPORT_PNG,
  MAZE_EXPORT_SVG,
  MAZE_EXPORT_PDF,    /* a worksheet, with an answer-key page on request */
  MAZE_EXPORT_TEXT,   /* classic (RosettaCode) or Unicode */
} MazeExportFormat;

#define MAZE_EXPORT_N_FORMATS 4

/* Limits, checked by maze_export_options_check() and mirrored by the
 * ranges of the GSettings keys. */
#define MAZE_EXPORT_MIN_CELL_PX     1.0
#define MAZE_EXPORT_MAX_CELL_PX     1000.0
#define MAZE_EXPORT_MIN_CELL_MM     0.5
#define MAZE_EXPORT_MAX_CELL_MM     500.0
#define MAZE_EXPORT_MIN_DPI         10.0
#define MAZE_EXPORT_MAX_DPI         10000.0
#define MAZE_EXPORT_MIN_WALL        1.0    /* per cent of a cell */
#define MAZE_EXPORT_MAX_WALL        50.0
#define MAZE_EXPORT_MAX_TITLE_CHARS 200

/* SVG lengths given in mm or in are drawn in CSS pixels. */
#define MAZE_EXPORT_SVG_DPI         96.0

typedef struct
{
  MazeExportFormat  format;

  /* PNG and SVG: the size of a cell, either in pixels (unit PX) or as a
   * length (unit MM or IN; the length is kept in mm whichever of the
   * two is shown). A PNG converts a length to pixels at dpi and writes
   * dpi into its pHYs chunk; an SVG carries the length in its width and
   * height. */
  MazeUnit          unit;
  double            cell_px;
  double            cell_mm;
  double            dpi;

  /* PNG, SVG and PDF. The wall thickness is a share of the cell (per
   * cent), so it looks the same at any size. A background with alpha 0
   * is transparent. */
  double            wall_percent;
  MazeColor         wall_color;
  MazeColor         background_color;
  MazeColor         solution_color;

  gboolean          solution;        /* PNG, SVG, text: draw the path */

  /* PDF worksheets */
  gboolean          answer_key;      /* a second page with the solution */
  gboolean          show_title;
  char             *title;           /* NULL or "": the maze's own, else "Maze" */
  gboolean          name_date_line;
  MazePaper         paper;
  gboolean          landscape;

  MazeTextStyle     text_style;      /* text */
} MazeExportOptions;

void         maze_export_options_init          (MazeExportOptions        *options);
void         maze_export_options_clear         (MazeExportOptions        *options);
/* dest is initialised (not cleared) first: pass a fresh struct. */
void         maze_export_options_copy          (MazeExportOptions        *dest,
                                                const MazeExportOptions  *src);
void         maze_export_options_set_title     (MazeExportOptions        *options,
                                                const char               *title);

/* The values alone: FALSE with MAZE_ERROR_INVALID_ARGUMENT (or
 * MAZE_ERROR_INVALID_SIZE for sizes) naming the first bad value. */
gboolean     maze_export_options_validate      (const MazeExportOptions  *options,
                                                GError                  **error);
/* The values and what they make of this maze: a PNG must fit the PNG
 * limits, a drawn solution needs a path from start to end. */
gboolean     maze_export_options_check         (const MazeExportOptions  *options,
                                                const MazePuzzle         *puzzle,
                                                GError                  **error);

/* From and to the app's GSettings (the export-* keys). save refuses
 * options that do not validate and writes nothing then. */
void         maze_export_options_load          (MazeExportOptions        *options,
                                                GSettings                *settings);
gboolean     maze_export_options_save          (const MazeExportOptions  *options,
                                                GSettings                *settings,
                                                GError                  **error);

/* The size of a cell in the units the picture is drawn in: pixels for
 * a PNG, CSS pixels for an SVG. */
double       maze_export_options_get_cell_size (const MazeExportOptions  *options);
/* The exporters' options. Pointers in them (title, solution) borrow
 * from options and solution, which may be NULL. */
void         maze_export_options_to_render     (const MazeExportOptions  *options,
                                                const MazePuzzle         *puzzle,
                                                const MazeSolution       *solution,
                                                MazeRenderOptions        *render);
void         maze_export_options_to_png        (const MazeExportOptions  *options,
                                                MazePngOptions           *png);
void         maze_export_options_to_svg        (const MazeExportOptions  *options,
                                                const MazePuzzle         *puzzle,
                                                MazeSvgOptions           *svg);
void         maze_export_options_to_pdf        (const MazeExportOptions  *options,
                                                const MazePuzzle         *puzzle,
                                                MazePdfOptions           *pdf);
void         maze_export_options_to_text       (const MazeExportOptions  *options,
                                                const MazePuzzle         *puzzle,
                                                const MazeSolution       *solution,
                                                MazeTextOptions          *text);

/* What the export will make, in a few words for the dialog:
 * "1260 × 960 pixels · 107 × 81 mm at 300 dpi", "2 pages, A4 portrait",
 * "121 × 61 characters". */
char        *maze_export_options_describe      (const MazeExportOptions  *options,
                                                const MazePuzzle         *puzzle);

/* "png", "svg", "pdf", "txt"; and the MIME type. */
const char  *maze_export_format_get_extension  (MazeExportFormat          format);
const char  *maze_export_format_get_mime_type  (MazeExportFormat          format);

/* Checks, then writes path through the io exporters: atomically, so a
 * failed or cancelled export leaves the old file as it was. Runs on
 * any thread; job may be NULL. */
gboolean     maze_export_write                 (const MazeExportOptions  *options,
                                                const MazePuzzle         *puzzle,
                                                const char               *path,
                                                const MazeExportJob      *job,
                                                GError                  **error);

/* Draws what the export would look like, fitted and centred in
 * width × height (units of cr): the picture for PNG and SVG (a
 * checkerboard under a transparent background), the worksheet page for
 * PDF (and the answer-key page beside it), the text for text (its top
 * left corner when it is too big to read whole). Drawn by maze_render()
 * and maze_worksheet_render_page(), as the export is. Runs on any
 * thread. */
void         maze_export_draw_preview          (cairo_t                  *cr,
                                                const MazeExportOptions  *options,
                                                const MazePuzzle         *puzzle,
                                                double                    width,
                                                double                    height);

/* "#rrggbb", or "#rrggbbaa" when not opaque; and back (either form,
 * either case). */
char        *maze_export_color_to_string       (const MazeColor          *color);
gboolean     maze_export_color_parse           (const char               *text,
                                                MazeColor                *color);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (MazeExportOptions, maze_export_options_clear)

G_END_DECLS
