/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-render"

#include "config.h"

#include "maze-geometry-private.h"

#include <math.h>

/* The circular grid's geometry: rings around an open room or a centre
 * cell at the centre of the bounding box. cell_size is a ring's
 * thickness; the room has radius cell_size, and ring y spans radii
 * (y + 1) to (y + 2) cell sizes; a centre cell is ring 0, the disc of
 * radius cell_size, and ring y spans y to y + 1 (ring_inner()).
 * Cell x of a ring of L cells spans the angles 2 pi x / L to
 * 2 pi (x + 1) / L, counted clockwise from straight up ("north"): a
 * point at radius r and angle a is (cx + r sin a, cy - r cos a). Cairo
 * and SVG count angles clockwise from +x (y grows downwards), which is
 * a - pi / 2.
 *
 * A cell is an annular sector (MazeSector, what fills follow): its
 * inward and outward sides are arcs, its clockwise and anticlockwise
 * sides radial segments. Its outline is a polygon with each arc cut in
 * two chords (six corners, as many as MAZE_MAX_DIRS), for what needs
 * points (hit boxes, bounds). Walls are reported as arcs (MazeWallArc) merged along
 * a ring and radial runs merged along a spoke. */

#define TAU (2 * G_PI)

static inline guint
ring_length (const MazeGeometry *g,
             guint               y)
{
  return g->polar->lengths[y];
}

/* The radius of ring y's inner side, in cell sizes. */
static inline double
ring_inner (const MazeGeometry *g,
            guint               y)
{
  return y + (g->polar->centre ? 0 : 1);
}

/* The centre cell, a disc with no sides of its own. */
static inline gboolean
is_centre_cell (const MazeGeometry *g,
                guint               y)
{
  return y == 0 && g->polar->centre;
}

void
maze_geometry_polar_centre (const MazeGeometry *g,
                            double             *cx,
                            double             *cy)
{
  *cx = g->origin_x + g->width / 2;
  *cy = g->origin_y + g->height / 2;
}

/* The point at radius r (in cell sizes) and angle a. */
static inline void
polar_point (const MazeGeometry *g,
             double              r,
             double              a,
             double             *x,
             double             *y)
{
  double cx, cy;

  maze_geometry_polar_centre (g, &cx, &cy);
  *x = cx + r * g->cell_size * sin (a);
  *y = cy - r * g->cell_size * cos (a);
}

/* Cell x's angles in ring y. */
static inline double
cell_angle (const MazeGeometry *g,
            guint               y,
            double              x)
{
  return TAU * x / ring_length (g, y);
}

void
maze_geometry_polar_init (MazeGeometry   *g,
                          const MazeGrid *grid)
{
  g->polar = grid->polar;
  g->width = g->height = maze_geometry_polar_span (grid) * g->cell_size;
}

double
maze_geometry_polar_span (const MazeGrid *grid)
{
  return 2.0 * ((double) grid->height + (grid->polar->centre ? 0 : 1));
}

void
maze_geometry_polar_cell_center (const MazeGeometry *g,
                                 guint               x,
                                 guint               y,
                                 double             *cx,
                                 double             *cy)
{
  polar_point (g, is_centre_cell (g, y) ? 0 : ring_inner (g, y) + 0.5,
               cell_angle (g, y, x + 0.5), cx, cy);
}

guint
maze_geometry_polar_cell_outline (const MazeGeometry *g,
                                  guint               x,
                                  guint               y,
                                  double             *xs,
                                  double             *ys)
{
  /* Clockwise as drawn: along the outer arc, back along the inner. */
  static const double fraction[6] = { 0, 0.5, 1, 1, 0.5, 0 };
  static const double radius[6] = { 2, 2, 2, 1, 1, 1 };

  if (is_centre_cell (g, y))
    {
      /* The disc: a hexagon in it. */
      for (guint k = 0; k < 6; k++)
        polar_point (g, 1, TAU * k / 6, &xs[k], &ys[k]);
      return 6;
    }
  for (guint k = 0; k < 6; k++)
    polar_point (g, ring_inner (g, y) + radius[k] - 1, cell_angle (g, y, x + fraction[k]),
                 &xs[k], &ys[k]);
  return 6;
}

