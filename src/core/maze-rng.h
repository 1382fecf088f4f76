/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Mazewright's own PRNG: xoshiro256** seeded through splitmix64.
 *
 * Integer-only and fully specified, so the same 64-bit seed gives the same
 * sequence on every platform, compiler and optimisation level. Generators
 * must draw random numbers only from here (never rand(), never floating
 * point): their output for a seed is part of the file format. */
typedef struct
{
  guint64 s[4];
} MazeRng;

void    maze_rng_init   (MazeRng *rng,
                         guint64  seed);
guint64 maze_rng_derive (guint64  seed,
                         guint64  stream);

static inline guint64
maze_rng_rotl (guint64 x,
               int     k)
{
  return (x << k) | (x >> (64 - k));
}

static inline guint64
maze_rng_next (MazeRng *rng)
{
  guint64 *s = rng->s;
  guint64 result = maze_rng_rotl (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = maze_rng_rotl (s[3], 45);

  return result;
}

/* A uniform integer in [0, bound), bound >= 1: Lemire's multiply-shift with
 * rejection, on the upper 32 bits of one draw (or 64 bits for big bounds). */
static inline guint32
maze_rng_below (MazeRng *rng,
                guint32  bound)
{
  guint64 m = (maze_rng_next (rng) >> 32) * (guint64) bound;
  guint32 low = (guint32) m;

  if (G_UNLIKELY (low < bound))
    {
      guint32 threshold = (guint32) (-bound) % bound;

      while (low < threshold)
        {
          m = (maze_rng_next (rng) >> 32) * (guint64) bound;
          low = (guint32) m;
        }
    }

  return (guint32) (m >> 32);
}

/* TRUE with probability numerator / 65536. */
static inline gboolean
maze_rng_chance (MazeRng *rng,
                 guint32  numerator)
{
  return (maze_rng_next (rng) >> 48) < numerator;
}

G_END_DECLS
