/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-endpoints.h"

#include "maze-bitset.h"
#include "maze-solver-private.h"

static const char *const preset_names[] = {
  [MAZE_ENDPOINTS_CORNERS] = "corners",
  [MAZE_ENDPOINTS_FARTHEST] = "farthest",
};

gboolean
maze_endpoints_from_string (const char          *name,
                            MazeEndpointsPreset *preset)
{
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (preset != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (preset_names); i++)
    if (g_str_equal (preset_names[i], name))
      {
        *preset = (MazeEndpointsPreset) i;
        return TRUE;
      }
  return FALSE;
}

/* A breadth-first sweep from `from`; the last cell it takes off the queue
 * is one of the farthest. The queue holds one level of distance after
 * another, so the distance is the number of levels. Memory: a bit per cell
 * and the frontier. Branch-free over the directions, like the BFS solver:
 * a direction without a passage points at the cell itself, already seen. */
static inline __attribute__((always_inline)) gboolean
sweep (const MazeWalker *walker,
       const guint       n_dirs,
       const gboolean    needs_xy,
       MazeBitset       *seen,
       MazeRing         *ring,
       const MazeBitset *among,
       guint32           from,
       guint32          *far,
       guint32          *distance)
{
  const MazeWalker w = *walker;
  guint32 *items = ring->items;
  guint32 mask = ring->mask;
  guint32 head = 0, tail = 0, level_end = 1, dist = 0;
  guint32 cell = from, far_among = from, far_dist = 0;
  gint32 countdown = MAZE_STOP_INTERVAL;

  maze_bitset_set (seen, from);
  items[tail++ & mask] = from;
  while (head != tail)
    {
      guint x = 0, y = 0, exits;

      if (!maze_walker_tick (&w, &countdown))
        return FALSE;
      maze_ring_next_level (head, tail, &level_end, &dist);
      cell = items[head++ & mask];
      if (among != NULL && maze_bitset_get (among, cell))
        {
          far_among = cell;
          far_dist = dist;
        }
      if (!maze_ring_reserve (ring, &items, &mask, head, tail, n_dirs))
        return FALSE;
      if (needs_xy)
        maze_walker_xy (&w, cell, &x, &y);
      exits = maze_walker_exits (&w, n_dirs, needs_xy, cell, x, y);

#pragma GCC unroll 6
      for (guint d = 0; d < n_dirs; d++)
        {
          guint32 next = (exits >> d) & 1 ? maze_walker_next (&w, needs_xy, cell, x, y, d) : cell;
          MazeBitset bit = G_GUINT64_CONSTANT (1) << (next & 63);
          MazeBitset word = seen[next >> 6];

          items[tail & mask] = next;
          tail += (word & bit) == 0;
          seen[next >> 6] = word | bit;
        }
    }

  *far = among != NULL ? far_among : cell;
  *distance = among != NULL ? far_dist : dist;
  return TRUE;
}

/* Masked cells count as seen: never entered, even through a stray
 * passage of a broken grid. */
static void
mark_masked (const MazeGrid *grid,
             MazeBitset     *seen)
{
  for (guint32 base = 0; base < grid->n_cells; base += 64)
    {
      guint32 n = MIN (64, grid->n_cells - base);
      MazeBitset word = 0;

      for (guint32 b = 0; b < n; b++)
        word |= (MazeBitset) ((grid->cells[base + b] & MAZE_CELL_MASKED) != 0) << b;
      seen[base / 64] = word;
    }
}

/* The farthest cell from `from` of those in among (NULL: any open
 * cell); `from` itself when none is reachable. MAZE_NO_CELL (distance 0)
 * when memory runs out or stop says stop (then stop->stopped). */
