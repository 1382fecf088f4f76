/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "maze-core.h"
#include "maze-geometry.h"
#include "maze-render-private.h"
#include "maze-test-util.h"

/* maze_render() into image surfaces, checked pixel by pixel: walls where
 * the maze has them, passages and doors clear, the solution and markers
 * in their colours, monochrome truly black and white, nothing drawn
 * outside the clip. */

#define WHITE 0xFFFFFFFFu
#define BLACK 0xFF000000u

static cairo_surface_t *
new_surface (int width,
             int height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);

  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  return surface;
}

static guint32
pixel (cairo_surface_t *surface,
       int              x,
       int              y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (surface));
  return ((const guint32 *) (data + (gsize) y * stride))[x];
}

static guint32
color_pixel (const MazeColor *c)
{
  return (guint32) lround (c->alpha * 255) << 24 |
         (guint32) lround (c->red * c->alpha * 255) << 16 |
         (guint32) lround (c->green * c->alpha * 255) << 8 |
         (guint32) lround (c->blue * c->alpha * 255);
}

#define assert_pixel(surface, x, y, expected) \
  G_STMT_START { \
    guint32 got_ = pixel ((surface), (x), (y)); \
    if (got_ != (expected)) \
      g_error ("pixel (%d, %d) is %08x, expected %08x", (int) (x), (int) (y), got_, (guint32) (expected)); \
  } G_STMT_END

/* Within tol in every channel: compositing under a clip rounds a little
 * differently from compositing without one. */
static gboolean
pixel_near (guint32 a,
            guint32 b,
            guint   tol)
{
  for (guint shift = 0; shift < 32; shift += 8)
    {
      int ca = (a >> shift) & 0xFF, cb = (b >> shift) & 0xFF;

      if ((guint) ABS (ca - cb) > tol)
        return FALSE;
    }
  return TRUE;
}

/* A context on a new image surface, transparent or painted white. */
static cairo_t *
begin_drawing (int      width,
               int      height,
               gboolean white)
{
  cairo_surface_t *surface = new_surface (width, height);
  cairo_t *cr = cairo_create (surface);

  cairo_surface_destroy (surface);
  if (white)
    {
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
    }
  return cr;
}

/* The same, the size of the maze's drawing (rounded up). */
static cairo_t *
begin_maze_drawing (const MazeGrid          *grid,
                    const MazeRenderOptions *options,
                    gboolean                 white)
{
  double w, h;

  maze_render_get_size (grid, options, &w, &h);
  return begin_drawing ((int) ceil (w), (int) ceil (h), white);
}

