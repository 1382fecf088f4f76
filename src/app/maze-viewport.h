/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* Zoom and pan, apart from any widget so the logic is testable without a
 * display. Model coordinates are the maze drawing's units (the canvas
 * draws one unit per cell); view coordinates are widget pixels.
 *
 *   view = (model - offset) * zoom
 *
 * Zooming about a view point keeps the model point under it fixed.
 * Content of a new size (another maze) is fitted again. */

#define MAZE_TYPE_VIEWPORT (maze_viewport_get_type ())

G_DECLARE_FINAL_TYPE (MazeViewport, maze_viewport, MAZE, VIEWPORT, GObject)

#define MAZE_VIEWPORT_MAX_ZOOM 256.0

MazeViewport *maze_viewport_new              (void);
void          maze_viewport_set_view_size    (MazeViewport *self,
                                              double        width,
                                              double        height);
void          maze_viewport_set_content_size (MazeViewport *self,
                                              double        width,
                                              double        height);
double        maze_viewport_get_zoom         (MazeViewport *self);
double        maze_viewport_get_min_zoom     (MazeViewport *self);
void          maze_viewport_get_offset       (MazeViewport *self,
                                              double       *x,
                                              double       *y);
gboolean      maze_viewport_get_fitted       (MazeViewport *self);
void          maze_viewport_zoom_at          (MazeViewport *self,
                                              double        zoom,
                                              double        view_x,
                                              double        view_y);
void          maze_viewport_zoom_by          (MazeViewport *self,
                                              double        factor,
                                              double        view_x,
                                              double        view_y);
void          maze_viewport_pan_by           (MazeViewport *self,
                                              double        dx,
                                              double        dy);
void          maze_viewport_fit              (MazeViewport *self);
void          maze_viewport_view_to_model    (MazeViewport *self,
                                              double        view_x,
                                              double        view_y,
                                              double       *model_x,
                                              double       *model_y);
void          maze_viewport_model_to_view    (MazeViewport *self,
                                              double        model_x,
                                              double        model_y,
                                              double       *view_x,
                                              double       *view_y);

G_END_DECLS
