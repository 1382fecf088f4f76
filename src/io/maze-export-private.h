/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-braid.h"
#include "maze-export.h"
#include "maze-export-request.h"
#include "maze-generate.h"
#include "maze-puzzle.h"
#include "maze-worksheet.h"

G_BEGIN_DECLS

/* Shared by the PNG and SVG writers: the words that describe a puzzle in
 * a file's metadata. Nothing here is API. Kept untranslated and ASCII so a
 * script can read them back and a PNG tEXt chunk (Latin-1) can hold them. */

static inline const char *
maze_export_algorithm_name (const MazePuzzle *puzzle)
{
  return maze_algorithm_get_info (puzzle->algorithm)->name;
}

/* "rect 20x15, algorithm growing-tree (newest), seed 42, braid 0.25"
 * ("circular 12 rings of 6 to 96"): shape and size always, how it was
 * made when the puzzle knows. Free with g_free(). */
static inline char *
maze_export_describe (const MazePuzzle *puzzle)
{
  const MazeGrid *grid = puzzle->grid;
  GString *s = g_string_new (NULL);

  if (grid->polar != NULL)
    g_string_append_printf (s, "%s %u rings of %u to %u", maze_shape_to_string (grid->shape),
                            grid->height, maze_grid_row_length (grid, 0), grid->width);
  else
    g_string_append_printf (s, "%s %ux%u", maze_shape_to_string (grid->shape),
                            grid->width, grid->height);
  if (puzzle->has_parameters)
    {
      g_string_append_printf (s, ", algorithm %s", maze_export_algorithm_name (puzzle));
      if (puzzle->algorithm == MAZE_ALGORITHM_GROWING_TREE)
        g_string_append_printf (s, " (%s)",
                                maze_growing_tree_mode_to_string (puzzle->growing_tree_mode));
      g_string_append_printf (s, ", seed %" G_GUINT64_FORMAT, puzzle->seed);
      if (puzzle->braid > 0)
        {
          char buf[G_ASCII_DTOSTR_BUF_SIZE];

          g_ascii_formatd (buf, sizeof buf, "%.4g", (double) puzzle->braid / MAZE_BRAID_ONE);
          g_string_append_printf (s, ", braid %s", buf);
        }
    }
  return g_string_free (s, FALSE);
}

/* Length in unit as inches; unit is MM or IN. */
static inline double
maze_export_to_inches (double   length,
                       MazeUnit unit)
{
  return unit == MAZE_UNIT_IN ? length : length / MAZE_MM_PER_INCH;
}

/* The request's check of one value against its limit (maze-export-request.c),
 * for the writers that take the same value: FALSE with the message that
 * names the value and the limit. unit is the one the value was given in
 * (a length is checked in mm). */
gboolean maze_export_check_limit   (MazeExportLimitId         id,
                                    double                    value,
                                    MazeUnit                  unit,
                                    GError                  **error);
/* What the PNG and SVG writers both refuse: a cell that is no size, an
 * image width that is no size, a unit not known. */
gboolean maze_export_check_drawing (const MazeRenderOptions  *render,
                                    double                    width,
                                    MazeUnit                  unit,
                                    GError                  **error);

/* maze-export-legible.c: the page orientation the request's worksheet
 * gets for puzzle (the user's, or the one with the bigger cells when
 * auto_orientation), and the refusal of cells too small to read. */
gboolean maze_export_choose_landscape (const MazeExportRequest    *request,
                                       const MazeWorksheetOptions *sheet,
                                       const MazePuzzle           *puzzle);
/* The one rule for a wall width in every format: at most half the cell
 * (in the drawing's units) the maze gets, or the walls cover the
 * passages. */
gboolean maze_export_check_wall_width (const MazeExportRequest    *request,
                                       double                      cell,
                                       GError                    **error);
gboolean maze_export_check_legible    (const MazeExportRequest    *request,
                                       const MazePuzzle           *puzzle,
                                       GError                    **error);

G_END_DECLS
