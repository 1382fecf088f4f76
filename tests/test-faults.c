/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "maze-atomic-file-private.h"
#include "maze-core.h"
#include "maze-pdf.h"
#include "maze-png.h"
#include "maze-puzzle-file.h"
#include "maze-svg.h"
#include "maze-test-util.h"

/* Saving and exporting when the file system fails: a full disk, a
 * permission refused, a read-only file system, a quota that only shows at
 * close, a failed flush or rename, a folder removed before or during the
 * save, a write error halfway. After each: the call fails with the
 * errno's GIOError code and a message that names the file and says what
 * went wrong, the old file has its old bytes, and no temporary or partial
 * file is left. The faults are injected by maze-atomic-file.c, told by
 * maze_atomic_file_set_test_faults() in this process and by
 * MAZEWRIGHT_TEST_FAULTS in mazewright-cli's; the folder cases are real. */

typedef MazeTestFixture Fixture;

#define OLD_CONTENTS "the old file, which must survive\n"

typedef enum
{
  TARGET_MAZE,
  TARGET_PNG,
  TARGET_SVG,
  TARGET_PDF,
  N_TARGETS
} Target;

static const char *const target_names[N_TARGETS] = { "maze", "png", "svg", "pdf" };

typedef struct
{
  const char *name;
  const char *spec;    /* "@HALF": half the bytes of the whole file */
  int         errnum;
} Fault;

static const Fault faults[] = {
  { "no-space", "write=ENOSPC@0", ENOSPC },
  { "no-space-halfway", "write=ENOSPC@HALF", ENOSPC },
  { "write-error-halfway", "write=EIO@HALF", EIO },
  { "permission-denied", "open=EACCES", EACCES },
  { "read-only", "open=EROFS", EROFS },
  { "quota-at-close", "close=EDQUOT", EDQUOT },
  { "flush-fails", "fsync=EIO", EIO },
  { "rename-fails", "rename=EXDEV", EXDEV },
};

typedef struct
{
  Target       target;
  const Fault *fault;
} Case;

static MazePuzzle *
make_puzzle (guint size)
{
  MazeGenerateOptions options;
  MazePuzzle *puzzle;

  maze_generate_options_init (&options);
  options.seed = 7;
  puzzle = maze_puzzle_generate (MAZE_SHAPE_RECT, size, size, &options, 0,
                                 MAZE_ENDPOINTS_CORNERS, NULL);
  g_assert_nonnull (puzzle);
  maze_puzzle_set_title (puzzle, "Faults");
  return puzzle;
}

/* Writes puzzle as target to path, drawn with shades (a heat overlay
 * of a value a cell) when not NULL; FALSE with error as the exporter
 * says. */
static gboolean
save_shaded (Target               target,
             MazePuzzle          *puzzle,
             const guint32       *shades,
             const char          *path,
             const MazeExportJob *job,
             GError             **error)
{
  MazeRenderOptions render;
  MazePngOptions png;
  MazeSvgOptions svg;
  MazePdfOptions pdf;

  maze_render_options_init (&render);
  maze_render_options_set_endpoints (&render, puzzle);
  if (shades != NULL)
    {
      render.overlay_kind = MAZE_OVERLAY_HEAT;
      render.overlay_values = shades;
      render.overlay_max = 999;
    }
  switch (target)
    {
    case TARGET_MAZE:
      return maze_puzzle_save (puzzle, path, error);
    case TARGET_PNG:
      maze_png_options_init (&png);
      return maze_png_export (puzzle, &render, &png, path, job, error);
    case TARGET_SVG:
      maze_svg_options_init (&svg);
      return maze_svg_export (puzzle, &render, &svg, path, job, error);
    case TARGET_PDF:
    case N_TARGETS:
    default:
      maze_pdf_options_init (&pdf);
      return maze_pdf_export (&puzzle, 1, &pdf, path, job, error);
    }
}

static gboolean
save (Target               target,
      MazePuzzle          *puzzle,
      const char          *path,
      const MazeExportJob *job,
      GError             **error)
{
  return save_shaded (target, puzzle, NULL, path, job, error);
}

