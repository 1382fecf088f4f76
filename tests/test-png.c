/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <setjmp.h>
#include <string.h>

#include <cairo.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <png.h>

#include "maze-error.h"
#include "maze-export-request.h"
#include "maze-outline.h"
#include "maze-png.h"
#include "maze-solve.h"
#include "maze-test-util.h"

/* PNG export: decoded back with libpng and checked against the maze, the
 * options and a one-shot cairo render of the same drawing. */

typedef MazeTestFixture Fixture;

static MazePuzzle *
make_puzzle (MazeShape shape,
             guint     width,
             guint     height)
{
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions gen;
  MazePuzzle *puzzle;

  maze_generate_options_init (&gen);
  gen.seed = 42;
  puzzle = maze_puzzle_generate (shape, width, height, &gen, 0, MAZE_ENDPOINTS_CORNERS, &error);
  g_assert_no_error (error);
  return puzzle;
}

/* ---- Decoding ---- */

typedef struct
{
  guint     width;
  guint     height;
  int       color_type;
  int       bit_depth;
  gboolean  has_phys;
  guint32   ppm_x;
  guint32   ppm_y;
  int       phys_unit;
  GPtrArray *keys;       /* of char*, tEXt/iTXt keywords */
  GPtrArray *texts;      /* UTF-8 (tEXt converted from Latin-1) */
  GArray    *text_kinds; /* of int: compression field */
  guint8    *pixels;     /* rows of width * channels bytes */
  guint      channels;
} Decoded;

static void
decoded_free (Decoded *d)
{
  if (d == NULL)
    return;
  g_clear_pointer (&d->keys, g_ptr_array_unref);
  g_clear_pointer (&d->texts, g_ptr_array_unref);
  g_clear_pointer (&d->text_kinds, g_array_unref);
  g_free (d->pixels);
  g_free (d);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Decoded, decoded_free)

static void
read_error_cb (png_structp     png,
               png_const_charp message)
{
  g_test_message ("libpng: %s", message);
  png_longjmp (png, 1);
}

static void
read_warning_cb (png_structp     png,
                 png_const_charp message)
{
}

static void
read_png (png_structp  png,
          png_infop    info,
          Decoded     *d)
{
  png_textp text = NULL;
  int n_text = 0;
  png_uint_32 w, h, rx, ry;
  int unit;

  png_read_info (png, info);
  png_get_IHDR (png, info, &w, &h, &d->bit_depth, &d->color_type, NULL, NULL, NULL);
  d->width = w;
  d->height = h;
  d->has_phys = png_get_pHYs (png, info, &rx, &ry, &unit) != 0;
  d->ppm_x = rx;
  d->ppm_y = ry;
  d->phys_unit = unit;
  /* Pixels a byte a sample whatever the file holds; the header's
   * colour type and depth above are the file's. */
  png_set_expand_gray_1_2_4_to_8 (png);
  png_set_palette_to_rgb (png);
  png_read_update_info (png, info);
  d->channels = png_get_channels (png, info);
  d->pixels = g_malloc ((gsize) w * h * d->channels);
  for (png_uint_32 y = 0; y < h; y++)
    png_read_row (png, d->pixels + (gsize) y * w * d->channels, NULL);
  png_read_end (png, info);

  png_get_text (png, info, &text, &n_text);
  for (int i = 0; i < n_text; i++)
    {
      int kind = text[i].compression;
      gboolean utf8 = kind == PNG_ITXT_COMPRESSION_NONE || kind == PNG_ITXT_COMPRESSION_zTXt;

      g_ptr_array_add (d->keys, g_strdup (text[i].key));
      g_ptr_array_add (d->texts, utf8 ? g_strdup (text[i].text)
                                      : g_convert (text[i].text, -1, "UTF-8", "ISO-8859-1",
                                                   NULL, NULL, NULL));
      g_array_append_val (d->text_kinds, kind);
    }
}

/* Nothing changes here after setjmp. */
static gboolean
read_png_guarded (png_structp  png,
                  png_infop    info,
                  Decoded     *d)
{
  if (setjmp (png_jmpbuf (png)))
    return FALSE;
  read_png (png, info, d);
  return TRUE;
}

static gboolean
decode_into (FILE    *file,
             Decoded *d)
{
  png_structp png;
  png_infop info;
  gboolean ok;

  png = png_create_read_struct (PNG_LIBPNG_VER_STRING, NULL, read_error_cb, read_warning_cb);
  info = png_create_info_struct (png);
  png_init_io (png, file);
  ok = read_png_guarded (png, info, d);
  png_destroy_read_struct (&png, &info, NULL);
  return ok;
}

static Decoded *
decode (const char *path)
{
  g_autoptr(Decoded) d = g_new0 (Decoded, 1);
  FILE *file = g_fopen (path, "rb");
  gboolean ok;

  g_assert_nonnull (file);
  d->keys = g_ptr_array_new_with_free_func (g_free);
  d->texts = g_ptr_array_new_with_free_func (g_free);
  d->text_kinds = g_array_new (FALSE, FALSE, sizeof (int));
  ok = decode_into (file, d);
  fclose (file);
  g_assert_true (ok);
  return g_steal_pointer (&d);
}

static const char *
find_text (const Decoded *d,
           const char    *key,
           int           *kind)
{
  for (guint i = 0; i < d->keys->len; i++)
    if (g_str_equal (g_ptr_array_index (d->keys, i), key))
      {
        if (kind != NULL)
          *kind = g_array_index (d->text_kinds, int, i);
        return g_ptr_array_index (d->texts, i);
      }
  return NULL;
}

/* Grey level of a pixel (RGB averaged; for RGBA composited on white). */
static guint
grey_at (const Decoded *d,
         guint          x,
         guint          y)
{
  const guint8 *p = d->pixels + ((gsize) y * d->width + x) * d->channels;

  if (d->channels == 1)
    return p[0];
  if (d->channels == 4)
    return ((p[0] + p[1] + p[2]) * p[3] + 3 * 255 * (255 - p[3])) / (3 * 255);
  return (p[0] + p[1] + p[2]) / 3;
}

static void
export_png (const MazePuzzle         *puzzle,
            const MazeRenderOptions  *render,
            const MazePngOptions     *options,
            const char               *path)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (maze_png_export (puzzle, render, options, path, NULL, &error));
  g_assert_no_error (error);
}

/* ---- Tests ---- */

