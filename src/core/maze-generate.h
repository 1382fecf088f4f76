/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-grid.h"
#include "maze-observer.h"
#include "maze-stop.h"

G_BEGIN_DECLS

typedef enum
{
  MAZE_ALGORITHM_BACKTRACKER,
  MAZE_ALGORITHM_PRIM,
  MAZE_ALGORITHM_SIMPLIFIED_PRIM,
  MAZE_ALGORITHM_KRUSKAL,
  MAZE_ALGORITHM_WILSON,
  MAZE_ALGORITHM_ALDOUS_BRODER,
  MAZE_ALGORITHM_HUNT_AND_KILL,
  MAZE_ALGORITHM_GROWING_TREE,
  MAZE_ALGORITHM_ELLER,
  MAZE_ALGORITHM_SIDEWINDER,
  MAZE_ALGORITHM_BINARY_TREE,
  MAZE_ALGORITHM_RECURSIVE_DIVISION,
} MazeAlgorithm;

#define MAZE_N_ALGORITHMS 12

/* How the growing-tree algorithm picks the next cell from its list. */
typedef enum
{
  MAZE_GROWING_TREE_NEWEST, /* like the backtracker: long corridors */
  MAZE_GROWING_TREE_RANDOM, /* like simplified Prim's: short dead ends */
  MAZE_GROWING_TREE_MIXED,  /* newest or random, half and half */
} MazeGrowingTreeMode;

/* Bumped whenever any generator's output for a given seed changes; written
 * into .maze files so old files can say which generators made them.
 * 2: Aldous-Broder's and Wilson's walks have a step budget
 * (maze-generator-private.h); only mazes whose walks spend it, masks
 * that make long corridors of more than one way, come out otherwise.
 * 3: the farthest endpoints of a masked maze are the pair farthest apart
 * on its outline (maze-endpoints.c), and Wilson's walks have a budget of
 * their own, half Aldous-Broder's (again only mazes whose walks spend
 * it come out otherwise); unmasked mazes whose walks stay within their
 * budget are as in 2. */
#define MAZE_GENERATOR_VERSION 3

/* Told, on the thread that makes the maze, how far maze_puzzle_generate()
 * has come: fraction 0 before it starts, then after each of its stages
 * (carving, braiding, choosing the ends) up to 1. Returning FALSE stops
 * it there with MAZE_ERROR_CANCELLED. maze_generate() alone does not
 * report. Within a stage, stop (maze-stop.h) is asked. */
typedef gboolean (*MazeGenerateProgressFunc) (double    fraction,
                                              gpointer  user_data);

typedef struct
{
  MazeAlgorithm             algorithm;
  MazeGrowingTreeMode       growing_tree_mode;
  guint64                   seed;
  const MazeObserver       *observer;
  MazeGenerateProgressFunc  progress;       /* may be NULL */
  gpointer                  progress_data;
  /* Asked every MAZE_STOP_INTERVAL steps of carving (maze_generate(),
   * maze_regenerate_region()); may be NULL. */
  MazeStopFunc              stop;
  gpointer                  stop_data;
} MazeGenerateOptions;

/* How a generator's step trace (maze-observer.h) marks cells where
 * generators differ, for whoever replays it: which cells are in the maze,
 * on the stack or in the frontier at each step. */
typedef enum
{
  /* A VISIT also puts the cell on the stack (the backtracker's). */
  MAZE_TRACE_VISIT_PUSHES   = 1 << 0,
  /* FRONTIER_ADD names a wall: its cell is in the maze, its other cell
   * joins the frontier (Prim's). */
  MAZE_TRACE_FRONTIER_OTHER = 1 << 1,
  /* No VISIT: a cell joins the maze with its first passage, MERGE naming
   * one end and CARVE the other (Kruskal's). */
  MAZE_TRACE_PASSAGE_JOINS  = 1 << 2,
} MazeTraceTraits;

typedef struct
{
  MazeAlgorithm    algorithm;
  const char      *name;         /* command-line name, e.g. "hunt-and-kill" */
  const char      *title;        /* translatable, e.g. "Hunt-and-kill" */
  const char      *description;  /* translatable one-line character sketch */
  guint            shapes;       /* bit (1 << MazeShape) per supported shape */
  MazeTraceTraits  trace;
} MazeAlgorithmInfo;

const MazeAlgorithmInfo *maze_algorithm_get_info      (MazeAlgorithm        algorithm);
gboolean                 maze_algorithm_from_string   (const char          *name,
                                                       MazeAlgorithm       *algorithm);
gboolean                 maze_algorithm_supports      (MazeAlgorithm        algorithm,
                                                       MazeShape            shape);
gboolean                 maze_growing_tree_mode_from_string (const char          *name,
                                                             MazeGrowingTreeMode *mode);
const char              *maze_growing_tree_mode_to_string   (MazeGrowingTreeMode  mode);

void     maze_generate_options_init (MazeGenerateOptions        *options);
/* Carves a new maze into grid, keeping its mask. On error the grid has
 * no passages left (its mask is kept): refused, out of memory, or
 * stopped (MAZE_ERROR_CANCELLED). */
gboolean maze_generate              (MazeGrid                   *grid,
                                     const MazeGenerateOptions  *options,
                                     GError                    **error);

G_END_DECLS
