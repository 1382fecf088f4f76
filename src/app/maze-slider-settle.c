/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-slider-settle.h"

struct _MazeSliderSettle
{
  GtkRange              *range;     /* not owned: it owns the controller */
  GtkEventController    *drag;      /* told of drags before the range */
  MazeSliderSettledFunc  settled;
  gpointer               user_data;
  guint                  delay_ms;
  guint                  source;
  guint                  gesture;   /* the drag under way, 0: none */
  guint                  pending_gesture;
};

/* Drags are numbered across sliders: one number means one drag. */
static guint last_gesture;

static void
settle_now (MazeSliderSettle *self)
{
  g_clear_handle_id (&self->source, g_source_remove);
  self->settled (gtk_range_get_value (self->range), self->pending_gesture, self->user_data);
}

static void
settle_cb (gpointer user_data)
{
  MazeSliderSettle *self = user_data;

  self->source = 0;
  settle_now (self);
}

static void
drag_begin_cb (MazeSliderSettle *self)
{
  self->gesture = ++last_gesture;
  if (self->gesture == 0)
    self->gesture = ++last_gesture;
}

/* The drag is over: what it moved to is applied now. */
static void
drag_end_cb (MazeSliderSettle *self)
{
  if (self->source != 0)
    settle_now (self);
  self->gesture = 0;
}

MazeSliderSettle *
maze_slider_settle_new (GtkRange              *range,
                        guint                  delay_ms,
                        MazeSliderSettledFunc  settled,
                        gpointer               user_data)
{
  MazeSliderSettle *self = g_new0 (MazeSliderSettle, 1);
  GtkGesture *drag = gtk_gesture_drag_new ();

  self->range = range;
  self->settled = settled;
  self->user_data = user_data;
  self->delay_ms = delay_ms;
  /* In the capture phase, beside the range's own gestures: it sees the
   * press and the release of every drag, whoever claims it. */
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (drag), GTK_PHASE_CAPTURE);
  gtk_event_controller_set_name (GTK_EVENT_CONTROLLER (drag), "maze-slider-drag");
  g_signal_connect_swapped (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect_swapped (drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  self->drag = GTK_EVENT_CONTROLLER (drag);
  gtk_widget_add_controller (GTK_WIDGET (range), self->drag);
  return self;
}

void
maze_slider_settle_free (MazeSliderSettle *self)
{
  if (self == NULL)
    return;
  g_clear_handle_id (&self->source, g_source_remove);
  g_signal_handlers_disconnect_by_data (self->drag, self);
  gtk_widget_remove_controller (GTK_WIDGET (self->range), self->drag);
  g_free (self);
}

void
maze_slider_settle_changed (MazeSliderSettle *self)
{
  g_clear_handle_id (&self->source, g_source_remove);
  self->pending_gesture = self->gesture;
  self->source = g_timeout_add_once (self->delay_ms, settle_cb, self);
}

gboolean
maze_slider_settle_is_busy (MazeSliderSettle *self)
{
  return self->source != 0 || self->gesture != 0;
}

void
maze_slider_settle_flush (MazeSliderSettle *self)
{
  if (self->source != 0)
    settle_now (self);
}

void
maze_slider_settle_cancel (MazeSliderSettle *self)
{
  g_clear_handle_id (&self->source, g_source_remove);
}
