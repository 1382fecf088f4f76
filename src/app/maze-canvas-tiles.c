/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

/* What MazeCanvas's tiles show (see "How the canvas draws" in
 * maze-canvas-private.h): marking the tiles a change touches as stale,
 * rendering each layer of a tile, and a frame's tiles through the tile
 * cache (maze-tile-cache.c). */

#include "config.h"

#include "maze-canvas-private.h"
#include "maze-lod.h"

#include <math.h>
#include <pango/pangocairo.h>

#define DIGITS_MIN_CELL   24.0           /* device pixels per cell to show weights */

/* The mud of the weight brush: Okabe-Ito orange, apart from the blue and
 * vermillion markers and the green solution for every colour vision. */
static const GdkRGBA mud_color = { 0.902f, 0.624f, 0.0f, 1.0f };

/* ---- Stale tiles ---- */

/* Marks the tiles over the cells of rect, and one cell around them (a
 * wall's cap reaches over a cell side, a path's lane and casing nearly as
 * far), as needing the layers in mask drawn anew. */
void
maze_canvas_mark_stale (MazeCanvas     *self,
                        const MazeRect *rect,
                        guint           mask)
{
  const MazeGrid *grid = maze_document_get_grid (self->document);
  MazeGeometry geo;
  MazeRect r;
  double x1, y1, x2, y2;

  r.x = rect->x > 0 ? rect->x - 1 : 0;
  r.y = rect->y > 0 ? rect->y - 1 : 0;
  r.width = rect->width + 2;
  r.height = rect->height + 2;
  if (!maze_rect_clip (&r, grid))
    return;
  maze_geometry_init (&geo, grid, 1.0, 0.5, 0.5);
  maze_canvas_cells_bbox (&geo, &r, &x1, &y1, &x2, &y2);
  /* Walls are centred on cell sides and may be wide. */
  maze_tile_cache_mark_stale (self->tile_cache, x1 - 1, y1 - 1, x2 + 1, y2 + 1, mask);
}

void
maze_canvas_mark_cell_stale (MazeCanvas *self,
                             guint32     cell,
                             guint       mask)
{
  const MazeGrid *grid;
  MazeRect rect = { 0, 0, 1, 1 };

  if (self->document == NULL)
    return;
  grid = maze_document_get_grid (self->document);
  if (cell >= grid->n_cells)
    return;
  maze_grid_xy (grid, cell, &rect.x, &rect.y);
  maze_canvas_mark_stale (self, &rect, mask);
}

void
maze_canvas_mark_all_stale (MazeCanvas *self,
                            guint       mask)
{
  maze_tile_cache_mark_all_stale (self->tile_cache, mask);
}

/* ---- Rendering a tile ---- */

/* The options of the static tiles at the view's zoom. Walls are a tenth of
 * a cell, at least one device pixel, rounded to whole pixels and drawn
 * without antialiasing while thin, so they stay sharp; a maze zoomed out
 * below a few pixels a cell shows them fainter, as a texture. */
static void
init_tile_options (MazeCanvas        *self,
                   double             z,
                   const Palette     *palette,
                   MazeRenderOptions *options,
                   gboolean          *crisp)
{
  const GdkRGBA *fg = &palette->fg;
  const MazePuzzle *puzzle = maze_document_get_puzzle (self->document);
  double wall = MAX (1.0, round (z / 10));

  maze_render_options_init (options);
  options->cell_size = z;
  options->margin = 0.5 * z;
  options->wall_width = wall;
  *crisp = puzzle->grid->shape == MAZE_SHAPE_RECT && wall < 4;
  if (*crisp)
    {
      options->wall_cap = CAIRO_LINE_CAP_SQUARE;
      options->wall_join = CAIRO_LINE_JOIN_MITER;
    }
  /* Opaque paper over the maze: a tile drawn anew hides whatever was
   * under it, such as the previous zoom's tiles while this one fills in. */
  options->background_color = maze_color (&palette->paper, 1.0);
  options->background_color.alpha = 1.0;
  options->wall_color = maze_color (fg, z < 4 ? MAX (0.3, z / 4) : 1.0);
  options->masked_color = maze_color (fg, 0.18);
  maze_render_options_set_endpoints (options, puzzle);
  options->show_markers = FALSE;
  options->show_doors = TRUE;
}

