/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-cell-rect.h"

MazeRect
maze_cell_rect (const MazeGrid *grid,
                guint           x,
                guint           y)
{
  guint scale = maze_grid_row_scale (grid, y);
  MazeRect rect = { x * scale, y, scale, 1 };

  return rect;
}

MazeRect
maze_cell_rect_index (const MazeGrid *grid,
                      guint32         cell)
{
  guint x, y;

  maze_grid_xy (grid, cell, &x, &y);
  return maze_cell_rect (grid, x, y);
}

void
maze_cell_rect_add (const MazeGrid *grid,
                    MazeRect       *rect,
                    guint           x,
                    guint           y)
{
  MazeRect cell = maze_cell_rect (grid, x, y);
  guint x2, y2;

  if (rect->width == 0 || rect->height == 0)
    {
      *rect = cell;
      return;
    }
  x2 = MAX (rect->x + rect->width, cell.x + cell.width);
  y2 = MAX (rect->y + rect->height, cell.y + cell.height);
  rect->x = MIN (rect->x, cell.x);
  rect->y = MIN (rect->y, cell.y);
  rect->width = x2 - rect->x;
  rect->height = y2 - rect->y;
}

MazeRect
maze_cell_rect_span (const MazeGrid *grid,
                     guint           x0,
                     guint           y0,
                     guint           x1,
                     guint           y1)
{
  MazeRect rect = maze_cell_rect (grid, x0, y0);
  MazeRect a, b, across_0;

  maze_cell_rect_add (grid, &rect, x1, y1);
  if (grid->polar == NULL)
    return rect;
  /* The other way round: from the cell further clockwise on, past
   * angle 0, to the other (maze_region_wraps()). */
  a = maze_cell_rect (grid, x0, y0);
  b = maze_cell_rect (grid, x1, y1);
  if (a.x < b.x)
    {
      MazeRect t = a;

      a = b;
      b = t;
    }
  across_0 = (MazeRect) { a.x, rect.y, grid->width - a.x + b.x + b.width, rect.height };
  return across_0.width < rect.width ? across_0 : rect;
}
