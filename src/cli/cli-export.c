/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright-cli"

#include "config.h"

#include "cli-commands.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "cli-batch.h"
#include "cli-common.h"
#include "cli-load.h"
#include "cli-options.h"
#include "cli-output.h"
#include "cli-parse.h"
#include "maze-pack-fit.h"
#include "maze-png.h"

/* The formats each option means something for: an option given for
 * another format is refused rather than silently dropped. */
#define FMT(f)      (1u << CLI_FORMAT_##f)
#define FMT_TEXTS   (FMT (TEXT) | FMT (UNICODE))
#define FMT_IMAGES  (FMT (PNG) | FMT (SVG))
#define FMT_DRAWN   (FMT_IMAGES | FMT (PDF))
#define FMT_ALL     (FMT_TEXTS | FMT_DRAWN | FMT (MAZE))

/* Every puzzle of a batch is made before the PDF is written. */
#define MAX_BATCH         1000

typedef struct
{
  CliOption option;
  guint     formats;
} ExportOption;

const char *
cli_export_help (void)
{
  return _("Usage: mazewright-cli export FILE -o OUTPUT [OPTION…]\n"
           "\n"
           "Draws a maze (FILE, or “-” for standard input: a .maze file or a text\n"
           "maze) as a PNG or SVG image, a printable PDF worksheet, text, or a\n"
           "new .maze document. The format comes from OUTPUT’s extension (.png,\n"
           ".svg, .pdf, .txt, .maze) or from --format. The defaults make a good\n"
           "page: “export maze.maze -o maze.pdf” prints one maze on A4.\n"
           "Nothing is printed on success; nothing is written on a refused request.\n"
           "\n"
           "  -o, --output OUTPUT        the file to write (“-”: standard output,\n"
           "                             with --format)\n"
           "  --format FORMAT            png, svg, pdf, text, unicode or maze\n"
           "  --from X,Y --to X,Y        start and end here (0-based column and row);\n"
           "                             a .maze file has its own, a text maze its doors\n"
           "  --title TEXT               the title (PDF: on the page, “” for none;\n"
           "                             PNG, SVG, .maze: in the file)\n"
           "  --verbose                  say what was written, on standard error\n"
           "\n"
           "PNG and SVG:\n"
           "  --cell-size PX             pixels per cell, 1 to 1000 (default: 20);\n"
           "                             walls and margin grow with it (PDF poster:\n"
           "                             millimetres per cell, at least 3)\n"
           "  --width LENGTH             the whole image’s width instead: 180mm, 18cm,\n"
           "                             7in or 1200px\n"
           "  --dpi N                    PNG: pixels per inch, 10 to 10000 (default: 300);\n"
           "                             converts a --width in mm or in to pixels;\n"
           "                             without it an image of pixel cells says it\n"
           "                             is 160 mm wide, a page’s text block\n"
           "  --transparent              no background\n"
           "\n"
           "PNG, SVG and PDF:\n"
           "  --wall-width N             wall thickness in drawing units (pixels;\n"
           "                             points in a PDF), 0.25 to 500, at most\n"
           "                             half a cell\n"
           "                             (default: a tenth of a cell)\n"
           "  --solution                 draw the shortest path (text: mark it with *);\n"
           "                             not for PDF, see --answer-key\n"
           "  --solution-style STYLE     solid, dashed, thin or cells (default: solid)\n"
           "  --monochrome               black on white only, for black-and-white printers\n"
           "  --wall-color #RRGGBB\n"
           "  --background-color #RRGGBB\n"
           "  --solution-color #RRGGBB\n"
           "  --no-markers               no start and end markers\n"
           "  --no-doors                 no gaps in the outer wall at start and end\n"
           "                             (text too)\n"
           "\n"
           "PDF worksheets:\n"
           "  --paper PAPER              a4, letter, a5, a3, legal or 6x9 (a 6 × 9 in\n"
           "                             puzzle-book page) (default: a4)\n"
           "  --portrait, --landscape    the page’s orientation (default: the one\n"
           "                             that gives the bigger cells)\n"
           "  --margin MM                page margin, 0 to 50 (default: 15)\n"
           "  --no-name-line             leave out “Name: ____ Date: ____”\n"
           "  --instructions TEXT        the line under the title (“” for none)\n"
           "  --no-labels                no “Start” and “Finish” labels\n"
           "  --start-label TEXT, --finish-label TEXT\n"
           "                             other words for “Start” and “Finish”, such\n"
           "                             as “Mouse” and “Cheese” (up to 40 characters)\n"
           "  --show-difficulty          “Difficulty: 3 of 5 (Medium)” in small print\n"
           "                             by each maze\n"
           "  --per-page 1|2|4|6         mazes on a page (default: 1)\n"
           "  --keys none|back|separate  answer keys: none (the default), the same\n"
           "                             pages with the solutions at the back, or\n"
           "                             those in a file of their own, OUTPUT with\n"
           "                             “-key” before “.pdf”\n"
           "  --answer-key               the same as --keys back\n"
           "  --double-sided             keys at the back start on a fresh sheet: a\n"
           "                             blank page goes before them when the puzzles\n"
           "                             take an odd number of pages (default: off,\n"
           "                             as in the window’s Export Pack)\n"
           "  --poster                   a maze too big for a page over several\n"
           "                             pages, to trim and glue (10 mm overlap,\n"
           "                             crop marks, targets to line them up); cells\n"
           "                             of 3 mm, or --cell-size MM\n"
           "  --batch N                  N puzzles, 1 to 1000, with the seeds seed,\n"
           "                             seed+1, …, made from the .maze file’s\n"
           "                             parameters (the first is FILE itself; a\n"
           "                             shaped maze keeps its shape); a pack of\n"
           "                             several numbers its pages and puzzles\n"
           "  --difficulty LEVEL|MIN-MAX|FROM..TO\n"
           "                             every puzzle made to order: a level\n"
           "                             (very-easy, easy, medium, hard, expert) with\n"
           "                             its recipe on FILE’s grid shape (rings keep\n"
           "                             its room or centre cell), a band of scores\n"
           "                             with FILE’s size and algorithm, or levels\n"
           "                             rising over the pack (easy..hard); seeds are\n"
           "                             tried from FILE’s upward; no mask is kept\n");
}

