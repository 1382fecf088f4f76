/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright-cli"

#include "config.h"

#include "cli-commands.h"

#include <glib/gi18n.h>

#include "cli-common.h"
#include "cli-load.h"
#include "cli-options.h"
#include "cli-output.h"

typedef struct
{
  MazeSolverKind  solver;
  MazeSolution   *solution; /* NULL when the solver failed */
  GError         *error;
  double          time_ms;
} SolveResult;

static void
solve_result_clear (gpointer data)
{
  SolveResult *result = data;

  g_clear_pointer (&result->solution, maze_solution_free);
  g_clear_error (&result->error);
}

const char *
cli_solve_help (void)
{
  return _("Usage: mazewright-cli solve FILE [OPTION…]\n"
           "\n"
           "Solves a maze (FILE, or “-” for standard input: a .maze file or a\n"
           "text maze) from its start to its end and prints for each solver the\n"
           "path length (cells on the path, both ends included), the cells it\n"
           "explored and the time it took. A .maze file knows its start and end;\n"
           "a text maze goes from its first door to its last, in reading order.\n"
           "\n"
           "  --solver NAME|all          backtracking, dijkstra, bfs, astar,\n"
           "                             wall-follower, or all (default: all)\n"
           "  --from X,Y                 start here instead (0-based column and row)\n"
           "  --to X,Y                   end here instead\n"
           "  --json                     print JSON instead of text\n"
           "  -o, --output FILE          write to FILE (default, or “-”: standard output)\n");
}

static void
run_solver (const MazeGrid *grid,
            guint32         start,
            guint32         end,
            SolveResult    *result)
{
  gint64 before = g_get_monotonic_time ();

  result->solution = maze_solve (grid, result->solver, start, end, NULL, &result->error);
  result->time_ms = (double) (g_get_monotonic_time () - before) / 1000.0;
}

static void
append_json (GString        *out,
             const MazeGrid *grid,
             GArray         *results)
{
  g_string_append (out, "{\"solvers\":[");
  for (guint i = 0; i < results->len; i++)
    {
      const SolveResult *r = &g_array_index (results, SolveResult, i);
      const MazeSolution *s = r->solution;

      if (i > 0)
        g_string_append_c (out, ',');
      g_string_append (out, "{\"solver\":");
      maze_json_append_string (out, maze_solver_to_string (r->solver));
      g_string_append_printf (out, ",\"length\":%u,\"explored\":%" G_GUINT64_FORMAT
                              ",\"cost\":%" G_GUINT64_FORMAT ",\"time_ms\":",
                              s != NULL ? s->path_len : 0,
                              s != NULL ? s->explored : 0,
                              s != NULL ? s->cost : 0);
      cli_json_append_double (out, r->time_ms);
      g_string_append (out, ",\"path\":[");
      for (guint32 k = 0; s != NULL && k < s->path_len; k++)
        {
          guint x, y;

          maze_grid_xy (grid, s->path[k], &x, &y);
          g_string_append_printf (out, "%s[%u,%u]", k > 0 ? "," : "", x, y);
        }
      g_string_append_c (out, ']');
      /* A solver that did not get there says why, and has an empty path. */
      if (r->error != NULL)
        {
          g_string_append (out, ",\"error\":");
          maze_json_append_string (out, r->error->message);
        }
      g_string_append_c (out, '}');
    }
  g_string_append (out, "]}\n");
}

