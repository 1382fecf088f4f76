/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "maze-error.h"
#include "maze-export-private.h"
#include "maze-poster.h"
#include "maze-worksheet.h"

/* What a request may make of a maze and still be read: a worksheet's
 * cells no smaller than MAZE_EXPORT_MIN_SHEET_CELL_MM, an image's no
 * smaller than MAZE_EXPORT_MIN_IMAGE_CELL_PX; and the page orientation
 * that gives the bigger cells when the user left it open. */

#define PT_PER_MM (72.0 / MAZE_MM_PER_INCH)

static double
sheet_cell_size (const MazeWorksheetOptions *sheet,
                 const MazePuzzle           *puzzle,
                 gboolean                    landscape)
{
  MazeWorksheetOptions turned = *sheet;

  turned.landscape = landscape;
  return maze_worksheet_get_cell_size (&turned, (MazePuzzle * const *) &puzzle, 1);
}

static guint
poster_sheets (const MazeExportRequest    *request,
               const MazeWorksheetOptions *sheet,
               const MazePuzzle           *puzzle,
               gboolean                    landscape)
{
  MazeWorksheetOptions turned = *sheet;
  MazePosterLayout layout;

  turned.landscape = landscape;
  maze_poster_layout (&layout, &turned, puzzle, maze_export_request_get_poster_cell_mm (request));
  return maze_poster_get_n_tiles (&layout);
}

/* A poster the way round that takes fewer sheets. */
static gboolean
poster_landscape (const MazeExportRequest    *request,
                  const MazeWorksheetOptions *sheet,
                  const MazePuzzle           *puzzle)
{
  guint mine = poster_sheets (request, sheet, puzzle, request->landscape);
  guint other = poster_sheets (request, sheet, puzzle, !request->landscape);

  return other < mine ? !request->landscape : request->landscape;
}

gboolean
maze_export_choose_landscape (const MazeExportRequest    *request,
                              const MazeWorksheetOptions *sheet,
                              const MazePuzzle           *puzzle)
{
  double mine, other;

  if (!request->auto_orientation || puzzle == NULL)
    return request->landscape;
  if (request->poster)
    return poster_landscape (request, sheet, puzzle);
  /* The other way round only for clearly bigger cells (a twentieth): a
   * square maze stays as the user would expect it. */
  mine = sheet_cell_size (sheet, puzzle, request->landscape);
  other = sheet_cell_size (sheet, puzzle, !request->landscape);
  return other > mine * 1.05 ? !request->landscape : request->landscape;
}

/* A stand-in of another size for puzzle: same shape (and centre, on
 * rings), ends in the corners, to measure what a page gives it. */
static MazePuzzle *
stand_in (const MazePuzzle *puzzle,
          guint             width,
          guint             height)
{
  const MazePolarLayout *polar = puzzle->grid->polar;
  MazeGrid *grid = maze_grid_new_rings (puzzle->grid->shape, width, height,
                                        polar != NULL && polar->centre, NULL);

  if (grid == NULL)
    return NULL;
  return maze_puzzle_new_for_grid (grid, 0, grid->n_cells - 1);
}

/* The largest maze in puzzle's proportions whose cells a page prints
 * at least min_pt wide: from the proportional guess down. */
static void
largest_fitting (const MazeWorksheetOptions *sheet,
                 const MazePuzzle           *puzzle,
                 double                      cell_pt,
                 double                      min_pt,
                 guint                      *fit_width,
                 guint                      *fit_height)
{
  const MazeGrid *grid = puzzle->grid;
  double ratio = (double) grid->height / grid->width;
  double scale = cell_pt / min_pt;
  guint width = (guint) CLAMP (floor (grid->width * scale) + 1.0, 1.0, grid->width);

  *fit_width = *fit_height = 0;
  for (; width >= 1; width--)
    {
      guint height = (guint) CLAMP (floor (width * ratio), 1.0, (double) MAZE_MAX_SIDE);
      MazePuzzle *small = stand_in (puzzle, width, height);
      double cell;

      if (small == NULL)
        continue;
      cell = maze_worksheet_get_cell_size (sheet, &small, 1);
      maze_puzzle_free (small);
      if (cell >= min_pt)
        {
          *fit_width = width;
          *fit_height = height;
          return;
        }
    }
}

