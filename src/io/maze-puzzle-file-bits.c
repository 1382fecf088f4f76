/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-puzzle-file-private.h"

#include <string.h>

#include <glib/gi18n-lib.h>

/* The bulk data's codec: cells' bits packed least significant bit first,
 * byte after byte, as strict base64 (RFC 4648, '=' padding, no line
 * breaks). The per-cell calls are inline in maze-puzzle-file-private.h. */

static const char base64_alphabet[] =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void
maze_bit_writer_flush_group (MazeBitWriter *w)
{
  guint32 v = ((guint32) w->group[0] << 16) | ((guint32) w->group[1] << 8) | w->group[2];
  char quantum[4];

  quantum[0] = base64_alphabet[(v >> 18) & 63];
  quantum[1] = base64_alphabet[(v >> 12) & 63];
  quantum[2] = w->n_group > 1 ? base64_alphabet[(v >> 6) & 63] : '=';
  quantum[3] = w->n_group > 2 ? base64_alphabet[v & 63] : '=';
  g_string_append_len (w->out, quantum, 4);
  w->group[0] = w->group[1] = w->group[2] = 0;
  w->n_group = 0;
}

void
maze_bit_writer_finish (MazeBitWriter *w)
{
  if (w->n_bits > 0)
    maze_bit_writer_put_byte (w, w->bits & 0xff);
  w->bits = 0;
  w->n_bits = 0;
  if (w->n_group > 0)
    maze_bit_writer_flush_group (w);
}

gsize
maze_base64_length (guint64 n_bytes)
{
  return (gsize) ((n_bytes + 2) / 3 * 4);
}

/* Passage bits each cell owns: 2 for rect, 3 for hex. The owned bits are
 * always the low bits of the cell byte (maze-topology.h). */
guint
maze_file_owned_bits_per_cell (const MazeTopology *t)
{
  guint n = 0;

  for (guint d = 0; d < t->n_dirs; d++)
    if (t->owned_bit[d] >= 0)
      n++;
  return n;
}

/* Checks that text is strict base64 of exactly expected bytes, before
 * anything is allocated for it. GLib's decoder skips what it does not
 * understand, so it cannot tell a damaged file. */
gboolean
maze_base64_check (const char  *path,
                   const char  *text,
                   guint64      expected,
                   const char  *what,
                   GError     **error)
{
  gsize length = strlen (text);
  gsize padding = 0;
  guint64 got;
  char e[32], g[32];

  /* Numbers go in as strings: a G_GSIZE_FORMAT inside _() would cut the
   * message short for xgettext. */
  if (length % 4 != 0)
    {
      g_snprintf (g, sizeof g, "%" G_GSIZE_FORMAT, length);
      maze_file_set_parse_error (error, _("“%s” is not valid base64: its length %s is not a multiple of 4"),
                                 path, g);
      return FALSE;
    }
  while (padding < 2 && padding < length && text[length - 1 - padding] == '=')
    padding++;
  for (gsize i = 0; i < length - padding; i++)
    if (maze_base64_value (text[i]) < 0)
      {
        g_autofree char *shown = maze_file_describe_character (text, length, i);

        g_snprintf (g, sizeof g, "%" G_GSIZE_FORMAT, i);
        maze_file_set_parse_error (error, _("“%s” is not valid base64: %s at offset %s"), path, shown, g);
        return FALSE;
      }

  got = (guint64) length / 4 * 3 - padding;
  if (got != expected)
    {
      g_snprintf (e, sizeof e, "%" G_GUINT64_FORMAT, expected);
      g_snprintf (g, sizeof g, "%" G_GUINT64_FORMAT, got);
      maze_file_set_parse_error (error, g_dngettext (GETTEXT_PACKAGE,
                                                     /* Translators: "“passages” holds 3 bytes,
                                                      * expected 4: 2 passage bits for each of
                                                      * 16 cells of a rectangular maze" */
                                                     "“%s” holds %s byte, expected %s: %s",
                                                     "“%s” holds %s bytes, expected %s: %s",
                                                     (gulong) MIN (got, G_MAXULONG)),
                                 path, g, e, what);
      return FALSE;
    }
  return TRUE;
}

/* What is left of the last byte must be zero. */
gboolean
maze_bit_reader_check_end (MazeBitReader  *r,
                           const char     *path,
                           GError        **error)
{
  if (r->bits != 0)
    {
      maze_file_set_parse_error (error, _("“%s” has bits set after the last cell"), path);
      return FALSE;
    }
  return TRUE;
}
