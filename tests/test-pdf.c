/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include <cairo.h>

#include "maze-core.h"
#include "maze-outline.h"
#include "maze-pdf.h"
#include "maze-test-util.h"

/* PDF worksheets, read back with poppler's pdfinfo and pdftotext where
 * they are installed (else from the PDF's own text, or skipped): page
 * counts and sizes, the words on the pages, the metadata, and what a
 * failed or cancelled export leaves behind. */

typedef MazeTestFixture Fixture;

/* Helpers */

static MazePuzzle *
new_puzzle (MazeShape shape,
            guint     width,
            guint     height,
            guint64   seed)
{
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;
  MazePuzzle *puzzle;

  maze_generate_options_init (&options);
  options.algorithm = MAZE_ALGORITHM_BACKTRACKER;
  options.seed = seed;
  puzzle = maze_puzzle_generate (shape, width, height, &options, 0,
                                 MAZE_ENDPOINTS_CORNERS, &error);
  g_assert_no_error (error);
  return puzzle;
}

static GPtrArray *
new_puzzles (guint n,
             guint size)
{
  GPtrArray *puzzles = g_ptr_array_new_with_free_func ((GDestroyNotify) maze_puzzle_free);

  for (guint i = 0; i < n; i++)
    /* Every shape in turn. */
    g_ptr_array_add (puzzles, new_puzzle ((MazeShape) (i % MAZE_N_SHAPES), size, size, 100 + i));
  return puzzles;
}

static void
export_ok (GPtrArray            *puzzles,
           const MazePdfOptions *options,
           const char           *path)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (maze_pdf_export ((MazePuzzle * const *) puzzles->pdata, puzzles->len,
                                  options, path, NULL, &error));
  g_assert_no_error (error);
}

/* Runs a poppler tool; NULL when it is not installed. */
static char *
run_tool (const char * const *argv)
{
  g_autofree char *program = g_find_program_in_path (argv[0]);
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status;

  if (program == NULL)
    return NULL;
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                NULL, NULL, &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

static char *
pdfinfo_field (const char *path,
               const char *field)
{
  const char *argv[] = { "pdfinfo", path, NULL };
  g_autofree char *out = run_tool (argv);
  g_auto(GStrv) lines = NULL;
  gsize len = strlen (field);

  if (out == NULL)
    return NULL;
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (strncmp (lines[i], field, len) == 0 && lines[i][len] == ':')
      return g_strstrip (g_strdup (lines[i] + len + 1));
  g_assert_not_reached ();
}

static char *
read_file (const char *path,
           gsize      *length)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, length, &error);
  g_assert_no_error (error);
  return contents;
}

/* The PDF holds binary streams: search past any NUL. */
static const char *
find_bytes (const char *data,
            gsize       length,
            const char *needle)
{
  gsize n = strlen (needle);

  for (gsize i = 0; i + n <= length; i++)
    if (memcmp (data + i, needle, n) == 0)
      return data + i;
  return NULL;
}

/* The PDF's page objects counted in its text: cairo 1.16 writes them
 * uncompressed. Only a fallback for when pdfinfo is missing. */
static guint
count_page_objects (const char *path)
{
  gsize length;
  g_autofree char *pdf = read_file (path, &length);
  const char *key = "/Type /Page";
  gsize key_len = strlen (key);
  guint n = 0;

  for (gsize i = 0; i + key_len < length; i++)
    if (memcmp (pdf + i, key, key_len) == 0 && pdf[i + key_len] != 's')
      n++;
  return n;
}

static guint
count_pages (const char *path)
{
  g_autofree char *pages = pdfinfo_field (path, "Pages");

  if (pages == NULL)
    return count_page_objects (path);
  return (guint) g_ascii_strtoull (pages, NULL, 10);
}

static void
get_page_size (const char *path,
               double     *width,
               double     *height)
{
  g_autofree char *size = pdfinfo_field (path, "Page size");

  if (size != NULL)
    {
      /* "595.276 x 841.89 pts (A4)" */
      char *end;

      *width = g_ascii_strtod (size, &end);
      g_assert_true (g_str_has_prefix (end, " x "));
      *height = g_ascii_strtod (end + 3, NULL);
    }
  else
    {
      gsize length;
      g_autofree char *pdf = read_file (path, &length);
      const char *box = find_bytes (pdf, length, "/MediaBox [");

      g_assert_nonnull (box);
      g_assert_cmpint (sscanf (box, "/MediaBox [ %*f %*f %lf %lf", width, height), ==, 2);
    }
}

static char *
page_text (const char *path,
           guint       page)
{
  g_autofree char *number = g_strdup_printf ("%u", page);
  const char *argv[] = { "pdftotext", "-f", number, "-l", number, path, "-", NULL };

  return run_tool (argv);
}

