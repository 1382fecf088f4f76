/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include <gio/gio.h>

#include "maze-core.h"
#include "maze-export-request.h"
#include "maze-test-util.h"

/* The export request alone (src/io/maze-export-request.h): its limits at
 * their edges, the GSettings keys' ranges against them, the formats, the
 * checks that need the maze, and the write function for each format. */

/* ---- limits ---- */

typedef void (*Setter) (MazeExportRequest *request,
                        double             value);

static void set_cell_px (MazeExportRequest *r, double v) { r->unit = MAZE_UNIT_PX; r->cell_px = v; }
static void set_cell_mm (MazeExportRequest *r, double v) { r->unit = MAZE_UNIT_MM; r->cell_mm = v; }
static void set_dpi (MazeExportRequest *r, double v) { r->dpi = v; }
static void set_wall_percent (MazeExportRequest *r, double v) { r->wall_percent = v; }
static void set_margin (MazeExportRequest *r, double v) { r->margin_mm = v; }

static void
set_wall_width (MazeExportRequest *r,
                double             v)
{
  r->wall_rule = MAZE_EXPORT_WALL_WIDTH;
  r->wall_width = v;
}

static void
set_image_width_px (MazeExportRequest *r,
                    double             v)
{
  r->image_width = v;
  r->image_width_unit = MAZE_UNIT_PX;
}

static void
set_image_width_mm (MazeExportRequest *r,
                    double             v)
{
  r->image_width = v;
  r->image_width_unit = MAZE_UNIT_MM;
}

/* A title of v characters, each two bytes in UTF-8: the limit counts
 * characters. */
static void
set_title_chars (MazeExportRequest *r,
                 double             v)
{
  GString *title = g_string_new (NULL);

  for (guint i = 0; i < (guint) v; i++)
    g_string_append (title, "é");
  maze_export_request_set_title (r, title->str);
  g_string_free (title, TRUE);
}

typedef struct
{
  MazeExportLimitId  id;
  Setter             set;
  double             min;       /* the edges, as chosen */
  double             max;
  double             step;      /* one past an edge is a step beyond it */
  const char        *above;     /* what the user reads for max + step */
  const char        *below;     /* ... for min - step; NULL: nothing is below */
} LimitCase;

static const LimitCase limit_cases[] = {
  { MAZE_EXPORT_LIMIT_CELL_PX, set_cell_px, 1, 1000, 1,
    "A cell size of 1001 pixels is out of range: use 1 to 1000 pixels",
    "A cell size of 0 pixels is out of range: use 1 to 1000 pixels" },
  { MAZE_EXPORT_LIMIT_CELL_MM, set_cell_mm, 0.5, 500, 0.1,
    "A cell size of 500.1 mm is out of range: use 0.5 to 500 mm",
    "A cell size of 0.4 mm is out of range: use 0.5 to 500 mm" },
  { MAZE_EXPORT_LIMIT_DPI, set_dpi, 10, 10000, 1,
    "A resolution of 10001 dpi is out of range: use 10 to 10000 dpi",
    "A resolution of 9 dpi is out of range: use 10 to 10000 dpi" },
  { MAZE_EXPORT_LIMIT_WALL_PERCENT, set_wall_percent, 1, 50, 1,
    "A wall thickness of 51 % of a cell is out of range: use 1 to 50 %",
    "A wall thickness of 0 % of a cell is out of range: use 1 to 50 %" },
  { MAZE_EXPORT_LIMIT_WALL_WIDTH, set_wall_width, 0.01, 1000, 0.01,
    "A wall width of 1000.01 is out of range: use 0.01 to 1000",
    "A wall width of 0 is out of range: use 0.01 to 1000" },
  /* Above 0: the least accepted is a step above it, and 0 itself means
   * "no width given", so a step below 0 is the first refused. */
  { MAZE_EXPORT_LIMIT_IMAGE_WIDTH_PX, set_image_width_px, 0, 65535, 1,
    "An image width of 65536 pixels is out of range: use more than 0 and at most 65535 pixels",
    "An image width of -1 pixels is out of range: use more than 0 and at most 65535 pixels" },
  { MAZE_EXPORT_LIMIT_IMAGE_WIDTH_MM, set_image_width_mm, 0, 10000, 0.1,
    "An image width of 10000.1 mm is out of range: use more than 0 and at most 10000 mm",
    "An image width of -0.1 mm is out of range: use more than 0 and at most 10000 mm" },
  { MAZE_EXPORT_LIMIT_MARGIN_MM, set_margin, 0, 50, 0.1,
    "A page margin of 50.1 mm is out of range: use 0 to 50 mm",
    "A page margin of -0.1 mm is out of range: use 0 to 50 mm" },
  { MAZE_EXPORT_LIMIT_TITLE_CHARS, set_title_chars, 0, 200, 1,
    "A worksheet title of 201 characters is too long: the limit is 200",
    NULL },
};

