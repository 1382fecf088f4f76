/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The rings of a circular (polar) maze: how many cells each ring has and
 * where they sit in one array, ring after ring: the row table of the
 * circular grid (MAZE_SHAPE_CIRCULAR, see "A grid shape" in HACKING.md).
 *
 * Rings are one row thick. With a centre cell, ring 0 is that cell (the
 * disc of radius 1) and ring r spans radii r..r + 1; with an open central
 * room instead, the room has radius 1 and ring r spans r + 1..r + 2. The
 * first ring around the centre or room has `first` cells; going outward,
 * a ring splits each cell of the ring inside it in two when their width
 * at its inner radius would reach 1.5 rows (2 pi radius >= 1.5 n, with
 * pi taken as 355/113, in integers: the same rings on every platform).
 * So after the first ring a ring has as many cells as the one inside it
 * or twice as many, and cells are 0.75 to 1.5 rows wide once the first
 * ring's count stops mattering (the usual polar grid construction).
 *
 * Rings of one length come in bands, at most one more for each doubling
 * of the radius, so finding a cell's ring takes a look at a few bands. */

/* The outer ring of the largest maze has at most 8.4 cells a row of
 * radius, so it stays under MAZE_MAX_SIDE cells (64,512 at most, with a
 * first ring of 64); the maze has under 200 million. 1000 rings around a
 * centre make 3.1 million cells. */
#define MAZE_POLAR_MAX_RINGS 7800u
/* Cells of the first ring, at most; and unless asked otherwise (about
 * as many as fit around a room one ring wide: 2 pi). */
#define MAZE_POLAR_MAX_FIRST 64u
#define MAZE_POLAR_DEFAULT_FIRST 6u
/* A centre cell's neighbours are the first ring's cells, its direction d
 * leading to cell d (its spokes, clockwise like the ring); a direction
 * is one of six (MAZE_MAX_DIRS), so a centre takes a first ring of at
 * most six. More would be slices thinner than a cell anyway. */
#define MAZE_POLAR_MAX_CENTRE_FIRST 6u

typedef struct
{
  guint32 ring;     /* the band's first ring */
  guint32 length;   /* cells of each of its rings */
  guint64 start;    /* index of its first cell */
} MazePolarBand;

typedef struct
{
  guint          n_rings;
  gboolean       centre;    /* ring 0 is one cell; else an open room */
  guint          first;     /* cells of the first ring around it */
  guint64        n_cells;
  guint          n_bands;
  MazePolarBand *bands;
  /* Per ring, for the grid's hot paths: its length and first cell. */
  guint32       *lengths;
  guint32       *starts;
} MazePolarLayout;

/* The directions of a cell of the circular grid (ring y grows outward,
 * cell x clockwise), in clockwise order around the cell as drawn: the
 * next cell of its ring clockwise, inward (IN_A from the first child of
 * the inward cell, or from a cell of a ring as long as the inward one;
 * IN_B from the second child), the next anticlockwise, and outward (two
 * cells, OUT_A then OUT_B, when the next ring splits each cell). Each is
 * the opposite of the one three before it, and the first three are the
 * ones a cell owns (the passage inward is stored in the outer cell). */
typedef enum
{
  MAZE_POLAR_CW,
  MAZE_POLAR_IN_A,
  MAZE_POLAR_IN_B,
  MAZE_POLAR_CCW,
  MAZE_POLAR_OUT_A,
  MAZE_POLAR_OUT_B,
} MazePolarDir;

MazePolarLayout *maze_polar_layout_new    (guint                   n_rings,
                                           gboolean                centre,
                                           guint                   first,
                                           GError                **error);
void             maze_polar_layout_free   (MazePolarLayout        *layout);
guint32          maze_polar_ring_length   (const MazePolarLayout  *layout,
                                           guint                   ring);
/* Cell x of ring y, and back. */
guint64          maze_polar_cell_index    (const MazePolarLayout  *layout,
                                           guint                   x,
                                           guint                   y);
void             maze_polar_cell_xy       (const MazePolarLayout  *layout,
                                           guint64                 cell,
                                           guint                  *x,
                                           guint                  *y);

