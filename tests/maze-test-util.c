/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-test"

#include "config.h"

#include "maze-test-util.h"

#include <signal.h>
#include <stdarg.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <glib/gstdio.h>

/* The width of a test maze asked width wide: one column of triangles is
 * no maze (maze_check_size() refuses it over two rows), so the suites'
 * size tables get two columns there. A circular maze takes the first
 * ring's cells in its width: 3 to 64. */
guint
maze_test_fit_width (MazeShape shape,
                     guint     width,
                     guint     height)
{
  if (shape == MAZE_SHAPE_CIRCULAR)
    return CLAMP (width, MAZE_POLAR_MIN_FIRST, MAZE_POLAR_MAX_FIRST);
  return shape == MAZE_SHAPE_TRI && width == 1 && height > 2 ? 2 : width;
}

gboolean
maze_test_under_valgrind (void)
{
  return g_getenv ("MAZEWRIGHT_TEST_UNDER_VALGRIND") != NULL;
}

guint
maze_test_seeds (guint n)
{
  return maze_test_under_valgrind () ? MIN (n, 4) : n;
}

/* The cells of region r: width * height but on the circular grid, where
 * each ring holds the cells that overlap r's columns (see MazeRect). */
guint32
maze_test_count_cells (const MazeGrid *grid,
                       const MazeRect *r)
{
  guint32 n = 0;

  for (guint y = r->y; y < r->y + r->height; y++)
    {
      guint x0, x1;

      maze_rect_row_span (grid, r, y, &x0, &x1);
      n += x1 - x0;
    }
  return n;
}

/* A grid with every wall up (maze_test_fit_width() wide). */
MazeGrid *
maze_test_new_grid (MazeShape shape,
                    guint     width,
                    guint     height)
{
  g_autoptr(GError) error = NULL;
  MazeGrid *grid;

  width = maze_test_fit_width (shape, width, height);
  grid = maze_grid_new (shape, width, height, &error);
  g_assert_no_error (error);
  g_assert_nonnull (grid);
  return grid;
}

MazeGrid *
maze_test_new_centre_grid (guint first,
                           guint rings)
{
  g_autoptr(GError) error = NULL;
  MazeGrid *grid = maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, first, rings, TRUE, &error);

  g_assert_no_error (error);
  g_assert_true (maze_grid_is_centre (grid, 0, 0));
  g_assert_cmpuint (maze_grid_index (grid, 0, 0), ==, 0);   /* ring 0 comes first */
  return grid;
}

/* Masks every third cell of every third row, from the second, leaving
 * right_margin columns on the right open: scattered cells that never split
 * the grid. On triangles the last row stays open too (a triangle there
 * pointing up has no way down). */
void
maze_test_mask_sparsely (MazeGrid *grid,
                         guint     right_margin)
{
  guint rows = grid->height - (grid->shape == MAZE_SHAPE_TRI ? 1 : 0);

  for (guint y = 1; y < rows; y += 3)
    for (guint x = 1 + y % 2; x + right_margin < maze_grid_row_length (grid, y); x += 3)
      maze_grid_set_masked (grid, x, y, TRUE);
}

/* A perfect maze made by algorithm from seed. */
MazeGrid *
maze_test_new_maze (MazeShape     shape,
                    guint         width,
                    guint         height,
                    MazeAlgorithm algorithm,
                    guint64       seed)
{
  g_autoptr(GError) error = NULL;
  MazeGrid *grid = maze_test_new_grid (shape, width, height);
  MazeGenerateOptions options;

  maze_generate_options_init (&options);
  options.algorithm = algorithm;
  options.seed = seed;
  g_assert_true (maze_generate (grid, &options, &error));
  g_assert_no_error (error);
  return grid;
}

void
maze_test_set_random_weights (MazeGrid *grid,
                              guint64   seed,
                              guint     max_weight)
{
  MazeRng rng;

  maze_rng_init (&rng, seed);
  for (guint32 i = 0; i < grid->n_cells; i++)
    maze_grid_set_weight (grid, i, (guint8) (1 + maze_rng_below (&rng, max_weight)));
}

