/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-render"

#include "config.h"

#include "maze-worksheet.h"

#include "maze-printable.h"

#include <math.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "maze-geometry.h"
#include "maze-level.h"
#include "maze-metrics.h"
#include "maze-render-private.h"
#include "maze-solve.h"

/* A worksheet page, top to bottom inside the margins: the title, the
 * "Name: ____ Date: ____" line, the instructions, the mazes in their
 * slots (each with Start/Finish labels and, several to a page, an ID
 * caption) and the footer. Everything is measured in points and drawn on
 * whatever cairo context the caller gives: a PDF page now, a
 * GtkPrintContext later. Text sizes are absolute (user units), so the
 * 96 dpi default of PangoCairo plays no part, and metrics are unhinted so
 * an image and a PDF of the same page lay out alike. */

#define PT_PER_MM (72.0 / 25.4)

/* The least room the mazes keep on each axis, whatever the margins. */
#define MIN_CONTENT_MM 50.0

#define FONT_FAMILY      "Sans"
#define TITLE_SIZE       20.0
#define HEADER_SIZE      11.0
#define FOOTER_SIZE      8.0
#define LABEL_SIZE       11.0 /* one maze to a page */
#define LABEL_SIZE_SMALL 9.0  /* several */
#define CAPTION_SIZE     8.0

#define HEADER_GAP      8.0   /* between header lines */
#define WRITING_SPACE   16.0  /* above the name line: room for handwriting */
#define HEADER_BOTTOM   14.0  /* between the header and the mazes */
#define FOOTER_GAP      10.0  /* between the mazes and the footer */
#define SLOT_GAP        24.0  /* between slots */
#define LABEL_GAP       3.0   /* between a wall and its label */
#define CAPTION_GAP     4.0

#define INK_GREY        0.35  /* footer and captions: quieter than the maze */

typedef struct
{
  double x;
  double y;
  double width;
  double height;
} Box;

typedef enum
{
  SIDE_NONE,   /* not a drawable cell: no label */
  SIDE_INSIDE, /* an open cell away from the grid's border */
  SIDE_TOP,
  SIDE_BOTTOM,
  SIDE_LEFT,
  SIDE_RIGHT,
} Side;

typedef struct
{
  cairo_t      *cr;
  PangoContext *pango;
  double       *measured_cell; /* non-NULL: lay out, record the cell size, draw no maze */
} Page;

void
maze_worksheet_options_init (MazeWorksheetOptions *options)
{
  g_return_if_fail (options != NULL);

  *options = (MazeWorksheetOptions) {
    .paper = MAZE_PAPER_A4,
    .landscape = FALSE,
    .margin_mm = 15.0,
    .per_page = 1,
    .title = NULL,
    .name_date_line = TRUE,
    .instructions = NULL,
    .labels = TRUE,
    .start_label = NULL,
    .finish_label = NULL,
    .footer = TRUE,
    .difficulty = FALSE,
    .first_number = 0,
    .page_number = 0,
    .n_pages = 0,
  };
  maze_render_options_init (&options->render);
  options->render.monochrome = FALSE;
  /* Okabe-Ito hues, told apart with any colour vision, chosen as much
   * for their grey values: on a black-and-white printer the markers and
   * the answer line come out as distinct mid greys, never as black
   * (mistaken for walls) nor as tints that vanish. The page is white
   * already, and cells out of the maze get only a light tint: a
   * worksheet should not spend toner on them. */
  options->render.background_color = (MazeColor) { 1.0, 1.0, 1.0, 0.0 };
  options->render.wall_color = (MazeColor) { 0.0, 0.0, 0.0, 1.0 };
  options->render.masked_color = (MazeColor) { 0.92, 0.92, 0.92, 1.0 };
  /* Printed as the shape: the paper shows where the maze is not. */
  options->render.show_masked = FALSE;
  options->render.solution_color = (MazeColor) { 0x00 / 255.0, 0x9E / 255.0, 0x73 / 255.0, 1.0 };
  options->render.start_color = (MazeColor) { 0x00 / 255.0, 0x72 / 255.0, 0xB2 / 255.0, 1.0 };
  options->render.end_color = (MazeColor) { 0xD5 / 255.0, 0x5E / 255.0, 0x00 / 255.0, 1.0 };
  options->render.show_markers = TRUE;
  options->render.show_doors = TRUE;
  /* 0: chosen per maze from its cell size (see wall_width_for). */
  options->render.wall_width = 0.0;
}

/* Portrait sizes in points. */
typedef struct
{
  const char *name;
  const char *title;
  double      width_pt;
  double      height_pt;
} PaperInfo;

static const PaperInfo papers[] = {
  [MAZE_PAPER_A4] = { "a4", N_("A4"), 210.0 * PT_PER_MM, 297.0 * PT_PER_MM },
  [MAZE_PAPER_LETTER] = { "letter", N_("Letter"), 612.0, 792.0 },
  [MAZE_PAPER_A5] = { "a5", N_("A5"), 148.0 * PT_PER_MM, 210.0 * PT_PER_MM },
  [MAZE_PAPER_A3] = { "a3", N_("A3"), 297.0 * PT_PER_MM, 420.0 * PT_PER_MM },
  [MAZE_PAPER_LEGAL] = { "legal", N_("Legal"), 612.0, 1008.0 },
  /* TRANSLATORS: a paper size, the page of a puzzle book */
  [MAZE_PAPER_BOOK_6X9] = { "6x9", N_("6 × 9 in book"), 432.0, 648.0 },
};

G_STATIC_ASSERT (G_N_ELEMENTS (papers) == MAZE_N_PAPERS);

gboolean
maze_paper_from_string (const char *name,
                        MazePaper  *paper)
{
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i < MAZE_N_PAPERS; i++)
    if (g_ascii_strcasecmp (name, papers[i].name) == 0)
      {
        *paper = (MazePaper) i;
        return TRUE;
      }
  return FALSE;
}

const char *
maze_paper_get_name (MazePaper paper)
{
  g_return_val_if_fail ((guint) paper < MAZE_N_PAPERS, "a4");
  return papers[paper].name;
}

const char *
maze_paper_get_title (MazePaper paper)
{
  g_return_val_if_fail ((guint) paper < MAZE_N_PAPERS, _("A4"));
  return _(papers[paper].title);
}

void
maze_worksheet_page_size (const MazeWorksheetOptions *options,
                          double                     *width_pt,
                          double                     *height_pt)
{
  const PaperInfo *paper;
  double w, h;

  g_return_if_fail (options != NULL);

  paper = &papers[(guint) options->paper < MAZE_N_PAPERS ? options->paper : MAZE_PAPER_A4];
  w = paper->width_pt;
  h = paper->height_pt;
  if (options->landscape)
    {
      double t = w;

      w = h;
      h = t;
    }
  if (width_pt != NULL)
    *width_pt = w;
  if (height_pt != NULL)
    *height_pt = h;
}

/* Text */