/* Ends a drawing without a cairo error; its surface, ready to read. */
static cairo_surface_t *
end_drawing (cairo_t *cr)
{
  cairo_surface_t *surface = cairo_surface_reference (cairo_get_target (cr));

  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* maze_render() into a new transparent surface of the drawing's size. */
static cairo_surface_t *
render (const MazeGrid          *grid,
        const MazeRenderOptions *options)
{
  cairo_t *cr = begin_maze_drawing (grid, options, FALSE);

  maze_render (cr, grid, options);
  return end_drawing (cr);
}

/* 3×2, one corridor snaking from (0, 0) east, down, and back west to
 * (0, 1):
 *   +--+--+--+
 *   |0  1  2 |
 *   +--+--+  +
 *   |5  4  3 |
 *   +--+--+--+
 * (numbers: the order along the corridor). */
static const guint32 snake_path[] = { 0, 1, 2, 5, 4, 3 };

static MazeGrid *
make_snake (void)
{
  MazeGrid *grid = maze_test_new_grid (MAZE_SHAPE_RECT, 3, 2);

  maze_grid_set_passage (grid, 0, 0, 1, TRUE);
  maze_grid_set_passage (grid, 1, 0, 1, TRUE);
  maze_grid_set_passage (grid, 2, 0, 2, TRUE);
  maze_grid_set_passage (grid, 2, 1, 3, TRUE);
  maze_grid_set_passage (grid, 1, 1, 3, TRUE);
  return grid;
}

/* 20 px cells, 2 px walls, 10 px margin: an 80×60 image, cell (x, y)
 * spanning [10 + 20x, 30 + 20x] × [10 + 20y, 30 + 20y]. */
static void
snake_options (MazeRenderOptions *options)
{
  maze_render_options_init (options);
  options->cell_size = 20;
  options->wall_width = 2;
  options->margin = 10;
  options->show_markers = FALSE;
  options->show_doors = FALSE;
}

/* The same with the snake solved from (0, 0) to (0, 1) along its
 * corridor, markers and doors shown. */
static void
solved_snake_options (MazeRenderOptions *options)
{
  snake_options (options);
  options->show_markers = TRUE;
  options->show_doors = TRUE;
  options->start = 0;
  options->end = 3;
  options->solution = snake_path;
  options->solution_len = G_N_ELEMENTS (snake_path);
}

/* The pixel at the middle of a side: walls are at least 2 px wide and
 * centred on it, so a wall covers it fully. */
static void
side_pixel (const MazeGrid          *grid,
            const MazeRenderOptions *options,
            guint                    x,
            guint                    y,
            guint                    d,
            int                     *px,
            int                     *py)
{
  MazeGeometry g;
  double x1, y1, x2, y2;

  maze_render_get_geometry (grid, options, &g);
  maze_geometry_side (&g, x, y, d, &x1, &y1, &x2, &y2);
  *px = (int) floor ((x1 + x2) / 2);
  *py = (int) floor ((y1 + y2) / 2);
}

/* Every side of an open cell: wall colour at its middle where the maze
 * has a wall (towards a masked cell too), the background where it has a
 * passage (or where doors says so). doors holds n_doors (cell,
 * direction) pairs. */
static void
check_sides (cairo_surface_t         *surface,
             const MazeGrid          *grid,
             const MazeRenderOptions *options,
             const guint32           *doors,
             guint                    n_doors)
{
  guint32 wall = color_pixel (&options->wall_color);
  guint32 background = color_pixel (&options->background_color);

  for (guint y = 0; y < grid->height; y++)
    for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
      for (guint d = 0; d < grid->topology->n_dirs; d++)
        {
          gboolean is_wall = !maze_grid_has_passage (grid, x, y, d);
          gboolean masked = !maze_grid_is_open (grid, x, y), beyond = FALSE;
          guint nx, ny;
          int px, py;

          if (!maze_grid_has_dir (grid, x, y, d))
            continue;   /* a triangle's apex */
          if (masked)
            continue;   /* seen from the open cell, if any */
          if (maze_grid_step (grid, x, y, d, &nx, &ny))
            beyond = !maze_grid_is_open (grid, nx, ny);
          is_wall = is_wall || beyond;
          for (guint i = 0; i < n_doors; i++)
            if (doors[2 * i] == maze_grid_index (grid, x, y) && doors[2 * i + 1] == d)
              is_wall = FALSE;
          side_pixel (grid, options, x, y, d, &px, &py);
          assert_pixel (surface, px, py, is_wall ? wall : background);
        }
}

/* check_sides() on a fresh rendering. */
static void
assert_sides (const MazeGrid          *grid,
              const MazeRenderOptions *options,
              const guint32           *doors,
              guint                    n_doors)
{
  cairo_surface_t *surface = render (grid, options);

  check_sides (surface, grid, options, doors, n_doors);
  cairo_surface_destroy (surface);
}

static void
test_rect_walls (void)
{
  g_autoptr(MazeGrid) grid = make_snake ();
  MazeRenderOptions options;
  cairo_surface_t *surface;
  double w, h;

  snake_options (&options);
  maze_render_get_size (grid, &options, &w, &h);
  g_assert_cmpfloat (w, ==, 80);
  g_assert_cmpfloat (h, ==, 60);

  surface = render (grid, &options);
  check_sides (surface, grid, &options, NULL, 0);
  /* Cell insides and the margin are background. */
  for (guint i = 0; i < 6; i++)
    assert_pixel (surface, 20 + 20 * (i % 3), 20 + 20 * (i / 3), WHITE);
  assert_pixel (surface, 0, 0, WHITE);
  assert_pixel (surface, 79, 59, WHITE);
  /* Wall corners are closed: the outer corner pixel is black. */
  assert_pixel (surface, 10, 10, BLACK);
  assert_pixel (surface, 69, 49, BLACK);
  cairo_surface_destroy (surface);
}

static void
test_rect_doors (void)
{
  g_autoptr(MazeGrid) grid = make_snake ();
  g_autoptr(MazeGrid) tall = maze_test_new_grid (MAZE_SHAPE_RECT, 3, 3);
  MazeRenderOptions options;
  cairo_surface_t *surface;
  /* (cell, direction) of the expected door sides. */
  const guint32 snake_doors[] = { 0, 0, 5, 2 };
  const guint32 tall_doors[] = { 3, 3, 5, 1 };

  snake_options (&options);
  options.show_doors = TRUE;
  options.start = 0;     /* top row: its top side */
  options.end = 5;       /* bottom row: its bottom side */
  surface = render (grid, &options);
  check_sides (surface, grid, &options, snake_doors, 2);
  /* The walls meeting the door's corners keep their ends. */
  assert_pixel (surface, 10, 10, BLACK);
  assert_pixel (surface, 29, 10, BLACK);
  assert_pixel (surface, 28, 10, WHITE);
  assert_pixel (surface, 11, 10, WHITE);
  cairo_surface_destroy (surface);

  /* Left and right columns: the W and E sides. */
  options.start = 3;
  options.end = 5;
  assert_sides (tall, &options, tall_doors, 2);

  /* Off: no door. */
  options.show_doors = FALSE;
  assert_sides (tall, &options, NULL, 0);

  /* Inside cells have no door; neither do masked ones. */
  options.show_doors = TRUE;
  options.start = 4;
  options.end = 8;
  assert_sides (tall, &options, (const guint32[]) { 8, 2 }, 1);
  maze_grid_set_masked (tall, 2, 2, TRUE);
  assert_sides (tall, &options, NULL, 0);

  /* A cell on a masked maze's outline: its side towards the masked
   * cell, in the border's order (top, bottom, left, right); printed, the
   * paper shows through the door. */
  options.show_masked = FALSE;
  maze_grid_set_masked (tall, 2, 2, FALSE);
  maze_grid_set_masked (tall, 2, 1, TRUE);
  options.end = MAZE_NO_CELL;
  assert_sides (tall, &options, (const guint32[]) { 4, 1 }, 1);
  maze_grid_set_masked (tall, 1, 2, TRUE);
  assert_sides (tall, &options, (const guint32[]) { 4, 2 }, 1);
  {
    guint dir;

    g_assert_false (maze_render_door_dir (tall, 5, &dir));
    g_assert_true (maze_render_door_dir (tall, 4, &dir));
    g_assert_cmpuint (dir, ==, 2);
  }
}

/* A hexagon's door is open along all of its side: the walls meeting
 * its corners end in a mitre, with no beak of their stroke reaching into
 * the doorway (as a cut square to the side left). Thick walls, where a
 * beak showed most. */
static void
test_hex_doors (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_maze (MAZE_SHAPE_HEX, 6, 5, MAZE_ALGORITHM_BACKTRACKER, 4);
  MazeRenderOptions options;
  MazeGeometry geometry;
  cairo_surface_t *surface;
  guint32 ends[2] = { 0, grid->n_cells - 1 };

  maze_render_options_init (&options);
  options.cell_size = 80.0;
  options.wall_width = 14.0;
  options.margin = 40.0;
  options.show_markers = FALSE;
  options.start = ends[0];
  options.end = ends[1];
  surface = render (grid, &options);
  maze_render_get_geometry (grid, &options, &geometry);
  for (guint i = 0; i < 2; i++)
    {
      double x1, y1, x2, y2;
      guint x, y, dir;

      g_assert_true (maze_render_door_dir (grid, ends[i], &dir));
      maze_grid_xy (grid, ends[i], &x, &y);
      maze_geometry_side (&geometry, x, y, dir, &x1, &y1, &x2, &y2);
      for (double t = 0.08; t <= 0.92; t += 0.02)
        {
          int px = (int) floor (x1 + (x2 - x1) * t);
          int py = (int) floor (y1 + (y2 - y1) * t);

          assert_pixel (surface, px, py, WHITE);
        }
    }
  cairo_surface_destroy (surface);
}

static void
test_solution (void)
{
  g_autoptr(MazeGrid) grid = make_snake ();
  MazeRenderOptions options;
  cairo_surface_t *surface;
  guint32 solution, start, end;
  guint n_solution = 0, n_white = 0;

  solved_snake_options (&options);
  solution = color_pixel (&options.solution_color);
  start = color_pixel (&options.start_color);
  end = color_pixel (&options.end_color);

  /* SOLID: a line through the centres, 5 px wide. */
  options.solution_style = MAZE_SOLUTION_SOLID;
  surface = render (grid, &options);
  assert_pixel (surface, 40, 20, solution);
  assert_pixel (surface, 50, 21, solution);
  assert_pixel (surface, 60, 30, solution);
  assert_pixel (surface, 40, 26, WHITE);
  /* Markers on top: the start a circle (its bounding box's corner is
   * not filled), the end a square (filled to near its corner). */
  assert_pixel (surface, 20, 20, start);
  assert_pixel (surface, 20, 40, end);
  assert_pixel (surface, 23, 36, end);
  assert_pixel (surface, 23, 44, end);
  g_assert_cmpuint (pixel (surface, 24, 44), ==, end);
  g_assert_cmpuint (pixel (surface, 15, 15), !=, start);
  /* Walls stay, and the door next to the start is open. */
  assert_pixel (surface, 20, 30, BLACK);
  assert_pixel (surface, 20, 10, WHITE);
  cairo_surface_destroy (surface);

  /* CELLS: the path's cells filled, walls on top. */
  options.solution_style = MAZE_SOLUTION_CELLS;
  surface = render (grid, &options);
  assert_pixel (surface, 35, 15, solution);
  assert_pixel (surface, 45, 45, solution);
  assert_pixel (surface, 40, 26, solution);
  assert_pixel (surface, 20, 30, BLACK);
  assert_pixel (surface, 30, 50, BLACK);
  cairo_surface_destroy (surface);

  /* DASHED: along the line between two centres, both dashes and gaps. */
  options.solution_style = MAZE_SOLUTION_DASHED;
  surface = render (grid, &options);
  for (int x = 40; x <= 60; x++)
    if (pixel (surface, x, 20) == solution)
      n_solution++;
    else if (pixel (surface, x, 20) == WHITE)
      n_white++;
  g_assert_cmpuint (n_solution, >, 4);
  g_assert_cmpuint (n_white, >, 2);
  cairo_surface_destroy (surface);

  /* THIN: a hairline, so a pixel 2 px off the line stays clear. */
  options.solution_style = MAZE_SOLUTION_THIN;
  surface = render (grid, &options);
  g_assert_cmpuint (pixel (surface, 50, 20), !=, WHITE);
  assert_pixel (surface, 50, 22, WHITE);
  cairo_surface_destroy (surface);

  /* No solution, no markers: only walls. */
  options.solution = NULL;
  options.show_markers = FALSE;
  surface = render (grid, &options);
  assert_pixel (surface, 40, 20, WHITE);
  assert_pixel (surface, 20, 20, WHITE);
  cairo_surface_destroy (surface);
}

static guint
brightness (guint32 p)
{
  return ((p >> 16) & 0xFF) + ((p >> 8) & 0xFF) + (p & 0xFF);
}

static void
test_overlay (void)
{
  g_autoptr(MazeGrid) grid = make_snake ();
  MazeRenderOptions options;
  cairo_surface_t *surface;
  /* Cell values: the order along the corridor, one cell without. */
  guint32 values[6] = { 0, 1, 2, 5, G_MAXUINT32, 3 };

  snake_options (&options);
  options.overlay_values = values;
  options.overlay_max = 5;

  options.overlay_kind = MAZE_OVERLAY_HEAT;
  surface = render (grid, &options);
  /* Higher values darker; no value, no shade. */
  g_assert_cmpuint (brightness (pixel (surface, 15, 15)), >, brightness (pixel (surface, 35, 15)));
  g_assert_cmpuint (brightness (pixel (surface, 35, 15)), >, brightness (pixel (surface, 55, 15)));
  g_assert_cmpuint (brightness (pixel (surface, 55, 15)), >, brightness (pixel (surface, 55, 45)));
  g_assert_cmpuint (brightness (pixel (surface, 55, 45)), >, brightness (pixel (surface, 15, 45)));
  g_assert_cmpuint (pixel (surface, 15, 15), !=, WHITE);
  assert_pixel (surface, 35, 45, WHITE);
  /* Walls on top. */
  assert_pixel (surface, 20, 30, BLACK);
  assert_pixel (surface, 40, 30, BLACK);
  cairo_surface_destroy (surface);

  options.overlay_kind = MAZE_OVERLAY_EXPLORED;
  surface = render (grid, &options);
  g_assert_cmpuint (pixel (surface, 15, 15), !=, WHITE);
  assert_pixel (surface, 15, 15, pixel (surface, 55, 45));
  assert_pixel (surface, 35, 45, WHITE);
  cairo_surface_destroy (surface);

  options.overlay_kind = MAZE_OVERLAY_NONE;
  surface = render (grid, &options);
  assert_pixel (surface, 15, 15, WHITE);
  cairo_surface_destroy (surface);
}

static void
test_masked (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_RECT, 3, 3);
  MazeRenderOptions options;
  cairo_surface_t *surface;
  int px, py;

  snake_options (&options);
  maze_grid_set_masked (grid, 1, 1, TRUE);
  maze_grid_set_masked (grid, 2, 1, TRUE);
  surface = render (grid, &options);
  /* Filled, no wall between the two masked cells, walls between them
   * and open cells, none on the grid's border (no frame). */
  assert_pixel (surface, 45, 45, color_pixel (&options.masked_color));
  side_pixel (grid, &options, 1, 1, 1, &px, &py);
  assert_pixel (surface, px, py, color_pixel (&options.masked_color));
  side_pixel (grid, &options, 1, 1, 3, &px, &py);
  assert_pixel (surface, px, py, BLACK);
  side_pixel (grid, &options, 2, 1, 0, &px, &py);
  assert_pixel (surface, px, py, BLACK);
  side_pixel (grid, &options, 2, 1, 1, &px, &py);
  assert_pixel (surface, px, py, WHITE);
  assert_pixel (surface, 20, 20, WHITE);
  cairo_surface_destroy (surface);

  /* Printed as the shape: the paper where the maze is not, the outline
   * the maze's edge. */
  for (guint mono = 0; mono < 2; mono++)
    {
      options.show_masked = FALSE;
      options.monochrome = mono;
      surface = render (grid, &options);
      assert_pixel (surface, 45, 45, WHITE);
      assert_pixel (surface, 58, 43, WHITE);
      side_pixel (grid, &options, 1, 1, 1, &px, &py);
      assert_pixel (surface, px, py, WHITE);
      side_pixel (grid, &options, 1, 1, 3, &px, &py);
      assert_pixel (surface, px, py, BLACK);
      side_pixel (grid, &options, 2, 1, 2, &px, &py);
      assert_pixel (surface, px, py, BLACK);
      cairo_surface_destroy (surface);
    }
}

