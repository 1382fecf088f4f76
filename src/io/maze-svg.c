/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-svg.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "maze-atomic-file.h"
#include "maze-error.h"
#include "maze-export-private.h"
#include "maze-printable.h"
#include "maze-render-private.h"

/* SVG written by hand, layer for layer what maze_render() draws, from the
 * same geometry, the same derived style and the same per-cell shapes
 * (door holes, hatching, overlay dots and shades, diamonds, closed wall
 * runs: maze-render-private.h), so the SVG and the PNG of the same
 * options look the same:
 *
 *   <g id="background">  one rect
 *   <g id="masked">      one path of all masked cells (monochrome: hatch
 *                        lines clipped to that path); empty when printed
 *                        as the shape (show_masked FALSE, every export)
 *   <g id="mud">         dots in the cells with weights (mud)
 *   <g id="overlay">     the search overlay, when there is one
 *   <g id="solution">    CELLS style: here, under the walls
 *   <g id="walls">       one <path> per wall run, door gaps clipped out
 *   <g id="solution">    line styles: here, over the walls
 *   <g id="markers">     end, then start, each a halo and a fill
 *   <g id="text">        empty: the renderer draws no text
 *
 * Coordinates are rounded to a fixed number of decimals chosen from the
 * cell size (integers when everything falls on whole units), and each
 * point after a path's first is written relative to the previous one as
 * the difference of the rounded absolutes, so long chains never drift and
 * a hexagon's sides come out as short repeated steps. */

#define FLUSH_BYTES   (64u << 10)
#define CANCEL_EVERY  4096u
#define SVG_NS        "http://www.w3.org/2000/svg"
#define MAZEWRIGHT_NS "https://mazewright.github.io/ns/maze/1"

void
maze_svg_options_init (MazeSvgOptions *options)
{
  g_return_if_fail (options != NULL);

  *options = (MazeSvgOptions) {
    .width = 0.0,
    .unit = MAZE_UNIT_MM,
  };
}

typedef struct
{
  FILE                    *stream;
  GString                 *out;
  const MazeGrid          *grid;
  const MazeRenderOptions *render;
  const MazeSvgOptions    *options;
  const MazeExportJob     *job;
  MazeRenderStyle          style;
  MazeGeometry             geometry;
  double                   width;      /* the drawing, in drawing units */
  double                   height;
  double                   view_width; /* the canvas: the drawing, or at */
  double                   view_height; /* its own size whole pixels as in PNG */

  /* Rounding: values are written as integers of 1 / scale units. */
  guint                    decimals;
  double                   scale;

  /* The path being written: the last command letter, whether a number
   * needs a separator, and the last point, rounded. */
  char                     command;
  gboolean                 need_space;
  gint64                   last_x;
  gint64                   last_y;
  double                   min_x;      /* bounding box of the path's points */
  double                   min_y;
  double                   max_x;
  double                   max_y;

  guint64                  n_runs;
  double                   progress;
  gboolean                 cancelled;
  int                      write_errno;
} SvgWriter;

/* ---- Output ---- */

static gboolean
writer_failed (const SvgWriter *w)
{
  return w->cancelled || w->write_errno != 0;
}

static void
flush_output (SvgWriter *w)
{
  if (w->out->len == 0)
    return;
  if (!writer_failed (w) && fwrite (w->out->str, 1, w->out->len, w->stream) != w->out->len)
    w->write_errno = errno != 0 ? errno : EIO;
  g_string_truncate (w->out, 0);
}

static inline void
maybe_flush (SvgWriter *w)
{
  if (w->out->len >= FLUSH_BYTES)
    flush_output (w);
}

static gboolean
check_cancelled (SvgWriter *w)
{
  if (!w->cancelled && w->job != NULL && g_cancellable_is_cancelled (w->job->cancellable))
    w->cancelled = TRUE;
  return w->cancelled;
}

static void
report_progress (SvgWriter *w,
                 double     fraction)
{
  fraction = CLAMP (fraction, 0.0, 1.0);
  if (fraction <= w->progress)
    return;
  w->progress = fraction;
  if (w->job != NULL && w->job->progress != NULL)
    w->job->progress (fraction, w->job->progress_data);
}

/* ---- Numbers ---- */

static inline gint64
round_value (const SvgWriter *w,
             double           v)
{
  return (gint64) llround (v * w->scale);
}

/* q / 10^decimals, without trailing zeros: "12", "-0.5", "8.66". */
static void
append_fixed (SvgWriter *w,
              gint64     q)
{
  char buf[32];
  char *end = buf + sizeof buf;
  char *p = end;
  guint64 u = q < 0 ? (guint64) -q : (guint64) q;
  guint d = w->decimals;
  gboolean digits = FALSE;

  /* Fraction, dropping trailing zeros. */
  for (guint i = 0; i < d; i++)
    {
      guint digit = (guint) (u % 10);

      u /= 10;
      if (digit != 0 || digits)
        {
          *--p = (char) ('0' + digit);
          digits = TRUE;
        }
    }
  if (digits)
    *--p = '.';
  do
    {
      *--p = (char) ('0' + u % 10);
      u /= 10;
    }
  while (u > 0);
  if (q < 0)
    *--p = '-';
  g_string_append_len (w->out, p, end - p);
}

