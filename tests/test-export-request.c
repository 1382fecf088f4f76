/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gio/gio.h>

#include "maze-core.h"
#include "maze-export-request.h"
#include "maze-test-util.h"

/* The export request alone (src/io/maze-export-request.h): defaults, its
 * limits at their edges, the GSettings keys' ranges against them, the
 * formats, the checks that need the maze, the writers' options it makes
 * and the write function for each format. */

typedef struct
{
  MazeTestFixture  files;    /* a temporary folder */
  MazePuzzle      *puzzle;   /* 20 × 15, start and end in the corners */
} Fixture;

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

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  maze_test_fixture_set_up (&fixture->files, data);
  fixture->puzzle = new_puzzle (20, 15);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  maze_puzzle_free (fixture->puzzle);
  maze_test_fixture_tear_down (&fixture->files, data);
}

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

/* A Start label of v characters, as the title's. */
static void
set_label_chars (MazeExportRequest *r,
                 double             v)
{
  GString *label = g_string_new (NULL);

  for (guint i = 0; i < (guint) v; i++)
    g_string_append (label, "é");
  maze_export_request_set_labels (r, label->str, NULL);
  g_string_free (label, TRUE);
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
  { MAZE_EXPORT_LIMIT_WALL_WIDTH, set_wall_width, 0.25, 500, 0.01,
    "A wall width of 500.01 is out of range: use 0.25 to 500",
    "A wall width of 0.24 is out of range: use 0.25 to 500" },
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
  { MAZE_EXPORT_LIMIT_LABEL_CHARS, set_label_chars, 0, 40, 1,
    "A Start or Finish label of 41 characters is too long: the limit is 40",
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
      if (c->id != MAZE_EXPORT_LIMIT_TITLE_CHARS && c->id != MAZE_EXPORT_LIMIT_LABEL_CHARS)
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
  /* The same rule on paper, with the cell the page gives (about 50 pt):
   * once silently cut down to half a cell. */
  request.wall_width = 40.0;
  g_assert_false (maze_export_request_check (&request, puzzle, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "more than half a cell"));
  g_clear_error (&error);
  /* A hairline prints in no format. */
  request.wall_width = 0.05;
  for (guint f = 0; f < MAZE_EXPORT_N_FORMATS; f++)
    {
      request.format = f;
      g_assert_false (maze_export_request_check (&request, puzzle, NULL));
    }
}

/* Cells too small to read are refused: on paper below
 * MAZE_EXPORT_MIN_SHEET_CELL_MM, naming the largest maze that fits (which
 * does fit, and one a column wider does not); in an image below
 * MAZE_EXPORT_MIN_IMAGE_CELL_PX. */
static void
test_check_legible (void)
{
  g_autoptr(MazePuzzle) big = new_puzzle (200, 150);
  g_autoptr(MazePuzzle) fits = NULL;
  g_autoptr(MazePuzzle) wider = NULL;
  g_auto(MazeExportRequest) request;
  g_autoptr(GError) error = NULL;
  const char *largest;
  guint width = 0, height = 0;

  maze_export_request_init (&request);
  request.format = MAZE_EXPORT_PDF;
  g_assert_false (maze_export_request_check (&request, big, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "200×150"));
  g_assert_nonnull (strstr (error->message, "the least is 3 mm"));
  largest = strstr (error->message, "fits is ");
  g_assert_nonnull (largest);
  g_assert_cmpint (sscanf (largest, "fits is %u×%u", &width, &height), ==, 2);
  g_assert_cmpuint (width, >, 20);
  g_assert_cmpuint (height, ==, width * 3 / 4);
  g_clear_error (&error);
  fits = new_puzzle (width, height);
  g_assert_true (maze_export_request_check (&request, fits, NULL));
  wider = new_puzzle (width + 1, height + 1);
  g_assert_false (maze_export_request_check (&request, wider, NULL));
  /* Nor do smaller slots, several to a page, get round it. */
  request.per_page = 4;
  g_assert_false (maze_export_request_check (&request, fits, NULL));

  maze_export_request_init (&request);
  request.cell_px = 1.0;
  g_assert_false (maze_export_request_check (&request, big, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "at least 2 pixels"));
  g_clear_error (&error);
  request.cell_px = 2.0;
  g_assert_true (maze_export_request_check (&request, big, NULL));
  /* A width that makes the cells that small likewise, saying how wide. */
  request.image_width = 300.0;
  request.image_width_unit = MAZE_UNIT_PX;
  g_assert_false (maze_export_request_check (&request, big, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "at least 4"));
}

/* A circular maze's size is its rings: the image and poster refusals
 * name them, not the outer ring's length by the ring count. */
static void
test_check_legible_rings (void)
{
  g_autoptr(MazePuzzle) rings = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(MazeExportRequest) request;
  g_autofree char *as_rect = NULL;
  MazeGenerateOptions options;

  maze_generate_options_init (&options);
  options.seed = 11;
  rings = maze_puzzle_generate (MAZE_SHAPE_CIRCULAR, 6, 60, &options, 0,
                                MAZE_ENDPOINTS_CORNERS, &error);
  g_assert_no_error (error);
  as_rect = g_strdup_printf ("%u×%u", rings->grid->width, rings->grid->height);

  maze_export_request_init (&request);
  request.image_width = 100.0;
  request.image_width_unit = MAZE_UNIT_PX;
  g_assert_false (maze_export_request_check (&request, rings, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "circular maze of 60 rings"));
  g_assert_null (strstr (error->message, as_rect));
  g_clear_error (&error);

  maze_export_request_init (&request);
  request.format = MAZE_EXPORT_PDF;
  request.poster = TRUE;
  request.poster_cell_mm = 100.0;
  g_assert_false (maze_export_request_check (&request, rings, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "circular maze of 60 rings"));
  g_assert_nonnull (strstr (error->message, "sheets, more than 1000"));
  g_assert_null (strstr (error->message, as_rect));
}

/* A centre cell takes the room's place: the rings that fit a page are
 * counted around a centre for a maze with one, one more than around a
 * room (whose radius is a ring more). */
static void
test_check_legible_centre (void)
{
  g_autoptr(GError) error = NULL;
  g_auto(MazeExportRequest) request;
  gboolean centre[] = { FALSE, TRUE };
  const char *says[] = { "the largest that fits has 28 rings", "the largest that fits has 29 rings" };

  maze_export_request_init (&request);
  request.format = MAZE_EXPORT_PDF;
  for (guint i = 0; i < G_N_ELEMENTS (centre); i++)
    {
      MazeGrid *grid = maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, 6, 40, centre[i], &error);
      g_autoptr(MazePuzzle) puzzle = NULL;

      g_assert_no_error (error);
      puzzle = maze_puzzle_new_for_grid (grid, 0, grid->n_cells - 1);
      g_assert_false (maze_export_request_check (&request, puzzle, &error));
      g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
      g_assert_nonnull (strstr (error->message, "circular maze of 40 rings"));
      g_assert_nonnull (strstr (error->message, says[i]));
      g_clear_error (&error);
    }
}

