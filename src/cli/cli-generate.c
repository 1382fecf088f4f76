/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright-cli"

#include "config.h"

#include "cli-commands.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "cli-common.h"
#include "cli-difficulty.h"
#include "cli-options.h"
#include "cli-output.h"
#include "cli-parse.h"
#include "maze-outline-image.h"
#include "maze-text.h"


const char *
cli_generate_help (void)
{
  return _("Usage: mazewright-cli generate [OPTION…]\n"
           "\n"
           "Makes a maze and writes it as text, with doors at start and end, or,\n"
           "to a FILE ending in .maze, as a .maze document that keeps how it was\n"
           "made (for “export”, the app, and worksheets with --batch).\n"
           "\n"
           "  --shape rect|hex|tri|circular\n"
           "                             grid shape (default: rect; tri: triangles,\n"
           "                             circular: rings around an open room or a\n"
           "                             centre cell; both written as .maze only)\n"
           "  --width W                  columns, 1 to 65535 (default: 10)\n"
           "  --height H                 rows, 1 to 65535 (default: 10)\n"
           "  --rings N                  a circular maze's rings, 1 to 7800 (default: 10)\n"
           "  --first N                  the cells of its innermost ring, 3 to 64\n"
           "                             (default: 6); a cell X,Y is cell X of ring Y,\n"
           "                             ring 0 the innermost, X clockwise\n"
           "  --centre room|cell         a circular maze's middle: an open room, or a\n"
           "                             cell (ring 0) with a first ring of 3 to 6\n"
           "                             cells around it (default: room)\n"
           "  --algorithm NAME           see “mazewright-cli algorithms” (default: backtracker)\n"
           "  --selection newest|random|mixed\n"
           "                             how growing-tree picks cells (default: mixed)\n"
           "  --seed N                   0 to 18446744073709551615; when left out a random\n"
           "                             seed is used and printed on standard error\n"
           "  --braid P                  remove this fraction (0 to 1) of the dead ends\n"
           "  --start X,Y                the entrance: 0-based column and row\n"
           "  --end X,Y                  the exit\n"
           "  --endpoints corners|farthest\n"
           "                             where start and end go when not given\n"
           "                             (default: corners)\n"
           "  --outline NAME             the maze in a shape: circle, heart, star,\n"
           "                             triangle, diamond, house, tree, cloud or cat;\n"
           "                             start and end then go farthest apart\n"
           "  --outline-text TEXT        the maze in the shape of a word or a name (up\n"
           "                             to 64 characters; letters apart are joined);\n"
           "                             without --width and --height, 26 rows and as\n"
           "                             many columns as the word needs\n"
           "  --font DESC                its font, as Pango names one (default: Sans Bold)\n"
           "  --outline-image FILE       the maze in the shape of a picture: the dark\n"
           "                             pixels of a PNG or JPEG, or the opaque ones of\n"
           "                             a picture with transparency or an SVG; blobs\n"
           "                             apart are joined. One outline option at most\n"
           "  --threshold N              0 to 255: pixels lighter than N are not maze\n"
           "                             (default: 128)\n"
           "  --difficulty LEVEL|MIN-MAX a maze whose difficulty score (0 to 100) is in\n"
           "                             the level’s band or MIN to MAX: from the seed,\n"
           "                             seeds are tried in turn, at most 200. A LEVEL\n"
           "                             (very-easy, easy, medium, hard, expert) also\n"
           "                             sets the size, algorithm, braid and endpoints\n"
           "                             that are not given\n"
           "  --format FORMAT            text, unicode or maze (default: maze for a FILE\n"
           "                             ending in .maze, else text)\n"
           "  --unicode                  draw with box-drawing characters (--format unicode)\n"
           "  --title TEXT               the maze’s title, kept in a .maze document\n"
           "  -o, --output FILE          write to FILE (default, or “-”: standard output)\n");
}

/* --format, else the output's extension, else text; --unicode is a
 * shorthand that must not contradict either. */
