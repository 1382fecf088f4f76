/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "maze-print.h"

/* Printing goes through GtkPrintOperation; its print-to-file path lets a
 * test read the pages back without a dialog. */

/* Pages in a PDF: cairo writes "/Type /Page" once per page. */
static guint
count_pages (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length = 0;
  guint pages = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_true (length > 5 && memcmp (contents, "%PDF-", 5) == 0);
  /* The file holds binary streams: search bytes, not strings. */
  for (gsize i = 0; i + 12 <= length; i++)
    if (memcmp (contents + i, "/Type /Page", 11) == 0 && contents[i + 11] != 's')
      pages++;
  return pages;
}

static MazeDocument *
new_document (guint width,
              guint height)
{
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions options;
  MazePuzzle *puzzle;

  maze_generate_options_init (&options);
  options.seed = 9;
  puzzle = maze_puzzle_generate (MAZE_SHAPE_RECT, width, height, &options, 0,
                                 MAZE_ENDPOINTS_CORNERS, &error);
  g_assert_no_error (error);
  return maze_document_new_for_puzzle (puzzle);
}

/* Prints document to a file; the pages, or 0 and the error. */
static guint
print_pages (MazeDocument *document,
             gboolean      answer_key,
             gboolean      poster,
             GError      **error)
{
  g_autofree char *dir = g_dir_make_tmp ("mazewright-test-print-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "print.pdf", NULL);
  guint pages = 0;

  if (maze_print_export_pdf (document, path, answer_key, poster, error))
    pages = count_pages (path);
  g_unlink (path);
  g_rmdir (dir);
  return pages;
}

static void
check_export (gboolean answer_key,
              guint    expected_pages)
{
  g_autoptr(MazeDocument) document = maze_document_new ();
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (print_pages (document, answer_key, FALSE, &error), ==, expected_pages);
  g_assert_no_error (error);
}

static void
test_puzzle_only (void)
{
  check_export (FALSE, 1);
}

static void
test_answer_key (void)
{
  check_export (TRUE, 2);
}

/* Printing keeps the export's least cell: a maze that would print
 * smaller is refused with the export's words, unless printed as a
 * poster; 200 × 200 cells of 3 mm take 4 × 3 sheets of A4 or Letter. */
static void
test_legible (void)
{
  g_autoptr(MazeDocument) big = new_document (200, 200);
  g_autoptr(MazeDocument) fits = new_document (50, 50);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (print_pages (big, FALSE, FALSE, &error), ==, 0);
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_assert_nonnull (strstr (error->message, "too small to draw through"));
  g_assert_nonnull (strstr (error->message, "as a poster"));
  g_clear_error (&error);

  g_assert_cmpuint (print_pages (big, FALSE, TRUE, &error), ==, 12);
  g_assert_no_error (error);
  g_assert_cmpuint (print_pages (big, TRUE, TRUE, &error), ==, 24);
  g_assert_no_error (error);
  g_assert_cmpuint (print_pages (fits, FALSE, FALSE, &error), ==, 1);
  g_assert_no_error (error);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/print/puzzle", test_puzzle_only);
  g_test_add_func ("/app/print/answer-key", test_answer_key);
  g_test_add_func ("/app/print/legible", test_legible);
  return g_test_run ();
}
