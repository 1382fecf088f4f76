/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

/* MazeCanvas's tile cache: the static picture in square tiles of device
 * pixels per zoom, three textures a tile (see "How the canvas draws" in
 * maze-canvas-private.h); marking the tiles a change touches as stale;
 * rendering a tile's layers; and putting a frame's visible tiles into the
 * snapshot within a time budget, with another zoom's tiles standing in
 * for those not drawn yet. */

#include "config.h"

#include "maze-canvas-private.h"

#include <math.h>
#include <pango/pangocairo.h>

#define TILE_MIN          64             /* device pixels */
#define TILE_MAX          512
#define TILE_CELLS        64             /* a tile spans about this many cells */
#define FRAME_BUDGET_US   10000          /* tile rendering per frame */
#define CACHE_LIMIT_BYTES (96u << 20)
#define DIGITS_MIN_CELL   24.0           /* device pixels per cell to show weights */

/* The mud of the weight brush: Okabe-Ito orange, apart from the blue and
 * vermillion markers and the green solution for every colour vision. */
static const GdkRGBA mud_color = { 0.902f, 0.624f, 0.0f, 1.0f };

typedef struct
{
  gint64      key;
  int         i;
  int         j;
  GdkTexture *textures[N_LAYERS];
  guint       stale;       /* LAYER_BIT()s */
  guint64     last_used;
} Tile;

struct _TileSet
{
  GHashTable *tiles;     /* key → Tile */
  double      z;         /* device pixels per model unit */
  int         size;      /* tile side in device pixels */
  gboolean    complete;  /* the last frame found every visible tile fresh */
  gboolean    fitted;    /* drawn for the fitted view: the whole maze */
};

/* ---- Tile sets ---- */

static inline gint64
tile_key (int i,
          int j)
{
  return (gint64) (((guint64) (guint32) i << 32) | (guint32) j);
}

static void
tile_free (Tile *tile)
{
  for (guint l = 0; l < N_LAYERS; l++)
    g_clear_object (&tile->textures[l]);
  g_free (tile);
}

static int
tile_size_for (double z)
{
  int size = TILE_MIN;

  while (size < TILE_MAX && size < TILE_CELLS * z)
    size *= 2;
  return size;
}

static TileSet *
tile_set_new (double z)
{
  TileSet *set = g_new0 (TileSet, 1);

  set->tiles = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, (GDestroyNotify) tile_free);
  set->z = z;
  set->size = tile_size_for (z);
  return set;
}

static void
tile_set_free (TileSet *set)
{
  g_hash_table_unref (set->tiles);
  g_free (set);
}

static Tile *
tile_set_lookup (TileSet *set,
                 int      i,
                 int      j)
{
  gint64 key = tile_key (i, j);

  return g_hash_table_lookup (set->tiles, &key);
}

static Tile *
tile_set_ensure (TileSet *set,
                 int      i,
                 int      j)
{
  Tile *tile = tile_set_lookup (set, i, j);

  if (tile == NULL)
    {
      tile = g_new0 (Tile, 1);
      tile->i = i;
      tile->j = j;
      tile->key = tile_key (i, j);
      g_hash_table_insert (set->tiles, &tile->key, tile);
    }
  return tile;
}

void
maze_canvas_drop_tiles (MazeCanvas *self)
{
  g_clear_pointer (&self->tiles, tile_set_free);
  g_clear_pointer (&self->fallback, tile_set_free);
  g_clear_pointer (&self->overview, tile_set_free);
}

/* ---- Stale tiles ---- */

/* Marks the tiles over the cells of rect, and one cell around them (a
 * wall's cap reaches over a cell side, a path's lane and casing nearly as
 * far), as needing the layers in mask drawn anew. */
static void
tile_set_mark_stale (TileSet        *set,
                     const MazeGrid *grid,
                     const MazeRect *rect,
                     guint           mask)
{
  MazeGeometry geo;
  MazeRect r;
  GHashTableIter iter;
  Tile *tile;
  double x1, y1, x2, y2;

  r.x = rect->x > 0 ? rect->x - 1 : 0;
  r.y = rect->y > 0 ? rect->y - 1 : 0;
  r.width = rect->width + 2;
  r.height = rect->height + 2;
  if (!maze_rect_clip (&r, grid))
    return;
  maze_geometry_init (&geo, grid, set->z, 0.5 * set->z, 0.5 * set->z);
  maze_canvas_cells_bbox (&geo, &r, &x1, &y1, &x2, &y2);
  /* Walls are centred on cell sides and may be wide. */
  x1 -= set->z;
  y1 -= set->z;
  x2 += set->z;
  y2 += set->z;

  g_hash_table_iter_init (&iter, set->tiles);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &tile))
    {
      double tx = (double) tile->i * set->size, ty = (double) tile->j * set->size;

      if (tx >= x2 || ty >= y2 || tx + set->size <= x1 || ty + set->size <= y1)
        continue;
      tile->stale |= mask;
    }
  set->complete = FALSE;
}