/* Tests */

static void
test_page_count (Fixture       *f,
                 gconstpointer  data)
{
  static const guint counts[] = { 1, 2, 3, 5 };
  static const guint per_pages[] = { 1, 2, 4 };
  g_autofree char *path = g_build_filename (f->dir, "count.pdf", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      g_autoptr(GPtrArray) puzzles = new_puzzles (counts[i], 6);

      for (guint j = 0; j < G_N_ELEMENTS (per_pages); j++)
        for (guint key = 0; key < 2; key++)
          {
            MazePdfOptions options;
            guint sheets = (counts[i] + per_pages[j] - 1) / per_pages[j];

            maze_pdf_options_init (&options);
            options.sheet.per_page = per_pages[j];
            options.answer_key = key;
            export_ok (puzzles, &options, path);
            g_assert_cmpuint (count_pages (path), ==, key ? 2 * sheets : sheets);
          }
    }
}

static gboolean have_tool (const char *name);

/* The whole document's text, its pages split at pdftotext's form
 * feeds. */
static char **
document_pages (const char *path)
{
  const char *argv[] = { "pdftotext", path, "-", NULL };
  g_autofree char *text = run_tool (argv);

  g_assert_nonnull (text);
  return g_strsplit (text, "\f", -1);
}

static gboolean
is_blank (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    if (!g_ascii_isspace (*p))
      return FALSE;
  return TRUE;
}

/* A pack: puzzle n is on the page its number says, with its number and
 * ID, and its answer at the same place of the answer pages, after a
 * blank page when the puzzles take an odd number of pages; pages are
 * numbered, answer pages have no name line. */
static void
assert_pack (const char *path,
             GPtrArray  *puzzles,
             guint       per_page,
             gboolean    puzzle_pages,
             gboolean    answer_pages)
{
  g_auto(GStrv) pages = document_pages (path);
  guint sheets = (puzzles->len + per_page - 1) / per_page;
  guint blank = puzzle_pages && answer_pages && sheets % 2 == 1 ? 1 : 0;
  guint n_pages = (puzzle_pages ? sheets : 0) + blank + (answer_pages ? sheets : 0);
  guint first_answer = (puzzle_pages ? sheets : 0) + blank;

  /* pdftotext ends every page with a form feed. */
  g_assert_cmpuint (count_pages (path), ==, n_pages);
  g_assert_cmpuint (g_strv_length (pages), ==, n_pages + 1);
  if (blank)
    g_assert_true (is_blank (pages[sheets]));

  for (guint i = 0; i < puzzles->len; i++)
    {
      g_autofree char *id = maze_puzzle_get_id (g_ptr_array_index (puzzles, i));
      g_autofree char *caption = g_strdup_printf ("No. %u · Puzzle %s", i + 1, id);
      guint sheet = i / per_page;

      if (puzzle_pages)
        {
          const char *text = pages[sheet];
          g_autofree char *number = g_strdup_printf ("Page %u of %u", sheet + 1, n_pages);

          if (strstr (text, caption) == NULL)
            g_error ("“%s” is not on page %u: %s", caption, sheet + 1, text);
          g_assert_nonnull (strstr (text, number));
          g_assert_nonnull (strstr (text, "Name:"));
          g_assert_null (strstr (text, "Answer key"));
        }
      if (answer_pages)
        {
          const char *text = pages[first_answer + sheet];
          g_autofree char *number = g_strdup_printf ("Page %u of %u", first_answer + sheet + 1,
                                                     n_pages);

          if (strstr (text, caption) == NULL)
            g_error ("“%s” is not on answer page %u: %s", caption, sheet + 1, text);
          g_assert_nonnull (strstr (text, number));
          g_assert_nonnull (strstr (text, "Answer key"));
          g_assert_null (strstr (text, "Name:"));
          g_assert_null (strstr (text, "Date:"));
        }
      /* On that page only. */
      for (guint page = 0; page < n_pages; page++)
        if (page != sheet && page != first_answer + sheet)
          g_assert_null (strstr (pages[page], caption));
    }
}

/* Packs of every per-page count on every paper, with keys at the back
 * for double-sided printing: 7 puzzles make an odd number of puzzle
 * pages at 1, 2 (4 pages: even) and 4 or 6 to a page. */
