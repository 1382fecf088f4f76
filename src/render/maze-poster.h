/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "maze-puzzle.h"
#include "maze-solve.h"
#include "maze-worksheet.h"

G_BEGIN_DECLS

/* A maze too big for one legible page, drawn at a cell size of its own
 * over several pages (tiles) to be trimmed and glued together. Each tile
 * repeats MAZE_POSTER_OVERLAP_MM of its neighbours' maze along the edges
 * they share; crop marks in the corners of its margin say where to cut,
 * ticks in the margin where a neighbour's maze begins, and registration
 * targets in the margin over the middle of each shared strip line up
 * with the neighbour's. A line at the top names the tile ("Row 2,
 * column 3 of 3 × 4") and the puzzle; answer pages are the same tiles
 * with the answer drawn. The maze is drawn by maze_render(), clipped to
 * the tile: the renderer draws only the cells under the clip. Units are
 * points, as for worksheets. */

/* Why 10 mm: cutting a sheet by hand along its crop marks wanders a
 * millimetre or two, and the strip laid over the neighbour must be wide
 * enough to glue and to show a few walls of the maze on both sheets to
 * line up (two and more cells at the least legible 3 mm). */
#define MAZE_POSTER_OVERLAP_MM 10.0
/* The least margin of a tile: room for its label above and the marks
 * around it, and beyond the edge any printer leaves unprinted. */
#define MAZE_POSTER_MIN_MARGIN_MM 10.0

typedef struct
{
  double x;
  double y;
  double width;
  double height;
} MazePosterBox;

typedef struct
{
  double        page_width;      /* points */
  double        page_height;
  MazePosterBox content;         /* where the maze shows on every page */
  double        overlap;         /* points */
  double        step_x;          /* content less overlap: how far the maze */
  double        step_y;          /* moves from one tile to the next */
  double        offset_x;        /* the drawing's origin, in the tiled area */
  double        offset_y;
  double        drawing_width;   /* the whole maze, margins included */
  double        drawing_height;
  MazeRenderOptions render;      /* cell size, walls and look of the drawing */
  guint         columns;
  guint         rows;
} MazePosterLayout;

/* The tiles for puzzle on sheet's paper and orientation, its look from
 * sheet->render (the worksheet's walls for that cell size unless
 * sheet->render.wall_width is set), cells cell_mm wide. */
void     maze_poster_layout      (MazePosterLayout            *layout,
                                  const MazeWorksheetOptions  *sheet,
                                  const MazePuzzle            *puzzle,
                                  double                       cell_mm);
guint    maze_poster_get_n_tiles (const MazePosterLayout      *layout);
/* Draws tile (row-major, from 0) of puzzle; answer: the way to draw on
 * an answer page (NULL on a puzzle page). */
void     maze_poster_render_tile (cairo_t                     *cr,
                                  const MazePosterLayout      *layout,
                                  const MazeWorksheetOptions  *sheet,
                                  const MazePuzzle            *puzzle,
                                  guint                        tile,
                                  const MazeSolution          *answer);
/* Where on the page the maze's point (x, y) (drawing units, as
 * maze_render() draws it) lands on tile; FALSE when outside its content
 * box. For tests and for anything that marks a place on the poster. */
gboolean maze_poster_to_page     (const MazePosterLayout      *layout,
                                  guint                        tile,
                                  double                       x,
                                  double                       y,
                                  double                      *page_x,
                                  double                      *page_y);
/* The registration targets' centres on tile, in page points: up to
 * 2 × (columns - 1 + rows - 1) on a tile; returns how many. */
guint    maze_poster_get_targets (const MazePosterLayout      *layout,
                                  guint                        tile,
                                  double                      *xs,
                                  double                      *ys,
                                  guint                        max);

G_END_DECLS