void
maze_canvas_mark_stale (MazeCanvas     *self,
                        const MazeRect *rect,
                        guint           mask)
{
  const MazeGrid *grid = maze_document_get_grid (self->document);
  TileSet *sets[3] = { self->tiles, self->fallback, self->overview };

  for (guint s = 0; s < G_N_ELEMENTS (sets); s++)
    if (sets[s] != NULL)
      tile_set_mark_stale (sets[s], grid, rect, mask);
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
  TileSet *sets[3] = { self->tiles, self->fallback, self->overview };

  for (guint s = 0; s < G_N_ELEMENTS (sets); s++)
    {
      GHashTableIter iter;
      Tile *tile;

      if (sets[s] == NULL)
        continue;
      g_hash_table_iter_init (&iter, sets[s]->tiles);
      while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &tile))
        tile->stale |= mask;
      sets[s]->complete = FALSE;
    }
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
begin_tile (const TileSet    *set,
            const Tile       *tile,
            cairo_surface_t **surface)
{
  cairo_t *cr;

  *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, set->size, set->size);
  cr = cairo_create (*surface);
  cairo_translate (cr, -(double) tile->i * set->size, -(double) tile->j * set->size);
  cairo_rectangle (cr, (double) tile->i * set->size, (double) tile->j * set->size, set->size, set->size);
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
tile_cells (const TileSet      *set,
            const Tile         *tile,
            const MazeGeometry *geo,
            MazeRect           *area)
{
  /* One cell more on every side: strokes poke over cell sides. */
  return maze_geometry_cells_in_area (geo,
                                      (double) tile->i * set->size - set->z,
                                      (double) tile->j * set->size - set->z,
                                      set->size + 2 * set->z,
                                      set->size + 2 * set->z,
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
    for (guint x = area->x; x < area->x + area->width; x++)
      {
        guint32 cell = maze_grid_index (grid, x, y);
        guint8 w = grid->weights[cell];
        double xs[MAZE_MAX_DIRS], ys[MAZE_MAX_DIRS];
        guint n;

        if (w <= 1 || maze_grid_is_masked (grid, cell))
          continue;
        n = maze_geometry_cell_outline (geo, x, y, xs, ys);
        cairo_move_to (cr, xs[0], ys[0]);
        for (guint k = 1; k < n; k++)
          cairo_line_to (cr, xs[k], ys[k]);
        cairo_close_path (cr);
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
  g_clear_object (&layout);
}

static void
render_base (MazeCanvas    *self,
             TileSet       *set,
             Tile          *tile,
             const Palette *palette)
{
  const MazeGrid *grid = maze_canvas_drawn_grid (self);
  MazeRenderOptions options;
  MazeGeometry geo;
  MazeRect area;
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean crisp;

  init_tile_options (self, set->z, palette, &options, &crisp);
  maze_render_get_geometry (grid, &options, &geo);
  cr = begin_tile (set, tile, &surface);
  if (crisp)
    cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  /* The paper first, opaque, then what lies on it under the walls:
   * masked cells, mud, the heat map, the cells with a role. */
  cairo_rectangle (cr, 0, 0, geo.width + 2 * options.margin, geo.height + 2 * options.margin);
  cairo_set_source_rgba (cr, options.background_color.red, options.background_color.green,
                         options.background_color.blue, 1.0);
  cairo_fill (cr);
  options.background_color.alpha = 0;
  if (tile_cells (set, tile, &geo, &area))
    draw_weights (cr, grid, &geo, &area, &palette->fg);
  maze_canvas_set_heat_options (self, palette, &options);
  maze_render_layers (cr, grid, &options, MAZE_RENDER_MASKED | MAZE_RENDER_OVERLAY);
  maze_canvas_render_roles (self, cr, grid, &options, palette);

  g_clear_object (&tile->textures[LAYER_BASE]);
  tile->textures[LAYER_BASE] = end_tile (cr, surface);
  tile->stale &= ~LAYER_BIT (LAYER_BASE);
}

static void
render_walls (MazeCanvas    *self,
              TileSet       *set,
              Tile          *tile,
              const Palette *palette)
{
  const MazeGrid *grid = maze_canvas_drawn_grid (self);
  MazeRenderOptions options;
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean crisp;

  init_tile_options (self, set->z, palette, &options, &crisp);
  cr = begin_tile (set, tile, &surface);
  if (crisp)
    cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  maze_render_layers (cr, grid, &options, MAZE_RENDER_WALLS);

  g_clear_object (&tile->textures[LAYER_WALLS]);
  tile->textures[LAYER_WALLS] = end_tile (cr, surface);
  tile->stale &= ~LAYER_BIT (LAYER_WALLS);
}

static void
render_paths (MazeCanvas    *self,
              TileSet       *set,
              Tile          *tile,
              const Palette *palette,
              double         scale)
{
  const MazeGrid *grid = maze_canvas_drawn_grid (self);
  MazeRenderOptions options;
  MazeRenderPath paths[MAX_TILE_PATHS];
  GArray *pieces[MAX_TILE_PATHS] = { NULL };
  MazeGeometry geo;
  MazeRect area;
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean crisp;
  double z = set->z;
  guint n = 0;

  init_tile_options (self, z, palette, &options, &crisp);
  maze_render_get_geometry (grid, &options, &geo);
  cr = begin_tile (set, tile, &surface);

  if (tile_cells (set, tile, &geo, &area))
    {
      n = maze_canvas_collect_paths (self, &options, palette, z, scale, &area, paths, pieces);
      maze_render_paths (cr, grid, &options, paths, n);
    }
  for (guint i = 0; i < n; i++)
    g_array_unref (pieces[i]);

  g_clear_object (&tile->textures[LAYER_PATHS]);
  tile->textures[LAYER_PATHS] = end_tile (cr, surface);
  tile->stale &= ~LAYER_BIT (LAYER_PATHS);
}

static void
render_layer (MazeCanvas    *self,
              TileSet       *set,
              Tile          *tile,
              Layer          layer,
              const Palette *palette,
              double         scale)
{
  switch (layer)
    {
    case LAYER_BASE:
      render_base (self, set, tile, palette);
      break;
    case LAYER_WALLS:
      render_walls (self, set, tile, palette);
      break;
    case LAYER_PATHS:
      render_paths (self, set, tile, palette, scale);
      break;
    case N_LAYERS:
    default:
      g_assert_not_reached ();
    }
}

/* ---- A frame's tiles ---- */

static void
tile_rect (const View    *view,
           const TileSet *set,
           int            i,
           int            j,
           graphene_rect_t *rect)
{
  /* Where the set's tile lies in this view, whatever zoom it was drawn at. */
  double f = view->z / set->z;
  double x, y;

  device_to_view (view, (double) i * set->size * f, (double) j * set->size * f, &x, &y);
  graphene_rect_init (rect, x, y, set->size * f / view->scale, set->size * f / view->scale);
}

/* Another zoom's tiles, scaled, under the tiles of this zoom: they show
 * where this zoom's tiles are not drawn yet, and the opaque paper of
 * those that are hides them. Each is drawn once and unclipped; clipping
 * each to the missing tiles costs a renderer far more. */
static void
append_scaled_tiles (MazeCanvas  *self,
                     GtkSnapshot *snapshot,
                     const View  *view,
                     TileSet     *old)
{
  double side, px1, py1, px2, py2;
  gboolean paths = maze_canvas_has_paths (self);

  side = old->size * view->z / old->z;
  /* Zoomed far out of them, they would cover a sliver at a high cost. */
  if (side < 16)
    return;
  view_to_device (view, 0, 0, &px1, &py1);
  view_to_device (view, view->width, view->height, &px2, &py2);
  for (int j = MAX (0, (int) floor (py1 / side)); j <= (int) floor ((py2 - 0.5) / side); j++)
    for (int i = MAX (0, (int) floor (px1 / side)); i <= (int) floor ((px2 - 0.5) / side); i++)
      {
        Tile *tile = tile_set_lookup (old, i, j);
        graphene_rect_t rect;

        if (tile == NULL || tile->textures[LAYER_BASE] == NULL)
          continue;
        tile_rect (view, old, i, j, &rect);
        for (guint l = 0; l < N_LAYERS; l++)
          if (tile->textures[l] != NULL && (l != LAYER_PATHS || paths))
            gtk_snapshot_append_texture (snapshot, tile->textures[l], &rect);
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

/* Keeps the cache within its limit by dropping tiles out of view. */
static void
evict_tiles (MazeCanvas *self)
{
  TileSet *set = self->tiles;
  GHashTableIter iter;
  Tile *tile;
  gsize bytes = 0;
  gsize per_texture = (gsize) set->size * set->size * 4;

  g_hash_table_iter_init (&iter, set->tiles);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &tile))
    for (guint l = 0; l < N_LAYERS; l++)
      bytes += tile->textures[l] != NULL ? per_texture : 0;
  if (bytes <= CACHE_LIMIT_BYTES)
    return;
  g_hash_table_iter_init (&iter, set->tiles);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &tile))
    if (tile->last_used != self->frame)
      g_hash_table_iter_remove (&iter);
}

