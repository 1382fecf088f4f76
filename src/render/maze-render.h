/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "maze-geometry.h"
#include "maze-puzzle.h"

G_BEGIN_DECLS

/* The one drawing code path: the canvas, PNG, PDF and printing all draw a
 * maze with maze_render(). */

typedef struct
{
  double red;
  double green;
  double blue;
  double alpha;
} MazeColor;

typedef enum
{
  MAZE_SOLUTION_SOLID,   /* a line through the cell centres */
  MAZE_SOLUTION_DASHED,
  MAZE_SOLUTION_THIN,    /* a hairline, for answer keys that must not hide walls */
  MAZE_SOLUTION_CELLS,   /* the cells on the path filled */
} MazeSolutionStyle;

typedef enum
{
  MAZE_OVERLAY_NONE,
  MAZE_OVERLAY_EXPLORED, /* cells with a value are tinted */
  MAZE_OVERLAY_HEAT,     /* cells shaded by value / overlay_max (visit order, distance) */
} MazeOverlayKind;

typedef struct
{
  /* Size, in the units of the cairo context. */
  double             cell_size;
  double             wall_width;
  double             margin;          /* around the maze, on every side */
  cairo_line_cap_t   wall_cap;
  cairo_line_join_t  wall_join;

  /* Colours; a background with alpha 0 is transparent. */
  MazeColor          background_color;
  MazeColor          wall_color;
  MazeColor          masked_color;    /* fill of cells out of the maze */
  MazeColor          solution_color;
  MazeColor          start_color;
  MazeColor          end_color;
  MazeColor          overlay_color;
  /* Black on white only, nothing filled grey: for black-and-white
   * printers. Overrides the colours above. */
  gboolean           monochrome;

  /* Start and end markers, and doors in the outer wall where they sit on
   * the border (as in the text form). MAZE_NO_CELL: none. */
  guint32            start;
  guint32            end;
  gboolean           show_markers;
  gboolean           show_doors;

  /* The solution path (cells, start to end), or NULL. */
  const guint32     *solution;
  guint32            solution_len;
  MazeSolutionStyle  solution_style;

  /* A per-cell overlay: values[cell] (G_MAXUINT32 = none), shaded against
   * overlay_max. Not owned. */
  MazeOverlayKind    overlay_kind;
  const guint32     *overlay_values;
  guint32            overlay_max;
} MazeRenderOptions;

/* Sensible print defaults: black walls a tenth of a cell wide on white,
 * round caps, markers and doors on, 10 units per cell. wall_width and
 * margin are absolute: changing cell_size afterwards does not rescale
 * them. */
void maze_render_options_init          (MazeRenderOptions        *options);
void maze_render_options_set_endpoints (MazeRenderOptions        *options,
                                        const MazePuzzle         *puzzle);
/* The size of the whole drawing, margins included. */
void maze_render_get_size              (const MazeGrid           *grid,
                                        const MazeRenderOptions  *options,
                                        double                   *width,
                                        double                   *height);
/* The geometry the renderer uses: the maze at (margin, margin). */
void maze_render_get_geometry          (const MazeGrid           *grid,
                                        const MazeRenderOptions  *options,
                                        MazeGeometry             *geometry);
/* Draws the maze with its top-left corner at the current origin. Only the
 * cells inside the current clip are drawn, so a canvas or a PNG strip pays
 * for what it shows, not for the whole maze. */
void maze_render                       (cairo_t                  *cr,
                                        const MazeGrid           *grid,
                                        const MazeRenderOptions  *options);

G_END_DECLS
