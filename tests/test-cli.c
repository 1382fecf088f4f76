/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <fcntl.h>
#include <unistd.h>

#include <string.h>

#include <glib.h>

#include "maze-core.h"
#include "maze-puzzle-file.h"
#include "maze-text.h"
#include "maze-test-util.h"

/* Runs mazewright-cli (MAZEWRIGHT_CLI) as a separate process in a fresh
 * temporary folder and checks what a script would see: exit status,
 * standard output, standard error and the files left behind. */

typedef MazeTestFixture Fixture;

static const char *const algorithms[] = {
  "backtracker", "prim", "simplified-prim", "kruskal", "wilson", "aldous-broder",
  "hunt-and-kill", "growing-tree", "eller", "sidewinder", "binary-tree",
  "recursive-division",
};

static const char *const solvers[] = {
  "backtracking", "dijkstra", "bfs", "astar", "wall-follower",
};

static guint
count_char (const char *s,
            char        c)
{
  guint n = 0;

  for (; *s != '\0'; s++)
    n += *s == c;
  return n;
}

static guint
count_lines (const char *s)
{
  return count_char (s, '\n');
}

/* ---- the little JSON the CLI prints, read without a JSON library ---- */

typedef struct
{
  char    *solver;
  guint    length;
  guint64  explored;
  guint64  cost;
  double   time_ms;
  GArray  *path;   /* guint pairs: x, y */
  gboolean failed; /* has an "error" member */
} SolverResult;

static void
solver_result_clear (gpointer data)
{
  SolverResult *r = data;

  g_free (r->solver);
  g_clear_pointer (&r->path, g_array_unref);
}

static guint64
json_uint (const char *json,
           const char *key)
{
  g_autofree char *pattern = g_strdup_printf ("\"%s\":", key);
  const char *p = strstr (json, pattern);
  char *end = NULL;
  guint64 value;

  if (p == NULL)
    g_error ("no “%s” in %s", key, json);
  p += strlen (pattern);
  g_assert_true (g_ascii_isdigit (*p));
  value = g_ascii_strtoull (p, &end, 10);
  g_assert_true (*end == ',' || *end == '}');
  return value;
}

static GArray *
json_path (const char *json)
{
  GArray *path = g_array_new (FALSE, FALSE, sizeof (guint));
  const char *p = strstr (json, "\"path\":[");
  char *end;

  g_assert_nonnull (p);
  p += strlen ("\"path\":[");
  while (*p != ']')
    {
      guint x, y;

      g_assert_cmpint (*p, ==, '[');
      x = (guint) g_ascii_strtoull (p + 1, &end, 10);
      g_assert_cmpint (*end, ==, ',');
      y = (guint) g_ascii_strtoull (end + 1, &end, 10);
      g_assert_cmpint (*end, ==, ']');
      g_array_append_val (path, x);
      g_array_append_val (path, y);
      p = end + 1;
      if (*p == ',')
        p++;
    }
  return path;
}

static GArray *
parse_solve_json (const char *json)
{
  GArray *results = g_array_new (FALSE, TRUE, sizeof (SolverResult));
  g_autofree char *body = NULL;
  g_auto(GStrv) objects = NULL;

  g_array_set_clear_func (results, solver_result_clear);
  if (!g_str_has_prefix (json, "{\"solvers\":[{") || !g_str_has_suffix (json, "}]}\n"))
    g_error ("not the solve JSON: %s", json);

  body = g_strndup (json + strlen ("{\"solvers\":[{"),
                    strlen (json) - strlen ("{\"solvers\":[{") - strlen ("}]}\n"));
  objects = g_strsplit (body, "},{", -1);
  for (guint i = 0; objects[i] != NULL; i++)
    {
      const char *o = objects[i];
      SolverResult r = { NULL };
      const char *time_ms;
      char *end = NULL;

      g_assert_true (g_str_has_prefix (o, "\"solver\":\""));
      r.solver = g_strndup (o + 10, strcspn (o + 10, "\""));
      r.length = (guint) json_uint (o, "length");
      r.explored = json_uint (o, "explored");
      r.cost = json_uint (o, "cost");
      time_ms = strstr (o, "\"time_ms\":");
      g_assert_nonnull (time_ms);
      r.time_ms = g_ascii_strtod (time_ms + 10, &end);
      g_assert_cmpint (*end, ==, ',');
      g_assert_cmpfloat (r.time_ms, >=, 0.0);
      r.path = json_path (o);
      r.failed = strstr (o, "\"error\":\"") != NULL;
      g_array_append_val (results, r);
    }
  return results;
}

static const SolverResult *
find_result (GArray     *results,
             const char *solver)
{
  for (guint i = 0; i < results->len; i++)
    if (g_str_equal (g_array_index (results, SolverResult, i).solver, solver))
      return &g_array_index (results, SolverResult, i);
  g_error ("no result for %s", solver);
  return NULL;
}

/* The others find the one path of a perfect maze; the wall follower may
 * report its walk, detours into dead ends included. */
static gboolean
is_wall_follower (const SolverResult *r)
{
  return g_str_equal (r->solver, "wall-follower");
}

/* A found path: as long as reported, from start to end, each step to a
 * neighbouring cell (rect: one column or one row). */
static void
assert_path (const SolverResult *r,
             guint               sx,
             guint               sy,
             guint               ex,
             guint               ey,
             gboolean            rect)
{
  guint n = r->path->len / 2;
  const guint *p = (const guint *) r->path->data;

  g_assert_false (r->failed);
  g_assert_cmpuint (n, ==, r->length);
  g_assert_cmpuint (n, >=, 1);
  g_assert_cmpuint (p[0], ==, sx);
  g_assert_cmpuint (p[1], ==, sy);
  g_assert_cmpuint (p[2 * n - 2], ==, ex);
  g_assert_cmpuint (p[2 * n - 1], ==, ey);
  for (guint i = 1; i < n; i++)
    {
      gint dx = (gint) p[2 * i] - (gint) p[2 * i - 2];
      gint dy = (gint) p[2 * i + 1] - (gint) p[2 * i - 1];

      if (rect)
        g_assert_cmpint (ABS (dx) + ABS (dy), ==, 1);
      else
        g_assert_true (ABS (dy) <= 1 && ABS (dx) <= 1 && (dx != 0 || dy != 0));
    }
}

/* ---- mazes made here, through the library, for the file-reading paths ---- */

/* A 6×4 comb: row 0 open all along, each column hanging down from it; the
 * bottom-right cell is masked. Start (0,0), end (4,3): the one path runs
 * along row 0 to column 4 and down, 5 + 3 = 8 cells. */
static char *
make_comb_text (gboolean doors)
{
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 6, 4, NULL);
  MazeTextOptions options;

  g_assert_nonnull (grid);
  maze_grid_set_masked (grid, 5, 3, TRUE);
  for (guint x = 0; x + 1 < 6; x++)
    maze_grid_set_passage (grid, x, 0, 1 /* E */, TRUE);
  for (guint x = 0; x < 6; x++)
    for (guint y = 0; y + 1 < 4; y++)
      if (maze_grid_is_open (grid, x, y + 1))
        maze_grid_set_passage (grid, x, y, 2 /* S */, TRUE);
  g_assert_true (maze_grid_check_perfect (grid, NULL));

  maze_text_options_init (&options);
  if (doors)
    {
      options.start = maze_grid_index (grid, 0, 0);
      options.end = maze_grid_index (grid, 4, 3);
    }
  return maze_text_to_string (grid, &options);
}

static void
write_comb (Fixture    *fixture,
            const char *name,
            gboolean    doors)
{
  g_autofree char *text = make_comb_text (doors);

  g_assert_nonnull (text);
  g_assert_cmpuint (strlen (text), >, 0);
  maze_test_write_file (fixture, name, text);
}

static void
generate_to (Fixture    *fixture,
             const char *name,
             const char *seed,
             const char *shape)
{
  g_autoptr(MazeTestRun) run = maze_test_run_cli (fixture, "generate", "--shape", shape,
                                                  "--width", "12", "--height", "9", "--seed", seed,
                                                  "-o", name, NULL);

  maze_test_assert_success (run);
  g_assert_cmpstr (run->out, ==, "");
  g_assert_cmpstr (run->err, ==, "");
}

static gboolean
on_border (const MazeGrid *grid,
           guint32         cell)
{
  guint x, y;

  maze_grid_xy (grid, cell, &x, &y);
  return x == 0 || y == 0 || x + 1 == grid->width || y + 1 == grid->height;
}

