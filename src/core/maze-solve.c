/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-error.h"
#include "maze-solve.h"

/* TODO: stub, replaced by the real dispatcher. */
MazeSolution *
maze_solve (const MazeGrid      *grid,
            MazeSolverKind       solver,
            guint32              start,
            guint32              end,
            const MazeObserver  *observer,
            GError             **error)
{
  g_set_error (error, MAZE_ERROR, MAZE_ERROR_UNSUPPORTED, "not implemented yet");
  return NULL;
}

void
maze_solution_free (MazeSolution *solution)
{
  if (solution == NULL)
    return;
  g_free (solution->path);
  g_free (solution);
}
