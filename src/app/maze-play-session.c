/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-play-session.h"

#include <glib/gi18n.h>
#include <string.h>

/* Keys */

/* Directions, as numbered in maze-topology.c. */
enum { RECT_N, RECT_E, RECT_S, RECT_W };
enum { HEX_E, HEX_SE, HEX_SW, HEX_W, HEX_NW, HEX_NE };

gint
maze_play_key_to_direction (MazePlayKey key,
                            MazeShape   shape,
                            guint       y)
{
  /* Odd rows sit half a cell to the right: from an even row the cell
   * above in the same column is NE, from an odd row NW. */
  gboolean odd = (y & 1) != 0;

  switch (shape)
    {
    case MAZE_SHAPE_RECT:
      switch (key)
        {
        case MAZE_PLAY_KEY_UP:
          return RECT_N;
        case MAZE_PLAY_KEY_DOWN:
          return RECT_S;
        case MAZE_PLAY_KEY_LEFT:
          return RECT_W;
        case MAZE_PLAY_KEY_RIGHT:
          return RECT_E;
        case MAZE_PLAY_KEY_UP_LEFT:
        case MAZE_PLAY_KEY_UP_RIGHT:
        case MAZE_PLAY_KEY_DOWN_LEFT:
        case MAZE_PLAY_KEY_DOWN_RIGHT:
        default:
          return -1;
        }

    case MAZE_SHAPE_HEX:
      switch (key)
        {
        case MAZE_PLAY_KEY_UP:
          return odd ? HEX_NW : HEX_NE;
        case MAZE_PLAY_KEY_DOWN:
          return odd ? HEX_SW : HEX_SE;
        case MAZE_PLAY_KEY_LEFT:
          return HEX_W;
        case MAZE_PLAY_KEY_RIGHT:
          return HEX_E;
        case MAZE_PLAY_KEY_UP_LEFT:
          return HEX_NW;
        case MAZE_PLAY_KEY_UP_RIGHT:
          return HEX_NE;
        case MAZE_PLAY_KEY_DOWN_LEFT:
          return HEX_SW;
        case MAZE_PLAY_KEY_DOWN_RIGHT:
          return HEX_SE;
        default:
          return -1;
        }

    /* Triangles have rect's directions, but each lacks N or S: the
     * arrow towards a side the triangle has not does nothing. */
    case MAZE_SHAPE_TRI:
      switch (key)
        {
        case MAZE_PLAY_KEY_UP:
          return RECT_N;
        case MAZE_PLAY_KEY_DOWN:
          return RECT_S;
        case MAZE_PLAY_KEY_LEFT:
          return RECT_W;
        case MAZE_PLAY_KEY_RIGHT:
          return RECT_E;
        case MAZE_PLAY_KEY_UP_LEFT:
        case MAZE_PLAY_KEY_UP_RIGHT:
        case MAZE_PLAY_KEY_DOWN_LEFT:
        case MAZE_PLAY_KEY_DOWN_RIGHT:
        default:
          return -1;
        }

    /* Rings: round the ring and out or in. A cell's way inward is the
     * one of IN_A and IN_B it has, and UP_LEFT and UP_RIGHT choose
     * between two cells outward (maze_play_key_to_cell_direction()). */
    case MAZE_SHAPE_CIRCULAR:
      switch (key)
        {
        case MAZE_PLAY_KEY_UP:
        case MAZE_PLAY_KEY_UP_LEFT:
          return MAZE_POLAR_OUT_A;
        case MAZE_PLAY_KEY_UP_RIGHT:
          return MAZE_POLAR_OUT_B;
        case MAZE_PLAY_KEY_DOWN:
          return MAZE_POLAR_IN_A;
        case MAZE_PLAY_KEY_LEFT:
          return MAZE_POLAR_CCW;
        case MAZE_PLAY_KEY_RIGHT:
          return MAZE_POLAR_CW;
        case MAZE_PLAY_KEY_DOWN_LEFT:
        case MAZE_PLAY_KEY_DOWN_RIGHT:
        default:
          return -1;
        }

    default:
      return -1;
    }
}

/* The keys' ways on screen, in eighths of a turn clockwise from up. */
static const guint key_eighths[MAZE_N_PLAY_KEYS] = {
  [MAZE_PLAY_KEY_UP] = 0,
  [MAZE_PLAY_KEY_UP_RIGHT] = 1,
  [MAZE_PLAY_KEY_RIGHT] = 2,
  [MAZE_PLAY_KEY_DOWN_RIGHT] = 3,
  [MAZE_PLAY_KEY_DOWN] = 4,
  [MAZE_PLAY_KEY_DOWN_LEFT] = 5,
  [MAZE_PLAY_KEY_LEFT] = 6,
  [MAZE_PLAY_KEY_UP_LEFT] = 7,
};

