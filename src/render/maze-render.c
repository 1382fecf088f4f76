/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-render"

#include "config.h"

#include "maze-render.h"
#include "maze-render-private.h"
#include "maze-wall-raster.h"

#include <math.h>
#include <string.h>

/* Layers, bottom to top: background, masked cells, mud, overlay, solution
 * cells, walls (with door gaps clipped out), solution line, markers. Each
 * layer walks only the cells inside the clip (plus one cell, so strokes
 * and markers that poke over a cell's edge are not cut), which keeps a
 * canvas frame or a PNG strip independent of the maze size. The solution
 * is the one exception: its cells are checked one by one, but nothing
 * outside the clip is drawn. */

/* The Okabe-Ito palette: distinguishable with every common colour
 * vision deficiency, and still apart in greyscale. */
#define OKABE_ITO(r, g, b) { (r) / 255.0, (g) / 255.0, (b) / 255.0, 1.0 }

static const MazeColor color_white = { 1.0, 1.0, 1.0, 1.0 };
static const MazeColor color_black = { 0.0, 0.0, 0.0, 1.0 };

/* Stroking in batches bounds the size of the path cairo holds; only done
 * for opaque walls, where overlapping strokes look the same as one. */
#define WALL_BATCH 4096

void
maze_render_options_init (MazeRenderOptions *options)
{
  static const MazeColor masked = { 0.80, 0.80, 0.80, 1.0 };
  static const MazeColor blue = OKABE_ITO (0x00, 0x72, 0xB2);
  static const MazeColor vermillion = OKABE_ITO (0xD5, 0x5E, 0x00);
  static const MazeColor bluish_green = OKABE_ITO (0x00, 0x9E, 0x73);
  static const MazeColor sky_blue = OKABE_ITO (0x56, 0xB4, 0xE9);

  g_return_if_fail (options != NULL);

  /* wall_width and margin are absolute: changing cell_size afterwards
   * does not rescale them. */
  options->cell_size = 10.0;
  options->wall_width = options->cell_size / 10.0;
  options->margin = options->cell_size / 2.0;
  options->wall_cap = CAIRO_LINE_CAP_ROUND;
  options->wall_join = CAIRO_LINE_JOIN_ROUND;

  options->background_color = color_white;
  options->wall_color = color_black;
  options->masked_color = masked;
  options->solution_color = bluish_green;
  options->start_color = blue;
  options->end_color = vermillion;
  options->overlay_color = sky_blue;
  options->monochrome = FALSE;
  options->show_masked = TRUE;

  options->start = MAZE_NO_CELL;
  options->end = MAZE_NO_CELL;
  options->show_markers = TRUE;
  options->show_doors = TRUE;

  options->solution = NULL;
  options->solution_len = 0;
  options->solution_style = MAZE_SOLUTION_SOLID;

  options->overlay_kind = MAZE_OVERLAY_NONE;
  options->overlay_values = NULL;
  options->overlay_max = 0;
}

void
maze_render_options_set_endpoints (MazeRenderOptions *options,
                                   const MazePuzzle  *puzzle)
{
  g_return_if_fail (options != NULL);
  g_return_if_fail (puzzle != NULL);

  options->start = puzzle->start;
  options->end = puzzle->end;
}

void
maze_render_get_geometry (const MazeGrid          *grid,
                          const MazeRenderOptions *options,
                          MazeGeometry            *geometry)
{
  g_return_if_fail (grid != NULL);
  g_return_if_fail (options != NULL);

  maze_geometry_init (geometry, grid, options->cell_size, options->margin, options->margin);
}

void
maze_render_get_size (const MazeGrid          *grid,
                      const MazeRenderOptions *options,
                      double                  *width,
                      double                  *height)
{
  MazeGeometry geometry;

  g_return_if_fail (grid != NULL);
  g_return_if_fail (options != NULL);

  maze_render_get_geometry (grid, options, &geometry);
  if (width != NULL)
    *width = geometry.width + 2 * options->margin;
  if (height != NULL)
    *height = geometry.height + 2 * options->margin;
}

void
maze_render_style_init (MazeRenderStyle         *style,
                        const MazeRenderOptions *options)
{
  double s = options->cell_size;

  style->monochrome = options->monochrome;
  if (options->monochrome)
    {
      /* Keep a transparent background transparent; anything else white. */
      style->background = color_white;
      style->background.alpha = options->background_color.alpha > 0 ? 1.0 : 0.0;
      style->wall = color_black;
      style->masked = color_black;
      style->solution = color_black;
      style->start = color_black;
      style->end = color_black;
      style->overlay = color_black;
      style->mud = color_black;
      style->halo = color_white;
    }
  else
    {
      style->background = options->background_color;
      style->wall = options->wall_color;
      style->masked = options->masked_color;
      style->solution = options->solution_color;
      style->start = options->start_color;
      style->end = options->end_color;
      style->overlay = options->overlay_color;
      /* Earth brown, a mid-dark grey when printed in black and white:
       * apart from the black walls and the lighter solution. */
      style->mud = (MazeColor) { 0x8c / 255.0, 0x5a / 255.0, 0x2b / 255.0, 1.0 };
      style->halo = options->background_color.alpha > 0 ? options->background_color : color_white;
      style->halo.alpha = 1.0;
    }

  /* Printed as the shape: the paper shows where the maze is not. */
  if (!options->show_masked)
    style->masked.alpha = 0.0;

  style->hatch_spacing = s / 4;
  style->hatch_width = MAX (options->wall_width / 2, s / 40);

  style->solution_dash[0] = 0;
  style->solution_dash[1] = 0;
  style->solution_dash_offset = 0;
  style->solution_cap = CAIRO_LINE_CAP_ROUND;
  switch (options->solution_style)
    {
    case MAZE_SOLUTION_DASHED:
      /* Two periods per step, a dash centred on each centre and one
       * half-way; round caps make the dashes 0.3 s long, 0.2 s apart,
       * and round off the corners at the centres. */
      style->solution_width = s * 0.2;
      style->solution_dash[0] = s * 0.1;
      style->solution_dash[1] = s * 0.4;
      style->solution_dash_offset = s * 0.05;
      break;
    case MAZE_SOLUTION_THIN:
      style->solution_width = s / 20;
      break;
    case MAZE_SOLUTION_SOLID:
    case MAZE_SOLUTION_CELLS:
    default:
      style->solution_width = s * 0.25;
      break;
    }
  /* Well above the overlay's dots (at most 0.12 s), so the path stands
   * out from them. */
  style->diamond_radius = s * 0.25;

  /* Circle and square of about the same area; when both are in one cell
   * (a maze of one cell) a smaller circle inside the square, which would
   * hide it otherwise. */
  style->start_radius = s * 0.3;
  style->end_half_side = s * 0.265;
  if (options->start == options->end && options->start != MAZE_NO_CELL)
    style->start_radius = s * 0.15;
  style->halo_width = s * 0.12;
}

