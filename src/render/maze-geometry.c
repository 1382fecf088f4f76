/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-render"

#include "config.h"

#include "maze-geometry-private.h"

#include <math.h>
#include <string.h>

/* Every corner of every cell lies on an integer lattice: multiples of the
 * cell size for squares; multiples of half the cell size across and of
 * half the hexagon's radius down for hexagons. Corners are computed from
 * their lattice indices only, so the side two cells share comes out
 * bit-for-bit the same from either cell, and the SVG writer and the
 * renderer see the very same numbers.
 *
 * Hexagon (x, y) has its centre at lattice (1 + 2x + (y & 1), 2 + 3y) and
 * its corners, clockwise from the top, at the centre plus
 *   (0, -2) (1, -1) (1, 1) (0, 2) (-1, 1) (-1, -1);
 * the side facing direction d (0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE) runs from
 * corner d + 1 to corner d + 2. A square's corners, clockwise from the top
 * left, are (x, y) (x + 1, y) (x + 1, y + 1) (x, y + 1), and the side
 * facing d (0 N, 1 E, 2 S, 3 W) runs from corner d to corner d + 1.
 *
 * Triangles are equilateral, cell_size a side: the lattice is half a side
 * across and a row's height down. Triangle (x, y) spans x..x + 2 across;
 * pointing up (x + y even) its corners, clockwise from the apex, are
 * (x + 1, y) (x + 2, y + 1) (x, y + 1), and its sides E, S, W run from
 * corner 0, 1, 2 to the next; pointing down they are (x, y) (x + 2, y)
 * (x + 1, y + 1), and its sides N, E, W run from corner 0, 1, 2. */

#define SQRT3 1.7320508075688772935

static const gint tri_up_corner_dx[3] = { 1, 2, 0 };
static const gint tri_up_corner_dy[3] = { 0, 1, 1 };
static const gint tri_down_corner_dx[3] = { 0, 2, 1 };
static const gint tri_down_corner_dy[3] = { 0, 0, 1 };
/* The first corner of the side facing N, E, S, W (-1: none). */
static const gint tri_up_side[4] = { -1, 0, 1, 2 };
static const gint tri_down_side[4] = { 0, 1, -1, 2 };

static inline gboolean
tri_points_up (guint x,
               guint y)
{
  return ((x ^ y) & 1) == 0;
}

static const gint hex_corner_dx[6] = { 0, 1, 1, 0, -1, -1 };
static const gint hex_corner_dy[6] = { -2, -1, 1, 2, 1, -1 };
static const gint rect_corner_dx[4] = { 0, 1, 1, 0 };
static const gint rect_corner_dy[4] = { 0, 0, 1, 1 };

typedef struct
{
  gint64 i;
  gint64 j;
} LatticePoint;

/* Lattice steps in drawing units. */
static inline double
step_x (const MazeGeometry *geometry)
{
  return geometry->shape == MAZE_SHAPE_RECT ? geometry->cell_size : geometry->cell_size * 0.5;
}

static inline double
step_y (const MazeGeometry *geometry)
{
  switch (geometry->shape)
    {
    case MAZE_SHAPE_HEX:
      return geometry->cell_size / SQRT3 * 0.5;
    case MAZE_SHAPE_TRI:
      return geometry->cell_size * SQRT3 * 0.5;
    case MAZE_SHAPE_RECT:
    default:
      return geometry->cell_size;
    }
}

static inline void
lattice_to_point (const MazeGeometry *geometry,
                  LatticePoint        p,
                  double             *x,
                  double             *y)
{
  *x = geometry->origin_x + (double) p.i * step_x (geometry);
  *y = geometry->origin_y + (double) p.j * step_y (geometry);
}

static inline LatticePoint
corner (const MazeGeometry *geometry,
        guint               x,
        guint               y,
        guint               k)
{
  LatticePoint p;

  switch (geometry->shape)
    {
    case MAZE_SHAPE_HEX:
      p.i = 1 + 2 * (gint64) x + (y & 1) + hex_corner_dx[k];
      p.j = 2 + 3 * (gint64) y + hex_corner_dy[k];
      break;
    case MAZE_SHAPE_TRI:
      p.i = (gint64) x + (tri_points_up (x, y) ? tri_up_corner_dx[k] : tri_down_corner_dx[k]);
      p.j = (gint64) y + (tri_points_up (x, y) ? tri_up_corner_dy[k] : tri_down_corner_dy[k]);
      break;
    case MAZE_SHAPE_RECT:
    default:
      p.i = (gint64) x + rect_corner_dx[k];
      p.j = (gint64) y + rect_corner_dy[k];
      break;
    }
  return p;
}

static inline guint
n_corners (const MazeGeometry *geometry)
{
  switch (geometry->shape)
    {
    case MAZE_SHAPE_HEX:
      return 6;
    case MAZE_SHAPE_TRI:
      return 3;
    case MAZE_SHAPE_RECT:
    default:
      return 4;
    }
}

/* The corners at the ends of the side of (x, y) facing dir; FALSE when
 * the cell has no side there (a triangle towards its apex). */
