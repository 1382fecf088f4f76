/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "maze-braid.h"
#include "maze-error.h"
#include "maze-puzzle.h"
#include "maze-region.h"
#include "maze-rng.h"

/* Stream 1 of the document seed braids the maze (see maze_rng_derive). */
#define BRAID_STREAM 1
/* Stream 2 chooses the loops closed to braid a maze less than it came. */
#define CLOSE_LOOPS_STREAM 2

static const char *const edit_kind_names[MAZE_N_EDIT_KINDS] = {
  "regenerate", "mask", "start", "end", "weight",
};

const char *
maze_edit_kind_to_string (MazeEditKind kind)
{
  g_return_val_if_fail ((guint) kind < MAZE_N_EDIT_KINDS, NULL);
  return edit_kind_names[kind];
}

gboolean
maze_edit_kind_from_string (const char   *name,
                            MazeEditKind *kind)
{
  for (guint i = 0; i < MAZE_N_EDIT_KINDS; i++)
    if (g_str_equal (edit_kind_names[i], name))
      {
        *kind = (MazeEditKind) i;
        return TRUE;
      }
  return FALSE;
}

MazeEdit *
maze_edit_copy (const MazeEdit *edit)
{
  MazeEdit *copy = g_memdup2 (edit, sizeof *edit);

  if (edit->mask != NULL)
    copy->mask = g_memdup2 (edit->mask, (gsize) edit->rect.width * edit->rect.height);
  return copy;
}

void
maze_edit_free (MazeEdit *edit)
{
  if (edit == NULL)
    return;
  g_free (edit->mask);
  g_free (edit);
}

static MazePuzzle *
puzzle_new (MazeGrid *grid)
{
  MazePuzzle *puzzle = g_new0 (MazePuzzle, 1);

  puzzle->grid = grid;
  puzzle->history = g_ptr_array_new_with_free_func ((GDestroyNotify) maze_edit_free);
  return puzzle;
}

MazePuzzle *
maze_puzzle_generate (MazeShape                   shape,
                      guint                       width,
                      guint                       height,
                      const MazeGenerateOptions  *options,
                      guint32                     braid,
                      MazeEndpointsPreset         preset,
                      GError                    **error)
{
  MazeGrid *grid = maze_grid_new (shape, width, height, error);

  if (grid == NULL)
    return NULL;
  return maze_puzzle_generate_on (grid, options, braid, preset, error);
}

/* What each stage of making a puzzle counts for in its progress: about
 * their times on a 2000 × 2000 maze (carving 2 ms to 0.8 s by algorithm,
 * braiding about 0.1 s, the farthest ends 0.15 s). */
#define CARVE_WORK 2
#define BRAID_WORK 1
#define ENDS_WORK  1

/* Reports work done of total to options' progress function; FALSE with
 * MAZE_ERROR_CANCELLED when it says stop. */
static gboolean
report_progress (const MazeGenerateOptions  *options,
                 guint                       done,
                 guint                       total,
                 GError                    **error)
{
  if (options->progress == NULL || options->progress ((double) done / total, options->progress_data))
    return TRUE;
  g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_CANCELLED,
                       _("Making the maze was cancelled"));
  return FALSE;
}

MazePuzzle *
maze_puzzle_generate_on (MazeGrid                   *grid,
                         const MazeGenerateOptions  *options,
                         guint32                     braid,
                         MazeEndpointsPreset         preset,
                         GError                    **error)
{
  return maze_puzzle_generate_on_full (grid, options, braid, preset, NULL, error);
}

