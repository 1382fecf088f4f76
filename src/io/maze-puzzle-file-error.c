/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-puzzle-file-private.h"

#include <glib/gi18n-lib.h>

#include "maze-error.h"

/* How the reader words what is wrong: every problem with a .maze file is
 * a MAZE_ERROR_PARSE whose message quotes the offending value. */

/* How much of an offending value an error message quotes. */
#define QUOTE_CHARS 32

/* A value as an error message quotes it: JSON, cut short. Objects and
 * arrays are only named. */
char *
maze_file_describe_node (JsonNode *node)
{
  g_autoptr(JsonNode) copy = NULL;

  switch (JSON_NODE_TYPE (node))
    {
    case JSON_NODE_OBJECT:
      return g_strdup (_("an object"));
    case JSON_NODE_ARRAY:
      return g_strdup (_("an array"));
    case JSON_NODE_NULL:
      return g_strdup ("null");
    case JSON_NODE_VALUE:
    default:
      break;
    }

  if (json_node_get_value_type (node) == G_TYPE_STRING)
    {
      const char *text = json_node_get_string (node);
      const char *end = text;
      g_autofree char *cut = NULL;
      g_autofree char *json = NULL;
      guint n = 0;

      while (*end != '\0' && n < QUOTE_CHARS)
        {
          end = g_utf8_next_char (end);
          n++;
        }
      cut = g_strndup (text, end - text);
      copy = json_node_alloc ();
      json_node_init_string (copy, cut);
      json = json_to_string (copy, FALSE);
      return *end != '\0' ? g_strconcat (json, "…", NULL) : g_steal_pointer (&json);
    }
  return json_to_string (node, FALSE);
}

/* Sets a MAZE_ERROR_PARSE; error may be NULL. */
void
maze_file_set_parse_error (GError     **error,
                           const char  *format,
                           ...)
{
  va_list args;

  if (error == NULL)
    return;
  va_start (args, format);
  *error = g_error_new_valist (MAZE_ERROR, MAZE_ERROR_PARSE, format, args);
  va_end (args);
}

/* Another part's error, reported as a parse error of field. */
void
maze_file_set_field_error (GError     **error,
                           const char  *field,
                           GError      *cause)
{
  /* Translators: a field of the file, then what is wrong with it */
  maze_file_set_parse_error (error, _("“%s”: %s"), field, cause->message);
}

/* "“path” is value; it must be min to max" */
void
maze_file_set_range_error (GError     **error,
                           const char  *path,
                           gint64       value,
                           gint64       min,
                           gint64       max)
{
  char v[32], lo[32], hi[32];

  g_snprintf (v, sizeof v, "%" G_GINT64_FORMAT, value);
  g_snprintf (lo, sizeof lo, "%" G_GINT64_FORMAT, min);
  g_snprintf (hi, sizeof hi, "%" G_GINT64_FORMAT, max);
  maze_file_set_parse_error (error, _("“%s” is %s; it must be %s to %s"), path, v, lo, hi);
}

/* The character at pos of data, for a message: a printable ASCII
 * character quoted, any other as U+XXXX, a byte that is not UTF-8 as
 * \xNN. */
char *
maze_file_describe_character (const char *data,
                              gsize       length,
                              gsize       pos)
{
  guchar ch = (guchar) data[pos];
  gunichar u;

  if (ch < 0x80)
    /* Translators: a character quoted in a message about a damaged file;
     * use the quotation marks of your language */
    return g_ascii_isgraph (ch) ? g_strdup_printf (_("“%c”"), ch) : g_strdup_printf ("U+%04X", ch);
  u = g_utf8_get_char_validated (data + pos, (gssize) (length - pos));
  if (u == (gunichar) -1 || u == (gunichar) -2)
    return g_strdup_printf ("\\x%02x", ch);
  return g_strdup_printf ("U+%04X", u);
}