/* ---- checking the request ---- */

static const char *
describe_format (CliFormat format)
{
  switch (format)
    {
    case CLI_FORMAT_TEXT:
      return _("text");
    case CLI_FORMAT_UNICODE:
      return _("Unicode text");
    case CLI_FORMAT_MAZE:
      return _(".maze");
    case CLI_FORMAT_PNG:
      return "PNG";
    case CLI_FORMAT_SVG:
      return "SVG";
    case CLI_FORMAT_PDF:
    default:
      return "PDF";
    }
}

/* Whole phrases, so that translators see them whole. */
static const char *
describe_formats (guint formats)
{
  switch (formats)
    {
    case FMT (PNG):
      return "PNG";
    case FMT (PDF):
      return "PDF";
    case FMT_IMAGES:
      return _("PNG and SVG");
    case FMT_DRAWN:
      return _("PNG, SVG and PDF");
    case FMT_TEXTS | FMT_IMAGES:
      return _("text, PNG and SVG");
    case FMT_TEXTS | FMT_DRAWN:
      return _("text, PNG, SVG and PDF");
    case FMT_DRAWN | FMT (MAZE):
      return _("PNG, SVG, PDF and .maze");
    default:
      g_assert_not_reached ();
    }
  return NULL;
}

static gboolean
option_given (const CliOption *option)
{
  if (option->kind == CLI_OPTION_FLAG)
    return *(const gboolean *) option->target;
  return *(const char * const *) option->target != NULL;
}

static gboolean
check_scopes (const ExportOption  *table,
              guint                n_options,
              CliFormat            format,
              GError             **error)
{
  for (guint i = 0; i < n_options; i++)
    {
      const CliOption *option = &table[i].option;

      if ((table[i].formats & (1u << format)) != 0 || !option_given (option))
        continue;

      if (g_str_equal (option->long_name, "solution") && format == CLI_FORMAT_PDF)
        g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                     _("--solution is for text, PNG and SVG output: a PDF worksheet "
                       "shows the solutions with --answer-key"));
      else
        g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                     /* Translators: an option (--paper), formats (PDF), a format (PNG). */
                     _("--%s is for %s output, not for %s"),
                     option->long_name, describe_formats (table[i].formats),
                     describe_format (format));
      return FALSE;
    }
  return TRUE;
}

static gboolean
choose_format (const CliExportArgs  *args,
               CliExportRequest     *req,
               GError              **error)
{
  if (args->format != NULL)
    {
      if (!cli_format_from_string (args->format, &req->format))
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("Unknown format “%s”: use png, svg, pdf, text, unicode or maze"),
                       args->format);
          return FALSE;
        }
      return TRUE;
    }

  if (g_str_equal (req->output, "-"))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("Writing to standard output needs --format: png, svg, pdf, text, "
                     "unicode or maze"));
      return FALSE;
    }
  if (!cli_format_from_path (req->output, &req->format))
    {
      g_autofree char *name = g_filename_display_name (req->output);

      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("Cannot tell the format of “%s” from its name: end it in .png, .svg, "
                     ".pdf, .txt or .maze, or give --format"), name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_uint (const char  *text,
            const char  *option,
            guint64      min,
            guint64      max,
            guint       *value,
            GError     **error)
{
  guint64 v;

  if (!cli_parse_uint_range (text, option, min, max, &v, error))
    return FALSE;
  *value = (guint) v;
  return TRUE;
}

static gboolean
parse_solution_style (const char         *text,
                      MazeSolutionStyle  *style,
                      GError            **error)
{
  static const char *const names[] = { "solid", "dashed", "thin", "cells" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (names[i], text))
      {
        *style = (MazeSolutionStyle) i;
        return TRUE;
      }
  g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
               _("Unknown solution style “%s”: use solid, dashed, thin or cells"), text);
  return FALSE;
}

