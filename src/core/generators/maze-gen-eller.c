/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include <string.h>

#include "maze-generator-private.h"

/* Eller's algorithm, one row at a time with memory for one row.
 *
 * Each open cell of the current row belongs to a set: the cells already
 * joined to it by passages carved so far. For each row of the region:
 * - walking towards ROW_NEXT, join each cell to its neighbour when they
 *   are in different sets, at random (one bit: 1 joins), or always in the
 *   region's last row;
 * - then, unless this is the last row, open passages DOWN (rect: S; hex:
 *   SE and SW): each open cell, on a random bit, opens one towards a random
 *   open child that is not yet in its set; then every set that still has
 *   no passage down gets one, from a random cell of it that can, in a
 *   random allowed direction. On hex two cells can share a child, so a
 *   child may join two sets of the row above: they become one set, and a
 *   passage to a child already in the set is never opened.
 *
 * Every passage joins two different sets, so there is never a cycle. With
 * no masked cells every set reaches the next row (each cell has a child
 * straight below: rect S; hex SE on even rows, SW on odd ones), and the
 * last row joins everything that is left, so the region is one tree.
 * Masked cells can strand a set; the driver joins those pieces.
 *
 * The sets are a union-find over the current row's columns (nodes
 * 0..w-1) and the next row's (w..2w-1); once a row is done, the next
 * row's sets are relabelled onto 0..w-1. All arrays are a few times the
 * region's width.
 *
 * Randomness, in this order: a bit per join decision (64 bits per draw,
 * low bit first), asked only for neighbours in different sets outside the
 * last row; per open cell a bit for an optional passage down, asked only
 * when it has a child to go to, then maze_rng_below (children) when there
 * are two; per set without a passage down maze_rng_below (cells that can)
 * and maze_rng_below (children) when there are two or more. */

#define NONE G_MAXUINT32

typedef struct
{
  MazeGenContext *ctx;
  guint           w;
  guint           next_dir;
  guint           down_dirs;     /* mask of the DOWN directions */
  guint32        *parent;        /* 2w: the union-find */
  guint8         *rank;          /* 2w */
  guint32        *head;          /* 2w: first member of a set without a way down */
  guint32        *link;          /* w: the next member */
  guint32        *root_of;       /* w */
  guint8         *has_down;      /* 2w, by root */
  guint8         *reached;       /* w: next-row cell has a passage from above */
  MazeGenBits     bits;
} Eller;

/* The union-find of maze-union-find.h, over the arrays above: the rows
 * relabel parent and rank in place, and in a struct of its own the same
 * code measured a few per cent slower here (benchmark "generate eller"). */
static inline guint32
find (Eller   *e,
      guint32  a)
{
  while (e->parent[a] != a)
    {
      e->parent[a] = e->parent[e->parent[a]];
      a = e->parent[a];
    }
  return a;
}

static inline gboolean
unite (Eller   *e,
       guint32  a,
       guint32  b)
{
  a = find (e, a);
  b = find (e, b);
  if (a == b)
    return FALSE;
  if (e->rank[a] < e->rank[b])
    {
      guint32 tmp = a;

      a = b;
      b = tmp;
    }
  e->parent[b] = a;
  if (e->rank[a] == e->rank[b])
    e->rank[a]++;
  return TRUE;
}

/* The DOWN directions from (x, y) to an open child not yet in the cell's
 * set. */
static guint
down_choices (Eller *e,
              guint  x,
              guint  y)
{
  const MazeTopology *t = e->ctx->grid->topology;
  guint32 root = find (e, x - e->ctx->region.x);
  guint mask = 0;

  for (guint d = 0; d < t->n_dirs; d++)
    {
      guint nx, ny;

      if (((e->down_dirs >> d) & 1) && maze_gen_step (e->ctx, x, y, d, &nx, &ny) &&
          find (e, e->w + nx - e->ctx->region.x) != root)
        mask |= 1u << d;
    }
  return mask;
}

/* Opens the passage down from (x, y) towards one of choices, at random. */
static void
carve_down (Eller *e,
            guint  x,
            guint  y,
            guint  choices)
{
  MazeGenContext *ctx = e->ctx;
  guint d = maze_gen_random_dir_if_choice (&ctx->rng, choices);
  guint nx = 0, ny = 0;
  guint32 child;

  maze_gen_carve_choice (ctx, x, y, d, choices, MAZE_EVENT_STEP, &nx, &ny);
  child = nx - ctx->region.x;
  if (e->reached[child])
    MAZE_EMIT (ctx->observer, MAZE_EVENT_MERGE, maze_grid_index (ctx->grid, x, y),
               maze_grid_index (ctx->grid, nx, ny), (gint8) d, 0, 0, 0);
  e->reached[child] = TRUE;
  unite (e, x - ctx->region.x, e->w + child);
}