static void
test_size (void)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_RECT, 10, 8);
  g_autoptr(GError) error = NULL;
  MazeRenderOptions render;
  MazePngOptions options;
  guint w, h;
  double cell, dw, dh;

  maze_render_options_init (&render);
  maze_png_options_init (&options);
  g_assert_cmpfloat (options.dpi, ==, 300.0);

  /* Cell size mode: the drawing size in pixels. */
  maze_render_get_size (puzzle->grid, &render, &dw, &dh);
  g_assert_true (maze_png_get_size (puzzle->grid, &render, &options, &w, &h, &cell, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (w, ==, (guint) ceil (dw));
  g_assert_cmpuint (h, ==, (guint) ceil (dh));
  g_assert_cmpfloat (cell, ==, render.cell_size);

  /* 50 mm at 300 dpi: 590.55 px, rounded to 591; the height follows. */
  options.width = 50;
  options.unit = MAZE_UNIT_MM;
  g_assert_true (maze_png_get_size (puzzle->grid, &render, &options, &w, &h, &cell, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (w, ==, 591);
  g_assert_cmpfloat_with_epsilon (cell, render.cell_size * 591 / dw, 1e-9);
  g_assert_cmpuint (h, ==, (guint) ceil (dh * 591 / dw - 1e-6));

  /* 2 in at 150 dpi: 300 px. */
  options.width = 2;
  options.unit = MAZE_UNIT_IN;
  options.dpi = 150;
  g_assert_true (maze_png_get_size (puzzle->grid, &render, &options, &w, &h, NULL, &error));
  g_assert_cmpuint (w, ==, 300);

  /* Pixels as a width. */
  options.width = 777;
  options.unit = MAZE_UNIT_PX;
  g_assert_true (maze_png_get_size (puzzle->grid, &render, &options, &w, &h, NULL, &error));
  g_assert_cmpuint (w, ==, 777);
}

static void
test_size_limits (void)
{
  g_autoptr(MazeGrid) wide = NULL;
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_RECT, 10, 8);
  g_autoptr(GError) error = NULL;
  MazeRenderOptions render;
  MazePngOptions options;
  guint w = 0, h = 0;

  maze_render_options_init (&render);
  maze_png_options_init (&options);

  /* 10000 cells of 10 px: 100010 px wide, past the limit. */
  wide = maze_grid_new (MAZE_SHAPE_RECT, 10000, 2, &error);
  g_assert_no_error (error);
  g_assert_false (maze_png_get_size (wide, &render, &options, &w, &h, NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "100010"));
  g_assert_nonnull (strstr (error->message, "65535"));
  g_clear_error (&error);

  /* Exactly at the limit is fine: 6553 cells * 10 + 2 * 2.5 margin. */
  render.margin = 2.5;
  g_clear_pointer (&wide, maze_grid_free);
  wide = maze_grid_new (MAZE_SHAPE_RECT, 6553, 2, &error);
  g_assert_true (maze_png_get_size (wide, &render, &options, &w, &h, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (w, ==, 65535);
  maze_render_options_init (&render);

  /* A width that rounds to no pixel at all. */
  options.width = 0.01;
  g_assert_false (maze_png_get_size (puzzle->grid, &render, &options, &w, &h, NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_clear_error (&error);

  /* A physical width too large. */
  options.width = 10;
  options.unit = MAZE_UNIT_IN;
  options.dpi = 10000;
  g_assert_false (maze_png_get_size (puzzle->grid, &render, &options, &w, &h, NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "100000"));
  g_clear_error (&error);

  /* Nonsense resolution and cell size. */
  maze_png_options_init (&options);
  options.dpi = 0;
  g_assert_false (maze_png_get_size (puzzle->grid, &render, &options, &w, &h, NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  maze_png_options_init (&options);
  render.cell_size = 0;
  g_assert_false (maze_png_get_size (puzzle->grid, &render, &options, &w, &h, NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
}

static void
test_rgba (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_RECT, 12, 9);
  g_autofree char *path = g_build_filename (f->dir, "maze.png", NULL);
  g_autoptr(Decoded) d = NULL;
  MazeRenderOptions render;
  MazePngOptions options;
  const char *text;
  guint w, h;

  maze_render_options_init (&render);
  maze_render_options_set_endpoints (&render, puzzle);
  maze_png_options_init (&options);
  maze_puzzle_set_title (puzzle, "Forest path");
  export_png (puzzle, &render, &options, path);
  g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 1);

  g_assert_true (maze_png_get_size (puzzle->grid, &render, &options, &w, &h, NULL, NULL));
  d = decode (path);
  g_assert_cmpuint (d->width, ==, w);
  g_assert_cmpuint (d->height, ==, h);
  /* Opaque, of a few colours (16 at most here): a palette without
   * alpha. */
  g_assert_cmpint (d->color_type, ==, PNG_COLOR_TYPE_PALETTE);
  g_assert_cmpint (d->bit_depth, ==, 4);
  g_assert_cmpuint (d->channels, ==, 3);

  /* 300 dpi = 11811.02 pixels per metre. */
  g_assert_true (d->has_phys);
  g_assert_cmpuint (d->ppm_x, ==, 11811);
  g_assert_cmpuint (d->ppm_y, ==, 11811);
  g_assert_cmpint (d->phys_unit, ==, PNG_RESOLUTION_METER);

  g_assert_cmpstr (find_text (d, "Title", NULL), ==, "Forest path");
  g_assert_cmpstr (find_text (d, "Software", NULL), ==, "Mazewright " PACKAGE_VERSION);
  text = find_text (d, "Comment", NULL);
  g_assert_nonnull (text);
  g_assert_nonnull (strstr (text, "rect 12x9"));
  g_assert_nonnull (strstr (text, "algorithm backtracker"));
  g_assert_nonnull (strstr (text, "seed 42"));
  g_assert_cmpstr (find_text (d, "Seed", NULL), ==, "42");
  g_assert_cmpstr (find_text (d, "Algorithm", NULL), ==, "backtracker");
  {
    g_autofree char *id = maze_puzzle_get_id (puzzle);

    g_assert_cmpstr (find_text (d, "Puzzle ID", NULL), ==, id);
  }
}

/* The smallest pixel format that holds the picture: RGB when opaque in
 * colour, 8-bit grey when every colour is a grey, one bit in
 * monochrome, RGBA only when the background is not opaque, and of few
 * colours a palette (one bit for black and white alone: test_palette);
 * each decodes to the same picture, and the smaller formats make
 * smaller files. */
static void
test_color_types (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_RECT, 30, 20);
  g_autofree char *path = g_build_filename (f->dir, "maze.png", NULL);
  const struct
  {
    const char *what;
    gboolean    markers;
    gboolean    monochrome;
    double      alpha;
    int         color_type;
    int         bit_depth;
    gboolean    unmarked;       /* markers on, but no start or end to mark */
  } cases[] = {
    { "colour", TRUE, FALSE, 1.0, PNG_COLOR_TYPE_PALETTE, 8 },
    { "black on white", FALSE, FALSE, 1.0, PNG_COLOR_TYPE_GRAY, 1 },
    { "monochrome", TRUE, TRUE, 1.0, PNG_COLOR_TYPE_GRAY, 1 },
    { "transparent", TRUE, FALSE, 0.0, PNG_COLOR_TYPE_PALETTE, 8 },
  };
  gsize sizes[G_N_ELEMENTS (cases)];

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(Decoded) d = NULL;
      g_autofree char *contents = NULL;
      MazeRenderOptions render;
      guint32 centre;
      guint x, y;

      maze_render_options_init (&render);
      render.cell_size = 20.0;
      render.wall_width = 2.0;
      render.margin = 10.0;
      if (!cases[i].unmarked)
        maze_render_options_set_endpoints (&render, puzzle);
      render.show_markers = cases[i].markers;
      render.monochrome = cases[i].monochrome;
      render.background_color.alpha = cases[i].alpha;
      export_png (puzzle, &render, NULL, path);
      g_assert_true (g_file_get_contents (path, &contents, &sizes[i], NULL));
      d = decode (path);
      g_test_message ("%s: colour type %d, %d bits, %" G_GSIZE_FORMAT " bytes", cases[i].what,
                      d->color_type, d->bit_depth, sizes[i]);
      g_assert_cmpint (d->color_type, ==, cases[i].color_type);
      g_assert_cmpint (d->bit_depth, ==, cases[i].bit_depth);
      /* The same picture: a wall corner black, a cell's middle light. */
      g_assert_cmpuint (grey_at (d, 10, 10), ==, 0);
      centre = maze_grid_index (puzzle->grid, 3, 3);
      maze_grid_xy (puzzle->grid, centre, &x, &y);
      g_assert_cmpuint (grey_at (d, 10 + x * 20 + 10, 10 + y * 20 + 10), ==, 255);
    }
  /* One bit smaller than a palette of a byte a pixel. */
  g_assert_cmpuint (sizes[1], <, sizes[0]);
  g_assert_cmpuint (sizes[2], <, sizes[0]);
}

static void
test_metadata (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_HEX, 5, 4);
  g_autoptr(MazePuzzle) imported = NULL;
  g_autofree char *path = g_build_filename (f->dir, "maze.png", NULL);
  MazeRenderOptions render;
  MazePngOptions options;
  int kind = -1;

  maze_render_options_init (&render);
  maze_png_options_init (&options);

  /* No title: "Maze". */
  {
    g_autoptr(Decoded) d = NULL;

    export_png (puzzle, &render, &options, path);
    d = decode (path);
    g_assert_cmpstr (find_text (d, "Title", NULL), ==, "Maze");
  }

  /* Latin-1 fits tEXt; anything else goes to iTXt as UTF-8. */
  {
    g_autoptr(Decoded) d = NULL;

    maze_puzzle_set_title (puzzle, "Café");
    export_png (puzzle, &render, &options, path);
    d = decode (path);
    g_assert_cmpstr (find_text (d, "Title", &kind), ==, "Café");
    g_assert_cmpint (kind, ==, PNG_TEXT_COMPRESSION_NONE);
  }
  {
    g_autoptr(Decoded) d = NULL;

    maze_puzzle_set_title (puzzle, "迷路 — labyrinth");
    export_png (puzzle, &render, &options, path);
    d = decode (path);
    g_assert_cmpstr (find_text (d, "Title", &kind), ==, "迷路 — labyrinth");
    g_assert_cmpint (kind, ==, PNG_ITXT_COMPRESSION_NONE);
  }

  /* 72 dpi = 2834.6 pixels per metre. */
  {
    g_autoptr(Decoded) d = NULL;

    options.dpi = 72;
    export_png (puzzle, &render, &options, path);
    d = decode (path);
    g_assert_cmpuint (d->ppm_x, ==, 2835);
    options.dpi = 300;
  }

  /* A maze without parameters: shape and size only. */
  {
    g_autoptr(Decoded) d = NULL;
    const char *comment;

    imported = maze_puzzle_new_for_grid (maze_grid_copy (puzzle->grid), 0, 1);
    export_png (imported, &render, &options, path);
    d = decode (path);
    comment = find_text (d, "Comment", NULL);
    g_assert_cmpstr (comment, ==, "hex 5x4");
    g_assert_null (find_text (d, "Seed", NULL));
    g_assert_null (find_text (d, "Algorithm", NULL));
  }
}

static void
test_grey (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_RECT, 12, 9);
  g_autofree char *path = g_build_filename (f->dir, "maze.png", NULL);
  MazeRenderOptions render;
  MazePngOptions options;

  maze_render_options_init (&render);
  maze_render_options_set_endpoints (&render, puzzle);
  maze_png_options_init (&options);
  render.monochrome = TRUE;

  {
    g_autoptr(Decoded) d = NULL;

    export_png (puzzle, &render, &options, path);
    d = decode (path);
    g_assert_cmpint (d->color_type, ==, PNG_COLOR_TYPE_GRAY);
    g_assert_cmpint (d->bit_depth, ==, 1);
    g_assert_cmpuint (d->channels, ==, 1);
    /* Black on white, nothing else (no antialiasing). */
    for (gsize i = 0; i < (gsize) d->width * d->height; i++)
      g_assert_true (d->pixels[i] == 0 || d->pixels[i] == 255);
  }

  /* A transparent background needs alpha: black, the markers' white
   * and clear, a palette of 2 bits with tRNS. */
  {
    g_autoptr(Decoded) d = NULL;

    render.background_color.alpha = 0;
    export_png (puzzle, &render, &options, path);
    d = decode (path);
    g_assert_cmpint (d->color_type, ==, PNG_COLOR_TYPE_PALETTE);
    g_assert_cmpint (d->bit_depth, ==, 2);
    g_assert_cmpuint (d->channels, ==, 4);
    /* A corner of the margin is clear. */
    g_assert_cmpuint (d->pixels[3], ==, 0);
  }
}

/* Walls in their own colour at every cell size: only pure black and
 * pure white pixels when there are no markers (the only antialiased
 * shapes left), at whole cells in pixels and at a width that makes the
 * cells fractional; every cell's centre white, walls drawn. */
static void
assert_pure (const char *path,
             guint       cell)
{
  g_autoptr(Decoded) d = decode (path);
  gsize black = 0;

  for (gsize i = 0; i < (gsize) d->width * d->height * d->channels; i++)
    {
      guint8 v = d->pixels[i];

      if (v != 0 && v != 255)
        g_error ("cell size %u: byte %" G_GSIZE_FORMAT " (pixel %" G_GSIZE_FORMAT
                 ", %" G_GSIZE_FORMAT ") is %u, neither wall nor background",
                 cell, i, i / d->channels % d->width, i / d->channels / d->width, v);
      black += v == 0;
    }
  g_assert_cmpuint (black, >, d->width * 2);
}

static void
test_pure_walls (Fixture       *f,
                 gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_RECT, 12, 9);
  g_autofree char *path = g_build_filename (f->dir, "pure.png", NULL);
  MazeRenderOptions render;
  MazePngOptions options;

  for (guint cell = 2; cell <= 40; cell++)
    {
      maze_render_options_init (&render);
      render.cell_size = cell;
      render.wall_width = cell / 10.0;
      render.margin = cell / 2.0;
      maze_render_options_set_endpoints (&render, puzzle);
      render.show_markers = FALSE;
      maze_png_options_init (&options);
      export_png (puzzle, &render, &options, path);
      assert_pure (path, cell);

      /* Cells of a fraction of a pixel: the same. */
      options.width = 12 * cell + 7.0;
      options.unit = MAZE_UNIT_PX;
      export_png (puzzle, &render, &options, path);
      assert_pure (path, cell);
    }
}

/* Mud comes out in a PNG: brown dots in colour, black ones in
 * monochrome, in the muddy cells and nowhere else. */
static void
test_mud (Fixture       *f,
          gconstpointer  data)
{
  g_autoptr(MazePuzzle) muddy = maze_test_new_muddy_puzzle ();
  g_autoptr(MazePuzzle) dry = maze_puzzle_copy (muddy);
  g_autofree char *path = g_build_filename (f->dir, "mud.png", NULL);
  MazeRenderOptions render;
  MazePngOptions options;

  g_clear_pointer (&dry->grid->weights, g_free);
  maze_png_options_init (&options);
  for (guint mono = 0; mono < 2; mono++)
    {
      guint dark[2] = { 0, 0 };

      for (guint wet = 0; wet < 2; wet++)
        {
          g_autoptr(Decoded) d = NULL;

          maze_render_options_init (&render);
          render.cell_size = 30.0;
          render.wall_width = 3.0;
          render.margin = 15.0;
          render.monochrome = mono;
          render.show_markers = FALSE;
          export_png (wet ? muddy : dry, &render, &options, path);
          d = decode (path);
          /* Cell centres' surroundings only: the dots, never the walls. */
          for (guint32 cell = 0; cell < muddy->grid->n_cells; cell++)
            {
              guint x, y;

              maze_grid_xy (muddy->grid, cell, &x, &y);
              for (guint py = 15 + y * 30 + 5; py < 15 + y * 30 + 25; py++)
                for (guint px = 15 + x * 30 + 5; px < 15 + x * 30 + 25; px++)
                  dark[wet] += grey_at (d, px, py) < 160;
            }
        }
      g_test_message ("monochrome %u: %u dark pixels inside cells with mud, %u without",
                      mono, dark[1], dark[0]);
      g_assert_cmpuint (dark[0], ==, 0);
      g_assert_cmpuint (dark[1], >, 200);
    }
}

/* A maze of one cell starts and ends in it: the start's circle sits
 * inside the end's square, which still shows around it. */
static void
test_one_cell (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_RECT, 1, 1);
  g_autofree char *path = g_build_filename (f->dir, "one.png", NULL);
  g_autoptr(Decoded) d = NULL;
  MazeRenderOptions render;
  guint start_pixels = 0, end_pixels = 0;

  g_assert_cmpuint (puzzle->start, ==, puzzle->end);
  maze_render_options_init (&render);
  render.cell_size = 100.0;
  render.margin = 10.0;
  maze_render_options_set_endpoints (&render, puzzle);
  export_png (puzzle, &render, NULL, path);
  d = decode (path);
  for (gsize i = 0; i < (gsize) d->width * d->height; i++)
    {
      const guint8 *p = d->pixels + i * d->channels;

      start_pixels += p[0] == 0x00 && p[1] == 0x72 && p[2] == 0xB2;
      end_pixels += p[0] == 0xD5 && p[1] == 0x5E && p[2] == 0x00;
    }
  g_test_message ("start %u pixels, end %u pixels", start_pixels, end_pixels);
  g_assert_cmpuint (start_pixels, >, 400);
  g_assert_cmpuint (end_pixels, >, 400);
}

/* Every cell side: dark where the grid has a wall, light where it has a
 * passage; cell centres light. Walls 4 px wide on 20 px cells, so the
 * side's midpoint pixel lies inside the wall stroke. */
static void
check_walls (const char     *path,
             const MazeGrid *grid,
             const MazeRenderOptions *render)
{
  g_autoptr(Decoded) d = decode (path);
  MazeGeometry geometry;
  guint n_walls = 0, n_passages = 0;

  maze_render_get_geometry (grid, render, &geometry);
  for (guint y = 0; y < grid->height; y++)
    for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
      {
        double cx, cy;

        maze_geometry_cell_center (&geometry, x, y, &cx, &cy);
        g_assert_cmpuint (grey_at (d, (guint) cx, (guint) cy), >, 200);

        for (guint dir = 0; dir < grid->topology->n_dirs; dir++)
          {
            double mx, my;
            guint nx, ny, level;
            gboolean wall;

            if (!maze_grid_has_dir (grid, x, y, dir))
              continue;   /* a triangle's apex */
            maze_geometry_side_midpoint (&geometry, x, y, dir, &mx, &my);
            wall = !maze_grid_step (grid, x, y, dir, &nx, &ny) ||
                   !maze_grid_has_passage (grid, x, y, dir);
            level = grey_at (d, (guint) floor (mx), (guint) floor (my));
            if (wall)
              {
                if (level >= 100)
                  g_test_message ("cell %u,%u side %u: wall missing (%u)", x, y, dir, level);
                g_assert_cmpuint (level, <, 100);
                n_walls++;
              }
            else
              {
                if (level <= 200)
                  g_test_message ("cell %u,%u side %u: passage blocked (%u)", x, y, dir, level);
                g_assert_cmpuint (level, >, 200);
                n_passages++;
              }
          }
      }
  g_assert_cmpuint (n_walls, >, 0);
  g_assert_cmpuint (n_passages, >, 0);
}

static void
test_walls (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "maze.png", NULL);
  MazeRenderOptions render;
  MazePngOptions options;

  maze_render_options_init (&render);
  render.cell_size = 20;
  render.wall_width = 4;
  render.margin = 6;
  render.show_markers = FALSE;
  render.show_doors = FALSE;
  maze_png_options_init (&options);

  for (guint s = 0; s < MAZE_N_SHAPES; s++)
    {
      g_autoptr(MazePuzzle) puzzle = make_puzzle ((MazeShape) s, 9, 7);

      export_png (puzzle, &render, &options, path);
      check_walls (path, puzzle->grid, &render);

      /* Doors: the corner start's top side (hex: north-west; tri: the
       * first triangle points up, its left side; circular: into the
       * room) and the corner end's bottom side (hex: south-east;
       * circular: out of the outer ring) are open. */
      {
        g_autoptr(Decoded) d = NULL;
        MazeRenderOptions doors = render;
        MazeGeometry geometry;
        const MazeGrid *grid = puzzle->grid;
        gboolean hex = s == MAZE_SHAPE_HEX, tri = s == MAZE_SHAPE_TRI;
        gboolean rings = s == MAZE_SHAPE_CIRCULAR;
        guint start_dir = hex ? 4 : tri ? 3 : rings ? MAZE_POLAR_IN_A : 0;
        guint end_dir = hex ? 1 : rings ? MAZE_POLAR_OUT_A : 2;
        guint x, y;
        double mx, my;

        g_assert_cmpuint (puzzle->start, ==, 0);
        g_assert_cmpuint (puzzle->end, ==, grid->n_cells - 1);
        doors.show_doors = TRUE;
        maze_render_options_set_endpoints (&doors, puzzle);
        export_png (puzzle, &doors, &options, path);
        d = decode (path);
        maze_render_get_geometry (grid, &doors, &geometry);

        maze_geometry_side_midpoint (&geometry, 0, 0, start_dir, &mx, &my);
        g_assert_cmpuint (grey_at (d, (guint) mx, (guint) my), >, 200);
        maze_grid_xy (grid, puzzle->end, &x, &y);
        g_assert_true (!tri || (x + y) % 2 == 0);   /* pointing up: a bottom side */
        maze_geometry_side_midpoint (&geometry, x, y, end_dir, &mx, &my);
        g_assert_cmpuint (grey_at (d, (guint) mx, (guint) my), >, 200);
        /* Their neighbours along the border stay closed (triangles: the
         * next one down the left side, the next one up along the bottom). */
        maze_geometry_side_midpoint (&geometry, tri ? 0 : 1, tri ? 1 : 0, start_dir, &mx, &my);
        g_assert_cmpuint (grey_at (d, (guint) mx, (guint) my), <, 100);
        maze_geometry_side_midpoint (&geometry, x - (tri ? 2 : 1), y, end_dir, &mx, &my);
        g_assert_cmpuint (grey_at (d, (guint) mx, (guint) my), <, 100);
      }
    }
}

/* Wider than cairo's 32767-pixel surfaces: drawn in tiles side by side,
 * which must meet without a seam. */
static void
test_wide (Fixture       *f,
           gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_RECT, 1700, 2);
  g_autofree char *path = g_build_filename (f->dir, "wide.png", NULL);
  MazeRenderOptions render;
  MazePngOptions options;

  maze_render_options_init (&render);
  render.cell_size = 20;
  render.wall_width = 4;
  render.margin = 6;
  render.show_markers = FALSE;
  render.show_doors = FALSE;
  maze_png_options_init (&options);

  export_png (puzzle, &render, &options, path);
  check_walls (path, puzzle->grid, &render);
}