G_STATIC_ASSERT (G_N_ELEMENTS (limit_cases) == MAZE_EXPORT_N_LIMITS);

static void
assert_accepted (const LimitCase *c,
                 double           value)
{
  g_auto(MazeExportRequest) request;
  g_autoptr(GError) error = NULL;

  maze_export_request_init (&request);
  c->set (&request, value);
  if (!maze_export_request_validate (&request, &error))
    g_error ("%s %g refused: %s", maze_export_limit_get (c->id)->name, value, error->message);
  g_assert_true (maze_export_limit_contains (c->id, value));
}

static void
assert_refused (const LimitCase *c,
                double           value,
                const char      *message)
{
  g_auto(MazeExportRequest) request;
  g_autoptr(GError) error = NULL;

  maze_export_request_init (&request);
  c->set (&request, value);
  g_assert_false (maze_export_request_validate (&request, &error));
  g_assert_nonnull (error);
  g_assert_true (error->domain == MAZE_ERROR);
  g_assert_cmpstr (error->message, ==, message);
  g_assert_false (maze_export_limit_contains (c->id, value));
}

/* Each limit: its edges accepted, a step past them refused with the
 * message that names the option and the limit. The numbers are pinned
 * here, where they were chosen. */
static void
test_limit_edges (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (limit_cases); i++)
    {
      const LimitCase *c = &limit_cases[i];
      const MazeExportLimit *limit = maze_export_limit_get (c->id);

      g_test_message ("%s", limit->name);
      g_assert_cmpfloat (limit->min, ==, c->min);
      g_assert_cmpfloat (limit->max, ==, c->max);

      assert_accepted (c, limit->min_excluded ? c->min + c->step : c->min);
      assert_accepted (c, c->max);
      assert_refused (c, c->max + c->step, c->above);
      if (c->below != NULL)
        assert_refused (c, c->min - c->step, c->below);
      if (c->id != MAZE_EXPORT_LIMIT_TITLE_CHARS)
        {
          g_assert_false (maze_export_limit_contains (c->id, NAN));
          g_assert_false (maze_export_limit_contains (c->id, INFINITY));
        }
    }
}

