/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "maze-play-session.h"
#include "maze-test-util.h"

/* Play mode: keys are worked out here from the core's shortest path and
 * the geometry of the shape (where a neighbour sits on screen), never
 * written down; blocked moves must leave everything as it was. */

/* Helpers */

static void
open_dir (MazeGrid   *grid,
          guint       x,
          guint       y,
          const char *name)
{
  gint d = maze_topology_dir_from_name (grid->topology, name);

  g_assert_cmpint (d, >=, 0);
  maze_grid_set_passage (grid, x, y, (guint) d, TRUE);
}

static MazePlaySession *
new_session (const MazeGrid *grid,
             guint32         start,
             guint32         end)
{
  g_autoptr(GError) error = NULL;
  MazePlaySession *session = maze_play_session_new (grid, start, end, &error);

  g_assert_no_error (error);
  g_assert_nonnull (session);
  return session;
}

/* Where a cell's centre is on screen, in half cells: hex odd rows sit
 * half a cell to the right; triangles stand half a cell apart. */
static void
screen_position (MazeShape  shape,
                 guint      x,
                 guint      y,
                 gint      *sx,
                 gint      *sy)
{
  if (shape == MAZE_SHAPE_TRI)
    *sx = (gint) x;
  else
    *sx = 2 * (gint) x + (shape == MAZE_SHAPE_HEX ? (gint) (y & 1) : 0);
  *sy = (gint) y;
}

/* Which way a key should go on screen: sign of dx and dy. */
static void
key_screen_direction (MazePlayKey  key,
                      gint        *dx,
                      gint        *dy)
{
  static const gint dirs[MAZE_N_PLAY_KEYS][2] = {
    [MAZE_PLAY_KEY_UP] = { 0, -1 },
    [MAZE_PLAY_KEY_DOWN] = { 0, 1 },
    [MAZE_PLAY_KEY_LEFT] = { -1, 0 },
    [MAZE_PLAY_KEY_RIGHT] = { 1, 0 },
    [MAZE_PLAY_KEY_UP_LEFT] = { -1, -1 },
    [MAZE_PLAY_KEY_UP_RIGHT] = { 1, -1 },
    [MAZE_PLAY_KEY_DOWN_LEFT] = { -1, 1 },
    [MAZE_PLAY_KEY_DOWN_RIGHT] = { 1, 1 },
  };

  *dx = dirs[key][0];
  *dy = dirs[key][1];
}

/* The key that moves from cell to its neighbour next: the first in key
 * order, or the last when backwards. */
static MazePlayKey
key_for_step (const MazeGrid *grid,
              guint32         cell,
              guint32         next,
              gboolean        backwards)
{
  guint x, y;

  maze_grid_xy (grid, cell, &x, &y);
  for (guint i = 0; i < MAZE_N_PLAY_KEYS; i++)
    {
      MazePlayKey key = backwards ? MAZE_N_PLAY_KEYS - 1 - i : i;
      gint d = maze_play_key_to_direction (key, grid->shape, y);
      guint nx, ny;

      if (d >= 0 && maze_grid_step (grid, x, y, (guint) d, &nx, &ny) &&
          maze_grid_index (grid, nx, ny) == next)
        return key;
    }
  g_error ("no key goes from cell %u to cell %u", cell, next);
}

typedef struct
{
  guint cell;
  guint moves;
  guint finished;
} Notifications;

static void
notify_cb (GObject       *object,
           GParamSpec    *pspec,
           Notifications *n)
{
  if (g_str_equal (pspec->name, "cell"))
    n->cell++;
  else if (g_str_equal (pspec->name, "moves"))
    n->moves++;
  else if (g_str_equal (pspec->name, "finished"))
    n->finished++;
}

static void
assert_trail (MazePlaySession *session,
              const guint32   *expected,
              guint32          expected_len)
{
  guint32 len;
  const guint32 *trail = maze_play_session_get_trail (session, &len);

  g_assert_cmpmem (trail, len * sizeof (guint32), expected, expected_len * sizeof (guint32));
}

/* A 3×2 maze with a masked cell, drawn by hand:
 *
 *   S - a   #       S start (0,0), E end (2,1), # masked (2,0)
 *   |   |
 *   b   c - E       no wall between b and c
 */
