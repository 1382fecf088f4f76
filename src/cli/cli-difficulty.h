/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "maze-core.h"

G_BEGIN_DECLS

/* --difficulty as typed: a level (its band and recipe), a band of
 * scores MIN-MAX, or (export --batch) levels rising FROM..TO over a
 * pack. */
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
/* The level of puzzle index of n: from..to spread evenly, rising (0
 * for a band of scores). */
MazeLevel cli_difficulty_level_at (const CliDifficulty  *difficulty,
                                   guint                 index,
                                   guint                 n);

G_END_DECLS