gboolean
maze_geometry_polar_cell_sector (const MazeGeometry *g,
                                 guint               x,
                                 guint               y,
                                 MazeSector         *sector)
{
  maze_geometry_polar_centre (g, &sector->cx, &sector->cy);
  sector->inner = ring_inner (g, y) * g->cell_size;
  sector->outer = (ring_inner (g, y) + 1) * g->cell_size;
  sector->angle1 = cell_angle (g, y, x) - G_PI / 2;
  sector->angle2 = cell_angle (g, y, x + 1) - G_PI / 2;
  /* Two where the next ring splits; a centre cell's, one a cell. */
  sector->n_outer = y + 1 < g->rows ? ring_length (g, y + 1) / ring_length (g, y) : 1;
  return TRUE;
}

gboolean
maze_geometry_polar_side (const MazeGeometry *g,
                          guint               x,
                          guint               y,
                          guint               dir,
                          double             *x1,
                          double             *y1,
                          double             *x2,
                          double             *y2)
{
  double a0 = cell_angle (g, y, x), a1 = cell_angle (g, y, x + 1), mid = cell_angle (g, y, x + 0.5);
  gboolean split_out = y + 1 < g->rows && ring_length (g, y + 1) != ring_length (g, y);
  double inner = ring_inner (g, y), outer = inner + 1;

  /* The centre cell's sides are the first ring's inner ones. */
  if (!(maze_polar_dirs_at (g->polar, x, y) & (1u << dir)) || (y == 0 && g->polar->centre))
    return FALSE;
  switch (dir)
    {
    case MAZE_POLAR_CW:
      polar_point (g, inner, a1, x1, y1);
      polar_point (g, outer, a1, x2, y2);
      return TRUE;
    case MAZE_POLAR_CCW:
      polar_point (g, outer, a0, x1, y1);
      polar_point (g, inner, a0, x2, y2);
      return TRUE;
    case MAZE_POLAR_IN_A:
    case MAZE_POLAR_IN_B:
      polar_point (g, inner, a1, x1, y1);
      polar_point (g, inner, a0, x2, y2);
      return TRUE;
    case MAZE_POLAR_OUT_A:
      polar_point (g, outer, a0, x1, y1);
      polar_point (g, outer, split_out ? mid : a1, x2, y2);
      return TRUE;
    case MAZE_POLAR_OUT_B:
      polar_point (g, outer, mid, x1, y1);
      polar_point (g, outer, a1, x2, y2);
      return TRUE;
    default:
      return FALSE;
    }
}

/* The angle of (u, v) from the centre, 0..2 pi clockwise from north. */
static inline double
angle_of (double u,
          double v)
{
  double a = atan2 (u, -v);

  return a < 0 ? a + TAU : a;
}

gboolean
maze_geometry_polar_cell_at (const MazeGeometry *g,
                             double              px,
                             double              py,
                             guint              *x,
                             guint              *y)
{
  double cx, cy, r, ring, a;
  guint length;

  maze_geometry_polar_centre (g, &cx, &cy);
  r = hypot (px - cx, py - cy) / g->cell_size;
  /* Also rejects NaN. */
  if (!(r >= ring_inner (g, 0) && r <= ring_inner (g, g->rows)))
    return FALSE;
  ring = MIN (floor (r - ring_inner (g, 0)), (double) g->rows - 1);
  length = ring_length (g, (guint) ring);
  a = angle_of (px - cx, py - cy);
  *y = (guint) ring;
  *x = MIN ((guint) floor (a / TAU * length), length - 1);
  return TRUE;
}

