/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-window.h"

#include <glib/gi18n.h>

#include "maze-puzzle-file.h"
#include "maze-window-private.h"

#include "maze-click-guard.h"
#include "maze-recent-menu.h"

G_DEFINE_FINAL_TYPE (MazeWindow, maze_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_BUSY,
  PROP_TOOL,
  PROP_SHOW_SIDEBAR,
  PROP_SHOW_SOLVERS,
  PROP_PLAYING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The tools: the canvas's own, and the solver panel's, whose cells the
 * canvas's pick tool hands to the panel. */
static const struct
{
  const char          *name;
  const char          *title;   /* shown beside the strip while chosen */
  MazeTool             tool;
  MazeSolverPanelPick  pick;
} tools[] = {
  /* Translators: the active tool, named beside the tool strip */
  { "start", N_("Place the start"), MAZE_TOOL_START, MAZE_SOLVER_PANEL_PICK_NONE },
  { "end", N_("Place the end"), MAZE_TOOL_END, MAZE_SOLVER_PANEL_PICK_NONE },
  { "regenerate", N_("Regenerate a part"), MAZE_TOOL_REGENERATE, MAZE_SOLVER_PANEL_PICK_NONE },
  { "mask", N_("Mask cells"), MAZE_TOOL_MASK, MAZE_SOLVER_PANEL_PICK_NONE },
  { "weight", N_("Paint mud"), MAZE_TOOL_WEIGHT, MAZE_SOLVER_PANEL_PICK_NONE },
  { "solve-start", N_("Place the solvers’ start"), MAZE_TOOL_PICK, MAZE_SOLVER_PANEL_PICK_START },
  { "solve-end", N_("Place the solvers’ end"), MAZE_TOOL_PICK, MAZE_SOLVER_PANEL_PICK_END },
};

static gboolean start_play (MazeWindow  *self,
                            GError     **error);
static void     set_tool   (MazeWindow  *self,
                            const char  *name);

static void
update_title (MazeWindow *self)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (self->document);
  const MazeGrid *grid = puzzle->grid;
  g_autofree char *name = maze_document_dup_display_name (self->document);
  g_autofree char *title = NULL;
  g_autofree char *size = NULL;
  g_autofree char *subtitle = NULL;

  title = maze_document_get_modified (self->document)
          /* Translators: the title of a document with unsaved changes */
          ? g_strdup_printf (_("• %s"), name) : g_strdup (name);
  if (grid->shape == MAZE_SHAPE_HEX)
    /* Translators: columns × rows of a hexagonal maze */
    size = g_strdup_printf (_("%u × %u hexagonal"), grid->width, grid->height);
  else if (grid->shape == MAZE_SHAPE_TRI)
    /* Translators: triangles in a row × rows of a triangular maze */
    size = g_strdup_printf (_("%u × %u triangular"), grid->width, grid->height);
  else if (grid->shape == MAZE_SHAPE_CIRCULAR && grid->polar->centre)
    /* Translators: the size of a circular maze round a centre cell, in
     * rings (the centre counts as one) */
    size = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "circular, %u ring, centre cell",
                                         "circular, %u rings, centre cell", grid->height),
                            grid->height);
  else if (grid->shape == MAZE_SHAPE_CIRCULAR)
    /* Translators: the size of a circular maze, in rings */
    size = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "circular, %u ring",
                                         "circular, %u rings", grid->height),
                            grid->height);
  else
    /* Translators: columns × rows */
    size = g_strdup_printf (_("%u × %u"), grid->width, grid->height);
  if (puzzle->has_parameters)
    /* Translators: size · algorithm, e.g. "30 × 30 · Recursive backtracker" */
    subtitle = g_strdup_printf (_("%s · %s"), size,
                                _(maze_algorithm_get_info (puzzle->algorithm)->title));
  else
    subtitle = g_steal_pointer (&size);

  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

static void
document_changed_cb (MazeWindow *self,
                     guint       flags,
                     gpointer    area,
                     MazeDocument *document)
{
  if (flags & (MAZE_CHANGE_SIZE | MAZE_CHANGE_SETTINGS))
    update_title (self);

  /* A game is played on the maze as it was: a new maze, a new game.
   * Weights do not change where one can walk. */
  if (self->play_session != NULL &&
      (flags & (MAZE_CHANGE_SIZE | MAZE_CHANGE_PASSAGES | MAZE_CHANGE_MASK | MAZE_CHANGE_ENDPOINTS)))
    {
      g_autoptr(GError) error = NULL;

      if (!start_play (self, &error))
        {
          maze_window_set_playing (self, FALSE);
          maze_window_show_toast (self, error->message);
        }
    }
}

static void
document_state_cb (MazeWindow *self)
{
  update_title (self);
  maze_window_update_actions (self);
}