/* The pixel at radius r (in cells) and angle a (a turn's fraction,
 * clockwise from north) of a circular maze drawn with options. */
static void
polar_pixel (const MazeGrid          *grid,
             const MazeRenderOptions *options,
             double                   r,
             double                   a,
             int                     *px,
             int                     *py)
{
  MazeGeometry g;
  double cx, cy;

  /* The centre of the drawing's box. */
  maze_render_get_geometry (grid, options, &g);
  cx = g.origin_x + g.width / 2;
  cy = g.origin_y + g.height / 2;
  *px = (int) floor (cx + r * options->cell_size * sin (2 * G_PI * a));
  *py = (int) floor (cy - r * options->cell_size * cos (2 * G_PI * a));
}

/* A ring's cell is filled up to its arcs, as its walls are drawn, not to
 * the chords of its outline: nothing of it left white by its outer arc,
 * nothing of it spilling past its inner one into the room. Three cells
 * in the first ring make the arcs deep. */
static void
test_circular_fills (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_CIRCULAR, 3, 2);
  guint32 masked = color_pixel (&(MazeColor) { 0.5, 0.5, 0.5, 1.0 });
  MazeRenderOptions options;
  cairo_surface_t *surface;
  int px, py;

  snake_options (&options);
  options.cell_size = 60;
  options.masked_color = (MazeColor) { 0.5, 0.5, 0.5, 1.0 };
  maze_grid_set_masked (grid, 0, 0, TRUE);
  surface = render (grid, &options);

  /* Cell (0, 0) spans a third of a turn between radii 1 and 2; its
   * outline's chords cut 0.27 cells off its outer arc and bulge 0.13
   * cells past its inner one, at a twelfth of a turn. */
  polar_pixel (grid, &options, 1.9, 1.0 / 12, &px, &py);
  assert_pixel (surface, px, py, masked);
  polar_pixel (grid, &options, 1.5, 1.0 / 6, &px, &py);
  assert_pixel (surface, px, py, masked);
  polar_pixel (grid, &options, 0.93, 1.0 / 12, &px, &py);
  assert_pixel (surface, px, py, WHITE);
  /* Its neighbour outward is not filled. */
  polar_pixel (grid, &options, 2.1, 1.0 / 12, &px, &py);
  assert_pixel (surface, px, py, WHITE);
  cairo_surface_destroy (surface);
}

/* The door into the room is a gap in the first ring's arc between the
 * cell's spokes: the whole arc open but half a wall at each end, the
 * radial walls beside it whole up to the arc. */