static inline gboolean
side_corners (const MazeGeometry *geometry,
              guint               x,
              guint               y,
              guint               dir,
              guint              *a,
              guint              *b)
{
  gint first;

  switch (geometry->shape)
    {
    case MAZE_SHAPE_HEX:
      if (dir >= 6)
        return FALSE;
      *a = (dir + 1) % 6;
      *b = (dir + 2) % 6;
      return TRUE;
    case MAZE_SHAPE_TRI:
      if (dir >= 4)
        return FALSE;
      first = tri_points_up (x, y) ? tri_up_side[dir] : tri_down_side[dir];
      if (first < 0)
        return FALSE;
      *a = (guint) first;
      *b = (guint) (first + 1) % 3;
      return TRUE;
    case MAZE_SHAPE_RECT:
    default:
      if (dir >= 4)
        return FALSE;
      *a = dir;
      *b = (dir + 1) % 4;
      return TRUE;
    }
}

void
maze_geometry_init (MazeGeometry   *geometry,
                    const MazeGrid *grid,
                    double          cell_size,
                    double          origin_x,
                    double          origin_y)
{
  g_return_if_fail (geometry != NULL);
  g_return_if_fail (grid != NULL);

  geometry->shape = grid->shape;
  geometry->columns = grid->width;
  geometry->rows = grid->height;
  geometry->cell_size = cell_size;
  geometry->origin_x = origin_x;
  geometry->origin_y = origin_y;
  geometry->polar = NULL;

  if (grid->shape == MAZE_SHAPE_CIRCULAR)
    maze_geometry_polar_init (geometry, grid);
  else if (grid->shape == MAZE_SHAPE_HEX)
    {
      /* Odd rows stick out half a cell on the right; the rows overlap by
       * a quarter of their height. */
      guint64 half_cells = 2 * (guint64) grid->width + (grid->height > 1 ? 1 : 0);

      geometry->width = (double) half_cells * step_x (geometry);
      geometry->height = (double) (3 * (guint64) grid->height + 1) * step_y (geometry);
    }
  else if (grid->shape == MAZE_SHAPE_TRI)
    {
      /* Neighbours in a row overlap by half a side. */
      geometry->width = (double) ((guint64) grid->width + 1) * step_x (geometry);
      geometry->height = (double) grid->height * step_y (geometry);
    }
  else
    {
      geometry->width = (double) grid->width * cell_size;
      geometry->height = (double) grid->height * cell_size;
    }
}

double
maze_geometry_fit_cell_size (const MazeGrid *grid,
                             double          width,
                             double          height)
{
  double per_cell_w, per_cell_h;

  g_return_val_if_fail (grid != NULL, 0.0);

  /* The bounding box in units of one cell size. */
  if (grid->shape == MAZE_SHAPE_CIRCULAR)
    per_cell_w = per_cell_h = maze_geometry_polar_span (grid);
  else if (grid->shape == MAZE_SHAPE_HEX)
    {
      per_cell_w = grid->width + (grid->height > 1 ? 0.5 : 0.0);
      per_cell_h = (3.0 * grid->height + 1.0) / (2.0 * SQRT3);
    }
  else if (grid->shape == MAZE_SHAPE_TRI)
    {
      per_cell_w = (grid->width + 1) * 0.5;
      per_cell_h = grid->height * SQRT3 * 0.5;
    }
  else
    {
      per_cell_w = grid->width;
      per_cell_h = grid->height;
    }
  return MAX (0.0, MIN (width / per_cell_w, height / per_cell_h));
}

void
maze_geometry_cell_center (const MazeGeometry *geometry,
                           guint               x,
                           guint               y,
                           double             *cx,
                           double             *cy)
{
  g_return_if_fail (geometry != NULL);

  if (geometry->shape == MAZE_SHAPE_CIRCULAR)
    maze_geometry_polar_cell_center (geometry, x, y, cx, cy);
  else if (geometry->shape == MAZE_SHAPE_HEX)
    {
      LatticePoint p = { 1 + 2 * (gint64) x + (y & 1), 2 + 3 * (gint64) y };

      lattice_to_point (geometry, p, cx, cy);
    }
  else if (geometry->shape == MAZE_SHAPE_TRI)
    {
      /* The centroid: a third of the height from the flat side. */
      *cx = geometry->origin_x + ((double) x + 1) * step_x (geometry);
      *cy = geometry->origin_y +
            ((double) y + (tri_points_up (x, y) ? 2.0 / 3.0 : 1.0 / 3.0)) * step_y (geometry);
    }
  else
    {
      *cx = geometry->origin_x + ((double) x + 0.5) * geometry->cell_size;
      *cy = geometry->origin_y + ((double) y + 0.5) * geometry->cell_size;
    }
}

guint
maze_geometry_cell_outline (const MazeGeometry *geometry,
                            guint               x,
                            guint               y,
                            double             *xs,
                            double             *ys)
{
  guint n;

  g_return_val_if_fail (geometry != NULL, 0);

  if (geometry->shape == MAZE_SHAPE_CIRCULAR)
    return maze_geometry_polar_cell_outline (geometry, x, y, xs, ys);
  n = n_corners (geometry);
  for (guint k = 0; k < n; k++)
    lattice_to_point (geometry, corner (geometry, x, y, k), &xs[k], &ys[k]);
  return n;
}

gboolean
maze_geometry_cell_sector (const MazeGeometry *geometry,
                           guint               x,
                           guint               y,
                           MazeSector         *sector)
{
  g_return_val_if_fail (geometry != NULL, FALSE);

  if (geometry->shape != MAZE_SHAPE_CIRCULAR)
    return FALSE;
  return maze_geometry_polar_cell_sector (geometry, x, y, sector);
}