MazePuzzle *
maze_puzzle_generate_on_full (MazeGrid                   *grid,
                              const MazeGenerateOptions  *options,
                              guint32                     braid,
                              MazeEndpointsPreset         preset,
                              MazeGrid                  **unbraided,
                              GError                    **error)
{
  g_autoptr(MazeGrid) owned = grid;
  g_autoptr(MazeGrid) base = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;
  guint total = CARVE_WORK + (braid > 0 ? BRAID_WORK : 0) + ENDS_WORK;

  g_return_val_if_fail (grid != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);

  if (!report_progress (options, 0, total, error))
    return NULL;
  maze_grid_clear_passages (owned);
  if (!maze_generate (owned, options, error) ||
      !report_progress (options, CARVE_WORK, total, error))
    return NULL;
  if (braid > 0)
    {
      if (unbraided != NULL)
        base = maze_grid_copy (owned);
      if (!maze_braid_full (owned, braid, maze_rng_derive (options->seed, BRAID_STREAM), NULL,
                            options->stop, options->stop_data, NULL, error) ||
          !report_progress (options, CARVE_WORK + BRAID_WORK, total, error))
        return NULL;
    }

  puzzle = puzzle_new (g_steal_pointer (&owned));
  puzzle->has_parameters = TRUE;
  puzzle->algorithm = options->algorithm;
  puzzle->growing_tree_mode = options->growing_tree_mode;
  puzzle->seed = options->seed;
  puzzle->braid = braid;
  if (!maze_endpoints_choose_full (puzzle->grid, preset, options->stop, options->stop_data,
                                   &puzzle->start, &puzzle->end, error) ||
      !report_progress (options, total, total, error))
    return NULL;
  if (unbraided != NULL)
    *unbraided = g_steal_pointer (&base);
  return g_steal_pointer (&puzzle);
}

/* The share of a maze's dead ends to open to bring it from the braid it
 * has to braid, as if it had none (what it has cannot be taken back). */
static guint32
share_to_open (guint32 has,
               guint32 braid)
{
  if (braid <= has)
    return 0;
  return (guint32) (((guint64) (braid - has) * MAZE_BRAID_ONE + (MAZE_BRAID_ONE - has) / 2) /
                    (MAZE_BRAID_ONE - has));
}

gboolean
maze_puzzle_braid (MazePuzzle      *puzzle,
                   const MazeGrid  *base,
                   guint32          base_braid,
                   guint32          braid,
                   MazeStopFunc     stop,
                   gpointer         stop_data,
                   GError         **error)
{
  g_autoptr(MazeGrid) closed = NULL;

  return maze_puzzle_braid_full (puzzle, base, base_braid, &closed, braid, stop, stop_data, error);
}

gboolean
maze_puzzle_braid_full (MazePuzzle      *puzzle,
                        const MazeGrid  *base,
                        guint32          base_braid,
                        MazeGrid       **closed,
                        guint32          braid,
                        MazeStopFunc     stop,
                        gpointer         stop_data,
                        GError         **error)
{
  g_autoptr(MazeGrid) grid = NULL;
  gboolean below = braid < base_braid;

  g_return_val_if_fail (puzzle != NULL && base != NULL && closed != NULL, FALSE);
  g_return_val_if_fail (*closed == NULL || maze_braid_is_base_of (*closed, base), FALSE);
  /* The puzzle's maze is base or, after a braid below base_braid, closed
   * with walls opened. */
  g_return_val_if_fail (maze_braid_is_base_of (*closed != NULL ? *closed : base, puzzle->grid),
                        FALSE);
  g_return_val_if_fail (braid <= MAZE_BRAID_ONE && base_braid <= MAZE_BRAID_ONE, FALSE);

  /* Below what base has, its loops cannot be told from each other:
   * close them all and braid the perfect maze that leaves. */
  if (below && *closed == NULL)
    {
      g_autoptr(MazeGrid) made = maze_grid_copy (base);

      if (!maze_braid_close_loops (made, maze_rng_derive (puzzle->seed, CLOSE_LOOPS_STREAM),
                                   stop, stop_data, error))
        return FALSE;
      *closed = g_steal_pointer (&made);
    }

  /* The passages and mask of base (or of it closed), the puzzle's own mud. */
  grid = maze_grid_copy (puzzle->grid);
  memcpy (grid->cells, below ? (*closed)->cells : base->cells, grid->n_cells);
  if (!maze_braid_full (grid, share_to_open (below ? 0 : base_braid, braid),
                        maze_rng_derive (puzzle->seed, BRAID_STREAM), NULL,
                        stop, stop_data, NULL, error))
    return FALSE;

  maze_grid_free (puzzle->grid);
  puzzle->grid = g_steal_pointer (&grid);
  puzzle->braid = braid;
  return TRUE;
}

