/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include "maze-core.h"
#include "maze-outline.h"
#include "maze-test-util.h"
#include "maze-worksheet.h"

/* Worksheet pages, drawn onto an image surface of the page's size at one
 * pixel per point and checked by looking at the pixels: what lies in the
 * margins, where the maze sits, where the title and the answer show. */

#define PT_PER_MM (72.0 / 25.4)

/* Helpers */

static MazePuzzle *
new_puzzle (MazeShape shape,
            guint     width,
            guint     height,
            guint64   seed)
{
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;
  MazePuzzle *puzzle;

  maze_generate_options_init (&options);
  options.algorithm = MAZE_ALGORITHM_BACKTRACKER;
  options.seed = seed;
  puzzle = maze_puzzle_generate (shape, width, height, &options, 0,
                                 MAZE_ENDPOINTS_CORNERS, &error);
  g_assert_no_error (error);
  g_assert_nonnull (puzzle);
  return puzzle;
}

/* Only the maze: no header, no footer, no labels. */
static void
options_maze_only (MazeWorksheetOptions *options)
{
  maze_worksheet_options_init (options);
  options->title = "";
  options->name_date_line = FALSE;
  options->instructions = "";
  options->labels = FALSE;
  options->footer = FALSE;
}

typedef struct
{
  cairo_surface_t *surface;
  int              width;
  int              height;
  int              stride;
  const guint8    *data;
} Image;

static void
image_free (Image *image)
{
  cairo_surface_destroy (image->surface);
  g_free (image);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Image, image_free)

static Image *
render (const MazeWorksheetOptions *options,
        MazePuzzle * const         *puzzles,
        guint                       n_puzzles,
        gboolean                    answers)
{
  Image *image = g_new0 (Image, 1);
  double w, h;
  cairo_t *cr;

  maze_worksheet_page_size (options, &w, &h);
  image->width = (int) ceil (w);
  image->height = (int) ceil (h);
  image->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, image->width, image->height);
  cr = cairo_create (image->surface);
  maze_worksheet_render_page (cr, options, puzzles, n_puzzles, answers);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (image->surface);
  image->stride = cairo_image_surface_get_stride (image->surface);
  image->data = cairo_image_surface_get_data (image->surface);
  return image;
}

static void
get_rgb (const Image *image,
         int          x,
         int          y,
         double      *r,
         double      *g,
         double      *b)
{
  guint32 p = *(const guint32 *) (image->data + (gsize) y * image->stride + 4 * (gsize) x);
  double a = ((p >> 24) & 0xff) / 255.0;

  /* Premultiplied ARGB; the page is painted opaque, but be exact. */
  if (a <= 0.0)
    {
      *r = *g = *b = 1.0;
      return;
    }
  *r = ((p >> 16) & 0xff) / 255.0 / a;
  *g = ((p >> 8) & 0xff) / 255.0 / a;
  *b = (p & 0xff) / 255.0 / a;
}

/* Anything visibly not white. */
static gboolean
is_ink (const Image *image,
        int          x,
        int          y)
{
  double r, g, b;

  get_rgb (image, x, y, &r, &g, &b);
  return MIN (r, MIN (g, b)) < 0.9;
}

static guint
count_ink (const Image *image,
           int          x0,
           int          y0,
           int          x1,
           int          y1)
{
  guint n = 0;

  x0 = MAX (x0, 0);
  y0 = MAX (y0, 0);
  x1 = MIN (x1, image->width);
  y1 = MIN (y1, image->height);
  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      n += is_ink (image, x, y);
  return n;
}

/* The bounding box of all ink: [x0, x1) x [y0, y1). */
static gboolean
ink_bounds (const Image *image,
            int         *x0,
            int         *y0,
            int         *x1,
            int         *y1)
{
  *x0 = image->width;
  *y0 = image->height;
  *x1 = *y1 = 0;
  for (int y = 0; y < image->height; y++)
    for (int x = 0; x < image->width; x++)
      if (is_ink (image, x, y))
        {
          *x0 = MIN (*x0, x);
          *y0 = MIN (*y0, y);
          *x1 = MAX (*x1, x + 1);
          *y1 = MAX (*y1, y + 1);
        }
  return *x1 > *x0;
}

static guint
count_colour (const Image     *image,
              const MazeColor *colour,
              double           tolerance)
{
  guint n = 0;

  for (int y = 0; y < image->height; y++)
    for (int x = 0; x < image->width; x++)
      {
        double r, g, b;

        get_rgb (image, x, y, &r, &g, &b);
        if (fabs (r - colour->red) <= tolerance && fabs (g - colour->green) <= tolerance &&
            fabs (b - colour->blue) <= tolerance)
          n++;
      }
  return n;
}

static gboolean
images_equal (const Image *a,
              const Image *b)
{
  if (a->width != b->width || a->height != b->height)
    return FALSE;
  for (int y = 0; y < a->height; y++)
    if (memcmp (a->data + (gsize) y * a->stride, b->data + (gsize) y * b->stride,
                4 * (gsize) a->width) != 0)
      return FALSE;
  return TRUE;
}

/* Tests */