/* The .maze file's start and end. */
static void
load_endpoints (Fixture    *fixture,
                const char *name,
                MazePuzzle **puzzle)
{
  g_autofree char *path = maze_test_fixture_path (fixture, name);
  g_autoptr(GError) error = NULL;

  *puzzle = maze_puzzle_load (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (*puzzle);
}

/* One end given alone gets its partner from the preset: never the same
 * cell (that made a drawing with one door, which solve refused), and for
 * "farthest" the cell farthest from the one given. */
static void
test_generate_one_end (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(MazeTestRun) corner = NULL;
  g_autoptr(MazeTestRun) solve = NULL;
  g_autoptr(MazeTestRun) far = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;
  guint x, y;

  /* The end on the start's corner: the start moves to the other one. */
  corner = maze_test_run_cli (fixture, "generate", "--width", "4", "--height", "3", "--seed", "1",
                              "--end", "0,0", "-o", "corner.maze", NULL);
  maze_test_assert_success (corner);
  load_endpoints (fixture, "corner.maze", &puzzle);
  maze_grid_xy (puzzle->grid, puzzle->start, &x, &y);
  g_assert_cmpuint (x, ==, 3);
  g_assert_cmpuint (y, ==, 2);
  g_assert_cmpuint (puzzle->end, ==, 0);
  g_clear_pointer (&puzzle, maze_puzzle_free);

  /* And the drawing has its two doors. */
  maze_test_run_free (corner);
  corner = maze_test_run_cli (fixture, "generate", "--width", "4", "--height", "3", "--seed", "1",
                              "--end", "0,0", "-o", "corner.txt", NULL);
  maze_test_assert_success (corner);
  solve = maze_test_run_cli (fixture, "solve", "corner.txt", NULL);
  maze_test_assert_success (solve);

  far = maze_test_run_cli (fixture, "generate", "--width", "9", "--height", "7", "--seed", "4",
                           "--start", "3,2", "--endpoints", "farthest", "-o", "far.maze", NULL);
  maze_test_assert_success (far);
  load_endpoints (fixture, "far.maze", &puzzle);
  g_assert_cmpuint (puzzle->start, ==, maze_grid_index (puzzle->grid, 3, 2));
  g_assert_cmpuint (puzzle->end, ==, maze_farthest_cell (puzzle->grid, puzzle->start, NULL));
  g_assert_cmpuint (puzzle->end, !=, puzzle->start);
}

/* A title too long for a .maze file to read back is refused at once;
 * the longest allowed one, even all control characters (written 6 bytes
 * each), reads back. */
static void
test_long_title (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *too_long = g_strnfill (MAZE_PUZZLE_MAX_TITLE + 1, 'x');
  g_autofree char *longest = g_strnfill (MAZE_PUZZLE_MAX_TITLE, '\x01');
  g_autoptr(MazeTestRun) refused = NULL;
  g_autoptr(MazeTestRun) made = NULL;
  g_autoptr(MazeTestRun) info = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;

  refused = maze_test_run_cli (fixture, "generate", "--seed", "1", "--title", too_long,
                               "-o", "long.maze", NULL);
  g_assert_cmpint (refused->status, ==, 2);
  maze_test_assert_one_line (refused->err, "--title is 4097 bytes long, more than the 4096 allowed");
  g_assert_false (maze_test_file_exists (fixture, "long.maze"));

  made = maze_test_run_cli (fixture, "generate", "--seed", "1", "--title", longest,
                            "-o", "longest.maze", NULL);
  maze_test_assert_success (made);
  info = maze_test_run_cli (fixture, "info", "longest.maze", NULL);
  maze_test_assert_success (info);
  load_endpoints (fixture, "longest.maze", &puzzle);
  g_assert_cmpstr (puzzle->title, ==, longest);
}

/* Whatever a title holds, the file written reads back (U+001F was written
 * unescaped and the file refused by info); text that is not UTF-8 (an
 * encoded surrogate) is refused at the edge, and nothing written. */
static void
test_title_characters (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(MazeTestRun) made = NULL;
  g_autoptr(MazeTestRun) info = NULL;
  g_autoptr(MazeTestRun) surrogate = NULL;
  g_autoptr(MazeTestRun) instructions = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;

  made = maze_test_run_cli (fixture, "generate", "--seed", "1", "--title", "Unit\x1fSep\x7f\u00ad\uffff",
                            "-o", "us.maze", NULL);
  maze_test_assert_success (made);
  info = maze_test_run_cli (fixture, "info", "us.maze", NULL);
  maze_test_assert_success (info);
  load_endpoints (fixture, "us.maze", &puzzle);
  g_assert_cmpstr (puzzle->title, ==, "Unit\x1fSep\x7f\u00ad\uffff");

  surrogate = maze_test_run_cli (fixture, "generate", "--seed", "1", "--title", "a\xed\xa0\x80" "b",
                                 "-o", "surrogate.maze", NULL);
  g_assert_cmpint (surrogate->status, ==, 2);
  maze_test_assert_one_line (surrogate->err, "--title is not valid UTF-8 text");
  g_assert_false (maze_test_file_exists (fixture, "surrogate.maze"));

  instructions = maze_test_run_cli (fixture, "export", "us.maze", "-o", "us.pdf",
                                    "--instructions", "\xff", NULL);
  g_assert_cmpint (instructions->status, ==, 2);
  maze_test_assert_one_line (instructions->err, "--instructions is not valid UTF-8 text");
  g_assert_false (maze_test_file_exists (fixture, "us.pdf"));
}

/* --difficulty LEVEL makes a maze of that level, with its recipe for
 * what was not given, the same for the same seed; --difficulty MIN-MAX
 * keeps the size given. */
static void
test_generate_difficulty (Fixture       *fixture,
                          gconstpointer  data)
{
  static const char *const levels[] = { "very-easy", "easy", "medium", "hard", "expert" };

  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      g_autoptr(MazeTestRun) made = NULL;
      g_autoptr(MazeTestRun) again = NULL;
      g_autoptr(MazeTestRun) info = NULL;
      g_autofree char *expected = g_strdup_printf ("level %u of 5", i + 1);

      made = maze_test_run_cli (fixture, "generate", "--difficulty", levels[i], "--seed", "3",
                                "-o", "a.maze", NULL);
      maze_test_assert_success (made);
      info = maze_test_run_cli (fixture, "info", "a.maze", NULL);
      maze_test_assert_success (info);
      if (strstr (info->out, expected) == NULL)
        g_error ("%s: “%s” does not say %s", levels[i], info->out, expected);
      again = maze_test_run_cli (fixture, "generate", "--difficulty", levels[i], "--seed", "3", NULL);
      maze_test_assert_success (again);
    }

  {
    g_autoptr(MazeTestRun) band = maze_test_run_cli (fixture, "generate", "--difficulty", "40-45",
                                                     "--width", "25", "--height", "25", "--seed", "1",
                                                     "-o", "b.maze", NULL);
    g_autoptr(MazePuzzle) puzzle = NULL;
    MazeMetrics metrics;

    maze_test_assert_success (band);
    load_endpoints (fixture, "b.maze", &puzzle);
    g_assert_cmpuint (puzzle->grid->width, ==, 25);
    g_assert_true (maze_metrics_compute (puzzle->grid, puzzle->start, puzzle->end, &metrics, NULL));
    g_assert_cmpuint (metrics.difficulty, >=, 40);
    g_assert_cmpuint (metrics.difficulty, <=, 45);
  }
}

/* --difficulty LEVEL on rings keeps --centre: every level round a
 * centre cell has one, with the rings measured around it (maze-level.c:
 * one more than a room's for Very easy), and lands in its level; round
 * the room, the room's rings. */
static void
test_generate_difficulty_centre (Fixture       *fixture,
                                 gconstpointer  data)
{
  for (MazeLevel level = MAZE_LEVEL_VERY_EASY; level <= MAZE_LEVEL_EXPERT; level++)
    for (guint centre = 0; centre < 2; centre++)
      {
        const MazeLevelInfo *info = maze_level_get_info (level);
        g_autoptr(MazeTestRun) made = NULL;
        g_autoptr(MazeTestRun) info_run = NULL;
        g_autofree char *level_text = g_strdup_printf ("level %u of 5", (guint) level);
        g_autofree char *rings_text = NULL;

        made = maze_test_run_cli (fixture, "generate", "--shape", "circular", "--centre",
                                  centre ? "cell" : "room", "--difficulty", info->name,
                                  "--seed", "3", "-o", "l.maze", NULL);
        maze_test_assert_success (made);
        info_run = maze_test_run_cli (fixture, "info", "l.maze", NULL);
        maze_test_assert_success (info_run);
        if (centre)
          rings_text = g_strdup_printf ("circular, %u rings (a centre cell, ", info->centre_side);
        else
          rings_text = g_strdup_printf ("circular, %u rings of ", info->side[MAZE_SHAPE_CIRCULAR]);
        if (strstr (info_run->out, rings_text) == NULL || strstr (info_run->out, level_text) == NULL)
          g_error ("%s round a %s: “%s” does not say “%s” and %s", info->name,
                   centre ? "cell" : "room", info_run->out, rings_text, level_text);
      }
}

/* --outline shapes the maze: cells outside the heart masked, one
 * perfect maze inside, its ends far apart on open cells. */
static void
test_generate_outline (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(MazeTestRun) made = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;

  made = maze_test_run_cli (fixture, "generate", "--outline", "heart", "--width", "30",
                            "--height", "30", "--seed", "4", "-o", "heart.maze", NULL);
  maze_test_assert_success (made);
  load_endpoints (fixture, "heart.maze", &puzzle);
  g_assert_cmpuint (maze_grid_count_open (puzzle->grid), <, 900);
  g_assert_cmpuint (maze_grid_count_open (puzzle->grid), >, 400);
  g_assert_true (maze_grid_check_perfect (puzzle->grid, NULL));
  g_assert_false (maze_grid_is_masked (puzzle->grid, puzzle->start));
  g_assert_false (maze_grid_is_masked (puzzle->grid, puzzle->end));
}

/* --outline-text and --outline-image shape the maze and say so in the
 * .maze; --difficulty makes it to order inside the outline. */
static void
test_generate_outline_text_image (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autofree char *picture = g_test_build_filename (G_TEST_DIST, "data", "outline",
                                                    "two-blobs.png", NULL);
  g_autoptr(MazeTestRun) text = NULL;
  g_autoptr(MazeTestRun) image = NULL;
  g_autoptr(MazeTestRun) ordered = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;
  g_autoptr(MazePuzzle) blobs = NULL;
  g_autoptr(MazePuzzle) hard = NULL;
  MazeRect all;

  text = maze_test_run_cli (fixture, "generate", "--outline-text", "Lili", "--font", "Serif Bold",
                            "--shape", "hex", "--width", "48", "--height", "20", "--seed", "3",
                            "-o", "lili.maze", NULL);
  maze_test_assert_success (text);
  load_endpoints (fixture, "lili.maze", &puzzle);
  g_assert_cmpint (puzzle->outline->source, ==, MAZE_OUTLINE_SOURCE_TEXT);
  g_assert_cmpstr (puzzle->outline->text, ==, "Lili");
  g_assert_cmpstr (puzzle->outline->font, ==, "Serif Bold");
  g_assert_cmpuint (maze_grid_count_open (puzzle->grid), <, puzzle->grid->n_cells);
  g_assert_true (maze_grid_check_perfect (puzzle->grid, NULL));

  image = maze_test_run_cli (fixture, "generate", "--outline-image", picture, "--threshold", "100",
                             "--width", "40", "--height", "20", "--seed", "3", "-o", "blobs.maze",
                             NULL);
  maze_test_assert_success (image);
  load_endpoints (fixture, "blobs.maze", &blobs);
  g_assert_cmpint (blobs->outline->source, ==, MAZE_OUTLINE_SOURCE_PICTURE);
  g_assert_cmpuint (blobs->outline->threshold, ==, 100);
  g_assert_cmpuint (strlen (blobs->outline->digest), ==, 64);
  all = maze_grid_full_rect (blobs->grid);
  g_assert_cmpuint (maze_grid_count_components (blobs->grid, &all, FALSE), ==, 1);
  g_assert_true (maze_grid_check_perfect (blobs->grid, NULL));

  ordered = maze_test_run_cli (fixture, "generate", "--outline", "heart", "--difficulty", "hard",
                               "--seed", "8", "-o", "hard.maze", NULL);
  maze_test_assert_success (ordered);
  load_endpoints (fixture, "hard.maze", &hard);
  g_assert_cmpstr (hard->outline->name, ==, "heart");
  g_assert_cmpuint (maze_grid_count_open (hard->grid), <, hard->grid->n_cells);
  g_assert_true (maze_grid_check_perfect (hard->grid, NULL));
}

