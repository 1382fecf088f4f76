/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright-cli"

#include "config.h"

#include "cli-common.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "maze-export-request.h"

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

char *
cli_quote_file_name (const char *path)
{
  g_autofree char *name = g_filename_display_name (path);

  /* Translators: a file name quoted in a message; use the quotation
   * marks of your language */
  return g_strdup_printf (_("“%s”"), name);
}

int
cli_report (const GError *error)
{
  g_return_val_if_fail (error != NULL, CLI_EXIT_FAILURE);

  cli_print_error (error->message);
  /* One rule: what the request or its maze cannot be (the core's
   * errors: too big, split by its mask, no way through…) is a bad
   * request; the system failing (writing, memory) is a failure. */
  if ((error->domain == CLI_ERROR && error->code == CLI_ERROR_USAGE) ||
      (error->domain == MAZE_ERROR && error->code != MAZE_ERROR_CANCELLED))
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
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   /* Translators: an option (--seed), the value given, the largest number. */
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

/* A plain decimal from 0 to 1: "0.5", ".5"; no exponent, no hex float
 * ("0x1p-1"), no inf or nan, which strtod() would take. */
gboolean
cli_parse_fraction (const char  *text,
                    const char  *option,
                    double      *value,
                    GError     **error)
{
  return cli_parse_decimal (text, option, 0.0, 1.0, value, error);
}

gboolean
cli_parse_uint_range (const char  *text,
                      const char  *option,
                      guint64      min,
                      guint64      max,
                      guint64     *value,
                      GError     **error)
{
  g_autofree char *low = g_strdup_printf ("%" G_GUINT64_FORMAT, min);
  g_autofree char *high = g_strdup_printf ("%" G_GUINT64_FORMAT, max);
  gboolean overflow;

  if (!parse_digits (text, strlen (text), value, &overflow) || overflow ||
      *value < min || *value > max)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   /* Translators: an option (--dpi), the value given, the smallest and
                    * the largest number allowed. */
                   _("%s “%s” is not a whole number from %s to %s"), option, text, low, high);
      return FALSE;
    }
  return TRUE;
}

/* Digits with at most one point: "12", "0.5", ".5", "3.". Returns where
 * the number stops (text itself when there is none). */
static const char *
scan_decimal (const char *text)
{
  const char *p = text;
  gboolean digits = FALSE;

  while (g_ascii_isdigit (*p))
    {
      p++;
      digits = TRUE;
    }
  if (*p == '.')
    {
      p++;
      while (g_ascii_isdigit (*p))
        {
          p++;
          digits = TRUE;
        }
    }
  return digits ? p : text;
}

static gboolean
convert_decimal (const char *text,
                 const char *stop,
                 double     *value)
{
  g_autofree char *number = g_strndup (text, (gsize) (stop - text));

  /* g_ascii_strtod: "0.5" is a half in every locale. */
  *value = g_ascii_strtod (number, NULL);
  return isfinite (*value);
}

gboolean
cli_parse_decimal (const char  *text,
                   const char  *option,
                   double       min,
                   double       max,
                   double      *value,
                   GError     **error)
{
  const char *stop = scan_decimal (text);
  char low[G_ASCII_DTOSTR_BUF_SIZE], high[G_ASCII_DTOSTR_BUF_SIZE];

  if (stop == text || *stop != '\0' || !convert_decimal (text, stop, value) ||
      *value < min || *value > max)
    {
      g_ascii_formatd (low, sizeof low, "%g", min);
      g_ascii_formatd (high, sizeof high, "%g", max);
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("%s “%s” is not a number from %s to %s"), option, text, low, high);
      return FALSE;
    }
  return TRUE;
}

gboolean
cli_parse_color (const char  *text,
                 const char  *option,
                 MazeColor   *color,
                 GError     **error)
{
  guint8 rgb[3];

  if (strlen (text) != 7 || text[0] != '#')
    goto bad;
  for (guint i = 0; i < 3; i++)
    {
      int hi = g_ascii_xdigit_value (text[1 + 2 * i]);
      int lo = g_ascii_xdigit_value (text[2 + 2 * i]);

      if (hi < 0 || lo < 0)
        goto bad;
      rgb[i] = (guint8) (hi * 16 + lo);
    }
  color->red = rgb[0] / 255.0;
  color->green = rgb[1] / 255.0;
  color->blue = rgb[2] / 255.0;
  color->alpha = 1.0;
  return TRUE;

bad:
  g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
               _("%s “%s” is not a colour: write it as #RRGGBB, e.g. #1a5fb4"), option, text);
  return FALSE;
}

