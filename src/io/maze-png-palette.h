/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>
#include <png.h>

G_BEGIN_DECLS

/* The PNG writer's colour census (maze-png.c): the distinct pixels of a
 * picture, as cairo draws them (native-endian premultiplied ARGB), up to
 * a limit. A picture of few colours is written as a palette (1, 2, 4 or
 * 8 bits a pixel) or, black and white alone, as 1-bit grey: a third of
 * RGB or less, and decoded to the very same pixels. For the PNG writer
 * alone. */

#define MAZE_PNG_PALETTE_MAX 256

/* A cairo pixel (premultiplied) as straight RGBA bytes. */
static inline void
maze_png_straight_rgba (guint32  p,
                        guint8  *rgba)
{
  guint a = p >> 24;
  guint r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;

  if (a == 0)
    r = g = b = 0;
  else if (a < 255)
    {
      r = MIN ((r * 255 + a / 2) / a, 255u);
      g = MIN ((g * 255 + a / 2) / a, 255u);
      b = MIN ((b * 255 + a / 2) / a, 255u);
    }
  rgba[0] = (guint8) r;
  rgba[1] = (guint8) g;
  rgba[2] = (guint8) b;
  rgba[3] = (guint8) a;
}

typedef struct
{
  guint32  keys[4 * MAZE_PNG_PALETTE_MAX];   /* open addressing */
  guint16  slots[4 * MAZE_PNG_PALETTE_MAX];  /* index + 1; 0: free */
  guint32  colors[MAZE_PNG_PALETTE_MAX];     /* by index */
  guint    n_colors;
  guint    limit;
  gboolean full;                             /* more than limit seen */
  guint32  last;                             /* the last pixel looked up */
  guint    last_index;
} MazePngPalette;

/* At most limit (≤ MAZE_PNG_PALETTE_MAX) colours. */
void     maze_png_palette_init      (MazePngPalette *palette,
                                     guint           limit);
/* Counts the pixels in and, when indices is not NULL, stores each
 * one's index there, a byte a pixel (libpng packs): the census and the
 * conversion in one pass, so the picture is drawn once. FALSE once
 * there are more than the limit (the indices are then incomplete). */
gboolean maze_png_palette_add       (MazePngPalette *palette,
                                     const guint32  *pixels,
                                     guint8         *indices,
                                     guint           n);
/* Opaque black and white and nothing else (or one of them). */
gboolean maze_png_palette_is_bilevel (const MazePngPalette *palette);
/* The fewest bits a pixel that index every colour: 1, 2, 4 or 8. */
int      maze_png_palette_bit_depth (const MazePngPalette *palette);
/* The PLTE entries and, when any colour is not opaque, the tRNS
 * alphas (n_trans 0 otherwise), in index order. */
void     maze_png_palette_entries   (const MazePngPalette *palette,
                                     png_color            *entries,
                                     png_byte             *trans,
                                     int                  *n_trans);
G_END_DECLS
