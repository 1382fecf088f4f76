/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

/* MazeCanvas in play mode (see "Play mode" in maze-canvas.h): taking a
 * MazePlaySession and letting it go, following its moves (the trail, the
 * cells visited, the view on the player) and turning keys into moves. */

#include "config.h"

#include "maze-canvas-private.h"

/* ---- The session ---- */

/* The session moved (or restarted): the trail and the cells visited
 * changed at the player's end only, unless it started over. */
static void
session_moved_cb (MazePlaySession *session,
                  GParamSpec      *pspec,
                  MazeCanvas      *self)
{
  const guint32 *trail;
  guint32 len, cell = maze_play_session_get_cell (session);
  guint x, y;

  trail = maze_play_session_get_trail (session, &len);
  if (maze_play_session_get_moves (session) == 0)
    maze_canvas_mark_all_stale (self, LAYER_BIT (LAYER_BASE) | LAYER_BIT (LAYER_PATHS));
  else
    {
      maze_canvas_mark_path_change (self, self->trail.cells, self->trail.len, trail, len);
      maze_canvas_mark_cell_stale (self, cell, LAYER_BIT (LAYER_BASE));
    }
  maze_canvas_path_index_set (&self->trail, len > 1 ? trail : NULL, len > 1 ? len : 0,
                              maze_play_session_get_grid (session));
  maze_grid_xy (maze_play_session_get_grid (session), cell, &x, &y);
  maze_canvas_scroll_to_cell (self, x, y);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
maze_canvas_set_play_session (MazeCanvas      *self,
                              MazePlaySession *session)
{
  const MazeGrid *grid;
  guint mask;

  g_return_if_fail (MAZE_IS_CANVAS (self));
  g_return_if_fail (session == NULL || MAZE_IS_PLAY_SESSION (session));
  g_return_if_fail (session == NULL || self->document != NULL);
  g_return_if_fail (session == NULL ||
                    grid_fits (maze_play_session_get_grid (session),
                               maze_document_get_grid (self->document)));

  if (self->play == session)
    return;
  /* Whether it comes or goes, play mode shows its own layers instead
   * of the others. The session's grid is a copy of the document's (the
   * window makes a new session whenever the maze changes): the walls
   * change only when an overlay's grid was shown. */
  mask = LAYER_BIT (LAYER_BASE) | LAYER_BIT (LAYER_PATHS) |
         (maze_canvas_overlay_grid (self) != NULL ? LAYER_BIT (LAYER_WALLS) : 0);
  maze_canvas_cancel_drag (self);
  if (self->play != NULL)
    g_signal_handlers_disconnect_by_data (self->play, self);
  g_set_object (&self->play, session);
  maze_canvas_path_index_clear (&self->trail);
  if (session != NULL)
    {
      const guint32 *trail;
      guint32 len;
      guint x, y;

      g_signal_connect (session, "notify::moves", G_CALLBACK (session_moved_cb), self);
      trail = maze_play_session_get_trail (session, &len);
      grid = maze_play_session_get_grid (session);
      if (len > 1)
        maze_canvas_path_index_set (&self->trail, trail, len, grid);
      maze_grid_xy (grid, maze_play_session_get_cell (session), &x, &y);
      maze_canvas_scroll_to_cell (self, x, y);
    }
  maze_canvas_mark_all_stale (self, mask);
  maze_canvas_update_cursor (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  maze_canvas_notify (self, PROP_PLAY_SESSION);
}

MazePlaySession *
maze_canvas_get_play_session (MazeCanvas *self)
{
  g_return_val_if_fail (MAZE_IS_CANVAS (self), NULL);
  return self->play;
}

/* ---- Keys ---- */

/* The play keys (see MazePlayKey); FALSE for any other key. */
static gboolean
play_key_for (guint        keyval,
              MazePlayKey *key)
{
  switch (keyval)
    {
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
    case GDK_KEY_KP_8:
    case GDK_KEY_w:
    case GDK_KEY_W:
      *key = MAZE_PLAY_KEY_UP;
      return TRUE;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
    case GDK_KEY_KP_2:
    case GDK_KEY_s:
    case GDK_KEY_S:
    case GDK_KEY_x:
    case GDK_KEY_X:
      *key = MAZE_PLAY_KEY_DOWN;
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
    case GDK_KEY_KP_4:
    case GDK_KEY_a:
    case GDK_KEY_A:
      *key = MAZE_PLAY_KEY_LEFT;
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
    case GDK_KEY_KP_6:
    case GDK_KEY_d:
    case GDK_KEY_D:
      *key = MAZE_PLAY_KEY_RIGHT;
      return TRUE;
    case GDK_KEY_q:
    case GDK_KEY_Q:
    case GDK_KEY_KP_7:
    case GDK_KEY_KP_Home:
    case GDK_KEY_Home:
      *key = MAZE_PLAY_KEY_UP_LEFT;
      return TRUE;
    case GDK_KEY_e:
    case GDK_KEY_E:
    case GDK_KEY_KP_9:
    case GDK_KEY_KP_Page_Up:
    case GDK_KEY_Page_Up:
      *key = MAZE_PLAY_KEY_UP_RIGHT;
      return TRUE;
    case GDK_KEY_z:
    case GDK_KEY_Z:
    case GDK_KEY_KP_1:
    case GDK_KEY_KP_End:
    case GDK_KEY_End:
      *key = MAZE_PLAY_KEY_DOWN_LEFT;
      return TRUE;
    case GDK_KEY_c:
    case GDK_KEY_C:
    case GDK_KEY_KP_3:
    case GDK_KEY_KP_Page_Down:
    case GDK_KEY_Page_Down:
      *key = MAZE_PLAY_KEY_DOWN_RIGHT;
      return TRUE;
    default:
      return FALSE;
    }
}

gboolean
maze_canvas_play_key_pressed (MazeCanvas *self,
                              guint       keyval)
{
  MazePlayKey key;

  /* Escape is the window's: it cancels a generation first, if one runs,
   * and leaves play mode wherever the focus is. */
  if (!play_key_for (keyval, &key))
    return FALSE;
  /* The session says what changed (see session_moved_cb). A wall, or a
   * key that means nothing in this shape, rings the bell. */
  if (!maze_play_session_get_finished (self->play) && !maze_play_session_press (self->play, key))
    gtk_widget_error_bell (GTK_WIDGET (self));
  return TRUE;
}