void
maze_sector_get_box (const MazeSector *sector,
                     double           *x1,
                     double           *y1,
                     double           *x2,
                     double           *y2)
{
  const MazeSector *s = sector;
  double radii[2] = { s->inner, s->outer };

  *x1 = *y1 = G_MAXDOUBLE;
  *x2 = *y2 = -G_MAXDOUBLE;
  for (guint k = 0; k < 2; k++)
    for (guint e = 0; e < 2; e++)
      {
        double a = e == 0 ? s->angle1 : s->angle2;
        double px = s->cx + radii[k] * cos (a), py = s->cy + radii[k] * sin (a);

        *x1 = MIN (*x1, px);
        *x2 = MAX (*x2, px);
        *y1 = MIN (*y1, py);
        *y2 = MAX (*y2, py);
      }
  /* The outer arc's extremes: the quarter turns it passes. */
  for (double q = ceil (s->angle1 / (G_PI / 2)) * (G_PI / 2); q <= s->angle2; q += G_PI / 2)
    {
      double px = s->cx + s->outer * cos (q), py = s->cy + s->outer * sin (q);

      *x1 = MIN (*x1, px);
      *x2 = MAX (*x2, px);
      *y1 = MIN (*y1, py);
      *y2 = MAX (*y2, py);
    }
}

void
maze_geometry_side (const MazeGeometry *geometry,
                    guint               x,
                    guint               y,
                    guint               dir,
                    double             *x1,
                    double             *y1,
                    double             *x2,
                    double             *y2)
{
  guint a, b;

  g_return_if_fail (geometry != NULL);

  if (geometry->shape == MAZE_SHAPE_CIRCULAR)
    {
      if (!maze_geometry_polar_side (geometry, x, y, dir, x1, y1, x2, y2))
        {
          g_critical ("Cell (%u,%u) has no side %u", x, y, dir);
          *x1 = *x2 = *y1 = *y2 = 0;
        }
      return;
    }
  if (!side_corners (geometry, x, y, dir, &a, &b))
    {
      g_critical ("Cell (%u,%u) has no side %u", x, y, dir);
      *x1 = *x2 = *y1 = *y2 = 0;
      return;
    }
  lattice_to_point (geometry, corner (geometry, x, y, a), x1, y1);
  lattice_to_point (geometry, corner (geometry, x, y, b), x2, y2);
}

void
maze_geometry_side_midpoint (const MazeGeometry *geometry,
                             guint               x,
                             guint               y,
                             guint               dir,
                             double             *mx,
                             double             *my)
{
  double x1, y1, x2, y2;

  maze_geometry_side (geometry, x, y, dir, &x1, &y1, &x2, &y2);
  *mx = (x1 + x2) / 2;
  *my = (y1 + y2) / 2;
  if (geometry->shape == MAZE_SHAPE_CIRCULAR && dir != MAZE_POLAR_CW && dir != MAZE_POLAR_CCW)
    {
      /* Out from the chord's middle onto the arc. */
      double cx, cy, r = hypot (x1 - geometry->origin_x - geometry->width / 2,
                                y1 - geometry->origin_y - geometry->height / 2);
      double d;

      maze_geometry_polar_centre (geometry, &cx, &cy);
      d = hypot (*mx - cx, *my - cy);
      if (d > 0)
        {
          *mx = cx + (*mx - cx) * r / d;
          *my = cy + (*my - cy) * r / d;
        }
    }
}

gboolean
maze_geometry_cell_at (const MazeGeometry *geometry,
                       double              px,
                       double              py,
                       guint              *x,
                       guint              *y)
{
  double u, v;

  g_return_val_if_fail (geometry != NULL, FALSE);

  u = px - geometry->origin_x;
  v = py - geometry->origin_y;
  /* Also rejects NaN. */
  if (!(u >= 0 && v >= 0 && u <= geometry->width && v <= geometry->height) ||
      !(geometry->cell_size > 0))
    return FALSE;

  if (geometry->shape == MAZE_SHAPE_CIRCULAR)
    return maze_geometry_polar_cell_at (geometry, px, py, x, y);
  else if (geometry->shape == MAZE_SHAPE_HEX)
    {
      /* Hexagons are the Voronoi cells of their centres: the nearest
       * centre of the (unbounded) lattice wins. Only the rows whose band
       * holds v, and in each the one column nearest u, can be nearest. */
      double sx = step_x (geometry), sy = step_y (geometry);
      double best = G_MAXDOUBLE;
      gint64 best_c = -1, best_r = -1;
      gint64 r0 = (gint64) floor (v / (3 * sy));

      for (gint64 r = r0 - 1; r <= r0 + 1; r++)
        {
          gint64 parity = r & 1;  /* row -1 counts as odd, like the lattice */
          gint64 c = (gint64) floor ((u / sx - 1 - parity) / 2 + 0.5);
          double du = u - (double) (1 + 2 * c + parity) * sx;
          double dv = v - (double) (2 + 3 * r) * sy;
          double d2 = du * du + dv * dv;

          if (d2 < best)
            {
              best = d2;
              best_c = c;
              best_r = r;
            }
        }
      if (best_c < 0 || best_r < 0 ||
          best_c >= geometry->columns || best_r >= geometry->rows)
        return FALSE;
      *x = (guint) best_c;
      *y = (guint) best_r;
      return TRUE;
    }
  else if (geometry->shape == MAZE_SHAPE_TRI)
    {
      /* Lattice column m (a half side wide) of row r is covered by
       * triangles m - 1 and m, split by the slanted side between them:
       * from (m, r) to (m + 1, r + 1) when m - 1 points up, from
       * (m + 1, r) to (m, r + 1) when it points down. */
      double a = u / step_x (geometry), b = v / step_y (geometry);
      double fm = floor (a), fr = floor (b);
      double f, col;
      gboolean left_up;

      fr = MIN (fr, (double) geometry->rows - 1);
      f = b - fr;
      left_up = (((gint64) fm - 1 + (gint64) fr) & 1) == 0;
      col = a < (left_up ? fm + f : fm + 1 - f) ? fm - 1 : fm;
      if (col < 0 || col >= geometry->columns)
        return FALSE;
      *x = (guint) col;
      *y = (guint) fr;
      return TRUE;
    }
  else
    {
      double fx = floor (u / geometry->cell_size);
      double fy = floor (v / geometry->cell_size);

      if (fx >= geometry->columns || fy >= geometry->rows)
        return FALSE;
      *x = (guint) fx;
      *y = (guint) fy;
      return TRUE;
    }
}

