/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-export.h"
#include "maze-pdf.h"
#include "maze-png.h"
#include "maze-puzzle.h"
#include "maze-render.h"
#include "maze-solve.h"
#include "maze-svg.h"
#include "maze-text.h"

G_BEGIN_DECLS

/* One export, as the Export dialog and `mazewright-cli export` ask for
 * it: the format, every option with its limits, the checks (with the
 * message a user sees), and one function that writes it whatever the
 * format. The dialog maps its widgets and GSettings onto a request, the
 * CLI its arguments; printing draws with the request's worksheet part.
 *
 * The limits are kept once, in a table (maze_export_limit_get()): the
 * checks here, the CLI's parsing and the ranges of the GSettings keys all
 * come from it. A new option with a range is a new MazeExportLimitId, a
 * row in the table and a line in maze_export_request_validate(). */

typedef enum
{
  MAZE_EXPORT_PNG,
  MAZE_EXPORT_SVG,
  MAZE_EXPORT_PDF,    /* a worksheet, with an answer-key page on request */
  MAZE_EXPORT_TEXT,   /* classic (RosettaCode) or Unicode */
} MazeExportFormat;

#define MAZE_EXPORT_N_FORMATS 4

/* "png", "svg", "pdf", "text": the name in settings. */
const char  *maze_export_format_get_name       (MazeExportFormat   format);
gboolean     maze_export_format_from_name      (const char        *name,
                                                MazeExportFormat  *format);
/* "png", "svg", "pdf", "txt"; and the MIME type. */
const char  *maze_export_format_get_extension  (MazeExportFormat   format);
const char  *maze_export_format_get_mime_type  (MazeExportFormat   format);

typedef enum
{
  MAZE_EXPORT_LIMIT_CELL_PX,          /* cell size in pixels */
  MAZE_EXPORT_LIMIT_CELL_MM,          /* cell size as a length, in mm */
  MAZE_EXPORT_LIMIT_DPI,              /* PNG resolution */
  MAZE_EXPORT_LIMIT_WALL_PERCENT,     /* wall thickness, per cent of a cell */
  MAZE_EXPORT_LIMIT_WALL_WIDTH,       /* wall thickness in drawing units */
  MAZE_EXPORT_LIMIT_IMAGE_WIDTH_PX,   /* the whole image's width, in pixels */
  MAZE_EXPORT_LIMIT_IMAGE_WIDTH_MM,   /* ... as a length, in mm */
  MAZE_EXPORT_LIMIT_MARGIN_MM,        /* worksheet page margin */
  MAZE_EXPORT_LIMIT_TITLE_CHARS,      /* worksheet title length */
  MAZE_EXPORT_LIMIT_LABEL_CHARS,      /* a Start or Finish label's length */
} MazeExportLimitId;

#define MAZE_EXPORT_N_LIMITS 10

typedef struct
{
  const char *name;          /* for tests and messages to developers */
  const char *settings_key;  /* the GSettings key with this range, or NULL */
  double      min;
  double      max;
  gboolean    min_excluded;  /* the value must be above min, not at it */
} MazeExportLimit;

const MazeExportLimit *maze_export_limit_get      (MazeExportLimitId  id);
gboolean               maze_export_limit_contains (MazeExportLimitId  id,
                                                   double             value);

/* The least cells that can be read. On paper, 3 mm: a pencil line is
 * about half a millimetre wide and a child's hand wanders a millimetre
 * either side, so a passage of 2.5 mm between walls is the least that can
 * be drawn through without crossing a wall; puzzle books for adults stop
 * at about the same. In an image, 2 pixels: a wall of one pixel (walls
 * are never thinner, see the PNG writer) and a passage of one. Smaller
 * exports are refused (maze_export_request_check()). */
#define MAZE_EXPORT_MIN_SHEET_CELL_MM 3.0
#define MAZE_EXPORT_MIN_IMAGE_CELL_PX 2.0

/* The most sheets a poster may take (a 2000 × 2000 maze at 3 mm takes
 * 864 of A4): beyond, a PDF of that many pages is no poster anyone
 * would print, and writing it would run for a long time. */
#define MAZE_EXPORT_MAX_POSTER_SHEETS 1000