/* A long narrow maze gets the page the other way round, unless the user
 * chose the orientation; a square one keeps portrait. */
static void
test_auto_orientation (void)
{
  g_autoptr(MazePuzzle) wide = new_puzzle (80, 2);
  g_autoptr(MazePuzzle) tall = new_puzzle (2, 80);
  g_autoptr(MazePuzzle) square = new_puzzle (20, 20);
  g_auto(MazeExportRequest) request;
  g_autofree char *described = NULL;
  MazePdfOptions pdf;

  maze_export_request_init (&request);
  request.format = MAZE_EXPORT_PDF;
  g_assert_true (request.auto_orientation);
  maze_export_request_to_pdf (&request, wide, &pdf);
  g_assert_true (pdf.sheet.landscape);
  described = maze_export_request_describe (&request, wide);
  g_assert_nonnull (strstr (described, "landscape"));
  maze_export_request_to_pdf (&request, tall, &pdf);
  g_assert_false (pdf.sheet.landscape);
  maze_export_request_to_pdf (&request, square, &pdf);
  g_assert_false (pdf.sheet.landscape);
  /* Landscape asked for, a tall maze gets portrait... */
  request.landscape = TRUE;
  maze_export_request_to_pdf (&request, tall, &pdf);
  g_assert_false (pdf.sheet.landscape);

  /* ...but not when the user set it. */
  request.auto_orientation = FALSE;
  maze_export_request_to_pdf (&request, tall, &pdf);
  g_assert_true (pdf.sheet.landscape);
  request.landscape = FALSE;
  maze_export_request_to_pdf (&request, wide, &pdf);
  g_assert_false (pdf.sheet.landscape);
}