static void
test_physical (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_HEX, 10, 8);
  g_autofree char *path = g_build_filename (f->dir, "maze.png", NULL);
  g_autoptr(Decoded) d = NULL;
  MazeRenderOptions render;
  MazePngOptions options;
  double dw, dh;

  maze_render_options_init (&render);
  maze_png_options_init (&options);
  options.width = 80;
  options.unit = MAZE_UNIT_MM;
  options.dpi = 200;
  export_png (puzzle, &render, &options, path);

  /* 80 mm at 200 dpi: 629.92 px. */
  d = decode (path);
  maze_render_get_size (puzzle->grid, &render, &dw, &dh);
  g_assert_cmpuint (d->width, ==, 630);
  g_assert_cmpuint (d->height, ==, (guint) ceil (dh * 630 / dw - 1e-6));
  g_assert_cmpuint (d->ppm_x, ==, 7874);

  /* The whole drawing is scaled, walls and margins too: the walls land
   * where the scaled geometry puts them. */
  {
    MazeRenderOptions scaled;
    double k = 630 / dw;

    render.wall_width = 4 / k;
    render.show_markers = FALSE;
    render.show_doors = FALSE;
    export_png (puzzle, &render, &options, path);
    scaled = render;
    scaled.cell_size *= k;
    scaled.wall_width *= k;
    scaled.margin *= k;
    check_walls (path, puzzle->grid, &scaled);
  }
}

