/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-grid.h"
#include "maze-observer.h"
#include "maze-stop.h"

G_BEGIN_DECLS

typedef enum
{
  MAZE_SOLVER_BACKTRACKING,  /* recursive backtracking, as an iterative DFS */
  MAZE_SOLVER_DIJKSTRA,      /* cheapest path; honours per-cell weights */
  MAZE_SOLVER_BFS,           /* fewest cells, ignores weights */
  MAZE_SOLVER_ASTAR,         /* Dijkstra guided by a distance heuristic */
  MAZE_SOLVER_WALL_FOLLOWER, /* keeps its left hand on the wall */
} MazeSolverKind;

#define MAZE_N_SOLVERS 5

/* What a solver found.
 * - path: cell indices from start to end, both included (length path_len);
 * - cost: the sum of the weights of the cells entered after the start, so
 *   on an unweighted maze cost == path_len - 1;
 * - explored: how many distinct cells the solver examined (expanded or
 *   visited) before it stopped. */
typedef struct
{
  MazeSolverKind  solver;
  guint32        *path;
  guint32         path_len;
  guint64         cost;
  guint64         explored;
} MazeSolution;

/* One row of the solvers' table, beside the generators' one
 * (MazeAlgorithmInfo): what a solver is called and how it searches, so
 * views and narration ask the table instead of naming solvers.
 * - settles_by_distance: it settles cells in order of their distance
 *   from the start (MAZE_EVENT_SETTLE with the distance as value), so
 *   its overlay shows distances rather than the order of its visits;
 * - uses_weights: that distance is the sum of the cells' weights (else
 *   every step costs 1), so its path is the cheapest, not the fewest
 *   cells. */
typedef struct
{
  MazeSolverKind  solver;
  const char     *name;                /* command-line name, e.g. "wall-follower" */
  const char     *title;               /* translatable, e.g. "Wall follower" */
  gboolean        settles_by_distance;
  gboolean        uses_weights;
} MazeSolverInfo;

const MazeSolverInfo *maze_solver_get_info    (MazeSolverKind  solver);
const char           *maze_solver_to_string   (MazeSolverKind  solver);
gboolean              maze_solver_from_string (const char     *name,
                                               MazeSolverKind *solver);
const char           *maze_solver_get_title   (MazeSolverKind  solver);

/* The solver whose path is a puzzle's answer wherever one is shown
 * (answer keys, exported solutions, metrics): the cheapest way, which
 * on a maze with mud (weights) is Dijkstra's, not the fewest cells. */
MazeSolverKind        maze_solver_for_answer  (const MazeGrid *grid);

/* Finds a path from start to end (cell indices of open cells). Returns
 * NULL with MAZE_ERROR_UNREACHABLE when there is none (or, for the wall
 * follower, when following the wall never gets there), or
 * MAZE_ERROR_INVALID_ARGUMENT for a start or end off the maze. */
MazeSolution *maze_solve               (const MazeGrid      *grid,
                                        MazeSolverKind       solver,
                                        guint32              start,
                                        guint32              end,
                                        const MazeObserver  *observer,
                                        GError             **error);
/* maze_solve() that asks stop (may be NULL) every MAZE_STOP_INTERVAL
 * steps of the search, on the calling thread; when it says stop, NULL
 * with MAZE_ERROR_CANCELLED. */
MazeSolution *maze_solve_full          (const MazeGrid      *grid,
                                        MazeSolverKind       solver,
                                        guint32              start,
                                        guint32              end,
                                        const MazeObserver  *observer,
                                        MazeStopFunc         stop,
                                        gpointer             stop_data,
                                        GError             **error);
void          maze_solution_free       (MazeSolution        *solution);
guint64       maze_path_cost           (const MazeGrid      *grid,
                                        const guint32       *path,
                                        guint32              path_len);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MazeSolution, maze_solution_free)

G_END_DECLS
