/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-document.h"

#include <glib/gi18n.h>
#include <string.h>

#include "maze-puzzle-file.h"
#include "maze-task-progress.h"

/* Opening a maze file, at once or on a thread, within the limit of what
 * the app can hold.
 *
 * Why MAZE_DOCUMENT_MAX_CELLS is 16 million (4000 × 4000): an open maze
 * costs far more than its byte a cell. Reading holds the file and
 * json-glib's copy of it; then the canvas's tiles and far view, the undo
 * history (a step that replaces the maze keeps two copies of it), the
 * metrics' per-cell arrays and the solvers' add tens of bytes a cell.
 * Measured peaks are in HACKING.md ("Limits at the edge"). Past that a
 * maze is no longer something a person edits on screen, and the CLI,
 * which holds one grid and streams its exports, handles it. */

/* One load: what to read and how much of a maze it may hold. */
typedef struct
{
  GFile            *file;
  char             *path;
  guint64           max_cells;
  GTask            *task;           /* on a thread: borrowed, for progress */
  MazeProgressFunc  progress;
  gpointer          progress_data;
} LoadJob;

static void
load_job_free (LoadJob *job)
{
  g_clear_object (&job->file);
  g_free (job->path);
  g_free (job);
}

/* PNG images are at most this wide (maze_png_get_size() has the exact
 * limit, 65535, margins included). */
#define PNG_CELLS_ACROSS 65000

/* A command that exports the maze: a PNG with cells small enough to fit
 * (the default is 20 pixels), or an SVG when even 1 pixel a cell does
 * not. A circular maze is a disc of at most its rings and the room
 * across (maze_geometry_polar_span()), however long its outer ring. */
static char *
dup_export_command (GFile     *file,
                    MazeShape  shape,
                    guint      width,
                    guint      height)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *quoted = NULL;
  guint side = shape == MAZE_SHAPE_CIRCULAR ? 2 * (height + 1) : MAX (width, height);
  guint cell_size = MIN (20, PNG_CELLS_ACROSS / side);

  /* Quoted for the shell only when it needs to be. */
  quoted = name[strspn (name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-+")] == '\0'
           ? g_strdup (name) : g_shell_quote (name);
  if (cell_size == 0)
    return g_strdup_printf ("mazewright-cli export %s -o maze.svg", quoted);
  if (cell_size == 20)
    return g_strdup_printf ("mazewright-cli export %s -o maze.png", quoted);
  return g_strdup_printf ("mazewright-cli export %s -o maze.png --cell-size %u", quoted, cell_size);
}

/* The grid's width × height against the limit: for a circular maze its
 * outer ring by its rings (MazeLoadSizeFunc), so the message says so. */
static gboolean
check_cells (MazeShape  shape,
             guint      width,
             guint      height,
             gpointer   user_data,
             GError   **error)
{
  LoadJob *job = user_data;
  guint64 cells = (guint64) width * height;
  g_autofree char *command = NULL;
  g_autofree char *n = NULL;
  g_autofree char *m = NULL;

  if (cells <= job->max_cells)
    return TRUE;
  command = dup_export_command (job->file, shape, width, height);
  m = g_strdup_printf ("%'" G_GUINT64_FORMAT, job->max_cells);
  if (shape == MAZE_SHAPE_CIRCULAR)
    {
      g_autofree char *rings = g_strdup_printf ("%'u", height);
      g_autofree char *outer = g_strdup_printf ("%'u", width);

      /* Translators: a number of rings, numbers of cells, and a command
       * to type (not translated); the limit counts every ring as long
       * as the outer one */
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("This maze has %s rings of up to %s cells; the window opens mazes of up to %s cells, "
                     "counting every ring as long as the outer one. mazewright-cli can export it: %s"),
                   rings, outer, m, command);
      return FALSE;
    }
  n = g_strdup_printf ("%'" G_GUINT64_FORMAT, cells);
  /* Translators: the first two are numbers of cells, the last a command
   * to type (not translated) */
  g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
               _("This maze has %s cells; the window opens mazes of up to %s cells. "
                 "mazewright-cli can export it: %s"),
               n, m, command);
  return FALSE;
}