/* [lo, hi] clamped to 0..n-1; FALSE when they miss it. Works in doubles
 * so huge or infinite clip extents cannot overflow. */
static gboolean
clamp_range (double  lo,
             double  hi,
             guint   n,
             guint  *first,
             guint  *count)
{
  if (!(lo <= hi) || hi < 0 || lo >= n)
    return FALSE;
  lo = MAX (lo, 0);
  hi = MIN (hi, (double) n - 1);
  *first = (guint) lo;
  *count = (guint) hi - *first + 1;
  return TRUE;
}

gboolean
maze_geometry_cells_in_area (const MazeGeometry *geometry,
                             double              x,
                             double              y,
                             double              width,
                             double              height,
                             MazeRect           *cells)
{
  double u0, u1, v0, v1;
  double c0, c1, r0, r1;

  g_return_val_if_fail (geometry != NULL, FALSE);
  g_return_val_if_fail (cells != NULL, FALSE);

  if (!(width >= 0 && height >= 0) || !(geometry->cell_size > 0))
    return FALSE;

  u0 = x - geometry->origin_x;
  v0 = y - geometry->origin_y;
  u1 = u0 + width;
  v1 = v0 + height;

  if (geometry->shape == MAZE_SHAPE_CIRCULAR)
    return maze_geometry_polar_cells_in_area (geometry, u0, v0, u1, v1, cells);
  if (geometry->shape == MAZE_SHAPE_HEX)
    {
      double s = geometry->cell_size, sy = step_y (geometry);

      /* Cell (c, r) spans [c s + (r & 1) s / 2, that + s] across and
       * [3 r sy, 3 r sy + 4 sy] down: the first and last that reach the
       * rectangle, taking the wider of the two row parities. */
      c0 = ceil (u0 / s - 1.5);
      c1 = floor (u1 / s);
      r0 = ceil ((v0 - 4 * sy) / (3 * sy));
      r1 = floor (v1 / (3 * sy));
    }
  else if (geometry->shape == MAZE_SHAPE_TRI)
    {
      /* Triangle c spans lattice columns c..c + 2. */
      c0 = floor (u0 / step_x (geometry)) - 1;
      c1 = floor (u1 / step_x (geometry));
      r0 = floor (v0 / step_y (geometry));
      r1 = floor (v1 / step_y (geometry));
    }
  else
    {
      c0 = floor (u0 / geometry->cell_size);
      c1 = floor (u1 / geometry->cell_size);
      r0 = floor (v0 / geometry->cell_size);
      r1 = floor (v1 / geometry->cell_size);
    }

  return clamp_range (c0, c1, geometry->columns, &cells->x, &cells->width) &&
         clamp_range (r0, r1, geometry->rows, &cells->y, &cells->height);
}

/* ---- Walls ---- */

/* A side with no passage through it. Between a masked and an open cell
 * there is always a wall; between two masked cells none, nor on the
 * border of a masked cell, so the walls of a shaped maze are its own
 * outline and no frame; the border of open cells is all wall. */
gboolean
maze_geometry_is_wall (const MazeGrid *grid,
                       guint           x,
                       guint           y,
                       guint           dir)
{
  guint nx, ny;
  gboolean ma, mb;

  ma = maze_grid_is_masked (grid, maze_grid_index (grid, x, y));
  if (!maze_grid_step (grid, x, y, dir, &nx, &ny))
    return !ma;
  mb = maze_grid_is_masked (grid, maze_grid_index (grid, nx, ny));
  if (ma || mb)
    return ma != mb;
  return !maze_grid_has_passage (grid, x, y, dir);
}

typedef MazeWallSink RunSink;

void
maze_wall_sink_line (const MazeWallSink *sink,
                     const double       *xs,
                     const double       *ys,
                     guint               n_points)
{
  sink->func (xs, ys, n_points, sink->user_data);
}