MazePuzzle *
maze_puzzle_new_for_grid (MazeGrid *grid,
                          guint32   start,
                          guint32   end)
{
  MazePuzzle *puzzle;

  g_return_val_if_fail (grid != NULL, NULL);

  puzzle = puzzle_new (grid);
  puzzle->start = start;
  puzzle->end = end;
  return puzzle;
}

MazePuzzle *
maze_puzzle_copy (const MazePuzzle *puzzle)
{
  MazePuzzle *copy = puzzle_new (maze_grid_copy (puzzle->grid));

  copy->title = g_strdup (puzzle->title);
  copy->has_parameters = puzzle->has_parameters;
  copy->algorithm = puzzle->algorithm;
  copy->growing_tree_mode = puzzle->growing_tree_mode;
  copy->seed = puzzle->seed;
  copy->braid = puzzle->braid;
  copy->has_band = puzzle->has_band;
  copy->band_min = puzzle->band_min;
  copy->band_max = puzzle->band_max;
  copy->start = puzzle->start;
  copy->end = puzzle->end;
  copy->outline = maze_outline_params_copy (puzzle->outline);
  for (guint i = 0; i < puzzle->history->len; i++)
    g_ptr_array_add (copy->history, maze_edit_copy (g_ptr_array_index (puzzle->history, i)));
  return copy;
}

void
maze_puzzle_free (MazePuzzle *puzzle)
{
  if (puzzle == NULL)
    return;
  g_free (puzzle->title);
  g_ptr_array_unref (puzzle->history);
  maze_outline_params_free (puzzle->outline);
  maze_grid_free (puzzle->grid);
  g_free (puzzle);
}

void
maze_puzzle_set_title (MazePuzzle *puzzle,
                       const char *title)
{
  g_free (puzzle->title);
  puzzle->title = g_strdup (title);
}

char *
maze_puzzle_get_id (const MazePuzzle *puzzle)
{
  /* Crockford's base 32: no I, L, O or U to misread on paper. */
  static const char alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  guint64 h;
  char id[8];

  g_return_val_if_fail (puzzle != NULL, NULL);

  /* What is on the paper: the maze (its shape, size, mask and passages),
   * its mud and its two ends. Parameters alone would leave out the braid,
   * the growing tree's selection, a shape carved on and every edit. */
  h = maze_rng_derive (maze_grid_hash (puzzle->grid), ((guint64) puzzle->start << 32) | puzzle->end);
  if (puzzle->grid->weights != NULL)
    for (guint32 i = 0; i < puzzle->grid->n_cells; i++)
      h = (h ^ puzzle->grid->weights[i]) * G_GUINT64_CONSTANT (0x100000001b3);

  for (guint i = 0, k = 0; i < 7; i++)
    {
      if (i == 3)
        {
          id[i] = '-';
          continue;
        }
      id[i] = alphabet[(h >> (5 * k++)) & 31];
    }
  id[7] = '\0';
  return g_strdup (id);
}

/* Whole sentences for the start and for the end, so that translations
 * can agree with either word. */
static gboolean
check_cell (const MazeGrid  *grid,
            guint32          cell,
            gboolean         is_start,
            GError         **error)
{
  guint x, y;

  if (cell >= grid->n_cells)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   is_start
                   /* Translators: columns × rows of the maze */
                   ? _("The start is outside the %u×%u maze")
                   /* Translators: columns × rows of the maze */
                   : _("The end is outside the %u×%u maze"),
                   grid->width, grid->height);
      return FALSE;
    }
  maze_grid_xy (grid, cell, &x, &y);
  if (maze_grid_is_masked (grid, cell))
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   is_start
                   /* Translators: the cell as column,row */
                   ? _("The start (%u,%u) is on a masked cell")
                   /* Translators: the cell as column,row */
                   : _("The end (%u,%u) is on a masked cell"),
                   x, y);
      return FALSE;
    }
  return TRUE;
}

