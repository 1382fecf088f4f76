/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  MAZE_SHAPE_RECT,
  MAZE_SHAPE_HEX,
  MAZE_SHAPE_TRI,
  MAZE_SHAPE_CIRCULAR,
} MazeShape;

#define MAZE_N_SHAPES 4
#define MAZE_MAX_DIRS 6

/* How a direction relates to the row structure that every shape has
 * (rows of cells, y growing downwards). Row-based algorithms (Eller's,
 * sidewinder, binary tree) and the text exporters use this instead of
 * naming compass directions. */
typedef enum
{
  MAZE_DIR_ROW_NEXT, /* same row, next column */
  MAZE_DIR_ROW_PREV, /* same row, previous column */
  MAZE_DIR_UP,       /* towards the previous row */
  MAZE_DIR_DOWN,     /* towards the next row */
} MazeDirKind;

/* A grid topology: how many neighbours a cell has and where they are.
 *
 * Directions are small integers 0..n_dirs-1, numbered clockwise; their
 * meaning depends on the shape (see maze-topology.c). Code outside this
 * module never assumes four directions: it loops to n_dirs and asks for
 * opposite[], kind[] and maze_grid_step().
 *
 * Each passage is stored once, as a bit in the cell that "owns" it: the
 * directions that lead to a later cell in reading order (rect: E and S;
 * hex: E, SE and SW). owned_bit[d] is that bit, or -1 when the passage is
 * stored in the neighbour under opposite[d].
 *
 * Not every cell need have every direction: a triangle pointing up has
 * no N, one pointing down no S. dirs_at[] holds the directions a cell has,
 * by the parity of x + y (maze_topology_dirs_at()); maze_grid_step() is
 * FALSE for the others, so code that steps through it needs no more.
 *
 * On an irregular topology (the circular grid) rows differ in length and
 * neighbours are no fixed offsets: dx, dy and dirs_at[] mean nothing, and
 * only maze_grid_step() and maze_grid_dirs_at() (maze-grid.h) say where
 * a cell's neighbours are. Fast paths that add offsets to a cell index
 * test `irregular` and take their plain way. */
typedef struct
{
  MazeShape   shape;
  const char *name;
  guint       n_dirs;
  const char *dir_names[MAZE_MAX_DIRS];
  guint8      opposite[MAZE_MAX_DIRS];
  gint8       owned_bit[MAZE_MAX_DIRS];
  guint8      kind[MAZE_MAX_DIRS];
  /* Neighbour offsets; hex rows alternate, so dx depends on row parity. */
  gint8       dx[2][MAZE_MAX_DIRS];
  gint8       dy[MAZE_MAX_DIRS];
  guint8      dirs_at[2];
  /* Some cells lack a direction (dirs_at[] is not every direction). */
  gboolean    partial_dirs;
  /* Neighbours are not offsets (see above). */
  gboolean    irregular;
} MazeTopology;

/* The directions cell (x, y) has, as a mask. */
static inline guint
maze_topology_dirs_at (const MazeTopology *topology,
                       guint               x,
                       guint               y)
{
  return topology->dirs_at[(x ^ y) & 1];
}

/* Whether cell (x, y) has a side towards dir (on the grid's border too). */
static inline gboolean
maze_topology_has_dir (const MazeTopology *topology,
                       guint               x,
                       guint               y,
                       guint               dir)
{
  return (maze_topology_dirs_at (topology, x, y) >> dir) & 1;
}

const MazeTopology *maze_topology_get            (MazeShape   shape);
gboolean            maze_shape_from_string       (const char *name,
                                                  MazeShape  *shape);
const char         *maze_shape_to_string         (MazeShape   shape);
gint                maze_topology_dir_from_name  (const MazeTopology *topology,
                                                  const char         *name);

G_END_DECLS
