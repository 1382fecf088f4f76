/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "maze-canvas.h"
#include "maze-document.h"
#include "maze-solver-comparison.h"

G_BEGIN_DECLS

/* The solver panel: compares the core's solvers on the document's maze
 * (backtracking and Dijkstra's algorithm always, BFS, A* and the wall
 * follower when ticked) between the canvas's solve endpoints, in a table
 * with one sentence saying what it shows, and draws their paths and a
 * heat map on the canvas (its overlay, maze_solver_panel_get_overlay()).
 * A braid slider and the weight brush sit beside it to make the solvers
 * differ. That is the "Compare" tab; the "Playback" tab
 * (MazePlaybackView) replays the maze's generation or one solver's
 * search step by step. Each tab's overlay is on the canvas while the
 * tab is on screen.
 *
 * The panel works only while active (the window makes it active while it
 * is shown): then every change of the maze, of the solve endpoints or of
 * the solvers ticked runs the comparison again, 100 ms after the last
 * change, in a thread (MazeSolverComparison), with a spinner meanwhile.
 * Inactive, it cancels its run and empties its overlay.
 *
 * Signals:
 *   "braid-changed" (guint braid, guint gesture)  the user moved the
 *       braid slider (and let it settle): braid the maze there is this
 *       much (fixed point, MAZE_BRAID_ONE = 1), one undo step per gesture
 *       (maze_document_braid()), as the settings panel's slider does.
 * Properties: "document", "canvas", "solve-start", "solve-end", "active",
 * "running" (read-only: a
 * comparison is being computed), "comparison" (read-only, boxed
 * MazeComparison: the one shown, NULL before the first or after an
 * error). */

/* What the canvas's pick tool (MAZE_TOOL_PICK) places. */
typedef enum
{
  MAZE_SOLVER_PANEL_PICK_NONE,
  MAZE_SOLVER_PANEL_PICK_START,
  MAZE_SOLVER_PANEL_PICK_END,
} MazeSolverPanelPick;

#define MAZE_TYPE_SOLVER_PANEL (maze_solver_panel_get_type ())

G_DECLARE_FINAL_TYPE (MazeSolverPanel, maze_solver_panel, MAZE, SOLVER_PANEL, GtkWidget)

GtkWidget      *maze_solver_panel_new            (void);
void            maze_solver_panel_set_document   (MazeSolverPanel *self,
                                                  MazeDocument    *document);
MazeDocument   *maze_solver_panel_get_document   (MazeSolverPanel *self);
/* Shows the document's braid again, dropping a value that braided
 * nothing (cancelled or failed). */
void            maze_solver_panel_show_document  (MazeSolverPanel *self);
void            maze_solver_panel_set_canvas     (MazeSolverPanel *self,
                                                  MazeCanvas      *canvas);
MazeCanvas     *maze_solver_panel_get_canvas     (MazeSolverPanel *self);
/* Where the solvers start and end: cells placed with the canvas's pick
 * tool ("solve-start", "solve-end"), MAZE_NO_CELL while they follow the
 * maze's start and end; get_solve_endpoints() gives the cells to use
 * either way. They belong to the maze they were placed in (another
 * shape or size drops them) and show as hollow markers while the panel
 * is active. */
void            maze_solver_panel_set_solve_endpoints (MazeSolverPanel *self,
                                                       guint32          start,
                                                       guint32          end);
void            maze_solver_panel_get_solve_endpoints (MazeSolverPanel *self,
                                                       guint32         *start,
                                                       guint32         *end);
guint32         maze_solver_panel_get_solve_start (MazeSolverPanel *self);
guint32         maze_solver_panel_get_solve_end   (MazeSolverPanel *self);
/* Which endpoint a cell picked on the canvas (MAZE_TOOL_PICK) places. */
void            maze_solver_panel_set_pick        (MazeSolverPanel     *self,
                                                   MazeSolverPanelPick  pick);
/* The solve endpoints' rings on the canvas (while active). */
MazeOverlay    *maze_solver_panel_get_marks      (MazeSolverPanel *self);
/* What the Compare page shows on the canvas (on it while that page is on
 * screen): the paths ticked and the heat map chosen. */
MazeOverlay    *maze_solver_panel_get_overlay    (MazeSolverPanel *self);
void            maze_solver_panel_set_active     (MazeSolverPanel *self,
                                                  gboolean         active);
gboolean        maze_solver_panel_get_active     (MazeSolverPanel *self);
gboolean        maze_solver_panel_get_running    (MazeSolverPanel *self);
MazeComparison *maze_solver_panel_get_comparison (MazeSolverPanel *self);

G_END_DECLS
