/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "maze-core.h"
#include "maze-render.h"

G_BEGIN_DECLS

/* What a panel shows over the maze, for the canvas to draw: paths in
 * slots, a heat map, cells with a role, a current cell, and a grid to
 * show instead of the document's, hollow markers where the solvers start
 * and end. Its owner (the solver panel, the
 * playback view) fills it and hands it to the canvas
 * (maze_canvas_add_overlay()); the canvas draws the overlays it holds,
 * in the order they were added, and redraws what "changed" says.
 *
 * An overlay is made for a maze of one shape and size
 * (maze_overlay_set_size()); per-cell data has one entry per cell of
 * it. Everything is copied in: nothing is borrowed from the owner.
 *
 * Signal "changed" (guint changes, const MazeRect *rect): the parts in
 * changes (MazeOverlayChange) changed in the cells of rect (NULL:
 * anywhere; always NULL for paths, whose cells the canvas compares). */

#define MAZE_OVERLAY_MAX_PATHS 8

/* Bits of the roles bytes; the same values as MazePlaybackCellFlags, so
 * a playback's cell flags can be copied in as they are. */
typedef enum
{
  MAZE_OVERLAY_CELL_ACTIVE = 1 << 1,   /* on the stack or in the frontier */
  MAZE_OVERLAY_CELL_DEAD   = 1 << 2,   /* backtracked from, done with */
} MazeOverlayCellRole;

typedef enum
{
  MAZE_OVERLAY_CHANGED_PATHS   = 1 << 0,
  MAZE_OVERLAY_CHANGED_CELLS   = 1 << 1,   /* heat values or roles */
  MAZE_OVERLAY_CHANGED_GRID    = 1 << 2,
  MAZE_OVERLAY_CHANGED_MARKS   = 1 << 3,   /* the current cell, the endpoints */
} MazeOverlayChange;

#define MAZE_TYPE_OVERLAY (maze_overlay_get_type ())

G_DECLARE_FINAL_TYPE (MazeOverlay, maze_overlay, MAZE, OVERLAY, GObject)

MazeOverlay    *maze_overlay_new              (void);
/* The maze the overlay is for: one of like's shape and size (another
 * clears it). */
void            maze_overlay_set_size         (MazeOverlay      *self,
                                               const MazeGrid   *like);
/* Whether the overlay is for a maze of grid's shape and size. */
gboolean        maze_overlay_fits             (MazeOverlay      *self,
                                               const MazeGrid   *grid);
guint32         maze_overlay_get_n_cells      (MazeOverlay      *self);
/* Removes everything but the size. */
void            maze_overlay_clear            (MazeOverlay      *self);

/* cells NULL or len 0: no path in slot. */
void            maze_overlay_set_path         (MazeOverlay      *self,
                                               guint             slot,
                                               const guint32    *cells,
                                               guint32           len);
const guint32  *maze_overlay_get_path         (MazeOverlay      *self,
                                               guint             slot,
                                               guint32          *len);
gboolean        maze_overlay_has_paths        (MazeOverlay      *self);

/* kind MAZE_OVERLAY_NONE or values NULL: no heat map. values has one
 * entry per cell (G_MAXUINT32: none), shaded against max in color
 * (NULL: sky blue). */
void            maze_overlay_set_heat_map     (MazeOverlay      *self,
                                               MazeOverlayKind   kind,
                                               const guint32    *values,
                                               guint32           max,
                                               const MazeColor  *color);
const guint32  *maze_overlay_get_heat_map     (MazeOverlay      *self,
                                               MazeOverlayKind  *kind,
                                               guint32          *max,
                                               MazeColor        *color);
/* roles: one byte per cell, MazeOverlayCellRole bits; NULL: none. */
void            maze_overlay_set_cell_roles   (MazeOverlay      *self,
                                               const guint8     *roles);
const guint8   *maze_overlay_get_cell_roles   (MazeOverlay      *self);
/* A grid of the overlay's size to draw instead of the document's; NULL:
 * the document's. */
void            maze_overlay_set_grid         (MazeOverlay      *self,
                                               const MazeGrid   *grid);
const MazeGrid *maze_overlay_get_grid         (MazeOverlay      *self);
/* Copies the cells of rect (NULL: all) from the sources given (each may
 * be NULL: left as it is) into the grid, roles and heat values the
 * overlay has; the heat map's maximum becomes heat_max. For a source
 * that changes a little at a time, such as a playback. */
void            maze_overlay_update_cells     (MazeOverlay      *self,
                                               const MazeRect   *rect,
                                               const MazeGrid   *grid,
                                               const guint8     *roles,
                                               const guint32    *heat,
                                               guint32           heat_max);
/* Where the solvers start and end, drawn as hollow markers over the
 * maze's own (MAZE_NO_CELL: none). */
void            maze_overlay_set_endpoints    (MazeOverlay      *self,
                                               guint32           start,
                                               guint32           end);
void            maze_overlay_get_endpoints    (MazeOverlay      *self,
                                               guint32          *start,
                                               guint32          *end);
/* MAZE_NO_CELL: none. Drawn as a token over the markers. */
void            maze_overlay_set_current_cell (MazeOverlay      *self,
                                               guint32           cell);
guint32         maze_overlay_get_current_cell (MazeOverlay      *self);
/* The bounding rectangle of the cells the heat map, the roles and the
 * grid touch (a grid: where it differs from like); FALSE: none. */
gboolean        maze_overlay_get_cells_extent (MazeOverlay      *self,
                                               const MazeGrid   *like,
                                               MazeRect         *rect);

G_END_DECLS
