/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "maze-narration.h"
#include "maze-test-util.h"

/* The narration of small fixed mazes against golden files (checked by
 * hand against drawings of the mazes), the list model's contract, and
 * every generator and solver narrated without a gap. Run under
 * LC_ALL=C.UTF-8: the English source text. */

typedef struct
{
  const char *file;
  MazeShape   shape;
  gboolean    solve;
  MazeSolverKind solver;
} Golden;

/* All on the backtracker's 4x3 maze for seed 7, solved from the first
 * cell to the last. */
static const Golden goldens[] = {
  { "generate-backtracker-rect-4x3-seed7.txt", MAZE_SHAPE_RECT, FALSE, 0 },
  { "solve-dijkstra-rect-4x3-seed7.txt", MAZE_SHAPE_RECT, TRUE, MAZE_SOLVER_DIJKSTRA },
  { "solve-bfs-rect-4x3-seed7.txt", MAZE_SHAPE_RECT, TRUE, MAZE_SOLVER_BFS },
  { "generate-backtracker-hex-4x3-seed7.txt", MAZE_SHAPE_HEX, FALSE, 0 },
  { "solve-dijkstra-hex-4x3-seed7.txt", MAZE_SHAPE_HEX, TRUE, MAZE_SOLVER_DIJKSTRA },
  { "solve-backtracking-hex-4x3-seed7.txt", MAZE_SHAPE_HEX, TRUE, MAZE_SOLVER_BACKTRACKING },
};

static MazePlayback *
new_generation (MazeShape     shape,
                guint         width,
                guint         height,
                MazeAlgorithm algorithm,
                guint64       seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_test_new_grid (shape, width, height);
  MazeGenerateOptions options;
  MazePlayback *pb;

  maze_generate_options_init (&options);
  options.algorithm = algorithm;
  options.seed = seed;
  pb = maze_playback_new_for_generation (grid, &options, NULL, &error);
  g_assert_no_error (error);
  return pb;
}

static MazePlayback *
new_search (MazeShape      shape,
            guint          width,
            guint          height,
            MazeAlgorithm  algorithm,
            guint64        seed,
            MazeSolverKind solver,
            guint32        start,
            guint32        end)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_test_new_maze (shape, width, height, algorithm, seed);
  MazePlayback *pb;

  pb = maze_playback_new_for_solver (grid, solver, start, end, NULL, &error);
  g_assert_no_error (error);
  return pb;
}

static char *
narrate_all (MazeNarration *narration)
{
  GString *text = g_string_new (NULL);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (narration));

  for (guint k = 0; k < n; k++)
    {
      g_autoptr(MazeNarrationLine) line = g_list_model_get_item (G_LIST_MODEL (narration), k);

      g_string_append (text, maze_narration_line_get_text (line));
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

static void
test_golden (gconstpointer data)
{
  const Golden *golden = data;
  g_autoptr(MazePlayback) pb = NULL;
  g_autoptr(MazeNarration) narration = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "narration", golden->file, NULL);
  g_autofree char *expected = NULL;
  g_autofree char *text = NULL;

  if (golden->solve)
    pb = new_search (golden->shape, 4, 3, MAZE_ALGORITHM_BACKTRACKER, 7, golden->solver, 0, 11);
  else
    pb = new_generation (golden->shape, 4, 3, MAZE_ALGORITHM_BACKTRACKER, 7);
  narration = maze_narration_new (pb);
  text = narrate_all (narration);

  g_file_get_contents (path, &expected, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, expected);
}

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  guint      *changes)
{
  (*changes)++;
}

/* The GListModel contract, and lines as the playback's steps. */
static void
test_model (void)
{
  g_autoptr(MazePlayback) pb = new_generation (MAZE_SHAPE_HEX, 9, 7, MAZE_ALGORITHM_PRIM, 4);
  g_autoptr(MazeNarration) narration = maze_narration_new (pb);
  GListModel *model = G_LIST_MODEL (narration);
  guint n = maze_playback_get_n_steps (pb);
  guint changes = 0;

  g_assert_true (maze_narration_get_playback (narration) == pb);
  g_assert_true (g_list_model_get_item_type (model) == MAZE_TYPE_NARRATION_LINE);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n);
  g_assert_null (g_list_model_get_item (model, n));
  g_signal_connect (model, "items-changed", G_CALLBACK (items_changed_cb), &changes);

  for (guint k = 0; k < n; k++)
    {
      g_autoptr(MazeNarrationLine) line = g_list_model_get_item (model, k);
      g_autofree char *text = maze_narration_dup_line (narration, k);
      g_autofree char *property = NULL;
      guint step;

      g_assert_true (MAZE_IS_NARRATION_LINE (line));
      g_assert_cmpuint (maze_narration_line_get_step (line), ==, k);
      g_assert_cmpstr (maze_narration_line_get_text (line), ==, text);
      g_object_get (line, "text", &property, "step", &step, NULL);
      g_assert_cmpstr (property, ==, text);
      g_assert_cmpuint (step, ==, k);
    }

  /* Moving the playback does not change the lines. */
  maze_playback_seek (pb, n / 2);
  {
    g_autoptr(MazeNarrationLine) line = g_list_model_get_item (model, 0);
    g_autofree char *text = maze_narration_dup_line (narration, 0);

    g_assert_cmpstr (maze_narration_line_get_text (line), ==, text);
  }
  g_assert_cmpuint (changes, ==, 0);
}

