/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-core.h"
#include "maze-export-preview.h"
#include "maze-export-settings.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

/* What the Export dialog keeps beside the export request, without a
 * display: the request in GSettings, colours as text, and the preview.
 * The request itself is test-export-request's. */

typedef struct
{
  MazePuzzle *puzzle;
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
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  maze_puzzle_free (fixture->puzzle);
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
  g_assert_cmpint (a->auto_dpi, ==, b->auto_dpi);
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
  g_assert_cmpint (a->auto_orientation, ==, b->auto_orientation);
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
  g_auto(MazeExportRequest) request;
  g_auto(MazeExportRequest) loaded;
  g_auto(MazeExportRequest) bad;
  g_autofree char *stored = NULL;

  maze_export_request_init (&request);
  request.format = MAZE_EXPORT_PDF;
  request.unit = MAZE_UNIT_IN;
  request.cell_px = 37.0;
  request.cell_mm = 12.7;
  request.dpi = 600.0;
  request.auto_dpi = FALSE;
  request.wall_percent = 22.5;
  request.wall_color = (MazeColor) { 0x12 / 255.0, 0x34 / 255.0, 0x56 / 255.0, 1.0 };
  request.background_color = (MazeColor) { 1.0, 1.0, 1.0, 0.0 };
  request.solution_color = (MazeColor) { 0xd5 / 255.0, 0x5e / 255.0, 0.0, 0x80 / 255.0 };
  request.solution = TRUE;
  request.answer_key = TRUE;
  request.show_title = FALSE;
  maze_export_request_set_title (&request, "Week 3 — the labyrinth");
  request.name_date_line = FALSE;
  request.paper = MAZE_PAPER_LETTER;
  request.landscape = TRUE;
  request.auto_orientation = FALSE;
  request.text_style = MAZE_TEXT_UNICODE;

  g_assert_true (maze_export_settings_save (&request, settings, &error));
  g_assert_no_error (error);
  stored = g_settings_get_string (settings, "export-wall-color");
  g_assert_cmpstr (stored, ==, "#123456");
  g_clear_pointer (&stored, g_free);
  stored = g_settings_get_string (settings, "export-background-color");
  g_assert_cmpstr (stored, ==, "#ffffff00");
  g_clear_pointer (&stored, g_free);
  stored = g_settings_get_string (settings, "export-orientation");
  g_assert_cmpstr (stored, ==, "landscape");

  maze_export_request_init (&loaded);
  maze_export_settings_load (&loaded, settings);
  assert_same_options (&loaded, &request);

  /* Options that do not validate are not saved, not even in part. */
  maze_export_request_copy (&bad, &request);
  bad.format = MAZE_EXPORT_PNG;
  bad.dpi = 0.0;
  g_assert_false (maze_export_settings_save (&bad, settings, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_clear_pointer (&loaded.title, g_free);
  maze_export_request_init (&loaded);
  maze_export_settings_load (&loaded, settings);
  assert_same_options (&loaded, &request);

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
  g_auto(MazeExportRequest) request;

  maze_export_request_init (&request);
  for (guint f = 0; f < MAZE_EXPORT_N_FORMATS; f++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 300);
      cairo_t *cr = cairo_create (surface);

      request.format = f;
      request.answer_key = TRUE;
      maze_export_draw_preview (cr, &request, fixture->puzzle, 400.0, 300.0);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      if (count_dark_pixels (surface) < 200)
        g_error ("format %u: the preview shows no maze", f);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
}

static guint
count_toned_pixels (cairo_surface_t *surface)
{
  const guint8 *data;
  int stride;
  guint toned = 0;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      {
        guint32 pixel = *(const guint32 *) (data + y * stride + 4 * x);

        if ((pixel >> 24) == 0xff && (pixel & 0xff) < 0xf0)
          toned++;
      }
  return toned;
}

/* A worksheet too small to read is refused by the check (the dialog
 * shows its message), and its preview shows the page as it would print
 * rather than nothing. */
static void
test_preview_illegible (void)
{
  g_auto(MazeExportRequest) request;
  g_autoptr(MazePuzzle) puzzle = NULL;
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 300);
  cairo_t *cr = cairo_create (surface);

  maze_generate_options_init (&options);
  options.seed = 5;
  puzzle = maze_puzzle_generate (MAZE_SHAPE_RECT, 400, 400, &options, 0,
                                 MAZE_ENDPOINTS_CORNERS, &error);
  g_assert_no_error (error);
  maze_export_request_init (&request);
  request.format = MAZE_EXPORT_PDF;
  g_assert_false (maze_export_request_check (&request, puzzle, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  maze_export_draw_preview (cr, &request, puzzle, 400.0, 300.0);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  /* The maze, a tone over most of the page; the text alone is far less. */
  if (count_toned_pixels (surface) < 20000)
    g_error ("the preview of a worksheet too small to read shows no maze");
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/export-settings/defaults", test_settings_defaults);
  g_test_add_func ("/app/export-settings/round-trip", test_settings_round_trip);
  g_test_add_func ("/app/export-settings/colors", test_colors);
  g_test_add ("/app/export-settings/preview", Fixture, NULL, fixture_setup, test_preview,
              fixture_teardown);
  g_test_add_func ("/app/export-settings/preview/illegible", test_preview_illegible);

  return g_test_run ();
}