/* Inches are checked as the millimetres they are, and said in inches. */
static void
test_limit_inches (void)
{
  g_auto(MazeExportRequest) request;
  g_autoptr(GError) error = NULL;

  maze_export_request_init (&request);
  request.unit = MAZE_UNIT_IN;
  request.cell_mm = 500.0;
  g_assert_true (maze_export_request_validate (&request, NULL));
  request.cell_mm = 501.0;
  g_assert_false (maze_export_request_validate (&request, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_cmpstr (error->message, ==,
                   "A cell size of 19.7 in is out of range: use 0.0197 to 19.7 in");
  g_clear_error (&error);

  maze_export_request_init (&request);
  request.image_width_unit = MAZE_UNIT_IN;
  request.image_width = 10000.0 / MAZE_MM_PER_INCH;
  g_assert_true (maze_export_request_validate (&request, NULL));
  request.image_width = 394.0;
  g_assert_false (maze_export_request_validate (&request, &error));
  g_assert_cmpstr (error->message, ==,
                   "An image width of 394 in is out of range: use more than 0 and at most 393.7 in");
}

/* The GSettings keys' ranges are the request's limits, and no export key
 * has a range the request does not know of. */
static void
test_limit_schema (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;
  guint n_checked = 0;

  g_assert_nonnull (source);
  schema = g_settings_schema_source_lookup (source, APP_ID, FALSE);
  g_assert_nonnull (schema);

  for (guint id = 0; id < MAZE_EXPORT_N_LIMITS; id++)
    {
      const MazeExportLimit *limit = maze_export_limit_get (id);
      g_autoptr(GSettingsSchemaKey) key = NULL;
      g_autoptr(GVariant) range = NULL;
      g_autoptr(GVariant) bounds = NULL;
      const char *type;
      double min, max;

      if (limit->settings_key == NULL)
        continue;
      g_test_message ("%s: %s", limit->name, limit->settings_key);
      g_assert_true (g_settings_schema_has_key (schema, limit->settings_key));
      key = g_settings_schema_get_key (schema, limit->settings_key);
      range = g_settings_schema_key_get_range (key);
      g_variant_get (range, "(&sv)", &type, &bounds);
      g_assert_cmpstr (type, ==, "range");
      g_variant_get (bounds, "(dd)", &min, &max);
      g_assert_cmpfloat (min, ==, limit->min);
      g_assert_cmpfloat (max, ==, limit->max);
      n_checked++;
    }
  g_assert_cmpuint (n_checked, ==, 4);

  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_autoptr(GSettingsSchemaKey) key = g_settings_schema_get_key (schema, keys[i]);
      g_autoptr(GVariant) range = g_settings_schema_key_get_range (key);
      g_autoptr(GVariant) bounds = NULL;
      const char *type;
      gboolean known = FALSE;

      g_variant_get (range, "(&sv)", &type, &bounds);
      if (!g_str_has_prefix (keys[i], "export-") || !g_str_equal (type, "range"))
        continue;
      for (guint id = 0; id < MAZE_EXPORT_N_LIMITS; id++)
        known |= g_strcmp0 (maze_export_limit_get (id)->settings_key, keys[i]) == 0;
      if (!known)
        g_error ("the range of %s is no limit of the export request", keys[i]);
    }
}

/* ---- formats ---- */

static void
test_formats (void)
{
  static const struct
  {
    MazeExportFormat format;
    const char      *name;
    const char      *extension;
    const char      *mime_type;
  } expected[] = {
    { MAZE_EXPORT_PNG, "png", "png", "image/png" },
    { MAZE_EXPORT_SVG, "svg", "svg", "image/svg+xml" },
    { MAZE_EXPORT_PDF, "pdf", "pdf", "application/pdf" },
    { MAZE_EXPORT_TEXT, "text", "txt", "text/plain" },
  };
  MazeExportFormat format;

  G_STATIC_ASSERT (G_N_ELEMENTS (expected) == MAZE_EXPORT_N_FORMATS);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_assert_cmpstr (maze_export_format_get_name (expected[i].format), ==, expected[i].name);
      g_assert_cmpstr (maze_export_format_get_extension (expected[i].format), ==,
                       expected[i].extension);
      g_assert_cmpstr (maze_export_format_get_mime_type (expected[i].format), ==,
                       expected[i].mime_type);
      g_assert_true (maze_export_format_from_name (expected[i].name, &format));
      g_assert_cmpint (format, ==, expected[i].format);
    }
  g_assert_false (maze_export_format_from_name ("gif", &format));
  g_assert_false (maze_export_format_from_name (NULL, &format));
}

/* ---- checks that need the maze ---- */

static MazePuzzle *
new_puzzle (guint width,
            guint height)
{
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;
  MazePuzzle *puzzle;

  maze_generate_options_init (&options);
  options.seed = 11;
  puzzle = maze_puzzle_generate (MAZE_SHAPE_RECT, width, height, &options, 0,
                                 MAZE_ENDPOINTS_CORNERS, &error);
  g_assert_no_error (error);
  return puzzle;
}

/* A wall width is bounded by the cell it is drawn in: half a cell at
 * most, or the walls cover the passages. A share cannot get there, and
 * a worksheet caps its walls itself. */
