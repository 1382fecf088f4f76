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
           "Describes a maze (FILE, or “-” for standard input: a .maze file or a\n"
           "text maze) between its start and end: size, dead ends, junctions,\n"
           "solution length, turns, decision points, longest path, a difficulty\n"
           "score from 0 to 100 with its level from 1 (very easy) to 5 (expert),\n"
           "the puzzle ID printed on worksheets and, for a .maze file, how it was\n"
           "made. A text maze goes from its first door to its last.\n"
           "\n"
           "  --from X,Y                 start here instead (0-based column and row)\n"
           "  --to X,Y                   end here instead\n"
           "  --json                     print JSON instead of text\n"
           "  -o, --output FILE          write to FILE (default, or “-”: standard output)\n");
}

static void
append_json (GString           *out,
             const MazePuzzle  *puzzle,
             guint32            start,
             guint32            end,
             const MazeMetrics *m)
{
  const MazeGrid *grid = puzzle->grid;
  g_autofree char *id = maze_puzzle_get_id (puzzle);
  guint sx, sy, ex, ey;

  maze_grid_xy (grid, start, &sx, &sy);
  maze_grid_xy (grid, end, &ex, &ey);
  g_string_append (out, "{\"shape\":");
  maze_json_append_string (out, maze_shape_to_string (grid->shape));
  g_string_append_printf (out,
                          ",\"width\":%u,\"height\":%u"
                          ",\"start\":[%u,%u],\"end\":[%u,%u]"
                          ",\"open_cells\":%u,\"dead_ends\":%u,\"dead_end_permille\":%u"
                          ",\"junctions\":%u,\"solution_length\":%u,\"solution_permille\":%u"
                          ",\"turns\":%u,\"decisions\":%u,\"deepest_branch\":%u"
                          ",\"longest_path\":%u,\"work\":%" G_GUINT64_FORMAT
                          ",\"difficulty\":%u,\"level\":%u,\"perfect\":%s",
                          grid->width, grid->height, sx, sy, ex, ey,
                          m->open_cells, m->dead_ends, m->dead_end_permille,
                          m->junctions, m->solution_length, m->solution_permille,
                          m->turns, m->decisions, m->deepest_branch, m->longest_path, m->work,
                          m->difficulty, m->level, m->perfect ? "true" : "false");
  if (grid->polar != NULL)
    g_string_append_printf (out, ",\"centre\":\"%s\"", grid->polar->centre ? "cell" : "room");
  g_string_append (out, ",\"id\":");
  maze_json_append_string (out, id);
  if (puzzle->title != NULL)
    {
      g_string_append (out, ",\"title\":");
      maze_json_append_string (out, puzzle->title);
    }
  if (puzzle->has_parameters)
    {
      g_string_append (out, ",\"algorithm\":");
      maze_json_append_string (out, maze_algorithm_get_info (puzzle->algorithm)->name);
      /* A string, as in the .maze file: JSON numbers lose 64-bit precision. */
      g_string_append_printf (out, ",\"seed\":\"%" G_GUINT64_FORMAT "\",\"braid\":",
                              puzzle->seed);
      cli_json_append_double (out, (double) puzzle->braid / MAZE_BRAID_ONE);
      g_string_append_printf (out, ",\"edits\":%u", puzzle->history->len);
    }
  g_string_append (out, "}\n");
}

