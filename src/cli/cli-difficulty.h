/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "maze-core.h"

G_BEGIN_DECLS

/* --difficulty as typed: a level (its band and recipe), a band of
 * scores MIN-MAX, or (export --batch) levels rising FROM..TO over a
 * pack (maze-pack.h). */
typedef struct
{
  MazeLevel from;       /* 0: a band of scores, no recipe */
  MazeLevel to;         /* == from but for rising levels */
  guint32   min_score;  /* the band, for a band of scores */
  guint32   max_score;
} CliDifficulty;

/* FALSE with a CLI_ERROR_USAGE message naming option and text. */
gboolean  cli_difficulty_parse    (const char           *text,
                                   const char           *option,
                                   gboolean              rising,
                                   CliDifficulty        *difficulty,
                                   GError              **error);
G_END_DECLS
