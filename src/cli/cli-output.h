/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-json-string.h"

#include "maze-puzzle.h"
#include "maze-text.h"

G_BEGIN_DECLS

/* What a command can write. */
typedef enum
{
  CLI_FORMAT_TEXT,    /* RosettaCode-style ASCII */
  CLI_FORMAT_UNICODE, /* the same with box-drawing characters */
  CLI_FORMAT_MAZE,    /* the .maze document */
  CLI_FORMAT_PNG,
  CLI_FORMAT_SVG,
  CLI_FORMAT_PDF,
} CliFormat;

#define CLI_N_FORMATS 6

const char *cli_format_to_string   (CliFormat    format);
gboolean    cli_format_from_string (const char  *name,
                                    CliFormat   *format);
/* The format a file name's extension asks for (case does not matter):
 * .txt, .maze, .png, .svg, .pdf. FALSE for anything else. */
gboolean    cli_format_from_path   (const char  *path,
                                    CliFormat   *format);

/* Writes text to path (NULL or "-": standard output) through
 * MazeAtomicFile: all of it or, on failure, nothing, the old file intact.
 * A failure is CLI_ERROR_FAILURE (exit 1). */
gboolean cli_write_output        (const char    *path,
                                  const GString *text,
                                  GError       **error);

/* Writes grid as text (streamed: a huge maze never sits in memory as a
 * string), with the same guarantees as cli_write_output(). */
gboolean cli_write_text_maze     (const char             *path,
                                  const MazeGrid         *grid,
                                  const MazeTextOptions  *options,
                                  GError                **error);
/* Writes puzzle as a .maze document, same guarantees. */
gboolean cli_write_puzzle        (const char             *path,
                                  const MazePuzzle       *puzzle,
                                  GError                **error);

/* "“maze.png”", or "standard output" for NULL or "-": for messages.
 * Free with g_free(). */
char    *cli_output_display_name (const char             *path);

/* JSON pieces, written by hand (strings with maze_json_append_string()). */
/* A number with three decimals, '.' whatever the locale. */
void     cli_json_append_double  (GString       *out,
                                  double         value);

G_END_DECLS