static PangoLayout *
create_layout (Page        *page,
               const char  *text,
               double       size,
               PangoWeight  weight)
{
  PangoLayout *layout = pango_layout_new (page->pango);
  PangoFontDescription *desc = pango_font_description_from_string (FONT_FAMILY);
  g_autofree char *valid = maze_printable_dup (text);

  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  pango_font_description_set_weight (desc, weight);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (layout, valid, -1);
  return layout;
}

static void
get_layout_size (PangoLayout *layout,
                 double      *width,
                 double      *height)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  if (width != NULL)
    *width = (double) logical.width / PANGO_SCALE;
  if (height != NULL)
    *height = (double) logical.height / PANGO_SCALE;
}

static void
show_layout (Page        *page,
             PangoLayout *layout,
             double       x,
             double       y,
             double       grey)
{
  cairo_t *cr = page->cr;

  cairo_save (cr);
  cairo_set_source_rgb (cr, grey, grey, grey);
  cairo_move_to (cr, x, y);
  pango_cairo_update_layout (cr, layout);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

/* A label drawn over the maze: a white halo round the glyphs keeps it
 * readable while hiding as little of the walls as possible. */
static void
show_layout_with_halo (Page        *page,
                       PangoLayout *layout,
                       double       x,
                       double       y)
{
  cairo_t *cr = page->cr;

  cairo_save (cr);
  cairo_move_to (cr, x, y);
  pango_cairo_update_layout (cr, layout);
  pango_cairo_layout_path (cr, layout);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, 3.0);
  cairo_set_source_rgb (cr, 1.0, 1.0, 1.0);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 0.0, 0.0, 0.0);
  cairo_fill (cr);
  cairo_restore (cr);
}

/* Layout */

/* Walls an eighth of a cell wide, but thick enough to print on a maze of
 * many small cells and never heavy on one of a few big cells; a width the
 * caller chose is kept, short of filling the passages. */
static double
wall_width_for (const MazeRenderOptions *render,
                double                   cell_size)
{
  if (render->wall_width > 0.0)
    return MIN (render->wall_width, cell_size / 2.0);
  return CLAMP (cell_size / 8.0, 0.5, 2.5);
}

double
maze_worksheet_get_wall_width (const MazeRenderOptions *render,
                               double                   cell_size)
{
  g_return_val_if_fail (render != NULL, 0.0);

  return wall_width_for (render, cell_size);
}

static const char *
default_title (MazePuzzle * const *puzzles,
               guint               n_puzzles)
{
  const char *title = n_puzzles > 0 ? puzzles[0]->title : NULL;

  /* The puzzles' own title when they share one. */
  for (guint i = 1; i < n_puzzles && title != NULL; i++)
    if (g_strcmp0 (puzzles[i]->title, title) != 0)
      title = NULL;
  if (title != NULL && *title != '\0')
    return title;
  return n_puzzles > 1 ? _("Mazes") : _("Maze");
}

/* The side of the maze a door faces where rows do not say (the circular
 * grid's): the side of the bounding box its middle lies towards, or
 * inside when it is nearer the centre than the edges (into the room). */
static Side
door_facing (const MazeGrid *grid,
             guint32         cell,
             guint           door)
{
  MazeGeometry g;
  double mx, my, dx, dy;
  guint x, y;

  maze_geometry_init (&g, grid, 1, 0, 0);
  maze_grid_xy (grid, cell, &x, &y);
  maze_geometry_side_midpoint (&g, x, y, door, &mx, &my);
  dx = mx - g.width / 2;
  dy = my - g.height / 2;
  if (hypot (dx, dy) < MIN (g.width, g.height) / 4)
    return SIDE_INSIDE;
  if (fabs (dy) >= fabs (dx))
    return dy < 0 ? SIDE_TOP : SIDE_BOTTOM;
  return dx < 0 ? SIDE_LEFT : SIDE_RIGHT;
}

static Side
endpoint_side (const MazeGrid *grid,
               guint32         cell,
               guint          *door)
{
  if (cell >= grid->n_cells || maze_grid_is_masked (grid, cell))
    return SIDE_NONE;
  /* Beside the door the renderer cuts, when there is one. */
  if (!maze_render_door_dir (grid, cell, door))
    return SIDE_INSIDE;
  if (grid->topology->irregular)
    return door_facing (grid, cell, *door);
  switch (grid->topology->kind[*door])
    {
    case MAZE_DIR_UP:
      return SIDE_TOP;
    case MAZE_DIR_DOWN:
      return SIDE_BOTTOM;
    case MAZE_DIR_ROW_PREV:
      return SIDE_LEFT;
    case MAZE_DIR_ROW_NEXT:
    default:
      return SIDE_RIGHT;
    }
}

static gboolean
boxes_overlap (const Box *a,
               const Box *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width &&
         a->y < b->y + b->height && b->y < a->y + a->height;
}

static void
clamp_box (Box       *box,
           const Box *within)
{
  box->x = MAX (within->x, MIN (box->x, within->x + within->width - box->width));
  box->y = MAX (within->y, MIN (box->y, within->y + within->height - box->height));
}

typedef struct
{
  PangoLayout *layout;
  double       width;     /* logical size */
  double       height;
  Side         side;
  guint32      cell;
  guint        door;      /* the door's direction, for a border cell */
  Box          box;
} Label;

static gboolean segment_hits_box (const double *s,
                                  const Box    *box);

/* Whether box comes within margin of an open cell's outline (the
 * maze's walls) or lies in one. */
static gboolean
box_touches_maze (const Box          *box,
                  const MazeGeometry *geometry,
                  const MazeGrid     *grid,
                  double              margin)
{
  Box near = { box->x - margin, box->y - margin, box->width + 2 * margin,
               box->height + 2 * margin };
  MazeRect area;
  guint x, y;

  if (maze_geometry_cell_at (geometry, box->x + box->width / 2, box->y + box->height / 2,
                             &x, &y) && maze_grid_is_open (grid, x, y))
    return TRUE;
  if (!maze_geometry_cells_in_area (geometry, near.x, near.y, near.width, near.height, &area))
    return FALSE;
  for (guint32 k = 0; k < area.width * area.height; k++)
    {
      double xs[MAZE_MAX_DIRS], ys[MAZE_MAX_DIRS];
      guint n;

      if (!maze_rect_local_xy (grid, &area, k, &x, &y) || !maze_grid_is_open (grid, x, y))
        continue;
      n = maze_geometry_cell_outline (geometry, x, y, xs, ys);
      for (guint i = 0; i < n; i++)
        {
          double edge[4] = { xs[i], ys[i], xs[(i + 1) % n], ys[(i + 1) % n] };

          if (segment_hits_box (edge, &near))
            return TRUE;
        }
    }
  return FALSE;
}

/* A label beside a door in a shape's outline, moved until it is clear
 * of the maze: a slanted door (hexagons, triangles) has cells of the
 * shape beside it that a label centred on the gap would touch. Out
 * through the door (from the cell's centre through the gap) first,
 * else straight up, down, left or right, whichever is clear soonest
 * within the slot (the page's edge may stop the way out). */