gint
maze_play_key_to_spoke (MazePlayKey     key,
                        const MazeGrid *grid,
                        gboolean        by_passage)
{
  guint spokes = maze_grid_dirs_at (grid, 0, 0);
  guint n, at, spoke, before;

  g_return_val_if_fail (maze_grid_is_centre (grid, 0, 0), -1);
  g_return_val_if_fail ((guint) key < MAZE_N_PLAY_KEYS, -1);

  /* The centre alone (one ring) has nowhere to go. */
  if (spokes == 0)
    return -1;
  /* Spoke d leads to first-ring cell d, which spans d / n to (d + 1) / n
   * of a turn clockwise from straight up. */
  n = (guint) g_bit_nth_msf (spokes, -1) + 1;
  at = key_eighths[key] * n;
  spoke = (at / 8) % n;
  if (at % 8 != 0 || !by_passage)
    return (gint) spoke;
  /* Along the wall between two cells: the open one, the clockwise one
   * when both or neither are. */
  before = (spoke + n - 1) % n;
  if (!maze_grid_has_passage (grid, 0, 0, spoke) && maze_grid_has_passage (grid, 0, 0, before))
    return (gint) before;
  return (gint) spoke;
}

gint
maze_play_key_to_cell_direction (MazePlayKey     key,
                                 const MazeGrid *grid,
                                 guint           x,
                                 guint           y)
{
  gint dir = maze_play_key_to_direction (key, grid->shape, y);
  guint dirs;

  if (maze_grid_is_centre (grid, x, y))
    return maze_play_key_to_spoke (key, grid, TRUE);
  if (dir < 0 || grid->shape != MAZE_SHAPE_CIRCULAR)
    return dir;
  dirs = maze_grid_dirs_at (grid, x, y);
  /* Inward: the one side the cell has there. */
  if (dir == MAZE_POLAR_IN_A && !(dirs & (1u << MAZE_POLAR_IN_A)))
    return MAZE_POLAR_IN_B;
  /* Outward where the ring splits: the open one of the two, so that ↑
   * follows the way out; the first when both or neither are. */
  if (key == MAZE_PLAY_KEY_UP && (dirs & (1u << MAZE_POLAR_OUT_B)) &&
      !maze_grid_has_passage (grid, x, y, MAZE_POLAR_OUT_A) &&
      maze_grid_has_passage (grid, x, y, MAZE_POLAR_OUT_B))
    return MAZE_POLAR_OUT_B;
  return dir;
}

const char *
maze_play_key_hint (MazeShape shape)
{
  switch (shape)
    {
    case MAZE_SHAPE_CIRCULAR:
      return _("← and → go round the ring anticlockwise and clockwise, ↑ outward and ↓ inward; "
               "where a ring splits, Q and E choose the left or right cell outward; "
               "from a centre cell, every key goes the way it points.");
    case MAZE_SHAPE_HEX:
      return _("← and → move sideways, ↑ and ↓ zig-zag up and down; "
               "Q, E, Z and C (or keypad 7, 9, 1 and 3) move diagonally.");
    case MAZE_SHAPE_TRI:
      return _("Move with the arrow keys or W, A, S and D: "
               "↑ leaves a triangle that points down, ↓ one that points up.");
    case MAZE_SHAPE_RECT:
    default:
      return _("Move with the arrow keys or W, A, S and D.");
    }
}

/* The session */

struct _MazePlaySession
{
  GObject            parent_instance;

  MazeGrid          *grid;          /* a private copy */
  guint32            start;
  guint32            end;
  guint              shortest_moves;

  guint32            cell;
  guint              moves;
  gboolean           finished;
  GArray            *trail;         /* guint32 cells, start first */
  guint8            *on_trail;      /* per cell: 1 while on the trail */
  guint32           *visited;       /* per cell: moves at the first visit */

  MazePlayClockFunc  clock;
  gpointer           clock_data;
  gint64             started;       /* clock at the first move, or -1 */
  gint64             stopped;       /* clock at the finish, or -1 */
};

