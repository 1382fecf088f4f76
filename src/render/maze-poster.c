/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-render"

#include "config.h"

#include "maze-poster.h"

#include <math.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "maze-printable.h"

/* The tiles of a poster. The maze is one drawing (maze_render()) of
 * drawing_width × drawing_height points, centred in the area the tiles
 * cover together: tile (r, c) shows the part of that area from
 * (c step_x, r step_y), content.width × content.height of it, so
 * neighbours share a strip `overlap` wide. */

#define PT_PER_MM (72.0 / 25.4)

#define LABEL_SIZE    9.0   /* points */
#define NOTE_SIZE     7.0
#define INK_GREY      0.35
#define MARK_WIDTH    0.4   /* crop marks, ticks and targets */
#define CROP_GAP_MM   1.5   /* between a corner and its crop marks */
#define CROP_LEN_MM   5.0
#define TARGET_OUT_MM 4.5   /* a target's centre beyond the content */
#define TARGET_R_MM   1.5

static guint
tiles_for (double drawing,
           double content,
           double step)
{
  if (drawing <= content)
    return 1;
  return (guint) ceil ((drawing - (content - step)) / step - 1e-9);
}

void
maze_poster_layout (MazePosterLayout           *layout,
                    const MazeWorksheetOptions *sheet,
                    const MazePuzzle           *puzzle,
                    double                      cell_mm)
{
  MazeRenderOptions *render;
  double margin, cell, total_w, total_h;

  g_return_if_fail (layout != NULL);
  g_return_if_fail (sheet != NULL);
  g_return_if_fail (puzzle != NULL && puzzle->grid != NULL);

  *layout = (MazePosterLayout) { 0 };
  maze_worksheet_page_size (sheet, &layout->page_width, &layout->page_height);
  margin = isfinite (sheet->margin_mm) ? MAX (sheet->margin_mm, MAZE_POSTER_MIN_MARGIN_MM)
                                       : MAZE_POSTER_MIN_MARGIN_MM;
  margin *= PT_PER_MM;
  layout->content = (MazePosterBox) { margin, margin, layout->page_width - 2.0 * margin,
                                      layout->page_height - 2.0 * margin };
  layout->overlap = MAZE_POSTER_OVERLAP_MM * PT_PER_MM;
  layout->step_x = layout->content.width - layout->overlap;
  layout->step_y = layout->content.height - layout->overlap;

  cell = MAX (cell_mm, 0.1) * PT_PER_MM;
  layout->render = sheet->render;
  render = &layout->render;
  render->cell_size = cell;
  render->wall_width = maze_worksheet_get_wall_width (&sheet->render, cell);
  render->margin = render->wall_width;
  maze_render_options_set_endpoints (render, puzzle);
  render->solution = NULL;
  render->solution_len = 0;
  maze_render_get_size (puzzle->grid, render, &layout->drawing_width, &layout->drawing_height);

  layout->columns = tiles_for (layout->drawing_width, layout->content.width, layout->step_x);
  layout->rows = tiles_for (layout->drawing_height, layout->content.height, layout->step_y);
  /* Centred in the area the tiles cover: the outer tiles get equal
   * blank edges. */
  total_w = (layout->columns - 1) * layout->step_x + layout->content.width;
  total_h = (layout->rows - 1) * layout->step_y + layout->content.height;
  layout->offset_x = (total_w - layout->drawing_width) / 2.0;
  layout->offset_y = (total_h - layout->drawing_height) / 2.0;
}

guint
maze_poster_get_n_tiles (const MazePosterLayout *layout)
{
  g_return_val_if_fail (layout != NULL, 0);

  return layout->columns * layout->rows;
}

/* Where the drawing's origin lies on tile's page. */
static void
tile_origin (const MazePosterLayout *layout,
             guint                   tile,
             double                 *x,
             double                 *y)
{
  guint row = tile / layout->columns, column = tile % layout->columns;

  *x = layout->content.x + layout->offset_x - column * layout->step_x;
  *y = layout->content.y + layout->offset_y - row * layout->step_y;
}

