/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-playback-view.h"
#include "maze-solve-endpoints.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "maze-narration.h"
#include "maze-narration-row.h"
#include "maze-solver-panel-private.h"

/* A burst of changes (a brush stroke, a dragged endpoint) records once,
 * this long after the last. */
#define RECORD_DELAY_MS 100

/* A frame late by more than this (the window was hidden, the machine
 * busy) does not make the playback jump ahead: it resumes. */
#define MAX_FRAME_GAP_US 250000

/* The narration list follows the current line at once while it moves by
 * at most this many lines: GTK 4.8's list view rebinds every row it
 * keeps (about 200) when it jumps, some 30–50 ms here even with
 * MazeNarrationRow (a quarter of a second with labels). Bigger moves
 * (fast playing, scrubbing) scroll once the position has rested this
 * long. */
#define FOLLOW_NEAR_LINES 8
#define FOLLOW_REST_MS    150
/* While playing fast the position never rests: the list jumps to the
 * current line this often instead, so it keeps up without costing every
 * frame. */
#define FOLLOW_PLAYING_US 250000

/* The generation's heat map is shaded in this palette entry's colour
 * (blue: well apart from the yellow the canvas gives the stack or active
 * cells); solvers' in their own, as on the Compare page. */
#define GENERATION_PALETTE 2

/* Keys that step the playback while the focus is in the page. */
static const struct
{
  guint       keyval;
  const char *action;
} transport_keys[] = {
  { GDK_KEY_Left, "playback.step-back" },
  { GDK_KEY_KP_Left, "playback.step-back" },
  { GDK_KEY_Right, "playback.step-forward" },
  { GDK_KEY_KP_Right, "playback.step-forward" },
  { GDK_KEY_Home, "playback.go-start" },
  { GDK_KEY_KP_Home, "playback.go-start" },
  { GDK_KEY_End, "playback.go-end" },
  { GDK_KEY_KP_End, "playback.go-end" },
};

/* The combo row's items: the generation, then the solvers in
 * MazeSolverKind order. */
#define SOURCE_ITEM(source) ((guint) ((source) + 1))

struct _MazePlaybackView
{
  GtkWidget           parent_instance;

  /* Template widgets */
  AdwComboRow        *source_row;
  GtkStringList      *source_list;
  GtkStack           *state_stack;
  GtkWidget          *play_button;
  GtkLabel           *step_label;
  GtkScale           *scrubber;
  GtkAdjustment      *position_adjustment;
  GtkScale           *speed_scale;
  GtkAdjustment      *speed_adjustment;
  GtkLabel           *note_label;
  GtkListView        *narration_list;
  GtkSpinner         *record_spinner;
  GtkWidget          *cancel_button;
  GtkLabel           *message_label;
  GtkWidget          *retry_button;

  /* Owned */
  MazeDocument       *document;
  MazeCanvas         *canvas;
  GSettings          *settings;
  MazePlayback       *playback;
  MazeNarration      *narration;
  GtkSingleSelection *selection;
  GCancellable       *cancellable;   /* the recording under way */
  guint               record_source;
  guint               scroll_source;
  gint64              far_scroll_frame; /* frame time of the last jump while playing */
  guint               n_list_jumps;     /* scrolls of the list to the current line */
  guint               scrolled_line;  /* where the list was last scrolled; G_MAXUINT: nowhere */

  int                 source;
  gboolean            showing;
  MazeOverlay        *overlay;       /* what the playback shows on the canvas */
  guint32             solve_start;   /* the panel's; MAZE_NO_CELL: the maze's own */
  guint32             solve_end;
  gboolean            layers_shown;  /* the overlay is on the canvas */
  guint               resume_position; /* where a recording of the same source picks up */
  guint               updating;      /* > 0: controls set by code */

  /* Playing */
  guint               tick_id;
  gint64              last_frame;    /* 0: the next frame is the first */
  double              carry;         /* steps owed, below one */
};