static gboolean
choose_format (const CliGenerateArgs  *args,
               CliGenerateRequest     *req,
               GError                **error)
{
  gboolean from_name = FALSE;

  req->format = CLI_FORMAT_TEXT;
  if (args->format != NULL)
    {
      if (!cli_format_from_string (args->format, &req->format) ||
          req->format > CLI_FORMAT_MAZE)
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("Unknown format “%s” for “generate”: use text, unicode or maze "
                         "(“export” makes PNG, SVG and PDF)"), args->format);
          return FALSE;
        }
    }
  else if (!g_str_equal (req->output, "-") &&
           cli_format_from_path (req->output, &req->format) &&
           req->format == CLI_FORMAT_MAZE)
    from_name = TRUE;
  else
    req->format = CLI_FORMAT_TEXT;

  if (args->unicode)
    {
      if (req->format == CLI_FORMAT_MAZE)
        {
          g_autofree char *name = g_filename_display_name (req->output);

          if (from_name)
            g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                         _("--unicode draws text, but “%s” gets the .maze format: "
                           "add --format unicode to write text to it"), name);
          else
            g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                         _("--unicode draws text: it does not go with --format maze"));
          return FALSE;
        }
      if (args->format != NULL && req->format == CLI_FORMAT_TEXT)
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("--unicode does not go with --format text: give one of them"));
          return FALSE;
        }
      req->format = CLI_FORMAT_UNICODE;
    }

  if (args->title != NULL && req->format != CLI_FORMAT_MAZE)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("--title is kept only in a .maze document: write to a FILE ending "
                     "in .maze, or add --format maze"));
      return FALSE;
    }
  return args->title == NULL || cli_check_title (args->title, error);
}

/* --difficulty LEVEL: the level's band, and its recipe for whatever was
 * not given (its rings around the --centre asked); MIN-MAX: a band of
 * scores. Either chooses start and end. */
static gboolean
parse_difficulty (const CliGenerateArgs  *args,
                  CliGenerateRequest     *req,
                  GError                **error)
{
  CliDifficulty difficulty;

  if (args->start != NULL || args->end != NULL)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--difficulty chooses the start and the end with the maze: "
                             "leave out --start and --end"));
      return FALSE;
    }
  if (!cli_difficulty_parse (args->difficulty, "--difficulty", FALSE, &difficulty, error))
    return FALSE;
  req->to_order = TRUE;
  if (difficulty.from != 0)
    {
      const MazeLevelInfo *info = maze_level_get_info (difficulty.from);

      req->min_score = info->min_score;
      req->max_score = info->max_score;
      if (args->width == NULL && args->height == NULL && args->rings == NULL &&
          args->first == NULL)
        maze_level_get_grid_size (info, req->shape, req->centre, 0, &req->width, &req->height);
      if (args->algorithm == NULL && maze_algorithm_supports (info->algorithm, req->shape))
        req->options.algorithm = info->algorithm;
      if (args->braid == NULL)
        req->braid = info->braid;
      if (args->endpoints == NULL)
        req->endpoints = info->endpoints;
      return TRUE;
    }
  req->min_score = difficulty.min_score;
  req->max_score = difficulty.max_score;
  return TRUE;
}

/* At most one of --outline, --outline-text and --outline-image, with
 * --font and --threshold only beside their own. */
static gboolean
parse_outline (const CliGenerateArgs  *args,
               CliGenerateRequest     *req,
               GError                **error)
{
  guint given = (args->outline != NULL) + (args->outline_text != NULL) +
                (args->outline_image != NULL);
  guint64 threshold = MAZE_OUTLINE_IMAGE_DEFAULT_THRESHOLD;

  if (given > 1)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--outline, --outline-text and --outline-image each give the "
                             "maze its outline: give one of them"));
      return FALSE;
    }
  if (args->font != NULL && args->outline_text == NULL)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--font is the font of --outline-text: give the text too"));
      return FALSE;
    }
  if (args->threshold != NULL && args->outline_image == NULL)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--threshold is for the picture of --outline-image: give the "
                             "picture too"));
      return FALSE;
    }

  if (args->outline != NULL)
    {
      if (!maze_outline_from_string (args->outline, &req->outline))
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("Unknown outline “%s”: use circle, heart, star, triangle, diamond, "
                         "house, tree, cloud or cat"), args->outline);
          return FALSE;
        }
      req->outline_kind = CLI_OUTLINE_PRESET;
    }
  else if (args->outline_text != NULL)
    {
      if (!g_utf8_validate (args->outline_text, -1, NULL) ||
          g_utf8_strlen (args->outline_text, -1) > MAZE_OUTLINE_MAX_TEXT)
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       /* Translators: a number of characters */
                       _("--outline-text is at most %d characters: a name or a word"),
                       MAZE_OUTLINE_MAX_TEXT);
          return FALSE;
        }
      req->outline_kind = CLI_OUTLINE_TEXT;
      req->outline_text = args->outline_text;
      req->font = args->font != NULL ? args->font : MAZE_OUTLINE_DEFAULT_FONT;
    }
  else if (args->outline_image != NULL)
    {
      if (args->threshold != NULL &&
          !cli_parse_uint64 (args->threshold, "--threshold", &threshold, error))
        return FALSE;
      if (threshold > 255)
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("--threshold %s is out of range: use 0 to 255"), args->threshold);
          return FALSE;
        }
      req->outline_kind = CLI_OUTLINE_IMAGE;
      req->outline_image = args->outline_image;
      req->threshold = (guint) threshold;
    }
  return TRUE;
}

