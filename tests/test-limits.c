/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fopencookie() */
#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "maze-core.h"
#include "maze-file-kind.h"
#include "maze-puzzle-file.h"
#include "maze-text.h"
#include "maze-test-util.h"

/* Hostile sizes: a .maze claiming a huge grid with a few bytes of data, a
 * text maze of a gigabyte (a sparse file, and a stream through a pipe),
 * JSON nested ten million deep, a JSON string of 256 MiB. Each is refused
 * with a clear message, quickly and in bounded memory. Time and peak
 * memory are measured loosely (bounds far above what they take) and
 * printed: "limit: …" lines in the log. The peak of this process is
 * taken from /proc/self/status after resetting it (clear_refs), that of
 * mazewright-cli from wait4(). Under AddressSanitizer the memory bounds
 * are not checked (its shadow memory counts) and the time bounds are
 * five times longer. */

typedef MazeTestFixture Fixture;

#if defined(__SANITIZE_ADDRESS__)
# define HAVE_ASAN 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define HAVE_ASAN 1
# endif
#endif

#ifdef HAVE_ASAN
# define TIME_FACTOR 5.0
#else
# define TIME_FACTOR 1.0
#endif

#define MiB (G_GINT64_CONSTANT (1) << 20)

/* ---- measuring ---- */

typedef struct
{
  gint64 start_us;
  gint64 rss_kb;      /* at the start; -1 when peaks cannot be reset */
} Measure;

static gint64
status_kb (const char *field)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  line = strstr (status, field);
  if (line == NULL)
    return -1;
  return g_ascii_strtoll (line + strlen (field), NULL, 10);
}

static void
measure_start (Measure *m)
{
  /* "5" resets the peak resident size (VmHWM) to the current one. */
  int fd = g_open ("/proc/self/clear_refs", O_WRONLY, 0);
  gboolean reset = fd >= 0 && write (fd, "5", 1) == 1;

  if (fd >= 0)
    close (fd);

  m->rss_kb = reset ? status_kb ("VmRSS:") : -1;
  m->start_us = g_get_monotonic_time ();
}

/* Reports and checks: at most max_seconds, and a peak at most max_bytes
 * above where it started. */
static void
measure_end (const Measure *m,
             const char    *what,
             double         max_seconds,
             gint64         max_bytes)
{
  double seconds = (g_get_monotonic_time () - m->start_us) / 1e6;
  gint64 grew = m->rss_kb >= 0 ? (status_kb ("VmHWM:") - m->rss_kb) * 1024 : -1;

  g_test_message ("limit: %s: %.3f s, peak memory +%.1f MiB", what, seconds,
                  grew >= 0 ? (double) grew / MiB : -1.0);
  g_assert_cmpfloat (seconds, <, max_seconds * TIME_FACTOR);
#ifndef HAVE_ASAN
  if (grew >= 0)
    g_assert_cmpint (grew, <, max_bytes);
#endif
}

/* ---- running mazewright-cli, measured ---- */

typedef struct
{
  int    status;
  char  *err;
  double seconds;
  gint64 max_rss;   /* bytes */
} CliRun;