static guint32
farthest_among (const MazeGrid   *grid,
                guint32           from,
                const MazeBitset *among,
                MazeStopCheck    *stop,
                guint32          *distance)
{
  g_autofree MazeBitset *seen = NULL;
  guint32 dist = 0, far = MAZE_NO_CELL;
  guint n_dirs;
  MazeRing ring;
  MazeWalker w;
  gboolean ok;

  if (distance != NULL)
    *distance = 0;
  g_return_val_if_fail (grid != NULL, MAZE_NO_CELL);
  g_return_val_if_fail (from < grid->n_cells, MAZE_NO_CELL);
  g_return_val_if_fail (!maze_grid_is_masked (grid, from), MAZE_NO_CELL);

  if (!maze_walker_init (&w, grid, NULL))
    return MAZE_NO_CELL;
  w.stop = stop;
  seen = maze_bitset_new (grid->n_cells);
  if (seen == NULL || !maze_ring_init (&ring))
    return MAZE_NO_CELL;
  mark_masked (grid, seen);

  n_dirs = grid->topology->n_dirs;
  if (among != NULL)
    ok = sweep (&w, n_dirs, w.needs_xy, seen, &ring, among, from, &far, &dist);
  else if (n_dirs == 4 && !w.needs_xy)
    ok = sweep (&w, 4, FALSE, seen, &ring, NULL, from, &far, &dist);
  else if (n_dirs == 6 && w.needs_xy)
    ok = sweep (&w, 6, TRUE, seen, &ring, NULL, from, &far, &dist);
  else
    ok = sweep (&w, n_dirs, w.needs_xy, seen, &ring, NULL, from, &far, &dist);
  g_free (ring.items);
  if (!ok)
    return MAZE_NO_CELL;

  if (distance != NULL)
    *distance = dist;
  return far;
}

guint32
maze_farthest_cell (const MazeGrid *grid,
                    guint32         from,
                    guint32        *distance)
{
  return farthest_among (grid, from, NULL, NULL, distance);
}

/* Whether (x, y) has a side on the grid's border, where a step leads
 * off the grid. */
static gboolean
on_border (const MazeGrid *grid,
           guint           x,
           guint           y)
{
  for (guint d = 0; d < grid->topology->n_dirs; d++)
    {
      guint nx, ny;

      if (maze_grid_has_dir (grid, x, y, d) &&
          !maze_grid_step (grid, x, y, d, &nx, &ny))
        return TRUE;
    }
  return FALSE;
}

/* The masked cells joined to the grid's border through masked cells:
 * the paper around a shape, not the holes inside it (the counter of an
 * "e" or an "o"), where a door would lead nowhere. NULL when memory runs
 * out. */
static MazeBitset *
outside_cells (const MazeGrid *grid)
{
  MazeBitset *outside = maze_bitset_new (grid->n_cells);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint32));

  if (outside == NULL)
    return NULL;
  for (guint y = 0; y < grid->height; y++)
    for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
      {
        guint32 cell = maze_grid_index (grid, x, y);

        if (maze_grid_is_masked (grid, cell) && on_border (grid, x, y))
          {
            maze_bitset_set (outside, cell);
            g_array_append_val (stack, cell);
          }
      }
  while (stack->len > 0)
    {
      guint32 cell = g_array_index (stack, guint32, stack->len - 1);
      guint x, y;

      g_array_set_size (stack, stack->len - 1);
      maze_grid_xy (grid, cell, &x, &y);
      for (guint d = 0; d < grid->topology->n_dirs; d++)
        {
          guint nx, ny;
          guint32 next;

          if (!maze_grid_step (grid, x, y, d, &nx, &ny))
            continue;
          next = maze_grid_index (grid, nx, ny);
          if (!maze_grid_is_masked (grid, next) || maze_bitset_get (outside, next))
            continue;
          maze_bitset_set (outside, next);
          g_array_append_val (stack, next);
        }
    }
  return outside;
}

/* The open cells on the outline of a masked maze: those with a side on
 * the grid's border or towards the masked paper outside the shape (not
 * a hole inside it), where a door can be cut (maze_render_door_dir()).
 * NULL when memory runs out. */