MazePuzzle *
maze_test_new_muddy_puzzle (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeSolution) fewest = NULL;
  g_autoptr(MazeSolution) cheapest = NULL;
  MazeGenerateOptions options;
  MazePuzzle *puzzle;

  maze_generate_options_init (&options);
  options.seed = 7;
  puzzle = maze_puzzle_generate (MAZE_SHAPE_RECT, 12, 9, &options, MAZE_BRAID_ONE,
                                 MAZE_ENDPOINTS_CORNERS, &error);
  g_assert_no_error (error);
  fewest = maze_solve (puzzle->grid, MAZE_SOLVER_BFS, puzzle->start, puzzle->end, NULL, &error);
  g_assert_no_error (error);
  for (guint32 i = 1; i + 1 < fewest->path_len; i++)
    maze_grid_set_weight (puzzle->grid, fewest->path[i], 9);
  cheapest = maze_solve (puzzle->grid, MAZE_SOLVER_DIJKSTRA, puzzle->start, puzzle->end, NULL,
                         &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cheapest->cost, <, maze_path_cost (puzzle->grid, fewest->path,
                                                       fewest->path_len));
  g_assert_cmpuint (cheapest->path_len, >, fewest->path_len);
  return puzzle;
}

/* The folder is named after the test program, so a folder left behind
 * by a crash says which test made it. */
void
maze_test_fixture_set_up (MazeTestFixture *fixture,
                          gconstpointer    data)
{
  g_autofree char *base = g_path_get_basename (g_get_prgname ());
  g_autofree char *tmpl = g_strdup_printf ("mazewright-%s-XXXXXX", base);
  g_autoptr(GError) error = NULL;

  fixture->dir = g_dir_make_tmp (tmpl, &error);
  g_assert_no_error (error);
}

/* Removes a folder and what is in it (links, not what they point to). */
static void
remove_tree (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        remove_tree (path);
      else
        g_unlink (path);
    }
  g_rmdir (folder);
}

void
maze_test_fixture_tear_down (MazeTestFixture *fixture,
                             gconstpointer    data)
{
  remove_tree (fixture->dir);
  g_free (fixture->dir);
}

char *
maze_test_fixture_path (MazeTestFixture *fixture,
                        const char      *name)
{
  return g_build_filename (fixture->dir, name, NULL);
}

/* Counts hidden entries too: a left-over temporary file must show. */
guint
maze_test_count_entries (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

void
maze_test_write_string (const char *path,
                        const char *text)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

void
maze_test_assert_contents (const char *path,
                           const char *expected)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (contents, ==, expected);
}

void
maze_test_write_file (MazeTestFixture *fixture,
                      const char      *name,
                      const char      *contents)
{
  g_autofree char *path = maze_test_fixture_path (fixture, name);

  maze_test_write_string (path, contents);
}

char *
maze_test_read_file_len (MazeTestFixture *fixture,
                         const char      *name,
                         gsize           *length)
{
  g_autofree char *path = maze_test_fixture_path (fixture, name);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, length, &error);
  g_assert_no_error (error);
  return contents;
}

char *
maze_test_read_file (MazeTestFixture *fixture,
                     const char      *name)
{
  return maze_test_read_file_len (fixture, name, NULL);
}

gboolean
maze_test_file_exists (MazeTestFixture *fixture,
                       const char      *name)
{
  g_autofree char *path = maze_test_fixture_path (fixture, name);

  return g_file_test (path, G_FILE_TEST_EXISTS);
}

void
maze_test_remove_file (MazeTestFixture *fixture,
                       const char      *name)
{
  g_autofree char *path = maze_test_fixture_path (fixture, name);

  g_unlink (path);
}

