/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

/* The tile cache (see maze-tile-cache.h): tile sets per zoom, stale
 * marks, a frame's tiles within a time budget, eviction. */

#include "config.h"

#include "maze-tile-cache.h"

#include <math.h>
#include <string.h>

#define TILE_MIN          64             /* device pixels */
#define TILE_MAX          512
#define TILE_UNITS        64             /* a tile spans about this many model units */
#define FRAME_BUDGET_US   7000           /* tile rendering per frame, one tile past it at most */
#define CACHE_LIMIT_BYTES (96u << 20)
#define STAND_IN_MIN      16             /* device pixels: a smaller stand-in tile is skipped */

typedef struct
{
  gint64      key;
  int         i;
  int         j;
  GdkTexture *textures[MAZE_TILE_N_LAYERS];
  guint       stale;       /* 1 << layer */
  guint64     last_used;
} Tile;

typedef struct
{
  GHashTable *tiles;     /* key → Tile */
  double      z;         /* device pixels per model unit */
  int         size;      /* tile side in device pixels */
  gboolean    complete;  /* the last frame found every visible tile fresh */
  gboolean    fitted;    /* drawn for the fitted view: the whole content */
} TileSet;

struct _MazeTileCache
{
  TileSet           *tiles;
  TileSet           *fallback;     /* the previous zoom's tiles, while tiles fill in */
  TileSet           *overview;     /* the whole content fitted, kept while zoomed in */
  guint64            frame;
  MazeTileClockFunc  clock;
  gpointer           clock_data;
  gint64             budget_us;
  double             tile_units;   /* model units a tile spans, at most */
  int                tile_max;     /* device pixels, at most */
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
  for (guint l = 0; l < MAZE_TILE_N_LAYERS; l++)
    g_clear_object (&tile->textures[l]);
  g_free (tile);
}

int
maze_tile_cache_tile_size (double z,
                           double units,
                           int    max)
{
  int size = TILE_MIN;

  while (size < MIN (max, TILE_MAX) && size < units * z)
    size *= 2;
  return size;
}

static TileSet *
tile_set_new (double z,
              double units,
              int    max)
{
  TileSet *set = g_new0 (TileSet, 1);

  set->tiles = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, (GDestroyNotify) tile_free);
  set->z = z;
  set->size = maze_tile_cache_tile_size (z, units, max);
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

static void
tile_set_mark_stale (TileSet *set,
                     double   x1,
                     double   y1,
                     double   x2,
                     double   y2,
                     guint    mask)
{
  GHashTableIter iter;
  Tile *tile;

  x1 *= set->z;
  y1 *= set->z;
  x2 *= set->z;
  y2 *= set->z;
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

static void
tile_set_mark_all_stale (TileSet *set,
                         guint    mask)
{
  GHashTableIter iter;
  Tile *tile;

  g_hash_table_iter_init (&iter, set->tiles);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &tile))
    tile->stale |= mask;
  set->complete = FALSE;
}

/* ---- The cache ---- */

static gint64
monotonic_clock (gpointer user_data)
{
  return g_get_monotonic_time ();
}

MazeTileCache *
maze_tile_cache_new (void)
{
  MazeTileCache *self = g_new0 (MazeTileCache, 1);

  self->clock = monotonic_clock;
  self->budget_us = FRAME_BUDGET_US;
  self->tile_units = TILE_UNITS;
  self->tile_max = TILE_MAX;
  return self;
}

void
maze_tile_cache_clear (MazeTileCache *self)
{
  g_clear_pointer (&self->tiles, tile_set_free);
  g_clear_pointer (&self->fallback, tile_set_free);
  g_clear_pointer (&self->overview, tile_set_free);
}

void
maze_tile_cache_free (MazeTileCache *self)
{
  if (self == NULL)
    return;
  maze_tile_cache_clear (self);
  g_free (self);
}

void
maze_tile_cache_set_clock (MazeTileCache     *self,
                           MazeTileClockFunc  clock,
                           gpointer           user_data)
{
  self->clock = clock != NULL ? clock : monotonic_clock;
  self->clock_data = user_data;
}

void
maze_tile_cache_set_budget (MazeTileCache *self,
                            gint64         budget_us)
{
  self->budget_us = budget_us;
}

void
maze_tile_cache_set_tile_size (MazeTileCache *self,
                               double         units,
                               int            max)
{
  g_return_if_fail (units > 0 && max >= TILE_MIN);

  self->tile_units = units;
  self->tile_max = max;
}

