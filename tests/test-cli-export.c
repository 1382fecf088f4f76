/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib.h>

#include "maze-core.h"
#include "maze-export-request.h"
#include "maze-png.h"
#include "maze-puzzle-file.h"
#include "maze-render.h"
#include "maze-text.h"
#include "maze-test-util.h"

/* Runs mazewright-cli (MAZEWRIGHT_CLI) in a fresh temporary folder, as a
 * script would, for the document and export work: .maze files in and
 * out, PNG, SVG, PDF and text export, and every way to ask for something
 * wrong. */

typedef MazeTestFixture Fixture;

static MazePuzzle *
load_puzzle (Fixture    *fixture,
             const char *name)
{
  g_autofree char *path = maze_test_fixture_path (fixture, name);
  g_autoptr(GError) error = NULL;
  MazePuzzle *puzzle = maze_puzzle_load (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (puzzle);
  return puzzle;
}

static guint
count_str (const char *s,
           const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (s, needle); p != NULL; p = strstr (p + strlen (needle), needle))
    n++;
  return n;
}

/* Success, and silent: scripts read nothing they did not ask for. */
static void
assert_quiet_success (const MazeTestRun *run)
{
  if (run->status != 0)
    g_error ("expected success, got exit status %d; stderr: %s", run->status, run->err);
  g_assert_cmpstr (run->err, ==, "");
}

static void
generate_maze (Fixture    *fixture,
               const char *name,
               const char *shape,
               const char *seed)
{
  g_autoptr(MazeTestRun) run = maze_test_run_cli (fixture, "generate", "--shape", shape,
                                                  "--width", "12", "--height", "9", "--seed", seed,
                                                  "-o", name, NULL);

  assert_quiet_success (run);
  g_assert_cmpstr (run->out, ==, "");
}

/* The value of "key":NUMBER or "key":"STRING" in the CLI's flat JSON. */
static char *
json_value (const char *json,
            const char *key)
{
  g_autofree char *pattern = g_strdup_printf ("\"%s\":", key);
  const char *p = strstr (json, pattern);

  if (p == NULL)
    g_error ("no “%s” in %s", key, json);
  p += strlen (pattern);
  while (*p == ' ')
    p++;
  if (*p == '"')
    return g_strndup (p + 1, strcspn (p + 1, "\""));
  return g_strndup (p, strcspn (p, ",}"));
}

/* The "path" of the first solver in solve --json, as text. */
static char *
json_path (const char *json)
{
  const char *p = strstr (json, "\"path\":[");

  g_assert_nonnull (p);
  return g_strndup (p, strstr (p, "]]") + 2 - p);
}

/* ---- PNG bytes ---- */

