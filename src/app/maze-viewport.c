/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include <math.h>

#include "maze-viewport.h"

struct _MazeViewport
{
  GObject  parent_instance;

  double   view_width;
  double   view_height;
  double   content_width;
  double   content_height;
  double   zoom;
  double   offset_x;
  double   offset_y;
  /* While fitted, the viewport refits itself when the view or content
   * size changes; any zoom or pan by the user ends that. */
  gboolean fitted;
};

G_DEFINE_FINAL_TYPE (MazeViewport, maze_viewport, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ZOOM,
  PROP_FITTED,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The share of the view a fitted maze leaves free around itself. */
#define FIT_PADDING 0.04

static double
fit_zoom (MazeViewport *self)
{
  double zx, zy;

  if (self->content_width <= 0 || self->content_height <= 0 ||
      self->view_width <= 0 || self->view_height <= 0)
    return 1.0;
  zx = self->view_width * (1 - 2 * FIT_PADDING) / self->content_width;
  zy = self->view_height * (1 - 2 * FIT_PADDING) / self->content_height;
  return MIN (zx, zy);
}

/* Keep some of the maze on screen: the view centre may not leave the
 * content's bounding box. */
static void
clamp_offset (MazeViewport *self)
{
  double half_w = self->view_width / 2 / self->zoom;
  double half_h = self->view_height / 2 / self->zoom;
  double cx = CLAMP (self->offset_x + half_w, 0, MAX (self->content_width, 0));
  double cy = CLAMP (self->offset_y + half_h, 0, MAX (self->content_height, 0));

  self->offset_x = cx - half_w;
  self->offset_y = cy - half_h;
}

static void
emit_changed (MazeViewport *self,
              double        old_zoom,
              gboolean      old_fitted)
{
  if (old_zoom != self->zoom)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
  if (old_fitted != self->fitted)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FITTED]);
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
apply_fit (MazeViewport *self)
{
  self->zoom = fit_zoom (self);
  self->offset_x = (self->content_width - self->view_width / self->zoom) / 2;
  self->offset_y = (self->content_height - self->view_height / self->zoom) / 2;
}