/* The directions cell (x, y) has a side towards (as a mask), and its
 * neighbour there (FALSE on the outer or inner border or with no side).
 * With a centre cell, the first ring's cells have IN_A towards it (each
 * owns its passage to the centre: the centre's byte owns none, and its
 * passages cost no memory); the centre's directions are its spokes,
 * direction d to the first ring's cell d (MAZE_POLAR_MAX_CENTRE_FIRST):
 * the way back is IN_A, not the topology's opposite (use
 * maze_grid_back_dir()). Inline: the grid's step, in every generator's
 * loop. */
static inline guint
maze_polar_dirs_at (const MazePolarLayout *layout,
                    guint                  x,
                    guint                  y)
{
  guint32 length = layout->lengths[y];
  guint dirs = 1u << MAZE_POLAR_OUT_A;

  if (G_UNLIKELY (y <= 1 && layout->centre))
    {
      if (y == 0)
        return layout->n_rings > 1 ? (1u << layout->first) - 1 : 0;
      dirs |= 1u << MAZE_POLAR_IN_A | 1u << MAZE_POLAR_CW | 1u << MAZE_POLAR_CCW;
      if (layout->n_rings > 2 && layout->lengths[2] != length)
        dirs |= 1u << MAZE_POLAR_OUT_B;
      return dirs;
    }
  /* A ring of one cell has no neighbours along it. */
  if (length > 1)
    dirs |= 1u << MAZE_POLAR_CW | 1u << MAZE_POLAR_CCW;
  if (y + 1 < layout->n_rings && layout->lengths[y + 1] != length)
    dirs |= 1u << MAZE_POLAR_OUT_B;
  if (y == 0 || layout->lengths[y - 1] == length || x % 2 == 0)
    dirs |= 1u << MAZE_POLAR_IN_A;
  else
    dirs |= 1u << MAZE_POLAR_IN_B;
  return dirs;
}

static inline gboolean
maze_polar_step (const MazePolarLayout *layout,
                 guint                  x,
                 guint                  y,
                 guint                  dir,
                 guint                 *nx,
                 guint                 *ny)
{
  guint32 length = layout->lengths[y];
  gboolean split;

  if (G_UNLIKELY (y == 0 && layout->centre))
    {
      /* The centre's spokes (MAZE_POLAR_MAX_CENTRE_FIRST). */
      if (dir >= layout->first || layout->n_rings < 2)
        return FALSE;
      *nx = dir;
      *ny = 1;
      return TRUE;
    }
  switch (dir)
    {
    case MAZE_POLAR_CW:
      if (length < 2)
        return FALSE;
      *nx = x + 1 == length ? 0 : x + 1;
      *ny = y;
      return TRUE;
    case MAZE_POLAR_CCW:
      if (length < 2)
        return FALSE;
      *nx = x == 0 ? length - 1 : x - 1;
      *ny = y;
      return TRUE;
    case MAZE_POLAR_OUT_A:
    case MAZE_POLAR_OUT_B:
      if (y + 1 >= layout->n_rings)
        return FALSE;
      split = layout->lengths[y + 1] != length;
      if (!split && dir == MAZE_POLAR_OUT_B)
        return FALSE;
      *nx = split ? 2 * x + (dir == MAZE_POLAR_OUT_B) : x;
      *ny = y + 1;
      return TRUE;
    case MAZE_POLAR_IN_A:
    case MAZE_POLAR_IN_B:
      if (y == 0)
        return FALSE;
      if (G_UNLIKELY (y == 1 && layout->centre))
        {
          if (dir != MAZE_POLAR_IN_A)
            return FALSE;
          *nx = *ny = 0;
          return TRUE;
        }
      split = layout->lengths[y - 1] != length;
      if (split ? (x % 2 == 1) != (dir == MAZE_POLAR_IN_B) : dir == MAZE_POLAR_IN_B)
        return FALSE;
      *nx = split ? x / 2 : x;
      *ny = y - 1;
      return TRUE;
    default:
      return FALSE;
    }
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MazePolarLayout, maze_polar_layout_free)

G_END_DECLS
