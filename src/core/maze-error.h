/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define MAZE_ERROR (maze_error_quark ())

/* Everything the core refuses is reported with one of these codes and a
 * message that names the offending value and the limit. */
typedef enum
{
  MAZE_ERROR_INVALID_SIZE,   /* a side of 0, over 65535, or too many cells */
  MAZE_ERROR_UNSUPPORTED,    /* algorithm has no meaning on this shape */
  MAZE_ERROR_INVALID_ARGUMENT,
  MAZE_ERROR_DISCONNECTED,   /* the mask splits the open cells apart */
  MAZE_ERROR_UNREACHABLE,    /* a solver cannot reach the end */
  MAZE_ERROR_PARSE,          /* malformed text or file */
  MAZE_ERROR_CANCELLED,      /* told to stop (MazeGenerateProgressFunc,
                              * MazeStopFunc); the app maps it to
                              * G_IO_ERROR_CANCELLED, its one cancellation
                              * error */
} MazeError;

/* Limits, checked at every edge (CLI, dialogs, loaders). */
#define MAZE_MAX_SIDE  65535u
#define MAZE_MAX_CELLS (G_GUINT64_CONSTANT (1) << 31)

GQuark maze_error_quark (void);

G_END_DECLS