static GdkTexture *
texture_for_surface (cairo_surface_t *surface)
{
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  g_autoptr(GBytes) bytes = NULL;

  cairo_surface_flush (surface);
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) stride * height,
                                      (GDestroyNotify) cairo_surface_destroy,
                                      cairo_surface_reference (surface));
  return gdk_memory_texture_new (width, height, GDK_MEMORY_DEFAULT, bytes, stride);
}

/* A cairo context on a new tile surface, in content device pixels. */
static cairo_t *
begin_tile (const MazeTileSpec  *tile,
            cairo_surface_t    **surface)
{
  cairo_t *cr;

  *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, tile->size, tile->size);
  cr = cairo_create (*surface);
  cairo_translate (cr, -(double) tile->i * tile->size, -(double) tile->j * tile->size);
  cairo_rectangle (cr, (double) tile->i * tile->size, (double) tile->j * tile->size, tile->size, tile->size);
  cairo_clip (cr);
  return cr;
}

static GdkTexture *
end_tile (cairo_t         *cr,
          cairo_surface_t *surface)
{
  GdkTexture *texture;

  cairo_destroy (cr);
  texture = texture_for_surface (surface);
  cairo_surface_destroy (surface);
  return texture;
}

static gboolean
tile_cells (const MazeTileSpec *tile,
            const MazeGeometry *geo,
            MazeRect           *area)
{
  /* One cell more on every side: strokes poke over cell sides. */
  return maze_geometry_cells_in_area (geo,
                                      (double) tile->i * tile->size - tile->z,
                                      (double) tile->j * tile->size - tile->z,
                                      tile->size + 2 * tile->z,
                                      tile->size + 2 * tile->z,
                                      area);
}

static void
draw_weights (cairo_t            *cr,
              const MazeGrid     *grid,
              const MazeGeometry *geo,
              const MazeRect     *area,
              const GdkRGBA      *fg)
{
  PangoLayout *layout = NULL;
  gboolean digits = geo->cell_size >= DIGITS_MIN_CELL;

  if (grid->weights == NULL)
    return;

  for (guint y = area->y; y < area->y + area->height; y++)
    {
      guint x0, x1;

      /* A circular maze's inner rings hold fewer cells of the area. */
      maze_rect_row_span (grid, area, y, &x0, &x1);
      for (guint x = x0; x < x1; x++)
        {
          guint32 cell = maze_grid_index (grid, x, y);
          guint8 w = grid->weights[cell];

          if (w <= 1 || maze_grid_is_masked (grid, cell))
            continue;
          maze_render_add_cell_path (cr, geo, x, y);
          /* Heavier mud is darker; 9 and up look the same. */
          set_source (cr, &mud_color, 0.22 + 0.5 * (MIN (w, 9) - 2) / 7.0);
          cairo_fill (cr);

          if (digits)
            {
              char text[4];
              PangoRectangle ink;
              double cx, cy;

              if (layout == NULL)
                {
                  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");

                  layout = pango_cairo_create_layout (cr);
                  pango_font_description_set_absolute_size (font, geo->cell_size * 0.42 * PANGO_SCALE);
                  pango_layout_set_font_description (layout, font);
                  pango_font_description_free (font);
                }
              g_snprintf (text, sizeof text, "%u", w);
              pango_layout_set_text (layout, text, -1);
              pango_layout_get_pixel_extents (layout, &ink, NULL);
              maze_geometry_cell_center (geo, x, y, &cx, &cy);
              cairo_move_to (cr, cx - ink.x - ink.width / 2.0, cy - ink.y - ink.height / 2.0);
              set_source (cr, fg, 0.6);
              pango_cairo_show_layout (cr, layout);
            }
        }
    }
  g_clear_object (&layout);
}

