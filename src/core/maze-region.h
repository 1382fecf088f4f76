/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-generate.h"

G_BEGIN_DECLS

/* Regenerates the cells inside region of a perfect maze with a fresh
 * spanning tree and stitches it back, so the whole is again one perfect
 * maze. Passages that touch no cell of the region are never changed; the
 * stitch only opens walls across the region's border.
 *
 * new_mask, when not NULL, gives the region's mask afterwards (row-major
 * over the region, nonzero = masked): the mask brush paints cells out of
 * or back into the maze this way. The options' seed should be one derived
 * for this edit (maze_rng_derive), not the document's own.
 *
 * On error (the new mask would cut cells off, the algorithm does not fit
 * the shape, out of memory) the grid is left exactly as it was.
 *
 * The cost grows with the region, not with the maze: see maze-region.c. */
gboolean maze_regenerate_region (MazeGrid                   *grid,
                                 const MazeRect             *region,
                                 const guint8               *new_mask,
                                 const MazeGenerateOptions  *options,
                                 GError                    **error);

G_END_DECLS