static void
test_pack (Fixture       *f,
           gconstpointer  data)
{
  static const guint per_pages[] = { 1, 2, 4, 6 };
  g_autofree char *path = g_build_filename (f->dir, "pack.pdf", NULL);
  g_autoptr(GPtrArray) puzzles = new_puzzles (7, 5);

  if (!have_tool ("pdftotext"))
    {
      g_test_skip ("pdftotext is not installed");
      return;
    }

  for (guint paper = 0; paper < MAZE_N_PAPERS; paper++)
    for (guint j = 0; j < G_N_ELEMENTS (per_pages); j++)
      {
        MazePdfOptions options;

        g_test_message ("%s, %u to a page", maze_paper_get_name (paper), per_pages[j]);
        maze_pdf_options_init (&options);
        options.sheet.paper = paper;
        options.sheet.per_page = per_pages[j];
        options.answer_key = TRUE;
        options.double_sided = TRUE;
        export_ok (puzzles, &options, path);
        g_assert_cmpuint (maze_pdf_count_pages (&options, puzzles->len), ==,
                          count_pages (path));
        assert_pack (path, puzzles, per_pages[j], TRUE, TRUE);
      }
}

/* Printed on one side, the keys follow straight on. */
static void
test_pack_single_sided (Fixture       *f,
                        gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "pack.pdf", NULL);
  g_autoptr(GPtrArray) puzzles = new_puzzles (3, 5);
  MazePdfOptions options;

  maze_pdf_options_init (&options);
  options.answer_key = TRUE;
  export_ok (puzzles, &options, path);
  g_assert_cmpuint (count_pages (path), ==, 6);
  g_assert_cmpuint (maze_pdf_count_pages (&options, 3), ==, 6);
  options.double_sided = TRUE;
  g_assert_cmpuint (maze_pdf_count_pages (&options, 3), ==, 7);
  options.sheet.per_page = 2;
  g_assert_cmpuint (maze_pdf_count_pages (&options, 3), ==, 4);
}

/* Keys in a file of their own: the pack without them, the key file
 * with them alone, matched by number and ID. */
static void
test_pack_separate_keys (Fixture       *f,
                         gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "pack.pdf", NULL);
  g_autofree char *key_path = g_build_filename (f->dir, "pack-key.pdf", NULL);
  g_autoptr(GPtrArray) puzzles = new_puzzles (5, 5);
  g_autoptr(GError) error = NULL;
  MazePdfOptions options;

  if (!have_tool ("pdftotext"))
    {
      g_test_skip ("pdftotext is not installed");
      return;
    }

  maze_pdf_options_init (&options);
  options.sheet.per_page = 2;
  options.answer_key = TRUE;
  options.double_sided = TRUE;
  g_assert_true (maze_pdf_export_pack ((MazePuzzle * const *) puzzles->pdata, puzzles->len,
                                       &options, path, key_path, NULL, &error));
  g_assert_no_error (error);
  assert_pack (path, puzzles, 2, TRUE, FALSE);
  assert_pack (key_path, puzzles, 2, FALSE, TRUE);
}

static void
test_page_size (Fixture       *f,
                gconstpointer  data)
{
  static const struct
  {
    MazePaper paper;
    gboolean  landscape;
    double    width;
    double    height;
  } cases[] = {
    { MAZE_PAPER_A4, FALSE, 595.28, 841.89 },
    { MAZE_PAPER_A4, TRUE, 841.89, 595.28 },
    { MAZE_PAPER_LETTER, FALSE, 612.0, 792.0 },
    { MAZE_PAPER_LETTER, TRUE, 792.0, 612.0 },
  };
  g_autofree char *path = g_build_filename (f->dir, "size.pdf", NULL);
  g_autoptr(GPtrArray) puzzles = new_puzzles (2, 8);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MazePdfOptions options;
      double w = 0.0, h = 0.0;

      maze_pdf_options_init (&options);
      options.sheet.paper = cases[i].paper;
      options.sheet.landscape = cases[i].landscape;
      options.answer_key = TRUE;
      export_ok (puzzles, &options, path);
      get_page_size (path, &w, &h);
      g_assert_cmpfloat_with_epsilon (w, cases[i].width, 0.02);
      g_assert_cmpfloat_with_epsilon (h, cases[i].height, 0.02);
    }
}

static gboolean
have_tool (const char *name)
{
  g_autofree char *program = g_find_program_in_path (name);

  return program != NULL;
}

/* The puzzle pages carry the IDs; the answer pages, after them, the same
 * IDs and "Answer key". */