static void
append_value (SvgWriter *w,
              double     v)
{
  append_fixed (w, round_value (w, v));
}

/* A number attribute: ` name="value"`. */
static void
append_attr (SvgWriter  *w,
             const char *name,
             double      v)
{
  g_string_append_printf (w->out, " %s=\"", name);
  append_value (w, v);
  g_string_append_c (w->out, '"');
}

static void
append_color_attr (SvgWriter       *w,
                   const char      *name,
                   const MazeColor *color)
{
  g_string_append_printf (w->out, " %s=\"#%02x%02x%02x\"", name,
                          (guint) lround (CLAMP (color->red, 0.0, 1.0) * 255),
                          (guint) lround (CLAMP (color->green, 0.0, 1.0) * 255),
                          (guint) lround (CLAMP (color->blue, 0.0, 1.0) * 255));
}

/* fill="#rrggbb" and fill-opacity when not opaque. */
static void
append_paint (SvgWriter       *w,
              const char      *what,
              const MazeColor *color)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  append_color_attr (w, what, color);
  if (color->alpha < 1.0)
    g_string_append_printf (w->out, " %s-opacity=\"%s\"", what,
                            g_ascii_formatd (buf, sizeof buf, "%.3g",
                                             CLAMP (color->alpha, 0.0, 1.0)));
}

/* ---- Path data ---- */

static void
path_command (SvgWriter *w,
              char       command)
{
  if (command != w->command || command == 'M' || command == 'm')
    {
      g_string_append_c (w->out, command);
      w->command = command;
      w->need_space = FALSE;
    }
}

static void
path_number (SvgWriter *w,
             gint64     q)
{
  if (w->need_space && q >= 0)
    g_string_append_c (w->out, ' ');
  append_fixed (w, q);
  w->need_space = TRUE;
}

static inline void
path_extend_box (SvgWriter *w,
                 double     x,
                 double     y)
{
  w->min_x = MIN (w->min_x, x);
  w->min_y = MIN (w->min_y, y);
  w->max_x = MAX (w->max_x, x);
  w->max_y = MAX (w->max_y, y);
}

static void
path_move_to (SvgWriter *w,
              double     x,
              double     y)
{
  gint64 qx = round_value (w, x), qy = round_value (w, y);

  path_extend_box (w, x, y);
  path_command (w, 'M');
  path_number (w, qx);
  path_number (w, qy);
  /* Coordinates after M would be taken as lines: force a letter. */
  w->command = 'M';
  w->last_x = qx;
  w->last_y = qy;
}

static void
path_line_to (SvgWriter *w,
              double     x,
              double     y)
{
  gint64 qx = round_value (w, x), qy = round_value (w, y);
  gint64 dx = qx - w->last_x, dy = qy - w->last_y;

  path_extend_box (w, x, y);
  if (dy == 0)
    {
      path_command (w, 'h');
      path_number (w, dx);
    }
  else if (dx == 0)
    {
      path_command (w, 'v');
      path_number (w, dy);
    }
  else
    {
      path_command (w, 'l');
      path_number (w, dx);
      path_number (w, dy);
    }
  w->last_x = qx;
  w->last_y = qy;
}

static void
path_close (SvgWriter *w)
{
  g_string_append_c (w->out, 'z');
  w->command = 'z';
  w->need_space = FALSE;
}

static void
path_begin (SvgWriter *w)
{
  w->command = 0;
  w->need_space = FALSE;
  w->min_x = w->min_y = G_MAXDOUBLE;
  w->max_x = w->max_y = -G_MAXDOUBLE;
}

static void
path_polygon (SvgWriter    *w,
              const double *xs,
              const double *ys,
              guint         n)
{
  path_move_to (w, xs[0], ys[0]);
  for (guint k = 1; k < n; k++)
    path_line_to (w, xs[k], ys[k]);
  path_close (w);
}

/* An arc command ("A", absolute) from where the path is to angle a of
 * the circle of radius r around (cx, cy), clockwise as drawn or not;
 * under half a turn. */
static void
path_arc_to (SvgWriter *w,
             double     cx,
             double     cy,
             double     r,
             double     a,
             gboolean   clockwise)
{
  gint64 qr = round_value (w, r);
  gint64 qx = round_value (w, cx + r * cos (a)), qy = round_value (w, cy + r * sin (a));

  /* rx ry rotation large-arc sweep (1: clockwise as drawn) x y */
  g_string_append_c (w->out, 'A');
  w->need_space = FALSE;
  path_number (w, qr);
  path_number (w, qr);
  g_string_append (w->out, clockwise ? " 0 0 1" : " 0 0 0");
  path_number (w, qx);
  path_number (w, qy);
  w->command = 'A';
  w->last_x = qx;
  w->last_y = qy;
}