static MazeGrid *
new_small_maze (void)
{
  MazeGrid *grid = maze_test_new_grid (MAZE_SHAPE_RECT, 3, 2);

  maze_grid_set_masked (grid, 2, 0, TRUE);
  open_dir (grid, 0, 0, "E");
  open_dir (grid, 0, 0, "S");
  open_dir (grid, 1, 0, "S");
  open_dir (grid, 1, 1, "E");
  return grid;
}

/* Tests */

static void
test_key_mapping (void)
{
  static const MazeShape shapes[] = { MAZE_SHAPE_RECT, MAZE_SHAPE_HEX, MAZE_SHAPE_TRI };

  for (guint s = 0; s < G_N_ELEMENTS (shapes); s++)
    {
      g_autoptr(MazeGrid) grid = maze_test_new_grid (shapes[s], 9, 9);
      const MazeTopology *t = grid->topology;

      /* Rows of both parities; on triangles, one pointing down (4, 3)
       * and one pointing up (4, 4). */
      for (guint y = 3; y <= 4; y++)
        {
          guint x = 4, covered = 0;

          for (guint k = 0; k < MAZE_N_PLAY_KEYS; k++)
            {
              gint d = maze_play_key_to_direction ((MazePlayKey) k, shapes[s], y);
              gint kdx, kdy, sx, sy, nsx, nsy;
              guint nx = 0, ny = 0;

              if (d < 0)
                {
                  /* Only the rect and tri diagonals mean nothing. */
                  g_assert_cmpint (shapes[s], !=, MAZE_SHAPE_HEX);
                  g_assert_cmpuint (k, >=, MAZE_PLAY_KEY_UP_LEFT);
                  continue;
                }
              g_assert_cmpint (d, <, (gint) t->n_dirs);
              /* Towards a side the triangle lacks: nowhere to go. */
              if (!maze_topology_has_dir (t, x, y, (guint) d))
                {
                  g_assert_cmpint (shapes[s], ==, MAZE_SHAPE_TRI);
                  g_assert_false (maze_grid_step (grid, x, y, (guint) d, &nx, &ny));
                  continue;
                }
              covered |= 1u << d;

              /* The key goes where it says on screen. */
              g_assert_true (maze_grid_step (grid, x, y, (guint) d, &nx, &ny));
              key_screen_direction ((MazePlayKey) k, &kdx, &kdy);
              screen_position (shapes[s], x, y, &sx, &sy);
              screen_position (shapes[s], nx, ny, &nsx, &nsy);
              g_assert_cmpint (nsy - sy, ==, kdy);
              if (kdx != 0)
                g_assert_cmpint ((nsx - sx) * kdx, >, 0);
              else if (shapes[s] == MAZE_SHAPE_RECT)
                g_assert_cmpint (nsx, ==, sx);
              else
                /* Hex up and down keep to the column, zig-zagging. */
                g_assert_cmpuint (nx, ==, x);
            }
          /* Every direction the cell has has a key. */
          g_assert_cmpuint (covered, ==, maze_topology_dirs_at (t, x, y));
        }
    }

  g_assert_nonnull (maze_play_key_hint (MAZE_SHAPE_RECT));
  g_assert_nonnull (maze_play_key_hint (MAZE_SHAPE_HEX));
  g_assert_cmpstr (maze_play_key_hint (MAZE_SHAPE_RECT), !=, maze_play_key_hint (MAZE_SHAPE_HEX));
  g_assert_cmpstr (maze_play_key_hint (MAZE_SHAPE_TRI), !=, maze_play_key_hint (MAZE_SHAPE_RECT));
  g_assert_cmpstr (maze_play_key_hint (MAZE_SHAPE_TRI), !=, maze_play_key_hint (MAZE_SHAPE_HEX));
}

