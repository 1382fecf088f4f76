/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-pack.h"

#include <glib/gi18n-lib.h>

#include "maze-error.h"
#include "maze-order.h"

MazeLevel
maze_pack_level_at (const MazePackOrder *order,
                    guint                index)
{
  guint span, n;

  g_return_val_if_fail (order != NULL, 0);

  if (order->from == 0)
    return 0;
  span = order->to > order->from ? order->to - order->from : 0;
  n = order->n_puzzles;
  if (n <= 1 || span == 0)
    return order->from;
  /* Even steps, rounded: the first puzzle at from, the last at to. */
  return (MazeLevel) (order->from + (index * span * 2 + (n - 1)) / (2 * (n - 1)));
}

MazePuzzle *
maze_pack_make_puzzle (const MazePackOrder  *order,
                       MazeLevel             level,
                       guint64               seed,
                       GError              **error)
{
  const MazePuzzle *model;
  const MazeGrid *grid;
  MazeShape shape;
  guint width, height;
  MazeGenerateOptions options;
  MazePuzzle *puzzle;

  g_return_val_if_fail (order != NULL && order->model != NULL, NULL);

  model = order->model;
  grid = model->grid;
  shape = grid->shape;

  maze_generate_options_init (&options);
  options.algorithm = model->algorithm;
  options.growing_tree_mode = model->growing_tree_mode;
  options.seed = seed;
  options.stop = order->stop;
  options.stop_data = order->stop_data;
  /* A band of scores: mazes of the model's size and (on rings) centre,
   * no mask or mud (maze_grid_new_like()). */
  if (level == 0)
    {
      g_autoptr(MazeGrid) like = maze_grid_new_like (grid, error);

      if (like == NULL)
        return NULL;
      puzzle = maze_puzzle_generate_to_order_on (like, &options, model->braid,
                                                 MAZE_ENDPOINTS_CORNERS, order->min_score,
                                                 order->max_score, NULL, error);
    }
  else
    {
      const MazeLevelInfo *info = maze_level_get_info (level);
      guint max_side = order->max_side[level - 1];
      /* On rings, a level keeps the model's room or centre cell: its
       * rings were measured for each (maze-level.c). */
      gboolean centre = maze_grid_is_centre (grid, 0, 0);
      g_autoptr(MazeGrid) level_grid = NULL;

      if (!maze_level_get_grid_size (info, shape, centre, max_side, &width, &height))
        {
          g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                       /* TRANSLATORS: %s is a level, such as "Expert" */
                       _("%s mazes cannot be made at most %u cells a side and stay that hard"),
                       maze_level_get_title (level), max_side);
          return NULL;
        }
      level_grid = maze_grid_new_rings (shape, width, height, centre, error);
      if (level_grid == NULL)
        return NULL;
      if (maze_algorithm_supports (info->algorithm, shape))
        options.algorithm = info->algorithm;
      puzzle = maze_puzzle_generate_to_order_on (level_grid, &options, info->braid,
                                                 info->endpoints, info->min_score,
                                                 info->max_score, NULL, error);
    }
  if (puzzle != NULL)
    maze_puzzle_set_title (puzzle, model->title);
  return puzzle;
}

GPtrArray *
maze_pack_make (const MazePackOrder  *order,
                GError              **error)
{
  g_return_val_if_fail (order != NULL, NULL);

  return maze_pack_make_first (order, order->n_puzzles, error);
}

GPtrArray *
maze_pack_make_first (const MazePackOrder  *order,
                      guint                 n_first,
                      GError              **error)
{
  g_autoptr(GPtrArray) puzzles = NULL;
  guint64 seed;

  g_return_val_if_fail (order != NULL && order->model != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  puzzles = g_ptr_array_new_with_free_func ((GDestroyNotify) maze_puzzle_free);
  seed = order->model->seed;
  for (guint i = 0; i < MIN (n_first, order->n_puzzles); i++)
    {
      g_autoptr(GError) local_error = NULL;
      MazePuzzle *puzzle = maze_pack_make_puzzle (order, maze_pack_level_at (order, i), seed,
                                                  &local_error);

      if (puzzle == NULL)
        {
          if (g_error_matches (local_error, MAZE_ERROR, MAZE_ERROR_CANCELLED))
            g_propagate_error (error, g_steal_pointer (&local_error));
          else
            g_set_error (error, local_error->domain, local_error->code,
                         /* TRANSLATORS: a puzzle of a pack could not be made; the
                          * reason follows */
                         _("Puzzle %u of %u: %s"), i + 1, order->n_puzzles,
                         local_error->message);
          return NULL;
        }
      seed = puzzle->seed + 1;
      g_ptr_array_add (puzzles, puzzle);
      if (order->progress != NULL &&
          !order->progress (i + 1, order->n_puzzles, order->progress_data))
        {
          g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_CANCELLED, _("Cancelled"));
          return NULL;
        }
    }
  return g_steal_pointer (&puzzles);
}