/* As the renderer's add_sector(): the outer arc in its pieces, back
 * along the inner; arcs of at most half a turn, as an arc command
 * needs. */
static void
path_sector (SvgWriter        *w,
             const MazeSector *s)
{
  double span = s->angle2 - s->angle1, x1, y1, x2, y2;
  guint n = s->n_outer * (span / s->n_outer > G_PI ? 2 : 1), n_inner = span > G_PI ? 2 : 1;

  maze_sector_get_box (s, &x1, &y1, &x2, &y2);
  path_extend_box (w, x1, y1);
  path_extend_box (w, x2, y2);
  path_move_to (w, s->cx + s->outer * cos (s->angle1), s->cy + s->outer * sin (s->angle1));
  for (guint k = 1; k <= n; k++)
    path_arc_to (w, s->cx, s->cy, s->outer, s->angle1 + span * k / n, TRUE);
  path_line_to (w, s->cx + s->inner * cos (s->angle2), s->cy + s->inner * sin (s->angle2));
  /* A centre cell's disc has no inner arc. */
  for (guint k = 1; k <= n_inner && s->inner > 0; k++)
    path_arc_to (w, s->cx, s->cy, s->inner, s->angle2 - span * k / n_inner, FALSE);
  path_close (w);
}

static void
path_cell (SvgWriter *w,
           guint      x,
           guint      y)
{
  double xs[MAZE_MAX_DIRS], ys[MAZE_MAX_DIRS];
  MazeSector sector;
  guint n;

  if (maze_geometry_cell_sector (&w->geometry, x, y, &sector))
    {
      path_sector (w, &sector);
      return;
    }
  n = maze_geometry_cell_outline (&w->geometry, x, y, xs, ys);
  path_polygon (w, xs, ys, n);
}

/* The cells for which want() holds as one path, square cells side by
 * side in a row as one rectangle (as the renderer fills them). */
static gboolean
path_cells (SvgWriter *w,
            gboolean (*want) (SvgWriter *w, guint32 cell))
{
  const MazeGrid *grid = w->grid;
  gboolean any = FALSE;

  for (guint y = 0; y < grid->height && !writer_failed (w); y++)
    {
      guint x = 0;

      while (x < maze_grid_row_length (grid, y))
        {
          guint run;
          double s = w->geometry.cell_size;
          double x0 = w->geometry.origin_x + (double) x * s;
          double y0 = w->geometry.origin_y + (double) y * s;

          if (!want (w, maze_grid_index (grid, x, y)))
            {
              x++;
              continue;
            }
          any = TRUE;
          if (grid->shape != MAZE_SHAPE_RECT)
            {
              path_cell (w, x, y);
              x++;
              continue;
            }
          for (run = 1; x + run < grid->width && want (w, maze_grid_index (grid, x + run, y)); run++)
            ;
          path_move_to (w, x0, y0);
          path_line_to (w, x0 + (double) run * s, y0);
          path_line_to (w, x0 + (double) run * s, y0 + s);
          path_line_to (w, x0, y0 + s);
          path_close (w);
          x += run;
        }
      maybe_flush (w);
      check_cancelled (w);
    }
  return any;
}

/* ---- Layers ---- */

