/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-render"

#include "config.h"

#include "maze-printable.h"

#include <string.h>

static gboolean
is_noncharacter (gunichar c)
{
  return (c >= 0xFDD0 && c <= 0xFDEF) || (c & 0xFFFE) == 0xFFFE;
}

/**
 * maze_printable_dup:
 * @text: any bytes, NUL-terminated
 *
 * Returns: @text as valid UTF-8 with invalid bytes and noncharacters
 * replaced by U+FFFD and control characters (C0 but tab and line feed,
 * DEL, C1) by spaces: what cairo, pango and XML all accept, the same
 * on paper and on screen.
 */
char *
maze_printable_dup (const char *text)
{
  g_autofree char *valid = NULL;
  GString *out;

  g_return_val_if_fail (text != NULL, NULL);

  valid = g_utf8_make_valid (text, -1);
  out = g_string_sized_new (strlen (valid));
  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (is_noncharacter (c))
        g_string_append_unichar (out, 0xFFFD);
      else if ((c < 0x20 && c != '\t' && c != '\n') || (c >= 0x7F && c <= 0x9F))
        g_string_append_c (out, ' ');
      else
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}