/* Options that contradict one another: say so instead of picking one. */
static gboolean
check_conflicts (const CliExportArgs  *args,
                 GError              **error)
{
  if (args->cell_size != NULL && args->width != NULL)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("--cell-size and --width both set the size: give one of them"));
      return FALSE;
    }
  if (args->transparent && args->background_color != NULL)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("--transparent and --background-color contradict each other: "
                     "give one of them"));
      return FALSE;
    }
  if (args->monochrome &&
      (args->wall_color != NULL || args->background_color != NULL ||
       args->solution_color != NULL))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("--monochrome draws black on white: it does not go with "
                     "--wall-color, --background-color or --solution-color"));
      return FALSE;
    }
  if (args->poster && (args->batch != NULL || (args->per_page != NULL &&
                                                  !g_str_equal (args->per_page, "1"))))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("--poster prints one maze over several pages: it does not go with "
                     "--batch or --per-page"));
      return FALSE;
    }
  if (args->landscape && args->portrait)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("--portrait and --landscape contradict each other: give one of them"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_request (const CliExportArgs  *args,
               GPtrArray            *positional,
               CliExportRequest     *req,
               GError              **error)
{
  req->input = cli_single_input ("export", positional, error);
  if (req->input == NULL)
    return FALSE;

  if (args->output == NULL)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("“export” needs a file to write: -o OUTPUT (.png, .svg, .pdf, .txt "
                     "or .maze)"));
      return FALSE;
    }
  req->output = args->output;

  return choose_format (args, req, error);
}

/* The limits of a request's option, for the CLI's parsing: the message
 * then quotes the argument as typed. */
static double
limit_min (MazeExportLimitId id)
{
  return maze_export_limit_get (id)->min;
}

static double
limit_max (MazeExportLimitId id)
{
  return maze_export_limit_get (id)->max;
}

static gboolean
parse_limited_uint (const char         *text,
                    const char         *option,
                    MazeExportLimitId   id,
                    double             *value,
                    GError            **error)
{
  guint v;

  if (!parse_uint (text, option, (guint64) ceil (limit_min (id)), (guint64) limit_max (id),
                   &v, error))
    return FALSE;
  *value = v;
  return TRUE;
}

static void
set_export_format (CliFormat          format,
                   MazeExportRequest *export)
{
  switch (format)
    {
    case CLI_FORMAT_PNG:
      export->format = MAZE_EXPORT_PNG;
      break;
    case CLI_FORMAT_SVG:
      export->format = MAZE_EXPORT_SVG;
      break;
    case CLI_FORMAT_PDF:
      export->format = MAZE_EXPORT_PDF;
      break;
    case CLI_FORMAT_UNICODE:
      export->format = MAZE_EXPORT_TEXT;
      export->text_style = MAZE_TEXT_UNICODE;
      break;
    case CLI_FORMAT_TEXT:
    case CLI_FORMAT_MAZE:   /* no export: the .maze document is saved */
    default:
      export->format = MAZE_EXPORT_TEXT;
      export->text_style = MAZE_TEXT_CLASSIC;
      break;
    }
}

/* The size options, PNG and SVG. */
static gboolean
map_size (const CliExportArgs  *args,
          MazeExportRequest    *export,
          GError              **error)
{
  /* A PDF's cells are a poster's, in mm. */
  if (export->format == MAZE_EXPORT_PDF)
    {
      if (args->cell_size != NULL && !args->poster)
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("--cell-size on a PDF sets a poster’s cells: give --poster too "
                         "(a worksheet fits its maze to the page)"));
          return FALSE;
        }
      export->poster = args->poster;
      return args->cell_size == NULL ||
             cli_parse_decimal (args->cell_size, "--cell-size",
                                limit_min (MAZE_EXPORT_LIMIT_CELL_MM),
                                limit_max (MAZE_EXPORT_LIMIT_CELL_MM),
                                &export->poster_cell_mm, error);
    }
  if (args->cell_size != NULL &&
      !parse_limited_uint (args->cell_size, "--cell-size", MAZE_EXPORT_LIMIT_CELL_PX,
                           &export->cell_px, error))
    return FALSE;
  if (args->width != NULL)
    {
      CliLength width;

      if (!cli_parse_length (args->width, "--width", &width, error))
        return FALSE;
      export->image_width = width.value;
      export->image_width_unit = width.unit;
    }
  /* No --dpi: the picture is placed as wide as a page's text block. */
  export->auto_dpi = args->dpi == NULL;
  return args->dpi == NULL ||
         parse_limited_uint (args->dpi, "--dpi", MAZE_EXPORT_LIMIT_DPI, &export->dpi, error);
}