/* The width a PNG of a cell size in pixels is placed at by default: a
 * page's text block (A4 less 25 mm margins). */
#define MAZE_EXPORT_PLACED_WIDTH_MM 160.0

/* SVG lengths given in mm or in are drawn in CSS pixels. */
#define MAZE_EXPORT_SVG_DPI 96.0

/* How thick the walls are drawn. */
typedef enum
{
  MAZE_EXPORT_WALL_SHARE,    /* wall_percent of a cell: the same at any size */
  MAZE_EXPORT_WALL_WIDTH,    /* wall_width drawing units: pixels (PNG), CSS
                                pixels (SVG), points (PDF) */
  MAZE_EXPORT_WALL_DRAWING,  /* the drawing's own: a tenth of a cell in an
                                image, the worksheet's rule on a page */
} MazeExportWallRule;

typedef struct
{
  MazeExportFormat    format;

  /* PNG and SVG: the size of a cell, either in pixels (unit PX) or as a
   * length (unit MM or IN; the length is kept in mm whichever of the
   * two is shown). A PNG converts a length to pixels at dpi and writes
   * dpi into its pHYs chunk; an SVG carries the length in its width and
   * height. With image_width > 0 the whole image is that wide instead
   * (in image_width_unit), drawn in the proportions of cell_px. */
  MazeUnit            unit;
  double              cell_px;
  double              cell_mm;
  double              dpi;
  double              image_width;
  MazeUnit            image_width_unit;
  /* PNG with a cell size in pixels: the resolution written is chosen so
   * that the image is placed MAZE_EXPORT_PLACED_WIDTH_MM wide, whatever
   * the maze's size; FALSE: dpi. */
  gboolean            auto_dpi;

  /* PNG, SVG and PDF. A background with alpha 0 is transparent; on a
   * worksheet white is not printed. */
  MazeExportWallRule  wall_rule;
  double              wall_percent;
  double              wall_width;
  MazeColor           wall_color;
  MazeColor           background_color;
  MazeColor           solution_color;
  MazeSolutionStyle   solution_style;
  gboolean            monochrome;
  gboolean            markers;         /* start and end markers */
  gboolean            doors;           /* gaps in the outer wall (text too) */

  gboolean            solution;        /* PNG, SVG, text: draw the path */

  /* PDF worksheets */
  gboolean            answer_key;      /* the same pages with the solutions */
  gboolean            separate_keys;   /* ... in a file of their own (see
                                          maze_export_request_get_key_path()) */
  gboolean            double_sided;    /* keys at the back start on a fresh sheet */
  gboolean            difficulty_line; /* "Difficulty: 3 of 5 (Medium)" by each ID */
  gboolean            show_title;
  char               *title;           /* NULL or "": the maze's own, else "Maze" */
  gboolean            name_date_line;
  char               *instructions;    /* NULL: the default line; "": none */
  gboolean            labels;          /* "Start" and "Finish" */
  char               *start_label;     /* NULL or "": "Start", translated */
  char               *finish_label;    /* NULL or "": "Finish", translated */
  MazePaper           paper;
  gboolean            landscape;
  gboolean            auto_orientation; /* the other orientation when it
                                           gives bigger cells */
  double              margin_mm;
  guint               per_page;        /* 1, 2, 4 or 6 */
  /* One maze over several pages (maze-poster.h), cells poster_cell_mm
   * wide; 0: the least legible, MAZE_EXPORT_MIN_SHEET_CELL_MM. Without
   * it a maze whose cells a page would print smaller is refused. */
  gboolean            poster;
  double              poster_cell_mm;

  MazeTextStyle       text_style;      /* text */
} MazeExportRequest;

void         maze_export_request_init          (MazeExportRequest        *request);
void         maze_export_request_clear         (MazeExportRequest        *request);
/* dest is initialised (not cleared) first: pass a fresh struct. */
void         maze_export_request_copy          (MazeExportRequest        *dest,
                                                const MazeExportRequest  *src);
void         maze_export_request_set_title     (MazeExportRequest        *request,
                                                const char               *title);
void         maze_export_request_set_instructions (MazeExportRequest     *request,
                                                   const char            *instructions);
