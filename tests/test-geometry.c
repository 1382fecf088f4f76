/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "maze-core.h"
#include "maze-geometry.h"
#include "maze-test-util.h"

/* Where cells lie: centres and hit testing invert each other, neighbours
 * share their side exactly, the visible range is small and conservative,
 * and the wall runs cover every wall side exactly once. */

static const guint sizes[][2] = {
  { 1, 1 }, { 1, 7 }, { 7, 1 }, { 2, 2 }, { 5, 4 }, { 6, 5 },
};

/* Is (px, py) strictly inside the convex polygon (clockwise on screen)? */
static gboolean
inside_polygon (const double *xs,
                const double *ys,
                guint         n,
                double        px,
                double        py,
                double        eps)
{
  for (guint k = 0; k < n; k++)
    {
      guint l = (k + 1) % n;
      double cross = (xs[l] - xs[k]) * (py - ys[k]) - (ys[l] - ys[k]) * (px - xs[k]);
      double len = hypot (xs[l] - xs[k], ys[l] - ys[k]);

      /* y grows downwards, so clockwise keeps the inside on the right. */
      if (cross / len < eps)
        return FALSE;
    }
  return TRUE;
}

static void
check_cells (MazeShape shape,
             double    cell_size,
             double    ox,
             double    oy)
{
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(MazeGrid) grid = maze_test_new_grid (shape, sizes[i][0], sizes[i][1]);
      MazeGeometry g;
      double min_x = G_MAXDOUBLE, min_y = G_MAXDOUBLE, max_x = -G_MAXDOUBLE, max_y = -G_MAXDOUBLE;
      double eps = cell_size * 1e-4;

      maze_geometry_init (&g, grid, cell_size, ox, oy);
      g_assert_cmpint (g.columns, ==, grid->width);
      g_assert_cmpint (g.rows, ==, grid->height);

      if (shape == MAZE_SHAPE_HEX)
        {
          double radius = cell_size / sqrt (3);

          g_assert_cmpfloat_with_epsilon (g.width, grid->width * cell_size +
                                          (grid->height > 1 ? cell_size / 2 : 0), 1e-9);
          g_assert_cmpfloat_with_epsilon (g.height, (grid->height - 1) * 1.5 * radius +
                                          2 * radius, 1e-9);
        }
      else if (shape == MAZE_SHAPE_TRI)
        {
          /* Triangles of side cell_size, overlapping by half a side. */
          g_assert_cmpfloat_with_epsilon (g.width, (grid->width + 1) * cell_size / 2, 1e-9);
          g_assert_cmpfloat_with_epsilon (g.height, grid->height * cell_size * sqrt (3) / 2, 1e-9);
        }
      else
        {
          g_assert_cmpfloat_with_epsilon (g.width, grid->width * cell_size, 1e-9);
          g_assert_cmpfloat_with_epsilon (g.height, grid->height * cell_size, 1e-9);
        }

      for (guint y = 0; y < grid->height; y++)
        for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
          {
            double cx, cy, xs[6], ys[6];
            guint hx, hy, n;

            maze_geometry_cell_center (&g, x, y, &cx, &cy);
            g_assert_true (maze_geometry_cell_at (&g, cx, cy, &hx, &hy));
            g_assert_cmpuint (hx, ==, x);
            g_assert_cmpuint (hy, ==, y);

            n = maze_geometry_cell_outline (&g, x, y, xs, ys);
            g_assert_cmpuint (n, ==, shape == MAZE_SHAPE_TRI ? 3 : grid->topology->n_dirs);
            g_assert_true (inside_polygon (xs, ys, n, cx, cy, eps));
            for (guint k = 0; k < n; k++)
              {
                min_x = MIN (min_x, xs[k]);
                max_x = MAX (max_x, xs[k]);
                min_y = MIN (min_y, ys[k]);
                max_y = MAX (max_y, ys[k]);
                /* No corner nearer the centre than half a cell: no
                 * degenerate outline. */
                g_assert_cmpfloat (hypot (xs[k] - cx, ys[k] - cy), >=, cell_size / 2 - 1e-9);
              }

            for (guint d = 0; d < grid->topology->n_dirs; d++)
              {
                double x1, y1, x2, y2, mx, my, nx_, ny_, len;
                guint nx, ny, ax, ay;

                if (!maze_grid_has_dir (grid, x, y, d))
                  continue;   /* a triangle's apex */
                maze_geometry_side (&g, x, y, d, &x1, &y1, &x2, &y2);
                /* The side is an edge of the outline. */
                {
                  gboolean found = FALSE;

                  for (guint k = 0; k < n; k++)
                    if (xs[k] == x1 && ys[k] == y1 && xs[(k + 1) % n] == x2 && ys[(k + 1) % n] == y2)
                      found = TRUE;
                  g_assert_true (found);
                }

                /* Just inside its midpoint is this cell; just outside,
                 * the neighbour or nothing. */
                mx = (x1 + x2) / 2;
                my = (y1 + y2) / 2;
                len = hypot (mx - cx, my - cy);
                nx_ = (mx - cx) / len;
                ny_ = (my - cy) / len;
                g_assert_true (maze_geometry_cell_at (&g, mx - nx_ * eps, my - ny_ * eps, &ax, &ay));
                g_assert_cmpuint (ax, ==, x);
                g_assert_cmpuint (ay, ==, y);
                if (maze_grid_step (grid, x, y, d, &nx, &ny))
                  {
                    double ncx, ncy;

                    g_assert_true (maze_geometry_cell_at (&g, mx + nx_ * eps, my + ny_ * eps, &ax, &ay));
                    g_assert_cmpuint (ax, ==, nx);
                    g_assert_cmpuint (ay, ==, ny);
                    /* Neighbouring centres are one cell size apart (the
                     * centroids of triangles of that side, side / sqrt 3). */
                    maze_geometry_cell_center (&g, nx, ny, &ncx, &ncy);
                    g_assert_cmpfloat_with_epsilon (hypot (ncx - cx, ncy - cy),
                                                    shape == MAZE_SHAPE_TRI ? cell_size / sqrt (3)
                                                                            : cell_size, 1e-9);
                  }
                else
                  g_assert_false (maze_geometry_cell_at (&g, mx + nx_ * eps, my + ny_ * eps, &ax, &ay));
              }
          }

      /* The bounding box is tight. */
      g_assert_cmpfloat_with_epsilon (min_x, ox, 1e-9);
      g_assert_cmpfloat_with_epsilon (min_y, oy, 1e-9);
      g_assert_cmpfloat_with_epsilon (max_x, ox + g.width, 1e-9);
      g_assert_cmpfloat_with_epsilon (max_y, oy + g.height, 1e-9);
    }
}