/* Keys worked out from the core's shortest path reach the end. */
static void
test_scripted (void)
{
  static const struct { MazeShape shape; guint width, height; guint64 seed; } cases[] = {
    { MAZE_SHAPE_RECT, 12, 9, 1 },
    { MAZE_SHAPE_RECT, 15, 15, 2 },
    { MAZE_SHAPE_HEX, 11, 8, 3 },
    { MAZE_SHAPE_HEX, 14, 13, 4 },
    { MAZE_SHAPE_TRI, 12, 9, 5 },
    { MAZE_SHAPE_TRI, 17, 14, 6 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint backwards = 0; backwards < 2; backwards++)
      {
        g_autoptr(MazeGrid) grid = maze_test_new_maze (cases[i].shape, cases[i].width, cases[i].height,
                                                       MAZE_ALGORITHM_BACKTRACKER, cases[i].seed);
        g_autoptr(MazeSolution) path = NULL;
        g_autoptr(MazePlaySession) session = NULL;
        g_autoptr(GError) error = NULL;
        g_autofree char *message = NULL;
        g_autofree char *expected = NULL;
        guint32 start, end;

        maze_endpoints_choose (grid, MAZE_ENDPOINTS_FARTHEST, &start, &end, &error);
        g_assert_no_error (error);
        path = maze_solve (grid, MAZE_SOLVER_BFS, start, end, NULL, &error);
        g_assert_no_error (error);

        session = new_session (grid, start, end);
        g_assert_cmpuint (maze_play_session_get_shortest_moves (session), ==, path->path_len - 1);
        for (guint32 p = 0; p + 1 < path->path_len; p++)
          {
            MazePlayKey key = key_for_step (grid, path->path[p], path->path[p + 1], backwards);

            g_assert_false (maze_play_session_get_finished (session));
            g_assert_null (maze_play_session_dup_finish_message (session));
            g_assert_true (maze_play_session_press (session, key));
            g_assert_cmpuint (maze_play_session_get_cell (session), ==, path->path[p + 1]);
          }
        g_assert_true (maze_play_session_get_finished (session));
        g_assert_cmpuint (maze_play_session_get_cell (session), ==, end);
        g_assert_cmpuint (maze_play_session_get_moves (session), ==, path->path_len - 1);
        assert_trail (session, path->path, path->path_len);

        message = maze_play_session_dup_finish_message (session);
        expected = g_strdup_printf ("Finished in %u moves: the shortest path!", path->path_len - 1);
        g_assert_cmpstr (message, ==, expected);
      }
}

static void
test_blocked (void)
{
  g_autoptr(MazeGrid) grid = new_small_maze ();
  g_autoptr(MazePlaySession) session = NULL;
  Notifications n = { 0 };
  guint32 start = maze_grid_index (grid, 0, 0);
  guint32 a = maze_grid_index (grid, 1, 0);
  guint32 b = maze_grid_index (grid, 0, 1);
  guint32 end = maze_grid_index (grid, 2, 1);
  const guint32 trail_start[] = { start };
  const guint32 trail_a[] = { start, a };
  const guint32 trail_b[] = { start, b };
  const MazeTopology *t = grid->topology;
  gint east = maze_topology_dir_from_name (t, "E");

  /* Break the grid on purpose: a passage bit from a into the masked
   * cell. The mask must block the move all the same. */
  grid->cells[a] |= (guint8) (1u << t->owned_bit[east]);

  session = new_session (grid, start, end);
  g_signal_connect (session, "notify", G_CALLBACK (notify_cb), &n);

  /* Off the grid, a key without meaning on rect, a direction past the
   * shape's. */
  g_assert_false (maze_play_session_press (session, MAZE_PLAY_KEY_UP));
  g_assert_false (maze_play_session_press (session, MAZE_PLAY_KEY_LEFT));
  g_assert_false (maze_play_session_press (session, MAZE_PLAY_KEY_DOWN_RIGHT));
  g_assert_false (maze_play_session_move (session, 4));
  g_assert_cmpuint (maze_play_session_get_cell (session), ==, start);
  g_assert_cmpuint (maze_play_session_get_moves (session), ==, 0);
  assert_trail (session, trail_start, 1);

  /* Into the masked cell. */
  g_assert_true (maze_play_session_press (session, MAZE_PLAY_KEY_RIGHT));
  g_assert_false (maze_play_session_press (session, MAZE_PLAY_KEY_RIGHT));
  g_assert_cmpuint (maze_play_session_get_cell (session), ==, a);
  g_assert_cmpuint (maze_play_session_get_moves (session), ==, 1);
  assert_trail (session, trail_a, 2);

  /* Into the wall between b and c. */
  g_assert_true (maze_play_session_press (session, MAZE_PLAY_KEY_LEFT));
  g_assert_true (maze_play_session_press (session, MAZE_PLAY_KEY_DOWN));
  g_assert_false (maze_play_session_press (session, MAZE_PLAY_KEY_RIGHT));
  g_assert_false (maze_play_session_press (session, MAZE_PLAY_KEY_DOWN));
  g_assert_cmpuint (maze_play_session_get_cell (session), ==, b);
  g_assert_cmpuint (maze_play_session_get_moves (session), ==, 3);
  assert_trail (session, trail_b, 2);

  /* Three moves, each told once; nothing for the refused ones. */
  g_assert_cmpuint (n.cell, ==, 3);
  g_assert_cmpuint (n.moves, ==, 3);
  g_assert_cmpuint (n.finished, ==, 0);
}

/* The trail rubs out the way back; the visited cells stay. */
static void
test_trail (void)
{
  g_autoptr(MazeGrid) grid = new_small_maze ();
  g_autoptr(MazePlaySession) session = NULL;
  g_autofree char *message = NULL;
  Notifications n = { 0 };
  guint32 start = maze_grid_index (grid, 0, 0);
  guint32 a = maze_grid_index (grid, 1, 0);
  guint32 b = maze_grid_index (grid, 0, 1);
  guint32 c = maze_grid_index (grid, 1, 1);
  guint32 end = maze_grid_index (grid, 2, 1);
  const guint32 trail_b[] = { start, b };
  const guint32 trail_start[] = { start };
  const guint32 trail_end[] = { start, a, c, end };
  const guint32 *visited;
  guint32 max;

  session = new_session (grid, start, end);
  g_signal_connect (session, "notify", G_CALLBACK (notify_cb), &n);
  g_assert_cmpuint (maze_play_session_get_shortest_moves (session), ==, 3);

  g_assert_true (maze_play_session_press (session, MAZE_PLAY_KEY_DOWN));
  assert_trail (session, trail_b, 2);
  g_assert_true (maze_play_session_press (session, MAZE_PLAY_KEY_UP));
  assert_trail (session, trail_start, 1);
  g_assert_cmpuint (maze_play_session_get_moves (session), ==, 2);

  g_assert_true (maze_play_session_press (session, MAZE_PLAY_KEY_RIGHT));
  g_assert_true (maze_play_session_press (session, MAZE_PLAY_KEY_DOWN));
  g_assert_true (maze_play_session_press (session, MAZE_PLAY_KEY_RIGHT));
  g_assert_true (maze_play_session_get_finished (session));
  assert_trail (session, trail_end, 4);
  g_assert_cmpuint (n.finished, ==, 1);

  visited = maze_play_session_get_visited (session, &max);
  g_assert_cmpuint (max, ==, 5);
  g_assert_cmpuint (visited[start], ==, 0);
  g_assert_cmpuint (visited[b], ==, 1);
  g_assert_cmpuint (visited[a], ==, 3);
  g_assert_cmpuint (visited[c], ==, 4);
  g_assert_cmpuint (visited[end], ==, 5);
  g_assert_cmpuint (visited[maze_grid_index (grid, 2, 0)], ==, G_MAXUINT32);

  message = maze_play_session_dup_finish_message (session);
  g_assert_cmpstr (message, ==, "Finished in 5 moves; the shortest path takes 3.");

  /* Finished: no more moves. */
  g_assert_false (maze_play_session_press (session, MAZE_PLAY_KEY_LEFT));
  g_assert_cmpuint (maze_play_session_get_moves (session), ==, 5);

  /* Restart: all back to the start. */
  maze_play_session_restart (session);
  g_assert_false (maze_play_session_get_finished (session));
  g_assert_cmpuint (maze_play_session_get_cell (session), ==, start);
  g_assert_cmpuint (maze_play_session_get_moves (session), ==, 0);
  assert_trail (session, trail_start, 1);
  visited = maze_play_session_get_visited (session, &max);
  g_assert_cmpuint (max, ==, 0);
  g_assert_cmpuint (visited[b], ==, G_MAXUINT32);
  g_assert_cmpuint (n.finished, ==, 2);
}

/* Round a loop: coming back onto the trail cuts it back to that cell. */
static void
test_trail_loop (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_grid (MAZE_SHAPE_RECT, 3, 2);
  g_autoptr(MazePlaySession) session = NULL;
  guint32 start = maze_grid_index (grid, 0, 0);
  guint32 a = maze_grid_index (grid, 1, 0);
  guint32 end = maze_grid_index (grid, 2, 1);
  const guint32 trail_a[] = { start, a };

  open_dir (grid, 0, 0, "E");
  open_dir (grid, 0, 0, "S");
  open_dir (grid, 1, 0, "S");
  open_dir (grid, 0, 1, "E");
  open_dir (grid, 1, 1, "E");
  session = new_session (grid, start, end);

  g_assert_true (maze_play_session_press (session, MAZE_PLAY_KEY_RIGHT));
  g_assert_true (maze_play_session_press (session, MAZE_PLAY_KEY_DOWN));
  g_assert_true (maze_play_session_press (session, MAZE_PLAY_KEY_LEFT));
  g_assert_true (maze_play_session_press (session, MAZE_PLAY_KEY_UP));
  g_assert_true (maze_play_session_press (session, MAZE_PLAY_KEY_RIGHT));
  /* Round the loop and on: the trail is start, a again. */
  assert_trail (session, trail_a, 2);
  g_assert_cmpuint (maze_play_session_get_moves (session), ==, 5);
}

static gint64
fake_clock (gpointer user_data)
{
  return *(gint64 *) user_data;
}

static void
test_clock (void)
{
  g_autoptr(MazeGrid) grid = new_small_maze ();
  g_autoptr(MazePlaySession) session = NULL;
  gint64 now = 1000000;

  session = new_session (grid, 0, maze_grid_index (grid, 2, 1));
  maze_play_session_set_clock (session, fake_clock, &now);

  /* The clock starts with the first move, not with the session. */
  now += 5000;
  g_assert_cmpint (maze_play_session_get_elapsed (session), ==, 0);
  g_assert_false (maze_play_session_press (session, MAZE_PLAY_KEY_UP));
  now += 5000;
  g_assert_cmpint (maze_play_session_get_elapsed (session), ==, 0);

  g_assert_true (maze_play_session_press (session, MAZE_PLAY_KEY_RIGHT));
  now += 1500000;
  g_assert_cmpint (maze_play_session_get_elapsed (session), ==, 1500000);
  g_assert_true (maze_play_session_press (session, MAZE_PLAY_KEY_DOWN));
  now += 500000;
  g_assert_true (maze_play_session_press (session, MAZE_PLAY_KEY_RIGHT));
  g_assert_true (maze_play_session_get_finished (session));
  g_assert_cmpint (maze_play_session_get_elapsed (session), ==, 2000000);

  /* Stopped at the finish. */
  now += 7000000;
  g_assert_cmpint (maze_play_session_get_elapsed (session), ==, 2000000);

  maze_play_session_restart (session);
  g_assert_cmpint (maze_play_session_get_elapsed (session), ==, 0);
}

static void
test_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = new_small_maze ();
  g_autoptr(MazeGrid) walled = maze_test_new_grid (MAZE_SHAPE_HEX, 3, 3);
  MazePlaySession *session;

  /* A maze that cannot be won is not played. */
  session = maze_play_session_new (walled, 0, 8, &error);
  g_assert_null (session);
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_UNREACHABLE);
  g_clear_error (&error);

  session = maze_play_session_new (grid, maze_grid_index (grid, 2, 0), 0, &error);
  g_assert_null (session);
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  session = maze_play_session_new (grid, 0, grid->n_cells, &error);
  g_assert_null (session);
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT);
}

