/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-level.h"

#include <glib/gi18n-lib.h>

#include "maze-braid.h"
#include "maze-error.h"

/* The recipes were chosen with bench/difficulty-table's figures: for
 * every one, the scores of seeds 1 to 200 all fall inside its band, rect
 * and hex alike, their medians near its middle (10, 29, 49, 71, 88).
 * Triangles land there at nearly the same sides (medians 12, 29, 49, 71,
 * 88; seeds 1 to 200 all in the band). Circular mazes
 * count rings around a first ring of MAZE_POLAR_DEFAULT_FIRST cells (the
 * middle 90 % of seeds 1 to 200 in the band, medians 7, 30, 50, 72, 88);
 * their corners are the innermost cell and the last of the outer ring,
 * the way from the centre out. Around a centre cell (whose first ring
 * takes MAZE_POLAR_DEFAULT_FIRST cells too) the centre is the innermost
 * cell, one step further in, and the rings are measured apart: the
 * room's 7, 24, 22 and 40 rings land there as well (seeds 1 to 200:
 * 99.5, 100, 100 and 100 % in the band, medians 28, 50, 71, 88), but
 * its 3 rings make Very easy mazes of 19 cells that score a median 2,
 * so a centre takes 4 rings (all in the band, median 10).
 * Young solvers get short dead ends (Prim's, Kruskal's) between the
 * corners, and at first loops, so that more than one way succeeds;
 * experts get the backtracker's long corridors between the two ends of
 * the longest path. The ages are a guide, not a test result.
 * The smallest sides were measured the same way (seeds 1 to 20 at
 * every side below the recipe's): the smallest at which a fifth of
 * the seeds or more still land in the band, so that a pack shrunk to
 * fit its page finds one in a few tries. Around a centre cell: 3, 5,
 * 13, 14 and 28 rings (bench/difficulty-table prints them all). */
static const MazeLevelInfo levels[MAZE_N_LEVELS] = {
  { MAZE_LEVEL_VERY_EASY, "very-easy", N_("Very easy"), N_("ages 4 to 6"), 0, 19,
    { 5, 5, 5, 3 }, { 3, 3, 3, 3 }, 4, 3, MAZE_ALGORITHM_PRIM, MAZE_BRAID_ONE / 2, MAZE_ENDPOINTS_CORNERS },
  { MAZE_LEVEL_EASY, "easy", N_("Easy"), N_("ages 6 to 8"), 20, 39,
    { 10, 10, 9, 7 }, { 7, 7, 6, 5 }, 7, 5, MAZE_ALGORITHM_KRUSKAL, 0, MAZE_ENDPOINTS_CORNERS },
  { MAZE_LEVEL_MEDIUM, "medium", N_("Medium"), N_("ages 8 to 11"), 40, 59,
    { 28, 28, 25, 24 }, { 17, 17, 16, 12 }, 24, 13, MAZE_ALGORITHM_PRIM, 0, MAZE_ENDPOINTS_CORNERS },
  { MAZE_LEVEL_HARD, "hard", N_("Hard"), N_("ages 11 and up"), 60, 79,
    { 36, 36, 36, 22 }, { 24, 24, 23, 13 }, 22, 14, MAZE_ALGORITHM_BACKTRACKER, 0, MAZE_ENDPOINTS_FARTHEST },
  { MAZE_LEVEL_EXPERT, "expert", N_("Expert"), N_("adults who like a long puzzle"), 80, 100,
    { 70, 70, 70, 40 }, { 50, 48, 49, 28 }, 40, 28, MAZE_ALGORITHM_BACKTRACKER, 0, MAZE_ENDPOINTS_FARTHEST },
};

MazeLevel
maze_level_from_score (guint32 score)
{
  return (MazeLevel) (MIN (score / MAZE_LEVEL_BAND, MAZE_N_LEVELS - 1) + 1);
}

const MazeLevelInfo *
maze_level_get_info (MazeLevel level)
{
  g_return_val_if_fail (level >= 1 && level <= MAZE_N_LEVELS, NULL);
  return &levels[level - 1];
}

guint
maze_level_get_side (const MazeLevelInfo *info,
                     MazeShape            shape,
                     gboolean             centre)
{
  g_return_val_if_fail (info != NULL, 0);
  g_return_val_if_fail ((guint) shape < MAZE_N_SHAPES, 0);

  return shape == MAZE_SHAPE_CIRCULAR && centre ? info->centre_side : info->side[shape];
}

guint
maze_level_get_min_side (const MazeLevelInfo *info,
                         MazeShape            shape,
                         gboolean             centre)
{
  g_return_val_if_fail (info != NULL, 0);
  g_return_val_if_fail ((guint) shape < MAZE_N_SHAPES, 0);

  return shape == MAZE_SHAPE_CIRCULAR && centre ? info->centre_min_side : info->min_side[shape];
}

gboolean
maze_level_get_grid_size (const MazeLevelInfo *info,
                          MazeShape            shape,
                          gboolean             centre,
                          guint                max_side,
                          guint               *width,
                          guint               *height)
{
  g_return_val_if_fail (info != NULL, FALSE);
  g_return_val_if_fail ((guint) shape < MAZE_N_SHAPES, FALSE);

  if (max_side != 0 && max_side < maze_level_get_min_side (info, shape, centre))
    return FALSE;
  maze_level_clamp_size (info, shape, centre, max_side, width, height);
  return TRUE;
}

void
maze_level_clamp_size (const MazeLevelInfo *info,
                       MazeShape            shape,
                       gboolean             centre,
                       guint                max_side,
                       guint               *width,
                       guint               *height)
{
  guint side;

  g_return_if_fail (info != NULL);
  g_return_if_fail ((guint) shape < MAZE_N_SHAPES);

  side = maze_level_get_side (info, shape, centre);
  if (max_side != 0)
    side = MIN (side, max_side);
  *width = shape == MAZE_SHAPE_CIRCULAR ? MAZE_POLAR_DEFAULT_FIRST : side;
  *height = side;
}

gboolean
maze_level_check_band (guint     min_score,
                       guint     max_score,
                       GError  **error)
{
  if (min_score <= max_score)
    return TRUE;
  g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                       _("The lowest score is above the highest: choose a band such as "
                         "40 to 59"));
  return FALSE;
}

const char *
maze_level_get_title (MazeLevel level)
{
  g_return_val_if_fail (level >= 1 && level <= MAZE_N_LEVELS, NULL);
  return _(levels[level - 1].title);
}

gboolean
maze_level_from_string (const char *name,
                        MazeLevel  *level)
{
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (level != NULL, FALSE);

  for (guint i = 0; i < MAZE_N_LEVELS; i++)
    if (g_str_equal (levels[i].name, name))
      {
        *level = levels[i].level;
        return TRUE;
      }
  return FALSE;
}