static void
cli_run_clear (CliRun *run)
{
  g_free (run->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CliRun, cli_run_clear)

typedef struct
{
  int    fd;
  gint64 bytes;
} Feeder;

/* Writes text lines into fd until bytes are written or the reader has
 * gone (EPIPE), then closes it. */
static gpointer
feed_pipe (gpointer data)
{
  Feeder *feeder = data;
  g_autoptr(GString) chunk = g_string_new (NULL);
  gint64 written = 0;

  while (chunk->len < MiB)
    {
      for (guint i = 0; i < 1000; i++)
        g_string_append (chunk, "+---");
      g_string_append (chunk, "+\n");
    }
  while (written < feeder->bytes)
    {
      gsize n = (gsize) MIN ((gint64) chunk->len, feeder->bytes - written);
      gssize done = write (feeder->fd, chunk->str, n);

      if (done < 0 && errno == EINTR)
        continue;
      if (done <= 0)
        break;
      written += done;
    }
  close (feeder->fd);
  return GINT_TO_POINTER (written >= feeder->bytes);
}

/* Runs mazewright-cli args in dir; stdin_bytes > 0 streams that much
 * text into its standard input. */
static void
run_cli (const char * const *args,
         const char         *dir,
         gint64              stdin_bytes,
         CliRun             *run)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GThread) feeder_thread = NULL;
  Feeder feeder = { -1, stdin_bytes };
  int in[2] = { -1, -1 }, err[2];
  struct rusage usage;
  gint64 start;
  GString *err_text = g_string_new (NULL);
  char buffer[4096];
  gssize n;
  pid_t pid;

  g_ptr_array_add (argv, (gpointer) maze_test_cli_path ());
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  g_assert_cmpint (pipe (err), ==, 0);
  if (stdin_bytes > 0)
    g_assert_cmpint (pipe (in), ==, 0);
  start = g_get_monotonic_time ();
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      if (chdir (dir) != 0)
        _exit (127);
      if (in[0] >= 0)
        {
          dup2 (in[0], STDIN_FILENO);
          close (in[1]);
        }
      dup2 (err[1], STDERR_FILENO);
      close (err[0]);
      execv (g_ptr_array_index (argv, 0), (char **) argv->pdata);
      _exit (127);
    }
  close (err[1]);
  if (in[0] >= 0)
    {
      close (in[0]);
      feeder.fd = in[1];
      feeder_thread = g_thread_new ("feeder", feed_pipe, &feeder);
    }
  while ((n = read (err[0], buffer, sizeof buffer)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0)
      g_string_append_len (err_text, buffer, n);
  close (err[0]);
  g_assert_cmpint (wait4 (pid, &run->status, 0, &usage), ==, pid);
  run->seconds = (g_get_monotonic_time () - start) / 1e6;
  if (feeder_thread != NULL)
    g_thread_join (g_steal_pointer (&feeder_thread));

  g_assert_true (WIFEXITED (run->status));
  run->status = WEXITSTATUS (run->status);
  run->err = g_string_free (err_text, FALSE);
  run->max_rss = (gint64) usage.ru_maxrss * 1024;
  g_test_message ("limit: mazewright-cli %s: %.3f s, peak memory %.1f MiB; %s",
                  args[0], run->seconds, (double) run->max_rss / MiB, run->err);
}

static void
assert_cli_refused (const CliRun *run,
                    const char   *needle,
                    double        max_seconds,
                    gint64        max_rss)
{
  if (run->status != 2)
    g_error ("expected exit status 2, got %d; stderr: %s", run->status, run->err);
  maze_test_assert_one_line (run->err, needle);
  g_assert_cmpfloat (run->seconds, <, max_seconds * TIME_FACTOR);
#ifndef HAVE_ASAN
  g_assert_cmpint (run->max_rss, <, max_rss);
#endif
}

static gboolean
have_cli (void)
{
  if (g_getenv ("MAZEWRIGHT_CLI") == NULL)
    {
      g_test_skip ("no mazewright-cli in this build");
      return FALSE;
    }
  return TRUE;
}

/* ---- .maze: a huge grid claimed, a few bytes of data ---- */

static char *
huge_claim (guint width,
            guint height)
{
  return g_strdup_printf ("{\"format\": \"mazewright\", \"version\": 1, \"generator_version\": 1,"
                          " \"shape\": \"rect\", \"width\": %u, \"height\": %u,"
                          " \"start\": [0, 0], \"end\": [1, 1], \"passages\": \"I54F\"}",
                          width, height);
}