G_DEFINE_FINAL_TYPE (MazePlaySession, maze_play_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CELL,
  PROP_MOVES,
  PROP_FINISHED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gint64
monotonic_clock (gpointer user_data)
{
  return g_get_monotonic_time ();
}

static gint64
now (MazePlaySession *self)
{
  return self->clock (self->clock_data);
}

/* Everything but the grid and the figures taken from it. */
static void
reset (MazePlaySession *self)
{
  if (self->trail->len > 0)
    {
      for (guint i = 0; i < self->trail->len; i++)
        self->on_trail[g_array_index (self->trail, guint32, i)] = 0;
      g_array_set_size (self->trail, 0);
    }
  memset (self->visited, 0xff, (gsize) self->grid->n_cells * sizeof *self->visited);

  self->cell = self->start;
  self->moves = 0;
  self->started = -1;
  self->stopped = -1;
  g_array_append_val (self->trail, self->start);
  self->on_trail[self->start] = 1;
  self->visited[self->start] = 0;
  /* A maze whose start is its end is won before it is played. */
  self->finished = self->start == self->end;
  if (self->finished)
    self->started = self->stopped = 0;
}

MazePlaySession *
maze_play_session_new (const MazeGrid  *grid,
                       guint32          start,
                       guint32          end,
                       GError         **error)
{
  g_autoptr(MazePlaySession) self = NULL;
  g_autoptr(MazeSolution) shortest = NULL;

  g_return_val_if_fail (grid != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Checks start and end too. */
  shortest = maze_solve (grid, MAZE_SOLVER_BFS, start, end, NULL, error);
  if (shortest == NULL)
    return NULL;

  self = g_object_new (MAZE_TYPE_PLAY_SESSION, NULL);
  self->on_trail = g_try_malloc0 (grid->n_cells);
  self->visited = g_try_new (guint32, grid->n_cells);
  if (self->on_trail == NULL || self->visited == NULL)
    {
      g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                           _("Not enough memory to play a maze this large"));
      return NULL;
    }
  self->grid = maze_grid_copy (grid);
  self->start = start;
  self->end = end;
  self->shortest_moves = shortest->path_len - 1;
  reset (self);

  return g_steal_pointer (&self);
}

void
maze_play_session_set_clock (MazePlaySession   *self,
                             MazePlayClockFunc  clock,
                             gpointer           user_data)
{
  g_return_if_fail (MAZE_IS_PLAY_SESSION (self));

  self->clock = clock != NULL ? clock : monotonic_clock;
  self->clock_data = clock != NULL ? user_data : NULL;
}

gboolean
maze_play_session_move (MazePlaySession *self,
                        guint            dir)
{
  const MazeGrid *grid;
  guint x, y, nx, ny;
  guint32 next;
  gboolean was_finished;

  g_return_val_if_fail (MAZE_IS_PLAY_SESSION (self), FALSE);

  grid = self->grid;
  if (self->finished || dir >= grid->topology->n_dirs)
    return FALSE;
  maze_grid_xy (grid, self->cell, &x, &y);
  if (!maze_grid_step (grid, x, y, dir, &nx, &ny) ||
      !maze_grid_is_open (grid, nx, ny) ||
      !maze_grid_has_passage (grid, x, y, dir))
    return FALSE;

  next = maze_grid_index (grid, nx, ny);
  if (self->started < 0)
    self->started = now (self);
  self->moves++;
  self->cell = next;

  if (self->on_trail[next])
    {
      /* Back onto the trail: what lies beyond next was a detour. */
      while (g_array_index (self->trail, guint32, self->trail->len - 1) != next)
        {
          self->on_trail[g_array_index (self->trail, guint32, self->trail->len - 1)] = 0;
          g_array_set_size (self->trail, self->trail->len - 1);
        }
    }
  else
    {
      g_array_append_val (self->trail, next);
      self->on_trail[next] = 1;
    }
  if (self->visited[next] == G_MAXUINT32)
    self->visited[next] = self->moves;

  was_finished = self->finished;
  if (next == self->end)
    {
      self->finished = TRUE;
      self->stopped = now (self);
    }

  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CELL]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MOVES]);
  if (self->finished != was_finished)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FINISHED]);
  g_object_thaw_notify (G_OBJECT (self));

  return TRUE;
}

gboolean
maze_play_session_press (MazePlaySession *self,
                         MazePlayKey      key)
{
  guint x, y;
  gint dir;

  g_return_val_if_fail (MAZE_IS_PLAY_SESSION (self), FALSE);

  maze_grid_xy (self->grid, self->cell, &x, &y);
  dir = maze_play_key_to_cell_direction (key, self->grid, x, y);
  return dir >= 0 && maze_play_session_move (self, (guint) dir);
}

void
maze_play_session_restart (MazePlaySession *self)
{
  guint32 old_cell;
  guint old_moves;
  gboolean old_finished;

  g_return_if_fail (MAZE_IS_PLAY_SESSION (self));

  old_cell = self->cell;
  old_moves = self->moves;
  old_finished = self->finished;
  reset (self);

  g_object_freeze_notify (G_OBJECT (self));
  if (self->cell != old_cell)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CELL]);
  if (self->moves != old_moves)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MOVES]);
  if (self->finished != old_finished)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FINISHED]);
  g_object_thaw_notify (G_OBJECT (self));
}

