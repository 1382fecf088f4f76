/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-render"

#include "config.h"

#include "maze-outline.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "maze-error.h"
#include "maze-geometry.h"

/* Any drawing turned into a mask: the cells whose centres it leaves
 * outside are masked, the pieces it leaves joined or refused. Outlines
 * of every kind (presets, words, pictures) come through here. */

/* outside[i]: 0 inside, 1 outside but masked already, 2 masked by the
 * outline, 3 masked by it and opened again to join pieces. */
enum { INSIDE, OUTSIDE, MASKED_HERE, REOPENED };

/* Opens again each cell the outline masked that has two or more open
 * neighbours. Each pass takes the open cells as they were before it, so
 * the result does not depend on the order of the cells. */
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

      if (outside[i] != MASKED_HERE)
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
      outside[reopen[k]] = REOPENED;
    }
}

/* Adds every open cell reachable from seed to joined[], counting them. */
static guint32
flood (const MazeGrid *grid,
       guint32         seed,
       guint8         *joined,
       guint32        *queue)
{
  guint32 head = 0, tail = 0;

  joined[seed] = 1;
  queue[tail++] = seed;
  while (head < tail)
    {
      guint32 i = queue[head++];
      guint x, y;

      maze_grid_xy (grid, i, &x, &y);
      for (guint d = 0; d < grid->topology->n_dirs; d++)
        {
          guint nx, ny;
          guint32 j;

          if (!maze_grid_step (grid, x, y, d, &nx, &ny))
            continue;
          j = maze_grid_index (grid, nx, ny);
          if (!joined[j] && !maze_grid_is_masked (grid, j))
            {
              joined[j] = 1;
              queue[tail++] = j;
            }
        }
    }
  return tail;
}

/* Joins every piece of open cells to the largest by the shortest
 * corridor of cells the outline masked: a breadth-first search from the
 * joined cells through those, until it meets a piece not joined yet.
 * FALSE when some piece cannot be reached that way (walled off by cells
 * masked before). */
static gboolean
join_by_corridors (MazeGrid *grid,
                   guint8   *outside)
{
  const guint32 n = grid->n_cells;
  g_autofree guint8 *joined = g_malloc0 (n);
  g_autofree guint8 *seen = g_malloc (n);
  g_autofree guint32 *queue = g_new (guint32, n);
  g_autofree guint32 *from = g_new (guint32, n);
  guint32 largest = G_MAXUINT32, largest_size = 0;

  /* The largest piece first, so corridors run from it. */
  {
    g_autofree guint8 *scratch = g_malloc0 (n);

    for (guint32 i = 0; i < n; i++)
      if (!scratch[i] && !maze_grid_is_masked (grid, i))
        {
          guint32 size = flood (grid, i, scratch, queue);

          if (size > largest_size)
            {
              largest = i;
              largest_size = size;
            }
        }
  }
  if (largest == G_MAXUINT32)
    return TRUE;
  flood (grid, largest, joined, queue);

  for (;;)
    {
      guint32 head = 0, tail = 0, reached = G_MAXUINT32;

      memcpy (seen, joined, n);
      for (guint32 i = 0; i < n; i++)
        if (joined[i])
          {
            queue[tail++] = i;
            from[i] = G_MAXUINT32;
          }
      while (head < tail && reached == G_MAXUINT32)
        {
          guint32 i = queue[head++];
          guint x, y;

          maze_grid_xy (grid, i, &x, &y);
          for (guint d = 0; d < grid->topology->n_dirs; d++)
            {
              guint nx, ny;
              guint32 j;

              if (!maze_grid_step (grid, x, y, d, &nx, &ny))
                continue;
              j = maze_grid_index (grid, nx, ny);
              if (seen[j])
                continue;
              if (!maze_grid_is_masked (grid, j))
                {
                  from[j] = i;
                  reached = j;
                  break;
                }
              if (outside[j] == MASKED_HERE)
                {
                  seen[j] = 1;
                  from[j] = i;
                  queue[tail++] = j;
                }
            }
        }
      if (reached == G_MAXUINT32)
        break;
      /* Open the corridor, then take in the piece it reached. */
      for (guint32 c = from[reached]; !joined[c]; c = from[c])
        {
          guint x, y;

          maze_grid_xy (grid, c, &x, &y);
          maze_grid_set_masked (grid, x, y, FALSE);
          outside[c] = REOPENED;
        }
      flood (grid, reached, joined, queue);
    }

  for (guint32 i = 0; i < n; i++)
    if (!joined[i] && !maze_grid_is_masked (grid, i))
      return FALSE;
  return TRUE;
}

/* Undoes what the outline masked and opened: the grid as it was. */
static void
restore (MazeGrid     *grid,
         const guint8 *outside)
{
  for (guint32 i = 0; i < grid->n_cells; i++)
    if (outside[i] >= MASKED_HERE)
      {
        guint x, y;

        maze_grid_xy (grid, i, &x, &y);
        maze_grid_set_masked (grid, x, y, FALSE);
      }
}

/* The drawing in an A8 image of the grid's drawing, drawn into the
 * middle scale of it (1: all of it). */
