/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gio/gio.h>

#include "maze-core.h"

G_BEGIN_DECLS

/* The model behind "playback with narration": the step trace of one run of
 * a generator (from its parameters and seed) or of one solver (between two
 * cells of a grid), recorded once and then replayed at any position.
 *
 * Steps and positions
 *   The trace is a list of core events (maze-observer.h) grouped into
 *   steps where the generator or solver marked them (MAZE_EVENT_STEP):
 *   one step is one thing a person would describe in one sentence,
 *   e.g. "choose E, carve the wall, enter the next cell" is three events
 *   and one step. A playback has n_steps steps and n_steps + 1 positions:
 *   at position p the first p steps have been carried out. Position 0 is
 *   the state before the first step (for a generation: the grid the
 *   generator starts from, all walls closed, or for recursive division
 *   every wall open), position n_steps the end (the maze maze_generate()
 *   makes, or the solver's search with its path). Narration line k
 *   (maze-narration.h) tells step k, the move from position k to k + 1.
 *
 * Drawing the current position
 *   - maze_playback_get_grid(): the passages, a MazeGrid to hand to
 *     maze_render() as is;
 *   - maze_playback_get_cell_flags(): per cell, MazePlaybackCellFlags
 *     (on the stack or in the frontier, dead end, on the path);
 *   - maze_playback_get_overlay_values() and _get_overlay_max(): per cell,
 *     the visit order (generators, depth-first search, wall follower) or
 *     the distance at which the cell was settled (BFS, Dijkstra, A*), or
 *     G_MAXUINT32 for cells not reached yet: MazeRenderOptions.overlay_*;
 *   - maze_playback_get_current_cell(): the cell the algorithm is at;
 *   - maze_playback_get_path(): the solver's path once it is found.
 *   These pointers belong to the playback and stay valid until it is
 *   finalised; their contents change when the position does. After every
 *   change of position "changed" says which cells may look different.
 *
 * Cost
 *   Events are stored in 8 bytes each, plus a snapshot of the grid (one
 *   byte per cell) every so many events so that seek() is fast anywhere:
 *   it starts from the nearest snapshot or the current position, whichever
 *   is closer, and applies or undoes events from there. Stepping forward or
 *   back costs the events of one step.
 *
 * Recording runs the generator or solver once with an observer; for big
 * mazes do it in a GTask thread (the constructors touch no shared state)
 * and hand the finished playback to the main thread. */

/* Mazes bigger than this are refused: the per-cell state and snapshots
 * would no longer fit a sensible amount of memory. */
#define MAZE_PLAYBACK_MAX_CELLS  1000000u
/* Traces longer than this are refused (128 MiB of events). Aldous-Broder
 * reaches it first: its random walk needs about 16 million steps at about
 * 300,000 cells. */
#define MAZE_PLAYBACK_MAX_EVENTS (1u << 24)

typedef enum
{
  MAZE_PLAYBACK_GENERATION,
  MAZE_PLAYBACK_SOLVER,
} MazePlaybackKind;

/* What a cell is at the current position; bits of the bytes that
 * maze_playback_get_cell_flags() returns. */
typedef enum
{
  /* Generation: the cell is part of the maze (visited). Solvers: it has
   * been explored (visited, or settled by BFS, Dijkstra and A*). Exactly
   * the cells with an overlay value. */
  MAZE_PLAYBACK_CELL_VISITED = 1 << 0,
  /* On the stack (backtracker, depth-first search), on the active list
   * (growing tree, simplified Prim's) or in the frontier (Prim's, BFS,
   * Dijkstra, A*). */
  MAZE_PLAYBACK_CELL_ACTIVE  = 1 << 1,
  /* Backtracked from, or taken off the active list: done with. */
  MAZE_PLAYBACK_CELL_DEAD    = 1 << 2,
  /* On the solver's path (the last step of a successful search). */
  MAZE_PLAYBACK_CELL_PATH    = 1 << 3,
} MazePlaybackCellFlags;

#define MAZE_TYPE_PLAYBACK (maze_playback_get_type ())

G_DECLARE_FINAL_TYPE (MazePlayback, maze_playback, MAZE, PLAYBACK, GObject)

