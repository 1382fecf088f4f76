/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "maze-document.h"
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
 * Property: "document".
 * Actions: canvas.zoom-in, canvas.zoom-out, canvas.zoom-reset (fit), bound
 * to Ctrl+plus / Ctrl+minus / Ctrl+0 while the canvas has focus.
 * Keys: arrows move a cell cursor, S and E set start and end there, Enter
 * uses the current tool on it, space held makes a primary drag pan. */

typedef enum
{
  MAZE_TOOL_START,        /* click or drag: move the start */
  MAZE_TOOL_END,          /* click or drag: move the end */
  MAZE_TOOL_REGENERATE,   /* rubber-band a rectangle, regenerate it */
  MAZE_TOOL_MASK,         /* paint cells out (primary) or back in (secondary / Ctrl) */
  MAZE_TOOL_WEIGHT,       /* paint "mud" of the current weight */
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
