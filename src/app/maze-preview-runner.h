/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

G_BEGIN_DECLS

/* A dialog's live preview, drawn on a worker thread: asked for again
 * and again as options change, it waits for them to settle (the
 * delay), draws into an image surface of the size asked, refuses one
 * too big for memory, and keeps the newest drawn. While one is being
 * drawn, a new request either waits for it and follows it
 * (MAZE_PREVIEW_COALESCE: the Export dialog, whose previews are quick
 * and worth showing) or cancels it (MAZE_PREVIEW_CANCEL: Export Pack,
 * whose previews generate mazes that the new options make useless).
 * No widgets: what to draw and where it is shown are the owner's. */
typedef enum
{
  MAZE_PREVIEW_COALESCE,
  MAZE_PREVIEW_CANCEL,
} MazePreviewPolicy;

/* On the main thread once the delay has passed: the job for the
 * thread, or NULL when there is nothing to draw (the last preview
 * stays); sets the size in units and the device scale. */
typedef gpointer (*MazePreviewPrepareFunc) (gpointer  user_data,
                                            int      *width,
                                            int      *height,
                                            int      *scale);
/* On a worker thread: draws job into cr, width × height units; FALSE
 * with error when it cannot (cancelled, for one). */
typedef gboolean (*MazePreviewDrawFunc)    (cairo_t       *cr,
                                            gpointer       job,
                                            int            width,
                                            int            height,
                                            GCancellable  *cancellable,
                                            GError       **error);

#define MAZE_TYPE_PREVIEW_RUNNER (maze_preview_runner_get_type ())
G_DECLARE_FINAL_TYPE (MazePreviewRunner, maze_preview_runner, MAZE, PREVIEW_RUNNER, GObject)

/* prepare is called with user_data, which must outlive the runner's
 * last schedule (the owner drops the runner in its dispose); a job
 * still on a thread then finishes alone and is freed by job_free. */
MazePreviewRunner *maze_preview_runner_new          (MazePreviewPolicy       policy,
                                                     guint                   delay_ms,
                                                     MazePreviewPrepareFunc  prepare,
                                                     MazePreviewDrawFunc     draw,
                                                     GDestroyNotify          job_free,
                                                     gpointer                user_data);
/* A new preview once the options have settled for the delay. */
void               maze_preview_runner_schedule     (MazePreviewRunner      *self);
/* The newest preview drawn (an image surface with its device scale),
 * or NULL; "updated" is emitted when it changes. */
cairo_surface_t   *maze_preview_runner_get_surface  (MazePreviewRunner      *self);
/* How many previews have been drawn. */
guint              maze_preview_runner_get_count    (MazePreviewRunner      *self);
/* Why the last preview was not drawn (not for a cancelled one), or
 * NULL once one is. */
const GError      *maze_preview_runner_get_error    (MazePreviewRunner      *self);
/* Whether a preview is being drawn. */
gboolean           maze_preview_runner_get_running  (MazePreviewRunner      *self);

G_END_DECLS
