/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* What every exporter takes besides its own options: a way to report
 * progress (0..1, called from the exporting thread, may be NULL) and a
 * GCancellable. A cancelled or failed export leaves no file behind and the
 * old file intact (exports go through maze-atomic-file.h). */
typedef void (*MazeProgressFunc) (double   fraction,
                                  gpointer user_data);

typedef struct
{
  MazeProgressFunc  progress;
  gpointer          progress_data;
  GCancellable     *cancellable;
} MazeExportJob;

/* Physical units for sizes given as lengths. */
typedef enum
{
  MAZE_UNIT_PX,
  MAZE_UNIT_MM,
  MAZE_UNIT_IN,
} MazeUnit;

#define MAZE_MM_PER_INCH 25.4

G_END_DECLS
