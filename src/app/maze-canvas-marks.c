/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

/* What MazeCanvas draws over its tiles every frame, in cairo nodes no
 * bigger than what they cover: the start and end markers (and the
 * solvers' own), the token on the current cell, the hover and keyboard
 * cursor highlights, the rubber band and the brush stroke in progress.
 * Each stays big enough to see however far the maze is zoomed out. */

#include "config.h"

#include "maze-canvas-private.h"

#include <math.h>

#include "maze-render-private.h"

#define MIN_MARK_SIZE     8.0            /* widget pixels: hover and markers stay visible */

/* ---- Cells ---- */

/* A cairo node over a box of content device pixels, drawing in them. */
static cairo_t *
append_device_cairo (GtkSnapshot *snapshot,
                     const View  *view,
                     double       x1,
                     double       y1,
                     double       x2,
                     double       y2)
{
  graphene_rect_t bounds;
  double vx1, vy1, vx2, vy2;
  cairo_t *cr;

  device_to_view (view, x1, y1, &vx1, &vy1);
  device_to_view (view, x2, y2, &vx2, &vy2);
  vx1 = MAX (floor (vx1), 0);
  vy1 = MAX (floor (vy1), 0);
  vx2 = MIN (ceil (vx2), view->width);
  vy2 = MIN (ceil (vy2), view->height);
  if (vx2 <= vx1 || vy2 <= vy1)
    return NULL;
  graphene_rect_init (&bounds, vx1, vy1, vx2 - vx1, vy2 - vy1);
  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  cairo_scale (cr, 1 / view->scale, 1 / view->scale);
  cairo_translate (cr, -view->dx, -view->dy);
  return cr;
}

/* A cairo node around the centre of cell (x, y), reach device pixels
 * every way; NULL when none of it is in view. */
static cairo_t *
append_cell_cairo (GtkSnapshot *snapshot,
                   const View  *view,
                   guint        x,
                   guint        y,
                   double       reach,
                   double      *cx,
                   double      *cy)
{
  maze_geometry_cell_center (&view->geo, x, y, cx, cy);
  return append_device_cairo (snapshot, view, *cx - reach, *cy - reach, *cx + reach, *cy + reach);
}

/* A cell as maze_render() fills it (a ring's cell along its arcs), or a
 * small square around its centre when the cell is too small to see. */
static void
add_cell_mark (cairo_t    *cr,
               const View *view,
               guint       x,
               guint       y,
               double      inset)
{
  double min = MIN_MARK_SIZE * view->scale;

  if (view->z >= min)
    {
      if (inset > 0 && view->geo.shape == MAZE_SHAPE_RECT)
        {
          double xs[4], ys[4];

          maze_geometry_cell_outline (&view->geo, x, y, xs, ys);
          cairo_rectangle (cr, xs[0] + inset, ys[0] + inset,
                           xs[2] - xs[0] - 2 * inset, ys[2] - ys[0] - 2 * inset);
        }
      else
        maze_render_add_cell_path (cr, &view->geo, x, y);
    }
  else
    {
      double cx, cy;

      maze_geometry_cell_center (&view->geo, x, y, &cx, &cy);
      cairo_rectangle (cr, round (cx - min / 2) + inset, round (cy - min / 2) + inset,
                       min - 2 * inset, min - 2 * inset);
    }
}

void
maze_canvas_append_cell_highlight (GtkSnapshot   *snapshot,
                                   const View    *view,
                                   guint          x,
                                   guint          y,
                                   const GdkRGBA *color,
                                   double         fill_alpha,
                                   double         line_width)
{
  double cx, cy, reach = MAX (view->z, MIN_MARK_SIZE * view->scale);
  cairo_t *cr;

  cr = append_cell_cairo (snapshot, view, x, y, reach, &cx, &cy);
  if (cr == NULL)
    return;
  add_cell_mark (cr, view, x, y, line_width / 2);
  if (fill_alpha > 0)
    {
      set_source (cr, color, fill_alpha);
      cairo_fill_preserve (cr);
    }
  if (line_width > 0)
    {
      set_source (cr, color, 1.0);
      cairo_set_line_width (cr, line_width);
      cairo_stroke (cr);
    }
  cairo_new_path (cr);
  cairo_destroy (cr);
}

