/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include <cairo.h>

#include "maze-core.h"
#include "maze-poster.h"
#include "maze-test-util.h"

/* Posters: how many sheets a maze takes, that neighbouring sheets show
 * the same maze in the strip they share, and that the marks to cut and
 * line them up are there. Pages are drawn into images here; the PDF's
 * pages are counted in test-pdf and test-cli-export. */

#define PT_PER_MM (72.0 / 25.4)
#define SCALE     2.0   /* pixels a point */

static MazePuzzle *
new_puzzle (guint width,
            guint height)
{
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;
  MazePuzzle *puzzle;

  maze_generate_options_init (&options);
  options.algorithm = MAZE_ALGORITHM_BACKTRACKER;
  options.seed = 17;
  puzzle = maze_puzzle_generate (MAZE_SHAPE_RECT, width, height, &options, 0,
                                 MAZE_ENDPOINTS_CORNERS, &error);
  g_assert_no_error (error);
  return puzzle;
}

/* Tile drawn into an image of the page; shift_x, shift_y (points) move
 * the page on the image first. */
static cairo_surface_t *
draw_tile (const MazePosterLayout     *layout,
           const MazeWorksheetOptions *sheet,
           const MazePuzzle           *puzzle,
           guint                       tile,
           const MazeSolution         *answer,
           double                      shift_x,
           double                      shift_y)
{
  cairo_surface_t *surface;
  cairo_t *cr;

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                        (int) ceil (layout->page_width * SCALE),
                                        (int) ceil (layout->page_height * SCALE));
  cr = cairo_create (surface);
  cairo_scale (cr, SCALE, SCALE);
  cairo_translate (cr, shift_x, shift_y);
  maze_poster_render_tile (cr, layout, sheet, puzzle, tile, answer);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static guint32
pixel_at (cairo_surface_t *surface,
          int              x,
          int              y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (surface));
  return ((const guint32 *) (gconstpointer) (data + y * stride))[x] & 0xffffff;
}

static gboolean
is_dark (guint32 p)
{
  return ((p >> 16) & 0xff) + ((p >> 8) & 0xff) + (p & 0xff) < 3 * 128;
}

/* Is there ink (a mark of 0.4 pt, less than a pixel here) at or
 * next to the point (x, y) in points? */
static gboolean
is_inked (cairo_surface_t *surface,
          double           x,
          double           y)
{
  int px = (int) floor (x * SCALE), py = (int) floor (y * SCALE);
  guint darkest = 3 * 255;

  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      {
        guint32 p = pixel_at (surface, px + dx, py + dy);

        darkest = MIN (darkest, ((p >> 16) & 0xff) + ((p >> 8) & 0xff) + (p & 0xff));
      }
  return darkest < 3 * 200;
}

/* The pixels of a and b in the box (points), compared: how many differ,
 * and how many of a's are dark. */
static void
compare_box (cairo_surface_t *a,
             cairo_surface_t *b,
             double           x,
             double           y,
             double           width,
             double           height,
             guint           *differ,
             guint           *dark)
{
  *differ = *dark = 0;
  for (int py = (int) ceil (y * SCALE); py < (int) floor ((y + height) * SCALE); py++)
    for (int px = (int) ceil (x * SCALE); px < (int) floor ((x + width) * SCALE); px++)
      {
        guint32 pa = pixel_at (a, px, py), pb = pixel_at (b, px, py);

        *differ += pa != pb;
        *dark += is_dark (pa);
      }
}