void
maze_window_set_document (MazeWindow   *self,
                          MazeDocument *document)
{
  g_return_if_fail (MAZE_IS_WINDOW (self));
  g_return_if_fail (MAZE_IS_DOCUMENT (document));

  if (self->document == document)
    return;

  /* A maze still being made was meant for the old document (a file
   * being read replaces whichever is there); a game was played on the
   * old maze. */
  if (self->work == MAZE_WINDOW_WORK_GENERATE || self->work == MAZE_WINDOW_WORK_EDIT)
    maze_window_cancel_work (self);
  if (self->play_session != NULL)
    maze_window_set_playing (self, FALSE);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);

  g_signal_connect_object (document, "changed",
                           G_CALLBACK (document_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::modified",
                           G_CALLBACK (document_state_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::display-name",
                           G_CALLBACK (document_state_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::can-undo",
                           G_CALLBACK (document_state_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::can-redo",
                           G_CALLBACK (document_state_cb), self, G_CONNECT_SWAPPED);

  maze_canvas_set_document (self->canvas, document);
  maze_settings_panel_set_document (self->settings_panel, document);
  maze_solver_panel_set_document (self->solver_panel, document);
  update_title (self);
  maze_window_update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

/* Big mazes are generated on a thread by the document. The core tells
 * its progress only between stages, so the bar pulses until the first
 * stage is done, then shows how far it has come. */

static void
fill_generate_options (MazeGenerateOptions *options,
                       const MazeSettings  *settings)
{
  maze_generate_options_init (options);
  options->algorithm = settings->algorithm;
  options->growing_tree_mode = settings->growing_tree_mode;
  options->seed = settings->seed;
}

static gboolean
pulse_cb (gpointer user_data)
{
  MazeWindow *self = user_data;

  gtk_progress_bar_pulse (self->progress_bar);
  return G_SOURCE_CONTINUE;
}

/* Work that ends within this time shows no progress overlay at all
 * (rather than a flash of one). */
#define PROGRESS_DELAY_MS 250

static void
reveal_progress_cb (gpointer user_data)
{
  MazeWindow *self = user_data;

  self->reveal_source = 0;
  gtk_widget_set_visible (self->progress_box, TRUE);
  /* Pulse until the work tells how far it has come. */
  if (gtk_progress_bar_get_fraction (self->progress_bar) == 0)
    self->pulse_source = g_timeout_add (100, pulse_cb, self);
}

/* The one busy state: a label for the work under way (a maze made or a
 * file read on a thread), or NULL when there is none. */
static void
set_busy (MazeWindow *self,
          const char *label)
{
  gboolean was_busy = self->cancel_enabled;
  gboolean busy = label != NULL;

  g_clear_handle_id (&self->reveal_source, g_source_remove);
  g_clear_handle_id (&self->pulse_source, g_source_remove);
  maze_click_guard_hide (self->progress_box);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  if (busy)
    {
      gtk_label_set_label (self->progress_label, label);
      self->reveal_source = g_timeout_add_once (PROGRESS_DELAY_MS, reveal_progress_cb, self);
    }

  if (was_busy == busy)
    return;
  self->cancel_enabled = busy;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel", busy);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

GCancellable *
maze_window_begin_work (MazeWindow     *self,
                        MazeWindowWork  work,
                        const char     *label)
{
  g_return_val_if_fail (MAZE_IS_WINDOW (self), NULL);
  g_return_val_if_fail (work != MAZE_WINDOW_WORK_NONE && label != NULL, NULL);

  /* The newest request wins. */
  if (self->work_cancellable != NULL)
    g_cancellable_cancel (self->work_cancellable);
  g_clear_object (&self->work_cancellable);
  self->work_cancellable = g_cancellable_new ();
  self->work = work;
  set_busy (self, label);
  return self->work_cancellable;
}

void
maze_window_end_work (MazeWindow *self)
{
  g_return_if_fail (MAZE_IS_WINDOW (self));

  g_clear_object (&self->work_cancellable);
  self->work = MAZE_WINDOW_WORK_NONE;
  set_busy (self, NULL);
}

MazeWindowWork
maze_window_cancel_work (MazeWindow *self)
{
  MazeWindowWork work;

  g_return_val_if_fail (MAZE_IS_WINDOW (self), MAZE_WINDOW_WORK_NONE);

  work = self->work;
  if (self->work_cancellable != NULL)
    g_cancellable_cancel (self->work_cancellable);
  maze_window_end_work (self);
  return work;
}

void
maze_window_show_document_controls (MazeWindow *self)
{
  g_return_if_fail (MAZE_IS_WINDOW (self));

  maze_settings_panel_show_document (self->settings_panel);
  maze_solver_panel_show_document (self->solver_panel);
}

void
maze_window_cancel_maze_work (MazeWindow *self)
{
  g_return_if_fail (MAZE_IS_WINDOW (self));

  if (self->work != MAZE_WINDOW_WORK_GENERATE && self->work != MAZE_WINDOW_WORK_EDIT)
    return;
  maze_window_cancel_work (self);
  maze_window_show_document_controls (self);
}

void
maze_window_show_progress (MazeWindow *self,
                           double      fraction)
{
  g_return_if_fail (MAZE_IS_WINDOW (self));

  if (fraction <= 0)
    return;
  g_clear_handle_id (&self->pulse_source, g_source_remove);
  gtk_progress_bar_set_fraction (self->progress_bar, fraction);
}

static void
generate_progress_cb (MazeDocument *document,
                      double        fraction,
                      gpointer      user_data)
{
  maze_window_show_progress (MAZE_WINDOW (user_data), fraction);
}

static void
generate_done_cb (GObject      *source_object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(MazeWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  self->n_generations--;
  /* Cancelled: a newer request, Cancel, a new document or a closed
   * window; whoever cancelled has dealt with the progress overlay. */
  if (maze_document_generate_finish (MAZE_DOCUMENT (source_object), result, &error) ||
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    maze_window_end_work (self);
  if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      maze_window_show_document_controls (self);
      maze_window_show_toast (self, error->message);
    }
}

/* The cells of the maze settings ask for (rings count otherwise). */
static guint64
settings_cells (const MazeSettings *settings)
{
  MazePolarLayout *layout;
  guint64 cells;

  if (settings->shape != MAZE_SHAPE_CIRCULAR)
    return (guint64) settings->width * settings->height;
  layout = maze_polar_layout_new (settings->height, settings->centre, settings->width, NULL);
  if (layout == NULL)
    return 0;   /* refused by the core when made, at once */
  cells = layout->n_cells;
  maze_polar_layout_free (layout);
  return cells;
}

/* Generates a maze from settings into the document, as one undo step:
 * small mazes at once, big ones on a thread. */
void
maze_window_generate (MazeWindow         *self,
                      const MazeSettings *settings)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  GCancellable *cancellable;
  MazeGenerateOptions options;

  g_return_if_fail (MAZE_IS_WINDOW (self));
  g_return_if_fail (settings != NULL);

  fill_generate_options (&options, settings);
  if (settings_cells (settings) <= self->sync_cells)
    {
      /* The newest request wins. */
      maze_window_cancel_work (self);
      if (!maze_document_generate (self->document, settings->shape, settings->width,
                                   settings->height, settings->centre, &options, settings->braid,
                                   settings->endpoints, &error))
        maze_window_show_toast (self, error->message);
      return;
    }

  if (settings->shape == MAZE_SHAPE_CIRCULAR)
    /* Translators: shown while a big circular maze is made */
    label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Generating a maze of %u ring…",
                                          "Generating a maze of %u rings…", settings->height),
                             settings->height);
  else
    /* Translators: shown while a big maze is made; columns × rows */
    label = g_strdup_printf (_("Generating a %u × %u maze…"), settings->width, settings->height);
  cancellable = maze_window_begin_work (self, MAZE_WINDOW_WORK_GENERATE, label);
  self->n_generations++;
  maze_document_generate_async (self->document, settings->shape, settings->width,
                                settings->height, settings->centre, &options, settings->braid,
                                settings->endpoints, cancellable,
                                generate_progress_cb, self, generate_done_cb,
                                g_object_ref (self));
}

static void
band_done_cb (GObject      *source_object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(MazeWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  self->n_bands--;
  if (maze_document_generate_finish (MAZE_DOCUMENT (source_object), result, &error))
    maze_window_end_work (self);
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* Out of reach: the core says what to change, where the band was
       * asked; the maze stays as it was. */
      maze_window_end_work (self);
      maze_window_show_document_controls (self);
      maze_settings_panel_set_band_message (self->settings_panel, error->message);
    }
}

/* A maze of the settings made to order, scored min_score..max_score:
 * always on a thread, as it may take up to MAZE_ORDER_MAX_TRIES mazes. */
void
maze_window_generate_in_band (MazeWindow         *self,
                              const MazeSettings *settings,
                              guint32             min_score,
                              guint32             max_score)
{
  g_autofree char *label = NULL;
  GCancellable *cancellable;
  MazeGenerateOptions options;

  g_return_if_fail (MAZE_IS_WINDOW (self));
  g_return_if_fail (settings != NULL);
  g_return_if_fail (min_score <= max_score);

  fill_generate_options (&options, settings);
  /* Translators: shown while mazes are made until one scores in the band */
  label = g_strdup_printf (_("Generating a maze scored %u to %u…"), min_score, max_score);
  cancellable = maze_window_begin_work (self, MAZE_WINDOW_WORK_GENERATE, label);
  self->n_bands++;
  maze_document_generate_to_order_async (self->document, settings->shape, settings->width,
                                         settings->height, settings->centre, &options, settings->braid,
                                         settings->endpoints, min_score, max_score, cancellable,
                                         generate_progress_cb, self, band_done_cb,
                                         g_object_ref (self));
}

static void
settings_band_requested_cb (MazeWindow        *self,
                            guint              min_score,
                            guint              max_score,
                            MazeSettingsPanel *panel)
{
  MazeSettings settings;

  maze_settings_panel_get_settings (panel, &settings);
  maze_window_generate_in_band (self, &settings, min_score, max_score);
}

static void
settings_changed_cb (MazeWindow        *self,
                     MazeSettingsPanel *panel)
{
  MazeSettings settings;

  maze_settings_panel_get_settings (panel, &settings);
  maze_window_generate (self, &settings);
}

/* ---- Edits: at once on small mazes, on a thread on big ones ---- */

static gboolean
edit_on_thread (MazeWindow *self)
{
  return maze_document_get_grid (self->document)->n_cells > self->sync_cells;
}

static void
edit_done_cb (GObject      *source_object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(MazeWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  self->n_edits--;
  /* Cancelled: whoever cancelled has dealt with the busy state. */
  if (maze_document_edit_finish (MAZE_DOCUMENT (source_object), result, &error) ||
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    maze_window_end_work (self);
  if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      maze_window_show_document_controls (self);
      maze_window_show_toast (self, error->message);
    }
}

/* The busy state for an edit on a thread. The newest request wins: a
 * maze being made is not made (and the controls show the maze there
 * is), an edit under way is dropped. */
static GCancellable *
begin_edit (MazeWindow *self,
            const char *label)
{
  maze_window_cancel_maze_work (self);
  return maze_window_begin_work (self, MAZE_WINDOW_WORK_EDIT, label);
}

/* An edit at once: one under way on a thread would be dropped anyway,
 * as the maze changes under it. */
static void
end_edit_for_sync (MazeWindow *self)
{
  if (self->work == MAZE_WINDOW_WORK_EDIT)
    maze_window_cancel_work (self);
}

static gboolean
canvas_regenerate_region_cb (MazeWindow     *self,
                             const MazeRect *rect,
                             MazeCanvas     *canvas)
{
  GCancellable *cancellable;

  if (!edit_on_thread (self))
    {
      end_edit_for_sync (self);
      return FALSE;
    }
  /* Translators: shown while a region of a big maze is made anew */
  cancellable = begin_edit (self, _("Regenerating the selection…"));
  self->n_edits++;
  maze_document_regenerate_region_async (self->document, rect, cancellable, edit_done_cb,
                                         g_object_ref (self));
  return TRUE;
}

static gboolean
canvas_paint_mask_cb (MazeWindow     *self,
                      const MazeRect *rect,
                      const guint8   *mask,
                      MazeCanvas     *canvas)
{
  GCancellable *cancellable;

  if (!edit_on_thread (self))
    {
      end_edit_for_sync (self);
      return FALSE;
    }
  /* Translators: shown while a mask stroke is put into a big maze */
  cancellable = begin_edit (self, _("Masking the cells…"));
  self->n_edits++;
  maze_document_set_mask_async (self->document, rect, mask, cancellable, edit_done_cb,
                                g_object_ref (self));
  return TRUE;
}

/* Both braid sliders braid the maze there is, one undo step a drag. */
static void
braid_maze (MazeWindow *self,
            guint32     braid,
            guint       gesture)
{
  g_autoptr(GError) error = NULL;
  GCancellable *cancellable;

  /* Back to the braid the maze has: a braid still being made is not. */
  if (braid == maze_document_get_puzzle (self->document)->braid)
    {
      end_edit_for_sync (self);
      return;
    }
  if (!edit_on_thread (self))
    {
      end_edit_for_sync (self);
      if (!maze_document_braid (self->document, braid, gesture, &error))
        {
          maze_window_show_document_controls (self);
          maze_window_show_toast (self, error->message);
        }
      return;
    }
  /* Translators: shown while dead ends of a big maze are opened */
  cancellable = begin_edit (self, _("Braiding the maze…"));
  self->n_edits++;
  maze_document_braid_async (self->document, braid, gesture, cancellable, edit_done_cb,
                             g_object_ref (self));
}

static void
settings_braid_changed_cb (MazeWindow        *self,
                           guint              braid,
                           guint              gesture,
                           MazeSettingsPanel *panel)
{
  braid_maze (self, braid, gesture);
}

static void
solver_braid_changed_cb (MazeWindow      *self,
                         guint            braid,
                         guint            gesture,
                         MazeSolverPanel *panel)
{
  braid_maze (self, braid, gesture);
}

static GtkWidget *
get_flap_child (GtkWidget *flap)
{
  g_autoptr(GtkWidget) child = NULL;

  g_object_get (flap, "flap", &child, NULL);
  return child;
}

void
maze_window_set_show_solvers (MazeWindow *self,
                              gboolean    show)
{
  g_return_if_fail (MAZE_IS_WINDOW (self));

  show = !!show;
  if (self->show_solvers == show)
    return;
  self->show_solvers = show;
  /* The keys go back to the maze, not to whatever GTK finds next. */
  if (!show)
    {
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

      if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->solver_panel)))
        gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
    }
  if (show)
    gtk_widget_set_visible (get_flap_child (self->solver_flap), TRUE);
  g_object_set (self->solver_flap, "reveal-flap", show, NULL);
  /* The solvers' tools live in the panel: not left on, unseen. */
  if (!show && g_str_has_prefix (self->tool, "solve-"))
    set_tool (self, "start");
  /* Hidden, the panel neither computes nor draws. */
  maze_solver_panel_set_active (self->solver_panel, show);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_SOLVERS]);
}

