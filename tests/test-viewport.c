/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "maze-viewport.h"

#define EPSILON 1e-9

static MazeViewport *
new_viewport (void)
{
  MazeViewport *viewport = maze_viewport_new ();

  maze_viewport_set_view_size (viewport, 800, 600);
  maze_viewport_set_content_size (viewport, 40, 30);
  return viewport;
}

/* Fitted by default: the content fills the view minus padding, centred. */
static void
test_fit (void)
{
  g_autoptr(MazeViewport) viewport = new_viewport ();
  double vx, vy, vx2, vy2;

  g_assert_true (maze_viewport_get_fitted (viewport));
  maze_viewport_model_to_view (viewport, 0, 0, &vx, &vy);
  maze_viewport_model_to_view (viewport, 40, 30, &vx2, &vy2);
  g_assert_cmpfloat (vx, >, 0);
  g_assert_cmpfloat (vy, >, 0);
  g_assert_cmpfloat (vx2, <, 800);
  g_assert_cmpfloat (vy2, <, 600);
  g_assert_cmpfloat_with_epsilon (vx + vx2, 800, EPSILON);
  g_assert_cmpfloat_with_epsilon (vy + vy2, 600, EPSILON);

  /* A resize refits while fitted. */
  maze_viewport_set_view_size (viewport, 400, 600);
  maze_viewport_model_to_view (viewport, 40, 30, &vx2, &vy2);
  g_assert_cmpfloat (vx2, <, 400);
}

/* Zooming about a point keeps the model point under it fixed. */
static void
test_zoom_keeps_point (void)
{
  g_autoptr(MazeViewport) viewport = new_viewport ();
  static const double points[][2] = { { 400, 300 }, { 10, 20 }, { 790, 590 }, { 123, 456 } };

  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    {
      double mx, my, mx2, my2;

      maze_viewport_fit (viewport);
      maze_viewport_view_to_model (viewport, points[i][0], points[i][1], &mx, &my);
      maze_viewport_zoom_by (viewport, 1.5, points[i][0], points[i][1]);
      maze_viewport_view_to_model (viewport, points[i][0], points[i][1], &mx2, &my2);
      /* Near the maze the point stays put exactly; far outside it the
       * clamp may move the view, so only test points over the maze. */
      if (mx >= 0 && my >= 0 && mx <= 40 && my <= 30)
        {
          g_assert_cmpfloat_with_epsilon (mx, mx2, 1e-6);
          g_assert_cmpfloat_with_epsilon (my, my2, 1e-6);
        }
      g_assert_false (maze_viewport_get_fitted (viewport));
    }
}

static void
test_zoom_limits (void)
{
  g_autoptr(MazeViewport) viewport = new_viewport ();

  maze_viewport_zoom_by (viewport, 1e6, 400, 300);
  g_assert_cmpfloat (maze_viewport_get_zoom (viewport), ==, MAZE_VIEWPORT_MAX_ZOOM);
  maze_viewport_zoom_by (viewport, 1e-9, 400, 300);
  g_assert_cmpfloat (maze_viewport_get_zoom (viewport), ==, maze_viewport_get_min_zoom (viewport));
  g_assert_cmpfloat (maze_viewport_get_min_zoom (viewport), >, 0);
}

/* Panning moves the content with the pointer, and never loses it. */
static void
test_pan (void)
{
  g_autoptr(MazeViewport) viewport = new_viewport ();
  double vx, vy, vx2, vy2, cx, cy;

  maze_viewport_zoom_by (viewport, 2, 400, 300);
  maze_viewport_model_to_view (viewport, 20, 15, &vx, &vy);
  maze_viewport_pan_by (viewport, 30, -20);
  maze_viewport_model_to_view (viewport, 20, 15, &vx2, &vy2);
  g_assert_cmpfloat_with_epsilon (vx2 - vx, 30, 1e-6);
  g_assert_cmpfloat_with_epsilon (vy2 - vy, -20, 1e-6);

  maze_viewport_pan_by (viewport, 1e7, 1e7);
  maze_viewport_view_to_model (viewport, 400, 300, &cx, &cy);
  g_assert_cmpfloat (cx, >=, 0);
  g_assert_cmpfloat (cy, >=, 0);
  g_assert_cmpfloat (cx, <=, 40);
  g_assert_cmpfloat (cy, <=, 30);
}

static void
count_cb (MazeViewport *viewport,
          guint        *count)
{
  (*count)++;
}

static void
test_signals (void)
{
  g_autoptr(MazeViewport) viewport = new_viewport ();
  guint changed = 0;

  g_signal_connect (viewport, "changed", G_CALLBACK (count_cb), &changed);
  maze_viewport_pan_by (viewport, 5, 5);
  maze_viewport_zoom_by (viewport, 2, 0, 0);
  maze_viewport_fit (viewport);
  g_assert_cmpuint (changed, ==, 3);
  g_assert_true (maze_viewport_get_fitted (viewport));
}

/* Content of another size is another maze: fitted, whatever the zoom
 * chosen for the one before; the same size keeps the view. */
static void
test_new_size_fits (void)
{
  g_autoptr(MazeViewport) viewport = new_viewport ();
  double vx, vy, vx2, vy2, zoom;

  maze_viewport_zoom_at (viewport, 4.0, 100, 100);
  g_assert_false (maze_viewport_get_fitted (viewport));
  zoom = maze_viewport_get_zoom (viewport);
  maze_viewport_set_content_size (viewport, 40, 30);
  g_assert_cmpfloat (maze_viewport_get_zoom (viewport), ==, zoom);
  g_assert_false (maze_viewport_get_fitted (viewport));

  maze_viewport_set_content_size (viewport, 10, 8);
  g_assert_true (maze_viewport_get_fitted (viewport));
  maze_viewport_model_to_view (viewport, 0, 0, &vx, &vy);
  maze_viewport_model_to_view (viewport, 10, 8, &vx2, &vy2);
  g_assert_cmpfloat_with_epsilon (vx + vx2, 800, EPSILON);
  g_assert_cmpfloat_with_epsilon (vy + vy2, 600, EPSILON);
  g_assert_cmpfloat (vy2 - vy, >, 500);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/viewport/fit", test_fit);
  g_test_add_func ("/app/viewport/zoom-keeps-point", test_zoom_keeps_point);
  g_test_add_func ("/app/viewport/zoom-limits", test_zoom_limits);
  g_test_add_func ("/app/viewport/pan", test_pan);
  g_test_add_func ("/app/viewport/signals", test_signals);
  g_test_add_func ("/app/viewport/new-size-fits", test_new_size_fits);

  return g_test_run ();
}
