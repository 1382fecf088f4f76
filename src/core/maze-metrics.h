/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-grid.h"

G_BEGIN_DECLS

/* Figures describing a maze between a start and an end. The solution is
 * the cheapest route (Dijkstra's with mud, else the BFS path); the
 * difficulty score and its level come from maze-difficulty.h, which says
 * how they are measured. */
typedef struct
{
  guint32 open_cells;
  guint32 dead_ends;          /* open cells with exactly one passage */
  guint32 dead_end_permille;  /* dead_ends * 1000 / open_cells, rounded */
  guint32 junctions;          /* open cells with three or more passages */
  guint32 solution_length;    /* cells on the solution, both ends */
  guint32 solution_permille;  /* solution_length * 1000 / open_cells, rounded */
  guint32 turns;              /* direction changes along the solution */
  guint32 decisions;          /* solution cells with a way off it, the end aside */
  guint32 deepest_branch;     /* the farthest a wrong turn leads, in steps */
  guint32 longest_path;       /* cells on the longest path found */
  guint64 work;               /* the difficulty's estimate of cells traced */
  guint32 difficulty;         /* 0..100, see maze-difficulty.h */
  guint32 level;              /* 1..5: the score's band ("3 of 5") */
  gboolean perfect;           /* a spanning tree (no loops, connected) */
} MazeMetrics;

gboolean maze_metrics_compute (const MazeGrid  *grid,
                               guint32          start,
                               guint32          end,
                               MazeMetrics     *metrics,
                               GError         **error);

G_END_DECLS
