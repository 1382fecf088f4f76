/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-render"

#include "config.h"

#include "maze-wall-raster.h"

#include <math.h>

struct _MazeWallRaster
{
  cairo_surface_t *mask;
  guint8          *data;
  int              stride;
  int              width;
  int              height;
  /* User units to the mask's pixels: scale, then offset. */
  double           scale;
  double           dx;
  double           dy;
  /* Where the mask goes in device space (cr's identity matrix). */
  double           device_x;
  double           device_y;
  double           half;      /* half the wall's width, in pixels */
  double           inner2;    /* squared distances: fully covered below */
  double           outer2;    /* not covered at all from here */
};

gboolean
maze_wall_raster_usable (cairo_t *cr)
{
  cairo_surface_t *target = cairo_get_group_target (cr);
  cairo_matrix_t m;
  double sx, sy;

  if (cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE ||
      cairo_get_antialias (cr) == CAIRO_ANTIALIAS_NONE ||
      cairo_get_line_cap (cr) != CAIRO_LINE_CAP_ROUND ||
      cairo_get_line_join (cr) != CAIRO_LINE_JOIN_ROUND)
    return FALSE;
  cairo_surface_get_device_scale (target, &sx, &sy);
  if (sx != 1.0 || sy != 1.0)
    return FALSE;
  /* A rotated or stretched pen is no capsule. */
  cairo_get_matrix (cr, &m);
  return m.xy == 0.0 && m.yx == 0.0 && m.xx > 0.0 && m.xx == m.yy;
}

MazeWallRaster *
maze_wall_raster_new (cairo_t *cr,
                      double   wall_width)
{
  cairo_surface_t *target = cairo_get_group_target (cr);
  MazeWallRaster *raster;
  cairo_matrix_t m;
  double x1, y1, x2, y2, ox, oy;
  int left, top, right, bottom;

  if (!maze_wall_raster_usable (cr))
    return NULL;
  cairo_get_matrix (cr, &m);
  cairo_surface_get_device_offset (target, &ox, &oy);
  cairo_clip_extents (cr, &x1, &y1, &x2, &y2);
  /* The clip in the surface's pixels, whole pixels. */
  left = (int) CLAMP (floor (x1 * m.xx + m.x0 + ox), 0,
                      cairo_image_surface_get_width (target));
  right = (int) CLAMP (ceil (x2 * m.xx + m.x0 + ox), left,
                       cairo_image_surface_get_width (target));
  top = (int) CLAMP (floor (y1 * m.yy + m.y0 + oy), 0,
                     cairo_image_surface_get_height (target));
  bottom = (int) CLAMP (ceil (y2 * m.yy + m.y0 + oy), top,
                        cairo_image_surface_get_height (target));
  if (right <= left || bottom <= top)
    return NULL;

  raster = g_new0 (MazeWallRaster, 1);
  raster->width = right - left;
  raster->height = bottom - top;
  raster->mask = cairo_image_surface_create (CAIRO_FORMAT_A8, raster->width, raster->height);
  if (cairo_surface_status (raster->mask) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (raster->mask);
      g_free (raster);
      return NULL;
    }
  cairo_surface_flush (raster->mask);
  raster->data = cairo_image_surface_get_data (raster->mask);
  raster->stride = cairo_image_surface_get_stride (raster->mask);
  raster->scale = m.xx;
  raster->dx = m.x0 + ox - left;
  raster->dy = m.y0 + oy - top;
  raster->device_x = left - ox;
  raster->device_y = top - oy;
  raster->half = wall_width * m.xx / 2.0;
  raster->inner2 = raster->half > 0.5 ? (raster->half - 0.5) * (raster->half - 0.5) : -1.0;
  raster->outer2 = (raster->half + 0.5) * (raster->half + 0.5);
  return raster;
}

/* Coverage in this many steps: no one sees a step of 1/64, and walls
 * on paper then come in 65 shades, so a picture with markers in their
 * colours still fits a PNG palette (a byte a pixel to deflate, not
 * RGB's three: maze-png.c). */
#define COVERAGE_STEPS 64u

/* The share of a pixel-wide box across an edge at distance d from the
 * wall's middle line, to the nearest step: exact for walls along the
 * pixel grid, within a few levels of cairo's area coverage elsewhere. */
static inline void
cover_at (MazeWallRaster *raster,
          guint8         *pixel,
          double          d)
{
  double c;
  guint step;
  guint8 level;

  c = MIN (d + 0.5, raster->half) - MAX (d - 0.5, -raster->half);
  step = (guint) (CLAMP (c, 0.0, 1.0) * COVERAGE_STEPS + 0.5);
  level = (guint8) ((step * 255u + COVERAGE_STEPS / 2) / COVERAGE_STEPS);
  if (level > *pixel)
    *pixel = level;
}

