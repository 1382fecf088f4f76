/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-endpoints.h"
#include "maze-generate.h"
#include "maze-grid.h"
#include "maze-outline-params.h"

G_BEGIN_DECLS

/* A maze as a document holds it: the parameters that made it, the edits
 * made since, where it starts and ends, and the grid all that produced.
 * The grid is the truth (a file opens the same even after generators
 * change); parameters and history say how it came to be and let it be
 * made again. */

typedef enum
{
  MAZE_EDIT_REGENERATE, /* rect regenerated with algorithm and seed */
  MAZE_EDIT_MASK,       /* rect's mask replaced by mask, then regenerated */
  MAZE_EDIT_START,      /* start moved to cell */
  MAZE_EDIT_END,        /* end moved to cell */
  MAZE_EDIT_WEIGHT,     /* cell's weight set to weight */
} MazeEditKind;

#define MAZE_N_EDIT_KINDS 5

typedef struct
{
  MazeEditKind         kind;
  MazeRect             rect;              /* REGENERATE, MASK */
  MazeAlgorithm        algorithm;         /* REGENERATE, MASK */
  MazeGrowingTreeMode  growing_tree_mode; /* REGENERATE, MASK */
  guint64              seed;              /* REGENERATE, MASK */
  guint8              *mask;              /* MASK: rect.width * rect.height, nonzero = masked */
  guint32              cell;              /* START, END, WEIGHT */
  guint8               weight;            /* WEIGHT: 1..255 */
} MazeEdit;

typedef struct
{
  char                *title;             /* may be NULL */
  gboolean             has_parameters;    /* FALSE for imported text mazes */
  MazeAlgorithm        algorithm;
  MazeGrowingTreeMode  growing_tree_mode;
  guint64              seed;
  guint32              braid;             /* fixed point, MAZE_BRAID_ONE = 1 */
  /* Made to order (maze-order.h): the difficulty band asked for. */
  gboolean             has_band;
  guint32              band_min;
  guint32              band_max;
  guint32              start;             /* cell index */
  guint32              end;               /* cell index */
  GPtrArray           *history;           /* of MazeEdit, oldest first */
  MazeOutlineParams   *outline;           /* how the mask's outline was made, or NULL */
  MazeGrid            *grid;
} MazePuzzle;

const char *maze_edit_kind_to_string   (MazeEditKind         kind);
gboolean    maze_edit_kind_from_string (const char          *name,
                                        MazeEditKind        *kind);
MazeEdit   *maze_edit_copy             (const MazeEdit      *edit);
void        maze_edit_free             (MazeEdit            *edit);

/* Generates a new puzzle: the grid, braided by braid with a seed derived
 * from seed, start and end chosen by preset. */
MazePuzzle *maze_puzzle_generate       (MazeShape                   shape,
                                        guint                       width,
                                        guint                       height,
                                        const MazeGenerateOptions  *options,
                                        guint32                     braid,
                                        MazeEndpointsPreset         preset,
                                        GError                    **error);
/* The same on a grid of one's own (taken): its passages are carved anew,
 * its mask and weights kept, so a shaped or muddy maze can be made again
 * with other settings. */
MazePuzzle *maze_puzzle_generate_on    (MazeGrid                   *grid,
                                        const MazeGenerateOptions  *options,
                                        guint32                     braid,
                                        MazeEndpointsPreset         preset,
                                        GError                    **error);
/* maze_puzzle_generate_on(), and when unbraided is not NULL and the maze
 * is braided, the maze before braiding in *unbraided (else NULL): what
 * maze_puzzle_braid() braids anew. options->stop is asked through every
 * stage (carving, braiding, choosing the ends). */
MazePuzzle *maze_puzzle_generate_on_full (MazeGrid                   *grid,
                                          const MazeGenerateOptions  *options,
                                          guint32                     braid,
                                          MazeEndpointsPreset         preset,
                                          MazeGrid                  **unbraided,
                                          GError                    **error);
