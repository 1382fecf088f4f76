/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "fuzz-maze-file"

#include "config.h"

#include "fuzz-target.h"

#include <string.h>

#include "maze-core.h"
#include "maze-puzzle-file.h"

/* The .maze loader, from bytes. Whatever comes in: a MAZE_ERROR with a
 * message, or a puzzle that checks out and that saves and loads again to
 * the same puzzle. */

static void
assert_same_puzzle (const MazePuzzle *a,
                    const MazePuzzle *b)
{
  /* Shape, size, passages, mask and weights. */
  g_assert_true (maze_grid_equal (a->grid, b->grid));
  g_assert_cmpuint (a->start, ==, b->start);
  g_assert_cmpuint (a->end, ==, b->end);
  g_assert_cmpstr (a->title, ==, b->title);
  g_assert_cmpint (a->has_parameters, ==, b->has_parameters);
  if (a->has_parameters)
    {
      g_assert_cmpint (a->algorithm, ==, b->algorithm);
      g_assert_cmpint (a->growing_tree_mode, ==, b->growing_tree_mode);
      g_assert_cmpuint (a->seed, ==, b->seed);
      g_assert_cmpuint (a->braid, ==, b->braid);
    }
  g_assert_cmpuint (a->history->len, ==, b->history->len);
  for (guint i = 0; i < a->history->len; i++)
    {
      const MazeEdit *ea = g_ptr_array_index (a->history, i);
      const MazeEdit *eb = g_ptr_array_index (b->history, i);

      g_assert_cmpint (ea->kind, ==, eb->kind);
      switch (ea->kind)
        {
        case MAZE_EDIT_MASK:
          g_assert_cmpmem (ea->mask, (gsize) ea->rect.width * ea->rect.height,
                           eb->mask, (gsize) eb->rect.width * eb->rect.height);
          G_GNUC_FALLTHROUGH;
        case MAZE_EDIT_REGENERATE:
          g_assert_cmpmem (&ea->rect, sizeof ea->rect, &eb->rect, sizeof eb->rect);
          g_assert_cmpint (ea->algorithm, ==, eb->algorithm);
          g_assert_cmpint (ea->growing_tree_mode, ==, eb->growing_tree_mode);
          g_assert_cmpuint (ea->seed, ==, eb->seed);
          break;
        case MAZE_EDIT_WEIGHT:
          g_assert_cmpuint (ea->weight, ==, eb->weight);
          G_GNUC_FALLTHROUGH;
        case MAZE_EDIT_START:
        case MAZE_EDIT_END:
        default:
          g_assert_cmpuint (ea->cell, ==, eb->cell);
          break;
        }
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *text = (const char *) data;
  g_autoptr(GError) error = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;
  g_autoptr(MazePuzzle) again = NULL;
  g_autofree char *json = NULL;
  gsize length = 0;

  maze_puzzle_file_sniff (text, size);

  puzzle = maze_puzzle_from_json (text, (gssize) size, &error);
  if (puzzle == NULL)
    {
      g_assert_nonnull (error);
      g_assert_true (error->domain == MAZE_ERROR);
      g_assert_true (error->message != NULL && error->message[0] != '\0');
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }
  g_assert_no_error (error);

  /* What was loaded is a valid puzzle... */
  g_assert_true (maze_grid_validate (puzzle->grid, NULL));
  g_assert_true (maze_puzzle_check_endpoints (puzzle, NULL));

  /* ...that is written and read back the same. */
  json = maze_puzzle_to_json (puzzle, &length);
  g_assert_nonnull (json);
  again = maze_puzzle_from_json (json, (gssize) length, &error);
  g_assert_no_error (error);
  assert_same_puzzle (puzzle, again);
  return 0;
}