/* --width and --height, or a circular maze's --rings and --first, as
 * maze_check_size() takes them. */
static gboolean
parse_size (const CliGenerateArgs  *args,
            MazeShape               shape,
            guint64                *width,
            guint64                *height,
            GError                **error)
{
  if (shape == MAZE_SHAPE_CIRCULAR)
    {
      if (args->width != NULL || args->height != NULL)
        {
          g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                               _("A circular maze is sized by --rings and --first, not --width "
                                 "and --height"));
          return FALSE;
        }
      *width = MAZE_POLAR_DEFAULT_FIRST;
      return (args->rings == NULL || cli_parse_side (args->rings, "--rings", height, error)) &&
             (args->first == NULL || cli_parse_side (args->first, "--first", width, error));
    }
  if (args->rings != NULL || args->first != NULL)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--rings and --first size a circular maze (--shape circular)"));
      return FALSE;
    }
  return (args->width == NULL || cli_parse_side (args->width, "--width", width, error)) &&
         (args->height == NULL || cli_parse_side (args->height, "--height", height, error));
}

/* --centre room|cell, for a circular maze only. */
static gboolean
parse_centre (const CliGenerateArgs  *args,
              CliGenerateRequest     *req,
              GError                **error)
{
  if (args->centre == NULL)
    return TRUE;
  if (req->shape != MAZE_SHAPE_CIRCULAR)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("--centre is the middle of a circular maze (--shape circular)"));
      return FALSE;
    }
  if (g_str_equal (args->centre, "cell"))
    req->centre = TRUE;
  else if (!g_str_equal (args->centre, "room"))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("Unknown centre “%s”: use room or cell"), args->centre);
      return FALSE;
    }
  return TRUE;
}

/* maze_check_size() for the grid asked: a centre cell also bounds the
 * first ring (the core says by how much). */
static gboolean
check_size (const CliGenerateRequest  *req,
            guint64                    width,
            guint64                    height,
            GError                   **error)
{
  g_autoptr(MazePolarLayout) layout = NULL;

  if (!maze_check_size (req->shape, width, height, error))
    return FALSE;
  if (!req->centre)
    return TRUE;
  layout = maze_polar_layout_new ((guint) height, TRUE, (guint) width, error);
  return layout != NULL;
}