/* The panel is hidden once it has slid away: a flap asks for the room
 * of its flap even when that is not shown, and the settings sidebar
 * would fold for a panel that is not there. */
static void
solver_flap_progress_cb (MazeWindow *self)
{
  double progress;

  g_object_get (self->solver_flap, "reveal-progress", &progress, NULL);
  if (progress <= 0 && !self->show_solvers)
    gtk_widget_set_visible (get_flap_child (self->solver_flap), FALSE);
}

/* A folded panel also closes by itself (a click on the maze beside it,
 * a swipe): the window's state follows. */
static void
solver_flap_revealed_cb (MazeWindow *self)
{
  gboolean revealed;

  g_object_get (self->solver_flap, "reveal-flap", &revealed, NULL);
  maze_window_set_show_solvers (self, revealed);
}

static gboolean
get_show_sidebar (MazeWindow *self)
{
  gboolean revealed = TRUE;

  /* win.show-sidebar asks while the template is being built. */
  if (self->sidebar_flap != NULL)
    g_object_get (self->sidebar_flap, "reveal-flap", &revealed, NULL);
  return revealed;
}

void
maze_window_set_show_sidebar (MazeWindow *self,
                              gboolean    show)
{
  g_return_if_fail (MAZE_IS_WINDOW (self));

  g_object_set (self->sidebar_flap, "reveal-flap", !!show, NULL);
}

