/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Asked by the core's long work — generators, region regeneration,
 * solvers — on the thread doing it, once every MAZE_STOP_INTERVAL steps
 * (a step being one turn of an algorithm's loop: a cell carved or taken
 * from a queue, a step of a random walk), so the time between two
 * questions is bounded whatever the maze. TRUE stops the work with
 * MAZE_ERROR_CANCELLED, and it is not asked again. A thread that may be
 * cancelled passes g_cancellable_is_cancelled() here, for instance. */
typedef gboolean (*MazeStopFunc) (gpointer user_data);

#define MAZE_STOP_INTERVAL 4096

G_END_DECLS
