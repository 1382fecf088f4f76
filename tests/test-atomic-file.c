/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sys/resource.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "maze-atomic-file.h"
#include "maze-atomic-file-private.h"
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

static void
write_through (const char *path,
               const char *text)
{
  g_autoptr(GError) error = NULL;
  MazeAtomicFile *file = maze_atomic_file_open (path, &error);

  g_assert_no_error (error);
  fputs (text, maze_atomic_file_stream (file));
  g_assert_true (maze_atomic_file_commit (file, &error));
  g_assert_no_error (error);
}

/* Writing onto a symbolic link replaces the file it points to and keeps
 * the link: absolute, relative, through two links, dangling (the file
 * it names is made); a loop is refused. */
static void
test_symlink (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *sub = g_build_filename (f->dir, "sub", NULL);
  g_autofree char *real = g_build_filename (sub, "real.txt", NULL);
  g_autofree char *absolute = g_build_filename (f->dir, "absolute.txt", NULL);
  g_autofree char *relative = g_build_filename (f->dir, "relative.txt", NULL);
  g_autofree char *twice = g_build_filename (f->dir, "twice.txt", NULL);
  g_autofree char *dangling = g_build_filename (f->dir, "dangling.txt", NULL);
  g_autofree char *made = g_build_filename (sub, "made.txt", NULL);
  g_autofree char *loop = g_build_filename (f->dir, "loop.txt", NULL);
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  maze_test_write_string (real, "old");
  g_assert_cmpint (symlink (real, absolute), ==, 0);
  g_assert_cmpint (symlink ("sub/real.txt", relative), ==, 0);
  g_assert_cmpint (symlink ("relative.txt", twice), ==, 0);
  g_assert_cmpint (symlink ("sub/made.txt", dangling), ==, 0);
  g_assert_cmpint (symlink ("loop.txt", loop), ==, 0);

  write_through (absolute, "one");
  maze_test_assert_contents (real, "one");
  write_through (relative, "two");
  maze_test_assert_contents (real, "two");
  write_through (twice, "three");
  maze_test_assert_contents (real, "three");
  write_through (dangling, "four");
  maze_test_assert_contents (made, "four");
  for (const char *const *link = (const char *const[]) { absolute, relative, twice, dangling, NULL };
       *link != NULL; link++)
    {
      g_assert_cmpint (g_lstat (*link, &st), ==, 0);
      g_assert_true (S_ISLNK (st.st_mode));
    }
  /* Nothing left beside the links or their targets. */
  g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 6);
  g_assert_cmpuint (maze_test_count_entries (sub), ==, 2);

  g_assert_null (maze_atomic_file_open (loop, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_LINKS);
}

/* A read-only file is refused, not replaced, even for root. */
static void
test_read_only (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "locked.txt", NULL);
  g_autoptr(GError) error = NULL;

  maze_test_write_string (path, "old");
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  g_assert_null (maze_atomic_file_open (path, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
  g_assert_nonnull (strstr (error->message, "read-only"));
  g_assert_nonnull (strstr (error->message, "locked.txt"));
  maze_test_assert_contents (path, "old");
  g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 1);
}

/* The longest file name there can be (255 bytes on Linux; 254 in the
 * report) is written new and replaced: the temporary name stays within
 * the limit, named or not. */
static void
test_long_name (Fixture       *f,
                gconstpointer  data)
{
  static const char *const faults[] = { NULL, "tmpfile=EOPNOTSUPP" };

  for (guint i = 0; i < G_N_ELEMENTS (faults); i++)
    for (guint length = 254; length <= 255; length++)
      {
        g_autofree char *name = g_strnfill (length, 'a' + i);
        g_autofree char *path = g_build_filename (f->dir, name, NULL);

        maze_atomic_file_set_test_faults (faults[i]);
        write_through (path, "new");
        maze_test_assert_contents (path, "new");
        write_through (path, "again");
        maze_test_assert_contents (path, "again");
        g_assert_cmpint (g_unlink (path), ==, 0);
        maze_atomic_file_set_test_faults (NULL);
      }
  g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 0);
}

/* A pipe nobody reads from is refused at once, not waited on for ever. */
static void
test_fifo_without_reader (Fixture       *f,
                          gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "pipe", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  g_assert_null (maze_atomic_file_open (path, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED);
  g_assert_nonnull (strstr (error->message, "no program is reading"));
}

/* Killed halfway through writing (SIGKILL, which nothing can catch), a
 * write leaves the old file as it was and nothing beside it: the data
 * went to an unnamed temporary file. */
static void
test_killed_leaves_nothing (Fixture       *f,
                            gconstpointer  data)
{
  /* The child has a fixture folder of its own: it writes into its
   * parent's, which it finds by the parent's process ID. */
  g_autofree char *link = g_strdup_printf ("%s/mazewright-killed-%d", g_get_tmp_dir (),
                                           g_test_subprocess () ? (int) getppid () : (int) getpid ());
  g_autofree char *path = g_build_filename (link, "old.txt", NULL);
  g_autofree char *real = g_build_filename (f->dir, "old.txt", NULL);

  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      MazeAtomicFile *file;

      /* Killed, it will not tear its own fixture down. */
      g_rmdir (f->dir);
      maze_atomic_file_set_test_faults ("kill=65536");
      file = maze_atomic_file_open (path, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < 1 << 16; i++)
        fputs ("0123456789abcdef", maze_atomic_file_stream (file));
      maze_atomic_file_commit (file, NULL);
      g_assert_not_reached ();
    }
  g_unlink (link);
  g_assert_cmpint (symlink (f->dir, link), ==, 0);
  maze_test_write_string (path, "old");
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_unlink (link);
  g_test_trap_assert_failed ();
  /* Killed, not failed on an assertion. */
  g_test_trap_assert_stderr ("");
  maze_test_assert_contents (real, "old");
  g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 1);
}

/* Where a file system has no unnamed temporary files, a named one does
 * the work, and is gone afterwards. */
static void
test_without_tmpfile (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "old.txt", NULL);
  g_autoptr(GError) error = NULL;
  MazeAtomicFile *file;

  maze_test_write_string (path, "old");
  maze_atomic_file_set_test_faults ("tmpfile=EOPNOTSUPP");
  file = maze_atomic_file_open (path, &error);
  maze_atomic_file_set_test_faults (NULL);
  g_assert_no_error (error);
  fputs ("new", maze_atomic_file_stream (file));
  /* The named temporary file is there while writing. */
  g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 2);
  g_assert_true (maze_atomic_file_commit (file, &error));
  g_assert_no_error (error);
  maze_test_assert_contents (path, "new");
  g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 1);
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
  ADD ("symlink", test_symlink);
  ADD ("read-only", test_read_only);
  ADD ("long-name", test_long_name);
  ADD ("fifo-without-reader", test_fifo_without_reader);
  ADD ("killed-leaves-nothing", test_killed_leaves_nothing);
  ADD ("without-tmpfile", test_without_tmpfile);
#undef ADD
  return g_test_run ();
}
