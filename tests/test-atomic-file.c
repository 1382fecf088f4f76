/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/resource.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "maze-atomic-file.h"
#include "maze-test-util.h"

/* A failed write must never cost the old file, nor leave a partial one. */

typedef MazeTestFixture Fixture;

static void
test_new_file (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "new.txt", NULL);
  g_autoptr(GError) error = NULL;
  MazeAtomicFile *file = maze_atomic_file_open (path, &error);

  g_assert_no_error (error);
  fputs ("hello", maze_atomic_file_stream (file));
  /* Nothing at the destination until the commit. */
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_true (maze_atomic_file_commit (file, &error));
  g_assert_no_error (error);
  maze_test_assert_contents (path, "hello");
  g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 1);
}

static void
test_replace_keeps_mode (Fixture       *f,
                         gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "old.txt", NULL);
  g_autoptr(GError) error = NULL;
  MazeAtomicFile *file;
  GStatBuf st;

  maze_test_write_string (path, "old");
  g_chmod (path, 0640);
  file = maze_atomic_file_open (path, &error);
  g_assert_no_error (error);
  fputs ("new", maze_atomic_file_stream (file));
  maze_test_assert_contents (path, "old");
  g_assert_true (maze_atomic_file_commit (file, &error));
  maze_test_assert_contents (path, "new");
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
}

static void
test_abort (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "old.txt", NULL);
  MazeAtomicFile *file;

  maze_test_write_string (path, "old");
  file = maze_atomic_file_open (path, NULL);
  fputs ("half of it", maze_atomic_file_stream (file));
  maze_atomic_file_abort (file);
  maze_test_assert_contents (path, "old");
  g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 1);
}

static void
test_missing_directory (Fixture       *f,
                        gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "no-such-dir", "x.txt", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_null (maze_atomic_file_open (path, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "x.txt"));
}

static void
test_directory_as_destination (Fixture       *f,
                               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  g_assert_null (maze_atomic_file_open (f->dir, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
}

/* The directory disappears while we write: the commit fails cleanly. */
static void
test_directory_removed (Fixture       *f,
                        gconstpointer  data)
{
  g_autofree char *sub = g_build_filename (f->dir, "sub", NULL);
  g_autofree char *path = g_build_filename (sub, "x.txt", NULL);
  g_autoptr(GError) error = NULL;
  MazeAtomicFile *file;
  const char *name;
  GDir *dir;

  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  file = maze_atomic_file_open (path, &error);
  g_assert_no_error (error);
  fputs ("data", maze_atomic_file_stream (file));

  dir = g_dir_open (sub, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *temp = g_build_filename (sub, name, NULL);
      g_unlink (temp);
    }
  g_dir_close (dir);
  g_assert_cmpint (g_rmdir (sub), ==, 0);

  g_assert_false (maze_atomic_file_commit (file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
}

/* A device that is not a regular file is written straight. /dev/full
 * fails every write with "no space left": the error must surface. */
static void
test_device_full (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  MazeAtomicFile *file;

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }
  file = maze_atomic_file_open ("/dev/full", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 4096; i++)
    fputs ("0123456789abcdef", maze_atomic_file_stream (file));
  g_assert_false (maze_atomic_file_commit (file, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
}

static void
test_device_null (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  MazeAtomicFile *file = maze_atomic_file_open ("/dev/null", &error);

  g_assert_no_error (error);
  fputs ("gone", maze_atomic_file_stream (file));
  g_assert_true (maze_atomic_file_commit (file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test ("/dev/null", G_FILE_TEST_EXISTS));
}

/* A write error halfway through a regular file (the file size limit stands
 * in for a full disk): the old file is intact, no temporary file is left.
 * Runs in a subprocess, which alone gets the limit. */
static void
test_write_error_halfway (Fixture       *f,
                          gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "old.txt", NULL);

  maze_test_write_string (path, "old");
  if (g_test_subprocess ())
    {
      struct rlimit limit = { 16384, 16384 };
      g_autoptr(GError) error = NULL;
      MazeAtomicFile *file;

      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      file = maze_atomic_file_open (path, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < 1 << 16; i++)
        fputs ("0123456789abcdef", maze_atomic_file_stream (file));
      g_assert_false (maze_atomic_file_commit (file, &error));
      g_assert_nonnull (error);
      maze_test_assert_contents (path, "old");
      g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 1);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, func) \
  g_test_add ("/maze/atomic-file/" path, Fixture, NULL, \
              maze_test_fixture_set_up, func, maze_test_fixture_tear_down)
  ADD ("new-file", test_new_file);
  ADD ("replace-keeps-mode", test_replace_keeps_mode);
  ADD ("abort", test_abort);
  ADD ("missing-directory", test_missing_directory);
  ADD ("directory-as-destination", test_directory_as_destination);
  ADD ("directory-removed", test_directory_removed);
  ADD ("device-full", test_device_full);
  ADD ("device-null", test_device_null);
  ADD ("write-error-halfway", test_write_error_halfway);
#undef ADD
  return g_test_run ();
}