static guint32
read_be32 (const guchar *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

typedef struct
{
  guint32 width;
  guint32 height;
  guint8  color_type;
  gboolean has_phys;
  guint32 ppm_x;     /* pixels per metre, pHYs */
} PngInfo;

/* Checks the signature and walks the chunks up to IDAT. */
static void
read_png_info (Fixture    *fixture,
               const char *name,
               PngInfo    *info)
{
  static const guchar signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
  gsize length = 0;
  g_autofree char *data = maze_test_read_file_len (fixture, name, &length);
  const guchar *p = (const guchar *) data;
  gsize pos = 8;

  memset (info, 0, sizeof *info);
  g_assert_cmpuint (length, >, 8 + 25);
  g_assert_cmpmem (p, 8, signature, 8);
  /* IHDR comes first. */
  g_assert_cmpuint (read_be32 (p + 8), ==, 13);
  g_assert_cmpmem (p + 12, 4, "IHDR", 4);
  info->width = read_be32 (p + 16);
  info->height = read_be32 (p + 20);
  info->color_type = p[25];

  while (pos + 12 <= length)
    {
      guint32 chunk_len = read_be32 (p + pos);

      if (memcmp (p + pos + 4, "pHYs", 4) == 0 && chunk_len == 9)
        {
          info->has_phys = TRUE;
          info->ppm_x = read_be32 (p + pos + 8);
        }
      if (memcmp (p + pos + 4, "IDAT", 4) == 0)
        break;
      pos += 12 + (gsize) chunk_len;
    }
}

/* The render options the CLI draws a PNG or SVG with: the renderer's
 * defaults, walls and margin scaled with the cell size. */
static void
cli_render_options (MazeRenderOptions *render,
                    double             cell_size)
{
  double scale;

  maze_render_options_init (render);
  scale = cell_size / render->cell_size;
  render->wall_width *= scale;
  render->margin *= scale;
  render->cell_size = cell_size;
}

static void
expected_png_size (const MazePuzzle *puzzle,
                   double            cell_size,
                   double            width,
                   MazeUnit          unit,
                   double            dpi,
                   guint            *width_px,
                   guint            *height_px)
{
  g_autoptr(GError) error = NULL;
  MazeRenderOptions render;
  MazePngOptions png;

  cli_render_options (&render, cell_size);
  maze_render_options_set_endpoints (&render, puzzle);
  maze_png_options_init (&png);
  png.dpi = dpi;
  png.width = width;
  png.unit = unit;
  g_assert_true (maze_png_get_size (puzzle->grid, &render, &png, width_px, height_px, NULL,
                                    &error));
  g_assert_no_error (error);
}

/* ---- PDF pages, through poppler's tools when they are installed ---- */

static gboolean
have_program (const char *name)
{
  g_autofree char *path = g_find_program_in_path (name);

  return path != NULL;
}

static guint
pdf_pages (Fixture    *fixture,
           const char *name)
{
  g_autofree char *path = maze_test_fixture_path (fixture, name);
  const char *argv[] = { "pdfinfo", path, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;
  const char *pages;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                &out, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("pdfinfo %s failed: %s", name, err);
  pages = strstr (out, "\nPages:");
  g_assert_nonnull (pages);
  return (guint) g_ascii_strtoull (pages + strlen ("\nPages:") + strspn (pages + 7, " "), NULL, 10);
}

static char *
pdf_text (Fixture    *fixture,
          const char *name)
{
  g_autofree char *path = maze_test_fixture_path (fixture, name);
  const char *argv[] = { "pdftotext", "-layout", path, "-", NULL };
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status = 0;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                &out, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("pdftotext %s failed: %s", name, err);
  return out;
}

static void
assert_pdf (Fixture    *fixture,
            const char *name,
            guint       pages)
{
  gsize length = 0;
  g_autofree char *data = maze_test_read_file_len (fixture, name, &length);

  g_assert_cmpuint (length, >, 100);
  g_assert_true (g_str_has_prefix (data, "%PDF-"));
  if (have_program ("pdfinfo"))
    g_assert_cmpuint (pdf_pages (fixture, name), ==, pages);
  else
    g_test_message ("pdfinfo not installed: page count of %s not checked", name);
}

/* ---- .maze documents ---- */

static void
test_maze_generate_read (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(MazeTestRun) info = NULL;
  g_autoptr(MazeTestRun) info_text = NULL;
  g_autoptr(MazeTestRun) solve = NULL;
  g_autoptr(MazeTestRun) solve_text = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *id = NULL;
  g_autofree char *value = NULL;
  g_autofree char *path = NULL;
  g_autofree char *path_text = NULL;
  guint sx, sy, ex, ey;

  generate_maze (fixture, "m.maze", "rect", "42");
  generate_maze (fixture, "m.txt", "rect", "42");
  contents = maze_test_read_file (fixture, "m.maze");
  g_assert_true (maze_puzzle_file_sniff (contents, strlen (contents)));

  puzzle = load_puzzle (fixture, "m.maze");
  g_assert_true (puzzle->has_parameters);
  g_assert_cmpuint (puzzle->seed, ==, 42);
  g_assert_cmpint (puzzle->algorithm, ==, MAZE_ALGORITHM_BACKTRACKER);
  g_assert_cmpuint (puzzle->grid->width, ==, 12);
  g_assert_cmpuint (puzzle->grid->height, ==, 9);
  g_assert_null (puzzle->title);
  g_assert_true (maze_grid_check_perfect (puzzle->grid, NULL));
  /* The corners preset, as for text. */
  maze_grid_xy (puzzle->grid, puzzle->start, &sx, &sy);
  maze_grid_xy (puzzle->grid, puzzle->end, &ex, &ey);
  g_assert_cmpuint (sx, ==, 0);
  g_assert_cmpuint (sy, ==, 0);
  g_assert_cmpuint (ex, ==, 11);
  g_assert_cmpuint (ey, ==, 8);

  /* info knows the document: its ID and how it was made. */
  info = maze_test_run_cli (fixture, "info", "m.maze", "--json", NULL);
  assert_quiet_success (info);
  id = maze_puzzle_get_id (puzzle);
  value = json_value (info->out, "id");
  g_assert_cmpstr (value, ==, id);
  g_clear_pointer (&value, g_free);
  value = json_value (info->out, "seed");
  g_assert_cmpstr (value, ==, "42");
  g_clear_pointer (&value, g_free);
  value = json_value (info->out, "algorithm");
  g_assert_cmpstr (value, ==, "backtracker");
  g_assert_nonnull (strstr (info->out, "\"start\":[0,0],\"end\":[11,8]"));
  g_assert_nonnull (strstr (info->out, "\"perfect\":true"));

  /* The same maze as text gives the same figures. */
  info_text = maze_test_run_cli (fixture, "info", "m.txt", "--json", NULL);
  assert_quiet_success (info_text);
  g_assert_cmpstr (strstr (info_text->out, "\"open_cells\""), !=, NULL);
  {
    g_autofree char *a = g_strndup (info->out, strstr (info->out, ",\"id\"") - info->out);
    g_autofree char *b = g_strndup (info_text->out, strstr (info_text->out, ",\"id\"") - info_text->out);

    g_assert_cmpstr (a, ==, b);
  }

  solve = maze_test_run_cli (fixture, "solve", "m.maze", "--solver", "bfs", "--json", NULL);
  assert_quiet_success (solve);
  solve_text = maze_test_run_cli (fixture, "solve", "m.txt", "--solver", "bfs", "--json", NULL);
  assert_quiet_success (solve_text);
  path = json_path (solve->out);
  path_text = json_path (solve_text->out);
  g_assert_cmpstr (path, ==, path_text);
  g_assert_true (g_str_has_prefix (path, "\"path\":[[0,0],"));
  g_assert_true (g_str_has_suffix (path, ",[11,8]]"));
  maze_test_assert_no_temp_files (fixture);
}

/* generate --seed to .maze, then export to text, gives what generate
 * --seed writes as text: for both shapes, braided or not, Unicode too. */
static void
test_maze_round_trip (Fixture       *fixture,
                      gconstpointer  data)
{
  const char *const shapes[] = { "rect", "hex" };
  const char *const seeds[] = { "1", "77", "18446744073709551615" };

  for (guint s = 0; s < G_N_ELEMENTS (shapes); s++)
    for (guint k = 0; k < G_N_ELEMENTS (seeds); k++)
      for (guint braid = 0; braid < 2; braid++)
        {
          const char *braid_value = braid ? "0.5" : "0";
          g_autoptr(MazeTestRun) doc = maze_test_run_cli (fixture, "generate", "--shape", shapes[s],
                                                          "--width", "11", "--height", "7",
                                                          "--seed", seeds[k],
                                                          "--braid", braid_value,
                                                          "--algorithm", "kruskal",
                                                          "-o", "r.maze", NULL);
          g_autoptr(MazeTestRun) text = maze_test_run_cli (fixture, "generate",
                                                           "--shape", shapes[s], "--width", "11",
                                                           "--height", "7", "--seed", seeds[k],
                                                           "--braid", braid_value,
                                                           "--algorithm", "kruskal", NULL);
          g_autoptr(MazeTestRun) unicode = maze_test_run_cli (fixture, "generate",
                                                              "--shape", shapes[s], "--width", "11",
                                                              "--height", "7", "--seed", seeds[k],
                                                              "--braid", braid_value,
                                                              "--algorithm", "kruskal",
                                                              "--unicode", NULL);
          g_autoptr(MazeTestRun) exported = NULL;
          g_autoptr(MazeTestRun) to_stdout = NULL;
          g_autoptr(MazeTestRun) exported_unicode = NULL;
          g_autofree char *contents = NULL;

          g_test_message ("%s seed %s braid %s", shapes[s], seeds[k], braid_value);
          assert_quiet_success (doc);
          assert_quiet_success (text);
          assert_quiet_success (unicode);

          exported = maze_test_run_cli (fixture, "export", "r.maze", "-o", "r.txt", NULL);
          assert_quiet_success (exported);
          g_assert_cmpstr (exported->out, ==, "");
          contents = maze_test_read_file (fixture, "r.txt");
          g_assert_cmpstr (contents, ==, text->out);

          to_stdout = maze_test_run_cli (fixture, "export", "r.maze", "--format", "text", "-o",
                                         "-", NULL);
          assert_quiet_success (to_stdout);
          g_assert_cmpstr (to_stdout->out, ==, text->out);

          exported_unicode = maze_test_run_cli (fixture, "export", "r.maze", "--format", "unicode",
                                                "-o", "-", NULL);
          assert_quiet_success (exported_unicode);
          g_assert_cmpstr (exported_unicode->out, ==, unicode->out);
        }
  maze_test_assert_no_temp_files (fixture);
}

/* --format overrides the extension either way; --title lands in the file. */
static void
test_maze_format (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(MazeTestRun) text_in_maze = maze_test_run_cli (fixture, "generate", "--seed", "3",
                                                           "--format", "text",
                                                           "-o", "t.maze", NULL);
  g_autoptr(MazeTestRun) unicode_in_maze = maze_test_run_cli (fixture, "generate", "--seed", "3",
                                                              "--format", "unicode",
                                                              "-o", "u.maze", NULL);
  g_autoptr(MazeTestRun) maze_in_txt = maze_test_run_cli (fixture, "generate", "--seed", "3",
                                                          "--format", "maze",
                                                          "--title", "Spring fair",
                                                          "-o", "m.txt", NULL);
  g_autoptr(MazeTestRun) maze_stdout = maze_test_run_cli (fixture, "generate", "--seed", "3",
                                                          "--format", "maze", NULL);
  g_autoptr(MazeTestRun) plain = maze_test_run_cli (fixture, "generate", "--seed", "3", NULL);
  g_autoptr(MazeTestRun) upper = maze_test_run_cli (fixture, "generate", "--seed", "3",
                                                    "-o", "UP.MAZE", NULL);
  g_autoptr(MazeTestRun) solve = NULL;
  g_autoptr(MazeTestRun) info = NULL;
  g_autoptr(MazePuzzle) titled = NULL;
  g_autoptr(MazePuzzle) from_stdout = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *t = NULL;
  g_autofree char *u = NULL;
  g_autofree char *up = NULL;
  g_autofree char *title = NULL;

  assert_quiet_success (text_in_maze);
  assert_quiet_success (unicode_in_maze);
  assert_quiet_success (maze_in_txt);
  assert_quiet_success (maze_stdout);
  assert_quiet_success (upper);

  t = maze_test_read_file (fixture, "t.maze");
  g_assert_cmpstr (t, ==, plain->out);
  u = maze_test_read_file (fixture, "u.maze");
  g_assert_true (g_str_has_prefix (u, "\xe2\x94") || g_str_has_prefix (u, "\xe2\x95"));

  titled = load_puzzle (fixture, "m.txt");
  g_assert_cmpstr (titled->title, ==, "Spring fair");
  from_stdout = maze_puzzle_from_json (maze_stdout->out, -1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (from_stdout);
  g_assert_true (maze_grid_equal (from_stdout->grid, titled->grid));
  up = maze_test_read_file (fixture, "UP.MAZE");
  g_assert_true (maze_puzzle_file_sniff (up, strlen (up)));

  /* The content decides, not the name: a .maze document called m.txt
   * and a text maze called t.maze both read right. */
  solve = maze_test_run_cli (fixture, "solve", "t.maze", "--solver", "bfs", NULL);
  assert_quiet_success (solve);
  info = maze_test_run_cli (fixture, "info", "m.txt", NULL);
  assert_quiet_success (info);
  g_assert_nonnull (strstr (info->out, "Spring fair"));
  g_assert_nonnull (strstr (info->out, "seed 3"));
  title = json_value (maze_stdout->out, "format");
  g_assert_cmpstr (title, ==, "mazewright");
}

/* A text maze exported as .maze: no parameters, its doors as start and
 * end, and back to the same text. */
static void
test_maze_from_text (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(MazeTestRun) to_maze = NULL;
  g_autoptr(MazeTestRun) back = NULL;
  g_autoptr(MazeTestRun) moved = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;
  g_autoptr(MazePuzzle) puzzle_moved = NULL;
  g_autofree char *original = NULL;
  guint x, y;

  generate_maze (fixture, "m.txt", "rect", "8");
  to_maze = maze_test_run_cli (fixture, "export", "m.txt", "-o", "m.maze",
                               "--title", "Imported", NULL);
  assert_quiet_success (to_maze);
  puzzle = load_puzzle (fixture, "m.maze");
  g_assert_false (puzzle->has_parameters);
  g_assert_cmpstr (puzzle->title, ==, "Imported");
  maze_grid_xy (puzzle->grid, puzzle->start, &x, &y);
  g_assert_cmpuint (x + y, ==, 0);
  maze_grid_xy (puzzle->grid, puzzle->end, &x, &y);
  g_assert_cmpuint (x, ==, 11);
  g_assert_cmpuint (y, ==, 8);

  back = maze_test_run_cli (fixture, "export", "m.maze", "-o", "back.txt", NULL);
  assert_quiet_success (back);
  original = maze_test_read_file (fixture, "m.txt");
  {
    g_autofree char *again = maze_test_read_file (fixture, "back.txt");

    g_assert_cmpstr (again, ==, original);
  }

  /* --from/--to move them. */
  moved = maze_test_run_cli (fixture, "export", "m.txt", "-o", "moved.maze", "--from", "3,2",
                             "--to", "5,6", NULL);
  assert_quiet_success (moved);
  puzzle_moved = load_puzzle (fixture, "moved.maze");
  g_assert_cmpuint (puzzle_moved->start, ==, maze_grid_index (puzzle_moved->grid, 3, 2));
  g_assert_cmpuint (puzzle_moved->end, ==, maze_grid_index (puzzle_moved->grid, 5, 6));
}

/* ---- images ---- */

static void
test_png (Fixture       *fixture,
          gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = NULL;
  g_autoptr(MazeTestRun) plain = NULL;
  g_autoptr(MazeTestRun) small = NULL;
  g_autoptr(MazeTestRun) physical = NULL;
  g_autoptr(MazeTestRun) pixels = NULL;
  g_autoptr(MazeTestRun) mono = NULL;
  g_autoptr(MazeTestRun) clear = NULL;
  g_autoptr(MazeTestRun) styled = NULL;
  g_autoptr(MazeTestRun) verbose = NULL;
  g_autoptr(MazeTestRun) hex = NULL;
  g_autoptr(MazePuzzle) hex_puzzle = NULL;
  MazeRenderOptions render;
  PngInfo info;
  guint w, h;

  generate_maze (fixture, "m.maze", "rect", "5");
  puzzle = load_puzzle (fixture, "m.maze");

  /* Defaults: 20 px cells, placed as wide as a page's text block. */
  plain = maze_test_run_cli (fixture, "export", "m.maze", "-o", "m.png", NULL);
  assert_quiet_success (plain);
  g_assert_cmpstr (plain->out, ==, "");
  read_png_info (fixture, "m.png", &info);
  expected_png_size (puzzle, 20, 0, MAZE_UNIT_PX, 300, &w, &h);
  g_assert_cmpuint (info.width, ==, w);
  g_assert_cmpuint (info.height, ==, h);
  /* The cells and a margin on each side. */
  cli_render_options (&render, 20);
  g_assert_cmpfloat (info.width, >=, 12 * 20);
  g_assert_cmpfloat (fabs (info.width - (12 * 20 + 2 * render.margin)), <=, 1.0);
  g_assert_cmpfloat (fabs (info.height - (9 * 20 + 2 * render.margin)), <=, 1.0);
  g_assert_true (info.has_phys);
  g_assert_cmpfloat_with_epsilon (info.width / (double) info.ppm_x, 0.160, 0.0002);

  small = maze_test_run_cli (fixture, "export", "m.maze", "-o", "s.png", "--cell-size", "7",
                             "--dpi", "96", NULL);
  assert_quiet_success (small);
  read_png_info (fixture, "s.png", &info);
  expected_png_size (puzzle, 7, 0, MAZE_UNIT_PX, 96, &w, &h);
  g_assert_cmpuint (info.width, ==, w);
  g_assert_cmpuint (info.height, ==, h);
  g_assert_cmpuint (info.width, <, 12 * 20);
  g_assert_cmpuint (info.ppm_x, ==, (guint32) (96 / 0.0254 + 0.5));

  /* A physical width: 180 mm at 150 dpi is 1063 px. */
  physical = maze_test_run_cli (fixture, "export", "m.maze", "-o", "p.png", "--width", "180mm",
                                "--dpi", "150", NULL);
  assert_quiet_success (physical);
  read_png_info (fixture, "p.png", &info);
  expected_png_size (puzzle, 20, 180, MAZE_UNIT_MM, 150, &w, &h);
  g_assert_cmpuint (info.width, ==, w);
  g_assert_cmpuint (info.height, ==, h);
  g_assert_cmpuint (info.width, ==, 1063);

  pixels = maze_test_run_cli (fixture, "export", "m.maze", "-o", "x.png",
                              "--width", "1200px", NULL);
  assert_quiet_success (pixels);
  read_png_info (fixture, "x.png", &info);
  g_assert_cmpuint (info.width, ==, 1200);

  /* Black and white prints as grey; a clear background needs alpha,
   * in a palette (tRNS) when the colours are few. */
  mono = maze_test_run_cli (fixture, "export", "m.maze", "-o", "mono.png", "--monochrome", NULL);
  assert_quiet_success (mono);
  read_png_info (fixture, "mono.png", &info);
  g_assert_cmpuint (info.color_type, ==, 0);
  clear = maze_test_run_cli (fixture, "export", "m.maze", "-o", "clear.png", "--transparent", NULL);
  assert_quiet_success (clear);
  read_png_info (fixture, "clear.png", &info);
  g_assert_cmpuint (info.color_type, ==, 3);

  styled = maze_test_run_cli (fixture, "export", "m.maze", "-o", "styled.png", "--solution",
                              "--solution-style", "dashed", "--wall-color", "#1A5FB4",
                              "--background-color", "#ffffee", "--solution-color", "#e01b24",
                              "--wall-width", "3.5", "--no-markers", "--no-doors",
                              "--title", "Styled", NULL);
  assert_quiet_success (styled);
  read_png_info (fixture, "styled.png", &info);
  expected_png_size (puzzle, 20, 0, MAZE_UNIT_PX, 300, &w, &h);
  g_assert_cmpuint (info.width, ==, w);

  /* --verbose says what it wrote, on stderr. */
  verbose = maze_test_run_cli (fixture, "export", "m.maze", "-o", "v.png", "--verbose", NULL);
  maze_test_assert_success (verbose);
  g_assert_cmpstr (verbose->out, ==, "");
  g_assert_nonnull (strstr (verbose->err, "v.png"));
  read_png_info (fixture, "v.png", &info);
  {
    g_autofree char *dpi = g_strdup_printf (" at %.0f dpi", info.width / (160 / 25.4));

    g_assert_nonnull (strstr (verbose->err, dpi));
  }

  generate_maze (fixture, "h.maze", "hex", "5");
  hex_puzzle = load_puzzle (fixture, "h.maze");
  hex = maze_test_run_cli (fixture, "export", "h.maze", "-o", "h.png", "--solution", NULL);
  assert_quiet_success (hex);
  read_png_info (fixture, "h.png", &info);
  expected_png_size (hex_puzzle, 20, 0, MAZE_UNIT_PX, 300, &w, &h);
  g_assert_cmpuint (info.width, ==, w);
  g_assert_cmpuint (info.height, ==, h);
  maze_test_assert_no_temp_files (fixture);
}

static double
svg_attribute (const char *svg,
               const char *name,
               char      **unit)
{
  g_autofree char *pattern = g_strdup_printf (" %s=\"", name);
  const char *root = strstr (svg, "<svg");
  const char *p;
  char *end = NULL;
  double value;

  g_assert_nonnull (root);
  p = strstr (root, pattern);
  g_assert_nonnull (p);
  p += strlen (pattern);
  value = g_ascii_strtod (p, &end);
  *unit = g_strndup (end, strcspn (end, "\""));
  return value;
}

static void
test_svg (Fixture       *fixture,
          gconstpointer  data)
{
  g_autoptr(MazeTestRun) plain = NULL;
  g_autoptr(MazeTestRun) solution = NULL;
  g_autoptr(MazeTestRun) physical = NULL;
  g_autoptr(MazeTestRun) inches = NULL;
  g_autoptr(MazeTestRun) pixels = NULL;
  g_autoptr(MazeTestRun) hex = NULL;
  g_autofree char *svg = NULL;
  g_autofree char *unit = NULL;
  double width;

  generate_maze (fixture, "m.maze", "rect", "6");
  plain = maze_test_run_cli (fixture, "export", "m.maze", "-o", "m.svg", NULL);
  assert_quiet_success (plain);
  svg = maze_test_read_file (fixture, "m.svg");
  g_assert_true (g_str_has_prefix (svg, "<?xml") || g_str_has_prefix (svg, "<svg"));
  g_assert_nonnull (strstr (svg, "id=\"walls\""));
  g_assert_true (g_utf8_validate (svg, -1, NULL));
  width = svg_attribute (svg, "width", &unit);
  g_assert_cmpfloat (width, >=, 12 * 20);
  g_clear_pointer (&svg, g_free);
  g_clear_pointer (&unit, g_free);

  solution = maze_test_run_cli (fixture, "export", "m.maze", "-o", "s.svg", "--solution",
                                "--title", "With <answer> & more", NULL);
  assert_quiet_success (solution);
  svg = maze_test_read_file (fixture, "s.svg");
  g_assert_nonnull (strstr (svg, "id=\"solution\""));
  /* The title is in the file, escaped. */
  g_assert_nonnull (strstr (svg, "With &lt;answer"));
  g_assert_nonnull (strstr (svg, " &amp; more"));
  g_clear_pointer (&svg, g_free);

  physical = maze_test_run_cli (fixture, "export", "m.maze", "-o", "p.svg",
                                "--width", "180mm", NULL);
  assert_quiet_success (physical);
  svg = maze_test_read_file (fixture, "p.svg");
  width = svg_attribute (svg, "width", &unit);
  g_assert_cmpfloat (fabs (width - 180.0), <, 0.01);
  g_assert_cmpstr (unit, ==, "mm");
  g_clear_pointer (&svg, g_free);
  g_clear_pointer (&unit, g_free);

  inches = maze_test_run_cli (fixture, "export", "m.maze", "-o", "i.svg", "--width", "7in", NULL);
  assert_quiet_success (inches);
  svg = maze_test_read_file (fixture, "i.svg");
  width = svg_attribute (svg, "width", &unit);
  g_assert_cmpfloat (fabs (width - 7.0), <, 0.01);
  g_assert_cmpstr (unit, ==, "in");
  g_clear_pointer (&svg, g_free);
  g_clear_pointer (&unit, g_free);

  /* Pixels are the SVG's own units: the drawing is that wide. */
  pixels = maze_test_run_cli (fixture, "export", "m.maze", "-o", "x.svg",
                              "--width", "1200px", NULL);
  assert_quiet_success (pixels);
  svg = maze_test_read_file (fixture, "x.svg");
  width = svg_attribute (svg, "width", &unit);
  g_assert_cmpfloat (fabs (width - 1200.0), <=, 1.0);
  g_assert_true (g_str_equal (unit, "") || g_str_equal (unit, "px"));
  g_clear_pointer (&svg, g_free);

  generate_maze (fixture, "h.maze", "hex", "6");
  hex = maze_test_run_cli (fixture, "export", "h.maze", "-o", "h.svg", "--monochrome", NULL);
  assert_quiet_success (hex);
  svg = maze_test_read_file (fixture, "h.svg");
  g_assert_nonnull (strstr (svg, "id=\"walls\""));
  maze_test_assert_no_temp_files (fixture);
}

/* A default PNG is placed as wide as a page's text block, 160 mm,
 * whatever the maze's size (it once was 27 mm for a 10×10 maze); an
 * explicit --dpi is kept. */
static void
test_png_placed (Fixture       *fixture,
                 gconstpointer  data)
{
  const char *sizes[] = { "5", "30", "300" };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(MazeTestRun) made = NULL;
      g_autoptr(MazeTestRun) plain = NULL;
      g_autoptr(MazeTestRun) fixed = NULL;
      PngInfo info;

      made = maze_test_run_cli (fixture, "generate", "--width", sizes[i], "--height", sizes[i],
                                "--seed", "2", "-o", "s.maze", NULL);
      assert_quiet_success (made);
      plain = maze_test_run_cli (fixture, "export", "s.maze", "-o", "s.png", NULL);
      assert_quiet_success (plain);
      read_png_info (fixture, "s.png", &info);
      g_test_message ("%s cells: %u px at %u px/m", sizes[i], info.width, info.ppm_x);
      g_assert_cmpfloat_with_epsilon (info.width / (double) info.ppm_x, 0.160, 0.0005);

      fixed = maze_test_run_cli (fixture, "export", "s.maze", "-o", "f.png", "--dpi", "300", NULL);
      assert_quiet_success (fixed);
      read_png_info (fixture, "f.png", &info);
      g_assert_cmpuint (info.ppm_x, ==, (guint32) (300 / 0.0254 + 0.5));
    }
}

/* The default instructions name only what the page shows of the ends. */
static void
test_pdf_instructions (Fixture       *fixture,
                       gconstpointer  data)
{
  const struct
  {
    const char *flags[3];
    const char *says;
  } cases[] = {
    { { NULL }, "Find the way from Start to Finish." },
    { { "--no-labels", NULL }, "Find the way from the circle to the square." },
    { { "--no-labels", "--no-markers", NULL }, "Find the way in at one opening and out at the other." },
    { { "--no-labels", "--no-markers", "--no-doors" }, "Find a way through the maze." },
  };

  if (!have_program ("pdftotext"))
    {
      g_test_skip ("pdftotext not installed");
      return;
    }
  generate_maze (fixture, "m.maze", "rect", "3");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *argv[8] = { "export", "m.maze", "-o", "i.pdf", NULL };
      g_autoptr(MazeTestRun) run = NULL;
      g_autofree char *text = NULL;
      guint n = 4;

      for (guint k = 0; k < 3 && cases[i].flags[k] != NULL; k++)
        argv[n++] = cases[i].flags[k];
      run = maze_test_run_cliv (fixture, argv);
      assert_quiet_success (run);
      text = pdf_text (fixture, "i.pdf");
      if (strstr (text, cases[i].says) == NULL)
        g_error ("case %u: the page does not say “%s”: %s", i, cases[i].says, text);
      if (i > 0)
        g_assert_null (strstr (text, "Start to Finish"));
    }
}

/* A maze of one cell: its labels read "Start Finish", and its text
 * export imports back with start and end in that cell. */
static void
test_one_cell (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(MazeTestRun) made = maze_test_run_cli (fixture, "generate", "--width", "1",
                                                   "--height", "1", "--seed", "1",
                                                   "-o", "one.maze", NULL);
  g_autoptr(MazeTestRun) text = NULL;
  g_autoptr(MazeTestRun) back = NULL;
  g_autoptr(MazeTestRun) pdf = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;

  assert_quiet_success (made);
  text = maze_test_run_cli (fixture, "export", "one.maze", "-o", "one.txt", NULL);
  assert_quiet_success (text);
  back = maze_test_run_cli (fixture, "export", "one.txt", "-o", "back.maze", NULL);
  assert_quiet_success (back);
  puzzle = load_puzzle (fixture, "back.maze");
  g_assert_cmpuint (puzzle->start, ==, 0);
  g_assert_cmpuint (puzzle->end, ==, 0);

  pdf = maze_test_run_cli (fixture, "export", "one.maze", "-o", "one.pdf", NULL);
  assert_quiet_success (pdf);
  if (have_program ("pdftotext"))
    {
      g_autofree char *page = pdf_text (fixture, "one.pdf");

      /* The labels side by side over the one door. */
      g_assert_nonnull (strstr (page, "Start Finish"));
      g_assert_null (strstr (page, "Finish Start"));
    }
}

/* ---- mud ---- */

/* On a maze with mud, `info` measures the cheapest way, the one `solve
 * --solver dijkstra` finds. */
static void
test_mud_info (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(MazePuzzle) muddy = maze_test_new_muddy_puzzle ();
  g_autoptr(MazeSolution) cheapest = NULL;
  g_autoptr(MazeTestRun) info = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = maze_test_fixture_path (fixture, "mud.maze");
  g_autofree char *length = NULL;
  g_autofree char *expected = NULL;

  g_assert_true (maze_puzzle_save (muddy, path, &error));
  g_assert_no_error (error);
  cheapest = maze_solve (muddy->grid, MAZE_SOLVER_DIJKSTRA, muddy->start, muddy->end, NULL, NULL);
  info = maze_test_run_cli (fixture, "info", "mud.maze", "--json", NULL);
  assert_quiet_success (info);
  length = json_value (info->out, "solution_length");
  expected = g_strdup_printf ("%u", cheapest->path_len);
  g_assert_cmpstr (length, ==, expected);
}

/* A worksheet of a maze with mud says what mud costs, in the default
 * instructions and after the user's own; none when asked for none. */
static void
test_mud_instructions (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(MazePuzzle) muddy = maze_test_new_muddy_puzzle ();
  g_autoptr(MazeTestRun) plain = NULL;
  g_autoptr(MazeTestRun) own = NULL;
  g_autoptr(MazeTestRun) none = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = maze_test_fixture_path (fixture, "mud.maze");

  if (!have_program ("pdftotext"))
    {
      g_test_skip ("pdftotext not installed");
      return;
    }
  g_assert_true (maze_puzzle_save (muddy, path, &error));
  g_assert_no_error (error);
  plain = maze_test_run_cli (fixture, "export", "mud.maze", "-o", "plain.pdf", NULL);
  own = maze_test_run_cli (fixture, "export", "mud.maze", "-o", "own.pdf",
                           "--instructions", "Help the frog home.", NULL);
  none = maze_test_run_cli (fixture, "export", "mud.maze", "-o", "none.pdf",
                            "--instructions", "", NULL);
  assert_quiet_success (plain);
  assert_quiet_success (own);
  assert_quiet_success (none);
  {
    g_autofree char *text = pdf_text (fixture, "plain.pdf");
    g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
    g_autofree char *flat = g_strjoinv (" ", lines);

    g_assert_nonnull (strstr (flat, "Dotted cells are mud: stepping into one costs 9 steps."));
    g_assert_nonnull (strstr (flat, "Find the cheapest way from Start to Finish."));
  }
  {
    g_autofree char *text = pdf_text (fixture, "own.pdf");

    g_assert_nonnull (strstr (text, "Help the frog home. Dotted cells are mud"));
  }
  {
    g_autofree char *text = pdf_text (fixture, "none.pdf");

    g_assert_null (strstr (text, "mud"));
  }
}

/* ---- PDF worksheets ---- */

/* A page nobody could read is refused (exit 2, nothing written), naming
 * the largest maze that fits; a long narrow maze gets a landscape page
 * unless --portrait says otherwise; a PNG of 1-pixel cells is refused. */
static void
test_pdf_legible (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(MazeTestRun) made = NULL;
  g_autoptr(MazeTestRun) big = NULL;
  g_autoptr(MazeTestRun) wide = NULL;
  g_autoptr(MazeTestRun) wide_made = NULL;
  g_autoptr(MazeTestRun) portrait = NULL;
  g_autoptr(MazeTestRun) both = NULL;
  g_autoptr(MazeTestRun) tiny = NULL;
  g_autoptr(GFile) pdf = NULL;
  g_autoptr(GFile) png = NULL;

  made = maze_test_run_cli (fixture, "generate", "--width", "300", "--height", "300",
                            "--seed", "4", "-o", "big.maze", NULL);
  assert_quiet_success (made);
  big = maze_test_run_cli (fixture, "export", "big.maze", "-o", "big.pdf", NULL);
  maze_test_assert_usage_error (big, "too small to draw through");
  g_assert_nonnull (strstr (big->err, "the largest maze of its proportions that fits is "));
  pdf = g_file_new_build_filename (fixture->dir, "big.pdf", NULL);
  g_assert_false (g_file_query_exists (pdf, NULL));

  wide_made = maze_test_run_cli (fixture, "generate", "--width", "80", "--height", "2",
                                 "--seed", "4", "-o", "wide.maze", NULL);
  assert_quiet_success (wide_made);
  wide = maze_test_run_cli (fixture, "export", "wide.maze", "-o", "wide.pdf", NULL);
  assert_quiet_success (wide);
  assert_pdf (fixture, "wide.pdf", 1);
  portrait = maze_test_run_cli (fixture, "export", "wide.maze", "-o", "p.pdf", "--portrait", NULL);
  maze_test_assert_usage_error (portrait, "too small to draw through");
  both = maze_test_run_cli (fixture, "export", "wide.maze", "-o", "p.pdf", "--portrait",
                            "--landscape", NULL);
  maze_test_assert_usage_error (both, "--portrait and --landscape");
  if (have_program ("pdfinfo"))
    {
      g_autofree char *path = maze_test_fixture_path (fixture, "wide.pdf");
      const char *argv[] = { "pdfinfo", path, NULL };
      g_autofree char *out = NULL;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                                   &out, NULL, NULL, NULL));
      g_assert_nonnull (strstr (out, "841.89 x 595.276 pts"));
    }

  tiny = maze_test_run_cli (fixture, "export", "big.maze", "-o", "tiny.png", "--cell-size", "1",
                            NULL);
  maze_test_assert_usage_error (tiny, "at least 2 pixels");
  png = g_file_new_build_filename (fixture->dir, "tiny.png", NULL);
  g_assert_false (g_file_query_exists (png, NULL));
}

