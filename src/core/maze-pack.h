/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-level.h"
#include "maze-puzzle.h"

G_BEGIN_DECLS

/* A pack of puzzles made to order (maze-order.h), as the CLI's `export
 * --batch --difficulty` and the window's Export Pack make them: every
 * puzzle by a level's recipe on the model's grid shape (on rings around
 * its room or centre cell), the levels rising evenly from `from` to `to`
 * over the pack; or (from 0) with the model's size (and centre),
 * algorithm and braid, scored min_score..max_score. Puzzle i + 1
 * starts from the seed after the one puzzle i used, so none repeats and
 * the same order makes the same pack. A model's mask is not kept. */
typedef struct
{
  const MazePuzzle *model;      /* shape, size, algorithm, braid, seed, title */
  MazeLevel         from;       /* 0: the band below */
  MazeLevel         to;         /* >= from */
  guint32           min_score;
  guint32           max_score;
  guint             n_puzzles;
  /* Level l's mazes at most max_side[l - 1] cells a side (rings, for
   * circular mazes), so that they fit their place on the page; 0: the
   * recipe's size. Set by maze_export_request_fit_pack() (io). */
  guint             max_side[MAZE_N_LEVELS];
  /* Told how many puzzles are made, after each; FALSE stops the pack
   * (MAZE_ERROR_CANCELLED). May be NULL. */
  gboolean        (*progress)   (guint done, guint n_puzzles, gpointer user_data);
  gpointer          progress_data;
  MazeStopFunc      stop;       /* asked within each maze; may be NULL */
  gpointer          stop_data;
} MazePackOrder;

/* The level of puzzle index of n_puzzles (0 for a band of scores). */
MazeLevel   maze_pack_level_at      (const MazePackOrder  *order,
                                     guint                 index);
/* One puzzle of the pack at level (0: the order's band), from seed. */
MazePuzzle *maze_pack_make_puzzle   (const MazePackOrder  *order,
                                     MazeLevel             level,
                                     guint64               seed,
                                     GError              **error);
/* The whole pack, of MazePuzzle (freed with the array); NULL with
 * error naming the puzzle ("Puzzle 3 of 10: ...") when one cannot be
 * made. */
GPtrArray  *maze_pack_make          (const MazePackOrder  *order,
                                     GError              **error);
/* Its first n_first puzzles only (a preview of the first page): the
 * same as the whole pack's. */
GPtrArray  *maze_pack_make_first    (const MazePackOrder  *order,
                                     guint                 n_first,
                                     GError              **error);

G_END_DECLS
