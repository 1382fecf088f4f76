/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-metrics.h"

#include "maze-endpoints.h"
#include "maze-solver-private.h"

/* log2 (n) in thousandths, n >= 1, integers only so every platform agrees:
 * the integer part is the top bit, then 16 bits of fraction by repeated
 * squaring of the mantissa (Q30 fixed point, in [1, 2)). */
static guint32
log2_permille (guint32 n)
{
  guint whole = 31 - (guint) __builtin_clz (n);
  guint64 m = ((guint64) n << 30) >> whole;
  guint64 fixed = whole;

  for (guint i = 0; i < 16; i++)
    {
      m = (m * m) >> 30;
      fixed <<= 1;
      if (m >= (G_GUINT64_CONSTANT (2) << 30))
        {
          m >>= 1;
          fixed |= 1;
        }
    }
  return (guint32) ((fixed * 1000) >> 16);
}

static guint64
clamp_permille (guint64 v)
{
  return MIN (v, 1000);
}

/* The direction of the step from cell a to its neighbour b. */
static guint
step_dir (const MazeGrid *grid,
          guint32         a,
          guint32         b)
{
  guint x, y;

  maze_grid_xy (grid, a, &x, &y);
  for (guint d = 0; d < grid->topology->n_dirs; d++)
    {
      guint nx, ny;

      if (maze_grid_step (grid, x, y, d, &nx, &ny) && maze_grid_index (grid, nx, ny) == b)
        return d;
    }
  g_assert_not_reached ();
}

static gboolean
count_degrees (const MazeGrid  *grid,
               MazeMetrics     *m,
               GError         **error)
{
  MazeWalker w;

  if (!maze_walker_init (&w, grid, error))
    return FALSE;
  for (guint y = 0; y < grid->height; y++)
    for (guint x = 0; x < grid->width; x++)
      {
        guint32 cell = maze_grid_index (grid, x, y);
        guint degree;

        if (maze_grid_is_masked (grid, cell))
          continue;
        degree = (guint) __builtin_popcount (maze_walker_open_exits (&w, grid->topology->n_dirs,
                                                                     cell, x, y));
        m->open_cells++;
        if (degree == 1)
          m->dead_ends++;
        else if (degree >= 3)
          m->junctions++;
      }
  return TRUE;
}

gboolean
maze_metrics_compute (const MazeGrid  *grid,
                      guint32          start,
                      guint32          end,
                      MazeMetrics     *metrics,
                      GError         **error)
{
  g_autoptr(MazeSolution) solution = NULL;
  MazeMetrics m = { 0, };
  guint64 r, d, j, t, size, score;
  guint32 far, dist = 0;

  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (metrics != NULL, FALSE);

  solution = maze_solve (grid, maze_solver_for_answer (grid), start, end, NULL, error);
  if (solution == NULL)
    return FALSE;

  if (!count_degrees (grid, &m, error))
    return FALSE;
  g_assert (m.open_cells > 0);  /* start is one */
  /* Rounded, as they are shown with one decimal: 6 of 17 is 35.3 %. */
  m.dead_end_permille = (guint32) (((guint64) m.dead_ends * 1000 + m.open_cells / 2) / m.open_cells);
  m.solution_length = solution->path_len;
  m.solution_permille = (guint32) (((guint64) m.solution_length * 1000 + m.open_cells / 2) / m.open_cells);
  for (guint32 i = 2; i < solution->path_len; i++)
    if (step_dir (grid, solution->path[i - 2], solution->path[i - 1]) !=
        step_dir (grid, solution->path[i - 1], solution->path[i]))
      m.turns++;

  /* Two sweeps: the farthest cell from anywhere is an end of a longest path
   * (exactly so in a perfect maze). Start from the start, so a maze in
   * pieces is measured in the piece that is solved. */
  far = maze_farthest_cell (grid, start, NULL);
  if (far != MAZE_NO_CELL)
    far = maze_farthest_cell (grid, far, &dist);
  if (far == MAZE_NO_CELL)
    {
      maze_solve_set_out_of_memory (error);
      return FALSE;
    }
  m.longest_path = dist + 1;

  m.perfect = maze_grid_check_perfect (grid, NULL);

  /* Every part in thousandths, the weights in percent: score is in
   * thousandths of a point, rounded to the nearest point. */
  r = clamp_permille ((guint64) m.solution_length * 1000 / m.open_cells);
  d = clamp_permille ((guint64) m.dead_ends * 3000 / m.open_cells);
  j = clamp_permille ((guint64) m.junctions * 4000 / m.open_cells);
  t = clamp_permille ((guint64) m.turns * 1000 / MAX (1, (gint64) m.solution_length - 2));
  size = clamp_permille (log2_permille (m.open_cells) / 20);
  score = 30 * r + 20 * d + 20 * j + 10 * t + 20 * size;
  m.difficulty = (guint32) ((score + 500) / 1000);

  *metrics = m;
  return TRUE;
}
