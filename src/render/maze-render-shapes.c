/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-render"

#include "config.h"

#include <math.h>

#include "maze-render-private.h"

/* The shapes maze_render() draws cell by cell, as points: maze-render.c
 * puts them on a cairo context, maze-svg.c writes them as SVG paths.
 * Each is computed here alone, in the order of operations both rely on
 * for the same numbers. */

/* A door in a ring's arc (the outer border, or into the room): the
 * cell's angles less, at each end, the angle in which a radial wall's
 * half-width stands at the hole's inner radius, so no part of a spoke's
 * stroke falls in it. */
static gboolean
ring_door_hole (const MazeGeometry *geometry,
                guint               x,
                guint               y,
                guint               dir,
                double              reach,
                double              wall_width,
                MazeSector         *hole)
{
  double radius, inner, inset;

  maze_geometry_cell_sector (geometry, x, y, hole);
  radius = dir == MAZE_POLAR_IN_A ? hole->inner : hole->outer;
  inner = radius - reach;
  if (!(inner > wall_width / 2))
    return FALSE;
  inset = asin (wall_width / 2 / inner);
  hole->inner = inner;
  hole->outer = radius + reach;
  hole->angle1 += inset;
  hole->angle2 -= inset;
  hole->n_outer = 1;
  return hole->angle2 > hole->angle1;
}

gboolean
maze_render_door_hole (const MazeGeometry *geometry,
                       const MazeGrid     *grid,
                       guint32             cell,
                       double              wall_width,
                       MazeDoorHole       *hole)
{
  double x1, y1, x2, y2, ux, uy, len, inset, reach;
  double *xs = hole->xs, *ys = hole->ys;
  guint x, y, dir;

  hole->is_sector = FALSE;
  if (cell == MAZE_NO_CELL || !maze_render_door_dir (grid, cell, &dir))
    return FALSE;
  maze_grid_xy (grid, cell, &x, &y);
  reach = MAX (wall_width, MAZE_RENDER_DOOR_REACH_MIN);
  if (grid->shape == MAZE_SHAPE_CIRCULAR)
    {
      hole->is_sector = TRUE;
      return ring_door_hole (geometry, x, y, dir, reach, wall_width, &hole->sector);
    }
  maze_geometry_side (geometry, x, y, dir, &x1, &y1, &x2, &y2);
  len = hypot (x2 - x1, y2 - y1);

  if (grid->shape != MAZE_SHAPE_RECT)
    {
      double cx, cy, k, out, in;

      /* Cut along the corners' bisectors, which run through the centre
       * of a regular cell: the walls meeting the door end in a clean
       * mitre, where a cut square to the side left each a beak of its
       * stroke in the doorway. Out and in by twice the reach (enough at
       * the bisector's slant), inwards never past the centre. */
      maze_geometry_cell_center (geometry, x, y, &cx, &cy);
      k = hypot (x1 - cx, y1 - cy);
      if (!(k > 0.0))
        return FALSE;
      out = 2.0 * reach / k;
      in = MIN (out, 0.9);
      xs[0] = x1 + (x1 - cx) * out;
      ys[0] = y1 + (y1 - cy) * out;
      xs[1] = x2 + (x2 - cx) * out;
      ys[1] = y2 + (y2 - cy) * out;
      xs[2] = x2 - (x2 - cx) * in;
      ys[2] = y2 - (y2 - cy) * in;
      xs[3] = x1 - (x1 - cx) * in;
      ys[3] = y1 - (y1 - cy) * in;
      return TRUE;
    }

  inset = wall_width / 2;
  if (len <= 2 * inset)
    return FALSE;
  ux = (x2 - x1) / len;
  uy = (y2 - y1) / len;
  /* Along the side, then out along the normal (-uy, ux) on both sides. */
  xs[0] = x1 + ux * inset - uy * reach;
  ys[0] = y1 + uy * inset + ux * reach;
  xs[1] = x2 - ux * inset - uy * reach;
  ys[1] = y2 - uy * inset + ux * reach;
  xs[2] = x2 - ux * inset + uy * reach;
  ys[2] = y2 - uy * inset - ux * reach;
  xs[3] = x1 + ux * inset + uy * reach;
  ys[3] = y1 + uy * inset - ux * reach;
  return TRUE;
}