gboolean
maze_geometry_polar_cells_in_area (const MazeGeometry *g,
                                   double              u0,
                                   double              v0,
                                   double              u1,
                                   double              v1,
                                   MazeRect           *cells)
{
  double cx, cy, near_u, near_v, far_u, far_v, r0, r1;
  guint outer = ring_length (g, g->rows - 1);
  gint64 ring0, ring1;

  maze_geometry_polar_centre (g, &cx, &cy);
  /* Relative to the centre: the nearest and farthest points. */
  u0 -= cx - g->origin_x;
  u1 -= cx - g->origin_x;
  v0 -= cy - g->origin_y;
  v1 -= cy - g->origin_y;
  near_u = u0 > 0 ? u0 : u1 < 0 ? u1 : 0;
  near_v = v0 > 0 ? v0 : v1 < 0 ? v1 : 0;
  far_u = MAX (fabs (u0), fabs (u1));
  far_v = MAX (fabs (v0), fabs (v1));
  r0 = hypot (near_u, near_v) / g->cell_size;
  r1 = hypot (far_u, far_v) / g->cell_size;
  if (!(r0 <= ring_inner (g, g->rows)) || !(r1 >= ring_inner (g, 0)))
    return FALSE;
  ring0 = MAX ((gint64) floor (r0 - ring_inner (g, 0)), 0);
  ring1 = MIN ((gint64) floor (r1 - ring_inner (g, 0)), (gint64) g->rows - 1);
  cells->y = (guint) ring0;
  cells->height = (guint) (ring1 - ring0 + 1);
  cells->x = 0;
  cells->width = outer;

  /* Away from the centre the rectangle sees an angle under a half turn,
   * reached at its corners; the columns, of the outer ring, that cover
   * it, unless it reaches round past north, which a MazeRect cannot. */
  if (near_u != 0 || near_v != 0)
    {
      double us[4] = { u0, u1, u1, u0 }, vs[4] = { v0, v0, v1, v1 };
      double mid = angle_of ((u0 + u1) / 2, (v0 + v1) / 2), lo = 0, hi = 0;

      for (guint k = 0; k < 4; k++)
        {
          double d = angle_of (us[k], vs[k]) - mid;

          d = d > G_PI ? d - TAU : d < -G_PI ? d + TAU : d;
          lo = MIN (lo, d);
          hi = MAX (hi, d);
        }
      if (mid + lo >= 0 && mid + hi < TAU)
        {
          guint first = (guint) floor ((mid + lo) / TAU * outer);
          guint last = MIN ((guint) floor ((mid + hi) / TAU * outer), outer - 1);

          cells->x = first;
          cells->width = last - first + 1;
        }
    }
  return TRUE;
}

/* ---- Walls ---- */

static void
emit_arc (const MazeWallSink *sink,
          double              ring_radius,
          guint               length,
          double              a0,
          double              a1)
{
  MazeWallArc arc;

  maze_geometry_polar_centre (sink->geometry, &arc.cx, &arc.cy);
  arc.radius = ring_radius * sink->geometry->cell_size;
  arc.angle1 = a0 - G_PI / 2;
  arc.angle2 = a1 - G_PI / 2;
  arc.step = TAU / length;
  maze_wall_sink_arc (sink, &arc);
}

/* Whether the inner side of cell (x, y), or with outer its outer side
 * (on the outer ring: its outer border), is a wall. */
static gboolean
arc_is_wall (const MazeGrid *grid,
             guint           x,
             guint           y,
             gboolean        outer)
{
  guint dir = outer ? MAZE_POLAR_OUT_A
                    : (maze_polar_dirs_at (grid->polar, x, y) & (1u << MAZE_POLAR_IN_A))
                      ? MAZE_POLAR_IN_A : MAZE_POLAR_IN_B;

  return maze_geometry_is_wall (grid, x, y, dir);
}

/* Of a ring, the cells a view box shows, as ranges x0..x1-1 in order
 * (x1 past the ring's length for one that runs on past angle 0): see
 * ring_view_spans(). */
#define MAX_VIEW_SPANS 8

typedef struct
{
  guint n;
  guint x[MAX_VIEW_SPANS][2];
} ViewSpans;

/* Whether cells x0..x1-1 of a ring of length cells (x0 < 2 length) meet
 * one of the spans. */