static void
append_text (GString        *out,
             const MazeGrid *grid,
             guint32         start,
             guint32         end,
             GArray         *results)
{
  guint sx, sy, ex, ey;

  maze_grid_xy (grid, start, &sx, &sy);
  maze_grid_xy (grid, end, &ex, &ey);
  if (grid->polar != NULL)
    g_string_append_printf (out,
                            /* Translators: the start's cell,ring, the end's, then the rings */
                            g_dngettext (GETTEXT_PACKAGE,
                                         "From %u,%u to %u,%u in a circular maze of %u ring\n",
                                         "From %u,%u to %u,%u in a circular maze of %u rings\n",
                                         grid->height),
                            sx, sy, ex, ey, grid->height);
  else
    g_string_append_printf (out,
                            grid->shape == MAZE_SHAPE_HEX
                            /* Translators: the start's column,row, the end's, then the
                             * maze's columns × rows */
                            ? _("From %u,%u to %u,%u in a %u×%u hexagonal maze\n")
                            : grid->shape == MAZE_SHAPE_TRI
                            /* Translators: the start's column,row, the end's, then the
                             * maze's columns × rows */
                            ? _("From %u,%u to %u,%u in a %u×%u triangular maze\n")
                            /* Translators: the start's column,row, the end's, then the
                             * maze's columns × rows */
                            : _("From %u,%u to %u,%u in a %u×%u rectangular maze\n"),
                            sx, sy, ex, ey, grid->width, grid->height);

  for (guint i = 0; i < results->len; i++)
    {
      const SolveResult *r = &g_array_index (results, SolveResult, i);
      const char *name = maze_solver_to_string (r->solver);

      if (r->solution != NULL)
        {
          /* Formatted apart: xgettext cannot see through G_GUINT64_FORMAT. */
          g_autofree char *explored_count = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                                             r->solution->explored);
          g_autofree char *cost = g_strdup_printf ("%" G_GUINT64_FORMAT, r->solution->cost);
          g_autofree char *path = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "path of %u cell",
                                                                "path of %u cells",
                                                                r->solution->path_len),
                                                   r->solution->path_len);
          /* The count is formatted above (a guint64); the plural is
           * chosen by its value. */
          g_autofree char *explored = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s cell explored",
                                                                    "%s cells explored",
                                                                    (gulong) MIN (r->solution->explored,
                                                                                  G_MAXULONG)),
                                                       explored_count);

          /* Translators: solver name, "path of N cells", "N cells
           * explored", the path's cost, the time taken */
          g_string_append_printf (out, _("%s: %s, %s, cost %s, %.3f ms\n"),
                                  name, path, explored, cost, r->time_ms);
        }
      else
        g_string_append_printf (out, _("%s: no path: %s\n"), name, r->error->message);
    }
}

int
cli_solve (int    argc,
           char **argv)
{
  const char *solver_name = NULL;
  const char *from_text = NULL;
  const char *to_text = NULL;
  const char *output = NULL;
  gboolean json = FALSE;
  gboolean help = FALSE;
  const CliOption options[] = {
    { "solver", 0, CLI_OPTION_STRING, &solver_name },
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
  g_autoptr(GArray) results = NULL;
  g_autoptr(GString) out = NULL;
  CliPoint from = { NULL }, to = { NULL };
  MazeSolverKind only = MAZE_SOLVER_BFS;
  gboolean all = TRUE;
  guint32 start, end;
  const GError *failure = NULL;

  if (!cli_parse_options ("solve", argc, argv, options, G_N_ELEMENTS (options),
                          positional, &error))
    return cli_report (error);
  if (help)
    {
      g_print ("%s", cli_solve_help ());
      return CLI_EXIT_OK;
    }

  input_path = cli_single_input ("solve", positional, &error);
  if (input_path == NULL)
    return cli_report (error);

  if (solver_name != NULL && !g_str_equal (solver_name, "all"))
    {
      if (!maze_solver_from_string (solver_name, &only))
        {
          g_set_error (&error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("Unknown solver “%s”: use backtracking, dijkstra, bfs, astar, "
                         "wall-follower or all"), solver_name);
          return cli_report (error);
        }
      all = FALSE;
    }

  if (!cli_parse_endpoints (from_text, to_text, &from, &to, &error))
    return cli_report (error);

  if (!cli_load_input (input_path, &input, &error) ||
      !cli_resolve_endpoints (&input, &from, &to, &start, &end, &error) ||
      !cli_check_way_through (&input, start, end, &error))
    return cli_report (error);
  grid = input.puzzle->grid;

  results = g_array_new (FALSE, TRUE, sizeof (SolveResult));
  g_array_set_clear_func (results, solve_result_clear);
  for (guint k = 0; k < MAZE_N_SOLVERS; k++)
    {
      SolveResult result = { .solver = (MazeSolverKind) k };

      if (!all && (MazeSolverKind) k != only)
        continue;
      run_solver (grid, start, end, &result);
      g_array_append_val (results, result);
    }

  out = g_string_new (NULL);
  if (json)
    append_json (out, grid, results);
  else
    append_text (out, grid, start, end, results);

  if (!cli_write_output (output, out, &error))
    return cli_report (error);

  /* Not reaching the end is an answer (the wall follower on a braided
   * maze); anything else went wrong. */
  for (guint i = 0; i < results->len && failure == NULL; i++)
    {
      const GError *e = g_array_index (results, SolveResult, i).error;

      if (e != NULL && !g_error_matches (e, MAZE_ERROR, MAZE_ERROR_UNREACHABLE))
        failure = e;
    }
  if (failure != NULL)
    return cli_report (failure);

  return CLI_EXIT_OK;
}
