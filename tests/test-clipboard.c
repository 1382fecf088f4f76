/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-clipboard.h"
#include "maze-gui-test-util.h"
#include "maze-text.h"
#include "maze-window-private.h"

/* Copying the maze (Ctrl+C, Copy as Image, Copy as Text), read back from
 * the clipboard as another application would: a PNG of the maze and the
 * text export; a triangular maze only as an image. */

static MazeApplication *app;

typedef struct
{
  MazeWindow   *window;
  MazeDocument *document;
  /* What a read gave back */
  gboolean      done;
  char         *text;
  GdkTexture   *texture;
} Fixture;

static void
fixture_setup (Fixture       *f,
               gconstpointer  data)
{
  MazeShape shape = GPOINTER_TO_INT (data);

  f->document = maze_gui_test_new_document (shape, 12, 9, MAZE_ALGORITHM_KRUSKAL, 8, 0);
  f->window = maze_window_new (app, f->document);
  maze_gui_test_present (f->window);
}

static void
fixture_teardown (Fixture       *f,
                  gconstpointer  data)
{
  maze_gui_test_close_windows ();
  g_clear_object (&f->document);
  g_clear_object (&f->texture);
  g_free (f->text);
}

static GdkClipboard *
clipboard (Fixture *f)
{
  return gtk_widget_get_clipboard (GTK_WIDGET (f->window));
}

static gboolean
read_done (gpointer data)
{
  return ((Fixture *) data)->done;
}

static void
text_read_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  Fixture *f = data;
  g_autoptr(GError) error = NULL;

  f->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  g_assert_no_error (error);
  f->done = TRUE;
}

static void
texture_read_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  Fixture *f = data;
  g_autoptr(GError) error = NULL;

  f->texture = gdk_clipboard_read_texture_finish (GDK_CLIPBOARD (source), result, &error);
  g_assert_no_error (error);
  f->done = TRUE;
}

static void
read_text (Fixture *f)
{
  f->done = FALSE;
  gdk_clipboard_read_text_async (clipboard (f), NULL, text_read_cb, f);
  g_assert_true (maze_gui_test_wait_for (read_done, f, 5000));
}

static void
read_texture (Fixture *f)
{
  f->done = FALSE;
  gdk_clipboard_read_texture_async (clipboard (f), NULL, texture_read_cb, f);
  g_assert_true (maze_gui_test_wait_for (read_done, f, 5000));
}

static gboolean
offers (Fixture    *f,
        const char *mime_type)
{
  return gdk_content_formats_contain_mime_type (gdk_clipboard_get_formats (clipboard (f)),
                                                mime_type);
}

/* The picture on the clipboard is the PNG the export writes: its size,
 * and the maze's walls in its pixels (dark) and passages (light). */
static void
assert_image (Fixture *f)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (f->document);
  g_autoptr(GBytes) png = maze_clipboard_render_png (puzzle, f->window->settings, NULL);
  g_autoptr(GdkTexture) expected = gdk_texture_new_from_bytes (png, NULL);
  gsize stride, size;
  g_autofree guchar *got = NULL;
  g_autofree guchar *want = NULL;

  g_assert_nonnull (expected);
  read_texture (f);
  g_assert_nonnull (f->texture);
  g_assert_cmpint (gdk_texture_get_width (f->texture), ==, gdk_texture_get_width (expected));
  g_assert_cmpint (gdk_texture_get_height (f->texture), ==, gdk_texture_get_height (expected));
  g_assert_cmpint (gdk_texture_get_width (f->texture), >, 12 * 2);
  stride = (gsize) gdk_texture_get_width (expected) * 4;
  size = stride * (gsize) gdk_texture_get_height (expected);
  got = g_malloc (size);
  want = g_malloc (size);
  gdk_texture_download (f->texture, got, stride);
  gdk_texture_download (expected, want, stride);
  g_assert_cmpmem (got, size, want, size);
}

/* Ctrl+C copies both; each reads back as what the exports make. */
static void
test_copy_both (Fixture       *f,
                gconstpointer  data)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (f->document);
  g_autofree char *text = maze_clipboard_render_text (puzzle, f->window->settings, NULL);

  /* Ctrl+C's action. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.copy", NULL));
  g_assert_true (offers (f, "image/png"));
  g_assert_true (offers (f, "text/plain;charset=utf-8"));

  read_text (f);
  g_assert_nonnull (text);
  g_assert_true (g_str_has_prefix (text, "+"));
  g_assert_cmpstr (f->text, ==, text);
  assert_image (f);
}

/* Copy as Text, then Copy as Image: each alone. */
static void
test_copy_each (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *text = maze_clipboard_render_text (maze_document_get_puzzle (f->document),
                                                      f->window->settings, NULL);

  g_assert_nonnull (text);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.copy-text", NULL));
  g_assert_true (offers (f, "text/plain;charset=utf-8"));
  g_assert_false (offers (f, "image/png"));
  read_text (f);
  g_assert_cmpstr (f->text, ==, text);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.copy-image", NULL));
  g_assert_true (offers (f, "image/png"));
  g_assert_false (offers (f, "text/plain;charset=utf-8"));
  assert_image (f);
}

/* Text cannot draw triangles: the image alone. */
static void
test_copy_tri (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  g_assert_null (maze_clipboard_render_text (maze_document_get_puzzle (f->document),
                                             f->window->settings, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_UNSUPPORTED);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.copy", NULL));
  g_assert_true (offers (f, "image/png"));
  g_assert_false (offers (f, "text/plain;charset=utf-8"));
  g_assert_false (offers (f, "text/plain"));
  assert_image (f);
}

int
main (int    argc,
      char **argv)
{
  app = maze_gui_test_init (&argc, &argv);

  g_test_add ("/clipboard/both", Fixture, GINT_TO_POINTER (MAZE_SHAPE_RECT),
              fixture_setup, test_copy_both, fixture_teardown);
  g_test_add ("/clipboard/each", Fixture, GINT_TO_POINTER (MAZE_SHAPE_HEX),
              fixture_setup, test_copy_each, fixture_teardown);
  g_test_add ("/clipboard/tri", Fixture, GINT_TO_POINTER (MAZE_SHAPE_TRI),
              fixture_setup, test_copy_tri, fixture_teardown);

  return g_test_run ();
}