static void
test_text (Fixture       *f,
           gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "text.pdf", NULL);
  g_autoptr(GPtrArray) puzzles = new_puzzles (3, 10);
  MazePdfOptions options;

  if (!have_tool ("pdftotext"))
    {
      g_test_skip ("pdftotext is not installed");
      return;
    }

  maze_pdf_options_init (&options);
  options.answer_key = TRUE;
  options.sheet.title = "Friday Mazes";
  export_ok (puzzles, &options, path);
  g_assert_cmpuint (count_pages (path), ==, 6);

  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *id = maze_puzzle_get_id (g_ptr_array_index (puzzles, i));
      g_autofree char *puzzle_page = page_text (path, i + 1);
      g_autofree char *answer_page = page_text (path, i + 4);

      g_test_message ("page %u: %s", i + 1, puzzle_page);
      g_assert_nonnull (strstr (puzzle_page, id));
      g_assert_nonnull (strstr (puzzle_page, "Friday Mazes"));
      g_assert_nonnull (strstr (puzzle_page, "Name:"));
      g_assert_nonnull (strstr (puzzle_page, "Date:"));
      g_assert_nonnull (strstr (puzzle_page, "Find the way from Start to Finish."));
      g_assert_nonnull (strstr (puzzle_page, "Start"));
      g_assert_nonnull (strstr (puzzle_page, "Finish"));
      g_assert_null (strstr (puzzle_page, "Answer key"));

      g_assert_nonnull (strstr (answer_page, id));
      g_assert_nonnull (strstr (answer_page, "Answer key"));
    }

  /* A title too long for the line is cut short, never "(Answer key)". */
  options.sheet.title = "A title far too long for one line of the page, which goes on "
                        "and on about the mazes of the week and the class that solves them";
  export_ok (puzzles, &options, path);
  {
    g_autofree char *puzzle_page = page_text (path, 1);
    g_autofree char *answer_page = page_text (path, 4);

    g_assert_nonnull (strstr (puzzle_page, "A title far too long"));
    g_assert_null (strstr (puzzle_page, "solves them"));
    g_assert_nonnull (strstr (answer_page, "A title far too long"));
    g_assert_nonnull (strstr (answer_page, "… (Answer key)"));
  }
  options.sheet.title = "Friday Mazes";

  /* Four to a page: each maze has its ID under it. */
  options.sheet.per_page = 4;
  export_ok (puzzles, &options, path);
  g_assert_cmpuint (count_pages (path), ==, 2);
  for (guint page = 1; page <= 2; page++)
    {
      g_autofree char *text = page_text (path, page);

      for (guint i = 0; i < 3; i++)
        {
          g_autofree char *id = maze_puzzle_get_id (g_ptr_array_index (puzzles, i));

          g_assert_nonnull (strstr (text, id));
        }
      g_assert_true ((strstr (text, "Answer key") != NULL) == (page == 2));
    }
}

static void
test_metadata (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "meta.pdf", NULL);
  g_autoptr(GPtrArray) puzzles = new_puzzles (1, 8);
  g_autofree char *title = NULL;
  g_autofree char *creator = NULL;
  MazePdfOptions options;

  if (!have_tool ("pdfinfo"))
    {
      g_test_skip ("pdfinfo is not installed");
      return;
    }

  maze_pdf_options_init (&options);
  maze_puzzle_set_title (g_ptr_array_index (puzzles, 0), "Spring Maze");
  export_ok (puzzles, &options, path);
  title = pdfinfo_field (path, "Title");
  creator = pdfinfo_field (path, "Creator");
  g_assert_cmpstr (title, ==, "Spring Maze");
  g_assert_cmpstr (creator, ==, "Mazewright " PACKAGE_VERSION);
  g_clear_pointer (&title, g_free);

  /* Noncharacters in the title and the instructions: cairo refused them
   * ("drawing the PDF failed (input string not valid UTF-8)"); they are
   * drawn and kept as U+FFFD. */
  maze_puzzle_set_title (g_ptr_array_index (puzzles, 0), "Spring\xef\xbf\xbe Maze");
  options.sheet.instructions = "Go \xef\xb7\x90 \xf4\x8f\xbf\xbe";
  export_ok (puzzles, &options, path);
  title = pdfinfo_field (path, "Title");
  g_assert_cmpstr (title, ==, "Spring\xef\xbf\xbd Maze");
}

/* A write error halfway (the file size limit stands in for a full disk)
 * is reported, and the old file is intact with nothing left beside it. */
static void
test_write_error (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "old.pdf", NULL);

  if (g_test_subprocess ())
    {
      struct rlimit limit = { 4096, 4096 };
      g_autoptr(GPtrArray) puzzles = new_puzzles (4, 30);
      g_autoptr(GError) error = NULL;
      MazePdfOptions options;

      maze_test_write_string (path, "old");
      maze_pdf_options_init (&options);
      options.answer_key = TRUE;
      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      g_assert_false (maze_pdf_export ((MazePuzzle * const *) puzzles->pdata, puzzles->len,
                                       &options, path, NULL, &error));
      g_assert_nonnull (error);
      g_assert_true (error->domain == G_IO_ERROR);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "old.pdf"));
      maze_test_assert_contents (path, "old");
      g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 1);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

