/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright-cli"

#include "config.h"

#include "cli-load.h"

#include <errno.h>
#include <stdio.h>

#include <glib/gi18n.h>

#include "maze-text.h"

static char *
read_stdin (gsize   *length,
            GError **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  guint8 buffer[65536];
  gsize n;

  while ((n = fread (buffer, 1, sizeof buffer, stdin)) > 0)
    g_byte_array_append (bytes, buffer, (guint) n);

  if (ferror (stdin))
    {
      int saved_errno = errno;

      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("Cannot read standard input: %s"), g_strerror (saved_errno));
      return NULL;
    }

  *length = bytes->len;
  g_byte_array_append (bytes, (const guint8 *) "", 1);
  return (char *) g_byte_array_free (g_steal_pointer (&bytes), FALSE);
}

MazeGrid *
cli_load_maze (const char  *path,
               GArray     **doors,
               GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;
  MazeGrid *grid;
  gsize length = 0;
  gboolean is_stdin = g_str_equal (path, "-");

  if (is_stdin)
    {
      text = read_stdin (&length, error);
      if (text == NULL)
        return NULL;
    }
  else if (!g_file_get_contents (path, &text, &length, &local_error))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("Cannot read the maze: %s"), local_error->message);
      return NULL;
    }

  grid = maze_text_parse (text, length, doors, &local_error);
  if (grid == NULL)
    {
      g_autofree char *name = is_stdin ? g_strdup (_("standard input"))
                                       : g_filename_display_name (path);

      /* The parser's message carries "line L, column C". */
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("“%s” is not a maze this program can read: %s"),
                   name, local_error->message);
      return NULL;
    }
  return grid;
}

gboolean
cli_check_endpoints (const CliPoint  *from,
                     const CliPoint  *to,
                     GError         **error)
{
  if ((from->text == NULL) != (to->text == NULL))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   from->text != NULL ? _("--from needs --to as well")
                                      : _("--to needs --from as well"));
      return FALSE;
    }
  return TRUE;
}

gboolean
cli_resolve_endpoints (const MazeGrid  *grid,
                       const GArray    *doors,
                       const CliPoint  *from,
                       const CliPoint  *to,
                       guint32         *start,
                       guint32         *end,
                       GError         **error)
{
  if (from->text != NULL && to->text != NULL)
    return cli_point_to_cell (from, "--from", grid, start, error) &&
           cli_point_to_cell (to, "--to", grid, end, error);

  if (doors == NULL || doors->len < 2)
    {
      guint n = doors != NULL ? doors->len : 0;

      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   ngettext ("The maze has %u door, not the two that mark start and end: "
                             "give --from X,Y --to X,Y",
                             "The maze has %u doors, not the two that mark start and end: "
                             "give --from X,Y --to X,Y", n),
                   n);
      return FALSE;
    }

  *start = g_array_index (doors, guint32, 0);
  *end = g_array_index (doors, guint32, doors->len - 1);
  return TRUE;
}