/* The solution drawn on a maze with mud is the cheapest way. */
static void
test_solution_cheapest (void)
{
  g_autoptr(MazePuzzle) muddy = maze_test_new_muddy_puzzle ();
  g_autoptr(MazeSolution) cheapest = NULL;
  g_auto(MazeExportRequest) request;

  cheapest = maze_solve (muddy->grid, MAZE_SOLVER_DIJKSTRA, muddy->start, muddy->end, NULL, NULL);
  maze_export_request_init (&request);
  request.solution = TRUE;
  for (guint f = 0; f < MAZE_EXPORT_N_FORMATS; f++)
    {
      g_autoptr(MazeSolution) drawn = NULL;

      request.format = f;
      g_assert_true (maze_export_request_find_solution (&request, muddy, &drawn, NULL));
      if (f == MAZE_EXPORT_PDF)
        continue;  /* its answer key: test-worksheet */
      g_assert_nonnull (drawn);
      g_assert_cmpuint (drawn->cost, ==, cheapest->cost);
      g_assert_cmpmem (drawn->path, drawn->path_len * sizeof (guint32),
                       cheapest->path, cheapest->path_len * sizeof (guint32));
    }
}

/* Text cannot draw triangles: the request says so before any file is
 * opened, and says so in its description; the drawn formats take them. */