static void
test_circular_room_door (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_CIRCULAR, 3, 2);
  MazeRenderOptions options;
  cairo_surface_t *surface;
  int px, py;

  snake_options (&options);
  options.cell_size = 60;
  options.wall_width = 6;
  options.background_color = (MazeColor) { 1, 1, 1, 1 };
  options.show_doors = TRUE;
  options.start = 0;
  options.end = maze_grid_index (grid, 1, 1);
  surface = render (grid, &options);

  /* Along the arc, from a wall's width inside one spoke to the other. */
  for (guint k = 0; k <= 10; k++)
    {
      double a = 0.04 + (1.0 / 3 - 0.08) * k / 10;

      polar_pixel (grid, &options, 1.0, a, &px, &py);
      assert_pixel (surface, px, py, WHITE);
    }
  /* The spokes keep their strokes where they meet the arc: on their
   * centre line and a third of a wall to the door's side. */
  for (guint side = 0; side < 2; side++)
    {
      double along = 1.0 + options.wall_width / 4 / options.cell_size;
      double off = options.wall_width / 3 / (along * options.cell_size) / (2 * G_PI);

      polar_pixel (grid, &options, along, side == 0 ? 0 : 1.0 / 3, &px, &py);
      assert_pixel (surface, px, py, BLACK);
      polar_pixel (grid, &options, along, side == 0 ? off : 1.0 / 3 - off, &px, &py);
      assert_pixel (surface, px, py, BLACK);
    }
  /* The next cell's arc is still a wall. */
  polar_pixel (grid, &options, 1.0, 0.5, &px, &py);
  assert_pixel (surface, px, py, BLACK);
  cairo_surface_destroy (surface);
}

/* A centre cell is a disc: walls round it to the first ring's cells but
 * where a passage opens, no spoke across it; filled, the whole disc. */
static void
test_circular_centre_cell (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, 4, 2, TRUE, &error);
  guint32 masked = color_pixel (&(MazeColor) { 0.5, 0.5, 0.5, 1.0 });
  MazeRenderOptions options;
  cairo_surface_t *surface;
  int px, py;

  g_assert_no_error (error);
  maze_grid_set_passage (grid, 2, 1, MAZE_POLAR_IN_A, TRUE);
  snake_options (&options);
  options.cell_size = 60;
  options.wall_width = 4;
  surface = render (grid, &options);
  /* Round the disc: a wall by cells 0, 1 and 3, open by cell 2. */
  for (guint x = 0; x < 4; x++)
    {
      polar_pixel (grid, &options, 1.0, (x + 0.5) / 4, &px, &py);
      assert_pixel (surface, px, py, x == 2 ? WHITE : BLACK);
    }
  /* No spoke inside it; the first ring's spokes from its edge out. */
  for (guint x = 0; x < 4; x++)
    {
      polar_pixel (grid, &options, 0.5, x / 4.0, &px, &py);
      assert_pixel (surface, px, py, WHITE);
      polar_pixel (grid, &options, 1.5, x / 4.0, &px, &py);
      assert_pixel (surface, px, py, BLACK);
    }
  cairo_surface_destroy (surface);

  options.masked_color = (MazeColor) { 0.5, 0.5, 0.5, 1.0 };
  maze_grid_set_passage (grid, 2, 1, MAZE_POLAR_IN_A, FALSE);
  maze_grid_set_masked (grid, 0, 0, TRUE);
  surface = render (grid, &options);
  for (guint k = 0; k < 8; k++)
    {
      polar_pixel (grid, &options, k == 0 ? 0 : 0.9, k / 8.0, &px, &py);
      assert_pixel (surface, px, py, masked);
    }
  polar_pixel (grid, &options, 1.1, 0.125, &px, &py);
  assert_pixel (surface, px, py, WHITE);
  cairo_surface_destroy (surface);
}

/* A whole page of a huge masked maze (cells under half a pixel: the
 * walls as a tone) printed as its shape: the tone covers the open cells,
 * the paper shows where the maze is not. */
static void
test_masked_tone (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_RECT, 200, 100);
  MazeRenderOptions options;

  for (guint y = 0; y < 100; y++)
    for (guint x = 0; x < 100; x++)
      maze_grid_set_masked (grid, x, y, TRUE);
  maze_render_options_init (&options);
  options.cell_size = 1;
  options.margin = 0;
  options.wall_width = 0.5;
  for (guint shown = 0; shown < 2; shown++)
    {
      cairo_t *cr = begin_drawing (50, 25, TRUE);
      cairo_surface_t *surface;

      options.show_masked = shown;
      cairo_scale (cr, 0.25, 0.25);
      maze_render (cr, grid, &options);
      surface = end_drawing (cr);
      g_assert_cmpuint (pixel (surface, 37, 12), !=, WHITE);
      if (shown)
        g_assert_cmpuint (pixel (surface, 12, 12), !=, WHITE);
      else
        assert_pixel (surface, 12, 12, WHITE);
      cairo_surface_destroy (surface);
    }
}

/* Distances from cell 0 along passages, for a heat overlay. */
static guint32 *
distances (const MazeGrid *grid,
           guint32         from)
{
  guint32 *dist = g_new (guint32, grid->n_cells);
  g_autofree guint32 *queue = g_new (guint32, grid->n_cells);
  guint32 head = 0, tail = 0;

  for (guint32 i = 0; i < grid->n_cells; i++)
    dist[i] = G_MAXUINT32;
  dist[from] = 0;
  queue[tail++] = from;
  while (head < tail)
    {
      guint32 c = queue[head++];
      guint x, y;

      maze_grid_xy (grid, c, &x, &y);
      for (guint d = 0; d < grid->topology->n_dirs; d++)
        {
          guint nx, ny;
          guint32 n;

          if (!maze_grid_has_passage (grid, x, y, d) || !maze_grid_step (grid, x, y, d, &nx, &ny))
            continue;
          n = maze_grid_index (grid, nx, ny);
          if (dist[n] != G_MAXUINT32)
            continue;
          dist[n] = dist[c] + 1;
          queue[tail++] = n;
        }
    }
  return dist;
}

/* A maze with everything on: masked cells, an overlay, a solution,
 * markers and doors. */
typedef struct
{
  MazeGrid          *grid;
  MazeSolution      *solution;
  guint32           *values;
  MazeRenderOptions  options;
} Busy;

static void
busy_init (Busy      *busy,
           MazeShape  shape,
           guint      width,
           guint      height)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_test_new_grid (shape, width, height);
  MazeGenerateOptions gen;
  guint32 start, end;

  for (guint y = height / 3; y < height / 2; y++)
    for (guint x = width / 3; x < width / 2; x++)
      maze_grid_set_masked (grid, x, y, TRUE);
  maze_generate_options_init (&gen);
  gen.seed = 17;
  g_assert_true (maze_generate (grid, &gen, &error));
  g_assert_no_error (error);
  start = 0;
  end = grid->n_cells - 1;
  busy->solution = maze_solve (grid, MAZE_SOLVER_BFS, start, end, NULL, &error);
  g_assert_no_error (error);
  busy->values = distances (grid, start);

  maze_render_options_init (&busy->options);
  busy->options.cell_size = 16;
  busy->options.wall_width = 2;
  busy->options.margin = 8;
  busy->options.start = start;
  busy->options.end = end;
  busy->options.solution = busy->solution->path;
  busy->options.solution_len = busy->solution->path_len;
  busy->options.overlay_kind = MAZE_OVERLAY_HEAT;
  busy->options.overlay_values = busy->values;
  busy->options.overlay_max = busy->values[end];
  busy->grid = g_steal_pointer (&grid);
}