static void
test_sheet_count (void)
{
  g_autoptr(MazePuzzle) puzzle = new_puzzle (200, 200);
  MazeWorksheetOptions sheet;
  MazePosterLayout layout;

  /* A4 portrait, margins 15 mm: 180 × 267 mm a sheet, 170 × 257 mm
   * more for every further sheet. 200 cells of 3 mm and the walls are
   * about 601 mm: 4 columns, 3 rows. */
  maze_worksheet_options_init (&sheet);
  maze_poster_layout (&layout, &sheet, puzzle, 3.0);
  g_assert_cmpfloat_with_epsilon (layout.overlap, 10.0 * PT_PER_MM, 1e-9);
  g_assert_cmpfloat_with_epsilon (layout.render.cell_size, 3.0 * PT_PER_MM, 1e-9);
  g_assert_cmpuint (layout.columns, ==, 4);
  g_assert_cmpuint (layout.rows, ==, 3);
  g_assert_cmpuint (maze_poster_get_n_tiles (&layout), ==, 12);
  /* The tiles cover the drawing, with no sheet to spare. */
  g_assert_cmpfloat (layout.offset_x, >=, 0.0);
  g_assert_cmpfloat (layout.offset_y, >=, 0.0);
  g_assert_cmpfloat (layout.offset_x, <, layout.step_x / 2.0);
  g_assert_cmpfloat (layout.offset_y, <, layout.step_y / 2.0);

  /* Bigger cells, more sheets; landscape turns the grid of sheets. */
  maze_poster_layout (&layout, &sheet, puzzle, 6.0);
  g_assert_cmpuint (layout.columns, ==, 8);
  g_assert_cmpuint (layout.rows, ==, 5);
  sheet.landscape = TRUE;
  maze_poster_layout (&layout, &sheet, puzzle, 6.0);
  g_assert_cmpuint (layout.columns, ==, 5);
  g_assert_cmpuint (layout.rows, ==, 8);

  /* A maze that fits one sheet takes one. */
  g_clear_pointer (&puzzle, maze_puzzle_free);
  puzzle = new_puzzle (20, 20);
  maze_poster_layout (&layout, &sheet, puzzle, 3.0);
  g_assert_cmpuint (maze_poster_get_n_tiles (&layout), ==, 1);
}

/* Neighbours across (tiles 0 and 1) and down (0 and 2): drawn so that
 * the maze lies at the same place in both images, their shared strip
 * is the same pixels, and it holds walls. */
static void
test_overlap (void)
{
  g_autoptr(MazePuzzle) puzzle = new_puzzle (80, 120);
  MazeWorksheetOptions sheet;
  MazePosterLayout layout;
  const MazePosterBox *box;
  cairo_surface_t *first, *across, *down;
  guint differ, dark;
  double edge = 2.0 / SCALE;   /* the clip's own edge is no content */

  maze_worksheet_options_init (&sheet);
  maze_poster_layout (&layout, &sheet, puzzle, 3.0);
  g_assert_cmpuint (layout.columns, ==, 2);
  g_assert_cmpuint (layout.rows, ==, 2);
  box = &layout.content;

  first = draw_tile (&layout, &sheet, puzzle, 0, NULL, 0.0, 0.0);
  across = draw_tile (&layout, &sheet, puzzle, 1, NULL, layout.step_x, 0.0);
  down = draw_tile (&layout, &sheet, puzzle, 2, NULL, 0.0, layout.step_y);

  compare_box (first, across, box->x + layout.step_x + edge, box->y + edge,
               layout.overlap - 2.0 * edge, box->height - 2.0 * edge, &differ, &dark);
  g_assert_cmpuint (differ, ==, 0);
  g_assert_cmpuint (dark, >, 200);
  compare_box (first, down, box->x + edge, box->y + layout.step_y + edge,
               box->width - 2.0 * edge, layout.overlap - 2.0 * edge, &differ, &dark);
  g_assert_cmpuint (differ, ==, 0);
  g_assert_cmpuint (dark, >, 200);

  /* Short of the strip the neighbour shows nothing of the maze: the
   * comparison above could tell them apart. */
  compare_box (first, across, box->x + layout.step_x - 20.0, box->y + edge,
               10.0, box->height - 2.0 * edge, &differ, &dark);
  g_assert_cmpuint (differ, >, 100);

  /* The transforms agree: a point in the strip is on both sheets, one
   * step apart. */
  {
    double x = layout.step_x + layout.overlap / 2.0 - layout.offset_x;
    double y = box->height / 2.0 - layout.offset_y;
    double ax, ay, bx, by;

    g_assert_true (maze_poster_to_page (&layout, 0, x, y, &ax, &ay));
    g_assert_true (maze_poster_to_page (&layout, 1, x, y, &bx, &by));
    g_assert_cmpfloat_with_epsilon (ax - bx, layout.step_x, 1e-9);
    g_assert_cmpfloat_with_epsilon (ay, by, 1e-9);
    g_assert_false (maze_poster_to_page (&layout, 1, x - layout.overlap, y, &bx, &by));
  }

  cairo_surface_destroy (first);
  cairo_surface_destroy (across);
  cairo_surface_destroy (down);
}

/* Crop marks in the margin at each corner, a target over each shared
 * strip, at the same place of the maze on both sheets. */