static void
write_header (SvgWriter        *w,
              const MazePuzzle *puzzle)
{
  const MazeSvgOptions *o = w->options;
  const char *title = puzzle->title != NULL && puzzle->title[0] != '\0' ? puzzle->title : _("Maze");
  g_autofree char *valid_title = maze_printable_dup (title);
  g_autofree char *escaped_title = NULL;
  g_autofree char *desc = maze_export_describe (puzzle);
  g_autofree char *escaped_desc = g_markup_escape_text (desc, -1);
  g_autofree char *id = maze_puzzle_get_id (puzzle);
  g_autofree char *escaped_id = g_markup_escape_text (id, -1);

  /* XML 1.0 has no place for most control characters, not even as
   * references, nor for U+FFFE and U+FFFF: maze_printable_dup(). */
  escaped_title = g_markup_escape_text (valid_title, -1);

  g_string_append (w->out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                           "<svg xmlns=\"" SVG_NS "\" version=\"1.1\"");
  if (o->width > 0.0)
    {
      const char *unit = o->unit == MAZE_UNIT_MM ? "mm" : o->unit == MAZE_UNIT_IN ? "in" : "";
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      g_string_append_printf (w->out, " width=\"%s%s\"",
                              g_ascii_formatd (buf, sizeof buf, "%.6g", o->width), unit);
      g_string_append_printf (w->out, " height=\"%s%s\"",
                              g_ascii_formatd (buf, sizeof buf, "%.6g",
                                               o->width * w->view_height / w->view_width), unit);
    }
  else
    {
      append_attr (w, "width", w->view_width);
      append_attr (w, "height", w->view_height);
    }
  g_string_append (w->out, " viewBox=\"0 0 ");
  append_value (w, w->view_width);
  g_string_append_c (w->out, ' ');
  append_value (w, w->view_height);
  g_string_append_c (w->out, '"');
  /* Monochrome is drawn without antialiasing. */
  if (w->style.monochrome)
    g_string_append (w->out, " shape-rendering=\"crispEdges\"");
  g_string_append (w->out, ">\n");

  g_string_append_printf (w->out, "<title>%s</title>\n<desc>%s</desc>\n", escaped_title,
                          escaped_desc);
  g_string_append_printf (w->out,
                          "<metadata>\n<maze xmlns=\"" MAZEWRIGHT_NS "\" software=\"Mazewright "
                          PACKAGE_VERSION "\" puzzle-id=\"%s\" shape=\"%s\"",
                          escaped_id, maze_shape_to_string (w->grid->shape));
  /* A circular maze's size as its .maze file gives it. */
  if (w->grid->polar != NULL)
    g_string_append_printf (w->out, " rings=\"%u\" first=\"%u\"", w->grid->height,
                            w->grid->polar->first);
  else
    g_string_append_printf (w->out, " columns=\"%u\" rows=\"%u\"", w->grid->width,
                            w->grid->height);
  if (puzzle->has_parameters)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      g_string_append_printf (w->out, " algorithm=\"%s\"", maze_export_algorithm_name (puzzle));
      if (puzzle->algorithm == MAZE_ALGORITHM_GROWING_TREE)
        g_string_append_printf (w->out, " growing-tree-mode=\"%s\"",
                                maze_growing_tree_mode_to_string (puzzle->growing_tree_mode));
      g_string_append_printf (w->out, " seed=\"%" G_GUINT64_FORMAT "\" braid=\"%s\"", puzzle->seed,
                              g_ascii_formatd (buf, sizeof buf, "%.6g",
                                               (double) puzzle->braid / MAZE_BRAID_ONE));
    }
  g_string_append (w->out, "/>\n</metadata>\n");
}

static void
write_defs (SvgWriter *w)
{
  const MazeRenderOptions *r = w->render;
  gboolean doors = r->show_doors && (r->start != MAZE_NO_CELL || r->end != MAZE_NO_CELL) &&
                   r->wall_width > 0;
  guint32 cells[2] = { r->start, r->end };

  if (!doors)
    return;

  g_string_append (w->out, "<defs>\n");
  /* The renderer's clip: everything but the door holes. */
  g_string_append (w->out, "<clipPath id=\"doors\" clipPathUnits=\"userSpaceOnUse\">\n"
                           "<path clip-rule=\"evenodd\"");
  /* Not every renderer lets a clip path inherit it. */
  if (w->style.monochrome)
    g_string_append (w->out, " shape-rendering=\"crispEdges\"");
  g_string_append (w->out, " d=\"");
  path_begin (w);
  path_move_to (w, 0, 0);
  path_line_to (w, w->view_width, 0);
  path_line_to (w, w->view_width, w->view_height);
  path_line_to (w, 0, w->view_height);
  path_close (w);
  for (guint i = 0; i < 2; i++)
    {
      MazeDoorHole hole;

      if (i == 1 && cells[1] == cells[0])
        continue;
      if (!maze_render_door_hole (&w->geometry, w->grid, cells[i], r->wall_width, &hole))
        continue;
      if (hole.is_sector)
        path_sector (w, &hole.sector);
      else
        path_polygon (w, hole.xs, hole.ys, 4);
    }
  g_string_append (w->out, "\"/>\n</clipPath>\n");
  g_string_append (w->out, "</defs>\n");
}

static void
write_background (SvgWriter *w)
{
  g_string_append (w->out, "<g id=\"background\">\n");
  if (w->style.background.alpha > 0)
    {
      /* Opaque, the whole canvas, as the PNG fills its last partial
       * pixels; else the drawing, as maze_render() paints it. */
      gboolean opaque = w->style.background.alpha >= 1.0;

      g_string_append (w->out, "<rect x=\"0\" y=\"0\"");
      append_attr (w, "width", opaque ? w->view_width : w->width);
      append_attr (w, "height", opaque ? w->view_height : w->height);
      append_paint (w, "fill", &w->style.background);
      g_string_append (w->out, "/>\n");
    }
  g_string_append (w->out, "</g>\n");
}

static gboolean
want_masked (SvgWriter *w,
             guint32    cell)
{
  return maze_grid_is_masked (w->grid, cell);
}