/* A word given no size takes its own proportions at 26 rows, not the
 * default 10 x 10, where a name was a smudge of 20 cells; a size given
 * is kept. */
static void
test_generate_outline_text_size (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autoptr(MazeTestRun) word = NULL;
  g_autoptr(MazeTestRun) sized = NULL;
  g_autoptr(MazePuzzle) name = NULL;
  g_autoptr(MazePuzzle) kept = NULL;

  word = maze_test_run_cli (fixture, "generate", "--outline-text", "Alexandrinas", "--seed", "2",
                            "-o", "name.maze", NULL);
  maze_test_assert_success (word);
  load_endpoints (fixture, "name.maze", &name);
  g_assert_cmpuint (name->grid->height, ==, 26);
  /* Twelve letters are some five times as wide as they are tall. */
  g_assert_cmpuint (name->grid->width, >, 4 * 26);
  g_assert_cmpuint (name->grid->width, <, 10 * 26);
  g_assert_cmpuint (maze_grid_count_open (name->grid), >, 800);
  g_assert_true (maze_grid_check_perfect (name->grid, NULL));

  sized = maze_test_run_cli (fixture, "generate", "--outline-text", "Mia", "--width", "30",
                             "--seed", "2", "-o", "mia.maze", NULL);
  maze_test_assert_success (sized);
  load_endpoints (fixture, "mia.maze", &kept);
  g_assert_cmpuint (kept->grid->width, ==, 30);
  g_assert_cmpuint (kept->grid->height, ==, 10);
}

/* A bad picture: one line saying what is wrong with it, nothing written. */
static void
test_generate_outline_bad_image (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autoptr(MazeTestRun) run = NULL;
  g_autofree char *out = maze_test_fixture_path (fixture, "out.maze");

  maze_test_write_file (fixture, "notes.png", "not a picture\n");
  run = maze_test_run_cli (fixture, "generate", "--outline-image", "notes.png", "-o", "out.maze",
                           NULL);
  maze_test_assert_usage_error (run, "“notes.png” is not a picture");
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
}

/* Counts of one say "1 cell", not "1 cells" (ngettext, so that other
 * languages get their own plural forms). */
static void
test_plurals (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(MazeTestRun) make = NULL;
  g_autoptr(MazeTestRun) solve = NULL;
  g_autoptr(MazeTestRun) info = NULL;

  make = maze_test_run_cli (fixture, "generate", "--width", "1", "--height", "2", "--seed", "1",
                            "-o", "two.maze", NULL);
  maze_test_assert_success (make);
  solve = maze_test_run_cli (fixture, "solve", "two.maze", "--from", "0,0", "--to", "0,0",
                             "--solver", "bfs", NULL);
  maze_test_assert_success (solve);
  g_assert_nonnull (strstr (solve->out, "bfs: path of 1 cell, 1 cell explored, cost 0, "));
  info = maze_test_run_cli (fixture, "info", "two.maze", NULL);
  maze_test_assert_success (info);
  g_assert_nonnull (strstr (info->out, "Solution: 2 cells (100.0% of the open cells), 0 turns\n"));
  g_assert_nonnull (strstr (info->out, "Longest path: 2 cells\n"));
}

/* The doors of a maze written with --endpoints farthest are those of the
 * two ends of its longest path that lie on the border, and the path
 * between them is as long as the longest. */
static void
assert_farthest_doors (Fixture    *fixture,
                       const char *name)
{
  g_autofree char *text = maze_test_read_file (fixture, name);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) doors = NULL;
  g_autoptr(MazeGrid) grid = maze_text_parse (text, strlen (text), &doors, &error);
  g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 start, end, from_start, length;

  g_assert_no_error (error);
  g_assert_true (maze_endpoints_choose (grid, MAZE_ENDPOINTS_FARTHEST, &start, &end, &error));
  g_assert_no_error (error);
  maze_farthest_cell (grid, start, &from_start);
  maze_farthest_cell (grid, maze_farthest_cell (grid, start, NULL), &length);
  /* No cell is farther from start than end: they are the longest path's ends. */
  g_assert_cmpuint (from_start, ==, length);

  if (on_border (grid, MIN (start, end)))
    {
      guint32 first = MIN (start, end);

      g_array_append_val (expected, first);
    }
  if (start != end && on_border (grid, MAX (start, end)))
    {
      guint32 last = MAX (start, end);

      g_array_append_val (expected, last);
    }
  g_assert_cmpuint (doors->len, ==, expected->len);
  for (guint i = 0; i < doors->len; i++)
    g_assert_cmpuint (g_array_index (doors, guint32, i), ==, g_array_index (expected, guint32, i));
}

/* ---- happy paths ---- */

static void
test_generate_stdout (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(MazeTestRun) a = maze_test_run_cli (fixture, "generate", "--seed", "42", NULL);
  g_autoptr(MazeTestRun) b = maze_test_run_cli (fixture, "generate", "--seed", "42", NULL);
  g_autoptr(MazeTestRun) c = maze_test_run_cli (fixture, "generate", "--seed", "43", NULL);
  g_autoptr(MazeTestRun) dash = maze_test_run_cli (fixture, "generate", "--seed", "42", "-o",
                                                   "-", NULL);
  g_autoptr(MazeTestRun) spelled = maze_test_run_cli (fixture, "generate", "--shape=rect",
                                                      "--width=10", "--height", "10",
                                                      "--algorithm", "backtracker", "--seed=42",
                                                      "--output=-", NULL);

  maze_test_assert_success (a);
  /* A seed was given: nothing to tell on stderr. */
  g_assert_cmpstr (a->err, ==, "");
  /* Default 10×10 classic: 2 lines per row and a closing line. */
  g_assert_true (g_str_has_prefix (a->out, "+"));
  g_assert_cmpuint (count_lines (a->out), ==, 21);
  g_assert_cmpstr (a->out, ==, b->out);
  g_assert_cmpstr (a->out, !=, c->out);
  maze_test_assert_success (dash);
  g_assert_cmpstr (dash->out, ==, a->out);
  maze_test_assert_success (spelled);
  g_assert_cmpstr (spelled->out, ==, a->out);
  maze_test_assert_no_temp_files (fixture);
}

static void
test_generate_file (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(MazeTestRun) to_stdout = maze_test_run_cli (fixture, "generate", "--width", "15",
                                                        "--height", "7", "--seed", "7", NULL);
  g_autoptr(MazeTestRun) to_file = NULL;
  g_autoptr(MazeTestRun) over = NULL;
  g_autofree char *contents = NULL;

  maze_test_assert_success (to_stdout);
  to_file = maze_test_run_cli (fixture, "generate", "--width", "15", "--height", "7", "--seed", "7",
                               "-o", "maze.txt", NULL);
  maze_test_assert_success (to_file);
  g_assert_cmpstr (to_file->out, ==, "");
  g_assert_cmpstr (to_file->err, ==, "");
  contents = maze_test_read_file (fixture, "maze.txt");
  g_assert_cmpstr (contents, ==, to_stdout->out);
  g_assert_cmpuint (count_lines (contents), ==, 15);

  /* Replacing an existing file works too. */
  maze_test_write_file (fixture, "old.txt", "old contents\n");
  over = maze_test_run_cli (fixture, "generate", "--width", "15", "--height", "7", "--seed", "7",
                            "--output", "old.txt", NULL);
  maze_test_assert_success (over);
  g_clear_pointer (&contents, g_free);
  contents = maze_test_read_file (fixture, "old.txt");
  g_assert_cmpstr (contents, ==, to_stdout->out);
  maze_test_assert_no_temp_files (fixture);
}

static void
test_generate_random_seed (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(MazeTestRun) run = maze_test_run_cli (fixture, "generate", "--width", "8",
                                                  "--height", "8", NULL);
  g_autoptr(MazeTestRun) again = NULL;
  g_autofree char *seed = NULL;
  guint64 value;

  maze_test_assert_success (run);
  maze_test_assert_one_line (run->err, NULL);
  g_assert_true (g_str_has_prefix (run->err, "mazewright-cli: seed "));
  seed = g_strndup (run->err + strlen ("mazewright-cli: seed "),
                    strlen (run->err) - strlen ("mazewright-cli: seed ") - 1);
  g_assert_true (g_ascii_string_to_unsigned (seed, 10, 0, G_MAXUINT64, &value, NULL));

  /* The printed seed makes the same maze again. */
  again = maze_test_run_cli (fixture, "generate", "--width", "8", "--height", "8",
                             "--seed", seed, NULL);
  maze_test_assert_success (again);
  g_assert_cmpstr (again->err, ==, "");
  g_assert_cmpstr (again->out, ==, run->out);
}

static void
test_generate_hex (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(MazeTestRun) rect = maze_test_run_cli (fixture, "generate", "--seed", "5", NULL);
  g_autoptr(MazeTestRun) a = maze_test_run_cli (fixture, "generate", "--shape", "hex",
                                                "--seed", "5", NULL);
  g_autoptr(MazeTestRun) b = maze_test_run_cli (fixture, "generate", "--shape", "hex",
                                                "--seed", "5", NULL);
  g_autoptr(MazeTestRun) u = maze_test_run_cli (fixture, "generate", "--shape", "hex",
                                                "--seed", "5", "--unicode", NULL);

  maze_test_assert_success (a);
  maze_test_assert_success (u);
  g_assert_cmpstr (a->err, ==, "");
  g_assert_cmpuint (strlen (a->out), >, 0);
  g_assert_cmpstr (a->out, ==, b->out);
  g_assert_cmpstr (a->out, !=, rect->out);
  g_assert_true (g_utf8_validate (u->out, -1, NULL));
}

/* Rings: sized by --rings and --first, a .maze, a batch and the drawn
 * exports, never text (exit 2 and nothing written); info and solve
 * count the rings. */