G_DEFINE_FINAL_TYPE (MazePlaybackView, maze_playback_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_CANVAS,
  PROP_SHOWING,
  PROP_PLAYING,
  PROP_SPEED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void start_recording (MazePlaybackView *self);

/* ---- The canvas ---- */

/* The path appears once, at the solver's last step, in the solver's
 * own slot: the colour and dashes of its swatch on the Compare page. */
static void
update_path (MazePlaybackView *self)
{
  const guint32 *path;
  guint32 len;

  if (maze_playback_get_kind (self->playback) != MAZE_PLAYBACK_SOLVER)
    return;
  path = maze_playback_get_path (self->playback, &len);
  maze_overlay_set_path (self->overlay, maze_playback_get_solver (self->playback), path, len);
}

/* The playback's grid, cell roles, heat map, current cell and path into
 * the view's overlay, on the canvas. */
static void
show_layers (MazePlaybackView *self)
{
  const MazeGrid *grid;
  MazeColor color;

  if (self->layers_shown || self->canvas == NULL || self->playback == NULL || !self->showing)
    return;

  if (maze_playback_get_kind (self->playback) == MAZE_PLAYBACK_SOLVER)
    maze_render_path_palette (maze_playback_get_solver (self->playback), &color, NULL);
  else
    maze_render_path_palette (GENERATION_PALETTE, &color, NULL);
  color.alpha = MAZE_SOLVER_PANEL_HEAT_ALPHA;

  grid = maze_playback_get_grid (self->playback);
  maze_overlay_clear (self->overlay);
  maze_overlay_set_size (self->overlay, grid);
  maze_overlay_set_grid (self->overlay, grid);
  maze_overlay_set_cell_roles (self->overlay, maze_playback_get_cell_flags (self->playback));
  maze_overlay_set_heat_map (self->overlay, MAZE_OVERLAY_HEAT,
                             maze_playback_get_overlay_values (self->playback),
                             maze_playback_get_overlay_max (self->playback), &color);
  maze_overlay_set_current_cell (self->overlay, maze_playback_get_current_cell (self->playback));
  update_path (self);
  maze_canvas_add_overlay (self->canvas, self->overlay);
  self->layers_shown = TRUE;
}

static void
hide_layers (MazePlaybackView *self)
{
  if (!self->layers_shown)
    return;
  self->layers_shown = FALSE;
  if (self->canvas != NULL)
    maze_canvas_remove_overlay (self->canvas, self->overlay);
  maze_overlay_clear (self->overlay);
}

static void
playback_changed_cb (MazePlaybackView *self,
                     const MazeRect   *rect)
{
  if (!self->layers_shown)
    return;
  maze_overlay_update_cells (self->overlay, rect, maze_playback_get_grid (self->playback),
                             maze_playback_get_cell_flags (self->playback),
                             maze_playback_get_overlay_values (self->playback),
                             maze_playback_get_overlay_max (self->playback));
  maze_overlay_set_current_cell (self->overlay, maze_playback_get_current_cell (self->playback));
  update_path (self);
}

/* ---- Controls ---- */

static void
update_actions (MazePlaybackView *self)
{
  guint position = 0, n_steps = 0;

  if (self->playback != NULL)
    {
      position = maze_playback_get_position (self->playback);
      n_steps = maze_playback_get_n_steps (self->playback);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "playback.toggle", n_steps > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "playback.step-back", position > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "playback.go-start", position > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "playback.step-forward", position < n_steps);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "playback.go-end", position < n_steps);
}

