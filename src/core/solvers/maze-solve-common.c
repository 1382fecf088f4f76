/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-solver-private.h"

/* The set-up and wind-up that the searches over "came from" bytes (BFS,
 * Dijkstra's, A*, backtracking) share; their inner loops share static
 * inline helpers in maze-solver-private.h. */

guint8 *
maze_solve_begin (const MazeGrid  *grid,
                  MazeStopCheck   *stop,
                  MazeWalker      *w,
                  GError         **error)
{
  guint8 *came_from;

  if (!maze_walker_init (w, grid, error))
    return NULL;
  w->stop = stop;
  came_from = maze_solve_new_came_from (grid);
  if (came_from == NULL)
    maze_solve_set_out_of_memory (error);
  return came_from;
}

MazeSolution *
maze_solve_finish (const MazeGrid    *grid,
                   MazeSolverKind     solver,
                   MazeSearchResult   result,
                   const guint8      *came_from,
                   guint32            start,
                   guint32            end,
                   guint64            explored,
                   GError           **error)
{
  switch (result)
    {
    case MAZE_SEARCH_FOUND:
      return maze_solution_from_parents (grid, solver, came_from, start, end, explored, error);
    case MAZE_SEARCH_NO_MEMORY:
      maze_solve_set_out_of_memory (error);
      return NULL;
    case MAZE_SEARCH_STOPPED:
      maze_solve_set_cancelled (error);
      return NULL;
    case MAZE_SEARCH_UNREACHABLE:
    default:
      maze_solve_set_unreachable (grid, start, end, error);
      return NULL;
    }
}