guint
maze_wall_arc_points (const MazeWallArc *arc,
                      double            *xs,
                      double            *ys,
                      guint              max_points)
{
  guint n = (guint) CLAMP (ceil ((arc->angle2 - arc->angle1) / (G_PI / 180)) + 1, 2, max_points);

  for (guint k = 0; k < n; k++)
    {
      double a = arc->angle1 + (arc->angle2 - arc->angle1) * k / (n - 1);

      xs[k] = arc->cx + arc->radius * cos (a);
      ys[k] = arc->cy + arc->radius * sin (a);
    }
  return n;
}

void
maze_wall_sink_arc (const MazeWallSink *sink,
                    const MazeWallArc  *arc)
{
  double xs[361], ys[361];
  guint n;

  if (sink->arc_func != NULL)
    {
      sink->arc_func (arc, sink->user_data);
      return;
    }
  n = maze_wall_arc_points (arc, xs, ys, G_N_ELEMENTS (xs));
  sink->func (xs, ys, n, sink->user_data);
}

static void
emit_segment (const RunSink *sink,
              LatticePoint   a,
              LatticePoint   b)
{
  double xs[2], ys[2];

  lattice_to_point (sink->geometry, a, &xs[0], &ys[0]);
  lattice_to_point (sink->geometry, b, &xs[1], &ys[1]);
  sink->func (xs, ys, 2, sink->user_data);
}

/* Horizontal runs along line j (the top of row j, or the bottom of the
 * last row when bottom is set), for the columns of area. */
static void
rect_horizontal_runs (const RunSink  *sink,
                      const MazeGrid *grid,
                      const MazeRect *area,
                      guint           row,
                      gboolean        bottom)
{
  guint end = area->x + area->width;
  guint run_start = G_MAXUINT;

  for (guint x = area->x; x <= end; x++)
    {
      gboolean wall = x < end && maze_geometry_is_wall (grid, x, row, bottom ? 2 : 0);

      if (wall && run_start == G_MAXUINT)
        run_start = x;
      else if (!wall && run_start != G_MAXUINT)
        {
          LatticePoint a = { run_start, (gint64) row + (bottom ? 1 : 0) };
          LatticePoint b = { x, a.j };

          emit_segment (sink, a, b);
          run_start = G_MAXUINT;
        }
    }
}

/* One sweep down the rows: the horizontal runs on top of each row, then
 * the vertical runs that end at that row, left to right; vertical runs
 * still open are tracked per column line. */
static void
rect_wall_runs (const RunSink  *sink,
                const MazeGrid *grid,
                const MazeRect *area)
{
  g_autofree guint *open_since = g_new (guint, (gsize) area->width + 1);
  guint last_row = area->y + area->height - 1;

  for (guint i = 0; i <= area->width; i++)
    open_since[i] = G_MAXUINT;

  for (guint y = area->y; y <= last_row + 1; y++)
    {
      if (y <= last_row)
        rect_horizontal_runs (sink, grid, area, y, FALSE);
      else
        rect_horizontal_runs (sink, grid, area, last_row, TRUE);

      for (guint i = 0; i <= area->width; i++)
        {
          gboolean wall = FALSE;

          /* The line left of column area->x + i; the last one is the
           * right side of the area's last column. */
          if (y <= last_row)
            wall = i < area->width ? maze_geometry_is_wall (grid, area->x + i, y, 3)
                                   : maze_geometry_is_wall (grid, area->x + i - 1, y, 1);
          if (wall && open_since[i] == G_MAXUINT)
            open_since[i] = y;
          else if (!wall && open_since[i] != G_MAXUINT)
            {
              LatticePoint a = { (gint64) area->x + i, open_since[i] };
              LatticePoint b = { a.i, y };

              emit_segment (sink, a, b);
              open_since[i] = G_MAXUINT;
            }
        }
    }
}

/* Triangular walls lie on three families of lines: flat sides on the
 * lines between rows, and the slanted sides on lines going down to the
 * right ("\\", a step of +1 lattice column a row) and down to the left
 * ("/", -1). In row y the slanted side at lattice column i runs between
 * triangles i - 1 and i: "\\" from (i, y) to (i + 1, y + 1) when i + y is
 * odd, "/" from (i + 1, y) to (i, y + 1) when it is even; the side in row
 * y + 1 that continues it sits at column i + step. One sweep down the
 * rows reports, for each row, the flat runs on its top line, then the
 * slanted runs that end at it; runs still open are tracked by column. */

typedef struct
{
  gint64 i;            /* the run's top point; i < 0: no run */
  gint64 j;
} TriOpenRun;

static gboolean
tri_flat_wall (const MazeGrid *grid,
               const MazeRect *area,
               guint           x,
               guint           line)
{
  /* Line `line` is the top of the down triangles of row `line` and the
   * bottom of the up ones of the row above; the area's last line is
   * asked of its last row. */
  if (line < area->y + area->height)
    return maze_geometry_is_wall (grid, x, line, 0);
  return maze_geometry_is_wall (grid, x, line - 1, 2);
}

static void
tri_flat_runs (const RunSink  *sink,
               const MazeGrid *grid,
               const MazeRect *area,
               guint           line)
{
  guint end = area->x + area->width;
  /* The triangles with a flat side on this line: down ones of its row,
   * or on the area's last line up ones of the row above; x + line is odd
   * for both. */
  guint first = area->x + ((area->x + line) & 1 ? 0 : 1);
  guint run_start = G_MAXUINT;
  guint x;

  for (x = first; x < end; x += 2)
    {
      gboolean wall = tri_flat_wall (grid, area, x, line);

      if (wall && run_start == G_MAXUINT)
        run_start = x;
      else if (!wall && run_start != G_MAXUINT)
        {
          emit_segment (sink, (LatticePoint) { run_start, line }, (LatticePoint) { x, line });
          run_start = G_MAXUINT;
        }
    }
  if (run_start != G_MAXUINT)
    emit_segment (sink, (LatticePoint) { run_start, line }, (LatticePoint) { x, line });
}