static void
test_page_size (void)
{
  static const struct
  {
    MazePaper paper;
    gboolean  landscape;
    double    width;
    double    height;
  } cases[] = {
    { MAZE_PAPER_A4, FALSE, 595.28, 841.89 },
    { MAZE_PAPER_A4, TRUE, 841.89, 595.28 },
    { MAZE_PAPER_LETTER, FALSE, 612.0, 792.0 },
    { MAZE_PAPER_LETTER, TRUE, 792.0, 612.0 },
    { MAZE_PAPER_A5, FALSE, 419.53, 595.28 },
    { MAZE_PAPER_A3, TRUE, 1190.55, 841.89 },
    { MAZE_PAPER_LEGAL, FALSE, 612.0, 1008.0 },
    { MAZE_PAPER_BOOK_6X9, FALSE, 432.0, 648.0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MazeWorksheetOptions options;
      double w = 0.0, h = 0.0;

      maze_worksheet_options_init (&options);
      options.paper = cases[i].paper;
      options.landscape = cases[i].landscape;
      maze_worksheet_page_size (&options, &w, &h);
      g_assert_cmpfloat_with_epsilon (w, cases[i].width, 0.01);
      g_assert_cmpfloat_with_epsilon (h, cases[i].height, 0.01);
    }
}

static void
test_paper_names (void)
{
  static const char *const a4[] = { "a4", "A4" };
  static const char *const letter[] = { "letter", "Letter", "LETTER", "lEtTeR" };
  static const char *const bad[] = { "", "a6", "a44", "letters", "legals", " a4", "6x" };
  MazePaper paper;

  for (guint i = 0; i < G_N_ELEMENTS (a4); i++)
    {
      paper = MAZE_PAPER_LETTER;
      g_assert_true (maze_paper_from_string (a4[i], &paper));
      g_assert_cmpint (paper, ==, MAZE_PAPER_A4);
    }
  for (guint i = 0; i < G_N_ELEMENTS (letter); i++)
    {
      paper = MAZE_PAPER_A4;
      g_assert_true (maze_paper_from_string (letter[i], &paper));
      g_assert_cmpint (paper, ==, MAZE_PAPER_LETTER);
    }
  /* Every paper by the name it gives. */
  for (guint i = 0; i < MAZE_N_PAPERS; i++)
    {
      paper = MAZE_N_PAPERS;
      g_assert_true (maze_paper_from_string (maze_paper_get_name (i), &paper));
      g_assert_cmpint (paper, ==, i);
      g_assert_cmpstr (maze_paper_get_title (i), !=, "");
    }
  g_assert_true (maze_paper_from_string ("6X9", &paper));
  g_assert_cmpint (paper, ==, MAZE_PAPER_BOOK_6X9);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      paper = MAZE_PAPER_LETTER;
      g_assert_false (maze_paper_from_string (bad[i], &paper));
      g_assert_cmpint (paper, ==, MAZE_PAPER_LETTER);
    }
}

static double
grey_value (const MazeColor *c)
{
  return 0.299 * c->red + 0.587 * c->green + 0.114 * c->blue;
}

static void
test_defaults (void)
{
  MazeWorksheetOptions options;
  double greys[3];

  maze_worksheet_options_init (&options);
  g_assert_cmpint (options.paper, ==, MAZE_PAPER_A4);
  g_assert_false (options.landscape);
  g_assert_cmpfloat (options.margin_mm, ==, 15.0);
  g_assert_cmpuint (options.per_page, ==, 1);
  g_assert_null (options.title);
  g_assert_true (options.name_date_line);
  g_assert_null (options.instructions);
  g_assert_true (options.labels);
  g_assert_true (options.footer);
  g_assert_false (options.render.monochrome);
  g_assert_cmpfloat (options.render.wall_width, ==, 0.0);
  g_assert_true (options.render.show_markers);

  /* In greyscale: black walls; markers and the answer line mid greys,
   * neither mistaken for walls nor faded out, and told apart. */
  g_assert_cmpfloat (grey_value (&options.render.wall_color), <, 0.1);
  greys[0] = grey_value (&options.render.solution_color);
  greys[1] = grey_value (&options.render.start_color);
  greys[2] = grey_value (&options.render.end_color);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpfloat (greys[i], >, 0.25);
      g_assert_cmpfloat (greys[i], <, 0.7);
    }
}

/* Nothing at all in the margin bands, with everything on. */
static void
assert_margins_clear (const MazeWorksheetOptions *options,
                      MazePuzzle * const         *puzzles,
                      guint                       n_puzzles,
                      gboolean                    answers)
{
  g_autoptr(Image) image = render (options, puzzles, n_puzzles, answers);
  int m = (int) floor (options->margin_mm * PT_PER_MM) - 1;
  int w = image->width, h = image->height;

  g_assert_cmpuint (count_ink (image, 0, 0, w, m), ==, 0);
  g_assert_cmpuint (count_ink (image, 0, h - m, w, h), ==, 0);
  g_assert_cmpuint (count_ink (image, 0, 0, m, h), ==, 0);
  g_assert_cmpuint (count_ink (image, w - m, 0, w, h), ==, 0);
  /* ... and the page is not empty. */
  g_assert_cmpuint (count_ink (image, m, m, w - m, h - m), >, 1000);
}

