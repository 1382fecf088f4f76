/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "maze-document.h"
#include "maze-overlay.h"
#include "maze-play-session.h"
#include "maze-render.h"
#include "maze-viewport.h"

G_BEGIN_DECLS

/* The maze on screen: draws the document through the shared renderer
 * (maze_render), only the visible cells, with the static picture cached
 * in chunks of cells and only the chunks a change touched redrawn; hover,
 * selection and markers on top. Zoom and pan go through a MazeViewport.
 * The mouse edits the document according to the current tool.
 *
 * Model units (the viewport's) are cells: the maze is laid out as
 * maze_geometry_init (&geometry, grid, 1.0, 0.5, 0.5) places it, and the
 * content is that geometry's size plus the 0.5 margin on every side.
 *
 * Signals:
 *   "hover-changed" ()         the cell under the pointer changed, or the
 *                              pointer left the maze: ask
 *                              maze_canvas_get_hover_cell().
 *   "edit-failed" (GError *)   the document refused an edit made with the
 *                              mouse or keyboard (say, a mask that would
 *                              cut the maze apart); show it as a toast.
 *   "cell-picked" (guint cell, gboolean finished)
 *                              with MAZE_TOOL_PICK, the cell a click or a
 *                              drag chose, for a panel to use (the solver
 *                              panel places the solvers' start and end
 *                              so): while dragging (finished FALSE, to
 *                              show where it would go) and at the end
 *                              (finished TRUE; MAZE_NO_CELL: the drag
 *                              was cancelled). A masked cell may come at
 *                              the press: the listener decides.
 * Properties: "document"; "play-session" (play mode, see below).
 * Keyboard zoom: maze_canvas_zoom_in(), _out() and _fit(), for the
 * window's zoom actions (the one place they and their keys are).
 * Keys: arrows move a cell cursor, S and E set start and end there, Enter
 * uses the current tool on it, space held makes a primary drag pan. In
 * play mode the keys walk the maze instead (see maze_canvas_set_play_session()). */

typedef enum
{
  MAZE_TOOL_START,        /* click or drag: move the start */
  MAZE_TOOL_END,          /* click or drag: move the end */
  MAZE_TOOL_REGENERATE,   /* rubber-band a rectangle, regenerate it */
  MAZE_TOOL_MASK,         /* paint cells out (primary) or back in (secondary / Ctrl) */
  MAZE_TOOL_WEIGHT,       /* paint "mud" of the current weight */
  MAZE_TOOL_PICK,         /* click or drag: a cell for a panel ("cell-picked") */
} MazeTool;

#define MAZE_TYPE_CANVAS (maze_canvas_get_type ())

G_DECLARE_FINAL_TYPE (MazeCanvas, maze_canvas, MAZE, CANVAS, GtkWidget)

GtkWidget    *maze_canvas_new            (void);
void          maze_canvas_set_document   (MazeCanvas   *self,
                                          MazeDocument *document);
MazeDocument *maze_canvas_get_document   (MazeCanvas   *self);
MazeViewport *maze_canvas_get_viewport   (MazeCanvas   *self);
void          maze_canvas_set_tool       (MazeCanvas   *self,
                                          MazeTool      tool);
MazeTool      maze_canvas_get_tool       (MazeCanvas   *self);
/* The weight the weight brush paints (2..9; 1 clears); a secondary or
 * Ctrl stroke paints 1. */
void          maze_canvas_set_weight     (MazeCanvas   *self,
                                          guint8        weight);
/* The solution path to draw (cells, start to end), or NULL; copied. */
void          maze_canvas_set_solution   (MazeCanvas    *self,
                                          const guint32 *path,
                                          guint32        path_len);

/* ---- Overlays ----
 *
 * What panels show over the maze, each a MazeOverlay its owner fills
 * and hands to the canvas; the canvas draws the overlays it holds in the
 * order they were added, and redraws, when one changes, only the layers
 * and the tiles it changed. Drawn over the maze and under the start and
 * end markers, bottom to top:
 *   - each overlay's heat map and cells with a role, under the walls;
 *   - the walls, of the document's grid or of the last overlay's grid;
 *   - paths: the solution, then each overlay's paths, each in the colour
 *     and dash pattern of maze_render_path_palette() for its slot and in
 *     a lane of its own, so paths along the same cells stay apart;
 *   - every frame: the markers, then a token (a diamond) on each
 *     overlay's current cell, which must show even on the start.
 * An overlay made for a maze of another shape or size than the
 * document's is not drawn. Play mode hides them (it would give the way
 * away) and draws its own. */

void          maze_canvas_add_overlay     (MazeCanvas      *self,
                                           MazeOverlay     *overlay);
void          maze_canvas_remove_overlay  (MazeCanvas      *self,
                                           MazeOverlay     *overlay);
gboolean      maze_canvas_has_overlay     (MazeCanvas      *self,
                                           MazeOverlay     *overlay);
/* The grid drawn: the last overlay's that has one, the play session's
 * in play mode, else the document's (NULL: no document). */
const MazeGrid *maze_canvas_get_grid      (MazeCanvas      *self);

/* ---- Play mode ----
 * With a session, the canvas is a game board: the keys walk the session
 * (arrows, W A S D, X, keypad 8 2 4 6 for up, down, left, right; Q E Z C
 * and keypad 7 9 1 3 / Home, Page Up, End, Page Down for the diagonals:
 * see MazePlayKey), a move into a wall rings the bell, the view follows
 * the player. Escape is left to the window, which ends play mode.
 * It draws the session's grid, the cells visited, the trail and a token
 * on the player; the editing tools do nothing. NULL leaves play mode. */
void             maze_canvas_set_play_session (MazeCanvas      *self,
                                               MazePlaySession *session);
MazePlaySession *maze_canvas_get_play_session (MazeCanvas      *self);

/* Zooms a step in or out, about the pointer when it is over the canvas,
 * else about the middle; or fits the maze. Nothing without a document. */
void          maze_canvas_zoom_in        (MazeCanvas   *self);
void          maze_canvas_zoom_out       (MazeCanvas   *self);
void          maze_canvas_zoom_fit       (MazeCanvas   *self);

/* The cell under the pointer, or FALSE. */
gboolean      maze_canvas_get_hover_cell (MazeCanvas   *self,
                                          guint        *x,
                                          guint        *y);

/* For tests and the keyboard: what a primary-button press, drag and
 * release at these widget coordinates do with the current tool. */
void          maze_canvas_press          (MazeCanvas   *self,
                                          double        x,
                                          double        y,
                                          gboolean      secondary);
void          maze_canvas_drag_to        (MazeCanvas   *self,
                                          double        x,
                                          double        y);
void          maze_canvas_release        (MazeCanvas   *self,
                                          double        x,
                                          double        y);

G_END_DECLS