/* The flap shows and hides itself as it folds and unfolds. */
static void
sidebar_flap_revealed_cb (MazeWindow *self)
{
  if (!get_show_sidebar (self))
    {
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

      if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->settings_panel)))
        gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_SIDEBAR]);
}

/* ---- Play mode ---- */

static void
update_play_status (MazeWindow *self)
{
  MazePlaySession *session = self->play_session;
  g_autofree char *moves = NULL;
  g_autofree char *time = NULL;
  guint n, seconds;

  if (session == NULL)
    return;
  n = maze_play_session_get_moves (session);
  seconds = (guint) (maze_play_session_get_elapsed (session) / G_USEC_PER_SEC);
  if (maze_play_session_get_finished (session))
    /* Translators: the play status once the end is reached */
    moves = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Finished in %u move", "Finished in %u moves", n), n);
  else
    /* Translators: the play status: moves made so far */
    moves = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move", "%u moves", n), n);
  /* Translators: the play clock, minutes:seconds */
  time = g_strdup_printf (_("%u:%02u"), seconds / 60, seconds % 60);
  gtk_label_set_label (self->play_moves_label, moves);
  gtk_label_set_label (self->play_time_label, time);
}

static gboolean
play_tick_cb (gpointer user_data)
{
  update_play_status (user_data);
  return G_SOURCE_CONTINUE;
}