static void
test_rect_cells (void)
{
  check_cells (MAZE_SHAPE_RECT, 10, 0, 0);
  check_cells (MAZE_SHAPE_RECT, 7.3, 3.25, -1.5);
}

static void
test_hex_cells (void)
{
  check_cells (MAZE_SHAPE_HEX, 10, 0, 0);
  check_cells (MAZE_SHAPE_HEX, 7.3, 3.25, -1.5);
}

static void
test_tri_cells (void)
{
  check_cells (MAZE_SHAPE_TRI, 10, 0, 0);
  check_cells (MAZE_SHAPE_TRI, 7.3, 3.25, -1.5);
}

/* Two cells name their common side with the very same numbers. */
static void
check_sides_shared (MazeShape shape)
{
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(MazeGrid) grid = maze_test_new_grid (shape, sizes[i][0], sizes[i][1]);
      const MazeTopology *t = grid->topology;
      MazeGeometry g;

      maze_geometry_init (&g, grid, 7.3, 0.1, 0.7);
      for (guint y = 0; y < grid->height; y++)
        for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
          for (guint d = 0; d < t->n_dirs; d++)
            {
              double a[4], b[4];
              guint nx, ny;

              if (!maze_grid_step (grid, x, y, d, &nx, &ny))
                continue;
              maze_geometry_side (&g, x, y, d, &a[0], &a[1], &a[2], &a[3]);
              maze_geometry_side (&g, nx, ny, t->opposite[d], &b[0], &b[1], &b[2], &b[3]);
              /* Both outlines run clockwise: the shared side is reversed. */
              g_assert_true (a[0] == b[2] && a[1] == b[3] && a[2] == b[0] && a[3] == b[1]);
            }
    }
}

static void
test_sides_shared (void)
{
  check_sides_shared (MAZE_SHAPE_RECT);
  check_sides_shared (MAZE_SHAPE_HEX);
  check_sides_shared (MAZE_SHAPE_TRI);
}

/* Random points: cell_at finds the cell whose outline holds the point,
 * and nothing when no outline does. */
static void
check_random_points (MazeShape shape)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (99 + shape);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(MazeGrid) grid = maze_test_new_grid (shape, sizes[i][0], sizes[i][1]);
      MazeGeometry g;

      maze_geometry_init (&g, grid, 9.1, 2.0, 3.0);
      for (guint k = 0; k < 4000; k++)
        {
          double px = g_rand_double_range (rand, -5, g.width + 9);
          double py = g_rand_double_range (rand, -5, g.height + 9);
          guint hx = 0, hy = 0;
          gboolean hit = maze_geometry_cell_at (&g, px, py, &hx, &hy);
          guint n_inside = 0;

          for (guint y = 0; y < grid->height; y++)
            for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
              {
                double xs[6], ys[6];
                guint n = maze_geometry_cell_outline (&g, x, y, xs, ys);

                if (inside_polygon (xs, ys, n, px, py, 1e-7))
                  {
                    n_inside++;
                    g_assert_true (hit);
                    g_assert_cmpuint (hx, ==, x);
                    g_assert_cmpuint (hy, ==, y);
                  }
                else if (hit && hx == x && hy == y)
                  /* Hit but not inside: only on the outline itself. */
                  g_assert_true (inside_polygon (xs, ys, n, px, py, -1e-7));
              }
          if (!hit)
            g_assert_cmpuint (n_inside, ==, 0);
        }

      /* Far away, and just outside the bounding box. */
      {
        guint hx, hy;

        g_assert_false (maze_geometry_cell_at (&g, -1e300, 5, &hx, &hy));
        g_assert_false (maze_geometry_cell_at (&g, 5, 1e300, &hx, &hy));
        g_assert_false (maze_geometry_cell_at (&g, NAN, 5, &hx, &hy));
        g_assert_false (maze_geometry_cell_at (&g, g.origin_x - 1e-6, g.origin_y + g.height / 2, &hx, &hy));
        g_assert_false (maze_geometry_cell_at (&g, g.origin_x + g.width + 1e-6, g.origin_y + g.height / 2, &hx, &hy));
        g_assert_false (maze_geometry_cell_at (&g, g.origin_x + g.width / 2, g.origin_y - 1e-6, &hx, &hy));
        g_assert_false (maze_geometry_cell_at (&g, g.origin_x + g.width / 2, g.origin_y + g.height + 1e-6, &hx, &hy));
      }
    }
}

