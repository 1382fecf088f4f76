/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-document.h"
#include "maze-document-private.h"
#include "maze-order.h"
#include "maze-task-progress.h"

/* Making a new maze into the document, at once or on a thread. Only the
 * document's public API is used: the new maze goes in as one undo step
 * through maze_document_replace_puzzle(). */

/* A new maze and the maze before braiding (*unbraided, NULL when not
 * braided), so that the braid slider can take loops back: on a copy of
 * the document's grid (taken on the main thread) when there is one,
 * else on a blank grid. */
static MazePuzzle *
make_puzzle (MazeGrid                   *grid,
             MazeShape                   shape,
             guint                       width,
             guint                       height,
             gboolean                    centre,
             const MazeGenerateOptions  *options,
             guint32                     braid,
             MazeEndpointsPreset         preset,
             MazeGrid                  **unbraided,
             GError                    **error)
{
  if (grid == NULL)
    grid = maze_grid_new_rings (shape, width, height, centre, error);
  if (grid == NULL)
    return NULL;
  return maze_puzzle_generate_on_full (grid, options, braid, preset, unbraided, error);
}

/* A new maze keeps the document's title, and its outline when it was
 * carved inside it (maze_document_dup_generation_grid() kept the mask
 * or drew the outline again at the new size). */
static void
take_generated (MazeDocument *self,
                MazePuzzle   *puzzle,
                MazeGrid     *unbraided)
{
  const MazePuzzle *current = maze_document_get_puzzle (self);

  maze_puzzle_set_title (puzzle, current->title);
  if (maze_grid_has_mask (puzzle->grid, NULL))
    puzzle->outline = maze_outline_params_copy (current->outline);
  maze_document_replace_puzzle (self, puzzle);
  if (unbraided != NULL)
    maze_document_set_braid_base (self, unbraided, 0, NULL);
}

gboolean
maze_document_generate (MazeDocument               *self,
                        MazeShape                   shape,
                        guint                       width,
                        guint                       height,
                        gboolean                    centre,
                        const MazeGenerateOptions  *options,
                        guint32                     braid,
                        MazeEndpointsPreset         preset,
                        GError                    **error)
{
  MazeGrid *unbraided = NULL;
  MazePuzzle *puzzle;

  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (options != NULL, FALSE);

  puzzle = make_puzzle (maze_document_dup_generation_grid (self, shape, width, height, centre),
                        shape, width, height, centre, options, braid, preset, &unbraided, error);
  if (puzzle == NULL)
    return FALSE;
  take_generated (self, puzzle, unbraided);
  return TRUE;
}

/* Generation on a thread. Two tasks: the caller's, which completes on
 * its main context once the document has the maze (or not), and the
 * thread's. A cancel stops the core within MAZE_STOP_INTERVAL steps of
 * its carving (or at the end of a shorter stage, braiding or choosing
 * the ends), and the thread's task completes when the thread is done: a
 * cancelled generation keeps no core busy after its callback. */

typedef struct
{
  GTask                    *task;       /* the caller's */
  MazeGrid                 *grid;       /* to carve in, or NULL */
  MazeShape                 shape;
  guint                     width;
  guint                     height;
  gboolean                  centre;
  MazeGenerateOptions       options;
  guint32                   braid;
  MazeEndpointsPreset       preset;
  MazeDocumentProgressFunc  progress;
  gpointer                  progress_data;
  MazeStopFunc              stop;       /* the caller's, or NULL */
  gpointer                  stop_data;
  MazeGrid                 *unbraided;  /* made on the thread */
  /* To order (maze-order.h): seeds tried until the score is in the band. */
  gboolean                  to_order;
  guint32                   min_score;
  guint32                   max_score;
} GenerateJob;

static void
generate_job_free (GenerateJob *job)
{
  g_clear_object (&job->task);
  g_clear_pointer (&job->grid, maze_grid_free);
  g_clear_pointer (&job->unbraided, maze_grid_free);
  g_free (job);
}

/* On the thread: passes the core's progress on, and stops it once the
 * caller has cancelled. */
static gboolean
thread_progress_cb (double   fraction,
                    gpointer user_data)
{
  GenerateJob *job = user_data;

  if (g_cancellable_is_cancelled (g_task_get_cancellable (job->task)))
    return FALSE;
  /* A MazeDocumentProgressFunc is one whose source object is the
   * document, as the caller's task's is. */
  if (job->progress != NULL)
    maze_task_post_progress (job->task, (MazeTaskProgressFunc) job->progress,
                             job->progress_data, fraction);
  return TRUE;
}

/* On the thread, every so many steps: the caller's own stop function,
 * then the cancellable. */
static gboolean
thread_stop_cb (gpointer user_data)
{
  GenerateJob *job = user_data;

  if (job->stop != NULL && job->stop (job->stop_data))
    return TRUE;
  return maze_task_stop_if_cancelled (g_task_get_cancellable (job->task));
}