static void
play_moved_cb (MazeWindow *self)
{
  update_play_status (self);
}

static void
play_finished_cb (MazeWindow      *self,
                  GParamSpec      *pspec,
                  MazePlaySession *session)
{
  g_autofree char *message = NULL;

  update_play_status (self);
  message = maze_play_session_dup_finish_message (session);
  if (message != NULL)
    maze_window_show_toast (self, message);
}

static void
play_restart_cb (MazeWindow *self)
{
  if (self->play_session != NULL)
    maze_play_session_restart (self->play_session);
  update_play_status (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
}

static void
drop_play_session (MazeWindow *self)
{
  if (self->play_session == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->play_session, self);
  g_clear_object (&self->play_session);
}

/* A new game on the document's maze, from its start to its end. */
static gboolean
start_play (MazeWindow  *self,
            GError     **error)
{
  const MazePuzzle *puzzle = maze_document_get_puzzle (self->document);
  MazePlaySession *session;

  session = maze_play_session_new (puzzle->grid, puzzle->start, puzzle->end, error);
  if (session == NULL)
    return FALSE;
  drop_play_session (self);
  self->play_session = session;
  g_signal_connect_object (session, "notify::moves", G_CALLBACK (play_moved_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::finished", G_CALLBACK (play_finished_cb), self,
                           G_CONNECT_SWAPPED);
  maze_canvas_set_play_session (self->canvas, session);
  update_play_status (self);
  return TRUE;
}

gboolean
maze_window_set_playing (MazeWindow *self,
                         gboolean    playing)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (MAZE_IS_WINDOW (self), FALSE);

  playing = !!playing;
  if ((self->play_session != NULL) == playing)
    return TRUE;
  if (playing)
    {
      if (!start_play (self, &error))
        {
          maze_window_show_toast (self, error->message);
          /* The toggle button went down: put it back. */
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
          return FALSE;
        }
      gtk_label_set_label (self->play_hint_label,
                           maze_play_key_hint (maze_document_get_grid (self->document)->shape));
      self->play_timer = g_timeout_add (250, play_tick_cb, self);
      gtk_widget_grab_focus (GTK_WIDGET (self->canvas));
    }
  else
    {
      g_clear_handle_id (&self->play_timer, g_source_remove);
      drop_play_session (self);
      maze_canvas_set_play_session (self->canvas, NULL);
    }
  gtk_widget_set_visible (self->play_box, playing);
  /* No editing while playing: the tool strip and the panels' brushes go
   * grey. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.tool", !playing);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
  return TRUE;
}

/* The canvas dropped the game (its maze no longer fits the session). */
static void
canvas_play_session_cb (MazeWindow *self)
{
  if (self->play_session != NULL && maze_canvas_get_play_session (self->canvas) == NULL)
    maze_window_set_playing (self, FALSE);
}

/* Plain text: a toast's title is markup (libadwaita 1.2 has no switch),
 * so a file called "Tom & Jerry.maze" showed a blank toast. */
void
maze_window_show_toast (MazeWindow *self,
                        const char *title)
{
  g_autofree char *escaped = g_markup_escape_text (title, -1);
  AdwToast *toast = adw_toast_new (escaped);

  adw_toast_set_timeout (toast, 4);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* "Exported …", with Open (the toast's button) and Show in Folder (a
 * flat button beside the words: a toast of libadwaita 1.2 has one). */
void
maze_window_show_file_toast (MazeWindow *self,
                             const char *title,
                             GFile      *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  AdwToast *toast = adw_toast_new ("");
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *label = gtk_label_new (title);
  GtkWidget *folder = gtk_button_new_with_label (_("Show in Folder"));

  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (folder, "flat");
  gtk_widget_set_valign (folder, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (folder), "win.show-in-folder");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (folder), "s", uri);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), folder);
  adw_toast_set_custom_title (toast, box);
  adw_toast_set_button_label (toast, _("Open"));
  adw_toast_set_action_name (toast, "win.open-file");
  adw_toast_set_action_target (toast, "s", uri);
  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

void
maze_window_show_error (MazeWindow   *self,
                        const char   *heading,
                        const GError *error)
{
  maze_alert_show_error (GTK_WIDGET (self), heading, error->message);
}

void
maze_window_add_recent (MazeWindow *self,
                        GFile      *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentData data = {
    .mime_type = (char *) MAZE_FILE_MIME_TYPE,
    .app_name = (char *) g_get_application_name (),
    .app_exec = (char *) "mazewright %u",
  };

  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static void
recent_changed_cb (MazeWindow       *self,
                   GtkRecentManager *manager)
{
  maze_recent_menu_fill (self->recent_menu, manager, "win.open-recent");
}

static gboolean
drop_cb (MazeWindow    *self,
         const GValue  *value,
         double         x,
         double         y,
         GtkDropTarget *target)
{
  g_autoptr(GSList) files = NULL;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = gdk_file_list_get_files (g_value_get_boxed (value));
  if (files == NULL)
    return FALSE;
  /* One document per window: the first file. */
  maze_window_open_file (self, files->data);
  return TRUE;
}

/* The cell under the pointer, in the status line, as the canvas tells. */
static void
hover_changed_cb (MazeWindow *self,
                  MazeCanvas *canvas)
{
  guint x, y;

  if (maze_canvas_get_hover_cell (canvas, &x, &y))
    {
      g_autofree char *text = NULL;

      if (maze_document_get_grid (self->document)->shape == MAZE_SHAPE_CIRCULAR)
        /* Translators: the cell under the pointer on a circular maze:
         * its ring (from the centre) and cell (clockwise from the top),
         * both from 0, as in .maze files */
        text = g_strdup_printf (_("Ring %u, cell %u"), y, x);
      else
        /* Translators: the cell under the pointer: column, row (from 0, as in .maze files) */
        text = g_strdup_printf (_("Cell %u, %u"), x, y);

      gtk_label_set_label (self->hover_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->hover_label), TRUE);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->hover_label), FALSE);
}