static gboolean
check_request (const CliGenerateArgs  *args,
               GPtrArray              *positional,
               CliGenerateRequest     *req,
               GError                **error)
{
  guint64 width = 10, height = 10;
  double braid = 0.0;

  if (positional->len > 0)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("Unexpected argument “%s” for “generate”: write the maze to a file with -o FILE"),
                   (const char *) g_ptr_array_index (positional, 0));
      return FALSE;
    }

  maze_generate_options_init (&req->options);
  req->shape = MAZE_SHAPE_RECT;
  req->endpoints = MAZE_ENDPOINTS_CORNERS;
  req->output = args->output != NULL ? args->output : "-";
  if (!choose_format (args, req, error))
    return FALSE;

  if (args->shape != NULL && !maze_shape_from_string (args->shape, &req->shape))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("Unknown shape “%s”: use rect, hex, tri or circular"), args->shape);
      return FALSE;
    }
  if (req->format != CLI_FORMAT_MAZE && !maze_text_check_shape (req->shape, error))
    {
      cli_error_to_usage (error);
      return FALSE;
    }

  if (args->algorithm != NULL &&
      !maze_algorithm_from_string (args->algorithm, &req->options.algorithm))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("Unknown algorithm “%s”: “mazewright-cli algorithms” lists them"),
                   args->algorithm);
      return FALSE;
    }
  if (!maze_algorithm_supports (req->options.algorithm, req->shape))
    {
      const char *name = maze_algorithm_get_info (req->options.algorithm)->name;

      if (req->shape == MAZE_SHAPE_HEX)
        g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                     /* Translators: an --algorithm value */
                     _("The %s algorithm does not work on a hexagonal grid"), name);
      else if (req->shape == MAZE_SHAPE_TRI)
        g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                     /* Translators: an --algorithm value */
                     _("The %s algorithm does not work on a triangular grid"), name);
      else if (req->shape == MAZE_SHAPE_CIRCULAR)
        g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                     /* Translators: an --algorithm value */
                     _("The %s algorithm does not work on a circular grid"), name);
      else
        g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                     /* Translators: an --algorithm value */
                     _("The %s algorithm does not work on a rectangular grid"), name);
      return FALSE;
    }

  if (args->selection != NULL &&
      !maze_growing_tree_mode_from_string (args->selection, &req->options.growing_tree_mode))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("Unknown selection “%s”: use newest, random or mixed"), args->selection);
      return FALSE;
    }

  if (!parse_size (args, req->shape, &width, &height, error) ||
      !parse_centre (args, req, error))
    return FALSE;
  if (!check_size (req, width, height, error))
    {
      cli_error_to_usage (error);
      return FALSE;
    }
  req->width = (guint) width;
  req->height = (guint) height;

  req->random_seed = args->seed == NULL;
  if (req->random_seed)
    req->options.seed = ((guint64) g_random_int () << 32) | g_random_int ();
  else if (!cli_parse_uint64 (args->seed, "--seed", &req->options.seed, error))
    return FALSE;

  if (args->braid != NULL)
    {
      if (!cli_parse_fraction (args->braid, "--braid", &braid, error))
        return FALSE;
      req->braid = maze_braid_from_fraction (braid);
    }

  if ((args->start != NULL && !cli_parse_point (args->start, "--start", &req->start, error)) ||
      (args->end != NULL && !cli_parse_point (args->end, "--end", &req->end, error)))
    return FALSE;

  if (args->endpoints != NULL && !maze_endpoints_from_string (args->endpoints, &req->endpoints))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("Unknown endpoints “%s”: use corners or farthest"), args->endpoints);
      return FALSE;
    }

  if (!parse_outline (args, req, error))
    return FALSE;
  /* A word in the default 10 × 10 would be a smudge: unless a size was
   * given, the grid takes the word's proportions at a height that keeps
   * its letters readable. */
  if (req->outline_kind == CLI_OUTLINE_TEXT && req->shape != MAZE_SHAPE_CIRCULAR &&
      args->width == NULL && args->height == NULL && args->difficulty == NULL)
    {
      double aspect = maze_outline_text_get_aspect (req->outline_text, req->font);

      req->height = MAZE_OUTLINE_TEXT_ROWS;
      req->width = (guint) CLAMP (ceil (aspect * MAZE_OUTLINE_TEXT_ROWS) + 4,
                                  10, 40 * MAZE_OUTLINE_TEXT_ROWS);
    }
  /* The corners of a shape are no corners: its ends go far apart. */
  if (req->outline_kind != CLI_OUTLINE_NONE && args->endpoints == NULL)
    req->endpoints = MAZE_ENDPOINTS_FARTHEST;
  return args->difficulty == NULL || parse_difficulty (args, req, error);
}

/* The grid's mask from the request's outline, and what the .maze keeps
 * of it. The picture is read here, not while parsing: parsing reads no
 * file. */
static MazeOutlineParams *
apply_outline (const CliGenerateRequest  *req,
               MazeGrid                  *grid,
               GError                   **error)
{
  g_autoptr(MazeOutlineImage) image = NULL;

  switch (req->outline_kind)
    {
    case CLI_OUTLINE_PRESET:
      if (!maze_outline_apply (grid, req->outline, error))
        return NULL;
      return maze_outline_params_new_preset (maze_outline_to_string (req->outline));
    case CLI_OUTLINE_TEXT:
      if (!maze_outline_apply_text (grid, req->outline_text, req->font, error))
        return NULL;
      return maze_outline_params_new_text (req->outline_text, req->font);
    case CLI_OUTLINE_IMAGE:
      image = maze_outline_image_load (req->outline_image, error);
      if (image == NULL || !maze_outline_image_apply (image, grid, req->threshold, error))
        return NULL;
      return maze_outline_params_new_picture (maze_outline_image_get_digest (image),
                                              req->threshold);
    case CLI_OUTLINE_NONE:
    default:
      g_assert_not_reached ();
    }
}