/* The renderer's hatching over the box of the masked cells, clipped to
 * them. (An SVG pattern would be shorter but renders unevenly at small
 * sizes.) */
static void
write_hatch (SvgWriter *w)
{
  double sp = w->style.hatch_spacing;
  double x1 = w->min_x, y1 = w->min_y, x2 = w->max_x, y2 = w->max_y;
  double base, k0, k1;

  maze_render_hatch_lines (&w->geometry, sp, x1, y1, x2, y2, &base, &k0, &k1);

  g_string_append (w->out, "<path clip-path=\"url(#masked-cells)\" fill=\"none\" stroke-linecap=\"butt\"");
  append_color_attr (w, "stroke", &w->style.masked);
  append_attr (w, "stroke-width", w->style.hatch_width);
  g_string_append (w->out, " d=\"");
  path_begin (w);
  for (double k = k0; k <= k1 && !writer_failed (w); k++)
    {
      double c = base + k * sp;

      path_move_to (w, c - y1, y1);
      path_line_to (w, c - y2, y2);
      maybe_flush (w);
    }
  g_string_append (w->out, "\"/>\n");
}

static void
write_masked (SvgWriter *w)
{
  g_string_append (w->out, "<g id=\"masked\">\n");
  if (maze_grid_has_mask (w->grid, NULL) && w->style.masked.alpha > 0)
    {
      if (w->style.monochrome)
        g_string_append (w->out, "<clipPath id=\"masked-cells\" clipPathUnits=\"userSpaceOnUse\">\n"
                                 "<path shape-rendering=\"crispEdges\" d=\"");
      else
        {
          g_string_append (w->out, "<path");
          append_paint (w, "fill", &w->style.masked);
          g_string_append (w->out, " d=\"");
        }
      path_begin (w);
      path_cells (w, want_masked);
      g_string_append (w->out, "\"/>\n");
      if (w->style.monochrome)
        {
          g_string_append (w->out, "</clipPath>\n");
          write_hatch (w);
        }
    }
  g_string_append (w->out, "</g>\n");
}

/* The renderer's mud: dots in the cells with weights. */
static void
write_mud (SvgWriter *w)
{
  const MazeGrid *grid = w->grid;

  g_string_append (w->out, "<g id=\"mud\"");
  if (grid->weights == NULL)
    {
      g_string_append (w->out, "/>\n");
      return;
    }
  append_paint (w, "fill", &w->style.mud);
  g_string_append (w->out, ">\n");
  for (guint y = 0; y < grid->height && !writer_failed (w); y++)
    {
      for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
        {
          guint32 cell = maze_grid_index (grid, x, y);
          double xs[MAZE_RENDER_MUD_MAX_DOTS], ys[MAZE_RENDER_MUD_MAX_DOTS], radius = 0.0;
          guint n;

          if (maze_grid_is_masked (grid, cell))
            continue;
          n = maze_render_mud_dots (&w->geometry, x, y, grid->weights[cell], xs, ys, &radius);
          for (guint i = 0; i < n; i++)
            {
              g_string_append (w->out, "<circle");
              append_attr (w, "cx", xs[i]);
              append_attr (w, "cy", ys[i]);
              append_attr (w, "r", radius);
              g_string_append (w->out, "/>\n");
            }
        }
      maybe_flush (w);
      check_cancelled (w);
    }
  g_string_append (w->out, "</g>\n");
}

static gboolean
want_overlay (SvgWriter *w,
              guint32    cell)
{
  return maze_render_overlay_value (w->render, w->grid, cell) != G_MAXUINT32;
}

