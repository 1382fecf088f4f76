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
 * The image is RGBA only when the background is not opaque, else RGB,
 * 8-bit grey when every colour is a grey, 1-bit in monochrome. pHYs is
 * set from dpi so a word processor places the image at the size asked
 * for; tEXt carries Title, Software, Puzzle ID, and the seed and
 * algorithm when the puzzle has them. */
typedef struct
{
  double dpi;            /* pixels per inch written to pHYs; default 300 */
  /* The size: either render->cell_size in pixels (width == 0), or a
   * physical width of the whole image in unit, converted with dpi. */
  double width;
  MazeUnit unit;
  /* With a size in pixels: when > 0, pHYs says the image is this many
   * mm wide (its resolution follows, within the dpi limits) instead of
   * dpi; 0 (the default): dpi. */
  double placed_width_mm;
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
/* The resolution pHYs gets: dpi, or what placed_width_mm makes of the
 * image's width_px. */
double   maze_png_get_dpi      (const MazePngOptions     *options,
                                guint                     width_px);
gboolean maze_png_export       (const MazePuzzle         *puzzle,
                                const MazeRenderOptions  *render,
                                const MazePngOptions     *options,
                                const char               *path,
                                const MazeExportJob      *job,
                                GError                  **error);

G_END_DECLS
