/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-grid.h"
#include "maze-observer.h"

G_BEGIN_DECLS

/* Braid factors are fixed point, 0..65536 for 0..1, so that braiding never
 * depends on floating point. */
#define MAZE_BRAID_ONE 65536u

guint32  maze_braid_from_fraction (double               fraction);
/* Removes about fraction * dead ends by opening a wall at each chosen dead
 * end (preferring one that also ends another dead end), making loops. */
guint32  maze_braid               (MazeGrid            *grid,
                                   guint32              fraction,
                                   guint64              seed,
                                   const MazeObserver  *observer);

G_END_DECLS
