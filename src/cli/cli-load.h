/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "cli-common.h"

G_BEGIN_DECLS

/* A maze read from the command line. */
typedef struct
{
  MazePuzzle *puzzle;
  gboolean    is_text; /* a text maze rather than a .maze file */
  guint       n_doors; /* text: the doors found; start and end are the
                          first and the last, or MAZE_NO_CELL when fewer
                          than two */
} CliInput;

void      cli_input_clear        (CliInput        *input);

/* Reads a maze from path ("-": standard input): a .maze document or a
 * text maze, told apart by the content (maze_puzzle_file_sniff), never by
 * the name. Any problem with the file (unreadable, malformed) is bad
 * input: CLI_ERROR_USAGE, naming the file and what is wrong (for text,
 * the line and column). */
gboolean  cli_load_input         (const char      *path,
                                  CliInput        *input,
                                  GError         **error);

/* The one maze file a command reads (solve, info, export): exactly one
 * positional argument, else a usage error naming command. */
const char *cli_single_input     (const char      *command,
                                  GPtrArray       *positional,
                                  GError         **error);
/* Parses --from and --to (either text may be NULL) and checks they come
 * as a pair, before anything is read. */
gboolean  cli_parse_endpoints    (const char      *from_text,
                                  const char      *to_text,
                                  CliPoint        *from,
                                  CliPoint        *to,
                                  GError         **error);
/* Start and end: --from/--to when given (from and to may be NULL), else
 * those of the document (a .maze file's own, a text maze's doors). */
/* A maze whose end cannot be reached from its start is refused by every
 * command that reads it (MAZE_ERROR_UNREACHABLE, a bad request). */
gboolean  cli_check_way_through  (const CliInput  *input,
                                  guint32          start,
                                  guint32          end,
                                  GError         **error);
gboolean  cli_resolve_endpoints  (const CliInput  *input,
                                  const CliPoint  *from,
                                  const CliPoint  *to,
                                  guint32         *start,
                                  guint32         *end,
                                  GError         **error);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliInput, cli_input_clear)

G_END_DECLS