/* The same from the squared distance d2, which most pixels' answer
 * needs no square root of. */
static inline void
cover (MazeWallRaster *raster,
       guint8         *pixel,
       double          d2)
{
  if (d2 >= raster->outer2)
    return;
  if (d2 <= raster->inner2)
    {
      *pixel = 255;
      return;
    }
  cover_at (raster, pixel, sqrt (d2));
}

/* The mask's pixels [*i1, *i2) x [*j1, *j2) that x1..x2, y1..y2 (mask
 * pixels) and the wall's rim can reach; FALSE when none. */
static gboolean
pixel_box (const MazeWallRaster *raster,
           double                x1,
           double                y1,
           double                x2,
           double                y2,
           int                  *i1,
           int                  *j1,
           int                  *i2,
           int                  *j2)
{
  double pad = raster->half + 0.5;

  *i1 = (int) CLAMP (floor (x1 - pad), 0, raster->width);
  *i2 = (int) CLAMP (ceil (x2 + pad), 0, raster->width);
  *j1 = (int) CLAMP (floor (y1 - pad), 0, raster->height);
  *j2 = (int) CLAMP (ceil (y2 + pad), 0, raster->height);
  return *i1 < *i2 && *j1 < *j2;
}

/* Columns [*i1, *i2) cut down to the pixels whose centres lie between
 * x1 and x2 (a centre is at i + 0.5), give or take a 1/1024 pixel for
 * rounding. The caller's x1..x2 hold every pixel within the wall's rim
 * (half + 0.5 from its middle line), and no pixel beyond that gets any
 * coverage: the mask is the same, and most of a slanted piece's box is
 * not visited. (An arc piece's box is mostly its rim already: cutting
 * its rows to the annulus saved nothing measurable.) */
static inline void
narrow_columns (double  x1,
                double  x2,
                int    *i1,
                int    *i2)
{
  /* Clamped first, so the truncations are floors of values >= 0. */
  double from = CLAMP (x1 - 0.5 - 1.0 / 1024, *i1, *i2);
  double to = CLAMP (x2 + 0.5 + 1.0 / 1024, from, *i2);
  int first = (int) from;

  *i1 = first + (first < from);   /* ceil */
  *i2 = (int) to;                 /* floor: the first centre past x2 */
}

static void
add_capsule_piece (MazeWallRaster *raster,
                   double          ax,
                   double          ay,
                   double          bx,
                   double          by)
{
  double ux = bx - ax, uy = by - ay, len2 = ux * ux + uy * uy;
  double inv_len2 = len2 > 0 ? 1.0 / len2 : 0.0;
  /* Every pixel the wall reaches is within reach of the piece's line
   * along its row, and the line shifts by shift a row down (infinite or
   * NaN for a piece along the row or a dot: then the box it is). */
  double reach = (raster->half + 0.5) * sqrt (len2) / fabs (uy), shift = ux / uy;
  int i1, j1, i2, j2;

  if (!pixel_box (raster, MIN (ax, bx), MIN (ay, by), MAX (ax, bx), MAX (ay, by),
                  &i1, &j1, &i2, &j2))
    return;
  for (int j = j1; j < j2; j++)
    {
      guint8 *row = raster->data + (gsize) j * raster->stride;
      double py = j + 0.5 - ay;
      int first = i1, last = i2;

      if (reach < i2 - i1)
        narrow_columns (ax + py * shift - reach, ax + py * shift + reach, &first, &last);
      for (int i = first; i < last; i++)
        {
          double px = i + 0.5 - ax;
          double t = CLAMP ((px * ux + py * uy) * inv_len2, 0.0, 1.0);
          double ex = px - t * ux, ey = py - t * uy;

          cover (raster, row + i, ex * ex + ey * ey);
        }
    }
}

/* A long slanted run (merged walls of a triangle grid, a masked edge)
 * would have a box of mostly empty pixels: cut into pieces of at most
 * MAX_PIECE pixels. The capsules of the pieces cover exactly the
 * capsule of the whole (coverage goes by the distance to the nearest
 * point), so the pixels are the same. */
#define MAX_PIECE 32.0

static void
add_capsule (MazeWallRaster *raster,
             double          ax,
             double          ay,
             double          bx,
             double          by)
{
  double length = hypot (bx - ax, by - ay);
  guint n = length > MAX_PIECE ? (guint) MIN (ceil (length / MAX_PIECE), 1e6) : 1;

  for (guint k = 0; k < n; k++)
    add_capsule_piece (raster, ax + (bx - ax) * k / n, ay + (by - ay) * k / n,
                       ax + (bx - ax) * (k + 1) / n, ay + (by - ay) * (k + 1) / n);
}