static void
test_points (void)
{
  check_random_points (MAZE_SHAPE_RECT);
  check_random_points (MAZE_SHAPE_HEX);
  check_random_points (MAZE_SHAPE_TRI);
}

static void
test_fit (void)
{
  for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      {
        g_autoptr(MazeGrid) grid = maze_test_new_grid (shape, sizes[i][0], sizes[i][1]);
        const double boxes[][2] = { { 400, 300 }, { 100, 900 }, { 900, 100 } };

        for (guint b = 0; b < G_N_ELEMENTS (boxes); b++)
          {
            double s = maze_geometry_fit_cell_size (grid, boxes[b][0], boxes[b][1]);
            MazeGeometry g;

            maze_geometry_init (&g, grid, s, 0, 0);
            g_assert_cmpfloat (s, >, 0);
            g_assert_cmpfloat (g.width, <=, boxes[b][0] + 1e-9);
            g_assert_cmpfloat (g.height, <=, boxes[b][1] + 1e-9);
            g_assert_true (fabs (g.width - boxes[b][0]) < 1e-9 ||
                           fabs (g.height - boxes[b][1]) < 1e-9);
          }
      }
}

/* A small rectangle of a huge maze gives a small range, and the range
 * holds every cell that shows in the rectangle. */
static void
test_cells_in_area (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (MazeShape shape = 0; shape < MAZE_TEST_N_ROW_SHAPES; shape++)
    {
      g_autoptr(MazeGrid) big = maze_test_new_grid (shape, 4000, 4000);
      g_autoptr(MazeGrid) small = maze_test_new_grid (shape, 9, 8);
      MazeGeometry g;
      MazeRect r;

      maze_geometry_init (&g, big, 10, 5, 5);
      g_assert_true (maze_geometry_cells_in_area (&g, 20000, 15000, 25, 25, &r));
      g_assert_cmpuint (r.width, <=, 5);
      g_assert_cmpuint (r.height, <=, 6);
      g_assert_cmpuint (r.x, >=, 1990);
      g_assert_cmpuint (r.y, >=, 1150);

      /* A point, and the whole maze. */
      g_assert_true (maze_geometry_cells_in_area (&g, 1000, 1000, 0, 0, &r));
      g_assert_cmpuint (r.width * r.height, <=, 6);
      g_assert_true (maze_geometry_cells_in_area (&g, -1e9, -1e9, 2e9, 2e9, &r));
      g_assert_cmpuint (r.x, ==, 0);
      g_assert_cmpuint (r.y, ==, 0);
      g_assert_cmpuint (r.width, ==, 4000);
      g_assert_cmpuint (r.height, ==, 4000);
      g_assert_true (maze_geometry_cells_in_area (&g, -1e300, 100, INFINITY, 1, &r));
      g_assert_cmpuint (r.width, ==, 4000);

      /* Off the maze, or no rectangle at all. */
      g_assert_false (maze_geometry_cells_in_area (&g, -100, -100, 50, 50, &r));
      g_assert_false (maze_geometry_cells_in_area (&g, g.width + 20, 0, 50, 50, &r));
      g_assert_false (maze_geometry_cells_in_area (&g, 0, g.height + 20, 50, 50, &r));
      g_assert_false (maze_geometry_cells_in_area (&g, 100, 100, -1, 50, &r));
      g_assert_false (maze_geometry_cells_in_area (&g, 100, 100, NAN, 50, &r));

      /* Conservative: sample points of random rectangles. */
      maze_geometry_init (&g, small, 8.5, 3, 4);
      for (guint k = 0; k < 500; k++)
        {
          double x = g_rand_double_range (rand, -10, g.width + 10);
          double y = g_rand_double_range (rand, -10, g.height + 10);
          double w = g_rand_double_range (rand, 0, 30);
          double h = g_rand_double_range (rand, 0, 30);
          gboolean any = maze_geometry_cells_in_area (&g, x, y, w, h, &r);

          for (guint i = 0; i <= 20; i++)
            for (guint j = 0; j <= 20; j++)
              {
                guint cx, cy;

                if (!maze_geometry_cell_at (&g, x + w * i / 20, y + h * j / 20, &cx, &cy))
                  continue;
                g_assert_true (any);
                g_assert_true (cx >= r.x && cx < r.x + r.width);
                g_assert_true (cy >= r.y && cy < r.y + r.height);
              }
          if (any)
            {
              double pitch = shape == MAZE_SHAPE_RECT ? g.cell_size : g.cell_size * sqrt (3) / 2;
              /* Triangles start every half side. */
              double column = shape == MAZE_SHAPE_TRI ? g.cell_size / 2 : g.cell_size;

              /* And not wildly more than the rectangle. */
              g_assert_cmpuint (r.width, <=, w / column + 3);
              g_assert_cmpuint (r.height, <=, h / pitch + 3);
            }
        }
    }
}

/* ---- Wall runs ---- */

static gboolean
expect_wall (const MazeGrid *grid,
             guint           x,
             guint           y,
             guint           d)
{
  guint nx, ny;
  gboolean ma, mb;

  /* The border of an open cell; a masked one has no frame. */
  ma = !maze_grid_is_open (grid, x, y);
  if (!maze_grid_step (grid, x, y, d, &nx, &ny))
    return !ma;
  mb = !maze_grid_is_open (grid, nx, ny);
  if (ma && mb)
    return FALSE;
  if (ma != mb)
    return TRUE;
  return !maze_grid_has_passage (grid, x, y, d);
}