static void
generate_thread (GTask        *thread_task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  GenerateJob *job = task_data;
  GError *error = NULL;
  MazePuzzle *puzzle;

  if (job->to_order)
    {
      g_autoptr(MazeGrid) grid = g_steal_pointer (&job->grid);

      if (grid == NULL)
        grid = maze_grid_new_rings (job->shape, job->width, job->height, job->centre, &error);
      /* No unbraided base: the braid slider braids the maze there is. */
      puzzle = grid == NULL ? NULL
                            : maze_puzzle_generate_to_order_on (grid, &job->options, job->braid,
                                                                job->preset, job->min_score,
                                                                job->max_score, NULL, &error);
    }
  else
    puzzle = make_puzzle (g_steal_pointer (&job->grid), job->shape, job->width, job->height,
                          job->centre, &job->options, job->braid, job->preset, &job->unbraided, &error);
  if (puzzle == NULL)
    g_task_return_error (thread_task, error);
  else
    g_task_return_pointer (thread_task, puzzle, (GDestroyNotify) maze_puzzle_free);
}

static void
generate_thread_done_cb (GObject      *source_object,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  MazeDocument *self = MAZE_DOCUMENT (source_object);
  g_autoptr(GTask) task = user_data;
  GenerateJob *job = g_task_get_task_data (G_TASK (result));
  GError *error = NULL;
  MazePuzzle *puzzle;

  puzzle = g_task_propagate_pointer (G_TASK (result), &error);
  if (puzzle == NULL)
    {
      g_task_return_error (task, maze_task_map_cancelled (error));
      return;
    }
  /* Cancelled after the thread was done: the maze is dropped all the same. */
  if (g_task_return_error_if_cancelled (task))
    {
      maze_puzzle_free (puzzle);
      return;
    }
  take_generated (self, puzzle, g_steal_pointer (&job->unbraided));
  g_task_return_boolean (task, TRUE);
}

static void
start_generate (MazeDocument               *self,
                MazeShape                   shape,
                guint                       width,
                guint                       height,
                gboolean                    centre,
                const MazeGenerateOptions  *options,
                guint32                     braid,
                MazeEndpointsPreset         preset,
                gboolean                    to_order,
                guint32                     min_score,
                guint32                     max_score,
                GCancellable               *cancellable,
                MazeDocumentProgressFunc    progress,
                gpointer                    progress_data,
                GAsyncReadyCallback         callback,
                gpointer                    user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GTask) thread_task = NULL;
  GenerateJob *job;

  g_return_if_fail (MAZE_IS_DOCUMENT (self));
  g_return_if_fail (options != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, maze_document_generate_async);

  job = g_new0 (GenerateJob, 1);
  job->task = g_object_ref (task);
  job->grid = maze_document_dup_generation_grid (self, shape, width, height, centre);
  job->shape = shape;
  job->width = width;
  job->height = height;
  job->centre = centre;
  job->options = *options;
  job->options.observer = NULL;
  job->options.progress = thread_progress_cb;
  job->options.progress_data = job;
  job->options.stop = thread_stop_cb;
  job->options.stop_data = job;
  job->stop = options->stop;
  job->stop_data = options->stop_data;
  job->braid = braid;
  job->preset = preset;
  job->progress = progress;
  job->progress_data = progress_data;
  job->to_order = to_order;
  job->min_score = min_score;
  job->max_score = max_score;

  thread_task = g_task_new (self, cancellable, generate_thread_done_cb, g_steal_pointer (&task));
  g_task_set_source_tag (thread_task, maze_document_generate_async);
  g_task_set_task_data (thread_task, job, (GDestroyNotify) generate_job_free);
  g_task_run_in_thread (thread_task, generate_thread);
}

void
maze_document_generate_async (MazeDocument               *self,
                              MazeShape                   shape,
                              guint                       width,
                              guint                       height,
                              gboolean                    centre,
                              const MazeGenerateOptions  *options,
                              guint32                     braid,
                              MazeEndpointsPreset         preset,
                              GCancellable               *cancellable,
                              MazeDocumentProgressFunc    progress,
                              gpointer                    progress_data,
                              GAsyncReadyCallback         callback,
                              gpointer                    user_data)
{
  start_generate (self, shape, width, height, centre, options, braid, preset, FALSE, 0, 0, cancellable,
                  progress, progress_data, callback, user_data);
}

void
maze_document_generate_to_order_async (MazeDocument               *self,
                                       MazeShape                   shape,
                                       guint                       width,
                                       guint                       height,
                                       gboolean                    centre,
                                       const MazeGenerateOptions  *options,
                                       guint32                     braid,
                                       MazeEndpointsPreset         preset,
                                       guint32                     min_score,
                                       guint32                     max_score,
                                       GCancellable               *cancellable,
                                       MazeDocumentProgressFunc    progress,
                                       gpointer                    progress_data,
                                       GAsyncReadyCallback         callback,
                                       gpointer                    user_data)
{
  g_return_if_fail (min_score <= max_score);

  start_generate (self, shape, width, height, centre, options, braid, preset, TRUE, min_score, max_score,
                  cancellable, progress, progress_data, callback, user_data);
}

gboolean
maze_document_generate_finish (MazeDocument  *self,
                               GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (MAZE_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == maze_document_generate_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