typedef struct
{
  GCancellable *cancellable;
  guint         cancel_after;
  guint         calls;
  double        last;
  gboolean      monotonic;
} Progress;

static void
progress_cb (double   fraction,
             gpointer user_data)
{
  Progress *p = user_data;

  p->monotonic &= fraction > p->last && fraction <= 1.0;
  p->last = fraction;
  if (++p->calls == p->cancel_after)
    g_cancellable_cancel (p->cancellable);
}

static void
test_progress (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "progress.pdf", NULL);
  g_autoptr(GPtrArray) puzzles = new_puzzles (5, 8);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  Progress p = { cancellable, 0, 0, 0.0, TRUE };
  MazeExportJob job = { progress_cb, &p, cancellable };
  MazePdfOptions options;

  maze_pdf_options_init (&options);
  options.sheet.per_page = 2;
  options.answer_key = TRUE;
  g_assert_true (maze_pdf_export ((MazePuzzle * const *) puzzles->pdata, puzzles->len,
                                  &options, path, &job, &error));
  g_assert_no_error (error);
  /* One call a page: 3 sheets, twice. */
  g_assert_cmpuint (p.calls, ==, 6);
  g_assert_true (p.monotonic);
  g_assert_cmpfloat (p.last, ==, 1.0);
}

static void
test_cancel (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "new.pdf", NULL);
  g_autofree char *old = g_build_filename (f->dir, "old.pdf", NULL);
  g_autoptr(GPtrArray) puzzles = new_puzzles (4, 10);
  MazePdfOptions options;

  maze_pdf_options_init (&options);
  options.answer_key = TRUE;

  /* Cancelled after the first page: no file at all. */
  {
    g_autoptr(GCancellable) cancellable = g_cancellable_new ();
    g_autoptr(GError) error = NULL;
    Progress p = { cancellable, 1, 0, 0.0, TRUE };
    MazeExportJob job = { progress_cb, &p, cancellable };

    g_assert_false (maze_pdf_export ((MazePuzzle * const *) puzzles->pdata, puzzles->len,
                                     &options, path, &job, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_assert_cmpuint (p.calls, ==, 1);
    g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
    g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 0);
  }

  /* Cancelled on the last page, over an old file: the old file stays. */
  maze_test_write_string (old, "old");
  {
    g_autoptr(GCancellable) cancellable = g_cancellable_new ();
    g_autoptr(GError) error = NULL;
    Progress p = { cancellable, 8, 0, 0.0, TRUE };
    MazeExportJob job = { progress_cb, &p, cancellable };

    g_assert_false (maze_pdf_export ((MazePuzzle * const *) puzzles->pdata, puzzles->len,
                                     &options, old, &job, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    maze_test_assert_contents (old, "old");
    g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 1);
  }

  /* Cancelled before it starts. */
  {
    g_autoptr(GCancellable) cancellable = g_cancellable_new ();
    g_autoptr(GError) error = NULL;
    MazeExportJob job = { NULL, NULL, cancellable };

    g_cancellable_cancel (cancellable);
    g_assert_false (maze_pdf_export ((MazePuzzle * const *) puzzles->pdata, puzzles->len,
                                     &options, path, &job, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 1);
  }
}

static void
assert_refused (GPtrArray            *puzzles,
                const MazePdfOptions *options,
                const char           *path,
                const char           *needle)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (maze_pdf_export ((MazePuzzle * const *) puzzles->pdata, puzzles->len,
                                   options, path, NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, needle));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

static void
test_bad_options (Fixture       *f,
                  gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "bad.pdf", NULL);
  g_autoptr(GPtrArray) puzzles = new_puzzles (2, 6);
  g_autoptr(GPtrArray) none = g_ptr_array_new ();
  MazePdfOptions options;

  maze_pdf_options_init (&options);
  options.sheet.per_page = 3;
  assert_refused (puzzles, &options, path, "3");

  maze_pdf_options_init (&options);
  options.sheet.margin_mm = 90.0;
  assert_refused (puzzles, &options, path, "90 mm");
  options.sheet.margin_mm = -1.0;
  assert_refused (puzzles, &options, path, "-1 mm");

  maze_pdf_options_init (&options);
  assert_refused (none, &options, path, "no mazes");

  /* A start off the maze. */
  ((MazePuzzle *) g_ptr_array_index (puzzles, 1))->start = 1000;
  assert_refused (puzzles, &options, path, "start");
  g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 0);
}