/* What a page refuses, --poster prints over several: 200 × 200 cells
 * of 3 mm on 4 × 3 sheets of A4, and as many again for the answer key;
 * a poster's cells are given in mm, and no smaller than a page's
 * least. */
static void
test_pdf_poster (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(MazeTestRun) made = NULL;
  g_autoptr(MazeTestRun) refused = NULL;
  g_autoptr(MazeTestRun) poster = NULL;
  g_autoptr(MazeTestRun) bigger = NULL;
  g_autoptr(MazeTestRun) tiny = NULL;
  g_autoptr(MazeTestRun) no_poster = NULL;
  g_autoptr(MazeTestRun) batch = NULL;
  g_autoptr(MazeTestRun) huge = NULL;
  g_autoptr(GFile) pdf = NULL;

  made = maze_test_run_cli (fixture, "generate", "--width", "200", "--height", "200",
                            "--seed", "4", "-o", "big.maze", NULL);
  assert_quiet_success (made);
  refused = maze_test_run_cli (fixture, "export", "big.maze", "-o", "big.pdf", NULL);
  maze_test_assert_usage_error (refused, "too small to draw through");
  g_assert_nonnull (strstr (refused->err, "--poster"));

  poster = maze_test_run_cli (fixture, "export", "big.maze", "-o", "big.pdf", "--poster",
                              "--answer-key", NULL);
  assert_quiet_success (poster);
  assert_pdf (fixture, "big.pdf", 24);
  bigger = maze_test_run_cli (fixture, "export", "big.maze", "-o", "bigger.pdf", "--poster",
                              "--cell-size", "6", NULL);
  assert_quiet_success (bigger);
  assert_pdf (fixture, "bigger.pdf", 40);

  tiny = maze_test_run_cli (fixture, "export", "big.maze", "-o", "tiny.pdf", "--poster",
                            "--cell-size", "2", NULL);
  maze_test_assert_usage_error (tiny, "at least 3 mm");
  no_poster = maze_test_run_cli (fixture, "export", "big.maze", "-o", "tiny.pdf",
                                 "--cell-size", "5", NULL);
  maze_test_assert_usage_error (no_poster, "--poster");
  batch = maze_test_run_cli (fixture, "export", "big.maze", "-o", "tiny.pdf", "--poster",
                             "--batch", "2", NULL);
  maze_test_assert_usage_error (batch, "--batch");
  /* 8 m a side: 48 × 32 sheets, past the limit. */
  huge = maze_test_run_cli (fixture, "export", "big.maze", "-o", "tiny.pdf", "--poster",
                            "--cell-size", "40", NULL);
  maze_test_assert_usage_error (huge, "a poster of 1536 sheets, more than 1000");
  pdf = g_file_new_build_filename (fixture->dir, "tiny.pdf", NULL);
  g_assert_false (g_file_query_exists (pdf, NULL));
}