static cairo_surface_t *
rasterise (const MazeGeometry   *geo,
           double                cell,
           double                scale,
           MazeOutlineDrawFunc   draw,
           gpointer              user_data)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_A8,
                                                         (int) ceil (geo->width),
                                                         (int) ceil (geo->height));
  cairo_t *cr = cairo_create (surface);

  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  cairo_translate (cr, geo->width * (1 - scale) / 2, geo->height * (1 - scale) / 2);
  draw (cr, geo->width * scale, geo->height * scale, cell, user_data);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* How much smaller the drawing must be to lie within the rings: the
 * circular grid's drawing is a disc in its square box, and a shape
 * fitted to the box would lose what lies in the box's corners (a
 * heart's lobes, a word's ends). 1 for every other grid, whose cells
 * fill their box. */
static double
round_fit (const MazeGrid     *grid,
           const MazeGeometry *geo,
           cairo_surface_t    *surface)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  double cx = geo->width / 2, cy = geo->height / 2, radius = MIN (cx, cy), farthest = 0;

  if (grid->shape != MAZE_SHAPE_CIRCULAR)
    return 1.0;
  for (int py = 0; py < height; py++)
    for (int px = 0; px < width; px++)
      if (data[(gsize) py * stride + px] >= 128)
        farthest = MAX (farthest, hypot (px + 0.5 - cx, py + 0.5 - cy));
  return farthest > radius ? radius / farthest : 1.0;
}

gboolean
maze_outline_apply_drawing (MazeGrid             *grid,
                            MazeOutlineDrawFunc   draw,
                            gpointer              user_data,
                            MazeOutlineJoin       join,
                            const char           *subject,
                            GError              **error)
{
  /* Pixels a cell: enough to tell where a small maze's cell centres lie,
   * few enough that a big maze's image stays within 4096 a side (on
   * rings, the outer ring's cells get a pixel or more each). */
  double cell = CLAMP (4096.0 / MAX (grid->width, grid->height), 1.0, 16.0);
  double scale;
  g_autofree guint8 *outside = NULL;
  cairo_surface_t *surface;
  MazeGeometry geo;
  MazeRect all;
  const guint8 *data;
  int width, height, stride;
  guint32 parts, open = 0;
  gboolean joined;

  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (draw != NULL, FALSE);
  g_return_val_if_fail (subject != NULL, FALSE);

  maze_geometry_init (&geo, grid, cell, 0, 0);
  surface = rasterise (&geo, cell, 1.0, draw, user_data);
  scale = round_fit (grid, &geo, surface);
  if (scale < 1.0)
    {
      cairo_surface_destroy (surface);
      surface = rasterise (&geo, cell, scale, draw, user_data);
    }

  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  outside = g_malloc0 (grid->n_cells);
  /* Row by row: a ring's length is its own. */
  for (guint y = 0; y < grid->height; y++)
    for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
      {
        guint32 i = maze_grid_index (grid, x, y);
        double cx, cy;
        int px, py;

        maze_geometry_cell_center (&geo, x, y, &cx, &cy);
        px = CLAMP ((int) floor (cx), 0, width - 1);
        py = CLAMP ((int) floor (cy), 0, height - 1);
        outside[i] = data[(gsize) py * stride + px] < 128 ? OUTSIDE : INSIDE;
        open += outside[i] == INSIDE && !maze_grid_is_masked (grid, i);
      }
  cairo_surface_destroy (surface);

  if (open < 2)
    {
      if (grid->polar != NULL)
        g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                     /* Translators: what is too small ("A Heart outline"), then a count */
                     ngettext ("%s in a maze of %u ring leaves no room for a start and an "
                               "end: make the maze bigger",
                               "%s in a maze of %u rings leaves no room for a start and an "
                               "end: make the maze bigger", grid->height),
                     subject, grid->height);
      else
        g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                     /* Translators: what is too small ("A Heart outline"), then columns × rows */
                     _("%s in a %u × %u maze leaves no room for a start and an end: "
                       "make the maze bigger"),
                     subject, grid->width, grid->height);
      return FALSE;
    }

  /* Applied, then taken back if it splits the maze. */
  for (guint32 i = 0; i < grid->n_cells; i++)
    if (outside[i] == OUTSIDE && !maze_grid_is_masked (grid, i))
      {
        guint x, y;

        maze_grid_xy (grid, i, &x, &y);
        maze_grid_set_masked (grid, x, y, TRUE);
        outside[i] = MASKED_HERE;
      }
  all = maze_grid_full_rect (grid);
  if (join == MAZE_OUTLINE_JOIN_PIECES)
    {
      joined = join_by_corridors (grid, outside);
      parts = joined ? 1 : maze_grid_count_components (grid, &all, FALSE);
    }
  else
    {
      parts = maze_grid_count_components (grid, &all, FALSE);
      /* Pieces that touch only at a corner (triangles along a slanted
       * edge): a cell of the outline's edge between two open cells joins
       * them. */
      for (guint round = 0; round < 3 && parts > 1; round++)
        {
          join_across_edge (grid, outside);
          parts = maze_grid_count_components (grid, &all, FALSE);
        }
    }
  if (parts > 1)
    {
      restore (grid, outside);
      if (grid->polar != NULL)
        g_set_error (error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED,
                     /* Translators: the outline ("A Heart outline"), rings, a count */
                     ngettext ("%s in a maze of %u ring comes apart into %u pieces: "
                               "make the maze bigger",
                               "%s in a maze of %u rings comes apart into %u pieces: "
                               "make the maze bigger", grid->height),
                     subject, grid->height, parts);
      else
        g_set_error (error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED,
                     /* Translators: the outline ("A Heart outline"), columns × rows, a count */
                     _("%s in a %u × %u maze comes apart into %u pieces: "
                       "make the maze bigger"),
                     subject, grid->width, grid->height, parts);
      return FALSE;
    }
  return TRUE;
}
