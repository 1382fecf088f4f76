/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Each subcommand gets its own argv (argv[0] is the subcommand's name)
 * and returns the exit status; it has reported any error itself. */
int         cli_generate       (int    argc,
                                char **argv);
int         cli_solve          (int    argc,
                                char **argv);
int         cli_info           (int    argc,
                                char **argv);
int         cli_export         (int    argc,
                                char **argv);
int         cli_algorithms     (int    argc,
                                char **argv);

/* Translated usage text of each subcommand, for --help and "help NAME". */
const char *cli_generate_help  (void);
const char *cli_solve_help     (void);
const char *cli_info_help      (void);
const char *cli_export_help    (void);
const char *cli_algorithms_help (void);

G_END_DECLS