static void
test_maze_huge_claim (Fixture       *fixture,
                      gconstpointer  data)
{
  static const struct { guint width, height; const char *says[2]; } claims[] = {
    /* More cells than any maze may have. */
    { 65535, 65535, { "65535×65535", "limit" } },
    /* Within the limit (a 2 GiB grid), the data a few bytes short of it. */
    { 65535, 32767, { "“passages”", "expected 536846337" } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (claims); i++)
    {
      g_autofree char *json = huge_claim (claims[i].width, claims[i].height);
      g_autofree char *name = g_strdup_printf ("claim-%u.maze", i);
      g_autofree char *what = g_strdup_printf ("%u×%u claimed, 3 bytes of data",
                                               claims[i].width, claims[i].height);
      g_autoptr(GError) error = NULL;
      g_autoptr(MazePuzzle) puzzle = NULL;
      Measure m;

      measure_start (&m);
      puzzle = maze_puzzle_from_json (json, -1, &error);
      measure_end (&m, what, 0.5, 8 * MiB);
      g_assert_null (puzzle);
      g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
      for (guint k = 0; k < G_N_ELEMENTS (claims[i].says); k++)
        if (strstr (error->message, claims[i].says[k]) == NULL)
          g_error ("“%s” does not say “%s”", error->message, claims[i].says[k]);

      if (have_cli ())
        {
          const char *args[] = { "info", name, NULL };
          g_auto(CliRun) run = { 0 };

          maze_test_write_file (fixture, name, json);
          run_cli (args, fixture->dir, 0, &run);
          assert_cli_refused (&run, claims[i].says[0], 2.0, 64 * MiB);
        }
    }
}

/* ---- a gigabyte of text ---- */

#define GIGABYTE G_GINT64_CONSTANT (1000000000)

/* A sparse file: a maze's first line, then a gigabyte of zeros that take
 * no disk space. Refused by its size before a byte is read. */
static void
test_text_gigabyte_file (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autofree char *path = maze_test_fixture_path (fixture, "big.txt");
  const char *top = "+---+---+---+\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = NULL;
  const char *mapped;
  Measure m;
  int fd;

  fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  g_assert_cmpint (fd, >=, 0);
  /* Text for as far as the loader looks to tell what the file is, then
   * a hole. */
  for (gsize written = 0; written < 2 * MAZE_FILE_KIND_SNIFF_BYTES; written += strlen (top))
    g_assert_cmpint (write (fd, top, strlen (top)), ==, (gssize) strlen (top));
  g_assert_cmpint (ftruncate (fd, GIGABYTE), ==, 0);
  close (fd);

  /* The parser refuses the length before it looks at the text: mapped,
   * no page of it is ever read. */
  fd = g_open (path, O_RDONLY, 0);
  mapped = mmap (NULL, GIGABYTE, PROT_READ, MAP_PRIVATE | MAP_NORESERVE, fd, 0);
  close (fd);
  g_assert_true (mapped != MAP_FAILED);
  measure_start (&m);
  grid = maze_text_parse (mapped, GIGABYTE, NULL, &error);
  measure_end (&m, "maze_text_parse of 1 GB", 0.5, 8 * MiB);
  munmap ((void *) mapped, GIGABYTE);
  g_assert_null (grid);
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "1000000000"));

  if (have_cli ())
    {
      const char *args[] = { "info", "big.txt", NULL };
      g_auto(CliRun) run = { 0 };

      run_cli (args, fixture->dir, 0, &run);
      assert_cli_refused (&run, "1000000000 bytes, more than the limit", 2.0, 64 * MiB);
    }
}

/* The same gigabyte through a pipe, where no size is known beforehand:
 * read up to the limit, then refused. Memory: the limit and a little. */
