/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <locale.h>

#include "maze-number-format.h"

/* Groups of three from the right, with any separator. */
static void
test_groups (void)
{
  static const struct { guint64 n; const char *sep; const char *expected; } cases[] = {
    { 0, ",", "0" },
    { 7, ",", "7" },
    { 999, ",", "999" },
    { 1000, ",", "1,000" },
    { 1548754, ",", "1,548,754" },
    { 1000000, ".", "1.000.000" },
    { 100000, "\u202f", "100\u202f000" },
    { G_MAXUINT64, ",", "18,446,744,073,709,551,615" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = maze_format_count_with_separator (cases[i].n, cases[i].sep);

      g_assert_cmpstr (text, ==, cases[i].expected);
    }
}

/* The C locale has no thousands separator: a narrow no-break space
 * stands in. Other locales' own, where they are installed. */
static void
test_locale (void)
{
  static const struct { const char *locale; const char *expected; } cases[] = {
    { "de_DE.UTF-8", "1.548.754" },
    { "en_US.UTF-8", "1,548,754" },
  };
  g_autofree char *saved = g_strdup (setlocale (LC_NUMERIC, NULL));
  g_autofree char *c_text = NULL;

  g_assert_nonnull (setlocale (LC_NUMERIC, "C"));
  c_text = maze_format_count (1548754);
  g_assert_cmpstr (c_text, ==, "1\u202f548\u202f754");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = NULL;

      if (setlocale (LC_NUMERIC, cases[i].locale) == NULL)
        {
          g_test_message ("%s is not installed", cases[i].locale);
          continue;
        }
      text = maze_format_count (1548754);
      g_assert_cmpstr (text, ==, cases[i].expected);
    }
  setlocale (LC_NUMERIC, saved);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/number-format/groups", test_groups);
  g_test_add_func ("/app/number-format/locale", test_locale);

  return g_test_run ();
}