static void
update_play_button (MazePlaybackView *self)
{
  gboolean playing = self->tick_id != 0;

  gtk_button_set_icon_name (GTK_BUTTON (self->play_button),
                            playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic");
  gtk_widget_set_tooltip_text (self->play_button, playing ? _("Pause (Space)") : _("Play (Space)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->play_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  playing ? _("Pause") : _("Play"), -1);
}

/* The line to show: the step just carried out, or the first. */
static guint
current_line (MazePlaybackView *self)
{
  guint position = maze_playback_get_position (self->playback);

  return position > 0 ? position - 1 : 0;
}

static void
scroll_to_current (MazePlaybackView *self)
{
  if (maze_playback_get_n_steps (self->playback) == 0 ||
      !gtk_widget_get_mapped (GTK_WIDGET (self->narration_list)))
    return;
  self->scrolled_line = current_line (self);
  self->n_list_jumps++;
  gtk_widget_activate_action (GTK_WIDGET (self->narration_list), "list.scroll-to-item",
                              "u", self->scrolled_line);
}

static gboolean
scroll_later_cb (gpointer user_data)
{
  MazePlaybackView *self = user_data;

  self->scroll_source = 0;
  if (self->playback != NULL)
    scroll_to_current (self);
  return G_SOURCE_REMOVE;
}

/* Scrolls when the position has rested; also for a list given a new
 * model or just shown (the panel revealed, the page switched to), which
 * ignores scrolling until it has laid the rows out. */
static void
queue_scroll (MazePlaybackView *self)
{
  g_clear_handle_id (&self->scroll_source, g_source_remove);
  self->scroll_source = g_timeout_add (FOLLOW_REST_MS, scroll_later_cb, self);
}

static void
list_mapped_cb (MazePlaybackView *self)
{
  self->scrolled_line = G_MAXUINT;
  queue_scroll (self);
}

static void
follow_current (MazePlaybackView *self)
{
  guint line = current_line (self);

  if (self->scrolled_line != G_MAXUINT &&
      MAX (line, self->scrolled_line) - MIN (line, self->scrolled_line) <= FOLLOW_NEAR_LINES)
    {
      g_clear_handle_id (&self->scroll_source, g_source_remove);
      scroll_to_current (self);
    }
  else if (self->tick_id != 0 && self->last_frame - self->far_scroll_frame >= FOLLOW_PLAYING_US)
    {
      g_clear_handle_id (&self->scroll_source, g_source_remove);
      self->far_scroll_frame = self->last_frame;
      scroll_to_current (self);
    }
  else
    queue_scroll (self);
}

/* Everything that shows the position; runs once per change of it (once
 * a frame while playing, however many steps the frame took), so it
 * touches only what shows the position and rebuilds nothing. */
static void
position_changed_cb (MazePlaybackView *self)
{
  guint position = maze_playback_get_position (self->playback);
  guint n_steps = maze_playback_get_n_steps (self->playback);
  g_autofree char *step = NULL;

  self->updating++;
  gtk_adjustment_set_value (self->position_adjustment, position);
  /* Translators: where the playback is: "Step 12 of 480" */
  step = g_strdup_printf (_("Step %u of %u"), position, n_steps);
  gtk_label_set_label (self->step_label, step);
  /* The line of the step just carried out; none at the start. */
  gtk_single_selection_set_selected (self->selection,
                                     position > 0 ? position - 1 : GTK_INVALID_LIST_POSITION);
  follow_current (self);
  self->updating--;
  update_actions (self);
}

static void
seek (MazePlaybackView *self,
      guint             position)
{
  if (self->playback != NULL)
    maze_playback_seek (self->playback, position);
}

static void
scrubbed_cb (MazePlaybackView *self)
{
  if (self->updating)
    return;
  seek (self, (guint) (gtk_adjustment_get_value (self->position_adjustment) + 0.5));
}

static void
line_selected_cb (MazePlaybackView *self)
{
  guint selected = gtk_single_selection_get_selected (self->selection);

  /* A click on line k shows the maze after step k. */
  if (self->updating || selected == GTK_INVALID_LIST_POSITION)
    return;
  seek (self, selected + 1);
}

static void
setup_line_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item)
{
  gtk_list_item_set_child (item, maze_narration_row_new ());
}

static void
bind_line_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item)
{
  MazeNarrationLine *line = gtk_list_item_get_item (item);

  maze_narration_row_set (MAZE_NARRATION_ROW (gtk_list_item_get_child (item)),
                          maze_narration_line_get_step (line) + 1,
                          maze_narration_line_get_text (line));
}

static char *
format_speed_cb (GtkScale *scale,
                 double    value,
                 gpointer  user_data)
{
  /* Translators: the playback speed in steps a second */
  return g_strdup_printf (_("%'.0f/s"), pow (10, value));
}

static void
speed_changed_cb (MazePlaybackView *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
}

/* ---- Playing ---- */

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *frame_clock,
         gpointer       user_data)
{
  MazePlaybackView *self = MAZE_PLAYBACK_VIEW (widget);

  if (maze_playback_view_advance (self, gdk_frame_clock_get_frame_time (frame_clock)))
    return G_SOURCE_CONTINUE;
  /* advance() stopped playing and so removed this callback already. */
  return G_SOURCE_REMOVE;
}

static void
stop_playing (MazePlaybackView *self)
{
  if (self->tick_id == 0)
    return;
  gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  update_play_button (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
}

static void
start_playing (MazePlaybackView *self)
{
  if (self->tick_id != 0 || self->playback == NULL || maze_playback_get_n_steps (self->playback) == 0)
    return;
  /* Play from the end starts over. */
  if (maze_playback_get_position (self->playback) == maze_playback_get_n_steps (self->playback))
    maze_playback_seek (self->playback, 0);
  self->last_frame = 0;
  self->carry = 0;
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick_cb, NULL, NULL);
  update_play_button (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
}

static void
toggle_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MazePlaybackView *self = MAZE_PLAYBACK_VIEW (widget);

  maze_playback_view_set_playing (self, self->tick_id == 0);
}

static void
step_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MazePlaybackView *self = MAZE_PLAYBACK_VIEW (widget);

  if (self->playback == NULL)
    return;
  /* Stepping by hand means the user wants to look: stop. */
  stop_playing (self);
  if (g_str_equal (action_name, "playback.step-forward"))
    maze_playback_step_forward (self->playback);
  else if (g_str_equal (action_name, "playback.step-back"))
    maze_playback_step_back (self->playback);
  else if (g_str_equal (action_name, "playback.go-start"))
    maze_playback_seek (self->playback, 0);
  else
    maze_playback_seek (self->playback, maze_playback_get_n_steps (self->playback));
}

