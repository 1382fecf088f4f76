/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-core.h"
#include "maze-export.h"
#include "maze-render.h"

G_BEGIN_DECLS

/* Exit codes: scripts tell a bad request from a failure while working. */
typedef enum
{
  CLI_EXIT_OK = 0,
  CLI_EXIT_FAILURE = 1, /* I/O error, out of memory, a core failure */
  CLI_EXIT_USAGE = 2,   /* bad command line or bad input file */
} CliExit;

#define CLI_ERROR (cli_error_quark ())

/* The code is the exit status the error leads to. */
typedef enum
{
  CLI_ERROR_FAILURE = CLI_EXIT_FAILURE,
  CLI_ERROR_USAGE = CLI_EXIT_USAGE,
} CliError;

#define CLI_PROGRAM_NAME "mazewright-cli"

GQuark   cli_error_quark      (void);

/* Prints "mazewright-cli: message" as exactly one line on stderr. */
void     cli_print_error      (const char    *message);
/* Reports error and gives the exit status it stands for: CLI_ERROR codes
 * map to themselves, anything else is a failure (exit 1). */
int      cli_report           (const GError  *error);
/* Re-tags error as bad input (exit 2), keeping its message. */
void     cli_error_to_usage   (GError       **error);
/* The file name at path for a message, in the quotation marks of the
 * user's language. Free with g_free(). */
char    *cli_quote_file_name  (const char    *path);

gboolean cli_check_text       (const char    *text,
                               const char    *option,
                               GError       **error);
gboolean cli_check_title      (const char    *title,
                               GError       **error);
gboolean cli_parse_uint64     (const char    *text,
                               const char    *option,
                               guint64       *value,
                               GError       **error);
gboolean cli_parse_side       (const char    *text,
                               const char    *option,
                               guint64       *value,
                               GError       **error);
gboolean cli_parse_fraction   (const char    *text,
                               const char    *option,
                               double        *value,
                               GError       **error);

/* A whole number from min to max; the message gives the range. */
gboolean cli_parse_uint_range (const char    *text,
                               const char    *option,
                               guint64        min,
                               guint64        max,
                               guint64       *value,
                               GError       **error);
/* A decimal number ("0.5", "12"; no sign, no exponent) from min to max. */
gboolean cli_parse_decimal    (const char    *text,
                               const char    *option,
                               double         min,
                               double         max,
                               double        *value,
                               GError       **error);
/* A colour as "#RRGGBB" (hex digits, either case); opaque. */
gboolean cli_parse_color      (const char    *text,
                               const char    *option,
                               MazeColor     *color,
                               GError       **error);

/* A length with its unit: "180mm", "18cm", "7in", "1200px" (cm comes
 * back as mm). Bounded by the export request's image width limits. */
typedef struct
{
  double   value;
  MazeUnit unit;
} CliLength;

gboolean cli_parse_length     (const char    *text,
                               const char    *option,
                               CliLength     *length,
                               GError       **error);

/* A cell given on the command line as "X,Y" (0-based, X the column). */
typedef struct
{
  const char *text; /* as given, for messages; NULL when not given */
  guint64     x;
  guint64     y;
} CliPoint;

gboolean cli_parse_point      (const char    *text,
                               const char    *option,
                               CliPoint      *point,
                               GError       **error);
/* Checks that point lies inside a width x height maze. */
gboolean cli_point_check_size (const CliPoint *point,
                               const char     *option,
                               guint           width,
                               guint           height,
                               GError        **error);
/* Checks that point lies inside rings of a circular maze around a
 * first ring of first cells (and a centre cell with centre). */
gboolean cli_point_check_rings (const CliPoint *point,
                                const char     *option,
                                guint           first,
                                guint           rings,
                                gboolean        centre,
                                GError        **error);
/* Checks that point is an open cell of grid and gives its index. */
gboolean cli_point_to_cell    (const CliPoint *point,
                               const char     *option,
                               const MazeGrid *grid,
                               guint32        *cell,
                               GError        **error);

G_END_DECLS
