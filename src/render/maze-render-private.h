/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "maze-render.h"

G_BEGIN_DECLS

/* What maze_render() derives from MazeRenderOptions, for writers that draw
 * the same picture without cairo (the SVG writer): the colours after
 * monochrome is applied, and the sizes of the solution and the markers. */
typedef struct
{
  MazeColor          background;      /* alpha 0: nothing drawn */
  MazeColor          wall;
  MazeColor          masked;          /* alpha 0: masked cells not drawn */
  MazeColor          solution;
  MazeColor          start;
  MazeColor          end;
  MazeColor          overlay;
  MazeColor          mud;             /* the dots of cells with weights */
  MazeColor          halo;            /* outline around the markers */

  /* Monochrome draws masked cells as black hatching (hatch_spacing apart,
   * hatch_width wide, lines running down-left at 45 degrees), overlays as
   * black dots and the CELLS solution as black diamonds: no grey. */
  gboolean           monochrome;
  double             hatch_spacing;
  double             hatch_width;

  /* SOLID, DASHED, THIN: a line through the cell centres. DASHED strokes
   * each step between two centres as a path of its own, dashed from
   * solution_dash_offset: the pattern fits a step exactly, so a dash sits
   * on every centre and the dashes come out the same whatever part of
   * the path is drawn (no drift along long paths, no seams between the
   * strips of an export). */
  double             solution_width;  /* THIN: at least one device pixel too */
  cairo_line_cap_t   solution_cap;
  double             solution_dash[2]; /* on, off; 0: not dashed */
  double             solution_dash_offset;
  double             diamond_radius;  /* monochrome CELLS: centre to tip */

  double             start_radius;    /* start: a filled circle */
  double             end_half_side;   /* end: a filled square */
  double             halo_width;      /* stroked under the fill */
} MazeRenderStyle;

/* Drawing constants the SVG writer must share with maze_render() so the
 * two stay alike. */
#define MAZE_RENDER_OVERLAY_TINT_ALPHA   0.45 /* explored: overlay alpha times this */
#define MAZE_RENDER_HEAT_ALPHA_MIN       0.12 /* heat: alpha from this to 1 */
#define MAZE_RENDER_DOT_RADIUS_EXPLORED  0.06 /* monochrome dots, in cell sizes */
#define MAZE_RENDER_DOT_RADIUS_HEAT_MIN  0.03
#define MAZE_RENDER_DOT_RADIUS_HEAT_SPAN 0.09
#define MAZE_RENDER_DOOR_REACH_MIN       1.0  /* a door hole reaches at least this far */

/* Mud: a cell whose weight is above 1 gets dots about its centre, more
 * for heavier mud (weight 2-3: 2, 4-9: 5, from 10: 9), so it survives
 * black-and-white printing and tells light mud from heavy. Returns how
 * many, their centres in xs, ys and their radius; 0 for a cell without
 * mud. */
#define MAZE_RENDER_MUD_MAX_DOTS 9
guint    maze_render_mud_dots    (const MazeGeometry       *geometry,
                                  guint                     x,
                                  guint                     y,
                                  guint8                    weight,
                                  double                    xs[MAZE_RENDER_MUD_MAX_DOTS],
                                  double                    ys[MAZE_RENDER_MUD_MAX_DOTS],
                                  double                   *radius);

void     maze_render_style_init  (MazeRenderStyle          *style,
                                  const MazeRenderOptions  *options);

/* The side of a start or end cell that is left open as a door: the top
 * row's top side (hex: its NW side), else the bottom row's bottom side
 * (hex: SE), else the left column's W side, else the right column's E
 * side; the same rule as the text form. A cell off the border that
 * meets a masked cell (on a shaped maze's outline) gets its first side
 * towards one, in the same order (hex: NW, NE, SE, SW, W, E). FALSE when
 * the cell is not an open cell on the border or the outline. */