static void
test_pdf (Fixture       *fixture,
          gconstpointer  data)
{
  g_autoptr(MazeTestRun) plain = NULL;
  g_autoptr(MazeTestRun) key = NULL;
  g_autoptr(MazeTestRun) batch = NULL;
  g_autoptr(MazeTestRun) batch_key = NULL;
  g_autoptr(MazeTestRun) four = NULL;
  g_autoptr(MazeTestRun) options = NULL;
  g_autoptr(MazeTestRun) bare = NULL;
  g_autoptr(MazeTestRun) verbose = NULL;
  g_autoptr(MazeTestRun) from_text = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;

  generate_maze (fixture, "m.maze", "rect", "100");
  puzzle = load_puzzle (fixture, "m.maze");

  plain = maze_test_run_cli (fixture, "export", "m.maze", "-o", "m.pdf", NULL);
  assert_quiet_success (plain);
  g_assert_cmpstr (plain->out, ==, "");
  assert_pdf (fixture, "m.pdf", 1);

  key = maze_test_run_cli (fixture, "export", "m.maze", "-o", "key.pdf", "--answer-key", NULL);
  assert_quiet_success (key);
  assert_pdf (fixture, "key.pdf", 2);

  batch = maze_test_run_cli (fixture, "export", "m.maze", "-o", "batch.pdf", "--batch", "3",
                             "--per-page", "2", NULL);
  assert_quiet_success (batch);
  assert_pdf (fixture, "batch.pdf", 2);

  batch_key = maze_test_run_cli (fixture, "export", "m.maze", "-o", "batch-key.pdf", "--batch", "3",
                                 "--per-page", "2", "--answer-key", NULL);
  assert_quiet_success (batch_key);
  assert_pdf (fixture, "batch-key.pdf", 4);

  four = maze_test_run_cli (fixture, "export", "m.maze", "-o", "four.pdf", "--batch", "5",
                            "--per-page", "4", "--paper", "letter", "--landscape", NULL);
  assert_quiet_success (four);
  assert_pdf (fixture, "four.pdf", 2);

  options = maze_test_run_cli (fixture, "export", "m.maze", "-o", "o.pdf", "--title", "Spring Maze",
                               "--instructions", "Find the way out", "--margin", "20",
                               "--monochrome", "--wall-width", "1.5", "--solution-style", "thin",
                               "--no-labels", "--no-name-line", "--answer-key", NULL);
  assert_quiet_success (options);
  assert_pdf (fixture, "o.pdf", 2);

  bare = maze_test_run_cli (fixture, "export", "m.maze", "-o", "bare.pdf", "--title", "",
                            "--instructions", "", "--no-name-line", "--no-labels", "--margin", "0",
                            NULL);
  assert_quiet_success (bare);
  assert_pdf (fixture, "bare.pdf", 1);

  /* The seeds of a batch, and the IDs printed on its pages. */
  verbose = maze_test_run_cli (fixture, "export", "m.maze", "-o", "v.pdf", "--batch", "3",
                               "--verbose", NULL);
  maze_test_assert_success (verbose);
  g_assert_cmpstr (verbose->out, ==, "");
  g_assert_nonnull (strstr (verbose->err, "v.pdf"));
  for (guint i = 0; i < 3; i++)
    {
      MazeGenerateOptions gen;
      g_autoptr(MazePuzzle) expected = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *id = NULL;
      g_autofree char *seed = g_strdup_printf ("seed %u", 100 + i);

      maze_generate_options_init (&gen);
      gen.seed = 100 + i;
      expected = maze_puzzle_generate (MAZE_SHAPE_RECT, 12, 9, &gen, 0,
                                       MAZE_ENDPOINTS_CORNERS, &error);
      g_assert_no_error (error);
      id = maze_puzzle_get_id (expected);
      g_assert_nonnull (strstr (verbose->err, id));
      g_assert_nonnull (strstr (verbose->err, seed));
      if (i == 0)
        {
          /* The first is the file itself. */
          g_autofree char *file_id = maze_puzzle_get_id (puzzle);

          g_assert_cmpstr (id, ==, file_id);
        }
      if (have_program ("pdftotext"))
        {
          g_autofree char *text = pdf_text (fixture, "v.pdf");

          g_assert_nonnull (strstr (text, id));
        }
    }

  if (have_program ("pdftotext"))
    {
      g_autofree char *text = pdf_text (fixture, "o.pdf");
      g_autofree char *plain_text = pdf_text (fixture, "m.pdf");
      g_autofree char *bare_text = pdf_text (fixture, "bare.pdf");

      g_assert_nonnull (strstr (text, "Spring Maze"));
      g_assert_nonnull (strstr (text, "Find the way out"));
      /* The name line is there by default, and gone when asked. */
      if (strstr (plain_text, "Name") != NULL)
        {
          g_assert_null (strstr (text, "Name"));
          g_assert_null (strstr (bare_text, "Name"));
        }
      else
        g_test_message ("no “Name” on the default page: --no-name-line not checked");
    }

  /* A text maze with doors makes a worksheet too. */
  generate_maze (fixture, "m.txt", "rect", "100");
  from_text = maze_test_run_cli (fixture, "export", "m.txt", "-o", "t.pdf", "--answer-key", NULL);
  assert_quiet_success (from_text);
  assert_pdf (fixture, "t.pdf", 2);
  maze_test_assert_no_temp_files (fixture);
}