static void
test_check_tri_text (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;
  g_auto(MazeExportRequest) request;
  g_autofree char *describe = NULL;
  MazeGenerateOptions options;

  maze_generate_options_init (&options);
  puzzle = maze_puzzle_generate (MAZE_SHAPE_TRI, 12, 6, &options, 0, MAZE_ENDPOINTS_CORNERS,
                                 &error);
  g_assert_no_error (error);
  maze_export_request_init (&request);
  request.format = MAZE_EXPORT_TEXT;
  g_assert_false (maze_export_request_check (&request, puzzle, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "triangular"));
  describe = maze_export_request_describe (&request, puzzle);
  g_assert_cmpstr (describe, ==, "Text cannot draw this shape");

  for (MazeExportFormat f = MAZE_EXPORT_PNG; f <= MAZE_EXPORT_PDF; f++)
    {
      request.format = f;
      g_assert_true (maze_export_request_check (&request, puzzle, NULL));
    }
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

/* ---- defaults and checks ---- */

static void
test_defaults (Fixture       *fixture,
               gconstpointer  data)
{
  g_auto(MazeExportRequest) request;
  g_autoptr(GError) error = NULL;

  maze_export_request_init (&request);
  g_assert_cmpint (request.format, ==, MAZE_EXPORT_PNG);
  g_assert_cmpint (request.unit, ==, MAZE_UNIT_PX);
  g_assert_cmpfloat (request.cell_px, ==, 20.0);
  g_assert_cmpfloat (request.dpi, ==, 300.0);
  /* Prints well: black walls on white. */
  g_assert_cmpfloat (request.wall_color.red + request.wall_color.green + request.wall_color.blue, ==, 0.0);
  g_assert_cmpfloat (request.wall_color.alpha, ==, 1.0);
  g_assert_cmpfloat (request.background_color.red, ==, 1.0);
  g_assert_cmpfloat (request.background_color.alpha, ==, 1.0);
  g_assert_false (request.solution);
  g_assert_true (request.show_title);
  g_assert_true (request.name_date_line);
  g_assert_null (request.title);

  g_assert_true (maze_export_request_validate (&request, &error));
  g_assert_no_error (error);
  for (guint f = 0; f < MAZE_EXPORT_N_FORMATS; f++)
    {
      request.format = f;
      g_assert_true (maze_export_request_check (&request, fixture->puzzle, &error));
      g_assert_no_error (error);
    }
}

typedef void (*Breaker) (MazeExportRequest *request);

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
      g_auto(MazeExportRequest) request;
      g_autoptr(GError) error = NULL;

      maze_export_request_init (&request);
      cases[i].breaker (&request);
      g_assert_false (maze_export_request_validate (&request, &error));
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
  g_auto(MazeExportRequest) request;
  g_autoptr(GError) error = NULL;

  maze_export_request_init (&request);
  request.unit = MAZE_UNIT_MM;
  request.cell_mm = 200.0;
  request.dpi = 1200.0;
  g_assert_true (maze_export_request_validate (&request, NULL));
  g_assert_false (maze_export_request_check (&request, fixture->puzzle, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "the limit is 65535 pixels a side. Choose a smaller cell size or resolution."));
  g_assert_null (maze_export_request_describe (&request, fixture->puzzle));

  /* The same as an SVG is fine: it has no pixels. */
  g_clear_error (&error);
  request.format = MAZE_EXPORT_SVG;
  g_assert_true (maze_export_request_check (&request, fixture->puzzle, &error));
  g_assert_no_error (error);
}

/* ---- the exporters' request ---- */

static void
test_png_physical_size (Fixture       *fixture,
                        gconstpointer  data)
{
  g_auto(MazeExportRequest) request;
  MazeRenderOptions render;
  MazePngOptions png;
  guint width_px, height_px;
  double cell = 10.0 / 25.4 * 300.0;   /* 118.11 pixels */

  maze_export_request_init (&request);
  request.unit = MAZE_UNIT_MM;
  request.cell_mm = 10.0;
  request.dpi = 300.0;
  request.wall_percent = 10.0;

  g_assert_cmpfloat_with_epsilon (maze_export_request_get_cell_size (&request), cell, 1e-9);
  maze_export_request_to_render (&request, fixture->puzzle, NULL, &render);
  maze_export_request_to_png (&request, &png);
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
  request.unit = MAZE_UNIT_IN;
  request.cell_mm = 12.7;
  request.dpi = 200.0;
  g_assert_cmpfloat_with_epsilon (maze_export_request_get_cell_size (&request), 100.0, 1e-9);

  /* Pixels do not depend on dpi. */
  request.unit = MAZE_UNIT_PX;
  request.cell_px = 25.0;
  g_assert_cmpfloat (maze_export_request_get_cell_size (&request), ==, 25.0);
}

static void
test_svg_physical_size (Fixture       *fixture,
                        gconstpointer  data)
{
  g_auto(MazeExportRequest) request;
  MazeSvgOptions svg;

  maze_export_request_init (&request);
  request.format = MAZE_EXPORT_SVG;
  maze_export_request_to_svg (&request, fixture->puzzle, &svg);
  g_assert_cmpfloat (svg.width, ==, 0.0);

  /* 21 cells of 10 mm across, margins included; dpi plays no part. */
  request.unit = MAZE_UNIT_MM;
  request.cell_mm = 10.0;
  request.dpi = 17.0;
  maze_export_request_to_svg (&request, fixture->puzzle, &svg);
  g_assert_cmpint (svg.unit, ==, MAZE_UNIT_MM);
  g_assert_cmpfloat_with_epsilon (svg.width, 210.0, 1e-9);

  request.unit = MAZE_UNIT_IN;
  request.cell_mm = 12.7;
  maze_export_request_to_svg (&request, fixture->puzzle, &svg);
  g_assert_cmpint (svg.unit, ==, MAZE_UNIT_IN);
  g_assert_cmpfloat_with_epsilon (svg.width, 10.5, 1e-9);
}