static GdkTexture *
render_base (MazeCanvas         *self,
             const MazeTileSpec *tile,
             const Palette      *palette)
{
  const MazeGrid *grid = maze_canvas_drawn_grid (self);
  MazeRenderOptions options;
  MazeGeometry geo;
  MazeRect area;
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean crisp;

  init_tile_options (self, tile->z, palette, &options, &crisp);
  maze_render_get_geometry (grid, &options, &geo);
  cr = begin_tile (tile, &surface);
  if (crisp)
    cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  /* The paper first, opaque, then what lies on it under the walls:
   * masked cells, mud, the heat map, the cells with a role. */
  cairo_rectangle (cr, 0, 0, geo.width + 2 * options.margin, geo.height + 2 * options.margin);
  cairo_set_source_rgba (cr, options.background_color.red, options.background_color.green,
                         options.background_color.blue, 1.0);
  cairo_fill (cr);
  options.background_color.alpha = 0;
  if (tile_cells (tile, &geo, &area))
    draw_weights (cr, grid, &geo, &area, &palette->fg);
  maze_render_layers (cr, grid, &options, MAZE_RENDER_MASKED);
  maze_canvas_render_overlays_base (self, cr, grid, &options, palette);

  return end_tile (cr, surface);
}

/* Whether tiles at zoom z (device pixels per cell) draw the walls'
 * level of detail. */
gboolean
maze_canvas_far_view (MazeCanvas *self,
                      double      z)
{
  return z <= MAZE_LOD_MAX_ZOOM && maze_lod_supports (maze_canvas_drawn_grid (self));
}

/* Far out, the walls' level of detail (maze-lod.c): each pixel as dark
 * as the share of wall under it, in a fraction of the time the walls'
 * outlines take. */
static GdkTexture *
render_walls_lod (MazeCanvas         *self,
                  const MazeTileSpec *tile,
                  const Palette      *palette)
{
  const MazeGrid *grid = maze_canvas_drawn_grid (self);
  const GdkRGBA *fg = &palette->fg;
  g_autofree guint8 *coverage = g_malloc ((gsize) tile->size * tile->size);
  guint32 *pixels = g_new (guint32, (gsize) tile->size * tile->size);
  g_autoptr(GBytes) bytes = NULL;
  guint32 ink[256];

  /* The ink at each coverage, premultiplied as GDK_MEMORY_DEFAULT is. */
  for (guint c = 0; c < G_N_ELEMENTS (ink); c++)
    {
      double a = c / 255.0 * fg->alpha;

      ink[c] = ((guint32) lrint (a * 255) << 24) |
               ((guint32) lrint (fg->red * a * 255) << 16) |
               ((guint32) lrint (fg->green * a * 255) << 8) |
               (guint32) lrint (fg->blue * a * 255);
    }
  maze_lod_render (grid, tile->z, tile->i * tile->size, tile->j * tile->size,
                   tile->size, tile->size, coverage, tile->size);
  for (gsize k = 0; k < (gsize) tile->size * tile->size; k++)
    pixels[k] = ink[coverage[k]];
  bytes = g_bytes_new_take (pixels, (gsize) tile->size * tile->size * 4);
  return gdk_memory_texture_new (tile->size, tile->size, GDK_MEMORY_DEFAULT, bytes, tile->size * 4);
}

static GdkTexture *
render_walls (MazeCanvas         *self,
              const MazeTileSpec *tile,
              const Palette      *palette)
{
  const MazeGrid *grid = maze_canvas_drawn_grid (self);
  MazeRenderOptions options;
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean crisp;

  if (maze_canvas_far_view (self, tile->z))
    return render_walls_lod (self, tile, palette);
  init_tile_options (self, tile->z, palette, &options, &crisp);
  cr = begin_tile (tile, &surface);
  if (crisp)
    cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  maze_render_layers (cr, grid, &options, MAZE_RENDER_WALLS);

  return end_tile (cr, surface);
}

