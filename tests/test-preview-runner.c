/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gio/gio.h>

#include "maze-preview-runner.h"

/* The preview runner without a display: the jobs are numbers, drawn as
 * a grey of that number, and the thread waits at a gate the test opens,
 * so what is running when is the test's to say. Waits are for
 * conditions, the main loop turning; the time limit only fails. */

typedef struct
{
  GMutex   lock;
  GCond    changed;
  gboolean gate_open;
  guint    drawing;      /* jobs inside draw(), under lock */
  guint    next_job;     /* the number prepare() hands out next */
  guint    prepared;
  guint    freed;        /* atomic */
  guint    updated;
  int      width;
} Fixture;

/* The fixture of the test running: the draw function has no user data. */
static Fixture *current;

static gpointer
prepare (gpointer  user_data,
         int      *width,
         int      *height,
         int      *scale)
{
  Fixture *fixture = user_data;

  fixture->prepared++;
  *width = fixture->width;
  *height = 4;
  *scale = 1;
  return GUINT_TO_POINTER (++fixture->next_job);
}

static gboolean
draw (cairo_t       *cr,
      gpointer       job,
      int            width,
      int            height,
      GCancellable  *cancellable,
      GError       **error)
{
  Fixture *fixture = current;

  g_mutex_lock (&fixture->lock);
  fixture->drawing++;
  g_cond_broadcast (&fixture->changed);
  while (!fixture->gate_open)
    g_cond_wait (&fixture->changed, &fixture->lock);
  fixture->drawing--;
  g_mutex_unlock (&fixture->lock);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  cairo_set_source_rgb (cr, GPOINTER_TO_UINT (job) / 10.0, 0, 0);
  cairo_paint (cr);
  return TRUE;
}

static void
job_free (gpointer job)
{
  g_atomic_int_inc (&current->freed);
}

static void
updated_cb (MazePreviewRunner *runner,
            Fixture           *fixture)
{
  fixture->updated++;
}

typedef gboolean (*Condition) (Fixture *fixture);

static void
wait_for (Fixture   *fixture,
          Condition  condition)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (!condition (fixture))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static gboolean
one_drawing (Fixture *fixture)
{
  gboolean drawing;

  g_mutex_lock (&fixture->lock);
  drawing = fixture->drawing == 1;
  g_mutex_unlock (&fixture->lock);
  return drawing;
}

static gboolean
two_drawing (Fixture *fixture)
{
  gboolean drawing;

  g_mutex_lock (&fixture->lock);
  drawing = fixture->drawing == 2;
  g_mutex_unlock (&fixture->lock);
  return drawing;
}

static void
open_gate (Fixture *fixture)
{
  g_mutex_lock (&fixture->lock);
  fixture->gate_open = TRUE;
  g_cond_broadcast (&fixture->changed);
  g_mutex_unlock (&fixture->lock);
}

static MazePreviewRunner *
new_runner (Fixture           *fixture,
            MazePreviewPolicy  policy)
{
  MazePreviewRunner *runner;

  g_mutex_init (&fixture->lock);
  g_cond_init (&fixture->changed);
  fixture->width = 4;
  current = fixture;
  runner = maze_preview_runner_new (policy, 0, prepare, draw, job_free, fixture);
  g_signal_connect (runner, "updated", G_CALLBACK (updated_cb), fixture);
  return runner;
}

static void
clear_fixture (Fixture *fixture)
{
  g_mutex_clear (&fixture->lock);
  g_cond_clear (&fixture->changed);
}

/* The red of the preview's first pixel: which job drew it. */
static guint
drawn_job (MazePreviewRunner *runner)
{
  cairo_surface_t *surface = maze_preview_runner_get_surface (runner);
  guint32 pixel;

  g_assert_nonnull (surface);
  cairo_surface_flush (surface);
  pixel = *(guint32 *) cairo_image_surface_get_data (surface);
  return (guint) (((pixel >> 16) & 0xff) * 10 + 127) / 255;
}

static gboolean
all_freed (Fixture *fixture)
{
  return (guint) g_atomic_int_get (&fixture->freed) == fixture->prepared;
}

static gboolean
prepared_twice (Fixture *fixture)
{
  return fixture->prepared == 2;
}

static gboolean
updated_twice (Fixture *fixture)
{
  return fixture->updated == 2;
}

static gboolean
updated_once (Fixture *fixture)
{
  return fixture->updated == 1;
}

