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
  /* Cells out of the maze filled in masked_color (monochrome: hatched),
   * as the canvas shows them for editing. FALSE for print: nothing is
   * drawn there, the paper shows, and the walls between kept and masked
   * cells are the maze's edge (every export sets it FALSE). */
  gboolean           show_masked;
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
 * round caps, markers and doors on, masked cells shown, 10 units per cell. wall_width and
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

/* ---- Parts of the picture, for views that cache them apart ----
 *
 * maze_render() is maze_render_layers (cr, grid, options, MAZE_RENDER_ALL).
 * A view that keeps layers in textures of their own (the canvas: the
 * walls apart from a heat map that changes at every step of a playback)
 * draws each with the layers it holds; together they make the same
 * picture, bottom to top in this order. */
typedef enum
{
  MAZE_RENDER_BACKGROUND = 1 << 0,
  MAZE_RENDER_MASKED     = 1 << 1,
  MAZE_RENDER_OVERLAY    = 1 << 2,
  MAZE_RENDER_SOLUTION   = 1 << 3,  /* CELLS under the walls, lines over them */
  MAZE_RENDER_WALLS      = 1 << 4,  /* with the doors cut out */
  MAZE_RENDER_MARKERS    = 1 << 5,
  MAZE_RENDER_MUD        = 1 << 6,  /* dots in cells with weights, over the masked */
  MAZE_RENDER_ALL        = (1 << 7) - 1,
} MazeRenderLayers;

void maze_render_layers                (cairo_t                  *cr,
                                        const MazeGrid           *grid,
                                        const MazeRenderOptions  *options,
                                        MazeRenderLayers          layers);

/* ---- Several paths at once ----
 *
 * Paths that may run along the same cells (the solvers of a comparison,
 * a player's trail beside the way out) stay apart by more than colour:
 * each in a lane of its own (offset sideways from the line through the
 * cell centres), with a dash pattern of its own and a casing (an
 * outline in the paper's colour) that keeps neighbours and crossings
 * apart. maze_render_path_palette() hands out colours (Okabe-Ito, safe
 * for every common colour vision deficiency) and dash patterns.
 *
 * Dash patterns fit one step (the distance between two neighbouring
 * centres, which is cell_size in both shapes) exactly and start afresh
 * at every step, so the dashes do not drift along a long path and come
 * out the same whatever part of it is drawn. */
typedef enum
{
  MAZE_PATH_DASH_NONE,       /* a solid line */
  MAZE_PATH_DASH_LONG,       /* one long dash a step, centred on the cell centre */
  MAZE_PATH_DASH_SHORT,      /* two short dashes a step */
  MAZE_PATH_DASH_DOTTED,     /* four dots a step */
  MAZE_PATH_DASH_DASH_DOT,   /* a dash on the centre, a dot half-way */
} MazePathDash;

#define MAZE_N_PATH_DASHES 5

typedef struct
{
  const guint32 *cells;        /* cell indices, in order; not owned */
  guint32        len;
  MazeColor      color;
  double         width;        /* line width in the context's units; at
                                  least one device pixel is drawn */
  MazePathDash   dash;
  /* The lane: how far the line runs from the centres, to the left of
   * the direction of travel (negative: to the right). Corners are
   * mitred so the lane keeps its distance from the centre line. */
  double         offset;
  /* An outline under the line, casing_width wider on each side, dashed
   * the same way; alpha 0: none. */
  MazeColor      casing;
  double         casing_width;
  /* Only these parts: pairs (first, last) of indices into cells, each
   * drawn as one piece (NULL: the steps that touch the clip). A view
   * that indexes a long path by area hands over just the pieces it
   * needs. */
  const guint32 *pieces;
  guint          n_pieces;
} MazeRenderPath;

/* A solid line in options' solution colour and the width of its solution
 * style, no lane, no casing, no cells. */
void maze_render_path_init             (MazeRenderPath           *path,
                                        const MazeRenderOptions  *options);
/* The index-th colour and dash pattern of a set of paths that must stay
 * apart. The first five differ from each other in both colour and
 * dashes; index 1 is solid, in the solution's colour (the solver panel
 * indexes by MazeSolverKind: Dijkstra's cheapest path looks like the
 * solution). After seven colours the set repeats. */
void maze_render_path_palette          (guint                     index,
                                        MazeColor                *color,
                                        MazePathDash             *dash);
/* The casing for a path of colour line on paper. Pale lines (sky blue,
 * orange, yellow on white) stand less than 3:1 against the paper, too
 * little to follow (WCAG 2's figure for graphics): they get an outline of
 * their own hue, darkened (or lightened on dark paper) until it stands
 * 3:1 against the paper. Other lines get the paper's colour, which only
 * keeps crossing paths apart. TRUE when the casing is such an outline. */
gboolean maze_render_path_casing       (const MazeColor          *line,
                                        const MazeColor          *paper,
                                        MazeColor                *casing);
/* WCAG 2 contrast ratio of two opaque colours, 1 to 21. */
double maze_color_contrast             (const MazeColor          *a,
                                        const MazeColor          *b);
/* Draws the paths, in order (each casing, then its line), on the maze
 * laid out as maze_render() lays it out with options (cell_size and
 * margin); nothing else. Only what falls in the clip is drawn. */
void maze_render_paths                 (cairo_t                  *cr,
                                        const MazeGrid           *grid,
                                        const MazeRenderOptions  *options,
                                        const MazeRenderPath     *paths,
                                        guint                     n_paths);
/* A straight piece of path from (x1, y1) to (x2, y2) with the path's
 * colour, width, dashes and casing, as if cells were cell_size apart:
 * the legend of a set of paths. */
void maze_render_path_sample           (cairo_t                  *cr,
                                        double                    x1,
                                        double                    y1,
                                        double                    x2,
                                        double                    y2,
                                        const MazeRenderPath     *path,
                                        double                    cell_size);

/* ---- Cells and tokens ---- */

/* Adds cell (x, y) to cr's path as maze_render() fills it: a ring's
 * cell as its sector, along the arcs (maze_geometry_cell_sector()),
 * any other its outline. For whatever else fills or outlines a cell
 * (the canvas's marks), so it covers the cell the walls draw. */
void maze_render_add_cell_path         (cairo_t                  *cr,
                                        const MazeGeometry       *geometry,
                                        guint                     x,
                                        guint                     y);

/* Fills the open cells inside the clip with (flags[cell] & mask) != 0
 * in color (cells with a role: on an algorithm's stack, in its frontier,
 * done with). flags has one byte per cell. */
void maze_render_cells                 (cairo_t                  *cr,
                                        const MazeGrid           *grid,
                                        const MazeRenderOptions  *options,
                                        const guint8             *flags,
                                        guint8                    mask,
                                        const MazeColor          *color);
/* A token on cell: the cell an algorithm or a player is at. A diamond,
 * so its shape tells it from the start's circle and the end's square,
 * with the markers' halo; radius from the centre to a tip (0: 0.36 of
 * a cell). */
void maze_render_token                 (cairo_t                  *cr,
                                        const MazeGrid           *grid,
                                        const MazeRenderOptions  *options,
                                        guint32                   cell,
                                        double                    radius,
                                        const MazeColor          *color);

G_END_DECLS