/* ---- Recording ---- */

typedef struct
{
  MazeGrid            *grid;
  int                  source;
  MazeGenerateOptions  options;
  guint32              start;
  guint32              end;
  gboolean             matches;   /* generation: its last step is the maze */
} RecordJob;

static void
record_job_free (RecordJob *job)
{
  g_clear_pointer (&job->grid, maze_grid_free);
  g_free (job);
}

static void
record_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  RecordJob *job = task_data;
  GError *error = NULL;
  MazePlayback *playback;

  if (job->source == MAZE_PLAYBACK_VIEW_GENERATION)
    playback = maze_playback_new_for_generation (job->grid, &job->options, cancellable, &error);
  else
    playback = maze_playback_new_for_solver (job->grid, (MazeSolverKind) job->source,
                                             job->start, job->end, cancellable, &error);
  if (playback == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  /* Braiding and edits made after the generation are not in its trace:
   * say so when its end is not the maze on screen. */
  if (job->source == MAZE_PLAYBACK_VIEW_GENERATION)
    {
      maze_playback_seek (playback, maze_playback_get_n_steps (playback));
      job->matches = maze_grid_equal (maze_playback_get_grid (playback), job->grid);
      maze_playback_seek (playback, 0);
    }
  g_task_return_pointer (task, playback, g_object_unref);
}

static void
show_message (MazePlaybackView *self,
              const char       *message,
              gboolean          can_retry)
{
  gtk_label_set_label (self->message_label, message);
  gtk_widget_set_visible (self->retry_button, can_retry);
  gtk_stack_set_visible_child_name (self->state_stack, "message");
}

static void
show_stopped (MazePlaybackView *self)
{
  /* Translators: shown after the user cancelled recording a playback */
  show_message (self, _("Recording stopped."), TRUE);
}

static void
set_recording (MazePlaybackView *self,
               gboolean          recording)
{
  gtk_spinner_set_spinning (self->record_spinner, recording);
  if (recording)
    gtk_stack_set_visible_child_name (self->state_stack, "recording");
}

/* One sentence on what the canvas shows, or why it differs from the
 * maze on screen. */
static void
update_note (MazePlaybackView *self,
             gboolean          matches)
{
  const GError *search_error;

  if (maze_playback_get_kind (self->playback) == MAZE_PLAYBACK_GENERATION)
    {
      if (!matches)
        gtk_label_set_label (self->note_label,
                             _("The loops braided in and the edits made afterwards are not part of the generation: its last step is the maze before them."));
      else
        gtk_label_set_label (self->note_label,
                             _("Shaded: the order the cells joined the maze. Striped: the cells the generator still works from; faded: those it is done with."));
      return;
    }
  search_error = maze_playback_get_search_error (self->playback);
  if (search_error != NULL)
    {
      g_autofree char *text = NULL;

      /* Translators: the search did not reach the end; the reason follows */
      text = g_strdup_printf (_("This search does not get there: %s"), search_error->message);
      gtk_label_set_label (self->note_label, text);
    }
  else if (maze_playback_get_solver (self->playback) == MAZE_SOLVER_WALL_FOLLOWER)
    gtk_label_set_label (self->note_label,
                         _("Shaded: the order the walker first reached the cells, its left hand on the wall."));
  else if (maze_playback_get_solver (self->playback) == MAZE_SOLVER_BACKTRACKING)
    gtk_label_set_label (self->note_label,
                         _("Shaded: the order the cells were explored. Striped: the way from the start to where the search is; faded: dead ends it backed out of."));
  else
    gtk_label_set_label (self->note_label,
                         _("Shaded: each settled cell’s distance from the start. Striped: the frontier, the cells reached but not settled yet."));
}

static void
adopt_playback (MazePlaybackView *self,
                MazePlayback     *playback,
                gboolean          matches)
{
  guint n_steps = maze_playback_get_n_steps (playback);

  self->playback = g_object_ref (playback);
  maze_playback_seek (playback, MIN (self->resume_position, n_steps));
  self->narration = maze_narration_new (playback);
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->narration)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  g_signal_connect_swapped (self->selection, "selection-changed", G_CALLBACK (line_selected_cb), self);
  gtk_list_view_set_model (self->narration_list, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_swapped (playback, "changed", G_CALLBACK (playback_changed_cb), self);
  g_signal_connect_swapped (playback, "notify::position", G_CALLBACK (position_changed_cb), self);

  self->updating++;
  gtk_adjustment_configure (self->position_adjustment, 0, 0, n_steps, 1, MAX (1, n_steps / 20), 0);
  self->updating--;
  update_note (self, matches);
  gtk_stack_set_visible_child_name (self->state_stack, "playback");
  self->scrolled_line = G_MAXUINT;
  position_changed_cb (self);
  show_layers (self);
}

