/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "maze-core.h"

G_BEGIN_DECLS

/* Play mode: the player walks the maze from start to end, one cell per
 * key press. No widgets and no GDK: the canvas maps its key events to a
 * MazePlayKey, hands it to maze_play_session_press() and draws what the
 * session says (current cell, trail, visited cells).
 *
 * Keys. The widget maps keys to these ids the same way for every shape:
 *   UP, DOWN, LEFT, RIGHT     arrow keys, W S A D, keypad 8 2 4 6
 *                             (X may stand for DOWN too);
 *   UP_LEFT, UP_RIGHT,        Q E Z C (the keys around S), keypad
 *   DOWN_LEFT, DOWN_RIGHT     7 9 1 3 (Home, Page Up, End, Page Down).
 * What they do depends on the shape (maze_play_key_to_direction()):
 *   rect: the arrows go N S W E; the diagonals do nothing;
 *   hex (pointy-top rows): LEFT and RIGHT go W and E; the diagonals go
 *     NW NE SW SE; UP and DOWN go to the cell above or below that keeps
 *     the column (NE or NW by row), so holding an arrow zig-zags
 *     straight up or down;
 *   tri: the arrows go N S W E, as on rect; a triangle pointing up has
 *     no N and one pointing down no S, so UP or DOWN does nothing there;
 *     the diagonals do nothing;
 *   circular: LEFT and RIGHT go round the ring anticlockwise and
 *     clockwise, UP outward and DOWN inward (to the one cell there);
 *     where the next ring splits a cell in two, UP_LEFT and UP_RIGHT go
 *     to the anticlockwise and the clockwise one (as seen from the
 *     centre) and UP to the one a passage leads to; DOWN_LEFT and
 *     DOWN_RIGHT do nothing. From a centre cell every key, diagonals
 *     too, goes the way it points on screen: out to the first-ring cell
 *     that way (maze_play_key_to_spoke()).
 * maze_play_key_hint() says this to the player in one translated line. */
typedef enum
{
  MAZE_PLAY_KEY_UP,
  MAZE_PLAY_KEY_DOWN,
  MAZE_PLAY_KEY_LEFT,
  MAZE_PLAY_KEY_RIGHT,
  MAZE_PLAY_KEY_UP_LEFT,
  MAZE_PLAY_KEY_UP_RIGHT,
  MAZE_PLAY_KEY_DOWN_LEFT,
  MAZE_PLAY_KEY_DOWN_RIGHT,
} MazePlayKey;

#define MAZE_N_PLAY_KEYS 8

/* The topology direction (maze-topology.h) key stands for in shape, from
 * a cell in row y (hex UP and DOWN depend on the row); -1 when the key
 * means nothing there. */
gint        maze_play_key_to_direction (MazePlayKey  key,
                                        MazeShape    shape,
                                        guint        y);
/* The direction key stands for from cell (x, y) of grid: as above,
 * and on rings the cell's own way inward (IN_A or IN_B) and, for UP
 * where the ring outside splits, the cell outward a passage leads to. */
gint        maze_play_key_to_cell_direction (MazePlayKey     key,
                                             const MazeGrid *grid,
                                             guint           x,
                                             guint           y);
/* The spoke of grid's centre cell key points along (up is the first
 * ring's cell 0, clockwise as the ring); where it points along the wall
 * between two cells, the one a passage leads to when by_passage (play),
 * else the clockwise one (the cell cursor, which ignores walls). */
gint        maze_play_key_to_spoke     (MazePlayKey     key,
                                        const MazeGrid *grid,
                                        gboolean        by_passage);
/* The keys to use, in one translated sentence for the UI. */
const char *maze_play_key_hint         (MazeShape    shape);

/* A clock in microseconds; the default is g_get_monotonic_time(). */
typedef gint64 (*MazePlayClockFunc) (gpointer user_data);

#define MAZE_TYPE_PLAY_SESSION (maze_play_session_get_type ())

G_DECLARE_FINAL_TYPE (MazePlaySession, maze_play_session, MAZE, PLAY_SESSION, GObject)

/* A session on a private copy of grid, at start, not finished. When the
 * maze changes, the view makes a new session. Fails with the core's error
 * when start or end is off the maze or masked (MAZE_ERROR_INVALID_ARGUMENT)
 * or no path joins them (MAZE_ERROR_UNREACHABLE): a game that cannot be
 * won is not started. */
MazePlaySession *maze_play_session_new               (const MazeGrid     *grid,
                                                      guint32             start,
                                                      guint32             end,
                                                      GError            **error);
/* For tests: replace the clock (NULL: back to the monotonic clock). Set
 * it before the first move. */
void             maze_play_session_set_clock         (MazePlaySession    *self,
                                                      MazePlayClockFunc   clock,
                                                      gpointer            user_data);

/* Moves one cell towards dir (0..n_dirs-1, see maze-topology.h). FALSE,
 * and nothing changes or counts, when a wall, the border or a masked cell
 * is in the way, dir is not a direction of the shape, or the session is
 * finished. Reaching the end finishes the session. */
gboolean         maze_play_session_move              (MazePlaySession    *self,
                                                      guint               dir);
/* maze_play_session_move() for a key (see MazePlayKey); FALSE for a key
 * that means nothing in this shape. */
gboolean         maze_play_session_press             (MazePlaySession    *self,
                                                      MazePlayKey         key);
/* Back to the start: no moves, no trail, clock stopped. */
void             maze_play_session_restart           (MazePlaySession    *self);

const MazeGrid  *maze_play_session_get_grid          (MazePlaySession    *self);
guint32          maze_play_session_get_start         (MazePlaySession    *self);
guint32          maze_play_session_get_end           (MazePlaySession    *self);
/* "cell" property. */
guint32          maze_play_session_get_cell          (MazePlaySession    *self);
/* "moves" property: moves made, steps back included. */
guint            maze_play_session_get_moves         (MazePlaySession    *self);
/* "finished" property: the end has been reached. */
gboolean         maze_play_session_get_finished      (MazePlaySession    *self);
/* The fewest moves from start to end (the core's BFS path, less one). */
guint            maze_play_session_get_shortest_moves (MazePlaySession   *self);

/* The trail: the way from the start to the current cell, both included,
 * as the player walked it but with the detours taken back: stepping onto
 * a cell already on the trail cuts the trail back to that cell. So going
 * back the way you came rubs the trail out behind you, and the trail is
 * always a simple line to draw (MazeRenderOptions.solution), however long
 * the player has wandered. Where the player has been is kept apart, in
 * maze_play_session_get_visited(). Owned by the session; valid until the
 * next move or restart. */
const guint32   *maze_play_session_get_trail         (MazePlaySession    *self,
                                                      guint32            *len);
/* One value per cell of the grid: the move count at which the player
 * first stood on the cell (0 for the start), G_MAXUINT32 for cells never
 * visited; *max gets the moves made so far, which no value exceeds.
 * Ready for a MazeRenderOptions overlay (overlay_values and overlay_max;
 * MAZE_OVERLAY_EXPLORED to tint the cells, HEAT to shade them by when).
 * Owned by the session. */
const guint32   *maze_play_session_get_visited       (MazePlaySession    *self,
                                                      guint32            *max);

/* Microseconds on the clock since the first move (0 before it), stopped
 * at the finish. The view redraws its timer from this on a tick. */
gint64           maze_play_session_get_elapsed       (MazePlaySession    *self);

/* The translated sentence for the finish toast, comparing the moves made
 * with the shortest path; NULL while the session is not finished. */
char            *maze_play_session_dup_finish_message (MazePlaySession   *self);

G_END_DECLS