/* The export, drawn in strips, against one cairo render of the whole
 * image, converted here on its own: no channel of any pixel may differ by
 * more than tolerance levels. */
static void
assert_same_picture (const Decoded           *d,
                     const MazePuzzle        *puzzle,
                     const MazeRenderOptions *render,
                     guint                    tolerance)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  const guint8 *data;
  int stride;
  guint differ = 0;

  MazeRenderOptions drawing;
  MazePngOptions options;
  double offset_x, offset_y;

  maze_png_options_init (&options);
  g_assert_true (maze_png_get_drawing (puzzle->grid, render, &options, &drawing,
                                       &offset_x, &offset_y, NULL));
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) d->width, (int) d->height);
  cr = cairo_create (surface);
  /* An opaque background fills the image to its edges, past the
   * drawing's fractional size. */
  if (render->background_color.alpha >= 1.0)
    {
      cairo_set_source_rgb (cr, render->background_color.red, render->background_color.green,
                            render->background_color.blue);
      cairo_paint (cr);
    }
  cairo_translate (cr, offset_x, offset_y);
  maze_render (cr, puzzle->grid, &drawing);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);

  for (guint y = 0; y < d->height; y++)
    for (guint x = 0; x < d->width; x++)
      {
        guint32 p = ((const guint32 *) (gconstpointer) (data + (gsize) y * stride))[x];
        const guint8 *p3 = d->pixels + ((gsize) y * d->width + x) * d->channels;
        /* Grey (and grey and alpha) as the RGB it stands for. */
        const guint8 q[4] = { p3[0], p3[d->channels >= 3 ? 1 : 0], p3[d->channels >= 3 ? 2 : 0],
                              d->channels == 4 ? p3[3] : d->channels == 2 ? p3[1] : 255 };
        guint a = p >> 24;
        guint rgb[3] = { (p >> 16) & 0xff, (p >> 8) & 0xff, p & 0xff };

        for (guint c = 0; c < 3; c++)
          rgb[c] = a == 0 ? 0 : (rgb[c] * 255 + a / 2) / a;
        if ((guint) ABS ((int) q[3] - (int) a) > tolerance ||
            (guint) ABS ((int) q[0] - (int) rgb[0]) > tolerance ||
            (guint) ABS ((int) q[1] - (int) rgb[1]) > tolerance ||
            (guint) ABS ((int) q[2] - (int) rgb[2]) > tolerance)
          {
            if (differ++ < 5)
              g_test_message ("pixel %u,%u: %02x%02x%02x%02x, one-shot %02x%02x%02x%02x",
                              x, y, q[0], q[1], q[2], q[3], rgb[0], rgb[1], rgb[2], a);
          }
      }
  cairo_surface_destroy (surface);
  g_assert_cmpuint (differ, ==, 0);
}