void         maze_export_request_set_labels    (MazeExportRequest        *request,
                                                const char               *start_label,
                                                const char               *finish_label);
/* Where separate answer keys go: "pack.pdf" → "pack-key.pdf" (a name
 * without ".pdf" gets "-key.pdf" added). */
char        *maze_export_request_get_key_path  (const char               *path);

/* The values alone: FALSE with MAZE_ERROR_INVALID_ARGUMENT (or
 * MAZE_ERROR_INVALID_SIZE for sizes) naming the first bad value and its
 * limits. Every value is checked, whatever the format. */
gboolean     maze_export_request_validate      (const MazeExportRequest  *request,
                                                GError                  **error);
/* The values and what they make of this maze: a PNG must fit the PNG
 * limits, walls may not cover the passages, a drawn solution or a
 * worksheet needs a start and an end. */
gboolean     maze_export_request_check         (const MazeExportRequest  *request,
                                                const MazePuzzle         *puzzle,
                                                GError                  **error);

/* The size of a cell in the units the picture is drawn in: pixels for
 * a PNG, CSS pixels for an SVG. */
double       maze_export_request_get_cell_size (const MazeExportRequest  *request);
/* A poster's cells, in mm: poster_cell_mm, or the least legible. */
double       maze_export_request_get_poster_cell_mm (const MazeExportRequest *request);
/* The resolution a PNG of puzzle is written with: dpi, or with
 * auto_dpi the one that places it MAZE_EXPORT_PLACED_WIDTH_MM wide;
 * 0 when the request makes no PNG of it. */
double       maze_export_request_get_dpi       (const MazeExportRequest  *request,
                                                const MazePuzzle         *puzzle);
/* The writers' options. Pointers in them (title, solution) borrow from
 * request and solution, which may be NULL. */
void         maze_export_request_to_render     (const MazeExportRequest  *request,
                                                const MazePuzzle         *puzzle,
                                                const MazeSolution       *solution,
                                                MazeRenderOptions        *render);
void         maze_export_request_to_png        (const MazeExportRequest  *request,
                                                MazePngOptions           *png);
void         maze_export_request_to_svg        (const MazeExportRequest  *request,
                                                const MazePuzzle         *puzzle,
                                                MazeSvgOptions           *svg);
/* The worksheet part (what printing uses too); puzzle may be NULL when
 * no wall share is to be turned into a width. */
void         maze_export_request_to_worksheet  (const MazeExportRequest  *request,
                                                const MazePuzzle         *puzzle,
                                                MazeWorksheetOptions     *sheet);
void         maze_export_request_to_pdf        (const MazeExportRequest  *request,
                                                const MazePuzzle         *puzzle,
                                                MazePdfOptions           *pdf);
void         maze_export_request_to_text       (const MazeExportRequest  *request,
                                                const MazePuzzle         *puzzle,
                                                const MazeSolution       *solution,
                                                MazeTextOptions          *text);

/* The way from start to end when the request draws it (NULL and no
 * error when it does not). FALSE when there is none. */
gboolean     maze_export_request_find_solution (const MazeExportRequest  *request,
                                                const MazePuzzle         *puzzle,
                                                MazeSolution            **solution,
                                                GError                  **error);

/* What the export will make, in a few words:
 * "1260 × 960 pixels · 107 × 81 mm at 300 dpi", "A4 portrait · 1 page",
 * "121 × 61 characters". NULL when the request does not check. */
char        *maze_export_request_describe      (const MazeExportRequest  *request,
                                                const MazePuzzle         *puzzle);

/* Checks, then writes path: puzzles[0] alone for PNG, SVG and text, all
 * of them, per_page to a page, for PDF (with separate_keys, the answers
 * to maze_export_request_get_key_path (path) too). Atomically, so a failed or
 * cancelled export leaves the old file as it was; "-" is standard
 * output. Runs on any thread; job may be NULL. */
gboolean     maze_export_request_write         (const MazeExportRequest  *request,
                                                MazePuzzle * const       *puzzles,
                                                guint                     n_puzzles,
                                                const char               *path,
                                                const MazeExportJob      *job,
                                                GError                  **error);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (MazeExportRequest, maze_export_request_clear)

G_END_DECLS
