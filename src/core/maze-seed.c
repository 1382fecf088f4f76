/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-seed.h"

/**
 * maze_seed_from_text:
 * @text: what was typed, UTF-8
 * @seed: (out): the seed
 * @from_words: (out) (optional): TRUE when @text was not a number
 *
 * A number from 0 to 2^64 - 1 (blanks around it ignored) is its own
 * seed. Other text is trimmed, put in Unicode normal form C (so that
 * "é" typed either way is one seed) and hashed with 64-bit FNV-1a, which
 * is fixed by its definition: it will never change, or the seeds people
 * wrote down would give other mazes.
 *
 * Returns: FALSE for text that is empty or blank, or not UTF-8.
 */
gboolean
maze_seed_from_text (const char *text,
                     guint64    *seed,
                     gboolean   *from_words)
{
  g_autofree char *trimmed = NULL;
  g_autofree char *normal = NULL;
  guint64 hash = G_GUINT64_CONSTANT (14695981039346656037);

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (seed != NULL, FALSE);

  if (!g_utf8_validate (text, -1, NULL))
    return FALSE;
  trimmed = g_strstrip (g_strdup (text));
  if (trimmed[0] == '\0')
    return FALSE;
  if (g_ascii_string_to_unsigned (trimmed, 10, 0, G_MAXUINT64, seed, NULL))
    {
      if (from_words != NULL)
        *from_words = FALSE;
      return TRUE;
    }

  normal = g_utf8_normalize (trimmed, -1, G_NORMALIZE_NFC);
  for (const guchar *p = (const guchar *) normal; *p != '\0'; p++)
    {
      hash ^= *p;
      hash *= G_GUINT64_CONSTANT (1099511628211);
    }
  *seed = hash;
  if (from_words != NULL)
    *from_words = TRUE;
  return TRUE;
}