static gboolean
run_in_view (const ViewSpans *view,
             guint            length,
             guint            x0,
             guint            x1)
{
  for (guint i = 0; i < view->n; i++)
    for (guint turn = 0; turn < 3; turn++)
      {
        /* The span a turn earlier, as is, and a turn later. */
        gint64 a = (gint64) view->x[i][0] + ((gint64) turn - 1) * length;
        gint64 b = (gint64) view->x[i][1] + ((gint64) turn - 1) * length;

        if (a < x1 && b > x0)
          return TRUE;
      }
  return FALSE;
}

/* Sweep positions p0..p1-1 of a whole ring, swept from start (see
 * ring_arcs()). */
typedef struct
{
  guint p0, p1;
} SweepSpan;

static int
compare_sweep_spans (gconstpointer a,
                     gconstpointer b)
{
  const SweepSpan *x = a, *y = b;

  return (x->p0 > y->p0) - (x->p0 < y->p0);
}

/* ring_arcs() over a whole ring with a view, looking only at the cells
 * near the view's spans rather than at every cell of the ring for each
 * strip of an export: each span's runs traced from where they start
 * to where they end, at the same positions of the sweep from start, so
 * the very arcs the whole sweep emits. */
static void
ring_arcs_seen (const MazeWallSink *sink,
                const MazeGrid     *grid,
                guint               y,
                gboolean            outer,
                guint               start,
                const ViewSpans    *view)
{
  const MazeGeometry *g = sink->geometry;
  guint length = ring_length (g, y), end = start + length;
  double radius = ring_inner (g, y) + (outer ? 1 : 0);
  SweepSpan spans[2 * MAX_VIEW_SPANS];
  guint n = 0, done = start;

  /* A span in cells (x1 may run past angle 0) as sweep positions in
   * start..end-1: in two when it runs past the sweep's end. */
  for (guint i = 0; i < view->n; i++)
    {
      guint p0 = view->x[i][0] >= start ? view->x[i][0] : view->x[i][0] + length;
      guint p1 = p0 + (view->x[i][1] - view->x[i][0]);

      spans[n++] = (SweepSpan) { p0, MIN (p1, end) };
      if (p1 > end)
        spans[n++] = (SweepSpan) { start, start + (p1 - end) };
    }
  qsort (spans, n, sizeof *spans, compare_sweep_spans);

  for (guint i = 0; i < n; i++)
    {
      guint x = MAX (spans[i].p0, done), run_start = G_MAXUINT;

      if (x >= spans[i].p1)
        continue;
      /* Back to the start of a run already under way (start is a gap,
       * and so is done). */
      if (arc_is_wall (grid, x % length, y, outer))
        while (x > done && arc_is_wall (grid, (x - 1) % length, y, outer))
          x--;
      for (;; x++)
        {
          gboolean wall = x < end && arc_is_wall (grid, x % length, y, outer);

          if (wall && run_start == G_MAXUINT)
            run_start = x;
          else if (!wall && run_start != G_MAXUINT)
            {
              if (run_in_view (view, length, run_start, x))
                emit_arc (sink, radius, length, cell_angle (g, y, run_start), cell_angle (g, y, x));
              run_start = G_MAXUINT;
            }
          if (!wall && (x >= spans[i].p1 || x >= end))
            break;
        }
      done = x;
    }
}

/* The arcs on circle y + 1 (the inner side of ring y; the next ring's
 * inner sides are the outward ones of this), or on circle y + 2 (the
 * outer border) with outer, over the cells x0..x1-1 of ring y, merged.
 * Over a whole ring the sweep starts after a gap, so that no run is cut
 * at angle 0; a ring all wall is one circle. With view, only the runs
 * that meet it: the very runs of a drawing without one. */
