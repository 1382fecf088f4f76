/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "cli-common.h"
#include "cli-difficulty.h"
#include "cli-output.h"
#include "maze-outline.h"
#include "maze-export-request.h"

G_BEGIN_DECLS

/* The command lines of "generate" and "export", read and checked: all a
 * command does before it reads a file, generates a maze or writes
 * anything. Kept apart from running the commands so that the fuzz target
 * fuzz-cli-args can feed them any argv. Each returns FALSE with a
 * CLI_ERROR_USAGE error for a bad command line; with --help it returns
 * TRUE at once, args->help set and req not filled in. Strings in args
 * and req are borrowed from argv (argv[0] is the command's name). */

/* ---- generate ---- */

/* generate's options as typed. */
typedef struct
{
  const char *shape;
  const char *width;
  const char *height;
  const char *rings;
  const char *first;
  const char *centre;
  const char *algorithm;
  const char *selection;
  const char *seed;
  const char *braid;
  const char *start;
  const char *end;
  const char *endpoints;
  const char *difficulty;
  const char *outline;
  const char *outline_text;
  const char *font;
  const char *outline_image;
  const char *threshold;
  const char *output;
  const char *format;
  const char *title;
  gboolean    unicode;
  gboolean    help;
} CliGenerateArgs;

/* Which outline shapes the maze: --outline, --outline-text or
 * --outline-image. */
typedef enum
{
  CLI_OUTLINE_NONE,
  CLI_OUTLINE_PRESET,
  CLI_OUTLINE_TEXT,
  CLI_OUTLINE_IMAGE,
} CliOutlineKind;

/* generate's options once checked. */
typedef struct
{
  MazeShape            shape;
  guint                width;
  guint                height;
  gboolean             centre;       /* circular: a centre cell, not the room */
  MazeGenerateOptions  options;
  gboolean             random_seed;
  guint32              braid;
  CliPoint             start;
  CliPoint             end;
  MazeEndpointsPreset  endpoints;
  CliOutlineKind       outline_kind;
  MazeOutline          outline;      /* PRESET */
  const char          *outline_text; /* TEXT */
  const char          *font;         /* TEXT: never NULL */
  const char          *outline_image;/* IMAGE: read when the maze is made */
  guint                threshold;    /* IMAGE */
  gboolean             to_order;     /* --difficulty: a score band */
  guint32              min_score;
  guint32              max_score;
  CliFormat            format;
  const char          *output;
} CliGenerateRequest;

gboolean cli_generate_parse (int                  argc,
                             char               **argv,
                             CliGenerateArgs     *args,
                             CliGenerateRequest  *req,
                             GError             **error);

/* ---- export ---- */

/* export's options as typed. */
typedef struct
{
  const char *output;
  const char *format;
  const char *from;
  const char *to;
  const char *title;
  const char *cell_size;
  const char *width;
  const char *dpi;
  const char *wall_width;
  const char *solution_style;
  const char *wall_color;
  const char *background_color;
  const char *solution_color;
  const char *paper;
  const char *margin;
  const char *instructions;
  const char *batch;
  const char *per_page;
  const char *difficulty;
  const char *keys;
  const char *start_label;
  const char *finish_label;
  gboolean    show_difficulty;
  gboolean    double_sided;
  gboolean    solution;
  gboolean    monochrome;
  gboolean    transparent;
  gboolean    no_markers;
  gboolean    no_doors;
  gboolean    landscape;
  gboolean    portrait;
  gboolean    no_name_line;
  gboolean    no_labels;
  gboolean    answer_key;
  gboolean    poster;
  gboolean    verbose;
  gboolean    help;
} CliExportArgs;

/* export's options once checked: the export request
 * (maze-export-request.h), and what only the CLI has. */
typedef struct
{
  CliFormat              format;
  const char            *input;
  const char            *output;
  CliPoint               from;
  CliPoint               to;
  guint                  batch;
  gboolean               to_order;   /* --difficulty */
  CliDifficulty          difficulty;
  MazeExportRequest      export;   /* unused for CLI_FORMAT_MAZE */
} CliExportRequest;

/* Frees what the request owns (its title, its instructions): after
 * cli_export_parse(), whatever it returned. */
void     cli_export_request_clear (CliExportRequest  *req);

gboolean cli_export_parse   (int                  argc,
                             char               **argv,
                             CliExportArgs       *args,
                             CliExportRequest    *req,
                             GError             **error);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliExportRequest, cli_export_request_clear)

G_END_DECLS