/* Marks every zoom's tiles: the stand-ins must not show what changed. */
void
maze_tile_cache_mark_stale (MazeTileCache *self,
                            double         x1,
                            double         y1,
                            double         x2,
                            double         y2,
                            guint          mask)
{
  TileSet *sets[3] = { self->tiles, self->fallback, self->overview };

  for (guint s = 0; s < G_N_ELEMENTS (sets); s++)
    if (sets[s] != NULL)
      tile_set_mark_stale (sets[s], x1, y1, x2, y2, mask);
}

void
maze_tile_cache_mark_all_stale (MazeTileCache *self,
                                guint          mask)
{
  TileSet *sets[3] = { self->tiles, self->fallback, self->overview };

  for (guint s = 0; s < G_N_ELEMENTS (sets); s++)
    if (sets[s] != NULL)
      tile_set_mark_all_stale (sets[s], mask);
}

/* Starts a new tile set when the zoom changed. The set left behind is
 * kept to show while the new one fills in when it was complete; a set of
 * the fitted view is kept as the overview, a picture of the whole
 * content to show under any zoom and to come back to at once. */
void
maze_tile_cache_set_zoom (MazeTileCache *self,
                          double         z,
                          gboolean       fitted)
{
  TileSet *old = self->tiles;

  if (old != NULL && old->z == z)
    return;
  if (self->overview != NULL && self->overview->z == z)
    {
      /* Back to the whole content: its tiles need no stand-in. */
      self->tiles = g_steal_pointer (&self->overview);
      self->tiles->complete = FALSE;
      g_clear_pointer (&self->fallback, tile_set_free);
      if (old != NULL && !old->fitted)
        g_clear_pointer (&old, tile_set_free);
    }
  else
    {
      self->tiles = tile_set_new (z, self->tile_units, self->tile_max);
      self->tiles->fitted = fitted;
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

/* ---- A frame's tiles ---- */

/* Where the set's tile lies in this view, whatever zoom it was drawn at. */
static void
tile_rect (const MazeTileView *view,
           const TileSet      *set,
           int                 i,
           int                 j,
           graphene_rect_t    *rect)
{
  double f = view->z / set->z;

  graphene_rect_init (rect,
                      ((double) i * set->size * f - view->dx) / view->scale,
                      ((double) j * set->size * f - view->dy) / view->scale,
                      set->size * f / view->scale,
                      set->size * f / view->scale);
}

/* Another zoom's tiles, scaled, under the tiles of this zoom: they show
 * where this zoom's tiles are not drawn yet, and the opaque first layer
 * of those that are hides them. Each is drawn once and unclipped;
 * clipping each to the missing tiles costs a renderer far more. */
static void
append_scaled_tiles (GtkSnapshot        *snapshot,
                     const MazeTileView *view,
                     TileSet            *old)
{
  double side = old->size * view->z / old->z;
  double px1 = view->dx, py1 = view->dy;
  double px2 = view->dx + view->width * view->scale;
  double py2 = view->dy + view->height * view->scale;

  /* Zoomed far out of them, they would cover a sliver at a high cost. */
  if (side < STAND_IN_MIN)
    return;
  for (int j = MAX (0, (int) floor (py1 / side)); j <= (int) floor ((py2 - 0.5) / side); j++)
    for (int i = MAX (0, (int) floor (px1 / side)); i <= (int) floor ((px2 - 0.5) / side); i++)
      {
        Tile *tile = tile_set_lookup (old, i, j);
        graphene_rect_t rect;

        if (tile == NULL || tile->textures[0] == NULL)
          continue;
        tile_rect (view, old, i, j, &rect);
        for (guint l = 0; l < MAZE_TILE_N_LAYERS; l++)
          if (tile->textures[l] != NULL && (view->layers & (1u << l)))
            gtk_snapshot_append_texture (snapshot, tile->textures[l], &rect);
      }
}

/* Keeps the cache within its limit by dropping tiles out of view. */
static void
evict_tiles (MazeTileCache *self)
{
  TileSet *set = self->tiles;
  GHashTableIter iter;
  Tile *tile;
  gsize bytes = 0;
  gsize per_texture = (gsize) set->size * set->size * 4;

  g_hash_table_iter_init (&iter, set->tiles);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &tile))
    for (guint l = 0; l < MAZE_TILE_N_LAYERS; l++)
      bytes += tile->textures[l] != NULL ? per_texture : 0;
  if (bytes <= CACHE_LIMIT_BYTES)
    return;
  g_hash_table_iter_init (&iter, set->tiles);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &tile))
    if (tile->last_used != self->frame)
      g_hash_table_iter_remove (&iter);
}

