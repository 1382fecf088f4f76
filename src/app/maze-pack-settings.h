/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "maze-core.h"
#include "maze-worksheet.h"

G_BEGIN_DECLS

/* Where a pack's answer keys go, as Export Pack's Keys row lists them. */
typedef enum
{
  MAZE_PACK_KEYS_NONE,
  MAZE_PACK_KEYS_BACK,
  MAZE_PACK_KEYS_SEPARATE,
} MazePackKeys;

/* What Export Pack remembers of the last pack made (the pack-* keys):
 * everything but the title, which is the maze's. */
typedef struct
{
  guint         count;
  guint         per_page;         /* 1, 2, 4 or 6 */
  MazeLevel     from;
  gboolean      rising;
  MazeLevel     to;
  gboolean      band;             /* min_score..max_score instead of levels */
  guint32       min_score;
  guint32       max_score;
  MazePaper     paper;
  double        margin_mm;
  gboolean      monochrome;
  MazePackKeys  keys;
  gboolean      double_sided;
  gboolean      name_line;
  gboolean      difficulty_line;
  char         *instructions;     /* "" for the usual line */
  char         *start_label;      /* "" for "Start" */
  char         *finish_label;
} MazePackChoices;

/* Values the schema does not allow (a per-page of 3) read as the
 * nearest allowed below. */
void maze_pack_choices_load  (MazePackChoices       *choices,
                              GSettings             *settings);
void maze_pack_choices_save  (const MazePackChoices *choices,
                              GSettings             *settings);
void maze_pack_choices_clear (MazePackChoices       *choices);

G_END_DECLS