/* A destination in a folder that does not exist. */
static void
test_missing_folder (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "nowhere", "x.pdf", NULL);
  g_autoptr(GPtrArray) puzzles = new_puzzles (1, 6);
  g_autoptr(GError) error = NULL;
  MazePdfOptions options;

  maze_pdf_options_init (&options);
  g_assert_false (maze_pdf_export ((MazePuzzle * const *) puzzles->pdata, puzzles->len,
                                   &options, path, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
}

typedef struct
{
  guint dark;   /* near-black pixels: walls, text */
  guint green;  /* pixels in the answer line's green */
} PageInk;

/* Page number of a PDF rasterised by pdftoppm at dpi; NULL when it
 * fails. */
static cairo_surface_t *
rasterise_page (const char *dir,
                const char *pdf,
                guint       number,
                guint       dpi)
{
  g_autofree char *prefix = g_build_filename (dir, "page", NULL);
  g_autofree char *page = g_strdup_printf ("%u", number);
  g_autofree char *resolution = g_strdup_printf ("%u", dpi);
  g_autofree char *png = NULL;
  const char *argv[] = { "pdftoppm", "-png", "-r", resolution, "-singlefile",
                         "-f", page, "-l", page, pdf, prefix, NULL };
  cairo_surface_t *surface;
  int status = 0;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH |
                     G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, NULL, NULL, &status, NULL) || status != 0)
    return NULL;
  png = g_strconcat (prefix, ".png", NULL);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_unlink (png);
  return surface;
}

static inline void
page_pixel (cairo_surface_t *surface,
            int              x,
            int              y,
            int             *r,
            int             *g,
            int             *b)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint32 pixel = *(const guint32 *) (data + y * stride + x * 4);

  *r = (pixel >> 16) & 0xff;
  *g = (pixel >> 8) & 0xff;
  *b = pixel & 0xff;
}

/* Rasterises page number of a PDF with pdftoppm and counts the ink in the
 * middle of the page, where the maze sits. */
static gboolean
measure_page (const char *dir,
              const char *pdf,
              guint       number,
              PageInk    *ink)
{
  cairo_surface_t *surface = rasterise_page (dir, pdf, number, 36);
  int width, height;

  if (surface == NULL)
    return FALSE;
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  *ink = (PageInk) { 0 };
  for (int y = height / 3; y < 2 * height / 3; y++)
    for (int x = width / 4; x < 3 * width / 4; x++)
      {
        int r, g, b;

        page_pixel (surface, x, y, &r, &g, &b);
        ink->dark += r < 80 && g < 80 && b < 80;
        ink->green += g > r + 40 && g > b + 10;
      }
  cairo_surface_destroy (surface);
  return TRUE;
}

/* What a teacher sees: the maze's walls on the puzzle page, and the answer
 * line only on the answer page. */
static void
test_render (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "render.pdf", NULL);
  g_autoptr(GPtrArray) puzzles = new_puzzles (1, 15);
  MazePdfOptions options;
  PageInk puzzle_page, answer_page;

  if (!have_tool ("pdftoppm"))
    {
      g_test_skip ("pdftoppm is not installed");
      return;
    }
  maze_pdf_options_init (&options);
  options.answer_key = TRUE;
  export_ok (puzzles, &options, path);

  g_assert_true (measure_page (f->dir, path, 1, &puzzle_page));
  g_assert_true (measure_page (f->dir, path, 2, &answer_page));
  g_assert_cmpuint (puzzle_page.dark, >, 500);
  g_assert_cmpuint (puzzle_page.green, ==, 0);
  g_assert_cmpuint (answer_page.dark, >, 500);
  g_assert_cmpuint (answer_page.green, >, 200);
}

/* Printed as the shape (issue 15): a heart on a grid three times wider
 * than it is laid out by its own box, filling the page's width rather
 * than a third of it, and drawn as its outline: in the middle band of
 * the page the walls' left edge follows the heart (no frame, no grey
 * box: the paper shows). */