static void
test_generate_circular (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(MazeTestRun) text = maze_test_run_cli (fixture, "generate", "--shape", "circular",
                                                   "--seed", "5", NULL);
  g_autoptr(MazeTestRun) doc = maze_test_run_cli (fixture, "generate", "--shape", "circular",
                                                  "--rings", "7", "--first", "8",
                                                  "--seed", "5", "-o", "r.maze", NULL);
  g_autoptr(MazeTestRun) sized = maze_test_run_cli (fixture, "generate", "--shape", "circular",
                                                    "--width", "12", "-o", "w.maze", NULL);
  g_autoptr(MazeTestRun) eller = maze_test_run_cli (fixture, "generate", "--shape", "circular",
                                                    "--algorithm", "eller", "-o", "e.maze", NULL);
  g_autoptr(MazeTestRun) outside = maze_test_run_cli (fixture, "generate", "--shape", "circular",
                                                      "--rings", "3", "--start", "6,0",
                                                      "-o", "o.maze", NULL);
  g_autoptr(MazeTestRun) info = NULL;
  g_autoptr(MazeTestRun) solve = NULL;
  g_autoptr(MazeTestRun) to_text = NULL;
  g_autoptr(MazeTestRun) batch = NULL;
  const char *const drawn[] = { "r.png", "r.svg", "r.pdf" };

  maze_test_assert_usage_error (text, "circular");
  maze_test_assert_usage_error (sized, "--rings");
  maze_test_assert_usage_error (eller, "circular");
  /* The first ring (6 cells) has no cell 6. */
  maze_test_assert_usage_error (outside, "ring 0");
  g_assert_false (maze_test_file_exists (fixture, "w.maze"));
  g_assert_false (maze_test_file_exists (fixture, "e.maze"));
  g_assert_false (maze_test_file_exists (fixture, "o.maze"));
  maze_test_assert_success (doc);

  info = maze_test_run_cli (fixture, "info", "r.maze", NULL);
  maze_test_assert_success (info);
  g_assert_nonnull (strstr (info->out, "circular, 7 rings of 8 to 32 cells"));
  solve = maze_test_run_cli (fixture, "solve", "r.maze", "--solver", "all", NULL);
  maze_test_assert_success (solve);
  g_assert_nonnull (strstr (solve->out, "circular maze of 7 rings"));

  to_text = maze_test_run_cli (fixture, "export", "r.maze", "-o", "r.txt", NULL);
  maze_test_assert_usage_error (to_text, "circular");
  g_assert_false (maze_test_file_exists (fixture, "r.txt"));
  for (guint i = 0; i < G_N_ELEMENTS (drawn); i++)
    {
      g_autoptr(MazeTestRun) run = maze_test_run_cli (fixture, "export", "r.maze", "-o", drawn[i],
                                                      NULL);

      maze_test_assert_success (run);
      g_assert_true (maze_test_file_exists (fixture, drawn[i]));
    }
  /* A batch carves the same rings again. */
  batch = maze_test_run_cli (fixture, "export", "r.maze", "--batch", "2", "-o", "b.pdf", NULL);
  maze_test_assert_success (batch);
  g_assert_true (maze_test_file_exists (fixture, "b.pdf"));

  /* Too many rings for an A4 page say how many fit, in rings. */
  {
    g_autoptr(MazeTestRun) many = maze_test_run_cli (fixture, "generate", "--shape", "circular",
                                                     "--rings", "40", "-o", "m.maze", NULL);
    g_autoptr(MazeTestRun) page = NULL;

    maze_test_assert_success (many);
    page = maze_test_run_cli (fixture, "export", "m.maze", "-o", "m.pdf", NULL);
    maze_test_assert_usage_error (page, "the largest that fits has 28 rings");
    g_assert_false (maze_test_file_exists (fixture, "m.pdf"));
  }
}

/* A centre cell instead of the room: --centre cell makes one (a version
 * 4 .maze saying "centre": "cell"), room is the default; --centre is
 * refused on other shapes, with an unknown value and with a first ring
 * the centre cannot border (exit 2, nothing written). info says the
 * centre; solve and the drawn exports (a worksheet with its answer key,
 * the centre the start) work, text is refused as on every circular
 * maze. Ends left to the file's corners start on the centre: info
 * measures from it and every solver finds the same way out. */
static void
test_generate_centre (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(MazeTestRun) cell = maze_test_run_cli (fixture, "generate", "--shape", "circular",
                                                   "--rings", "6", "--centre", "cell",
                                                   "--algorithm", "prim", "--seed", "3",
                                                   "-o", "c.maze", NULL);
  g_autoptr(MazeTestRun) room = maze_test_run_cli (fixture, "generate", "--shape", "circular",
                                                   "--rings", "6", "--centre", "room",
                                                   "--algorithm", "prim", "--seed", "3",
                                                   "-o", "r.maze", NULL);
  g_autoptr(MazeTestRun) plain = maze_test_run_cli (fixture, "generate", "--shape", "circular",
                                                    "--rings", "6",
                                                    "--algorithm", "prim", "--seed", "3",
                                                    "-o", "p.maze", NULL);
  g_autoptr(MazeTestRun) hex = maze_test_run_cli (fixture, "generate", "--shape", "hex",
                                                  "--centre", "cell", "-o", "h.maze", NULL);
  g_autoptr(MazeTestRun) hub = maze_test_run_cli (fixture, "generate", "--shape", "circular",
                                                  "--centre", "hub", "-o", "u.maze", NULL);
  g_autoptr(MazeTestRun) wide = maze_test_run_cli (fixture, "generate", "--shape", "circular",
                                                   "--centre", "cell", "--first", "8",
                                                   "-o", "w.maze", NULL);
  g_autoptr(MazeTestRun) help = maze_test_run_cli (fixture, "generate", "--help", NULL);
  g_autoptr(MazeTestRun) info = NULL;
  g_autoptr(MazeTestRun) json = NULL;
  g_autoptr(MazeTestRun) solve = NULL;
  g_autoptr(MazeTestRun) to_text = NULL;
  g_autofree char *cell_doc = NULL;
  g_autofree char *room_doc = NULL;
  g_autofree char *plain_doc = NULL;
  const char *const drawn[][3] = {
    { "c.png", NULL }, { "c.svg", NULL }, { "c.pdf", "--answer-key" },
  };

  maze_test_assert_success (cell);
  maze_test_assert_success (room);
  maze_test_assert_success (plain);
  cell_doc = maze_test_read_file (fixture, "c.maze");
  room_doc = maze_test_read_file (fixture, "r.maze");
  plain_doc = maze_test_read_file (fixture, "p.maze");
  g_assert_nonnull (strstr (cell_doc, "\"version\": 4,"));
  g_assert_nonnull (strstr (cell_doc, "\"centre\": \"cell\""));
  g_assert_nonnull (strstr (room_doc, "\"version\": 3,"));
  g_assert_nonnull (strstr (room_doc, "\"centre\": \"room\""));
  g_assert_cmpstr (room_doc, ==, plain_doc);

  maze_test_assert_usage_error (hex, "--centre");
  maze_test_assert_usage_error (hub, "“hub”");
  maze_test_assert_usage_error (wide, "at most 6");
  g_assert_false (maze_test_file_exists (fixture, "h.maze"));
  g_assert_false (maze_test_file_exists (fixture, "u.maze"));
  g_assert_false (maze_test_file_exists (fixture, "w.maze"));
  maze_test_assert_success (help);
  g_assert_nonnull (strstr (help->out, "--centre room|cell"));

  info = maze_test_run_cli (fixture, "info", "c.maze", NULL);
  maze_test_assert_success (info);
  g_assert_nonnull (strstr (info->out, "circular, 6 rings (a centre cell, then 6 to 24 cells)"));
  g_assert_nonnull (strstr (info->out, "Start: 0,0\n"));
  g_assert_nonnull (strstr (info->out, "Perfect: yes"));
  json = maze_test_run_cli (fixture, "info", "c.maze", "--json", NULL);
  maze_test_assert_success (json);
  g_assert_nonnull (strstr (json->out, "\"centre\":\"cell\""));
  /* One ring: the centre alone, no first ring to count. */
  {
    g_autoptr(MazeTestRun) one = maze_test_run_cli (fixture, "generate", "--shape", "circular",
                                                    "--rings", "1", "--centre", "cell",
                                                    "--algorithm", "prim", "--seed", "1",
                                                    "-o", "one.maze", NULL);
    g_autoptr(MazeTestRun) one_info = NULL;

    maze_test_assert_success (one);
    one_info = maze_test_run_cli (fixture, "info", "one.maze", NULL);
    maze_test_assert_success (one_info);
    g_assert_nonnull (strstr (one_info->out, "circular, a centre cell alone, 1 open cell\n"));
  }
  solve = maze_test_run_cli (fixture, "solve", "c.maze", NULL);
  maze_test_assert_success (solve);
  g_assert_nonnull (strstr (solve->out, "From 0,0 to 23,5 in a circular maze of 6 rings"));
  for (guint i = 0; i < MAZE_N_SOLVERS; i++)
    {
      g_autofree char *line = g_strdup_printf ("%s: path of ", maze_solver_to_string (i));

      g_assert_nonnull (strstr (solve->out, line));
    }

  to_text = maze_test_run_cli (fixture, "export", "c.maze", "-o", "c.txt", NULL);
  maze_test_assert_usage_error (to_text, "circular");
  g_assert_false (maze_test_file_exists (fixture, "c.txt"));
  for (guint i = 0; i < G_N_ELEMENTS (drawn); i++)
    {
      g_autoptr(MazeTestRun) run = maze_test_run_cli (fixture, "export", "c.maze",
                                                      "-o", drawn[i][0], drawn[i][1], NULL);

      maze_test_assert_success (run);
      g_assert_cmpstr (run->err, ==, "");
      g_assert_true (maze_test_file_exists (fixture, drawn[i][0]));
    }
}

/* Triangles: a .maze and the drawn exports, never text (exit 2 and
 * nothing written); info and solve name the shape. */
