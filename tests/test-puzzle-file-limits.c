/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "maze-core.h"
#include "maze-puzzle-file.h"

/* The pre-check's count of values (maze-puzzle-file-check.c): a valid
 * maze carrying megabytes of values it has no use for, or more history
 * than anyone makes, is refused before json-glib builds its tree of
 * them, in memory that does not grow with them; the longest history
 * allowed still loads. The memory a load takes is the peak resident
 * size of a child process that loads the document, from wait4(), less
 * that of a child that does nothing: both start as copies of this
 * process, the document included. The figures and times are printed
 * ("limit: …" lines in the log); only the memory is checked. */

/* The limits of maze-puzzle-file-check.c, which these tests pin. */
#define MAX_HISTORY_EDITS 100000
#define MAX_EDIT_VALUES 11
#define MAX_STRAY_VALUES 4096
#define MAX_VALUES (MAX_HISTORY_EDITS * MAX_EDIT_VALUES + MAX_STRAY_VALUES + 256)

#define MiB (G_GINT64_CONSTANT (1) << 20)

/* A refused document grows the loading process by less than this; the
 * ones here took from 130 MB to 1 GB before the values were counted. */
#define REFUSED_MAX_GROWTH (16 * MiB)

/* ---- documents ---- */

/* tests/data/good/small-rect.maze: a 4×3 maze with 4 history entries. */
#define BASE_EDITS 4

static char *
read_base (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "good", "small-rect.maze", NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

/* The base document with text added as its last members. */
static GString *
with_members (const char *text)
{
  g_autofree char *base = read_base ();
  char *close = strrchr (base, '}');
  GString *doc;

  g_assert_nonnull (close);
  doc = g_string_new_len (base, close - base);
  while (doc->len > 0 && g_ascii_isspace (doc->str[doc->len - 1]))
    g_string_truncate (doc, doc->len - 1);
  g_string_append_printf (doc, ",\n  %s\n}\n", text);
  return doc;
}

/* The base document with n_edits more history entries in front of its
 * own: mask edits (the most values an entry holds) or weight edits. */
static GString *
with_edits (guint    n_edits,
            gboolean masks)
{
  g_autofree char *base = read_base ();
  const char *history = strstr (base, "\"history\": [\n");
  GString *doc;

  g_assert_nonnull (history);
  history += strlen ("\"history\": [\n");
  doc = g_string_new_len (base, history - base);
  for (guint i = 0; i < n_edits; i++)
    if (masks)
      g_string_append_printf (doc, "    {\"edit\": \"mask\", \"rect\": [2, 0, 2, 2], \"algorithm\": \"prim\", "
                              "\"growing_tree_mode\": \"newest\", \"seed\": \"%u\", \"mask\": \"Ag==\"},\n", i);
    else
      g_string_append_printf (doc, "    {\"edit\": \"weight\", \"cell\": [%u, 1], \"weight\": %u},\n",
                              i % 4, i % 255 + 1);
  g_string_append (doc, history);
  return doc;
}

/* "[" then n copies of item separated by commas, then "]" */
static char *
array_of (const char *item,
          guint       n)
{
  GString *text = g_string_sized_new ((strlen (item) + 1) * n + 2);

  g_string_append_c (text, '[');
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (text, ',');
      g_string_append (text, item);
    }
  g_string_append_c (text, ']');
  return g_string_free (text, FALSE);
}

/* ---- loading in a child, measured ---- */

typedef struct
{
  char   *result;    /* the error message, or "loaded N edits" */
  gint64  grew;      /* peak resident bytes beyond the idle child's */
  double  seconds;
} Load;

static void
load_clear (Load *load)
{
  g_free (load->result);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Load, load_clear)

/* Forks a child that loads doc (or, with load FALSE, does nothing) and
 * writes what came of it to a pipe; returns its peak resident size. */
static gint64
run_child (const GString *doc,
           gboolean       load,
           GString       *result)
{
  struct rusage usage;
  char buffer[4096];
  int fds[2], status;
  gssize n;
  pid_t pid;

  g_assert_cmpint (pipe (fds), ==, 0);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      close (fds[0]);
      if (load)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(MazePuzzle) puzzle = maze_puzzle_from_json (doc->str, doc->len, &error);
          g_autofree char *text = puzzle != NULL
                                  ? g_strdup_printf ("loaded %u edits", puzzle->history->len)
                                  : g_strdup (error->message);

          if (write (fds[1], text, strlen (text)) != (gssize) strlen (text))
            _exit (1);
        }
      _exit (0);
    }

  close (fds[1]);
  while ((n = read (fds[0], buffer, sizeof buffer)) != 0)
    {
      g_assert_true (n > 0 || errno == EINTR);
      if (n > 0)
        g_string_append_len (result, buffer, n);
    }
  close (fds[0]);
  g_assert_cmpint (wait4 (pid, &status, 0, &usage), ==, pid);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  return (gint64) usage.ru_maxrss * 1024;
}