static void
record_done_cb (GObject      *source_object,
                GAsyncResult *result,
                gpointer      user_data)
{
  MazePlaybackView *self = MAZE_PLAYBACK_VIEW (source_object);
  g_autoptr(MazePlayback) playback = NULL;
  g_autoptr(GError) error = NULL;

  /* Superseded: a newer recording or a discard replaced the cancellable. */
  if (g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    return;
  g_clear_object (&self->cancellable);
  set_recording (self, FALSE);
  playback = g_task_propagate_pointer (G_TASK (result), &error);
  if (playback != NULL)
    adopt_playback (self, playback, ((RecordJob *) g_task_get_task_data (G_TASK (result)))->matches);
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    show_stopped (self);
  else
    show_message (self, error->message, FALSE);
}

/* Forgets the recording: off the canvas, out of the list. */
static void
discard (MazePlaybackView *self)
{
  stop_playing (self);
  g_clear_handle_id (&self->record_source, g_source_remove);
  g_clear_handle_id (&self->scroll_source, g_source_remove);
  if (self->cancellable != NULL)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
      set_recording (self, FALSE);
    }
  hide_layers (self);
  if (self->playback != NULL)
    {
      self->resume_position = maze_playback_get_position (self->playback);
      g_signal_handlers_disconnect_by_data (self->playback, self);
    }
  if (self->narration_list != NULL)
    gtk_list_view_set_model (self->narration_list, NULL);
  if (self->selection != NULL)
    g_signal_handlers_disconnect_by_data (self->selection, self);
  g_clear_object (&self->selection);
  g_clear_object (&self->narration);
  g_clear_object (&self->playback);
  update_actions (self);
}

static gboolean
record_cb (gpointer user_data)
{
  MazePlaybackView *self = user_data;

  self->record_source = 0;
  start_recording (self);
  return G_SOURCE_REMOVE;
}

/* Discards what is shown and, while showing, records again: at once, or
 * after RECORD_DELAY_MS when more changes may follow. */
static void
rerecord (MazePlaybackView *self,
          gboolean          later)
{
  discard (self);
  if (!self->showing || self->document == NULL || self->canvas == NULL)
    return;
  /* Not a stale trace meanwhile. */
  set_recording (self, TRUE);
  if (later)
    self->record_source = g_timeout_add (RECORD_DELAY_MS, record_cb, self);
  else
    start_recording (self);
}

static void
start_recording (MazePlaybackView *self)
{
  const MazePuzzle *puzzle;
  g_autoptr(GTask) task = NULL;
  RecordJob *job;

  discard (self);
  if (self->document == NULL || self->canvas == NULL)
    return;
  puzzle = maze_document_get_puzzle (self->document);
  if (self->source == MAZE_PLAYBACK_VIEW_GENERATION && !puzzle->has_parameters)
    {
      show_message (self, _("This maze was imported: there is no generator and seed to replay. Its solvers can still be played."), FALSE);
      return;
    }

  job = g_new0 (RecordJob, 1);
  job->source = self->source;
  job->grid = maze_grid_copy (puzzle->grid);
  maze_generate_options_init (&job->options);
  job->options.algorithm = puzzle->algorithm;
  job->options.growing_tree_mode = puzzle->growing_tree_mode;
  job->options.seed = puzzle->seed;
  maze_solve_endpoints_resolve (puzzle, self->solve_start, self->solve_end, &job->start, &job->end);

  self->cancellable = g_cancellable_new ();
  set_recording (self, TRUE);
  task = g_task_new (self, self->cancellable, record_done_cb, NULL);
  g_task_set_source_tag (task, start_recording);
  g_task_set_task_data (task, job, (GDestroyNotify) record_job_free);
  g_task_run_in_thread (task, record_thread);
}

static void
cancel_clicked_cb (MazePlaybackView *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  else if (self->record_source != 0)
    {
      /* Cancelled while waiting for more changes: nothing runs yet. */
      g_clear_handle_id (&self->record_source, g_source_remove);
      set_recording (self, FALSE);
      show_stopped (self);
    }
}

static void
retry_clicked_cb (MazePlaybackView *self)
{
  start_recording (self);
}

static void
source_selected_cb (MazePlaybackView *self)
{
  guint selected = adw_combo_row_get_selected (self->source_row);

  if (self->updating || selected == GTK_INVALID_LIST_POSITION)
    return;
  self->source = (int) selected - 1;
  /* Another source starts at its first step (discard() would keep the
   * old one's position). */
  discard (self);
  self->resume_position = 0;
  rerecord (self, FALSE);
}

