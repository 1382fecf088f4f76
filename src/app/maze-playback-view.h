/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "maze-canvas.h"
#include "maze-document.h"
#include "maze-playback.h"

G_BEGIN_DECLS

/* The solver panel's "Playback" page: replays the generation of the
 * document's maze (from its parameters and seed) or one solver's search
 * between the solver panel's solve endpoints, step by step, with a narration
 * line per step, drawn on the canvas as it goes.
 *
 * Recording runs on a thread (MazePlayback) with a spinner and Cancel;
 * refusals (too many cells or steps) are shown in the page. Any change
 * of the maze, of the solve endpoints (for a solver) or of the source
 * discards the recording; while showing, the view records again.
 *
 * The canvas: only while "showing" (the panel sets it while the page is
 * on screen and the panel active) the view's overlay is on the canvas
 * (maze_playback_view_get_overlay()): the playback's grid, cell roles
 * and heat map, its current cell and, once found, the solver's path in
 * the solver's own path slot (MazeSolverKind: the colour of that
 * solver's swatch on the Compare page). When it stops showing the
 * overlay leaves the canvas.
 *
 * Actions (bound to keys while the focus is in the view): playback.toggle
 * (Space), playback.step-back (Left), playback.step-forward (Right),
 * playback.go-start (Home), playback.go-end (End).
 *
 * Properties: "document", "canvas", "showing", "playing", "speed"
 * (steps per second, MAZE_PLAYBACK_VIEW_MIN_SPEED..MAX_SPEED, kept in
 * the "playback-speed" setting). */

#define MAZE_PLAYBACK_VIEW_MIN_SPEED 1.0
#define MAZE_PLAYBACK_VIEW_MAX_SPEED 100000.0

/* What to replay: the generation, or a MazeSolverKind. */
#define MAZE_PLAYBACK_VIEW_GENERATION (-1)

#define MAZE_TYPE_PLAYBACK_VIEW (maze_playback_view_get_type ())

G_DECLARE_FINAL_TYPE (MazePlaybackView, maze_playback_view, MAZE, PLAYBACK_VIEW, GtkWidget)

GtkWidget    *maze_playback_view_new          (void);
void          maze_playback_view_set_document (MazePlaybackView *self,
                                               MazeDocument     *document);
void          maze_playback_view_set_canvas   (MazePlaybackView *self,
                                               MazeCanvas       *canvas);
void          maze_playback_view_set_showing  (MazePlaybackView *self,
                                               gboolean          showing);
gboolean      maze_playback_view_get_showing  (MazePlaybackView *self);
/* MAZE_PLAYBACK_VIEW_GENERATION or a MazeSolverKind. */
void          maze_playback_view_set_source   (MazePlaybackView *self,
                                               int               source);
int           maze_playback_view_get_source   (MazePlaybackView *self);
void          maze_playback_view_set_playing  (MazePlaybackView *self,
                                               gboolean          playing);
gboolean      maze_playback_view_get_playing  (MazePlaybackView *self);
void          maze_playback_view_set_speed    (MazePlaybackView *self,
                                               double            steps_per_second);
double        maze_playback_view_get_speed    (MazePlaybackView *self);
/* The recording shown, NULL while none is (recording, refused, not
 * showing yet). */
MazePlayback *maze_playback_view_get_playback (MazePlaybackView *self);
gboolean      maze_playback_view_get_recording (MazePlaybackView *self);
/* Where a solver's playback starts and ends: the solver panel's cells
 * (MAZE_NO_CELL: the maze's own start or end). A change records again. */
void          maze_playback_view_set_solve_endpoints (MazePlaybackView *self,
                                                      guint32           start,
                                                      guint32           end);
/* What the view shows on the canvas while showing (empty otherwise). */
MazeOverlay  *maze_playback_view_get_overlay  (MazePlaybackView *self);

/* What a frame of the tick callback does at frame_time (µs, the frame
 * clock's): advances by the time since the last frame × speed. Returns
 * FALSE once playing stopped (at the end). For tests and the benchmark. */
gboolean      maze_playback_view_advance      (MazePlaybackView *self,
                                               gint64            frame_time);
/* How many times the narration list has scrolled to the current line.
 * For tests. */
guint         maze_playback_view_get_n_list_jumps (MazePlaybackView *self);

G_END_DECLS
