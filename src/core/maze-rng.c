/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-rng.h"

static guint64
splitmix64 (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

void
maze_rng_init (MazeRng *rng,
               guint64  seed)
{
  guint64 state = seed;

  g_return_if_fail (rng != NULL);

  /* splitmix64 never yields an all-zero xoshiro state from 4 draws. */
  for (guint i = 0; i < G_N_ELEMENTS (rng->s); i++)
    rng->s[i] = splitmix64 (&state);
}

/* A seed for an independent stream (a region regeneration, braiding, the
 * n-th maze of a batch) derived from a document seed. */
guint64
maze_rng_derive (guint64 seed,
                 guint64 stream)
{
  guint64 state = seed ^ (stream * G_GUINT64_CONSTANT (0xD1B54A32D192ED03));

  splitmix64 (&state);
  return splitmix64 (&state);
}