static void
ring_arcs (const MazeWallSink *sink,
           const MazeGrid     *grid,
           guint               y,
           guint               x0,
           guint               x1,
           gboolean            outer,
           const ViewSpans    *view)
{
  const MazeGeometry *g = sink->geometry;
  guint length = ring_length (g, y);
  double radius = ring_inner (g, y) + (outer ? 1 : 0);
  guint start = x0, n = x1 - x0, run_start = G_MAXUINT;

  /* The centre cell's only sides are the first ring's inner ones. */
  if (is_centre_cell (g, y) && !outer)
    return;
  if (x0 == 0 && x1 == length)
    {
      while (start < length && arc_is_wall (grid, start, y, outer))
        start++;
      if (start == length)
        {
          emit_arc (sink, radius, length, 0, TAU);
          return;
        }
      if (view != NULL)
        {
          ring_arcs_seen (sink, grid, y, outer, start, view);
          return;
        }
    }
  for (guint i = 0; i <= n; i++)
    {
      guint x = start + i;   /* past the ring's end: round again */
      gboolean wall = i < n && arc_is_wall (grid, x % length, y, outer);

      if (wall && run_start == G_MAXUINT)
        run_start = x;
      else if (!wall && run_start != G_MAXUINT)
        {
          if (view == NULL || run_in_view (view, length, run_start, x))
            emit_arc (sink, radius, length, cell_angle (g, y, run_start), cell_angle (g, y, x));
          run_start = G_MAXUINT;
        }
    }
}

/* Whether the spoke at outer column a (of outer cells a ring) is a wall
 * across ring y: a cell boundary crosses it there, the cell before it
 * closed clockwise. */
static gboolean
spoke_is_wall (const MazeGeometry *g,
               const MazeGrid     *grid,
               guint               outer,
               guint               a,
               guint               y)
{
  guint length = ring_length (g, y);
  guint s = outer / length;

  if (a % s != 0 || is_centre_cell (g, y))
    return FALSE;
  return maze_geometry_is_wall (grid, (a / s + length - 1) % length, y, MAZE_POLAR_CW);
}

/* The radial walls on the spoke at outer column a (the clockwise sides
 * of the cells ending there), merged along rings y0..y1-1; those that
 * meet rings view0..view1-1. Only the rings of the view are looked at,
 * and those of runs that reach into it: the runs are the same whatever
 * the view. */
static void
spoke_runs (const MazeWallSink *sink,
            const MazeGrid     *grid,
            guint               a,
            guint               y0,
            guint               y1,
            guint               view0,
            guint               view1)
{
  const MazeGeometry *g = sink->geometry;
  guint outer = ring_length (g, g->rows - 1);
  double angle = TAU * a / outer;
  guint run_start = G_MAXUINT;
  guint first = CLAMP (view0, y0, y1);

  /* Back to the start of a run under way at the view's first ring. */
  if (first < y1 && spoke_is_wall (g, grid, outer, a, first))
    while (first > y0 && spoke_is_wall (g, grid, outer, a, first - 1))
      first--;
  for (guint y = first; y <= y1; y++)
    {
      gboolean wall = y < y1 && spoke_is_wall (g, grid, outer, a, y);

      if (!wall && run_start == G_MAXUINT && y >= view1)
        break;
      if (wall && run_start == G_MAXUINT)
        run_start = y;
      else if (!wall && run_start != G_MAXUINT)
        {
          double xs[2], ys[2];

          if (run_start < view1 && y > view0)
            {
              polar_point (g, ring_inner (g, run_start), angle, &xs[0], &ys[0]);
              polar_point (g, ring_inner (g, y), angle, &xs[1], &ys[1]);
              maze_wall_sink_line (sink, xs, ys, 2);
            }
          run_start = G_MAXUINT;
        }
    }
}

/* ---- What a box shows ---- */

/* A strip of an export across the middle holds whole rings in its
 * MazeRect, yet meets each outer ring in two short stretches: with a
 * view box (MazeWallSink), only the cells of each ring under it are
 * drawn, a cell of margin either side. */

typedef struct
{
  double u0, v0, u1, v1;   /* the view box, relative to the centre */
} ViewBox;