static void
move_clear_of_maze (Box                *box,
                    const MazeGeometry *geometry,
                    const MazeGrid     *grid,
                    guint               x,
                    guint               y,
                    double              door_x,
                    double              door_y,
                    double              margin,
                    const Box          *slot)
{
  double ways[5][2] = { { 0, 0 }, { 0, -1 }, { 0, 1 }, { -1, 0 }, { 1, 0 } };
  double cx, cy, len, step = geometry->cell_size / 4.0;
  guint best_steps = G_MAXUINT;
  Box best = *box;

  clamp_box (box, slot);
  if (!box_touches_maze (box, geometry, grid, margin))
    return;
  maze_geometry_cell_center (geometry, x, y, &cx, &cy);
  len = hypot (door_x - cx, door_y - cy);
  if (len > 0.0)
    {
      ways[0][0] = (door_x - cx) / len;
      ways[0][1] = (door_y - cy) / len;
    }
  for (guint w = 0; w < G_N_ELEMENTS (ways); w++)
    {
      Box moved = *box;

      if (ways[w][0] == 0 && ways[w][1] == 0)
        continue;
      /* At most a few cells: past the shape's nearest cells. */
      for (guint i = 1; i <= 40 && i < best_steps; i++)
        {
          moved.x = box->x + ways[w][0] * step * i;
          moved.y = box->y + ways[w][1] * step * i;
          clamp_box (&moved, slot);
          if (!box_touches_maze (&moved, geometry, grid, margin))
            {
              best = moved;
              best_steps = i;
              break;
            }
        }
    }
  *box = best;
}

/* A label for a cell on the border goes outside the maze, beside the
 * door (see place_inside_label for the others). */
static void
place_label (Label              *label,
             const MazeGeometry *geometry,
             const MazeGrid     *grid,
             double              wall_width,
             const Box          *slot)
{
  double left = geometry->origin_x;
  double top = geometry->origin_y;
  double right = left + geometry->width;
  double bottom = top + geometry->height;
  double out = wall_width / 2.0 + LABEL_GAP;
  double x1, y1, x2, y2, cx, cy;
  guint x, y, nx, ny;
  gboolean outline_door;
  Box *box = &label->box;

  /* Centred on the gap in the wall rather than on the cell: on a hexagon
   * the door is a slanted side off the cell's centre line. */
  maze_grid_xy (grid, label->cell, &x, &y);
  maze_geometry_side (geometry, x, y, label->door, &x1, &y1, &x2, &y2);
  cx = (x1 + x2) / 2.0;
  cy = (y1 + y2) / 2.0;
  /* A door in a shape's outline opens onto the blank paper of a masked
   * cell, inside the grid's box: the label goes there, beside the door,
   * not at the box's edge (which may be off the shape, or off the page). */
  outline_door = maze_grid_step (grid, x, y, label->door, &nx, &ny);
  /* So does a door through the rings' outer ring: the disc's box is no
   * side of a ring, nor of the shape cut from it. */
  if (outline_door || grid->polar != NULL)
    {
      left = MIN (x1, x2);
      right = MAX (x1, x2);
      top = MIN (y1, y2);
      bottom = MAX (y1, y2);
    }
  box->width = label->width;
  box->height = label->height;

  switch (label->side)
    {
    case SIDE_TOP:
    case SIDE_BOTTOM:
      box->x = cx - label->width / 2.0;
      /* Within the maze's width when it fits: a corner label then lines
       * up with the maze's edge instead of jutting out. */
      if (label->width <= right - left)
        box->x = CLAMP (box->x, left, right - label->width);
      box->y = label->side == SIDE_TOP ? top - out - label->height : bottom + out;
      break;

    case SIDE_LEFT:
    case SIDE_RIGHT:
      box->x = label->side == SIDE_LEFT ? left - out - label->width : right + out;
      box->y = cy - label->height / 2.0;
      break;

    case SIDE_INSIDE:
    case SIDE_NONE:
    default:
      g_assert_not_reached ();
    }
  if (outline_door || grid->polar != NULL)
    move_clear_of_maze (box, geometry, grid, x, y, cx, cy, wall_width / 2.0 + LABEL_GAP / 2.0,
                        slot);
  clamp_box (box, slot);
}

/* Two labels on the same side that would overlap (the start and the end
 * in neighbouring cells) are pushed apart along that side. */
static void
separate_labels (Label     *a,
                 Label     *b,
                 const Box *slot)
{
  gboolean horizontal;
  double mid;

  if (a->side != b->side || a->side == SIDE_INSIDE || !boxes_overlap (&a->box, &b->box))
    return;
  horizontal = a->side == SIDE_TOP || a->side == SIDE_BOTTOM;
  if (horizontal)
    {
      /* One cell both start and end (a maze of one cell): Start first. */
      Label *first = a->cell == b->cell || a->box.x <= b->box.x ? a : b;
      Label *second = first == a ? b : a;

      mid = (first->box.x + first->box.width + second->box.x) / 2.0;
      first->box.x = mid - 2.0 - first->box.width;
      second->box.x = mid + 2.0;
      /* Both move together when one meets the edge of the slot. */
      if (first->box.x < slot->x)
        {
          second->box.x += slot->x - first->box.x;
          first->box.x = slot->x;
        }
      else if (second->box.x + second->box.width > slot->x + slot->width)
        {
          first->box.x -= second->box.x + second->box.width - (slot->x + slot->width);
          second->box.x = slot->x + slot->width - second->box.width;
        }
    }
  else
    {
      Label *first = a->cell == b->cell || a->box.y <= b->box.y ? a : b;
      Label *second = first == a ? b : a;

      mid = (first->box.y + first->box.height + second->box.y) / 2.0;
      first->box.y = mid - first->box.height;
      second->box.y = mid;
      if (first->box.y < slot->y)
        {
          second->box.y += slot->y - first->box.y;
          first->box.y = slot->y;
        }
      else if (second->box.y + second->box.height > slot->y + slot->height)
        {
          first->box.y -= second->box.y + second->box.height - (slot->y + slot->height);
          second->box.y = slot->y + slot->height - second->box.height;
        }
    }
  clamp_box (&a->box, slot);
  clamp_box (&b->box, slot);
}

/* Labels inside the maze */

typedef struct
{
  GArray *segments; /* of double[4]: x1, y1, x2, y2 */
} WallSegments;

static void
collect_wall_run_cb (const double *xs,
                     const double *ys,
                     guint         n_points,
                     gpointer      user_data)
{
  WallSegments *walls = user_data;

  for (guint i = 1; i < n_points; i++)
    {
      double segment[4] = { xs[i - 1], ys[i - 1], xs[i], ys[i] };

      g_array_append_val (walls->segments, segment);
    }
}

