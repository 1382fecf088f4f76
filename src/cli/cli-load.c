/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright-cli"

#include "config.h"

#include "cli-load.h"

#include <errno.h>
#include <stdio.h>

#include <glib/gi18n.h>

#include "maze-puzzle-file.h"
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

void
cli_input_clear (CliInput *input)
{
  g_clear_pointer (&input->puzzle, maze_puzzle_free);
  input->is_text = FALSE;
  input->n_doors = 0;
}

static MazePuzzle *
puzzle_from_text (const char  *text,
                  gsize        length,
                  guint       *n_doors,
                  GError     **error)
{
  g_autoptr(GArray) doors = NULL;
  MazeGrid *grid;
  guint32 start = MAZE_NO_CELL, end = MAZE_NO_CELL;

  grid = maze_text_parse (text, length, &doors, error);
  if (grid == NULL)
    return NULL;

  *n_doors = doors != NULL ? doors->len : 0;
  if (*n_doors >= 2)
    {
      start = g_array_index (doors, guint32, 0);
      end = g_array_index (doors, guint32, doors->len - 1);
    }
  return maze_puzzle_new_for_grid (grid, start, end);
}

gboolean
cli_load_input (const char  *path,
                CliInput    *input,
                GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;
  gsize length = 0;
  gboolean is_stdin = g_str_equal (path, "-");

  cli_input_clear (input);

  if (is_stdin)
    {
      text = read_stdin (&length, error);
      if (text == NULL)
        return FALSE;
    }
  else if (!g_file_get_contents (path, &text, &length, &local_error))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("Cannot read the maze: %s"), local_error->message);
      return FALSE;
    }

  input->is_text = !maze_puzzle_file_sniff (text, length);
  if (input->is_text)
    input->puzzle = puzzle_from_text (text, length, &input->n_doors, &local_error);
  else
    input->puzzle = maze_puzzle_from_json (text, (gssize) length, &local_error);

  if (input->puzzle == NULL)
    {
      g_autofree char *name = is_stdin ? g_strdup (_("standard input"))
                                       : g_filename_display_name (path);

      /* The parsers' messages carry "line L, column C" or the field. */
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("“%s” is not a maze this program can read: %s"),
                   name, local_error->message);
      return FALSE;
    }
  return TRUE;
}

const char *
cli_single_input (const char  *command,
                  GPtrArray   *positional,
                  GError     **error)
{
  if (positional->len == 0)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("“%s” needs a maze file, or “-” for standard input"), command);
      return NULL;
    }
  if (positional->len > 1)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE, _("Unexpected argument “%s” for “%s”"),
                   (const char *) g_ptr_array_index (positional, 1), command);
      return NULL;
    }
  return g_ptr_array_index (positional, 0);
}

gboolean
cli_parse_endpoints (const char  *from_text,
                     const char  *to_text,
                     CliPoint    *from,
                     CliPoint    *to,
                     GError     **error)
{
  if ((from_text != NULL && !cli_parse_point (from_text, "--from", from, error)) ||
      (to_text != NULL && !cli_parse_point (to_text, "--to", to, error)))
    return FALSE;
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
cli_resolve_endpoints (const CliInput  *input,
                       const CliPoint  *from,
                       const CliPoint  *to,
                       guint32         *start,
                       guint32         *end,
                       GError         **error)
{
  const MazeGrid *grid = input->puzzle->grid;

  if (from != NULL && to != NULL && from->text != NULL && to->text != NULL)
    return cli_point_to_cell (from, "--from", grid, start, error) &&
           cli_point_to_cell (to, "--to", grid, end, error);

  if (input->is_text && input->n_doors < 2)
    {
      guint n = input->n_doors;

      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   ngettext ("The maze has %u door, not the two that mark start and end: "
                             "give --from X,Y --to X,Y",
                             "The maze has %u doors, not the two that mark start and end: "
                             "give --from X,Y --to X,Y", n),
                   n);
      return FALSE;
    }

  /* A .maze file says where it starts and ends; loading checked it, but
   * a start or end off the maze must never reach a solver. */
  if (!maze_puzzle_check_endpoints (input->puzzle, error))
    {
      cli_error_to_usage (error);
      return FALSE;
    }
  *start = input->puzzle->start;
  *end = input->puzzle->end;
  return TRUE;
}