static void
view_box (const MazeWallSink *sink,
          ViewBox            *box)
{
  double cx, cy;

  maze_geometry_polar_centre (sink->geometry, &cx, &cy);
  *box = (ViewBox) { sink->view_x1 - cx, sink->view_y1 - cy, sink->view_x2 - cx,
                     sink->view_y2 - cy };
}

/* The radii r0..r1 (pixels) at which the ray from the centre at angle a
 * runs through the box, when it does. */
static gboolean
ray_in_box (const ViewBox *box,
            double         a,
            double        *r0,
            double        *r1)
{
  double du = sin (a), dv = -cos (a);
  double lo = 0, hi = G_MAXDOUBLE;
  const double ends[2][2] = { { box->u0, box->u1 }, { box->v0, box->v1 } };
  const double d[2] = { du, dv };

  for (guint k = 0; k < 2; k++)
    {
      if (fabs (d[k]) < 1e-12)
        {
          if (ends[k][0] > 0 || ends[k][1] < 0)
            return FALSE;
          continue;
        }
      lo = MAX (lo, MIN (ends[k][0] / d[k], ends[k][1] / d[k]));
      hi = MIN (hi, MAX (ends[k][0] / d[k], ends[k][1] / d[k]));
    }
  *r0 = lo;
  *r1 = hi;
  return lo <= hi;
}

