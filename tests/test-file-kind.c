/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-error.h"
#include "maze-file-kind.h"

/* What a file is, from its first bytes, and what a user is told. */

typedef struct
{
  const char   *data;
  gsize         length;    /* 0: strlen (data) */
  MazeFileKind  kind;
} Case;

static const Case cases[] = {
  { "", 0, MAZE_FILE_KIND_EMPTY },
  { " \n\r\n\t", 0, MAZE_FILE_KIND_EMPTY },
  { "{\"format\": \"mazewright\"}", 0, MAZE_FILE_KIND_MAZE },
  { "\xef\xbb\xbf  \n{", 0, MAZE_FILE_KIND_MAZE },
  { "[1, 2]", 0, MAZE_FILE_KIND_MAZE },
  { "+---+\n|   |\n+---+\n", 0, MAZE_FILE_KIND_TEXT },
  { "\xe2\x94\x8c\xe2\x94\x80", 0, MAZE_FILE_KIND_TEXT },          /* "┌─" */
  { "hello", 0, MAZE_FILE_KIND_TEXT },
  { "\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16, MAZE_FILE_KIND_PNG },
  { "\xff\xd8\xff\xe0\0\x10JFIF", 10, MAZE_FILE_KIND_JPEG },
  { "GIF89a", 0, MAZE_FILE_KIND_GIF },
  { "RIFF\x10\0\0\0WEBPVP8 ", 16, MAZE_FILE_KIND_WEBP },
  { "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\">", 0, MAZE_FILE_KIND_SVG },
  { "<svg width=\"10\"/>", 0, MAZE_FILE_KIND_SVG },
  { "<?xml version=\"1.0\"?>\n<html/>", 0, MAZE_FILE_KIND_XML },
  { "%PDF-1.7\n", 0, MAZE_FILE_KIND_PDF },
  { "PK\x03\x04\x14\0", 6, MAZE_FILE_KIND_ZIP },
  { "\x1f\x8b\x08\0", 4, MAZE_FILE_KIND_GZIP },
  { "+---\0+", 6, MAZE_FILE_KIND_BINARY },
  { "abc\xff\xfe", 0, MAZE_FILE_KIND_BINARY },
};

static void
test_sniff (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const Case *c = &cases[i];
      gsize length = c->length != 0 ? c->length : strlen (c->data);

      g_test_message ("case %u", i);
      g_assert_cmpint (maze_file_kind_sniff (c->data, length), ==, c->kind);
    }
}

/* Text cut in the middle of a character at the end of the bytes looked
 * at is still text; the same bytes as the whole file are not. */
static void
test_cut_character (void)
{
  g_autofree char *data = g_malloc (MAZE_FILE_KIND_SNIFF_BYTES + 1);

  memset (data, '-', MAZE_FILE_KIND_SNIFF_BYTES - 1);
  memcpy (data + MAZE_FILE_KIND_SNIFF_BYTES - 1, "\xe2\x94", 2);
  g_assert_cmpint (maze_file_kind_sniff (data, MAZE_FILE_KIND_SNIFF_BYTES + 1), ==, MAZE_FILE_KIND_TEXT);
  g_assert_cmpint (maze_file_kind_sniff (data, MAZE_FILE_KIND_SNIFF_BYTES), ==, MAZE_FILE_KIND_BINARY);
}

static void
test_messages (void)
{
  static const struct { MazeFileKind kind; const char *message; } messages[] = {
    { MAZE_FILE_KIND_PNG, "“x” is a PNG image, not a maze" },
    { MAZE_FILE_KIND_PDF, "“x” is a PDF document, not a maze" },
    { MAZE_FILE_KIND_BINARY, "“x” is a binary file, not a maze" },
    { MAZE_FILE_KIND_EMPTY, "“x” is empty: there is no maze in it" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (messages); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (maze_file_kind_is_maze (messages[i].kind));
      maze_file_kind_set_error (messages[i].kind, "“x”", &error);
      g_assert_error (error, MAZE_ERROR, MAZE_ERROR_PARSE);
      g_assert_cmpstr (error->message, ==, messages[i].message);
    }
  g_assert_true (maze_file_kind_is_maze (MAZE_FILE_KIND_MAZE));
  g_assert_true (maze_file_kind_is_maze (MAZE_FILE_KIND_TEXT));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/maze/file-kind/sniff", test_sniff);
  g_test_add_func ("/maze/file-kind/cut-character", test_cut_character);
  g_test_add_func ("/maze/file-kind/messages", test_messages);
  return g_test_run ();
}
