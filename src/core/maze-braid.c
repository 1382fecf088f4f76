/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "maze-braid.h"
#include "maze-error.h"
#include "maze-rng.h"
#include "maze-stop-private.h"
#include "maze-union-find.h"

/* Braiding: visit the dead ends in a seeded random order and open one more
 * wall at the first round(fraction * dead ends) of them that are still dead
 * ends, preferring a wall whose other side is a dead end too (that removes
 * two at once and makes shorter loops).
 *
 * With one grid and one seed the walls are opened in one order whatever
 * the fraction: the shuffle and each choice draw the same numbers, and a
 * smaller fraction only stops sooner. So braiding a maze less opens a
 * prefix of what braiding it more opens (what the braid slider relies on
 * to take loops back). */

guint32
maze_braid_from_fraction (double fraction)
{
  if (!(fraction > 0))
    return 0;
  if (fraction >= 1)
    return MAZE_BRAID_ONE;
  /* The one floating-point step: done once on the user's input, and exact
   * for every value a user can type (IEEE rounding is deterministic). */
  return (guint32) lrint (fraction * MAZE_BRAID_ONE);
}

static gboolean
is_dead_end (const MazeGrid *grid,
             guint           x,
             guint           y)
{
  return maze_grid_is_open (grid, x, y) && maze_grid_degree (grid, x, y) == 1;
}

guint32
maze_braid (MazeGrid           *grid,
            guint32             fraction,
            guint64             seed,
            const MazeObserver *observer)
{
  guint32 removed = 0;

  maze_braid_full (grid, fraction, seed, observer, NULL, NULL, &removed, NULL);
  return removed;
}

static void
set_cancelled (GError **error)
{
  g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_CANCELLED, _("Braiding the maze was cancelled"));
}

/* Shuffles array (elements of up to 8 bytes) in the order rng gives
 * (Fisher-Yates), asking check at every swap. */
