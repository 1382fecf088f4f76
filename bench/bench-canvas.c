/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-bench"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include "maze-canvas.h"

/* The canvas with a big maze, in a real window (it needs a display:
 * xvfb-run -a meson test -C _build --benchmark --suite canvas --verbose).
 *
 *   time to fully drawn: from handing the canvas a fitted maze to the
 *     end of the first frame with every visible tile drawn, on the wall
 *     clock (frames paced by the frame clock, GSK's rendering included);
 *   frame times at three zoom levels: the canvas's own work in each
 *     frame (the processor time of its snapshot, as it logs it) while zooming in to the level
 *     a step at a time and then panning there, the maximum and the
 *     median.
 *
 *   bench-canvas [-v] [SIZE]   a SIZE x SIZE maze (default 2000); -v
 *                              prints each frame's log line */

#define WINDOW_WIDTH  1200
#define WINDOW_HEIGHT 900
#define ZOOM_STEP     1.25
#define PAN_FRAMES    30
#define PAN_STEP      100.0    /* widget pixels a frame */
#define WAIT_LIMIT_S  120

typedef struct
{
  gboolean  verbose;       /* print each frame's log line */
  GArray   *frame_ms;      /* the canvas's own work, per frame */
  gboolean  all_drawn;     /* the last frame drew every visible tile */
  double    zoom;          /* device pixels per cell, last frame */
} Frames;

static Frames frames;

/* The canvas logs each frame (maze-canvas.c): "canvas frame N: T ms,
 * P ms processor, zoom Z, …, all drawn" or "…, more to render". The
 * processor time is the figure: the machine may be busy with more. */
static void
log_cb (const char     *domain,
        GLogLevelFlags  level,
        const char     *message,
        gpointer        user_data)
{
  const char *p = strchr (message, ':');
  double ms;

  if (!g_str_has_prefix (message, "canvas frame") || p == NULL)
    return;
  if (frames.verbose)
    printf ("    %s\n", message);
  p = strstr (message, " ms, ");
  if (p == NULL)
    return;
  ms = g_ascii_strtod (p + strlen (" ms, "), NULL);
  g_array_append_val (frames.frame_ms, ms);
  p = strstr (message, "zoom ");
  frames.zoom = p != NULL ? g_ascii_strtod (p + 5, NULL) : 0;
  frames.all_drawn = g_str_has_suffix (message, ", all drawn");
}

static gboolean
flag_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
wait_for (gboolean *flag)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (WAIT_LIMIT_S, flag_cb, &timed_out);

  while (!*flag && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (timed_out)
    g_error ("the canvas drew no frame in %d s", WAIT_LIMIT_S);
  g_source_remove (id);
}

static void
after_paint_cb (GdkFrameClock *clock,
                gboolean      *done)
{
  *done = TRUE;
}

/* One frame through the frame clock, as the application draws it. */
static void
draw_frame (GtkWidget *canvas)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (canvas);
  gboolean done = FALSE;
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &done);

  gtk_widget_queue_draw (canvas);
  wait_for (&done);
  g_signal_handler_disconnect (clock, id);
}

