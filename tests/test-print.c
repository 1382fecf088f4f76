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

static void
check_export (gboolean answer_key,
              guint    expected_pages)
{
  g_autoptr(MazeDocument) document = maze_document_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("mazewright-test-print-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "print.pdf", NULL);

  g_assert_true (maze_print_export_pdf (document, path, answer_key, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_pages (path), ==, expected_pages);
  g_unlink (path);
  g_rmdir (dir);
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

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/app/print/puzzle", test_puzzle_only);
  g_test_add_func ("/app/print/answer-key", test_answer_key);
  return g_test_run ();
}