/* A maze whose masked middle column leaves no way from start to end:
 * export with an answer key and info refuse it as bad input (exit 2),
 * saying so, not "Cannot write"; an existing file stays as it was. */
static void
test_no_way_through (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 5, 3, NULL);
  g_autoptr(MazePuzzle) puzzle = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeTestRun) pdf = NULL;
  g_autoptr(MazeTestRun) info = NULL;
  g_autofree char *path = maze_test_fixture_path (fixture, "split.maze");
  g_autofree char *after = NULL;

  for (guint y = 0; y < 3; y++)
    {
      maze_grid_set_masked (grid, 2, y, TRUE);
      /* Each side a comb: a row and a spine (N, E, S, W = 0..3). */
      maze_grid_set_passage (grid, 0, y, 1, TRUE);
      maze_grid_set_passage (grid, 3, y, 1, TRUE);
      if (y < 2)
        {
          maze_grid_set_passage (grid, 0, y, 2, TRUE);
          maze_grid_set_passage (grid, 4, y, 2, TRUE);
        }
    }
  puzzle = maze_puzzle_new_for_grid (g_steal_pointer (&grid), 0, 14);
  g_assert_true (maze_puzzle_save (puzzle, path, &error));
  g_assert_no_error (error);

  maze_test_write_file (fixture, "x.pdf", "old");
  pdf = maze_test_run_cli (fixture, "export", "split.maze", "-o", "x.pdf", "--answer-key", NULL);
  g_assert_cmpint (pdf->status, ==, 2);
  maze_test_assert_one_line (pdf->err, "no path");
  g_assert_null (strstr (pdf->err, "Cannot write"));
  after = maze_test_read_file (fixture, "x.pdf");
  g_assert_cmpstr (after, ==, "old");

  info = maze_test_run_cli (fixture, "info", "split.maze", NULL);
  g_assert_cmpint (info->status, ==, 2);
  maze_test_assert_one_line (info->err, "no path");

  /* A worksheet without its key is no more solvable: refused alike (it
   * was written, exit 0). */
  {
    g_autoptr(MazeTestRun) sheet = maze_test_run_cli (fixture, "export", "split.maze", "-o", "x.pdf", NULL);

    g_assert_cmpint (sheet->status, ==, 2);
    maze_test_assert_one_line (sheet->err, "no path");
    g_clear_pointer (&after, g_free);
    after = maze_test_read_file (fixture, "x.pdf");
    g_assert_cmpstr (after, ==, "old");
  }
}

/* A shaped maze (mask edits in its history) keeps its shape in a batch. */
static void
test_pdf_batch_history (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeTestRun) run = NULL;
  MazeGenerateOptions gen;
  MazeEdit edit = { 0 };
  guint8 mask[4] = { 1, 1, 1, 0 };
  g_autofree char *path = maze_test_fixture_path (fixture, "shaped.maze");

  maze_generate_options_init (&gen);
  gen.seed = 9;
  puzzle = maze_puzzle_generate (MAZE_SHAPE_RECT, 10, 8, &gen, 0, MAZE_ENDPOINTS_CORNERS,
                                 &error);
  g_assert_no_error (error);
  edit.kind = MAZE_EDIT_MASK;
  edit.rect = (MazeRect) { 4, 3, 2, 2 };
  edit.algorithm = MAZE_ALGORITHM_PRIM;
  edit.seed = 5;
  edit.mask = mask;
  g_assert_true (maze_puzzle_apply (puzzle, &edit, &error));
  g_assert_no_error (error);
  g_assert_true (maze_puzzle_save (puzzle, path, &error));
  g_assert_no_error (error);

  run = maze_test_run_cli (fixture, "export", "shaped.maze", "-o", "s.pdf", "--batch", "4",
                           "--per-page", "4", "--answer-key", NULL);
  assert_quiet_success (run);
  assert_pdf (fixture, "s.pdf", 2);
}

/* ---- packs ---- */

/* The IDs of a pack's puzzles in order, read from --verbose. */
static GPtrArray *
verbose_ids (const char *err)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) lines = g_strsplit (err, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "  puzzle "))
      g_ptr_array_add (ids, g_strndup (lines[i] + strlen ("  puzzle "), 7));
  return ids;
}

/* A pack made to order, levels rising, keys at the back after a blank
 * page (three pages of puzzles), labels renamed, the difficulty line;
 * the same command makes the same pack. */
static void
test_pack (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(MazeTestRun) run = NULL;
  g_autoptr(MazeTestRun) again = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GPtrArray) ids_again = NULL;
  g_autofree char *text = NULL;
  g_autofree char *blank = NULL;

  if (!have_program ("pdftotext") || !have_program ("pdfinfo"))
    {
      g_test_skip ("pdftotext or pdfinfo not installed");
      return;
    }
  generate_maze (fixture, "m.maze", "rect", "3");
  run = maze_test_run_cli (fixture, "export", "m.maze", "-o", "pack.pdf", "--batch", "5",
                           "--difficulty", "very-easy..medium", "--per-page", "2",
                           "--keys", "back", "--double-sided", "--start-label", "Mouse",
                           "--finish-label", "Cheese", "--show-difficulty", "--verbose", NULL);
  g_assert_cmpint (run->status, ==, 0);
  g_assert_nonnull (strstr (run->err, "Wrote “pack.pdf”: 7 pages"));
  assert_pdf (fixture, "pack.pdf", 7);
  ids = verbose_ids (run->err);
  g_assert_cmpuint (ids->len, ==, 5);

  text = pdf_text (fixture, "pack.pdf");
  g_assert_nonnull (strstr (text, "Find the way from Mouse to Cheese."));
  g_assert_null (strstr (text, "Start"));
  g_assert_null (strstr (text, "Finish"));
  /* Rising: the first very easy, the last medium. */
  {
    g_autofree char *first = g_strdup_printf ("No. 1 · Puzzle %s · Difficulty: 1 of 5 (Very easy)",
                                              (char *) ids->pdata[0]);
    g_autofree char *last = g_strdup_printf ("No. 5 · Puzzle %s · Difficulty: 3 of 5 (Medium)",
                                             (char *) ids->pdata[4]);

    g_assert_nonnull (strstr (text, first));
    g_assert_nonnull (strstr (text, last));
  }
  {
    g_autofree char *path = maze_test_fixture_path (fixture, "pack.pdf");
    const char *argv[] = { "pdftotext", "-f", "4", "-l", "4", path, "-", NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                                 &blank, NULL, NULL, NULL));
    g_strstrip (blank);
    g_assert_cmpstr (blank, ==, "");
  }

  /* Single-sided is the default (the window's too): no blank page. */
  {
    g_autoptr(MazeTestRun) plain = NULL;

    plain = maze_test_run_cli (fixture, "export", "m.maze", "-o", "plain.pdf", "--batch", "5",
                               "--difficulty", "very-easy..medium", "--per-page", "2",
                               "--keys", "back", NULL);
    g_assert_cmpint (plain->status, ==, 0);
    assert_pdf (fixture, "plain.pdf", 6);
  }

  again = maze_test_run_cli (fixture, "export", "m.maze", "-o", "again.pdf", "--batch", "5",
                             "--difficulty", "very-easy..medium", "--verbose", NULL);
  g_assert_cmpint (again->status, ==, 0);
  ids_again = verbose_ids (again->err);
  g_assert_cmpuint (ids_again->len, ==, 5);
  for (guint i = 0; i < 5; i++)
    {
      g_assert_cmpstr (ids->pdata[i], ==, ids_again->pdata[i]);
      /* No two alike. */
      for (guint j = 0; j < i; j++)
        g_assert_cmpstr (ids->pdata[i], !=, ids->pdata[j]);
    }
}

/* --keys separate: the answers in NAME-key.pdf, matched by ID. */
static void
test_pack_separate_keys (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(MazeTestRun) run = NULL;
  g_autoptr(GPtrArray) ids = NULL;
  g_autofree char *pack = NULL;
  g_autofree char *keys = NULL;

  if (!have_program ("pdftotext") || !have_program ("pdfinfo"))
    {
      g_test_skip ("pdftotext or pdfinfo not installed");
      return;
    }
  generate_maze (fixture, "m.maze", "hex", "4");
  run = maze_test_run_cli (fixture, "export", "m.maze", "-o", "pack.pdf", "--batch", "6",
                           "--difficulty", "easy", "--per-page", "6", "--paper", "6x9",
                           "--keys", "separate", "--verbose", NULL);
  g_assert_cmpint (run->status, ==, 0);
  g_assert_nonnull (strstr (run->err, "Wrote “pack.pdf”: 1 page"));
  g_assert_nonnull (strstr (run->err, "Wrote “pack-key.pdf”: 1 page"));
  assert_pdf (fixture, "pack.pdf", 1);
  assert_pdf (fixture, "pack-key.pdf", 1);
  ids = verbose_ids (run->err);
  g_assert_cmpuint (ids->len, ==, 6);
  pack = pdf_text (fixture, "pack.pdf");
  keys = pdf_text (fixture, "pack-key.pdf");
  g_assert_null (strstr (pack, "Answer key"));
  g_assert_nonnull (strstr (keys, "Answer key"));
  g_assert_null (strstr (keys, "Name:"));
  for (guint i = 0; i < ids->len; i++)
    {
      g_autofree char *caption = g_strdup_printf ("No. %u · Puzzle %s", i + 1,
                                                  (char *) ids->pdata[i]);

      g_assert_nonnull (strstr (pack, caption));
      g_assert_nonnull (strstr (keys, caption));
    }
}

/* Medium mazes six to an A4 page: made smaller to fit, in their band,
 * on one page. */
static void
test_pack_fit (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(MazeTestRun) run = NULL;

  generate_maze (fixture, "m.maze", "rect", "5");
  run = maze_test_run_cli (fixture, "export", "m.maze", "-o", "pack.pdf", "--batch", "6",
                           "--difficulty", "medium", "--per-page", "6", "--verbose", NULL);
  g_assert_cmpint (run->status, ==, 0);
  g_assert_nonnull (strstr (run->err, "Wrote “pack.pdf”: 1 page"));
  if (have_program ("pdfinfo"))
    assert_pdf (fixture, "pack.pdf", 1);
}

/* ---- text ---- */