static void
check_matches_one_shot (const char              *path,
                        const MazePuzzle        *puzzle,
                        const MazeRenderOptions *render,
                        guint                    tolerance)
{
  g_autoptr(Decoded) d = decode (path);

  /* RGB (or a palette of it) when opaque, with alpha when not. */
  g_assert_cmpuint (d->channels, >=, 3);
  g_assert_cmpuint (d->height, >, 256);   /* more than one strip */
  assert_same_picture (d, puzzle, render, tolerance);
}

/* Every colour type the writer chooses, decoded back by libpng to the
 * very pixels cairo draws for the picture: a palette for few colours
 * (with tRNS when not opaque), one bit for black and white alone, grey
 * for many greys, RGB and RGBA for many colours. */
static void
test_palette (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(MazePuzzle) rect = make_puzzle (MAZE_SHAPE_RECT, 30, 20);
  g_autoptr(MazePuzzle) hex = make_puzzle (MAZE_SHAPE_HEX, 30, 20);
  g_autoptr(MazeSolution) answer = NULL;
  g_autofree char *path = g_build_filename (f->dir, "maze.png", NULL);
  const MazeColor red = { 0.8, 0.1, 0.1, 1.0 }, sky = { 0.7, 0.85, 1.0, 1.0 };
  const struct
  {
    const char *what;
    gboolean    hex;
    gboolean    markers;
    gboolean    many_colours;   /* coloured walls on a coloured ground, the answer */
    gboolean    monochrome;
    double      alpha;
    int         color_type;
    int         bit_depth;
    gboolean    unmarked;       /* markers on, but no start or end to mark */
  } cases[] = {
    { "colour", FALSE, TRUE, FALSE, FALSE, 1.0, PNG_COLOR_TYPE_PALETTE, 8 },
    { "black on white", FALSE, FALSE, FALSE, FALSE, 1.0, PNG_COLOR_TYPE_GRAY, 1 },
    { "monochrome", FALSE, TRUE, FALSE, TRUE, 1.0, PNG_COLOR_TYPE_GRAY, 1 },
    { "transparent", FALSE, TRUE, FALSE, FALSE, 0.0, PNG_COLOR_TYPE_PALETTE, 8 },
    { "transparent, no markers", FALSE, FALSE, FALSE, FALSE, 0.0, PNG_COLOR_TYPE_PALETTE, 1 },
    { "grey hexagons", TRUE, FALSE, FALSE, FALSE, 1.0, PNG_COLOR_TYPE_GRAY, 8 },
    /* Nothing in the markers' colours (issue 14): grey, not a palette
     * of colours (past the census's size, RGB's three bytes a pixel). */
    { "grey hexagons, nothing to mark", TRUE, TRUE, FALSE, FALSE, 1.0, PNG_COLOR_TYPE_GRAY, 8,
      TRUE },
    { "colour hexagons", TRUE, TRUE, TRUE, FALSE, 1.0, PNG_COLOR_TYPE_RGB, 8 },
    { "translucent colour hexagons", TRUE, TRUE, TRUE, FALSE, 0.5, PNG_COLOR_TYPE_RGB_ALPHA, 8 },
  };

  answer = maze_solve (hex->grid, MAZE_SOLVER_BFS, hex->start, hex->end, NULL, NULL);
  g_assert_nonnull (answer);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const MazePuzzle *puzzle = cases[i].hex ? hex : rect;
      g_autoptr(Decoded) d = NULL;
      MazeRenderOptions render;

      maze_render_options_init (&render);
      render.cell_size = 12.0;
      render.wall_width = 1.5;
      render.margin = 6.0;
      if (!cases[i].unmarked)
        maze_render_options_set_endpoints (&render, puzzle);
      render.show_markers = cases[i].markers;
      render.monochrome = cases[i].monochrome;
      render.background_color.alpha = cases[i].alpha;
      if (cases[i].many_colours)
        {
          render.wall_color = red;
          render.background_color = sky;
          render.background_color.alpha = cases[i].alpha;
          render.solution = answer->path;
          render.solution_len = answer->path_len;
        }
      export_png (puzzle, &render, NULL, path);
      d = decode (path);
      g_test_message ("%s: colour type %d, %d bits", cases[i].what, d->color_type,
                      d->bit_depth);
      g_assert_cmpint (d->color_type, ==, cases[i].color_type);
      g_assert_cmpint (d->bit_depth, ==, cases[i].bit_depth);
      g_assert_cmpuint (d->height, <, 256);   /* one strip: drawn as the reference is */
      assert_same_picture (d, puzzle, &render, 0);
    }
}

