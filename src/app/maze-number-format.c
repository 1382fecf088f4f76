/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-number-format.h"

#include <langinfo.h>
#include <string.h>

/* Groups of three from the right, whatever the locale's grouping rule:
 * the figures here are counts of cells, and three is what nearly every
 * locale uses. */
char *
maze_format_count_with_separator (guint64     n,
                                  const char *separator)
{
  char digits[24];
  int len, i;
  GString *out;

  g_return_val_if_fail (separator != NULL, NULL);

  len = g_snprintf (digits, sizeof digits, "%" G_GUINT64_FORMAT, n);
  out = g_string_sized_new (len + (len / 3) * strlen (separator));
  for (i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append (out, separator);
      g_string_append_c (out, digits[i]);
    }
  return g_string_free (out, FALSE);
}

/* The locale's thousands separator (LC_NUMERIC), or a narrow no-break
 * space where it has none: a count of a million cells must be readable
 * in the C locale too. nl_langinfo(), not localeconv(): the solver
 * comparison words its sentence on a worker thread, and localeconv()
 * fills a shared buffer. */
const char *
maze_number_get_separator (void)
{
  const char *separator = nl_langinfo (THOUSEP);

  if (separator != NULL && separator[0] != '\0')
    return separator;
  return MAZE_NUMBER_FALLBACK_SEPARATOR;
}

char *
maze_format_count (guint64 n)
{
  return maze_format_count_with_separator (n, maze_number_get_separator ());
}
