/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-metrics.h"

#include "maze-difficulty.h"
#include "maze-endpoints.h"
#include "maze-solver-private.h"

static gboolean
count_degrees (const MazeGrid  *grid,
               MazeMetrics     *m,
               GError         **error)
{
  MazeWalker w;

  if (!maze_walker_init (&w, grid, error))
    return FALSE;
  for (guint y = 0; y < grid->height; y++)
    for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
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
  MazeDifficulty difficulty;
  MazeMetrics m = { 0, };
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
  if (!maze_difficulty_compute (grid, solution, &difficulty, error))
    return FALSE;
  m.turns = difficulty.turns;
  m.decisions = difficulty.decisions;
  m.deepest_branch = difficulty.deepest;
  m.work = difficulty.work;
  m.difficulty = difficulty.score;
  m.level = difficulty.level;

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

  *metrics = m;
  return TRUE;
}
