/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-topology.h"

/* Rectangular: 0 N, 1 E, 2 S, 3 W. */
static const MazeTopology rect_topology = {
  .shape = MAZE_SHAPE_RECT,
  .name = "rect",
  .n_dirs = 4,
  .dir_names = { "N", "E", "S", "W" },
  .opposite = { 2, 3, 0, 1 },
  .owned_bit = { -1, 0, 1, -1 },
  .kind = { MAZE_DIR_UP, MAZE_DIR_ROW_NEXT, MAZE_DIR_DOWN, MAZE_DIR_ROW_PREV },
  .dx = { { 0, 1, 0, -1 }, { 0, 1, 0, -1 } },
  .dy = { -1, 0, 1, 0 },
  .dirs_at = { 0xf, 0xf },
};

/* Hexagonal, pointy-top, odd rows shifted half a cell to the right
 * ("odd-r" offset coordinates): 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE. */
static const MazeTopology hex_topology = {
  .shape = MAZE_SHAPE_HEX,
  .name = "hex",
  .n_dirs = 6,
  .dir_names = { "E", "SE", "SW", "W", "NW", "NE" },
  .opposite = { 3, 4, 5, 0, 1, 2 },
  .owned_bit = { 0, 1, 2, -1, -1, -1 },
  .kind = { MAZE_DIR_ROW_NEXT, MAZE_DIR_DOWN, MAZE_DIR_DOWN,
            MAZE_DIR_ROW_PREV, MAZE_DIR_UP, MAZE_DIR_UP },
  .dx = { { 1, 0, -1, -1, -1, 0 },   /* even rows */
          { 1, 1, 0, -1, 0, 1 } },   /* odd rows */
  .dy = { 0, 1, 1, 0, -1, -1 },
  .dirs_at = { 0x3f, 0x3f },
};

/* Triangular: W columns by H rows of triangles, (x, y) pointing up when
 * x + y is even and down when odd, so they alternate along a row and from
 * row to row. The directions are the rectangular ones, 0 N, 1 E, 2 S, 3 W,
 * each triangle lacking one: up ones have no N (their apex), down ones no
 * S. Two neighbours in the row and one through the flat side: the one
 * below an up triangle is a down one, whose N leads back. Passages are
 * owned as on rect (E, and S where there is one). */
static const MazeTopology tri_topology = {
  .shape = MAZE_SHAPE_TRI,
  .name = "tri",
  .n_dirs = 4,
  .dir_names = { "N", "E", "S", "W" },
  .opposite = { 2, 3, 0, 1 },
  .owned_bit = { -1, 0, 1, -1 },
  .kind = { MAZE_DIR_UP, MAZE_DIR_ROW_NEXT, MAZE_DIR_DOWN, MAZE_DIR_ROW_PREV },
  .dx = { { 0, 1, 0, -1 }, { 0, 1, 0, -1 } },
  .dy = { -1, 0, 1, 0 },
  .dirs_at = { 0xe, 0xb },   /* up: E S W; down: N E W */
  .partial_dirs = TRUE,
};

/* Circular: rings around an open central room (or a centre cell, whose
 * directions are instead its spokes: maze_grid_back_dir()), ring y (0 the innermost)
 * growing outward, cell x clockwise (maze-polar.h): 0 CW, 1 IN, 2 IN2
 * (inward from a second child), 3 CCW, 4 OUT, 5 OUT2 (the second outward
 * cell where the next ring splits), clockwise around the cell. Rows
 * differ in length and the neighbours come from the ring table:
 * irregular. Outward counts as down, the row structure every shape has. */
static const MazeTopology circular_topology = {
  .shape = MAZE_SHAPE_CIRCULAR,
  .name = "circular",
  .n_dirs = 6,
  .dir_names = { "CW", "IN", "IN2", "CCW", "OUT", "OUT2" },
  .opposite = { 3, 4, 5, 0, 1, 2 },
  .owned_bit = { 0, 1, 2, -1, -1, -1 },
  .kind = { MAZE_DIR_ROW_NEXT, MAZE_DIR_UP, MAZE_DIR_UP,
            MAZE_DIR_ROW_PREV, MAZE_DIR_DOWN, MAZE_DIR_DOWN },
  .dy = { 0, -1, -1, 0, 1, 1 },
  .dirs_at = { 0x3f, 0x3f },
  .partial_dirs = TRUE,
  .irregular = TRUE,
};

const MazeTopology *
maze_topology_get (MazeShape shape)
{
  switch (shape)
    {
    case MAZE_SHAPE_RECT:
      return &rect_topology;
    case MAZE_SHAPE_HEX:
      return &hex_topology;
    case MAZE_SHAPE_TRI:
      return &tri_topology;
    case MAZE_SHAPE_CIRCULAR:
      return &circular_topology;
    default:
      g_return_val_if_reached (&rect_topology);
    }
}

gboolean
maze_shape_from_string (const char *name,
                        MazeShape  *shape)
{
  g_return_val_if_fail (name != NULL, FALSE);

  if (g_str_equal (name, "rect") || g_str_equal (name, "rectangular"))
    *shape = MAZE_SHAPE_RECT;
  else if (g_str_equal (name, "hex") || g_str_equal (name, "hexagonal"))
    *shape = MAZE_SHAPE_HEX;
  else if (g_str_equal (name, "tri") || g_str_equal (name, "triangular"))
    *shape = MAZE_SHAPE_TRI;
  else if (g_str_equal (name, "circular") || g_str_equal (name, "polar") ||
           g_str_equal (name, "theta"))
    *shape = MAZE_SHAPE_CIRCULAR;
  else
    return FALSE;

  return TRUE;
}

const char *
maze_shape_to_string (MazeShape shape)
{
  return maze_topology_get (shape)->name;
}

gint
maze_topology_dir_from_name (const MazeTopology *topology,
                             const char         *name)
{
  for (guint d = 0; d < topology->n_dirs; d++)
    if (g_ascii_strcasecmp (topology->dir_names[d], name) == 0)
      return (gint) d;
  return -1;
}
