/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Private to the core: a plain bitset, one bit per cell. Visited flags kept
 * this way stay in cache where a byte per cell would not. */

#include <glib.h>

G_BEGIN_DECLS

typedef guint64 MazeBitset;

static inline MazeBitset *
maze_bitset_new (guint64 n_bits)
{
  return g_try_new0 (MazeBitset, (n_bits + 63) / 64 + 1);
}

static inline gboolean
maze_bitset_get (const MazeBitset *set,
                 guint64           bit)
{
  return (set[bit >> 6] >> (bit & 63)) & 1;
}

static inline void
maze_bitset_set (MazeBitset *set,
                 guint64     bit)
{
  set[bit >> 6] |= G_GUINT64_CONSTANT (1) << (bit & 63);
}

static inline void
maze_bitset_clear (MazeBitset *set,
                   guint64     bit)
{
  set[bit >> 6] &= ~(G_GUINT64_CONSTANT (1) << (bit & 63));
}

G_END_DECLS