static void
maze_viewport_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  MazeViewport *self = MAZE_VIEWPORT (object);

  switch (prop_id)
    {
    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;
    case PROP_FITTED:
      g_value_set_boolean (value, self->fitted);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
maze_viewport_class_init (MazeViewportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = maze_viewport_get_property;

  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL, 0, G_MAXDOUBLE, 1,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_FITTED] =
    g_param_spec_boolean ("fitted", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Zoom or offset changed: the view needs drawing again. */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
maze_viewport_init (MazeViewport *self)
{
  self->zoom = 1.0;
  self->fitted = TRUE;
}

MazeViewport *
maze_viewport_new (void)
{
  return g_object_new (MAZE_TYPE_VIEWPORT, NULL);
}

void
maze_viewport_set_view_size (MazeViewport *self,
                             double        width,
                             double        height)
{
  double old_zoom = self->zoom;
  double cx, cy;

  g_return_if_fail (MAZE_IS_VIEWPORT (self));

  if (width == self->view_width && height == self->view_height)
    return;
  /* Keep the model point at the view centre where it is. */
  maze_viewport_view_to_model (self, self->view_width / 2, self->view_height / 2, &cx, &cy);
  self->view_width = MAX (width, 0);
  self->view_height = MAX (height, 0);
  if (self->fitted)
    apply_fit (self);
  else
    {
      self->offset_x = cx - self->view_width / 2 / self->zoom;
      self->offset_y = cy - self->view_height / 2 / self->zoom;
      clamp_offset (self);
    }
  emit_changed (self, old_zoom, self->fitted);
}

void
maze_viewport_set_content_size (MazeViewport *self,
                                double        width,
                                double        height)
{
  double old_zoom = self->zoom;
  gboolean old_fitted = self->fitted;

  g_return_if_fail (MAZE_IS_VIEWPORT (self));

  if (width == self->content_width && height == self->content_height)
    return;
  self->content_width = MAX (width, 0);
  self->content_height = MAX (height, 0);
  /* Content of another size is another maze: a zoom and an offset
   * chosen for the old one mean nothing for it (a small maze would sit
   * small in a corner after zooming into a big one). Fit it. */
  self->fitted = TRUE;
  apply_fit (self);
  emit_changed (self, old_zoom, old_fitted);
}

double
maze_viewport_get_zoom (MazeViewport *self)
{
  g_return_val_if_fail (MAZE_IS_VIEWPORT (self), 1.0);
  return self->zoom;
}

/* Zooming out stops at half the fitted size (or at the fitted size when
 * that is already tiny). */
double
maze_viewport_get_min_zoom (MazeViewport *self)
{
  g_return_val_if_fail (MAZE_IS_VIEWPORT (self), 1.0);
  return MIN (fit_zoom (self) / 2, MAZE_VIEWPORT_MAX_ZOOM);
}

void
maze_viewport_get_offset (MazeViewport *self,
                          double       *x,
                          double       *y)
{
  g_return_if_fail (MAZE_IS_VIEWPORT (self));
  *x = self->offset_x;
  *y = self->offset_y;
}

gboolean
maze_viewport_get_fitted (MazeViewport *self)
{
  g_return_val_if_fail (MAZE_IS_VIEWPORT (self), FALSE);
  return self->fitted;
}

void
maze_viewport_zoom_at (MazeViewport *self,
                       double        zoom,
                       double        view_x,
                       double        view_y)
{
  double old_zoom = self->zoom;
  gboolean old_fitted = self->fitted;
  double mx, my;

  g_return_if_fail (MAZE_IS_VIEWPORT (self));
  g_return_if_fail (zoom > 0 && isfinite (zoom));

  zoom = CLAMP (zoom, maze_viewport_get_min_zoom (self), MAZE_VIEWPORT_MAX_ZOOM);
  maze_viewport_view_to_model (self, view_x, view_y, &mx, &my);
  self->zoom = zoom;
  self->offset_x = mx - view_x / zoom;
  self->offset_y = my - view_y / zoom;
  self->fitted = FALSE;
  clamp_offset (self);
  emit_changed (self, old_zoom, old_fitted);
}

void
maze_viewport_zoom_by (MazeViewport *self,
                       double        factor,
                       double        view_x,
                       double        view_y)
{
  g_return_if_fail (MAZE_IS_VIEWPORT (self));
  g_return_if_fail (factor > 0 && isfinite (factor));

  maze_viewport_zoom_at (self, self->zoom * factor, view_x, view_y);
}

void
maze_viewport_pan_by (MazeViewport *self,
                      double        dx,
                      double        dy)
{
  gboolean old_fitted = self->fitted;

  g_return_if_fail (MAZE_IS_VIEWPORT (self));

  self->offset_x -= dx / self->zoom;
  self->offset_y -= dy / self->zoom;
  self->fitted = FALSE;
  clamp_offset (self);
  emit_changed (self, self->zoom, old_fitted);
}

void
maze_viewport_fit (MazeViewport *self)
{
  double old_zoom = self->zoom;
  gboolean old_fitted = self->fitted;

  g_return_if_fail (MAZE_IS_VIEWPORT (self));

  self->fitted = TRUE;
  apply_fit (self);
  emit_changed (self, old_zoom, old_fitted);
}

void
maze_viewport_view_to_model (MazeViewport *self,
                             double        view_x,
                             double        view_y,
                             double       *model_x,
                             double       *model_y)
{
  *model_x = view_x / self->zoom + self->offset_x;
  *model_y = view_y / self->zoom + self->offset_y;
}

void
maze_viewport_model_to_view (MazeViewport *self,
                             double        model_x,
                             double        model_y,
                             double       *view_x,
                             double       *view_y)
{
  *view_x = (model_x - self->offset_x) * self->zoom;
  *view_y = (model_y - self->offset_y) * self->zoom;
}