static void
test_margins (void)
{
  g_autoptr(MazePuzzle) rect = new_puzzle (MAZE_SHAPE_RECT, 20, 20, 1);
  g_autoptr(MazePuzzle) wide = new_puzzle (MAZE_SHAPE_RECT, 40, 8, 2);
  g_autoptr(MazePuzzle) hex = new_puzzle (MAZE_SHAPE_HEX, 15, 25, 3);
  g_autoptr(MazePuzzle) tri = new_puzzle (MAZE_SHAPE_TRI, 30, 17, 5);
  MazePuzzle *all[4] = { rect, wide, hex, tri };
  MazeWorksheetOptions options;

  maze_worksheet_options_init (&options);
  maze_puzzle_set_title (rect, "A title far too long to fit on one line of a page, "
                               "going on and on and on until it surely overflows the margins");
  options.instructions = "Instructions that are long as well: find the way from the start "
                         "to the finish, without crossing any wall, and then colour the path "
                         "in, and then do it again, and again, and again, and once more.";
  for (guint paper = 0; paper < 2; paper++)
    for (guint landscape = 0; landscape < 2; landscape++)
      for (guint per_page = 1; per_page <= 4; per_page *= 2)
        {
          options.paper = paper;
          options.landscape = landscape;
          options.per_page = per_page;
          for (guint i = 0; i < G_N_ELEMENTS (all); i++)
            {
              assert_margins_clear (&options, &all[i], 1, FALSE);
              assert_margins_clear (&options, &all[i], 1, TRUE);
            }
          assert_margins_clear (&options, all, per_page, TRUE);
        }

  options.per_page = 1;
  options.margin_mm = 25.0;
  assert_margins_clear (&options, &hex, 1, TRUE);
}

static void
assert_centred (const MazeWorksheetOptions *options,
                MazePuzzle                 *puzzle,
                gboolean                    vertically)
{
  g_autoptr(Image) image = render (options, &puzzle, 1, FALSE);
  int x0, y0, x1, y1;

  g_assert_true (ink_bounds (image, &x0, &y0, &x1, &y1));
  g_test_message ("ink %d..%d x %d..%d on %dx%d", x0, x1, y0, y1, image->width, image->height);
  g_assert_cmpint (ABS (x0 - (image->width - x1)), <=, 2);
  if (vertically)
    g_assert_cmpint (ABS (y0 - (image->height - y1)), <=, 2);
}

static void
test_centred (void)
{
  g_autoptr(MazePuzzle) square = new_puzzle (MAZE_SHAPE_RECT, 20, 20, 4);
  g_autoptr(MazePuzzle) tall = new_puzzle (MAZE_SHAPE_RECT, 6, 30, 5);
  g_autoptr(MazePuzzle) wide = new_puzzle (MAZE_SHAPE_RECT, 30, 6, 6);
  g_autoptr(MazePuzzle) hex = new_puzzle (MAZE_SHAPE_HEX, 12, 12, 7);
  MazeWorksheetOptions options;

  options_maze_only (&options);
  for (guint landscape = 0; landscape < 2; landscape++)
    {
      options.landscape = landscape;
      assert_centred (&options, square, TRUE);
      assert_centred (&options, tall, TRUE);
      assert_centred (&options, wide, TRUE);
      assert_centred (&options, hex, TRUE);
    }

  /* Labels above and below a corner door stay within the maze's width;
   * with the header on the maze is still centred across the page. */
  options.landscape = FALSE;
  options.labels = TRUE;
  options.title = "Centred";
  options.name_date_line = TRUE;
  assert_centred (&options, square, FALSE);
  assert_centred (&options, tall, FALSE);
  assert_centred (&options, hex, FALSE);
}

/* The columns where a narrow maze has ink. */
static void
ink_columns (const Image *image,
             int         *x0,
             int         *x1)
{
  int y0, y1;

  g_assert_true (ink_bounds (image, x0, &y0, x1, &y1));
}

static void
test_title (void)
{
  g_autoptr(MazePuzzle) narrow = new_puzzle (MAZE_SHAPE_RECT, 3, 30, 8);
  g_autoptr(Image) with_title = NULL;
  g_autoptr(Image) without = NULL;
  g_autoptr(Image) from_puzzle = NULL;
  MazeWorksheetOptions options;
  int m, x0, x1, band;

  options_maze_only (&options);
  m = (int) ceil (options.margin_mm * PT_PER_MM);
  band = m + 24;

  without = render (&options, &narrow, 1, FALSE);
  ink_columns (without, &x0, &x1);
  g_assert_cmpint (x1 - x0, <, without->width / 4);

  /* Beside the narrow maze the header band is empty without a title... */
  g_assert_cmpuint (count_ink (without, 0, 0, x0 - 2, band), ==, 0);
  g_assert_cmpuint (count_ink (without, x1 + 2, 0, without->width, band), ==, 0);

  /* ... and holds the title's letters with one. */
  options.title = "Worksheet Title For The Test";
  with_title = render (&options, &narrow, 1, FALSE);
  g_assert_cmpuint (count_ink (with_title, 0, m, x0 - 2, band), >, 30);
  g_assert_cmpuint (count_ink (with_title, x1 + 2, m, with_title->width, band), >, 30);

  /* NULL takes the puzzle's own title. */
  maze_puzzle_set_title (narrow, "Worksheet Title For The Test");
  options.title = NULL;
  from_puzzle = render (&options, &narrow, 1, FALSE);
  g_assert_true (images_equal (from_puzzle, with_title));
}