static void
join_row (Eller    *e,
          guint     y,
          gboolean  last)
{
  MazeGenContext *ctx = e->ctx;
  MazeGrid *grid = ctx->grid;
  const guint x0 = ctx->region.x;

  for (guint i = 0; i < e->w; i++)
    if (!maze_grid_is_masked (grid, maze_grid_index (grid, x0 + i, y)))
      MAZE_EMIT (ctx->observer, MAZE_EVENT_VISIT, maze_grid_index (grid, x0 + i, y),
                 MAZE_NO_CELL, -1, 0, 0, MAZE_EVENT_STEP);

  for (guint i = 0; i + 1 < e->w; i++)
    {
      guint nx, ny;

      if (maze_grid_is_masked (grid, maze_grid_index (grid, x0 + i, y)) ||
          !maze_gen_step (ctx, x0 + i, y, e->next_dir, &nx, &ny) ||
          find (e, i) == find (e, i + 1))
        continue;
      if (!last && !maze_gen_bits_next (&e->bits, &ctx->rng))
        continue;
      unite (e, i, i + 1);
      maze_gen_carve (ctx, x0 + i, y, e->next_dir, nx, ny, MAZE_EVENT_STEP);
      MAZE_EMIT (ctx->observer, MAZE_EVENT_MERGE, maze_grid_index (grid, x0 + i, y),
                 maze_grid_index (grid, nx, ny), (gint8) e->next_dir, 0, 0, 0);
    }
}

static void
open_down (Eller *e,
           guint  y)
{
  MazeGenContext *ctx = e->ctx;
  MazeGrid *grid = ctx->grid;
  const guint x0 = ctx->region.x;
  const guint w = e->w;

  for (guint i = 0; i < w; i++)
    {
      e->parent[w + i] = w + i;
      e->rank[w + i] = 0;
      e->reached[i] = FALSE;
    }

  /* Optional passages down. */
  for (guint i = 0; i < w; i++)
    {
      guint choices;

      if (maze_grid_is_masked (grid, maze_grid_index (grid, x0 + i, y)))
        continue;
      choices = down_choices (e, x0 + i, y);
      if (choices != 0 && maze_gen_bits_next (&e->bits, &ctx->rng))
        carve_down (e, x0 + i, y, choices);
    }

  /* Which sets have one now: those whose root also holds a child. */
  memset (e->has_down, 0, 2 * (gsize) w);
  for (guint i = 0; i < w; i++)
    if (e->reached[i])
      e->has_down[find (e, w + i)] = TRUE;

  /* The cells of every set without one, in lists by root, in column order. */
  for (guint i = 0; i < 2 * w; i++)
    e->head[i] = NONE;
  for (guint i = w; i-- > 0; )
    {
      guint32 root;

      e->root_of[i] = NONE;
      if (maze_grid_is_masked (grid, maze_grid_index (grid, x0 + i, y)))
        continue;
      root = find (e, i);
      if (e->has_down[root])
        continue;
      e->root_of[i] = root;
      e->link[i] = e->head[root];
      e->head[root] = i;
    }

  /* A compulsory passage down for each of them, in the order of their
   * first cells. */
  for (guint i = 0; i < w; i++)
    {
      guint32 root = e->root_of[i];
      guint n = 0, k;
      guint32 m;

      if (root == NONE || e->head[root] != i)
        continue;
      for (m = i; m != NONE; m = e->link[m])
        n += down_choices (e, x0 + m, y) != 0;
      if (n == 0)
        continue;   /* stranded by masked cells */
      k = n > 1 ? maze_rng_below (&ctx->rng, n) : 0;
      for (m = i; ; m = e->link[m])
        {
          guint choices = down_choices (e, x0 + m, y);

          if (choices != 0 && k-- == 0)
            {
              carve_down (e, x0 + m, y, choices);
              break;
            }
        }
    }

  /* The next row becomes the current one: relabel its sets onto 0..w-1,
   * each as a star around its first column. */
  for (guint i = 0; i < 2 * w; i++)
    e->head[i] = NONE;
  for (guint i = 0; i < w; i++)
    {
      guint32 root = find (e, w + i);

      if (e->head[root] == NONE)
        e->head[root] = i;
      e->root_of[i] = e->head[root];
    }
  for (guint i = 0; i < w; i++)
    {
      e->parent[i] = e->root_of[i];
      e->rank[i] = e->root_of[i] == i;
    }
}

gboolean
maze_gen_eller (MazeGenContext  *ctx,
                GError         **error)
{
  const MazeTopology *t = ctx->grid->topology;
  const MazeRect r = ctx->region;
  const guint w = r.width;
  g_autofree guint32 *parent = g_try_new (guint32, 2 * (gsize) w);
  g_autofree guint8 *rank = g_try_new0 (guint8, 2 * (gsize) w);
  g_autofree guint32 *head = g_try_new (guint32, 2 * (gsize) w);
  g_autofree guint32 *link = g_try_new (guint32, w);
  g_autofree guint32 *root_of = g_try_new (guint32, w);
  g_autofree guint8 *has_down = g_try_new0 (guint8, 2 * (gsize) w);
  g_autofree guint8 *reached = g_try_new0 (guint8, w);
  Eller e = {
    .ctx = ctx,
    .w = w,
    .parent = parent,
    .rank = rank,
    .head = head,
    .link = link,
    .root_of = root_of,
    .has_down = has_down,
    .reached = reached,
  };

  if (!parent || !rank || !head || !link || !root_of || !has_down || !reached)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }

  e.next_dir = maze_gen_find_dir (t, MAZE_DIR_ROW_NEXT);
  e.down_dirs = maze_gen_dirs_of_kind (t, MAZE_DIR_DOWN);

  /* The first row: every cell a set of its own. */
  for (guint i = 0; i < w; i++)
    parent[i] = i;

  for (guint y = r.y; y < r.y + r.height; y++)
    {
      gboolean last = y + 1 == r.y + r.height;

      if (!maze_gen_ticks (ctx, w))
        return FALSE;
      join_row (&e, y, last);
      if (!last)
        open_down (&e, y);
    }

  return TRUE;
}
