/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-click-guard.h"

#define GUARD_KEY "maze-click-guard"

typedef struct
{
  GtkWidget       *child;      /* borrowed: it lives in container */
  GtkWidget       *container;  /* borrowed: it owns the guard */
  gboolean         armed;
  graphene_rect_t  area;       /* where child was, in container */
} ClickGuard;

static void
child_visible_cb (GtkWidget  *child,
                  GParamSpec *pspec,
                  ClickGuard *guard)
{
  if (gtk_widget_get_visible (child))
    guard->armed = FALSE;
}

static void
pressed_cb (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            ClickGuard      *guard)
{
  gboolean covered = maze_click_guard_covers (guard->container, x, y);

  guard->armed = FALSE;
  if (covered)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  else
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
}

static void
motion_cb (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           ClickGuard               *guard)
{
  if (guard->armed && !graphene_rect_contains_point (&guard->area, &GRAPHENE_POINT_INIT ((float) x, (float) y)))
    guard->armed = FALSE;
}

static void
leave_cb (GtkEventControllerMotion *motion,
          ClickGuard               *guard)
{
  guard->armed = FALSE;
}

void
maze_click_guard_attach (GtkWidget *child,
                         GtkWidget *container)
{
  ClickGuard *guard;
  GtkGesture *click;
  GtkEventController *motion;

  g_return_if_fail (GTK_IS_WIDGET (child));
  g_return_if_fail (GTK_IS_WIDGET (container));
  g_return_if_fail (g_object_get_data (G_OBJECT (container), GUARD_KEY) == NULL);

  guard = g_new0 (ClickGuard, 1);
  guard->child = child;
  guard->container = container;
  g_object_set_data_full (G_OBJECT (container), GUARD_KEY, guard, g_free);
  g_object_set_data (G_OBJECT (child), GUARD_KEY, guard);

  g_signal_connect (child, "notify::visible", G_CALLBACK (child_visible_cb), guard);

  /* Before the widgets beneath see the press. */
  click = gtk_gesture_click_new ();
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), guard);
  gtk_widget_add_controller (container, GTK_EVENT_CONTROLLER (click));

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (motion_cb), guard);
  g_signal_connect (motion, "leave", G_CALLBACK (leave_cb), guard);
  gtk_widget_add_controller (container, motion);
}

gboolean
maze_click_guard_covers (GtkWidget *container,
                         double     x,
                         double     y)
{
  ClickGuard *guard;

  g_return_val_if_fail (GTK_IS_WIDGET (container), FALSE);

  guard = g_object_get_data (G_OBJECT (container), GUARD_KEY);
  return guard != NULL && guard->armed &&
         graphene_rect_contains_point (&guard->area, &GRAPHENE_POINT_INIT ((float) x, (float) y));
}

void
maze_click_guard_hide (GtkWidget *child)
{
  ClickGuard *guard;

  g_return_if_fail (GTK_IS_WIDGET (child));

  guard = g_object_get_data (G_OBJECT (child), GUARD_KEY);
  g_return_if_fail (guard != NULL);

  /* Hiding drops the allocation: where it was is taken first. A child
   * never laid out was never aimed at. */
  if (gtk_widget_get_visible (child))
    guard->armed = gtk_widget_get_width (child) > 0 &&
                   gtk_widget_compute_bounds (child, guard->container, &guard->area);
  g_signal_handlers_block_by_func (child, child_visible_cb, guard);
  gtk_widget_set_visible (child, FALSE);
  g_signal_handlers_unblock_by_func (child, child_visible_cb, guard);
}