static void
weight_changed_cb (MazeWindow    *self,
                   GtkSpinButton *spin)
{
  maze_canvas_set_weight (self->canvas, (guint8) gtk_spin_button_get_value_as_int (spin));
}

static void
set_tool (MazeWindow *self,
          const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      if (g_strcmp0 (name, tools[i].name) != 0)
        continue;
      if (g_strcmp0 (self->tool, name) == 0)
        return;
      g_free (self->tool);
      self->tool = g_strdup (name);
      /* Whatever the pick was for before, a drag under way ends first. */
      maze_canvas_set_tool (self->canvas, MAZE_TOOL_START);
      maze_solver_panel_set_pick (self->solver_panel, tools[i].pick);
      maze_canvas_set_tool (self->canvas, tools[i].tool);
      gtk_widget_set_visible (self->weight_box, tools[i].tool == MAZE_TOOL_WEIGHT);
      /* Icon-only toggles: the one pressed is named in words. */
      gtk_label_set_label (self->tool_label, _(tools[i].title));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TOOL]);
      return;
    }
  g_warning ("Unknown tool “%s”", name);
}

static void
close_confirmed (MazeWindow *self,
                 gpointer    user_data)
{
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
maze_window_close_request (GtkWindow *window)
{
  MazeWindow *self = MAZE_WINDOW (window);
  int width, height;

  if (!self->close_confirmed && maze_document_get_modified (self->document))
    {
      maze_window_confirm_discard (self, close_confirmed, NULL, NULL);
      return TRUE;
    }

  maze_window_cancel_work (self);
  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));

  return GTK_WINDOW_CLASS (maze_window_parent_class)->close_request (window);
}