/* Whether a cell has a side on the grid's border (or the rings' room),
 * where a step leads off the grid. */
static gboolean
on_border (const MazeGrid *grid,
           guint           x,
           guint           y)
{
  for (guint d = 0; d < grid->topology->n_dirs; d++)
    {
      guint nx, ny;

      if (maze_grid_has_dir (grid, x, y, d) && !maze_grid_step (grid, x, y, d, &nx, &ny))
        return TRUE;
    }
  return FALSE;
}

/* Whether masked cell (x, y) is the paper around the shape, joined to
 * the grid's border through masked cells, rather than a hole inside it
 * (the counter of an "o"), where a door would lead nowhere. A search
 * from it that stops at the border, so it costs what it explores: a
 * hole, or the way to the border. */
static gboolean
masked_reaches_border (const MazeGrid *grid,
                       guint           x,
                       guint           y)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 first = maze_grid_index (grid, x, y);

  g_hash_table_add (seen, GUINT_TO_POINTER (first));
  g_array_append_val (queue, first);
  for (guint head = 0; head < queue->len; head++)
    {
      guint32 cell = g_array_index (queue, guint32, head);
      guint cx, cy;

      maze_grid_xy (grid, cell, &cx, &cy);
      if (on_border (grid, cx, cy))
        return TRUE;
      for (guint d = 0; d < grid->topology->n_dirs; d++)
        {
          guint nx, ny;
          guint32 next;

          if (!maze_grid_step (grid, cx, cy, d, &nx, &ny))
            continue;
          next = maze_grid_index (grid, nx, ny);
          if (maze_grid_is_masked (grid, next) &&
              g_hash_table_add (seen, GUINT_TO_POINTER (next)))
            g_array_append_val (queue, next);
        }
    }
  return FALSE;
}

/* A side of an open cell that meets the masked paper around a shaped
 * maze, tried in the order of the border rule (top, bottom, left,
 * right; on rings out, along, in). */
