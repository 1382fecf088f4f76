/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright-cli"

#include "config.h"

#include "cli-difficulty.h"

#include <string.h>

#include <glib/gi18n.h>

#include "cli-common.h"

/* A score, 0 to 100, in the first length bytes of text. */
static gboolean
parse_score (const char *text,
             gsize       length,
             guint64    *value)
{
  g_autofree char *copy = g_strndup (text, length);

  return g_ascii_isdigit (copy[0]) && g_ascii_string_to_unsigned (copy, 10, 0, 100, value, NULL);
}

gboolean
cli_difficulty_parse (const char     *text,
                      const char     *option,
                      gboolean        rising,
                      CliDifficulty  *difficulty,
                      GError        **error)
{
  const char *dots = rising ? strstr (text, "..") : NULL;
  const char *dash = strchr (text, '-');
  guint64 low, high;

  *difficulty = (CliDifficulty) { 0 };
  if (maze_level_from_string (text, &difficulty->from))
    {
      difficulty->to = difficulty->from;
      return TRUE;
    }
  if (dots != NULL)
    {
      g_autofree char *first = g_strndup (text, (gsize) (dots - text));

      if (maze_level_from_string (first, &difficulty->from) &&
          maze_level_from_string (dots + 2, &difficulty->to))
        {
          if (difficulty->to >= difficulty->from)
            return TRUE;
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("%s “%s” falls: rising levels go from the easier to the harder, "
                         "such as easy..hard"), option, text);
          return FALSE;
        }
    }
  /* Level names have dashes too ("very-easy"): those were tried first. */
  if (dash != NULL && dash != text &&
      parse_score (text, (gsize) (dash - text), &low) &&
      parse_score (dash + 1, strlen (dash + 1), &high) && low <= high)
    {
      difficulty->from = difficulty->to = 0;
      difficulty->min_score = (guint32) low;
      difficulty->max_score = (guint32) high;
      return TRUE;
    }
  if (rising)
    g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                 _("%s “%s” is neither a level (very-easy, easy, medium, hard, expert), "
                   "levels rising FROM..TO such as easy..hard, nor a band of scores MIN-MAX "
                   "from 0 to 100"), option, text);
  else
    g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                 _("%s “%s” is neither a level (very-easy, easy, medium, hard, expert) "
                   "nor a band of scores MIN-MAX from 0 to 100"), option, text);
  return FALSE;
}
