/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  CLI_OPTION_FLAG,   /* target is a gboolean * */
  CLI_OPTION_STRING, /* target is a const char **, borrowed from argv */
  CLI_OPTION_FILE,   /* the same, never empty: a file name, or "-" */
} CliOptionKind;

typedef struct
{
  const char    *long_name;  /* without the dashes: "seed" */
  char           short_name; /* 'o', or 0 */
  CliOptionKind  kind;
  gpointer       target;
} CliOption;

/* Parses the arguments of one subcommand (argv[0] is its name):
 * "--name value", "--name=value", "-o value", "-ovalue"; "--" ends the
 * options and "-" alone is a positional argument. Positional arguments
 * are appended to positional (borrowed from argv). An unknown option, a
 * missing value, an empty file name or an option given twice is a
 * CLI_ERROR_USAGE error: which of two values was meant cannot be told. */
gboolean cli_parse_options (const char       *command,
                            int               argc,
                            char            **argv,
                            const CliOption  *options,
                            guint             n_options,
                            GPtrArray        *positional,
                            GError          **error);

G_END_DECLS