/* The renderer's overlay: dots, a tint or a shade per cell. */
static void
write_overlay (SvgWriter *w)
{
  const MazeRenderOptions *o = w->render;
  const MazeGrid *grid = w->grid;
  double s = w->geometry.cell_size;

  g_string_append (w->out, "<g id=\"overlay\">\n");
  if (o->overlay_kind == MAZE_OVERLAY_NONE || o->overlay_values == NULL)
    {
      g_string_append (w->out, "</g>\n");
      return;
    }

  if (w->style.monochrome)
    {
      g_string_append (w->out, "<g");
      append_paint (w, "fill", &w->style.overlay);
      g_string_append (w->out, ">\n");
      for (guint y = 0; y < grid->height && !writer_failed (w); y++)
        {
          for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
            {
              guint32 v = maze_render_overlay_value (o, grid, maze_grid_index (grid, x, y));
              double cx, cy;

              if (v == G_MAXUINT32)
                continue;
              maze_geometry_cell_center (&w->geometry, x, y, &cx, &cy);
              g_string_append (w->out, "<circle");
              append_attr (w, "cx", cx);
              append_attr (w, "cy", cy);
              append_attr (w, "r", maze_render_overlay_dot (o, s, v));
              g_string_append (w->out, "/>\n");
            }
          maybe_flush (w);
          check_cancelled (w);
        }
      g_string_append (w->out, "</g>\n");
    }
  else if (o->overlay_kind == MAZE_OVERLAY_EXPLORED)
    {
      MazeColor tint = w->style.overlay;

      tint.alpha *= MAZE_RENDER_OVERLAY_TINT_ALPHA;
      g_string_append (w->out, "<path");
      append_paint (w, "fill", &tint);
      g_string_append (w->out, " d=\"");
      path_begin (w);
      path_cells (w, want_overlay);
      g_string_append (w->out, "\"/>\n");
    }
  else
    {
      /* Heat: a shade per cell, edges not antialiased, so neighbours tile
       * without seams. */
      g_string_append (w->out, "<g shape-rendering=\"crispEdges\"");
      append_color_attr (w, "fill", &w->style.overlay);
      g_string_append (w->out, ">\n");
      for (guint y = 0; y < grid->height && !writer_failed (w); y++)
        {
          for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
            {
              guint32 v = maze_render_overlay_value (o, grid, maze_grid_index (grid, x, y));
              char buf[G_ASCII_DTOSTR_BUF_SIZE];

              if (v == G_MAXUINT32)
                continue;
              g_string_append_printf (w->out, "<path fill-opacity=\"%s\" d=\"",
                                      g_ascii_formatd (buf, sizeof buf, "%.3g",
                                                       w->style.overlay.alpha *
                                                       maze_render_overlay_shade (o, v)));
              path_begin (w);
              path_cell (w, x, y);
              g_string_append (w->out, "\"/>\n");
            }
          maybe_flush (w);
          check_cancelled (w);
        }
      g_string_append (w->out, "</g>\n");
    }
  g_string_append (w->out, "</g>\n");
}

static const char *
cap_name (cairo_line_cap_t cap)
{
  switch (cap)
    {
    case CAIRO_LINE_CAP_ROUND:
      return "round";
    case CAIRO_LINE_CAP_SQUARE:
      return "square";
    case CAIRO_LINE_CAP_BUTT:
    default:
      return "butt";
    }
}

static const char *
join_name (cairo_line_join_t join)
{
  switch (join)
    {
    case CAIRO_LINE_JOIN_ROUND:
      return "round";
    case CAIRO_LINE_JOIN_BEVEL:
      return "bevel";
    case CAIRO_LINE_JOIN_MITER:
    default:
      return "miter";
    }
}

/* The solution in the renderer's style (MazeRenderStyle) and cells, for
 * the whole maze at once: one piece, dashes from offset 0, where
 * maze_render() draws the part of the line a strip or tile shows. */
static void
write_solution (SvgWriter *w)
{
  const MazeRenderOptions *o = w->render;
  double width = w->style.solution_width;
  gboolean dashed = w->style.solution_dash[0] > 0;
  gboolean started = FALSE;
  double px = 0, py = 0;

  g_string_append (w->out, "<g id=\"solution\">\n");
  if (o->solution == NULL)
    {
      g_string_append (w->out, "</g>\n");
      return;
    }

  if (o->solution_style == MAZE_SOLUTION_CELLS)
    {
      g_string_append (w->out, "<path");
      append_paint (w, "fill", &w->style.solution);
      g_string_append (w->out, " d=\"");
      path_begin (w);
      for (guint32 i = 0; i < o->solution_len && !writer_failed (w); i++)
        {
          guint x, y;
          double cx, cy, xs[4], ys[4];

          if (!maze_render_solution_cell (o, w->grid, i, &x, &y))
            continue;
          if (!w->style.monochrome)
            path_cell (w, x, y);
          else
            {
              maze_geometry_cell_center (&w->geometry, x, y, &cx, &cy);
              maze_render_diamond (cx, cy, w->style.diamond_radius, xs, ys);
              path_polygon (w, xs, ys, 4);
            }
          if ((i & 1023) == 0)
            maybe_flush (w);
        }
      g_string_append (w->out, "\"/>\n</g>\n");
      return;
    }

  if (o->solution_len < 2)
    {
      g_string_append (w->out, "</g>\n");
      return;
    }

  /* The renderer keeps a hairline at least one device pixel wide; drawn
   * at its own size the drawing unit is the pixel. A physical size has
   * no such pixel. */
  if (o->solution_style == MAZE_SOLUTION_THIN && w->options->width <= 0.0)
    width = MAX (width, 1.0);

  g_string_append (w->out, "<path fill=\"none\"");
  append_paint (w, "stroke", &w->style.solution);
  append_attr (w, "stroke-width", width);
  g_string_append_printf (w->out, " stroke-linecap=\"%s\" stroke-linejoin=\"round\"",
                          cap_name (w->style.solution_cap));
  if (w->style.solution_dash[0] > 0)
    {
      g_string_append (w->out, " stroke-dasharray=\"");
      append_value (w, w->style.solution_dash[0]);
      g_string_append_c (w->out, ' ');
      append_value (w, w->style.solution_dash[1]);
      g_string_append_c (w->out, '"');
      if (w->style.solution_dash_offset != 0)
        append_attr (w, "stroke-dashoffset", w->style.solution_dash_offset);
    }
  g_string_append (w->out, " d=\"");
  path_begin (w);
  for (guint32 i = 0; i < o->solution_len && !writer_failed (w); i++)
    {
      guint x, y;
      double cx, cy;

      if (!maze_render_solution_cell (o, w->grid, i, &x, &y))
        continue;
      maze_geometry_cell_center (&w->geometry, x, y, &cx, &cy);
      if (!started)
        path_move_to (w, cx, cy);
      else
        {
          /* Dashed: each step a subpath of its own, so the dashes start
           * afresh at every centre, as maze_render() draws them. */
          if (dashed)
            path_move_to (w, px, py);
          path_line_to (w, cx, cy);
        }
      px = cx;
      py = cy;
      started = TRUE;
      if ((i & 1023) == 0)
        maybe_flush (w);
    }
  g_string_append (w->out, "\"/>\n</g>\n");
}