/* The maze on a grid made first: one with a centre cell, or inside its
 * outline (the mask first, then carved within it); to order when a
 * difficulty is asked for. */
static MazePuzzle *
generate_on_grid (const CliGenerateRequest  *req,
                  GError                   **error)
{
  g_autoptr(MazeGrid) grid = maze_grid_new_rings (req->shape, req->width, req->height,
                                                  req->centre, error);
  g_autoptr(MazeOutlineParams) outline = NULL;
  MazePuzzle *puzzle;

  if (grid == NULL)
    return NULL;
  if (req->outline_kind != CLI_OUTLINE_NONE)
    {
      outline = apply_outline (req, grid, error);
      if (outline == NULL)
        return NULL;
    }
  if (req->to_order)
    puzzle = maze_puzzle_generate_to_order_on (grid, &req->options, req->braid, req->endpoints,
                                               req->min_score, req->max_score, NULL, error);
  else
    puzzle = maze_puzzle_generate_on (g_steal_pointer (&grid), &req->options, req->braid,
                                      req->endpoints, error);
  if (puzzle != NULL)
    puzzle->outline = g_steal_pointer (&outline);
  return puzzle;
}

/* Start and end given on the command line replace the preset's. One
 * given alone gets its partner from the preset: the cell farthest from
 * it for "farthest", else the preset's own, or the other corner where
 * that is the very cell given. Both given must be two cells. */
static gboolean
place_endpoints (const CliGenerateRequest  *req,
                 MazePuzzle                *puzzle,
                 GError                   **error)
{
  const MazeGrid *grid = puzzle->grid;
  const guint32 preset_start = puzzle->start, preset_end = puzzle->end;
  gboolean given_start = req->start.text != NULL, given_end = req->end.text != NULL;
  guint32 *partner;
  guint32 given;

  if ((given_start && !cli_point_to_cell (&req->start, "--start", grid, &puzzle->start, error)) ||
      (given_end && !cli_point_to_cell (&req->end, "--end", grid, &puzzle->end, error)))
    return FALSE;
  if (given_start == given_end)
    {
      if (given_start && puzzle->start == puzzle->end && maze_grid_count_open (grid) > 1)
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("--start and --end are the same cell, %s: give two different cells"),
                       req->start.text);
          return FALSE;
        }
      return TRUE;
    }

  given = given_start ? puzzle->start : puzzle->end;
  partner = given_start ? &puzzle->end : &puzzle->start;
  if (req->endpoints == MAZE_ENDPOINTS_FARTHEST)
    {
      *partner = maze_farthest_cell (grid, given, NULL);
      if (*partner == MAZE_NO_CELL)
        {
          g_set_error_literal (error, CLI_ERROR, CLI_ERROR_FAILURE,
                               _("Not enough memory to find the farthest cell"));
          return FALSE;
        }
    }
  else if (*partner == given)
    *partner = given_start ? preset_start : preset_end;
  return TRUE;
}

static gboolean
write_puzzle (const CliGenerateRequest  *req,
              const MazePuzzle          *puzzle,
              GError                   **error)
{
  MazeTextOptions text_options;

  if (req->format == CLI_FORMAT_MAZE)
    return cli_write_puzzle (req->output, puzzle, error);

  maze_text_options_init (&text_options);
  text_options.style = req->format == CLI_FORMAT_UNICODE ? MAZE_TEXT_UNICODE : MAZE_TEXT_CLASSIC;
  text_options.start = puzzle->start;
  text_options.end = puzzle->end;
  return cli_write_text_maze (req->output, puzzle->grid, &text_options, error);
}

/* Whether point is a cell of the grid the request makes: columns and
 * rows, or on rings x along ring y. */
static gboolean
check_point (const CliGenerateRequest  *req,
             const CliPoint            *point,
             const char                *option,
             GError                   **error)
{
  if (req->shape == MAZE_SHAPE_CIRCULAR)
    return cli_point_check_rings (point, option, req->width, req->height, req->centre, error);
  return cli_point_check_size (point, option, req->width, req->height, error);
}

