/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include <glib/gi18n.h>

#include "maze-document.h"
#include "maze-document-private.h"
#include "maze-task-progress.h"

/* The edits that may take long — a region regenerated, a mask painted
 * (with its connectivity check), the maze braided — at once or on a
 * thread. Either way the work is done by the core on a copy of the
 * puzzle (an EditJob, set up on the main thread), and the result goes
 * into the document as one undo step (maze-document-private.h). On a
 * thread, a cancel stops the core through its stop function, and the
 * callback comes once the thread is done. */

typedef enum
{
  JOB_REGENERATE,
  JOB_MASK,
  JOB_BRAID,
} JobKind;

typedef struct
{
  JobKind     kind;
  MazePuzzle *work;        /* the document's maze and ends, copied */
  MazeEdit    edit;        /* REGENERATE, MASK: rect, algorithm, seed */
  MazeRect    painted;     /* MASK: the cells painted, mask[] their state */
  guint8     *mask;
  MazeGrid   *base;        /* BRAID: the maze before braiding */
  guint32     base_braid;
  MazeGrid   *closed;      /* BRAID: base with its loops closed, or NULL */
  guint32     braid;
  guint       gesture;
  guint       serial;      /* the document's when the job was set up */
  GTask      *task;        /* the caller's, on a thread */
} EditJob;

static void
edit_job_free (EditJob *job)
{
  g_clear_pointer (&job->work, maze_puzzle_free);
  g_free (job->edit.mask);
  g_free (job->mask);
  g_clear_pointer (&job->base, maze_grid_free);
  g_clear_pointer (&job->closed, maze_grid_free);
  g_clear_object (&job->task);
  g_free (job);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (EditJob, edit_job_free)

static EditJob *
edit_job_new (MazeDocument *self,
              JobKind       kind)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (self);
  EditJob *job = g_new0 (EditJob, 1);

  job->kind = kind;
  job->work = maze_puzzle_new_for_grid (maze_grid_copy (puzzle->grid), puzzle->start, puzzle->end);
  job->work->seed = puzzle->seed;
  job->edit.algorithm = puzzle->algorithm;
  job->edit.growing_tree_mode = puzzle->growing_tree_mode;
  job->serial = maze_document_get_serial (self);
  return job;
}

static EditJob *
region_job_new (MazeDocument    *self,
                const MazeRect  *rect,
                GError         **error)
{
  g_autoptr(EditJob) job = edit_job_new (self, JOB_REGENERATE);

  job->edit.kind = MAZE_EDIT_REGENERATE;
  job->edit.rect = *rect;
  if (!maze_region_clip (job->work->grid, &job->edit.rect))
    {
      g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                           _("The selection is outside the maze"));
      return NULL;
    }
  job->edit.seed = maze_document_next_edit_seed (self);
  return g_steal_pointer (&job);
}

static EditJob *
mask_job_new (MazeDocument   *self,
              const MazeRect *rect,
              const guint8   *mask)
{
  EditJob *job = edit_job_new (self, JOB_MASK);

  job->edit.kind = MAZE_EDIT_MASK;
  job->edit.seed = maze_document_next_edit_seed (self);
  job->painted = *rect;
  job->mask = g_memdup2 (mask, (gsize) rect->width * rect->height);
  return job;
}

static EditJob *
braid_job_new (MazeDocument *self,
               guint32       braid,
               guint         gesture)
{
  EditJob *job = edit_job_new (self, JOB_BRAID);

  job->base = maze_document_dup_braid_base (self, &job->base_braid, &job->closed);
  job->braid = MIN (braid, MAZE_BRAID_ONE);
  job->gesture = gesture;
  return job;
}

/* The core's work, on any thread. */
static gboolean
edit_job_run (EditJob       *job,
              MazeStopFunc   stop,
              gpointer       stop_data,
              GError       **error)
{
  MazeGenerateOptions options;

  switch (job->kind)
    {
    case JOB_MASK:
      /* The core decides what a mask edit regenerates, by trying. */
      maze_generate_options_init (&options);
      options.algorithm = job->edit.algorithm;
      options.growing_tree_mode = job->edit.growing_tree_mode;
      options.seed = job->edit.seed;
      options.stop = stop;
      options.stop_data = stop_data;
      job->edit.mask = maze_mask_edit_region (job->work->grid, &job->painted, job->mask,
                                              &options, &job->edit.rect, error);
      if (job->edit.mask == NULL)
        return FALSE;
      G_GNUC_FALLTHROUGH;
    case JOB_REGENERATE:
      return maze_puzzle_apply_full (job->work, &job->edit, stop, stop_data, error);
    case JOB_BRAID:
      return maze_puzzle_braid_full (job->work, job->base, job->base_braid, &job->closed,
                                     job->braid, stop, stop_data, error);
    default:
      g_assert_not_reached ();
    }
}

