/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-polar.h"

#include <glib/gi18n-lib.h>

#include "maze-error.h"

/* Does a ring of inner radius `inner` split the cells of a ring of
 * `inside` cells? When 2 pi inner >= 1.5 inside, pi = 355 / 113. */
static gboolean
ring_splits (guint64 inner,
             guint64 inside)
{
  return 4 * 355 * inner >= 3 * 113 * inside;
}

static gboolean
check_arguments (guint     n_rings,
                 gboolean  centre,
                 guint     first,
                 GError  **error)
{
  if (n_rings < 1 || n_rings > MAZE_POLAR_MAX_RINGS)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("%u rings is out of range: a circular maze has 1 to %u"),
                   n_rings, MAZE_POLAR_MAX_RINGS);
      return FALSE;
    }
  if (first < 1 || first > MAZE_POLAR_MAX_FIRST)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("%u cells in the first ring is out of range: it may have 1 to %u"),
                   first, MAZE_POLAR_MAX_FIRST);
      return FALSE;
    }
  if (centre && first > MAZE_POLAR_MAX_CENTRE_FIRST)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("A centre cell borders at most %u cells of the first ring, not %u: "
                     "choose a smaller first ring or an open centre"),
                   MAZE_POLAR_MAX_CENTRE_FIRST, first);
      return FALSE;
    }
  return TRUE;
}

MazePolarLayout *
maze_polar_layout_new (guint     n_rings,
                       gboolean  centre,
                       guint     first,
                       GError  **error)
{
  g_autoptr(MazePolarLayout) layout = NULL;
  g_autoptr(GArray) bands = NULL;
  guint64 length = 0, start = 0;

  if (!check_arguments (n_rings, centre, first, error))
    return NULL;

  bands = g_array_new (FALSE, FALSE, sizeof (MazePolarBand));
  for (guint r = 0; r < n_rings; r++)
    {
      guint64 next;

      if (r == 0)
        next = centre ? 1 : first;
      else if (r == 1 && centre)
        next = first;
      else
        next = ring_splits (r + (centre ? 0 : 1), length) ? 2 * length : length;

      if (next > MAZE_MAX_SIDE)
        {
          /* The limits keep this from happening; say so if they stop. */
          g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                       _("Ring %u would have more than %u cells"), r, MAZE_MAX_SIDE);
          return NULL;
        }
      if (next != length)
        {
          MazePolarBand band = { r, (guint32) next, start };

          g_array_append_val (bands, band);
          length = next;
        }
      start += length;
    }

  layout = g_new0 (MazePolarLayout, 1);
  layout->n_rings = n_rings;
  layout->centre = centre;
  layout->first = first;
  layout->n_cells = start;
  layout->n_bands = bands->len;
  layout->bands = (MazePolarBand *) g_array_free (g_steal_pointer (&bands), FALSE);
  layout->lengths = g_new (guint32, n_rings);
  layout->starts = g_new (guint32, n_rings);
  for (guint b = 0; b < layout->n_bands; b++)
    {
      const MazePolarBand *band = &layout->bands[b];
      guint end = b + 1 < layout->n_bands ? layout->bands[b + 1].ring : n_rings;

      for (guint r = band->ring; r < end; r++)
        {
          layout->lengths[r] = band->length;
          /* Under MAZE_MAX_CELLS (check_arguments' limits). */
          layout->starts[r] = (guint32) (band->start + (guint64) (r - band->ring) * band->length);
        }
    }
  return g_steal_pointer (&layout);
}

void
maze_polar_layout_free (MazePolarLayout *layout)
{
  if (layout == NULL)
    return;
  g_free (layout->bands);
  g_free (layout->lengths);
  g_free (layout->starts);
  g_free (layout);
}

/* The band holding ring y: the last that starts at or before it. */
static const MazePolarBand *
band_of_ring (const MazePolarLayout *layout,
              guint                  y)
{
  guint b = 0;

  while (b + 1 < layout->n_bands && layout->bands[b + 1].ring <= y)
    b++;
  return &layout->bands[b];
}

guint32
maze_polar_ring_length (const MazePolarLayout *layout,
                        guint                  ring)
{
  g_return_val_if_fail (ring < layout->n_rings, 0);

  return band_of_ring (layout, ring)->length;
}

guint64
maze_polar_cell_index (const MazePolarLayout *layout,
                       guint                  x,
                       guint                  y)
{
  const MazePolarBand *band;

  g_return_val_if_fail (y < layout->n_rings, 0);
  band = band_of_ring (layout, y);
  g_return_val_if_fail (x < band->length, 0);
  return band->start + (guint64) (y - band->ring) * band->length + x;
}

void
maze_polar_cell_xy (const MazePolarLayout *layout,
                    guint64                cell,
                    guint                 *x,
                    guint                 *y)
{
  guint b = 0;
  guint64 offset;

  g_return_if_fail (cell < layout->n_cells);

  while (b + 1 < layout->n_bands && layout->bands[b + 1].start <= cell)
    b++;
  offset = cell - layout->bands[b].start;
  *y = layout->bands[b].ring + (guint) (offset / layout->bands[b].length);
  *x = (guint) (offset % layout->bands[b].length);
}
