/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-preview-runner.h"

#include <glib/gi18n.h>

struct _MazePreviewRunner
{
  GObject                 parent_instance;

  MazePreviewPolicy       policy;
  guint                   delay_ms;
  MazePreviewPrepareFunc  prepare;
  MazePreviewDrawFunc     draw;
  GDestroyNotify          job_free;
  gpointer                user_data;

  guint                   timeout;
  GCancellable           *cancellable;  /* the preview being drawn, or NULL */
  gboolean                dirty;        /* asked for again meanwhile (coalescing) */
  cairo_surface_t        *surface;
  guint                   count;
  GError                 *error;
};

G_DEFINE_FINAL_TYPE (MazePreviewRunner, maze_preview_runner, G_TYPE_OBJECT)

enum {
  UPDATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* What the thread has: the owner's job, with what to do with it. */
typedef struct
{
  gpointer             job;
  GDestroyNotify       job_free;
  MazePreviewDrawFunc  draw;
  int                  width;
  int                  height;
  int                  scale;
} Work;

static void
work_free (Work *work)
{
  if (work->job_free != NULL)
    work->job_free (work->job);
  g_free (work);
}

static void
return_out_of_memory (GTask           *task,
                      cairo_surface_t *surface)
{
  cairo_surface_destroy (surface);
  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                           _("Not enough memory for the preview"));
}

static void
draw_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Work *work = task_data;
  cairo_surface_t *surface;
  cairo_t *cr;
  GError *error = NULL;
  gboolean drawn;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, work->width * work->scale,
                                        work->height * work->scale);
  /* Checked before the work (it may be long) and after (cairo may run
   * out while drawing). */
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      return_out_of_memory (task, surface);
      return;
    }
  cairo_surface_set_device_scale (surface, work->scale, work->scale);
  cr = cairo_create (surface);
  drawn = work->draw (cr, work->job, work->width, work->height, cancellable, &error);
  cairo_destroy (cr);
  if (!drawn)
    {
      cairo_surface_destroy (surface);
      if (error == NULL)
        g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_FAILED,
                             _("The preview could not be drawn"));
      g_task_return_error (task, error);
      return;
    }
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      return_out_of_memory (task, surface);
      return;
    }
  g_task_return_pointer (task, surface, (GDestroyNotify) cairo_surface_destroy);
}

static void start (MazePreviewRunner *self);

static void
done_cb (GObject      *source_object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GWeakRef *ref = user_data;
  g_autoptr(MazePreviewRunner) self = g_weak_ref_get (ref);
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface = g_task_propagate_pointer (G_TASK (result), &error);

  g_weak_ref_clear (ref);
  g_free (ref);
  /* The runner went, or a newer preview replaced this one. */
  if (self == NULL || g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    {
      g_clear_pointer (&surface, cairo_surface_destroy);
      return;
    }
  g_clear_object (&self->cancellable);
  if (surface != NULL)
    {
      g_clear_pointer (&self->surface, cairo_surface_destroy);
      g_clear_error (&self->error);
      self->surface = surface;
      self->count++;
      g_signal_emit (self, signals[UPDATED], 0);
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_clear_error (&self->error);
      self->error = g_steal_pointer (&error);
    }
  if (self->dirty)
    start (self);
}

static void
start (MazePreviewRunner *self)
{
  g_autoptr(GTask) task = NULL;
  GWeakRef *ref;
  Work *work;
  gpointer job;
  int width = 0, height = 0, scale = 1;

  if (self->cancellable != NULL)
    {
      if (self->policy == MAZE_PREVIEW_COALESCE)
        {
          self->dirty = TRUE;
          return;
        }
      /* The newest request wins. */
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
  self->dirty = FALSE;
  job = self->prepare (self->user_data, &width, &height, &scale);
  if (job == NULL)
    return;

  work = g_new0 (Work, 1);
  work->job = job;
  work->job_free = self->job_free;
  work->draw = self->draw;
  work->width = MAX (width, 1);
  work->height = MAX (height, 1);
  work->scale = MAX (scale, 1);

  /* No source object and a weak reference: the thread may drop the
   * task last, and the runner (and its owner) go on the main thread. */
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  self->cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->cancellable, done_cb, ref);
  g_task_set_source_tag (task, start);
  g_task_set_task_data (task, work, (GDestroyNotify) work_free);
  g_task_run_in_thread (task, draw_thread);
}

static gboolean
timeout_cb (gpointer user_data)
{
  MazePreviewRunner *self = user_data;

  self->timeout = 0;
  start (self);
  return G_SOURCE_REMOVE;
}

void
maze_preview_runner_schedule (MazePreviewRunner *self)
{
  g_return_if_fail (MAZE_IS_PREVIEW_RUNNER (self));

  g_clear_handle_id (&self->timeout, g_source_remove);
  self->timeout = g_timeout_add (self->delay_ms, timeout_cb, self);
}

cairo_surface_t *
maze_preview_runner_get_surface (MazePreviewRunner *self)
{
  g_return_val_if_fail (MAZE_IS_PREVIEW_RUNNER (self), NULL);
  return self->surface;
}

guint
maze_preview_runner_get_count (MazePreviewRunner *self)
{
  g_return_val_if_fail (MAZE_IS_PREVIEW_RUNNER (self), 0);
  return self->count;
}

const GError *
maze_preview_runner_get_error (MazePreviewRunner *self)
{
  g_return_val_if_fail (MAZE_IS_PREVIEW_RUNNER (self), NULL);
  return self->error;
}

gboolean
maze_preview_runner_get_running (MazePreviewRunner *self)
{
  g_return_val_if_fail (MAZE_IS_PREVIEW_RUNNER (self), FALSE);
  return self->cancellable != NULL;
}

static void
maze_preview_runner_dispose (GObject *object)
{
  MazePreviewRunner *self = MAZE_PREVIEW_RUNNER (object);

  g_clear_handle_id (&self->timeout, g_source_remove);
  /* A preview on its way finishes alone; its result is dropped. */
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (maze_preview_runner_parent_class)->dispose (object);
}

static void
maze_preview_runner_finalize (GObject *object)
{
  MazePreviewRunner *self = MAZE_PREVIEW_RUNNER (object);

  g_clear_pointer (&self->surface, cairo_surface_destroy);
  g_clear_error (&self->error);
  G_OBJECT_CLASS (maze_preview_runner_parent_class)->finalize (object);
}

static void
maze_preview_runner_class_init (MazePreviewRunnerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = maze_preview_runner_dispose;
  object_class->finalize = maze_preview_runner_finalize;

  /* A new preview was drawn: maze_preview_runner_get_surface(). */
  signals[UPDATED] = g_signal_new ("updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
maze_preview_runner_init (MazePreviewRunner *self)
{
}

MazePreviewRunner *
maze_preview_runner_new (MazePreviewPolicy       policy,
                         guint                   delay_ms,
                         MazePreviewPrepareFunc  prepare,
                         MazePreviewDrawFunc     draw,
                         GDestroyNotify          job_free,
                         gpointer                user_data)
{
  MazePreviewRunner *self;

  g_return_val_if_fail (prepare != NULL && draw != NULL, NULL);

  self = g_object_new (MAZE_TYPE_PREVIEW_RUNNER, NULL);
  self->policy = policy;
  self->delay_ms = delay_ms;
  self->prepare = prepare;
  self->draw = draw;
  self->job_free = job_free;
  self->user_data = user_data;
  return self;
}