void
maze_wall_raster_add_run (MazeWallRaster *raster,
                          const double   *xs,
                          const double   *ys,
                          guint           n_points,
                          gboolean        closed)
{
  double s;

  g_return_if_fail (raster != NULL);

  s = raster->scale;

  if (n_points == 1)
    add_capsule (raster, xs[0] * s + raster->dx, ys[0] * s + raster->dy,
                 xs[0] * s + raster->dx, ys[0] * s + raster->dy);
  for (guint k = 1; k < n_points + (closed && n_points > 2 ? 1 : 0); k++)
    {
      guint a = k - 1, b = k % n_points;

      add_capsule (raster, xs[a] * s + raster->dx, ys[a] * s + raster->dy,
                   xs[b] * s + raster->dx, ys[b] * s + raster->dy);
    }
}

/* A piece of ring of at most a quarter turn, with round ends: inside
 * its wedge the distance is the one to the circle, outside it the one
 * to the nearer end. */
static void
add_arc_piece (MazeWallRaster *raster,
               double          cx,
               double          cy,
               double          radius,
               double          angle1,
               double          angle2)
{
  double c1 = cos (angle1), s1 = sin (angle1), c2 = cos (angle2), s2 = sin (angle2);
  double e1x = cx + radius * c1, e1y = cy + radius * s1;
  double e2x = cx + radius * c2, e2y = cy + radius * s2;
  double x1 = MIN (e1x, e2x), x2 = MAX (e1x, e2x), y1 = MIN (e1y, e2y), y2 = MAX (e1y, e2y);
  double lo = MAX (radius - raster->half - 0.5, 0.0), hi = radius + raster->half + 0.5;
  int i1, j1, i2, j2;

  /* The circle's extremes along x and y that the piece passes. */
  for (int q = (int) ceil (angle1 / G_PI_2); q * G_PI_2 < angle2; q++)
    {
      double qx = cx + radius * cos (q * G_PI_2), qy = cy + radius * sin (q * G_PI_2);

      x1 = MIN (x1, qx);
      x2 = MAX (x2, qx);
      y1 = MIN (y1, qy);
      y2 = MAX (y2, qy);
    }
  if (!pixel_box (raster, x1, y1, x2, y2, &i1, &j1, &i2, &j2))
    return;
  lo *= lo;
  hi *= hi;
  for (int j = j1; j < j2; j++)
    {
      guint8 *row = raster->data + (gsize) j * raster->stride;
      double py = j + 0.5 - cy;

      for (int i = i1; i < i2; i++)
        {
          double px = i + 0.5 - cx, r2 = px * px + py * py;

          /* Every pixel the piece reaches, its round ends too (centred
           * on the circle), lies in the annulus lo..hi. */
          if (r2 <= lo || r2 >= hi)
            continue;
          if (c1 * py - s1 * px >= 0 && px * s2 - py * c2 >= 0)
            {
              /* The distance itself: the square root of its square
               * would be it again. */
              cover_at (raster, row + i, fabs (sqrt (r2) - radius));
            }
          else
            {
              double ax = i + 0.5 - e1x, ay = j + 0.5 - e1y;
              double bx = i + 0.5 - e2x, by = j + 0.5 - e2y;

              cover (raster, row + i, MIN (ax * ax + ay * ay, bx * bx + by * by));
            }
        }
    }
}

void
maze_wall_raster_add_arc (MazeWallRaster    *raster,
                          const MazeWallArc *arc)
{
  double s, span;
  guint n;

  g_return_if_fail (raster != NULL);
  g_return_if_fail (arc != NULL);

  s = raster->scale;
  span = arc->angle2 - arc->angle1;
  /* Cell by cell, as cairo's path has it: a long ring's piece would
   * have a box of mostly empty pixels. */
  n = MAX ((guint) lround (span / arc->step), (guint) ceil (span / G_PI_2 - 1e-9));
  n = MAX (n, 1);

  for (guint k = 0; k < n; k++)
    add_arc_piece (raster, arc->cx * s + raster->dx, arc->cy * s + raster->dy, arc->radius * s,
                   arc->angle1 + span * k / n, arc->angle1 + span * (k + 1) / n);
}

void
maze_wall_raster_finish (MazeWallRaster *raster,
                         cairo_t        *cr)
{
  g_return_if_fail (raster != NULL);

  cairo_surface_mark_dirty (raster->mask);
  cairo_save (cr);
  cairo_identity_matrix (cr);
  cairo_mask_surface (cr, raster->mask, raster->device_x, raster->device_y);
  cairo_restore (cr);
  cairo_surface_destroy (raster->mask);
  g_free (raster);
}