gboolean
cli_parse_length (const char  *text,
                  const char  *option,
                  CliLength   *length,
                  GError     **error)
{
  const char *stop = scan_decimal (text);
  double value, mm;

  if (stop == text || !convert_decimal (text, stop, &value))
    goto bad;

  if (g_str_equal (stop, "mm"))
    length->unit = MAZE_UNIT_MM;
  else if (g_str_equal (stop, "cm"))
    {
      length->unit = MAZE_UNIT_MM;
      value *= 10.0;
    }
  else if (g_str_equal (stop, "in"))
    length->unit = MAZE_UNIT_IN;
  else if (g_str_equal (stop, "px"))
    length->unit = MAZE_UNIT_PX;
  else
    goto bad;

  /* The export request's limits on an image width. */
  mm = length->unit == MAZE_UNIT_IN ? value * MAZE_MM_PER_INCH : value;
  if (length->unit == MAZE_UNIT_PX
        ? !maze_export_limit_contains (MAZE_EXPORT_LIMIT_IMAGE_WIDTH_PX, value)
        : !maze_export_limit_contains (MAZE_EXPORT_LIMIT_IMAGE_WIDTH_MM, mm))
    {
      double max_mm = maze_export_limit_get (MAZE_EXPORT_LIMIT_IMAGE_WIDTH_MM)->max;
      char mm_text[G_ASCII_DTOSTR_BUF_SIZE], in_text[G_ASCII_DTOSTR_BUF_SIZE];
      char px_text[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (mm_text, sizeof mm_text, "%.0f", max_mm);
      g_ascii_formatd (in_text, sizeof in_text, "%.1f", max_mm / MAZE_MM_PER_INCH);
      g_ascii_formatd (px_text, sizeof px_text, "%.0f",
                       maze_export_limit_get (MAZE_EXPORT_LIMIT_IMAGE_WIDTH_PX)->max);
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("%s “%s” is out of range: a length is more than 0 and at most "
                     "%s mm (%s in) or %s px"),
                   option, text, mm_text, in_text, px_text);
      return FALSE;
    }
  length->value = value;
  return TRUE;

bad:
  g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
               _("%s “%s” is not a length: write a number and a unit, "
                 "e.g. 180mm, 18cm, 7in or 1200px"), option, text);
  return FALSE;
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
cli_point_check_size (const CliPoint  *point,
                      const char      *option,
                      guint            width,
                      guint            height,
                      GError         **error)
{
  g_return_val_if_fail (point->text != NULL, FALSE);

  if (point->x >= width || point->y >= height)
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   /* Translators: an option (--start), the cell given as X,Y, then the size. */
                   _("%s %s is outside the %u×%u maze: columns are 0 to %u, rows 0 to %u"),
                   option, point->text, width, height, width - 1, height - 1);
      return FALSE;
    }
  return TRUE;
}

/* Why point is not in a circular maze of rings: ring_length is the
 * length of the ring it names, when there is one. */
static void
set_outside_rings (const CliPoint  *point,
                   const char      *option,
                   guint            rings,
                   guint32          ring_length,
                   GError         **error)
{
  if (point->y < rings)
    g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                 /* Translators: an option (--start), the cell given as X,Y, the ring's cells */
                 _("%s %s is outside the maze: ring %u has cells 0 to %u"),
                 option, point->text, (guint) point->y, ring_length - 1);
  else
    g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                 /* Translators: an option (--start), the cell given as X,Y, the rings */
                 _("%s %s is outside the maze: its rings are 0 to %u"),
                 option, point->text, rings - 1);
}

gboolean
cli_point_check_rings (const CliPoint  *point,
                       const char      *option,
                       guint            first,
                       guint            rings,
                       gboolean         centre,
                       GError         **error)
{
  g_autoptr(MazePolarLayout) layout = NULL;
  guint32 length;

  g_return_val_if_fail (point->text != NULL, FALSE);

  /* A size no grid takes is refused when the grid is made. */
  layout = maze_polar_layout_new (rings, centre, first, NULL);
  if (layout == NULL)
    return TRUE;
  length = point->y < rings ? maze_polar_ring_length (layout, (guint) point->y) : 0;
  if (point->y < rings && point->x < length)
    return TRUE;
  set_outside_rings (point, option, rings, length, error);
  return FALSE;
}

gboolean
cli_point_to_cell (const CliPoint  *point,
                   const char      *option,
                   const MazeGrid  *grid,
                   guint32         *cell,
                   GError         **error)
{
  g_return_val_if_fail (point->text != NULL, FALSE);

  if (grid->polar != NULL && !maze_grid_contains (grid, point->x, point->y))
    {
      set_outside_rings (point, option, grid->height,
                         point->y < grid->height ? maze_grid_row_length (grid, (guint) point->y) : 0,
                         error);
      return FALSE;
    }
  if (grid->polar == NULL &&
      !cli_point_check_size (point, option, grid->width, grid->height, error))
    return FALSE;

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

/* Text that is drawn or kept (a title, instructions) must be UTF-8: a
 * stray byte or an encoded surrogate cannot be drawn in a PDF nor kept
 * in a .maze file as it is, so it is refused here, at the edge. */
gboolean
cli_check_text (const char  *text,
                const char  *option,
                GError     **error)
{
  if (g_utf8_validate (text, -1, NULL))
    return TRUE;
  g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
               _("%s is not valid UTF-8 text"), option);
  return FALSE;
}

/* A title too long for a .maze file to read back is refused here, not
 * found out when the file is opened. */
gboolean
cli_check_title (const char  *title,
                 GError     **error)
{
  gsize length = strlen (title);
  g_autofree char *bytes = NULL;

  if (!cli_check_text (title, "--title", error))
    return FALSE;
  if (length <= MAZE_PUZZLE_MAX_TITLE)
    return TRUE;
  /* Formatted apart: xgettext cannot see through G_GSIZE_FORMAT. */
  bytes = g_strdup_printf ("%" G_GSIZE_FORMAT, length);
  g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
               _("--title is %s bytes long, more than the %u allowed"),
               bytes, (guint) MAZE_PUZZLE_MAX_TITLE);
  return FALSE;
}