/* Does the segment cross the box? Liang-Barsky clipping. */
static gboolean
segment_hits_box (const double *s,
                  const Box    *box)
{
  double dx = s[2] - s[0], dy = s[3] - s[1];
  double p[4] = { -dx, dx, -dy, dy };
  double q[4] = { s[0] - box->x, box->x + box->width - s[0],
                  s[1] - box->y, box->y + box->height - s[1] };
  double t0 = 0.0, t1 = 1.0;

  for (guint i = 0; i < 4; i++)
    {
      if (p[i] == 0.0)
        {
          if (q[i] < 0.0)
            return FALSE;
          continue;
        }
      if (p[i] < 0.0)
        t0 = MAX (t0, q[i] / p[i]);
      else
        t1 = MIN (t1, q[i] / p[i]);
      if (t0 > t1)
        return FALSE;
    }
  return TRUE;
}

/* Do the segments a and b (x1, y1, x2, y2) cross? */
static gboolean
segments_cross (const double *a,
                const double *b)
{
  double d1 = (b[2] - b[0]) * (a[1] - b[1]) - (b[3] - b[1]) * (a[0] - b[0]);
  double d2 = (b[2] - b[0]) * (a[3] - b[1]) - (b[3] - b[1]) * (a[2] - b[0]);
  double d3 = (a[2] - a[0]) * (b[1] - a[1]) - (a[3] - a[1]) * (b[0] - a[0]);
  double d4 = (a[2] - a[0]) * (b[3] - a[1]) - (a[3] - a[1]) * (b[2] - a[0]);

  return ((d1 > 0) != (d2 > 0)) && ((d3 > 0) != (d4 > 0)) &&
         d1 != 0 && d2 != 0 && d3 != 0 && d4 != 0;
}

static gboolean
box_inside (const Box *box,
            const Box *within)
{
  return box->x >= within->x && box->y >= within->y &&
         box->x + box->width <= within->x + within->width &&
         box->y + box->height <= within->y + within->height;
}

/* A label for a start or end away from the border goes where its glyphs
 * cross the fewest walls (a stretch of corridor, or outside the maze when
 * that is near), as close to its marker as that allows, clear of both
 * markers and of the other label. A halo would hide the walls it
 * crosses, and a child reads a hidden wall as a way through. A wall
 * between the marker and the label would make it name the cell beyond,
 * so spots the marker sees without a wall come first. Only when
 * every spot nearby crosses walls (tiny cells) does it settle for the
 * fewest, at a smaller size. */
static void
place_inside_label (Page               *page,
                    Label              *label,
                    const MazeGeometry *geometry,
                    const MazeGrid     *grid,
                    double              wall_width,
                    const Box          *slot,
                    const Box          *obstacles,
                    guint               n_obstacles)
{
  const double sizes[2] = { 1.0, 0.8 };
  double s = geometry->cell_size;
  double clearance = wall_width / 2.0 + 1.5;
  double best_score = G_MAXDOUBLE;
  double base_size, cx, cy;
  WallSegments walls;
  PangoLayout *best_layout = NULL;
  Box best_box;
  guint x, y;

  maze_grid_xy (grid, label->cell, &x, &y);
  maze_geometry_cell_center (geometry, x, y, &cx, &cy);
  /* Right of the marker, should no spot in the slot be found. */
  label->box = (Box) { cx + s / 2.0, cy - label->height / 2.0, label->width, label->height };
  clamp_box (&label->box, slot);
  best_box = label->box;
  base_size = (double) pango_font_description_get_size (pango_layout_get_font_description (label->layout)) /
              PANGO_SCALE;

  walls.segments = g_array_new (FALSE, FALSE, sizeof (double[4]));
  {
    double reach_x = MAX (2.5 * s, label->width) + label->width;
    double reach_y = MAX (2.0 * s, 2.0 * label->height) + label->height;
    MazeRect area;

    if (maze_geometry_cells_in_area (geometry, cx - reach_x, cy - reach_y,
                                     2.0 * reach_x, 2.0 * reach_y, &area))
      maze_geometry_foreach_wall_run (geometry, grid, &area, collect_wall_run_cb, &walls);
  }

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      PangoLayout *layout = k == 0 ? g_object_ref (label->layout)
                                   : create_layout (page, pango_layout_get_text (label->layout),
                                                    base_size * sizes[k], PANGO_WEIGHT_BOLD);
      double w, h, step, reach_x, reach_y;
      PangoRectangle ink_rect;
      Box ink;
      gboolean used = FALSE;

      get_layout_size (layout, &w, &h);
      pango_layout_get_extents (layout, &ink_rect, NULL);
      ink = (Box) { (double) ink_rect.x / PANGO_SCALE, (double) ink_rect.y / PANGO_SCALE,
                    (double) ink_rect.width / PANGO_SCALE, (double) ink_rect.height / PANGO_SCALE };
      step = MAX (s / 4.0, 1.0);
      reach_x = MAX (2.5 * s, w);
      reach_y = MAX (2.0 * s, 2.0 * h);

      for (double oy = -reach_y; oy <= reach_y; oy += step)
        for (double ox = -reach_x; ox <= reach_x; ox += step)
          {
            Box box = { cx + ox - w / 2.0, cy + oy - h / 2.0, w, h };
            Box glyphs = { box.x + ink.x - clearance, box.y + ink.y - clearance,
                           ink.width + 2.0 * clearance, ink.height + 2.0 * clearance };
            /* From the marker to the nearest point of the glyphs. */
            double sight[4] = { cx, cy,
                                CLAMP (cx, glyphs.x, glyphs.x + glyphs.width),
                                CLAMP (cy, glyphs.y, glyphs.y + glyphs.height) };
            guint crossings = 0, walls_between = 0;
            double score;

            if (!box_inside (&box, slot))
              continue;
            for (guint i = 0; i < n_obstacles; i++)
              if (boxes_overlap (&glyphs, &obstacles[i]))
                crossings += 100;
            for (guint i = 0; i < walls.segments->len; i++)
              {
                const double *wall = &g_array_index (walls.segments, double, 4 * i);

                crossings += segment_hits_box (wall, &glyphs);
                walls_between += segments_cross (sight, wall);
              }

            /* Crossings first, then walls between marker and label, then
             * the smaller size only if it does better, then nearness. */
            score = crossings * 1e6 + MIN (walls_between, 99) * 1e4 + k * 1e3 + hypot (ox, oy);
            if (score < best_score)
              {
                best_score = score;
                best_box = box;
                used = TRUE;
              }
          }
      if (used)
        {
          g_clear_object (&best_layout);
          best_layout = g_steal_pointer (&layout);
        }
      g_clear_object (&layout);
      if (best_score < 1e4)
        break;
    }
  g_array_unref (walls.segments);

  if (best_layout == NULL)
    return;
  g_object_unref (label->layout);
  label->layout = best_layout;
  label->box = best_box;
}

/* Widens (x1, y1)-(x2, y2) to take in cell (x, y)'s outline. */
static void
add_cell_to_box (const MazeGeometry *unit,
                 guint               x,
                 guint               y,
                 double             *x1,
                 double             *y1,
                 double             *x2,
                 double             *y2)
{
  double xs[MAZE_MAX_DIRS], ys[MAZE_MAX_DIRS];
  guint n = maze_geometry_cell_outline (unit, x, y, xs, ys);

  for (guint k = 0; k < n; k++)
    {
      *x1 = MIN (*x1, xs[k]);
      *x2 = MAX (*x2, xs[k]);
      *y1 = MIN (*y1, ys[k]);
      *y2 = MAX (*y2, ys[k]);
    }
}