static void
busy_clear (Busy *busy)
{
  g_clear_pointer (&busy->grid, maze_grid_free);
  g_clear_pointer (&busy->solution, maze_solution_free);
  g_clear_pointer (&busy->values, g_free);
}

static void
test_monochrome (void)
{
  for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
    for (MazeSolutionStyle style = MAZE_SOLUTION_SOLID; style <= MAZE_SOLUTION_CELLS; style++)
      {
        Busy busy;
        cairo_surface_t *surface;
        guint n_black = 0, n_white = 0;
        double w, h;

        busy_init (&busy, shape, 11, 9);
        busy.options.monochrome = TRUE;
        busy.options.solution_style = style;
        busy.options.overlay_kind = style % 2 ? MAZE_OVERLAY_EXPLORED : MAZE_OVERLAY_HEAT;
        busy.options.cell_size = 15.3;     /* edges off the pixel grid */
        busy.options.background_color.red = 0.9;
        surface = render (busy.grid, &busy.options);
        /* The image is rounded up: only the drawing's own pixels. */
        maze_render_get_size (busy.grid, &busy.options, &w, &h);
        for (int y = 0; y < (int) h; y++)
          for (int x = 0; x < (int) w; x++)
            {
              guint32 p = pixel (surface, x, y);

              if (p == BLACK)
                n_black++;
              else if (p == WHITE)
                n_white++;
              else
                g_error ("%s, style %d: pixel (%d, %d) is %08x, neither black nor white",
                         maze_shape_to_string (shape), style, x, y, p);
            }
        g_assert_cmpuint (n_black, >, 100);
        g_assert_cmpuint (n_white, >, 100);
        cairo_surface_destroy (surface);
        busy_clear (&busy);
      }
}

static void
test_transparent (void)
{
  g_autoptr(MazeGrid) grid = make_snake ();
  MazeRenderOptions options;
  cairo_surface_t *surface;

  snake_options (&options);
  options.background_color.alpha = 0;
  surface = render (grid, &options);
  assert_pixel (surface, 0, 0, 0);
  assert_pixel (surface, 40, 20, 0);
  assert_pixel (surface, 35, 45, 0);
  assert_pixel (surface, 20, 10, BLACK);
  cairo_surface_destroy (surface);

  /* Monochrome keeps transparency. */
  options.monochrome = TRUE;
  surface = render (grid, &options);
  assert_pixel (surface, 40, 20, 0);
  assert_pixel (surface, 20, 10, BLACK);
  cairo_surface_destroy (surface);
}

/* Rendering under a clip changes nothing outside it, and inside draws
 * what a full rendering draws there: strips of an export line up. */
static void
check_clipped (const MazeGrid          *grid,
               const MazeRenderOptions *options,
               int                      cx,
               int                      cy,
               int                      cw,
               int                      ch)
{
  cairo_surface_t *full = render (grid, options);
  int w = cairo_image_surface_get_width (full);
  int h = cairo_image_surface_get_height (full);
  cairo_surface_t *surface = new_surface (w, h);
  cairo_t *cr = cairo_create (surface);
  const guint32 sentinel = 0xFF00FF00u;
  guint changed = 0;
  double dw, dh;

  maze_render_get_size (grid, options, &dw, &dh);

  cairo_set_source_rgb (cr, 0, 1, 0);
  cairo_paint (cr);
  cairo_rectangle (cr, cx, cy, cw, ch);
  cairo_clip (cr);
  maze_render (cr, grid, options);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        gboolean inside = x >= cx && x < cx + cw && y >= cy && y < cy + ch;

        if (!inside)
          assert_pixel (surface, x, y, sentinel);
        else if (x < (int) dw && y < (int) dh)  /* whole pixels of the drawing */
          {
            /* cairo rasterises antialiased edges a little differently
             * under a clip (at the clip's edge and around the door
             * holes, by up to ~5%); a missing or extra wall, marker or
             * path differs by far more. */
            if (!pixel_near (pixel (surface, x, y), pixel (full, x, y), 24))
              g_error ("pixel (%d, %d) is %08x clipped, %08x in full", x, y,
                       pixel (surface, x, y), pixel (full, x, y));
            changed += pixel (surface, x, y) != sentinel;
          }
      }
  g_assert_cmpuint (changed, >, 0);
  cairo_surface_destroy (surface);
  cairo_surface_destroy (full);
}

static void
test_clip (void)
{
  for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      Busy busy;

      busy_init (&busy, shape, 13, 11);
      check_clipped (busy.grid, &busy.options, 37, 29, 41, 23);
      check_clipped (busy.grid, &busy.options, 0, 0, 30, 200);
      busy.options.solution_style = MAZE_SOLUTION_DASHED;
      busy.options.overlay_kind = MAZE_OVERLAY_EXPLORED;
      check_clipped (busy.grid, &busy.options, 60, 10, 100, 40);
      busy.options.monochrome = TRUE;
      check_clipped (busy.grid, &busy.options, 60, 10, 100, 40);
      busy_clear (&busy);
    }
}

/* A small window onto a huge maze: the walls are where they belong and
 * nothing spills out of the clip. */
static void
test_big_maze_window (void)
{
  for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      g_autoptr(MazeGrid) grid = maze_test_new_grid (shape, 3000, 3000);
      cairo_surface_t *surface = new_surface (64, 64);
      cairo_t *cr = cairo_create (surface);
      MazeRenderOptions options;
      MazeGeometry g;
      double x1, y1, x2, y2;

      snake_options (&options);
      options.wall_width = 3;   /* covers side midpoints, slanted too */
      maze_render_get_geometry (grid, &options, &g);
      cairo_set_source_rgb (cr, 0, 1, 0);
      cairo_paint (cr);
      /* Show the drawing around cell (1500, 1500) in the middle 32×32. */
      cairo_rectangle (cr, 16, 16, 32, 32);
      cairo_clip (cr);
      cairo_translate (cr, -30000, -30000);
      maze_render (cr, grid, &options);
      cairo_destroy (cr);
      cairo_surface_flush (surface);

      for (int y = 0; y < 64; y++)
        for (int x = 0; x < 64; x++)
          if (x < 16 || y < 16 || x >= 48 || y >= 48)
            assert_pixel (surface, x, y, 0xFF00FF00u);

      /* A fresh grid is all walls: every side in view is drawn. */
      for (guint cy = 1490; cy < 1510; cy++)
        for (guint cx = 1490; cx < 1510; cx++)
          for (guint d = 0; d < grid->topology->n_dirs; d++)
            {
              int px, py;

              if (!maze_grid_has_dir (grid, cx, cy, d))
                continue;
              maze_geometry_side (&g, cx, cy, d, &x1, &y1, &x2, &y2);
              px = (int) floor ((x1 + x2) / 2) - 30000;
              py = (int) floor ((y1 + y2) / 2) - 30000;
              if (px >= 16 && py >= 16 && px < 48 && py < 48)
                assert_pixel (surface, px, py, BLACK);
            }
      cairo_surface_destroy (surface);
    }
}