static void
load_measured (const char    *what,
               const GString *doc,
               Load          *load)
{
  g_autoptr(GString) result = g_string_new (NULL);
  g_autoptr(GString) nothing = g_string_new (NULL);
  gint64 idle, start, peak;

  idle = run_child (doc, FALSE, nothing);
  start = g_get_monotonic_time ();
  peak = run_child (doc, TRUE, result);
  load->seconds = (g_get_monotonic_time () - start) / 1e6;
  load->grew = peak - idle;
  load->result = g_string_free (g_steal_pointer (&result), FALSE);
  g_test_message ("limit: %s: %.1f MB document: %.3f s, peak memory +%.1f MiB: %s",
                  what, doc->len / 1e6, load->seconds, (double) load->grew / MiB, load->result);
}

/* Loads doc in this process: the error's message, or NULL when it loads. */
static char *
load_here (const GString *doc)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazePuzzle) puzzle = maze_puzzle_from_json (doc->str, doc->len, &error);

  if (puzzle != NULL)
    return NULL;
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
  return g_strdup (error->message);
}

/* ---- tests ---- */

/* The file of the issue: a valid 4×3 maze with "junk": [{},{},…] of
 * 10 MB, which took 1 GB and 4 to 20 s to refuse. */
static void
test_junk_values (void)
{
  g_autofree char *junk = array_of ("{}", 10 * 1000 * 1000 / 3);
  g_autofree char *member = g_strdup_printf ("\"junk\": %s", junk);
  g_autoptr(GString) doc = with_members (member);
  g_auto(Load) load = { 0 };
  g_autofree char *expected = g_strdup_printf ("More than %u values are in parts of the document "
                                               "this version does not read, such as “junk”",
                                               MAX_STRAY_VALUES);

  load_measured ("10 MB of junk values", doc, &load);
  g_assert_cmpint (load.grew, <, REFUSED_MAX_GROWTH);
  g_assert_cmpstr (load.result, ==, expected);
}

static void
test_too_many_edits (void)
{
  g_autoptr(GString) doc = with_edits (MAX_HISTORY_EDITS + 1 - BASE_EDITS, FALSE);
  g_auto(Load) load = { 0 };
  g_autofree char *expected = g_strdup_printf ("“history” holds more than %u edits, the limit for a maze file",
                                               MAX_HISTORY_EDITS);

  load_measured ("one edit too many", doc, &load);
  g_assert_cmpint (load.grew, <, REFUSED_MAX_GROWTH);
  g_assert_cmpstr (load.result, ==, expected);
}

/* The longest history allowed, of the edits with the most values,
 * loads whole. */
static void
test_longest_history (void)
{
  g_autoptr(GString) doc = with_edits (MAX_HISTORY_EDITS - BASE_EDITS, TRUE);
  g_auto(Load) load = { 0 };
  g_autofree char *expected = g_strdup_printf ("loaded %u edits", MAX_HISTORY_EDITS);

  load_measured ("the longest history", doc, &load);
  g_assert_cmpstr (load.result, ==, expected);
}

/* Only members repeated over and over reach the count of all values
 * before the others: inside an object the schema reads, since one
 * named twice at the top is refused as soon as it is. */
static void
test_too_many_values (void)
{
  GString *kinds = g_string_new ("\"outline\": {");
  g_autoptr(GString) doc = NULL;
  g_auto(Load) load = { 0 };
  g_autofree char *expected = g_strdup_printf ("The document holds more than %u values, the limit for a maze file",
                                               MAX_VALUES);

  for (guint i = 0; i < MAX_VALUES; i++)
    g_string_append (kinds, "\"kind\": \"\", ");
  g_string_append (kinds, "\"kind\": \"\"}");
  doc = with_members (kinds->str);
  g_string_free (kinds, TRUE);

  load_measured ("a member repeated", doc, &load);
  g_assert_cmpint (load.grew, <, REFUSED_MAX_GROWTH);
  g_assert_cmpstr (load.result, ==, expected);
}

/* A member this version does not know may hold MAX_STRAY_VALUES values
 * (the array counts as one), not one more. */
