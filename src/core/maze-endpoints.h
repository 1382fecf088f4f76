/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-grid.h"
#include "maze-stop.h"

G_BEGIN_DECLS

typedef enum
{
  MAZE_ENDPOINTS_CORNERS,  /* first and last open cell in reading order:
                              top-left and bottom-right on a plain grid;
                              on a circular one the first cell by the
                              room, or the centre cell when there is one
                              (ring 0: the centre may be a start), and
                              the last of the outer ring, so the way runs
                              from the centre out */
  MAZE_ENDPOINTS_FARTHEST, /* the two ends of the longest path (a centre
                              cell among the cells it may pick) */
} MazeEndpointsPreset;

gboolean maze_endpoints_from_string (const char          *name,
                                     MazeEndpointsPreset *preset);
/* Picks start and end by preset. FALSE (error set) when the maze has no
 * open cell. On a 1-cell maze start == end. */
gboolean maze_endpoints_choose      (const MazeGrid       *grid,
                                     MazeEndpointsPreset   preset,
                                     guint32              *start,
                                     guint32              *end,
                                     GError              **error);
/* The same, asking stop (may be NULL) every MAZE_STOP_INTERVAL cells of
 * its sweeps: FALSE with MAZE_ERROR_CANCELLED when it says stop. */
gboolean maze_endpoints_choose_full (const MazeGrid       *grid,
                                     MazeEndpointsPreset   preset,
                                     MazeStopFunc          stop,
                                     gpointer              stop_data,
                                     guint32              *start,
                                     guint32              *end,
                                     GError              **error);
/* The farthest open cell from `from` along passages, and its distance in
 * steps. Two sweeps of this give the longest path of a perfect maze. */
guint32  maze_farthest_cell         (const MazeGrid       *grid,
                                     guint32               from,
                                     guint32              *distance);

G_END_DECLS
