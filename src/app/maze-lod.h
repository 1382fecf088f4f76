/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "maze-core.h"

G_BEGIN_DECLS

/* The far-out level of detail of a rectangular maze: how much wall
 * covers each device pixel, worked out straight from the passage bits,
 * for zooms where drawing every wall would cost far more than the
 * pixels it lands on.
 *
 * The maze is seen as blocks of half a cell: a cell's inside, the wall
 * to its right, the wall below it and the corner between them; the
 * walls are as wide as the corridors, so a corridor stays visible
 * wherever its block is a pixel or more wide. A pixel's coverage is the
 * area-weighted share of wall blocks under it. Walls are drawn only
 * beside an open cell, as the renderer does: masked cells show as paper
 * (the canvas shades them on its base layer). Positions are content
 * device pixels at zoom z: the maze laid out as maze_geometry_init
 * (&geo, grid, z, 0.5 * z, 0.5 * z) places it. */

/* Device pixels per cell up to which the canvas draws this level. */
#define MAZE_LOD_MAX_ZOOM 3.0

gboolean maze_lod_supports (const MazeGrid *grid);
/* Writes width x height coverage bytes (0: no wall, 255: all wall) of
 * the content device pixels from (x0, y0) into coverage, a row every
 * stride bytes. */
void     maze_lod_render   (const MazeGrid *grid,
                            double          z,
                            int             x0,
                            int             y0,
                            int             width,
                            int             height,
                            guint8         *coverage,
                            int             stride);

G_END_DECLS
