/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-json-string.h"

/* The one JSON string writer for everything we write (.maze files, the
 * CLI's --json output). json-glib 1.6 leaves some C0 controls (U+001F
 * among them) unescaped, which every strict reader, ours included,
 * refuses: a title holding one made a file that could not be opened
 * again. Here every C0 control and DEL is escaped, invalid UTF-8 is
 * replaced (U+FFFD), and the rest (C1 controls, noncharacters) is
 * valid JSON as it is and written as it is. */

/**
 * maze_json_append_string:
 * @out: where to append
 * @text: any NUL-terminated bytes
 *
 * Appends @text as a JSON string literal, quotes included, that any
 * RFC 8259 reader reads back as the same characters (after invalid
 * UTF-8 was made valid).
 */
void
maze_json_append_string (GString    *out,
                         const char *text)
{
  g_autofree char *valid = NULL;

  g_return_if_fail (out != NULL);
  g_return_if_fail (text != NULL);

  if (!g_utf8_validate (text, -1, NULL))
    text = valid = g_utf8_make_valid (text, -1);

  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      switch (c)
        {
        case '"':
          g_string_append (out, "\\\"");
          break;
        case '\\':
          g_string_append (out, "\\\\");
          break;
        case '\n':
          g_string_append (out, "\\n");
          break;
        case '\r':
          g_string_append (out, "\\r");
          break;
        case '\t':
          g_string_append (out, "\\t");
          break;
        default:
          if (c < 0x20 || c == 0x7f)
            g_string_append_printf (out, "\\u%04x", c);
          else
            g_string_append_c (out, (char) c);
        }
    }
  g_string_append_c (out, '"');
}
