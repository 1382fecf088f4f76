/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-grid.h"

G_BEGIN_DECLS

/* Figures describing a maze between a start and an end.
 *
 * The difficulty score (0..100) blends four things a solver feels, each
 * scaled to 0..1:
 *   r = solution_length / open_cells       (how much of the maze the path uses)
 *   d = dead_ends / open_cells * 3         (clamped to 1: how many traps)
 *   j = junctions / open_cells * 4         (clamped to 1: how many choices)
 *   t = turns / max(1, solution_length-2)  (how twisty the path is)
 *   size = log2(open_cells) / 20           (clamped to 1: how big it is)
 *   difficulty = 100 * (0.30 r + 0.20 d + 0.20 j + 0.10 t + 0.20 size)
 * computed in integers (per-mille) so it is the same everywhere. */
typedef struct
{
  guint32 open_cells;
  guint32 dead_ends;          /* open cells with exactly one passage */
  guint32 dead_end_permille;  /* dead_ends * 1000 / open_cells, rounded */
  guint32 junctions;          /* open cells with three or more passages */
  guint32 solution_length;    /* cells on the shortest path, both ends */
  guint32 solution_permille;  /* solution_length * 1000 / open_cells, rounded */
  guint32 turns;              /* direction changes along the solution */
  guint32 longest_path;       /* cells on the longest path found */
  guint32 difficulty;         /* 0..100, see above */
  gboolean perfect;           /* a spanning tree (no loops, connected) */
} MazeMetrics;

gboolean maze_metrics_compute (const MazeGrid  *grid,
                               guint32          start,
                               guint32          end,
                               MazeMetrics     *metrics,
                               GError         **error);

G_END_DECLS
