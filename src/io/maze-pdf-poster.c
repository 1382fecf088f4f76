/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-pdf-poster.h"

#include <glib/gi18n-lib.h>

#include "maze-error.h"

gboolean
maze_pdf_poster_begin (MazePdfPoster         *poster,
                       const MazePdfOptions  *options,
                       MazePuzzle * const    *puzzles,
                       guint                  n_puzzles,
                       guint                 *n_tiles,
                       GError               **error)
{
  g_autoptr(GError) local_error = NULL;
  const MazePuzzle *puzzle = puzzles[0];

  *poster = (MazePdfPoster) { NULL };
  if (!(options->poster_cell_mm > 0.0))
    return TRUE;
  if (n_puzzles != 1)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("A poster holds one maze, not %u: make one poster a maze"), n_puzzles);
      return FALSE;
    }
  if (options->answer_key)
    {
      poster->answer = maze_solve (puzzle->grid, maze_solver_for_answer (puzzle->grid),
                                   puzzle->start, puzzle->end, NULL, &local_error);
      if (poster->answer == NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
    }
  poster->puzzle = puzzle;
  poster->sheet = &options->sheet;
  maze_poster_layout (&poster->layout, &options->sheet, puzzle, options->poster_cell_mm);
  *n_tiles = maze_poster_get_n_tiles (&poster->layout);
  return TRUE;
}

void
maze_pdf_poster_render (const MazePdfPoster *poster,
                        cairo_t             *cr,
                        guint                tile,
                        gboolean             answers)
{
  maze_poster_render_tile (cr, &poster->layout, poster->sheet, poster->puzzle, tile,
                           answers ? poster->answer : NULL);
}

void
maze_pdf_poster_clear (MazePdfPoster *poster)
{
  g_clear_pointer (&poster->answer, maze_solution_free);
  poster->puzzle = NULL;
}