/* The box of a shaped maze's open cells, in cells (a geometry of cell
 * size 1 at the origin): a heart is laid out by its own outline, not by
 * the grid's rectangle. The first and last open cell of each row bound
 * it (every open cell of a ring). FALSE when the grid has no mask (or no open cell): the grid's box
 * is the maze's. */
static gboolean
shape_box (const MazeGrid *grid,
           Box            *box)
{
  double x1 = G_MAXDOUBLE, y1 = G_MAXDOUBLE, x2 = -G_MAXDOUBLE, y2 = -G_MAXDOUBLE;
  MazeGeometry unit;

  if (!maze_grid_has_mask (grid, NULL))
    return FALSE;
  maze_geometry_init (&unit, grid, 1.0, 0.0, 0.0);
  for (guint y = 0; y < grid->height; y++)
    {
      guint ends[2] = { G_MAXUINT, G_MAXUINT };
      guint length = maze_grid_row_length (grid, y);

      for (guint x = 0; x < length; x++)
        if (maze_grid_is_open (grid, x, y))
          {
            /* A ring's ends bound nothing: every open cell of it does. */
            if (grid->polar != NULL)
              add_cell_to_box (&unit, x, y, &x1, &y1, &x2, &y2);
            if (ends[0] == G_MAXUINT)
              ends[0] = x;
            ends[1] = x;
          }
      for (guint e = 0; e < 2 && ends[0] != G_MAXUINT; e++)
        add_cell_to_box (&unit, ends[e], y, &x1, &y1, &x2, &y2);
    }
  if (x2 <= x1 || y2 <= y1)
    return FALSE;
  *box = (Box) { x1, y1, x2 - x1, y2 - y1 };
  return TRUE;
}

/* The cell size that makes the maze (its shape's box when it has one)
 * fit width x height. */
static double
fit_cell_size (const MazeGrid *grid,
               const Box      *shape,
               double          width,
               double          height)
{
  if (shape == NULL)
    return maze_geometry_fit_cell_size (grid, width, height);
  return MIN (width / shape->width, height / shape->height);
}

/* What a maze's caption (or, one to a page, the footer) says: its
 * number in the pack, its ID and its difficulty, as asked; NULL for
 * nothing. */
static char *
describe_puzzle (const MazeWorksheetOptions *options,
                 const MazePuzzle           *puzzle,
                 guint                       number)
{
  GString *text = g_string_new (NULL);

  if (number > 0)
    /* TRANSLATORS: a puzzle's number in a pack of worksheets */
    g_string_append_printf (text, _("No. %u"), number);
  if (options->footer)
    {
      g_autofree char *id = maze_puzzle_get_id (puzzle);

      if (text->len > 0)
        g_string_append (text, " · ");
      /* TRANSLATORS: %s is a short puzzle ID such as K7Q-2MX */
      g_string_append_printf (text, _("Puzzle %s"), id);
    }
  if (options->difficulty)
    {
      MazeMetrics metrics;

      if (maze_metrics_compute (puzzle->grid, puzzle->start, puzzle->end, &metrics, NULL))
        {
          MazeLevel level = maze_level_from_score (metrics.difficulty);

          if (text->len > 0)
            g_string_append (text, " · ");
          /* TRANSLATORS: small print on a worksheet: the level's number,
           * the number of levels and the level's name, e.g.
           * "Difficulty: 3 of 5 (Medium)" */
          g_string_append_printf (text, _("Difficulty: %u of %u (%s)"), (guint) level,
                                  (guint) MAZE_N_LEVELS, maze_level_get_title (level));
        }
    }
  if (text->len == 0)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}

