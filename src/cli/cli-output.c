/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright-cli"

#include "config.h"

#include "cli-output.h"

#include <stdio.h>

#include "cli-common.h"
#include "maze-atomic-file.h"

gboolean
cli_write_output (const char     *path,
                  const GString  *text,
                  GError        **error)
{
  g_autoptr(MazeAtomicFile) file = NULL;
  GError *local_error = NULL;

  file = maze_atomic_file_open (path != NULL ? path : "-", &local_error);
  if (file == NULL)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }

  /* A short write shows up in ferror(), which the commit checks. */
  fwrite (text->str, 1, text->len, maze_atomic_file_stream (file));
  return maze_atomic_file_commit (g_steal_pointer (&file), error);
}

void
cli_json_append_string (GString    *out,
                        const char *value)
{
  g_string_append_c (out, '"');
  for (const char *p = value; *p != '\0'; p++)
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
          if (c < 0x20)
            g_string_append_printf (out, "\\u%04x", c);
          else
            g_string_append_c (out, (char) c);
        }
    }
  g_string_append_c (out, '"');
}

void
cli_json_append_double (GString *out,
                        double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (out, g_ascii_formatd (buffer, sizeof buffer, "%.3f", value));
}