static void
test_generate_tri (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(MazeTestRun) text = maze_test_run_cli (fixture, "generate", "--shape", "tri",
                                                   "--seed", "5", NULL);
  g_autoptr(MazeTestRun) doc = maze_test_run_cli (fixture, "generate", "--shape", "tri",
                                                  "--width", "12", "--height", "7",
                                                  "--seed", "5", "-o", "t.maze", NULL);
  g_autoptr(MazeTestRun) binary = maze_test_run_cli (fixture, "generate", "--shape", "tri",
                                                     "--algorithm", "binary-tree",
                                                     "-o", "b.maze", NULL);
  g_autoptr(MazeTestRun) column = maze_test_run_cli (fixture, "generate", "--shape", "tri",
                                                     "--width", "1", "--height", "5",
                                                     "-o", "c.maze", NULL);
  g_autoptr(MazeTestRun) info = NULL;
  g_autoptr(MazeTestRun) solve = NULL;
  g_autoptr(MazeTestRun) to_text = NULL;
  const char *const drawn[] = { "t.png", "t.svg", "t.pdf" };

  maze_test_assert_usage_error (text, "triangular");
  maze_test_assert_usage_error (binary, "triangular");
  maze_test_assert_usage_error (column, "2 columns");
  g_assert_false (maze_test_file_exists (fixture, "b.maze"));
  g_assert_false (maze_test_file_exists (fixture, "c.maze"));
  maze_test_assert_success (doc);

  info = maze_test_run_cli (fixture, "info", "t.maze", NULL);
  maze_test_assert_success (info);
  g_assert_nonnull (strstr (info->out, "12×7 triangular"));
  solve = maze_test_run_cli (fixture, "solve", "t.maze", "--solver", "all", NULL);
  maze_test_assert_success (solve);
  g_assert_nonnull (strstr (solve->out, "12×7 triangular"));

  to_text = maze_test_run_cli (fixture, "export", "t.maze", "-o", "t.txt", NULL);
  maze_test_assert_usage_error (to_text, "triangular");
  g_assert_false (maze_test_file_exists (fixture, "t.txt"));
  for (guint i = 0; i < G_N_ELEMENTS (drawn); i++)
    {
      g_autoptr(MazeTestRun) run = maze_test_run_cli (fixture, "export", "t.maze", "-o", drawn[i],
                                                      NULL);

      maze_test_assert_success (run);
      g_assert_true (maze_test_file_exists (fixture, drawn[i]));
    }
}

static void
test_generate_unicode (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(MazeTestRun) classic = maze_test_run_cli (fixture, "generate", "--seed", "9", NULL);
  g_autoptr(MazeTestRun) u = maze_test_run_cli (fixture, "generate", "--seed", "9",
                                                "--unicode", NULL);

  maze_test_assert_success (u);
  g_assert_true (g_utf8_validate (u->out, -1, NULL));
  /* Box drawing lives at U+2500..U+257F (UTF-8 E2 94/95 xx). */
  g_assert_true (strstr (u->out, "\xe2\x94") != NULL || strstr (u->out, "\xe2\x95") != NULL);
  g_assert_null (strstr (u->out, "+---"));
  g_assert_cmpuint (count_lines (u->out), ==, count_lines (classic->out));
}

/* Every algorithm makes a maze, on every shape it supports, that the
 * solvers can walk from one door to the other. */
static void
test_generate_algorithms (Fixture       *fixture,
                          gconstpointer  data)
{
  for (guint a = 0; a < G_N_ELEMENTS (algorithms); a++)
    for (guint s = 0; s < 2; s++)
      {
        const char *shape = s == 0 ? "rect" : "hex";
        g_autoptr(MazeTestRun) gen = NULL;
        g_autoptr(MazeTestRun) again = NULL;
        g_autoptr(MazeTestRun) solve = NULL;
        g_autoptr(GArray) results = NULL;

        if (s == 1 && g_str_equal (algorithms[a], "binary-tree"))
          continue;
        g_test_message ("%s on %s", algorithms[a], shape);
        gen = maze_test_run_cli (fixture, "generate", "--algorithm", algorithms[a],
                                 "--shape", shape, "--width", "9", "--height", "7",
                                 "--seed", "2024", "-o", "m.txt", NULL);
        maze_test_assert_success (gen);
        again = maze_test_run_cli (fixture, "generate", "--algorithm", algorithms[a],
                                   "--shape", shape, "--width", "9", "--height", "7",
                                   "--seed", "2024", NULL);
        maze_test_assert_success (again);
        {
          g_autofree char *contents = maze_test_read_file (fixture, "m.txt");

          g_assert_cmpstr (contents, ==, again->out);
        }

        solve = maze_test_run_cli (fixture, "solve", "m.txt", "--solver", "bfs", "--json", NULL);
        maze_test_assert_success (solve);
        results = parse_solve_json (solve->out);
        g_assert_cmpuint (results->len, ==, 1);
        assert_path (find_result (results, "bfs"), 0, 0, 8, 6, s == 0);
      }
}

static void
test_generate_options (Fixture       *fixture,
                       gconstpointer  data)
{
  const char *const selections[] = { "newest", "random", "mixed" };
  g_autoptr(MazeTestRun) placed = maze_test_run_cli (fixture, "generate", "--width", "10",
                                                     "--height", "8", "--seed", "11",
                                                     "--start", "0,3", "--end", "9,5",
                                                     "-o", "placed.txt", NULL);
  g_autoptr(MazeTestRun) solve = NULL;
  g_autoptr(MazeTestRun) far = NULL;
  g_autoptr(GArray) results = NULL;

  maze_test_assert_success (placed);
  solve = maze_test_run_cli (fixture, "solve", "placed.txt", "--json", "--solver", "astar", NULL);
  maze_test_assert_success (solve);
  results = parse_solve_json (solve->out);
  assert_path (find_result (results, "astar"), 0, 3, 9, 5, TRUE);

  /* The farthest pair: the ends of the longest path. The text form can
   * only show those on the border, as doors. */
  far = maze_test_run_cli (fixture, "generate", "--width", "10", "--height", "8", "--seed", "11",
                           "--endpoints", "farthest", "-o", "far.txt", NULL);
  maze_test_assert_success (far);
  assert_farthest_doors (fixture, "far.txt");
  for (guint seed = 1; seed <= 10; seed++)
    {
      g_autofree char *seed_text = g_strdup_printf ("%u", seed);
      g_autoptr(MazeTestRun) run = maze_test_run_cli (fixture, "generate", "--width", "6",
                                                      "--height", "5", "--seed", seed_text,
                                                      "--endpoints", "farthest",
                                                      "-o", "far.txt", NULL);

      maze_test_assert_success (run);
      assert_farthest_doors (fixture, "far.txt");
    }

  for (guint i = 0; i < G_N_ELEMENTS (selections); i++)
    {
      g_autoptr(MazeTestRun) run = maze_test_run_cli (fixture, "generate",
                                                      "--algorithm", "growing-tree",
                                                      "--selection", selections[i],
                                                      "--seed", "3", NULL);

      maze_test_assert_success (run);
      g_assert_cmpuint (count_lines (run->out), ==, 21);
    }
}

/* Braiding opens loops: the maze is no longer perfect, the shortest paths
 * agree, and a wall follower that never arrives is reported, not fatal. */
static void
test_generate_braid (Fixture       *fixture,
                     gconstpointer  data)
{
  gboolean saw_unreachable = FALSE;

  for (guint seed = 1; seed <= 12; seed++)
    {
      g_autofree char *seed_text = g_strdup_printf ("%u", seed);
      g_autoptr(MazeTestRun) gen = maze_test_run_cli (fixture, "generate", "--width", "12",
                                                      "--height", "12", "--seed", seed_text,
                                                      "--braid", "1", "--start", "5,0",
                                                      "--end", "6,11", "-o", "b.txt", NULL);
      g_autoptr(MazeTestRun) plain = NULL;
      g_autoptr(MazeTestRun) info = NULL;
      g_autoptr(MazeTestRun) plain_info = NULL;
      g_autoptr(MazeTestRun) solve = NULL;
      g_autoptr(MazeTestRun) text = NULL;
      g_autoptr(MazeTestRun) inner = NULL;
      g_autoptr(GArray) results = NULL;
      g_autoptr(GArray) inner_results = NULL;
      const SolverResult *wf;

      maze_test_assert_success (gen);
      plain = maze_test_run_cli (fixture, "generate", "--width", "12", "--height", "12",
                                 "--seed", seed_text, "--start", "5,0", "--end", "6,11",
                                 "-o", "p.txt", NULL);
      maze_test_assert_success (plain);
      info = maze_test_run_cli (fixture, "info", "b.txt", "--json", NULL);
      maze_test_assert_success (info);
      plain_info = maze_test_run_cli (fixture, "info", "p.txt", "--json", NULL);
      maze_test_assert_success (plain_info);
      g_assert_nonnull (strstr (info->out, "\"perfect\":false"));
      g_assert_nonnull (strstr (plain_info->out, "\"perfect\":true"));
      /* Braiding everything leaves few dead ends, if any. */
      g_assert_cmpuint (json_uint (info->out, "dead_ends") * 4, <,
                        json_uint (plain_info->out, "dead_ends"));

      solve = maze_test_run_cli (fixture, "solve", "b.txt", "--json", NULL);
      maze_test_assert_success (solve);
      g_assert_cmpstr (solve->err, ==, "");
      results = parse_solve_json (solve->out);
      g_assert_cmpuint (results->len, ==, 5);
      assert_path (find_result (results, "bfs"), 5, 0, 6, 11, TRUE);
      assert_path (find_result (results, "backtracking"), 5, 0, 6, 11, TRUE);
      g_assert_cmpuint (find_result (results, "dijkstra")->length, ==,
                        find_result (results, "bfs")->length);
      g_assert_cmpuint (find_result (results, "astar")->length, ==,
                        find_result (results, "bfs")->length);
      assert_path (find_result (results, "wall-follower"), 5, 0, 6, 11, TRUE);

      /* An end inside the maze may sit on a loop of wall of its own. */
      inner = maze_test_run_cli (fixture, "solve", "b.txt", "--from", "5,0", "--to", "6,6",
                                 "--json", NULL);
      maze_test_assert_success (inner);
      g_assert_cmpstr (inner->err, ==, "");
      inner_results = parse_solve_json (inner->out);
      assert_path (find_result (inner_results, "bfs"), 5, 0, 6, 6, TRUE);
      wf = find_result (inner_results, "wall-follower");
      if (wf->failed)
        {
          saw_unreachable = TRUE;
          g_assert_cmpuint (wf->length, ==, 0);
          g_assert_cmpuint (wf->path->len, ==, 0);
          text = maze_test_run_cli (fixture, "solve", "b.txt", "--from", "5,0", "--to", "6,6",
                                    "--solver", "wall-follower", NULL);
          maze_test_assert_success (text);
          g_assert_cmpstr (text->err, ==, "");
          g_assert_cmpuint (count_lines (text->out), ==, 2);
          g_assert_nonnull (strstr (text->out, "wall-follower"));
        }
      else
        assert_path (wf, 5, 0, 6, 6, TRUE);
    }
  /* Generators are deterministic: with these seeds some ends are islands. */
  g_assert_true (saw_unreachable);
}

