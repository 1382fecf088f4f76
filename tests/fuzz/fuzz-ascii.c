/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "fuzz-ascii"

#include "config.h"

#include "fuzz-target.h"

#include <string.h>

#include "maze-core.h"
#include "maze-text.h"

/* The text importer (classic and Unicode, rect and hex), from bytes.
 * Whatever comes in: a MAZE_ERROR with a message, or a valid grid with
 * doors on open cells, which written out in either style reads back the
 * same. */

static void
assert_round_trip (const MazeGrid *grid,
                   const GArray   *doors,
                   MazeTextStyle   style)
{
  g_autoptr(MazeGrid) again = NULL;
  g_autoptr(GArray) again_doors = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  MazeTextOptions options;

  maze_text_options_init (&options);
  options.style = style;
  if (doors->len >= 2)
    {
      options.start = g_array_index (doors, guint32, 0);
      options.end = g_array_index (doors, guint32, doors->len - 1);
    }
  text = maze_text_to_string (grid, &options);
  g_assert_nonnull (text);
  again = maze_text_parse (text, strlen (text), &again_doors, &error);
  if (again == NULL)
    g_error ("written text does not read back: %s\n%s", error->message, text);
  g_assert_true (maze_grid_equal (grid, again));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = NULL;
  g_autoptr(GArray) doors = NULL;

  grid = maze_text_parse ((const char *) data, size, &doors, &error);
  if (grid == NULL)
    {
      g_assert_nonnull (error);
      g_assert_true (error->domain == MAZE_ERROR);
      g_assert_true (error->message != NULL && error->message[0] != '\0');
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }
  g_assert_no_error (error);
  g_assert_true (maze_grid_validate (grid, NULL));
  g_assert_nonnull (doors);
  for (guint i = 0; i < doors->len; i++)
    {
      guint32 cell = g_array_index (doors, guint32, i);

      g_assert_cmpuint (cell, <, grid->n_cells);
      g_assert_false (maze_grid_is_masked (grid, cell));
    }

  assert_round_trip (grid, doors, MAZE_TEXT_CLASSIC);
  assert_round_trip (grid, doors, MAZE_TEXT_UNICODE);
  return 0;
}