static void
test_stray_limit (void)
{
  g_autofree char *fits = array_of ("0", MAX_STRAY_VALUES - 1);
  g_autofree char *over = array_of ("0", MAX_STRAY_VALUES);
  g_autofree char *fits_member = g_strdup_printf ("\"later\": %s", fits);
  g_autofree char *over_member = g_strdup_printf ("\"later\": %s", over);
  g_autoptr(GString) fits_doc = with_members (fits_member);
  g_autoptr(GString) over_doc = with_members (over_member);
  g_autofree char *fits_error = load_here (fits_doc);
  g_autofree char *over_error = load_here (over_doc);

  g_assert_null (fits_error);
  g_assert_nonnull (over_error);
  g_assert_true (g_str_has_suffix (over_error, "such as “later”"));
}

/* Values where the schema has no place for them count as stray too: a
 * member this version reads (one the base document has not, which it
 * would name twice), of the wrong shape. */
static void
test_stray_in_known_member (void)
{
  g_autofree char *outline = array_of ("[]", MAX_STRAY_VALUES + 1);
  g_autofree char *member = g_strdup_printf ("\"outline\": %s", outline);
  g_autoptr(GString) doc = with_members (member);
  g_autofree char *error = load_here (doc);

  g_assert_nonnull (error);
  g_assert_true (g_str_has_suffix (error, "such as “outline”"));
}

/* The bulk data's long strings are allowed only where the bulk data is:
 * a member this version does not know named "passages" is an ordinary
 * string. */
static void
test_stray_bulk (void)
{
  g_autofree char *long_text = g_strnfill (70000, 'A');
  g_autofree char *member = g_strdup_printf ("\"later\": {\"passages\": \"%s\"}", long_text);
  g_autoptr(GString) doc = with_members (member);
  g_autofree char *error = load_here (doc);

  g_assert_nonnull (error);
  g_assert_true (g_str_has_suffix (error, "“passages” is longer than the limit of 65536 bytes"));
}

/* A puzzle with more history than a file may hold is saved with the
 * newest entries only, so that it opens again; the passages are all
 * there. (Saving used to write a file its reader refused.) */
static void
test_save_long_history (void)
{
  g_autofree char *dir = g_dir_make_tmp ("mazewright-limits-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "long.maze", NULL);
  g_autoptr(MazePuzzle) puzzle = NULL;
  g_autoptr(MazePuzzle) loaded = NULL;
  g_autoptr(GError) error = NULL;
  const guint n = MAZE_FILE_MAX_HISTORY + 1;
  const MazeEdit *first, *last;
  MazeGenerateOptions options;

  maze_generate_options_init (&options);
  options.seed = 7;
  puzzle = maze_puzzle_generate (MAZE_SHAPE_RECT, 20, 20, &options, 0, MAZE_ENDPOINTS_CORNERS, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    {
      MazeEdit *edit = g_new0 (MazeEdit, 1);

      edit->kind = MAZE_EDIT_WEIGHT;
      edit->cell = i % puzzle->grid->n_cells;
      edit->weight = 1 + i % 255;
      g_ptr_array_add (puzzle->history, edit);
    }
  g_assert_true (maze_puzzle_save (puzzle, path, &error));
  g_assert_no_error (error);
  loaded = maze_puzzle_load (path, &error);
  g_assert_no_error (error);
  g_assert_true (maze_grid_equal (puzzle->grid, loaded->grid));
  g_assert_cmpuint (loaded->history->len, ==, MAZE_FILE_MAX_HISTORY);
  /* The oldest went: the first kept is the second made. */
  first = g_ptr_array_index (loaded->history, 0);
  last = g_ptr_array_index (loaded->history, loaded->history->len - 1);
  g_assert_cmpuint (first->cell, ==, 1);
  g_assert_cmpuint (first->weight, ==, 2);
  g_assert_cmpuint (last->cell, ==, (n - 1) % puzzle->grid->n_cells);
  g_assert_cmpuint (last->weight, ==, 1 + (n - 1) % 255);
  /* The puzzle in memory keeps them all. */
  g_assert_cmpuint (puzzle->history->len, ==, n);

  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/puzzle-file/limits/junk-values", test_junk_values);
  g_test_add_func ("/puzzle-file/limits/too-many-edits", test_too_many_edits);
  g_test_add_func ("/puzzle-file/limits/longest-history", test_longest_history);
  g_test_add_func ("/puzzle-file/limits/save-long-history", test_save_long_history);
  g_test_add_func ("/puzzle-file/limits/too-many-values", test_too_many_values);
  g_test_add_func ("/puzzle-file/limits/stray-limit", test_stray_limit);
  g_test_add_func ("/puzzle-file/limits/stray-in-known-member", test_stray_in_known_member);
  g_test_add_func ("/puzzle-file/limits/stray-bulk", test_stray_bulk);

  return g_test_run ();
}
