/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "maze-core.h"
#include "maze-render.h"

G_BEGIN_DECLS

/* The solver comparison: runs several core solvers between the same two
 * cells and keeps, per solver, the figures of the comparison table and the
 * per-cell arrays the canvas overlays draw. No widgets: the solver panel
 * shows a MazeComparison.
 *
 * Two ways in:
 * - maze_comparison_run(): synchronous, on the caller's grid (which must
 *   not change during the call). For tests, the CLI, small mazes.
 * - MazeSolverComparison: the same in a worker thread on a private copy of
 *   the grid, so the document may change meanwhile. A new run supersedes
 *   the one before it (the older run finishes with G_IO_ERROR_CANCELLED).
 *
 * All figures are the core's own: path, cost and explored are exactly what
 * maze_solve() returns for the solver (see maze-solve.h); cost is the sum
 * of the weights of the cells entered after the start.
 *
 * In the panel:
 *   self->runner = maze_solver_comparison_new ();
 *   maze_solver_comparison_run_async (self->runner, grid, start, end,
 *                                     MAZE_COMPARISON_ALL,
 *                                     MAZE_COMPARISON_OVERLAYS, NULL,
 *                                     comparison_done_cb, self);
 *   ...
 *   cmp = maze_solver_comparison_run_finish (runner, result, &error);
 *   if (cmp == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
 *     return;      (superseded by a newer run: its own callback comes)
 *   for (i = 0; i < maze_comparison_get_n_rows (cmp); i++) { one table row }
 *   label = maze_comparison_get_explanation (cmp);
 * and to draw a row's overlay, if maze_comparison_fits (cmp, grid):
 *   maze_comparison_row_apply (row, MAZE_COMPARISON_HEAT_DISTANCE, &options); */

/* Sets of solvers: bit (1 << MazeSolverKind). Backtracking and Dijkstra's
 * algorithm are always run, whatever the set says. */
#define MAZE_SOLVER_BIT(solver)   (1u << (solver))
#define MAZE_COMPARISON_BASIC     (MAZE_SOLVER_BIT (MAZE_SOLVER_BACKTRACKING) | \
                                   MAZE_SOLVER_BIT (MAZE_SOLVER_DIJKSTRA))
#define MAZE_COMPARISON_ALL       ((1u << MAZE_N_SOLVERS) - 1)

typedef enum
{
  MAZE_COMPARISON_FLAGS_NONE = 0,
  /* Record the per-cell overlay arrays (visit_order, distance). They cost
   * 4 bytes per cell each and a second, observed run of every solver; on
   * mazes of more than MAZE_COMPARISON_OVERLAY_MAX_CELLS cells, or when
   * memory runs short, they are left out (NULL) and the table is still
   * filled in. */
  MAZE_COMPARISON_OVERLAYS   = 1 << 0,
} MazeComparisonFlags;

/* 4096×4096: at most 8 arrays of 64 MiB for all five solvers. */
#define MAZE_COMPARISON_OVERLAY_MAX_CELLS (1u << 24)

/* "No value" in visit_order and distance, as maze-render.h expects. */
#define MAZE_COMPARISON_NO_VALUE G_MAXUINT32

/* One row of the table. Owned by its MazeComparison; the pointers live as
 * long as it does. */
typedef struct
{
  MazeSolverKind  solver;
  const char     *title;             /* translated display name */

  /* FALSE when the solver did not get to the end: there is no path, or
   * (the wall follower) it went round without reaching it. The path is
   * then empty and cost is 0. */
  gboolean        reached;
  /* The path is the cheapest of the rows: its cost equals the least cost
   * among the rows that reached the end (several rows can be). */
  gboolean        cheapest;

  const guint32  *path;              /* cell indices, start to end */
  guint32         path_len;          /* cells on the path, both ends */
  guint64         cost;              /* as MazeSolution.cost */
  guint64         explored;          /* as MazeSolution.explored; also
                                        when the end was not reached */
  double          explored_percent;  /* explored / open cells * 100 */
  gint64          time_us;           /* wall-clock time of the solver run
                                        (the plain run: recording the
                                        overlays is not counted) */

  /* Overlays (MAZE_COMPARISON_OVERLAYS; else NULL). One value per cell of
   * the grid, MAZE_COMPARISON_NO_VALUE for a cell the solver did not
   * explore: ready for MazeRenderOptions.overlay_values.
   * - visit_order: 0 for the first cell explored, 1 for the next, ...;
   *   exactly `explored` cells have a value, the largest is visit_max.
   *   "Explored" means visited (backtracking, wall follower) or settled
   *   (Dijkstra, BFS, A*), the cells the explored figure counts.
   * - distance: the distance (cost from the start) at which each explored
   *   cell was settled, for Dijkstra's algorithm, BFS (in steps) and A*
   *   (g); NULL for backtracking and the wall follower. */
  const guint32  *visit_order;
  guint32         visit_max;
  const guint32  *distance;
  guint32         distance_max;
} MazeComparisonRow;

typedef enum
{
  MAZE_COMPARISON_HEAT_VISIT_ORDER,
  MAZE_COMPARISON_HEAT_DISTANCE,     /* falls back to visit order where
                                        the row has no distance */
} MazeComparisonHeat;

