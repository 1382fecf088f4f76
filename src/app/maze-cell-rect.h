/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "maze-core.h"

G_BEGIN_DECLS

/* MazeRects of cells, on every shape. A MazeRect counts columns of the
 * grid's rows, and on the circular grid columns of its outer ring (a
 * ring sector, see MazeRect in maze-grid.h): there a cell (x, y) of an
 * inner ring spans maze_grid_row_scale() columns from x times it. The
 * app's tools and overlays speak cells, the document and the core
 * rects; these turn the one into the other. */

/* The rect of the one cell (x, y). */
MazeRect maze_cell_rect        (const MazeGrid *grid,
                                guint           x,
                                guint           y);
MazeRect maze_cell_rect_index  (const MazeGrid *grid,
                                guint32         cell);
/* The smallest rect holding cells (x0, y0) and (x1, y1) and every cell
 * between: a rubber band's rectangle, or ring sector, which goes the
 * short way round, across angle 0 when that is shorter (x + width then
 * passes the outer ring's end, see maze_region_wraps()). */
MazeRect maze_cell_rect_span   (const MazeGrid *grid,
                                guint           x0,
                                guint           y0,
                                guint           x1,
                                guint           y1);
/* rect grown to hold cell (x, y) too; an empty rect (width 0) becomes
 * the cell's. */
void     maze_cell_rect_add    (const MazeGrid *grid,
                                MazeRect       *rect,
                                guint           x,
                                guint           y);

G_END_DECLS
