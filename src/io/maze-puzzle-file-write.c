/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-puzzle-file.h"
#include "maze-puzzle-file-private.h"

#include "maze-braid.h"
#include "maze-json-string.h"
#include "maze-region.h"
#include "maze-rng.h"

/* Writing a .maze document (the layout is in maze-puzzle-file.c). */

static void
append_algorithm (GString             *out,
                  MazeAlgorithm        algorithm,
                  MazeGrowingTreeMode  mode,
                  guint64              seed)
{
  g_string_append_printf (out,
                          "\"algorithm\": \"%s\", \"growing_tree_mode\": \"%s\", "
                          "\"seed\": \"%" G_GUINT64_FORMAT "\"",
                          maze_algorithm_get_info (algorithm)->name,
                          maze_growing_tree_mode_to_string (mode),
                          seed);
}

static void
append_cell (GString        *out,
             const MazeGrid *grid,
             guint32         cell)
{
  guint x, y;

  maze_grid_xy (grid, cell, &x, &y);
  g_string_append_printf (out, "[%u, %u]", x, y);
}

static void
append_edit (GString        *out,
             const MazeGrid *grid,
             const MazeEdit *edit)
{
  if (edit->kind == MAZE_EDIT_REGENERATE && maze_region_wraps (grid, &edit->rect))
    {
      /* A sector across angle 0 as the two regenerations it was made
       * of: a history rect stays inside the grid for every reader. */
      MazeEdit half = *edit;
      MazeRect after_0;

      maze_region_split_at_0 (grid, &edit->rect, &half.rect, &after_0);
      append_edit (out, grid, &half);
      g_string_append (out, ",\n    ");
      half.rect = after_0;
      half.seed = maze_rng_derive (edit->seed, MAZE_REGION_AFTER_0_STREAM);
      append_edit (out, grid, &half);
      return;
    }
  g_string_append_printf (out, "{\"edit\": \"%s\"", maze_edit_kind_to_string (edit->kind));

  switch (edit->kind)
    {
    case MAZE_EDIT_REGENERATE:
    case MAZE_EDIT_MASK:
      g_string_append_printf (out, ", \"rect\": [%u, %u, %u, %u], ",
                              edit->rect.x, edit->rect.y, edit->rect.width, edit->rect.height);
      append_algorithm (out, edit->algorithm, edit->growing_tree_mode, edit->seed);
      if (edit->kind == MAZE_EDIT_MASK)
        {
          MazeBitWriter w = { out };
          guint64 n = (guint64) edit->rect.width * edit->rect.height;

          g_string_append (out, ", \"mask\": \"");
          for (guint64 i = 0; i < n; i++)
            maze_bit_writer_put (&w, edit->mask != NULL && edit->mask[i] != 0, 1);
          maze_bit_writer_finish (&w);
          g_string_append_c (out, '"');
        }
      break;

    case MAZE_EDIT_START:
    case MAZE_EDIT_END:
    case MAZE_EDIT_WEIGHT:
      g_string_append (out, ", \"cell\": ");
      append_cell (out, grid, edit->cell);
      if (edit->kind == MAZE_EDIT_WEIGHT)
        g_string_append_printf (out, ", \"weight\": %u", edit->weight);
      break;

    default:
      g_assert_not_reached ();
    }

  g_string_append_c (out, '}');
}

static gboolean
grid_has_weights (const MazeGrid *grid)
{
  if (grid->weights == NULL)
    return FALSE;
  for (guint32 i = 0; i < grid->n_cells; i++)
    if (grid->weights[i] != 1)
      return TRUE;
  return FALSE;
}

/**
 * maze_puzzle_to_json:
 * @puzzle: a puzzle
 * @length: (out) (optional): the length of the text
 *
 * Writes @puzzle as a .maze document: small members one per line, the
 * bulk data as single base64 lines.
 *
 * Returns: the document, NUL-terminated; free with g_free().
 */
