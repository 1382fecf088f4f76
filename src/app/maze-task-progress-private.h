/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "maze-task-progress.h"

G_BEGIN_DECLS

/* For tests: called on the asking thread each time the core asks
 * maze_task_stop_if_cancelled(), with the cancellable it was given,
 * before it is read. A test can count the questions and cancel at one,
 * and so see that a cancel reaches the loop that asks. Set it (or NULL
 * to remove it) while no task runs. */
typedef void (*MazeTaskStopHook) (gpointer cancellable,
                                  gpointer user_data);

void maze_task_set_stop_hook (MazeTaskStopHook hook,
                              gpointer         user_data);

G_END_DECLS