static void
test_words (void)
{
  g_autoptr(MazeGrid) rect = maze_test_new_grid (MAZE_SHAPE_RECT, 10, 5);
  g_autoptr(MazeGrid) hex = maze_test_new_grid (MAZE_SHAPE_HEX, 10, 5);
  static const char *const hex_names[] = { "E", "SE", "SW", "W", "NW", "NE" };
  static const char *const rect_names[] = { "N", "E", "S", "W" };
  g_autofree char *cell = maze_narration_format_cell (rect, 3 * 10 + 7);

  /* (x,y) from 0, as in the status bar. */
  g_assert_cmpstr (cell, ==, "(7,3)");
  for (guint d = 0; d < 4; d++)
    g_assert_cmpstr (maze_narration_direction_name (rect->topology, d), ==, rect_names[d]);
  for (guint d = 0; d < 6; d++)
    g_assert_cmpstr (maze_narration_direction_name (hex->topology, d), ==, hex_names[d]);
}

/* Rings' directions are words, not the core's CW, IN, OUT names. */
static void
test_ring_words (void)
{
  g_autoptr(MazeGrid) rings = maze_test_new_grid (MAZE_SHAPE_CIRCULAR, 6, 5);
  static const char *const ring_names[] = {
    "clockwise", "inward", "inward", "anticlockwise", "outward", "outward right",
  };

  if (g_strcmp0 (g_getenv ("LANGUAGE"), "de") == 0)
    return;
  for (guint d = 0; d < G_N_ELEMENTS (ring_names); d++)
    g_assert_cmpstr (maze_narration_direction_name (rings->topology, d), ==, ring_names[d]);
}

/* A walk out of a centre cell and into it, told on a maze round one:
 * the centre's spokes are all outward (not the ring directions with
 * their numbers), and the first ring's way to the centre inward. */
static void
test_centre_words (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, 6, 4, TRUE, &error);
  g_autoptr(MazePlayback) pb = NULL;
  g_autoptr(MazeNarration) narration = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  MazeGenerateOptions options;
  guint out = 0, in = 0;

  g_assert_no_error (error);
  if (g_strcmp0 (g_getenv ("LANGUAGE"), "de") == 0)
    return;
  maze_generate_options_init (&options);
  options.algorithm = MAZE_ALGORITHM_WILSON;
  options.seed = 3;
  pb = maze_playback_new_for_generation (grid, &options, NULL, &error);
  g_assert_no_error (error);
  narration = maze_narration_new (pb);
  text = narrate_all (narration);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (g_str_has_prefix (lines[i], "Walk ") && strstr (lines[i], " from (0,0) to ") != NULL)
        {
          g_assert_true (g_str_has_prefix (lines[i], "Walk outward from (0,0) to ("));
          g_assert_true (g_str_has_suffix (lines[i], ",1)"));
          out++;
        }
      if (g_str_has_prefix (lines[i], "Walk ") && g_str_has_suffix (lines[i], " to (0,0)"))
        {
          g_assert_true (g_str_has_prefix (lines[i], "Walk inward from ("));
          in++;
        }
    }
  g_assert_cmpuint (out, >, 0);
  g_assert_cmpuint (in, >, 0);
}

/* Triangles have rect's directions, in the words translated for rect,
 * not the core's untranslated names (which read the same in English:
 * tests/meson.build runs this in German too, where east is "O"). */