static MazeBitset *
outline_cells (const MazeGrid *grid)
{
  g_autofree MazeBitset *outside = outside_cells (grid);
  MazeBitset *set = maze_bitset_new (grid->n_cells);
  guint n_dirs = grid->topology->n_dirs;

  if (set == NULL || outside == NULL)
    {
      g_free (set);
      return NULL;
    }
  for (guint y = 0; y < grid->height; y++)
    for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
      {
        if (!maze_grid_is_open (grid, x, y))
          continue;
        for (guint d = 0; d < n_dirs; d++)
          {
            guint nx, ny;

            if (!maze_grid_has_dir (grid, x, y, d))
              continue;
            if (!maze_grid_step (grid, x, y, d, &nx, &ny) ||
                maze_bitset_get (outside, maze_grid_index (grid, nx, ny)))
              {
                maze_bitset_set (set, maze_grid_index (grid, x, y));
                break;
              }
          }
      }
  return set;
}

static guint32
first_open_cell (const MazeGrid *grid)
{
  for (guint32 i = 0; i < grid->n_cells; i++)
    if (!maze_grid_is_masked (grid, i))
      return i;
  return MAZE_NO_CELL;
}

static guint32
last_open_cell (const MazeGrid *grid)
{
  for (guint32 i = grid->n_cells; i > 0; i--)
    if (!maze_grid_is_masked (grid, i - 1))
      return i - 1;
  return MAZE_NO_CELL;
}

/* FARTHEST gives the two ends of a longest path of a perfect maze, start
 * being the one earlier in reading order. */
gboolean
maze_endpoints_choose (const MazeGrid       *grid,
                       MazeEndpointsPreset   preset,
                       guint32              *start,
                       guint32              *end,
                       GError              **error)
{
  return maze_endpoints_choose_full (grid, preset, NULL, NULL, start, end, error);
}

gboolean
maze_endpoints_choose_full (const MazeGrid       *grid,
                            MazeEndpointsPreset   preset,
                            MazeStopFunc          stop,
                            gpointer              stop_data,
                            guint32              *start,
                            guint32              *end,
                            GError              **error)
{
  MazeStopCheck check;
  guint32 first, a, b;

  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (start != NULL && end != NULL, FALSE);

  first = first_open_cell (grid);
  if (first == MAZE_NO_CELL)
    {
      g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED,
                           _("Every cell is masked: there is no cell to start or end at"));
      return FALSE;
    }

  switch (preset)
    {
    case MAZE_ENDPOINTS_CORNERS:
      /* A circular grid's cells go ring after ring from the inside, so
       * its centre cell, when open, is first. */
      *start = first;
      *end = last_open_cell (grid);
      return TRUE;

    case MAZE_ENDPOINTS_FARTHEST:
      /* A shaped maze starts and ends on its outline, where doors can
       * be cut: the two sweeps among the outline's cells (first is one)
       * give the pair farthest apart of them (generator version 3). */
      maze_stop_check_init (&check, stop, stop_data);
      if (maze_grid_has_mask (grid, NULL))
        {
          g_autofree MazeBitset *outline = outline_cells (grid);

          a = outline != NULL ? farthest_among (grid, first, outline, &check, NULL) : MAZE_NO_CELL;
          b = a != MAZE_NO_CELL ? farthest_among (grid, a, outline, &check, NULL) : MAZE_NO_CELL;
        }
      else
        {
          a = farthest_among (grid, first, NULL, &check, NULL);
          b = a != MAZE_NO_CELL ? farthest_among (grid, a, NULL, &check, NULL) : MAZE_NO_CELL;
        }
      if (b == MAZE_NO_CELL && check.stopped)
        {
          g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_CANCELLED,
                               _("Choosing the start and the end was cancelled"));
          return FALSE;
        }
      if (b == MAZE_NO_CELL)
        {
          maze_solve_set_out_of_memory (error);
          return FALSE;
        }
      *start = MIN (a, b);
      *end = MAX (a, b);
      return TRUE;

    default:
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Unknown endpoint preset %d"), (int) preset);
      return FALSE;
    }
}