static gboolean
in_rect (const MazeRect *r,
         guint           x,
         guint           y)
{
  return x >= r->x && y >= r->y && x < r->x + r->width && y < r->y + r->height;
}

typedef struct
{
  const MazeGrid     *grid;
  const MazeGeometry *geometry;
  guint8             *seen;        /* per cell, a bit per direction */
  guint               n_runs;
  guint               n_sides;
  GHashTable         *ends;        /* chain end points -> count, or NULL */
  GArray             *log;         /* every point, to compare two calls */
} RunCheck;

static void
mark_side (RunCheck *check,
           double    x1,
           double    y1,
           double    x2,
           double    y2)
{
  const MazeGrid *grid = check->grid;
  const MazeGeometry *g = check->geometry;
  double mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
  double len = hypot (x2 - x1, y2 - y1);
  double px = -(y2 - y1) / len * g->cell_size * 0.25, py = (x2 - x1) / len * g->cell_size * 0.25;
  guint cx, cy;
  gboolean found = FALSE;

  /* The cell on either side of the segment that exists. */
  if (!maze_geometry_cell_at (g, mx + px, my + py, &cx, &cy))
    g_assert_true (maze_geometry_cell_at (g, mx - px, my - py, &cx, &cy));

  for (guint d = 0; d < grid->topology->n_dirs && !found; d++)
    {
      double a1, b1, a2, b2;
      guint nx, ny;

      if (!maze_grid_has_dir (grid, cx, cy, d))
        continue;
      maze_geometry_side (g, cx, cy, d, &a1, &b1, &a2, &b2);
      if (!((fabs (a1 - x1) < 1e-6 && fabs (b1 - y1) < 1e-6 && fabs (a2 - x2) < 1e-6 && fabs (b2 - y2) < 1e-6) ||
            (fabs (a1 - x2) < 1e-6 && fabs (b1 - y2) < 1e-6 && fabs (a2 - x1) < 1e-6 && fabs (b2 - y1) < 1e-6)))
        continue;
      found = TRUE;
      /* Reported once only. */
      g_assert_false (check->seen[maze_grid_index (grid, cx, cy)] & (1u << d));
      check->seen[maze_grid_index (grid, cx, cy)] |= 1u << d;
      if (maze_grid_step (grid, cx, cy, d, &nx, &ny))
        {
          guint o = grid->topology->opposite[d];

          g_assert_false (check->seen[maze_grid_index (grid, nx, ny)] & (1u << o));
          check->seen[maze_grid_index (grid, nx, ny)] |= 1u << o;
        }
    }
  g_assert_true (found);
  check->n_sides++;
}

static char *
point_key (double x,
           double y)
{
  return g_strdup_printf ("%.6f,%.6f", x, y);
}

static void
check_run_cb (const double *xs,
              const double *ys,
              guint         n_points,
              gpointer      user_data)
{
  RunCheck *check = user_data;
  const MazeGeometry *g = check->geometry;

  g_assert_cmpuint (n_points, >=, 2);
  check->n_runs++;
  for (guint i = 0; i < n_points; i++)
    {
      g_array_append_val (check->log, xs[i]);
      g_array_append_val (check->log, ys[i]);
    }

  if (g->shape != MAZE_SHAPE_HEX)
    {
      /* Straight, along a side's direction, a whole number of sides
       * (cell_size: a square's or a triangle's); maximal: no two runs in
       * line meet end to end. */
      double len = hypot (xs[1] - xs[0], ys[1] - ys[0]);
      guint n = (guint) (len / g->cell_size + 0.5);
      const char *line = xs[0] == xs[1] ? "v" : ys[0] == ys[1] ? "h" :
                         (xs[1] - xs[0]) * (ys[1] - ys[0]) > 0 ? "d" : "a";

      for (guint e = 0; e < 2 && check->ends != NULL; e++)
        {
          g_autofree char *point = point_key (xs[e], ys[e]);
          char *key = g_strconcat (line, point, NULL);
          guint count = GPOINTER_TO_UINT (g_hash_table_lookup (check->ends, key));

          g_hash_table_insert (check->ends, key, GUINT_TO_POINTER (count + 1));
        }

      g_assert_cmpuint (n_points, ==, 2);
      if (g->shape == MAZE_SHAPE_RECT)
        g_assert_true (xs[0] == xs[1] || ys[0] == ys[1]);
      else
        g_assert_true (ys[0] == ys[1] ||
                       fabs (fabs (ys[1] - ys[0]) - fabs (xs[1] - xs[0]) * sqrt (3)) < 1e-6);
      g_assert_cmpuint (n, >=, 1);
      g_assert_cmpfloat_with_epsilon (len, n * g->cell_size, 1e-6);
      for (guint k = 0; k < n; k++)
        mark_side (check,
                   xs[0] + (xs[1] - xs[0]) * k / n, ys[0] + (ys[1] - ys[0]) * k / n,
                   xs[0] + (xs[1] - xs[0]) * (k + 1) / n, ys[0] + (ys[1] - ys[0]) * (k + 1) / n);
    }
  else
    {
      for (guint i = 0; i + 1 < n_points; i++)
        {
          g_assert_cmpfloat_with_epsilon (hypot (xs[i + 1] - xs[i], ys[i + 1] - ys[i]),
                                          g->cell_size / sqrt (3), 1e-6);
          mark_side (check, xs[i], ys[i], xs[i + 1], ys[i + 1]);
        }
      /* Open chain ends, to check no two chains could have been one. */
      if (check->ends != NULL && !(xs[0] == xs[n_points - 1] && ys[0] == ys[n_points - 1]))
        for (guint e = 0; e < 2; e++)
          {
            guint i = e == 0 ? 0 : n_points - 1;
            char *key = point_key (xs[i], ys[i]);
            guint count = GPOINTER_TO_UINT (g_hash_table_lookup (check->ends, key));

            g_hash_table_insert (check->ends, key, GUINT_TO_POINTER (count + 1));
          }
    }
}

