/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright-cli"

#include "config.h"

#include "cli-commands.h"

#include <glib/gi18n.h>

#include "cli-common.h"
#include "cli-load.h"
#include "cli-options.h"
#include "cli-output.h"

const char *
cli_info_help (void)
{
  return _("Usage: mazewright-cli info FILE [OPTION…]\n"
           "\n"
           "Describes a text maze (FILE, or “-” for standard input) between its\n"
           "first and last door: size, dead ends, junctions, solution length,\n"
           "turns, longest path and a difficulty score from 0 to 100.\n"
           "\n"
           "  --from X,Y                 start here instead of at the first door\n"
           "  --to X,Y                   end here instead of at the last door\n"
           "  --json                     print JSON instead of text\n"
           "  -o, --output FILE          write to FILE (default, or “-”: standard output)\n");
}

static void
append_json (GString           *out,
             const MazeGrid    *grid,
             guint32            start,
             guint32            end,
             const MazeMetrics *m)
{
  guint sx, sy, ex, ey;

  maze_grid_xy (grid, start, &sx, &sy);
  maze_grid_xy (grid, end, &ex, &ey);
  g_string_append (out, "{\"shape\":");
  cli_json_append_string (out, maze_shape_to_string (grid->shape));
  g_string_append_printf (out,
                          ",\"width\":%u,\"height\":%u"
                          ",\"start\":[%u,%u],\"end\":[%u,%u]"
                          ",\"open_cells\":%u,\"dead_ends\":%u,\"dead_end_permille\":%u"
                          ",\"junctions\":%u,\"solution_length\":%u,\"solution_permille\":%u"
                          ",\"turns\":%u,\"longest_path\":%u,\"difficulty\":%u,\"perfect\":%s}\n",
                          grid->width, grid->height, sx, sy, ex, ey,
                          m->open_cells, m->dead_ends, m->dead_end_permille,
                          m->junctions, m->solution_length, m->solution_permille,
                          m->turns, m->longest_path, m->difficulty,
                          m->perfect ? "true" : "false");
}

static void
append_text (GString           *out,
             const MazeGrid    *grid,
             guint32            start,
             guint32            end,
             const MazeMetrics *m)
{
  guint sx, sy, ex, ey;

  maze_grid_xy (grid, start, &sx, &sy);
  maze_grid_xy (grid, end, &ex, &ey);
  g_string_append_printf (out, _("Maze: %u×%u %s, %u open cells\n"),
                          grid->width, grid->height, maze_shape_to_string (grid->shape),
                          m->open_cells);
  g_string_append_printf (out, _("Start: %u,%u\n"), sx, sy);
  g_string_append_printf (out, _("End: %u,%u\n"), ex, ey);
  /* Per-mille figures shown as percentages with one decimal. */
  g_string_append_printf (out, _("Solution: %u cells (%u.%u%% of the open cells), %u turns\n"),
                          m->solution_length, m->solution_permille / 10,
                          m->solution_permille % 10, m->turns);
  g_string_append_printf (out, _("Dead ends: %u (%u.%u%% of the open cells)\n"),
                          m->dead_ends, m->dead_end_permille / 10, m->dead_end_permille % 10);
  g_string_append_printf (out, _("Junctions: %u\n"), m->junctions);
  g_string_append_printf (out, _("Longest path: %u cells\n"), m->longest_path);
  g_string_append_printf (out, "%s\n",
                          m->perfect ? _("Perfect: yes, exactly one path between any two cells")
                                     : _("Perfect: no, it has loops or separate parts"));
  g_string_append_printf (out, _("Difficulty: %u of 100\n"), m->difficulty);
}

int
cli_info (int    argc,
          char **argv)
{
  const char *from_text = NULL;
  const char *to_text = NULL;
  const char *output = NULL;
  gboolean json = FALSE;
  gboolean help = FALSE;
  const CliOption options[] = {
    { "from", 0, CLI_OPTION_STRING, &from_text },
    { "to", 0, CLI_OPTION_STRING, &to_text },
    { "json", 0, CLI_OPTION_FLAG, &json },
    { "output", 'o', CLI_OPTION_STRING, &output },
    { "help", 'h', CLI_OPTION_FLAG, &help },
  };
  g_autoptr(GPtrArray) positional = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = NULL;
  g_autoptr(GArray) doors = NULL;
  g_autoptr(GString) out = NULL;
  CliPoint from = { NULL }, to = { NULL };
  MazeMetrics metrics;
  guint32 start, end;

  if (!cli_parse_options ("info", argc, argv, options, G_N_ELEMENTS (options),
                          positional, &error))
    return cli_report (error);
  if (help)
    {
      g_print ("%s", cli_info_help ());
      return CLI_EXIT_OK;
    }

  if (positional->len == 0)
    {
      g_set_error (&error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("“info” needs a maze file, or “-” for standard input"));
      return cli_report (error);
    }
  if (positional->len > 1)
    {
      g_set_error (&error, CLI_ERROR, CLI_ERROR_USAGE, _("Unexpected argument “%s” for “info”"),
                   (const char *) g_ptr_array_index (positional, 1));
      return cli_report (error);
    }

  if ((from_text != NULL && !cli_parse_point (from_text, "--from", &from, &error)) ||
      (to_text != NULL && !cli_parse_point (to_text, "--to", &to, &error)) ||
      !cli_check_endpoints (&from, &to, &error))
    return cli_report (error);

  grid = cli_load_maze (g_ptr_array_index (positional, 0), &doors, &error);
  if (grid == NULL ||
      !cli_resolve_endpoints (grid, doors, &from, &to, &start, &end, &error) ||
      !maze_metrics_compute (grid, start, end, &metrics, &error))
    return cli_report (error);

  out = g_string_new (NULL);
  if (json)
    append_json (out, grid, start, end, &metrics);
  else
    append_text (out, grid, start, end, &metrics);

  if (!cli_write_output (output, out, &error))
    return cli_report (error);
  return CLI_EXIT_OK;
}
