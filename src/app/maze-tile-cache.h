/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A cache of a picture in square tiles of device pixels, per zoom.
 *
 * Each tile holds one texture a layer (MAZE_TILE_N_LAYERS at most),
 * each redrawn on its own: marking a layer stale in an area redraws that
 * layer of the tiles there, and nothing else. A frame
 * (maze_tile_cache_append()) puts the visible tiles into a snapshot and
 * renders the missing or stale ones within a time budget: always at
 * least one tile, and a tile's layers always all in the same frame, so no
 * tile shows its base without the layers on it. Tiles not rendered yet
 * show another zoom's tiles, scaled: the previous zoom's (while it was
 * complete) and the fitted view's, kept as an overview while zoomed in.
 * Tiles out of view go when the cache grows past its limit.
 *
 * The cache knows nothing of what it shows: the caller renders a layer
 * of a tile when asked (MazeTileRenderFunc). Positions are in content
 * device pixels (the picture at zoom z, 0 at its top left corner) or in
 * model units (device pixels / z). The first layer must be opaque: a
 * tile drawn anew hides the stand-ins under it. */

#define MAZE_TILE_N_LAYERS 3

typedef struct _MazeTileCache MazeTileCache;

/* The tile to render: column i, row j, side size device pixels, at zoom
 * z (device pixels per model unit); it covers content device pixels
 * (i * size, j * size) to ((i + 1) * size, (j + 1) * size). */
typedef struct
{
  int    i;
  int    j;
  int    size;
  double z;
} MazeTileSpec;

/* One frame's view: the zoom, where the widget's origin lies in content
 * device pixels (whole numbers), the widget's size in widget pixels and
 * its scale, the content's size in device pixels, and which layers to
 * show (bits 1 << layer; the others are dropped). */
typedef struct
{
  double z;
  double scale;
  double dx;
  double dy;
  int    width;
  int    height;
  double content_width;
  double content_height;
  guint  layers;
} MazeTileView;

/* What a frame did, for the log and the tests. */
typedef struct
{
  guint drawn;                          /* tiles put into the snapshot */
  guint rendered;                       /* tiles rendered (any layer) */
  guint layers[MAZE_TILE_N_LAYERS];     /* textures rendered, per layer */
} MazeTileStats;

/* Renders layer of tile; returns a new texture of tile->size squared. */
typedef GdkTexture *(*MazeTileRenderFunc) (const MazeTileSpec *tile,
                                           guint               layer,
                                           gpointer            user_data);

/* Microseconds on a monotonic clock; g_get_monotonic_time() unless a
 * test sets another. */
typedef gint64      (*MazeTileClockFunc)  (gpointer            user_data);

MazeTileCache *maze_tile_cache_new             (void);
void           maze_tile_cache_free            (MazeTileCache      *self);
/* Drops every tile of every zoom. */
void           maze_tile_cache_clear           (MazeTileCache      *self);
/* The clock the frame budget is measured on, and the budget (µs). */
void           maze_tile_cache_set_clock       (MazeTileCache      *self,
                                                MazeTileClockFunc   clock,
                                                gpointer            user_data);
void           maze_tile_cache_set_budget      (MazeTileCache      *self,
                                                gint64              budget_us);
/* How many model units (64 unless set) and device pixels (512) a tile
 * spans at most: smaller tiles for a drawing that costs more, so that
 * the one tile a frame always renders stays within a frame. Tile sets
 * made from now on. */
void           maze_tile_cache_set_tile_size   (MazeTileCache      *self,
                                                double              units,
                                                int                 max);
/* The side of a tile at zoom z: about units model units, 64 to max
 * (at most 512) device pixels. */
int            maze_tile_cache_tile_size       (double              z,
                                                double              units,
                                                int                 max);
/* Marks the layers in mask stale in the tiles over the model-unit box
 * (x1, y1)-(x2, y2), or in every tile. */
void           maze_tile_cache_mark_stale      (MazeTileCache      *self,
                                                double              x1,
                                                double              y1,
                                                double              x2,
                                                double              y2,
                                                guint               mask);
void           maze_tile_cache_mark_all_stale  (MazeTileCache      *self,
                                                guint               mask);
/* Makes z the zoom of the tiles to draw; fitted: the view shows the
 * whole content (the tile set becomes the overview when left). */
void           maze_tile_cache_set_zoom        (MazeTileCache      *self,
                                                double              z,
                                                gboolean            fitted);
/* A frame: the tiles of view->z (set with maze_tile_cache_set_zoom())
 * in view, rendered with render where missing or stale, within the
 * budget, into snapshot (NULL: render only). Returns whether tiles are
 * still to render: draw another frame. */
gboolean       maze_tile_cache_append          (MazeTileCache      *self,
                                                GtkSnapshot        *snapshot,
                                                const MazeTileView *view,
                                                MazeTileRenderFunc  render,
                                                gpointer            user_data,
                                                MazeTileStats      *stats);

G_END_DECLS