/* Frames until one draws every visible tile; returns how many. */
static guint
draw_until_drawn (GtkWidget *canvas)
{
  guint n = 0;

  do
    {
      draw_frame (canvas);
      n++;
    }
  while (!frames.all_drawn);
  return n;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* The maximum and the median of the frames since first. */
static void
report_frames (const char *what,
               guint       first)
{
  g_autoptr(GArray) sorted = g_array_new (FALSE, FALSE, sizeof (double));
  guint n = frames.frame_ms->len - first;

  g_array_append_vals (sorted, &g_array_index (frames.frame_ms, double, first), n);
  g_array_sort (sorted, compare_doubles);
  printf ("  %-44s %4u frames, max %7.2f ms, median %6.2f ms\n", what, n,
          n > 0 ? g_array_index (sorted, double, n - 1) : 0.0,
          n > 0 ? g_array_index (sorted, double, n / 2) : 0.0);
}

static MazeDocument *
new_document (MazeShape shape,
              guint     size)
{
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;
  MazePuzzle *puzzle;
  gint64 start = g_get_monotonic_time ();

  maze_generate_options_init (&options);
  options.seed = 20240607;
  puzzle = maze_puzzle_generate (shape, size, size, &options, 0,
                                 MAZE_ENDPOINTS_CORNERS, &error);
  if (puzzle == NULL)
    g_error ("%s", error->message);
  printf ("  %-44s %9.1f ms (not the canvas's)\n", "generating the maze",
          (g_get_monotonic_time () - start) / 1000.0);
  return maze_document_new_for_puzzle (puzzle);
}

/* From the fitted view, zooms in about the centre a step a frame until
 * the zoom reaches target device pixels per cell, then pans there along
 * a circle (new tiles come into view from every side); reports both. */
static void
zoom_and_pan (GtkWidget    *canvas,
              MazeViewport *viewport,
              double        target,
              const char   *name)
{
  g_autofree char *zooming = g_strdup_printf ("zooming in to %s", name);
  g_autofree char *panning = g_strdup_printf ("panning at %s (%.3g px/cell)", name, target);
  int scale = gtk_widget_get_scale_factor (canvas);
  guint first;

  maze_viewport_fit (viewport);
  draw_until_drawn (canvas);
  first = frames.frame_ms->len;
  while (maze_viewport_get_zoom (viewport) * scale < target / ZOOM_STEP)
    {
      maze_viewport_zoom_by (viewport, ZOOM_STEP, WINDOW_WIDTH / 2.0, WINDOW_HEIGHT / 2.0);
      draw_frame (canvas);
    }
  maze_viewport_zoom_at (viewport, target / scale, WINDOW_WIDTH / 2.0, WINDOW_HEIGHT / 2.0);
  draw_frame (canvas);
  if (first < frames.frame_ms->len)
    report_frames (zooming, first);

  draw_until_drawn (canvas);
  first = frames.frame_ms->len;
  for (guint i = 0; i < PAN_FRAMES; i++)
    {
      double angle = 2 * G_PI * i / PAN_FRAMES;

      maze_viewport_pan_by (viewport, PAN_STEP * cos (angle), PAN_STEP * sin (angle));
      draw_frame (canvas);
    }
  report_frames (panning, first);
}

int
main (int   argc,
      char *argv[])
{
  gboolean verbose = argc > 1 && g_str_equal (argv[1], "-v");
  guint size = argc > 1 + verbose ? (guint) strtoul (argv[1 + verbose], NULL, 10) : 2000;
  MazeShape shape = MAZE_SHAPE_RECT;
  g_autoptr(MazeDocument) document = NULL;
  GtkWidget *window, *canvas;
  MazeViewport *viewport;
  gint64 start;
  double own = 0, fitted;
  guint n;

  if (argc > 2 + verbose && !maze_shape_from_string (argv[2 + verbose], &shape))
    g_error ("usage: bench-canvas [-v] [SIZE [rect|hex]]");
  gtk_init ();
  g_log_set_handler ("mazewright", G_LOG_LEVEL_DEBUG, log_cb, NULL);
  frames.frame_ms = g_array_new (FALSE, FALSE, sizeof (double));
  frames.verbose = verbose;

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), WINDOW_WIDTH, WINDOW_HEIGHT);
  canvas = maze_canvas_new ();
  gtk_window_set_child (GTK_WINDOW (window), canvas);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (canvas) || gtk_widget_get_width (canvas) <= 0)
    g_main_context_iteration (NULL, TRUE);
  viewport = maze_canvas_get_viewport (MAZE_CANVAS (canvas));

  printf ("canvas, %ux%u %s maze in a %dx%d canvas:\n", size, size, maze_shape_to_string (shape),
          gtk_widget_get_width (canvas), gtk_widget_get_height (canvas));
  document = new_document (shape, size);

  start = g_get_monotonic_time ();
  maze_canvas_set_document (MAZE_CANVAS (canvas), document);
  n = draw_until_drawn (canvas);
  for (guint i = 0; i < frames.frame_ms->len; i++)
    own += g_array_index (frames.frame_ms, double, i);
  fitted = frames.zoom;
  printf ("  %-44s %9.1f ms (%u frames, %.1f ms of them the canvas's own, zoom %.3g px/cell)\n",
          "fitted: time to fully drawn", (g_get_monotonic_time () - start) / 1000.0, n, own, fitted);
  report_frames ("fitted: frames until fully drawn", 0);

  zoom_and_pan (canvas, viewport, fitted * 2, "far (fitted x 2)");
  zoom_and_pan (canvas, viewport, 4.0, "middle");
  zoom_and_pan (canvas, viewport, 32.0, "close");

  gtk_window_destroy (GTK_WINDOW (window));
  g_array_unref (frames.frame_ms);
  return 0;
}
