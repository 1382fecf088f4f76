/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright-cli"

#include "config.h"

#include "cli-common.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

G_DEFINE_QUARK (cli-error-quark, cli_error)

void
cli_print_error (const char *message)
{
  g_autofree char *line = g_strdup (message);

  /* Scripts read one line per problem: fold anything a lower layer wrapped. */
  g_strdelimit (line, "\r\n", ' ');
  g_strchomp (line);
  g_printerr ("%s: %s\n", CLI_PROGRAM_NAME, line);
}

int
cli_report (const GError *error)
{
  g_return_val_if_fail (error != NULL, CLI_EXIT_FAILURE);

  cli_print_error (error->message);
  if (error->domain == CLI_ERROR && error->code == CLI_ERROR_USAGE)
    return CLI_EXIT_USAGE;
  return CLI_EXIT_FAILURE;
}

void
cli_error_to_usage (GError **error)
{
  GError *usage;

  if (error == NULL || *error == NULL)
    return;
  if ((*error)->domain == CLI_ERROR && (*error)->code == CLI_ERROR_USAGE)
    return;

  usage = g_error_new_literal (CLI_ERROR, CLI_ERROR_USAGE, (*error)->message);
  g_clear_error (error);
  *error = usage;
}

/* Digits only: no sign, no spaces, no "0x"; overflow is reported apart. */
static gboolean
parse_digits (const char *text,
              gsize       length,
              guint64    *value,
              gboolean   *overflow)
{
  guint64 v = 0;

  *overflow = FALSE;
  if (length == 0)
    return FALSE;

  for (gsize i = 0; i < length; i++)
    {
      guint digit;

      if (!g_ascii_isdigit (text[i]))
        return FALSE;
      digit = (guint) (text[i] - '0');
      if (v > (G_MAXUINT64 - digit) / 10)
        *overflow = TRUE;
      else
        v = v * 10 + digit;
    }

  *value = *overflow ? G_MAXUINT64 : v;
  return TRUE;
}

gboolean
cli_parse_uint64 (const char  *text,
                  const char  *option,
                  guint64     *value,
                  GError     **error)
{
  /* Formatted apart: xgettext cannot see through G_GUINT64_FORMAT. */
  g_autofree char *largest = g_strdup_printf ("%" G_GUINT64_FORMAT, G_MAXUINT64);
  gboolean overflow;

  if (!parse_digits (text, strlen (text), value, &overflow))
    {
      /* Translators: an option (--seed), the value given, the largest number. */
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("%s “%s” is not a whole number from 0 to %s"), option, text, largest);
      return FALSE;
    }
  if (overflow)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("%s “%s” is too large: the largest is %s"), option, text, largest);
      return FALSE;
    }
  return TRUE;
}

/* Only the syntax: the caller checks the range with maze_check_size(),
 * which words the limits the same way everywhere. */
gboolean
cli_parse_side (const char  *text,
                const char  *option,
                guint64     *value,
                GError     **error)
{
  gboolean overflow;

  if (!parse_digits (text, strlen (text), value, &overflow))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("%s “%s” is not a whole number of cells"), option, text);
      return FALSE;
    }
  if (overflow)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("%s “%s” is out of range: a side must be 1 to %u cells"),
                   option, text, MAZE_MAX_SIDE);
      return FALSE;
    }
  return TRUE;
}

gboolean
cli_parse_fraction (const char  *text,
                    const char  *option,
                    double      *value,
                    GError     **error)
{
  char *end = NULL;
  double v;

  /* g_ascii_strtod: "0.5" is a half in every locale. */
  v = g_ascii_strtod (text, &end);
  if (text[0] == '\0' || g_ascii_isspace (text[0]) || end == NULL || *end != '\0' ||
      !isfinite (v) || v < 0.0 || v > 1.0)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("%s “%s” is not a number from 0 to 1"), option, text);
      return FALSE;
    }
  *value = v;
  return TRUE;
}

gboolean
cli_parse_point (const char  *text,
                 const char  *option,
                 CliPoint    *point,
                 GError     **error)
{
  const char *comma = strchr (text, ',');
  gboolean overflow_x, overflow_y;

  if (comma == NULL ||
      !parse_digits (text, (gsize) (comma - text), &point->x, &overflow_x) ||
      !parse_digits (comma + 1, strlen (comma + 1), &point->y, &overflow_y))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("%s “%s” is not a cell: write it as X,Y (0-based column, then row)"),
                   option, text);
      return FALSE;
    }
  /* A huge number is simply outside every maze; cli_point_to_cell says so. */
  point->text = text;
  return TRUE;
}

gboolean
cli_point_to_cell (const CliPoint  *point,
                   const char      *option,
                   const MazeGrid  *grid,
                   guint32         *cell,
                   GError         **error)
{
  g_return_val_if_fail (point->text != NULL, FALSE);

  if (point->x >= grid->width || point->y >= grid->height)
    {
      /* Translators: an option (--start), the cell given as X,Y, then the size. */
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("%s %s is outside the %u×%u maze: columns are 0 to %u, rows 0 to %u"),
                   option, point->text,
                   grid->width, grid->height, grid->width - 1, grid->height - 1);
      return FALSE;
    }

  *cell = maze_grid_index (grid, (guint) point->x, (guint) point->y);
  if (maze_grid_is_masked (grid, *cell))
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("%s %s is on a masked cell, which is not part of the maze"),
                   option, point->text);
      return FALSE;
    }
  return TRUE;
}