static void
test_solve_each (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(MazeTestRun) all = NULL;
  g_autoptr(MazeTestRun) all_json = NULL;
  g_autoptr(GArray) results = NULL;
  guint length;

  generate_to (fixture, "m.txt", "99", "rect");

  for (guint i = 0; i < G_N_ELEMENTS (solvers); i++)
    {
      g_autoptr(MazeTestRun) text = maze_test_run_cli (fixture, "solve", "m.txt",
                                                       "--solver", solvers[i], NULL);
      g_autoptr(MazeTestRun) json = maze_test_run_cli (fixture, "solve", "--json",
                                                       "--solver", solvers[i], "m.txt", NULL);
      g_autoptr(GArray) one = NULL;

      maze_test_assert_success (text);
      g_assert_cmpstr (text->err, ==, "");
      g_assert_nonnull (strstr (text->out, solvers[i]));
      /* A heading, then one line for the one solver. */
      g_assert_cmpuint (count_lines (text->out), ==, 2);

      maze_test_assert_success (json);
      one = parse_solve_json (json->out);
      g_assert_cmpuint (one->len, ==, 1);
      /* A perfect maze has one path: every solver finds it. */
      assert_path (find_result (one, solvers[i]), 0, 0, 11, 8, TRUE);
    }

  all = maze_test_run_cli (fixture, "solve", "m.txt", NULL);
  maze_test_assert_success (all);
  g_assert_cmpuint (count_lines (all->out), ==, 1 + G_N_ELEMENTS (solvers));
  for (guint i = 0; i < G_N_ELEMENTS (solvers); i++)
    g_assert_nonnull (strstr (all->out, solvers[i]));

  all_json = maze_test_run_cli (fixture, "solve", "m.txt", "--solver", "all", "--json", NULL);
  maze_test_assert_success (all_json);
  results = parse_solve_json (all_json->out);
  g_assert_cmpuint (results->len, ==, G_N_ELEMENTS (solvers));
  length = find_result (results, "bfs")->length;
  for (guint i = 0; i < G_N_ELEMENTS (solvers); i++)
    {
      const SolverResult *r = &g_array_index (results, SolverResult, i);

      g_assert_cmpstr (r->solver, ==, solvers[i]);
      assert_path (r, 0, 0, 11, 8, TRUE);
      if (is_wall_follower (r))
        g_assert_cmpuint (r->length, >=, length);
      else
        g_assert_cmpuint (r->length, ==, length);
      /* Unweighted: the cost is the number of steps. */
      g_assert_cmpuint (r->cost, ==, length - 1);
      g_assert_cmpuint (r->explored, >=, length);
      g_assert_cmpuint (r->explored, <=, 12 * 9);
    }
}

static void
test_solve_endpoints (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(MazeTestRun) same = NULL;
  g_autoptr(MazeTestRun) between = NULL;
  g_autoptr(GArray) r1 = NULL;
  g_autoptr(GArray) r2 = NULL;

  generate_to (fixture, "m.txt", "5", "rect");
  same = maze_test_run_cli (fixture, "solve", "m.txt", "--from", "3,4", "--to", "3,4", "--json",
                            "--solver", "dijkstra", NULL);
  maze_test_assert_success (same);
  r1 = parse_solve_json (same->out);
  assert_path (find_result (r1, "dijkstra"), 3, 4, 3, 4, TRUE);
  g_assert_cmpuint (find_result (r1, "dijkstra")->length, ==, 1);

  between = maze_test_run_cli (fixture, "solve", "m.txt", "--from=11,0", "--to=0,8",
                               "--json", NULL);
  maze_test_assert_success (between);
  r2 = parse_solve_json (between->out);
  for (guint i = 0; i < G_N_ELEMENTS (solvers); i++)
    assert_path (find_result (r2, solvers[i]), 11, 0, 0, 8, TRUE);
}

/* A maze drawn by the library with a masked cell: a known answer. */
static void
test_solve_known (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(MazeTestRun) run = NULL;
  g_autoptr(MazeTestRun) info = NULL;
  g_autoptr(MazeTestRun) nodoors = NULL;
  g_autoptr(GArray) results = NULL;
  g_autoptr(GArray) r2 = NULL;

  write_comb (fixture, "comb.txt", TRUE);
  run = maze_test_run_cli (fixture, "solve", "comb.txt", "--json", NULL);
  maze_test_assert_success (run);
  results = parse_solve_json (run->out);
  for (guint i = 0; i < G_N_ELEMENTS (solvers); i++)
    {
      const SolverResult *r = find_result (results, solvers[i]);

      assert_path (r, 0, 0, 4, 3, TRUE);
      if (is_wall_follower (r))
        g_assert_cmpuint (r->length, >=, 8);
      else
        g_assert_cmpuint (r->length, ==, 8);
    }

  info = maze_test_run_cli (fixture, "info", "comb.txt", "--json", NULL);
  maze_test_assert_success (info);
  g_assert_cmpuint (json_uint (info->out, "open_cells"), ==, 23);
  g_assert_cmpuint (json_uint (info->out, "solution_length"), ==, 8);
  g_assert_cmpuint (json_uint (info->out, "width"), ==, 6);
  g_assert_cmpuint (json_uint (info->out, "height"), ==, 4);
  /* Dead ends: the bottoms of columns 0-5 (column 5 stops at row 2). */
  g_assert_cmpuint (json_uint (info->out, "dead_ends"), ==, 6);
  g_assert_nonnull (strstr (info->out, "\"perfect\":true"));

  /* Without doors, --from and --to say where. */
  write_comb (fixture, "nodoors.txt", FALSE);
  nodoors = maze_test_run_cli (fixture, "solve", "nodoors.txt", "--from", "5,2", "--to", "0,3",
                               "--json", "--solver", "bfs", NULL);
  maze_test_assert_success (nodoors);
  r2 = parse_solve_json (nodoors->out);
  /* (5,2) up to row 0, across to column 0, down to row 3: 3 + 5 + 3. */
  assert_path (find_result (r2, "bfs"), 5, 2, 0, 3, TRUE);
  g_assert_cmpuint (find_result (r2, "bfs")->length, ==, 11);
}

static void
test_solve_stdin (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(MazeTestRun) from_file = NULL;
  g_autoptr(MazeTestRun) from_stdin = NULL;

  generate_to (fixture, "m.txt", "21", "rect");
  from_file = maze_test_run_cli (fixture, "solve", "m.txt", "--solver", "bfs", "--json", NULL);
  maze_test_assert_success (from_file);

  g_ptr_array_add (args, "/bin/sh");
  g_ptr_array_add (args, "-c");
  g_ptr_array_add (args, "exec \"$0\" solve - --solver bfs --json < m.txt");
  g_ptr_array_add (args, (gpointer) maze_test_cli_path ());
  from_stdin = maze_test_run_argv (fixture, args, NULL);
  maze_test_assert_success (from_stdin);
  /* Same path and length; only the time differs. */
  g_assert_cmpstr (strstr (from_stdin->out, "\"path\""), ==, strstr (from_file->out, "\"path\""));
}

static void
test_round_trip (Fixture       *fixture,
                 gconstpointer  data)
{
  for (guint s = 0; s < 2; s++)
    {
      const char *shape = s == 0 ? "rect" : "hex";
      g_autoptr(MazeTestRun) solve = NULL;
      g_autoptr(MazeTestRun) info = NULL;
      g_autoptr(MazeTestRun) info_text = NULL;
      g_autoptr(MazeTestRun) unicode = NULL;
      g_autoptr(MazeTestRun) solve_unicode = NULL;
      g_autoptr(GArray) results = NULL;
      g_autoptr(GArray) results_unicode = NULL;
      g_autofree char *difficulty_line = NULL;
      guint32 difficulty;

      generate_to (fixture, "round.txt", "1234", shape);
      solve = maze_test_run_cli (fixture, "solve", "round.txt", "--json", NULL);
      maze_test_assert_success (solve);
      results = parse_solve_json (solve->out);
      assert_path (find_result (results, "bfs"), 0, 0, 11, 8, s == 0);

      info = maze_test_run_cli (fixture, "info", "round.txt", "--json", NULL);
      maze_test_assert_success (info);
      g_assert_cmpuint (json_uint (info->out, "solution_length"), ==,
                        find_result (results, "bfs")->length);
      g_assert_cmpuint (json_uint (info->out, "open_cells"), ==, 12 * 9);
      g_assert_nonnull (strstr (info->out, "\"perfect\":true"));
      difficulty = json_uint (info->out, "difficulty");
      g_assert_cmpuint (difficulty, <=, 100);
      g_assert_cmpuint (json_uint (info->out, "level"), ==, maze_level_from_score (difficulty));

      /* The text says the same score, with its level and the level's name. */
      info_text = maze_test_run_cli (fixture, "info", "round.txt", NULL);
      maze_test_assert_success (info_text);
      difficulty_line = g_strdup_printf ("Difficulty: %u of 100, level %u of 5 (%s)\n", difficulty,
                                         maze_level_from_score (difficulty),
                                         maze_level_get_title (maze_level_from_score (difficulty)));
      g_assert_nonnull (strstr (info_text->out, difficulty_line));
      g_assert_nonnull (strstr (info_text->out, "Dead ends"));
      g_assert_nonnull (strstr (info_text->out, "Decision points on the solution: "));

      /* The Unicode drawing reads back as the same maze. */
      unicode = maze_test_run_cli (fixture, "generate", "--shape", shape, "--width", "12",
                                   "--height", "9", "--seed", "1234", "--unicode",
                                   "-o", "u.txt", NULL);
      maze_test_assert_success (unicode);
      solve_unicode = maze_test_run_cli (fixture, "solve", "u.txt", "--json", NULL);
      maze_test_assert_success (solve_unicode);
      results_unicode = parse_solve_json (solve_unicode->out);
      g_assert_cmpuint (find_result (results_unicode, "bfs")->length, ==,
                        find_result (results, "bfs")->length);
    }
}