void
maze_door_hole_get_box (const MazeDoorHole *hole,
                        double             *x1,
                        double             *y1,
                        double             *x2,
                        double             *y2)
{
  if (hole->is_sector)
    {
      maze_sector_get_box (&hole->sector, x1, y1, x2, y2);
      return;
    }
  *x1 = *y1 = G_MAXDOUBLE;
  *x2 = *y2 = -G_MAXDOUBLE;
  for (guint k = 0; k < 4; k++)
    {
      *x1 = MIN (*x1, hole->xs[k]);
      *x2 = MAX (*x2, hole->xs[k]);
      *y1 = MIN (*y1, hole->ys[k]);
      *y2 = MAX (*y2, hole->ys[k]);
    }
}

guint
maze_render_mud_dots (const MazeGeometry *geometry,
                      guint               x,
                      guint               y,
                      guint8              weight,
                      double              xs[MAZE_RENDER_MUD_MAX_DOTS],
                      double              ys[MAZE_RENDER_MUD_MAX_DOTS],
                      double             *radius)
{
  /* A 3 x 3 grid (column, row offsets from the centre), taken from the
   * front: two on a diagonal, then the quincunx, then all nine. Within a
   * hexagon's inscribed circle too. */
  static const int grid[MAZE_RENDER_MUD_MAX_DOTS][2] = {
    { -1, -1 }, { 1, 1 }, { 1, -1 }, { -1, 1 }, { 0, 0 },
    { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 },
  };
  double s = geometry->cell_size, cx, cy;
  guint n;

  if (weight <= 1)
    return 0;
  n = weight < 4 ? 2 : weight < 10 ? 5 : 9;
  maze_geometry_cell_center (geometry, x, y, &cx, &cy);
  for (guint i = 0; i < n; i++)
    {
      xs[i] = cx + grid[i][0] * s * 0.22;
      ys[i] = cy + grid[i][1] * s * 0.22;
    }
  *radius = s * 0.07;
  return n;
}

void
maze_render_hatch_lines (const MazeGeometry *geometry,
                         double              spacing,
                         double              x1,
                         double              y1,
                         double              x2,
                         double              y2,
                         double             *base,
                         double             *k0,
                         double             *k1)
{
  *base = geometry->origin_x + geometry->origin_y;
  /* A line more on each side: the box's corners are covered. */
  *k0 = floor ((x1 + y1 - *base) / spacing) - 1;
  *k1 = ceil ((x2 + y2 - *base) / spacing) + 1;
}

guint32
maze_render_overlay_value (const MazeRenderOptions *options,
                           const MazeGrid          *grid,
                           guint32                  cell)
{
  if (maze_grid_is_masked (grid, cell))
    return G_MAXUINT32;
  return options->overlay_values[cell];
}

/* value as a share of overlay_max, 0 to 1. */
static inline double
heat_of (const MazeRenderOptions *options,
         guint32                  value)
{
  if (options->overlay_max == 0)
    return 1.0;
  return (double) MIN (value, options->overlay_max) / options->overlay_max;
}

double
maze_render_overlay_dot (const MazeRenderOptions *options,
                         double                   cell_size,
                         guint32                  value)
{
  /* A fixed small dot for explored cells, a dot growing with the value
   * for heat; kept smaller than the solution's diamonds. */
  if (options->overlay_kind == MAZE_OVERLAY_HEAT)
    return cell_size * (MAZE_RENDER_DOT_RADIUS_HEAT_MIN +
                        MAZE_RENDER_DOT_RADIUS_HEAT_SPAN * heat_of (options, value));
  return cell_size * MAZE_RENDER_DOT_RADIUS_EXPLORED;
}

double
maze_render_overlay_shade (const MazeRenderOptions *options,
                           guint32                  value)
{
  return MAZE_RENDER_HEAT_ALPHA_MIN + (1 - MAZE_RENDER_HEAT_ALPHA_MIN) * heat_of (options, value);
}

gboolean
maze_render_solution_cell (const MazeRenderOptions *options,
                           const MazeGrid          *grid,
                           guint32                  i,
                           guint                   *x,
                           guint                   *y)
{
  guint32 cell = options->solution[i];

  if (cell >= grid->n_cells)
    return FALSE;
  maze_grid_xy (grid, cell, x, y);
  return TRUE;
}

void
maze_render_diamond (double cx,
                     double cy,
                     double radius,
                     double xs[4],
                     double ys[4])
{
  xs[0] = cx;
  ys[0] = cy - radius;
  xs[1] = cx + radius;
  ys[1] = cy;
  xs[2] = cx;
  ys[2] = cy + radius;
  xs[3] = cx - radius;
  ys[3] = cy;
}

guint
maze_render_wall_run_points (const double *xs,
                             const double *ys,
                             guint         n_points,
                             gboolean     *closed)
{
  *closed = n_points > 3 && xs[0] == xs[n_points - 1] && ys[0] == ys[n_points - 1];
  return *closed ? n_points - 1 : n_points;
}
