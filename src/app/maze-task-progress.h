/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Progress from a thread, told on the main context of the task it is
 * for: what the document's async calls share. */
typedef void (*MazeTaskProgressFunc) (gpointer source_object,
                                      double   fraction,
                                      gpointer user_data);

/* Queues func (the task's source object, fraction, user_data) on task's
 * context, from any thread. It is not called once the task has
 * completed or its cancellable has been cancelled, so never after the
 * caller's callback or a cancel. The queued call holds a reference on
 * task, so user_data may be the task's data. */
void maze_task_post_progress (GTask                *task,
                              MazeTaskProgressFunc  func,
                              gpointer              user_data,
                              double                fraction);

/* The core's MAZE_ERROR_CANCELLED as GIO's G_IO_ERROR_CANCELLED (taking
 * error): callers of the document's async calls see one error for work
 * that was cancelled. Other errors pass through. */
GError  *maze_task_map_cancelled    (GError   *error);
/* A MazeStopFunc for the core on a thread: stop once cancellable (a
 * GCancellable, or NULL: never) is cancelled. */
gboolean maze_task_stop_if_cancelled (gpointer  cancellable);

G_END_DECLS