static gboolean
shuffle (GArray         *array,
         MazeRng        *rng,
         MazeStopCheck  *check,
         GError        **error)
{
  guint size = g_array_get_element_size (array);

  g_assert (size <= sizeof (guint64));
  for (guint i = array->len; i > 1; i--)
    {
      char *a = array->data + (gsize) (i - 1) * size;
      char *b = array->data + (gsize) maze_rng_below (rng, i) * size;
      guint64 tmp;

      memcpy (&tmp, a, size);
      memmove (a, b, size);
      memcpy (b, &tmp, size);
      if (!maze_stop_check_steps (check, 1))
        {
          set_cancelled (error);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
maze_braid_full (MazeGrid            *grid,
                 guint32              fraction,
                 guint64              seed,
                 const MazeObserver  *observer,
                 MazeStopFunc         stop,
                 gpointer             stop_data,
                 guint32             *n_removed,
                 GError             **error)
{
  const MazeTopology *t;
  g_autoptr(GArray) dead_ends = NULL;
  MazeStopCheck check;
  MazeRng rng;
  guint64 target;
  guint32 removed = 0;

  if (n_removed != NULL)
    *n_removed = 0;
  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (fraction <= MAZE_BRAID_ONE, FALSE);

  if (fraction == 0)
    return TRUE;

  t = grid->topology;
  maze_stop_check_init (&check, stop, stop_data);
  dead_ends = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint y = 0; y < grid->height; y++)
    {
      if (!maze_stop_check_steps (&check, MIN (maze_grid_row_length (grid, y), 65536)))
        {
          set_cancelled (error);
          return FALSE;
        }
      for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
        if (is_dead_end (grid, x, y))
          {
            guint32 cell = maze_grid_index (grid, x, y);
            g_array_append_val (dead_ends, cell);
          }
    }

  maze_rng_init (&rng, seed);
  if (!shuffle (dead_ends, &rng, &check, error))
    return FALSE;

  target = ((guint64) dead_ends->len * fraction + MAZE_BRAID_ONE / 2) / MAZE_BRAID_ONE;
  for (guint i = 0; i < dead_ends->len && removed < target; i++)
    {
      guint32 cell = g_array_index (dead_ends, guint32, i);
      guint walled[MAZE_MAX_DIRS], dead[MAZE_MAX_DIRS];
      guint n_walled = 0, n_dead = 0;
      guint x, y, nx = 0, ny = 0, d;

      if (!maze_stop_check_steps (&check, 1))
        {
          if (n_removed != NULL)
            *n_removed = removed;
          set_cancelled (error);
          return FALSE;
        }
      maze_grid_xy (grid, cell, &x, &y);
      if (!is_dead_end (grid, x, y))
        continue;

      for (guint k = 0; k < t->n_dirs; k++)
        {
          if (!maze_grid_step (grid, x, y, k, &nx, &ny) || !maze_grid_is_open (grid, nx, ny) ||
              maze_grid_has_passage (grid, x, y, k))
            continue;
          walled[n_walled++] = k;
          if (is_dead_end (grid, nx, ny))
            dead[n_dead++] = k;
        }
      if (n_walled == 0)
        continue;

      d = n_dead > 0 ? dead[maze_rng_below (&rng, n_dead)]
                     : walled[maze_rng_below (&rng, n_walled)];
      maze_grid_step (grid, x, y, d, &nx, &ny);
      removed += 1 + (n_dead > 0);
      maze_grid_carve (grid, x, y, d, nx, ny);
      MAZE_EMIT (observer, MAZE_EVENT_CARVE, cell, maze_grid_index (grid, nx, ny), (gint8) d, 0, 0, MAZE_EVENT_STEP);
    }

  if (n_removed != NULL)
    *n_removed = removed;
  return TRUE;
}

/* Kruskal's idea run on the passages there are: in a seeded random order,
 * a passage that joins two cells not yet joined stays, one between cells
 * already joined closes a loop and goes. What is left is one tree for
 * each connected piece, holding the cells the piece held. */
gboolean
maze_braid_close_loops (MazeGrid      *grid,
                        guint64        seed,
                        MazeStopFunc   stop,
                        gpointer       stop_data,
                        GError       **error)
{
  const MazeTopology *t;
  g_autoptr(GArray) passages = NULL;
  MazeUnionFind uf;
  MazeStopCheck check;
  MazeRng rng;

  g_return_val_if_fail (grid != NULL, FALSE);

  t = grid->topology;
  maze_stop_check_init (&check, stop, stop_data);
  /* Every passage is listed: on the biggest mazes that is more memory
   * than there may be, so it is asked for once, exactly, and refused
   * with a sentence rather than an abort while growing. */
  {
    guint64 n_passages = 0;
    gpointer probe;

    for (guint32 cell = 0; cell < grid->n_cells; cell++)
      for (guint d = 0; d < t->n_dirs; d++)
        if (t->owned_bit[d] >= 0 && (grid->cells[cell] & (1u << t->owned_bit[d])))
          n_passages++;
    probe = n_passages <= G_MAXUINT ? g_try_malloc_n (MAX (n_passages, 1), sizeof (guint64)) : NULL;
    if (probe == NULL || !maze_union_find_init (&uf, grid->n_cells))
      {
        g_free (probe);
        g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                             _("Not enough memory to close the loops of a maze this large"));
        return FALSE;
      }
    g_free (probe);
    passages = g_array_sized_new (FALSE, FALSE, sizeof (guint64), (guint) n_passages);
  }
  for (guint y = 0; y < grid->height; y++)
    {
      if (!maze_stop_check_steps (&check, MIN (maze_grid_row_length (grid, y), 65536)))
        {
          maze_union_find_clear (&uf);
          set_cancelled (error);
          return FALSE;
        }
      for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
        for (guint d = 0; d < t->n_dirs; d++)
          if (maze_grid_owns_dir (grid, x, y, d) && maze_grid_has_passage (grid, x, y, d))
            {
              guint64 passage = ((guint64) maze_grid_index (grid, x, y) << 3) | d;
              g_array_append_val (passages, passage);
            }
    }

  maze_rng_init (&rng, seed);
  if (!shuffle (passages, &rng, &check, error))
    {
      maze_union_find_clear (&uf);
      return FALSE;
    }
  for (guint i = 0; i < passages->len; i++)
    {
      guint64 passage = g_array_index (passages, guint64, i);
      guint32 cell = (guint32) (passage >> 3);
      guint d = passage & 7;
      guint x, y, nx = 0, ny = 0;

      if (!maze_stop_check_steps (&check, 1))
        {
          maze_union_find_clear (&uf);
          set_cancelled (error);
          return FALSE;
        }
      maze_grid_xy (grid, cell, &x, &y);
      maze_grid_step (grid, x, y, d, &nx, &ny);
      if (!maze_union_find_unite (&uf, cell, maze_grid_index (grid, nx, ny)))
        maze_grid_uncarve (grid, x, y, d, nx, ny);
    }
  maze_union_find_clear (&uf);
  return TRUE;
}

gboolean
maze_braid_is_base_of (const MazeGrid *base,
                       const MazeGrid *grid)
{
  g_return_val_if_fail (base != NULL && grid != NULL, FALSE);

  /* Rings of the same outer ring and count may differ in cells (the
   * first ring, a centre): n_cells too, so no cell is read past either. */
  if (base->shape != grid->shape || base->width != grid->width || base->height != grid->height ||
      base->n_cells != grid->n_cells)
    return FALSE;
  for (guint32 i = 0; i < grid->n_cells; i++)
    {
      guint8 b = base->cells[i], g = grid->cells[i];

      if ((b & MAZE_CELL_MASKED) != (g & MAZE_CELL_MASKED) ||
          (b & MAZE_CELL_PASSAGES & ~g) != 0)
        return FALSE;
    }
  return TRUE;
}
