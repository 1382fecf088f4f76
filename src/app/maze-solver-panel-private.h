/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "maze-playback-view.h"
#include "maze-solver-panel.h"

G_BEGIN_DECLS

/* Heat maps are shaded in their solver's colour up to this alpha, so the
 * paths (full colour, cased in the paper's) and the walls stay clear on
 * the darkest cells; the Compare and Playback pages agree. */
#define MAZE_SOLVER_PANEL_HEAT_ALPHA 0.55

/* For tests: the widgets of the comparison table, built in code (one row
 * per solver), and the heat map choices. */

typedef enum
{
  MAZE_SOLVER_COLUMN_LENGTH,
  MAZE_SOLVER_COLUMN_COST,
  MAZE_SOLVER_COLUMN_EXPLORED,
  MAZE_SOLVER_COLUMN_PERCENT,
  MAZE_SOLVER_COLUMN_TIME,
} MazeSolverColumn;

#define MAZE_N_SOLVER_COLUMNS 5

/* The label in solver's row and column. */
GtkLabel       *maze_solver_panel_get_figure      (MazeSolverPanel  *self,
                                                   MazeSolverKind    solver,
                                                   MazeSolverColumn  column);
/* The row's "show the path" check button, its name. */
GtkCheckButton *maze_solver_panel_get_path_check  (MazeSolverPanel  *self,
                                                   MazeSolverKind    solver);
/* The row's "cheapest" mark: visible when the path is a cheapest one. */
GtkWidget      *maze_solver_panel_get_cheapest    (MazeSolverPanel  *self,
                                                   MazeSolverKind    solver);
/* Whether solver's row is in the table (it was run). */
gboolean        maze_solver_panel_has_row         (MazeSolverPanel  *self,
                                                   MazeSolverKind    solver);
/* Chooses the heat map: none (solver -1), or solver's visit order, or
 * its distance; FALSE when the list does not offer it. */
gboolean        maze_solver_panel_select_heat     (MazeSolverPanel    *self,
                                                   int                 solver,
                                                   MazeComparisonHeat  heat);

/* The "Playback" page, and whether it is the page shown. */
MazePlaybackView *maze_solver_panel_get_playback_view (MazeSolverPanel *self);
void              maze_solver_panel_show_playback     (MazeSolverPanel *self,
                                                       gboolean         playback);

G_END_DECLS