static void
draw_maze_in_slot (Page                       *page,
                   const MazeWorksheetOptions *options,
                   const MazePuzzle           *puzzle,
                   const Box                  *slot,
                   const char                 *caption,
                   gboolean                    answers)
{
  const MazeGrid *grid = puzzle->grid;
  cairo_t *cr = page->cr;
  g_autoptr(MazeSolution) solution = NULL;
  g_autoptr(PangoLayout) caption_layout = NULL;
  MazeRenderOptions render = options->render;
  MazeGeometry geometry;
  Box shape_cells;
  const Box *shape = shape_box (grid, &shape_cells) ? &shape_cells : NULL;
  Label labels[2] = { { 0 } };
  double reserve_top = 0.0, reserve_bottom = 0.0, reserve_side = 0.0;
  double caption_width = 0.0, caption_height = 0.0;
  double avail_w, avail_h, cell_size, wall_width, x0, y0, maze_bottom;
  guint n_labels = 0;

  if (caption != NULL)
    {
      caption_layout = create_layout (page, caption, CAPTION_SIZE, PANGO_WEIGHT_NORMAL);
      /* Never wider than the slot: six to a page on a small paper. */
      pango_layout_set_width (caption_layout, (int) (slot->width * PANGO_SCALE));
      pango_layout_set_ellipsize (caption_layout, PANGO_ELLIPSIZE_END);
      get_layout_size (caption_layout, &caption_width, &caption_height);
      caption_width = MIN (caption_width, slot->width);
    }

  if (options->labels)
    {
      const char *texts[2] = {
        options->start_label != NULL && *options->start_label != '\0' ? options->start_label
                                                                        : _("Start"),
        options->finish_label != NULL && *options->finish_label != '\0' ? options->finish_label
                                                                          : _("Finish"),
      };
      guint32 cells[2] = { puzzle->start, puzzle->end };

      for (guint i = 0; i < 2; i++)
        {
          Label *label = &labels[n_labels];
          Side side = endpoint_side (grid, cells[i], &label->door);

          if (side == SIDE_NONE)
            continue;
          label->layout = create_layout (page, texts[i],
                                         options->per_page > 1 ? LABEL_SIZE_SMALL : LABEL_SIZE,
                                         PANGO_WEIGHT_BOLD);
          get_layout_size (label->layout, &label->width, &label->height);
          label->side = side;
          label->cell = cells[i];
          n_labels++;

          /* Room outside the maze for labels beside doors; the same on
           * both sides so the maze stays centred in its slot. */
          if (side == SIDE_TOP)
            reserve_top = MAX (reserve_top, label->height + LABEL_GAP);
          else if (side == SIDE_BOTTOM)
            reserve_bottom = MAX (reserve_bottom, label->height + LABEL_GAP);
          else if (side == SIDE_LEFT || side == SIDE_RIGHT)
            reserve_side = MAX (reserve_side, label->width + LABEL_GAP);
        }
    }
  reserve_top = reserve_bottom = MAX (reserve_top, reserve_bottom);

  avail_w = slot->width - 2.0 * reserve_side;
  avail_h = slot->height - reserve_top - reserve_bottom -
            (caption != NULL ? caption_height + CAPTION_GAP : 0.0);
  if (avail_w < 4.0 || avail_h < 4.0)
    goto out;

  /* The walls stick out half their width beyond the cells; the width
   * depends on the cell size, which a couple of rounds settle. */
  cell_size = fit_cell_size (grid, shape, avail_w, avail_h);
  for (guint i = 0; i < 2; i++)
    {
      wall_width = wall_width_for (&options->render, cell_size);
      cell_size = fit_cell_size (grid, shape, MAX (avail_w - wall_width, 1.0),
                                 MAX (avail_h - wall_width, 1.0));
    }
  wall_width = wall_width_for (&options->render, cell_size);
  if (!(cell_size > 0.0) || !isfinite (cell_size))
    goto out;
  if (page->measured_cell != NULL)
    {
      *page->measured_cell = MIN (*page->measured_cell, cell_size);
      goto out;
    }

  maze_geometry_init (&geometry, grid, cell_size, 0.0, 0.0);
  if (shape != NULL)
    {
      /* The shape's box centred in the slot; its height is what ends
       * above the caption. */
      x0 = slot->x + (slot->width - shape->width * cell_size) / 2.0 - shape->x * cell_size;
      y0 = slot->y + reserve_top + (avail_h - shape->height * cell_size) / 2.0 -
           shape->y * cell_size;
      maze_bottom = (shape->y + shape->height) * cell_size;
    }
  else
    {
      x0 = slot->x + (slot->width - geometry.width) / 2.0;
      y0 = slot->y + reserve_top + (avail_h - geometry.height) / 2.0;
      maze_bottom = geometry.height;
    }
  maze_geometry_init (&geometry, grid, cell_size, x0, y0);

  render.cell_size = cell_size;
  render.wall_width = wall_width;
  render.margin = wall_width;
  maze_render_options_set_endpoints (&render, puzzle);
  render.solution = NULL;
  render.solution_len = 0;
  if (answers &&
      puzzle->start < grid->n_cells && puzzle->end < grid->n_cells &&
      !maze_grid_is_masked (grid, puzzle->start) && !maze_grid_is_masked (grid, puzzle->end))
    {
      solution = maze_solve (grid, maze_solver_for_answer (grid), puzzle->start, puzzle->end, NULL, NULL);
      if (solution != NULL)
        {
          render.solution = solution->path;
          render.solution_len = solution->path_len;
        }
    }

  cairo_save (cr);
  cairo_translate (cr, x0 - render.margin, y0 - render.margin);
  maze_render (cr, grid, &render);
  cairo_restore (cr);

  for (guint i = 0; i < n_labels; i++)
    if (labels[i].side != SIDE_INSIDE)
      place_label (&labels[i], &geometry, grid, wall_width, slot);
  if (n_labels == 2)
    separate_labels (&labels[0], &labels[1], slot);
  for (guint i = 0; i < n_labels; i++)
    if (labels[i].side == SIDE_INSIDE)
      {
        /* Keep clear of both markers and of a label already placed. */
        Box obstacles[3];
        guint n_obstacles = 0;
        guint32 cells[2] = { puzzle->start, puzzle->end };

        for (guint k = 0; k < 2; k++)
          if (cells[k] < grid->n_cells && !maze_grid_is_masked (grid, cells[k]))
            {
              double mx, my, r = 0.4 * cell_size;
              guint cx, cy;

              maze_grid_xy (grid, cells[k], &cx, &cy);
              maze_geometry_cell_center (&geometry, cx, cy, &mx, &my);
              obstacles[n_obstacles++] = (Box) { mx - r, my - r, 2.0 * r, 2.0 * r };
            }
        if (n_labels == 2 && (i == 1 || labels[1].side != SIDE_INSIDE))
          obstacles[n_obstacles++] = labels[1 - i].box;
        place_inside_label (page, &labels[i], &geometry, grid, wall_width, slot,
                            obstacles, n_obstacles);
      }
  for (guint i = 0; i < n_labels; i++)
    {
      if (labels[i].side == SIDE_INSIDE)
        show_layout_with_halo (page, labels[i].layout, labels[i].box.x, labels[i].box.y);
      else
        show_layout (page, labels[i].layout, labels[i].box.x, labels[i].box.y, 0.0);
    }

  if (caption != NULL)
    {
      double cy = y0 + maze_bottom + wall_width / 2.0 + reserve_bottom + CAPTION_GAP;
      double cx = slot->x + (slot->width - caption_width) / 2.0;

      show_layout (page, caption_layout, MAX (cx, slot->x), cy, INK_GREY);
    }

out:
  for (guint i = 0; i < n_labels; i++)
    g_clear_object (&labels[i].layout);
}

/* The title on one line. On an answer page it reads "Title (Answer key)",
 * and a title too long for the line is cut short, not the words that say
 * this is the answer page. */
static PangoLayout *
create_title_layout_cut (Page       *page,
                         const char *title,
                         glong       keep,
                         gboolean    answers,
                         double     *width)
{
  g_autofree char *cut = g_utf8_substring (title, 0, keep);
  g_autofree char *shown = NULL;
  g_autofree char *text = NULL;
  PangoLayout *layout;

  shown = keep < g_utf8_strlen (title, -1) ? g_strconcat (g_strchomp (cut), "…", NULL)
                                           : g_strdup (cut);
  /* TRANSLATORS: the title of an answer page; %s is the worksheet's title */
  text = answers ? g_strdup_printf (_("%s (Answer key)"), shown) : g_strdup (shown);
  layout = create_layout (page, text, TITLE_SIZE, PANGO_WEIGHT_BOLD);
  pango_layout_set_single_paragraph_mode (layout, TRUE);
  get_layout_size (layout, width, NULL);
  return layout;
}

static PangoLayout *
create_title_layout (Page       *page,
                     const char *title,
                     gboolean    answers,
                     double      width)
{
  g_autofree char *valid = maze_printable_dup (title);
  glong n_chars = g_utf8_strlen (valid, -1);
  PangoLayout *layout;
  double w;

  layout = create_title_layout_cut (page, valid, n_chars, answers, &w);
  if (w > width)
    {
      /* The longest start of the title that fits, by bisection. */
      glong lo = 0, hi = MIN (n_chars, 500);

      while (lo < hi)
        {
          glong mid = (lo + hi + 1) / 2;

          g_object_unref (create_title_layout_cut (page, valid, mid, answers, &w));
          if (w <= width)
            lo = mid;
          else
            hi = mid - 1;
        }
      g_object_unref (layout);
      layout = create_title_layout_cut (page, valid, lo, answers, &w);
    }

  /* Whatever still overflows (a translation longer than the line) Pango
   * cuts at the end. */
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  return layout;
}

/* The default line names only what the page shows of the two ends: the
 * labels, else the markers (a circle and a square), else the doors. */
