/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "maze-core.h"
#include "maze-export-preview.h"
#include "maze-export-settings.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

/* The Export dialog's model, without a display: the export request as
 * the dialog uses it (defaults, checks, the writers' options, writing),
 * its GSettings and the preview. The request's limits at their edges
 * are test-export-request's. */

typedef struct
{
  MazePuzzle *puzzle;
  char       *dir;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  MazeGenerateOptions options;
  g_autoptr(GError) error = NULL;

  maze_generate_options_init (&options);
  options.seed = 11;
  fixture->puzzle = maze_puzzle_generate (MAZE_SHAPE_RECT, 20, 15, &options, 0,
                                          MAZE_ENDPOINTS_CORNERS, &error);
  g_assert_no_error (error);
  fixture->dir = g_dir_make_tmp ("test-export-options-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GDir) dir = g_dir_open (fixture->dir, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (fixture->dir);
  g_free (fixture->dir);
  maze_puzzle_free (fixture->puzzle);
}

static char *
fixture_path (Fixture    *fixture,
              const char *name)
{
  return g_build_filename (fixture->dir, name, NULL);
}

static guint
count_files (Fixture *fixture)
{
  g_autoptr(GDir) dir = g_dir_open (fixture->dir, 0, NULL);
  guint n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* ---- defaults and checks ---- */

static void
test_defaults (Fixture       *fixture,
               gconstpointer  data)
{
  g_auto(MazeExportRequest) options;
  g_autoptr(GError) error = NULL;

  maze_export_request_init (&options);
  g_assert_cmpint (options.format, ==, MAZE_EXPORT_PNG);
  g_assert_cmpint (options.unit, ==, MAZE_UNIT_PX);
  g_assert_cmpfloat (options.cell_px, ==, 20.0);
  g_assert_cmpfloat (options.dpi, ==, 300.0);
  /* Prints well: black walls on white. */
  g_assert_cmpfloat (options.wall_color.red + options.wall_color.green + options.wall_color.blue, ==, 0.0);
  g_assert_cmpfloat (options.wall_color.alpha, ==, 1.0);
  g_assert_cmpfloat (options.background_color.red, ==, 1.0);
  g_assert_cmpfloat (options.background_color.alpha, ==, 1.0);
  g_assert_false (options.solution);
  g_assert_true (options.show_title);
  g_assert_true (options.name_date_line);
  g_assert_null (options.title);

  g_assert_true (maze_export_request_validate (&options, &error));
  g_assert_no_error (error);
  for (guint f = 0; f < MAZE_EXPORT_N_FORMATS; f++)
    {
      options.format = f;
      g_assert_true (maze_export_request_check (&options, fixture->puzzle, &error));
      g_assert_no_error (error);
    }
}

typedef void (*Breaker) (MazeExportRequest *options);

static void break_dpi_zero (MazeExportRequest *o) { o->dpi = 0.0; }
static void break_dpi_nan (MazeExportRequest *o) { o->dpi = NAN; }
static void break_cell_px (MazeExportRequest *o) { o->cell_px = 0.0; }
static void break_cell_px_big (MazeExportRequest *o) { o->cell_px = 5000.0; }
static void break_cell_mm (MazeExportRequest *o) { o->unit = MAZE_UNIT_MM; o->cell_mm = 0.1; }
static void break_cell_in (MazeExportRequest *o) { o->unit = MAZE_UNIT_IN; o->cell_mm = 1000.0; }
static void break_wall (MazeExportRequest *o) { o->wall_percent = 0.0; }
static void break_wall_big (MazeExportRequest *o) { o->wall_percent = 75.0; }
static void break_color (MazeExportRequest *o) { o->background_color.green = 1.5; }
static void break_format (MazeExportRequest *o) { o->format = 42; }
static void break_unit (MazeExportRequest *o) { o->unit = 7; }
static void break_title_utf8 (MazeExportRequest *o) { maze_export_request_set_title (o, "Ma\xffze"); }

static void
break_title_long (MazeExportRequest *o)
{
  g_autofree char *title = g_strnfill ((guint) maze_export_limit_get (MAZE_EXPORT_LIMIT_TITLE_CHARS)->max + 1, 'x');

  maze_export_request_set_title (o, title);
}

static void
test_validate (void)
{
  static const struct
  {
    Breaker     breaker;
    int         code;
    const char *needle;   /* the bad value and the limit, as the user sees them */
  } cases[] = {
    { break_dpi_zero, MAZE_ERROR_INVALID_ARGUMENT, "resolution of 0 dpi is out of range: use 10 to 10000 dpi" },
    { break_dpi_nan, MAZE_ERROR_INVALID_ARGUMENT, "dpi is out of range" },
    { break_cell_px, MAZE_ERROR_INVALID_SIZE, "cell size of 0 pixels is out of range: use 1 to 1000 pixels" },
    { break_cell_px_big, MAZE_ERROR_INVALID_SIZE, "5000 pixels" },
    { break_cell_mm, MAZE_ERROR_INVALID_SIZE, "cell size of 0.1 mm is out of range: use 0.5 to 500 mm" },
    { break_cell_in, MAZE_ERROR_INVALID_SIZE, "cell size of 39.4 in is out of range: use 0.0197 to 19.7 in" },
    { break_wall, MAZE_ERROR_INVALID_ARGUMENT, "wall thickness of 0 % of a cell is out of range: use 1 to 50 %" },
    { break_wall_big, MAZE_ERROR_INVALID_ARGUMENT, "75 %" },
    { break_color, MAZE_ERROR_INVALID_ARGUMENT, "background colour" },
    { break_format, MAZE_ERROR_INVALID_ARGUMENT, "format 42" },
    { break_unit, MAZE_ERROR_INVALID_ARGUMENT, "unit 7" },
    { break_title_utf8, MAZE_ERROR_INVALID_ARGUMENT, "UTF-8" },
    { break_title_long, MAZE_ERROR_INVALID_ARGUMENT, "201 characters is too long: the limit is 200" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(MazeExportRequest) options;
      g_autoptr(GError) error = NULL;

      maze_export_request_init (&options);
      cases[i].breaker (&options);
      g_assert_false (maze_export_request_validate (&options, &error));
      g_assert_error (error, MAZE_ERROR, cases[i].code);
      if (strstr (error->message, cases[i].needle) == NULL)
        g_error ("case %u: “%s” does not say “%s”", i, error->message, cases[i].needle);
    }
}

/* A size that every value allows but the PNG limits do not: refused
 * before anything is drawn, naming the size and the limit. */
static void
test_check_png_too_big (Fixture       *fixture,
                        gconstpointer  data)
{
  g_auto(MazeExportRequest) options;
  g_autoptr(GError) error = NULL;

  maze_export_request_init (&options);
  options.unit = MAZE_UNIT_MM;
  options.cell_mm = 200.0;
  options.dpi = 1200.0;
  g_assert_true (maze_export_request_validate (&options, NULL));
  g_assert_false (maze_export_request_check (&options, fixture->puzzle, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "the limit is 65535 pixels a side. Choose a smaller cell size or resolution."));
  g_assert_null (maze_export_request_describe (&options, fixture->puzzle));

  /* The same as an SVG is fine: it has no pixels. */
  g_clear_error (&error);
  options.format = MAZE_EXPORT_SVG;
  g_assert_true (maze_export_request_check (&options, fixture->puzzle, &error));
  g_assert_no_error (error);
}

/* ---- settings ---- */

static GSettings *
new_memory_settings (void)
{
  g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();

  return g_settings_new_with_backend (APP_ID, backend);
}

static void
assert_same_color (const MazeColor *a,
                   const MazeColor *b)
{
  /* Settings keep 8 bits a channel. */
  g_assert_cmpfloat_with_epsilon (a->red, b->red, 0.5 / 255);
  g_assert_cmpfloat_with_epsilon (a->green, b->green, 0.5 / 255);
  g_assert_cmpfloat_with_epsilon (a->blue, b->blue, 0.5 / 255);
  g_assert_cmpfloat_with_epsilon (a->alpha, b->alpha, 0.5 / 255);
}

static void
assert_same_options (const MazeExportRequest *a,
                     const MazeExportRequest *b)
{
  g_assert_cmpint (a->format, ==, b->format);
  g_assert_cmpint (a->unit, ==, b->unit);
  g_assert_cmpfloat (a->cell_px, ==, b->cell_px);
  g_assert_cmpfloat (a->cell_mm, ==, b->cell_mm);
  g_assert_cmpfloat (a->dpi, ==, b->dpi);
  g_assert_cmpfloat (a->wall_percent, ==, b->wall_percent);
  assert_same_color (&a->wall_color, &b->wall_color);
  assert_same_color (&a->background_color, &b->background_color);
  assert_same_color (&a->solution_color, &b->solution_color);
  g_assert_cmpint (a->solution, ==, b->solution);
  g_assert_cmpint (a->answer_key, ==, b->answer_key);
  g_assert_cmpint (a->show_title, ==, b->show_title);
  g_assert_cmpstr (a->title, ==, b->title);
  g_assert_cmpint (a->name_date_line, ==, b->name_date_line);
  g_assert_cmpint (a->paper, ==, b->paper);
  g_assert_cmpint (a->landscape, ==, b->landscape);
  g_assert_cmpint (a->text_style, ==, b->text_style);
}

static void
test_settings_defaults (void)
{
  g_autoptr(GSettings) settings = new_memory_settings ();
  g_auto(MazeExportRequest) defaults;
  g_auto(MazeExportRequest) loaded;

  /* The schema's defaults are the model's. */
  maze_export_request_init (&defaults);
  maze_export_request_init (&loaded);
  loaded.dpi = 1.0;
  loaded.format = MAZE_EXPORT_TEXT;
  maze_export_settings_load (&loaded, settings);
  assert_same_options (&loaded, &defaults);
}

static void
test_settings_round_trip (void)
{
  g_autoptr(GSettings) settings = new_memory_settings ();
  g_autoptr(GError) error = NULL;
  g_auto(MazeExportRequest) options;
  g_auto(MazeExportRequest) loaded;
  g_auto(MazeExportRequest) bad;
  g_autofree char *stored = NULL;

  maze_export_request_init (&options);
  options.format = MAZE_EXPORT_PDF;
  options.unit = MAZE_UNIT_IN;
  options.cell_px = 37.0;
  options.cell_mm = 12.7;
  options.dpi = 600.0;
  options.wall_percent = 22.5;
  options.wall_color = (MazeColor) { 0x12 / 255.0, 0x34 / 255.0, 0x56 / 255.0, 1.0 };
  options.background_color = (MazeColor) { 1.0, 1.0, 1.0, 0.0 };
  options.solution_color = (MazeColor) { 0xd5 / 255.0, 0x5e / 255.0, 0.0, 0x80 / 255.0 };
  options.solution = TRUE;
  options.answer_key = TRUE;
  options.show_title = FALSE;
  maze_export_request_set_title (&options, "Week 3 — the labyrinth");
  options.name_date_line = FALSE;
  options.paper = MAZE_PAPER_LETTER;
  options.landscape = TRUE;
  options.text_style = MAZE_TEXT_UNICODE;

  g_assert_true (maze_export_settings_save (&options, settings, &error));
  g_assert_no_error (error);
  stored = g_settings_get_string (settings, "export-wall-color");
  g_assert_cmpstr (stored, ==, "#123456");
  g_clear_pointer (&stored, g_free);
  stored = g_settings_get_string (settings, "export-background-color");
  g_assert_cmpstr (stored, ==, "#ffffff00");

  maze_export_request_init (&loaded);
  maze_export_settings_load (&loaded, settings);
  assert_same_options (&loaded, &options);

  /* Options that do not validate are not saved, not even in part. */
  maze_export_request_copy (&bad, &options);
  bad.format = MAZE_EXPORT_PNG;
  bad.dpi = 0.0;
  g_assert_false (maze_export_settings_save (&bad, settings, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_clear_pointer (&loaded.title, g_free);
  maze_export_request_init (&loaded);
  maze_export_settings_load (&loaded, settings);
  assert_same_options (&loaded, &options);

  /* A colour edited by hand into nonsense keeps the default. */
  g_settings_set_string (settings, "export-wall-color", "black");
  maze_export_request_clear (&loaded);
  maze_export_request_init (&loaded);
  maze_export_settings_load (&loaded, settings);
  g_assert_cmpfloat (loaded.wall_color.red, ==, 0.0);
  g_assert_cmpfloat (loaded.wall_color.alpha, ==, 1.0);
}

static void
test_colors (void)
{
  MazeColor color;
  g_autofree char *text = NULL;

  g_assert_true (maze_export_color_parse ("#FF8000", &color));
  g_assert_cmpfloat (color.red, ==, 1.0);
  g_assert_cmpfloat_with_epsilon (color.green, 128 / 255.0, 1e-9);
  g_assert_cmpfloat (color.blue, ==, 0.0);
  g_assert_cmpfloat (color.alpha, ==, 1.0);
  text = maze_export_color_to_string (&color);
  g_assert_cmpstr (text, ==, "#ff8000");
  g_clear_pointer (&text, g_free);

  g_assert_true (maze_export_color_parse ("#00000040", &color));
  g_assert_cmpfloat_with_epsilon (color.alpha, 64 / 255.0, 1e-9);
  text = maze_export_color_to_string (&color);
  g_assert_cmpstr (text, ==, "#00000040");

  g_assert_false (maze_export_color_parse ("", &color));
  g_assert_false (maze_export_color_parse ("#12345", &color));
  g_assert_false (maze_export_color_parse ("#12345g", &color));
  g_assert_false (maze_export_color_parse ("123456", &color));
  g_assert_false (maze_export_color_parse (NULL, &color));
}

/* ---- the exporters' options ---- */

static void
test_png_physical_size (Fixture       *fixture,
                        gconstpointer  data)
{
  g_auto(MazeExportRequest) options;
  MazeRenderOptions render;
  MazePngOptions png;
  guint width_px, height_px;
  double cell = 10.0 / 25.4 * 300.0;   /* 118.11 pixels */

  maze_export_request_init (&options);
  options.unit = MAZE_UNIT_MM;
  options.cell_mm = 10.0;
  options.dpi = 300.0;
  options.wall_percent = 10.0;

  g_assert_cmpfloat_with_epsilon (maze_export_request_get_cell_size (&options), cell, 1e-9);
  maze_export_request_to_render (&options, fixture->puzzle, NULL, &render);
  maze_export_request_to_png (&options, &png);
  g_assert_cmpfloat_with_epsilon (render.cell_size, cell, 1e-9);
  g_assert_cmpfloat_with_epsilon (render.wall_width, cell / 10.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (render.margin, cell / 2.0, 1e-9);
  g_assert_cmpuint (render.start, ==, fixture->puzzle->start);
  g_assert_cmpuint (render.end, ==, fixture->puzzle->end);
  g_assert_cmpfloat (png.dpi, ==, 300.0);

  /* 20 × 15 cells and half a cell of margin each side: 21 × 16 cells of
   * 10 mm, 210 × 160 mm, at 300 dpi 2480.3 × 1889.8 pixels, rounded up. */
  g_assert_true (maze_png_get_size (fixture->puzzle->grid, &render, &png, &width_px, &height_px,
                                    NULL, NULL));
  g_assert_cmpuint (width_px, ==, 2481);
  g_assert_cmpuint (height_px, ==, 1890);

  /* Inches are kept in mm: half an inch at 200 dpi is 100 pixels. */
  options.unit = MAZE_UNIT_IN;
  options.cell_mm = 12.7;
  options.dpi = 200.0;
  g_assert_cmpfloat_with_epsilon (maze_export_request_get_cell_size (&options), 100.0, 1e-9);

  /* Pixels do not depend on dpi. */
  options.unit = MAZE_UNIT_PX;
  options.cell_px = 25.0;
  g_assert_cmpfloat (maze_export_request_get_cell_size (&options), ==, 25.0);
}

static void
test_svg_physical_size (Fixture       *fixture,
                        gconstpointer  data)
{
  g_auto(MazeExportRequest) options;
  MazeSvgOptions svg;

  maze_export_request_init (&options);
  options.format = MAZE_EXPORT_SVG;
  maze_export_request_to_svg (&options, fixture->puzzle, &svg);
  g_assert_cmpfloat (svg.width, ==, 0.0);

  /* 21 cells of 10 mm across, margins included; dpi plays no part. */
  options.unit = MAZE_UNIT_MM;
  options.cell_mm = 10.0;
  options.dpi = 17.0;
  maze_export_request_to_svg (&options, fixture->puzzle, &svg);
  g_assert_cmpint (svg.unit, ==, MAZE_UNIT_MM);
  g_assert_cmpfloat_with_epsilon (svg.width, 210.0, 1e-9);

  options.unit = MAZE_UNIT_IN;
  options.cell_mm = 12.7;
  maze_export_request_to_svg (&options, fixture->puzzle, &svg);
  g_assert_cmpint (svg.unit, ==, MAZE_UNIT_IN);
  g_assert_cmpfloat_with_epsilon (svg.width, 10.5, 1e-9);
}

static void
test_pdf_options (Fixture       *fixture,
                  gconstpointer  data)
{
  g_auto(MazeExportRequest) options;
  MazePdfOptions pdf;

  maze_export_request_init (&options);
  options.format = MAZE_EXPORT_PDF;
  maze_export_request_to_pdf (&options, fixture->puzzle, &pdf);
  g_assert_null (pdf.sheet.title);          /* the maze's own, or "Maze" */
  g_assert_true (pdf.sheet.name_date_line);
  g_assert_false (pdf.answer_key);
  g_assert_cmpint (pdf.sheet.paper, ==, MAZE_PAPER_A4);
  g_assert_cmpuint (pdf.sheet.per_page, ==, 1);
  /* White is the page: not painted. */
  g_assert_cmpfloat (pdf.sheet.render.background_color.alpha, ==, 0.0);
  /* A 20-cell-wide maze across 180 mm of A4: cells near 25 pt, walls a
   * tenth of that. */
  g_assert_cmpfloat (pdf.sheet.render.wall_width, >, 2.0);
  g_assert_cmpfloat (pdf.sheet.render.wall_width, <, 2.7);

  maze_export_request_set_title (&options, "Week 3");
  options.name_date_line = FALSE;
  options.answer_key = TRUE;
  options.paper = MAZE_PAPER_LETTER;
  options.landscape = TRUE;
  options.background_color = (MazeColor) { 1.0, 1.0, 0.8, 1.0 };
  maze_export_request_to_pdf (&options, fixture->puzzle, &pdf);
  g_assert_cmpstr (pdf.sheet.title, ==, "Week 3");
  g_assert_false (pdf.sheet.name_date_line);
  g_assert_true (pdf.answer_key);
  g_assert_cmpint (pdf.sheet.paper, ==, MAZE_PAPER_LETTER);
  g_assert_true (pdf.sheet.landscape);
  g_assert_cmpfloat (pdf.sheet.render.background_color.blue, ==, 0.8);

  options.show_title = FALSE;
  maze_export_request_to_pdf (&options, fixture->puzzle, &pdf);
  g_assert_cmpstr (pdf.sheet.title, ==, "");
}

/* ---- writing ---- */

static guint
png_read_u32 (const guchar *p)
{
  return ((guint) p[0] << 24) | ((guint) p[1] << 16) | ((guint) p[2] << 8) | p[3];
}

/* The pixels per metre of a PNG's pHYs chunk (0 without one). */
static guint
png_pixels_per_metre (const char *path,
                      guint      *width,
                      guint      *height)
{
  static const guchar signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  g_autofree char *contents = NULL;
  gsize length = 0;
  const guchar *p;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 33);
  g_assert_cmpmem (contents, 8, signature, 8);
  p = (const guchar *) contents + 8;
  *width = png_read_u32 (p + 8);
  *height = png_read_u32 (p + 12);
  while (p + 12 <= (const guchar *) contents + length)
    {
      guint size = png_read_u32 (p);

      if (memcmp (p + 4, "pHYs", 4) == 0)
        {
          g_assert_cmpuint (size, ==, 9);
          g_assert_cmpuint (png_read_u32 (p + 8), ==, png_read_u32 (p + 12));
          g_assert_cmpuint (p[16], ==, 1);   /* metres */
          return png_read_u32 (p + 8);
        }
      p += 12 + size;
    }
  return 0;
}

static void
test_write_png (Fixture       *fixture,
                gconstpointer  data)
{
  g_auto(MazeExportRequest) options;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = fixture_path (fixture, "maze.png");
  guint width, height;

  maze_export_request_init (&options);
  options.unit = MAZE_UNIT_MM;
  options.cell_mm = 5.0;
  options.dpi = 150.0;
  options.solution = TRUE;
  g_assert_true (maze_export_request_write (&options, &fixture->puzzle, 1, path, NULL, &error));
  g_assert_no_error (error);
  /* 150 dpi is 5905.5 pixels a metre; 21 cells of 29.53 px. */
  g_assert_cmpuint (png_pixels_per_metre (path, &width, &height), ==, 5906);
  g_assert_cmpuint (width, ==, 621);
  g_assert_cmpuint (height, ==, 473);
}

static void
test_write_text (Fixture       *fixture,
                 gconstpointer  data)
{
  g_auto(MazeExportRequest) options;
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeSolution) solution = NULL;
  g_autofree char *path = fixture_path (fixture, "maze.txt");
  g_autofree char *written = NULL;
  g_autofree char *expected = NULL;
  MazeTextOptions text;

  maze_export_request_init (&options);
  options.format = MAZE_EXPORT_TEXT;
  options.text_style = MAZE_TEXT_UNICODE;
  options.solution = TRUE;
  g_assert_true (maze_export_request_write (&options, &fixture->puzzle, 1, path, NULL, &error));
  g_assert_no_error (error);

  /* What maze_text_write makes for the same maze, doors and path. */
  solution = maze_solve (fixture->puzzle->grid, MAZE_SOLVER_BFS, fixture->puzzle->start,
                         fixture->puzzle->end, NULL, NULL);
  maze_text_options_init (&text);
  text.style = MAZE_TEXT_UNICODE;
  text.start = fixture->puzzle->start;
  text.end = fixture->puzzle->end;
  text.path = solution->path;
  text.path_len = solution->path_len;
  expected = maze_text_to_string (fixture->puzzle->grid, &text);
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, expected);
  g_assert_nonnull (strstr (written, "•"));
}

static void
test_write_svg_pdf (Fixture       *fixture,
                    gconstpointer  data)
{
  g_auto(MazeExportRequest) options;
  g_autoptr(GError) error = NULL;
  g_autofree char *svg_path = fixture_path (fixture, "maze.svg");
  g_autofree char *pdf_path = fixture_path (fixture, "maze.pdf");
  g_autofree char *contents = NULL;
  gsize length;

  maze_export_request_init (&options);
  options.format = MAZE_EXPORT_SVG;
  options.unit = MAZE_UNIT_MM;
  options.cell_mm = 10.0;
  g_assert_true (maze_export_request_write (&options, &fixture->puzzle, 1, svg_path, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg_path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "<svg"));
  g_assert_nonnull (strstr (contents, "width=\"210mm\""));
  g_clear_pointer (&contents, g_free);

  options.format = MAZE_EXPORT_PDF;
  options.answer_key = TRUE;
  g_assert_true (maze_export_request_write (&options, &fixture->puzzle, 1, pdf_path, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (pdf_path, &contents, &length, NULL));
  g_assert_cmpmem (contents, 5, "%PDF-", 5);
}

static void
test_write_cancelled (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_auto(MazeExportRequest) options;
  g_autofree char *path = fixture_path (fixture, "maze.out");
  g_autofree char *contents = NULL;
  MazeExportJob job = { NULL, NULL, cancellable };

  g_assert_true (g_file_set_contents (path, "precious", -1, NULL));
  g_cancellable_cancel (cancellable);
  maze_export_request_init (&options);
  for (guint f = 0; f < MAZE_EXPORT_N_FORMATS; f++)
    {
      g_autoptr(GError) error = NULL;

      options.format = f;
      g_assert_false (maze_export_request_write (&options, &fixture->puzzle, 1, path, &job, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    }
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "precious");
  g_assert_cmpuint (count_files (fixture), ==, 1);
}

static void
test_write_refused (Fixture       *fixture,
                    gconstpointer  data)
{
  g_auto(MazeExportRequest) options;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = fixture_path (fixture, "maze.png");

  maze_export_request_init (&options);
  options.dpi = 0.0;
  g_assert_false (maze_export_request_write (&options, &fixture->puzzle, 1, path, NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  options.dpi = 1000.0;
  options.unit = MAZE_UNIT_MM;
  options.cell_mm = 100.0;
  g_assert_false (maze_export_request_write (&options, &fixture->puzzle, 1, path, NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_cmpuint (count_files (fixture), ==, 0);
}

typedef struct
{
  guint  calls;
  double last;
} Progress;

static void
progress_cb (double   fraction,
             gpointer user_data)
{
  Progress *progress = user_data;

  g_assert_cmpfloat (fraction, >=, progress->last);
  progress->last = fraction;
  progress->calls++;
}

static void
test_write_progress (Fixture       *fixture,
                     gconstpointer  data)
{
  g_auto(MazeExportRequest) options;
  Progress progress = { 0, 0.0 };
  MazeExportJob job = { progress_cb, &progress, NULL };
  g_autofree char *path = fixture_path (fixture, "maze.txt");

  maze_export_request_init (&options);
  options.format = MAZE_EXPORT_TEXT;
  g_assert_true (maze_export_request_write (&options, &fixture->puzzle, 1, path, &job, NULL));
  g_assert_cmpuint (progress.calls, >=, 1);
  g_assert_cmpfloat (progress.last, ==, 1.0);
}

/* ---- the preview ---- */

/* How many pixels of the preview are dark: walls drawn (or text, which
 * small glyphs antialias to greys). */
static guint
count_dark_pixels (cairo_surface_t *surface)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint dark = 0;

  cairo_surface_flush (surface);
  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      {
        guint32 pixel = *(const guint32 *) (data + y * stride + 4 * x);

        if ((pixel >> 24) == 0xff && (pixel & 0xff) < 0x80 && ((pixel >> 8) & 0xff) < 0x80)
          dark++;
      }
  return dark;
}

static void
test_preview (Fixture       *fixture,
              gconstpointer  data)
{
  g_auto(MazeExportRequest) options;

  maze_export_request_init (&options);
  for (guint f = 0; f < MAZE_EXPORT_N_FORMATS; f++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 300);
      cairo_t *cr = cairo_create (surface);

      options.format = f;
      options.answer_key = TRUE;
      maze_export_draw_preview (cr, &options, fixture->puzzle, 400.0, 300.0);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      if (count_dark_pixels (surface) < 200)
        g_error ("format %u: the preview shows no maze", f);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/app/export-options/defaults", test_defaults);
  g_test_add_func ("/app/export-options/validate", test_validate);
  ADD ("/app/export-options/check-png-too-big", test_check_png_too_big);
  g_test_add_func ("/app/export-options/settings-defaults", test_settings_defaults);
  g_test_add_func ("/app/export-options/settings-round-trip", test_settings_round_trip);
  g_test_add_func ("/app/export-options/colors", test_colors);
  ADD ("/app/export-options/png-physical-size", test_png_physical_size);
  ADD ("/app/export-options/svg-physical-size", test_svg_physical_size);
  ADD ("/app/export-options/pdf-options", test_pdf_options);
  ADD ("/app/export-options/write-png", test_write_png);
  ADD ("/app/export-options/write-text", test_write_text);
  ADD ("/app/export-options/write-svg-pdf", test_write_svg_pdf);
  ADD ("/app/export-options/write-cancelled", test_write_cancelled);
  ADD ("/app/export-options/write-refused", test_write_refused);
  ADD ("/app/export-options/write-progress", test_write_progress);
  ADD ("/app/export-options/preview", test_preview);
#undef ADD

  return g_test_run ();
}