/* The look, PNG, SVG and PDF; --solution and --no-doors, text too. */
static gboolean
map_look (const CliExportArgs  *args,
          MazeExportRequest    *export,
          GError              **error)
{
  if (args->wall_width != NULL)
    {
      if (!cli_parse_decimal (args->wall_width, "--wall-width",
                              limit_min (MAZE_EXPORT_LIMIT_WALL_WIDTH),
                              limit_max (MAZE_EXPORT_LIMIT_WALL_WIDTH),
                              &export->wall_width, error))
        return FALSE;
      export->wall_rule = MAZE_EXPORT_WALL_WIDTH;
    }
  if (args->solution_style != NULL &&
      !parse_solution_style (args->solution_style, &export->solution_style, error))
    return FALSE;
  if ((args->wall_color != NULL &&
       !cli_parse_color (args->wall_color, "--wall-color", &export->wall_color, error)) ||
      (args->background_color != NULL &&
       !cli_parse_color (args->background_color, "--background-color",
                         &export->background_color, error)) ||
      (args->solution_color != NULL &&
       !cli_parse_color (args->solution_color, "--solution-color",
                         &export->solution_color, error)))
    return FALSE;
  if (args->transparent)
    export->background_color.alpha = 0.0;
  export->monochrome = args->monochrome;
  export->markers = !args->no_markers;
  export->doors = !args->no_doors;
  export->solution = args->solution;
  return TRUE;
}

/* --start-label and --finish-label: words of the user's, or the
 * translated "Start" and "Finish". */
static gboolean
map_labels (const CliExportArgs  *args,
            MazeExportRequest    *export,
            GError              **error)
{
  if (args->no_labels && (args->start_label != NULL || args->finish_label != NULL))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("--no-labels leaves the labels out: it does not go with --start-label "
                     "or --finish-label"));
      return FALSE;
    }
  if ((args->start_label != NULL && !cli_check_text (args->start_label, "--start-label", error)) ||
      (args->finish_label != NULL &&
       !cli_check_text (args->finish_label, "--finish-label", error)))
    return FALSE;
  maze_export_request_set_labels (export, args->start_label, args->finish_label);
  return TRUE;
}

/* --keys, --answer-key (--keys back) and --double-sided. */
static gboolean
map_keys (const CliExportArgs  *args,
          MazeExportRequest    *export,
          GError              **error)
{
  const char *keys = args->keys != NULL ? args->keys : args->answer_key ? "back" : "none";

  if (g_str_equal (keys, "none"))
    export->answer_key = FALSE;
  else if (g_str_equal (keys, "back"))
    export->answer_key = TRUE;
  else if (g_str_equal (keys, "separate"))
    export->answer_key = export->separate_keys = TRUE;
  else
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("Unknown --keys “%s”: use none, back or separate"), keys);
      return FALSE;
    }
  if (args->answer_key && !g_str_equal (keys, "back"))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("--answer-key puts the keys at the back, --keys %s does not: give "
                     "one of them"), keys);
      return FALSE;
    }
  if (args->double_sided && !(export->answer_key && !export->separate_keys))
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--double-sided places answer keys at the back on a fresh "
                             "sheet: it needs --keys back"));
      return FALSE;
    }
  export->double_sided = args->double_sided;
  return TRUE;
}

/* The worksheet, PDF. */
static gboolean
map_sheet (const CliExportArgs  *args,
           MazeExportRequest    *export,
           GError              **error)
{
  guint64 per_page;

  /* "" is no title on the page; no --title is the maze's own. Other
   * formats keep the title in the maze itself (export_image()). */
  if (args->title != NULL && export->format == MAZE_EXPORT_PDF)
    {
      export->show_title = args->title[0] != '\0';
      maze_export_request_set_title (export, export->show_title ? args->title : NULL);
    }
  if (args->instructions != NULL)
    {
      if (!cli_check_text (args->instructions, "--instructions", error))
        return FALSE;
      maze_export_request_set_instructions (export, args->instructions);
    }
  if (args->paper != NULL && !maze_paper_from_string (args->paper, &export->paper))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("Unknown paper “%s”: use a4, letter, a5, a3, legal or 6x9"), args->paper);
      return FALSE;
    }
  if (!map_labels (args, export, error))
    return FALSE;
  export->difficulty_line = args->show_difficulty;
  /* Either orientation given is kept; none is chosen for the maze. */
  export->landscape = args->landscape;
  export->auto_orientation = !args->landscape && !args->portrait;
  if (args->margin != NULL &&
      !cli_parse_decimal (args->margin, "--margin", limit_min (MAZE_EXPORT_LIMIT_MARGIN_MM),
                          limit_max (MAZE_EXPORT_LIMIT_MARGIN_MM), &export->margin_mm, error))
    return FALSE;
  export->name_date_line = !args->no_name_line;
  export->labels = !args->no_labels;
  if (!map_keys (args, export, error))
    return FALSE;
  if (args->per_page != NULL)
    {
      if (!cli_parse_uint_range (args->per_page, "--per-page", 1, 6, &per_page, NULL) ||
          per_page == 3 || per_page == 5)
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("--per-page “%s” is not 1, 2, 4 or 6"), args->per_page);
          return FALSE;
        }
      export->per_page = (guint) per_page;
    }
  return TRUE;
}