static void
test_text (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(MazeTestRun) solve = NULL;
  g_autoptr(MazeTestRun) marked = NULL;
  g_autoptr(MazeTestRun) marked_unicode = NULL;
  g_autoptr(MazeTestRun) nodoors = NULL;
  g_autoptr(MazeTestRun) override = NULL;
  g_autoptr(MazeTestRun) text_in = NULL;
  g_autoptr(MazeGrid) grid = NULL;
  g_autoptr(GArray) doors = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *length = NULL;
  g_autofree char *contents = NULL;
  guint64 cells;

  generate_maze (fixture, "m.maze", "rect", "12");
  solve = maze_test_run_cli (fixture, "solve", "m.maze", "--solver", "bfs", "--json", NULL);
  assert_quiet_success (solve);
  length = json_value (solve->out, "length");
  cells = g_ascii_strtoull (length, NULL, 10);
  g_assert_cmpuint (cells, >=, 12);

  /* --solution marks each cell of the shortest path once. */
  marked = maze_test_run_cli (fixture, "export", "m.maze", "-o", "s.txt", "--solution", NULL);
  assert_quiet_success (marked);
  contents = maze_test_read_file (fixture, "s.txt");
  g_assert_cmpuint (count_str (contents, "*"), ==, cells);
  marked_unicode = maze_test_run_cli (fixture, "export", "m.maze", "--format", "unicode", "-o", "-",
                                      "--solution", NULL);
  assert_quiet_success (marked_unicode);
  g_assert_cmpuint (count_str (marked_unicode->out, "•"), ==, cells);

  /* Without doors the text reads back with none. */
  nodoors = maze_test_run_cli (fixture, "export", "m.maze", "-o", "n.txt", "--no-doors", NULL);
  assert_quiet_success (nodoors);
  g_clear_pointer (&contents, g_free);
  contents = maze_test_read_file (fixture, "n.txt");
  grid = maze_text_parse (contents, strlen (contents), &doors, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (doors->len, ==, 0);

  /* Any name with --format; a text maze in, text out. */
  override = maze_test_run_cli (fixture, "export", "m.maze", "-o", "m.data",
                                "--format", "text", NULL);
  assert_quiet_success (override);
  text_in = maze_test_run_cli (fixture, "export", "m.data", "-o", "again.txt", NULL);
  assert_quiet_success (text_in);
  {
    g_autofree char *a = maze_test_read_file (fixture, "m.data");
    g_autofree char *b = maze_test_read_file (fixture, "again.txt");

    g_assert_cmpstr (a, ==, b);
  }
}

static void
test_format_override (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(MazeTestRun) png = NULL;
  g_autoptr(MazeTestRun) svg = NULL;
  g_autoptr(MazeTestRun) pdf = NULL;
  g_autoptr(MazeTestRun) upper = NULL;
  g_autofree char *contents = NULL;
  PngInfo info;

  generate_maze (fixture, "m.maze", "rect", "4");
  png = maze_test_run_cli (fixture, "export", "m.maze", "-o", "image.dat", "--format", "png", NULL);
  assert_quiet_success (png);
  read_png_info (fixture, "image.dat", &info);
  g_assert_cmpuint (info.width, >, 0);

  svg = maze_test_run_cli (fixture, "export", "m.maze", "-o", "x.png", "--format", "svg", NULL);
  assert_quiet_success (svg);
  contents = maze_test_read_file (fixture, "x.png");
  g_assert_nonnull (strstr (contents, "<svg"));

  pdf = maze_test_run_cli (fixture, "export", "m.maze", "-o", "x.txt", "--format", "pdf", NULL);
  assert_quiet_success (pdf);
  assert_pdf (fixture, "x.txt", 1);

  upper = maze_test_run_cli (fixture, "export", "m.maze", "-o", "UPPER.PNG", NULL);
  assert_quiet_success (upper);
  read_png_info (fixture, "UPPER.PNG", &info);
}

static void
test_stdin (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(MazeTestRun) run = NULL;
  PngInfo info;

  generate_maze (fixture, "m.maze", "rect", "4");
  g_ptr_array_add (args, "/bin/sh");
  g_ptr_array_add (args, "-c");
  g_ptr_array_add (args, "exec \"$0\" export - -o s.png < m.maze");
  g_ptr_array_add (args, (gpointer) maze_test_cli_path ());
  run = maze_test_run_argv (fixture, args, NULL);
  assert_quiet_success (run);
  read_png_info (fixture, "s.png", &info);
}

static void
test_help (Fixture       *fixture,
           gconstpointer  data)
{
  const char *const *cases[] = {
    (const char *const[]) { "export", "--help", NULL },
    (const char *const[]) { "export", "-h", NULL },
    (const char *const[]) { "help", "export", NULL },
  };
  g_autoptr(MazeTestRun) usage = maze_test_run_cli (fixture, "--help", NULL);
  g_autoptr(MazeTestRun) generate = maze_test_run_cli (fixture, "generate", "--help", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MazeTestRun) run = maze_test_run_cliv (fixture, cases[i]);
      const char *const mentioned[] = {
        "--cell-size", "--width", "--dpi", "--wall-width", "--solution", "--solution-style",
        "--monochrome", "--transparent", "--wall-color", "--background-color",
        "--solution-color", "--no-markers", "--no-doors", "--paper", "--landscape",
        "--margin", "--title", "--no-name-line", "--instructions", "--no-labels",
        "--answer-key", "--batch", "--per-page", "--format", "--verbose",
      };

      assert_quiet_success (run);
      g_assert_true (g_str_has_prefix (run->out, "Usage: mazewright-cli export"));
      for (guint k = 0; k < G_N_ELEMENTS (mentioned); k++)
        if (strstr (run->out, mentioned[k]) == NULL)
          g_error ("export --help does not mention %s", mentioned[k]);
    }
  assert_quiet_success (usage);
  g_assert_nonnull (strstr (usage->out, "export"));
  assert_quiet_success (generate);
  g_assert_nonnull (strstr (generate->out, "--format"));
  g_assert_nonnull (strstr (generate->out, "--title"));
}

/* ---- bad requests: exit 2, one line, nothing written ---- */

typedef struct
{
  const char *args[14];
  const char *output; /* the file the request would have written, or NULL */
  const char *needle;
} BadCase;