static void
test_marks (void)
{
  g_autoptr(MazePuzzle) puzzle = new_puzzle (80, 120);
  MazeWorksheetOptions sheet;
  MazePosterLayout layout;
  const MazePosterBox *box;
  double xs[8], ys[8], bxs[8], bys[8];
  guint n, m;

  maze_worksheet_options_init (&sheet);
  maze_poster_layout (&layout, &sheet, puzzle, 3.0);
  box = &layout.content;

  /* Tile 0 of 2 × 2: a neighbour right and one below, two targets each. */
  n = maze_poster_get_targets (&layout, 0, xs, ys, G_N_ELEMENTS (xs));
  g_assert_cmpuint (n, ==, 4);
  m = maze_poster_get_targets (&layout, 1, bxs, bys, G_N_ELEMENTS (bxs));
  g_assert_cmpuint (m, ==, 4);
  /* Tile 0's first target (over the right strip, above the maze) and
   * tile 1's (over its left strip) are one step apart: laid on each
   * other when the sheets are. */
  g_assert_cmpfloat_with_epsilon (xs[0] - bxs[0], layout.step_x, 1e-9);
  g_assert_cmpfloat_with_epsilon (ys[0], bys[0], 1e-9);

  for (guint tile = 0; tile < maze_poster_get_n_tiles (&layout); tile++)
    {
      cairo_surface_t *page = draw_tile (&layout, &sheet, puzzle, tile, NULL, 0.0, 0.0);

      n = maze_poster_get_targets (&layout, tile, xs, ys, G_N_ELEMENTS (xs));
      g_assert_cmpuint (n, ==, 4);
      for (guint i = 0; i < n; i++)
        {
          /* Outside the maze, inked at the cross's centre. */
          g_assert_false (xs[i] > box->x && xs[i] < box->x + box->width &&
                          ys[i] > box->y && ys[i] < box->y + box->height);
          g_assert_true (is_inked (page, xs[i], ys[i]));
        }
      /* Crop marks: on the lines of the content's edges, in the margin,
       * at every corner. */
      for (guint corner = 0; corner < 4; corner++)
        {
          double x = corner % 2 == 0 ? box->x : box->x + box->width;
          double y = corner / 2 == 0 ? box->y : box->y + box->height;
          double out = corner / 2 == 0 ? -4.0 * PT_PER_MM : 4.0 * PT_PER_MM;

          g_assert_true (is_inked (page, x, y + out));
        }
      cairo_surface_destroy (page);
    }
}

/* Pixels of the answer's bluish green (green well above red and blue;
 * the start's blue has more blue than green). */
static guint
count_answer_pixels (const MazePosterLayout     *layout,
                     const MazeWorksheetOptions *sheet,
                     const MazePuzzle           *puzzle,
                     guint                       tile,
                     const MazeSolution         *answer)
{
  cairo_surface_t *page = draw_tile (layout, sheet, puzzle, tile, answer, 0.0, 0.0);
  int width = cairo_image_surface_get_width (page);
  int height = cairo_image_surface_get_height (page);
  guint n = 0;

  for (int y = 0; y < height; y += 2)
    for (int x = 0; x < width; x += 2)
      {
        guint32 p = pixel_at (page, x, y);
        guint r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;

        n += g > r + 60 && g > b + 20;
      }
  cairo_surface_destroy (page);
  return n;
}

/* An answer page is the puzzle's with the answer over it. */
static void
test_answer (void)
{
  g_autoptr(MazePuzzle) puzzle = new_puzzle (80, 120);
  g_autoptr(MazeSolution) answer = NULL;
  MazeWorksheetOptions sheet;
  MazePosterLayout layout;
  guint coloured = 0, coloured_puzzle = 0;

  answer = maze_solve (puzzle->grid, maze_solver_for_answer (puzzle->grid), puzzle->start,
                       puzzle->end, NULL, NULL);
  g_assert_nonnull (answer);
  maze_worksheet_options_init (&sheet);
  maze_poster_layout (&layout, &sheet, puzzle, 3.0);

  for (guint tile = 0; tile < maze_poster_get_n_tiles (&layout); tile++)
    {
      coloured += count_answer_pixels (&layout, &sheet, puzzle, tile, answer);
      coloured_puzzle += count_answer_pixels (&layout, &sheet, puzzle, tile, NULL);
    }
  g_assert_cmpuint (coloured, >, 100);
  g_assert_cmpuint (coloured_puzzle, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/maze/poster/sheet-count", test_sheet_count);
  g_test_add_func ("/maze/poster/overlap", test_overlap);
  g_test_add_func ("/maze/poster/marks", test_marks);
  g_test_add_func ("/maze/poster/answer", test_answer);
  return g_test_run ();
}