typedef struct _MazeComparison MazeComparison;

#define MAZE_TYPE_COMPARISON (maze_comparison_get_type ())

GType                    maze_comparison_get_type        (void) G_GNUC_CONST;

/* Runs the solvers in `solvers` (backtracking and Dijkstra always) from
 * start to end on grid. Rows come in MazeSolverKind order. Fails with the
 * core's MAZE_ERROR for a start or end off the maze or masked, a broken
 * grid or too little memory; with G_IO_ERROR_CANCELLED when cancellable
 * is cancelled (checked between solver runs, and by each solver every
 * MAZE_STOP_INTERVAL steps, so a cancel stops the search under way). No
 * path between start and end is not an error: the rows say reached =
 * FALSE. */
MazeComparison          *maze_comparison_run             (const MazeGrid       *grid,
                                                          guint32               start,
                                                          guint32               end,
                                                          guint                 solvers,
                                                          MazeComparisonFlags   flags,
                                                          GCancellable         *cancellable,
                                                          GError              **error);
MazeComparison          *maze_comparison_ref             (MazeComparison       *self);
void                     maze_comparison_unref           (MazeComparison       *self);

guint                    maze_comparison_get_n_rows      (const MazeComparison *self);
const MazeComparisonRow *maze_comparison_get_row         (const MazeComparison *self,
                                                          guint                 index);
/* The row of solver, or NULL when it was not run. */
const MazeComparisonRow *maze_comparison_find_row        (const MazeComparison *self,
                                                          MazeSolverKind        solver);
/* One translated sentence for under the table, comparing backtracking
 * with Dijkstra's algorithm, with the figures from their rows:
 * - no path:      "No path leads from the start to the end."
 * - Dijkstra's path is cheaper, on a weighted maze:
 *                 "Dijkstra’s path is cheaper: it costs 40, backtracking’s 57."
 *   or shorter, on a maze with loops and no weights:
 *                 "Dijkstra’s path is shorter: 36 cells against backtracking’s 52."
 * - equal cost, no loops (a perfect maze: one path only):
 *                 "The maze has one path only: every solver finds it.
 *                 Backtracking explored N cells, Dijkstra’s algorithm M."
 * - equal cost, loops: "Backtracking happens to find a shortest (weighted:
 *                 cheapest) path too; it explored N cells, Dijkstra M." */
const char              *maze_comparison_get_explanation (const MazeComparison *self);

guint32                  maze_comparison_get_start       (const MazeComparison *self);
guint32                  maze_comparison_get_end         (const MazeComparison *self);
guint32                  maze_comparison_get_open_cells  (const MazeComparison *self);
/* Some open cell weighs more than 1: costs are not path lengths. */
gboolean                 maze_comparison_get_weighted    (const MazeComparison *self);
/* Whether the overlay arrays fit grid (same shape and size): a view
 * checks this before drawing a result that may be older than the maze. */
gboolean                 maze_comparison_fits            (const MazeComparison *self,
                                                          const MazeGrid       *grid);

/* Points options' overlay at the row's heat map (MAZE_OVERLAY_HEAT,
 * values and max) and its solution at the row's path; an overlay the row
 * does not have is switched off. The row must outlive the drawing. */
void                     maze_comparison_row_apply       (const MazeComparisonRow *row,
                                                          MazeComparisonHeat       heat,
                                                          MazeRenderOptions       *options);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MazeComparison, maze_comparison_unref)

/* The asynchronous runner the solver panel keeps, one per window. */
#define MAZE_TYPE_SOLVER_COMPARISON (maze_solver_comparison_get_type ())

G_DECLARE_FINAL_TYPE (MazeSolverComparison, maze_solver_comparison, MAZE, SOLVER_COMPARISON, GObject)

MazeSolverComparison *maze_solver_comparison_new         (void);
/* Copies grid (before returning) and runs maze_comparison_run() on the
 * copy in a worker thread. Cancels the run still going, if any: its
 * callback gets G_IO_ERROR_CANCELLED, which a caller just ignores. A
 * cancelled run calls back at once; its thread stops after the solver it
 * is in, holding its copy and arrays until then, so a view that restarts
 * on every change (a slider being dragged) should wait for a pause of
 * 100 ms or so first. callback runs in the thread-default main context
 * of the caller. */
void                  maze_solver_comparison_run_async   (MazeSolverComparison  *self,
                                                          const MazeGrid        *grid,
                                                          guint32                start,
                                                          guint32                end,
                                                          guint                  solvers,
                                                          MazeComparisonFlags    flags,
                                                          GCancellable          *cancellable,
                                                          GAsyncReadyCallback    callback,
                                                          gpointer               user_data);
MazeComparison       *maze_solver_comparison_run_finish  (MazeSolverComparison  *self,
                                                          GAsyncResult          *result,
                                                          GError               **error);
/* Cancels the current run, if any. */
void                  maze_solver_comparison_cancel      (MazeSolverComparison  *self);
/* TRUE from run_async until the latest run has called back ("running"
 * property, notified on change): for a spinner. */
gboolean              maze_solver_comparison_get_running (MazeSolverComparison  *self);

G_END_DECLS