static void
write_wall_run_cb (const double *xs,
                   const double *ys,
                   guint         n_points,
                   gpointer      user_data)
{
  SvgWriter *w = user_data;
  gboolean closed;
  guint n;

  if (writer_failed (w) || n_points < 2)
    return;

  n = maze_render_wall_run_points (xs, ys, n_points, &closed);
  g_string_append (w->out, "<path d=\"");
  path_begin (w);
  path_move_to (w, xs[0], ys[0]);
  for (guint i = 1; i < n; i++)
    path_line_to (w, xs[i], ys[i]);
  if (closed)
    path_close (w);
  g_string_append (w->out, "\"/>\n");
  w->n_runs++;

  if (w->n_runs % CANCEL_EVERY == 0)
    {
      maybe_flush (w);
      if (!check_cancelled (w))
        report_progress (w, 0.05 + 0.9 * ys[0] / w->height);
    }
}

/* An arc as SVG arc commands ("A"), absolute: a circle's worth in two
 * halves, since one arc command cannot end where it starts. */
static void
write_wall_arc_cb (const MazeWallArc *arc,
                   gpointer           user_data)
{
  SvgWriter *w = user_data;
  double span = arc->angle2 - arc->angle1;
  guint n = span > G_PI + 1e-9 ? 2 : 1;

  if (writer_failed (w))
    return;
  g_string_append (w->out, "<path d=\"");
  path_begin (w);
  path_move_to (w, arc->cx + arc->radius * cos (arc->angle1),
                arc->cy + arc->radius * sin (arc->angle1));
  for (guint k = 1; k <= n; k++)
    {
      path_extend_box (w, arc->cx - arc->radius, arc->cy - arc->radius);
      path_extend_box (w, arc->cx + arc->radius, arc->cy + arc->radius);
      path_arc_to (w, arc->cx, arc->cy, arc->radius, arc->angle1 + span * k / n, TRUE);
    }
  g_string_append (w->out, "\"/>\n");
  w->n_runs++;
}

static void
write_walls (SvgWriter *w)
{
  const MazeRenderOptions *r = w->render;
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (w->out, "<g id=\"walls\"");
  if (!(r->wall_width > 0) || w->style.wall.alpha <= 0)
    {
      g_string_append (w->out, "/>\n");
      return;
    }
  g_string_append (w->out, " fill=\"none\"");
  append_color_attr (w, "stroke", &w->style.wall);
  append_attr (w, "stroke-width", r->wall_width);
  g_string_append_printf (w->out, " stroke-linecap=\"%s\" stroke-linejoin=\"%s\"",
                          cap_name (r->wall_cap), join_name (r->wall_join));
  if (r->wall_join == CAIRO_LINE_JOIN_MITER)
    g_string_append (w->out, " stroke-miterlimit=\"10\"");  /* cairo's default */
  /* Translucent walls: the group is composited as a whole, so walls
   * crossing at a corner do not darken it, as in the one cairo stroke. */
  if (w->style.wall.alpha < 1.0)
    g_string_append_printf (w->out, " opacity=\"%s\"",
                            g_ascii_formatd (buf, sizeof buf, "%.3g", w->style.wall.alpha));
  if (r->show_doors && (r->start != MAZE_NO_CELL || r->end != MAZE_NO_CELL))
    g_string_append (w->out, " clip-path=\"url(#doors)\"");
  g_string_append (w->out, ">\n");

  maze_geometry_foreach_wall_run_full (&w->geometry, w->grid, NULL, write_wall_run_cb,
                                       write_wall_arc_cb, w);
  g_string_append (w->out, "</g>\n");
}