static gboolean
door_on_outline (const MazeGrid *grid,
                 guint           x,
                 guint           y,
                 guint          *dir)
{
  static const guint square_order[] = { 0, 2, 3, 1 };       /* N S W E */
  static const guint hex_order[] = { 4, 5, 1, 2, 3, 0 };    /* NW NE SE SW W E */
  static const guint polar_order[] = {
    MAZE_POLAR_OUT_A, MAZE_POLAR_OUT_B, MAZE_POLAR_CW, MAZE_POLAR_CCW,
    MAZE_POLAR_IN_A, MAZE_POLAR_IN_B,
  };
  const guint *order = square_order;
  guint n = G_N_ELEMENTS (square_order);

  if (grid->shape == MAZE_SHAPE_HEX)
    {
      order = hex_order;
      n = G_N_ELEMENTS (hex_order);
    }
  else if (grid->shape == MAZE_SHAPE_CIRCULAR)
    {
      order = polar_order;
      n = G_N_ELEMENTS (polar_order);
    }
  for (guint i = 0; i < n; i++)
    {
      guint nx, ny;

      if (maze_grid_step (grid, x, y, order[i], &nx, &ny) && !maze_grid_is_open (grid, nx, ny) &&
          masked_reaches_border (grid, nx, ny))
        {
          *dir = order[i];
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
maze_render_door_dir (const MazeGrid *grid,
                      guint32         cell,
                      guint          *dir)
{
  gboolean hex = grid->shape == MAZE_SHAPE_HEX;
  guint x, y;

  if (cell >= grid->n_cells || maze_grid_is_masked (grid, cell))
    return FALSE;
  maze_grid_xy (grid, cell, &x, &y);
  if (grid->shape == MAZE_SHAPE_CIRCULAR)
    {
      /* Out through the outer ring, or into the room from the first,
       * or onto the paper around a shape. A centre cell is inside: no
       * door, its marker says it. */
      if (maze_grid_is_centre (grid, x, y))
        return FALSE;
      if (y == grid->height - 1)
        *dir = MAZE_POLAR_OUT_A;
      else if (y == 0)
        *dir = MAZE_POLAR_IN_A;
      else
        return door_on_outline (grid, x, y, dir);
      return TRUE;
    }
  if (grid->shape == MAZE_SHAPE_TRI)
    {
      /* The flat side on the top or bottom row, else a slanted one on
       * the first or last column; an up triangle's apex is no side. */
      gboolean up = ((x ^ y) & 1) == 0;

      if (y == 0 && !up)
        *dir = 0;                   /* N */
      else if (y == grid->height - 1 && up)
        *dir = 2;                   /* S */
      else if (x == 0)
        *dir = 3;                   /* W */
      else if (x == grid->width - 1)
        *dir = 1;                   /* E */
      else
        return door_on_outline (grid, x, y, dir);
      return TRUE;
    }
  if (y == 0)
    *dir = hex ? 4 : 0;             /* NW / N */
  else if (y == grid->height - 1)
    *dir = hex ? 1 : 2;             /* SE / S */
  else if (x == 0)
    *dir = 3;                       /* W */
  else if (x == grid->width - 1)
    *dir = hex ? 0 : 1;             /* E */
  else
    return door_on_outline (grid, x, y, dir);
  return TRUE;
}

/* ---- Helpers ---- */

typedef struct
{
  cairo_t                 *cr;
  const MazeGrid          *grid;
  const MazeRenderOptions *options;
  MazeRenderStyle          style;
  MazeGeometry             geometry;
  MazeRect                 area;     /* cells to draw */
  double                   clip_x1, clip_y1, clip_x2, clip_y2;
  const guint8            *flags;    /* maze_render_cells() */
  guint8                   flag_mask;
} Render;

static inline void
set_color (cairo_t         *cr,
           const MazeColor *color)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha);
}

static inline gboolean
in_area (const Render *r,
         guint         x,
         guint         y)
{
  return maze_rect_contains_cell (r->grid, &r->area, x, y);
}

/* The first column of area row y and the one past its last (a ring's,
 * on a circular maze). */
static inline guint
area_x0 (const Render *r,
         guint         y)
{
  guint x0, x1;

  maze_rect_row_span (r->grid, &r->area, y, &x0, &x1);
  return x0;
}

static inline guint
area_x1 (const Render *r,
         guint         y)
{
  guint x0, x1;

  maze_rect_row_span (r->grid, &r->area, y, &x0, &x1);
  return x1;
}

/* The columns x0..x1-1 of area row y. */
static inline void
area_row (const Render *r,
          guint         y,
          guint        *x0,
          guint        *x1)
{
  maze_rect_row_span (r->grid, &r->area, y, x0, x1);
}

static void
add_polygon (cairo_t      *cr,
             const double *xs,
             const double *ys,
             guint         n)
{
  cairo_move_to (cr, xs[0], ys[0]);
  for (guint k = 1; k < n; k++)
    cairo_line_to (cr, xs[k], ys[k]);
  cairo_close_path (cr);
}

static void
add_diamond (cairo_t *cr,
             double   cx,
             double   cy,
             double   radius)
{
  double xs[4], ys[4];

  maze_render_diamond (cx, cy, radius, xs, ys);
  add_polygon (cr, xs, ys, 4);
}

/* Clockwise along the outer arc (in its pieces), back along the inner. */
static void
add_sector (cairo_t          *cr,
            const MazeSector *s)
{
  double span = s->angle2 - s->angle1;

  cairo_new_sub_path (cr);
  for (guint k = 0; k < s->n_outer; k++)
    cairo_arc (cr, s->cx, s->cy, s->outer, s->angle1 + span * k / s->n_outer,
               s->angle1 + span * (k + 1) / s->n_outer);
  if (s->inner > 0)
    cairo_arc_negative (cr, s->cx, s->cy, s->inner, s->angle2, s->angle1);
  else
    cairo_line_to (cr, s->cx, s->cy);
  cairo_close_path (cr);
}

void
maze_render_add_cell_path (cairo_t            *cr,
                           const MazeGeometry *geometry,
                           guint               x,
                           guint               y)
{
  double xs[MAZE_MAX_DIRS], ys[MAZE_MAX_DIRS];
  MazeSector sector;
  guint n;

  /* A ring's cell follows its arcs, as its walls do. */
  if (maze_geometry_cell_sector (geometry, x, y, &sector))
    {
      add_sector (cr, &sector);
      return;
    }
  n = maze_geometry_cell_outline (geometry, x, y, xs, ys);
  add_polygon (cr, xs, ys, n);
}

/* The cells of the area for which want() holds, as one path; square
 * cells side by side in a row become one rectangle. Filling one path
 * leaves no seams between neighbours. Returns whether any was added. */
static gboolean
add_cells_path (Render   *r,
                gboolean (*want) (Render *r, guint32 cell))
{
  gboolean any = FALSE;

  for (guint y = r->area.y; y < r->area.y + r->area.height; y++)
    {
      guint x, end;

      area_row (r, y, &x, &end);
      while (x < end)
        {
          guint run;

          if (!want (r, maze_grid_index (r->grid, x, y)))
            {
              x++;
              continue;
            }
          any = TRUE;
          if (r->grid->shape != MAZE_SHAPE_RECT)
            {
              maze_render_add_cell_path (r->cr, &r->geometry, x, y);
              x++;
              continue;
            }
          for (run = 1; x + run < end && want (r, maze_grid_index (r->grid, x + run, y)); run++)
            ;
          cairo_rectangle (r->cr,
                           r->geometry.origin_x + (double) x * r->geometry.cell_size,
                           r->geometry.origin_y + (double) y * r->geometry.cell_size,
                           (double) run * r->geometry.cell_size,
                           r->geometry.cell_size);
          x += run;
        }
    }
  return any;
}

/* Black lines at 45 degrees over the current path, which is consumed. */
static void
hatch_path (Render *r)
{
  double x1, y1, x2, y2;
  double spacing = r->style.hatch_spacing;
  double base, k0, k1;

  cairo_save (r->cr);
  cairo_clip (r->cr);
  cairo_clip_extents (r->cr, &x1, &y1, &x2, &y2);
  maze_render_hatch_lines (&r->geometry, spacing, x1, y1, x2, y2, &base, &k0, &k1);
  for (double k = k0; k <= k1; k++)
    {
      double c = base + k * spacing;

      cairo_move_to (r->cr, c - y1, y1);
      cairo_line_to (r->cr, c - y2, y2);
    }
  set_color (r->cr, &r->style.masked);
  cairo_set_line_width (r->cr, r->style.hatch_width);
  cairo_set_line_cap (r->cr, CAIRO_LINE_CAP_BUTT);
  cairo_stroke (r->cr);
  cairo_restore (r->cr);
}

/* ---- Layers ---- */

static void
draw_background (Render *r)
{
  double width, height;

  if (r->style.background.alpha <= 0)
    return;
  maze_render_get_size (r->grid, r->options, &width, &height);
  cairo_rectangle (r->cr, 0, 0, width, height);
  set_color (r->cr, &r->style.background);
  cairo_fill (r->cr);
}

static gboolean
want_masked (Render  *r,
             guint32  cell)
{
  return maze_grid_is_masked (r->grid, cell);
}

static gboolean
want_open (Render  *r,
           guint32  cell)
{
  return !maze_grid_is_masked (r->grid, cell);
}

static void
draw_masked (Render *r)
{
  if (r->style.masked.alpha <= 0 || !add_cells_path (r, want_masked))
    return;
  if (r->style.monochrome)
    hatch_path (r);
  else
    {
      set_color (r->cr, &r->style.masked);
      cairo_fill (r->cr);
    }
}

static void
draw_mud (Render *r)
{
  const MazeGrid *grid = r->grid;
  gboolean any = FALSE;

  if (grid->weights == NULL)
    return;
  for (guint y = r->area.y; y < r->area.y + r->area.height; y++)
    for (guint x = area_x0 (r, y); x < area_x1 (r, y); x++)
      {
        guint32 cell = maze_grid_index (grid, x, y);
        double xs[MAZE_RENDER_MUD_MAX_DOTS], ys[MAZE_RENDER_MUD_MAX_DOTS], radius;
        guint n;

        if (maze_grid_is_masked (grid, cell))
          continue;
        n = maze_render_mud_dots (&r->geometry, x, y, grid->weights[cell], xs, ys, &radius);
        for (guint i = 0; i < n; i++)
          {
            cairo_new_sub_path (r->cr);
            cairo_arc (r->cr, xs[i], ys[i], radius, 0, 2 * G_PI);
          }
        any = any || n > 0;
      }
  if (!any)
    return;
  set_color (r->cr, &r->style.mud);
  cairo_fill (r->cr);
}

static gboolean
want_overlay (Render  *r,
              guint32  cell)
{
  return maze_render_overlay_value (r->options, r->grid, cell) != G_MAXUINT32;
}

static inline guint32
premultiplied_pixel (const MazeColor *c,
                     double           alpha)
{
  double a = CLAMP (c->alpha * alpha, 0.0, 1.0);

  return (guint32) lround (a * 255) << 24 |
         (guint32) lround (CLAMP (c->red, 0.0, 1.0) * a * 255) << 16 |
         (guint32) lround (CLAMP (c->green, 0.0, 1.0) * a * 255) << 8 |
         (guint32) lround (CLAMP (c->blue, 0.0, 1.0) * a * 255);
}

/* Cells smaller than this many device pixels are shaded through an image
 * of one pixel a cell, scaled up: filling a zoomed-out view's millions
 * of cells one by one would take seconds. Only on image surfaces, so
 * vector output keeps one shape a cell. Hexagons' rows are drawn
 * unshifted: half a cell is less than a pixel there. */
#define OVERLAY_IMAGE_MAX_CELL_PX 2.0

static gboolean
draw_overlay_image (Render *r)
{
  const MazeRenderOptions *o = r->options;
  cairo_t *cr = r->cr;
  double s = r->geometry.cell_size, dx = s, dy = 0;
  double x0, y0, cx, cy, pitch = s;
  cairo_surface_t *image;
  guint8 *data;
  int stride;

  cairo_user_to_device_distance (cr, &dx, &dy);
  if (hypot (dx, dy) >= OVERLAY_IMAGE_MAX_CELL_PX ||
      cairo_surface_get_type (cairo_get_target (cr)) != CAIRO_SURFACE_TYPE_IMAGE ||
      r->grid->topology->irregular ||   /* rings are no rows of pixels */
      r->area.width > G_MAXINT16 || r->area.height > G_MAXINT16)
    return FALSE;

  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) r->area.width, (int) r->area.height);
  if (cairo_surface_status (image) != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (image);
      return FALSE;
    }
  cairo_surface_flush (image);
  data = cairo_image_surface_get_data (image);
  stride = cairo_image_surface_get_stride (image);
  for (guint j = 0; j < r->area.height; j++)
    {
      guint32 *row = (guint32 *) (data + (gsize) j * stride);

      for (guint i = 0; i < r->area.width; i++)
        {
          guint32 v = maze_render_overlay_value (o, r->grid,
                                                 maze_grid_index (r->grid, r->area.x + i,
                                                                  r->area.y + j));

          if (v == G_MAXUINT32)
            row[i] = 0;
          else if (o->overlay_kind == MAZE_OVERLAY_EXPLORED)
            row[i] = premultiplied_pixel (&r->style.overlay, MAZE_RENDER_OVERLAY_TINT_ALPHA);
          else
            row[i] = premultiplied_pixel (&r->style.overlay, maze_render_overlay_shade (o, v));
        }
    }
  cairo_surface_mark_dirty (image);

  /* Pixel (i, j) covers cell (area.x + i, area.y + j). */
  maze_geometry_cell_center (&r->geometry, r->area.x, r->area.y, &cx, &cy);
  if (r->area.y + 1 < r->grid->height)
    {
      double cx2, cy2;

      maze_geometry_cell_center (&r->geometry, r->area.x, r->area.y + 1, &cx2, &cy2);
      pitch = cy2 - cy;
    }
  x0 = cx - s / 2;
  y0 = cy - pitch / 2;
  cairo_save (cr);
  cairo_translate (cr, x0, y0);
  cairo_scale (cr, s, pitch);
  cairo_set_source_surface (cr, image, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_rectangle (cr, 0, 0, r->area.width, r->area.height);
  cairo_fill (cr);
  cairo_restore (cr);
  cairo_surface_destroy (image);
  return TRUE;
}