static void
test_text_gigabyte_stream (Fixture       *fixture,
                           gconstpointer  data)
{
  const char *args[] = { "info", "-", NULL };
  g_auto(CliRun) run = { 0 };
  void (*old_handler) (int);

  if (!have_cli ())
    return;
  /* The feeder finds the reader gone: EPIPE, not a signal. */
  old_handler = signal (SIGPIPE, SIG_IGN);
  run_cli (args, fixture->dir, GIGABYTE, &run);
  signal (SIGPIPE, old_handler);
  assert_cli_refused (&run, "standard input is more than", 30.0,
                      (gint64) MAZE_TEXT_MAX_BYTES + 96 * MiB);
}

/* ---- JSON ---- */

static void
assert_refused_json (const char *json,
                     gsize       length,
                     const char *what,
                     double      max_seconds,
                     gint64      max_bytes,
                     const char *needle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;
  Measure m;

  measure_start (&m);
  puzzle = maze_puzzle_from_json (json, (gssize) length, &error);
  measure_end (&m, what, max_seconds, max_bytes);
  g_assert_null (puzzle);
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
  g_test_message ("%s", error->message);
  if (strstr (error->message, needle) == NULL)
    g_error ("“%s” does not say “%s”", error->message, needle);
}

#define DEEP 10000000

static void
test_json_deep (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *json = g_malloc (2 * DEEP + 64);
  gsize n;

  memset (json, '[', DEEP);
  memset (json + DEEP, ']', DEEP);
  assert_refused_json (json, 2 * DEEP, "10 million [", 0.5, 8 * MiB, "nested more than 64");

  /* A comment (which json-glib reads) with a quote in it hid brackets
   * from the check that counted them outside strings: json-glib then
   * recursed ten million deep. Found before the fuzzing; the file is
   * tests/fuzz/regressions/maze-file/comment-hides-nesting.maze. */
  n = (gsize) g_snprintf (json, 64, "{\"a\": /* \" */ ");
  memset (json + n, '[', DEEP / 2);
  memset (json + n + DEEP / 2, ']', DEEP / 2);
  g_strlcpy (json + n + DEEP, " /* \" */ }", 16);
  assert_refused_json (json, strlen (json), "brackets behind a comment", 0.5, 8 * MiB,
                       "line 1, column 7: unexpected “/”");
}

#define LONG_STRING (256 * MiB)

static void
test_json_long_string (Fixture       *fixture,
                       gconstpointer  data)
{
  const char *head = "{\"format\": \"mazewright\", \"version\": 1, \"generator_version\": 1, "
                     "\"shape\": \"rect\", \"width\": 4, \"height\": 3, "
                     "\"start\": [0, 0], \"end\": [3, 2], ";
  gsize head_len = strlen (head);
  g_autofree char *json = g_malloc (LONG_STRING + 256);
  g_autofree char *path = maze_test_fixture_path (fixture, "long.maze");
  g_autoptr(GError) error = NULL;
  g_autoptr(MazePuzzle) puzzle = NULL;
  gsize n;
  Measure m;

  /* A title of 256 MiB: refused 64 KiB into it. */
  memcpy (json, head, head_len);
  n = head_len + (gsize) g_snprintf (json + head_len, 64, "\"passages\": \"I54F\", \"title\": \"");
  memset (json + n, 'a', LONG_STRING);
  n += LONG_STRING;
  n += (gsize) g_snprintf (json + n, 8, "\"}");
  assert_refused_json (json, n, "a title of 256 MiB", 0.5, 8 * MiB,
                       "“title” is longer than the limit of 65536 bytes");

  /* From a file: reading it costs its size, nothing more. */
  g_assert_true (g_file_set_contents (path, json, (gssize) n, NULL));
  measure_start (&m);
  puzzle = maze_puzzle_load (path, &error);
  measure_end (&m, "a file with a title of 256 MiB", 5.0, LONG_STRING + 32 * MiB);
  g_assert_null (puzzle);
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
  g_unlink (path);

  /* Passages of 256 MiB for a 4×3 maze: more than any 4×3 maze needs,
   * refused without json-glib ever copying them. */
  n = head_len + (gsize) g_snprintf (json + head_len, 64, "\"passages\": \"");
  memset (json + n, 'A', LONG_STRING);
  n += LONG_STRING;
  n += (gsize) g_snprintf (json + n, 8, "\"}");
  assert_refused_json (json, n, "passages of 256 MiB for a 4×3 maze", 3.0, 8 * MiB,
                       "more than the 16 a 4×3 maze can need");
}