/* Starts a new tile set when the zoom changed. The set left behind is
 * kept to show while the new one fills in when it was complete; a set of
 * the fitted view is kept as the overview, a picture of the whole maze
 * to show under any zoom and to come back to at once. */
void
maze_canvas_ensure_tile_set (MazeCanvas *self,
                             const View *view)
{
  TileSet *old = self->tiles;

  if (old != NULL && old->z == view->z)
    return;
  if (self->overview != NULL && self->overview->z == view->z)
    {
      /* Back to the whole maze: its tiles need no stand-in. */
      self->tiles = g_steal_pointer (&self->overview);
      self->tiles->complete = FALSE;
      g_clear_pointer (&self->fallback, tile_set_free);
      if (old != NULL && !old->fitted)
        g_clear_pointer (&old, tile_set_free);
    }
  else
    {
      self->tiles = tile_set_new (view->z);
      self->tiles->fitted = maze_viewport_get_fitted (self->viewport);
    }

  if (old == NULL)
    return;
  if (old->fitted && (old->complete || self->overview == NULL))
    {
      g_clear_pointer (&self->overview, tile_set_free);
      self->overview = old;
    }
  else if (old->complete || self->fallback == NULL)
    {
      g_clear_pointer (&self->fallback, tile_set_free);
      self->fallback = old;
    }
  else
    tile_set_free (old);
}