gboolean maze_render_door_dir    (const MazeGrid           *grid,
                                  guint32                   cell,
                                  guint                    *dir);

/* ---- Per-cell shapes (maze-render-shapes.c) ----
 *
 * What maze_render() draws, as numbers rather than cairo calls, so that
 * a writer that draws without cairo (the SVG writer) draws the very same
 * shapes: one computation, two ways of putting it on the page. */

/* The hole a door cuts out of the walls' clip: a quadrilateral, or on
 * the circular grid a sector of the ring (sector set). */
typedef struct
{
  gboolean   is_sector;
  double     xs[4];
  double     ys[4];
  MazeSector sector;
} MazeDoorHole;

/* Square cells: a rectangle across the door's side, the side minus half
 * a wall at each end (so the walls meeting its corners keep their square
 * ends), reaching out a wall's width (at least MAZE_RENDER_DOOR_REACH_MIN)
 * on both sides. Rings: the same across the door's arc, between the
 * spokes a wall's half-width inside its ends, so the hole is a gap in
 * the arc and the radial walls keep their ends. Other cells: cut along
 * the bisectors of the side's two corners (through the cell's centre),
 * so the walls meeting them end in a mitre instead of a beak. FALSE when
 * cell has no door or the side is too short for one. */
gboolean maze_render_door_hole      (const MazeGeometry       *geometry,
                                     const MazeGrid           *grid,
                                     guint32                   cell,
                                     double                    wall_width,
                                     MazeDoorHole             *hole);
/* The box a hole covers. */
void     maze_door_hole_get_box     (const MazeDoorHole       *hole,
                                     double                   *x1,
                                     double                   *y1,
                                     double                   *x2,
                                     double                   *y2);

/* The monochrome hatching over the box x1,y1 .. x2,y2: lines
 * x + y = base + k * spacing for k from *k0 to *k1, anchored to the
 * maze so that strips of one image line up. Line k runs from
 * (c - y1, y1) to (c - y2, y2), c = base + k * spacing. */
void     maze_render_hatch_lines    (const MazeGeometry       *geometry,
                                     double                    spacing,
                                     double                    x1,
                                     double                    y1,
                                     double                    x2,
                                     double                    y2,
                                     double                   *base,
                                     double                   *k0,
                                     double                   *k1);

/* A cell's overlay value, G_MAXUINT32 where nothing is shown (a masked
 * cell, or the value itself); options must have overlay_values. */
guint32  maze_render_overlay_value  (const MazeRenderOptions  *options,
                                     const MazeGrid           *grid,
                                     guint32                   cell);
/* Monochrome: the radius of the dot drawn for value in a cell of
 * cell_size. */
double   maze_render_overlay_dot    (const MazeRenderOptions  *options,
                                     double                    cell_size,
                                     guint32                   value);
/* Heat: the factor on the overlay colour's alpha for value. */
double   maze_render_overlay_shade  (const MazeRenderOptions  *options,
                                     guint32                   value);

/* The column and row of the solution's i-th cell; FALSE for a cell that
 * is not in the grid (skipped). */
gboolean maze_render_solution_cell  (const MazeRenderOptions  *options,
                                     const MazeGrid           *grid,
                                     guint32                   i,
                                     guint                    *x,
                                     guint                    *y);
/* Monochrome CELLS solution: a diamond about the centre, its tips
 * radius away, top, right, bottom, left. */
void     maze_render_diamond        (double                    cx,
                                     double                    cy,
                                     double                    radius,
                                     double                    xs[4],
                                     double                    ys[4]);
/* Of a wall run from maze_geometry_foreach_wall_run(), the points to
 * draw: a run that comes back to its start is a closed loop (its corner
 * joined, not capped), drawn without its last point and closed. */
guint    maze_render_wall_run_points (const double            *xs,
                                      const double            *ys,
                                      guint                    n_points,
                                      gboolean                *closed);

G_END_DECLS
