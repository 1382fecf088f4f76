/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-task-progress.h"
#include "maze-task-progress-private.h"

#include "maze-error.h"

typedef struct
{
  GTask                *task;
  MazeTaskProgressFunc  func;
  gpointer              user_data;
  double                fraction;
} ProgressReport;

static void
progress_report_free (ProgressReport *report)
{
  g_object_unref (report->task);
  g_free (report);
}

/* On the task's main context. */
static gboolean
report_progress_cb (gpointer data)
{
  ProgressReport *report = data;

  if (!g_task_get_completed (report->task) &&
      !g_cancellable_is_cancelled (g_task_get_cancellable (report->task)))
    report->func (g_task_get_source_object (report->task), report->fraction, report->user_data);
  return G_SOURCE_REMOVE;
}

void
maze_task_post_progress (GTask                *task,
                         MazeTaskProgressFunc  func,
                         gpointer              user_data,
                         double                fraction)
{
  ProgressReport *report;
  g_autoptr(GSource) source = NULL;

  g_return_if_fail (G_IS_TASK (task));
  g_return_if_fail (func != NULL);

  report = g_new (ProgressReport, 1);
  report->task = g_object_ref (task);
  report->func = func;
  report->user_data = user_data;
  report->fraction = fraction;
  /* Always queued (g_main_context_invoke() would run it right here when
   * no thread owns the task's context). */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, report_progress_cb, report, (GDestroyNotify) progress_report_free);
  g_source_set_static_name (source, "[mazewright] progress");
  g_source_attach (source, g_task_get_context (task));
}

GError *
maze_task_map_cancelled (GError *error)
{
  if (g_error_matches (error, MAZE_ERROR, MAZE_ERROR_CANCELLED))
    {
      GError *mapped = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, error->message);

      g_error_free (error);
      return mapped;
    }
  return error;
}

static MazeTaskStopHook stop_hook;
static gpointer stop_hook_data;

void
maze_task_set_stop_hook (MazeTaskStopHook hook,
                         gpointer         user_data)
{
  stop_hook_data = user_data;
  g_atomic_pointer_set (&stop_hook, hook);
}

gboolean
maze_task_stop_if_cancelled (gpointer cancellable)
{
  MazeTaskStopHook hook = g_atomic_pointer_get (&stop_hook);

  if (G_UNLIKELY (hook != NULL))
    hook (cancellable, stop_hook_data);
  return g_cancellable_is_cancelled (cancellable);
}