static void
draw_overlay (Render *r)
{
  const MazeRenderOptions *o = r->options;
  cairo_t *cr = r->cr;
  double s = r->geometry.cell_size;

  if (o->overlay_kind == MAZE_OVERLAY_NONE || o->overlay_values == NULL)
    return;

  if (!r->style.monochrome && draw_overlay_image (r))
    return;

  if (r->style.monochrome)
    {
      /* Dots instead of tints. */
      set_color (cr, &r->style.overlay);
      for (guint y = r->area.y; y < r->area.y + r->area.height; y++)
        for (guint x = area_x0 (r, y); x < area_x1 (r, y); x++)
          {
            guint32 v = maze_render_overlay_value (o, r->grid, maze_grid_index (r->grid, x, y));
            double cx, cy;

            if (v == G_MAXUINT32)
              continue;
            maze_geometry_cell_center (&r->geometry, x, y, &cx, &cy);
            cairo_new_sub_path (cr);
            cairo_arc (cr, cx, cy, maze_render_overlay_dot (o, s, v), 0, 2 * G_PI);
          }
      cairo_fill (cr);
      return;
    }

  if (o->overlay_kind == MAZE_OVERLAY_EXPLORED)
    {
      MazeColor tint = r->style.overlay;

      tint.alpha *= MAZE_RENDER_OVERLAY_TINT_ALPHA;
      if (add_cells_path (r, want_overlay))
        {
          set_color (cr, &tint);
          cairo_fill (cr);
        }
      return;
    }

  /* Heat: each cell its own shade. Without antialiasing, neighbours
   * tile the plane exactly and no light seams show between them; the
   * edges that show lie under the walls anyway. */
  cairo_save (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  for (guint y = r->area.y; y < r->area.y + r->area.height; y++)
    for (guint x = area_x0 (r, y); x < area_x1 (r, y); x++)
      {
        guint32 v = maze_render_overlay_value (o, r->grid, maze_grid_index (r->grid, x, y));
        MazeColor shade = r->style.overlay;

        if (v == G_MAXUINT32)
          continue;
        shade.alpha *= maze_render_overlay_shade (o, v);
        maze_render_add_cell_path (r->cr, &r->geometry, x, y);
        set_color (cr, &shade);
        cairo_fill (cr);
      }
  cairo_restore (cr);
}


static void
draw_solution_cells (Render *r)
{
  const MazeRenderOptions *o = r->options;
  gboolean any = FALSE;

  if (o->solution == NULL || o->solution_style != MAZE_SOLUTION_CELLS)
    return;

  for (guint32 i = 0; i < o->solution_len; i++)
    {
      guint x, y;

      if (!maze_render_solution_cell (o, r->grid, i, &x, &y) || !in_area (r, x, y))
        continue;
      any = TRUE;
      if (r->style.monochrome)
        {
          double cx, cy;

          maze_geometry_cell_center (&r->geometry, x, y, &cx, &cy);
          add_diamond (r->cr, cx, cy, r->style.diamond_radius);
        }
      else
        maze_render_add_cell_path (r->cr, &r->geometry, x, y);
    }
  if (!any)
    return;
  /* A path visits each cell once, so nonzero winding fills the union. */
  set_color (r->cr, &r->style.solution);
  cairo_fill (r->cr);
}

typedef struct
{
  cairo_t        *cr;
  gboolean        batch;
  guint           pending;
  MazeWallRaster *raster;   /* the walls go here instead when not NULL */
} WallPath;

static void
add_wall_run_cb (const double *xs,
                 const double *ys,
                 guint         n_points,
                 gpointer      user_data)
{
  WallPath *path = user_data;
  gboolean closed;
  guint n = maze_render_wall_run_points (xs, ys, n_points, &closed);

  if (path->raster != NULL)
    {
      maze_wall_raster_add_run (path->raster, xs, ys, n, closed);
      return;
    }
  cairo_move_to (path->cr, xs[0], ys[0]);
  for (guint i = 1; i < n; i++)
    cairo_line_to (path->cr, xs[i], ys[i]);
  if (closed)
    cairo_close_path (path->cr);

  if (path->batch && ++path->pending >= WALL_BATCH)
    {
      cairo_stroke (path->cr);
      path->pending = 0;
    }
}

static void
add_wall_arc_cb (const MazeWallArc *arc,
                 gpointer           user_data)
{
  WallPath *path = user_data;
  /* Cell by cell: a tile then draws the same curves as the whole. */
  guint n = MAX (1, (guint) lround ((arc->angle2 - arc->angle1) / arc->step));

  if (path->raster != NULL)
    {
      maze_wall_raster_add_arc (path->raster, arc);
      return;
    }
  cairo_new_sub_path (path->cr);
  for (guint k = 0; k < n; k++)
    cairo_arc (path->cr, arc->cx, arc->cy, arc->radius,
               arc->angle1 + (arc->angle2 - arc->angle1) * k / n,
               arc->angle1 + (arc->angle2 - arc->angle1) * (k + 1) / n);
  if (path->batch && ++path->pending >= WALL_BATCH)
    {
      cairo_stroke (path->cr);
      path->pending = 0;
    }
}

/* The door's hole when it reaches into what is drawn now. A slanted
 * hole makes the clip one cairo draws through a mask, which costs the
 * whole strip or tile (a PNG strip several times its walls), so a hole
 * elsewhere is left out; antialiased edges then differ by a level or two
 * from a drawing that has the hole in view. Not in monochrome, where the
 * two ways may differ by a whole pixel at a wall's edge. */
static gboolean
door_hole_in_view (Render       *r,
                   guint32       cell,
                   MazeDoorHole *hole)
{
  double x1, y1, x2, y2;

  if (!maze_render_door_hole (&r->geometry, r->grid, cell, r->options->wall_width, hole))
    return FALSE;
  maze_door_hole_get_box (hole, &x1, &y1, &x2, &y2);
  return r->options->monochrome ||
         (x2 >= r->clip_x1 && x1 <= r->clip_x2 && y2 >= r->clip_y1 && y1 <= r->clip_y2);
}

static void
add_door_hole (cairo_t            *cr,
               const MazeDoorHole *hole)
{
  if (hole->is_sector)
    add_sector (cr, &hole->sector);
  else
    add_polygon (cr, hole->xs, hole->ys, 4);
}

/* Cells finer than half a device pixel (a whole page of a huge maze in
 * a preview): strokes that thin fall below cairo's tolerance and vanish,
 * leaving an empty page. What the eye would see instead is the walls'
 * share of the area in their colour; solid where the walls are wider
 * than the cells, as such a page prints. */
static gboolean
draw_walls_as_tone (Render *r)
{
  const MazeRenderOptions *o = r->options;
  const MazeGeometry *g = &r->geometry;
  double dx = g->cell_size, dy = 0.0, share;

  cairo_user_to_device_distance (r->cr, &dx, &dy);
  if (hypot (dx, dy) >= 0.5)
    return FALSE;
  share = MIN (o->wall_width / g->cell_size, 1.0);
  cairo_set_source_rgba (r->cr, r->style.wall.red, r->style.wall.green, r->style.wall.blue,
                         r->style.wall.alpha * share);
  /* Printed as its shape, a masked maze's tone covers its open cells
   * only: the paper shows where the maze is not. */
  if (r->style.masked.alpha <= 0 && maze_grid_has_mask (r->grid, &r->area))
    {
      if (add_cells_path (r, want_open))
        cairo_fill (r->cr);
      return TRUE;
    }
  cairo_rectangle (r->cr, g->origin_x - o->wall_width / 2.0, g->origin_y - o->wall_width / 2.0,
                   g->width + o->wall_width, g->height + o->wall_width);
  cairo_fill (r->cr);
  return TRUE;
}

static void
draw_walls (Render *r)
{
  const MazeRenderOptions *o = r->options;
  /* Not in batches on the circular grid: its curved walls meet at
   * antialiased edges, which two strokes would darken twice, where a
   * strip's batches and the whole's differ. */
  WallPath path = { r->cr, r->style.wall.alpha >= 1.0 && !r->grid->topology->irregular, 0, NULL };

  if (!(o->wall_width > 0) || r->style.wall.alpha <= 0 || draw_walls_as_tone (r))
    return;

  cairo_save (r->cr);
  if (o->show_doors)
    {
      MazeDoorHole holes[2];
      /* One door when start and end coincide. */
      gboolean start = door_hole_in_view (r, o->start, &holes[0]);
      gboolean end = o->end != o->start && door_hole_in_view (r, o->end, &holes[1]);

      if (start || end)
        {
          /* Everything visible except the doors; even-odd makes the
           * door rectangles holes. */
          cairo_rectangle (r->cr, r->clip_x1, r->clip_y1,
                           r->clip_x2 - r->clip_x1, r->clip_y2 - r->clip_y1);
          if (start)
            add_door_hole (r->cr, &holes[0]);
          if (end)
            add_door_hole (r->cr, &holes[1]);
          cairo_set_fill_rule (r->cr, CAIRO_FILL_RULE_EVEN_ODD);
          cairo_clip (r->cr);
        }
    }

  /* Square runs are straight, so with CAIRO_LINE_CAP_BUTT two runs
   * meeting at a corner leave a notch there: ROUND (the default) and
   * SQUARE close it. */
  set_color (r->cr, &r->style.wall);
  cairo_set_line_width (r->cr, o->wall_width);
  cairo_set_line_cap (r->cr, o->wall_cap);
  cairo_set_line_join (r->cr, o->wall_join);
  /* Into pixels of our own on an image (a PNG, the canvas's tiles):
   * cairo's stroker costs ten times the rest there. Rect walls are
   * pixel-aligned boxes, which cairo fills fast, and vector targets
   * keep their paths. */
  if (r->grid->shape != MAZE_SHAPE_RECT)
    path.raster = maze_wall_raster_new (r->cr, o->wall_width);
  /* The clip, and the walls' width beyond it: a wall whose middle is
   * that far away still shows its edge. */
  maze_geometry_foreach_visible_wall_run (&r->geometry, r->grid, &r->area,
                                          r->clip_x1 - o->wall_width, r->clip_y1 - o->wall_width,
                                          r->clip_x2 - r->clip_x1 + 2 * o->wall_width,
                                          r->clip_y2 - r->clip_y1 + 2 * o->wall_width,
                                          add_wall_run_cb, add_wall_arc_cb, &path);
  if (path.raster != NULL)
    maze_wall_raster_finish (path.raster, r->cr);
  else
    cairo_stroke (r->cr);
  cairo_restore (r->cr);
}

/* A line through the centres of a path's cells, in a lane beside them.
 * The one way paths are drawn: the solution of maze_render() and the
 * paths of maze_render_paths(). */
typedef struct
{
  const guint32 *cells;
  guint32        len;
  double         offset;     /* the lane: to the left of travel */
  double         min_step;   /* points closer than this to the last one are
                                left out (0: none); only when not per_step */
  gboolean       per_step;   /* dashed: every step a subpath of its own, so
                                the dashes start afresh at each centre */
} Line;

static inline gboolean
line_center (Render     *r,
             const Line *line,
             guint32     i,
             double     *cx,
             double     *cy)
{
  guint32 cell = line->cells[i];
  guint x, y;

  if (cell >= r->grid->n_cells)
    return FALSE;
  maze_grid_xy (r->grid, cell, &x, &y);
  maze_geometry_cell_center (&r->geometry, x, y, cx, cy);
  return TRUE;
}

/* Adds the unit normal to the left of travel from (ax, ay) to (bx, by). */
static inline gboolean
left_normal (double  ax,
             double  ay,
             double  bx,
             double  by,
             double *nx,
             double *ny)
{
  double dx = bx - ax, dy = by - ay, len = hypot (dx, dy);

  if (len <= 0)
    return FALSE;
  /* y grows downwards: travelling east, the left is north. */
  *nx = dy / len;
  *ny = -dx / len;
  return TRUE;
}

static gboolean
line_point (Render     *r,
            const Line *line,
            guint32     i,
            double     *px,
            double     *py)
{
  double cx, cy, ox, oy, n1x = 0, n1y = 0, n2x = 0, n2y = 0, mx, my, m2;
  gboolean in, out;

  if (!line_center (r, line, i, &cx, &cy))
    return FALSE;
  *px = cx;
  *py = cy;
  if (line->offset == 0)
    return TRUE;

  in = i > 0 && line_center (r, line, i - 1, &ox, &oy) && left_normal (ox, oy, cx, cy, &n1x, &n1y);
  out = i + 1 < line->len && line_center (r, line, i + 1, &ox, &oy) &&
        left_normal (cx, cy, ox, oy, &n2x, &n2y);
  if (!in && !out)
    return TRUE;
  if (!in || !out)
    {
      mx = in ? n1x : n2x;
      my = in ? n1y : n2y;
    }
  else
    {
      /* The mitre: along the bisector of the two normals, long enough to
       * keep the lane's distance from both legs. Turning straight back
       * there is no mitre; the incoming side will do. */
      mx = n1x + n2x;
      my = n1y + n2y;
      m2 = mx * mx + my * my;
      if (m2 < 0.01)
        {
          mx = n1x;
          my = n1y;
        }
      else
        {
          mx *= 2 / m2;
          my *= 2 / m2;
        }
    }
  *px = cx + line->offset * mx;
  *py = cy + line->offset * my;
  return TRUE;
}

/* Adds the piece of line from index first to last to the current path.
 * Cells off the grid are skipped. */
static void
add_line_piece (Render     *r,
                const Line *line,
                guint32     first,
                guint32     last)
{
  cairo_t *cr = r->cr;
  gboolean have_previous = FALSE;
  double lx = 0, ly = 0;

  for (guint32 i = first; i <= last; i++)
    {
      double px, py;

      if (!line_point (r, line, i, &px, &py))
        continue;
      if (line->per_step)
        {
          if (have_previous)
            {
              cairo_move_to (cr, lx, ly);
              cairo_line_to (cr, px, py);
            }
        }
      else if (!have_previous)
        cairo_move_to (cr, px, py);
      else
        {
          /* Zoomed out, many cells share a pixel: a point closer than
           * that to the last one adds nothing but work. */
          if (line->min_step > 0 && i != last && fabs (px - lx) + fabs (py - ly) < line->min_step)
            continue;
          cairo_line_to (cr, px, py);
        }
      lx = px;
      ly = py;
      have_previous = TRUE;
    }
}

static gboolean
line_cell_xy (Render     *r,
              const Line *line,
              guint32     i,
              guint      *x,
              guint      *y)
{
  guint32 cell = line->cells[i];

  if (cell >= r->grid->n_cells)
    return FALSE;
  maze_grid_xy (r->grid, cell, x, y);
  return TRUE;
}

/* Adds the pieces of line whose steps touch the area, one subpath each.
 * Returns whether any was added. */
static gboolean
add_line_visible (Render     *r,
                  const Line *line)
{
  guint32 piece_start = G_MAXUINT32;
  gboolean any = FALSE;

  for (guint32 i = 0; i + 1 < line->len; i++)
    {
      guint ax, ay, bx, by;
      gboolean visible;

      visible = line_cell_xy (r, line, i, &ax, &ay) && line_cell_xy (r, line, i + 1, &bx, &by) &&
                (in_area (r, ax, ay) || in_area (r, bx, by));
      if (visible && piece_start == G_MAXUINT32)
        piece_start = i;
      else if (!visible && piece_start != G_MAXUINT32)
        {
          add_line_piece (r, line, piece_start, i);
          piece_start = G_MAXUINT32;
          any = TRUE;
        }
    }
  if (piece_start != G_MAXUINT32)
    {
      add_line_piece (r, line, piece_start, line->len - 1);
      any = TRUE;
    }
  return any;
}

static void
draw_solution_line (Render *r)
{
  const MazeRenderOptions *o = r->options;
  double width = r->style.solution_width;
  Line line = { o->solution, o->solution_len, 0, 0, r->style.solution_dash[0] > 0 };

  if (o->solution == NULL || o->solution_len < 2 || o->solution_style == MAZE_SOLUTION_CELLS)
    return;

  if (o->solution_style == MAZE_SOLUTION_THIN)
    {
      /* A hairline still has to show on screen. */
      double dx = 1, dy = 0;

      cairo_device_to_user_distance (r->cr, &dx, &dy);
      width = MAX (width, hypot (dx, dy));
    }

  cairo_save (r->cr);
  cairo_new_path (r->cr);
  if (add_line_visible (r, &line))
    {
      set_color (r->cr, &r->style.solution);
      cairo_set_line_width (r->cr, width);
      cairo_set_line_cap (r->cr, r->style.solution_cap);
      cairo_set_line_join (r->cr, CAIRO_LINE_JOIN_ROUND);
      if (line.per_step)
        cairo_set_dash (r->cr, r->style.solution_dash, 2, r->style.solution_dash_offset);
      cairo_stroke (r->cr);
    }
  cairo_new_path (r->cr);
  cairo_restore (r->cr);
}

static void
draw_marker (Render          *r,
             guint32          cell,
             gboolean         is_start,
             const MazeColor *color)
{
  cairo_t *cr = r->cr;
  guint x, y;
  double cx, cy;

  if (cell == MAZE_NO_CELL || cell >= r->grid->n_cells)
    return;
  maze_grid_xy (r->grid, cell, &x, &y);
  if (!in_area (r, x, y))
    return;
  maze_geometry_cell_center (&r->geometry, x, y, &cx, &cy);

  /* The shape tells start from end without colour. */
  if (is_start)
    {
      /* Closed, or the halo's ends leave a hairline gap at 3 o'clock. */
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, cy, r->style.start_radius, 0, 2 * G_PI);
      cairo_close_path (cr);
    }
  else
    {
      double a = r->style.end_half_side;

      cairo_rectangle (cr, cx - a, cy - a, 2 * a, 2 * a);
    }
  /* A halo keeps the marker apart from a path or overlay of a close
   * colour. */
  set_color (cr, &r->style.halo);
  cairo_set_line_width (cr, r->style.halo_width);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  cairo_stroke_preserve (cr);
  set_color (cr, color);
  cairo_fill (cr);
}

