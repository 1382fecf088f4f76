/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "cli-commands.h"
#include "maze-test-util.h"

/* mazewright-cli's commands run inside this process, one after another:
 * every command, every output format and the main options, good requests
 * and refused ones, through the same functions the program's main()
 * calls. test-cli and test-cli-export check what the program does; this
 * is for the valgrind test setup, which checks memory in one process,
 * instead of starting valgrind anew for each of the hundreds of runs
 * those two make (about a second each). Each case checks the exit status
 * and that a refused request printed one line. */

typedef MazeTestFixture Fixture;

typedef struct
{
  int         status;
  const char *args[24];
} Case;

static const Case cases[] = {
  /* generate: each algorithm, both shapes, each text format */
  { 0, { "generate", "--seed", "1", "--width", "7", "--height", "5", "-o", "rect.maze", NULL } },
  { 0, { "generate", "--seed", "2", "--shape", "hex", "--width", "6", "--height", "5",
         "--title", "Hex ✓", "-o", "hex.maze", NULL } },
  { 0, { "generate", "--seed", "3", "--algorithm", "prim", "-o", "prim.txt", NULL } },
  { 0, { "generate", "--seed", "4", "--algorithm", "simplified-prim", "--unicode", "-o", "u.txt", NULL } },
  { 0, { "generate", "--seed", "5", "--algorithm", "kruskal", "--braid", "0.5", "-o", "k.maze", NULL } },
  { 0, { "generate", "--seed", "6", "--algorithm", "wilson", "--shape", "hex", "-o", "w.txt", NULL } },
  { 0, { "generate", "--seed", "7", "--algorithm", "aldous-broder", "--format", "unicode",
         "--shape", "hex", "-o", "ab.txt", NULL } },
  { 0, { "generate", "--seed", "8", "--algorithm", "hunt-and-kill", "--endpoints", "farthest",
         "-o", "hk.maze", NULL } },
  { 0, { "generate", "--seed", "9", "--algorithm", "growing-tree", "--selection", "random",
         "-o", "gt.maze", NULL } },
  { 0, { "generate", "--seed", "10", "--algorithm", "eller", "--start", "0,1", "--end", "9,9",
         "-o", "e.txt", NULL } },
  { 0, { "generate", "--seed", "11", "--algorithm", "sidewinder", "--format", "maze", "-o", "s", NULL } },
  { 0, { "generate", "--seed", "12", "--algorithm", "binary-tree", "-o", "bt.txt", NULL } },
  { 0, { "generate", "--seed", "13", "--algorithm", "recursive-division", "-o", "rd.txt", NULL } },
  { 0, { "generate", "--width", "3", "--height", "2", "-o", "random-seed.txt", NULL } },
  { 0, { "generate", "--help", NULL } },
  { 2, { "generate", "--width", "65536", NULL } },
  { 2, { "generate", "--width", "65535", "--height", "65535", NULL } },
  { 2, { "generate", "--algorithm", "binary-tree", "--shape", "hex", NULL } },
  { 2, { "generate", "--unicode", "-o", "x.maze", NULL } },
  { 2, { "generate", "--start", "10,0", NULL } },
  { 2, { "generate", "--seed", "-1", NULL } },
  { 2, { "generate", "--nonsense", NULL } },
  { 2, { "generate", "extra", NULL } },
  { 1, { "generate", "-o", "no/such/folder/x.txt", NULL } },

  /* solve and info: each solver, both kinds of file */
  { 0, { "solve", "rect.maze", NULL } },
  { 0, { "solve", "rect.maze", "--solver", "backtracking", "--json", NULL } },
  { 0, { "solve", "hex.maze", "--solver", "dijkstra", "--json", "-o", "sol.json", NULL } },
  { 0, { "solve", "e.txt", "--solver", "bfs", NULL } },
  { 0, { "solve", "k.maze", "--solver", "astar", "--from", "0,0", "--to", "3,3", NULL } },
  { 0, { "solve", "rect.maze", "--solver", "wall-follower", "--json", NULL } },
  { 0, { "info", "hex.maze", NULL } },
  { 0, { "info", "k.maze", "--json", "-o", "info.json", NULL } },
  { 0, { "info", "e.txt", "--from", "0,1", "--to", "9,9", NULL } },
  { 0, { "algorithms", NULL } },
  { 0, { "algorithms", "--json", NULL } },
  { 2, { "solve", "rect.maze", "--solver", "teleport", NULL } },
  { 2, { "solve", "prim.txt", "--from", "99,0", "--to", "0,0", NULL } },
  { 2, { "info", "missing.maze", NULL } },
  { 2, { "info", "bad.maze", NULL } },
  { 2, { "solve", "bad.txt", NULL } },
  { 2, { "info", "nested.maze", NULL } },

  /* export: each format and the main options */
  { 0, { "export", "rect.maze", "-o", "r.png", NULL } },
  { 0, { "export", "hex.maze", "-o", "h.png", "--solution", "--solution-style", "dashed",
         "--cell-size", "12", "--dpi", "150", "--transparent", NULL } },
  { 0, { "export", "rect.maze", "-o", "r.svg", "--width", "80mm", "--wall-color", "#1a5fb4",
         "--solution", "--solution-style", "cells", NULL } },
  { 0, { "export", "hex.maze", "-o", "h.svg", "--width", "300px", "--monochrome", "--no-markers", NULL } },
  { 0, { "export", "k.maze", "-o", "k.pdf", "--paper", "letter", "--landscape", "--per-page", "2",
         "--batch", "3", "--answer-key", "--title", "Worksheet", "--instructions", "Go!",
         "--verbose", NULL } },
  { 0, { "export", "hex.maze", "-o", "h.pdf", "--no-name-line", "--no-labels", "--margin", "5", NULL } },
  { 0, { "export", "rect.maze", "-o", "r.txt", "--solution", NULL } },
  { 0, { "export", "e.txt", "--format", "unicode", "-o", "e-u.txt", "--no-doors", NULL } },
  { 0, { "export", "e.txt", "-o", "e.maze", "--title", "From text", NULL } },
  { 0, { "export", "w.txt", "-o", "w.png", "--solution", NULL } },
  { 2, { "export", "rect.maze", "-o", "r.pdf", "--dpi", "72", NULL } },
  { 2, { "export", "rect.maze", "-o", "r.png", "--cell-size", "2", "--width", "7in", NULL } },
  { 2, { "export", "rect.maze", "-o", "r.png", "--width", "0mm", NULL } },
  { 2, { "export", "rect.maze", "-o", "r.pdf", "--solution", NULL } },
  { 2, { "export", "rect.maze", "-o", "r.unknown", NULL } },
  { 2, { "export", "prim.txt", "-o", "p.pdf", "--batch", "2", NULL } },
  { 2, { "export", "bad.maze", "-o", "b.png", NULL } },
  { 1, { "export", "rect.maze", "-o", "no/such/folder/r.svg", NULL } },
};

