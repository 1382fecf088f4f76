/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-grid.h"
#include "maze-observer.h"
#include "maze-stop.h"

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
/* The same, asking stop (may be NULL) every MAZE_STOP_INTERVAL cells or
 * dead ends looked at; FALSE with MAZE_ERROR_CANCELLED when it says stop,
 * the grid then braided partly (callers braid a copy they drop). The
 * dead ends removed go in *n_removed (may be NULL). */
gboolean maze_braid_full          (MazeGrid            *grid,
                                   guint32              fraction,
                                   guint64              seed,
                                   const MazeObserver  *observer,
                                   MazeStopFunc         stop,
                                   gpointer             stop_data,
                                   guint32             *n_removed,
                                   GError             **error);

/* Closes every loop of grid: passages are closed until each connected
 * piece of its open cells is a tree, joining the cells it joined (start
 * and end, whatever can reach them, stay joined), so a braided maze
 * becomes a perfect one. Which passage of a loop closes is chosen by
 * seed: the same grid and seed close the same ones. Mask and mud are
 * untouched. stop (may be NULL) is asked every MAZE_STOP_INTERVAL
 * passages; FALSE with MAZE_ERROR_CANCELLED when it says stop, the
 * grid then closed partly (callers close a copy they drop). */
gboolean maze_braid_close_loops   (MazeGrid            *grid,
                                   guint64              seed,
                                   MazeStopFunc         stop,
                                   gpointer             stop_data,
                                   GError             **error);

/* Whether grid is base with some walls opened and nothing else changed
 * (the same shape, size and mask; every passage of base in grid): base
 * is then the maze grid was braided from, as far as anyone can tell. */
gboolean maze_braid_is_base_of    (const MazeGrid      *base,
                                   const MazeGrid      *grid);

G_END_DECLS