/* The arguments mapped onto an export request, which then checks them
 * as the Export dialog's are checked. */
static gboolean
check_values (const CliExportArgs  *args,
              CliExportRequest     *req,
              GError              **error)
{
  MazeExportRequest *export = &req->export;

  maze_export_request_init (export);
  set_export_format (req->format, export);
  /* The walls of the drawing (a tenth of a cell, a worksheet's own)
   * unless --wall-width says otherwise. */
  export->wall_rule = MAZE_EXPORT_WALL_DRAWING;
  req->batch = 1;

  if (!check_conflicts (args, error))
    return FALSE;
  if (!cli_parse_endpoints (args->from, args->to, &req->from, &req->to, error))
    return FALSE;
  if (args->title != NULL && !cli_check_title (args->title, error))
    return FALSE;
  if (!map_size (args, export, error) ||
      !map_look (args, export, error) ||
      !map_sheet (args, export, error))
    return FALSE;
  if (args->batch != NULL &&
      !parse_uint (args->batch, "--batch", 1, MAX_BATCH, &req->batch, error))
    return FALSE;
  if (args->difficulty != NULL)
    {
      if (!cli_difficulty_parse (args->difficulty, "--difficulty", TRUE, &req->difficulty,
                                 error))
        return FALSE;
      req->to_order = TRUE;
    }
  if (export->separate_keys && g_str_equal (req->output, "-"))
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--keys separate writes a second file beside OUTPUT: give a "
                             "file name, not standard output"));
      return FALSE;
    }

  if (!maze_export_request_validate (export, error))
    {
      cli_error_to_usage (error);
      return FALSE;
    }
  return TRUE;
}

/* ---- the puzzles ---- */

/* Start and end: --from/--to, else the document's. needed: refuse a
 * maze without them (a text maze with no doors) instead of drawing it. */
static gboolean
place_endpoints (const CliExportRequest  *req,
                 CliInput                *input,
                 gboolean                 needed,
                 GError                 **error)
{
  guint32 start, end;

  if (req->from.text == NULL && input->is_text && input->n_doors < 2 && !needed)
    return TRUE;
  if (!cli_resolve_endpoints (input, &req->from, &req->to, &start, &end, error))
    return FALSE;
  input->puzzle->start = start;
  input->puzzle->end = end;
  /* A worksheet nobody can solve is refused as solve and info refuse
   * it, answer key or not. */
  return cli_check_way_through (input, start, end, error);
}

/* --difficulty: every puzzle made to order (maze-pack.h), fitted to
 * its place on the page before any is made (maze-pack-fit.h), as the
 * window's Export Pack does. */
static GPtrArray *
make_to_order (const CliExportRequest  *req,
               const MazePuzzle        *input,
               GError                 **error)
{
  MazePackOrder order = {
    .model = input,
    .from = req->difficulty.from,
    .to = req->difficulty.to,
    .min_score = req->difficulty.min_score,
    .max_score = req->difficulty.max_score,
    .n_puzzles = req->batch,
  };

  if (!req->export.poster && !maze_export_request_fit_pack (&req->export, &order, error))
    {
      cli_error_to_usage (error);
      return NULL;
    }
  return maze_pack_make (&order, error);
}