/* Each quadrant of the page holds a maze. */
static void
test_per_page (void)
{
  g_autoptr(MazePuzzle) p0 = new_puzzle (MAZE_SHAPE_RECT, 10, 10, 9);
  g_autoptr(MazePuzzle) p1 = new_puzzle (MAZE_SHAPE_HEX, 10, 10, 10);
  g_autoptr(MazePuzzle) p2 = new_puzzle (MAZE_SHAPE_RECT, 14, 8, 11);
  g_autoptr(MazePuzzle) p3 = new_puzzle (MAZE_SHAPE_RECT, 8, 14, 12);
  MazePuzzle *all[4] = { p0, p1, p2, p3 };
  MazeWorksheetOptions options;

  options_maze_only (&options);
  options.per_page = 4;
  for (guint landscape = 0; landscape < 2; landscape++)
    {
      g_autoptr(Image) four = NULL;
      g_autoptr(Image) three = NULL;
      int w, h;

      options.landscape = landscape;
      four = render (&options, all, 4, FALSE);
      w = four->width;
      h = four->height;
      g_assert_cmpuint (count_ink (four, 0, 0, w / 2, h / 2), >, 200);
      g_assert_cmpuint (count_ink (four, w / 2, 0, w, h / 2), >, 200);
      g_assert_cmpuint (count_ink (four, 0, h / 2, w / 2, h), >, 200);
      g_assert_cmpuint (count_ink (four, w / 2, h / 2, w, h), >, 200);

      /* Three mazes leave the last slot empty. */
      three = render (&options, all, 3, FALSE);
      g_assert_cmpuint (count_ink (three, 0, h / 2, w / 2, h), >, 200);
      g_assert_cmpuint (count_ink (three, w / 2, h / 2, w, h), ==, 0);
    }

  /* Two: stacked on a tall page, side by side on a wide one. */
  options.per_page = 2;
  for (guint landscape = 0; landscape < 2; landscape++)
    {
      g_autoptr(Image) one = NULL;
      int w, h;

      options.landscape = landscape;
      one = render (&options, all, 1, FALSE);
      w = one->width;
      h = one->height;
      if (landscape)
        {
          g_assert_cmpuint (count_ink (one, 0, 0, w / 2, h), >, 200);
          g_assert_cmpuint (count_ink (one, w / 2, 0, w, h), ==, 0);
        }
      else
        {
          g_assert_cmpuint (count_ink (one, 0, 0, w, h / 2), >, 200);
          g_assert_cmpuint (count_ink (one, 0, h / 2, w, h), ==, 0);
        }
    }
}

static void
test_answers (void)
{
  g_autoptr(MazePuzzle) rect = new_puzzle (MAZE_SHAPE_RECT, 15, 15, 13);
  g_autoptr(MazePuzzle) hex = new_puzzle (MAZE_SHAPE_HEX, 12, 12, 14);
  MazePuzzle *all[2] = { rect, hex };
  MazeWorksheetOptions options;

  maze_worksheet_options_init (&options);
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    {
      g_autoptr(Image) puzzle_page = render (&options, &all[i], 1, FALSE);
      g_autoptr(Image) answer_page = render (&options, &all[i], 1, TRUE);
      guint on_puzzle = count_colour (puzzle_page, &options.render.solution_color, 0.06);
      guint on_answer = count_colour (answer_page, &options.render.solution_color, 0.06);

      g_test_message ("solution-coloured pixels: puzzle %u, answer %u", on_puzzle, on_answer);
      g_assert_cmpuint (on_puzzle, ==, 0);
      g_assert_cmpuint (on_answer, >, 100);
    }

  /* Several to a page: every maze gets its answer. */
  options.per_page = 2;
  {
    g_autoptr(Image) page = render (&options, all, 2, TRUE);
    MazeColor *c = &options.render.solution_color;
    guint top = 0, bottom = 0;

    for (int y = 0; y < page->height; y++)
      for (int x = 0; x < page->width; x++)
        {
          double r, g, b;

          get_rgb (page, x, y, &r, &g, &b);
          if (fabs (r - c->red) <= 0.06 && fabs (g - c->green) <= 0.06 && fabs (b - c->blue) <= 0.06)
            {
              if (y < page->height / 2)
                top++;
              else
                bottom++;
            }
        }
    g_assert_cmpuint (top, >, 50);
    g_assert_cmpuint (bottom, >, 50);
  }
}

/* A maze with mud: its answer is the cheapest way, longer in cells than
 * the fewest-cells way the same maze without mud shows. */
static void
test_answers_cheapest (void)
{
  g_autoptr(MazePuzzle) muddy = maze_test_new_muddy_puzzle ();
  g_autoptr(MazePuzzle) dry = maze_puzzle_copy (muddy);
  g_autoptr(MazeSolution) fewest = NULL;
  g_autoptr(MazeSolution) cheapest = NULL;
  MazeWorksheetOptions options;
  guint on_muddy, on_dry;

  g_clear_pointer (&dry->grid->weights, g_free);
  fewest = maze_solve (dry->grid, MAZE_SOLVER_BFS, dry->start, dry->end, NULL, NULL);
  cheapest = maze_solve (muddy->grid, MAZE_SOLVER_DIJKSTRA, muddy->start, muddy->end, NULL, NULL);
  options_maze_only (&options);
  {
    g_autoptr(Image) muddy_page = render (&options, &muddy, 1, TRUE);
    g_autoptr(Image) dry_page = render (&options, &dry, 1, TRUE);

    on_muddy = count_colour (muddy_page, &options.render.solution_color, 0.06);
    on_dry = count_colour (dry_page, &options.render.solution_color, 0.06);
  }
  g_test_message ("solution pixels: %u for %u cells with mud, %u for %u cells without",
                  on_muddy, cheapest->path_len, on_dry, fewest->path_len);
  /* In proportion to the cells, give or take the ends and corners. */
  g_assert_cmpfloat (on_muddy, >, on_dry * (cheapest->path_len + fewest->path_len) /
                                  (2.0 * fewest->path_len));
}