static void
test_hex_walls (void)
{
  g_autoptr(MazeGrid) plain = maze_test_new_grid (MAZE_SHAPE_HEX, 4, 3);
  g_autoptr(MazeGrid) maze = maze_test_new_maze (MAZE_SHAPE_HEX, 7, 6, MAZE_ALGORITHM_BACKTRACKER, 3);
  MazeRenderOptions options;
  /* Cell (1, 0) in the top row opens its NW side; (0, 2) on the left
   * its W side. */
  const guint32 doors[] = { 1, 4, 14, 3 };
  /* Bottom row: the SE side; right column: E. */
  const guint32 more[] = { 37, 1, 27, 0 };

  maze_render_options_init (&options);
  options.cell_size = 40;
  options.wall_width = 4;
  options.margin = 10;
  options.show_markers = FALSE;
  options.show_doors = FALSE;

  assert_sides (plain, &options, NULL, 0);
  assert_sides (maze, &options, NULL, 0);

  options.show_doors = TRUE;
  options.start = 1;
  options.end = 14;
  assert_sides (maze, &options, doors, 2);

  options.start = 37;
  options.end = 27;
  assert_sides (maze, &options, more, 2);
}

/* Triangles at known pixels, worked out by hand, at two zooms: side 40
 * (rows 34.64 high) and 80, margin 10. Triangle (0, 0) points up: apex
 * (30, 10), base (10, 44.64)-(50, 44.64); (1, 0) points down: top
 * (30, 10)-(70, 10), apex (50, 44.64). */
static void
test_tri_walls (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_TRI, 4, 3);
  static const struct { double x, y; gboolean wall; } points[] = {
    { 20, 27.3, TRUE },    /* (0, 0)'s left side, on the border */
    { 30, 33.1, FALSE },   /* (0, 0)'s centroid */
    { 50, 10, TRUE },      /* (1, 0)'s top, on the border */
    { 50, 21.5, FALSE },   /* (1, 0)'s centroid */
    { 40, 27.3, TRUE },    /* between (0, 0) and (1, 0): opened below */
    { 30, 44.6, TRUE },    /* (0, 0)'s base, above (0, 1) */
  };

  for (guint zoom = 1; zoom <= 2; zoom++)
    for (guint open = 0; open < 2; open++)
      {
        MazeRenderOptions options;
        MazeGeometry g;
        cairo_surface_t *surface;
        guint32 wall, background;
        guint x, y;

        maze_grid_clear_passages (grid);
        if (open)
          maze_grid_set_passage (grid, 0, 0, 1, TRUE);   /* E */
        maze_render_options_init (&options);
        options.cell_size = 40 * zoom;
        options.wall_width = 4;
        options.margin = 10;
        options.show_markers = FALSE;
        options.show_doors = FALSE;
        wall = color_pixel (&options.wall_color);
        background = color_pixel (&options.background_color);
        surface = render (grid, &options);
        for (guint i = 0; i < G_N_ELEMENTS (points); i++)
          {
            double px = 10 + (points[i].x - 10) * zoom, py = 10 + (points[i].y - 10) * zoom;
            gboolean is_wall = points[i].wall && !(open && i == 4);

            assert_pixel (surface, (int) floor (px), (int) floor (py), is_wall ? wall : background);
          }
        cairo_surface_destroy (surface);

        /* And back: the centroids hit their triangles. */
        maze_render_get_geometry (grid, &options, &g);
        g_assert_true (maze_geometry_cell_at (&g, 10 + 20 * zoom, 10 + 23.1 * zoom, &x, &y));
        g_assert_cmpuint (x, ==, 0);
        g_assert_cmpuint (y, ==, 0);
        g_assert_true (maze_geometry_cell_at (&g, 10 + 40 * zoom, 10 + 11.5 * zoom, &x, &y));
        g_assert_cmpuint (x, ==, 1);
        g_assert_cmpuint (y, ==, 0);
        /* Left of the first apex is no triangle. */
        g_assert_false (maze_geometry_cell_at (&g, 10 + 2 * zoom, 10 + 2 * zoom, &x, &y));
      }
}

static void
test_options (void)
{
  MazeRenderOptions options;
  g_autoptr(MazeGrid) hex = maze_test_new_grid (MAZE_SHAPE_HEX, 5, 4);
  MazeGeometry g;
  double w, h;

  maze_render_options_init (&options);
  g_assert_cmpfloat (options.cell_size, ==, 10);
  g_assert_cmpfloat (options.wall_width, ==, 1);
  g_assert_cmpfloat (options.margin, ==, 5);
  g_assert_cmpint (options.start, ==, MAZE_NO_CELL);
  g_assert_cmpint (options.end, ==, MAZE_NO_CELL);
  g_assert_true (options.show_markers);
  g_assert_true (options.show_doors);
  g_assert_false (options.monochrome);
  g_assert_null (options.solution);
  g_assert_cmpuint (color_pixel (&options.background_color), ==, WHITE);
  g_assert_cmpuint (color_pixel (&options.wall_color), ==, BLACK);
  /* Okabe-Ito. */
  g_assert_cmpuint (color_pixel (&options.start_color), ==, 0xFF0072B2);
  g_assert_cmpuint (color_pixel (&options.end_color), ==, 0xFFD55E00);
  g_assert_cmpuint (color_pixel (&options.solution_color), ==, 0xFF009E73);

  /* Absolute sizes: a new cell size leaves the walls alone. */
  options.cell_size = 30;
  g_assert_cmpfloat (options.wall_width, ==, 1);

  maze_render_get_size (hex, &options, &w, &h);
  maze_render_get_geometry (hex, &options, &g);
  g_assert_cmpfloat (g.origin_x, ==, 5);
  g_assert_cmpfloat (g.origin_y, ==, 5);
  g_assert_cmpfloat (w, ==, g.width + 10);
  g_assert_cmpfloat (h, ==, g.height + 10);
}

/* ---- Layers, paths, cells and tokens ---- */

static cairo_surface_t *
render_layers (const MazeGrid          *grid,
               const MazeRenderOptions *options,
               MazeRenderLayers         layers)
{
  cairo_t *cr = begin_maze_drawing (grid, options, FALSE);

  maze_render_layers (cr, grid, options, layers);
  return end_drawing (cr);
}

static void
assert_same_image (cairo_surface_t *a,
                   cairo_surface_t *b)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);

  g_assert_cmpint (cairo_image_surface_get_width (b), ==, w);
  g_assert_cmpint (cairo_image_surface_get_height (b), ==, h);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      assert_pixel (b, x, y, pixel (a, x, y));
}

/* The layers one by one make the same picture as maze_render(). */
static void
test_layers (void)
{
  g_autoptr(MazeGrid) grid = make_snake ();
  guint32 values[6] = { 0, 1, 2, 5, G_MAXUINT32, 3 };
  MazeRenderOptions options;
  cairo_surface_t *whole, *parts, *walls;
  cairo_t *cr;

  solved_snake_options (&options);
  options.overlay_values = values;
  options.overlay_max = 5;
  options.overlay_kind = MAZE_OVERLAY_HEAT;

  whole = render (grid, &options);
  parts = render_layers (grid, &options, MAZE_RENDER_BACKGROUND | MAZE_RENDER_MASKED | MAZE_RENDER_OVERLAY);
  cr = cairo_create (parts);
  maze_render_layers (cr, grid, &options, MAZE_RENDER_SOLUTION | MAZE_RENDER_WALLS | MAZE_RENDER_MARKERS);
  cairo_destroy (cr);
  cairo_surface_flush (parts);
  assert_same_image (whole, parts);
  cairo_surface_destroy (parts);
  parts = render_layers (grid, &options, MAZE_RENDER_ALL);
  assert_same_image (whole, parts);

  /* The walls alone: nothing else, not even the background. */
  walls = render_layers (grid, &options, MAZE_RENDER_WALLS);
  assert_pixel (walls, 20, 30, BLACK);
  assert_pixel (walls, 15, 15, 0);
  assert_pixel (walls, 0, 0, 0);
  /* The start's door is open. */
  assert_pixel (walls, 20, 10, 0);

  cairo_surface_destroy (whole);
  cairo_surface_destroy (parts);
  cairo_surface_destroy (walls);
}