const MazeGrid *
maze_play_session_get_grid (MazePlaySession *self)
{
  g_return_val_if_fail (MAZE_IS_PLAY_SESSION (self), NULL);

  return self->grid;
}

guint32
maze_play_session_get_start (MazePlaySession *self)
{
  g_return_val_if_fail (MAZE_IS_PLAY_SESSION (self), MAZE_NO_CELL);

  return self->start;
}

guint32
maze_play_session_get_end (MazePlaySession *self)
{
  g_return_val_if_fail (MAZE_IS_PLAY_SESSION (self), MAZE_NO_CELL);

  return self->end;
}

guint32
maze_play_session_get_cell (MazePlaySession *self)
{
  g_return_val_if_fail (MAZE_IS_PLAY_SESSION (self), MAZE_NO_CELL);

  return self->cell;
}

guint
maze_play_session_get_moves (MazePlaySession *self)
{
  g_return_val_if_fail (MAZE_IS_PLAY_SESSION (self), 0);

  return self->moves;
}

gboolean
maze_play_session_get_finished (MazePlaySession *self)
{
  g_return_val_if_fail (MAZE_IS_PLAY_SESSION (self), FALSE);

  return self->finished;
}

guint
maze_play_session_get_shortest_moves (MazePlaySession *self)
{
  g_return_val_if_fail (MAZE_IS_PLAY_SESSION (self), 0);

  return self->shortest_moves;
}

const guint32 *
maze_play_session_get_trail (MazePlaySession *self,
                             guint32         *len)
{
  g_return_val_if_fail (MAZE_IS_PLAY_SESSION (self), NULL);

  if (len != NULL)
    *len = self->trail->len;
  return (const guint32 *) (gpointer) self->trail->data;
}

const guint32 *
maze_play_session_get_visited (MazePlaySession *self,
                               guint32         *max)
{
  g_return_val_if_fail (MAZE_IS_PLAY_SESSION (self), NULL);

  /* A first visit is never later than the last move. */
  if (max != NULL)
    *max = self->moves;
  return self->visited;
}

gint64
maze_play_session_get_elapsed (MazePlaySession *self)
{
  g_return_val_if_fail (MAZE_IS_PLAY_SESSION (self), 0);

  if (self->started < 0)
    return 0;
  if (self->stopped >= 0)
    return self->stopped - self->started;
  return MAX (0, now (self) - self->started);
}

char *
maze_play_session_dup_finish_message (MazePlaySession *self)
{
  g_return_val_if_fail (MAZE_IS_PLAY_SESSION (self), NULL);

  if (!self->finished)
    return NULL;
  if (self->moves <= self->shortest_moves)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Finished in %u move: the shortest path!",
                                         "Finished in %u moves: the shortest path!",
                                         self->moves),
                            self->moves);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: the player's moves, then the fewest moves possible */
                                       "Finished in %u move; the shortest path takes %u.",
                                       "Finished in %u moves; the shortest path takes %u.",
                                       self->moves),
                          self->moves, self->shortest_moves);
}

static void
maze_play_session_finalize (GObject *object)
{
  MazePlaySession *self = MAZE_PLAY_SESSION (object);

  g_clear_pointer (&self->grid, maze_grid_free);
  g_clear_pointer (&self->trail, g_array_unref);
  g_clear_pointer (&self->on_trail, g_free);
  g_clear_pointer (&self->visited, g_free);

  G_OBJECT_CLASS (maze_play_session_parent_class)->finalize (object);
}

static void
maze_play_session_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  MazePlaySession *self = MAZE_PLAY_SESSION (object);

  switch (prop_id)
    {
    case PROP_CELL:
      g_value_set_uint (value, self->cell);
      break;

    case PROP_MOVES:
      g_value_set_uint (value, self->moves);
      break;

    case PROP_FINISHED:
      g_value_set_boolean (value, self->finished);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
maze_play_session_class_init (MazePlaySessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = maze_play_session_finalize;
  object_class->get_property = maze_play_session_get_property;

  properties[PROP_CELL] =
    g_param_spec_uint ("cell", NULL, NULL,
                       0, G_MAXUINT32, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_MOVES] =
    g_param_spec_uint ("moves", NULL, NULL,
                       0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_FINISHED] =
    g_param_spec_boolean ("finished", NULL, NULL,
                          FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
maze_play_session_init (MazePlaySession *self)
{
  self->trail = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->clock = monotonic_clock;
  self->started = -1;
  self->stopped = -1;
}
