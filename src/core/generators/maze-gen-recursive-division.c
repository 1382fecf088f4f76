/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-generator-private.h"

/* Recursive division, with an explicit stack instead of recursion.
 *
 * Start with every passage between open cells of the region open, the whole
 * region being one chamber. Take a chamber off the stack; unless it is one
 * cell wide or one cell tall, split it: across its longer side (a wall
 * between two columns when it is wider than tall, between two rows when
 * taller than wide, either at random when square), at a random line. Every
 * passage that crosses the line is closed but one, chosen at random, the
 * door; both halves go on the stack.
 *
 * Why this is a tree on every shape: the passages crossing a line are all
 * those joining a cell on one side to a cell on the other within the
 * chamber (on hex, for a wall between columns, the diagonal SE/NE ones of
 * odd rows as well as E), so after the split a chamber's passages are its
 * halves' passages plus the door. A chamber that can no longer be split is
 * a single row or column of cells, and its passages form a path (on hex,
 * cells of one column in consecutive rows touch, through SE or SW). By
 * induction every chamber is a tree. With masked cells a line may have no
 * open passage to keep, and the pieces are left to the driver; keeping at
 * most one passage between two forests never makes a cycle.
 *
 * The stack never holds more than width + height chambers: each split
 * shortens one side of the chamber, and leaves one sibling waiting.
 *
 * Randomness, per split: one bit (the low bit of a draw, 64 bits per draw)
 * when the chamber is square, maze_rng_below (number of lines), then
 * maze_rng_below (open crossing passages) when there are two or more. */

/* Walks the passages that cross the line before column (vertical) or row
 * (horizontal) `line` of chamber c. With keep == G_MAXUINT it only counts
 * them; otherwise it closes all but the keep-th one. */
static guint
cross_line (MazeGenContext *ctx,
            const MazeRect *c,
            gboolean        vertical,
            guint           line,
            guint           keep)
{
  MazeGrid *grid = ctx->grid;
  const MazeTopology *t = grid->topology;
  guint n = 0;
  guint steps = vertical ? c->height : c->width;

  for (guint i = 0; i < steps; i++)
    {
      /* The cell just before the line; passages from it go across. */
      guint x = vertical ? line - 1 : c->x + i;
      guint y = vertical ? c->y + i : line - 1;

      if (maze_grid_is_masked (grid, maze_grid_index (grid, x, y)))
        continue;
      for (guint d = 0; d < t->n_dirs; d++)
        {
          guint nx, ny;

          if (vertical ? t->dx[y & 1][d] != 1 : t->dy[d] != 1)
            continue;
          if (!maze_gen_step (ctx, x, y, d, &nx, &ny) ||
              nx < c->x || nx >= c->x + c->width || ny < c->y || ny >= c->y + c->height ||
              !maze_grid_has_passage (grid, x, y, d))
            continue;

          if (keep != G_MAXUINT && n != keep)
            {
              maze_grid_uncarve (grid, x, y, d, nx, ny);
              MAZE_EMIT (ctx->observer, MAZE_EVENT_WALL, maze_grid_index (grid, x, y),
                         maze_grid_index (grid, nx, ny), (gint8) d, 0, 0, MAZE_EVENT_STEP);
            }
          else if (keep != G_MAXUINT)
            MAZE_EMIT (ctx->observer, MAZE_EVENT_CHOOSE, maze_grid_index (grid, x, y),
                       maze_grid_index (grid, nx, ny), (gint8) d, (guint8) (1u << d), 0,
                       MAZE_EVENT_STEP);
          n++;
        }
    }
  return n;
}

gboolean
maze_gen_recursive_division (MazeGenContext  *ctx,
                             GError         **error)
{
  MazeGrid *grid = ctx->grid;
  const MazeTopology *t = grid->topology;
  const MazeRect r = ctx->region;
  g_autofree MazeRect *stack = NULL;
  guint64 stack_size = (guint64) r.width + r.height;
  guint n_stack = 0;
  MazeGenBits bits = { 0, 0 };

  stack = g_try_new (MazeRect, stack_size);
  if (stack == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }

  /* One open chamber: every passage it owns between open cells. */
  for (guint y = r.y; y < r.y + r.height; y++)
    for (guint x = r.x; x < r.x + r.width; x++)
      {
        if (maze_grid_is_masked (grid, maze_grid_index (grid, x, y)))
          continue;
        MAZE_EMIT (ctx->observer, MAZE_EVENT_VISIT, maze_grid_index (grid, x, y),
                   MAZE_NO_CELL, -1, 0, 0, MAZE_EVENT_SETUP);
        for (guint d = 0; d < t->n_dirs; d++)
          {
            guint nx, ny;

            if (t->owned_bit[d] >= 0 && maze_gen_step (ctx, x, y, d, &nx, &ny))
              maze_gen_carve (ctx, x, y, d, nx, ny, MAZE_EVENT_SETUP);
          }
      }

  stack[n_stack++] = r;
  while (n_stack > 0)
    {
      MazeRect c = stack[--n_stack];
      MazeRect a, b;
      gboolean vertical;
      guint line, n;

      if (c.width < 2 || c.height < 2)
        continue;

      if (c.width != c.height)
        vertical = c.width > c.height;
      else
        vertical = maze_gen_bits_next (&bits, &ctx->rng);

      /* Crossing the line costs its length. */
      if (!maze_gen_ticks (ctx, vertical ? c.height : c.width))
        return FALSE;
      a = b = c;
      if (vertical)
        {
          line = c.x + 1 + maze_rng_below (&ctx->rng, c.width - 1);
          a.width = line - c.x;
          b.x = line;
          b.width = c.width - a.width;
        }
      else
        {
          line = c.y + 1 + maze_rng_below (&ctx->rng, c.height - 1);
          a.height = line - c.y;
          b.y = line;
          b.height = c.height - a.height;
        }

      n = cross_line (ctx, &c, vertical, line, G_MAXUINT);
      if (n > 0)
        cross_line (ctx, &c, vertical, line, n > 1 ? maze_rng_below (&ctx->rng, n) : 0);

      g_assert (n_stack + 2 <= stack_size);
      stack[n_stack++] = b;
      stack[n_stack++] = a;
    }

  return TRUE;
}