/* ---- Markers and token ---- */

static void
append_marker (MazeCanvas            *self,
               GtkSnapshot           *snapshot,
               const View            *view,
               const MazeRenderStyle *style,
               const Palette         *palette,
               guint32                cell,
               gboolean               is_start,
               gboolean               hollow)
{
  const MazeGrid *grid = maze_document_get_grid (self->document);
  const MazeColor *color = is_start ? &style->start : &style->end;
  double min = MIN_MARK_SIZE * view->scale / 2;
  double radius = MAX (is_start ? style->start_radius : style->end_half_side, min);
  double halo = MAX (style->halo_width, view->scale);
  double cx, cy, reach = radius * 1.5 + halo;
  guint x, y;
  cairo_t *cr;

  if (cell >= grid->n_cells)
    return;
  maze_grid_xy (grid, cell, &x, &y);
  cr = append_cell_cairo (snapshot, view, x, y, reach, &cx, &cy);
  if (cr == NULL)
    return;
  /* As maze_render draws them: the shape tells start from end without
   * colour; the halo is the paper, so it works on either style. */
  if (is_start)
    cairo_arc (cr, cx, cy, radius, 0, 2 * G_PI);
  else
    cairo_rectangle (cr, cx - radius, cy - radius, 2 * radius, 2 * radius);
  set_source (cr, &palette->paper, 1.0);
  if (hollow)
    {
      /* The solvers' own start and end: the same shapes, as rings, so
       * they read as "the maze's start, moved for the solvers". */
      double ring = MAX (radius / 2.5, 1.5 * view->scale);

      cairo_set_line_width (cr, ring + 2 * halo);
      cairo_stroke_preserve (cr);
      cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha);
      cairo_set_line_width (cr, ring);
      cairo_stroke (cr);
    }
  else
    {
      cairo_set_line_width (cr, halo);
      cairo_stroke_preserve (cr);
      cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha);
      cairo_fill (cr);
    }
  cairo_destroy (cr);
}

/* A token on the current cell (an algorithm's, the player's), at least
 * big enough to see when zoomed out. */
void
maze_canvas_append_token (MazeCanvas    *self,
                          GtkSnapshot   *snapshot,
                          const View    *view,
                          const Palette *palette,
                          guint32        cell)
{
  const MazeGrid *grid = maze_document_get_grid (self->document);
  MazeRenderOptions options;
  MazeColor color = maze_color (&palette->accent, 1.0);
  double radius = MAX (view->z * 0.36, MIN_MARK_SIZE * view->scale * 0.7);
  double cx, cy, reach = radius + view->z;
  guint x, y;
  cairo_t *cr;

  if (cell >= grid->n_cells)
    return;
  maze_grid_xy (grid, cell, &x, &y);
  cr = append_cell_cairo (snapshot, view, x, y, reach, &cx, &cy);
  if (cr == NULL)
    return;
  maze_render_options_init (&options);
  options.cell_size = view->z;
  options.margin = 0.5 * view->z;
  options.background_color = maze_color (&palette->paper, 1.0);
  maze_render_token (cr, grid, &options, cell, radius, &color);
  cairo_destroy (cr);
}

void
maze_canvas_append_markers (MazeCanvas    *self,
                            GtkSnapshot   *snapshot,
                            const View    *view,
                            const Palette *palette)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (self->document);
  MazeRenderOptions options;
  MazeRenderStyle style;
  guint32 start = puzzle->start, end = puzzle->end;
  guint32 starts[MAX_MARKS], ends[MAX_MARKS];
  guint n_starts, n_ends;

  maze_render_options_init (&options);
  options.cell_size = view->z;
  maze_render_style_init (&style, &options);

  if (self->drag == DRAG_MARKER && self->live_cell != MAZE_NO_CELL)
    {
      if (self->tool == MAZE_TOOL_START)
        start = self->live_cell;
      else if (self->tool == MAZE_TOOL_END)
        end = self->live_cell;
    }
  /* End first, as maze_render does; the overlays' endpoints (the
   * solvers') on top, hollow; not in play mode, which hides overlays. */
  append_marker (self, snapshot, view, &style, palette, end, FALSE, FALSE);
  append_marker (self, snapshot, view, &style, palette, start, TRUE, FALSE);
  n_ends = maze_canvas_get_marks (self, MARK_END, ends, G_N_ELEMENTS (ends));
  n_starts = maze_canvas_get_marks (self, MARK_START, starts, G_N_ELEMENTS (starts));
  for (guint i = 0; i < n_ends; i++)
    append_marker (self, snapshot, view, &style, palette, ends[i], FALSE, TRUE);
  for (guint i = 0; i < n_starts; i++)
    append_marker (self, snapshot, view, &style, palette, starts[i], TRUE, TRUE);
}