/* An answer page draws each maze at the same place and size as the
 * puzzle page, so the two can be laid one over the other: the ink above
 * the footer spans the same box on both. */
static void
test_answers_same_place (void)
{
  g_autoptr(MazePuzzle) p0 = new_puzzle (MAZE_SHAPE_RECT, 12, 12, 23);
  g_autoptr(MazePuzzle) p1 = new_puzzle (MAZE_SHAPE_HEX, 10, 10, 24);
  MazePuzzle *all[2] = { p0, p1 };
  MazeWorksheetOptions options;

  maze_worksheet_options_init (&options);
  options.title = "";
  options.name_date_line = FALSE;
  options.instructions = "";
  for (guint per_page = 1; per_page <= 2; per_page++)
    {
      g_autoptr(Image) puzzle_page = NULL;
      g_autoptr(Image) answer_page = NULL;
      int footer_top, a[4], b[4];

      options.per_page = per_page;
      puzzle_page = render (&options, all, per_page, FALSE);
      answer_page = render (&options, all, per_page, TRUE);
      footer_top = puzzle_page->height - (int) ceil (options.margin_mm * PT_PER_MM) - 14;

      /* Crop both to the part above the footer. */
      puzzle_page->height = answer_page->height = footer_top;
      g_assert_true (ink_bounds (puzzle_page, &a[0], &a[1], &a[2], &a[3]));
      g_assert_true (ink_bounds (answer_page, &b[0], &b[1], &b[2], &b[3]));
      for (guint i = 0; i < 4; i++)
        g_assert_cmpint (a[i], ==, b[i]);
    }
}

/* Labels beside doors on the top and bottom rows sit outside the maze:
 * between each label and the maze's outer wall there is a white row. A
 * tall maze, which fills the height, must make room for them too. */
static void
assert_labels_outside (MazePuzzle *puzzle)
{
  g_autoptr(Image) image = NULL;
  g_autoptr(Image) bare = NULL;
  MazeWorksheetOptions options;
  int x0, y0, x1, y1, wall_top = -1, wall_bottom = -1;
  gboolean gap;

  options_maze_only (&options);
  options.labels = TRUE;
  image = render (&options, &puzzle, 1, FALSE);
  g_assert_true (ink_bounds (image, &x0, &y0, &x1, &y1));

  /* The outer walls: the first and last rows inked across a good part
   * of the maze's width (a hexagon's zigzag edge spreads over a few). */
  for (int y = y0; y < y1; y++)
    if (count_ink (image, x0, y, x1, y + 1) > (guint) (x1 - x0) / 3)
      {
        if (wall_top < 0)
          wall_top = y;
        wall_bottom = y;
      }
  g_assert_cmpint (wall_top, >, y0);      /* "Start" above */
  g_assert_cmpint (wall_bottom, <, y1 - 1); /* "Finish" below */

  gap = FALSE;
  for (int y = y0; y < wall_top; y++)
    gap |= count_ink (image, x0, y, x1, y + 1) == 0;
  g_assert_true (gap);
  gap = FALSE;
  for (int y = wall_bottom + 1; y < y1; y++)
    gap |= count_ink (image, x0, y, x1, y + 1) == 0;
  g_assert_true (gap);

  /* Without labels nothing stands above the top wall. */
  options.labels = FALSE;
  bare = render (&options, &puzzle, 1, FALSE);
  g_assert_true (ink_bounds (bare, &x0, &y0, &x1, &y1));
  g_assert_cmpuint (count_ink (bare, x0, y0, x1, y0 + 3), >, (guint) (x1 - x0) / 3);
}

static void
test_labels_outside (void)
{
  g_autoptr(MazePuzzle) square = new_puzzle (MAZE_SHAPE_RECT, 12, 12, 15);
  g_autoptr(MazePuzzle) tall = new_puzzle (MAZE_SHAPE_RECT, 5, 40, 15);
  g_autoptr(MazePuzzle) hex = new_puzzle (MAZE_SHAPE_HEX, 6, 40, 15);

  assert_labels_outside (square);
  assert_labels_outside (tall);
  assert_labels_outside (hex);
}

/* A shaped maze of rings is laid out by its open cells: a heart fills
 * the slot's height and stays on the page (the rings' rows once gave a
 * box many times too small, and the maze ran off the page). */
static void
test_rings_shape_fits (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_CIRCULAR, 6, 14, NULL);
  g_autoptr(MazePuzzle) puzzle = NULL;
  g_autoptr(Image) image = NULL;
  MazeGenerateOptions generate;
  MazeWorksheetOptions options;
  int x0, y0, x1, y1;

  g_assert_true (maze_outline_apply (grid, MAZE_OUTLINE_HEART, &error));
  maze_generate_options_init (&generate);
  puzzle = maze_puzzle_generate_on (g_steal_pointer (&grid), &generate, 0,
                                    MAZE_ENDPOINTS_FARTHEST, &error);
  g_assert_no_error (error);
  options_maze_only (&options);
  image = render (&options, &puzzle, 1, FALSE);
  g_assert_true (ink_bounds (image, &x0, &y0, &x1, &y1));
  g_assert_cmpint (x0, >, 10);
  g_assert_cmpint (y0, >, 10);
  g_assert_cmpint (x1, <, image->width - 10);
  g_assert_cmpint (y1, <, image->height - 10);
  /* Fitted, not lost in the middle: most of the page's height. */
  g_assert_cmpint (y1 - y0, >, image->height / 2);
}