/* The runs of area (NULL: all) cover exactly the wall sides of its cells.
 * Returns the number of runs. */
static guint
check_wall_runs (const MazeGrid *grid,
                 const MazeRect *area,
                 gboolean        check_maximal)
{
  g_autofree guint8 *seen = g_malloc0 (grid->n_cells);
  g_autoptr(GHashTable) ends = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GArray) log = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) log2 = g_array_new (FALSE, FALSE, sizeof (double));
  MazeGeometry g;
  RunCheck check = { grid, &g, seen, 0, 0, check_maximal ? ends : NULL, log };
  MazeRect full = maze_grid_full_rect (grid);
  guint expected = 0;

  maze_geometry_init (&g, grid, 6.5, 1.25, 2.5);
  maze_geometry_foreach_wall_run (&g, grid, area, check_run_cb, &check);

  if (area == NULL)
    area = &full;
  for (guint y = 0; y < grid->height; y++)
    for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
      for (guint d = 0; d < grid->topology->n_dirs; d++)
        {
          guint nx, ny;
          gboolean mine, want, got;

          if (!maze_grid_has_dir (grid, x, y, d))
            continue;
          mine = in_rect (area, x, y) ||
                          (maze_grid_step (grid, x, y, d, &nx, &ny) && in_rect (area, nx, ny));
          want = mine && expect_wall (grid, x, y, d);
          got = (seen[maze_grid_index (grid, x, y)] >> d) & 1;

          if (want != got)
            g_error ("side %u of (%u, %u): wall expected %d, reported %d", d, x, y, want, got);
          /* Count each side once: from the owning cell, or on the border. */
          if (want && (grid->topology->owned_bit[d] >= 0 || !maze_grid_step (grid, x, y, d, &nx, &ny)))
            expected++;
        }
  g_assert_cmpuint (check.n_sides, ==, expected);

  if (check_maximal)
    {
      GHashTableIter iter;
      gpointer value;

      g_hash_table_iter_init (&iter, ends);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        g_assert_cmpuint (GPOINTER_TO_UINT (value), <=, 1);
    }

  /* The same runs in the same order every time. */
  check.log = log2;
  check.ends = NULL;
  check.n_runs = 0;
  check.n_sides = 0;
  memset (seen, 0, grid->n_cells);
  maze_geometry_foreach_wall_run (&g, grid, area == &full ? NULL : area, check_run_cb, &check);
  g_assert_cmpuint (log->len, ==, log2->len);
  g_assert_true (log->len == 0 || memcmp (log->data, log2->data, log->len * sizeof (double)) == 0);

  /* Merged: fewer runs than sides, but for a lone square (or a maze two
   * triangles wide, whose walls may all stand alone). */
  g_assert_cmpuint (check.n_runs, <=, expected);
  if (grid->n_cells > 1 && area == &full && !(grid->shape == MAZE_SHAPE_TRI && grid->width <= 2))
    g_assert_cmpuint (check.n_runs, <, expected);
  return check.n_runs;
}

/* Masks that keep the open cells in one piece: a block inside and the
 * bottom-right corner. */
static void
mask_blocks (MazeGrid *grid)
{
  for (guint y = grid->height / 3; y < grid->height / 2; y++)
    for (guint x = grid->width / 4; x < grid->width / 2; x++)
      maze_grid_set_masked (grid, x, y, TRUE);
  for (guint y = grid->height - grid->height / 5; y < grid->height; y++)
    for (guint x = grid->width - grid->width / 4; x < grid->width; x++)
      maze_grid_set_masked (grid, x, y, TRUE);
}

/* Not a maze: random masks and random passages between open cells, to
 * reach every mix of masked, open, wall and passage. */
static MazeGrid *
make_random_grid (GRand     *rand,
                  MazeShape  shape,
                  guint      width,
                  guint      height)
{
  MazeGrid *grid = maze_test_new_grid (shape, width, height);

  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      if (g_rand_int_range (rand, 0, 100) < 30)
        maze_grid_set_masked (grid, x, y, TRUE);
  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      for (guint d = 0; d < grid->topology->n_dirs; d++)
        {
          guint nx, ny;

          if (grid->topology->owned_bit[d] < 0 || !maze_grid_step (grid, x, y, d, &nx, &ny))
            continue;
          if (maze_grid_is_open (grid, x, y) && maze_grid_is_open (grid, nx, ny) &&
              g_rand_boolean (rand))
            maze_grid_set_passage (grid, x, y, d, TRUE);
        }
  return grid;
}

