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
  guint32 marks[2];
  guint32 start = MAZE_NO_CELL, end = MAZE_NO_CELL;
  guint n;

  g_return_val_if_fail (text != NULL || length == 0, NULL);

  grid = maze_text_parse_marked (text, length, &doors, marks, error);
  if (grid == NULL)
    return NULL;

  n = doors != NULL ? doors->len : 0;
  if (marks[0] == MAZE_NO_CELL && marks[1] == MAZE_NO_CELL)
    {
      if (n >= 2)
        {
          start = g_array_index (doors, guint32, 0);
          end = g_array_index (doors, guint32, n - 1);
        }
    }
  else
    {
      /* An S or an E says which end it is; a door makes up the other. */
      start = marks[0];
      end = marks[1];
      if (start == MAZE_NO_CELL && n > 0)
        start = g_array_index (doors, guint32, 0);
      if (end == MAZE_NO_CELL && n > 0)
        end = g_array_index (doors, guint32, n - 1);
      n = (start != MAZE_NO_CELL) + (end != MAZE_NO_CELL);
      if (n < 2)
        start = end = MAZE_NO_CELL;
    }
  if (n_doors != NULL)
    *n_doors = n;
  return maze_puzzle_new_for_grid (grid, start, end);
}