gboolean
maze_poster_to_page (const MazePosterLayout *layout,
                     guint                   tile,
                     double                  x,
                     double                  y,
                     double                 *page_x,
                     double                 *page_y)
{
  const MazePosterBox *box;
  double ox, oy;

  g_return_val_if_fail (layout != NULL, FALSE);
  g_return_val_if_fail (tile < maze_poster_get_n_tiles (layout), FALSE);

  box = &layout->content;
  tile_origin (layout, tile, &ox, &oy);
  *page_x = ox + x;
  *page_y = oy + y;
  return *page_x >= box->x && *page_x <= box->x + box->width &&
         *page_y >= box->y && *page_y <= box->y + box->height;
}

guint
maze_poster_get_targets (const MazePosterLayout *layout,
                         guint                   tile,
                         double                 *xs,
                         double                 *ys,
                         guint                   max)
{
  const MazePosterBox *box;
  guint row, column, n = 0;
  double out = TARGET_OUT_MM * PT_PER_MM;
  double mid = layout->overlap / 2.0;
  /* Over the middle of each strip shared with a neighbour: the left
   * and right ones above and below the maze, the top and bottom ones
   * beside it. A neighbour's target over the same strip lies at the
   * same place in the maze. */
  struct { gboolean has; double x; double y; } candidates[8];

  g_return_val_if_fail (layout != NULL, 0);
  g_return_val_if_fail (tile < maze_poster_get_n_tiles (layout), 0);

  box = &layout->content;
  row = tile / layout->columns;
  column = tile % layout->columns;
  for (guint side = 0; side < 2; side++)
    {
      double above = side == 0 ? box->y - out : box->y + box->height + out;
      double beside = side == 0 ? box->x - out : box->x + box->width + out;

      candidates[4 * side + 0].has = column > 0;
      candidates[4 * side + 0].x = box->x + mid;
      candidates[4 * side + 0].y = above;
      candidates[4 * side + 1].has = column + 1 < layout->columns;
      candidates[4 * side + 1].x = box->x + box->width - mid;
      candidates[4 * side + 1].y = above;
      candidates[4 * side + 2].has = row > 0;
      candidates[4 * side + 2].x = beside;
      candidates[4 * side + 2].y = box->y + mid;
      candidates[4 * side + 3].has = row + 1 < layout->rows;
      candidates[4 * side + 3].x = beside;
      candidates[4 * side + 3].y = box->y + box->height - mid;
    }
  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    if (candidates[i].has && n < max)
      {
        xs[n] = candidates[i].x;
        ys[n] = candidates[i].y;
        n++;
      }
  return n;
}

/* Marks */

static void
draw_crop_marks (cairo_t                *cr,
                 const MazePosterLayout *layout)
{
  const MazePosterBox *box = &layout->content;
  double gap = CROP_GAP_MM * PT_PER_MM, len = CROP_LEN_MM * PT_PER_MM;

  for (guint corner = 0; corner < 4; corner++)
    {
      double x = corner % 2 == 0 ? box->x : box->x + box->width;
      double y = corner / 2 == 0 ? box->y : box->y + box->height;
      double dx = corner % 2 == 0 ? -1.0 : 1.0;
      double dy = corner / 2 == 0 ? -1.0 : 1.0;

      /* On the lines of the content's edges, out in the margin. */
      cairo_move_to (cr, x + dx * gap, y);
      cairo_line_to (cr, x + dx * (gap + len), y);
      cairo_move_to (cr, x, y + dy * gap);
      cairo_line_to (cr, x, y + dy * (gap + len));
    }
  cairo_stroke (cr);
}

/* Where a neighbour's maze begins: a short tick in both margins across
 * the shared strip's inner edge. */
