/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "maze-core.h"
#include "maze-generator-private.h"
#include "maze-test-util.h"

/* The random walks' step by the ring table (maze_gen_ring_walk_step(),
 * which Wilson's and Aldous-Broder's take on a whole circular grid)
 * against the plain step, side by side from the same seed: the same
 * direction, cell, index in the region and event at every step, and the
 * same draws in all, on rings around a room (first ring 3 to 64) and
 * around a centre cell (3 to 6), with and without masked cells. The
 * golden hashes cover one layout of each; this covers the splits,
 * wraps, spokes and masks of many. */

#define STEPS 3000

typedef enum
{
  MASK_NONE,
  MASK_SPARSE,       /* maze_test_mask_sparsely() */
  MASK_INNER,        /* cell 0 of ring 0: the centre, or one of the room's */
  N_MASKS
} MaskKind;

static void
record (const MazeEvent *event,
        gpointer         user_data)
{
  g_array_append_val ((GArray *) user_data, *event);
}

static void
context_init (MazeGenContext *ctx,
              MazeStopCheck  *stop,
              MazeObserver   *observer,
              MazeGrid       *grid,
              guint64         seed)
{
  maze_stop_check_init (stop, NULL, NULL);
  *ctx = (MazeGenContext) {
    .grid = grid,
    .region = maze_grid_full_rect (grid),
    .observer = observer,
    .stop = stop,
  };
  maze_rng_init (&ctx->rng, seed);
}

/* The first cell in reading order with an open neighbour; FALSE: none. */
static gboolean
find_start (const MazeGenContext *ctx,
            guint                *x,
            guint                *y)
{
  const MazeGrid *grid = ctx->grid;

  for (*y = 0; *y < grid->height; (*y)++)
    for (*x = 0; *x < maze_grid_row_length (grid, *y); (*x)++)
      if (maze_grid_is_open (grid, *x, *y) &&
          maze_gen_open_dirs (ctx, *x, *y, maze_gen_all_dirs (ctx)) != 0)
        return TRUE;
  return FALSE;
}

/* Walks STEPS steps both ways on grid from the same seed; FALSE when no
 * cell has a way on. */
static gboolean
compare_walks (MazeGrid *grid,
               guint64   seed)
{
  g_autoptr(GArray) plain_events = g_array_new (FALSE, FALSE, sizeof (MazeEvent));
  g_autoptr(GArray) ring_events = g_array_new (FALSE, FALSE, sizeof (MazeEvent));
  MazeObserver plain_observer = { record, plain_events };
  MazeObserver ring_observer = { record, ring_events };
  MazeGenContext plain_ctx, ring_ctx;
  MazeStopCheck plain_stop, ring_stop;
  MazeGenRingWalk ring;
  MazeGenWalkAt plain_at, ring_at;
  guint x, y;

  context_init (&plain_ctx, &plain_stop, &plain_observer, grid, seed);
  context_init (&ring_ctx, &ring_stop, &ring_observer, grid, seed);
  /* The fast step is the one under test: it must fit the whole grid. */
  g_assert_true (maze_gen_ring_walk_init (&ring, &ring_ctx));
  if (!find_start (&plain_ctx, &x, &y))
    return FALSE;

  plain_at = maze_gen_walk_at (&plain_ctx, x, y);
  ring_at = plain_at;
  for (guint step = 0; step < STEPS; step++)
    {
      guint plain_d = maze_gen_walk_step (&plain_ctx, NULL, NULL, &plain_ctx.rng, &plain_at);
      guint ring_d = maze_gen_walk_step (&ring_ctx, NULL, &ring, &ring_ctx.rng, &ring_at);

      g_assert_cmpuint (ring_d, ==, plain_d);
      g_assert_cmpuint (ring_at.x, ==, plain_at.x);
      g_assert_cmpuint (ring_at.y, ==, plain_at.y);
      g_assert_cmpuint (ring_at.cell, ==, plain_at.cell);
      g_assert_cmpuint (ring_at.local, ==, plain_at.local);
    }
  /* The same draws: the generators go on from the same state. */
  g_assert_cmpuint (maze_rng_next (&ring_ctx.rng), ==, maze_rng_next (&plain_ctx.rng));

  g_assert_cmpuint (ring_events->len, ==, STEPS);
  g_assert_cmpuint (ring_events->len, ==, plain_events->len);
  for (guint i = 0; i < ring_events->len; i++)
    {
      const MazeEvent *a = &g_array_index (ring_events, MazeEvent, i);
      const MazeEvent *b = &g_array_index (plain_events, MazeEvent, i);

      g_assert_cmpint (a->type, ==, b->type);
      g_assert_cmpuint (a->cell, ==, b->cell);
      g_assert_cmpuint (a->other, ==, b->other);
      g_assert_cmpint (a->dir, ==, b->dir);
      g_assert_cmpuint (a->candidates, ==, b->candidates);
      g_assert_cmpuint (a->flags, ==, b->flags);
    }
  return TRUE;
}

static void
apply_mask (MazeGrid *grid,
            MaskKind  kind)
{
  if (kind == MASK_SPARSE)
    maze_test_mask_sparsely (grid, 0);
  else if (kind == MASK_INNER)
    maze_grid_set_masked (grid, 0, 0, TRUE);
}

static void
compare_layout (guint    first,
                guint    rings,
                gboolean centre)
{
  guint walked = 0;

  for (MaskKind kind = 0; kind < N_MASKS; kind++)
    for (guint64 seed = 0; seed < maze_test_seeds (3); seed++)
      {
        g_autoptr(MazeGrid) grid = centre ? maze_test_new_centre_grid (first, rings)
                                          : maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, first,
                                                                 rings, FALSE, NULL);

        g_assert_nonnull (grid);
        apply_mask (grid, kind);
        walked += compare_walks (grid, 1000 * first + 10 * rings + seed);
      }
  /* Only the centre alone, or a centre masked on its own, has no step. */
  if (!centre || rings > 1)
    g_assert_cmpuint (walked, >, 0);
}

static const guint room_firsts[] = { 3, 4, 5, 6, 7, 8, 9, 12, 16, 31, 64 };
static const guint ring_counts[] = { 1, 2, 3, 5, 9, 24 };

static void
test_room (void)
{
  for (guint f = 0; f < G_N_ELEMENTS (room_firsts); f++)
    for (guint r = 0; r < G_N_ELEMENTS (ring_counts); r++)
      compare_layout (room_firsts[f], ring_counts[r], FALSE);
}

static void
test_centre (void)
{
  for (guint first = 3; first <= MAZE_POLAR_MAX_CENTRE_FIRST; first++)
    for (guint r = 0; r < G_N_ELEMENTS (ring_counts); r++)
      compare_layout (first, ring_counts[r], TRUE);
}

/* A ring sector's walks step the plain way: the ring step assumes every
 * neighbour is in the region. */
static void
test_sector_refused (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_centre_grid (6, 9);
  MazeGenContext ctx;
  MazeStopCheck stop;
  MazeGenRingWalk ring;

  context_init (&ctx, &stop, NULL, grid, 1);
  g_assert_true (maze_gen_ring_walk_init (&ring, &ctx));
  ctx.region.height--;
  g_assert_false (maze_gen_ring_walk_init (&ring, &ctx));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/maze/ring-walk/room", test_room);
  g_test_add_func ("/maze/ring-walk/centre", test_centre);
  g_test_add_func ("/maze/ring-walk/sector-refused", test_sector_refused);
  return g_test_run ();
}
