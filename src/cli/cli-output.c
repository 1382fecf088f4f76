/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright-cli"

#include "config.h"

#include "cli-output.h"

#include <stdio.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "cli-common.h"
#include "maze-atomic-file.h"
#include "maze-puzzle-file.h"

static const struct
{
  const char *name;
  const char *extension;
} formats[CLI_N_FORMATS] = {
  [CLI_FORMAT_TEXT] = { "text", ".txt" },
  [CLI_FORMAT_UNICODE] = { "unicode", NULL },
  [CLI_FORMAT_MAZE] = { "maze", MAZE_FILE_EXTENSION },
  [CLI_FORMAT_PNG] = { "png", ".png" },
  [CLI_FORMAT_SVG] = { "svg", ".svg" },
  [CLI_FORMAT_PDF] = { "pdf", ".pdf" },
};

const char *
cli_format_to_string (CliFormat format)
{
  g_return_val_if_fail ((guint) format < CLI_N_FORMATS, NULL);
  return formats[format].name;
}

gboolean
cli_format_from_string (const char *name,
                        CliFormat  *format)
{
  for (guint i = 0; i < CLI_N_FORMATS; i++)
    if (g_str_equal (formats[i].name, name))
      {
        *format = (CliFormat) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
cli_format_from_path (const char *path,
                      CliFormat  *format)
{
  const char *dot = strrchr (path, '.');
  const char *slash = strrchr (path, G_DIR_SEPARATOR);

  if (dot == NULL || (slash != NULL && dot < slash))
    return FALSE;
  for (guint i = 0; i < CLI_N_FORMATS; i++)
    if (formats[i].extension != NULL && g_ascii_strcasecmp (formats[i].extension, dot) == 0)
      {
        *format = (CliFormat) i;
        return TRUE;
      }
  return FALSE;
}

static gboolean
write_bytes (const char  *path,
             const char  *data,
             gsize        length,
             GError     **error)
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
  fwrite (data, 1, length, maze_atomic_file_stream (file));
  return maze_atomic_file_commit (g_steal_pointer (&file), error);
}

gboolean
cli_write_output (const char     *path,
                  const GString  *text,
                  GError        **error)
{
  return write_bytes (path, text->str, text->len, error);
}

char *
cli_output_display_name (const char *path)
{
  if (path == NULL || g_str_equal (path, "-"))
    return g_strdup (_("standard output"));
  return cli_quote_file_name (path);
}

gboolean
cli_write_text_maze (const char             *path,
                     const MazeGrid         *grid,
                     const MazeTextOptions  *options,
                     GError                **error)
{
  g_autoptr(MazeAtomicFile) file = NULL;

  /* Opened only now: a rejected request never touches the output file. */
  file = maze_atomic_file_open (path != NULL ? path : "-", error);
  if (file == NULL)
    return FALSE;
  if (!maze_text_write (grid, options, maze_atomic_file_stream (file), error))
    {
      g_autofree char *name = cli_output_display_name (path);

      /* The writer knows what failed, not where to. */
      if ((*error)->domain == G_IO_ERROR)
        /* Translators: a quoted file name or "standard output"; the
         * reason follows */
        g_prefix_error (error, _("Cannot write %s: "), name);
      /* A maze too big for text is a request that cannot be done;
       * the atomic file keeps whatever was there. */
      else
        cli_error_to_usage (error);
      return FALSE;
    }
  return maze_atomic_file_commit (g_steal_pointer (&file), error);
}

gboolean
cli_write_puzzle (const char        *path,
                  const MazePuzzle  *puzzle,
                  GError           **error)
{
  g_autofree char *json = NULL;
  gsize length = 0;

  json = maze_puzzle_to_json (puzzle, &length);
  if (json == NULL)
    {
      g_set_error_literal (error, CLI_ERROR, CLI_ERROR_FAILURE,
                           _("Not enough memory to write the maze"));
      return FALSE;
    }
  return write_bytes (path, json, length, error);
}

void
cli_json_append_double (GString *out,
                        double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (out, g_ascii_formatd (buffer, sizeof buffer, "%.3f", value));
}