static void
test_algorithms (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(MazeTestRun) run = maze_test_run_cli (fixture, "algorithms", NULL);
  g_autoptr(MazeTestRun) json = maze_test_run_cli (fixture, "algorithms", "--json", NULL);
  g_auto(GStrv) lines = NULL;

  maze_test_assert_success (run);
  g_assert_cmpstr (run->err, ==, "");
  g_assert_cmpuint (count_lines (run->out), ==, G_N_ELEMENTS (algorithms));
  lines = g_strsplit (run->out, "\n", -1);
  for (guint i = 0; i < G_N_ELEMENTS (algorithms); i++)
    {
      g_auto(GStrv) words = g_strsplit_set (lines[i], " ", -1);
      gboolean binary = g_str_equal (algorithms[i], "binary-tree");
      /* Row by row or chamber by chamber: not on rings. */
      gboolean no_rings = binary || g_str_equal (algorithms[i], "eller") ||
                          g_str_equal (algorithms[i], "sidewinder") ||
                          g_str_equal (algorithms[i], "recursive-division");

      g_assert_cmpstr (words[0], ==, algorithms[i]);
      g_assert_nonnull (strstr (lines[i], binary ? " rect " : no_rings ? " rect,hex,tri "
                                                                       : " rect,hex,tri,circular "));
      /* A description follows the shapes. */
      g_assert_cmpuint (strlen (lines[i]), >, strlen (algorithms[i]) + 20);
    }

  maze_test_assert_success (json);
  g_assert_true (g_str_has_prefix (json->out, "{\"algorithms\":["));
  for (guint i = 0; i < G_N_ELEMENTS (algorithms); i++)
    {
      g_autofree char *needle = g_strdup_printf ("{\"name\":\"%s\"", algorithms[i]);

      g_assert_nonnull (strstr (json->out, needle));
    }
}

static void
test_help_version (Fixture       *fixture,
                   gconstpointer  data)
{
  const char *const *cases[] = {
    (const char *const[]) { "--help", NULL },
    (const char *const[]) { "-h", NULL },
    (const char *const[]) { "help", NULL },
    (const char *const[]) { "help", "generate", NULL },
    (const char *const[]) { "help", "solve", NULL },
    (const char *const[]) { "generate", "--help", NULL },
    (const char *const[]) { "solve", "--help", NULL },
    (const char *const[]) { "info", "-h", NULL },
    (const char *const[]) { "algorithms", "--help", NULL },
    (const char *const[]) { "help", "export", NULL },
    (const char *const[]) { "export", "--help", NULL },
  };
  g_autoptr(MazeTestRun) version = maze_test_run_cli (fixture, "--version", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MazeTestRun) run = maze_test_run_cliv (fixture, cases[i]);

      maze_test_assert_success (run);
      g_assert_cmpstr (run->err, ==, "");
      g_assert_true (g_str_has_prefix (run->out, "Usage: mazewright-cli"));
    }

  maze_test_assert_success (version);
  g_assert_cmpstr (version->out, ==, "mazewright-cli " PACKAGE_VERSION "\n");
}

/* ---- bad input: exit 2, one line, nothing written ---- */

typedef struct
{
  const char *args[12];
  const char *needle;
} BadCase;

static const BadCase bad_generate[] = {
  /* One rule for each (see "mazewright-cli --help"): an option given
   * twice, an empty file name, a number that is not a plain decimal. */
  { { "generate", "--width", "5", "--width", "6" }, "given twice" },
  { { "generate", "--seed", "1", "--seed=1" }, "--seed" },
  { { "generate", "--unicode", "--unicode" }, "given twice" },
  { { "generate", "-o", "" }, "file name" },
  { { "generate", "--output=" }, "file name" },
  { { "generate", "--braid", "0x1p-1" }, "0x1p-1" },
  { { "generate", "--braid", "5e-1" }, "5e-1" },
  { { "generate", "--braid", "nan" }, "nan" },
  { { "generate", "--difficulty", "impossible" }, "neither a level" },
  { { "generate", "--difficulty", "50-40" }, "50-40" },
  { { "generate", "--difficulty", "0-101" }, "0-101" },
  { { "generate", "--difficulty", "-5" }, "-5" },
  { { "generate", "--difficulty", "easy", "--start", "0,0" }, "--start" },
  { { "generate", "--difficulty", "90-100", "--width", "4", "--height", "4", "--seed", "1" }, "too easy" },
  { { "generate", "--outline", "dragon" }, "dragon" },
  { { "generate", "--outline", "heart", "--outline-text", "Anna" }, "one of them" },
  { { "generate", "--outline-text", "Anna", "--outline-image", "a.png" }, "one of them" },
  { { "generate", "--font", "Serif" }, "--font" },
  { { "generate", "--outline", "heart", "--threshold", "9" }, "--threshold" },
  { { "generate", "--outline-image", "a.png", "--threshold", "256" }, "0 to 255" },
  { { "generate", "--outline-image", "a.png", "--threshold", "-1" }, "--threshold" },
  { { "generate", "--outline-text", "   " }, "no letters" },
  { { "generate", "--outline-text", "Wilhelmina", "--width", "1", "--height", "2" }, "no room" },
  { { "generate", "--outline", "star", "--width", "1", "--height", "1" }, "no room" },
  { { "generate", "--bogus" }, "--bogus" },
  { { "generate", "-x" }, "-x" },
  { { "generate", "--unicode=yes" }, "--unicode" },
  { { "generate", "stray" }, "stray" },
  { { "generate", "--width" }, "--width" },
  { { "generate", "--seed", "--width", "5" }, "--seed" },
  { { "generate", "--algorithm", "quantum" }, "quantum" },
  { { "generate", "--algorithm", "" }, "algorithm" },
  { { "generate", "--shape", "triangle" }, "triangle" },
  { { "generate", "--shape", "hex", "--algorithm", "binary-tree" }, "binary-tree" },
  { { "generate", "--selection", "oldest" }, "oldest" },
  { { "generate", "--endpoints", "middle" }, "middle" },
  { { "generate", "--width", "0" }, "65535" },
  { { "generate", "--height", "0" }, "65535" },
  { { "generate", "--width", "65536" }, "65535" },
  { { "generate", "--height", "99999999999999999999999" }, "65535" },
  { { "generate", "--width", "65535", "--height", "65535" }, "2147483648" },
  { { "generate", "--width", "abc" }, "abc" },
  { { "generate", "--width", "-3" }, "-3" },
  { { "generate", "--width", "" }, "--width" },
  { { "generate", "--seed", "abc" }, "abc" },
  { { "generate", "--seed", "-1" }, "-1" },
  { { "generate", "--seed", "1.5" }, "1.5" },
  { { "generate", "--seed", "18446744073709551616" }, "18446744073709551616" },
  { { "generate", "--seed", "" }, "--seed" },
  { { "generate", "--seed", " 5" }, "--seed" },
  { { "generate", "--seed", "0x10" }, "0x10" },
  { { "generate", "--braid", "1.5" }, "1.5" },
  { { "generate", "--braid", "-0.1" }, "-0.1" },
  { { "generate", "--braid", "half" }, "half" },
  { { "generate", "--braid", "nan" }, "nan" },
  { { "generate", "--braid", "" }, "--braid" },
  { { "generate", "--start", "10,0" }, "10,0" },
  { { "generate", "--end", "0,10" }, "0,10" },
  { { "generate", "--width", "5", "--end", "5,2" }, "5,2" },
  { { "generate", "--start", "3" }, "--start" },
  { { "generate", "--start", "a,b" }, "a,b" },
  { { "generate", "--start", "1,2,3" }, "1,2,3" },
  { { "generate", "--start", "-1,0" }, "-1,0" },
  { { "generate", "--start", "2,1", "--end", "2,1" }, "same cell, 2,1" },
  /* A forgotten value before a short option, too. */
  { { "generate", "--width", "-o", "g.out" }, "--width of “generate” needs a value" },
  { { "generate", "--start", "99999999999999999999999,0" }, "99999999999999999999999,0" },
};

static const BadCase bad_other[] = {
  { { "frobnicate" }, "frobnicate" },
  { { "--frobnicate" }, "--frobnicate" },
  { { "help", "frobnicate" }, "frobnicate" },
  { { NULL }, "mazewright-cli --help" },
  { { "algorithms", "--shape", "rect" }, "--shape" },
  { { "algorithms", "extra" }, "extra" },
  { { "solve" }, "solve" },
  { { "solve", "m.txt", "n.txt" }, "n.txt" },
  { { "solve", "m.txt", "--solver", "quantum" }, "quantum" },
  { { "solve", "m.txt", "--solver" }, "--solver" },
  { { "solve", "m.txt", "--bogus" }, "--bogus" },
  { { "solve", "m.txt", "--from", "1,1" }, "--to" },
  { { "solve", "m.txt", "--to", "1,1" }, "--from" },
  { { "solve", "m.txt", "--from", "12,0", "--to", "0,0" }, "12,0" },
  { { "solve", "m.txt", "--from", "0,0", "--to", "0,9" }, "0,9" },
  { { "solve", "m.txt", "--from", "x", "--to", "0,0" }, "--from" },
  { { "solve", "comb.txt", "--from", "5,3", "--to", "0,0" }, "masked" },
  { { "solve", "comb.txt", "--from", "0,0", "--to", "5,3" }, "masked" },
  { { "solve", "nodoors.txt" }, "door" },
  { { "solve", "missing.txt" }, "missing.txt" },
  { { "solve", "garbage.txt" }, "line " },
  { { "solve", "empty.txt" }, "empty.txt" },
  { { "solve", "." }, "“.”" },
  { { "info" }, "info" },
  { { "info", "m.txt", "--json=1" }, "--json" },
  { { "info", "missing.txt" }, "missing.txt" },
  { { "info", "garbage.txt" }, "line " },
  { { "info", "nodoors.txt" }, "door" },
  { { "info", "m.txt", "--from", "0,0", "--to", "12,8" }, "12,8" },
  { { "info", "comb.txt", "--from", "5,3", "--to", "0,0" }, "masked" },
  /* Files that are not mazes are named for what they are. */
  { { "info", "image.png" }, "“image.png” is a PNG image, not a maze" },
  { { "solve", "sheet.pdf" }, "“sheet.pdf” is a PDF document, not a maze" },
  { { "export", "picture.svg", "-o", "x.png" }, "is an SVG image, not a maze" },
  { { "info", "data.bin" }, "“data.bin” is a binary file, not a maze" },
  { { "info", "empty.txt" }, "“empty.txt” is empty" },
  /* A JSON array is blamed on the .maze reader, not the text parser. */
  { { "info", "array.json" }, "not a JSON object" },
  /* No way from start to end: refused by every command (info did,
   * solve said "no path" five times and exited 0). */
  { { "solve", "split.txt" }, "There is no path from (0,0) to (1,0)" },
  { { "solve", "split.txt", "--solver", "bfs" }, "There is no path" },
  { { "info", "split.txt" }, "There is no path" },
  { { "export", "split.txt", "-o", "split.pdf" }, "There is no path" },
  { { "export", "split.txt", "-o", "split.png" }, "There is no path" },
  /* Old Mac OS line endings read as lines: the next error is the doors. */
  { { "solve", "cr.txt" }, "door" },
};

