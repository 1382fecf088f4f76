/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-grid.h"

G_BEGIN_DECLS

/* Where the cells of a maze lie on a plane: the one answer to "where is
 * cell (x, y)" and "which cell is at this point" for the renderer, the SVG
 * writer, the canvas (hit testing, visible range) and printing.
 *
 * Units are whatever the caller draws in (pixels, points, millimetres).
 * cell_size is the distance between the centres of two cells side by side
 * in a row: the side of a square cell; the width (flat side to flat side)
 * of a pointy-top hexagon, whose rows are 0.75 * (2 / sqrt 3) * cell_size
 * apart and whose odd rows shift right by half a cell.
 *
 * A circular maze's rings lie around an open room at the centre of its
 * bounding box, cell_size a ring's thickness and the room's radius
 * (maze-geometry-polar.c); its geometry reads the grid's rings (polar,
 * borrowed: the grid must outlive the geometry).
 *
 * The maze's bounding box starts at (origin_x, origin_y); all cells lie
 * inside it (walls are centred on cell sides, so half a wall's width
 * pokes out: keep a margin of at least that). */
typedef struct
{
  MazeShape shape;
  guint     columns;
  guint     rows;
  double    cell_size;
  double    origin_x;
  double    origin_y;
  double    width;        /* bounding box of all cells */
  double    height;
  const MazePolarLayout *polar;   /* the circular grid's rings, else NULL */
} MazeGeometry;

void     maze_geometry_init          (MazeGeometry        *geometry,
                                      const MazeGrid      *grid,
                                      double               cell_size,
                                      double               origin_x,
                                      double               origin_y);
/* The cell size that makes the maze fit width x height. */
double   maze_geometry_fit_cell_size (const MazeGrid      *grid,
                                      double               width,
                                      double               height);
void     maze_geometry_cell_center   (const MazeGeometry  *geometry,
                                      guint                x,
                                      guint                y,
                                      double              *cx,
                                      double              *cy);
/* The cell's outline, clockwise from its top-left (rect) or top (hex)
 * corner; returns the number of corners (at most MAZE_MAX_DIRS). A
 * circular cell's arcs are two chords each: fill it as its sector
 * (maze_geometry_cell_sector()). */
guint    maze_geometry_cell_outline  (const MazeGeometry  *geometry,
                                      guint                x,
                                      guint                y,
                                      double              *xs,
                                      double              *ys);
/* An annular sector around (cx, cy): radii inner to outer, clockwise
 * from angle1 to angle2 (cairo's angles, as MazeWallArc's). A cell of
 * the circular grid as drawn, or a door's hole in its arc. Its outer
 * arc is drawn in n_outer equal pieces (two where the next ring splits
 * the cell: the pieces that ring's cells draw, so that fills meet). */
typedef struct
{
  double cx;
  double cy;
  double inner;
  double outer;
  double angle1;
  double angle2;
  guint  n_outer;
} MazeSector;

/* Cell (x, y) as its sector, following the arcs its walls follow; FALSE
 * on the shapes whose cells are polygons (their outline is exact). */
gboolean maze_geometry_cell_sector   (const MazeGeometry  *geometry,
                                      guint                x,
                                      guint                y,
                                      MazeSector          *sector);
/* The box the sector covers: its corners and where its arcs reach
 * furthest (north, east, south, west of the centre). */
void     maze_sector_get_box         (const MazeSector    *sector,
                                      double              *x1,
                                      double              *y1,
                                      double              *x2,
                                      double              *y2);
/* The side of cell (x, y) facing direction dir, as a segment (a
 * circular cell's arcs: their chords). */
void     maze_geometry_side          (const MazeGeometry  *geometry,
                                      guint                x,
                                      guint                y,
                                      guint                dir,
                                      double              *x1,
                                      double              *y1,
                                      double              *x2,
                                      double              *y2);
/* The middle of that side as drawn: on the arc of a circular cell's
 * inward or outward side, else the segment's midpoint. */
void     maze_geometry_side_midpoint (const MazeGeometry  *geometry,
                                      guint                x,
                                      guint                y,
                                      guint                dir,
                                      double              *mx,
                                      double              *my);
/* The cell containing point (px, py); FALSE outside every cell. */
gboolean maze_geometry_cell_at       (const MazeGeometry  *geometry,
                                      double               px,
                                      double               py,
                                      guint               *x,
                                      guint               *y);
/* The cells that may show inside the rectangle (x, y, width, height),
 * clipped to the grid; FALSE when none do. Cost independent of the maze
 * size: the canvas asks this every frame. */
gboolean maze_geometry_cells_in_area (const MazeGeometry  *geometry,
                                      double               x,
                                      double               y,
                                      double               width,
                                      double               height,
                                      MazeRect            *cells);

/* Walls as runs: every wall of the cells in area (NULL: all), merged into
 * maximal polylines (straight runs of square sides; chains of hexagon
 * sides), each reported once, in a fixed order. The cairo renderer strokes
 * them and the SVG writer writes them as paths, so both show the very same
 * walls. Outer walls are included; door gaps for start and end are not
 * made here (see MazeRenderOptions). */
typedef void (*MazeWallRunFunc) (const double *xs,
                                 const double *ys,
                                 guint         n_points,
                                 gpointer      user_data);

/* An arc of a circle, clockwise from angle1 to angle2 (radians, as cairo
 * and SVG count them: clockwise from +x, y growing downwards; angle2 >
 * angle1, by at most a whole turn): the circular grid's walls along a
 * ring. */
typedef struct
{
  double cx;
  double cy;
  double radius;
  double angle1;
  double angle2;
  /* The angle of a cell along it, angle1 and angle2 a whole number of
   * them from -pi / 2: a drawing of part of the maze splits its arcs
   * there, so that every part draws the very same curves. */
  double step;
} MazeWallArc;

typedef void (*MazeWallArcFunc) (const MazeWallArc *arc,
                                 gpointer           user_data);

/* Arcs come to arc_func; without one (and through
 * maze_geometry_foreach_wall_run()) as polylines to func, a point every
 * few degrees. */
void     maze_geometry_foreach_wall_run (const MazeGeometry *geometry,
                                         const MazeGrid     *grid,
                                         const MazeRect     *area,
                                         MazeWallRunFunc     func,
                                         gpointer            user_data);
void     maze_geometry_foreach_wall_run_full (const MazeGeometry *geometry,
                                              const MazeGrid     *grid,
                                              const MazeRect     *area,
                                              MazeWallRunFunc     func,
                                              MazeWallArcFunc     arc_func,
                                              gpointer            user_data);
/* The same for a drawing that shows no more of it than the box x, y,
 * width, height (the walls' width included): walls that cannot reach
 * into the box may be left out. On the circular grid, where a MazeRect
 * holds whole rings, that is each ring away from the box. */
void     maze_geometry_foreach_visible_wall_run (const MazeGeometry *geometry,
                                                 const MazeGrid     *grid,
                                                 const MazeRect     *area,
                                                 double              x,
                                                 double              y,
                                                 double              width,
                                                 double              height,
                                                 MazeWallRunFunc     func,
                                                 MazeWallArcFunc     arc_func,
                                                 gpointer            user_data);
/* The points of arc as a polyline, at most a degree or so apart, at
 * most max_points; returns how many. */
guint    maze_wall_arc_points           (const MazeWallArc  *arc,
                                         double             *xs,
                                         double             *ys,
                                         guint               max_points);

G_END_DECLS
