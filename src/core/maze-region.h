/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-generate.h"

G_BEGIN_DECLS

/* Regenerates the cells inside region of a perfect maze and stitches them
 * back so the whole is again one perfect maze. Passages outside the region
 * and away from its border are never touched. The mask inside the region
 * may have changed since the maze was made (the mask brush): the new mask
 * is honoured. On error the grid is left exactly as it was. */
gboolean maze_regenerate_region (MazeGrid                   *grid,
                                 const MazeRect             *region,
                                 const MazeGenerateOptions  *options,
                                 GError                    **error);

G_END_DECLS