static void
draw_markers (Render *r)
{
  if (!r->options->show_markers)
    return;
  /* End first: on a one-cell maze the circle sits inside the square. */
  draw_marker (r, r->options->end, FALSE, &r->style.end);
  draw_marker (r, r->options->start, TRUE, &r->style.start);
}

/* Sets up r for drawing on cr; FALSE when no cell lies in the clip.
 * The caller has saved cr's state. */
static gboolean
render_begin (Render                  *r,
              cairo_t                 *cr,
              const MazeGrid          *grid,
              const MazeRenderOptions *options)
{
  double s;

  memset (r, 0, sizeof *r);
  r->cr = cr;
  r->grid = grid;
  r->options = options;
  maze_render_style_init (&r->style, options);
  maze_render_get_geometry (grid, options, &r->geometry);
  s = r->geometry.cell_size;

  cairo_new_path (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  cairo_set_dash (cr, NULL, 0, 0);
  /* No antialiasing in monochrome, or edges would come out grey. */
  if (options->monochrome)
    cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);

  cairo_clip_extents (cr, &r->clip_x1, &r->clip_y1, &r->clip_x2, &r->clip_y2);
  return maze_geometry_cells_in_area (&r->geometry, r->clip_x1 - s, r->clip_y1 - s,
                                      r->clip_x2 - r->clip_x1 + 2 * s,
                                      r->clip_y2 - r->clip_y1 + 2 * s, &r->area);
}

