/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-render"

#include "config.h"

#include "maze-outline.h"

#include <math.h>

#include <cairo.h>
#include <glib/gi18n-lib.h>

#include "maze-error.h"
#include "maze-geometry.h"

static const struct
{
  const char *name;
  const char *title;
} outlines[MAZE_N_OUTLINES] = {
  [MAZE_OUTLINE_CIRCLE] = { "circle", N_("Circle") },
  [MAZE_OUTLINE_HEART] = { "heart", N_("Heart") },
  [MAZE_OUTLINE_STAR] = { "star", N_("Star") },
  [MAZE_OUTLINE_TRIANGLE] = { "triangle", N_("Triangle") },
  [MAZE_OUTLINE_DIAMOND] = { "diamond", N_("Diamond") },
  [MAZE_OUTLINE_HOUSE] = { "house", N_("House") },
  [MAZE_OUTLINE_TREE] = { "tree", N_("Tree") },
  [MAZE_OUTLINE_CLOUD] = { "cloud", N_("Cloud") },
  [MAZE_OUTLINE_CAT] = { "cat", N_("Cat") },
};

const char *
maze_outline_to_string (MazeOutline outline)
{
  g_return_val_if_fail (outline < MAZE_N_OUTLINES, NULL);
  return outlines[outline].name;
}

gboolean
maze_outline_from_string (const char  *name,
                          MazeOutline *outline)
{
  for (guint i = 0; i < MAZE_N_OUTLINES; i++)
    if (g_strcmp0 (name, outlines[i].name) == 0)
      {
        *outline = (MazeOutline) i;
        return TRUE;
      }
  return FALSE;
}

const char *
maze_outline_get_title (MazeOutline outline)
{
  g_return_val_if_fail (outline < MAZE_N_OUTLINES, NULL);
  return _(outlines[outline].title);
}

/* ---- The paths, in the unit square (y down) ---- */

static void
polygon (cairo_t      *cr,
         const double *points,
         guint         n)
{
  cairo_move_to (cr, points[0], points[1]);
  for (guint i = 1; i < n; i++)
    cairo_line_to (cr, points[2 * i], points[2 * i + 1]);
  cairo_close_path (cr);
}

static void
circle (cairo_t *cr,
        double   x,
        double   y,
        double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  cairo_close_path (cr);
}

/* The classic heart curve, x = 16 sin³t, y = 13 cos t − 5 cos 2t −
 * 2 cos 3t − cos 4t, scaled into the square. */
static void
heart (cairo_t *cr)
{
  for (guint i = 0; i < 96; i++)
    {
      double t = 2 * G_PI * i / 96;
      double x = 16 * pow (sin (t), 3);
      double y = 13 * cos (t) - 5 * cos (2 * t) - 2 * cos (3 * t) - cos (4 * t);
      /* x in -16..16, y in -17..12: into 0..1, y down. */
      double ux = (x + 16) / 32, uy = (12 - y) / 29 * 0.95 + 0.02;

      if (i == 0)
        cairo_move_to (cr, ux, uy);
      else
        cairo_line_to (cr, ux, uy);
    }
  cairo_close_path (cr);
}

/* Five points, the inner corners at half the radius: fat enough that
 * its points hold together in small mazes. */