static void
prepare_inputs (Fixture *fixture)
{
  generate_to (fixture, "m.txt", "1", "rect");
  write_comb (fixture, "comb.txt", TRUE);
  write_comb (fixture, "nodoors.txt", FALSE);
  /* Not a maze: the error quotes where reading stopped. */
  maze_test_write_file (fixture, "garbage.txt", "+---+---+\n|   |  x\nhello\n");
  maze_test_write_file (fixture, "empty.txt", "");
  maze_test_write_file (fixture, "image.png", "\x89PNG\r\n\x1a\n\x01\x02");
  maze_test_write_file (fixture, "sheet.pdf", "%PDF-1.5\n%\xe2\xe3\n");
  maze_test_write_file (fixture, "picture.svg", "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n");
  maze_test_write_file (fixture, "data.bin", "+---\x01\x02\xff\xfe");
  maze_test_write_file (fixture, "array.json", "  [1, 2]\n");
  maze_test_write_file (fixture, "split.txt", "+---+---+\n    |    \n+---+---+\n");
  maze_test_write_file (fixture, "cr.txt", "+---+---+\r|       |\r+---+---+\r");
}

static void
run_bad_case (Fixture       *fixture,
              const BadCase *bad,
              gboolean       with_output)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(MazeTestRun) run = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *after = NULL;

  /* A case about -o itself is run as it is. */
  for (guint i = 0; with_output && bad->args[i] != NULL; i++)
    if (g_str_equal (bad->args[i], "-o") || g_str_has_prefix (bad->args[i], "--output"))
      return;

  g_ptr_array_add (args, (gpointer) maze_test_cli_path ());
  /* -o first, so that a missing value at the end stays missing. */
  if (with_output && bad->args[0] != NULL)
    {
      g_ptr_array_add (args, (gpointer) bad->args[0]);
      g_ptr_array_add (args, "-o");
      g_ptr_array_add (args, "out.txt");
    }
  for (guint i = with_output && bad->args[0] != NULL ? 1 : 0; bad->args[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) bad->args[i]);

  shown = g_strjoinv (" ", (char **) bad->args);
  g_test_message ("mazewright-cli %s%s", shown, with_output ? " (with -o out.txt)" : "");
  if (with_output)
    maze_test_write_file (fixture, "out.txt", "precious\n");

  run = maze_test_run_argv (fixture, args, NULL);
  maze_test_assert_usage_error (run, bad->needle);

  if (with_output)
    {
      after = maze_test_read_file (fixture, "out.txt");
      g_assert_cmpstr (after, ==, "precious\n");
    }
  maze_test_assert_no_temp_files (fixture);
}

static void
test_bad_generate (Fixture       *fixture,
                   gconstpointer  data)
{
  for (guint i = 0; i < G_N_ELEMENTS (bad_generate); i++)
    {
      run_bad_case (fixture, &bad_generate[i], FALSE);
      run_bad_case (fixture, &bad_generate[i], TRUE);
    }
  /* A refused request creates no file either. */
  {
    g_autoptr(MazeTestRun) run = maze_test_run_cli (fixture, "generate", "--seed", "x",
                                                    "-o", "new.txt", NULL);

    maze_test_assert_usage_error (run, "x");
    g_assert_false (maze_test_file_exists (fixture, "new.txt"));
  }
}

static void
test_bad_other (Fixture       *fixture,
                gconstpointer  data)
{
  prepare_inputs (fixture);
  for (guint i = 0; i < G_N_ELEMENTS (bad_other); i++)
    {
      const BadCase *bad = &bad_other[i];

      run_bad_case (fixture, bad, FALSE);
      /* Only the commands that write something take -o. */
      if (bad->args[0] != NULL &&
          (g_str_equal (bad->args[0], "solve") || g_str_equal (bad->args[0], "info")))
        run_bad_case (fixture, bad, TRUE);
    }
}

/* ---- failures while writing: exit 1, one line, the old file intact ---- */

static void
test_write_errors (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(MazeTestRun) full = NULL;
  g_autoptr(MazeTestRun) big = NULL;
  g_autoptr(MazeTestRun) folder = NULL;
  g_autoptr(MazeTestRun) nodir = NULL;
  g_autofree char *after = NULL;

  if (g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      full = maze_test_run_cli (fixture, "generate", "--seed", "1", "-o", "/dev/full", NULL);
      g_assert_cmpint (full->status, ==, 1);
      g_assert_cmpstr (full->out, ==, "");
      maze_test_assert_one_line (full->err, "/dev/full");
    }

  /* The file system refuses the data (here: a file size limit). */
  maze_test_write_file (fixture, "old.txt", "old maze\n");
  g_ptr_array_add (args, (gpointer) maze_test_cli_path ());
  g_ptr_array_add (args, "generate");
  g_ptr_array_add (args, "--width");
  g_ptr_array_add (args, "60");
  g_ptr_array_add (args, "--height");
  g_ptr_array_add (args, "60");
  g_ptr_array_add (args, "--seed");
  g_ptr_array_add (args, "1");
  g_ptr_array_add (args, "-o");
  g_ptr_array_add (args, "old.txt");
  big = maze_test_run_argv (fixture, args, maze_test_limit_file_size_cb);
  g_assert_cmpint (big->status, ==, 1);
  g_assert_cmpstr (big->out, ==, "");
  maze_test_assert_one_line (big->err, "old.txt");
  /* Said once: "Cannot write “old.txt”: File too large". */
  g_assert_null (strstr (strstr (big->err, "Cannot write") + 1, "Cannot write"));
  after = maze_test_read_file (fixture, "old.txt");
  g_assert_cmpstr (after, ==, "old maze\n");
  maze_test_assert_no_temp_files (fixture);

  /* A folder, or a file in a folder that does not exist. */
  folder = maze_test_run_cli (fixture, "generate", "--seed", "1", "-o", ".", NULL);
  g_assert_cmpint (folder->status, ==, 1);
  maze_test_assert_one_line (folder->err, NULL);
  nodir = maze_test_run_cli (fixture, "generate", "--seed", "1", "-o", "no/such/dir/m.txt", NULL);
  g_assert_cmpint (nodir->status, ==, 1);
  maze_test_assert_one_line (nodir->err, "no/such/dir/m.txt");
}

static void
stdout_to_dev_full_cb (gpointer user_data)
{
  int fd = open ("/dev/full", O_WRONLY);

  if (fd >= 0)
    dup2 (fd, STDOUT_FILENO);
}

/* Standard output that cannot be written (a full disk behind it) fails
 * every command, the help included, with exit 1 and one line saying so. */
static void
test_stdout_full (Fixture       *fixture,
                  gconstpointer  data)
{
  static const char *const commands[][4] = {
    { "--help" }, { "--version" }, { "help", "export" }, { "generate", "--help" },
    { "algorithms" }, { "generate", "--seed", "1" },
  };

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autoptr(GPtrArray) args = g_ptr_array_new ();
      g_autoptr(MazeTestRun) run = NULL;

      g_ptr_array_add (args, (gpointer) maze_test_cli_path ());
      for (guint k = 0; k < G_N_ELEMENTS (commands[i]) && commands[i][k] != NULL; k++)
        g_ptr_array_add (args, (gpointer) commands[i][k]);
      run = maze_test_run_argv (fixture, args, stdout_to_dev_full_cb);
      g_assert_cmpint (run->status, ==, 1);
      maze_test_assert_one_line (run->err, "standard output");
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/cli/" path, Fixture, NULL, \
              maze_test_fixture_set_up, func, maze_test_fixture_tear_down)

  ADD ("generate/stdout", test_generate_stdout);
  ADD ("generate/file", test_generate_file);
  ADD ("generate/random-seed", test_generate_random_seed);
  ADD ("generate/hex", test_generate_hex);
  ADD ("generate/tri", test_generate_tri);
  ADD ("generate/circular", test_generate_circular);
  ADD ("generate/centre", test_generate_centre);
  ADD ("generate/difficulty-centre", test_generate_difficulty_centre);
  ADD ("generate/unicode", test_generate_unicode);
  ADD ("generate/algorithms", test_generate_algorithms);
  ADD ("generate/options", test_generate_options);
  ADD ("generate/braid", test_generate_braid);
  ADD ("generate/one-end", test_generate_one_end);
  ADD ("generate/difficulty", test_generate_difficulty);
  ADD ("generate/outline", test_generate_outline);
  ADD ("generate/outline-text-image", test_generate_outline_text_image);
  ADD ("generate/outline-text-size", test_generate_outline_text_size);
  ADD ("generate/outline-bad-image", test_generate_outline_bad_image);
  ADD ("plurals", test_plurals);
  ADD ("long-title", test_long_title);
  ADD ("title-characters", test_title_characters);
  ADD ("solve/each", test_solve_each);
  ADD ("solve/endpoints", test_solve_endpoints);
  ADD ("solve/known", test_solve_known);
  ADD ("solve/stdin", test_solve_stdin);
  ADD ("round-trip", test_round_trip);
  ADD ("algorithms", test_algorithms);
  ADD ("help-version", test_help_version);
  ADD ("bad/generate", test_bad_generate);
  ADD ("bad/other", test_bad_other);
  ADD ("write-errors", test_write_errors);
  ADD ("stdout-full", test_stdout_full);

#undef ADD

  return g_test_run ();
}
