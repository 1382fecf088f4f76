/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-puzzle-text.h"

#include "maze-text.h"

MazePuzzle *
maze_puzzle_from_text (const char  *text,
                       gsize        length,
                       guint       *n_doors,
                       GError     **error)
{
  g_autoptr(GArray) doors = NULL;
  MazeGrid *grid;
  guint32 start = MAZE_NO_CELL, end = MAZE_NO_CELL;
  guint n;

  g_return_val_if_fail (text != NULL || length == 0, NULL);

  grid = maze_text_parse (text, length, &doors, error);
  if (grid == NULL)
    return NULL;

  n = doors != NULL ? doors->len : 0;
  if (n >= 2)
    {
      start = g_array_index (doors, guint32, 0);
      end = g_array_index (doors, guint32, n - 1);
    }
  if (n_doors != NULL)
    *n_doors = n;
  return maze_puzzle_new_for_grid (grid, start, end);
}