void
maze_canvas_append_tiles (MazeCanvas    *self,
                          GtkSnapshot   *snapshot,
                          const View    *view,
                          const Palette *palette,
                          guint         *n_drawn,
                          guint         *n_rendered,
                          guint         *n_layers)
{
  TileSet *set = self->tiles;
  gint64 deadline = g_get_monotonic_time () + FRAME_BUDGET_US;
  double content_w = view->geo.width + view->z;
  double content_h = view->geo.height + view->z;
  int size = set->size;
  int i0 = MAX (0, (int) floor (view->dx / size));
  int j0 = MAX (0, (int) floor (view->dy / size));
  int i1 = MIN ((int) ceil (content_w / size) - 1, (int) floor ((view->dx + view->width * view->scale - 1) / size));
  int j1 = MIN ((int) ceil (content_h / size) - 1, (int) floor ((view->dy + view->height * view->scale - 1) / size));
  guint wanted = LAYER_BIT (LAYER_BASE) | LAYER_BIT (LAYER_WALLS) |
                 (maze_canvas_has_paths (self) ? LAYER_BIT (LAYER_PATHS) : 0);
  gboolean pending = FALSE;

  if (!set->complete)
    {
      if (self->overview != NULL)
        append_scaled_tiles (self, snapshot, view, self->overview);
      if (self->fallback != NULL)
        append_scaled_tiles (self, snapshot, view, self->fallback);
    }
  for (int j = j0; j <= j1; j++)
    for (int i = i0; i <= i1; i++)
      {
        Tile *tile = tile_set_ensure (set, i, j);
        graphene_rect_t rect;
        gboolean rendered = FALSE;
        /* Always one tile a frame, so the view fills in; and a tile's
         * layers all in the same frame, so no tile shows its paper
         * without its walls, nor is counted twice. */
        gboolean may_render = *n_rendered == 0 || g_get_monotonic_time () < deadline;

        tile->last_used = self->frame;
        tile_rect (view, set, i, j, &rect);
        for (guint l = 0; l < N_LAYERS; l++)
          {
            if (!(wanted & LAYER_BIT (l)))
              {
                g_clear_object (&tile->textures[l]);
                tile->stale &= ~LAYER_BIT (l);
                continue;
              }
            if (may_render && (tile->textures[l] == NULL || (tile->stale & LAYER_BIT (l))))
              {
                render_layer (self, set, tile, l, palette, view->scale);
                n_layers[l]++;
                rendered = TRUE;
              }
            if (tile->textures[l] == NULL || (tile->stale & LAYER_BIT (l)))
              pending = TRUE;
          }
        if (rendered)
          (*n_rendered)++;

        /* Without its opaque base a tile would show what lies under it. */
        if (tile->textures[LAYER_BASE] != NULL)
          {
            for (guint l = 0; l < N_LAYERS; l++)
              if (tile->textures[l] != NULL)
                gtk_snapshot_append_texture (snapshot, tile->textures[l], &rect);
            (*n_drawn)++;
          }
      }

  set->complete = !pending;
  if (set->complete)
    g_clear_pointer (&self->fallback, tile_set_free);
  else if (self->tick_id == 0)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), redraw_tick_cb,
                                                  self, redraw_tick_cb_destroy);
  evict_tiles (self);
}