/* Asked for again and again before the delay: one preview. */
static void
test_settles (void)
{
  Fixture fixture = { 0 };
  g_autoptr(MazePreviewRunner) runner = new_runner (&fixture, MAZE_PREVIEW_COALESCE);

  open_gate (&fixture);
  for (guint i = 0; i < 5; i++)
    maze_preview_runner_schedule (runner);
  wait_for (&fixture, updated_once);
  wait_for (&fixture, all_freed);
  g_assert_cmpuint (fixture.prepared, ==, 1);
  g_assert_cmpuint (maze_preview_runner_get_count (runner), ==, 1);
  g_assert_cmpuint (drawn_job (runner), ==, 1);
  g_assert_null (maze_preview_runner_get_error (runner));
  clear_fixture (&fixture);
}

/* Coalescing: asked for while one is drawn, the next waits for it, and
 * both are shown, the newest last. */
static void
test_coalesce (void)
{
  Fixture fixture = { 0 };
  g_autoptr(MazePreviewRunner) runner = new_runner (&fixture, MAZE_PREVIEW_COALESCE);

  maze_preview_runner_schedule (runner);
  wait_for (&fixture, one_drawing);
  maze_preview_runner_schedule (runner);
  maze_preview_runner_schedule (runner);
  /* Let the delay pass: the second waits, nothing else starts. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (fixture.prepared, ==, 1);
  g_assert_true (maze_preview_runner_get_running (runner));
  open_gate (&fixture);
  wait_for (&fixture, updated_twice);
  wait_for (&fixture, all_freed);
  g_assert_cmpuint (fixture.prepared, ==, 2);
  g_assert_cmpuint (drawn_job (runner), ==, 2);
  g_assert_false (maze_preview_runner_get_running (runner));
  clear_fixture (&fixture);
}

/* Cancelling: asked for while one is drawn, the running one is given
 * up and only the newest is shown. */
static void
test_cancel (void)
{
  Fixture fixture = { 0 };
  g_autoptr(MazePreviewRunner) runner = new_runner (&fixture, MAZE_PREVIEW_CANCEL);

  maze_preview_runner_schedule (runner);
  wait_for (&fixture, one_drawing);
  maze_preview_runner_schedule (runner);
  /* The second starts beside the first, which is cancelled. */
  wait_for (&fixture, two_drawing);
  g_assert_cmpuint (fixture.prepared, ==, 2);
  open_gate (&fixture);
  wait_for (&fixture, all_freed);
  wait_for (&fixture, updated_once);
  g_assert_cmpuint (maze_preview_runner_get_count (runner), ==, 1);
  g_assert_cmpuint (drawn_job (runner), ==, 2);
  /* A cancelled preview is no error. */
  g_assert_null (maze_preview_runner_get_error (runner));
  clear_fixture (&fixture);
}

/* A surface too big for cairo: an error, nothing drawn, the last
 * preview kept. */
static void
test_out_of_memory (void)
{
  Fixture fixture = { 0 };
  g_autoptr(MazePreviewRunner) runner = new_runner (&fixture, MAZE_PREVIEW_COALESCE);
  const GError *error;

  open_gate (&fixture);
  maze_preview_runner_schedule (runner);
  wait_for (&fixture, updated_once);
  fixture.width = 100000;
  maze_preview_runner_schedule (runner);
  wait_for (&fixture, prepared_twice);
  wait_for (&fixture, all_freed);
  while (maze_preview_runner_get_running (runner))
    g_main_context_iteration (NULL, TRUE);
  error = maze_preview_runner_get_error (runner);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_cmpuint (fixture.updated, ==, 1);
  g_assert_cmpuint (drawn_job (runner), ==, 1);
  clear_fixture (&fixture);
}

/* Dropped while drawing: the thread finishes alone, its job is freed,
 * nothing is told. */
static void
test_dropped (void)
{
  Fixture fixture = { 0 };
  MazePreviewRunner *runner = new_runner (&fixture, MAZE_PREVIEW_CANCEL);
  GWeakRef ref;

  g_weak_ref_init (&ref, runner);
  maze_preview_runner_schedule (runner);
  wait_for (&fixture, one_drawing);
  g_object_unref (runner);
  g_assert_null (g_weak_ref_get (&ref));
  open_gate (&fixture);
  wait_for (&fixture, all_freed);
  g_assert_cmpuint (fixture.updated, ==, 0);
  g_weak_ref_clear (&ref);
  clear_fixture (&fixture);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/preview-runner/settles", test_settles);
  g_test_add_func ("/app/preview-runner/coalesce", test_coalesce);
  g_test_add_func ("/app/preview-runner/cancel", test_cancel);
  g_test_add_func ("/app/preview-runner/out-of-memory", test_out_of_memory);
  g_test_add_func ("/app/preview-runner/dropped", test_dropped);
  return g_test_run ();
}