/* The most rings a circular maze around the same first ring may have
 * for its cells to print at least min_pt wide (its side grows with the
 * rings): from the proportional guess down; 0 when none fits. */
static guint
largest_fitting_rings (const MazeWorksheetOptions *sheet,
                       const MazePuzzle           *puzzle,
                       double                      cell_pt,
                       double                      min_pt)
{
  const MazeGrid *grid = puzzle->grid;
  guint first = grid->polar->first;
  guint rings = (guint) CLAMP (floor ((grid->height + 1.0) * cell_pt / min_pt), 1.0, grid->height);

  for (; rings >= 1; rings--)
    {
      MazePuzzle *small = stand_in (puzzle, first, rings);
      double cell;

      if (small == NULL)
        continue;
      cell = maze_worksheet_get_cell_size (sheet, &small, 1);
      maze_puzzle_free (small);
      if (cell >= min_pt)
        return rings;
    }
  return 0;
}

gboolean
maze_export_check_wall_width (const MazeExportRequest  *request,
                              double                    cell,
                              GError                  **error)
{
  /* Only a width can be that thick: a share is bounded. */
  if (request->wall_rule != MAZE_EXPORT_WALL_WIDTH || request->wall_width <= cell / 2.0)
    return TRUE;
  g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
               _("A wall width of %g is more than half a cell (%g): the walls would cover "
                 "the passages"),
               request->wall_width, cell / 2.0);
  return FALSE;
}

/* A poster's cells are its own: no smaller than a worksheet's. */
static gboolean
check_poster_cells (const MazeExportRequest  *request,
                    const MazePuzzle         *puzzle,
                    GError                  **error)
{
  double cell_mm = maze_export_request_get_poster_cell_mm (request);

  MazeWorksheetOptions sheet;
  MazePosterLayout layout;

  if (cell_mm < MAZE_EXPORT_MIN_SHEET_CELL_MM)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("A poster with cells of %g mm is too small to draw through: use "
                     "at least %g mm"), cell_mm, MAZE_EXPORT_MIN_SHEET_CELL_MM);
      return FALSE;
    }
  maze_export_request_to_worksheet (request, puzzle, &sheet);
  maze_poster_layout (&layout, &sheet, puzzle, cell_mm);
  if (maze_poster_get_n_tiles (&layout) > MAZE_EXPORT_MAX_POSTER_SHEETS)
    {
      /* A circular maze is sized in rings; its width is its outer ring. */
      if (puzzle->grid->polar != NULL)
        g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                     _("A circular maze of %u rings with cells of %g mm makes a poster of "
                       "%u sheets, more than %u: choose smaller cells or fewer rings"),
                     puzzle->grid->height, cell_mm,
                     maze_poster_get_n_tiles (&layout), MAZE_EXPORT_MAX_POSTER_SHEETS);
      else
        g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                     _("A %u×%u maze with cells of %g mm makes a poster of %u sheets, more "
                       "than %u: choose smaller cells or a smaller maze"),
                     puzzle->grid->width, puzzle->grid->height, cell_mm,
                     maze_poster_get_n_tiles (&layout), MAZE_EXPORT_MAX_POSTER_SHEETS);
      return FALSE;
    }
  return maze_export_check_wall_width (request, cell_mm * PT_PER_MM, error);
}

