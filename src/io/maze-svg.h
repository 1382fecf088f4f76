/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-export.h"
#include "maze-puzzle.h"
#include "maze-render.h"

G_BEGIN_DECLS

/* SVG export: walls merged into runs (maze_geometry_foreach_wall_run), in
 * named groups "walls", "solution", "markers", "text"; metadata (title,
 * seed, algorithm) in <metadata>/<title>/<desc>. It looks the same as the
 * PNG of the same options. With a physical width, width and height carry
 * mm units and the viewBox keeps the drawing units. */
typedef struct
{
  double   width;  /* 0: the drawing size as user units (px) */
  MazeUnit unit;   /* MAZE_UNIT_MM or MAZE_UNIT_IN for a physical size */
} MazeSvgOptions;

void     maze_svg_options_init (MazeSvgOptions           *options);
gboolean maze_svg_export       (const MazePuzzle         *puzzle,
                                const MazeRenderOptions  *render,
                                const MazeSvgOptions     *options,
                                const char               *path,
                                const MazeExportJob      *job,
                                GError                  **error);

G_END_DECLS