static cairo_surface_t *
render_paths (const MazeGrid          *grid,
              const MazeRenderOptions *options,
              const MazeRenderPath    *paths,
              guint                    n_paths)
{
  cairo_t *cr = begin_maze_drawing (grid, options, TRUE);

  maze_render_paths (cr, grid, options, paths, n_paths);
  return end_drawing (cr);
}

/* Two paths along the same cells stay apart in their lanes, left and
 * right of the way they go, around the corners too. */
static void
test_paths_lanes (void)
{
  g_autoptr(MazeGrid) grid = make_snake ();
  MazeRenderOptions options;
  MazeRenderPath paths[2];
  cairo_surface_t *surface;
  guint32 a, b;

  snake_options (&options);
  for (guint i = 0; i < 2; i++)
    {
      maze_render_path_init (&paths[i], &options);
      maze_render_path_palette (i, &paths[i].color, NULL);
      paths[i].cells = snake_path;
      paths[i].len = G_N_ELEMENTS (snake_path);
      paths[i].width = 3;
      paths[i].offset = i == 0 ? 4 : -4;
    }
  a = color_pixel (&paths[0].color);
  b = color_pixel (&paths[1].color);
  g_assert_cmpuint (a, !=, b);

  surface = render_paths (grid, &options, paths, 2);
  /* East along row 0 (y = 20): the left is north. */
  assert_pixel (surface, 40, 16, a);
  assert_pixel (surface, 40, 24, b);
  assert_pixel (surface, 40, 20, WHITE);
  /* Down the east column (x = 60): the left is east. */
  assert_pixel (surface, 64, 30, a);
  assert_pixel (surface, 56, 30, b);
  assert_pixel (surface, 60, 30, WHITE);
  /* West along row 1 (y = 40): the left is south. */
  assert_pixel (surface, 40, 44, a);
  assert_pixel (surface, 40, 36, b);
  /* The mitred corner keeps the lane: (64, 16), not cut short. */
  assert_pixel (surface, 63, 17, a);
  cairo_surface_destroy (surface);

  /* Only the pieces asked for: the steps along row 1. */
  paths[0].pieces = (const guint32[]) { 3, 5 };
  paths[0].n_pieces = 1;
  surface = render_paths (grid, &options, paths, 1);
  assert_pixel (surface, 40, 16, WHITE);
  assert_pixel (surface, 40, 44, a);
  cairo_surface_destroy (surface);
}

static void
test_paths_style (void)
{
  g_autoptr(MazeGrid) grid = make_snake ();
  MazeRenderOptions options;
  MazeRenderPath path;
  cairo_surface_t *surface;
  guint32 color, casing;

  snake_options (&options);
  maze_render_path_init (&path, &options);
  /* The defaults: the solution's colour and width, one solid line. */
  g_assert_cmpfloat (path.width, ==, 5);
  g_assert_cmpuint (color_pixel (&path.color), ==, color_pixel (&options.solution_color));
  g_assert_cmpint (path.dash, ==, MAZE_PATH_DASH_NONE);
  path.cells = snake_path;
  path.len = G_N_ELEMENTS (snake_path);
  path.width = 4;
  path.casing = (MazeColor) { 1, 0, 0, 1 };
  path.casing_width = 3;
  color = color_pixel (&path.color);
  casing = color_pixel (&path.casing);

  surface = render_paths (grid, &options, &path, 1);
  assert_pixel (surface, 40, 20, color);
  assert_pixel (surface, 40, 23, casing);
  assert_pixel (surface, 40, 17, casing);
  assert_pixel (surface, 40, 27, WHITE);
  cairo_surface_destroy (surface);

  /* Long dashes, one a step, centred on the cell centres: the middle of
   * a step is a gap; the casing is dashed alike, its round caps
   * narrowing the gap. */
  path.dash = MAZE_PATH_DASH_LONG;
  surface = render_paths (grid, &options, &path, 1);
  assert_pixel (surface, 40, 20, color);
  assert_pixel (surface, 50, 20, casing);
  assert_pixel (surface, 60, 23, color);
  cairo_surface_destroy (surface);
  path.casing.alpha = 0;
  surface = render_paths (grid, &options, &path, 1);
  assert_pixel (surface, 40, 20, color);
  assert_pixel (surface, 50, 20, WHITE);
  assert_pixel (surface, 60, 23, color);
  cairo_surface_destroy (surface);

  /* The legend: the same dashes on a straight line. */
  {
    cairo_t *cr = begin_drawing (80, 20, TRUE);

    maze_render_path_sample (cr, 10, 10, 70, 10, &path, 20);
    surface = end_drawing (cr);
  }
  assert_pixel (surface, 10, 10, color);
  assert_pixel (surface, 20, 10, WHITE);
  assert_pixel (surface, 30, 10, color);
  cairo_surface_destroy (surface);
}

static void
test_path_palette (void)
{
  MazeColor colors[MAZE_N_PATH_DASHES], again;
  MazePathDash dashes[MAZE_N_PATH_DASHES], dash;

  for (guint i = 0; i < MAZE_N_PATH_DASHES; i++)
    maze_render_path_palette (i, &colors[i], &dashes[i]);
  /* Apart in colour and in dashes both. */
  for (guint i = 0; i < MAZE_N_PATH_DASHES; i++)
    for (guint j = i + 1; j < MAZE_N_PATH_DASHES; j++)
      {
        g_assert_cmpuint (color_pixel (&colors[i]), !=, color_pixel (&colors[j]));
        g_assert_cmpint (dashes[i], !=, dashes[j]);
      }
  g_assert_cmpint (dashes[1], ==, MAZE_PATH_DASH_NONE);
  maze_render_path_palette (7, &again, &dash);
  g_assert_cmpuint (color_pixel (&again), ==, color_pixel (&colors[0]));
  g_assert_cmpint (dash, ==, dashes[0]);
}

/* Every path colour stands 3:1 against light and dark paper: by itself,
 * or through its outline. */
