/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Private to the core: counting steps between the questions to a
 * MazeStopFunc (maze-stop.h). One MazeStopCheck goes with one piece of
 * work, through every stage of it (a region's pieces and stitch), so
 * that small stages add up to the interval too. */

#include <glib.h>

#include "maze-stop.h"

G_BEGIN_DECLS

typedef struct
{
  MazeStopFunc func;        /* NULL: never stops */
  gpointer     data;
  gint32       countdown;   /* steps before the next question */
  gboolean     stopped;     /* it said stop: every later question is no */
} MazeStopCheck;

static inline void
maze_stop_check_init (MazeStopCheck *check,
                      MazeStopFunc   func,
                      gpointer       data)
{
  *check = (MazeStopCheck) { func, data, MAZE_STOP_INTERVAL, FALSE };
}

/* Asks now; FALSE: stop. */
static inline gboolean
maze_stop_check_ask (MazeStopCheck *check)
{
  if (check->stopped)
    return FALSE;
  check->countdown = MAZE_STOP_INTERVAL;
  if (check->func != NULL && check->func (check->data))
    {
      check->stopped = TRUE;
      check->countdown = 0;
      return FALSE;
    }
  return TRUE;
}

/* Counts n steps (at most 65536), asking when the interval is up; FALSE:
 * stop. */
static inline gboolean
maze_stop_check_steps (MazeStopCheck *check,
                       guint32        n)
{
  check->countdown -= (gint32) n;
  return G_LIKELY (check->countdown > 0) || maze_stop_check_ask (check);
}

G_END_DECLS