static gboolean
check_sheet_cells (const MazeExportRequest  *request,
                   const MazePuzzle         *puzzle,
                   GError                  **error)
{
  MazeWorksheetOptions sheet;
  const double min_pt = MAZE_EXPORT_MIN_SHEET_CELL_MM * PT_PER_MM;
  double cell;
  guint fit_width, fit_height;

  if (request->poster)
    return check_poster_cells (request, puzzle, error);
  maze_export_request_to_worksheet (request, puzzle, &sheet);
  cell = maze_worksheet_get_cell_size (&sheet, (MazePuzzle * const *) &puzzle, 1);
  if (cell >= min_pt)
    /* The page's cell, as an image's: no silent cap on paper. */
    return maze_export_check_wall_width (request, cell, error);

  if (puzzle->grid->polar != NULL)
    {
      guint rings = largest_fitting_rings (&sheet, puzzle, cell, min_pt);

      if (rings == 0)
        g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                     _("A circular maze of %u rings would print with cells of %.3g mm, too "
                       "small to draw through (the least is %g mm), and no maze fits this page "
                       "layout: choose smaller margins or fewer mazes a page"),
                     puzzle->grid->height, cell / PT_PER_MM, MAZE_EXPORT_MIN_SHEET_CELL_MM);
      else
        g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                     _("A circular maze of %u rings would print with cells of %.3g mm, too "
                       "small to draw through (the least is %g mm): the largest that fits "
                       "has %u rings"),
                     puzzle->grid->height, cell / PT_PER_MM, MAZE_EXPORT_MIN_SHEET_CELL_MM,
                     rings);
      return FALSE;
    }
  largest_fitting (&sheet, puzzle, cell, min_pt, &fit_width, &fit_height);
  if (fit_width == 0)
    g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                 _("A %u×%u maze would print with cells of %.3g mm, too small to draw "
                   "through (the least is %g mm), and no maze fits this page layout: "
                   "choose smaller margins or fewer mazes a page, or print it as a poster "
                   "over several pages"),
                 puzzle->grid->width, puzzle->grid->height, cell / PT_PER_MM,
                 MAZE_EXPORT_MIN_SHEET_CELL_MM);
  else
    g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                 _("A %u×%u maze would print with cells of %.3g mm, too small to draw "
                   "through (the least is %g mm): the largest maze of its proportions "
                   "that fits is %u×%u, or print it as a poster over several pages"),
                 puzzle->grid->width, puzzle->grid->height, cell / PT_PER_MM,
                 MAZE_EXPORT_MIN_SHEET_CELL_MM, fit_width, fit_height);
  return FALSE;
}

static gboolean
check_image_cells (const MazeExportRequest  *request,
                   const MazePuzzle         *puzzle,
                   GError                  **error)
{
  MazeRenderOptions render;
  MazePngOptions png;
  guint width_px, height_px;
  double cell;

  maze_export_request_to_render (request, puzzle, NULL, &render);
  maze_export_request_to_png (request, &png);
  /* A size that is no size is the PNG check's to word. */
  if (!maze_png_get_size (puzzle->grid, &render, &png, &width_px, &height_px, &cell, NULL) ||
      cell >= MAZE_EXPORT_MIN_IMAGE_CELL_PX - 1e-9)
    return TRUE;
  if (request->image_width > 0.0 && puzzle->grid->polar != NULL)
    g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                 _("At %u pixels wide a circular maze of %u rings has cells of %.3g pixels, "
                   "too small to show a wall and a passage: make the image at least %.0f "
                   "pixels wide"),
                 width_px, puzzle->grid->height, cell,
                 ceil (width_px * MAZE_EXPORT_MIN_IMAGE_CELL_PX / cell - 1e-6));
  else if (request->image_width > 0.0)
    g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                 _("At %u pixels wide a %u×%u maze has cells of %.3g pixels, too small to "
                   "show a wall and a passage: make the image at least %.0f pixels wide"),
                 width_px, puzzle->grid->width, puzzle->grid->height, cell,
                 ceil (width_px * MAZE_EXPORT_MIN_IMAGE_CELL_PX / cell - 1e-6));
  else
    g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                 _("Cells of %.3g pixels are too small to show a wall and a passage: "
                   "use at least %g pixels a cell"),
                 cell, MAZE_EXPORT_MIN_IMAGE_CELL_PX);
  return FALSE;
}

gboolean
maze_export_check_legible (const MazeExportRequest  *request,
                           const MazePuzzle         *puzzle,
                           GError                  **error)
{
  switch (request->format)
    {
    case MAZE_EXPORT_PDF:
      return check_sheet_cells (request, puzzle, error);
    case MAZE_EXPORT_PNG:
      return check_image_cells (request, puzzle, error);
    case MAZE_EXPORT_SVG:
    case MAZE_EXPORT_TEXT:
    default:
      /* A drawing scales in its viewer; text is text. */
      return TRUE;
    }
}