static void
drop_unwanted_layers (Tile  *tile,
                      guint  wanted)
{
  for (guint l = 0; l < MAZE_TILE_N_LAYERS; l++)
    if (!(wanted & (1u << l)))
      {
        g_clear_object (&tile->textures[l]);
        tile->stale &= ~(1u << l);
      }
}

/* Renders the layers of tile that are wanted and missing or stale.
 * Returns whether it rendered any. */
static gboolean
render_tile (TileSet            *set,
             Tile               *tile,
             guint               wanted,
             MazeTileRenderFunc  render,
             gpointer            user_data,
             MazeTileStats      *stats)
{
  MazeTileSpec spec = { tile->i, tile->j, set->size, set->z };
  gboolean rendered = FALSE;

  for (guint l = 0; l < MAZE_TILE_N_LAYERS; l++)
    {
      if (!(wanted & (1u << l)) ||
          (tile->textures[l] != NULL && !(tile->stale & (1u << l))))
        continue;
      g_clear_object (&tile->textures[l]);
      tile->textures[l] = render (&spec, l, user_data);
      tile->stale &= ~(1u << l);
      stats->layers[l]++;
      rendered = TRUE;
    }
  return rendered;
}

static gboolean
tile_is_fresh (const Tile *tile,
               guint       wanted)
{
  for (guint l = 0; l < MAZE_TILE_N_LAYERS; l++)
    if ((wanted & (1u << l)) && (tile->textures[l] == NULL || (tile->stale & (1u << l))))
      return FALSE;
  return TRUE;
}

gboolean
maze_tile_cache_append (MazeTileCache      *self,
                        GtkSnapshot        *snapshot,
                        const MazeTileView *view,
                        MazeTileRenderFunc  render,
                        gpointer            user_data,
                        MazeTileStats      *stats)
{
  TileSet *set = self->tiles;
  gint64 deadline;
  int size, i0, j0, i1, j1;
  gboolean pending = FALSE;

  g_return_val_if_fail (set != NULL && set->z == view->z, FALSE);

  memset (stats, 0, sizeof *stats);
  self->frame++;
  deadline = self->clock (self->clock_data) + self->budget_us;
  size = set->size;
  i0 = MAX (0, (int) floor (view->dx / size));
  j0 = MAX (0, (int) floor (view->dy / size));
  i1 = MIN ((int) ceil (view->content_width / size) - 1,
            (int) floor ((view->dx + view->width * view->scale - 1) / size));
  j1 = MIN ((int) ceil (view->content_height / size) - 1,
            (int) floor ((view->dy + view->height * view->scale - 1) / size));

  if (!set->complete && snapshot != NULL)
    {
      if (self->overview != NULL)
        append_scaled_tiles (snapshot, view, self->overview);
      if (self->fallback != NULL)
        append_scaled_tiles (snapshot, view, self->fallback);
    }
  for (int j = j0; j <= j1; j++)
    for (int i = i0; i <= i1; i++)
      {
        Tile *tile = tile_set_ensure (set, i, j);

        tile->last_used = self->frame;
        drop_unwanted_layers (tile, view->layers);
        /* The budget is checked once a tile, before it: always one tile
         * a frame, so the view fills in; and a tile's layers all in the
         * same frame, so no tile shows its base without the rest, nor is
         * counted twice. */
        if (stats->rendered == 0 || self->clock (self->clock_data) < deadline)
          {
            if (render_tile (set, tile, view->layers, render, user_data, stats))
              stats->rendered++;
          }
        if (!tile_is_fresh (tile, view->layers))
          pending = TRUE;

        /* Without its opaque first layer a tile would show what lies
         * under it. */
        if (tile->textures[0] != NULL && snapshot != NULL)
          {
            graphene_rect_t rect;

            tile_rect (view, set, i, j, &rect);
            for (guint l = 0; l < MAZE_TILE_N_LAYERS; l++)
              if (tile->textures[l] != NULL)
                gtk_snapshot_append_texture (snapshot, tile->textures[l], &rect);
            stats->drawn++;
          }
      }

  set->complete = !pending;
  if (set->complete)
    g_clear_pointer (&self->fallback, tile_set_free);
  evict_tiles (self);
  return pending;
}
