/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "maze-rng.h"
#include "maze-seed.h"

/* The first outputs of xoshiro256** seeded through splitmix64, computed by
 * an independent implementation (Python, from the reference papers). If
 * these change, every maze ever saved changes: that is a format change. */
static void
test_golden_sequence (void)
{
  static const struct { guint64 seed; guint64 out[3]; } cases[] = {
    { 0, { G_GUINT64_CONSTANT (0x99ec5f36cb75f2b4), G_GUINT64_CONSTANT (0xbf6e1f784956452a),
           G_GUINT64_CONSTANT (0x1a5f849d4933e6e0) } },
    { 42, { G_GUINT64_CONSTANT (0x15780b2e0c2ec716), G_GUINT64_CONSTANT (0x6104d9866d113a7e),
            G_GUINT64_CONSTANT (0xae17533239e499a1) } },
    { G_MAXUINT64, { G_GUINT64_CONSTANT (0x8f5520d52a7ead08), G_GUINT64_CONSTANT (0xc476a018caa1802d),
                     G_GUINT64_CONSTANT (0x81de31c0d260469e) } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      MazeRng rng;

      maze_rng_init (&rng, cases[i].seed);
      for (guint k = 0; k < 3; k++)
        g_assert_cmphex (maze_rng_next (&rng), ==, cases[i].out[k]);
    }
}

static void
test_derive (void)
{
  g_assert_cmphex (maze_rng_derive (42, 1), ==, G_GUINT64_CONSTANT (0x3b3335584873a7b9));
  g_assert_cmphex (maze_rng_derive (0, 0), ==, G_GUINT64_CONSTANT (0x6e789e6aa1b965f4));
  g_assert_cmphex (maze_rng_derive (42, 1), !=, maze_rng_derive (42, 2));
  g_assert_cmphex (maze_rng_derive (42, 1), !=, maze_rng_derive (43, 1));
}

/* Every value below the bound turns up, nothing at or above it, and the
 * counts are roughly even (a loose chi-square bound). */
static void
test_below (void)
{
  static const guint32 bounds[] = { 1, 2, 3, 6, 7, 24, 1000 };

  for (guint b = 0; b < G_N_ELEMENTS (bounds); b++)
    {
      guint32 bound = bounds[b];
      guint n = bound * 200;
      g_autofree guint *counts = g_new0 (guint, bound);
      double expected = 200, chi2 = 0;
      MazeRng rng;

      maze_rng_init (&rng, b);
      for (guint i = 0; i < n; i++)
        {
          guint32 v = maze_rng_below (&rng, bound);

          g_assert_cmpuint (v, <, bound);
          counts[v]++;
        }
      for (guint32 v = 0; v < bound; v++)
        chi2 += (counts[v] - expected) * (counts[v] - expected) / expected;
      /* Mean bound - 1, standard deviation about sqrt(2 bound). */
      g_assert_cmpfloat (chi2, <, bound + 6 * sqrt (2.0 * bound) + 10);
    }
}

static void
test_big_bound (void)
{
  MazeRng rng;

  maze_rng_init (&rng, 7);
  for (guint i = 0; i < 1000; i++)
    g_assert_cmpuint (maze_rng_below (&rng, G_MAXUINT32), <, G_MAXUINT32);
}

static void
test_chance (void)
{
  MazeRng rng;
  guint hits = 0;

  maze_rng_init (&rng, 3);
  for (guint i = 0; i < 100000; i++)
    hits += maze_rng_chance (&rng, 65536 / 4);
  g_assert_cmpuint (hits, >, 24000);
  g_assert_cmpuint (hits, <, 26000);

  for (guint i = 0; i < 1000; i++)
    g_assert_false (maze_rng_chance (&rng, 0));
}

/* Seeds as typed: numbers are themselves, words are hashed (FNV-1a of
 * NFC, values computed apart from this code), the same for "é" typed
 * precomposed or not; blank or broken text is no seed. */
static void
test_seed_from_text (void)
{
  static const struct { const char *text; guint64 seed; gboolean words; } cases[] = {
    { "0", 0, FALSE },
    { " 42 ", 42, FALSE },
    { "18446744073709551615", G_MAXUINT64, FALSE },
    { "class 3B", G_GUINT64_CONSTANT (10841440329129346376), TRUE },
    { "  class 3B\t", G_GUINT64_CONSTANT (10841440329129346376), TRUE },
    { "Caf\xc3\xa9", G_GUINT64_CONSTANT (440202267364098345), TRUE },
    { "Cafe\xcc\x81", G_GUINT64_CONSTANT (440202267364098345), TRUE },
    { "a", G_GUINT64_CONSTANT (12638187200555641996), TRUE },
    /* Past 64 bits: words, not a number cut short. */
    { "18446744073709551616", 0, TRUE },
  };
  guint64 seed;
  gboolean words;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_assert_true (maze_seed_from_text (cases[i].text, &seed, &words));
      g_assert_cmpint (words, ==, cases[i].words);
      if (cases[i].seed != 0 || !cases[i].words)
        g_assert_cmpuint (seed, ==, cases[i].seed);
    }
  g_assert_false (maze_seed_from_text ("", &seed, NULL));
  g_assert_false (maze_seed_from_text (" \t\n", &seed, NULL));
  g_assert_false (maze_seed_from_text ("\xff", &seed, NULL));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/maze/rng/golden", test_golden_sequence);
  g_test_add_func ("/maze/rng/derive", test_derive);
  g_test_add_func ("/maze/rng/below", test_below);
  g_test_add_func ("/maze/rng/big-bound", test_big_bound);
  g_test_add_func ("/maze/rng/chance", test_chance);
  g_test_add_func ("/maze/rng/seed-from-text", test_seed_from_text);
  return g_test_run ();
}
