/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-export.h"
#include "maze-puzzle.h"
#include "maze-render.h"

G_BEGIN_DECLS

/* PNG export through libpng, drawn by maze_render() in horizontal strips
 * so memory stays bounded whatever the image size.
 *
 * The image is 8-bit grey when the drawing has no colour and no
 * transparency (monochrome), RGBA otherwise. pHYs is set from dpi so a word
 * processor places the image at the size asked for; tEXt carries Title,
 * Software, and the seed and algorithm when the puzzle has them. */
typedef struct
{
  double dpi;            /* pixels per inch written to pHYs; default 300 */
  /* The size: either render->cell_size in pixels (width == 0), or a
   * physical width of the whole image in unit, converted with dpi. */
  double width;
  MazeUnit unit;
} MazePngOptions;

void     maze_png_options_init (MazePngOptions           *options);
/* The pixel size the options give, and a cell size to draw with. FALSE
 * with MAZE_ERROR_INVALID_SIZE when the image would be empty or larger
 * than 65535 px a side (say which). */
gboolean maze_png_get_size     (const MazeGrid           *grid,
                                const MazeRenderOptions  *render,
                                const MazePngOptions     *options,
                                guint                    *width_px,
                                guint                    *height_px,
                                double                   *cell_size,
                                GError                  **error);
/* What the writer draws: render scaled to pixels, its walls snapped to
 * whole pixels (square cells only), to be drawn at the offset. FALSE as
 * maze_png_get_size(). */
gboolean maze_png_get_drawing  (const MazeGrid           *grid,
                                const MazeRenderOptions  *render,
                                const MazePngOptions     *options,
                                MazeRenderOptions        *drawing,
                                double                   *offset_x,
                                double                   *offset_y,
                                GError                  **error);
gboolean maze_png_export       (const MazePuzzle         *puzzle,
                                const MazeRenderOptions  *render,
                                const MazePngOptions     *options,
                                const char               *path,
                                const MazeExportJob      *job,
                                GError                  **error);

G_END_DECLS