static void
test_start_is_end (void)
{
  g_autoptr(MazeGrid) grid = maze_test_new_maze (MAZE_SHAPE_HEX, 5, 5, MAZE_ALGORITHM_BACKTRACKER, 1);
  g_autoptr(MazePlaySession) session = new_session (grid, 12, 12);
  g_autofree char *message = NULL;

  g_assert_true (maze_play_session_get_finished (session));
  g_assert_cmpuint (maze_play_session_get_shortest_moves (session), ==, 0);
  g_assert_false (maze_play_session_press (session, MAZE_PLAY_KEY_RIGHT));
  message = maze_play_session_dup_finish_message (session);
  g_assert_cmpstr (message, ==, "Finished in 0 moves: the shortest path!");
}

/* The session plays on its own copy of the maze. */
static void
test_private_copy (void)
{
  g_autoptr(MazeGrid) grid = new_small_maze ();
  g_autoptr(MazePlaySession) session = new_session (grid, 0, maze_grid_index (grid, 2, 1));

  maze_grid_clear_passages (grid);
  g_assert_true (maze_play_session_get_grid (session) != grid);
  g_assert_true (maze_play_session_press (session, MAZE_PLAY_KEY_RIGHT));
}

/* From a centre cell every key goes the way it points, to the first-ring
 * cell there (six cells, a sixth of a turn each, the first clockwise
 * from straight up); along the wall between two, the clockwise one, or
 * the one a passage leads to. ↓ from the first ring goes to the centre. */