static void
draw_overlap_ticks (cairo_t                *cr,
                    const MazePosterLayout *layout,
                    guint                   tile)
{
  const MazePosterBox *box = &layout->content;
  guint row = tile / layout->columns, column = tile % layout->columns;
  double gap = CROP_GAP_MM * PT_PER_MM, len = 0.6 * CROP_LEN_MM * PT_PER_MM;
  double xs[2] = { box->x + layout->overlap, box->x + layout->step_x };
  double ys[2] = { box->y + layout->overlap, box->y + layout->step_y };
  gboolean has_x[2] = { column > 0, column + 1 < layout->columns };
  gboolean has_y[2] = { row > 0, row + 1 < layout->rows };

  for (guint i = 0; i < 2; i++)
    {
      if (has_x[i])
        {
          cairo_move_to (cr, xs[i], box->y - gap);
          cairo_line_to (cr, xs[i], box->y - gap - len);
          cairo_move_to (cr, xs[i], box->y + box->height + gap);
          cairo_line_to (cr, xs[i], box->y + box->height + gap + len);
        }
      if (has_y[i])
        {
          cairo_move_to (cr, box->x - gap, ys[i]);
          cairo_line_to (cr, box->x - gap - len, ys[i]);
          cairo_move_to (cr, box->x + box->width + gap, ys[i]);
          cairo_line_to (cr, box->x + box->width + gap + len, ys[i]);
        }
    }
  cairo_stroke (cr);
}

static void
draw_targets (cairo_t                *cr,
              const MazePosterLayout *layout,
              guint                   tile)
{
  double xs[8], ys[8], r = TARGET_R_MM * PT_PER_MM;
  guint n = maze_poster_get_targets (layout, tile, xs, ys, G_N_ELEMENTS (xs));

  for (guint i = 0; i < n; i++)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, xs[i], ys[i], r * 0.6, 0.0, 2.0 * G_PI);
      cairo_move_to (cr, xs[i] - r, ys[i]);
      cairo_line_to (cr, xs[i] + r, ys[i]);
      cairo_move_to (cr, xs[i], ys[i] - r);
      cairo_line_to (cr, xs[i], ys[i] + r);
    }
  cairo_stroke (cr);
}

/* Text */