static void
test_strips (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "tall.png", NULL);

  for (guint s = 0; s < MAZE_N_SHAPES; s++)
    {
      g_autoptr(MazePuzzle) puzzle = make_puzzle ((MazeShape) s, 25, 90);
      g_autoptr(MazeSolution) solution = NULL;
      guint tolerance = s == MAZE_SHAPE_RECT ? 0 : s == MAZE_SHAPE_CIRCULAR ? 20 : 8;
      g_autoptr(GError) error = NULL;
      MazeRenderOptions render;

      solution = maze_solve (puzzle->grid, MAZE_SOLVER_BFS, puzzle->start, puzzle->end, NULL, &error);
      g_assert_no_error (error);
      maze_render_options_init (&render);
      maze_render_options_set_endpoints (&render, puzzle);
      render.solution = solution->path;
      render.solution_len = solution->path_len;

      /* Square walls are cut into the same runs whatever the strip, so
       * the pixels are the very same. Hexagon chains start elsewhere in a
       * strip (see maze_geometry_foreach_wall_run), and cairo's round caps
       * and joins differ from each other by a few levels of antialiasing;
       * cairo's curves, cut at a strip's edge, by up to 14 on the row
       * where two strips meet (18 over a translucent background, once
       * unpremultiplied). */
      export_png (puzzle, &render, NULL, path);
      check_matches_one_shot (path, puzzle, &render, tolerance);

      /* A translucent background exercises the unpremultiplying. */
      render.background_color.alpha = 0.5;
      export_png (puzzle, &render, NULL, path);
      check_matches_one_shot (path, puzzle, &render, tolerance);

      /* Dashes have to run on across strips. */
      render.solution_style = MAZE_SOLUTION_DASHED;
      export_png (puzzle, &render, NULL, path);
      check_matches_one_shot (path, puzzle, &render, tolerance);
    }
}

/* Rings past a few megapixels are deflated their own way (level 1,
 * runs alone): with the markers' colours (a palette: walls come in 65
 * shades) and in grey, decoded back to the picture, as the other
 * shapes' strips are (test_strips()). */
static void
test_large_rings (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_CIRCULAR, 6, 130);
  g_autofree char *path = g_build_filename (f->dir, "rings.png", NULL);

  for (guint markers = 0; markers < 2; markers++)
    {
      g_autoptr(Decoded) d = NULL;
      MazeRenderOptions render;

      maze_render_options_init (&render);
      render.cell_size = 8.0;
      render.wall_width = 2.0;
      render.margin = 8.0;
      if (markers)
        maze_render_options_set_endpoints (&render, puzzle);
      export_png (puzzle, &render, NULL, path);
      d = decode (path);
      g_test_message ("%u×%u, colour type %d", d->width, d->height, d->color_type);
      g_assert_cmpuint ((guint64) d->width * d->height, >, 4u << 20);
      g_assert_cmpint (d->color_type, ==, markers ? PNG_COLOR_TYPE_PALETTE : PNG_COLOR_TYPE_GRAY);
      g_assert_cmpint (d->bit_depth, ==, 8);
      assert_same_picture (d, puzzle, &render, 0);
    }
}