/* ---- Tools at work ---- */

/* The band on a circular maze: the ring sector it regenerates, filled
 * and outlined as the rectangle is elsewhere. */
static void
append_ring_band (GtkSnapshot    *snapshot,
                  const View     *view,
                  const Palette  *palette,
                  const MazeRect *rect,
                  double          x1,
                  double          y1,
                  double          x2,
                  double          y2)
{
  RingSector sector;
  cairo_t *cr = append_device_cairo (snapshot, view, x1 - view->scale, y1 - view->scale,
                                     x2 + view->scale, y2 + view->scale);

  if (cr == NULL)
    return;
  maze_canvas_ring_sector (&view->geo, rect, &sector);
  maze_canvas_ring_sector_path (cr, &sector);
  set_source (cr, &palette->accent, 0.2);
  cairo_fill_preserve (cr);
  set_source (cr, &palette->accent, 1.0);
  cairo_set_line_width (cr, view->scale);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

void
maze_canvas_append_band (MazeCanvas    *self,
                         GtkSnapshot   *snapshot,
                         const View    *view,
                         const Palette *palette)
{
  MazeRect rect = maze_canvas_band_rect (self);
  GskRoundedRect outline;
  graphene_rect_t box;
  double x1, y1, x2, y2, vx1, vy1, vx2, vy2;
  GdkRGBA fill = palette->accent;
  const GdkRGBA border[4] = { palette->accent, palette->accent, palette->accent, palette->accent };
  const float widths[4] = { 1, 1, 1, 1 };

  maze_canvas_cells_bbox (&view->geo, &rect, &x1, &y1, &x2, &y2);
  if (view->geo.polar != NULL)
    {
      append_ring_band (snapshot, view, palette, &rect, x1, y1, x2, y2);
      return;
    }
  device_to_view (view, x1, y1, &vx1, &vy1);
  device_to_view (view, x2, y2, &vx2, &vy2);
  graphene_rect_init (&box, round (vx1), round (vy1),
                      MAX (round (vx2) - round (vx1), 1), MAX (round (vy2) - round (vy1), 1));
  fill.alpha *= 0.2;
  gtk_snapshot_append_color (snapshot, &fill, &box);
  gsk_rounded_rect_init_from_rect (&outline, &box, 0);
  gtk_snapshot_append_border (snapshot, &outline, widths, border);
}

void
maze_canvas_append_painted (MazeCanvas    *self,
                            GtkSnapshot   *snapshot,
                            const View    *view,
                            const Palette *palette)
{
  const MazeGrid *grid = maze_document_get_grid (self->document);
  GHashTableIter iter;
  gpointer key;
  double x1, y1, x2, y2;
  cairo_t *cr;
  gboolean paint_out = !self->drag_secondary;

  if (g_hash_table_size (self->painted) == 0)
    return;
  maze_canvas_cells_bbox (&view->geo, &self->painted_rect, &x1, &y1, &x2, &y2);
  cr = append_device_cairo (snapshot, view, x1, y1, x2, y2);
  if (cr == NULL)
    return;
  g_hash_table_iter_init (&iter, self->painted);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      guint x, y;

      maze_grid_xy (grid, GPOINTER_TO_UINT (key), &x, &y);
      maze_render_add_cell_path (cr, &view->geo, x, y);
    }
  /* Cells going out look like masked cells, only stronger; cells coming
   * back in take the accent. */
  if (paint_out)
    set_source (cr, &palette->fg, 0.45);
  else
    set_source (cr, &palette->accent, 0.4);
  cairo_fill (cr);
  cairo_destroy (cr);
}