static void
show_text (cairo_t    *cr,
           const char *text,
           double      size,
           gboolean    bold,
           double      x,
           double      y,
           double      width,
           gboolean    below)  /* TRUE: y is the top, else the bottom */
{
  PangoContext *pango = pango_cairo_create_context (cr);
  PangoLayout *layout = pango_layout_new (pango);
  PangoFontDescription *desc = pango_font_description_from_string ("Sans");
  cairo_font_options_t *font_options = cairo_font_options_create ();
  g_autofree char *valid = maze_printable_dup (text);
  PangoRectangle logical;

  /* Unhinted, as on a worksheet: the same layout on paper and image. */
  cairo_font_options_set_hint_metrics (font_options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (font_options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (pango, font_options);
  cairo_font_options_destroy (font_options);
  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  pango_font_description_set_weight (desc, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (layout, valid, -1);
  pango_layout_set_width (layout, (int) (MAX (width, 1.0) * PANGO_SCALE));
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_get_extents (layout, NULL, &logical);

  cairo_move_to (cr, x, below ? y : y - (double) logical.height / PANGO_SCALE);
  pango_cairo_update_layout (cr, layout);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
  g_object_unref (pango);
}

static void
draw_words (cairo_t                    *cr,
            const MazePosterLayout     *layout,
            const MazeWorksheetOptions *sheet,
            const MazePuzzle           *puzzle,
            guint                       tile,
            gboolean                    answers)
{
  const MazePosterBox *box = &layout->content;
  /* Clear of the targets near the corners. */
  double inset = layout->overlap + 2.0 * TARGET_R_MM * PT_PER_MM;
  double width = box->width - 2.0 * inset;
  double gap = CROP_GAP_MM * PT_PER_MM;
  double foot = box->y + box->height + gap;
  const char *title = sheet->title;
  g_autofree char *place = NULL;
  g_autofree char *label = NULL;
  g_autofree char *id = maze_puzzle_get_id (puzzle);
  g_autofree char *note = NULL;
  g_autofree char *mud = NULL;

  if (title == NULL)
    title = puzzle->title != NULL && *puzzle->title != '\0' ? puzzle->title : _("Maze");
  /* TRANSLATORS: where a sheet of a poster goes: row, column, rows, columns */
  place = g_strdup_printf (_("Row %u, column %u of %u × %u"), tile / layout->columns + 1,
                           tile % layout->columns + 1, layout->rows, layout->columns);
  if (*title == '\0')
    label = g_strdup (place);
  else if (answers)
    /* TRANSLATORS: a poster sheet's label: the title, then where it goes */
    label = g_strdup_printf (_("%s (Answer key) · %s"), title, place);
  else
    label = g_strdup_printf (_("%s · %s"), title, place);
  cairo_set_source_rgb (cr, 0.0, 0.0, 0.0);
  show_text (cr, label, LABEL_SIZE, TRUE, box->x + inset, box->y - gap, width, FALSE);

  /* What mud costs, on every sheet: the answer is the cheapest way. */
  mud = maze_worksheet_dup_mud_note ((MazePuzzle * const *) &puzzle, 1);
  if (mud != NULL)
    {
      show_text (cr, mud, NOTE_SIZE, FALSE, box->x + inset, foot, width, TRUE);
      foot += 1.3 * NOTE_SIZE;
    }

  if (!sheet->footer)
    return;
  /* TRANSLATORS: at the foot of every sheet of a poster; %s is the puzzle ID */
  note = g_strdup_printf (_("Puzzle %s · Trim at the crop marks, then lay each sheet over "
                            "its neighbour with the targets on top of each other."), id);
  cairo_set_source_rgb (cr, INK_GREY, INK_GREY, INK_GREY);
  show_text (cr, note, NOTE_SIZE, FALSE, box->x + inset, foot, width, TRUE);
}

void
maze_poster_render_tile (cairo_t                    *cr,
                         const MazePosterLayout     *layout,
                         const MazeWorksheetOptions *sheet,
                         const MazePuzzle           *puzzle,
                         guint                       tile,
                         const MazeSolution         *answer)
{
  const MazePosterBox *box;
  MazeRenderOptions render;
  double ox, oy;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (layout != NULL && sheet != NULL);
  g_return_if_fail (puzzle != NULL && puzzle->grid != NULL);
  g_return_if_fail (tile < maze_poster_get_n_tiles (layout));

  box = &layout->content;
  render = layout->render;
  if (answer != NULL)
    {
      render.solution = answer->path;
      render.solution_len = answer->path_len;
    }

  cairo_save (cr);
  cairo_set_source_rgb (cr, 1.0, 1.0, 1.0);
  cairo_rectangle (cr, 0.0, 0.0, layout->page_width, layout->page_height);
  cairo_fill (cr);

  /* The tile's part of the maze: the renderer draws what the clip
   * shows. */
  cairo_save (cr);
  cairo_rectangle (cr, box->x, box->y, box->width, box->height);
  cairo_clip (cr);
  tile_origin (layout, tile, &ox, &oy);
  cairo_translate (cr, ox, oy);
  maze_render (cr, puzzle->grid, &render);
  cairo_restore (cr);

  cairo_set_source_rgb (cr, 0.0, 0.0, 0.0);
  cairo_set_line_width (cr, MARK_WIDTH);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  draw_crop_marks (cr, layout);
  draw_targets (cr, layout, tile);
  cairo_set_source_rgb (cr, INK_GREY, INK_GREY, INK_GREY);
  draw_overlap_ticks (cr, layout, tile);
  draw_words (cr, layout, sheet, puzzle, tile, answer != NULL);
  cairo_restore (cr);
}
