/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-png-palette.h"

#include <string.h>

#define N_SLOTS (4 * MAZE_PNG_PALETTE_MAX)

void
maze_png_palette_init (MazePngPalette *palette,
                       guint           limit)
{
  g_return_if_fail (palette != NULL);
  g_return_if_fail (limit <= MAZE_PNG_PALETTE_MAX);

  memset (palette->slots, 0, sizeof palette->slots);
  palette->n_colors = 0;
  palette->limit = limit;
  palette->full = FALSE;
  palette->last_index = G_MAXUINT;
}

static inline guint
slot_of (guint32 pixel)
{
  /* Fibonacci hashing: the top bits of a multiply. */
  return (guint) ((pixel * 2654435769u) >> 22) & (N_SLOTS - 1);
}

/* The slot holding pixel, or the free one where it would go. */
static inline guint
find_slot (const MazePngPalette *palette,
           guint32               pixel)
{
  guint slot = slot_of (pixel);

  while (palette->slots[slot] != 0 && palette->keys[slot] != pixel)
    slot = (slot + 1) & (N_SLOTS - 1);
  return slot;
}

gboolean
maze_png_palette_add (MazePngPalette *palette,
                      const guint32  *pixels,
                      guint8         *indices,
                      guint           n)
{
  /* In locals: a store through indices (bytes) may alias anything, so
   * the palette's own fields would be read again at every pixel. */
  guint32 last = palette->last;
  guint last_index = palette->last_index;

  if (palette->full)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      guint slot;

      /* Line art: long runs of one colour. */
      if (last_index == G_MAXUINT || pixels[i] != last)
        {
          slot = find_slot (palette, pixels[i]);
          if (palette->slots[slot] == 0)
            {
              if (palette->n_colors == palette->limit)
                {
                  palette->full = TRUE;
                  break;
                }
              palette->keys[slot] = pixels[i];
              palette->colors[palette->n_colors] = pixels[i];
              palette->slots[slot] = (guint16) ++palette->n_colors;
            }
          last = pixels[i];
          last_index = palette->slots[slot] - 1u;
        }
      if (indices != NULL)
        indices[i] = (guint8) last_index;
    }
  palette->last = last;
  palette->last_index = last_index;
  return !palette->full;
}

gboolean
maze_png_palette_is_bilevel (const MazePngPalette *palette)
{
  for (guint i = 0; i < palette->n_colors; i++)
    if (palette->colors[i] != 0xff000000u && palette->colors[i] != 0xffffffffu)
      return FALSE;
  return palette->n_colors > 0;
}

int
maze_png_palette_bit_depth (const MazePngPalette *palette)
{
  if (palette->n_colors <= 2)
    return 1;
  if (palette->n_colors <= 4)
    return 2;
  if (palette->n_colors <= 16)
    return 4;
  return 8;
}

void
maze_png_palette_entries (const MazePngPalette *palette,
                          png_color            *entries,
                          png_byte             *trans,
                          int                  *n_trans)
{
  *n_trans = 0;
  for (guint i = 0; i < palette->n_colors; i++)
    {
      guint8 rgba[4];

      maze_png_straight_rgba (palette->colors[i], rgba);
      entries[i] = (png_color) { rgba[0], rgba[1], rgba[2] };
      trans[i] = rgba[3];
      if (rgba[3] < 255)
        *n_trans = (int) i + 1;
    }
}