static void
write_marker (SvgWriter       *w,
              guint32          cell,
              gboolean         is_start,
              const MazeColor *color)
{
  guint x, y;
  double cx, cy;

  if (cell == MAZE_NO_CELL || cell >= w->grid->n_cells)
    return;
  maze_grid_xy (w->grid, cell, &x, &y);
  maze_geometry_cell_center (&w->geometry, x, y, &cx, &cy);

  /* cairo strokes the halo first and fills over it: two elements, as
   * paint-order is not understood everywhere. */
  for (guint pass = 0; pass < 2; pass++)
    {
      if (is_start)
        {
          g_string_append (w->out, "<circle");
          append_attr (w, "cx", cx);
          append_attr (w, "cy", cy);
          append_attr (w, "r", w->style.start_radius);
        }
      else
        {
          double a = w->style.end_half_side;

          g_string_append (w->out, "<rect");
          append_attr (w, "x", cx - a);
          append_attr (w, "y", cy - a);
          append_attr (w, "width", 2 * a);
          append_attr (w, "height", 2 * a);
        }
      if (pass == 0)
        {
          g_string_append (w->out, " fill=\"none\"");
          append_paint (w, "stroke", &w->style.halo);
          append_attr (w, "stroke-width", w->style.halo_width);
        }
      else
        append_paint (w, "fill", color);
      g_string_append (w->out, "/>\n");
    }
}

static void
write_markers (SvgWriter *w)
{
  g_string_append (w->out, "<g id=\"markers\">\n");
  if (w->render->show_markers)
    {
      /* End first: on a one-cell maze the circle sits inside the square. */
      write_marker (w, w->render->end, FALSE, &w->style.end);
      write_marker (w, w->render->start, TRUE, &w->style.start);
    }
  g_string_append (w->out, "</g>\n");
}

/* ---- Entry point ---- */

gboolean
maze_svg_export (const MazePuzzle         *puzzle,
                 const MazeRenderOptions  *render,
                 const MazeSvgOptions     *options,
                 const char               *path,
                 const MazeExportJob      *job,
                 GError                  **error)
{
  g_autoptr(MazeAtomicFile) file = NULL;
  g_autoptr(GString) out = NULL;
  MazeSvgOptions default_options;
  SvgWriter w = { 0 };
  int decimals;

  g_return_val_if_fail (puzzle != NULL && puzzle->grid != NULL, FALSE);
  g_return_val_if_fail (render != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (options == NULL)
    {
      maze_svg_options_init (&default_options);
      options = &default_options;
    }
  if (!maze_export_check_drawing (render, options->width, options->unit, error))
    return FALSE;
  if (job != NULL && g_cancellable_set_error_if_cancelled (job->cancellable, error))
    return FALSE;

  w.grid = puzzle->grid;
  w.render = render;
  w.options = options;
  w.job = job;
  w.progress = -1.0;
  maze_render_style_init (&w.style, render);
  maze_render_get_geometry (w.grid, render, &w.geometry);
  maze_render_get_size (w.grid, render, &w.width, &w.height);
  if (options->width > 0.0)
    {
      w.view_width = w.width;
      w.view_height = w.height;
    }
  else
    {
      /* Drawn at its own size, the canvas is the PNG's: whole pixels. */
      w.view_width = ceil (w.width - 1e-6);
      w.view_height = ceil (w.height - 1e-6);
    }

  /* A rounding step of at most 1/300 of a cell: invisible, and whole
   * numbers stay whole. */
  decimals = (int) ceil (2.5 - log10 (render->cell_size));
  w.decimals = (guint) CLAMP (decimals, 0, 6);
  w.scale = pow (10.0, w.decimals);

  file = maze_atomic_file_open (path, error);
  if (file == NULL)
    return FALSE;
  w.stream = maze_atomic_file_stream (file);
  out = g_string_sized_new (FLUSH_BYTES + 4096);
  w.out = out;

  report_progress (&w, 0.0);
  write_header (&w, puzzle);
  write_defs (&w);
  write_background (&w);
  write_masked (&w);
  write_mud (&w);
  write_overlay (&w);
  report_progress (&w, 0.05);
  if (render->solution_style == MAZE_SOLUTION_CELLS)
    write_solution (&w);
  if (!check_cancelled (&w))
    write_walls (&w);
  if (render->solution_style != MAZE_SOLUTION_CELLS)
    write_solution (&w);
  write_markers (&w);
  g_string_append (w.out, "<g id=\"text\"/>\n</svg>\n");
  flush_output (&w);

  if (check_cancelled (&w))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                   _("Export of “%s” cancelled"), path);
      return FALSE;
    }
  if (w.write_errno != 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (w.write_errno),
                   _("Cannot write “%s”: %s"), path, g_strerror (w.write_errno));
      return FALSE;
    }
  if (!maze_atomic_file_commit (g_steal_pointer (&file), error))
    return FALSE;
  report_progress (&w, 1.0);
  return TRUE;
}