static void
test_pdf_options (Fixture       *fixture,
                  gconstpointer  data)
{
  g_auto(MazeExportRequest) request;
  MazePdfOptions pdf;

  maze_export_request_init (&request);
  request.format = MAZE_EXPORT_PDF;
  maze_export_request_to_pdf (&request, fixture->puzzle, &pdf);
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

  maze_export_request_set_title (&request, "Week 3");
  request.name_date_line = FALSE;
  request.answer_key = TRUE;
  request.paper = MAZE_PAPER_LETTER;
  request.landscape = TRUE;
  request.background_color = (MazeColor) { 1.0, 1.0, 0.8, 1.0 };
  maze_export_request_to_pdf (&request, fixture->puzzle, &pdf);
  g_assert_cmpstr (pdf.sheet.title, ==, "Week 3");
  g_assert_false (pdf.sheet.name_date_line);
  g_assert_true (pdf.answer_key);
  g_assert_cmpint (pdf.sheet.paper, ==, MAZE_PAPER_LETTER);
  g_assert_true (pdf.sheet.landscape);
  g_assert_cmpfloat (pdf.sheet.render.background_color.blue, ==, 0.8);

  request.show_title = FALSE;
  maze_export_request_to_pdf (&request, fixture->puzzle, &pdf);
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
  g_auto(MazeExportRequest) request;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = maze_test_fixture_path (&fixture->files, "maze.png");
  guint width, height;

  maze_export_request_init (&request);
  request.unit = MAZE_UNIT_MM;
  request.cell_mm = 5.0;
  request.dpi = 150.0;
  request.solution = TRUE;
  g_assert_true (maze_export_request_write (&request, &fixture->puzzle, 1, path, NULL, &error));
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
  g_auto(MazeExportRequest) request;
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeSolution) solution = NULL;
  g_autofree char *path = maze_test_fixture_path (&fixture->files, "maze.txt");
  g_autofree char *written = NULL;
  g_autofree char *expected = NULL;
  MazeTextOptions text;

  maze_export_request_init (&request);
  request.format = MAZE_EXPORT_TEXT;
  request.text_style = MAZE_TEXT_UNICODE;
  request.solution = TRUE;
  g_assert_true (maze_export_request_write (&request, &fixture->puzzle, 1, path, NULL, &error));
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
  g_auto(MazeExportRequest) request;
  g_autoptr(GError) error = NULL;
  g_autofree char *svg_path = maze_test_fixture_path (&fixture->files, "maze.svg");
  g_autofree char *pdf_path = maze_test_fixture_path (&fixture->files, "maze.pdf");
  g_autofree char *contents = NULL;
  gsize length;

  maze_export_request_init (&request);
  request.format = MAZE_EXPORT_SVG;
  request.unit = MAZE_UNIT_MM;
  request.cell_mm = 10.0;
  g_assert_true (maze_export_request_write (&request, &fixture->puzzle, 1, svg_path, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg_path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "<svg"));
  g_assert_nonnull (strstr (contents, "width=\"210mm\""));
  g_clear_pointer (&contents, g_free);

  request.format = MAZE_EXPORT_PDF;
  request.answer_key = TRUE;
  g_assert_true (maze_export_request_write (&request, &fixture->puzzle, 1, pdf_path, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (pdf_path, &contents, &length, NULL));
  g_assert_cmpmem (contents, 5, "%PDF-", 5);
}