static void
append_text (GString           *out,
             const MazePuzzle  *puzzle,
             guint32            start,
             guint32            end,
             const MazeMetrics *m)
{
  const MazeGrid *grid = puzzle->grid;
  g_autofree char *id = maze_puzzle_get_id (puzzle);
  guint sx, sy, ex, ey;

  maze_grid_xy (grid, start, &sx, &sy);
  maze_grid_xy (grid, end, &ex, &ey);
  if (puzzle->title != NULL)
    g_string_append_printf (out, _("Title: %s\n"), puzzle->title);
  if (grid->polar != NULL && grid->polar->centre && grid->height == 1)
    g_string_append (out, _("Maze: circular, a centre cell alone, 1 open cell\n"));
  else if (grid->polar != NULL && grid->polar->centre)
    g_string_append_printf (out,
                            g_dngettext (GETTEXT_PACKAGE,
                                         /* Translators: rings (the centre cell is ring 0),
                                          * the cells of the first and outer rings, then
                                          * the number of open cells */
                                         "Maze: circular, %u rings (a centre cell, then %u to %u cells), %u open cell\n",
                                         "Maze: circular, %u rings (a centre cell, then %u to %u cells), %u open cells\n",
                                         m->open_cells),
                            grid->height, grid->polar->first, grid->width, m->open_cells);
  else if (grid->polar != NULL)
    g_string_append_printf (out,
                            g_dngettext (GETTEXT_PACKAGE,
                                         /* Translators: rings, the cells of the innermost
                                          * and outer rings, then the number of open cells */
                                         "Maze: circular, %u rings of %u to %u cells, %u open cell\n",
                                         "Maze: circular, %u rings of %u to %u cells, %u open cells\n",
                                         m->open_cells),
                            grid->height, maze_grid_row_length (grid, 0), grid->width,
                            m->open_cells);
  else
    g_string_append_printf (out,
                            grid->shape == MAZE_SHAPE_HEX
                            ? g_dngettext (GETTEXT_PACKAGE,
                                           /* Translators: columns × rows, then the number of open cells */
                                           "Maze: %u×%u hexagonal, %u open cell\n",
                                           "Maze: %u×%u hexagonal, %u open cells\n",
                                           m->open_cells)
                            : grid->shape == MAZE_SHAPE_TRI
                            ? g_dngettext (GETTEXT_PACKAGE,
                                           /* Translators: columns × rows, then the number of open cells */
                                           "Maze: %u×%u triangular, %u open cell\n",
                                           "Maze: %u×%u triangular, %u open cells\n",
                                           m->open_cells)
                            : g_dngettext (GETTEXT_PACKAGE,
                                           /* Translators: columns × rows, then the number of open cells */
                                           "Maze: %u×%u rectangular, %u open cell\n",
                                           "Maze: %u×%u rectangular, %u open cells\n",
                                           m->open_cells),
                            grid->width, grid->height, m->open_cells);
  if (puzzle->has_parameters)
    {
      /* Formatted apart: xgettext cannot see through G_GUINT64_FORMAT. */
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, puzzle->seed);

      g_string_append_printf (out, _("Made with: %s, seed %s\n"),
                              maze_algorithm_get_info (puzzle->algorithm)->name, seed);
    }
  g_string_append_printf (out, _("Puzzle ID: %s\n"), id);
  g_string_append_printf (out, _("Start: %u,%u\n"), sx, sy);
  g_string_append_printf (out, _("End: %u,%u\n"), ex, ey);
  /* Per-mille figures shown as percentages with one decimal. */
  {
    g_autofree char *cells = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u cell", "%u cells",
                                                           m->solution_length),
                                              m->solution_length);
    g_autofree char *turns = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u turn", "%u turns",
                                                           m->turns),
                                              m->turns);

    /* Translators: "N cells", the share of the open cells with one
     * decimal, "N turns" */
    g_string_append_printf (out, _("Solution: %s (%u.%u%% of the open cells), %s\n"),
                            cells, m->solution_permille / 10, m->solution_permille % 10, turns);
  }
  g_string_append_printf (out, _("Dead ends: %u (%u.%u%% of the open cells)\n"),
                          m->dead_ends, m->dead_end_permille / 10, m->dead_end_permille % 10);
  g_string_append_printf (out, _("Junctions: %u\n"), m->junctions);
  g_string_append_printf (out, _("Decision points on the solution: %u\n"), m->decisions);
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                            "Deepest wrong turn: %u step off the solution\n",
                                            "Deepest wrong turn: %u steps off the solution\n",
                                            m->deepest_branch),
                          m->deepest_branch);
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "Longest path: %u cell\n",
                                            "Longest path: %u cells\n", m->longest_path),
                          m->longest_path);
  g_string_append_printf (out, "%s\n",
                          m->perfect ? _("Perfect: yes, exactly one path between any two cells")
                                     : _("Perfect: no, it has loops or separate parts"));
  /* Translators: the score, the level (1 to 5) and its name, e.g.
   * "Difficulty: 62 of 100, level 4 of 5 (Hard)" */
  g_string_append_printf (out, _("Difficulty: %u of 100, level %u of 5 (%s)\n"), m->difficulty,
                          m->level, maze_level_get_title ((MazeLevel) m->level));
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
    { "output", 'o', CLI_OPTION_FILE, &output },
    { "help", 'h', CLI_OPTION_FLAG, &help },
  };
  g_autoptr(GPtrArray) positional = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *input_path;
  g_auto(CliInput) input = { NULL };
  const MazeGrid *grid;
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

  input_path = cli_single_input ("info", positional, &error);
  if (input_path == NULL)
    return cli_report (error);

  if (!cli_parse_endpoints (from_text, to_text, &from, &to, &error))
    return cli_report (error);

  if (!cli_load_input (input_path, &input, &error) ||
      !cli_resolve_endpoints (&input, &from, &to, &start, &end, &error))
    return cli_report (error);
  grid = input.puzzle->grid;
  if (!maze_metrics_compute (grid, start, end, &metrics, &error))
    {
      /* No way from start to end: the input's fault, as for export. */
      if (g_error_matches (error, MAZE_ERROR, MAZE_ERROR_UNREACHABLE))
        cli_error_to_usage (&error);
      return cli_report (error);
    }

  out = g_string_new (NULL);
  if (json)
    append_json (out, input.puzzle, start, end, &metrics);
  else
    append_text (out, input.puzzle, start, end, &metrics);

  if (!cli_write_output (output, out, &error))
    return cli_report (error);
  return CLI_EXIT_OK;
}