static void
maze_window_dispose (GObject *object)
{
  MazeWindow *self = MAZE_WINDOW (object);

  if (self->work_cancellable != NULL)
    g_cancellable_cancel (self->work_cancellable);
  g_clear_object (&self->work_cancellable);
  g_clear_handle_id (&self->pulse_source, g_source_remove);
  g_clear_handle_id (&self->reveal_source, g_source_remove);
  g_clear_handle_id (&self->play_timer, g_source_remove);
  drop_play_session (self);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);

  gtk_widget_dispose_template (GTK_WIDGET (self), MAZE_TYPE_WINDOW);

  g_clear_object (&self->document);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (maze_window_parent_class)->dispose (object);
}

static void
maze_window_finalize (GObject *object)
{
  MazeWindow *self = MAZE_WINDOW (object);

  g_free (self->tool);

  G_OBJECT_CLASS (maze_window_parent_class)->finalize (object);
}

static void
maze_window_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  MazeWindow *self = MAZE_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_BUSY:
      g_value_set_boolean (value, maze_window_get_busy (self));
      break;
    case PROP_TOOL:
      g_value_set_string (value, self->tool);
      break;
    case PROP_SHOW_SIDEBAR:
      g_value_set_boolean (value, get_show_sidebar (self));
      break;
    case PROP_SHOW_SOLVERS:
      g_value_set_boolean (value, self->show_solvers);
      break;
    case PROP_PLAYING:
      g_value_set_boolean (value, self->play_session != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
maze_window_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  MazeWindow *self = MAZE_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      if (g_value_get_object (value) != NULL)
        maze_window_set_document (self, g_value_get_object (value));
      break;
    case PROP_TOOL:
      set_tool (self, g_value_get_string (value));
      break;
    case PROP_SHOW_SIDEBAR:
      maze_window_set_show_sidebar (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_SOLVERS:
      maze_window_set_show_solvers (self, g_value_get_boolean (value));
      break;
    case PROP_PLAYING:
      maze_window_set_playing (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
maze_window_constructed (GObject *object)
{
  MazeWindow *self = MAZE_WINDOW (object);

  G_OBJECT_CLASS (maze_window_parent_class)->constructed (object);

  if (self->document == NULL)
    {
      g_autoptr(MazeDocument) document = maze_document_new ();

      maze_window_set_document (self, document);
    }
}

static void
maze_window_class_init (MazeWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = maze_window_constructed;
  object_class->dispose = maze_window_dispose;
  object_class->finalize = maze_window_finalize;
  object_class->get_property = maze_window_get_property;
  object_class->set_property = maze_window_set_property;
  window_class->close_request = maze_window_close_request;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, MAZE_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* A string so that "win.tool" can be a property action for the tool
   * strip's toggle buttons. */
  properties[PROP_TOOL] =
    g_param_spec_string ("tool", NULL, NULL, "start",
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* Booleans so that win.show-sidebar, win.show-solvers and win.play
   * can be property actions for toggle buttons. */
  properties[PROP_SHOW_SIDEBAR] =
    g_param_spec_boolean ("show-sidebar", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SHOW_SOLVERS] =
    g_param_spec_boolean ("show-solvers", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PLAYING] =
    g_param_spec_boolean ("playing", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (MAZE_TYPE_CANVAS);
  g_type_ensure (MAZE_TYPE_SETTINGS_PANEL);
  g_type_ensure (MAZE_TYPE_SOLVER_PANEL);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/mazewright/Mazewright/ui/maze-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, settings_panel);
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, canvas);
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, progress_box);
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, canvas_overlay);
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, progress_label);
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, hover_label);
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, tool_label);
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, weight_box);
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, weight_spin);
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, sidebar_flap);
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, solver_flap);
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, solver_panel);
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, play_box);
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, play_moves_label);
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, play_time_label);
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, play_hint_label);
  gtk_widget_class_bind_template_child (widget_class, MazeWindow, recent_menu);
  gtk_widget_class_bind_template_callback (widget_class, settings_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, weight_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, solver_braid_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, play_restart_cb);
  gtk_widget_class_bind_template_callback (widget_class, solver_flap_progress_cb);

  maze_window_class_add_actions (widget_class);
}

