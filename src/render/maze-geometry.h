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
 * corner; returns the number of corners (4 or 6). */
guint    maze_geometry_cell_outline  (const MazeGeometry  *geometry,
                                      guint                x,
                                      guint                y,
                                      double              *xs,
                                      double              *ys);
/* The side of cell (x, y) facing direction dir, as a segment. */
void     maze_geometry_side          (const MazeGeometry  *geometry,
                                      guint                x,
                                      guint                y,
                                      guint                dir,
                                      double              *x1,
                                      double              *y1,
                                      double              *x2,
                                      double              *y2);
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

void     maze_geometry_foreach_wall_run (const MazeGeometry *geometry,
                                         const MazeGrid     *grid,
                                         const MazeRect     *area,
                                         MazeWallRunFunc     func,
                                         gpointer            user_data);

G_END_DECLS