/* Back on the main thread: into the document, unless the maze changed
 * meanwhile (then the result would undo that change). */
static gboolean
edit_job_commit (MazeDocument  *self,
                 EditJob       *job,
                 GError       **error)
{
  if (maze_document_get_serial (self) != job->serial)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("The maze changed while this edit was being made: try it again"));
      return FALSE;
    }
  if (job->kind == JOB_BRAID)
    maze_document_commit_braid (self, job->work, g_steal_pointer (&job->base), job->base_braid,
                                g_steal_pointer (&job->closed), job->gesture);
  else
    maze_document_commit_edit (self, &job->edit, job->work);
  return TRUE;
}

static gboolean
edit_job_run_here (MazeDocument  *self,
                   EditJob       *job,
                   GError       **error)
{
  g_autoptr(EditJob) owned = job;

  return job != NULL && edit_job_run (job, NULL, NULL, error) &&
         edit_job_commit (self, job, error);
}

gboolean
maze_document_regenerate_region (MazeDocument    *self,
                                 const MazeRect  *rect,
                                 GError         **error)
{
  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);

  return edit_job_run_here (self, region_job_new (self, rect, error), error);
}

gboolean
maze_document_set_mask (MazeDocument    *self,
                        const MazeRect  *rect,
                        const guint8    *mask,
                        GError         **error)
{
  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (rect != NULL && mask != NULL, FALSE);

  return edit_job_run_here (self, mask_job_new (self, rect, mask), error);
}

gboolean
maze_document_braid (MazeDocument  *self,
                     guint32        braid,
                     guint          gesture,
                     GError       **error)
{
  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), FALSE);

  return edit_job_run_here (self, braid_job_new (self, braid, gesture), error);
}

/* ---- On a thread ---- */

/* The one source tag of the three async edits: they finish alike. */
#define EDIT_TAG ((gpointer) edit_thread)

static void
edit_thread (GTask        *thread_task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  EditJob *job = task_data;
  GError *error = NULL;

  if (edit_job_run (job, maze_task_stop_if_cancelled, cancellable, &error))
    g_task_return_boolean (thread_task, TRUE);
  else
    g_task_return_error (thread_task, error);
}

static void
edit_thread_done_cb (GObject      *source_object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  MazeDocument *self = MAZE_DOCUMENT (source_object);
  EditJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GTask) task = g_object_ref (job->task);
  GError *error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_task_return_error (task, maze_task_map_cancelled (error));
      return;
    }
  /* Cancelled after the thread was done: dropped all the same. */
  if (g_task_return_error_if_cancelled (task))
    return;
  if (!edit_job_commit (self, job, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
edit_job_run_async (MazeDocument        *self,
                    EditJob             *job,
                    GError              *error,
                    GCancellable        *cancellable,
                    GAsyncReadyCallback  callback,
                    gpointer             user_data,
                    gpointer             source_tag)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr(GTask) thread_task = NULL;

  g_task_set_source_tag (task, source_tag);
  if (job == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  job->task = g_object_ref (task);
  thread_task = g_task_new (self, cancellable, edit_thread_done_cb, NULL);
  g_task_set_source_tag (thread_task, source_tag);
  g_task_set_task_data (thread_task, job, (GDestroyNotify) edit_job_free);
  g_task_run_in_thread (thread_task, edit_thread);
}

void
maze_document_regenerate_region_async (MazeDocument        *self,
                                       const MazeRect      *rect,
                                       GCancellable        *cancellable,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data)
{
  GError *error = NULL;
  EditJob *job;

  g_return_if_fail (MAZE_IS_DOCUMENT (self));
  g_return_if_fail (rect != NULL);

  job = region_job_new (self, rect, &error);
  edit_job_run_async (self, job, error, cancellable, callback, user_data,
                      EDIT_TAG);
}

void
maze_document_set_mask_async (MazeDocument        *self,
                              const MazeRect      *rect,
                              const guint8        *mask,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_return_if_fail (MAZE_IS_DOCUMENT (self));
  g_return_if_fail (rect != NULL && mask != NULL);

  edit_job_run_async (self, mask_job_new (self, rect, mask), NULL, cancellable, callback,
                      user_data, EDIT_TAG);
}

void
maze_document_braid_async (MazeDocument        *self,
                           guint32              braid,
                           guint                gesture,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_return_if_fail (MAZE_IS_DOCUMENT (self));

  edit_job_run_async (self, braid_job_new (self, braid, gesture), NULL, cancellable, callback,
                      user_data, EDIT_TAG);
}

gboolean
maze_document_edit_finish (MazeDocument  *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == EDIT_TAG, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