/* A heat overlay of 300 shades over the last ten rows of cells, none
 * above: more colours than a palette holds, in the last strip alone. */
static guint32 *
new_shades_below (const MazeGrid    *grid,
                  MazeRenderOptions *render)
{
  guint32 *shades = g_new (guint32, grid->n_cells);

  for (guint32 i = 0; i < grid->n_cells; i++)
    shades[i] = i >= grid->n_cells - 10 * grid->width ? i % 300 : G_MAXUINT32;
  render->overlay_kind = MAZE_OVERLAY_HEAT;
  render->overlay_values = shades;
  render->overlay_max = 299;
  return shades;
}

/* The census deflates a palette's rows while the rest is drawn, once
 * it has more than 16 colours (a byte a pixel whatever comes); the
 * rows before are deflated then. Black and white until the last strip,
 * where the markers are: a byte-a-pixel palette all the same, every row
 * decoded back to the picture. Then hexagons, whose antialiased greys
 * start the palette's rows at once, and cells of 300 shades in the
 * last strip, past a palette after it was begun: drawn again as RGB. */
static void
test_palette_late (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_RECT, 30, 60);
  g_autoptr(MazePuzzle) hex = make_puzzle (MAZE_SHAPE_HEX, 30, 60);
  g_autofree char *path = g_build_filename (f->dir, "late.png", NULL);
  g_autofree guint32 *shades = NULL;
  const MazeGrid *grid = puzzle->grid;
  g_autoptr(Decoded) d = NULL;
  g_autoptr(Decoded) shaded = NULL;
  MazeRenderOptions render;

  maze_render_options_init (&render);
  render.cell_size = 12.0;
  render.wall_width = 2.0;
  render.margin = 6.0;
  render.start = maze_grid_index (grid, 0, grid->height - 1);
  render.end = maze_grid_index (grid, grid->width - 1, grid->height - 1);
  export_png (puzzle, &render, NULL, path);
  d = decode (path);
  g_assert_cmpuint (d->height, >, 2 * 256);   /* three strips or more */
  g_assert_cmpint (d->color_type, ==, PNG_COLOR_TYPE_PALETTE);
  g_assert_cmpint (d->bit_depth, ==, 8);
  assert_same_picture (d, puzzle, &render, 0);

  /* Hexagon chains start elsewhere in a strip: a few levels apart
   * (test_strips()). */
  maze_render_options_set_endpoints (&render, hex);
  shades = new_shades_below (hex->grid, &render);
  export_png (hex, &render, NULL, path);
  shaded = decode (path);
  g_assert_cmpuint (shaded->height, >, 2 * 256);
  g_assert_cmpint (shaded->color_type, ==, PNG_COLOR_TYPE_RGB);
  assert_same_picture (shaded, hex, &render, 8);
}

/* Printed as the shape (issue 15): a heart exported through an export
 * request, on every shape of grid, in colour and monochrome, has no
 * pixel but the paper's where the maze is not: no grey, no hatching, no
 * frame. A pixel counts as out of the maze when every point within a
 * wall's width and a pixel of it is in a masked cell or off the cells. */
static gboolean
pixel_out_of_maze (const MazeGrid     *grid,
                   const MazeGeometry *geometry,
                   double              px,
                   double              py,
                   double              reach)
{
  for (int i = -1; i <= 1; i++)
    for (int j = -1; j <= 1; j++)
      {
        guint x, y;

        if (maze_geometry_cell_at (geometry, px + i * reach, py + j * reach, &x, &y) &&
            maze_grid_is_open (grid, x, y))
          return FALSE;
      }
  return TRUE;
}

static void
test_shape (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "heart.png", NULL);

  /* Outlines are for the row shapes (not rings yet). */
  for (guint s = 0; s < MAZE_TEST_N_ROW_SHAPES; s++)
    for (guint mono = 0; mono < 2; mono++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(MazeGrid) grid = maze_grid_new ((MazeShape) s, 30, 26, &error);
        g_autoptr(MazePuzzle) puzzle = NULL;
        g_auto(MazeExportRequest) request = { 0 };
        g_autoptr(Decoded) d = NULL;
        MazeGenerateOptions gen;
        MazeRenderOptions render, drawing;
        MazePngOptions options;
        MazeGeometry geometry;
        double offset_x, offset_y;
        guint out = 0, walls = 0;

        g_assert_true (maze_outline_apply (grid, MAZE_OUTLINE_HEART, &error));
        maze_generate_options_init (&gen);
        puzzle = maze_puzzle_generate_on (g_steal_pointer (&grid), &gen, 0,
                                          MAZE_ENDPOINTS_CORNERS, &error);
        g_assert_no_error (error);

        maze_export_request_init (&request);
        request.format = MAZE_EXPORT_PNG;
        request.monochrome = mono;
        maze_export_request_to_render (&request, puzzle, NULL, &render);
        maze_export_request_to_png (&request, &options);
        export_png (puzzle, &render, &options, path);

        g_assert_true (maze_png_get_drawing (puzzle->grid, &render, &options, &drawing,
                                             &offset_x, &offset_y, NULL));
        maze_render_get_geometry (puzzle->grid, &drawing, &geometry);
        d = decode (path);
        for (guint y = 0; y < d->height; y++)
          for (guint x = 0; x < d->width; x++)
            {
              guint grey = grey_at (d, x, y);

              if (pixel_out_of_maze (puzzle->grid, &geometry, x + 0.5 - offset_x,
                                     y + 0.5 - offset_y, drawing.wall_width / 2 + 1.5))
                {
                  out++;
                  if (grey != 255)
                    g_error ("%s%s: pixel %u,%u out of the maze is %u, not the paper",
                             maze_shape_to_string ((MazeShape) s), mono ? " monochrome" : "",
                             x, y, grey);
                }
              else
                walls += grey < 128;
            }
        /* The test sees the masked area, and the outline is drawn. */
        g_assert_cmpuint (out, >, d->width * d->height / 10);
        g_assert_cmpuint (walls, >, d->width + d->height);
      }
}