static GdkTexture *
render_paths (MazeCanvas         *self,
              const MazeTileSpec *tile,
              const Palette      *palette,
              double              scale)
{
  const MazeGrid *grid = maze_canvas_drawn_grid (self);
  MazeRenderOptions options;
  g_autoptr(GArray) paths = g_array_new (FALSE, FALSE, sizeof (MazeRenderPath));
  g_autoptr(GPtrArray) pieces = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  MazeGeometry geo;
  MazeRect area;
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean crisp;
  double z = tile->z;

  init_tile_options (self, z, palette, &options, &crisp);
  maze_render_get_geometry (grid, &options, &geo);
  cr = begin_tile (tile, &surface);

  if (tile_cells (tile, &geo, &area))
    {
      maze_canvas_collect_paths (self, &options, palette, z, scale, &area, paths, pieces);
      maze_render_paths (cr, grid, &options, (const MazeRenderPath *) paths->data, paths->len);
    }

  return end_tile (cr, surface);
}

/* ---- A frame's tiles ---- */

typedef struct
{
  MazeCanvas    *canvas;
  const Palette *palette;
  double         scale;
} TileFrame;

static GdkTexture *
render_layer_cb (const MazeTileSpec *tile,
                 guint               layer,
                 gpointer            user_data)
{
  TileFrame *frame = user_data;

  switch (layer)
    {
    case LAYER_BASE:
      return render_base (frame->canvas, tile, frame->palette);
    case LAYER_WALLS:
      return render_walls (frame->canvas, tile, frame->palette);
    case LAYER_PATHS:
      return render_paths (frame->canvas, tile, frame->palette, frame->scale);
    default:
      g_assert_not_reached ();
    }
}

static void
redraw_tick_cb_destroy (gpointer data)
{
  MAZE_CANVAS (data)->tick_id = 0;
}

static gboolean
redraw_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  gtk_widget_queue_draw (widget);
  return G_SOURCE_REMOVE;
}

/* The visible tiles at the view's zoom; a frame more is drawn while some
 * are still to render. Returns whether some are. */
gboolean
maze_canvas_append_tiles (MazeCanvas    *self,
                          GtkSnapshot   *snapshot,
                          const View    *view,
                          const Palette *palette,
                          MazeTileStats *stats)
{
  TileFrame frame = { self, palette, view->scale };
  gboolean pending;
  MazeTileView tile_view = {
    .z = view->z,
    .scale = view->scale,
    .dx = view->dx,
    .dy = view->dy,
    .width = view->width,
    .height = view->height,
    .content_width = view->geo.width + view->z,
    .content_height = view->geo.height + view->z,
    .layers = LAYER_BIT (LAYER_BASE) | LAYER_BIT (LAYER_WALLS) |
              (maze_canvas_has_paths (self) ? LAYER_BIT (LAYER_PATHS) : 0),
  };

  /* Square walls are drawn crisp and cheap; other shapes' sides cost
   * several times more to stroke: smaller tiles keep the one tile a
   * frame always renders within a frame. */
  if (view->geo.shape == MAZE_SHAPE_RECT)
    maze_tile_cache_set_tile_size (self->tile_cache, 64, 512);
  else
    maze_tile_cache_set_tile_size (self->tile_cache, 24, 256);
  maze_tile_cache_set_zoom (self->tile_cache, view->z, maze_viewport_get_fitted (self->viewport));
  pending = maze_tile_cache_append (self->tile_cache, snapshot, &tile_view, render_layer_cb, &frame, stats);
  if (pending && self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), redraw_tick_cb,
                                                  self, redraw_tick_cb_destroy);
  return pending;
}
