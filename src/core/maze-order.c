/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-order.h"

#include <glib/gi18n-lib.h>

#include "maze-error.h"
#include "maze-metrics.h"

MazePuzzle *
maze_puzzle_generate_to_order (MazeShape                   shape,
                               guint                       width,
                               guint                       height,
                               const MazeGenerateOptions  *options,
                               guint32                     braid,
                               MazeEndpointsPreset         preset,
                               guint32                     min_score,
                               guint32                     max_score,
                               guint                      *tries,
                               GError                    **error)
{
  g_autoptr(MazeGrid) grid = maze_grid_new (shape, width, height, error);

  if (grid == NULL)
    return NULL;
  return maze_puzzle_generate_to_order_on (grid, options, braid, preset, min_score, max_score,
                                           tries, error);
}

MazePuzzle *
maze_puzzle_generate_to_order_on (const MazeGrid             *shape,
                                  const MazeGenerateOptions  *options,
                                  guint32                     braid,
                                  MazeEndpointsPreset         preset,
                                  guint32                     min_score,
                                  guint32                     max_score,
                                  guint                      *tries,
                                  GError                    **error)
{
  guint32 lowest = G_MAXUINT32, highest = 0;

  g_return_val_if_fail (shape != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (min_score <= max_score, NULL);

  for (guint i = 0; i < MAZE_ORDER_MAX_TRIES; i++)
    {
      g_autoptr(MazePuzzle) puzzle = NULL;
      MazeGenerateOptions one = *options;
      MazeMetrics metrics;

      if (options->progress != NULL &&
          !options->progress ((double) i / MAZE_ORDER_MAX_TRIES, options->progress_data))
        {
          g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_CANCELLED, _("Cancelled"));
          return NULL;
        }
      /* Each try on its own, told nothing: the tries are the progress. */
      one.seed = options->seed + i;
      one.progress = NULL;
      puzzle = maze_puzzle_generate_on (maze_grid_copy (shape), &one, braid, preset, error);
      if (puzzle == NULL ||
          !maze_metrics_compute (puzzle->grid, puzzle->start, puzzle->end, &metrics, error))
        return NULL;
      if (tries != NULL)
        *tries = i + 1;
      if (metrics.difficulty >= min_score && metrics.difficulty <= max_score)
        {
          puzzle->has_band = TRUE;
          puzzle->band_min = min_score;
          puzzle->band_max = max_score;
          return g_steal_pointer (&puzzle);
        }
      lowest = MIN (lowest, metrics.difficulty);
      highest = MAX (highest, metrics.difficulty);
    }

  if (highest < min_score)
    g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                 _("No maze of %u tries scored %u to %u: they scored %u to %u, too easy. "
                   "Make it bigger, with fewer loops, or by an algorithm with long "
                   "corridors (backtracker)"),
                 MAZE_ORDER_MAX_TRIES, min_score, max_score, lowest, highest);
  else if (lowest > max_score)
    g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                 _("No maze of %u tries scored %u to %u: they scored %u to %u, too hard. "
                   "Make it smaller, or with more loops"),
                 MAZE_ORDER_MAX_TRIES, min_score, max_score, lowest, highest);
  else
    g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                 _("No maze of %u tries scored %u to %u: they scored %u to %u, either side "
                   "of it. Ask for a wider band"),
                 MAZE_ORDER_MAX_TRIES, min_score, max_score, lowest, highest);
  return NULL;
}