static void
document_changed_cb (MazePlaybackView *self,
                     guint             flags)
{
  /* Moving the maze's start or end changes no step of its generation. */
  if (self->source == MAZE_PLAYBACK_VIEW_GENERATION && flags == MAZE_CHANGE_ENDPOINTS)
    return;
  rerecord (self, TRUE);
  /* An edit picks up where the playback was; a new maze starts over. */
  if (flags & (MAZE_CHANGE_SIZE | MAZE_CHANGE_SETTINGS))
    self->resume_position = 0;
}

static void
fill_sources (MazePlaybackView *self)
{
  g_autoptr(GPtrArray) titles = g_ptr_array_new ();

  /* Translators: what the playback can replay: how the maze was made... */
  g_ptr_array_add (titles, (gpointer) _("Generation"));
  /* ...or a solver's search, by the solver's name */
  for (guint s = 0; s < MAZE_N_SOLVERS; s++)
    g_ptr_array_add (titles, (gpointer) maze_solver_get_title (s));
  g_ptr_array_add (titles, NULL);
  gtk_string_list_splice (self->source_list, 0, 0, (const char * const *) titles->pdata);
}

/* ---- Speed setting: stored in steps a second, the scale is logarithmic ---- */

static gboolean
speed_get_mapping (GValue   *value,
                   GVariant *variant,
                   gpointer  user_data)
{
  g_value_set_double (value, log10 (CLAMP (g_variant_get_double (variant),
                                           MAZE_PLAYBACK_VIEW_MIN_SPEED, MAZE_PLAYBACK_VIEW_MAX_SPEED)));
  return TRUE;
}

static GVariant *
speed_set_mapping (const GValue       *value,
                   const GVariantType *expected_type,
                   gpointer            user_data)
{
  return g_variant_new_double (round (pow (10, g_value_get_double (value))));
}

/* ---- GObject ---- */

static void
maze_playback_view_dispose (GObject *object)
{
  MazePlaybackView *self = MAZE_PLAYBACK_VIEW (object);
  GtkWidget *child;

  discard (self);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  if (self->canvas != NULL)
    g_signal_handlers_disconnect_by_data (self->canvas, self);
  g_clear_object (&self->canvas);
  g_clear_object (&self->overlay);
  g_clear_object (&self->settings);

  gtk_widget_dispose_template (GTK_WIDGET (self), MAZE_TYPE_PLAYBACK_VIEW);
  /* Children without an id are not unparented by the template. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (maze_playback_view_parent_class)->dispose (object);
}

static void
maze_playback_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  MazePlaybackView *self = MAZE_PLAYBACK_VIEW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_CANVAS:
      g_value_set_object (value, self->canvas);
      break;
    case PROP_SHOWING:
      g_value_set_boolean (value, self->showing);
      break;
    case PROP_PLAYING:
      g_value_set_boolean (value, self->tick_id != 0);
      break;
    case PROP_SPEED:
      g_value_set_double (value, maze_playback_view_get_speed (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
maze_playback_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  MazePlaybackView *self = MAZE_PLAYBACK_VIEW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      maze_playback_view_set_document (self, g_value_get_object (value));
      break;
    case PROP_CANVAS:
      maze_playback_view_set_canvas (self, g_value_get_object (value));
      break;
    case PROP_SHOWING:
      maze_playback_view_set_showing (self, g_value_get_boolean (value));
      break;
    case PROP_PLAYING:
      maze_playback_view_set_playing (self, g_value_get_boolean (value));
      break;
    case PROP_SPEED:
      maze_playback_view_set_speed (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
maze_playback_view_class_init (MazePlaybackViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = maze_playback_view_dispose;
  object_class->get_property = maze_playback_view_get_property;
  object_class->set_property = maze_playback_view_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, MAZE_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CANVAS] =
    g_param_spec_object ("canvas", NULL, NULL, MAZE_TYPE_CANVAS,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SHOWING] =
    g_param_spec_boolean ("showing", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PLAYING] =
    g_param_spec_boolean ("playing", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SPEED] =
    g_param_spec_double ("speed", NULL, NULL,
                         MAZE_PLAYBACK_VIEW_MIN_SPEED, MAZE_PLAYBACK_VIEW_MAX_SPEED, 20,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "playback.toggle", NULL, toggle_action);
  gtk_widget_class_install_action (widget_class, "playback.step-back", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "playback.step-forward", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "playback.go-start", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "playback.go-end", NULL, step_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "playback.toggle", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (transport_keys); i++)
    gtk_widget_class_add_binding_action (widget_class, transport_keys[i].keyval, 0,
                                         transport_keys[i].action, NULL);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/mazewright/Mazewright/ui/maze-playback-view.ui");
  gtk_widget_class_bind_template_child (widget_class, MazePlaybackView, source_row);
  gtk_widget_class_bind_template_child (widget_class, MazePlaybackView, source_list);
  gtk_widget_class_bind_template_child (widget_class, MazePlaybackView, state_stack);
  gtk_widget_class_bind_template_child (widget_class, MazePlaybackView, play_button);
  gtk_widget_class_bind_template_child (widget_class, MazePlaybackView, step_label);
  gtk_widget_class_bind_template_child (widget_class, MazePlaybackView, scrubber);
  gtk_widget_class_bind_template_child (widget_class, MazePlaybackView, position_adjustment);
  gtk_widget_class_bind_template_child (widget_class, MazePlaybackView, speed_scale);
  gtk_widget_class_bind_template_child (widget_class, MazePlaybackView, speed_adjustment);
  gtk_widget_class_bind_template_child (widget_class, MazePlaybackView, note_label);
  gtk_widget_class_bind_template_child (widget_class, MazePlaybackView, narration_list);
  gtk_widget_class_bind_template_child (widget_class, MazePlaybackView, record_spinner);
  gtk_widget_class_bind_template_child (widget_class, MazePlaybackView, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, MazePlaybackView, message_label);
  gtk_widget_class_bind_template_child (widget_class, MazePlaybackView, retry_button);
  gtk_widget_class_bind_template_callback (widget_class, source_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, scrubbed_cb);
  gtk_widget_class_bind_template_callback (widget_class, speed_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, retry_clicked_cb);
}

/* The transport keys on the narration list too, ahead of the list's own
 * (which would move the selection by a line, or to the first or last
 * line, instead of stepping). */
static void
add_list_transport_keys (MazePlaybackView *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (transport_keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (transport_keys[i].keyval, 0),
                                                            gtk_named_action_new (transport_keys[i].action)));
  gtk_widget_add_controller (GTK_WIDGET (self->narration_list), controller);
}