static void
test_tri_words (void)
{
  g_autoptr(MazeGrid) rect = maze_test_new_grid (MAZE_SHAPE_RECT, 10, 5);
  g_autoptr(MazeGrid) tri = maze_test_new_grid (MAZE_SHAPE_TRI, 10, 5);

  if (g_strcmp0 (g_getenv ("LANGUAGE"), "de") == 0)
    g_assert_cmpstr (maze_narration_direction_name (rect->topology, 1), ==, "O");
  for (guint d = 0; d < 4; d++)
    g_assert_cmpstr (maze_narration_direction_name (tri->topology, d), ==,
                     maze_narration_direction_name (rect->topology, d));
}

static void
assert_lines_complete (MazePlayback *pb,
                       const char   *what)
{
  g_autoptr(MazeNarration) narration = maze_narration_new (pb);
  guint n = maze_playback_get_n_steps (pb);

  for (guint k = 0; k < n; k++)
    {
      g_autofree char *text = maze_narration_dup_line (narration, k);

      /* Something said, about cells and directions that exist. */
      if (text == NULL || text[0] == '\0' || strchr (text, '?') != NULL)
        g_error ("%s, step %u: \"%s\"", what, k, text);
    }
}

/* Every generator on every shape, and every solver, with masked cells. */
static void
test_all (void)
{
  for (MazeAlgorithm algorithm = 0; algorithm < MAZE_N_ALGORITHMS; algorithm++)
    for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
      {
        g_autoptr(MazeGrid) grid = maze_test_new_grid (shape, 14, 9);
        g_autoptr(MazePlayback) pb = NULL;
        g_autofree char *what = NULL;
        MazeGenerateOptions options;

        if (!maze_algorithm_supports (algorithm, shape))
          continue;
        maze_test_mask_sparsely (grid, 0);
        maze_generate_options_init (&options);
        options.algorithm = algorithm;
        options.seed = 21;
        pb = maze_playback_new_for_generation (grid, &options, NULL, NULL);
        g_assert_nonnull (pb);
        what = g_strdup_printf ("%s on %s", maze_algorithm_get_info (algorithm)->name,
                                maze_shape_to_string (shape));
        assert_lines_complete (pb, what);
      }

  for (MazeSolverKind solver = 0; solver < MAZE_N_SOLVERS; solver++)
    for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
      {
        g_autoptr(MazePlayback) pb = new_search (shape, 14, 9, MAZE_ALGORITHM_PRIM, 21,
                                                 solver, 15, 14 * 9 - 3);

        assert_lines_complete (pb, maze_solver_to_string (solver));
      }
}

/* A list of well over a million lines: only the lines asked for are
 * made. */
static void
test_long (void)
{
  g_autoptr(MazePlayback) pb = new_generation (MAZE_SHAPE_RECT, 200, 200,
                                               MAZE_ALGORITHM_ALDOUS_BRODER, 1);
  g_autoptr(MazeNarration) narration = maze_narration_new (pb);
  GListModel *model = G_LIST_MODEL (narration);
  guint n = g_list_model_get_n_items (model);

  g_assert_cmpuint (n, >, 1000000);
  for (guint k = 0; k < n; k += n / 97)
    {
      g_autoptr(MazeNarrationLine) line = g_list_model_get_item (model, k);

      g_assert_true (g_str_has_prefix (maze_narration_line_get_text (line), k == 0 ? "Start at" : "Walk "));
    }
  {
    g_autoptr(MazeNarrationLine) last = g_list_model_get_item (model, n - 1);

    g_assert_nonnull (strstr (maze_narration_line_get_text (last), "new to the maze"));
  }
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("MAZEWRIGHT_LOCALEDIR");

  g_test_init (&argc, &argv, NULL);
  /* The build tree's catalogs, for the case run in German. */
  if (localedir != NULL)
    {
      setlocale (LC_ALL, "");
      bindtextdomain (GETTEXT_PACKAGE, localedir);
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
      textdomain (GETTEXT_PACKAGE);
    }

  for (guint i = 0; i < G_N_ELEMENTS (goldens); i++)
    {
      g_autofree char *path = g_strdup_printf ("/maze/narration/golden/%s", goldens[i].file);

      g_test_add_data_func (path, &goldens[i], test_golden);
    }
  g_test_add_func ("/maze/narration/model", test_model);
  g_test_add_func ("/maze/narration/words", test_words);
  g_test_add_func ("/maze/narration/ring-words", test_ring_words);
  g_test_add_func ("/maze/narration/tri-words", test_tri_words);
  g_test_add_func ("/maze/narration/centre-words", test_centre_words);
  g_test_add_func ("/maze/narration/all", test_all);
  g_test_add_func ("/maze/narration/long", test_long);
  return g_test_run ();
}
