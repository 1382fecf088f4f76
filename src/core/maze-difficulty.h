/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-grid.h"
#include "maze-level.h"
#include "maze-solve.h"

G_BEGIN_DECLS

/* How hard a maze is for a person solving it on paper, from its solution
 * (the cheapest route from start to end). maze-difficulty.c explains the
 * measure, what it takes from the literature, and why.
 *
 * work is the effort in cells a solver spends: the solution walked (its
 * cost, so mud counts by its weight), each turn on it, and for every
 * region off the solution that a wrong turn leads into, how far from the
 * solution it can take you. The score is logarithmic in the work: ten
 * points per doubling, 0 up to 2^3.5 cells of work, 100 from 2^13.5, so a
 * level (20 points, see maze-level.h) is four times the work. */
typedef struct
{
  guint32 turns;          /* direction changes along the solution */
  guint32 decisions;      /* solution cells, the end aside, with a way off
                             the solution: the choices a solver meets */
  guint32 dead_ends;      /* regions off the solution with one way in */
  guint32 loops;          /* regions off the solution that lead back to it */
  guint32 deepest;        /* the farthest a wrong turn takes you, in steps */
  guint64 work;           /* see above */
  guint32 score;          /* 0..100 */
  MazeLevel level;        /* the score's band, see maze-level.h */
} MazeDifficulty;

/* The difficulty of grid with solution (a path from its start to its
 * end, along passages, through open cells). FALSE with error set only
 * when memory runs out. */
gboolean maze_difficulty_compute (const MazeGrid      *grid,
                                  const MazeSolution  *solution,
                                  MazeDifficulty      *difficulty,
                                  GError             **error);

G_END_DECLS