static void
test_shape (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "heart.pdf", NULL);
  g_autoptr(GPtrArray) puzzles = g_ptr_array_new_with_free_func ((GDestroyNotify) maze_puzzle_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new (MAZE_SHAPE_RECT, 60, 20, &error);
  MazeGenerateOptions generate;
  MazePdfOptions options;
  cairo_surface_t *surface;
  int width, height, min_left = G_MAXINT, max_right = -1, rows = 0, inset = 0, grey = 0;
  int lefts[4096];

  if (!have_tool ("pdftoppm"))
    {
      g_test_skip ("pdftoppm is not installed");
      return;
    }
  g_assert_true (maze_outline_apply (grid, MAZE_OUTLINE_HEART, &error));
  maze_generate_options_init (&generate);
  g_ptr_array_add (puzzles, maze_puzzle_generate_on (g_steal_pointer (&grid), &generate, 0,
                                                     MAZE_ENDPOINTS_CORNERS, &error));
  g_assert_no_error (error);
  maze_pdf_options_init (&options);
  export_ok (puzzles, &options, path);

  surface = rasterise_page (f->dir, path, 1, 72);
  g_assert_nonnull (surface);
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  g_assert_cmpint (height, <, (int) G_N_ELEMENTS (lefts));
  for (int y = height / 3; y < 2 * height / 3; y++)
    {
      lefts[y] = -1;
      for (int x = 0; x < width; x++)
        {
          int r, g, b;

          page_pixel (surface, x, y, &r, &g, &b);
          grey += r == g && g == b && r > 200 && r < 250;
          if (r < 80 && g < 80 && b < 80)
            {
              if (lefts[y] < 0)
                lefts[y] = x;
              max_right = MAX (max_right, x);
            }
        }
      if (lefts[y] >= 0)
        min_left = MIN (min_left, lefts[y]);
    }
  for (int y = height / 3; y < 2 * height / 3; y++)
    if (lefts[y] >= 0)
      {
        rows++;
        inset += lefts[y] > min_left + 3;
      }
  cairo_surface_destroy (surface);

  /* A4 less 15 mm margins is 180 mm, 510 px at 72 dpi. */
  g_assert_cmpint (rows, >, height / 4);
  g_assert_cmpint (max_right - min_left, >, 450);
  g_assert_cmpint (inset, >, rows / 4);
  /* Antialiased walls make a few light greys, a grey box thousands. */
  g_assert_cmpint (grey, <, 2000);
}

/* Binary-safe: a PDF holds NUL bytes. */
static const char *
find_in (const char *from,
         const char *limit,
         const char *needle)
{
  gsize n = strlen (needle);

  for (const char *p = from; p + n <= limit; p++)
    if (memcmp (p, needle, n) == 0)
      return p;
  return NULL;
}

/* Every content stream of a PDF, inflated, one after the other. */
static char *
content_streams (const char *path)
{
  g_autofree char *data = NULL;
  GString *all = g_string_new (NULL);
  gsize length;
  const char *p;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  for (p = data; (p = find_in (p, data + length, ">>\nstream\n")) != NULL; )
    {
      const char *dict = g_strrstr_len (data, p - data, "obj\n");
      const char *start = p + strlen (">>\nstream\n");
      const char *end = find_in (start, data + length, "\nendstream");
      g_autofree char *dict_text = g_strndup (dict, p - dict);
      g_autoptr(GInputStream) base = NULL;
      g_autoptr(GConverter) inflate = NULL;
      g_autoptr(GInputStream) stream = NULL;
      g_autoptr(GOutputStream) out = NULL;

      g_assert_nonnull (end);
      p = end;
      if (strstr (dict_text, "/FlateDecode") == NULL || strstr (dict_text, "/Length1") != NULL)
        continue;
      base = g_memory_input_stream_new_from_data (start, end - start, NULL);
      inflate = G_CONVERTER (g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB));
      stream = g_converter_input_stream_new (base, inflate);
      out = g_memory_output_stream_new_resizable ();
      g_assert_cmpint (g_output_stream_splice (out, stream, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET,
                                               NULL, NULL), >, 0);
      g_string_append_len (all, g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (out)),
                           g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)));
      g_string_append_c (all, '\n');
    }
  return g_string_free (all, FALSE);
}

/* Ghostscript's ink coverage of each page, "C M Y K" per line; NULL
 * without gs. */
static char *
ink_coverage (const char *path)
{
  const char *argv[] = { "gs", "-q", "-o", "-", "-sDEVICE=inkcov", "-r36", path, NULL };

  return run_tool (argv);
}

/* Black and greys as DeviceGray, printed with black ink alone; in
 * monochrome nothing else, the page's blending space included. */