static void
canvas_edit_failed_cb (MazeWindow   *self,
                       const GError *error)
{
  maze_window_show_toast (self, error->message);
}

static void
maze_window_init (MazeWindow *self)
{
  GtkDropTarget *drop_target;

  /* Before the template: "win.tool" reads it as soon as the buttons
   * are in the window. */
  self->tool = g_strdup ("start");
  gtk_widget_init_template (GTK_WIDGET (self));

  self->sync_cells = MAZE_WINDOW_SYNC_CELLS;
  maze_canvas_set_tool (self->canvas, MAZE_TOOL_START);
  gtk_label_set_label (self->tool_label, _(tools[0].title));
  maze_canvas_set_weight (self->canvas, (guint8) gtk_spin_button_get_value_as_int (self->weight_spin));

  self->settings = g_settings_new (APP_ID);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  drop_target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect_object (drop_target, "drop", G_CALLBACK (drop_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->toast_overlay), GTK_EVENT_CONTROLLER (drop_target));

  g_signal_connect_object (self->canvas, "hover-changed", G_CALLBACK (hover_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (recent_changed_cb), self, G_CONNECT_SWAPPED);
  recent_changed_cb (self, gtk_recent_manager_get_default ());
  g_signal_connect_object (self->canvas, "regenerate-region",
                           G_CALLBACK (canvas_regenerate_region_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "paint-mask", G_CALLBACK (canvas_paint_mask_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings_panel, "braid-changed",
                           G_CALLBACK (settings_braid_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings_panel, "band-requested",
                           G_CALLBACK (settings_band_requested_cb), self, G_CONNECT_SWAPPED);

  /* A refused edit on the canvas (a mask that would cut cells off) is
   * said in a toast; the document stays as it was. */
  g_signal_connect_object (self->canvas, "edit-failed", G_CALLBACK (canvas_edit_failed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->canvas, "notify::play-session", G_CALLBACK (canvas_play_session_cb),
                           self, G_CONNECT_SWAPPED);
  maze_solver_panel_set_canvas (self->solver_panel, self->canvas);
  g_signal_connect_object (self->sidebar_flap, "notify::reveal-flap",
                           G_CALLBACK (sidebar_flap_revealed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->solver_flap, "notify::reveal-flap",
                           G_CALLBACK (solver_flap_revealed_cb), self, G_CONNECT_SWAPPED);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel", FALSE);
  /* A click on Cancel just as the maze is done must not move the start. */
  maze_click_guard_attach (self->progress_box, self->canvas_overlay);
  /* The maze takes the keys from the start (arrows, S, E, Return), not
   * the first button in the header bar. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->canvas));
}

MazeWindow *
maze_window_new (MazeApplication *application,
                 MazeDocument    *document)
{
  g_return_val_if_fail (MAZE_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (document == NULL || MAZE_IS_DOCUMENT (document), NULL);

  return g_object_new (MAZE_TYPE_WINDOW,
                       "application", application,
                       "document", document,
                       NULL);
}

MazeDocument *
maze_window_get_document (MazeWindow *self)
{
  g_return_val_if_fail (MAZE_IS_WINDOW (self), NULL);
  return self->document;
}

gboolean
maze_window_get_busy (MazeWindow *self)
{
  g_return_val_if_fail (MAZE_IS_WINDOW (self), FALSE);
  return self->work_cancellable != NULL;
}

gboolean
maze_window_is_pristine (MazeWindow *self)
{
  g_return_val_if_fail (MAZE_IS_WINDOW (self), FALSE);

  return maze_document_get_file (self->document) == NULL &&
         !maze_document_get_modified (self->document) &&
         !maze_document_can_undo (self->document) &&
         !maze_window_get_busy (self);
}

void
maze_window_set_chooser (MazeWindow        *self,
                         MazeWindowChooser  chooser,
                         gpointer           user_data)
{
  g_return_if_fail (MAZE_IS_WINDOW (self));

  self->chooser = chooser;
  self->chooser_data = user_data;
}

void
maze_window_set_sync_cells (MazeWindow *self,
                            guint64     cells)
{
  g_return_if_fail (MAZE_IS_WINDOW (self));
  self->sync_cells = cells;
}