static GPtrArray *
make_batch (const CliExportRequest  *req,
            CliInput                *input,
            GError                 **error)
{
  g_autoptr(GPtrArray) puzzles = g_ptr_array_new_with_free_func ((GDestroyNotify) maze_puzzle_free);
  const MazeGrid *grid = input->puzzle->grid;
  guint64 total = (guint64) grid->n_cells * req->batch;

  if ((req->batch > 1 || req->to_order) && !input->puzzle->has_parameters)
    {
      g_autofree char *name = g_str_equal (req->input, "-")
                                ? g_strdup (_("standard input"))
                                : g_filename_display_name (req->input);

      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   input->is_text
                     ? _("--batch makes new puzzles from the parameters a maze was generated "
                         "with, and “%s” is a text maze, which has none: use a .maze file "
                         "from “generate -o FILE.maze”")
                     : _("--batch makes new puzzles from the parameters a maze was generated "
                         "with, and “%s” has none (it was imported): use a .maze file "
                         "from “generate -o FILE.maze”"),
                   name);
      return NULL;
    }
  /* Every puzzle sits in memory until the PDF is written. */
  if (total > MAZE_MAX_CELLS)
    {
      g_autofree char *cells = g_strdup_printf ("%" G_GUINT64_FORMAT, total);
      g_autofree char *limit = g_strdup_printf ("%" G_GUINT64_FORMAT, MAZE_MAX_CELLS);

      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("--batch %u of a %u×%u maze makes %s cells, more than %s: "
                     "make fewer or smaller mazes"),
                   req->batch, grid->width, grid->height, cells, limit);
      return NULL;
    }

  if (req->to_order)
    return make_to_order (req, input->puzzle, error);
  /* Every puzzle of a batch is the input's size: a size too big for
   * its place is refused before the others are made. */
  if (req->batch > 1 && !maze_export_request_check (&req->export, input->puzzle, error))
    {
      cli_error_to_usage (error);
      return NULL;
    }
  g_ptr_array_add (puzzles, g_steal_pointer (&input->puzzle));
  for (guint i = 1; i < req->batch; i++)
    {
      MazePuzzle *puzzle = cli_batch_puzzle (g_ptr_array_index (puzzles, 0), i, error);

      if (puzzle == NULL)
        return NULL;
      g_ptr_array_add (puzzles, puzzle);
    }
  return g_steal_pointer (&puzzles);
}

/* ---- writing ---- */

/* An exporter's failure: the file named once, and a request the exporter
 * refuses (a size) kept apart from a failure while writing. */
static int
report_export_error (GError     *error,
                     const char *path)
{
  g_autoptr(GError) owned = error;
  g_autofree char *name = cli_output_display_name (path);
  g_autofree char *bare = g_filename_display_name (path);

  /* The maze's own problems (too big, no way through) are no failure to
   * write: said as they are, and refused as bad input, as the request's. */
  if (owned->domain == MAZE_ERROR &&
      (owned->code == MAZE_ERROR_INVALID_SIZE || owned->code == MAZE_ERROR_INVALID_ARGUMENT ||
       owned->code == MAZE_ERROR_UNSUPPORTED || owned->code == MAZE_ERROR_UNREACHABLE ||
       owned->code == MAZE_ERROR_DISCONNECTED))
    cli_error_to_usage (&owned);
  if (!g_error_matches (owned, CLI_ERROR, CLI_ERROR_USAGE) && strstr (owned->message, bare) == NULL &&
      strstr (owned->message, name) == NULL)
    /* Translators: a quoted file name or "standard output"; the reason
     * follows */
    g_prefix_error (&owned, _("Cannot write %s: "), name);
  /* Bad requests exit 2; anything else is a failure while working. */
  return cli_report (owned);
}

static void
report_written (const CliExportArgs *args,
                const char          *path)
{
  g_autofree char *name = NULL;

  if (!args->verbose)
    return;
  name = cli_output_display_name (path);
  g_printerr (_("Wrote %s\n"), name);
}

/* ---- the formats ---- */

static int
export_text (const CliExportArgs *args,
             CliExportRequest    *req,
             CliInput            *input)
{
  g_autoptr(GError) error = NULL;

  if (!place_endpoints (req, input, args->solution, &error))
    return cli_report (error);
  if (!maze_export_request_write (&req->export, &input->puzzle, 1, req->output, NULL, &error))
    return report_export_error (g_steal_pointer (&error), req->output);
  report_written (args, req->output);
  return CLI_EXIT_OK;
}

static int
export_maze (const CliExportArgs *args,
             CliExportRequest    *req,
             CliInput            *input)
{
  g_autoptr(GError) error = NULL;

  /* A .maze document always has a start and an end. */
  if (!place_endpoints (req, input, TRUE, &error))
    return cli_report (error);
  if (args->title != NULL)
    maze_puzzle_set_title (input->puzzle, args->title[0] != '\0' ? args->title : NULL);
  if (!cli_write_puzzle (req->output, input->puzzle, &error))
    return cli_report (error);
  report_written (args, req->output);
  return CLI_EXIT_OK;
}

static void
report_png_written (const CliExportArgs *args,
                    CliExportRequest    *req,
                    const MazePuzzle    *puzzle)
{
  g_autofree char *name = NULL;
  MazeRenderOptions render;
  MazePngOptions png;
  guint width_px, height_px;

  maze_export_request_to_render (&req->export, puzzle, NULL, &render);
  maze_export_request_to_png (&req->export, &png);
  if (!maze_png_get_size (puzzle->grid, &render, &png, &width_px, &height_px, NULL, NULL))
    g_return_if_reached ();
  name = cli_output_display_name (req->output);
  g_printerr (_("Wrote %s: %u×%u pixels at %.0f dpi\n"), name, width_px, height_px,
              maze_png_get_dpi (&png, width_px));
}

