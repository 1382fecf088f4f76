/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-endpoints.h"
#include "maze-generate.h"
#include "maze-topology.h"

G_BEGIN_DECLS

/* Named levels of difficulty for people, from young children to experts:
 * each one a band of 20 points of the difficulty score (maze-difficulty.h)
 * and a recipe that lands there. */
typedef enum
{
  MAZE_LEVEL_VERY_EASY = 1,  /* score 0..19 */
  MAZE_LEVEL_EASY,           /* 20..39 */
  MAZE_LEVEL_MEDIUM,         /* 40..59 */
  MAZE_LEVEL_HARD,           /* 60..79 */
  MAZE_LEVEL_EXPERT,         /* 80..100 */
} MazeLevel;

#define MAZE_N_LEVELS 5
#define MAZE_LEVEL_BAND 20

typedef struct
{
  MazeLevel            level;
  const char          *name;       /* for the command line, e.g. "very-easy" */
  const char          *title;      /* translatable, e.g. "Very easy" */
  const char          *ages;       /* translatable, e.g. "ages 4 to 6" */
  guint32              min_score;  /* the band, both ends included */
  guint32              max_score;
  /* The recipe: a maze of side × side cells of each shape (circular:
   * side rings around a room, see maze_level_get_grid_size()), made by
   * algorithm, braided by braid (MAZE_BRAID_ONE is all dead ends), from
   * and to the endpoints preset. */
  guint                side[MAZE_N_SHAPES];
  /* The smallest side at which the recipe still lands in the band
   * often enough for generation to order (a fifth of the seeds or
   * more): how far a pack may shrink the level to fit a page. */
  guint                min_side[MAZE_N_SHAPES];
  /* The same for a circular maze around a centre cell: side[] and
   * min_side[] count rings around a room, and a centre's were measured
   * apart (see maze_level_get_side()). */
  guint                centre_side;
  guint                centre_min_side;
  MazeAlgorithm        algorithm;
  guint32              braid;
  MazeEndpointsPreset  endpoints;
} MazeLevelInfo;

/* The level ("N of 5") a score falls in. */
MazeLevel            maze_level_from_score (guint32     score);
const MazeLevelInfo *maze_level_get_info   (MazeLevel   level);
/* The level's side on shape (rings, for circular mazes: around a
 * centre cell when centre, else a room; centre is ignored on other
 * shapes), and the smallest side it may shrink to and stay in its band. */
guint                maze_level_get_side   (const MazeLevelInfo *info,
                                            MazeShape            shape,
                                            gboolean             centre);
guint                maze_level_get_min_side (const MazeLevelInfo *info,
                                              MazeShape            shape,
                                              gboolean             centre);
/* The width and height maze_grid_new_rings() takes for the level's
 * maze of shape and centre: side × side, or the first ring and side
 * rings, the side at most max_side (0: the recipe's). FALSE, size
 * untouched, when max_side is below the level's smallest side there. */
gboolean             maze_level_get_grid_size (const MazeLevelInfo *info,
                                               MazeShape            shape,
                                               gboolean             centre,
                                               guint                max_side,
                                               guint               *width,
                                               guint               *height);
/* maze_level_get_grid_size() with no smallest side: the recipe's size
 * cut to max_side (0: none). */
void                 maze_level_clamp_size (const MazeLevelInfo *info,
                                            MazeShape            shape,
                                            gboolean             centre,
                                            guint                max_side,
                                            guint               *width,
                                            guint               *height);
/* A band of scores to make a maze in, as a person gives it: refused,
 * with a sentence saying what to choose, when it is upside down. */
gboolean             maze_level_check_band (guint                min_score,
                                            guint                max_score,
                                            GError             **error);
/* The level's title, translated. */
const char          *maze_level_get_title  (MazeLevel   level);
gboolean             maze_level_from_string (const char *name,
                                             MazeLevel  *level);

G_END_DECLS
