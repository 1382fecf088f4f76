/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright-cli"

#include "config.h"

#include "cli-commands.h"

#include <string.h>

#include <glib/gi18n.h>

#include "cli-common.h"
#include "cli-options.h"
#include "cli-output.h"

const char *
cli_algorithms_help (void)
{
  return _("Usage: mazewright-cli algorithms [--json]\n"
           "\n"
           "Lists the generation algorithms: the name to give to\n"
           "“generate --algorithm”, the shapes it works on and what its mazes\n"
           "look like.\n"
           "\n"
           "  --json                     print JSON instead of text\n");
}

/* "rect,hex": the shapes the algorithm works on, comma-separated. */
static char *
dup_shapes (MazeAlgorithm algorithm)
{
  GString *shapes = g_string_new (NULL);

  for (guint s = 0; s < MAZE_N_SHAPES; s++)
    if (maze_algorithm_supports (algorithm, (MazeShape) s))
      {
        if (shapes->len > 0)
          g_string_append_c (shapes, ',');
        g_string_append (shapes, maze_shape_to_string ((MazeShape) s));
      }
  return g_string_free (shapes, FALSE);
}

static void
append_text (GString *out)
{
  gsize name_width = 0, shapes_width = 0;

  for (guint a = 0; a < MAZE_N_ALGORITHMS; a++)
    {
      g_autofree char *shapes = dup_shapes ((MazeAlgorithm) a);

      name_width = MAX (name_width, strlen (maze_algorithm_get_info ((MazeAlgorithm) a)->name));
      shapes_width = MAX (shapes_width, strlen (shapes));
    }

  for (guint a = 0; a < MAZE_N_ALGORITHMS; a++)
    {
      const MazeAlgorithmInfo *info = maze_algorithm_get_info ((MazeAlgorithm) a);
      g_autofree char *shapes = dup_shapes ((MazeAlgorithm) a);

      g_string_append_printf (out, "%-*s  %-*s  %s\n",
                              (int) name_width, info->name,
                              (int) shapes_width, shapes,
                              _(info->description));
    }
}

static void
append_json (GString *out)
{
  g_string_append (out, "{\"algorithms\":[");
  for (guint a = 0; a < MAZE_N_ALGORITHMS; a++)
    {
      const MazeAlgorithmInfo *info = maze_algorithm_get_info ((MazeAlgorithm) a);
      gboolean first = TRUE;

      g_string_append (out, a > 0 ? ",{\"name\":" : "{\"name\":");
      maze_json_append_string (out, info->name);
      g_string_append (out, ",\"title\":");
      maze_json_append_string (out, _(info->title));
      g_string_append (out, ",\"shapes\":[");
      for (guint s = 0; s < MAZE_N_SHAPES; s++)
        if (maze_algorithm_supports ((MazeAlgorithm) a, (MazeShape) s))
          {
            if (!first)
              g_string_append_c (out, ',');
            maze_json_append_string (out, maze_shape_to_string ((MazeShape) s));
            first = FALSE;
          }
      g_string_append (out, "],\"description\":");
      maze_json_append_string (out, _(info->description));
      g_string_append_c (out, '}');
    }
  g_string_append (out, "]}\n");
}

int
cli_algorithms (int    argc,
                char **argv)
{
  gboolean json = FALSE;
  gboolean help = FALSE;
  const CliOption options[] = {
    { "json", 0, CLI_OPTION_FLAG, &json },
    { "help", 'h', CLI_OPTION_FLAG, &help },
  };
  g_autoptr(GPtrArray) positional = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) out = NULL;

  if (!cli_parse_options ("algorithms", argc, argv, options, G_N_ELEMENTS (options),
                          positional, &error))
    return cli_report (error);
  if (help)
    {
      g_print ("%s", cli_algorithms_help ());
      return CLI_EXIT_OK;
    }
  if (positional->len > 0)
    {
      g_set_error (&error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("Unexpected argument “%s” for “algorithms”"),
                   (const char *) g_ptr_array_index (positional, 0));
      return cli_report (error);
    }

  out = g_string_new (NULL);
  if (json)
    append_json (out);
  else
    append_text (out);

  if (!cli_write_output (NULL, out, &error))
    return cli_report (error);
  return CLI_EXIT_OK;
}