static void
test_centre_keys (void)
{
  g_autoptr(MazeGrid) grid = maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, 6, 3, TRUE, NULL);
  static const struct { MazePlayKey key; guint x; } ways[] = {
    { MAZE_PLAY_KEY_UP, 0 },          /* 0°: between cells 5 and 0 */
    { MAZE_PLAY_KEY_UP_RIGHT, 0 },    /* 45° */
    { MAZE_PLAY_KEY_RIGHT, 1 },       /* 90° */
    { MAZE_PLAY_KEY_DOWN_RIGHT, 2 },  /* 135° */
    { MAZE_PLAY_KEY_DOWN, 3 },        /* 180°: between cells 2 and 3 */
    { MAZE_PLAY_KEY_DOWN_LEFT, 3 },   /* 225° */
    { MAZE_PLAY_KEY_LEFT, 4 },        /* 270° */
    { MAZE_PLAY_KEY_UP_LEFT, 5 },     /* 315° */
  };
  guint nx = 0, ny = 0;
  gint dir;

  g_assert_nonnull (grid);
  for (guint i = 0; i < G_N_ELEMENTS (ways); i++)
    {
      dir = maze_play_key_to_cell_direction (ways[i].key, grid, 0, 0);
      g_assert_cmpint (dir, >=, 0);
      g_assert_true (maze_grid_step (grid, 0, 0, (guint) dir, &nx, &ny));
      g_assert_cmpuint (nx, ==, ways[i].x);
      g_assert_cmpuint (ny, ==, 1);
      g_assert_cmpint (maze_play_key_to_spoke (ways[i].key, grid, FALSE), ==, dir);
    }

  /* Up between cells 5 and 0 follows the passage to 5; the cursor's
   * spoke, which ignores walls, stays the clockwise one. */
  maze_grid_carve (grid, 0, 0, 5, 5, 1);
  dir = maze_play_key_to_cell_direction (MAZE_PLAY_KEY_UP, grid, 0, 0);
  g_assert_true (maze_grid_step (grid, 0, 0, (guint) dir, &nx, &ny));
  g_assert_cmpuint (nx, ==, 5);
  g_assert_cmpint (maze_play_key_to_spoke (MAZE_PLAY_KEY_UP, grid, FALSE), ==, 0);

  for (guint x = 0; x < 6; x++)
    {
      dir = maze_play_key_to_cell_direction (MAZE_PLAY_KEY_DOWN, grid, x, 1);
      g_assert_true (maze_grid_step (grid, x, 1, (guint) dir, &nx, &ny));
      g_assert_cmpuint (nx, ==, 0);
      g_assert_cmpuint (ny, ==, 0);
    }
}