static const BadCase bad_cases[] = {
  /* the command line */
  { { "export" }, NULL, "export" },
  { { "export", "m.maze" }, NULL, "-o" },
  { { "export", "m.maze", "n.maze", "-o", "o.png" }, "o.png", "n.maze" },
  { { "export", "m.maze", "-o", "o.xyz" }, "o.xyz", "o.xyz" },
  { { "export", "m.maze", "-o", "noextension" }, "noextension", "noextension" },
  { { "export", "m.maze", "-o", "-" }, NULL, "--format" },
  { { "export", "m.maze", "-o", "o.png", "--format", "gif" }, "o.png", "gif" },
  { { "export", "m.maze", "-o", "o.png", "--format", "" }, "o.png", "format" },
  { { "export", "m.maze", "-o", "o.png", "--bogus" }, "o.png", "--bogus" },
  { { "export", "m.maze", "-o", "o.png", "--solution=yes" }, "o.png", "--solution" },
  { { "export", "m.maze", "-o", "o.png", "--cell-size" }, "o.png", "--cell-size" },
  { { "export", "m.maze", "-o", "o.png", "--dpi", "--solution" }, "o.png", "--dpi" },
  { { "export", "m.maze", "-o" }, NULL, "-o" },
  /* values out of range or malformed */
  { { "export", "m.maze", "-o", "o.png", "--cell-size", "0" }, "o.png", "1 to 1000" },
  { { "export", "m.maze", "-o", "o.png", "--cell-size", "1001" }, "o.png", "1001" },
  { { "export", "m.maze", "-o", "o.png", "--cell-size", "abc" }, "o.png", "abc" },
  { { "export", "m.maze", "-o", "o.png", "--cell-size", "-5" }, "o.png", "-5" },
  { { "export", "m.maze", "-o", "o.png", "--cell-size", "2.5" }, "o.png", "2.5" },
  { { "export", "m.maze", "-o", "o.png", "--cell-size", "" }, "o.png", "--cell-size" },
  { { "export", "m.maze", "-o", "o.png", "--cell-size", "99999999999999999999999" }, "o.png",
    "99999999999999999999999" },
  { { "export", "m.maze", "-o", "o.png", "--dpi", "9" }, "o.png", "10 to 10000" },
  { { "export", "m.maze", "-o", "o.png", "--dpi", "10001" }, "o.png", "10001" },
  { { "export", "m.maze", "-o", "o.png", "--dpi", "high" }, "o.png", "high" },
  { { "export", "m.maze", "-o", "o.png", "--width", "180" }, "o.png", "180" },
  { { "export", "m.maze", "-o", "o.png", "--width", "7ft" }, "o.png", "7ft" },
  { { "export", "m.maze", "-o", "o.png", "--width", "0mm" }, "o.png", "0mm" },
  { { "export", "m.maze", "-o", "o.png", "--width", "-3mm" }, "o.png", "-3mm" },
  { { "export", "m.maze", "-o", "o.png", "--width", "1e3mm" }, "o.png", "1e3mm" },
  { { "export", "m.maze", "-o", "o.png", "--width", "mm" }, "o.png", "mm" },
  { { "export", "m.maze", "-o", "o.png", "--width", "12 mm" }, "o.png", "12 mm" },
  { { "export", "m.maze", "-o", "o.png", "--width", "70000px" }, "o.png", "70000px" },
  { { "export", "m.maze", "-o", "o.png", "--width", "20000mm" }, "o.png", "20000mm" },
  { { "export", "m.maze", "-o", "o.svg", "--width", "nanmm" }, "o.svg", "nanmm" },
  { { "export", "m.maze", "-o", "o.png", "--width", "" }, "o.png", "--width" },
  { { "export", "m.maze", "-o", "o.png", "--wall-width", "0" }, "o.png", "--wall-width" },
  { { "export", "m.maze", "-o", "o.png", "--wall-width", "2000" }, "o.png", "2000" },
  /* Walls over half a cell would cover the passages (a black image). */
  { { "export", "m.maze", "-o", "o.png", "--cell-size", "20", "--wall-width", "25" }, "o.png",
    "wall width of 25 is more than half a cell (10)" },
  { { "export", "m.maze", "-o", "o.svg", "--wall-width", "25" }, "o.svg", "more than half a cell" },
  { { "export", "m.maze", "-o", "o.png", "--wall-width", "thick" }, "o.png", "thick" },
  { { "export", "m.maze", "-o", "o.png", "--solution-style", "wavy" }, "o.png", "wavy" },
  { { "export", "m.maze", "-o", "o.png", "--wall-color", "red" }, "o.png", "red" },
  { { "export", "m.maze", "-o", "o.png", "--wall-color", "#12345" }, "o.png", "#12345" },
  { { "export", "m.maze", "-o", "o.png", "--wall-color", "#12345g" }, "o.png", "#12345g" },
  { { "export", "m.maze", "-o", "o.png", "--wall-color", "123456" }, "o.png", "123456" },
  { { "export", "m.maze", "-o", "o.png", "--background-color", "#1234567" }, "o.png",
    "#1234567" },
  { { "export", "m.maze", "-o", "o.svg", "--solution-color", "" }, "o.svg",
    "--solution-color" },
  { { "export", "m.maze", "-o", "o.pdf", "--paper", "a6" }, "o.pdf", "a6" },
  { { "export", "m.maze", "-o", "o.pdf", "--margin", "51" }, "o.pdf", "51" },
  /* packs */
  { { "export", "m.maze", "-o", "o.pdf", "--keys", "bogus" }, "o.pdf", "bogus" },
  { { "export", "m.maze", "-o", "o.pdf", "--keys", "none", "--answer-key" }, "o.pdf",
    "--answer-key" },
  { { "export", "m.maze", "-o", "o.pdf", "--keys", "separate", "--double-sided" }, "o.pdf",
    "--double-sided" },
  { { "export", "m.maze", "-o", "o.pdf", "--double-sided" }, "o.pdf", "--keys back" },
  { { "export", "m.maze", "--format", "pdf", "-o", "-", "--keys", "separate" }, NULL,
    "standard output" },
  { { "export", "m.maze", "-o", "o.pdf", "--difficulty", "hard..easy" }, "o.pdf",
    "hard..easy" },
  { { "export", "m.maze", "-o", "o.pdf", "--difficulty", "60-40" }, "o.pdf", "60-40" },
  { { "export", "m.maze", "-o", "o.pdf", "--difficulty", "easy..legendary" }, "o.pdf",
    "easy..legendary" },
  /* A band the input's size cannot reach, said with what to change. */
  { { "export", "m.maze", "-o", "o.pdf", "--difficulty", "95-100" }, "o.pdf",
    "Puzzle 1 of 1: No maze of 200 tries" },
  /* Too hard to shrink to six a page: refused before any is made. */
  { { "export", "m.maze", "-o", "o.pdf", "--batch", "6", "--difficulty", "hard", "--per-page",
      "6" }, "o.pdf", "Hard mazes do not fit 6 to a page of A4" },
  { { "export", "m.txt", "-o", "o.pdf", "--difficulty", "easy" }, "o.pdf", "text maze" },
  { { "export", "m.maze", "-o", "o.png", "--difficulty", "easy" }, "o.png", "--difficulty" },
  { { "export", "m.maze", "-o", "o.pdf", "--no-labels", "--start-label", "Mouse" }, "o.pdf",
    "--no-labels" },
  { { "export", "m.maze", "-o", "o.pdf", "--finish-label",
      "A finish label longer than forty characters" }, "o.pdf", "the limit is 40" },
  { { "export", "m.maze", "-o", "o.pdf", "--per-page", "5" }, "o.pdf", "1, 2, 4 or 6" },
  { { "export", "m.maze", "-o", "o.pdf", "--paper", "b5" }, "o.pdf", "6x9" },
  { { "export", "m.maze", "-o", "o.pdf", "--margin", "-1" }, "o.pdf", "-1" },
  { { "export", "m.maze", "-o", "o.pdf", "--margin", "wide" }, "o.pdf", "wide" },
  { { "export", "m.maze", "-o", "o.pdf", "--batch", "0" }, "o.pdf", "1 to 1000" },
  { { "export", "m.maze", "-o", "o.pdf", "--batch", "1001" }, "o.pdf", "1001" },
  { { "export", "m.maze", "-o", "o.pdf", "--batch", "many" }, "o.pdf", "many" },
  { { "export", "m.maze", "-o", "o.pdf", "--per-page", "3" }, "o.pdf", "1, 2, 4 or 6" },
  { { "export", "m.maze", "-o", "o.pdf", "--per-page", "0" }, "o.pdf", "1, 2, 4 or 6" },
  { { "export", "m.maze", "-o", "o.pdf", "--per-page", "8" }, "o.pdf", "1, 2, 4 or 6" },
  { { "export", "m.maze", "-o", "o.pdf", "--per-page", "two" }, "o.pdf", "two" },
  { { "export", "m.maze", "-o", "o.png", "--from", "1,1" }, "o.png", "--to" },
  { { "export", "m.maze", "-o", "o.png", "--from", "99,0", "--to", "0,0" }, "o.png", "99,0" },
  { { "export", "m.maze", "-o", "o.png", "--from", "x", "--to", "0,0" }, "o.png", "--from" },
  /* options that contradict each other */
  { { "export", "m.maze", "-o", "o.png", "--cell-size", "5", "--width", "9in" }, "o.png",
    "--cell-size" },
  { { "export", "m.maze", "-o", "o.png", "--transparent", "--background-color", "#ffffff" },
    "o.png", "--transparent" },
  { { "export", "m.maze", "-o", "o.svg", "--monochrome", "--wall-color", "#ff0000" }, "o.svg",
    "--monochrome" },
  /* options for another format */
  { { "export", "m.maze", "-o", "o.png", "--paper", "a4" }, "o.png", "--paper" },
  { { "export", "m.maze", "-o", "o.png", "--landscape" }, "o.png", "--landscape" },
  { { "export", "m.maze", "-o", "o.png", "--margin", "10" }, "o.png", "--margin" },
  { { "export", "m.maze", "-o", "o.png", "--no-name-line" }, "o.png", "--no-name-line" },
  { { "export", "m.maze", "-o", "o.png", "--instructions", "Go" }, "o.png", "--instructions" },
  { { "export", "m.maze", "-o", "o.png", "--no-labels" }, "o.png", "--no-labels" },
  { { "export", "m.maze", "-o", "o.png", "--answer-key" }, "o.png", "--answer-key" },
  { { "export", "m.maze", "-o", "o.png", "--batch", "2" }, "o.png", "--batch" },
  { { "export", "m.maze", "-o", "o.png", "--per-page", "2" }, "o.png", "--per-page" },
  { { "export", "m.maze", "-o", "o.svg", "--dpi", "300" }, "o.svg", "--dpi" },
  { { "export", "m.maze", "-o", "o.svg", "--batch", "2" }, "o.svg", "--batch" },
  { { "export", "m.maze", "-o", "o.pdf", "--cell-size", "5" }, "o.pdf", "--cell-size" },
  { { "export", "m.maze", "-o", "o.pdf", "--width", "100mm" }, "o.pdf", "--width" },
  { { "export", "m.maze", "-o", "o.pdf", "--dpi", "300" }, "o.pdf", "--dpi" },
  { { "export", "m.maze", "-o", "o.pdf", "--transparent" }, "o.pdf", "--transparent" },
  { { "export", "m.maze", "-o", "o.pdf", "--solution" }, "o.pdf", "--answer-key" },
  { { "export", "m.maze", "-o", "o.txt", "--monochrome" }, "o.txt", "--monochrome" },
  { { "export", "m.maze", "-o", "o.txt", "--cell-size", "5" }, "o.txt", "--cell-size" },
  { { "export", "m.maze", "-o", "o.txt", "--title", "T" }, "o.txt", "--title" },
  { { "export", "m.maze", "-o", "o.txt", "--paper", "a4" }, "o.txt", "--paper" },
  { { "export", "m.maze", "-o", "o.txt", "--no-markers" }, "o.txt", "--no-markers" },
  { { "export", "m.maze", "-o", "o.maze", "--solution" }, "o.maze", "--solution" },
  { { "export", "m.maze", "-o", "o.maze", "--no-doors" }, "o.maze", "--no-doors" },
  /* too big an image */
  { { "export", "wide.maze", "-o", "o.png", "--cell-size", "1000" }, "o.png", "65535" },
  { { "export", "m.maze", "-o", "o.png", "--width", "300in", "--dpi", "1000" }, "o.png",
    "65535" },
  /* the input */
  { { "export", "missing.maze", "-o", "o.png" }, "o.png", "missing.maze" },
  { { "export", "garbage.txt", "-o", "o.png" }, "o.png", "line " },
  { { "export", "broken.maze", "-o", "o.png" }, "o.png", "broken.maze" },
  { { "export", "empty.txt", "-o", "o.png" }, "o.png", "empty.txt" },
  { { "export", ".", "-o", "o.png" }, "o.png", "“.”" },
  { { "export", "m.txt", "-o", "o.pdf", "--batch", "3" }, "o.pdf", "text maze" },
  { { "export", "imported.maze", "-o", "o.pdf", "--batch", "3" }, "o.pdf", "--batch" },
  { { "export", "nodoors.txt", "-o", "o.pdf" }, "o.pdf", "door" },
  { { "export", "nodoors.txt", "-o", "o.png", "--solution" }, "o.png", "door" },
  { { "export", "nodoors.txt", "-o", "o.txt", "--solution" }, "o.txt", "door" },
  { { "export", "nodoors.txt", "-o", "o.maze" }, "o.maze", "door" },
  { { "solve", "broken.maze" }, NULL, "broken.maze" },
  { { "info", "broken.maze" }, NULL, "broken.maze" },
  { { "info", "m.maze", "--from", "0,0", "--to", "12,8" }, NULL, "12,8" },
  /* generate's new options */
  { { "generate", "--format", "png" }, NULL, "png" },
  { { "generate", "--format", "" }, NULL, "format" },
  { { "generate", "--format", "maze", "--unicode" }, NULL, "--unicode" },
  { { "generate", "-o", "g.maze", "--unicode" }, "g.maze", "--unicode" },
  { { "generate", "--format", "text", "--unicode" }, NULL, "--unicode" },
  { { "generate", "--title", "T" }, NULL, "--title" },
  { { "generate", "-o", "g.txt", "--title", "T" }, "g.txt", "--title" },
  { { "generate", "-o", "g.maze", "--format", "text", "--title", "T" }, "g.maze", "--title" },
  { { "generate", "-o", "g.maze", "--title" }, "g.maze", "--title" },
};

static void
prepare_inputs (Fixture *fixture)
{
  g_autoptr(MazeTestRun) wide = maze_test_run_cli (fixture, "generate", "--width", "100",
                                                   "--height", "2", "--seed", "1",
                                                   "-o", "wide.maze", NULL);
  g_autoptr(MazeTestRun) imported = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 6, 4, NULL);
  g_autofree char *nodoors = NULL;
  MazeTextOptions options;

  assert_quiet_success (wide);
  generate_maze (fixture, "m.maze", "rect", "1");
  generate_maze (fixture, "m.txt", "rect", "1");
  imported = maze_test_run_cli (fixture, "export", "m.txt", "-o", "imported.maze", NULL);
  assert_quiet_success (imported);

  /* A perfect 6×4 comb without doors. */
  for (guint x = 0; x + 1 < 6; x++)
    maze_grid_set_passage (grid, x, 0, 1 /* E */, TRUE);
  for (guint x = 0; x < 6; x++)
    for (guint y = 0; y + 1 < 4; y++)
      maze_grid_set_passage (grid, x, y, 2 /* S */, TRUE);
  g_assert_true (maze_grid_check_perfect (grid, NULL));
  maze_text_options_init (&options);
  nodoors = maze_text_to_string (grid, &options);
  maze_test_write_file (fixture, "nodoors.txt", nodoors);

  maze_test_write_file (fixture, "garbage.txt", "+---+---+\n|   |  x\nhello\n");
  maze_test_write_file (fixture, "empty.txt", "");
  maze_test_write_file (fixture, "broken.maze",
                        "{\"format\": \"mazewright\", \"version\": 1, \"shape\":");
}

static void
run_bad_case (Fixture       *fixture,
              const BadCase *bad,
              gboolean       existing)
{
  g_autoptr(MazeTestRun) run = NULL;
  g_autofree char *shown = g_strjoinv (" ", (char **) bad->args);

  g_test_message ("mazewright-cli %s%s", shown,
                  existing ? " (over an existing file)" : "");
  if (bad->output != NULL)
    {
      if (existing)
        maze_test_write_file (fixture, bad->output, "precious\n");
      else
        maze_test_remove_file (fixture, bad->output);
    }

  run = maze_test_run_cliv (fixture, bad->args);
  maze_test_assert_usage_error (run, bad->needle);

  if (bad->output != NULL)
    {
      if (existing)
        {
          g_autofree char *after = maze_test_read_file (fixture, bad->output);

          g_assert_cmpstr (after, ==, "precious\n");
          maze_test_remove_file (fixture, bad->output);
        }
      else if (maze_test_file_exists (fixture, bad->output))
        g_error ("a refused request created %s", bad->output);
    }
  maze_test_assert_no_temp_files (fixture);
}