static int
export_image (const CliExportArgs *args,
              CliExportRequest    *req,
              CliInput            *input)
{
  g_autoptr(GError) error = NULL;

  if (!place_endpoints (req, input, args->solution, &error))
    return cli_report (error);
  /* The title of an image is in its metadata, the puzzle's. */
  if (args->title != NULL)
    maze_puzzle_set_title (input->puzzle, args->title[0] != '\0' ? args->title : NULL);
  if (!maze_export_request_write (&req->export, &input->puzzle, 1, req->output, NULL, &error))
    return report_export_error (g_steal_pointer (&error), req->output);

  if (args->verbose && req->format == CLI_FORMAT_PNG)
    report_png_written (args, req, input->puzzle);
  else
    report_written (args, req->output);
  return CLI_EXIT_OK;
}

static int
export_pdf (const CliExportArgs *args,
            CliExportRequest    *req,
            CliInput            *input)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) puzzles = NULL;
  MazePdfOptions pdf;
  guint pages;

  /* A worksheet without a start and an end is no puzzle. */
  if (!place_endpoints (req, input, TRUE, &error))
    return cli_report (error);
  puzzles = make_batch (req, input, &error);
  if (puzzles == NULL)
    return cli_report (error);

  if (!maze_export_request_write (&req->export, (MazePuzzle * const *) puzzles->pdata,
                                  puzzles->len, req->output, NULL, &error))
    {
      /* Cells too small for a page: say how to ask for the poster. */
      if (g_error_matches (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE) && !req->export.poster)
        {
          g_autoptr(GError) refused = g_steal_pointer (&error);

          /* Translators: a refusal that ends "…or print it as a poster
           * over several pages"; --poster is the option */
          g_set_error (&error, refused->domain, refused->code, _("%s (--poster)"),
                       refused->message);
        }
      return report_export_error (g_steal_pointer (&error), req->output);
    }

  if (args->verbose)
    {
      g_autofree char *name = cli_output_display_name (req->output);

      if (req->export.poster)
        {
          g_autofree char *what = maze_export_request_describe (&req->export, puzzles->pdata[0]);

          g_printerr (_("Wrote %s: %s\n"), name, what);
          return CLI_EXIT_OK;
        }
      maze_export_request_to_pdf (&req->export, NULL, &pdf);
      if (req->export.separate_keys)
        {
          g_autofree char *key_path = maze_export_request_get_key_path (req->output);
          g_autofree char *key_name = cli_output_display_name (key_path);

          pdf.answer_key = FALSE;
          pages = maze_pdf_count_pages (&pdf, puzzles->len);
          g_printerr (ngettext ("Wrote %s: %u page\n", "Wrote %s: %u pages\n", pages),
                      name, pages);
          pdf.keys_only = TRUE;
          pages = maze_pdf_count_pages (&pdf, puzzles->len);
          g_printerr (ngettext ("Wrote %s: %u page\n", "Wrote %s: %u pages\n", pages),
                      key_name, pages);
        }
      else
        {
          pages = maze_pdf_count_pages (&pdf, puzzles->len);
          g_printerr (ngettext ("Wrote %s: %u page\n", "Wrote %s: %u pages\n", pages),
                      name, pages);
        }
      for (guint i = 0; i < puzzles->len; i++)
        {
          const MazePuzzle *puzzle = g_ptr_array_index (puzzles, i);
          g_autofree char *id = maze_puzzle_get_id (puzzle);

          if (puzzle->has_parameters)
            {
              g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, puzzle->seed);

              g_printerr (_("  puzzle %s, seed %s\n"), id, seed);
            }
          else
            g_printerr (_("  puzzle %s\n"), id);
        }
    }
  return CLI_EXIT_OK;
}

void
cli_export_request_clear (CliExportRequest *req)
{
  maze_export_request_clear (&req->export);
}