/* Reads the file into a document, on whichever thread calls it. */
static MazeDocument *
load_document (LoadJob             *job,
               const MazeLoadJob   *io_job,
               GError             **error)
{
  g_autoptr(MazePuzzle) puzzle = NULL;
  MazeFileKind kind;
  guint n_doors = 0;

  puzzle = maze_puzzle_load_any_job (job->path, io_job, &kind, &n_doors, error);
  if (puzzle == NULL)
    return NULL;
  /* A text maze with no doors to say where it starts: the corners. */
  if (n_doors < 2 &&
      !maze_endpoints_choose (puzzle->grid, MAZE_ENDPOINTS_CORNERS, &puzzle->start, &puzzle->end, error))
    return NULL;
  /* A text maze is opened, not edited in place: saving it asks for a
   * .maze file, and the text file is never overwritten. */
  return maze_document_new_for_file (g_steal_pointer (&puzzle), job->file,
                                     kind == MAZE_FILE_KIND_TEXT);
}

/* A job for file, or NULL with an error when it is not a local file. */
static LoadJob *
load_job_new (GFile    *file,
              guint64   max_cells,
              GError  **error)
{
  g_autofree char *path = g_file_get_path (file);
  LoadJob *job;

  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Mazes can only be opened from local files"));
      return NULL;
    }
  job = g_new0 (LoadJob, 1);
  job->file = g_object_ref (file);
  job->path = g_steal_pointer (&path);
  job->max_cells = max_cells > 0 ? max_cells : MAZE_DOCUMENT_MAX_CELLS;
  return job;
}

MazeDocument *
maze_document_load_limited (GFile    *file,
                            guint64   max_cells,
                            GError  **error)
{
  LoadJob *job;
  MazeDocument *document;
  MazeLoadJob io_job = { NULL };

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  job = load_job_new (file, max_cells, error);
  if (job == NULL)
    return NULL;
  io_job.check_size = check_cells;
  io_job.check_size_data = job;
  document = load_document (job, &io_job, error);
  load_job_free (job);
  return document;
}

MazeDocument *
maze_document_load (GFile   *file,
                    GError **error)
{
  return maze_document_load_limited (file, 0, error);
}

/* Loading on a thread. Unlike generation, the reader stops between
 * chunks and stages once cancelled, so the task has no return on cancel:
 * its callback means the thread is done with the file. */

/* On the caller's main context. */
static void
deliver_progress_cb (gpointer source_object,
                     double   fraction,
                     gpointer user_data)
{
  LoadJob *job = user_data;

  job->progress (fraction, job->progress_data);
}

/* On the thread. */
static void
thread_progress_cb (double   fraction,
                    gpointer user_data)
{
  LoadJob *job = user_data;

  maze_task_post_progress (job->task, deliver_progress_cb, job, fraction);
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  LoadJob *job = task_data;
  MazeLoadJob io_job = {
    .progress = job->progress != NULL ? thread_progress_cb : NULL,
    .progress_data = job,
    .cancellable = cancellable,
    .check_size = check_cells,
    .check_size_data = job,
  };
  GError *error = NULL;
  MazeDocument *document;

  job->task = task;
  document = load_document (job, &io_job, &error);
  job->task = NULL;
  /* The document is made here but used only on the caller's thread. */
  if (document == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, document, g_object_unref);
}

void
maze_document_load_async (GFile               *file,
                          guint64              max_cells,
                          GCancellable        *cancellable,
                          MazeProgressFunc     progress,
                          gpointer             progress_data,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  GError *error = NULL;
  LoadJob *job;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, maze_document_load_async);
  job = load_job_new (file, max_cells, &error);
  if (job == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  job->progress = progress;
  job->progress_data = progress_data;
  g_task_set_task_data (task, job, (GDestroyNotify) load_job_free);
  g_task_run_in_thread (task, load_thread);
}

MazeDocument *
maze_document_load_finish (GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == maze_document_load_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