static void
maze_playback_view_init (MazePlaybackView *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  self->updating++;
  gtk_widget_init_template (GTK_WIDGET (self));

  self->source = MAZE_PLAYBACK_VIEW_GENERATION;
  self->scrolled_line = G_MAXUINT;
  self->overlay = maze_overlay_new ();
  self->solve_start = MAZE_NO_CELL;
  self->solve_end = MAZE_NO_CELL;
  fill_sources (self);
  adw_combo_row_set_selected (self->source_row, SOURCE_ITEM (self->source));

  g_signal_connect (factory, "setup", G_CALLBACK (setup_line_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_line_cb), NULL);
  gtk_list_view_set_factory (self->narration_list, factory);
  g_signal_connect_swapped (self->narration_list, "map", G_CALLBACK (list_mapped_cb), self);
  add_list_transport_keys (self);

  gtk_scale_set_format_value_func (self->speed_scale, format_speed_cb, NULL, NULL);
  self->settings = g_settings_new (APP_ID);
  g_settings_bind_with_mapping (self->settings, "playback-speed", self->speed_adjustment, "value",
                                G_SETTINGS_BIND_DEFAULT, speed_get_mapping, speed_set_mapping,
                                NULL, NULL);

  update_actions (self);
  update_play_button (self);
  self->updating--;
}

/* ---- Public API ---- */

GtkWidget *
maze_playback_view_new (void)
{
  return g_object_new (MAZE_TYPE_PLAYBACK_VIEW, NULL);
}

void
maze_playback_view_set_document (MazePlaybackView *self,
                                 MazeDocument     *document)
{
  g_return_if_fail (MAZE_IS_PLAYBACK_VIEW (self));
  g_return_if_fail (document == NULL || MAZE_IS_DOCUMENT (document));

  if (self->document == document)
    return;
  discard (self);
  self->resume_position = 0;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "changed", G_CALLBACK (document_changed_cb), self,
                             G_CONNECT_SWAPPED);
  rerecord (self, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

void
maze_playback_view_set_canvas (MazePlaybackView *self,
                               MazeCanvas       *canvas)
{
  g_return_if_fail (MAZE_IS_PLAYBACK_VIEW (self));
  g_return_if_fail (canvas == NULL || MAZE_IS_CANVAS (canvas));

  if (self->canvas == canvas)
    return;
  discard (self);
  if (self->canvas != NULL)
    g_signal_handlers_disconnect_by_data (self->canvas, self);
  g_set_object (&self->canvas, canvas);
  rerecord (self, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CANVAS]);
}