static void
check_shape_wall_runs (MazeShape shape)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (31 + shape);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(MazeGrid) plain = maze_test_new_grid (shape, sizes[i][0], sizes[i][1]);
      g_autoptr(MazeGrid) maze = maze_test_new_maze (shape, sizes[i][0], sizes[i][1], MAZE_ALGORITHM_BACKTRACKER, 5 + i);

      check_wall_runs (plain, NULL, TRUE);
      check_wall_runs (maze, NULL, TRUE);
    }

  for (guint seed = 1; seed <= 6; seed++)
    {
      g_autoptr(MazeGrid) maze = maze_test_new_grid (shape, 23 + seed, 17 + 2 * seed);
      g_autoptr(MazeGrid) random = make_random_grid (rand, shape, 20 + seed, 15 + seed);
      g_autoptr(GError) error = NULL;
      MazeGenerateOptions options;
      guint runs;

      mask_blocks (maze);
      maze_generate_options_init (&options);
      options.algorithm = seed % 2 ? MAZE_ALGORITHM_KRUSKAL : MAZE_ALGORITHM_BACKTRACKER;
      options.seed = seed;
      g_assert_true (maze_generate (maze, &options, &error));
      g_assert_no_error (error);

      runs = check_wall_runs (maze, NULL, TRUE);
      g_test_message ("%s %ux%u: %u runs", maze_shape_to_string (shape), maze->width, maze->height, runs);
      check_wall_runs (random, NULL, TRUE);

      /* Areas: all their cells' walls, runs cut at the edge allowed. */
      for (guint k = 0; k < 20; k++)
        {
          MazeRect r;

          r.x = g_rand_int_range (rand, 0, maze->width);
          r.y = g_rand_int_range (rand, 0, maze->height);
          r.width = g_rand_int_range (rand, 1, maze->width - r.x + 3);
          r.height = g_rand_int_range (rand, 1, maze->height - r.y + 3);
          check_wall_runs (maze, &r, FALSE);
          r.x = MIN (r.x, random->width - 1);
          r.y = MIN (r.y, random->height - 1);
          check_wall_runs (random, &r, FALSE);
        }
    }
}

static void
test_wall_runs_rect (void)
{
  check_shape_wall_runs (MAZE_SHAPE_RECT);
}

static void
test_wall_runs_hex (void)
{
  check_shape_wall_runs (MAZE_SHAPE_HEX);
}

static void
test_wall_runs_tri (void)
{
  check_shape_wall_runs (MAZE_SHAPE_TRI);
}

/* A hexagonal maze too big for one band of the chainer's bitset: chains
 * are cut where bands meet, but every wall is still there once. */
static void
test_wall_runs_hex_bands (void)
{
  g_autoptr(MazeGrid) maze = maze_test_new_maze (MAZE_SHAPE_HEX, 3000, 500, MAZE_ALGORITHM_BACKTRACKER, 11);

  check_wall_runs (maze, NULL, FALSE);
}

/* Rings around a room of radius one cell size, ring y from y + 1 to
 * y + 2 cell sizes out, cell x clockwise from north: known points, at
 * several sizes, and nothing in the room or past the outer ring. */
static void
test_circular_cells (void)
{
  static const double cell_sizes[] = { 10, 7.5, 33 };
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_CIRCULAR, 6, 5);

  for (guint i = 0; i < G_N_ELEMENTS (cell_sizes); i++)
    {
      double s = cell_sizes[i], c = 3 + 6 * s;   /* the centre: origin + (rings + 1) s */
      MazeGeometry g;
      guint x = 99, y = 99;

      maze_geometry_init (&g, grid, s, 3, 3);
      g_assert_cmpfloat_with_epsilon (g.width, 12 * s, 1e-9);
      g_assert_cmpfloat_with_epsilon (g.height, 12 * s, 1e-9);
      /* Straight up: the first cell of each ring. */
      g_assert_true (maze_geometry_cell_at (&g, c + 0.01, c - 1.5 * s, &x, &y));
      g_assert_cmpuint (x, ==, 0);
      g_assert_cmpuint (y, ==, 0);
      /* Just left of north in ring 1 (12 cells): its last. */
      g_assert_true (maze_geometry_cell_at (&g, c - 0.01, c - 2.5 * s, &x, &y));
      g_assert_cmpuint (x, ==, 11);
      g_assert_cmpuint (y, ==, 1);
      /* Straight down in ring 2 (24 cells): half way round, clockwise
       * (east first). */
      g_assert_true (maze_geometry_cell_at (&g, c + 0.01, c + 3.5 * s, &x, &y));
      g_assert_cmpuint (x, ==, 11);
      g_assert_cmpuint (y, ==, 2);
      g_assert_true (maze_geometry_cell_at (&g, c - 0.01, c + 3.5 * s, &x, &y));
      g_assert_cmpuint (x, ==, 12);
      /* East in the outer ring (24 cells): a quarter round. */
      g_assert_true (maze_geometry_cell_at (&g, c + 5.5 * s, c + 0.01, &x, &y));
      g_assert_cmpuint (x, ==, 6);
      g_assert_cmpuint (y, ==, 4);
      /* The room, and past the outer ring. */
      g_assert_false (maze_geometry_cell_at (&g, c + 0.5 * s, c, &x, &y));
      g_assert_false (maze_geometry_cell_at (&g, c + 0.8 * s, c - 0.5 * s, &x, &y));
      g_assert_false (maze_geometry_cell_at (&g, c + 6.2 * s, c, &x, &y));
    }
}

/* With a centre cell (ring 0, the disc of radius one cell size) the
 * first ring's cells each step inward to it and own that passage; the
 * centre's directions are spokes, d to the first ring's cell d. Drawn, the
 * centre is a disc in the middle: every cell's centre hits the cell
 * again, the centre's too, and the rings sit one cell size further in
 * than around a room. */
