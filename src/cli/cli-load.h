/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "cli-common.h"

G_BEGIN_DECLS

/* Reads a text maze from path ("-": standard input). Any problem with the
 * file (unreadable, malformed) is bad input: CLI_ERROR_USAGE, naming the
 * file and, for a parse error, the line and column. doors receives the
 * door cells in reading order (guint32). */
MazeGrid *cli_load_maze          (const char      *path,
                                  GArray         **doors,
                                  GError         **error);

/* --from and --to come as a pair: check that before reading anything. */
gboolean  cli_check_endpoints    (const CliPoint  *from,
                                  const CliPoint  *to,
                                  GError         **error);
/* Start and end: --from/--to when given, else the first and the last door
 * in reading order. */
gboolean  cli_resolve_endpoints  (const MazeGrid  *grid,
                                  const GArray    *doors,
                                  const CliPoint  *from,
                                  const CliPoint  *to,
                                  guint32         *start,
                                  guint32         *end,
                                  GError         **error);

G_END_DECLS
