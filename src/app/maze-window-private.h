/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "maze-canvas.h"
#include "maze-compat.h"
#include "maze-settings-panel.h"
#include "maze-solver-panel.h"
#include "maze-window.h"

G_BEGIN_DECLS

/* Mazes up to this many cells (the 50 × 50 preset) are generated and
 * edited (a region regenerated, the mask painted, braided) on the main
 * thread, in a millisecond or two with any algorithm; bigger ones on a
 * thread with a progress overlay (Aldous-Broder takes a third of a
 * second for 2000 × 30 already, a region in a long corridor a minute). */
#define MAZE_WINDOW_SYNC_CELLS 2500

/* What a file chooser would have answered: a new reference, or NULL for
 * "cancelled". Tests set one to bypass the real chooser. */
typedef GFile *(*MazeWindowChooser) (MazeWindow *window,
                                     gboolean    save,
                                     gpointer    user_data);

/* The work under way on a thread, which the progress overlay shows and
 * win.cancel (its Cancel button, Escape) stops. One at a time: starting
 * one cancels the one before. */
typedef enum
{
  MAZE_WINDOW_WORK_NONE,
  MAZE_WINDOW_WORK_GENERATE,
  MAZE_WINDOW_WORK_EDIT,     /* a region, a mask stroke, a braid */
  MAZE_WINDOW_WORK_LOAD,
} MazeWindowWork;

/* What to do after the user agreed to leave the current document. */
typedef void (*MazeWindowThen) (MazeWindow *self,
                                gpointer    user_data);

struct _MazeWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwWindowTitle       *window_title;
  AdwToastOverlay      *toast_overlay;
  MazeSettingsPanel    *settings_panel;
  MazeCanvas           *canvas;
  GtkWidget            *canvas_overlay;
  GtkWidget            *progress_box;
  GtkProgressBar       *progress_bar;
  GtkLabel             *progress_label;
  GtkLabel             *hover_label;
  GtkLabel             *tool_label;   /* names the active tool */
  GtkWidget            *weight_box;
  GtkSpinButton        *weight_spin;
  /* AdwFlaps, used through their properties only ("reveal-flap",
   * "folded"): the settings on the left, the solvers on the right. */
  GtkWidget            *sidebar_flap;
  GtkWidget            *solver_flap;
  MazeSolverPanel      *solver_panel;
  GtkWidget            *play_box;
  GtkLabel             *play_moves_label;
  GtkLabel             *play_time_label;
  GtkLabel             *play_hint_label;
  GMenu                *recent_menu;    /* the main menu's Open Recent */

  /* Owned */
  MazeDocument         *document;
  GSettings            *settings;
  GCancellable         *work_cancellable;
  MazeWindowWork        work;
  /* Files being read on a thread, cancelled ones included until their
   * thread is done (tests wait for it). */
  guint                 n_loads;
  /* Edits on a thread, likewise until their thread is done. */
  guint                 n_edits;
  /* Mazes made to order, likewise. */
  guint                 n_bands;
  /* Mazes generated on a thread, likewise. */
  guint                 n_generations;
  char                 *tool;
  MazeWindowChooser     chooser;
  gpointer              chooser_data;
  guint64               sync_cells;
  guint                 pulse_source;
  guint                 reveal_source;
  gboolean              close_confirmed;
  gboolean              cancel_enabled;
  gboolean              show_solvers;
  /* Play mode: the session the canvas plays, and the clock's tick. */
  MazePlaySession      *play_session;
  guint                 play_timer;
};

/* maze-window.c */
void     maze_window_set_document        (MazeWindow         *self,
                                          MazeDocument       *document);
void     maze_window_generate            (MazeWindow         *self,
                                          const MazeSettings *settings);
/* A maze of settings made to order, its difficulty score within
 * min_score..max_score, on the window's busy state; a band out of reach
 * is said under the settings panel's Score Band. */
void     maze_window_generate_in_band    (MazeWindow         *self,
                                          const MazeSettings *settings,
                                          guint32             min_score,
                                          guint32             max_score);
/* Starts work (labelled for the progress overlay), cancelling any under
 * way; the cancellable, owned by the window, is for that work. The work
 * ends with maze_window_end_work() when it finishes by itself, unless it
 * was cancelled: then whoever cancelled it has ended it. */
GCancellable *maze_window_begin_work     (MazeWindow         *self,
                                          MazeWindowWork      work,
                                          const char         *label);
void     maze_window_end_work            (MazeWindow         *self);
void     maze_window_show_progress       (MazeWindow         *self,
                                          double              fraction);
/* Stops the work under way, if any, and says which it was. */
MazeWindowWork maze_window_cancel_work   (MazeWindow         *self);
/* Stops a maze being made or edited, if any, and shows the document's
 * maze in every control again (they showed what was asked for). */
void     maze_window_cancel_maze_work    (MazeWindow         *self);
/* Every control shows the document's maze (after work on it was
 * cancelled or failed). */
void     maze_window_show_document_controls (MazeWindow      *self);
void     maze_window_show_error          (MazeWindow         *self,
                                          const char         *heading,
                                          const GError       *error);
void     maze_window_show_toast          (MazeWindow         *self,
                                          const char         *title);
/* A toast about a file just written, offering to open it or show it in
 * its folder (win.open-file, win.show-in-folder). */
void     maze_window_show_file_toast     (MazeWindow         *self,
                                          const char         *title,
                                          GFile              *file);
void     maze_window_add_recent          (MazeWindow         *self,
                                          GFile              *file);
/* The solver panel on the right ("show-solvers", win.show-solvers). */
void     maze_window_set_show_solvers    (MazeWindow         *self,
                                          gboolean            show);
/* The settings sidebar on the left ("show-sidebar", win.show-sidebar):
 * shown by default when the window is wide enough, folded away over the
 * maze when it is not. */
void     maze_window_set_show_sidebar    (MazeWindow         *self,
                                          gboolean            show);
/* Play mode ("playing", win.play): a game on the current maze from its
 * start to its end; FALSE, with a toast, when the maze cannot be played. */
gboolean maze_window_set_playing         (MazeWindow         *self,
                                          gboolean            playing);

/* maze-window-actions.c */
void     maze_window_class_add_actions   (GtkWidgetClass     *widget_class);
void     maze_window_update_actions      (MazeWindow         *self);
void     maze_window_confirm_discard     (MazeWindow         *self,
                                          MazeWindowThen      then,
                                          gpointer            user_data,
                                          GDestroyNotify      destroy);
void     maze_window_choose_file         (MazeWindow         *self,
                                          gboolean            save,
                                          MazeFileChosenFunc  callback,
                                          gpointer            user_data);

/* For tests: answer file choosers with chooser instead of showing them,
 * and move the threshold between main-thread and threaded generation. */
void     maze_window_set_chooser         (MazeWindow         *self,
                                          MazeWindowChooser   chooser,
                                          gpointer            user_data);
void     maze_window_set_sync_cells      (MazeWindow         *self,
                                          guint64             cells);

G_END_DECLS