/* Records maze_generate (grid, options): the shape, size, mask and
 * weights come from grid (its passages are ignored; it is not changed), algorithm, growing-tree mode
 * and seed from options (options->observer is ignored). The end of the
 * trace is exactly the maze maze_generate() makes; braiding, which
 * maze_puzzle_generate() applies afterwards, is not part of it.
 * Errors: those of maze_generate(); MAZE_ERROR_INVALID_SIZE for more than
 * MAZE_PLAYBACK_MAX_CELLS cells or MAZE_PLAYBACK_MAX_EVENTS events;
 * G_IO_ERROR_CANCELLED when cancellable was cancelled. */
MazePlayback       *maze_playback_new_for_generation (const MazeGrid             *grid,
                                                      const MazeGenerateOptions  *options,
                                                      GCancellable               *cancellable,
                                                      GError                    **error);
/* Records maze_solve (grid, solver, start, end). The grid is copied.
 * A search that does not reach the end (MAZE_ERROR_UNREACHABLE, e.g. the
 * wall follower going round a loop of a braided maze) is still recorded,
 * to be watched: maze_playback_get_solution() is then NULL and
 * maze_playback_get_search_error() says why. Other errors as above. */
MazePlayback       *maze_playback_new_for_solver     (const MazeGrid             *grid,
                                                      MazeSolverKind              solver,
                                                      guint32                     start,
                                                      guint32                     end,
                                                      GCancellable               *cancellable,
                                                      GError                    **error);

/* What was recorded. */
MazePlaybackKind    maze_playback_get_kind           (MazePlayback               *self);
MazeAlgorithm       maze_playback_get_algorithm      (MazePlayback               *self);
MazeSolverKind      maze_playback_get_solver         (MazePlayback               *self);
/* Solvers: the endpoints; MAZE_NO_CELL for a generation. */
guint32             maze_playback_get_start          (MazePlayback               *self);
guint32             maze_playback_get_end            (MazePlayback               *self);
/* Solvers: what maze_solve() returned, or NULL (generation, or the search
 * failed: see maze_playback_get_search_error()). */
const MazeSolution *maze_playback_get_solution       (MazePlayback               *self);
const GError       *maze_playback_get_search_error   (MazePlayback               *self);

/* Steps and position. seek() clamps to n_steps; step_forward() and
 * step_back() return FALSE (and do nothing) at the end / the start. */
guint               maze_playback_get_n_steps        (MazePlayback               *self);
guint               maze_playback_get_position       (MazePlayback               *self);
void                maze_playback_seek               (MazePlayback               *self,
                                                      guint                       position);
gboolean            maze_playback_step_forward       (MazePlayback               *self);
gboolean            maze_playback_step_back          (MazePlayback               *self);

/* The state at the current position (see above); "notify::position"
 * and "changed" (with a const MazeRect * around the cells that may look
 * different) follow every change of position. The grid's scratch bits
 * are always zero. The cell flags and overlay values have grid->n_cells
 * entries. The current cell is MAZE_NO_CELL at position 0. The path is
 * NULL with *len 0 until the solver's last step. overlay_max is the
 * largest value of the whole trace, so colours stay put while playing. */
const MazeGrid     *maze_playback_get_grid           (MazePlayback               *self);
const guint8       *maze_playback_get_cell_flags     (MazePlayback               *self);
const guint32      *maze_playback_get_overlay_values (MazePlayback               *self);
guint32             maze_playback_get_overlay_max    (MazePlayback               *self);
guint32             maze_playback_get_current_cell   (MazePlayback               *self);
const guint32      *maze_playback_get_path           (MazePlayback               *self,
                                                      guint32                    *len);

/* The raw events, for the narration and for anyone who wants the detail:
 * step's events are first..first + n - 1 (n >= 1); get_event() fills in
 * the event as the core emitted it. Steps begin where the core's events
 * say so (MAZE_EVENT_STEP); setup events (MAZE_EVENT_SETUP) before the
 * first step make position 0 and are not kept as events. */
guint32             maze_playback_get_n_events       (MazePlayback               *self);
guint32             maze_playback_get_step_events    (MazePlayback               *self,
                                                      guint                       step,
                                                      guint32                    *first);
void                maze_playback_get_event          (MazePlayback               *self,
                                                      guint32                     index,
                                                      MazeEvent                  *event);

/* Bytes held by the trace (events, step index, snapshots) and by the
 * per-cell state: for diagnostics and the benchmark. */
gsize               maze_playback_get_memory_size    (MazePlayback               *self);

G_END_DECLS
