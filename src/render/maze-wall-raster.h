/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "maze-geometry.h"

G_BEGIN_DECLS

/* Walls drawn into pixels by the renderer itself, for image targets:
 * cairo's general stroker and rasteriser cost ten times the rest of a
 * hex or circular PNG. Each straight piece of a wall run is a capsule
 * (round caps and joins), each arc an annular piece with round ends;
 * a pixel's coverage is the share of a pixel-wide box across the wall
 * at the pixel's distance from its middle line, the walls' union the
 * largest coverage; the wall colour then goes through that mask once.
 * Only for maze-render.c's draw_walls() and its tests. */
typedef struct _MazeWallRaster MazeWallRaster;

/* Whether cr's walls can be drawn this way: round caps and joins set,
 * antialiasing on, an image surface of device scale 1, a transform of
 * scale (the same along x and y) and translation only. */
gboolean        maze_wall_raster_usable   (cairo_t           *cr);

/* A mask for the pixels of cr's clip; NULL when not usable. */
MazeWallRaster *maze_wall_raster_new      (cairo_t           *cr,
                                           double             wall_width);
void            maze_wall_raster_add_run  (MazeWallRaster    *raster,
                                           const double      *xs,
                                           const double      *ys,
                                           guint              n_points,
                                           gboolean           closed);
void            maze_wall_raster_add_arc  (MazeWallRaster    *raster,
                                           const MazeWallArc *arc);
/* Paints cr's source through the mask (under cr's clip) and frees it. */
void            maze_wall_raster_finish   (MazeWallRaster    *raster,
                                           cairo_t           *cr);

G_END_DECLS
