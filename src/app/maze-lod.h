/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "maze-core.h"

G_BEGIN_DECLS

/* The far-out level of detail of a maze, for zooms of a
 * pixel a cell or less, where drawing every wall would cost far more
 * than the pixels it lands on (and show a flat grey): how dark each
 * device pixel is, worked out straight from the passage bits.
 *
 * Each cell counts as dark as the share of its two walls (the one on
 * its right and the one below it) that is closed; a pixel is the
 * area-weighted mean of the cells under it, its contrast raised so the
 * maze's grain shows: long corridors, rooms of braided loops, the
 * border, masked-out parts (paper: the canvas shades them on its base
 * layer). Positions are content device pixels at zoom z: the maze laid
 * out as maze_geometry_init (&geo, grid, z, 0.5 * z, 0.5 * z) places it. */

/* A rectangular maze is drawn so; other shapes by their cells' centres:
 * each cell as dark as the share of its sides that is closed, spread
 * over the pixels around its centre (bilinear weights). */

/* Device pixels per cell up to which the canvas draws this level. */
#define MAZE_LOD_MAX_ZOOM 1.0

gboolean maze_lod_supports (const MazeGrid *grid);
/* Writes width x height coverage bytes (0: no wall, 255: dark) of the
 * content device pixels from (x0, y0) into coverage, a row every stride
 * bytes. */
void     maze_lod_render   (const MazeGrid *grid,
                            double          z,
                            int             x0,
                            int             y0,
                            int             width,
                            int             height,
                            guint8         *coverage,
                            int             stride);

G_END_DECLS