gboolean
cli_export_parse (int                argc,
                  char             **argv,
                  CliExportArgs     *args,
                  CliExportRequest  *req,
                  GError           **error)
{
  const ExportOption table[] = {
    { { "output", 'o', CLI_OPTION_FILE, &args->output }, FMT_ALL },
    { { "format", 0, CLI_OPTION_STRING, &args->format }, FMT_ALL },
    { { "from", 0, CLI_OPTION_STRING, &args->from }, FMT_ALL },
    { { "to", 0, CLI_OPTION_STRING, &args->to }, FMT_ALL },
    { { "title", 0, CLI_OPTION_STRING, &args->title }, FMT_DRAWN | FMT (MAZE) },
    { { "verbose", 0, CLI_OPTION_FLAG, &args->verbose }, FMT_ALL },
    { { "help", 'h', CLI_OPTION_FLAG, &args->help }, FMT_ALL },
    { { "cell-size", 0, CLI_OPTION_STRING, &args->cell_size }, FMT_DRAWN },
    { { "width", 0, CLI_OPTION_STRING, &args->width }, FMT_IMAGES },
    { { "dpi", 0, CLI_OPTION_STRING, &args->dpi }, FMT (PNG) },
    { { "transparent", 0, CLI_OPTION_FLAG, &args->transparent }, FMT_IMAGES },
    { { "wall-width", 0, CLI_OPTION_STRING, &args->wall_width }, FMT_DRAWN },
    { { "solution", 0, CLI_OPTION_FLAG, &args->solution }, FMT_TEXTS | FMT_IMAGES },
    { { "solution-style", 0, CLI_OPTION_STRING, &args->solution_style }, FMT_DRAWN },
    { { "monochrome", 0, CLI_OPTION_FLAG, &args->monochrome }, FMT_DRAWN },
    { { "wall-color", 0, CLI_OPTION_STRING, &args->wall_color }, FMT_DRAWN },
    { { "background-color", 0, CLI_OPTION_STRING, &args->background_color }, FMT_DRAWN },
    { { "solution-color", 0, CLI_OPTION_STRING, &args->solution_color }, FMT_DRAWN },
    { { "no-markers", 0, CLI_OPTION_FLAG, &args->no_markers }, FMT_DRAWN },
    { { "no-doors", 0, CLI_OPTION_FLAG, &args->no_doors }, FMT_TEXTS | FMT_DRAWN },
    { { "paper", 0, CLI_OPTION_STRING, &args->paper }, FMT (PDF) },
    { { "landscape", 0, CLI_OPTION_FLAG, &args->landscape }, FMT (PDF) },
    { { "portrait", 0, CLI_OPTION_FLAG, &args->portrait }, FMT (PDF) },
    { { "margin", 0, CLI_OPTION_STRING, &args->margin }, FMT (PDF) },
    { { "no-name-line", 0, CLI_OPTION_FLAG, &args->no_name_line }, FMT (PDF) },
    { { "instructions", 0, CLI_OPTION_STRING, &args->instructions }, FMT (PDF) },
    { { "no-labels", 0, CLI_OPTION_FLAG, &args->no_labels }, FMT (PDF) },
    { { "per-page", 0, CLI_OPTION_STRING, &args->per_page }, FMT (PDF) },
    { { "answer-key", 0, CLI_OPTION_FLAG, &args->answer_key }, FMT (PDF) },
    { { "batch", 0, CLI_OPTION_STRING, &args->batch }, FMT (PDF) },
    { { "poster", 0, CLI_OPTION_FLAG, &args->poster }, FMT (PDF) },
    { { "difficulty", 0, CLI_OPTION_STRING, &args->difficulty }, FMT (PDF) },
    { { "keys", 0, CLI_OPTION_STRING, &args->keys }, FMT (PDF) },
    { { "double-sided", 0, CLI_OPTION_FLAG, &args->double_sided }, FMT (PDF) },
    { { "start-label", 0, CLI_OPTION_STRING, &args->start_label }, FMT (PDF) },
    { { "finish-label", 0, CLI_OPTION_STRING, &args->finish_label }, FMT (PDF) },
    { { "show-difficulty", 0, CLI_OPTION_FLAG, &args->show_difficulty }, FMT (PDF) },
  };
  CliOption options[G_N_ELEMENTS (table)];
  g_autoptr(GPtrArray) positional = g_ptr_array_new ();

  *args = (CliExportArgs) { NULL };
  *req = (CliExportRequest) { 0 };
  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    options[i] = table[i].option;

  if (!cli_parse_options ("export", argc, argv, options, G_N_ELEMENTS (options),
                          positional, error))
    return FALSE;
  if (args->help)
    return TRUE;

  return check_request (args, positional, req, error) &&
         check_scopes (table, G_N_ELEMENTS (table), req->format, error) &&
         check_values (args, req, error);
}

int
cli_export (int    argc,
            char **argv)
{
  CliExportArgs args;
  g_auto(CliExportRequest) req = { 0 };
  g_autoptr(GError) error = NULL;
  g_auto(CliInput) input = { NULL };

  /* Everything about the command line first, then the input, and the
   * output file only once all of that is known to be good. */
  if (!cli_export_parse (argc, argv, &args, &req, &error))
    return cli_report (error);
  if (args.help)
    {
      g_print ("%s", cli_export_help ());
      return CLI_EXIT_OK;
    }
  if (!cli_load_input (req.input, &input, &error))
    return cli_report (error);

  switch (req.format)
    {
    case CLI_FORMAT_TEXT:
    case CLI_FORMAT_UNICODE:
      return export_text (&args, &req, &input);
    case CLI_FORMAT_MAZE:
      return export_maze (&args, &req, &input);
    case CLI_FORMAT_PNG:
    case CLI_FORMAT_SVG:
      return export_image (&args, &req, &input);
    case CLI_FORMAT_PDF:
    default:
      return export_pdf (&args, &req, &input);
    }
}