static void
test_pngcheck (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *pngcheck = g_find_program_in_path ("pngcheck");
  g_autofree char *path = g_build_filename (f->dir, "maze.png", NULL);

  if (pngcheck == NULL)
    {
      g_test_skip ("pngcheck is not installed");
      return;
    }

  for (guint s = 0; s < MAZE_N_SHAPES; s++)
    for (guint mono = 0; mono < 2; mono++)
      {
        g_autoptr(MazePuzzle) puzzle = make_puzzle ((MazeShape) s, 30, 20);
        g_autoptr(GError) error = NULL;
        g_autofree char *out = NULL;
        g_autofree char *err = NULL;
        const char *argv[] = { pngcheck, "-v", path, NULL };
        MazeRenderOptions render;
        int status;

        maze_render_options_init (&render);
        maze_render_options_set_endpoints (&render, puzzle);
        render.monochrome = mono;
        maze_puzzle_set_title (puzzle, mono ? "Ünïcode title ✓" : "Plain");
        export_png (puzzle, &render, NULL, path);

        g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                      &out, &err, &status, &error);
        g_assert_no_error (error);
        g_test_message ("%s", out);
        g_assert_true (g_spawn_check_wait_status (status, NULL));
        g_assert_nonnull (strstr (out, "No errors detected"));
      }
}

typedef struct
{
  GArray       *fractions;
  GCancellable *cancel_after_first;
} ProgressLog;

static void
progress_cb (double   fraction,
             gpointer user_data)
{
  ProgressLog *log = user_data;

  g_array_append_val (log->fractions, fraction);
  if (log->cancel_after_first != NULL && fraction > 0)
    g_cancellable_cancel (log->cancel_after_first);
}

static void
test_progress (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_RECT, 30, 100);
  g_autofree char *path = g_build_filename (f->dir, "maze.png", NULL);
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GError) error = NULL;
  ProgressLog log = { fractions, NULL };
  MazeExportJob job = { progress_cb, &log, NULL };
  MazeRenderOptions render;

  maze_render_options_init (&render);
  g_assert_true (maze_png_export (puzzle, &render, NULL, path, &job, &error));
  g_assert_no_error (error);

  /* 1010 rows: several strips, rising, ending at 1. */
  g_assert_cmpuint (fractions->len, >=, 4);
  for (guint i = 1; i < fractions->len; i++)
    g_assert_cmpfloat (g_array_index (fractions, double, i), >, g_array_index (fractions, double, i - 1));
  g_assert_cmpfloat (g_array_index (fractions, double, fractions->len - 1), ==, 1.0);
}

/* A census that gives up in the last strip leaves the rest of the bar
 * to the drawing again, which moves it on strip by strip: no stall
 * near the end. */
static void
test_progress_redrawn (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(MazePuzzle) hex = make_puzzle (MAZE_SHAPE_HEX, 30, 60);
  g_autofree char *path = g_build_filename (f->dir, "maze.png", NULL);
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree guint32 *shades = NULL;
  g_autoptr(Decoded) d = NULL;
  g_autoptr(GError) error = NULL;
  ProgressLog log = { fractions, NULL };
  MazeExportJob job = { progress_cb, &log, NULL };
  MazeRenderOptions render;
  guint n_strips;

  maze_render_options_init (&render);
  render.cell_size = 12.0;
  maze_render_options_set_endpoints (&render, hex);
  shades = new_shades_below (hex->grid, &render);
  g_assert_true (maze_png_export (hex, &render, NULL, path, &job, &error));
  g_assert_no_error (error);
  d = decode (path);
  g_assert_cmpint (d->color_type, ==, PNG_COLOR_TYPE_RGB);

  /* The census's strips but the last, then every strip again. */
  n_strips = (d->height + 255) / 256;
  g_assert_cmpuint (n_strips, >=, 3);
  g_assert_cmpuint (fractions->len, >=, 2 * n_strips - 1);
  for (guint i = 1; i < fractions->len; i++)
    g_assert_cmpfloat (g_array_index (fractions, double, i), >, g_array_index (fractions, double, i - 1));
  g_assert_cmpfloat (g_array_index (fractions, double, fractions->len - 1), ==, 1.0);
}

static void
test_cancel (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_RECT, 30, 100);
  g_autofree char *path = g_build_filename (f->dir, "maze.png", NULL);
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  ProgressLog log = { fractions, cancellable };
  MazeExportJob job = { progress_cb, &log, cancellable };
  MazeRenderOptions render;

  maze_render_options_init (&render);

  /* Cancelled after the first strip: no file at all. */
  g_assert_false (maze_png_export (puzzle, &render, NULL, path, &job, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_cmpuint (fractions->len, ==, 1);
  g_assert_cmpfloat (g_array_index (fractions, double, 0), <, 1.0);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 0);

  /* An existing file is left as it was. */
  g_file_set_contents (path, "old", -1, &error);
  g_assert_no_error (error);
  g_cancellable_reset (cancellable);
  g_array_set_size (fractions, 0);
  g_assert_false (maze_png_export (puzzle, &render, NULL, path, &job, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (contents, ==, "old");
  g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 1);

  /* Cancelled before it starts. */
  g_array_set_size (fractions, 0);
  g_assert_false (maze_png_export (puzzle, &render, NULL, path, &job, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (fractions->len, ==, 0);
  g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 1);
}

static void
test_write_error (void)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_RECT, 1000, 400);
  g_autoptr(GError) error = NULL;
  MazeRenderOptions render;

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }

  /* About 1.3 MB, more than the atomic file's buffer, so a write from
   * libpng fails and its error is turned into a GError. */
  maze_render_options_init (&render);
  render.cell_size = 4;
  render.wall_width = 0.4;
  render.margin = 2;
  g_assert_false (maze_png_export (puzzle, &render, NULL, "/dev/full", NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_test_message ("%s", error->message);
  g_clear_error (&error);

  g_assert_false (maze_png_export (puzzle, &render, NULL, "/nonexistent-dir/maze.png", NULL, &error));
  g_assert_nonnull (error);
}

#define add_fixture_test(path, func) \
  g_test_add ("/maze/png/" path, Fixture, NULL, \
              maze_test_fixture_set_up, func, maze_test_fixture_tear_down)

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/maze/png/size", test_size);
  g_test_add_func ("/maze/png/size-limits", test_size_limits);
  add_fixture_test ("rgba", test_rgba);
  add_fixture_test ("shape", test_shape);
  add_fixture_test ("metadata", test_metadata);
  add_fixture_test ("grey", test_grey);
  add_fixture_test ("walls", test_walls);
  add_fixture_test ("pure-walls", test_pure_walls);
  add_fixture_test ("mud", test_mud);
  add_fixture_test ("color-types", test_color_types);
  add_fixture_test ("palette", test_palette);
  add_fixture_test ("one-cell", test_one_cell);
  add_fixture_test ("wide", test_wide);
  add_fixture_test ("physical", test_physical);
  add_fixture_test ("strips", test_strips);
  add_fixture_test ("large-rings", test_large_rings);
  add_fixture_test ("palette-late", test_palette_late);
  add_fixture_test ("progress-redrawn", test_progress_redrawn);
  add_fixture_test ("pngcheck", test_pngcheck);
  add_fixture_test ("progress", test_progress);
  add_fixture_test ("cancel", test_cancel);
  g_test_add_func ("/maze/png/write-error", test_write_error);

  return g_test_run ();
}
