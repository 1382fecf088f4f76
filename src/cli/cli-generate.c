/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright-cli"

#include "config.h"

#include "cli-commands.h"

#include <stdio.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "cli-common.h"
#include "cli-options.h"
#include "maze-atomic-file.h"
#include "maze-text.h"

/* The options as typed. */
typedef struct
{
  const char *shape;
  const char *width;
  const char *height;
  const char *algorithm;
  const char *selection;
  const char *seed;
  const char *braid;
  const char *start;
  const char *end;
  const char *endpoints;
  const char *output;
  gboolean    unicode;
  gboolean    help;
} GenerateArgs;

/* The options once checked. */
typedef struct
{
  MazeShape            shape;
  guint                width;
  guint                height;
  MazeGenerateOptions  options;
  gboolean             random_seed;
  guint32              braid;
  CliPoint             start;
  CliPoint             end;
  MazeEndpointsPreset  endpoints;
  MazeTextStyle        style;
  const char          *output;
} GenerateRequest;

const char *
cli_generate_help (void)
{
  return _("Usage: mazewright-cli generate [OPTION…]\n"
           "\n"
           "Makes a maze and writes it as text, with doors at start and end.\n"
           "\n"
           "  --shape rect|hex           grid shape (default: rect)\n"
           "  --width W                  columns, 1 to 65535 (default: 10)\n"
           "  --height H                 rows, 1 to 65535 (default: 10)\n"
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
           "  --unicode                  draw with box-drawing characters\n"
           "  -o, --output FILE          write to FILE (default, or “-”: standard output)\n");
}

static gboolean
check_request (const GenerateArgs  *args,
               GPtrArray           *positional,
               GenerateRequest     *req,
               GError             **error)
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
  req->style = args->unicode ? MAZE_TEXT_UNICODE : MAZE_TEXT_CLASSIC;
  req->output = args->output != NULL ? args->output : "-";

  if (args->shape != NULL && !maze_shape_from_string (args->shape, &req->shape))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("Unknown shape “%s”: use rect or hex"), args->shape);
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
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("The %s algorithm does not work on a %s grid"),
                   maze_algorithm_get_info (req->options.algorithm)->name,
                   maze_shape_to_string (req->shape));
      return FALSE;
    }

  if (args->selection != NULL &&
      !maze_growing_tree_mode_from_string (args->selection, &req->options.growing_tree_mode))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("Unknown selection “%s”: use newest, random or mixed"), args->selection);
      return FALSE;
    }

  if ((args->width != NULL && !cli_parse_side (args->width, "--width", &width, error)) ||
      (args->height != NULL && !cli_parse_side (args->height, "--height", &height, error)))
    return FALSE;
  if (!maze_check_size (req->shape, width, height, error))
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

  return TRUE;
}

/* Start and end: those given, the preset for the rest. */
static gboolean
choose_endpoints (const GenerateRequest  *req,
                  const MazeGrid         *grid,
                  guint32                *start,
                  guint32                *end,
                  GError                **error)
{
  if (req->start.text == NULL || req->end.text == NULL)
    {
      if (!maze_endpoints_choose (grid, req->endpoints, start, end, error))
        return FALSE;
    }
  if (req->start.text != NULL && !cli_point_to_cell (&req->start, "--start", grid, start, error))
    return FALSE;
  if (req->end.text != NULL && !cli_point_to_cell (&req->end, "--end", grid, end, error))
    return FALSE;
  return TRUE;
}

static gboolean
write_maze (const GenerateRequest  *req,
            const MazeGrid         *grid,
            guint32                 start,
            guint32                 end,
            GError                **error)
{
  g_autoptr(MazeAtomicFile) file = NULL;
  MazeTextOptions text_options;

  maze_text_options_init (&text_options);
  text_options.style = req->style;
  text_options.start = start;
  text_options.end = end;

  /* Opened only now: a rejected request never touches the output file. */
  file = maze_atomic_file_open (req->output, error);
  if (file == NULL)
    return FALSE;
  if (!maze_text_write (grid, &text_options, maze_atomic_file_stream (file), error))
    {
      g_autofree char *name = g_str_equal (req->output, "-")
                                ? g_strdup (_("standard output"))
                                : g_filename_display_name (req->output);

      /* The writer knows what failed, not where to. */
      if ((*error)->domain == G_IO_ERROR)
        g_prefix_error (error, "%s: ", name);
      return FALSE;
    }
  return maze_atomic_file_commit (g_steal_pointer (&file), error);
}

int
cli_generate (int    argc,
              char **argv)
{
  GenerateArgs args = { NULL };
  GenerateRequest req = { 0 };
  const CliOption options[] = {
    { "shape", 0, CLI_OPTION_STRING, &args.shape },
    { "width", 0, CLI_OPTION_STRING, &args.width },
    { "height", 0, CLI_OPTION_STRING, &args.height },
    { "algorithm", 0, CLI_OPTION_STRING, &args.algorithm },
    { "selection", 0, CLI_OPTION_STRING, &args.selection },
    { "seed", 0, CLI_OPTION_STRING, &args.seed },
    { "braid", 0, CLI_OPTION_STRING, &args.braid },
    { "start", 0, CLI_OPTION_STRING, &args.start },
    { "end", 0, CLI_OPTION_STRING, &args.end },
    { "endpoints", 0, CLI_OPTION_STRING, &args.endpoints },
    { "output", 'o', CLI_OPTION_STRING, &args.output },
    { "unicode", 0, CLI_OPTION_FLAG, &args.unicode },
    { "help", 'h', CLI_OPTION_FLAG, &args.help },
  };
  g_autoptr(GPtrArray) positional = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = NULL;
  guint32 start = MAZE_NO_CELL, end = MAZE_NO_CELL;

  if (!cli_parse_options ("generate", argc, argv, options, G_N_ELEMENTS (options),
                          positional, &error))
    return cli_report (error);
  if (args.help)
    {
      g_print ("%s", cli_generate_help ());
      return CLI_EXIT_OK;
    }

  if (!check_request (&args, positional, &req, &error))
    return cli_report (error);

  grid = maze_grid_new (req.shape, req.width, req.height, &error);
  if (grid == NULL)
    return cli_report (error);

  /* A fresh grid has no mask: this only checks the range, before the
   * possibly long generation. */
  if ((req.start.text != NULL && !cli_point_to_cell (&req.start, "--start", grid, &start, &error)) ||
      (req.end.text != NULL && !cli_point_to_cell (&req.end, "--end", grid, &end, &error)))
    return cli_report (error);

  if (!maze_generate (grid, &req.options, &error))
    return cli_report (error);
  if (req.braid > 0)
    maze_braid (grid, req.braid, maze_rng_derive (req.options.seed, 1), NULL);

  if (!choose_endpoints (&req, grid, &start, &end, &error) ||
      !write_maze (&req, grid, start, end, &error))
    return cli_report (error);

  /* After the maze, so that a failure stays one line; not translated:
   * scripts read it to make the maze again. */
  if (req.random_seed)
    g_printerr ("%s: seed %" G_GUINT64_FORMAT "\n", CLI_PROGRAM_NAME, req.options.seed);

  return CLI_EXIT_OK;
}