/* The slanted runs of one family (step +1: "\\", -1: "/") in row y,
 * given the runs open from the row above in open[] (indexed by column
 * minus area->x); runs that stop here are reported. */
static void
tri_slanted_runs (const RunSink  *sink,
                  const MazeGrid *grid,
                  const MazeRect *area,
                  guint           y,
                  gint            step,
                  TriOpenRun     *open,
                  TriOpenRun     *next)
{
  guint n = area->width + 1;
  /* The side at column i runs from (i + top, y) to (i + top + step, y + 1). */
  gint top = step > 0 ? 0 : 1;
  guint parity = step > 0 ? 1 : 0;

  for (guint k = 0; k < n; k++)
    next[k].i = -1;
  for (guint k = 0; k < n; k++)
    {
      guint i = area->x + k;
      gint64 from = (gint64) k - step;
      TriOpenRun *above = from >= 0 && from < n ? &open[from] : NULL;
      gboolean wall;

      if (((i + y) & 1) != parity)
        continue;
      /* Between triangles i - 1 and i, at least one in the area. */
      wall = i > 0 ? maze_geometry_is_wall (grid, i - 1, y, 1) : maze_geometry_is_wall (grid, i, y, 3);
      if (!wall)
        continue;
      if (above != NULL && above->i >= 0)
        {
          next[k] = *above;
          above->i = -1;
        }
      else
        next[k] = (TriOpenRun) { (gint64) i + top, y };
    }
  /* Runs from above that did not go on end on this row's top line. */
  for (guint k = 0; k < n; k++)
    if (open[k].i >= 0)
      emit_segment (sink, (LatticePoint) { open[k].i, open[k].j },
                    (LatticePoint) { (gint64) (area->x + k) + top + step, y });
  memcpy (open, next, n * sizeof *open);
}

static void
tri_wall_runs (const RunSink  *sink,
               const MazeGrid *grid,
               const MazeRect *area)
{
  guint n = area->width + 1;
  g_autofree TriOpenRun *down_right = g_new (TriOpenRun, n);
  g_autofree TriOpenRun *down_left = g_new (TriOpenRun, n);
  g_autofree TriOpenRun *next = g_new (TriOpenRun, n);
  guint last = area->y + area->height;

  for (guint k = 0; k < n; k++)
    down_right[k].i = down_left[k].i = -1;
  for (guint y = area->y; y <= last; y++)
    {
      tri_flat_runs (sink, grid, area, y);
      if (y < last)
        {
          tri_slanted_runs (sink, grid, area, y, 1, down_right, next);
          tri_slanted_runs (sink, grid, area, y, -1, down_left, next);
        }
    }
  /* What is still open ends on the area's bottom line. */
  for (guint k = 0; k < n; k++)
    {
      gint64 i = (gint64) area->x + k;

      if (down_right[k].i >= 0)
        emit_segment (sink, (LatticePoint) { down_right[k].i, down_right[k].j },
                      (LatticePoint) { i + 1, last });
      if (down_left[k].i >= 0)
        emit_segment (sink, (LatticePoint) { down_left[k].i, down_left[k].j },
                      (LatticePoint) { i, last });
    }
}

/* Hexagonal walls are chained greedily: start at the first unreported
 * wall side in reading order, extend the chain from both ends while an
 * unreported wall side meets the end, so no chain could be extended by
 * another's side (a corner joins at most three sides). Reported sides are
 * remembered in a bitset over the area; big areas go in bands of rows to
 * bound that (about a megabyte), and chains are then also cut where bands
 * meet. A chain that closes on itself (around a lone cell or a masked
 * block) repeats its first point at its end. Square walls are not
 * chained: their runs are straight, as the SVG writer and GTK snapshot
 * rectangles want. */

#define HEX_BAND_BITS (G_GUINT64_CONSTANT (1) << 23)

typedef struct
{
  const MazeGrid *grid;
  const MazeRect *area;
  guint           band_start;   /* rows band_start..band_end-1 of area */
  guint           band_end;
  /* The bitset covers columns area->x-1 .. area->x+area->width and rows
   * band_start-1 .. band_end-1: six bits per cell, one per direction,
   * for the side's canonical (cell, direction). */
  guint64        *used;
  guint           used_columns;
} HexChainer;

typedef struct
{
  guint x;
  guint y;
  guint dir;
} HexSide;

static inline gboolean
hex_in_band (const HexChainer *h,
             guint             x,
             guint             y)
{
  return x >= h->area->x && x - h->area->x < h->area->width &&
         y >= h->band_start && y < h->band_end;
}

static inline gboolean
hex_in_earlier_band (const HexChainer *h,
                     guint             x,
                     guint             y)
{
  return x >= h->area->x && x - h->area->x < h->area->width &&
         y >= h->area->y && y < h->band_start;
}

/* Is the side a wall of this band that no chain has taken yet? If so,
 * *bit is where it is marked taken: at the one (cell, dir) that names the
 * side from either of its cells, the cell owning the passage bit (or the
 * cell itself on the border). The neighbour is looked up once, as this is
 * the chainer's inner loop. */