void
maze_render_layers (cairo_t                 *cr,
                    const MazeGrid          *grid,
                    const MazeRenderOptions *options,
                    MazeRenderLayers         layers)
{
  Render r;
  gboolean any;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (grid != NULL);
  g_return_if_fail (options != NULL);
  g_return_if_fail (options->cell_size > 0);

  cairo_save (cr);
  any = render_begin (&r, cr, grid, options);
  if (layers & MAZE_RENDER_BACKGROUND)
    draw_background (&r);
  if (any)
    {
      if (layers & MAZE_RENDER_MASKED)
        draw_masked (&r);
      if (layers & MAZE_RENDER_MUD)
        draw_mud (&r);
      if (layers & MAZE_RENDER_OVERLAY)
        draw_overlay (&r);
      if (layers & MAZE_RENDER_SOLUTION)
        draw_solution_cells (&r);
      if (layers & MAZE_RENDER_WALLS)
        draw_walls (&r);
      if (layers & MAZE_RENDER_SOLUTION)
        draw_solution_line (&r);
      if (layers & MAZE_RENDER_MARKERS)
        draw_markers (&r);
    }
  cairo_restore (cr);
}

void
maze_render (cairo_t                 *cr,
             const MazeGrid          *grid,
             const MazeRenderOptions *options)
{
  maze_render_layers (cr, grid, options, MAZE_RENDER_ALL);
}