void
maze_playback_view_set_showing (MazePlaybackView *self,
                                gboolean          showing)
{
  g_return_if_fail (MAZE_IS_PLAYBACK_VIEW (self));

  showing = !!showing;
  if (self->showing == showing)
    return;
  self->showing = showing;
  if (!showing)
    {
      /* Nothing of the playback stays on the canvas; a recording under
       * way is for nobody now. */
      stop_playing (self);
      hide_layers (self);
      if (self->cancellable != NULL || self->record_source != 0)
        discard (self);
    }
  else if (self->playback != NULL)
    show_layers (self);
  else
    rerecord (self, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOWING]);
}

void
maze_playback_view_set_solve_endpoints (MazePlaybackView *self,
                                        guint32           start,
                                        guint32           end)
{
  g_return_if_fail (MAZE_IS_PLAYBACK_VIEW (self));

  if (self->solve_start == start && self->solve_end == end)
    return;
  self->solve_start = start;
  self->solve_end = end;
  /* A solver's recording is between them: record again. */
  if (self->source != MAZE_PLAYBACK_VIEW_GENERATION)
    rerecord (self, TRUE);
}

MazeOverlay *
maze_playback_view_get_overlay (MazePlaybackView *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK_VIEW (self), NULL);
  return self->overlay;
}

gboolean
maze_playback_view_get_showing (MazePlaybackView *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK_VIEW (self), FALSE);
  return self->showing;
}

void
maze_playback_view_set_source (MazePlaybackView *self,
                               int               source)
{
  g_return_if_fail (MAZE_IS_PLAYBACK_VIEW (self));
  g_return_if_fail (source >= MAZE_PLAYBACK_VIEW_GENERATION && source < MAZE_N_SOLVERS);

  adw_combo_row_set_selected (self->source_row, SOURCE_ITEM (source));
}

int
maze_playback_view_get_source (MazePlaybackView *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK_VIEW (self), MAZE_PLAYBACK_VIEW_GENERATION);
  return self->source;
}

void
maze_playback_view_set_playing (MazePlaybackView *self,
                                gboolean          playing)
{
  g_return_if_fail (MAZE_IS_PLAYBACK_VIEW (self));

  if (playing)
    start_playing (self);
  else
    stop_playing (self);
}

gboolean
maze_playback_view_get_playing (MazePlaybackView *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK_VIEW (self), FALSE);
  return self->tick_id != 0;
}

void
maze_playback_view_set_speed (MazePlaybackView *self,
                              double            steps_per_second)
{
  g_return_if_fail (MAZE_IS_PLAYBACK_VIEW (self));

  steps_per_second = CLAMP (steps_per_second, MAZE_PLAYBACK_VIEW_MIN_SPEED, MAZE_PLAYBACK_VIEW_MAX_SPEED);
  gtk_adjustment_set_value (self->speed_adjustment, log10 (steps_per_second));
}

double
maze_playback_view_get_speed (MazePlaybackView *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK_VIEW (self), MAZE_PLAYBACK_VIEW_MIN_SPEED);
  return pow (10, gtk_adjustment_get_value (self->speed_adjustment));
}

MazePlayback *
maze_playback_view_get_playback (MazePlaybackView *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK_VIEW (self), NULL);
  return self->playback;
}

gboolean
maze_playback_view_get_recording (MazePlaybackView *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK_VIEW (self), FALSE);
  return self->cancellable != NULL || self->record_source != 0;
}

gboolean
maze_playback_view_advance (MazePlaybackView *self,
                            gint64            frame_time)
{
  guint position, n_steps;
  guint64 steps;

  g_return_val_if_fail (MAZE_IS_PLAYBACK_VIEW (self), FALSE);

  if (self->tick_id == 0 || self->playback == NULL)
    return FALSE;
  if (self->last_frame != 0 && frame_time > self->last_frame)
    self->carry += MIN (frame_time - self->last_frame, MAX_FRAME_GAP_US) / 1e6 *
                   maze_playback_view_get_speed (self);
  self->last_frame = frame_time;

  /* However many steps the frame owes, one seek and one update. */
  steps = (guint64) self->carry;
  self->carry -= (double) steps;
  position = maze_playback_get_position (self->playback);
  n_steps = maze_playback_get_n_steps (self->playback);
  if (steps > 0)
    maze_playback_seek (self->playback, (guint) MIN ((guint64) position + steps, n_steps));
  if (maze_playback_get_position (self->playback) < n_steps)
    return TRUE;
  stop_playing (self);
  return FALSE;
}

guint
maze_playback_view_get_n_list_jumps (MazePlaybackView *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK_VIEW (self), 0);

  return self->n_list_jumps;
}