static gboolean
hex_side_available (const HexChainer *h,
                    HexSide           s,
                    guint64          *bit)
{
  const MazeGrid *grid = h->grid;
  guint nx = 0, ny = 0;
  gboolean has_neighbour;
  guint8 a, b = 0;
  HexSide c = s;
  guint64 col, row;

  has_neighbour = maze_grid_step (grid, s.x, s.y, s.dir, &nx, &ny);
  if (!hex_in_band (h, s.x, s.y) && !(has_neighbour && hex_in_band (h, nx, ny)))
    return FALSE;
  /* A side between this band and an earlier one belongs to the earlier. */
  if (hex_in_earlier_band (h, s.x, s.y) ||
      (has_neighbour && hex_in_earlier_band (h, nx, ny)))
    return FALSE;

  /* Wall or not, as is_wall() says. */
  a = grid->cells[maze_grid_index (grid, s.x, s.y)];
  if (!has_neighbour && (a & MAZE_CELL_MASKED))
    return FALSE;
  if (has_neighbour)
    {
      b = grid->cells[maze_grid_index (grid, nx, ny)];
      if ((a | b) & MAZE_CELL_MASKED)
        {
          if ((a & b) & MAZE_CELL_MASKED)
            return FALSE;
        }
      else if (s.dir < 3 ? (a >> grid->topology->owned_bit[s.dir]) & 1
                         : (b >> grid->topology->owned_bit[s.dir - 3]) & 1)
        return FALSE;
      if (s.dir >= 3)
        {
          c.x = nx;
          c.y = ny;
          c.dir = s.dir - 3;
        }
    }

  col = (guint64) c.x + 1 - h->area->x;
  row = (guint64) c.y + 1 - h->band_start;
  g_assert (col < h->used_columns);
  g_assert (row <= h->band_end - h->band_start);
  *bit = (row * h->used_columns + col) * 6 + c.dir;
  return !((h->used[*bit >> 6] >> (*bit & 63)) & 1);
}

static inline void
hex_take_side (HexChainer *h,
               guint64     bit)
{
  h->used[bit >> 6] |= G_GUINT64_CONSTANT (1) << (bit & 63);
}

static inline LatticePoint
hex_corner (guint x,
            guint y,
            guint k)
{
  LatticePoint p;

  p.i = 1 + 2 * (gint64) x + (y & 1) + hex_corner_dx[k];
  p.j = 2 + 3 * (gint64) y + hex_corner_dy[k];
  return p;
}

/* A growing array of lattice points (GArray's calls cost too much in the
 * chainer's inner loop). */
typedef struct
{
  LatticePoint *points;
  gsize         len;
  gsize         size;
} PointList;

static inline void
point_list_push (PointList    *list,
                 LatticePoint  p)
{
  if (list->len == list->size)
    {
      list->size = MAX (64, 2 * list->size);
      list->points = g_renew (LatticePoint, list->points, list->size);
    }
  list->points[list->len++] = p;
}

/* Extends a chain from corner k of cell (x, y), where it arrived along
 * the cell's side came, until no available side meets its end, adding
 * the corners it passes to list. */
static void
hex_extend (HexChainer *h,
            guint       x,
            guint       y,
            guint       k,
            guint       came,
            PointList  *list)
{
  for (;;)
    {
      HexSide candidates[3];
      guint n = 0, nx, ny;
      guint64 bit;
      gboolean found = FALSE;
      LatticePoint here = hex_corner (x, y, k);

      /* Corner k is where sides k - 1 and k - 2 of the cell (one of them
       * the side the chain came along) meet the side between the two
       * neighbours across them. */
      if ((k + 5) % 6 != came)
        candidates[n++] = (HexSide) { x, y, (k + 5) % 6 };
      if ((k + 4) % 6 != came)
        candidates[n++] = (HexSide) { x, y, (k + 4) % 6 };
      if (maze_grid_step (h->grid, x, y, (k + 4) % 6, &nx, &ny))
        candidates[n++] = (HexSide) { nx, ny, k };
      else if (maze_grid_step (h->grid, x, y, (k + 5) % 6, &nx, &ny))
        candidates[n++] = (HexSide) { nx, ny, (k + 3) % 6 };

      for (guint c = 0; c < n && !found; c++)
        {
          HexSide s = candidates[c];
          LatticePoint a;

          if (!hex_side_available (h, s, &bit))
            continue;
          hex_take_side (h, bit);
          /* Continue from the side's far end. */
          a = hex_corner (s.x, s.y, (s.dir + 1) % 6);
          x = s.x;
          y = s.y;
          k = (a.i == here.i && a.j == here.j) ? (s.dir + 2) % 6 : (s.dir + 1) % 6;
          came = s.dir;
          found = TRUE;
        }
      if (!found)
        return;
      point_list_push (list, hex_corner (x, y, k));
    }
}