typedef int (*CommandFunc) (int    argc,
                            char **argv);

static CommandFunc
find_command (const char *name)
{
  static const struct { const char *name; CommandFunc run; } commands[] = {
    { "generate", cli_generate },
    { "solve", cli_solve },
    { "info", cli_info },
    { "export", cli_export },
    { "algorithms", cli_algorithms },
  };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (commands[i].name, name))
      return commands[i].run;
  g_assert_not_reached ();
  return NULL;
}

/* Runs a command with its standard output and error going to files in
 * the fixture's folder; returns its exit status and, in err, its
 * standard error. */
static int
run_command (Fixture            *fixture,
             const char * const *args,
             char              **err)
{
  g_autofree char *out_path = maze_test_fixture_path (fixture, ".stdout");
  g_autofree char *err_path = maze_test_fixture_path (fixture, ".stderr");
  g_autofree char *cwd = g_get_current_dir ();
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  int saved_out, saved_err, out_fd, err_fd, status;

  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  fflush (stdout);
  fflush (stderr);
  saved_out = dup (STDOUT_FILENO);
  saved_err = dup (STDERR_FILENO);
  out_fd = g_open (out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  err_fd = g_open (err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  g_assert_cmpint (out_fd, >=, 0);
  g_assert_cmpint (err_fd, >=, 0);
  dup2 (out_fd, STDOUT_FILENO);
  dup2 (err_fd, STDERR_FILENO);
  close (out_fd);
  close (err_fd);
  g_assert_cmpint (g_chdir (fixture->dir), ==, 0);

  status = find_command (args[0]) ((int) argv->len - 1, (char **) argv->pdata);

  g_assert_cmpint (g_chdir (cwd), ==, 0);
  fflush (stdout);
  fflush (stderr);
  dup2 (saved_out, STDOUT_FILENO);
  dup2 (saved_err, STDERR_FILENO);
  close (saved_out);
  close (saved_err);

  g_assert_true (g_file_get_contents (err_path, err, NULL, NULL));
  g_unlink (out_path);
  g_unlink (err_path);
  return status;
}

static void
test_commands (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *nested = g_strnfill (200, '[');

  /* Bad input files for the refusals. */
  maze_test_write_file (fixture, "bad.maze", "{\"format\": \"mazewright\", \"version\": 1, "
                        "\"generator_version\": 1, \"shape\": \"rect\", \"width\": 65535, "
                        "\"height\": 32767, \"start\": [0, 0], \"end\": [1, 1], \"passages\": \"I54F\"}");
  maze_test_write_file (fixture, "bad.txt", "+---+---+\n| x     |\n+---+---+\n");
  maze_test_write_file (fixture, "nested.maze", nested);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const Case *c = &cases[i];
      g_autofree char *shown = g_strjoinv (" ", (char **) c->args);
      g_autofree char *err = NULL;
      int status;

      g_test_message ("mazewright-cli %s", shown);
      status = run_command (fixture, c->args, &err);
      if (status != c->status)
        g_error ("mazewright-cli %s: exit status %d, expected %d; stderr: %s",
                 shown, status, c->status, err);
      if (c->status != 0)
        maze_test_assert_one_line (err, NULL);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli-inprocess/commands", Fixture, NULL,
              maze_test_fixture_set_up, test_commands, maze_test_fixture_tear_down);

  return g_test_run ();
}