/* Braids the puzzle's maze anew to braid, keeping its start, end, mask
 * and mud: its passages become base's (the same maze before braiding:
 * maze_braid_is_base_of()) braided with the seed generation braids with,
 * so generating with a braid and braiding after give the same maze, and
 * a lower braid opens a prefix of what a higher one opens. base_braid is
 * the braid base has already (0 for a perfect maze; the maze braided at
 * generation when its unbraided maze is not known, a file's maze, one
 * edited after braiding): at or above it the share of base's dead ends
 * opened is what brings it from base_braid to braid. Below it base's
 * loops are closed first (maze_braid_close_loops(), with a seed derived
 * from the puzzle's: the same maze and seed close the same ones), and
 * the perfect maze left is braided to braid; lower braids again open a
 * prefix of what higher ones below base_braid open. Records braid in the
 * puzzle. stop (may be NULL) is asked every MAZE_STOP_INTERVAL steps; on
 * error (MAZE_ERROR_CANCELLED when it said stop) the puzzle is
 * unchanged. */
gboolean    maze_puzzle_braid          (MazePuzzle          *puzzle,
                                        const MazeGrid      *base,
                                        guint32              base_braid,
                                        guint32              braid,
                                        MazeStopFunc         stop,
                                        gpointer             stop_data,
                                        GError             **error);
/* The same, keeping base with its loops closed in *closed for the next
 * braid of the same base: NULL to have it made when a braid below
 * base_braid needs it (it is then put there, the caller's to free), or
 * what an earlier call put there (the puzzle's maze may then be that
 * braided: base need not be the base of it, *closed must). */
gboolean    maze_puzzle_braid_full     (MazePuzzle          *puzzle,
                                        const MazeGrid      *base,
                                        guint32              base_braid,
                                        MazeGrid           **closed,
                                        guint32              braid,
                                        MazeStopFunc         stop,
                                        gpointer             stop_data,
                                        GError             **error);
/* Wraps a grid made elsewhere (an imported text maze): no parameters. */
MazePuzzle *maze_puzzle_new_for_grid   (MazeGrid            *grid,
                                        guint32              start,
                                        guint32              end);
MazePuzzle *maze_puzzle_copy           (const MazePuzzle    *puzzle);
void        maze_puzzle_free           (MazePuzzle          *puzzle);
/* The longest title, in bytes of UTF-8: room for any title, and written
 * into a .maze file (at most 6 bytes for each) it stays within what the
 * file's reader takes for a string. */
#define MAZE_PUZZLE_MAX_TITLE 4096

void        maze_puzzle_set_title      (MazePuzzle          *puzzle,
                                        const char          *title);

/* Applies edit to the grid and records it in the history. On error the
 * puzzle is unchanged. */
gboolean    maze_puzzle_apply          (MazePuzzle          *puzzle,
                                        const MazeEdit      *edit,
                                        GError             **error);
/* The same, asking stop (may be NULL) every MAZE_STOP_INTERVAL steps of
 * a regeneration or mask edit: MAZE_ERROR_CANCELLED, puzzle unchanged. */
gboolean    maze_puzzle_apply_full     (MazePuzzle          *puzzle,
                                        const MazeEdit      *edit,
                                        MazeStopFunc         stop,
                                        gpointer             stop_data,
                                        GError             **error);
/* A short ID for worksheets, "K7Q-2MX", to pair them with their answer
 * keys: from the maze (shape, size, mask, passages), its weights and its
 * start and end, so the same puzzle always gets the same ID and another
 * puzzle (another braid, an edit, other ends) almost always another one.
 * Free with g_free(). */
char       *maze_puzzle_get_id         (const MazePuzzle    *puzzle);

/* Checks that start and end are open cells of the grid. */
gboolean    maze_puzzle_check_endpoints (const MazePuzzle   *puzzle,
                                         GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MazeEdit, maze_edit_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MazePuzzle, maze_puzzle_free)

G_END_DECLS