static const char *
default_instructions (const MazeWorksheetOptions *options,
                      gboolean                    cheapest,
                      char                      **owned)
{
  gboolean own_words = (options->start_label != NULL && *options->start_label != '\0') ||
                       (options->finish_label != NULL && *options->finish_label != '\0');

  if (options->labels && own_words)
    {
      const char *start = options->start_label != NULL && *options->start_label != '\0'
                            ? options->start_label : _("Start");
      const char *finish = options->finish_label != NULL && *options->finish_label != '\0'
                             ? options->finish_label : _("Finish");

      /* TRANSLATORS: the instructions with labels of the user's, such as
       * "Find the way from Mouse to Cheese." */
      *owned = cheapest ? g_strdup_printf (_("Find the cheapest way from %s to %s."), start, finish)
                        : g_strdup_printf (_("Find the way from %s to %s."), start, finish);
      return *owned;
    }
  if (options->labels)
    return cheapest ? _("Find the cheapest way from Start to Finish.")
                    : _("Find the way from Start to Finish.");
  if (options->render.show_markers)
    return cheapest ? _("Find the cheapest way from the circle to the square.")
                    : _("Find the way from the circle to the square.");
  if (options->render.show_doors)
    return cheapest ? _("Find the cheapest way in at one opening and out at the other.")
                    : _("Find the way in at one opening and out at the other.");
  return cheapest ? _("Find the cheapest way through the maze.")
                  : _("Find a way through the maze.");
}

/* The lightest and heaviest mud (weight above 1) in the open cells of the
 * puzzles; FALSE when they have none. */
static gboolean
find_mud (MazePuzzle * const *puzzles,
          guint               n_puzzles,
          guint              *lightest,
          guint              *heaviest)
{
  *lightest = G_MAXUINT;
  *heaviest = 0;
  for (guint i = 0; i < n_puzzles; i++)
    {
      const MazeGrid *grid = puzzles[i]->grid;

      if (grid->weights == NULL)
        continue;
      for (guint32 cell = 0; cell < grid->n_cells; cell++)
        if (grid->weights[cell] > 1 && !maze_grid_is_masked (grid, cell))
          {
            *lightest = MIN (*lightest, grid->weights[cell]);
            *heaviest = MAX (*heaviest, grid->weights[cell]);
          }
    }
  return *heaviest > 0;
}

char *
maze_worksheet_dup_mud_note (MazePuzzle * const *puzzles,
                             guint               n_puzzles)
{
  guint lightest, heaviest;

  if (!find_mud (puzzles, n_puzzles, &lightest, &heaviest))
    return NULL;
  if (lightest == heaviest)
    /* TRANSLATORS: the mud on a worksheet; %u is 2 or more */
    return g_strdup_printf (_("Dotted cells are mud: stepping into one costs %u steps."),
                            heaviest);
  /* TRANSLATORS: the mud on a worksheet; the more dots, the heavier */
  return g_strdup_printf (_("Dotted cells are mud: stepping into one costs %u to %u steps, "
                            "the more dots the more."), lightest, heaviest);
}

/* The instructions (NULL: the default line), with a sentence saying what
 * mud costs when the mazes have some: the answer is the cheapest way,
 * which a child can only find knowing the price. */
static char *
instructions_with_mud (const MazeWorksheetOptions *options,
                       const char                 *instructions,
                       MazePuzzle * const         *puzzles,
                       guint                       n_puzzles)
{
  g_autofree char *mud = maze_worksheet_dup_mud_note (puzzles, n_puzzles);
  g_autofree char *owned = NULL;

  if (mud == NULL)
    return g_strdup (instructions != NULL ? instructions
                                          : default_instructions (options, FALSE, &owned));
  if (instructions == NULL)
    return g_strdup_printf ("%s %s", mud, default_instructions (options, TRUE, &owned));
  return g_strdup_printf ("%s %s", instructions, mud);
}