static void
test_circular_centre_cell (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, 6, 4, TRUE, &error);
  double s = 10, c = 3 + 4 * s;   /* the centre: origin + rings s */
  MazeGeometry g;
  MazeSector sector;
  guint x, y, nx, ny;

  g_assert_no_error (error);
  g_assert_cmpuint (grid->height, ==, 4);
  g_assert_cmpuint (maze_grid_row_length (grid, 0), ==, 1);
  g_assert_cmpuint (maze_grid_row_length (grid, 1), ==, 6);
  g_assert_cmphex (maze_grid_dirs_at (grid, 0, 0), ==, 0x3f);
  for (x = 0; x < 6; x++)
    {
      g_assert_true (maze_grid_step (grid, x, 1, MAZE_POLAR_IN_A, &nx, &ny));
      g_assert_cmpuint (nx, ==, 0);
      g_assert_cmpuint (ny, ==, 0);
      g_assert_false (maze_grid_step (grid, x, 1, MAZE_POLAR_IN_B, &nx, &ny));
      g_assert_cmpint (grid->topology->owned_bit[MAZE_POLAR_IN_A], >=, 0);
    }
  for (guint d = 0; d < MAZE_MAX_DIRS; d++)
    {
      g_assert_true (maze_grid_step (grid, 0, 0, d, &nx, &ny));
      g_assert_cmpuint (nx, ==, d);
      g_assert_cmpuint (ny, ==, 1);
    }

  maze_geometry_init (&g, grid, s, 3, 3);
  g_assert_cmpfloat_with_epsilon (g.width, 8 * s, 1e-9);
  for (guint32 cell = 0; cell < grid->n_cells; cell++)
    {
      double cx, cy;

      maze_grid_xy (grid, cell, &x, &y);
      maze_geometry_cell_center (&g, x, y, &cx, &cy);
      g_assert_true (maze_geometry_cell_at (&g, cx, cy, &nx, &ny));
      g_assert_cmpuint (nx, ==, x);
      g_assert_cmpuint (ny, ==, y);
    }
  /* The disc, all round its middle; ring 1 from one cell size out. */
  g_assert_true (maze_geometry_cell_at (&g, c + 0.9 * s, c, &x, &y));
  g_assert_cmpuint (y, ==, 0);
  g_assert_true (maze_geometry_cell_at (&g, c - 0.2 * s, c + 0.5 * s, &x, &y));
  g_assert_cmpuint (y, ==, 0);
  g_assert_true (maze_geometry_cell_at (&g, c + 0.01, c - 1.5 * s, &x, &y));
  g_assert_cmpuint (x, ==, 0);
  g_assert_cmpuint (y, ==, 1);
  g_assert_false (maze_geometry_cell_at (&g, c + 4.2 * s, c, &x, &y));
  g_assert_true (maze_geometry_cell_sector (&g, 0, 0, &sector));
  g_assert_cmpfloat (sector.inner, ==, 0);
  g_assert_cmpfloat_with_epsilon (sector.outer, s, 1e-9);
  g_assert_cmpfloat_with_epsilon (sector.angle2 - sector.angle1, 2 * G_PI, 1e-9);
  g_assert_cmpuint (sector.n_outer, ==, 6);
}

/* A small rectangle of a circular maze of 4000 rings gives a small range
 * (a few rings, a few cells of each), holding every cell whose centre is
 * in the rectangle; one over the centre takes whole rings. */
static void
test_circular_cells_in_area (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_CIRCULAR, 6, 4000);
  MazeGeometry g;
  double c;
  MazeRect r;

  maze_geometry_init (&g, grid, 10, 5, 5);
  c = 5 + g.width / 2;
  for (guint k = 0; k < 8; k++)
    {
      /* 25 pixels square, 1000 to 30000 pixels out, all round. */
      double a = k * G_PI / 4 + 0.3, dist = 1000 + 4000 * k;
      double x0 = c + dist * sin (a), y0 = c - dist * cos (a);

      g_assert_true (maze_geometry_cells_in_area (&g, x0, y0, 25, 25, &r));
      g_assert_cmpuint (r.height, <=, 6);
      g_assert_cmpuint (maze_test_count_cells (grid, &r), <=, 6 * 6);
      for (double px = x0; px <= x0 + 25; px += 1)
        for (double py = y0; py <= y0 + 25; py += 1)
          {
            guint x, y;

            if (maze_geometry_cell_at (&g, px, py, &x, &y))
              g_assert_true (maze_rect_contains_cell (grid, &r, x, y));
          }
    }
  g_assert_true (maze_geometry_cells_in_area (&g, c - 30, c - 30, 60, 60, &r));
  g_assert_cmpuint (r.x, ==, 0);
  g_assert_cmpuint (r.width, ==, grid->width);
  g_assert_cmpuint (r.y, ==, 0);
  g_assert_cmpuint (r.height, <=, 4);
  g_assert_false (maze_geometry_cells_in_area (&g, -100, -100, 50, 50, &r));
}

/* Wall runs of the circular grid as text, for comparing two drawings;
 * hits counts those that pass through box (when set). */
typedef struct
{
  GPtrArray    *runs;
  const double *box;   /* x1, y1, x2, y2, or NULL */
  guint         hits;
} RunList;

static gboolean
point_in_box (const double *box,
              double        x,
              double        y)
{
  return x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
}

static void
list_line_cb (const double *xs,
              const double *ys,
              guint         n_points,
              gpointer      user_data)
{
  RunList *list = user_data;
  GString *text = g_string_new ("line");
  gboolean hit = FALSE;

  for (guint i = 0; i < n_points; i++)
    g_string_append_printf (text, " %.9g,%.9g", xs[i], ys[i]);
  for (guint i = 0; list->box != NULL && i + 1 < n_points; i++)
    for (guint k = 0; k <= 100; k++)
      hit |= point_in_box (list->box, xs[i] + (xs[i + 1] - xs[i]) * k / 100,
                           ys[i] + (ys[i + 1] - ys[i]) * k / 100);
  list->hits += hit;
  g_ptr_array_add (list->runs, g_string_free (text, FALSE));
}