gboolean
maze_puzzle_check_endpoints (const MazePuzzle  *puzzle,
                             GError           **error)
{
  return check_cell (puzzle->grid, puzzle->start, TRUE, error) &&
         check_cell (puzzle->grid, puzzle->end, FALSE, error);
}

/* Checked first: a start and an end need an open cell, and finding none
 * after the regeneration would leave the grid changed. */
static gboolean
mask_leaves_open_cell (const MazeGrid *grid,
                       const MazeEdit *edit)
{
  const MazeRect *r = &edit->rect;

  for (guint y = r->y; y < r->y + r->height && y < grid->height; y++)
    {
      guint x0, x1;

      maze_rect_row_span (grid, r, y, &x0, &x1);
      for (guint x = x0; x < x1 && x < maze_grid_row_length (grid, y); x++)
        if (!edit->mask[maze_rect_local (grid, r, x, y)])
          return TRUE;
    }
  return maze_grid_has_open_outside (grid, r);
}

gboolean
maze_puzzle_apply (MazePuzzle      *puzzle,
                   const MazeEdit  *edit,
                   GError         **error)
{
  return maze_puzzle_apply_full (puzzle, edit, NULL, NULL, error);
}

gboolean
maze_puzzle_apply_full (MazePuzzle      *puzzle,
                        const MazeEdit  *edit,
                        MazeStopFunc     stop,
                        gpointer         stop_data,
                        GError         **error)
{
  MazeGrid *grid = puzzle->grid;

  g_return_val_if_fail (puzzle != NULL, FALSE);
  g_return_val_if_fail (edit != NULL, FALSE);

  switch (edit->kind)
    {
    case MAZE_EDIT_REGENERATE:
    case MAZE_EDIT_MASK:
      {
        MazeGenerateOptions options;

        if (edit->kind == MAZE_EDIT_MASK && edit->mask == NULL)
          {
            g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                                 _("A mask edit needs a mask"));
            return FALSE;
          }
        if (edit->kind == MAZE_EDIT_MASK && !mask_leaves_open_cell (grid, edit))
          {
            g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED,
                                 _("Every cell would be masked: there would be no maze left"));
            return FALSE;
          }
        maze_generate_options_init (&options);
        options.algorithm = edit->algorithm;
        options.growing_tree_mode = edit->growing_tree_mode;
        options.seed = edit->seed;
        options.stop = stop;
        options.stop_data = stop_data;
        if (!maze_regenerate_region (grid, &edit->rect,
                                     edit->kind == MAZE_EDIT_MASK ? edit->mask : NULL,
                                     &options, error))
          return FALSE;
        /* The mask may have covered the start or the end: move them to
         * the nearest open cell in reading order. */
        if (maze_grid_is_masked (grid, puzzle->start) || maze_grid_is_masked (grid, puzzle->end))
          {
            guint32 first, last;

            if (!maze_endpoints_choose (grid, MAZE_ENDPOINTS_CORNERS, &first, &last, error))
              return FALSE;
            if (maze_grid_is_masked (grid, puzzle->start))
              puzzle->start = first;
            if (maze_grid_is_masked (grid, puzzle->end))
              puzzle->end = last;
          }
      }
      break;

    case MAZE_EDIT_START:
    case MAZE_EDIT_END:
      if (!check_cell (grid, edit->cell, edit->kind == MAZE_EDIT_START, error))
        return FALSE;
      if (edit->kind == MAZE_EDIT_START)
        puzzle->start = edit->cell;
      else
        puzzle->end = edit->cell;
      break;

    case MAZE_EDIT_WEIGHT:
      if (edit->cell >= grid->n_cells || edit->weight < 1)
        {
          g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                               _("A weight must be 1 to 255 on a cell of the maze"));
          return FALSE;
        }
      maze_grid_set_weight (grid, edit->cell, edit->weight);
      break;

    default:
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Unknown edit %d"), (int) edit->kind);
      return FALSE;
    }

  g_ptr_array_add (puzzle->history, maze_edit_copy (edit));
  return TRUE;
}