/* Reports backward (reversed) then forward as one polyline. */
static void
hex_emit_chain (const RunSink   *sink,
                const PointList *backward,
                const PointList *forward,
                double         **xs,
                double         **ys,
                gsize           *size)
{
  gsize n = backward->len + forward->len, i = 0;

  if (n > *size)
    {
      *size = MAX (n, 2 * *size);
      *xs = g_renew (double, *xs, *size);
      *ys = g_renew (double, *ys, *size);
    }
  for (gsize j = backward->len; j-- > 0; i++)
    lattice_to_point (sink->geometry, backward->points[j], &(*xs)[i], &(*ys)[i]);
  for (gsize j = 0; j < forward->len; j++, i++)
    lattice_to_point (sink->geometry, forward->points[j], &(*xs)[i], &(*ys)[i]);
  sink->func (*xs, *ys, (guint) n, sink->user_data);
}

static void
hex_wall_runs (const RunSink  *sink,
               const MazeGrid *grid,
               const MazeRect *area)
{
  PointList forward = { NULL, 0, 0 }, backward = { NULL, 0, 0 };
  g_autofree double *xs = NULL;
  g_autofree double *ys = NULL;
  gsize xy_size = 0;
  g_autofree guint64 *used = NULL;
  HexChainer h = { 0, };
  guint64 row_bits = ((guint64) area->width + 2) * 6;
  guint band_rows = (guint) CLAMP (HEX_BAND_BITS / row_bits, 2, G_MAXUINT) - 1;
  gsize used_words;

  band_rows = MIN (band_rows, area->height);
  used_words = (gsize) ((row_bits * (band_rows + 1) + 63) / 64);
  used = g_new (guint64, used_words);

  h.grid = grid;
  h.area = area;
  h.used = used;
  h.used_columns = area->width + 2;

  for (guint band = area->y; band < area->y + area->height; band += band_rows)
    {
      h.band_start = band;
      h.band_end = MIN (band + band_rows, area->y + area->height);
      memset (used, 0, used_words * sizeof (guint64));

      for (guint y = h.band_start; y < h.band_end; y++)
        for (guint x = area->x; x < area->x + area->width; x++)
          for (guint d = 0; d < 6; d++)
            {
              HexSide s = { x, y, d };
              LatticePoint a, b;
              guint nx, ny;
              guint64 bit;

              /* A W, NW or NE side whose neighbour lies in the band
               * was that neighbour's E, SE or SW side, seen already. */
              if (d >= 3 && maze_grid_step (grid, x, y, d, &nx, &ny) &&
                  hex_in_band (&h, nx, ny))
                continue;
              if (!hex_side_available (&h, s, &bit))
                continue;
              hex_take_side (&h, bit);
              a = hex_corner (x, y, (d + 1) % 6);
              b = hex_corner (x, y, (d + 2) % 6);
              backward.len = 0;
              forward.len = 0;
              point_list_push (&backward, a);
              point_list_push (&forward, b);
              hex_extend (&h, x, y, (d + 2) % 6, d, &forward);
              hex_extend (&h, x, y, (d + 1) % 6, d, &backward);
              hex_emit_chain (sink, &backward, &forward, &xs, &ys, &xy_size);
            }
    }
  g_free (forward.points);
  g_free (backward.points);
}

void
maze_geometry_foreach_wall_run (const MazeGeometry *geometry,
                                const MazeGrid     *grid,
                                const MazeRect     *area,
                                MazeWallRunFunc     func,
                                gpointer            user_data)
{
  maze_geometry_foreach_wall_run_full (geometry, grid, area, func, NULL, user_data);
}

static void
foreach_wall_run (const RunSink      *sink,
                  const MazeGrid     *grid,
                  const MazeRect     *area)
{
  MazeRect rect;

  g_return_if_fail (sink->geometry != NULL);
  g_return_if_fail (grid != NULL);
  g_return_if_fail (sink->func != NULL);
  g_return_if_fail (sink->geometry->shape == grid->shape);

  if (area != NULL)
    {
      rect = *area;
      if (!maze_rect_clip (&rect, grid))
        return;
    }
  else
    rect = maze_grid_full_rect (grid);

  if (grid->shape == MAZE_SHAPE_HEX)
    hex_wall_runs (sink, grid, &rect);
  else if (grid->shape == MAZE_SHAPE_CIRCULAR)
    maze_geometry_polar_wall_runs (sink, grid, &rect);
  else if (grid->shape == MAZE_SHAPE_TRI)
    tri_wall_runs (sink, grid, &rect);
  else
    rect_wall_runs (sink, grid, &rect);
}

void
maze_geometry_foreach_wall_run_full (const MazeGeometry *geometry,
                                     const MazeGrid     *grid,
                                     const MazeRect     *area,
                                     MazeWallRunFunc     func,
                                     MazeWallArcFunc     arc_func,
                                     gpointer            user_data)
{
  RunSink sink = { geometry, func, arc_func, user_data, FALSE, 0, 0, 0, 0 };

  foreach_wall_run (&sink, grid, area);
}

void
maze_geometry_foreach_visible_wall_run (const MazeGeometry *geometry,
                                        const MazeGrid     *grid,
                                        const MazeRect     *area,
                                        double              x,
                                        double              y,
                                        double              width,
                                        double              height,
                                        MazeWallRunFunc     func,
                                        MazeWallArcFunc     arc_func,
                                        gpointer            user_data)
{
  /* A box without bounds (no clip) shows everything. */
  gboolean bounded = isfinite (x) && isfinite (y) && isfinite (width) && isfinite (height) &&
                     width >= 0 && height >= 0;
  RunSink sink = { geometry, func, arc_func, user_data, bounded, x, y, x + width, y + height };

  foreach_wall_run (&sink, grid, area);
}