/* ---- Several paths ---- */

#define OKABE_ITO_PATH(r, g, b, dash) { OKABE_ITO (r, g, b), dash }

static const struct
{
  MazeColor    color;
  MazePathDash dash;
} path_palette[] = {
  OKABE_ITO_PATH (0xD5, 0x5E, 0x00, MAZE_PATH_DASH_LONG),      /* vermillion */
  OKABE_ITO_PATH (0x00, 0x9E, 0x73, MAZE_PATH_DASH_NONE),      /* bluish green */
  OKABE_ITO_PATH (0x00, 0x72, 0xB2, MAZE_PATH_DASH_DOTTED),    /* blue */
  OKABE_ITO_PATH (0xCC, 0x79, 0xA7, MAZE_PATH_DASH_DASH_DOT),  /* reddish purple */
  OKABE_ITO_PATH (0x56, 0xB4, 0xE9, MAZE_PATH_DASH_SHORT),     /* sky blue */
  OKABE_ITO_PATH (0xE6, 0x9F, 0x00, MAZE_PATH_DASH_NONE),      /* orange */
  OKABE_ITO_PATH (0xF0, 0xE4, 0x42, MAZE_PATH_DASH_LONG),      /* yellow */
};

/* Dash patterns in steps (cell sizes), each fitting one step exactly,
 * and where the pattern stands at a step's start; with round caps, the
 * zero-length dashes are dots. */
static const struct
{
  double on_off[4];
  int    n;
  double offset;
} path_dashes[MAZE_N_PATH_DASHES] = {
  [MAZE_PATH_DASH_NONE] = { { 0 }, 0, 0 },
  [MAZE_PATH_DASH_LONG] = { { 0.6, 0.4 }, 2, 0.3 },
  [MAZE_PATH_DASH_SHORT] = { { 0.2, 0.3 }, 2, 0.1 },
  [MAZE_PATH_DASH_DOTTED] = { { 0, 0.25 }, 2, 0 },
  [MAZE_PATH_DASH_DASH_DOT] = { { 0.4, 0.3, 0, 0.3 }, 4, 0.2 },
};

/* Below this many device pixels a step, dashes no longer read as
 * dashes: the line is drawn solid. */
#define DASH_MIN_STEP_PX 3.0

void
maze_render_path_init (MazeRenderPath          *path,
                       const MazeRenderOptions *options)
{
  MazeRenderStyle style;

  g_return_if_fail (path != NULL);
  g_return_if_fail (options != NULL);

  maze_render_style_init (&style, options);
  memset (path, 0, sizeof *path);
  path->color = style.solution;
  path->width = style.solution_width;
  path->dash = MAZE_PATH_DASH_NONE;
}

void
maze_render_path_palette (guint         index,
                          MazeColor    *color,
                          MazePathDash *dash)
{
  guint i = index % G_N_ELEMENTS (path_palette);

  if (color != NULL)
    *color = path_palette[i].color;
  if (dash != NULL)
    *dash = path_palette[i].dash;
}

/* WCAG 2 relative luminance of an sRGB colour. */
static double
relative_luminance (const MazeColor *c)
{
  const double rgb[3] = { c->red, c->green, c->blue };
  const double weight[3] = { 0.2126, 0.7152, 0.0722 };
  double y = 0;

  for (int i = 0; i < 3; i++)
    {
      double v = CLAMP (rgb[i], 0.0, 1.0);

      v = v <= 0.04045 ? v / 12.92 : pow ((v + 0.055) / 1.055, 2.4);
      y += weight[i] * v;
    }
  return y;
}

double
maze_color_contrast (const MazeColor *a,
                     const MazeColor *b)
{
  double ya = relative_luminance (a), yb = relative_luminance (b);

  return (MAX (ya, yb) + 0.05) / (MIN (ya, yb) + 0.05);
}

/* Contrast that a path's edge needs against the paper. */
#define PATH_MIN_CONTRAST 3.0