/* A wall pixel of a maze drawn in pure red: red, not grey. */
static gboolean
is_red (const Image *image,
        int          x,
        int          y)
{
  double r, g, b;

  get_rgb (image, x, y, &r, &g, &b);
  return r > 0.5 && r - MAX (g, b) > 0.3;
}

/* Anything grey or black: a label's text. */
static gboolean
is_grey_ink (const Image *image,
             int          x,
             int          y)
{
  double r, g, b;

  get_rgb (image, x, y, &r, &g, &b);
  return MAX (r, MAX (g, b)) < 0.9 && MAX (r, MAX (g, b)) - MIN (r, MIN (g, b)) < 0.1;
}

/* Labels beside doors in a shape's outline, slanted ones included
 * (hexagons, triangles), stand clear of the maze: with the walls drawn
 * red, no pixel of a label's (black) text within a pixel of a wall. */
static void
test_outline_labels_clear (void)
{
  static const MazeShape shapes[] = { MAZE_SHAPE_HEX, MAZE_SHAPE_TRI };
  static const MazeOutline outlines[] = { MAZE_OUTLINE_HEART, MAZE_OUTLINE_STAR,
                                          MAZE_OUTLINE_CAT, MAZE_OUTLINE_DIAMOND };

  for (guint s = 0; s < G_N_ELEMENTS (shapes); s++)
    for (guint o = 0; o < G_N_ELEMENTS (outlines); o++)
      for (guint64 seed = 1; seed <= 3; seed++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(MazeGrid) grid = maze_grid_new (shapes[s], 14, 14, NULL);
          g_autoptr(MazePuzzle) puzzle = NULL;
          g_autoptr(Image) image = NULL;
          MazeGenerateOptions generate;
          MazeWorksheetOptions options;
          guint label_pixels = 0;

          g_assert_true (maze_outline_apply (grid, outlines[o], &error));
          maze_generate_options_init (&generate);
          generate.seed = seed;
          puzzle = maze_puzzle_generate_on (g_steal_pointer (&grid), &generate, 0,
                                            MAZE_ENDPOINTS_FARTHEST, &error);
          g_assert_no_error (error);
          options_maze_only (&options);
          options.labels = TRUE;
          options.render.wall_color = (MazeColor) { 1.0, 0.0, 0.0, 1.0 };
          image = render (&options, &puzzle, 1, FALSE);
          for (int y = 1; y < image->height - 1; y++)
            for (int x = 1; x < image->width - 1; x++)
              {
                if (!is_grey_ink (image, x, y))
                  continue;
                label_pixels++;
                for (int dy = -1; dy <= 1; dy++)
                  for (int dx = -1; dx <= 1; dx++)
                    if (is_red (image, x + dx, y + dy))
                      g_error ("%s on %s, seed %" G_GUINT64_FORMAT ": a label touches a wall "
                               "at (%d, %d)", maze_outline_to_string (outlines[o]),
                               maze_shape_to_string (shapes[s]), seed, x, y);
              }
          /* Both labels were drawn. */
          g_assert_cmpuint (label_pixels, >, 40);
        }
}

/* Walls about an eighth of a cell wide, but never over 2.5 pt (a maze of
 * few cells) nor under 0.5 pt: measured at 16 px/pt across the left outer
 * wall, in the middle of a cell's height where no other wall meets it.
 * Only a band of the page around that wall is drawn. */
#define WALL_SCALE 16

static double
left_wall_width (MazePuzzle *puzzle,
                 double      wall_width)
{
  MazeWorksheetOptions options;
  cairo_surface_t *surface;
  const guint8 *data;
  cairo_t *cr;
  double w, h, band_x, cell;
  int stride, width, height, x0 = -1, y0 = -1, y1 = -1, y, run = 0;

  options_maze_only (&options);
  options.render.wall_width = wall_width;
  maze_worksheet_page_size (&options, &w, &h);
  band_x = options.margin_mm * PT_PER_MM - 4;
  width = 24 * WALL_SCALE;
  height = (int) floor (h * WALL_SCALE);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cr = cairo_create (surface);
  cairo_scale (cr, WALL_SCALE, WALL_SCALE);
  cairo_translate (cr, -band_x, 0);
  maze_worksheet_render_page (cr, &options, &puzzle, 1, FALSE);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);

#define INK(x, y) ((*(const guint32 *) (data + (gsize) (y) * stride + 4 * (gsize) (x)) & 0xff) < 128)
  for (int yy = 0; yy < height; yy++)
    for (int xx = 0; xx < width; xx++)
      if (INK (xx, yy))
        {
          if (y0 < 0)
            y0 = yy;
          y1 = yy;
          if (x0 < 0 || xx < x0)
            x0 = xx;
        }
  g_assert_cmpint (x0, >, 0);
  cell = (double) (y1 - y0) / puzzle->grid->height;
  y = y0 + (int) (cell * (puzzle->grid->height / 2 + 0.5));
  for (int x = x0; x < width && INK (x, y); x++)
    run++;
#undef INK
  cairo_surface_destroy (surface);
  return (double) run / WALL_SCALE;
}