/* A stream that only counts what is written to it. */
static ssize_t
count_write_cb (void       *cookie,
                const char *data,
                size_t      size)
{
  *(guint64 *) cookie += size;
  return (ssize_t) size;
}

static FILE *
counting_stream (guint64 *count)
{
  cookie_io_functions_t io = { NULL, count_write_cb, NULL, NULL };

  *count = 0;
  return fopencookie (count, "w", io);
}

static gboolean
write_counted (MazeShape      shape,
               guint          width,
               guint          height,
               MazeTextStyle  style,
               guint64       *count,
               GError       **error)
{
  g_autoptr(MazeGrid) grid = maze_grid_new (shape, width, height, NULL);
  MazeTextOptions options;
  FILE *out = counting_stream (count);
  gboolean ok;

  g_assert_nonnull (grid);
  maze_text_options_init (&options);
  options.style = style;
  ok = maze_text_write (grid, &options, out, error);
  fclose (out);
  return ok;
}

/* The text writer writes nothing the text reader would refuse: an
 * 8192×8192 maze (537 MB of ASCII) is refused before a byte is written,
 * rect and hex alike; a Unicode text that outgrows the limit is refused
 * when it reaches it; the largest classic text that fits is written
 * whole, within the limit. */
static void
test_text_export_fits_import (Fixture       *f,
                              gconstpointer  data)
{
  guint64 count = 0;

  for (MazeShape shape = 0; shape < MAZE_N_SHAPES; shape++)
    {
      g_autoptr(GError) error = NULL;

      /* Triangles and rings are refused whatever their size (test-text). */
      if (shape == MAZE_SHAPE_CIRCULAR)
        g_assert_false (write_counted (shape, 6, 100, MAZE_TEXT_CLASSIC, &count, &error));
      else
        g_assert_false (write_counted (shape, 8192, 8192, MAZE_TEXT_CLASSIC, &count, &error));
      if (shape == MAZE_SHAPE_TRI || shape == MAZE_SHAPE_CIRCULAR)
        g_assert_error (error, MAZE_ERROR, MAZE_ERROR_UNSUPPORTED);
      else
        {
          g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
          g_assert_nonnull (strstr (error->message, "512 MiB"));
        }
      g_assert_cmpuint (count, ==, 0);
    }

  {
    g_autoptr(GError) error = NULL;

    g_assert_false (write_counted (MAZE_SHAPE_RECT, 4096, 8000, MAZE_TEXT_UNICODE, &count, &error));
    g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
    g_assert_cmpuint (count, <=, MAZE_TEXT_MAX_BYTES);
  }

  {
    g_autoptr(GError) error = NULL;

    /* (4 × 8192 + 2) × (2 × 8191 + 1) = 536,870,910 bytes. */
    g_assert_true (write_counted (MAZE_SHAPE_RECT, 8192, 8191, MAZE_TEXT_CLASSIC, &count, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (count, ==, G_GUINT64_CONSTANT (536870910));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/limits/" path, Fixture, NULL, \
              maze_test_fixture_set_up, func, maze_test_fixture_tear_down)
  ADD ("maze-huge-claim", test_maze_huge_claim);
  ADD ("text-gigabyte-file", test_text_gigabyte_file);
  ADD ("text-gigabyte-stream", test_text_gigabyte_stream);
  ADD ("json-deep", test_json_deep);
  ADD ("json-long-string", test_json_long_string);
  ADD ("text-export-fits-import", test_text_export_fits_import);
#undef ADD

  return g_test_run ();
}
