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
  MazeColor          masked;
  MazeColor          solution;
  MazeColor          start;
  MazeColor          end;
  MazeColor          overlay;
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

void     maze_render_style_init  (MazeRenderStyle          *style,
                                  const MazeRenderOptions  *options);

/* The side of a start or end cell that is left open as a door: the top
 * row's top side (hex: its NW side), else the bottom row's bottom side
 * (hex: SE), else the left column's W side, else the right column's E
 * side; the same rule as the text form. FALSE when the cell is not an
 * open cell on the border. */
gboolean maze_render_door_dir    (const MazeGrid           *grid,
                                  guint32                   cell,
                                  guint                    *dir);

G_END_DECLS