gboolean
maze_render_path_casing (const MazeColor *line,
                         const MazeColor *paper,
                         MazeColor       *casing)
{
  gboolean dark_paper;

  g_return_val_if_fail (line != NULL && paper != NULL && casing != NULL, FALSE);

  *casing = *paper;
  casing->alpha = 1.0;
  if (maze_color_contrast (line, paper) >= PATH_MIN_CONTRAST)
    return FALSE;
  /* Towards black on light paper, towards white on dark, in small steps
   * so the outline keeps as much of the line's hue as it can. */
  dark_paper = relative_luminance (paper) < 0.18;
  for (int step = 1; step <= 20; step++)
    {
      double t = step / 20.0, target = dark_paper ? 1.0 : 0.0;

      casing->red = line->red + (target - line->red) * t;
      casing->green = line->green + (target - line->green) * t;
      casing->blue = line->blue + (target - line->blue) * t;
      if (maze_color_contrast (casing, paper) >= PATH_MIN_CONTRAST)
        break;
    }
  return TRUE;
}

/* Sets cr's dash for a path with steps of step units; FALSE for none. */
static gboolean
set_path_dash (cairo_t      *cr,
               MazePathDash  dash,
               double        step)
{
  double on_off[4];
  guint d = dash < MAZE_N_PATH_DASHES ? dash : MAZE_PATH_DASH_NONE;

  if (path_dashes[d].n == 0)
    return FALSE;
  for (int k = 0; k < path_dashes[d].n; k++)
    on_off[k] = path_dashes[d].on_off[k] * step;
  cairo_set_dash (cr, on_off, path_dashes[d].n, path_dashes[d].offset * step);
  return TRUE;
}

/* Strokes the current path: the casing, then the line. */
static void
stroke_path (cairo_t              *cr,
             const MazeRenderPath *path,
             double                width)
{
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  if (path->casing.alpha > 0 && path->casing_width > 0)
    {
      set_color (cr, &path->casing);
      cairo_set_line_width (cr, width + 2 * path->casing_width);
      cairo_stroke_preserve (cr);
    }
  set_color (cr, &path->color);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
}

void
maze_render_paths (cairo_t                 *cr,
                   const MazeGrid          *grid,
                   const MazeRenderOptions *options,
                   const MazeRenderPath    *paths,
                   guint                    n_paths)
{
  Render r;
  double px = 1, py = 0, sx, sy, one_px, step_px;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (grid != NULL);
  g_return_if_fail (options != NULL);
  g_return_if_fail (options->cell_size > 0);
  g_return_if_fail (paths != NULL || n_paths == 0);

  cairo_save (cr);
  if (!render_begin (&r, cr, grid, options))
    {
      cairo_restore (cr);
      return;
    }
  cairo_device_to_user_distance (cr, &px, &py);
  one_px = hypot (px, py);
  sx = r.geometry.cell_size;
  sy = 0;
  cairo_user_to_device_distance (cr, &sx, &sy);
  step_px = hypot (sx, sy);

  for (guint p = 0; p < n_paths; p++)
    {
      const MazeRenderPath *path = &paths[p];
      gboolean dashed = path->dash != MAZE_PATH_DASH_NONE && step_px >= DASH_MIN_STEP_PX;
      Line line = { path->cells, path->len, path->offset, dashed ? 0 : one_px / 2, dashed };
      gboolean any = FALSE;

      if (path->cells == NULL || path->len < 2 || path->color.alpha <= 0)
        continue;
      cairo_new_path (cr);
      if (path->pieces != NULL)
        {
          for (guint k = 0; k + 1 < 2 * path->n_pieces; k += 2)
            {
              guint32 first = path->pieces[k], last = MIN (path->pieces[k + 1], path->len - 1);

              if (first < last)
                {
                  add_line_piece (&r, &line, first, last);
                  any = TRUE;
                }
            }
        }
      else
        any = add_line_visible (&r, &line);
      if (!any)
        continue;
      cairo_set_dash (cr, NULL, 0, 0);
      if (dashed)
        set_path_dash (cr, path->dash, r.geometry.cell_size);
      stroke_path (cr, path, MAX (path->width, one_px));
    }
  cairo_new_path (cr);
  cairo_restore (cr);
}

void
maze_render_path_sample (cairo_t              *cr,
                         double                x1,
                         double                y1,
                         double                x2,
                         double                y2,
                         const MazeRenderPath *path,
                         double                cell_size)
{
  double px = 1, py = 0;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (path != NULL);
  g_return_if_fail (cell_size > 0);

  cairo_save (cr);
  cairo_device_to_user_distance (cr, &px, &py);
  cairo_new_path (cr);
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x2, y2);
  cairo_set_dash (cr, NULL, 0, 0);
  set_path_dash (cr, path->dash, cell_size);
  stroke_path (cr, path, MAX (path->width, hypot (px, py)));
  cairo_restore (cr);
}

/* ---- Cells and tokens ---- */

static gboolean
want_flagged (Render  *r,
              guint32  cell)
{
  return (r->flags[cell] & r->flag_mask) != 0 && !maze_grid_is_masked (r->grid, cell);
}

void
maze_render_cells (cairo_t                 *cr,
                   const MazeGrid          *grid,
                   const MazeRenderOptions *options,
                   const guint8            *flags,
                   guint8                   mask,
                   const MazeColor         *color)
{
  Render r;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (grid != NULL);
  g_return_if_fail (options != NULL);
  g_return_if_fail (options->cell_size > 0);
  g_return_if_fail (flags != NULL);
  g_return_if_fail (color != NULL);

  if (mask == 0 || color->alpha <= 0)
    return;
  cairo_save (cr);
  if (render_begin (&r, cr, grid, options))
    {
      r.flags = flags;
      r.flag_mask = mask;
      if (add_cells_path (&r, want_flagged))
        {
          set_color (cr, color);
          cairo_fill (cr);
        }
    }
  cairo_new_path (cr);
  cairo_restore (cr);
}

void
maze_render_token (cairo_t                 *cr,
                   const MazeGrid          *grid,
                   const MazeRenderOptions *options,
                   guint32                  cell,
                   double                   radius,
                   const MazeColor         *color)
{
  Render r;
  guint x, y;
  double cx, cy;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (grid != NULL);
  g_return_if_fail (options != NULL);
  g_return_if_fail (options->cell_size > 0);
  g_return_if_fail (color != NULL);

  if (cell >= grid->n_cells)
    return;
  cairo_save (cr);
  if (render_begin (&r, cr, grid, options))
    {
      maze_grid_xy (grid, cell, &x, &y);
      maze_geometry_cell_center (&r.geometry, x, y, &cx, &cy);
      if (radius <= 0)
        radius = r.geometry.cell_size * 0.36;
      add_diamond (cr, cx, cy, radius);
      /* The markers' halo keeps it apart from paths and shading. */
      set_color (cr, &r.style.halo);
      cairo_set_line_width (cr, r.style.halo_width);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
      cairo_stroke_preserve (cr);
      set_color (cr, color);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}