/* The spec with "@HALF" replaced by half the size of a good file. */
static char *
resolve_spec_shaded (Fixture       *fixture,
                     const Case    *c,
                     MazePuzzle    *puzzle,
                     const guint32 *shades)
{
  const char *half = strstr (c->fault->spec, "@HALF");
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  if (half == NULL)
    return g_strdup (c->fault->spec);

  path = maze_test_fixture_path (fixture, "size-probe");
  g_assert_true (save_shaded (c->target, puzzle, shades, path, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_size, >, 16);
  g_unlink (path);
  return g_strdup_printf ("%.*s@%" G_GINT64_FORMAT, (int) (half - c->fault->spec),
                          c->fault->spec, (gint64) st.st_size / 2);
}

static char *
resolve_spec (Fixture    *fixture,
              const Case *c,
              MazePuzzle *puzzle)
{
  return resolve_spec_shaded (fixture, c, puzzle, NULL);
}

/* The error names the file and the reason, in the errno's code. */
static void
assert_error (const GError *error,
              const char   *name,
              int           errnum)
{
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_error (error, G_IO_ERROR, (gint) g_io_error_from_errno (errnum));
  if (strstr (error->message, name) == NULL)
    g_error ("“%s” does not name %s", error->message, name);
  if (strstr (error->message, g_strerror (errnum)) == NULL)
    g_error ("“%s” does not say “%s”", error->message, g_strerror (errnum));
}

static void
assert_only_old_file (Fixture    *fixture,
                      const char *name)
{
  g_autofree char *contents = maze_test_read_file (fixture, name);

  g_assert_cmpstr (contents, ==, OLD_CONTENTS);
  maze_test_assert_no_temp_files (fixture);
  g_assert_cmpuint (maze_test_count_entries (fixture->dir), ==, 1);
}

static void
test_library_fault (Fixture       *fixture,
                    gconstpointer  data)
{
  const Case *c = data;
  g_autoptr(MazePuzzle) puzzle = make_puzzle (c->target == TARGET_PNG ? 60 : 12);
  g_autofree char *name = g_strconcat ("old.", target_names[c->target], NULL);
  g_autofree char *path = maze_test_fixture_path (fixture, name);
  g_autofree char *spec = resolve_spec (fixture, c, puzzle);
  g_autoptr(GError) error = NULL;
  gboolean ok;

  g_test_message ("%s to %s, %s", target_names[c->target], name, spec);
  maze_test_write_file (fixture, name, OLD_CONTENTS);

  maze_atomic_file_set_test_faults (spec);
  ok = save (c->target, puzzle, path, NULL, &error);
  maze_atomic_file_set_test_faults (NULL);

  g_assert_false (ok);
  assert_error (error, name, c->fault->errnum);
  assert_only_old_file (fixture, name);

  /* The fault gone, the same call works: nothing was left half done. */
  g_clear_error (&error);
  g_assert_true (save (c->target, puzzle, path, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (maze_test_count_entries (fixture->dir), ==, 1);
}

/* A new file (nothing there before) that fails halfway leaves nothing. */
static void
test_library_new_file (Fixture       *fixture,
                       gconstpointer  data)
{
  for (guint t = 0; t < N_TARGETS; t++)
    {
      g_autoptr(MazePuzzle) puzzle = make_puzzle (12);
      g_autofree char *name = g_strconcat ("new.", target_names[t], NULL);
      g_autofree char *path = maze_test_fixture_path (fixture, name);
      g_autoptr(GError) error = NULL;
      Case c = { t, &faults[1] };
      g_autofree char *spec = resolve_spec (fixture, &c, puzzle);
      gboolean ok;

      maze_atomic_file_set_test_faults (spec);
      ok = save (t, puzzle, path, NULL, &error);
      maze_atomic_file_set_test_faults (NULL);
      g_assert_false (ok);
      assert_error (error, name, ENOSPC);
      g_assert_cmpuint (maze_test_count_entries (fixture->dir), ==, 0);
    }
}

/* Files larger than the stream's 1 MiB buffer fail halfway while the
 * exporter is still drawing (PNG: with its renderer thread running), not
 * at the commit. The PNG's cells are shaded in more colours than a
 * palette holds, so it is written as it is drawn: a picture of few
 * colours is drawn whole before anything is written. */
static void
test_library_large (Fixture       *fixture,
                    gconstpointer  data)
{
  static const struct { Target target; guint size; } large[] = {
    { TARGET_PNG, 500 },
    { TARGET_SVG, 350 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (large); i++)
    {
      g_autoptr(MazePuzzle) puzzle = make_puzzle (large[i].size);
      g_autofree char *name = g_strconcat ("old.", target_names[large[i].target], NULL);
      g_autofree char *path = maze_test_fixture_path (fixture, name);
      g_autofree guint32 *shades = NULL;
      g_autoptr(GError) error = NULL;
      Case c = { large[i].target, &faults[1] };
      g_autofree char *spec = NULL;
      gboolean ok;

      if (large[i].target == TARGET_PNG)
        {
          shades = g_new (guint32, puzzle->grid->n_cells);
          for (guint32 k = 0; k < puzzle->grid->n_cells; k++)
            shades[k] = k % 1000;
        }
      spec = resolve_spec_shaded (fixture, &c, puzzle, shades);

      g_assert_cmpint (2 * g_ascii_strtoll (strchr (spec, '@') + 1, NULL, 10), >, 1 << 20);
      maze_test_write_file (fixture, name, OLD_CONTENTS);
      maze_atomic_file_set_test_faults (spec);
      ok = save_shaded (large[i].target, puzzle, shades, path, NULL, &error);
      maze_atomic_file_set_test_faults (NULL);
      g_assert_false (ok);
      assert_error (error, name, ENOSPC);
      assert_only_old_file (fixture, name);
      maze_test_remove_file (fixture, name);
    }
}

/* The folder is gone before the save starts. */
static void
test_folder_removed_before (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *sub = maze_test_fixture_path (fixture, "sub");

  for (guint t = 0; t < N_TARGETS; t++)
    {
      g_autoptr(MazePuzzle) puzzle = make_puzzle (12);
      g_autofree char *name = g_strconcat ("m.", target_names[t], NULL);
      g_autofree char *path = g_build_filename (sub, name, NULL);
      g_autoptr(GError) error = NULL;

      g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
      g_assert_cmpint (g_rmdir (sub), ==, 0);
      g_assert_false (save (t, puzzle, path, NULL, &error));
      assert_error (error, name, ENOENT);
      g_assert_false (g_file_test (sub, G_FILE_TEST_EXISTS));
    }
}

static void
remove_folder (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      g_unlink (path);
    }
  g_rmdir (folder);
}

/* A progress callback: the first call removes the folder, and the
 * temporary file in it. */
static void
remove_folder_once (double   fraction,
                    gpointer user_data)
{
  char **folder = user_data;

  if (*folder == NULL)
    return;
  remove_folder (*folder);
  g_clear_pointer (folder, g_free);
}

/* The folder disappears while the exporter writes (from its progress
 * callback, with the temporary file in it): the export fails at the
 * rename and says so. */
static void
test_folder_removed_during (Fixture       *fixture,
                            gconstpointer  data)
{
  for (guint t = TARGET_PNG; t < N_TARGETS; t++)
    {
      g_autoptr(MazePuzzle) puzzle = make_puzzle (30);
      g_autofree char *sub = maze_test_fixture_path (fixture, "sub");
      g_autofree char *name = g_strconcat ("m.", target_names[t], NULL);
      g_autofree char *path = g_build_filename (sub, name, NULL);
      g_autoptr(GError) error = NULL;
      char *folder = g_strdup (sub);
      MazeExportJob job = { remove_folder_once, &folder, NULL };

      g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
      if (save (t, puzzle, path, &job, &error))
        {
          /* An exporter that reports no progress cannot be caught. */
          g_assert_nonnull (folder);
          g_free (folder);
          g_test_message ("%s reports no progress", target_names[t]);
          remove_folder (sub);
          continue;
        }
      g_assert_null (folder);
      assert_error (error, name, ENOENT);
      g_assert_false (g_file_test (sub, G_FILE_TEST_EXISTS));
    }
}

/* A real permission refusal; root is refused nothing, hence the
 * injected EACCES above. */
static void
test_permission_denied (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *sub = maze_test_fixture_path (fixture, "sub");

  if (geteuid () == 0)
    {
      g_test_skip ("root may write anywhere; the injected EACCES covers this");
      return;
    }
  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  for (guint t = 0; t < N_TARGETS; t++)
    {
      g_autoptr(MazePuzzle) puzzle = make_puzzle (12);
      g_autofree char *name = g_strconcat ("m.", target_names[t], NULL);
      g_autofree char *path = g_build_filename (sub, name, NULL);
      g_autoptr(GError) error = NULL;

      maze_test_write_string (path, OLD_CONTENTS);
      g_assert_cmpint (g_chmod (sub, 0555), ==, 0);
      g_assert_false (save (t, puzzle, path, NULL, &error));
      g_assert_cmpint (g_chmod (sub, 0755), ==, 0);
      assert_error (error, name, EACCES);
      maze_test_assert_contents (path, OLD_CONTENTS);
      g_assert_cmpuint (maze_test_count_entries (sub), ==, 1);
      g_unlink (path);
    }
  g_rmdir (sub);
}

/* ---- the command line ---- */

typedef struct
{
  const char *name;       /* the output */
  const char *args[6];    /* after the command, before -o */
} CliCase;

static const CliCase cli_cases[] = {
  { "out.maze", { "generate", "--seed", "3", NULL } },
  { "out.txt", { "generate", "--seed", "3", "--width", "30", NULL } },
  { "out.txt", { "export", "in.maze", "--format", "unicode", NULL } },
  { "out.maze", { "export", "in.maze", NULL } },
  { "out.png", { "export", "in.maze", NULL } },
  { "out.svg", { "export", "in.maze", NULL } },
  { "out.pdf", { "export", "in.maze", "--answer-key", NULL } },
};

static MazeTestRun *
run_cli_case (Fixture       *fixture,
              const CliCase *c,
              const char    *spec)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_auto(GStrv) envp = g_get_environ ();
  MazeTestRun *run;

  g_ptr_array_add (args, (gpointer) maze_test_cli_path ());
  for (guint i = 0; c->args[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) c->args[i]);
  g_ptr_array_add (args, "-o");
  g_ptr_array_add (args, (gpointer) c->name);
  /* mazewright-cli reads the faults from its environment. */
  if (spec != NULL)
    envp = g_environ_setenv (envp, "MAZEWRIGHT_TEST_FAULTS", spec, TRUE);
  run = maze_test_run_argv_env (fixture, args, envp, NULL);
  return run;
}

/* Each output of the command line under each fault: exit status 1, one
 * line naming the file and the reason, the old file intact, no
 * temporary file. */
static void
test_cli (Fixture       *fixture,
          gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (12);
  g_autofree char *input = maze_test_fixture_path (fixture, "in.maze");
  g_autoptr(GError) error = NULL;

  g_assert_true (maze_puzzle_save (puzzle, input, &error));
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (cli_cases); i++)
    {
      const CliCase *c = &cli_cases[i];
      g_autoptr(MazeTestRun) good = NULL;
      g_autofree char *output = maze_test_fixture_path (fixture, c->name);
      GStatBuf st;

      /* The size of a good file, for the faults halfway. */
      good = run_cli_case (fixture, c, NULL);
      maze_test_assert_success (good);
      g_assert_cmpint (g_stat (output, &st), ==, 0);

      for (guint f = 0; f < G_N_ELEMENTS (faults); f++)
        {
          g_autoptr(MazeTestRun) run = NULL;
          g_autofree char *spec = NULL;
          const char *half = strstr (faults[f].spec, "@HALF");
          g_autofree char *contents = NULL;

          spec = half != NULL
                 ? g_strdup_printf ("%.*s@%" G_GINT64_FORMAT, (int) (half - faults[f].spec),
                                    faults[f].spec, (gint64) st.st_size / 2)
                 : g_strdup (faults[f].spec);
          g_test_message ("mazewright-cli %s … -o %s with %s", c->args[0], c->name, spec);
          maze_test_write_file (fixture, c->name, OLD_CONTENTS);
          run = run_cli_case (fixture, c, spec);
          if (run->status != 1)
            g_error ("expected exit status 1, got %d; stderr: %s", run->status, run->err);
          maze_test_assert_one_line (run->err, c->name);
          maze_test_assert_one_line (run->err, g_strerror (faults[f].errnum));
          contents = maze_test_read_file (fixture, c->name);
          g_assert_cmpstr (contents, ==, OLD_CONTENTS);
          maze_test_assert_no_temp_files (fixture);
        }
      maze_test_remove_file (fixture, c->name);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) cases = g_ptr_array_new_with_free_func (g_free);

  g_test_init (&argc, &argv, NULL);
  /* Only the faults each case asks for. */
  g_unsetenv ("MAZEWRIGHT_TEST_FAULTS");

  for (guint t = 0; t < N_TARGETS; t++)
    for (guint f = 0; f < G_N_ELEMENTS (faults); f++)
      {
        Case *c = g_new0 (Case, 1);
        g_autofree char *path = g_strdup_printf ("/faults/%s/%s", target_names[t], faults[f].name);

        c->target = t;
        c->fault = &faults[f];
        g_ptr_array_add (cases, c);
        g_test_add (path, Fixture, c, maze_test_fixture_set_up, test_library_fault,
                    maze_test_fixture_tear_down);
      }
#define ADD(path, func) \
  g_test_add ("/faults/" path, Fixture, NULL, \
              maze_test_fixture_set_up, func, maze_test_fixture_tear_down)
  ADD ("new-file-halfway", test_library_new_file);
  ADD ("large-file-halfway", test_library_large);
  ADD ("folder-removed-before", test_folder_removed_before);
  ADD ("folder-removed-during", test_folder_removed_during);
  ADD ("permission-denied-real", test_permission_denied);
  if (g_getenv ("MAZEWRIGHT_CLI") != NULL)
    ADD ("cli", test_cli);
#undef ADD

  return g_test_run ();
}
