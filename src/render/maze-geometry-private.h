/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Private to maze-geometry*.c: the circular grid's geometry lives in
 * maze-geometry-polar.c, called from the shape switches of
 * maze-geometry.c. */

#include "maze-geometry.h"

G_BEGIN_DECLS

/* Where wall runs go: polylines to func, arcs to arc_func (or, without
 * one, to func as polylines). With has_view, only what is drawn in the
 * box view_x1, view_y1 .. view_x2, view_y2 matters (see
 * maze_geometry_foreach_visible_wall_run()). */
typedef struct
{
  const MazeGeometry *geometry;
  MazeWallRunFunc     func;
  MazeWallArcFunc     arc_func;
  gpointer            user_data;
  gboolean            has_view;
  double              view_x1, view_y1, view_x2, view_y2;
} MazeWallSink;

void     maze_wall_sink_line               (const MazeWallSink  *sink,
                                            const double        *xs,
                                            const double        *ys,
                                            guint                n_points);
void     maze_wall_sink_arc                (const MazeWallSink  *sink,
                                            const MazeWallArc   *arc);
/* A side with no passage through it (see maze-geometry.c). */
gboolean maze_geometry_is_wall             (const MazeGrid      *grid,
                                            guint                x,
                                            guint                y,
                                            guint                dir);

void     maze_geometry_polar_init          (MazeGeometry        *geometry,
                                            const MazeGrid      *grid);
/* The bounding box's side in cell sizes. */
double   maze_geometry_polar_span          (const MazeGrid      *grid);
void     maze_geometry_polar_centre        (const MazeGeometry  *geometry,
                                            double              *cx,
                                            double              *cy);
void     maze_geometry_polar_cell_center   (const MazeGeometry  *geometry,
                                            guint                x,
                                            guint                y,
                                            double              *cx,
                                            double              *cy);
guint    maze_geometry_polar_cell_outline  (const MazeGeometry  *geometry,
                                            guint                x,
                                            guint                y,
                                            double              *xs,
                                            double              *ys);
gboolean maze_geometry_polar_cell_sector   (const MazeGeometry  *geometry,
                                            guint                x,
                                            guint                y,
                                            MazeSector          *sector);
gboolean maze_geometry_polar_side          (const MazeGeometry  *geometry,
                                            guint                x,
                                            guint                y,
                                            guint                dir,
                                            double              *x1,
                                            double              *y1,
                                            double              *x2,
                                            double              *y2);
gboolean maze_geometry_polar_cell_at       (const MazeGeometry  *geometry,
                                            double               px,
                                            double               py,
                                            guint               *x,
                                            guint               *y);
/* u0..u1 and v0..v1 relative to the origin. */
gboolean maze_geometry_polar_cells_in_area (const MazeGeometry  *geometry,
                                            double               u0,
                                            double               v0,
                                            double               u1,
                                            double               v1,
                                            MazeRect            *cells);
void     maze_geometry_polar_wall_runs     (const MazeWallSink  *sink,
                                            const MazeGrid      *grid,
                                            const MazeRect      *area);

G_END_DECLS
