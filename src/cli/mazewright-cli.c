/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright-cli"

#include "config.h"

#include <errno.h>
#include <locale.h>
#include <poll.h>
#include <stdio.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "cli-commands.h"
#include "cli-common.h"
#include "cli-output.h"

typedef struct
{
  const char   *name;
  int         (*run)  (int    argc,
                       char **argv);
  const char *(*help) (void);
} CliCommand;

static const CliCommand commands[] = {
  { "generate", cli_generate, cli_generate_help },
  { "solve", cli_solve, cli_solve_help },
  { "info", cli_info, cli_info_help },
  { "export", cli_export, cli_export_help },
  { "algorithms", cli_algorithms, cli_algorithms_help },
};

static void
print_usage (void)
{
  g_print ("%s",
           _("Usage: mazewright-cli COMMAND [OPTION…]\n"
             "\n"
             "Makes, solves, describes and exports mazes, without a display.\n"
             "FILE is a .maze document or a text maze (“-”: standard input).\n"
             "\n"
             "Commands:\n"
             "  generate          make a maze and write it as text or as .maze\n"
             "  solve FILE        solve a maze with one solver or all of them\n"
             "  info FILE         figures about a maze: dead ends, difficulty…\n"
             "  export FILE -o OUTPUT\n"
             "                    draw a maze as PNG, SVG, a PDF worksheet or text\n"
             "  algorithms        list the generation algorithms\n"
             "  help [COMMAND]    show this help, or a command’s\n"
             "\n"
             "Options:\n"
             "  -h, --help        show this help\n"
             "  --version         show the version\n"
             "\n"
             "“mazewright-cli COMMAND --help” lists a command’s options.\n"
             "Exit status: 0 done, 1 failed while working (e.g. writing, standard\n"
             "output included), 2 bad request: an unknown or repeated option, a value\n"
             "out of range or not a plain decimal number, an empty file name, a file\n"
             "that is not a maze, or a maze that cannot be done as asked.\n"));
}

static const CliCommand *
find_command (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (commands[i].name, name))
      return &commands[i];
  return NULL;
}

static int
report_usage (const char *message)
{
  cli_print_error (message);
  return CLI_EXIT_USAGE;
}

static int
run_help (int    argc,
          char **argv)
{
  const CliCommand *command;
  g_autofree char *message = NULL;

  if (argc < 3)
    {
      print_usage ();
      return CLI_EXIT_OK;
    }
  if (argc > 3)
    {
      message = g_strdup_printf (_("Unexpected argument “%s” for “help”"), argv[3]);
      return report_usage (message);
    }

  command = find_command (argv[2]);
  if (command == NULL)
    {
      message = g_strdup_printf (_("Unknown command “%s”: try “mazewright-cli --help”"), argv[2]);
      return report_usage (message);
    }
  g_print ("%s", command->help ());
  return CLI_EXIT_OK;
}

/* TRUE when standard output is a pipe whose reader has gone, as after
 * "mazewright-cli algorithms | head -1". */
static gboolean
reader_gone (void)
{
  struct pollfd fd = { STDOUT_FILENO, 0, 0 };

  return poll (&fd, 1, 0) == 1 && (fd.revents & POLLERR) != 0;
}

/* Whatever went to standard output must have got there: a full disk
 * behind it (--help > /dev/full) is a failure, not exit 0, as in the GNU
 * tools. A reader that stopped reading (head) chose to: nothing is said,
 * as the SIGPIPE that GLib ignores would have said nothing. A command
 * that failed has said why already. */
static int
finish_output (int status)
{
  g_autofree char *message = NULL;
  g_autofree char *name = cli_output_display_name ("-");

  errno = 0;
  if ((fflush (stdout) == 0 && !ferror (stdout)) || status != CLI_EXIT_OK || reader_gone ())
    return status;
  /* g_print() flushes as it goes: the reason may be gone by now. */
  if (errno != 0)
    /* Translators: "standard output", then the system's reason */
    message = g_strdup_printf (_("Cannot write %s: %s"), name, g_strerror (errno));
  else
    /* Translators: "standard output" */
    message = g_strdup_printf (_("Cannot write %s"), name);
  cli_print_error (message);
  return CLI_EXIT_FAILURE;
}

static int
run (int    argc,
     char **argv)
{
  const CliCommand *command;
  g_autofree char *message = NULL;
  const char *name;
  const char *localedir = g_getenv ("MAZEWRIGHT_LOCALEDIR");

  setlocale (LC_ALL, "");
  /* Uninstalled runs (build-aux/dev) find the build tree's catalogs. */
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname (CLI_PROGRAM_NAME);

  if (argc < 2)
    return report_usage (_("No command given: try “mazewright-cli --help”"));

  name = argv[1];
  if (g_str_equal (name, "help") || g_str_equal (name, "--help") || g_str_equal (name, "-h"))
    return run_help (argc, argv);
  if (g_str_equal (name, "--version"))
    {
      g_print ("%s %s\n", CLI_PROGRAM_NAME, PACKAGE_VERSION);
      return CLI_EXIT_OK;
    }

  command = find_command (name);
  if (command == NULL)
    {
      if (name[0] == '-')
        message = g_strdup_printf (_("Unknown option “%s”: try “mazewright-cli --help”"), name);
      else
        message = g_strdup_printf (_("Unknown command “%s”: try “mazewright-cli --help”"), name);
      return report_usage (message);
    }

  return command->run (argc - 1, argv + 1);
}

int
main (int    argc,
      char **argv)
{
  return finish_output (run (argc, argv));
}