static int
compare_angles (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Where the circle of radius r (pixels) crosses the box's sides. */
static guint
circle_crossings (const ViewBox *box,
                  double         r,
                  double        *angles)
{
  const double us[2] = { box->u0, box->u1 }, vs[2] = { box->v0, box->v1 };
  guint n = 0;

  for (guint k = 0; k < 2; k++)
    {
      if (fabs (us[k]) <= r)
        {
          double v = sqrt (r * r - us[k] * us[k]);

          if (v >= box->v0 && v <= box->v1)
            angles[n++] = angle_of (us[k], v);
          if (-v >= box->v0 && -v <= box->v1)
            angles[n++] = angle_of (us[k], -v);
        }
      if (fabs (vs[k]) <= r)
        {
          double u = sqrt (r * r - vs[k] * vs[k]);

          if (u >= box->u0 && u <= box->u1)
            angles[n++] = angle_of (u, vs[k]);
          if (-u >= box->u0 && -u <= box->u1)
            angles[n++] = angle_of (-u, vs[k]);
        }
    }
  return n;
}

/* The cells of ring y (radii y + 1 to y + 2) that the box meets, a cell
 * either side to spare, into view. The angles where that changes are those of the box's corners inside
 * the ring and of the crossings of its two circles with the box's
 * sides; between two of them a ray either meets the ring in the box or
 * not. Returns how many; G_MAXUINT for the whole ring. */
static guint
ring_view_spans (const MazeGeometry *g,
                 const ViewBox      *box,
                 guint               y,
                 ViewSpans          *view)
{
  double r0 = ring_inner (g, y) * g->cell_size, r1 = (ring_inner (g, y) + 1) * g->cell_size;
  const double us[4] = { box->u0, box->u1, box->u1, box->u0 };
  const double vs[4] = { box->v0, box->v0, box->v1, box->v1 };
  double angles[2 + 4 + 16];
  gint64 length = ring_length (g, y), cells[MAX_VIEW_SPANS][2];
  guint n = 0, n_cells = 0;

  angles[n++] = 0;
  angles[n++] = TAU;
  for (guint k = 0; k < 4; k++)
    {
      double r = hypot (us[k], vs[k]);

      if (r >= r0 && r <= r1)
        angles[n++] = angle_of (us[k], vs[k]);
    }
  n += circle_crossings (box, r0, angles + n);
  n += circle_crossings (box, r1, angles + n);
  qsort (angles, n, sizeof *angles, compare_angles);

  for (guint i = 0; i + 1 < n; i++)
    {
      double lo, hi;
      gint64 x0, x1;

      if (!(angles[i + 1] > angles[i]) ||
          !ray_in_box (box, (angles[i] + angles[i + 1]) / 2, &lo, &hi) || hi < r0 || lo > r1)
        continue;
      x0 = (gint64) floor (angles[i] / TAU * length) - 1;
      x1 = (gint64) floor (angles[i + 1] / TAU * length) + 2;
      if (n_cells > 0 && x0 <= cells[n_cells - 1][1])
        cells[n_cells - 1][1] = MAX (cells[n_cells - 1][1], x1);
      else if (n_cells == MAX_VIEW_SPANS)
        return G_MAXUINT;
      else
        {
          cells[n_cells][0] = x0;
          cells[n_cells++][1] = x1;
        }
    }
  if (n_cells == 0)
    return 0;
  /* The last running on past angle 0 into the first. */
  if (n_cells > 1 && cells[n_cells - 1][1] >= cells[0][0] + length)
    {
      cells[0][0] = cells[n_cells - 1][0] - length;
      n_cells--;
    }
  for (guint i = 0; i < n_cells; i++)
    {
      if (cells[i][1] - cells[i][0] >= length)
        return G_MAXUINT;
      if (cells[i][0] < 0)
        {
          cells[i][0] += length;
          cells[i][1] += length;
        }
      view->x[i][0] = (guint) cells[i][0];
      view->x[i][1] = (guint) cells[i][1];
    }
  view->n = n_cells;
  return n_cells;
}

/* The rings y0..y1 the spoke at angle a runs through in the box, a ring
 * either side to spare; FALSE when it misses the box. */
static gboolean
spoke_view_rings (const MazeGeometry *g,
                  const ViewBox      *box,
                  double              a,
                  guint              *y0,
                  guint              *y1)
{
  double r0, r1;
  gint64 first, last;

  if (!ray_in_box (box, a, &r0, &r1))
    return FALSE;
  first = MAX ((gint64) floor (r0 / g->cell_size) - 2, (gint64) *y0);
  last = MIN ((gint64) floor (r1 / g->cell_size), (gint64) *y1);
  if (first > last)
    return FALSE;
  *y0 = (guint) first;
  *y1 = (guint) last;
  return TRUE;
}

/* The arcs of ring y over the area's cells x0..x1-1 that the view box
 * shows (all of them without one). */
static void
ring_arcs_in_view (const MazeWallSink *sink,
                   const ViewBox      *box,
                   const MazeGrid     *grid,
                   guint               y,
                   guint               x0,
                   guint               x1,
                   gboolean            outer)
{
  ViewSpans view;
  guint n = sink->has_view ? ring_view_spans (sink->geometry, box, y, &view) : G_MAXUINT;

  if (n > 0)
    ring_arcs (sink, grid, y, x0, x1, outer, n == G_MAXUINT ? NULL : &view);
}

void
maze_geometry_polar_wall_runs (const MazeWallSink *sink,
                               const MazeGrid     *grid,
                               const MazeRect     *area)
{
  guint outer = ring_length (sink->geometry, grid->height - 1);
  guint last = area->y + area->height - 1;
  ViewBox box = { 0 };

  if (sink->has_view)
    view_box (sink, &box);
  /* Each ring's inner circle, and the outer ring's outer one. */
  for (guint y = area->y; y <= last; y++)
    {
      guint x0, x1;

      maze_rect_row_span (grid, area, y, &x0, &x1);
      ring_arcs_in_view (sink, &box, grid, y, x0, x1, FALSE);
      if (y == grid->height - 1)
        ring_arcs_in_view (sink, &box, grid, y, x0, x1, TRUE);
    }
  /* The spokes of the area's columns, both ends included; on a whole
   * turn the last is the first. */
  for (guint a = area->x; a <= area->x + area->width; a++)
    {
      guint view0 = area->y, view1 = last;

      if (a == outer && area->x == 0)
        break;
      if (sink->has_view &&
          !spoke_view_rings (sink->geometry, &box, TAU * a / outer, &view0, &view1))
        continue;
      spoke_runs (sink, grid, a % outer, area->y, last + 1, view0, view1 + 1);
    }
}