static void
list_arc_cb (const MazeWallArc *arc,
             gpointer           user_data)
{
  RunList *list = user_data;
  gboolean hit = FALSE;

  for (double a = arc->angle1; list->box != NULL && a <= arc->angle2; a += 0.0005)
    hit |= point_in_box (list->box, arc->cx + arc->radius * cos (a),
                         arc->cy + arc->radius * sin (a));
  list->hits += hit;
  g_ptr_array_add (list->runs, g_strdup_printf ("arc %.9g %.9g %.9g %.9g %.9g", arc->cx, arc->cy,
                                                arc->radius, arc->angle1, arc->angle2));
}

/* Drawn for a box (a strip of an export, a canvas tile), the circular
 * grid's walls are the very runs of the whole area that meet the box,
 * and for a strip across the middle only a few of them. */
static void
test_circular_visible_wall_runs (void)
{
  g_autoptr(MazeGrid) maze = maze_test_new_maze (MAZE_SHAPE_CIRCULAR, 6, 60,
                                                 MAZE_ALGORITHM_BACKTRACKER, 5);
  /* x, y, width, height: strips above, across and below the centre
   * (605, 605), a tile, the whole. */
  static const double boxes[][4] = {
    { 0, 330, 1220, 40 }, { 0, 590, 1220, 40 }, { 0, 800, 1220, 40 }, { 0, 1100, 1220, 40 },
    { 700, 200, 64, 64 }, { 0, 0, 1220, 1220 },
  };
  MazeGeometry g;

  maze_geometry_init (&g, maze, 10, 5, 5);
  for (guint i = 0; i < G_N_ELEMENTS (boxes); i++)
    {
      const double *b = boxes[i];
      double box[4] = { b[0], b[1], b[0] + b[2], b[1] + b[3] };
      g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GHashTable) seen_set = g_hash_table_new (g_str_hash, g_str_equal);
      RunList whole = { all, box, 0 }, visible = { seen, NULL, 0 };
      MazeRect area;

      g_assert_true (maze_geometry_cells_in_area (&g, b[0] - 10, b[1] - 10, b[2] + 20, b[3] + 20,
                                                  &area));
      maze_geometry_foreach_wall_run_full (&g, maze, &area, list_line_cb, list_arc_cb, &whole);
      maze_geometry_foreach_visible_wall_run (&g, maze, &area, b[0], b[1], b[2], b[3],
                                              list_line_cb, list_arc_cb, &visible);
      for (guint k = 0; k < seen->len; k++)
        g_hash_table_add (seen_set, seen->pdata[k]);
      /* The same runs, not pieces of them: the same pixels. */
      for (guint k = 0; k < seen->len; k++)
        g_assert_true (g_ptr_array_find_with_equal_func (all, seen->pdata[k], g_str_equal, NULL));
      /* Every run through the box is there. */
      for (guint k = 0; k < all->len; k++)
        {
          RunList probe = { g_ptr_array_new_with_free_func (g_free), box, 0 };
          const char *text = all->pdata[k];

          if (g_str_has_prefix (text, "arc"))
            {
              MazeWallArc arc;

              g_assert_cmpint (sscanf (text, "arc %lg %lg %lg %lg %lg", &arc.cx, &arc.cy,
                                       &arc.radius, &arc.angle1, &arc.angle2), ==, 5);
              list_arc_cb (&arc, &probe);
            }
          else
            {
              double xs[2], ys[2];

              g_assert_cmpint (sscanf (text, "line %lg,%lg %lg,%lg", &xs[0], &ys[0], &xs[1],
                                       &ys[1]), ==, 4);
              list_line_cb (xs, ys, 2, &probe);
            }
          if (probe.hits > 0)
            g_assert_true (g_hash_table_contains (seen_set, text));
          g_ptr_array_unref (probe.runs);
        }
      /* The strip across the middle holds whole rings; it draws a
       * fraction of their walls. */
      if (i == 1)
        g_assert_cmpuint (seen->len * 3, <, all->len);
      if (i == G_N_ELEMENTS (boxes) - 1)
        g_assert_cmpuint (seen->len, ==, all->len);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/maze/geometry/rect/cells", test_rect_cells);
  g_test_add_func ("/maze/geometry/hex/cells", test_hex_cells);
  g_test_add_func ("/maze/geometry/tri/cells", test_tri_cells);
  g_test_add_func ("/maze/geometry/sides-shared", test_sides_shared);
  g_test_add_func ("/maze/geometry/points", test_points);
  g_test_add_func ("/maze/geometry/fit", test_fit);
  g_test_add_func ("/maze/geometry/cells-in-area", test_cells_in_area);
  g_test_add_func ("/maze/geometry/circular/cells", test_circular_cells);
  g_test_add_func ("/maze/geometry/circular/centre-cell", test_circular_centre_cell);
  g_test_add_func ("/maze/geometry/circular/cells-in-area", test_circular_cells_in_area);
  g_test_add_func ("/maze/geometry/circular/visible-wall-runs", test_circular_visible_wall_runs);
  g_test_add_func ("/maze/geometry/wall-runs/rect", test_wall_runs_rect);
  g_test_add_func ("/maze/geometry/wall-runs/hex", test_wall_runs_hex);
  g_test_add_func ("/maze/geometry/wall-runs/tri", test_wall_runs_tri);
  g_test_add_func ("/maze/geometry/wall-runs/hex-bands", test_wall_runs_hex_bands);
  return g_test_run ();
}