static void
test_path_casing (void)
{
  const MazeColor papers[] = {
    { 1.0, 1.0, 1.0, 1.0 },     /* white, the light style's view */
    { 0.98, 0.98, 0.98, 1.0 },  /* Adwaita's light window */
    { 0.14, 0.14, 0.14, 1.0 },  /* the dark style's view */
    { 0.0, 0.0, 0.0, 1.0 },
  };
  const MazeColor white = { 1, 1, 1, 1 }, black = { 0, 0, 0, 1 };
  MazeColor sky_blue, casing;
  guint n_outlined = 0;

  g_assert_cmpfloat_with_epsilon (maze_color_contrast (&white, &black), 21.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (maze_color_contrast (&black, &white), 21.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (maze_color_contrast (&white, &white), 1.0, 1e-9);

  for (guint p = 0; p < G_N_ELEMENTS (papers); p++)
    for (guint i = 0; i < 7; i++)
      {
        MazeColor line;
        gboolean outlined;

        maze_render_path_palette (i, &line, NULL);
        outlined = maze_render_path_casing (&line, &papers[p], &casing);
        g_assert_cmpfloat (casing.alpha, ==, 1.0);
        if (outlined)
          {
            n_outlined++;
            g_assert_cmpfloat (maze_color_contrast (&line, &papers[p]), <, 3.0);
            g_assert_cmpfloat (maze_color_contrast (&casing, &papers[p]), >=, 3.0);
          }
        else
          {
            g_assert_cmpfloat (maze_color_contrast (&line, &papers[p]), >=, 3.0);
            g_assert_cmpuint (color_pixel (&casing), ==, color_pixel (&papers[p]));
          }
      }
  /* Sky blue (slot 4) is one of the pale ones on white: outlined in a
   * darker blue, not in grey. */
  maze_render_path_palette (4, &sky_blue, NULL);
  g_assert_true (maze_render_path_casing (&sky_blue, &papers[0], &casing));
  g_assert_cmpfloat (casing.blue, >, casing.red);
  g_assert_cmpuint (n_outlined, >, 0);
}

static void
test_cells_and_token (void)
{
  g_autoptr(MazeGrid) grid = make_snake ();
  MazeRenderOptions options;
  const guint8 flags[6] = { 2, 0, 4, 0, 6, 0 };
  const MazeColor red = { 1, 0, 0, 1 };
  cairo_surface_t *surface;
  cairo_t *cr;

  snake_options (&options);
  maze_grid_set_masked (grid, 2, 0, TRUE);
  cr = begin_drawing (80, 60, TRUE);
  maze_render_cells (cr, grid, &options, flags, 2, &red);
  surface = end_drawing (cr);
  assert_pixel (surface, 20, 20, 0xFFFF0000u);   /* cell 0 */
  assert_pixel (surface, 40, 40, 0xFFFF0000u);   /* cell 4 */
  assert_pixel (surface, 40, 20, WHITE);         /* no flag */
  assert_pixel (surface, 60, 20, WHITE);         /* bit 4, not asked */
  cairo_surface_destroy (surface);

  /* Masked cells get no role, even flagged. */
  cr = begin_drawing (80, 60, FALSE);
  maze_render_cells (cr, grid, &options, flags, 4, &red);
  surface = end_drawing (cr);
  assert_pixel (surface, 60, 20, 0);
  assert_pixel (surface, 40, 40, 0xFFFF0000u);
  cairo_surface_destroy (surface);

  /* A diamond: the centre filled, the cell's corner not, a halo round
   * it in the background's colour. */
  cr = begin_drawing (80, 60, FALSE);
  maze_render_token (cr, grid, &options, 4, 0, &red);
  maze_render_token (cr, grid, &options, 99, 0, &red);
  surface = end_drawing (cr);
  assert_pixel (surface, 40, 40, 0xFFFF0000u);
  assert_pixel (surface, 45, 40, 0xFFFF0000u);
  assert_pixel (surface, 47, 47, 0);
  {
    guint n_halo = 0;

    for (int y = 28; y < 52; y++)
      for (int x = 28; x < 52; x++)
        n_halo += ((pixel (surface, x, y) >> 8) & 0xFF) > 0x80;
    g_assert_cmpuint (n_halo, >, 10);
  }
  cairo_surface_destroy (surface);
}

/* A zoomed-out heat map is shaded through an image, one pixel a cell;
 * it looks as the cells filled one by one do (a recording surface takes
 * that way). */
static void
test_overlay_tiny_cells (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_RECT, 200, 150);
  g_autofree guint32 *values = g_new (guint32, 200 * 150);
  MazeRenderOptions options;
  cairo_surface_t *direct, *replayed, *recording;
  cairo_t *cr;
  guint n_shaded = 0;

  for (guint y = 0; y < 150; y++)
    for (guint x = 0; x < 200; x++)
      values[y * 200 + x] = (x + y) % 7 == 0 ? G_MAXUINT32 : x + y;
  maze_render_options_init (&options);
  options.cell_size = 1;
  options.margin = 0;
  options.wall_width = 0;
  options.overlay_kind = MAZE_OVERLAY_HEAT;
  options.overlay_values = values;
  options.overlay_max = 348;

  direct = render_layers (grid, &options, MAZE_RENDER_BACKGROUND | MAZE_RENDER_OVERLAY);
  recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cr = cairo_create (recording);
  cairo_rectangle (cr, 0, 0, 200, 150);
  cairo_clip (cr);
  maze_render_layers (cr, grid, &options, MAZE_RENDER_BACKGROUND | MAZE_RENDER_OVERLAY);
  cairo_destroy (cr);
  replayed = new_surface (200, 150);
  cr = cairo_create (replayed);
  cairo_set_source_surface (cr, recording, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_flush (replayed);

  for (int y = 0; y < 150; y++)
    for (int x = 0; x < 200; x++)
      {
        guint32 p = pixel (direct, x, y);

        if (!pixel_near (p, pixel (replayed, x, y), 2))
          g_error ("pixel (%d, %d) is %08x through the image, %08x cell by cell",
                   x, y, p, pixel (replayed, x, y));
        if ((x + y) % 7 == 0)
          assert_pixel (direct, x, y, WHITE);
        else
          n_shaded++;
      }
  g_assert_cmpuint (n_shaded, >, 20000);
  /* Darker for later cells. */
  g_assert_cmpuint (brightness (pixel (direct, 1, 0)), >, brightness (pixel (direct, 199, 148)));
  cairo_surface_destroy (direct);
  cairo_surface_destroy (replayed);
  cairo_surface_destroy (recording);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/maze/render/options", test_options);
  g_test_add_func ("/maze/render/rect-walls", test_rect_walls);
  g_test_add_func ("/maze/render/rect-doors", test_rect_doors);
  g_test_add_func ("/maze/render/hex-walls", test_hex_walls);
  g_test_add_func ("/maze/render/tri-walls", test_tri_walls);
  g_test_add_func ("/maze/render/circular-fills", test_circular_fills);
  g_test_add_func ("/maze/render/circular-room-door", test_circular_room_door);
  g_test_add_func ("/maze/render/circular-centre-cell", test_circular_centre_cell);
  g_test_add_func ("/maze/render/hex-doors", test_hex_doors);
  g_test_add_func ("/maze/render/solution", test_solution);
  g_test_add_func ("/maze/render/overlay", test_overlay);
  g_test_add_func ("/maze/render/masked", test_masked);
  g_test_add_func ("/maze/render/masked-tone", test_masked_tone);
  g_test_add_func ("/maze/render/monochrome", test_monochrome);
  g_test_add_func ("/maze/render/transparent", test_transparent);
  g_test_add_func ("/maze/render/clip", test_clip);
  g_test_add_func ("/maze/render/big-maze-window", test_big_maze_window);
  g_test_add_func ("/maze/render/layers", test_layers);
  g_test_add_func ("/maze/render/paths/lanes", test_paths_lanes);
  g_test_add_func ("/maze/render/paths/style", test_paths_style);
  g_test_add_func ("/maze/render/paths/palette", test_path_palette);
  g_test_add_func ("/maze/render/paths/casing", test_path_casing);
  g_test_add_func ("/maze/render/cells-and-token", test_cells_and_token);
  g_test_add_func ("/maze/render/overlay-tiny-cells", test_overlay_tiny_cells);
  return g_test_run ();
}