static void
test_write_cancelled (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_auto(MazeExportRequest) request;
  g_autofree char *path = maze_test_fixture_path (&fixture->files, "maze.out");
  g_autofree char *contents = NULL;
  MazeExportJob job = { NULL, NULL, cancellable };

  g_assert_true (g_file_set_contents (path, "precious", -1, NULL));
  g_cancellable_cancel (cancellable);
  maze_export_request_init (&request);
  for (guint f = 0; f < MAZE_EXPORT_N_FORMATS; f++)
    {
      g_autoptr(GError) error = NULL;

      request.format = f;
      g_assert_false (maze_export_request_write (&request, &fixture->puzzle, 1, path, &job, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    }
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "precious");
  g_assert_cmpuint (maze_test_count_entries (fixture->files.dir), ==, 1);
}

static void
test_write_refused_values (Fixture       *fixture,
                    gconstpointer  data)
{
  g_auto(MazeExportRequest) request;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = maze_test_fixture_path (&fixture->files, "maze.png");

  maze_export_request_init (&request);
  request.dpi = 0.0;
  g_assert_false (maze_export_request_write (&request, &fixture->puzzle, 1, path, NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  request.dpi = 1000.0;
  request.unit = MAZE_UNIT_MM;
  request.cell_mm = 100.0;
  g_assert_false (maze_export_request_write (&request, &fixture->puzzle, 1, path, NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_cmpuint (maze_test_count_entries (fixture->files.dir), ==, 0);
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
  g_auto(MazeExportRequest) request;
  Progress progress = { 0, 0.0 };
  MazeExportJob job = { progress_cb, &progress, NULL };
  g_autofree char *path = maze_test_fixture_path (&fixture->files, "maze.txt");

  maze_export_request_init (&request);
  request.format = MAZE_EXPORT_TEXT;
  g_assert_true (maze_export_request_write (&request, &fixture->puzzle, 1, path, &job, NULL));
  g_assert_cmpuint (progress.calls, >=, 1);
  g_assert_cmpfloat (progress.last, ==, 1.0);
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
  g_test_add_func ("/export-request/check/tri-text", test_check_tri_text);
  g_test_add_func ("/export-request/png-dpi", test_png_dpi);
  g_test_add_func ("/export-request/check/legible", test_check_legible);
  g_test_add_func ("/export-request/check/legible-rings", test_check_legible_rings);
  g_test_add_func ("/export-request/check/legible-centre", test_check_legible_centre);
  g_test_add_func ("/export-request/auto-orientation", test_auto_orientation);
  g_test_add_func ("/export-request/solution-cheapest", test_solution_cheapest);
  g_test_add ("/export-request/write/formats", MazeTestFixture, NULL,
              maze_test_fixture_set_up, test_write_formats, maze_test_fixture_tear_down);
  g_test_add ("/export-request/write/refused-keeps-file", MazeTestFixture, NULL,
              maze_test_fixture_set_up, test_write_refused, maze_test_fixture_tear_down);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("/export-request/defaults", test_defaults);
  g_test_add_func ("/export-request/validate", test_validate);
  ADD ("/export-request/check/png-too-big", test_check_png_too_big);
  ADD ("/export-request/png-physical-size", test_png_physical_size);
  ADD ("/export-request/svg-physical-size", test_svg_physical_size);
  ADD ("/export-request/pdf-options", test_pdf_options);
  ADD ("/export-request/write/png", test_write_png);
  ADD ("/export-request/write/text", test_write_text);
  ADD ("/export-request/write/svg-pdf", test_write_svg_pdf);
  ADD ("/export-request/write/cancelled", test_write_cancelled);
  ADD ("/export-request/write/refused", test_write_refused_values);
  ADD ("/export-request/write/progress", test_write_progress);
#undef ADD

  return g_test_run ();
}