static void
test_wall_width (void)
{
  g_autoptr(MazePuzzle) few = new_puzzle (MAZE_SHAPE_RECT, 4, 4, 20);
  g_autoptr(MazePuzzle) medium = new_puzzle (MAZE_SHAPE_RECT, 60, 60, 21);
  g_autoptr(MazePuzzle) many = new_puzzle (MAZE_SHAPE_RECT, 400, 400, 22);
  double few_w = left_wall_width (few, 0.0);
  double medium_w = left_wall_width (medium, 0.0);
  double many_w = left_wall_width (many, 0.0);
  double chosen_w = left_wall_width (few, 4.0);
  double medium_cell = (595.28 - 2 * 15 * 72 / 25.4) / 60;

  g_test_message ("walls: %g, %g (cell %g), %g pt", few_w, medium_w, medium_cell, many_w);
  g_assert_cmpfloat (fabs (few_w - 2.5), <=, 0.2);
  g_assert_cmpfloat (fabs (medium_w - medium_cell / 8), <=, 0.2);
  g_assert_cmpfloat (fabs (many_w - 0.5), <=, 0.2);
  /* A width the caller chose is kept. */
  g_assert_cmpfloat (fabs (chosen_w - 4.0), <=, 0.2);
}

/* Odd puzzles draw without trouble and stay inside the margins: a start
 * in the middle of a masked maze, a start on the left edge, start == end,
 * endpoints off the maze. */
static void
test_odd_endpoints (void)
{
  g_autoptr(MazePuzzle) puzzle = new_puzzle (MAZE_SHAPE_RECT, 9, 9, 16);
  g_autoptr(MazePuzzle) single = new_puzzle (MAZE_SHAPE_RECT, 1, 1, 17);
  g_autoptr(MazePuzzle) line = new_puzzle (MAZE_SHAPE_HEX, 1, 12, 18);
  MazeWorksheetOptions options;

  maze_worksheet_options_init (&options);
  puzzle->start = maze_grid_index (puzzle->grid, 4, 4);
  puzzle->end = maze_grid_index (puzzle->grid, 0, 5);
  assert_margins_clear (&options, &puzzle, 1, TRUE);
  puzzle->end = maze_grid_index (puzzle->grid, 8, 3);
  assert_margins_clear (&options, &puzzle, 1, TRUE);
  puzzle->start = maze_grid_index (puzzle->grid, 3, 0);
  puzzle->end = maze_grid_index (puzzle->grid, 4, 0);
  assert_margins_clear (&options, &puzzle, 1, TRUE);
  puzzle->start = MAZE_NO_CELL;
  puzzle->end = G_MAXUINT32 - 1;
  assert_margins_clear (&options, &puzzle, 1, TRUE);

  assert_margins_clear (&options, &single, 1, TRUE);
  assert_margins_clear (&options, &line, 1, TRUE);
}

/* Is the point (px, py) of the page in cell (x, y) of a rectangular
 * maze whose outer walls span [x0, x1) x [y0, y1)? */
static void
page_to_cell (const MazeGrid *grid,
              int x0, int y0, int x1, int y1,
              double px, double py,
              int *x, int *y)
{
  *x = (int) floor ((px - x0) * grid->width / (x1 - x0));
  *y = (int) floor ((py - y0) * grid->height / (y1 - y0));
}

/* Can one walk in a straight line from (ax, ay) to (bx, by) through open
 * passages only? Steps of a tenth of a cell; a step into a diagonal
 * neighbour may go round either corner. */
static gboolean
line_of_sight (const MazeGrid *grid,
               int x0, int y0, int x1, int y1,
               double ax, double ay, double bx, double by)
{
  double cell = (double) (x1 - x0) / grid->width;
  guint n = (guint) ceil (hypot (bx - ax, by - ay) / (cell / 10.0)) + 1;
  int cx, cy;

  page_to_cell (grid, x0, y0, x1, y1, ax, ay, &cx, &cy);
  for (guint i = 1; i <= n; i++)
    {
      double t = (double) i / n;
      int nx, ny;

      page_to_cell (grid, x0, y0, x1, y1, ax + t * (bx - ax), ay + t * (by - ay), &nx, &ny);
      if (nx == cx && ny == cy)
        continue;
      if (nx < 0 || ny < 0 || nx >= (int) grid->width || ny >= (int) grid->height)
        return FALSE;
      /* Rect directions: N E S W. */
      if (nx != cx && ny != cy)
        {
          guint h = nx > cx ? 1 : 3, v = ny > cy ? 2 : 0;
          gboolean via_h = maze_grid_has_passage (grid, cx, cy, h) && maze_grid_has_passage (grid, nx, cy, v);
          gboolean via_v = maze_grid_has_passage (grid, cx, cy, v) && maze_grid_has_passage (grid, cx, ny, h);

          if (!via_h && !via_v)
            return FALSE;
        }
      else if (!maze_grid_has_passage (grid, cx, cy, nx > cx ? 1 : nx < cx ? 3 : ny > cy ? 2 : 0))
        return FALSE;
      cx = nx;
      cy = ny;
    }
  return TRUE;
}

/* The "Start" label of a start away from the border is read as naming
 * the cell it is beside: no wall may stand between the marker and the
 * label (it used to sit in the next cell, across a wall). */
