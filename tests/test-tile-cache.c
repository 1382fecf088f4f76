/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "maze-tile-cache.h"

/* The tile cache alone, with a fake renderer and a fake clock that
 * advances a fixed time per layer rendered: the frame budget then gives
 * the same tiles per frame on any machine. */

#define LAYER_COST_US 1000
#define BUDGET_US     10000

typedef struct
{
  MazeTileCache *cache;
  gint64         now;           /* the fake clock, µs */
  guint          frame;         /* the frame being drawn, from 1 */
  GHashTable    *rendered;      /* "i,j,layer" → frame it was rendered in */
  guint          n_renders;
} Fixture;

static gint64
fake_clock (gpointer user_data)
{
  Fixture *f = user_data;

  return f->now;
}

static GdkTexture *
fake_render_cb (const MazeTileSpec *tile,
                guint               layer,
                gpointer            user_data)
{
  Fixture *f = user_data;
  g_autofree char *key = g_strdup_printf ("%d,%d,%u", tile->i, tile->j, layer);
  g_autoptr(GBytes) bytes = NULL;
  guint8 *pixels = g_malloc0 ((gsize) tile->size * tile->size * 4);

  /* A layer rendered twice would overwrite the first frame's entry:
   * count them to see. */
  g_hash_table_insert (f->rendered, g_steal_pointer (&key), GUINT_TO_POINTER (f->frame));
  f->n_renders++;
  f->now += LAYER_COST_US;
  bytes = g_bytes_new_take (pixels, (gsize) tile->size * tile->size * 4);
  return gdk_memory_texture_new (tile->size, tile->size, GDK_MEMORY_DEFAULT, bytes, tile->size * 4);
}

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  f->cache = maze_tile_cache_new ();
  f->rendered = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  maze_tile_cache_set_clock (f->cache, fake_clock, f);
  maze_tile_cache_set_budget (f->cache, BUDGET_US);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  maze_tile_cache_free (f->cache);
  g_hash_table_unref (f->rendered);
}

/* 640x480 widget pixels over 1000x1000 content device pixels at zoom 1:
 * 64-pixel tiles, 10 x 8 of them in view. */
static void
init_view (MazeTileView *view,
           guint         layers)
{
  *view = (MazeTileView) {
    .z = 1,
    .scale = 1,
    .width = 640,
    .height = 480,
    .content_width = 1000,
    .content_height = 1000,
    .layers = layers,
  };
}

/* Draws one frame into a snapshot; returns whether tiles are pending. */
static gboolean
draw_frame (Fixture            *f,
            const MazeTileView *view,
            MazeTileStats      *stats)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  gboolean pending;

  f->frame++;
  maze_tile_cache_set_zoom (f->cache, view->z, FALSE);
  pending = maze_tile_cache_append (f->cache, snapshot, view, fake_render_cb, f, stats);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  return pending;
}

static guint
rendered_in (Fixture *f,
             int      i,
             int      j,
             guint    layer)
{
  g_autofree char *key = g_strdup_printf ("%d,%d,%u", i, j, layer);

  return GPOINTER_TO_UINT (g_hash_table_lookup (f->rendered, key));
}

/* The budget is checked once a tile: a frame renders whole tiles, each
 * tile exactly once, all its layers in the same frame. */
static void
test_budget (Fixture       *f,
             gconstpointer  data)
{
  MazeTileView view;
  MazeTileStats stats;
  guint frames = 0;

  init_view (&view, 0x7);
  do
    {
      gboolean pending = draw_frame (f, &view, &stats);

      frames++;
      g_assert_cmpuint (frames, <=, 80);
      /* Three layers a tile at 1 ms each in a 10 ms budget: before the
       * fourth tile 9 ms are gone, before the fifth 12 ms. */
      if (pending)
        g_assert_cmpuint (stats.rendered, ==, 4);
      g_assert_cmpuint (stats.layers[0], ==, stats.rendered);
      g_assert_cmpuint (stats.layers[1], ==, stats.rendered);
      g_assert_cmpuint (stats.layers[2], ==, stats.rendered);
      if (!pending)
        break;
    }
  while (TRUE);

  g_assert_cmpuint (frames, ==, 20);
  g_assert_cmpuint (f->n_renders, ==, 80 * 3);
  g_assert_cmpuint (g_hash_table_size (f->rendered), ==, 80 * 3);
  for (int j = 0; j < 8; j++)
    for (int i = 0; i < 10; i++)
      {
        guint frame = rendered_in (f, i, j, 0);

        g_assert_cmpuint (frame, >, 0);
        g_assert_cmpuint (rendered_in (f, i, j, 1), ==, frame);
        g_assert_cmpuint (rendered_in (f, i, j, 2), ==, frame);
      }

  /* Everything cached: a frame renders nothing and draws every tile. */
  g_assert_false (draw_frame (f, &view, &stats));
  g_assert_cmpuint (stats.rendered, ==, 0);
  g_assert_cmpuint (stats.drawn, ==, 80);
}

/* A budget spent before the first tile still renders one a frame. */
static void
test_one_a_frame (Fixture       *f,
                  gconstpointer  data)
{
  MazeTileView view;
  MazeTileStats stats;

  maze_tile_cache_set_budget (f->cache, 0);
  init_view (&view, 0x3);
  for (guint frame = 1; frame < 80; frame++)
    {
      g_assert_true (draw_frame (f, &view, &stats));
      g_assert_cmpuint (stats.rendered, ==, 1);
      /* Only the tiles rendered so far are drawn. */
      g_assert_cmpuint (stats.drawn, ==, frame);
    }
  g_assert_false (draw_frame (f, &view, &stats));
  g_assert_cmpuint (f->n_renders, ==, 80 * 2);
}

/* A stale mark redraws only the marked layer of the tiles it covers;
 * a layer no longer wanted is dropped, not rendered. */
static void
test_stale (Fixture       *f,
            gconstpointer  data)
{
  MazeTileView view;
  MazeTileStats stats;

  maze_tile_cache_set_budget (f->cache, G_MAXINT64 / 2);
  init_view (&view, 0x7);
  g_assert_false (draw_frame (f, &view, &stats));
  g_assert_cmpuint (stats.rendered, ==, 80);

  /* Model units 70..100 at zoom 1 lie in tile column 1 only; rows 0..1. */
  maze_tile_cache_mark_stale (f->cache, 70, 10, 100, 100, 1u << 1);
  g_assert_false (draw_frame (f, &view, &stats));
  g_assert_cmpuint (stats.rendered, ==, 2);
  g_assert_cmpuint (stats.layers[0], ==, 0);
  g_assert_cmpuint (stats.layers[1], ==, 2);
  g_assert_cmpuint (stats.layers[2], ==, 0);
  g_assert_cmpuint (rendered_in (f, 1, 0, 1), ==, f->frame);
  g_assert_cmpuint (rendered_in (f, 1, 1, 1), ==, f->frame);
  g_assert_cmpuint (rendered_in (f, 2, 1, 1), <, f->frame);

  maze_tile_cache_mark_all_stale (f->cache, 1u << 2);
  view.layers = 0x3;
  g_assert_false (draw_frame (f, &view, &stats));
  g_assert_cmpuint (stats.rendered, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add ("/tile-cache/budget", Fixture, NULL, fixture_setup, test_budget, fixture_teardown);
  g_test_add ("/tile-cache/one-a-frame", Fixture, NULL, fixture_setup, test_one_a_frame, fixture_teardown);
  g_test_add ("/tile-cache/stale", Fixture, NULL, fixture_setup, test_stale, fixture_teardown);

  return g_test_run ();
}