static void
star (cairo_t *cr)
{
  for (guint i = 0; i < 10; i++)
    {
      double a = -G_PI / 2 + G_PI * i / 5;
      double r = i % 2 ? 0.25 : 0.5;
      double x = 0.5 + r * cos (a), y = 0.55 + r * sin (a);

      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_close_path (cr);
}

static void
outline_path (cairo_t     *cr,
              MazeOutline  outline)
{
  static const double triangle[] = { 0.5, 0.0, 1.0, 1.0, 0.0, 1.0 };
  static const double diamond[] = { 0.5, 0.0, 1.0, 0.5, 0.5, 1.0, 0.0, 0.5 };
  static const double house[] = {
    0.5, 0.0, 1.0, 0.45, 0.86, 0.45, 0.86, 1.0, 0.14, 1.0, 0.14, 0.45, 0.0, 0.45,
  };
  static const double tree[] = {
    0.5, 0.0, 0.8, 0.34, 0.68, 0.34, 0.92, 0.68, 0.6, 0.68, 0.6, 1.0,
    0.4, 1.0, 0.4, 0.68, 0.08, 0.68, 0.32, 0.34, 0.2, 0.34,
  };
  static const double ears[] = {
    0.16, 0.05, 0.42, 0.3, 0.2, 0.4,
    0.84, 0.05, 0.8, 0.4, 0.58, 0.3,
  };

  switch (outline)
    {
    case MAZE_OUTLINE_CIRCLE:
      circle (cr, 0.5, 0.5, 0.5);
      break;
    case MAZE_OUTLINE_HEART:
      heart (cr);
      break;
    case MAZE_OUTLINE_STAR:
      star (cr);
      break;
    case MAZE_OUTLINE_TRIANGLE:
      polygon (cr, triangle, G_N_ELEMENTS (triangle) / 2);
      break;
    case MAZE_OUTLINE_DIAMOND:
      polygon (cr, diamond, G_N_ELEMENTS (diamond) / 2);
      break;
    case MAZE_OUTLINE_HOUSE:
      polygon (cr, house, G_N_ELEMENTS (house) / 2);
      break;
    case MAZE_OUTLINE_TREE:
      polygon (cr, tree, G_N_ELEMENTS (tree) / 2);
      break;
    case MAZE_OUTLINE_CLOUD:
      /* Puffs that overlap well: one piece at any size. */
      circle (cr, 0.28, 0.58, 0.22);
      circle (cr, 0.5, 0.45, 0.3);
      circle (cr, 0.74, 0.56, 0.24);
      circle (cr, 0.5, 0.66, 0.24);
      break;
    case MAZE_OUTLINE_CAT:
      circle (cr, 0.5, 0.58, 0.4);
      polygon (cr, ears, 3);
      polygon (cr, ears + 6, 3);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* ---- Turning it into a mask ---- */

/* Opens again each cell the outline masked (outside[i] == 2) that has
 * two or more open neighbours, marking it 3. Each pass takes the open
 * cells as they were before it, so the result does not depend on the
 * order of the cells. */
static void
join_across_edge (MazeGrid *grid,
                  guint8   *outside)
{
  const MazeTopology *t = grid->topology;
  g_autofree guint32 *reopen = g_new (guint32, grid->n_cells);
  guint32 n = 0;

  for (guint32 i = 0; i < grid->n_cells; i++)
    {
      guint x, y, open = 0;

      if (outside[i] != 2)
        continue;
      maze_grid_xy (grid, i, &x, &y);
      for (guint d = 0; d < t->n_dirs; d++)
        {
          guint nx, ny;

          if (maze_grid_step (grid, x, y, d, &nx, &ny) &&
              !maze_grid_is_masked (grid, maze_grid_index (grid, nx, ny)))
            open++;
        }
      if (open >= 2)
        reopen[n++] = i;
    }
  for (guint32 k = 0; k < n; k++)
    {
      guint x, y;

      maze_grid_xy (grid, reopen[k], &x, &y);
      maze_grid_set_masked (grid, x, y, FALSE);
      outside[reopen[k]] = 3;
    }
}

gboolean
maze_outline_apply (MazeGrid     *grid,
                    MazeOutline   outline,
                    GError      **error)
{
  /* Pixels a cell: enough to tell where a small maze's cell centres lie,
   * few enough that a big maze's image stays within 4096 a side. */
  double cell = CLAMP (4096.0 / MAX (grid->width, grid->height), 1.0, 16.0);
  g_autofree guint8 *outside = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  MazeGeometry geo;
  MazeRect all;
  const guint8 *data;
  double side;
  int width, height, stride;
  guint32 parts, open = 0;

  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (outline < MAZE_N_OUTLINES, FALSE);

  maze_geometry_init (&geo, grid, cell, 0, 0);
  width = (int) ceil (geo.width);
  height = (int) ceil (geo.height);
  surface = cairo_image_surface_create (CAIRO_FORMAT_A8, width, height);
  cr = cairo_create (surface);
  /* Fitted, its proportions kept, in the middle of the drawing. */
  side = MIN (geo.width, geo.height);
  cairo_translate (cr, (geo.width - side) / 2, (geo.height - side) / 2);
  cairo_scale (cr, side, side);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  outline_path (cr, outline);
  cairo_fill (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  outside = g_malloc0 (grid->n_cells);
  for (guint y = 0; y < grid->height; y++)
    for (guint x = 0; x < grid->width; x++)
      {
        guint32 i = maze_grid_index (grid, x, y);
        double cx, cy;
        int px, py;

        maze_geometry_cell_center (&geo, x, y, &cx, &cy);
        px = CLAMP ((int) floor (cx), 0, width - 1);
        py = CLAMP ((int) floor (cy), 0, height - 1);
        outside[i] = data[(gsize) py * stride + px] < 128;
        open += !outside[i] && !maze_grid_is_masked (grid, i);
      }
  cairo_surface_destroy (surface);

  if (open < 2)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   /* Translators: an outline's title, then columns × rows */
                   _("A %s outline in a %u × %u maze leaves no room for a start and an end: "
                     "make the maze bigger"),
                   maze_outline_get_title (outline), grid->width, grid->height);
      return FALSE;
    }

  /* Applied, then taken back if it splits the maze. */
  for (guint32 i = 0; i < grid->n_cells; i++)
    if (outside[i] && !maze_grid_is_masked (grid, i))
      {
        guint x, y;

        maze_grid_xy (grid, i, &x, &y);
        maze_grid_set_masked (grid, x, y, TRUE);
        outside[i] = 2;
      }
  all = maze_grid_full_rect (grid);
  parts = maze_grid_count_components (grid, &all, FALSE);
  /* Pieces that touch only at a corner (triangles along a slanted edge):
   * a cell of the outline's edge between two open cells joins them. */
  for (guint round = 0; round < 3 && parts > 1; round++)
    {
      join_across_edge (grid, outside);
      parts = maze_grid_count_components (grid, &all, FALSE);
    }
  if (parts > 1)
    {
      for (guint32 i = 0; i < grid->n_cells; i++)
        if (outside[i] >= 2)
          {
            guint x, y;

            maze_grid_xy (grid, i, &x, &y);
            maze_grid_set_masked (grid, x, y, FALSE);
          }
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED,
                   /* Translators: an outline's title, columns × rows, a count */
                   _("A %s outline in a %u × %u maze comes apart into %u pieces: "
                     "make the maze bigger"),
                   maze_outline_get_title (outline), grid->width, grid->height, parts);
      return FALSE;
    }
  return TRUE;
}