/* The centre alone (one ring) has nowhere to go: no key moves from it,
 * for play or the cursor. */
static void
test_centre_alone (void)
{
  g_autoptr(MazeGrid) grid = maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, 3, 1, TRUE, NULL);

  g_assert_nonnull (grid);
  for (guint key = 0; key < MAZE_N_PLAY_KEYS; key++)
    {
      g_assert_cmpint (maze_play_key_to_cell_direction (key, grid, 0, 0), <, 0);
      g_assert_cmpint (maze_play_key_to_spoke (key, grid, FALSE), <, 0);
      g_assert_cmpint (maze_play_key_to_spoke (key, grid, TRUE), <, 0);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/app/play-session/key-mapping", test_key_mapping);
  g_test_add_func ("/app/play-session/scripted", test_scripted);
  g_test_add_func ("/app/play-session/blocked", test_blocked);
  g_test_add_func ("/app/play-session/trail", test_trail);
  g_test_add_func ("/app/play-session/trail-loop", test_trail_loop);
  g_test_add_func ("/app/play-session/clock", test_clock);
  g_test_add_func ("/app/play-session/errors", test_errors);
  g_test_add_func ("/app/play-session/start-is-end", test_start_is_end);
  g_test_add_func ("/app/play-session/private-copy", test_private_copy);
  g_test_add_func ("/app/play-session/centre-keys", test_centre_keys);
  g_test_add_func ("/app/play-session/centre-alone", test_centre_alone);

  return g_test_run ();
}