static void
test_inside_label_sees_marker (void)
{
  static const guint starts[][2] = { { 3, 3 }, { 6, 5 }, { 8, 8 }, { 4, 7 } };

  for (guint64 seed = 1; seed <= 6; seed++)
    for (guint i = 0; i < G_N_ELEMENTS (starts); i++)
      {
        g_autoptr(MazePuzzle) puzzle = new_puzzle (MAZE_SHAPE_RECT, 12, 12, seed);
        g_autoptr(Image) bare = NULL;
        g_autoptr(Image) labelled = NULL;
        MazeWorksheetOptions options;
        int x0, y0, x1, y1, lx0 = G_MAXINT, ly0 = G_MAXINT, lx1 = -1, ly1 = -1;
        double cx, cy, px, py;

        /* Only the start: no "Finish" to tell apart. */
        puzzle->start = maze_grid_index (puzzle->grid, starts[i][0], starts[i][1]);
        puzzle->end = MAZE_NO_CELL;
        options_maze_only (&options);
        bare = render (&options, &puzzle, 1, FALSE);
        options.labels = TRUE;
        labelled = render (&options, &puzzle, 1, FALSE);
        g_assert_true (ink_bounds (bare, &x0, &y0, &x1, &y1));
        for (int y = 0; y < labelled->height; y++)
          for (int x = 0; x < labelled->width; x++)
            if (is_ink (labelled, x, y) && !is_ink (bare, x, y))
              {
                lx0 = MIN (lx0, x);
                ly0 = MIN (ly0, y);
                lx1 = MAX (lx1, x + 1);
                ly1 = MAX (ly1, y + 1);
              }
        g_assert_cmpint (lx1, >, lx0);

        cx = x0 + (starts[i][0] + 0.5) * (x1 - x0) / 12.0;
        cy = y0 + (starts[i][1] + 0.5) * (y1 - y0) / 12.0;
        px = CLAMP (cx, lx0, lx1 - 1);
        py = CLAMP (cy, ly0, ly1 - 1);
        if (!line_of_sight (puzzle->grid, x0, y0, x1, y1, cx, cy, px, py))
          g_error ("seed %" G_GUINT64_FORMAT ", start (%u, %u): a wall between the marker and "
                   "its label at [%d, %d) x [%d, %d)", seed, starts[i][0], starts[i][1],
                   lx0, lx1, ly0, ly1);
      }
}

/* The page draws on any cairo context: here one scaled to 2 px/pt with
 * an offset, as a print context may be; the result is the 1 px/pt page
 * scaled, so its ink lies in the same places. */
static void
test_any_context (void)
{
  g_autoptr(MazePuzzle) puzzle = new_puzzle (MAZE_SHAPE_RECT, 10, 10, 19);
  g_autoptr(Image) one = NULL;
  MazeWorksheetOptions options;
  cairo_surface_t *surface;
  cairo_t *cr;
  double w, h;
  int x0, y0, x1, y1, bx0 = G_MAXINT, by0 = G_MAXINT, bx1 = 0, by1 = 0;
  const guint8 *data;
  int stride;

  maze_worksheet_options_init (&options);
  options.paper = MAZE_PAPER_LETTER;
  maze_worksheet_page_size (&options, &w, &h);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) w * 2 + 40, (int) h * 2 + 40);
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_translate (cr, 20, 20);
  cairo_scale (cr, 2, 2);
  maze_worksheet_render_page (cr, &options, &puzzle, 1, TRUE);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      {
        guint32 p = *(const guint32 *) (data + (gsize) y * stride + 4 * (gsize) x);

        if (MIN (MIN ((p >> 16) & 0xff, (p >> 8) & 0xff), p & 0xff) < 230)
          {
            bx0 = MIN (bx0, x);
            by0 = MIN (by0, y);
            bx1 = MAX (bx1, x + 1);
            by1 = MAX (by1, y + 1);
          }
      }
  cairo_surface_destroy (surface);

  one = render (&options, &puzzle, 1, TRUE);
  g_assert_true (ink_bounds (one, &x0, &y0, &x1, &y1));
  g_assert_cmpint (ABS (bx0 - (20 + 2 * x0)), <=, 4);
  g_assert_cmpint (ABS (by0 - (20 + 2 * y0)), <=, 4);
  g_assert_cmpint (ABS (bx1 - (20 + 2 * x1)), <=, 4);
  g_assert_cmpint (ABS (by1 - (20 + 2 * y1)), <=, 4);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/maze/worksheet/page-size", test_page_size);
  g_test_add_func ("/maze/worksheet/paper-names", test_paper_names);
  g_test_add_func ("/maze/worksheet/defaults", test_defaults);
  g_test_add_func ("/maze/worksheet/margins", test_margins);
  g_test_add_func ("/maze/worksheet/centred", test_centred);
  g_test_add_func ("/maze/worksheet/title", test_title);
  g_test_add_func ("/maze/worksheet/per-page", test_per_page);
  g_test_add_func ("/maze/worksheet/answers/cheapest", test_answers_cheapest);
  g_test_add_func ("/maze/worksheet/answers", test_answers);
  g_test_add_func ("/maze/worksheet/inside-label-sees-marker", test_inside_label_sees_marker);
  g_test_add_func ("/maze/worksheet/answers-same-place", test_answers_same_place);
  g_test_add_func ("/maze/worksheet/labels-outside", test_labels_outside);
  g_test_add_func ("/maze/worksheet/outline-labels-clear", test_outline_labels_clear);
  g_test_add_func ("/maze/worksheet/rings-shape-fits", test_rings_shape_fits);
  g_test_add_func ("/maze/worksheet/wall-width", test_wall_width);
  g_test_add_func ("/maze/worksheet/odd-endpoints", test_odd_endpoints);
  g_test_add_func ("/maze/worksheet/any-context", test_any_context);
  return g_test_run ();
}