static void
test_device_gray (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(GPtrArray) puzzles = new_puzzles (1, 8);
  g_autofree char *path = g_build_filename (f->dir, "gray.pdf", NULL);
  g_autoptr(GRegex) rgb_grey = g_regex_new ("(?<![0-9.])([0-9.]+) \\1 \\1 (rg|RG)\\b", 0, 0, NULL);
  g_autoptr(GRegex) any_rgb = g_regex_new ("\\b(rg|RG)\\b", 0, 0, NULL);
  g_autoptr(GRegex) gray = g_regex_new ("(?<![0-9.])0 (g|G)\\b", 0, 0, NULL);

  for (guint mono = 0; mono < 2; mono++)
    {
      g_autofree char *content = NULL;
      g_autofree char *file = NULL;
      g_autofree char *inks = NULL;
      gsize file_length = 0;
      MazePdfOptions options;

      maze_pdf_options_init (&options);
      options.sheet.render.monochrome = mono;
      options.answer_key = TRUE;
      export_ok (puzzles, &options, path);
      g_assert_cmpuint (count_pages (path), ==, 2);
      content = content_streams (path);
      /* Walls and text black in grey; no grey left as RGB. */
      g_assert_true (g_regex_match (gray, content, 0, NULL));
      g_assert_false (g_regex_match (rgb_grey, content, 0, NULL));
      /* Colour only where there is some: markers, the answer. */
      g_assert_true (g_regex_match (any_rgb, content, 0, NULL) == !mono);
      g_assert_true (g_file_get_contents (path, &file, &file_length, NULL));
      g_assert_true ((find_in (file, file + file_length, "/DeviceRGB") != NULL) == !mono);

      inks = ink_coverage (path);
      if (inks != NULL && mono)
        {
          g_auto(GStrv) pages = g_strsplit (g_strstrip (inks), "\n", -1);

          g_assert_cmpuint (g_strv_length (pages), ==, 2);
          for (guint i = 0; pages[i] != NULL; i++)
            {
              double c = 0, m = 0, y = 0, k = 0;

              g_assert_cmpint (sscanf (pages[i], "%lf %lf %lf %lf", &c, &m, &y, &k), ==, 4);
              g_test_message ("page %u: C %g M %g Y %g K %g", i + 1, c, m, y, k);
              g_assert_cmpfloat (c + m + y, ==, 0.0);
              g_assert_cmpfloat (k, >, 0.0);
            }
        }
      else if (mono)
        g_test_message ("gs not installed: ink coverage not measured");
    }
}

/* A maze as a poster: its sheets, then the answer key's, each named;
 * one maze a poster. */
static void
test_poster (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "poster.pdf", NULL);
  g_autoptr(GPtrArray) puzzles = g_ptr_array_new_with_free_func ((GDestroyNotify) maze_puzzle_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *answer = NULL;
  MazePdfOptions options;

  g_ptr_array_add (puzzles, new_puzzle (MAZE_SHAPE_RECT, 200, 200, 5));
  maze_pdf_options_init (&options);
  options.poster_cell_mm = 3.0;
  options.answer_key = TRUE;
  export_ok (puzzles, &options, path);
  /* 4 columns by 3 rows of A4 portrait (see test-poster), twice. */
  g_assert_cmpuint (count_pages (path), ==, 24);

  first = page_text (path, 1);
  answer = page_text (path, 24);
  if (first != NULL)
    {
      g_assert_nonnull (strstr (first, "Row 1, column 1 of 3 × 4"));
      g_assert_null (strstr (first, "Answer key"));
      g_assert_nonnull (strstr (answer, "Answer key"));
      g_assert_nonnull (strstr (answer, "Row 3, column 4 of 3 × 4"));
      /* No mud, no word of it. */
      g_assert_null (strstr (first, "mud"));
    }

  /* Mud says what it costs on every sheet, the answer's too: the
   * answer is the cheapest way. */
  maze_grid_set_weight (((MazePuzzle *) puzzles->pdata[0])->grid, 10 * 200 + 10, 4);
  export_ok (puzzles, &options, path);
  g_clear_pointer (&first, g_free);
  g_clear_pointer (&answer, g_free);
  first = page_text (path, 1);
  answer = page_text (path, 24);
  if (first != NULL)
    {
      g_assert_nonnull (strstr (first, "Dotted cells are mud: stepping into one costs 4 steps."));
      g_assert_nonnull (strstr (answer, "Dotted cells are mud"));
    }

  g_ptr_array_add (puzzles, new_puzzle (MAZE_SHAPE_RECT, 200, 200, 6));
  g_assert_false (maze_pdf_export ((MazePuzzle * const *) puzzles->pdata, puzzles->len,
                                   &options, path, NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, func) \
  g_test_add ("/maze/pdf/" path, Fixture, NULL, \
              maze_test_fixture_set_up, func, maze_test_fixture_tear_down)
  ADD ("page-count", test_page_count);
  ADD ("page-size", test_page_size);
  ADD ("text", test_text);
  ADD ("pack", test_pack);
  ADD ("pack-single-sided", test_pack_single_sided);
  ADD ("pack-separate-keys", test_pack_separate_keys);
  ADD ("metadata", test_metadata);
  ADD ("write-error", test_write_error);
  ADD ("progress", test_progress);
  ADD ("cancel", test_cancel);
  ADD ("bad-options", test_bad_options);
  ADD ("missing-folder", test_missing_folder);
  ADD ("render", test_render);
  ADD ("shape", test_shape);
  ADD ("device-gray", test_device_gray);
  ADD ("poster", test_poster);
#undef ADD
  return g_test_run ();
}