/* The header, from the top of the content box down; returns its height. */
static double
draw_header (Page                       *page,
             const MazeWorksheetOptions *options,
             MazePuzzle * const         *puzzles,
             guint                       n_puzzles,
             gboolean                    answers,
             const Box                  *content)
{
  cairo_t *cr = page->cr;
  const char *title = options->title;
  const char *instructions = options->instructions;
  g_autofree char *mud_instructions = NULL;
  double y = content->y;
  double h;
  gboolean any = FALSE;

  if (title == NULL)
    title = default_title (puzzles, n_puzzles);
  if (*title != '\0')
    {
      g_autoptr(PangoLayout) layout = create_title_layout (page, title, answers, content->width);

      get_layout_size (layout, NULL, &h);
      show_layout (page, layout, content->x, y, 0.0);
      y += h + (options->name_date_line ? WRITING_SPACE : HEADER_GAP);
      any = TRUE;
    }

  if (options->name_date_line)
    {
      g_autoptr(PangoLayout) name = create_layout (page, _("Name:"), HEADER_SIZE, PANGO_WEIGHT_NORMAL);
      g_autoptr(PangoLayout) date = create_layout (page, _("Date:"), HEADER_SIZE, PANGO_WEIGHT_NORMAL);
      double name_w, date_w, baseline, split, rule_y;

      get_layout_size (name, &name_w, &h);
      get_layout_size (date, &date_w, NULL);
      baseline = (double) pango_layout_get_baseline (name) / PANGO_SCALE;
      /* Two thirds of the line for the name, the rest for the date; the
       * rules are drawn, not typed, so they always reach the margin. */
      split = content->x + content->width * 0.64;
      rule_y = y + baseline + 2.0;

      /* An answer page keeps the line's room, so that its mazes lie
       * where the puzzle page's do, but nobody writes a name on it. */
      if (!answers)
        {
          show_layout (page, name, content->x, y, 0.0);
          show_layout (page, date, split + 12.0, y, 0.0);
          cairo_save (cr);
          cairo_set_source_rgb (cr, 0.0, 0.0, 0.0);
          cairo_set_line_width (cr, 0.6);
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
          cairo_move_to (cr, content->x + name_w + 4.0, rule_y);
          cairo_line_to (cr, split - 6.0, rule_y);
          cairo_move_to (cr, split + 12.0 + date_w + 4.0, rule_y);
          cairo_line_to (cr, content->x + content->width, rule_y);
          cairo_stroke (cr);
          cairo_restore (cr);
        }
      y += h + HEADER_GAP + 2.0;
      any = TRUE;
    }

  if (instructions == NULL || *instructions != '\0')
    instructions = mud_instructions = instructions_with_mud (options, instructions, puzzles,
                                                             n_puzzles);
  if (*instructions != '\0')
    {
      g_autoptr(PangoLayout) layout = create_layout (page, instructions, HEADER_SIZE,
                                                     PANGO_WEIGHT_NORMAL);

      /* Long instructions wrap, up to three lines. */
      pango_layout_set_width (layout, (int) (content->width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_height (layout, -3);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
      get_layout_size (layout, NULL, &h);
      show_layout (page, layout, content->x, y, 0.0);
      y += h + HEADER_GAP;
      any = TRUE;
    }

  if (any)
    y += HEADER_BOTTOM - HEADER_GAP;
  return y - content->y;
}

/* The footer at the bottom of the content box; returns its height. */
static double
draw_footer (Page                       *page,
             const MazeWorksheetOptions *options,
             MazePuzzle * const         *puzzles,
             guint                       n_puzzles,
             gboolean                    answers,
             const Box                  *content)
{
  g_autoptr(PangoLayout) left = NULL;
  g_autoptr(PangoLayout) middle = NULL;
  g_autoptr(PangoLayout) right = NULL;
  double lw = 0.0, lh = 0.0, mw = 0.0, mh = 0.0, rw = 0.0, rh = 0.0, h, y;

  if (!options->footer && options->page_number == 0 && !options->difficulty &&
      options->first_number == 0)
    return 0.0;

  /* One maze to a page: its ID here. Several: each has its own caption. */
  if (options->per_page <= 1 && n_puzzles > 0)
    {
      g_autofree char *text = describe_puzzle (options, puzzles[0], options->first_number);

      if (text != NULL)
        {
          left = create_layout (page, text, FOOTER_SIZE, PANGO_WEIGHT_NORMAL);
          get_layout_size (left, &lw, &lh);
        }
    }
  if (options->page_number > 0)
    {
      g_autofree char *text = options->n_pages > 0
        /* TRANSLATORS: a page number in a pack of worksheets */
        ? g_strdup_printf (_("Page %u of %u"), options->page_number, options->n_pages)
        /* TRANSLATORS: a page number in a pack of worksheets */
        : g_strdup_printf (_("Page %u"), options->page_number);

      middle = create_layout (page, text, FOOTER_SIZE, PANGO_WEIGHT_NORMAL);
      get_layout_size (middle, &mw, &mh);
    }
  /* Measured on every page, drawn on answer pages: the footer takes the
   * same room on both, so a maze and its answer lie at the same place
   * and size (an answer page can be laid over a pupil's sheet). */
  right = create_layout (page, _("Answer key"), FOOTER_SIZE, PANGO_WEIGHT_BOLD);
  get_layout_size (right, &rw, &rh);

  h = MAX (MAX (MAX (lh, rh), mh), FOOTER_SIZE);
  y = content->y + content->height - h;
  if (middle != NULL)
    {
      /* The page number in the middle, or at the right end of the line
       * when the ID and difficulty need the room. */
      double mx = content->x + (content->width - mw) / 2.0;

      if (left != NULL && lw + 12.0 > mx - content->x)
        {
          mx = content->x + content->width - rw - (answers ? 12.0 : 0.0) - mw;
          rw += mw + 12.0;
        }
      show_layout (page, middle, mx, y, INK_GREY);
    }
  if (left != NULL)
    {
      pango_layout_set_width (left, (int) (MAX (content->width - rw - 12.0, 1.0) * PANGO_SCALE));
      pango_layout_set_ellipsize (left, PANGO_ELLIPSIZE_END);
      show_layout (page, left, content->x, y, INK_GREY);
    }
  if (answers)
    show_layout (page, right, content->x + content->width - rw, y, 0.0);
  return h + FOOTER_GAP;
}

static void
render_page (cairo_t                    *cr,
             const MazeWorksheetOptions *options,
             MazePuzzle * const         *puzzles,
             guint                       n_puzzles,
             gboolean                    answers,
             double                     *measured_cell)
{
  cairo_font_options_t *font_options;
  Page page = { cr, NULL, measured_cell };
  double page_w, page_h, margin, header, footer;
  guint per_page, columns, rows;
  Box content, area;

  per_page = options->per_page == 2 || options->per_page == 4 || options->per_page == 6
               ? options->per_page : 1;
  n_puzzles = MIN (n_puzzles, per_page);

  maze_worksheet_page_size (options, &page_w, &page_h);
  /* Margins that would leave no room are cut down to what fits. */
  margin = isfinite (options->margin_mm) ? MAX (options->margin_mm, 0.0) * PT_PER_MM : 0.0;
  margin = MIN (margin, (MIN (page_w, page_h) - MIN_CONTENT_MM * PT_PER_MM) / 2.0);
  content = (Box) { margin, margin, page_w - 2.0 * margin, page_h - 2.0 * margin };

  cairo_save (cr);

  /* The page itself: white, whatever the surface started as. */
  cairo_set_source_rgb (cr, 1.0, 1.0, 1.0);
  cairo_rectangle (cr, 0.0, 0.0, page_w, page_h);
  cairo_fill (cr);

  page.pango = pango_cairo_create_context (cr);
  font_options = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (font_options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (font_options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (page.pango, font_options);
  cairo_font_options_destroy (font_options);
  pango_context_set_round_glyph_positions (page.pango, FALSE);

  header = draw_header (&page, options, puzzles, n_puzzles, answers, &content);
  footer = draw_footer (&page, options, puzzles, n_puzzles, answers, &content);
  area = (Box) { content.x, content.y + header, content.width, content.height - header - footer };

  /* Two to a page: one above the other on a tall page, side by side on a
   * wide one; six in two columns of three, or three of two. */
  if (per_page == 6)
    columns = options->landscape ? 3 : 2;
  else
    columns = per_page == 4 || (per_page == 2 && options->landscape) ? 2 : 1;
  rows = per_page / columns;

  for (guint i = 0; i < n_puzzles; i++)
    {
      double slot_w = (area.width - (columns - 1) * SLOT_GAP) / columns;
      double slot_h = (area.height - (rows - 1) * SLOT_GAP) / rows;
      Box slot = {
        area.x + (i % columns) * (slot_w + SLOT_GAP),
        area.y + (i / columns) * (slot_h + SLOT_GAP),
        slot_w,
        slot_h,
      };

      g_autofree char *caption = NULL;

      if (puzzles[i] == NULL || slot_w <= 0.0 || slot_h <= 0.0)
        continue;
      if (per_page > 1)
        caption = describe_puzzle (options, puzzles[i],
                                   options->first_number > 0 ? options->first_number + i : 0);
      draw_maze_in_slot (&page, options, puzzles[i], &slot, caption, answers);
    }

  g_object_unref (page.pango);
  cairo_restore (cr);
}

void
maze_worksheet_render_page (cairo_t                    *cr,
                            const MazeWorksheetOptions *options,
                            MazePuzzle * const         *puzzles,
                            guint                       n_puzzles,
                            gboolean                    answers)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (options != NULL);
  g_return_if_fail (puzzles != NULL || n_puzzles == 0);

  render_page (cr, options, puzzles, n_puzzles, answers, NULL);
}

double
maze_worksheet_get_cell_size (const MazeWorksheetOptions *options,
                              MazePuzzle * const         *puzzles,
                              guint                       n_puzzles)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  double cell = G_MAXDOUBLE;

  g_return_val_if_fail (options != NULL, 0.0);
  g_return_val_if_fail (puzzles != NULL && n_puzzles > 0, 0.0);

  /* The very layout of a page, on a scratch surface: the text is
   * measured as it will be printed, the mazes are not drawn. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
  cr = cairo_create (surface);
  render_page (cr, options, puzzles, n_puzzles, FALSE, &cell);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return cell == G_MAXDOUBLE ? 0.0 : cell;
}