char *
maze_puzzle_to_json (const MazePuzzle *puzzle,
                     gsize            *length)
{
  const MazeGrid *grid;
  const MazeTopology *t;
  GString *out;
  MazeBitWriter w;
  guint bits;
  gboolean has_weights;
  gboolean has_mask;
  gsize size;

  g_return_val_if_fail (puzzle != NULL, NULL);
  g_return_val_if_fail (puzzle->grid != NULL, NULL);
  g_return_val_if_fail (puzzle->start < puzzle->grid->n_cells, NULL);
  g_return_val_if_fail (puzzle->end < puzzle->grid->n_cells, NULL);

  grid = puzzle->grid;
  t = grid->topology;
  bits = maze_file_owned_bits_per_cell (t);
  has_weights = grid_has_weights (grid);
  has_mask = maze_grid_has_mask (grid, NULL);

  /* Reserve the bulk up front: a big maze is nearly all base64. */
  size = 4096 + maze_base64_length (((guint64) grid->n_cells * bits + 7) / 8);
  if (has_mask)
    size += maze_base64_length (((guint64) grid->n_cells + 7) / 8);
  if (has_weights)
    size += maze_base64_length (grid->n_cells);
  out = g_string_sized_new (size);

  g_string_append_printf (out,
                          "{\n"
                          "  \"format\": \"mazewright\",\n"
                          "  \"version\": %d,\n"
                          "  \"generator_version\": %d,\n",
                          maze_file_version_for_grid (grid), MAZE_GENERATOR_VERSION);
  if (puzzle->title != NULL)
    {
      g_string_append (out, "  \"title\": ");
      maze_json_append_string (out, puzzle->title);
      g_string_append (out, ",\n");
    }
  if (grid->polar != NULL)
    g_string_append_printf (out,
                            "  \"shape\": \"%s\",\n"
                            "  \"rings\": %u,\n"
                            "  \"first\": %u,\n"
                            "  \"centre\": \"%s\",\n",
                            maze_shape_to_string (grid->shape), grid->polar->n_rings,
                            grid->polar->first, grid->polar->centre ? "cell" : "room");
  else
    g_string_append_printf (out,
                            "  \"shape\": \"%s\",\n"
                            "  \"width\": %u,\n"
                            "  \"height\": %u,\n",
                            maze_shape_to_string (grid->shape), grid->width, grid->height);

  if (puzzle->has_parameters)
    {
      char braid[G_ASCII_DTOSTR_BUF_SIZE];

      /* braid_fixed / 2^16 is exact in a double and %.17g prints it
       * exactly: the fraction is for people, braid_fixed for programs. */
      g_ascii_dtostr (braid, sizeof braid, (double) puzzle->braid / MAZE_BRAID_ONE);
      g_string_append (out, "  \"parameters\": {");
      append_algorithm (out, puzzle->algorithm, puzzle->growing_tree_mode, puzzle->seed);
      g_string_append_printf (out, ", \"braid\": %s, \"braid_fixed\": %u",
                              braid, puzzle->braid);
      /* Optional: older readers pass it by. */
      if (puzzle->has_band)
        g_string_append_printf (out, ", \"difficulty_min\": %u, \"difficulty_max\": %u",
                                puzzle->band_min, puzzle->band_max);
      g_string_append (out, "},\n");
    }

  g_string_append (out, "  \"start\": ");
  append_cell (out, grid, puzzle->start);
  g_string_append (out, ",\n  \"end\": ");
  append_cell (out, grid, puzzle->end);
  g_string_append (out, ",\n");
  maze_file_append_outline (out, puzzle->outline);

  /* A reader refuses more than MAZE_FILE_MAX_HISTORY entries, so only
   * the newest are written: the passages are the truth and the history
   * only a record, and a document must never be saved into a file that
   * will not open. (The puzzle in memory keeps all of them.) */
  if (puzzle->history->len > 0)
    {
      guint first = puzzle->history->len > MAZE_FILE_MAX_HISTORY
                    ? puzzle->history->len - MAZE_FILE_MAX_HISTORY : 0;

      g_string_append (out, "  \"history\": [\n");
      for (guint i = first; i < puzzle->history->len; i++)
        {
          g_string_append (out, "    ");
          append_edit (out, grid, g_ptr_array_index (puzzle->history, i));
          g_string_append (out, i + 1 < puzzle->history->len ? ",\n" : "\n");
        }
      g_string_append (out, "  ],\n");
    }

  if (has_mask)
    {
      w = (MazeBitWriter) { out };
      g_string_append (out, "  \"mask\": \"");
      for (guint32 i = 0; i < grid->n_cells; i++)
        maze_bit_writer_put (&w, (grid->cells[i] & MAZE_CELL_MASKED) != 0, 1);
      maze_bit_writer_finish (&w);
      g_string_append (out, "\",\n");
    }

  if (has_weights)
    {
      w = (MazeBitWriter) { out };
      g_string_append (out, "  \"weights\": \"");
      for (guint32 i = 0; i < grid->n_cells; i++)
        maze_bit_writer_put_byte (&w, grid->weights[i]);
      maze_bit_writer_finish (&w);
      g_string_append (out, "\",\n");
    }

  w = (MazeBitWriter) { out };
  g_string_append (out, "  \"passages\": \"");
  for (guint32 i = 0; i < grid->n_cells; i++)
    maze_bit_writer_put (&w, grid->cells[i] & ((1u << bits) - 1), bits);
  maze_bit_writer_finish (&w);
  g_string_append (out, "\"\n}\n");

  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}