/* MazeAtomicFile writes ".NAME.XXXXXX" beside the target: none may stay. */
void
maze_test_assert_no_temp_files (MazeTestFixture *fixture)
{
  g_autoptr(GDir) dir = g_dir_open (fixture->dir, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (name[0] == '.')
      g_error ("temporary file %s left behind", name);
}

void
maze_test_run_free (MazeTestRun *run)
{
  g_free (run->out);
  g_free (run->err);
  g_free (run);
}

/* meson passes the built program in MAZEWRIGHT_CLI. */
const char *
maze_test_cli_path (void)
{
  const char *path = g_getenv ("MAZEWRIGHT_CLI");

  g_assert_nonnull (path);
  return path;
}

/* Runs args (NULL-terminated here if need be) in the fixture's folder,
 * with the environment envp (NULL: this process's); child_setup may set
 * limits in the child. When MAZEWRIGHT_CLI_WRAPPER is set (the valgrind
 * test setup sets it to a valgrind command line, shell-quoted),
 * mazewright-cli runs under it. */
MazeTestRun *
maze_test_run_argv_env (MazeTestFixture      *fixture,
                        GPtrArray            *args,
                        char                **envp,
                        GSpawnChildSetupFunc  child_setup)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) wrapper = NULL;
  MazeTestRun *run = g_new0 (MazeTestRun, 1);
  const char *wrapper_line = g_getenv ("MAZEWRIGHT_CLI_WRAPPER");
  int wait_status = 0;

  if (args->len == 0 || g_ptr_array_index (args, args->len - 1) != NULL)
    g_ptr_array_add (args, NULL);

  if (wrapper_line != NULL && *wrapper_line != '\0' && args->len > 1 &&
      g_strcmp0 (g_ptr_array_index (args, 0), maze_test_cli_path ()) == 0)
    {
      g_shell_parse_argv (wrapper_line, NULL, &wrapper, &error);
      g_assert_no_error (error);
      for (guint i = 0; wrapper[i] != NULL; i++)
        g_ptr_array_insert (args, (gint) i, wrapper[i]);
    }

  g_spawn_sync (fixture->dir, (char **) args->pdata, envp, G_SPAWN_DEFAULT,
                child_setup, NULL, &run->out, &run->err, &wait_status, &error);
  /* The caller's array is as it gave it, the wrapper taken out again. */
  if (wrapper != NULL)
    g_ptr_array_remove_range (args, 0, g_strv_length (wrapper));
  g_assert_no_error (error);
  if (!WIFEXITED (wait_status))
    g_error ("mazewright-cli did not exit normally (wait status %d); stderr: %s",
             wait_status, run->err);
  run->status = WEXITSTATUS (wait_status);
  return run;
}

MazeTestRun *
maze_test_run_argv (MazeTestFixture      *fixture,
                    GPtrArray            *args,
                    GSpawnChildSetupFunc  child_setup)
{
  return maze_test_run_argv_env (fixture, args, NULL, child_setup);
}

MazeTestRun *
maze_test_run_cliv (MazeTestFixture    *fixture,
                    const char * const *argv)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();

  g_ptr_array_add (args, (gpointer) maze_test_cli_path ());
  for (guint i = 0; argv[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) argv[i]);
  return maze_test_run_argv (fixture, args, NULL);
}

MazeTestRun *
maze_test_run_cli (MazeTestFixture *fixture,
                   const char      *first,
                   ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  va_list ap;

  g_ptr_array_add (args, (gpointer) maze_test_cli_path ());
  va_start (ap, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  return maze_test_run_argv (fixture, args, NULL);
}

/* Errors go to stderr as exactly one line "mazewright-cli: …", which must
 * mention needle unless it is NULL. */
void
maze_test_assert_one_line (const char *err,
                           const char *needle)
{
  const char *newline = strchr (err, '\n');

  if (!g_str_has_prefix (err, "mazewright-cli: ") || newline == NULL || newline[1] != '\0')
    g_error ("expected one line “mazewright-cli: …” on stderr, got: “%s”", err);
  if (needle != NULL && strstr (err, needle) == NULL)
    g_error ("expected stderr to mention “%s”, got: “%s”", needle, err);
}

/* A bad request: exit 2, one line naming the problem, nothing on stdout. */
void
maze_test_assert_usage_error (const MazeTestRun *run,
                              const char        *needle)
{
  if (run->status != 2)
    g_error ("expected exit status 2, got %d; stderr: %s", run->status, run->err);
  g_assert_cmpstr (run->out, ==, "");
  maze_test_assert_one_line (run->err, needle);
}

void
maze_test_assert_success (const MazeTestRun *run)
{
  if (run->status != 0)
    g_error ("expected success, got exit status %d; stderr: %s", run->status, run->err);
}

/* A child_setup for maze_test_run_argv(): files may not grow past 512
 * bytes, and writes past the limit fail with EFBIG instead of killing
 * the process. */
void
maze_test_limit_file_size_cb (gpointer user_data)
{
  struct rlimit limit = { 512, 512 };

  signal (SIGXFSZ, SIG_IGN);
  setrlimit (RLIMIT_FSIZE, &limit);
}

void
maze_test_assert_forest (const MazeGrid *grid,
                         const MazeRect *region,
                         guint32         cells,
                         guint32         parts)
{
  g_assert_cmpuint (maze_grid_count_passages (grid), ==, cells - parts);
  g_assert_cmpuint (maze_grid_count_components (grid, region, TRUE), ==, parts);
  for (guint y = 0; y < grid->height; y++)
    for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
      if (!maze_rect_contains_cell (grid, region, x, y))
        g_assert_cmpuint (maze_grid_degree (grid, x, y), ==, 0);
}
