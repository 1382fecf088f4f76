/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-pack-fit.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "maze-error.h"

/* A level's maze (or the model's) at most max_side a side, with no
 * passages to carve: what the export will check. On rings it keeps the
 * model's room or centre cell, as the pack does: a centre draws one
 * ring less wide than a room, and has rings of its own. */
static MazeGrid *
level_grid (MazeShape  shape,
            gboolean   centre,
            MazeLevel  level,
            guint      max_side)
{
  const MazeLevelInfo *info = maze_level_get_info (level);
  guint width, height;

  maze_level_clamp_size (info, shape, centre, max_side, &width, &height);
  return maze_grid_new_rings (shape, width, height, centre, NULL);
}

/* Whether a maze of grid's size prints legibly where its ends fall: a
 * label beside a door takes room on the door's side. Corners are
 * known; a recipe's "farthest" ends only once it is made, so those
 * are checked in the corners, across the middle and from top to bottom
 * (on the outer ring, for rings), and the least of them counts. */
static gboolean
grid_fits (const MazeExportRequest  *request,
           const MazeGrid           *grid,
           MazeEndpointsPreset       endpoints,
           GError                  **error)
{
  guint h = grid->height, outer = maze_grid_row_length (grid, h - 1);
  guint32 ends[][2] = {
    { 0, grid->n_cells - 1 },
    { maze_grid_index (grid, 0, h / 2), maze_grid_index (grid, maze_grid_row_length (grid, h / 2) - 1, h / 2) },
    { maze_grid_index (grid, grid->width / 2, 0), maze_grid_index (grid, grid->width / 2, h - 1) },
  };

  /* One stand-in, its ends moved: a copy of a big grid is costly, and
   * the dialog asks on every change. */
  g_autoptr(MazePuzzle) stand_in = maze_puzzle_new_for_grid (maze_grid_copy (grid), 0, 0);

  if (grid->polar != NULL)
    {
      ends[1][0] = maze_grid_index (grid, 0, h - 1);
      ends[1][1] = maze_grid_index (grid, outer / 2, h - 1);
      ends[2][0] = maze_grid_index (grid, outer / 4, h - 1);
      ends[2][1] = maze_grid_index (grid, 3 * outer / 4, h - 1);
    }
  for (guint i = 0; i < (endpoints == MAZE_ENDPOINTS_CORNERS ? 1 : G_N_ELEMENTS (ends)); i++)
    {
      if (ends[i][0] == ends[i][1])
        continue;
      stand_in->start = ends[i][0];
      stand_in->end = ends[i][1];
      if (!maze_export_request_check (request, stand_in, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
level_fits (const MazeExportRequest  *request,
            MazeShape                 shape,
            gboolean                  centre,
            MazeLevel                 level,
            guint                     max_side,
            GError                  **error)
{
  MazeGrid *grid = level_grid (shape, centre, level, max_side);
  gboolean fits;

  if (grid == NULL)
    {
      g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE, _("No maze fits"));
      return FALSE;
    }
  fits = grid_fits (request, grid, maze_level_get_info (level)->endpoints, error);
  maze_grid_free (grid);
  return fits;
}

/* The largest side below the level's recipe at which it fits; 0 when
 * none does. Cells grow as the side falls, so a bisection finds it. */
static guint
largest_fitting_side (const MazeExportRequest *request,
                      MazeShape                shape,
                      gboolean                 centre,
                      MazeLevel                level)
{
  guint low = 0, high = maze_level_get_side (maze_level_get_info (level), shape, centre);

  /* low fits (or is 0), high does not. */
  while (high - low > 1)
    {
      guint middle = low + (high - low) / 2;

      if (level_fits (request, shape, centre, level, middle, NULL))
        low = middle;
      else
        high = middle;
    }
  return low;
}

static void
set_cannot_fit (const MazeExportRequest  *request,
                MazeShape                 shape,
                gboolean                  centre,
                MazeLevel                 level,
                guint                     side,
                GError                  **error)
{
  guint min_side = maze_level_get_min_side (maze_level_get_info (level), shape, centre);
  const char *paper = maze_paper_get_title (request->paper);
  g_autofree char *where = NULL;

  if (request->per_page > 1)
    /* Translators: how many mazes a page and the paper, e.g. "6 to a page of A4" */
    where = g_strdup_printf (ngettext ("%u to a page of %s", "%u to a page of %s",
                                       request->per_page),
                             request->per_page, paper);
  else
    /* Translators: %s is a paper size, e.g. "a page of A4" */
    where = g_strdup_printf (_("a page of %s"), paper);

  if (shape == MAZE_SHAPE_CIRCULAR)
    g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                 /* Translators: the first %s is a level ("Expert"), the second
                  * says where ("6 to a page of A4") */
                 _("%s mazes do not fit %s: the largest that prints with cells of %g mm has "
                   "%u rings, and they need %u or more to stay that hard. Choose fewer "
                   "mazes a page, a larger paper or smaller margins"),
                 maze_level_get_title (level), where, MAZE_EXPORT_MIN_SHEET_CELL_MM, side,
                 min_side);
  else
    g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                 /* Translators: the first %s is a level ("Expert"), the second
                  * says where ("6 to a page of A4") */
                 _("%s mazes do not fit %s: the largest that prints with cells of %g mm is "
                   "%u×%u, and they need %u×%u or more to stay that hard. Choose fewer "
                   "mazes a page, a larger paper or smaller margins"),
                 maze_level_get_title (level), where, MAZE_EXPORT_MIN_SHEET_CELL_MM, side,
                 side, min_side, min_side);
}

gboolean
maze_export_request_fit_pack (const MazeExportRequest  *request,
                              MazePackOrder            *order,
                              GError                  **error)
{
  MazeShape shape;
  gboolean centre;

  g_return_val_if_fail (request != NULL, FALSE);
  g_return_val_if_fail (order != NULL && order->model != NULL, FALSE);

  memset (order->max_side, 0, sizeof order->max_side);
  if (!maze_export_request_validate (request, error))
    return FALSE;
  shape = order->model->grid->shape;
  centre = maze_grid_is_centre (order->model->grid, 0, 0);
  if (order->from == 0)
    {
      g_autoptr(MazeGrid) grid = maze_grid_new_like (order->model->grid, error);

      return grid != NULL && grid_fits (request, grid, MAZE_ENDPOINTS_CORNERS, error);
    }

  /* Each level as large as its recipe, or as fits. */
  for (MazeLevel level = order->from; level <= MAX (order->from, order->to); level++)
    {
      guint side;

      if (level_fits (request, shape, centre, level, 0, NULL))
        continue;
      side = largest_fitting_side (request, shape, centre, level);
      if (side == 0)
        return level_fits (request, shape, centre, level, 1, error);
      if (side < maze_level_get_min_side (maze_level_get_info (level), shape, centre))
        {
          set_cannot_fit (request, shape, centre, level, side, error);
          return FALSE;
        }
      order->max_side[level - 1] = side;
    }
  return TRUE;
}
