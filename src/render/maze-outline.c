/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-render"

#include "config.h"

#include "maze-outline.h"

#include <math.h>

#include <glib/gi18n-lib.h>


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

/* In the drawing's pixels: fitted, its proportions kept, in the middle. */
static void
draw_preset (cairo_t  *cr,
             double    width,
             double    height,
             double    cell,
             gpointer  user_data)
{
  double side = MIN (width, height);

  cairo_translate (cr, (width - side) / 2, (height - side) / 2);
  cairo_scale (cr, side, side);
  outline_path (cr, GPOINTER_TO_UINT (user_data));
  cairo_fill (cr);
}

gboolean
maze_outline_apply (MazeGrid     *grid,
                    MazeOutline   outline,
                    GError      **error)
{
  g_autofree char *subject = NULL;

  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (outline < MAZE_N_OUTLINES, FALSE);

  /* Translators: an outline's title, as in "A Heart outline in a 5 × 5 maze…" */
  subject = g_strdup_printf (_("A %s outline"), maze_outline_get_title (outline));
  return maze_outline_apply_drawing (grid, draw_preset, GUINT_TO_POINTER (outline),
                                     MAZE_OUTLINE_REFUSE_PIECES, subject, error);
}