static void
test_check_walls (void)
{
  g_autoptr(MazePuzzle) puzzle = new_puzzle (10, 8);
  g_auto(MazeExportRequest) request;
  g_autoptr(GError) error = NULL;

  maze_export_request_init (&request);
  request.cell_px = 20.0;
  request.wall_rule = MAZE_EXPORT_WALL_WIDTH;
  request.wall_width = 10.0;
  g_assert_true (maze_export_request_check (&request, puzzle, NULL));
  request.wall_width = 10.5;
  g_assert_true (maze_export_request_validate (&request, NULL));
  g_assert_false (maze_export_request_check (&request, puzzle, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==,
                   "A wall width of 10.5 is more than half a cell (10): the walls would cover "
                   "the passages");
  g_clear_error (&error);

  request.format = MAZE_EXPORT_PDF;
  g_assert_true (maze_export_request_check (&request, puzzle, NULL));
}

/* The PNG writer takes the request's resolution limit (it once took ten
 * times more than the dialog and the CLI could ask for). */
static void
test_png_dpi (void)
{
  const MazeExportLimit *dpi = maze_export_limit_get (MAZE_EXPORT_LIMIT_DPI);
  g_autoptr(MazePuzzle) puzzle = new_puzzle (4, 3);
  g_autoptr(GError) error = NULL;
  MazeRenderOptions render;
  MazePngOptions png;
  guint width, height;

  maze_render_options_init (&render);
  maze_png_options_init (&png);
  png.dpi = dpi->max;
  g_assert_true (maze_png_get_size (puzzle->grid, &render, &png, &width, &height, NULL, NULL));
  png.dpi = dpi->min;
  g_assert_true (maze_png_get_size (puzzle->grid, &render, &png, &width, &height, NULL, NULL));
  png.dpi = dpi->max + 1.0;
  g_assert_false (maze_png_get_size (puzzle->grid, &render, &png, &width, &height, NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==,
                   "A resolution of 10001 dpi is out of range: use 10 to 10000 dpi");
}

/* ---- writing ---- */

/* One function writes every format: each file is what its format says. */
static void
test_write_formats (MazeTestFixture *fixture,
                    gconstpointer    data)
{
  static const char *const starts[] = { "\x89PNG", "<?xml", "%PDF", "+" };
  g_autoptr(MazePuzzle) puzzle = new_puzzle (6, 5);

  G_STATIC_ASSERT (G_N_ELEMENTS (starts) == MAZE_EXPORT_N_FORMATS);
  for (guint f = 0; f < MAZE_EXPORT_N_FORMATS; f++)
    {
      g_auto(MazeExportRequest) request;
      g_autoptr(GError) error = NULL;
      g_autofree char *name = g_strconcat ("maze.", maze_export_format_get_extension (f), NULL);
      g_autofree char *path = maze_test_fixture_path (fixture, name);
      g_autofree char *contents = NULL;
      gsize length = 0;

      maze_export_request_init (&request);
      request.format = f;
      request.solution = TRUE;
      g_assert_true (maze_export_request_write (&request, &puzzle, 1, path, NULL, &error));
      g_assert_no_error (error);
      contents = maze_test_read_file_len (fixture, name, &length);
      g_assert_cmpuint (length, >, strlen (starts[f]));
      g_assert_cmpmem (contents, strlen (starts[f]), starts[f], strlen (starts[f]));
    }
}

/* A refused request writes nothing, not even over an old file. */
static void
test_write_refused (MazeTestFixture *fixture,
                    gconstpointer    data)
{
  g_autoptr(MazePuzzle) puzzle = new_puzzle (6, 5);
  g_autofree char *path = maze_test_fixture_path (fixture, "old.png");
  g_auto(MazeExportRequest) request;
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;

  maze_test_write_file (fixture, "old.png", "precious");
  maze_export_request_init (&request);
  request.dpi = 10001.0;
  g_assert_false (maze_export_request_write (&request, &puzzle, 1, path, NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  after = maze_test_read_file (fixture, "old.png");
  g_assert_cmpstr (after, ==, "precious");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/export-request/limits/edges", test_limit_edges);
  g_test_add_func ("/export-request/limits/inches", test_limit_inches);
  g_test_add_func ("/export-request/limits/schema", test_limit_schema);
  g_test_add_func ("/export-request/formats", test_formats);
  g_test_add_func ("/export-request/check/walls", test_check_walls);
  g_test_add_func ("/export-request/png-dpi", test_png_dpi);
  g_test_add ("/export-request/write/formats", MazeTestFixture, NULL,
              maze_test_fixture_set_up, test_write_formats, maze_test_fixture_tear_down);
  g_test_add ("/export-request/write/refused", MazeTestFixture, NULL,
              maze_test_fixture_set_up, test_write_refused, maze_test_fixture_tear_down);

  return g_test_run ();
}