gboolean
cli_generate_parse (int                  argc,
                    char               **argv,
                    CliGenerateArgs     *args,
                    CliGenerateRequest  *req,
                    GError             **error)
{
  const CliOption options[] = {
    { "shape", 0, CLI_OPTION_STRING, &args->shape },
    { "width", 0, CLI_OPTION_STRING, &args->width },
    { "height", 0, CLI_OPTION_STRING, &args->height },
    { "rings", 0, CLI_OPTION_STRING, &args->rings },
    { "first", 0, CLI_OPTION_STRING, &args->first },
    { "centre", 0, CLI_OPTION_STRING, &args->centre },
    { "algorithm", 0, CLI_OPTION_STRING, &args->algorithm },
    { "selection", 0, CLI_OPTION_STRING, &args->selection },
    { "seed", 0, CLI_OPTION_STRING, &args->seed },
    { "braid", 0, CLI_OPTION_STRING, &args->braid },
    { "start", 0, CLI_OPTION_STRING, &args->start },
    { "end", 0, CLI_OPTION_STRING, &args->end },
    { "endpoints", 0, CLI_OPTION_STRING, &args->endpoints },
    { "difficulty", 0, CLI_OPTION_STRING, &args->difficulty },
    { "outline", 0, CLI_OPTION_STRING, &args->outline },
    { "outline-text", 0, CLI_OPTION_STRING, &args->outline_text },
    { "font", 0, CLI_OPTION_STRING, &args->font },
    { "outline-image", 0, CLI_OPTION_FILE, &args->outline_image },
    { "threshold", 0, CLI_OPTION_STRING, &args->threshold },
    { "output", 'o', CLI_OPTION_FILE, &args->output },
    { "format", 0, CLI_OPTION_STRING, &args->format },
    { "title", 0, CLI_OPTION_STRING, &args->title },
    { "unicode", 0, CLI_OPTION_FLAG, &args->unicode },
    { "help", 'h', CLI_OPTION_FLAG, &args->help },
  };
  g_autoptr(GPtrArray) positional = g_ptr_array_new ();

  *args = (CliGenerateArgs) { NULL };
  *req = (CliGenerateRequest) { 0 };

  if (!cli_parse_options ("generate", argc, argv, options, G_N_ELEMENTS (options),
                          positional, error))
    return FALSE;
  if (args->help)
    return TRUE;

  if (!check_request (args, positional, req, error))
    return FALSE;

  /* Checked before the possibly long generation; a fresh grid has no
   * mask, so inside is enough. */
  return (req->start.text == NULL || check_point (req, &req->start, "--start", error)) &&
         (req->end.text == NULL || check_point (req, &req->end, "--end", error));
}

int
cli_generate (int    argc,
              char **argv)
{
  CliGenerateArgs args;
  CliGenerateRequest req;
  g_autoptr(GError) error = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;

  if (!cli_generate_parse (argc, argv, &args, &req, &error))
    return cli_report (error);
  if (args.help)
    {
      g_print ("%s", cli_generate_help ());
      return CLI_EXIT_OK;
    }

  if (req.outline_kind != CLI_OUTLINE_NONE || req.centre)
    puzzle = generate_on_grid (&req, &error);
  else if (req.to_order)
    puzzle = maze_puzzle_generate_to_order (req.shape, req.width, req.height, &req.options,
                                            req.braid, req.endpoints, req.min_score,
                                            req.max_score, NULL, &error);
  else
    puzzle = maze_puzzle_generate (req.shape, req.width, req.height, &req.options, req.braid,
                                   req.endpoints, &error);
  if (puzzle == NULL)
    return cli_report (error);
  if (args.title != NULL)
    maze_puzzle_set_title (puzzle, args.title[0] != '\0' ? args.title : NULL);

  if (!place_endpoints (&req, puzzle, &error) ||
      !write_puzzle (&req, puzzle, &error))
    return cli_report (error);

  /* After the maze, so that a failure stays one line; not translated:
   * scripts read it to make the maze again. */
  if (req.random_seed)
    g_printerr ("%s: seed %" G_GUINT64_FORMAT "\n", CLI_PROGRAM_NAME, req.options.seed);

  return CLI_EXIT_OK;
}