static void
test_bad (Fixture       *fixture,
          gconstpointer  data)
{
  prepare_inputs (fixture);
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      run_bad_case (fixture, &bad_cases[i], FALSE);
      if (bad_cases[i].output != NULL)
        run_bad_case (fixture, &bad_cases[i], TRUE);
    }
}

/* Every puzzle of a batch sits in memory: the total is bounded. */
static void
test_bad_batch_size (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(MazeTestRun) big = maze_test_run_cli (fixture, "generate", "--width", "1500",
                                                  "--height", "1500", "--seed", "1",
                                                  "--algorithm", "binary-tree",
                                                  "-o", "big.maze", NULL);
  g_autoptr(MazeTestRun) run = NULL;

  assert_quiet_success (big);
  run = maze_test_run_cli (fixture, "export", "big.maze", "-o", "o.pdf", "--batch", "1000", NULL);
  maze_test_assert_usage_error (run, "2147483648");
  g_assert_false (maze_test_file_exists (fixture, "o.pdf"));
}

/* ---- the export request's limits, from the command line ---- */

typedef struct
{
  const char        *option;    /* the CLI option that sets the value */
  MazeExportLimitId  id;        /* the request's limit it is parsed against */
  const char        *output;    /* a format the option is for */
  const char        *unit;      /* appended to the value ("mm" for --width) */
  double             step;      /* one past an edge */
  const char        *range;     /* how the message gives the limit */
  const char        *extra[3];  /* more arguments the edges need, NULL-ended */
} CliLimitCase;

static char *
format_number (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.10g", value));
}

static MazeTestRun *
run_with_value (Fixture            *fixture,
                const CliLimitCase *c,
                double              value)
{
  g_autofree char *number = format_number (value);
  g_autofree char *text = g_strconcat (number, c->unit, NULL);

  g_test_message ("%s %s", c->option, text);
  maze_test_remove_file (fixture, c->output);
  return maze_test_run_cli (fixture, "export", "small.maze", "-o", c->output, c->option, text,
                            c->extra[0], c->extra[1], NULL);
}

/* Each option with a limit takes the request's edges and refuses a step
 * past them, naming the option and the limit, writing nothing. The
 * edges come from the request's table, so the CLI cannot keep numbers of
 * its own. */
static void
test_limits (Fixture       *fixture,
             gconstpointer  data)
{
  static const CliLimitCase cases[] = {
    /* SVG for the sizes: the edges would make PNGs of gigapixels. */
    { "--cell-size", MAZE_EXPORT_LIMIT_CELL_PX, "o.svg", "", 1, "from 1 to 1000" },
    { "--dpi", MAZE_EXPORT_LIMIT_DPI, "o.png", "", 1, "from 10 to 10000" },
    /* The widest wall is half the largest cell. */
    { "--wall-width", MAZE_EXPORT_LIMIT_WALL_WIDTH, "o.svg", "", 0.01, "from 0.25 to 500",
      { "--cell-size", "1000", NULL } },
    { "--margin", MAZE_EXPORT_LIMIT_MARGIN_MM, "o.pdf", "", 0.1, "from 0 to 50" },
    { "--width", MAZE_EXPORT_LIMIT_IMAGE_WIDTH_PX, "o.svg", "px", 1, "or 65535 px" },
    { "--width", MAZE_EXPORT_LIMIT_IMAGE_WIDTH_MM, "o.svg", "mm", 0.1, "at most 10000 mm" },
  };
  g_autoptr(MazeTestRun) small = maze_test_run_cli (fixture, "generate", "--width", "3",
                                                    "--height", "2", "--seed", "4",
                                                    "-o", "small.maze", NULL);
  g_autoptr(MazeTestRun) help = maze_test_run_cli (fixture, "export", "--help", NULL);

  assert_quiet_success (small);
  assert_quiet_success (help);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const CliLimitCase *c = &cases[i];
      const MazeExportLimit *limit = maze_export_limit_get (c->id);
      double low = limit->min_excluded ? limit->min + c->step : limit->min;
      g_autoptr(MazeTestRun) at_min = run_with_value (fixture, c, low);
      g_autoptr(MazeTestRun) at_max = NULL;
      g_autoptr(MazeTestRun) above = NULL;
      g_autoptr(MazeTestRun) below = NULL;

      /* --help gives the same range. */
      if (c->unit[0] == '\0')
        {
          g_autofree char *min = format_number (limit->min);
          g_autofree char *max = format_number (limit->max);
          g_autofree char *range = g_strdup_printf ("%s to %s", min, max);

          if (strstr (help->out, range) == NULL)
            g_error ("export --help does not give %s as %s", c->option, range);
        }

      assert_quiet_success (at_min);
      g_assert_true (maze_test_file_exists (fixture, c->output));
      at_max = run_with_value (fixture, c, limit->max);
      assert_quiet_success (at_max);
      g_assert_true (maze_test_file_exists (fixture, c->output));

      above = run_with_value (fixture, c, limit->max + c->step);
      maze_test_assert_usage_error (above, c->option);
      maze_test_assert_usage_error (above, c->range);
      g_assert_false (maze_test_file_exists (fixture, c->output));
      /* Below 0 is no number the CLI reads: refused as such. */
      if (limit->min - c->step >= 0.0)
        {
          below = run_with_value (fixture, c, limit->min - c->step);
          maze_test_assert_usage_error (below, c->option);
          maze_test_assert_usage_error (below, c->range);
          g_assert_false (maze_test_file_exists (fixture, c->output));
        }
    }
}

/* A worksheet's title: as long as the request allows (characters, not
 * bytes), and refused a character past that, as in the Export dialog. */
static void
test_limit_title (Fixture       *fixture,
                  gconstpointer  data)
{
  guint max = (guint) maze_export_limit_get (MAZE_EXPORT_LIMIT_TITLE_CHARS)->max;
  g_autoptr(GString) title = g_string_new (NULL);
  g_autoptr(MazeTestRun) small = maze_test_run_cli (fixture, "generate", "--width", "3",
                                                    "--height", "2", "--seed", "4",
                                                    "-o", "small.maze", NULL);
  g_autoptr(MazeTestRun) at_max = NULL;
  g_autoptr(MazeTestRun) above = NULL;
  g_autoptr(MazeTestRun) png = NULL;
  g_autofree char *message = NULL;

  assert_quiet_success (small);
  for (guint i = 0; i < max; i++)
    g_string_append (title, "é");
  at_max = maze_test_run_cli (fixture, "export", "small.maze", "-o", "o.pdf", "--title",
                              title->str, NULL);
  assert_quiet_success (at_max);
  g_assert_true (maze_test_file_exists (fixture, "o.pdf"));
  maze_test_remove_file (fixture, "o.pdf");

  g_string_append (title, "é");
  above = maze_test_run_cli (fixture, "export", "small.maze", "-o", "o.pdf", "--title",
                             title->str, NULL);
  message = g_strdup_printf ("A worksheet title of %u characters is too long: the limit is %u",
                             max + 1, max);
  maze_test_assert_usage_error (above, message);
  g_assert_false (maze_test_file_exists (fixture, "o.pdf"));

  /* In a PNG the title is the maze's own, kept in its metadata, where
   * the .maze file's limit holds. */
  png = maze_test_run_cli (fixture, "export", "small.maze", "-o", "o.png", "--title",
                           title->str, NULL);
  assert_quiet_success (png);
}

/* ---- failures while writing: exit 1, one line, the old file intact ---- */

static void
test_write_errors (Fixture       *fixture,
                   gconstpointer  data)
{
  const char *const formats[] = { "png", "svg", "pdf", "text", "maze" };
  /* Big enough that every format writes more than the 512 bytes allowed. */
  g_autoptr(MazeTestRun) gen = maze_test_run_cli (fixture, "generate", "--width", "40",
                                                  "--height", "40", "--seed", "2",
                                                  "-o", "m.maze", NULL);

  assert_quiet_success (gen);

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autofree char *old_name = g_strdup_printf ("old.%s", formats[i]);
      g_autofree char *missing = g_strdup_printf ("no/such/dir/m.%s", formats[i]);
      g_autoptr(GPtrArray) args = g_ptr_array_new ();
      g_autoptr(MazeTestRun) big = NULL;
      g_autoptr(MazeTestRun) nodir = NULL;
      g_autofree char *after = NULL;

      g_test_message ("writing %s", formats[i]);
      if (g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
        {
          g_autoptr(MazeTestRun) full = maze_test_run_cli (fixture, "export", "m.maze",
                                                           "-o", "/dev/full",
                                                           "--format", formats[i], NULL);

          g_assert_cmpint (full->status, ==, 1);
          g_assert_cmpstr (full->out, ==, "");
          maze_test_assert_one_line (full->err, "/dev/full");
        }

      /* The file system refuses the data (here: a file size limit). */
      maze_test_write_file (fixture, old_name, "old contents\n");
      g_ptr_array_add (args, (gpointer) maze_test_cli_path ());
      g_ptr_array_add (args, "export");
      g_ptr_array_add (args, "m.maze");
      g_ptr_array_add (args, "-o");
      g_ptr_array_add (args, old_name);
      g_ptr_array_add (args, "--format");
      g_ptr_array_add (args, (gpointer) formats[i]);
      big = maze_test_run_argv (fixture, args, maze_test_limit_file_size_cb);
      g_assert_cmpint (big->status, ==, 1);
      g_assert_cmpstr (big->out, ==, "");
      maze_test_assert_one_line (big->err, old_name);
      after = maze_test_read_file (fixture, old_name);
      g_assert_cmpstr (after, ==, "old contents\n");
      maze_test_assert_no_temp_files (fixture);

      nodir = maze_test_run_cli (fixture, "export", "m.maze", "-o", missing,
                                 "--format", formats[i], NULL);
      g_assert_cmpint (nodir->status, ==, 1);
      g_assert_cmpstr (nodir->out, ==, "");
      maze_test_assert_one_line (nodir->err, missing);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/cli-export/" path, Fixture, NULL, \
              maze_test_fixture_set_up, func, maze_test_fixture_tear_down)

  ADD ("maze/generate-read", test_maze_generate_read);
  ADD ("maze/round-trip", test_maze_round_trip);
  ADD ("maze/format", test_maze_format);
  ADD ("maze/from-text", test_maze_from_text);
  ADD ("png", test_png);
  ADD ("svg", test_svg);
  ADD ("pdf", test_pdf);
  ADD ("pdf/legible", test_pdf_legible);
  ADD ("pdf/poster", test_pdf_poster);
  ADD ("mud/info", test_mud_info);
  ADD ("one-cell", test_one_cell);
  ADD ("pdf/instructions", test_pdf_instructions);
  ADD ("png/placed", test_png_placed);
  ADD ("mud/instructions", test_mud_instructions);
  ADD ("pdf/batch-history", test_pdf_batch_history);
  ADD ("pack", test_pack);
  ADD ("pack/separate-keys", test_pack_separate_keys);
  ADD ("pack/fit", test_pack_fit);
  ADD ("no-way-through", test_no_way_through);
  ADD ("text", test_text);
  ADD ("format-override", test_format_override);
  ADD ("stdin", test_stdin);
  ADD ("help", test_help);
  ADD ("bad", test_bad);
  ADD ("bad/batch-size", test_bad_batch_size);
  ADD ("limits", test_limits);
  ADD ("limits/title", test_limit_title);
  ADD ("write-errors", test_write_errors);

#undef ADD

  return g_test_run ();
}
