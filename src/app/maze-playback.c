/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-playback.h"

#include <glib/gi18n.h>
#include <string.h>

#include "maze-cell-rect.h"
#include "maze-number-format.h"
#include "maze-task-progress.h"

/* How the trace is kept.
 *
 * Each event is one guint64:
 *   bits  0-31  cell
 *   bits 32-35  type (MazeEventType)
 *   bits 36-38  direction + 1 (0: none)
 *   bits 39-44  candidates
 *   bits 45-48  the flags of the cell the event marks, before it (so that
 *               undoing an event is a store, with no search backwards)
 *   bit  49     EXPLICIT: other, value, dir and candidates are in extras[]
 *   bit  50     NOOP: a carve or wall that changed nothing
 *   bit  51     STEP: the event begins a step
 * What is left out is derived when read back: other is the neighbour
 * towards dir (or none without one); value is the overlay value of the
 * cell for SETTLE, the parent's plus the cost of the cell for a solver's
 * FRONTIER_ADD, the index along the path for PATH, and 0 otherwise. The
 * recorder checks each event against what would be derived and keeps the
 * few that differ (hunt-and-kill's jumps) in extras[], sorted by event.
 *
 * Steps are marked by the STEP bit; step_index[] holds the first event of
 * every 64th step, so finding a step's events reads at most 63 steps.
 *
 * Keyframes hold the state at a step boundary every key_interval events,
 * one byte per cell: the grid's passages and mask (bits 0-3) and the cell
 * flags (bits 4-7). The overlay values need no keyframe: a cell shows
 * its final value exactly when it is VISITED. */

#define EV_TYPE_SHIFT   32
#define EV_DIR_SHIFT    36
#define EV_CAND_SHIFT   39
#define EV_PREV_SHIFT   45
#define EV_EXPLICIT     (G_GUINT64_CONSTANT (1) << 49)
#define EV_NOOP         (G_GUINT64_CONSTANT (1) << 50)
#define EV_STEP         (G_GUINT64_CONSTANT (1) << 51)

#define EV_CELL(w)      ((guint32) (w))
#define EV_TYPE(w)      ((MazeEventType) (((w) >> EV_TYPE_SHIFT) & 0xf))
#define EV_DIR(w)       ((gint) (((w) >> EV_DIR_SHIFT) & 0x7) - 1)
#define EV_CAND(w)      ((guint8) (((w) >> EV_CAND_SHIFT) & 0x3f))
#define EV_PREV(w)      ((guint8) (((w) >> EV_PREV_SHIFT) & 0xf))

#define STEP_INDEX_SHIFT 6
#define NONE             G_MAXUINT32

/* Restoring a keyframe costs about as much per this many cells as
 * applying one event (measured on 500x500: 0.34 ms to restore, 20-50 ns
 * per event applied). */
#define RESTORE_CELLS_PER_EVENT 16

typedef struct
{
  guint32 event;
  guint32 other;
  guint32 value;
  gint8   dir;
  guint8  candidates;
} Extra;

typedef struct
{
  guint    step;
  guint32  event;
  guint32  path_len;
  guint8  *cells;
} Keyframe;

/* The mutable state a position needs: the playback's own, and the
 * recorder's while it runs (which then becomes the playback's). */
typedef struct
{
  MazeGrid *grid;
  guint8   *flags;
  guint32  *overlay;    /* NULL while recording */
  guint32   path_len;
  /* The cells touched since the last "changed", as a bounding box. */
  MazeRect  area;
  gboolean  dirty;
} State;

struct _MazePlayback
{
  GObject              parent_instance;

  MazePlaybackKind     kind;
  MazeAlgorithm        algorithm;
  MazeSolverKind       solver;
  guint32              start;
  guint32              end;
  MazeSolution        *solution;
  GError              *search_error;
  /* How events mark cells (see effect()): the generator's. */
  MazeTraceTraits      trace;

  /* The trace. */
  guint64             *events;
  guint32              n_events;
  guint32              events_allocated;
  guint32             *step_index;
  guint                step_index_allocated;
  guint                n_steps;
  GArray              *extras;       /* of Extra, by event */
  GArray              *keyframes;    /* of Keyframe, by event */
  guint32             *final_values; /* per cell; NONE for cells never reached */
  guint32              overlay_max;
  guint32              path_first_event;

  /* The current position. */
  State                state;
  guint                position;
  guint32              event_pos;    /* events[0..event_pos-1] are applied */
  guint32              current_cell;
};

G_DEFINE_FINAL_TYPE (MazePlayback, maze_playback, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_POSITION,
  PROP_N_STEPS,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* ---- Reading events back ---- */

static guint32
neighbour (const MazeGrid *grid,
           guint32         cell,
           gint            dir)
{
  guint x, y, nx, ny;

  if (dir < 0)
    return MAZE_NO_CELL;
  maze_grid_xy (grid, cell, &x, &y);
  if (!maze_grid_step (grid, x, y, (guint) dir, &nx, &ny))
    return MAZE_NO_CELL;
  return maze_grid_index (grid, nx, ny);
}

static guint32
derive_value (MazePlayback  *self,
              MazeEventType  type,
              guint32        index,
              guint32        cell,
              guint32        other)
{
  switch (type)
    {
    case MAZE_EVENT_SETTLE:
      return self->final_values[cell];

    case MAZE_EVENT_FRONTIER_ADD:
      if (self->kind != MAZE_PLAYBACK_SOLVER)
        return 0;
      if (other == MAZE_NO_CELL)
        return 0;
      if (self->final_values[other] == NONE)
        return NONE;
      return self->final_values[other] +
             (maze_solver_get_info (self->solver)->uses_weights
                ? maze_grid_get_weight (self->state.grid, cell) : 1);

    case MAZE_EVENT_PATH:
      return self->path_first_event == NONE ? NONE : index - self->path_first_event;

    default:
      return 0;
    }
}

static const Extra *
find_extra (MazePlayback *self,
            guint32       index)
{
  const Extra *extras = (const Extra *) (gpointer) self->extras->data;
  guint lo = 0, hi = self->extras->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (extras[mid].event < index)
        lo = mid + 1;
      else
        hi = mid;
    }
  g_assert (lo < self->extras->len && extras[lo].event == index);
  return &extras[lo];
}

static guint32
decode_other (MazePlayback *self,
              guint32       index)
{
  guint64 w = self->events[index];

  if (w & EV_EXPLICIT)
    return find_extra (self, index)->other;
  return neighbour (self->state.grid, EV_CELL (w), EV_DIR (w));
}

static void
decode_event (MazePlayback *self,
              guint32       index,
              MazeEvent    *event)
{
  guint64 w = self->events[index];

  event->type = EV_TYPE (w);
  event->cell = EV_CELL (w);
  event->flags = (w & EV_STEP) ? MAZE_EVENT_STEP : 0;
  if (w & EV_EXPLICIT)
    {
      const Extra *extra = find_extra (self, index);

      event->other = extra->other;
      event->dir = extra->dir;
      event->candidates = extra->candidates;
      event->value = extra->value;
    }
  else
    {
      event->dir = (gint8) EV_DIR (w);
      event->candidates = EV_CAND (w);
      event->other = neighbour (self->state.grid, event->cell, event->dir);
      event->value = derive_value (self, event->type, index, event->cell, event->other);
    }
}

/* ---- What events do ---- */

/* The cell whose flags an event changes, and how; MAZE_NO_CELL for the
 * events that only change passages. */
static guint32
effect (MazePlayback  *self,
        MazeEventType  type,
        guint32        cell,
        guint32        other,
        guint8        *set,
        guint8        *clear)
{
  *set = 0;
  *clear = 0;
  switch (type)
    {
    case MAZE_EVENT_VISIT:
      *set = MAZE_PLAYBACK_CELL_VISITED;
      if (self->trace & MAZE_TRACE_VISIT_PUSHES)
        *set |= MAZE_PLAYBACK_CELL_ACTIVE;
      else
        *clear = MAZE_PLAYBACK_CELL_ACTIVE;
      return cell;

    case MAZE_EVENT_PUSH:
      *set = MAZE_PLAYBACK_CELL_ACTIVE;
      return cell;

    case MAZE_EVENT_FRONTIER_ADD:
      *set = MAZE_PLAYBACK_CELL_ACTIVE;
      return (self->trace & MAZE_TRACE_FRONTIER_OTHER) ? other : cell;

    case MAZE_EVENT_BACKTRACK:
      *set = MAZE_PLAYBACK_CELL_DEAD;
      *clear = MAZE_PLAYBACK_CELL_ACTIVE;
      return cell;

    case MAZE_EVENT_SETTLE:
      *set = MAZE_PLAYBACK_CELL_VISITED;
      *clear = MAZE_PLAYBACK_CELL_ACTIVE;
      return cell;

    case MAZE_EVENT_PATH:
      *set = MAZE_PLAYBACK_CELL_PATH;
      return cell;

    case MAZE_EVENT_MERGE:
    case MAZE_EVENT_CARVE:
      /* Kruskal's has no visits (MAZE_TRACE_PASSAGE_JOINS). */
      if (!(self->trace & MAZE_TRACE_PASSAGE_JOINS))
        return MAZE_NO_CELL;
      *set = MAZE_PLAYBACK_CELL_VISITED;
      return type == MAZE_EVENT_MERGE ? cell : other;

    case MAZE_EVENT_CHOOSE:
    case MAZE_EVENT_WALL:
    default:
      return MAZE_NO_CELL;
    }
}

/* The cell the algorithm is at after an event. */
static guint32
focus (MazePlayback  *self,
       MazeEventType  type,
       guint32        cell,
       guint32        other)
{
  switch (type)
    {
    case MAZE_EVENT_CHOOSE:
    case MAZE_EVENT_BACKTRACK:
      return other != MAZE_NO_CELL ? other : cell;
    case MAZE_EVENT_FRONTIER_ADD:
      return self->kind == MAZE_PLAYBACK_SOLVER && other != MAZE_NO_CELL ? other : cell;
    default:
      return cell;
    }
}

static void
state_touch (State   *state,
             guint32  cell)
{
  guint x, y;

  if (cell == MAZE_NO_CELL)
    return;
  maze_grid_xy (state->grid, cell, &x, &y);
  if (!state->dirty)
    state->area.width = 0;
  maze_cell_rect_add (state->grid, &state->area, x, y);
  state->dirty = TRUE;
}

static void
state_touch_all (State *state)
{
  state->area = maze_grid_full_rect (state->grid);
  state->dirty = TRUE;
}

static void
set_passage (MazeGrid *grid,
             guint32   cell,
             gint      dir,
             gboolean  open)
{
  guint x, y, nx, ny;

  maze_grid_xy (grid, cell, &x, &y);
  if (!maze_grid_step (grid, x, y, (guint) dir, &nx, &ny))
    g_assert_not_reached ();
  if (open)
    maze_grid_carve (grid, x, y, (guint) dir, nx, ny);
  else
    maze_grid_uncarve (grid, x, y, (guint) dir, nx, ny);
}

/* Carries out event index (forward) or undoes it on state. */
static void
apply_event (MazePlayback *self,
             State        *state,
             guint32       index,
             gboolean      forward)
{
  guint64 w = self->events[index];
  MazeEventType type = EV_TYPE (w);
  guint32 cell = EV_CELL (w);
  guint32 other = MAZE_NO_CELL;
  guint32 target;
  guint8 set, clear, prev;

  switch (type)
    {
    case MAZE_EVENT_CARVE:
    case MAZE_EVENT_WALL:
      other = neighbour (state->grid, cell, EV_DIR (w));
      /* NOOP is set whenever the direction is not a stored one. */
      if (!(w & EV_NOOP))
        {
          set_passage (state->grid, cell, EV_DIR (w), (type == MAZE_EVENT_CARVE) == forward);
          state_touch (state, cell);
          state_touch (state, other);
        }
      if (type == MAZE_EVENT_WALL || !(self->trace & MAZE_TRACE_PASSAGE_JOINS))
        return;
      break;

    case MAZE_EVENT_PATH:
      if (forward)
        state->path_len++;
      else
        state->path_len--;
      break;

    case MAZE_EVENT_FRONTIER_ADD:
      if (self->trace & MAZE_TRACE_FRONTIER_OTHER)
        other = decode_other (self, index);
      break;

    default:
      break;
    }

  target = effect (self, type, cell, other, &set, &clear);
  if (target == MAZE_NO_CELL)
    return;
  prev = EV_PREV (w);
  state->flags[target] = forward ? (guint8) ((prev & ~clear) | set) : prev;
  if (state->overlay != NULL)
    state->overlay[target] = (state->flags[target] & MAZE_PLAYBACK_CELL_VISITED)
                             ? self->final_values[target] : NONE;
  state_touch (state, target);
}

/* ---- Keyframes ---- */

static guint8 *
pack_state (const State *state)
{
  const MazeGrid *grid = state->grid;
  guint8 *cells = g_try_malloc (grid->n_cells);

  if (cells == NULL)
    return NULL;
  for (guint32 i = 0; i < grid->n_cells; i++)
    cells[i] = (guint8) ((grid->cells[i] & MAZE_CELL_STATE) | (state->flags[i] << 4));
  return cells;
}

static void
restore_keyframe (MazePlayback   *self,
                  const Keyframe *key)
{
  State *state = &self->state;
  guint8 *cells = state->grid->cells;
  guint32 n = state->grid->n_cells;

  for (guint32 i = 0; i < n; i++)
    {
      guint8 packed = key->cells[i];

      cells[i] = packed & MAZE_CELL_STATE;
      state->flags[i] = packed >> 4;
      state->overlay[i] = (packed & (MAZE_PLAYBACK_CELL_VISITED << 4)) ? self->final_values[i] : NONE;
    }
  state->path_len = key->path_len;
  state_touch_all (state);
  self->event_pos = key->event;
}

static void
keyframe_clear (gpointer data)
{
  Keyframe *key = data;

  g_free (key->cells);
}

/* ---- Steps ---- */

static guint32
step_first_event (MazePlayback *self,
                  guint         step)
{
  guint32 e;
  guint r;

  if (step >= self->n_steps)
    return self->n_events;
  e = self->step_index[step >> STEP_INDEX_SHIFT];
  r = step & ((1u << STEP_INDEX_SHIFT) - 1);
  while (r > 0)
    {
      e++;
      if (self->events[e] & EV_STEP)
        r--;
    }
  return e;
}

/* ---- GObject ---- */

static void
maze_playback_finalize (GObject *object)
{
  MazePlayback *self = MAZE_PLAYBACK (object);

  g_clear_pointer (&self->solution, maze_solution_free);
  g_clear_error (&self->search_error);
  g_clear_pointer (&self->events, g_free);
  g_clear_pointer (&self->step_index, g_free);
  g_clear_pointer (&self->extras, g_array_unref);
  g_clear_pointer (&self->keyframes, g_array_unref);
  g_clear_pointer (&self->final_values, g_free);
  g_clear_pointer (&self->state.grid, maze_grid_free);
  g_clear_pointer (&self->state.flags, g_free);
  g_clear_pointer (&self->state.overlay, g_free);

  G_OBJECT_CLASS (maze_playback_parent_class)->finalize (object);
}

static void
maze_playback_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  MazePlayback *self = MAZE_PLAYBACK (object);

  switch (prop_id)
    {
    case PROP_POSITION:
      g_value_set_uint (value, self->position);
      break;
    case PROP_N_STEPS:
      g_value_set_uint (value, self->n_steps);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
maze_playback_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  MazePlayback *self = MAZE_PLAYBACK (object);

  switch (prop_id)
    {
    case PROP_POSITION:
      maze_playback_seek (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
maze_playback_class_init (MazePlaybackClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = maze_playback_finalize;
  object_class->get_property = maze_playback_get_property;
  object_class->set_property = maze_playback_set_property;

  properties[PROP_POSITION] =
    g_param_spec_uint ("position", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_N_STEPS] =
    g_param_spec_uint ("n-steps", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MazePlayback::changed:
   * @area: (type gpointer): a const MazeRect * around every cell whose
   *   passages, flags, overlay value or current-cell mark may have changed
   *
   * Emitted after every change of position.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
maze_playback_init (MazePlayback *self)
{
  self->start = MAZE_NO_CELL;
  self->end = MAZE_NO_CELL;
  self->current_cell = MAZE_NO_CELL;
  self->path_first_event = NONE;
  self->extras = g_array_new (FALSE, FALSE, sizeof (Extra));
  self->keyframes = g_array_new (FALSE, FALSE, sizeof (Keyframe));
  g_array_set_clear_func (self->keyframes, keyframe_clear);
}

/* ---- Recording ---- */

typedef struct
{
  MazePlayback *self;
  GCancellable *cancellable;
  State        *state;          /* the playback's, without an overlay yet */
  guint32       key_interval;
  guint32       last_key_event;
  guint32       visit_count;
  gboolean      too_long;
  gboolean      no_memory;
  gboolean      cancelled;
} Recorder;

static gboolean
passage_is_open (const MazeGrid *grid,
                 guint32         cell,
                 gint            dir)
{
  guint x, y;

  maze_grid_xy (grid, cell, &x, &y);
  return maze_grid_has_passage (grid, x, y, (guint) dir);
}

static gboolean
save_keyframe (Recorder *rec)
{
  MazePlayback *self = rec->self;
  Keyframe key = {
    .step = self->n_steps,
    .event = self->n_events,
    .path_len = rec->state->path_len,
    .cells = pack_state (rec->state),
  };

  if (key.cells == NULL)
    return FALSE;
  g_array_append_val (self->keyframes, key);
  rec->last_key_event = self->n_events;
  return TRUE;
}

/* Marks target as reached for the first time: its overlay value. */
static void
assign_value (Recorder        *rec,
              const MazeEvent *event,
              guint32          target)
{
  MazePlayback *self = rec->self;
  guint32 value;

  if (self->final_values[target] != NONE)
    return;
  value = event->type == MAZE_EVENT_SETTLE ? event->value : rec->visit_count++;
  self->final_values[target] = value;
  self->overlay_max = MAX (self->overlay_max, value);
}

/* Setup events (recursive division opens every wall of the region
 * before it divides) make the starting grid, position 0, not a step. */
static void
preroll_event (Recorder        *rec,
               const MazeEvent *event)
{
  const MazeGrid *grid = rec->state->grid;
  guint8 set, clear;

  if (event->type == MAZE_EVENT_CARVE)
    {
      if (event->dir >= 0 && (guint) event->dir < grid->topology->n_dirs &&
          neighbour (grid, event->cell, event->dir) != MAZE_NO_CELL)
        set_passage (rec->state->grid, event->cell, event->dir, TRUE);
      return;
    }
  effect (rec->self, event->type, event->cell, event->other, &set, &clear);
  rec->state->flags[event->cell] = (guint8) ((rec->state->flags[event->cell] & ~clear) | set);
  assign_value (rec, event, event->cell);
}

static gboolean
grow_events (MazePlayback *self)
{
  guint32 allocated = MAX (self->events_allocated, 4096);
  guint64 *events;

  if (self->events_allocated >= allocated)
    allocated = MIN ((guint64) allocated * 2, MAZE_PLAYBACK_MAX_EVENTS);
  events = g_try_realloc_n (self->events, allocated, sizeof (guint64));
  if (events == NULL)
    return FALSE;
  self->events = events;
  self->events_allocated = allocated;
  return TRUE;
}

static gboolean
append_step (MazePlayback *self)
{
  if ((self->n_steps & ((1u << STEP_INDEX_SHIFT) - 1)) == 0)
    {
      guint n = (self->n_steps >> STEP_INDEX_SHIFT) + 1;

      if (n > self->step_index_allocated)
        {
          guint allocated = MAX (2 * self->step_index_allocated, 16);
          guint32 *index = g_try_realloc_n (self->step_index, allocated, sizeof (guint32));

          if (index == NULL)
            return FALSE;
          self->step_index = index;
          self->step_index_allocated = allocated;
        }
      self->step_index[n - 1] = self->n_events;
    }
  self->n_steps++;
  return TRUE;
}

static void
record_event_cb (const MazeEvent *event,
                 gpointer         user_data)
{
  Recorder *rec = user_data;
  MazePlayback *self = rec->self;
  const MazeGrid *grid = rec->state->grid;
  guint32 index = self->n_events;
  guint n_dirs = grid->topology->n_dirs;
  gboolean dir_ok, starts;
  guint32 target;
  guint8 set, clear;
  guint64 w;

  if (rec->too_long || rec->no_memory || rec->cancelled)
    return;
  g_return_if_fail (event->cell < grid->n_cells);
  g_return_if_fail ((guint) event->type <= MAZE_EVENT_PATH);

  /* Setup comes before the first step or not at all. */
  if ((event->flags & MAZE_EVENT_SETUP) && index == 0)
    {
      preroll_event (rec, event);
      return;
    }

  if (index == MAZE_PLAYBACK_MAX_EVENTS)
    {
      rec->too_long = TRUE;
      return;
    }
  if ((index & 0xffff) == 0 && g_cancellable_is_cancelled (rec->cancellable))
    {
      rec->cancelled = TRUE;
      return;
    }
  if (index == self->events_allocated && !grow_events (self))
    {
      rec->no_memory = TRUE;
      return;
    }

  /* The algorithm says where its steps begin; the first event begins
   * one whatever it says, as there is no step before it to join. */
  starts = index == 0 || (event->flags & MAZE_EVENT_STEP);
  if (starts)
    {
      if ((index == 0 || index - rec->last_key_event >= rec->key_interval) &&
          !save_keyframe (rec))
        {
          rec->no_memory = TRUE;
          return;
        }
      if (!append_step (self))
        {
          rec->no_memory = TRUE;
          return;
        }
    }

  target = effect (self, event->type, event->cell, event->other, &set, &clear);
  if (target != MAZE_NO_CELL && (set & MAZE_PLAYBACK_CELL_VISITED))
    assign_value (rec, event, target);
  if (event->type == MAZE_EVENT_PATH && self->path_first_event == NONE)
    self->path_first_event = index;

  dir_ok = event->dir >= -1 && event->dir < (gint) n_dirs;
  w = (guint64) event->cell |
      (guint64) event->type << EV_TYPE_SHIFT |
      (guint64) (dir_ok ? event->dir + 1 : 0) << EV_DIR_SHIFT |
      (guint64) (event->candidates & 0x3f) << EV_CAND_SHIFT |
      (guint64) (target != MAZE_NO_CELL ? rec->state->flags[target] : 0) << EV_PREV_SHIFT;
  if (starts)
    w |= EV_STEP;

  if (!dir_ok || event->candidates > 0x3f ||
      event->other != neighbour (grid, event->cell, event->dir) ||
      event->value != derive_value (self, event->type, index, event->cell, event->other))
    {
      Extra extra = { index, event->other, event->value, event->dir, event->candidates };

      g_array_append_val (self->extras, extra);
      w |= EV_EXPLICIT;
    }

  /* A carve or wall that changes nothing is kept (it is part of what the
   * algorithm did) but not undone later. */
  if ((event->type == MAZE_EVENT_CARVE || event->type == MAZE_EVENT_WALL) &&
      (!dir_ok || event->dir < 0 || neighbour (grid, event->cell, event->dir) == MAZE_NO_CELL ||
       passage_is_open (grid, event->cell, event->dir) == (event->type == MAZE_EVENT_CARVE)))
    w |= EV_NOOP;

  self->events[index] = w;
  self->n_events++;
  apply_event (self, rec->state, index, TRUE);
}

static gboolean
recorder_init (Recorder       *rec,
               MazePlayback   *self,
               const MazeGrid *grid,
               GCancellable   *cancellable,
               GError        **error)
{
  State *state = &self->state;

  *rec = (Recorder) { .self = self, .cancellable = cancellable, .state = state };

  if (grid->n_cells > MAZE_PLAYBACK_MAX_CELLS)
    {
      g_autofree char *limit = maze_format_count (MAZE_PLAYBACK_MAX_CELLS);
      g_autofree char *cells = maze_format_count (grid->n_cells);

      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   /* Translators: both are numbers of cells */
                   _("Playback is limited to mazes of %s cells; this one has %s"),
                   limit, cells);
      return FALSE;
    }

  state->grid = maze_grid_copy (grid);
  state->flags = g_try_malloc0 (grid->n_cells);
  self->final_values = g_try_new (guint32, grid->n_cells);
  if (state->flags == NULL || self->final_values == NULL)
    {
      g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                           /* Translators: an error; playback replays a maze's
                            * generation or a solver's search step by step */
                           _("Not enough memory to record the playback of this maze"));
      return FALSE;
    }
  memset (self->final_values, 0xff, grid->n_cells * sizeof (guint32));
  for (guint32 i = 0; i < grid->n_cells; i++)
    state->grid->cells[i] &= MAZE_CELL_STATE;

  /* Keyframes cost a byte per cell: one per n_cells / 2 events keeps them
   * within two bytes per event, and a seek within n_cells / 4 events. */
  rec->key_interval = MAX (grid->n_cells / 2, 4096);
  return TRUE;
}

/* Ends recording, at the end of the trace, and goes back to position 0. */
static gboolean
recorder_finish (Recorder  *rec,
                 GError   **error)
{
  MazePlayback *self = rec->self;
  State *state = &self->state;

  if (rec->cancelled)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                           /* Translators: an error */
                           _("Recording the playback was cancelled"));
      return FALSE;
    }
  if (rec->too_long)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   /* Translators: an error; %u is a number of events (the
                    * small steps an algorithm reports) */
                   _("This run takes more than %u events, the most a playback records: "
                     "try a smaller maze"),
                   MAZE_PLAYBACK_MAX_EVENTS);
      return FALSE;
    }
  if (self->keyframes->len == 0 && !rec->no_memory && !save_keyframe (rec))
    rec->no_memory = TRUE;
  state->overlay = g_try_new (guint32, state->grid->n_cells);
  if (rec->no_memory || state->overlay == NULL)
    {
      g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                           /* Translators: an error; playback replays a maze's
                            * generation or a solver's search step by step */
                           _("Not enough memory to record the playback of this maze"));
      return FALSE;
    }

  /* Give back what the doubling left over. */
  if (self->n_events > 0 && self->n_events < self->events_allocated)
    {
      guint64 *events = g_try_realloc_n (self->events, self->n_events, sizeof (guint64));

      if (events != NULL)
        {
          self->events = events;
          self->events_allocated = self->n_events;
        }
    }

  self->event_pos = self->n_events;
  restore_keyframe (self, &g_array_index (self->keyframes, Keyframe, 0));
  self->position = 0;
  self->current_cell = MAZE_NO_CELL;
  state->dirty = FALSE;
  return TRUE;
}

MazePlayback *
maze_playback_new_for_generation (const MazeGrid             *grid,
                                  const MazeGenerateOptions  *options,
                                  GCancellable               *cancellable,
                                  GError                    **error)
{
  g_autoptr(MazePlayback) self = NULL;
  g_autoptr(MazeGrid) work = NULL;
  g_autoptr(GError) local_error = NULL;
  MazeGenerateOptions traced;
  MazeObserver observer;
  Recorder rec;

  g_return_val_if_fail (grid != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (MAZE_TYPE_PLAYBACK, NULL);
  self->kind = MAZE_PLAYBACK_GENERATION;
  self->algorithm = options->algorithm;
  /* An unknown algorithm is maze_generate()'s error to report. */
  if ((guint) options->algorithm < MAZE_N_ALGORITHMS)
    self->trace = maze_algorithm_get_info (options->algorithm)->trace;

  if (!recorder_init (&rec, self, grid, cancellable, error))
    return NULL;
  maze_grid_clear_passages (self->state.grid);

  work = maze_grid_copy (grid);
  traced = *options;
  observer = (MazeObserver) { record_event_cb, &rec };
  traced.observer = &observer;
  /* A cancel stops the carving itself, not only the recording. */
  if (traced.stop == NULL)
    {
      traced.stop = maze_task_stop_if_cancelled;
      traced.stop_data = cancellable;
    }
  if (!maze_generate (work, &traced, &local_error))
    {
      g_propagate_error (error, maze_task_map_cancelled (g_steal_pointer (&local_error)));
      return NULL;
    }

  /* Every generator reports each passage it opens or closes; if one did
   * not, the end of the trace would not be its maze. */
  if (!rec.too_long && !rec.no_memory && !rec.cancelled &&
      !maze_grid_equal (work, self->state.grid))
    g_critical ("The trace of %s does not reproduce its maze: an event is missing",
                maze_algorithm_get_info (options->algorithm)->name);

  if (!recorder_finish (&rec, error))
    return NULL;
  return g_steal_pointer (&self);
}

MazePlayback *
maze_playback_new_for_solver (const MazeGrid  *grid,
                              MazeSolverKind   solver,
                              guint32          start,
                              guint32          end,
                              GCancellable    *cancellable,
                              GError         **error)
{
  g_autoptr(MazePlayback) self = NULL;
  g_autoptr(GError) local_error = NULL;
  MazeObserver observer;
  Recorder rec;

  g_return_val_if_fail (grid != NULL, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_object_new (MAZE_TYPE_PLAYBACK, NULL);
  self->kind = MAZE_PLAYBACK_SOLVER;
  self->solver = solver;
  self->start = start;
  self->end = end;

  if (!recorder_init (&rec, self, grid, cancellable, error))
    return NULL;

  /* The solver reads the playback's own copy, which it does not change. */
  observer = (MazeObserver) { record_event_cb, &rec };
  self->solution = maze_solve_full (self->state.grid, solver, start, end, &observer,
                                    maze_task_stop_if_cancelled, cancellable, &local_error);
  if (self->solution == NULL)
    {
      if (!g_error_matches (local_error, MAZE_ERROR, MAZE_ERROR_UNREACHABLE))
        {
          g_propagate_error (error, maze_task_map_cancelled (g_steal_pointer (&local_error)));
          return NULL;
        }
      self->search_error = g_steal_pointer (&local_error);
    }

  if (!recorder_finish (&rec, error))
    return NULL;
  return g_steal_pointer (&self);
}

/* ---- Public accessors ---- */

MazePlaybackKind
maze_playback_get_kind (MazePlayback *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), MAZE_PLAYBACK_GENERATION);
  return self->kind;
}

MazeAlgorithm
maze_playback_get_algorithm (MazePlayback *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), MAZE_ALGORITHM_BACKTRACKER);
  return self->algorithm;
}

MazeSolverKind
maze_playback_get_solver (MazePlayback *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), MAZE_SOLVER_BACKTRACKING);
  return self->solver;
}

guint32
maze_playback_get_start (MazePlayback *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), MAZE_NO_CELL);
  return self->start;
}

guint32
maze_playback_get_end (MazePlayback *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), MAZE_NO_CELL);
  return self->end;
}

const MazeSolution *
maze_playback_get_solution (MazePlayback *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), NULL);
  return self->solution;
}

const GError *
maze_playback_get_search_error (MazePlayback *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), NULL);
  return self->search_error;
}

guint
maze_playback_get_n_steps (MazePlayback *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), 0);
  return self->n_steps;
}

guint
maze_playback_get_position (MazePlayback *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), 0);
  return self->position;
}

/* After the position moved: the current cell, then the signals. */
static void
position_changed (MazePlayback *self,
                  guint         position)
{
  State *state = &self->state;
  guint32 old_current = self->current_cell;

  self->position = position;
  if (self->event_pos == 0)
    self->current_cell = MAZE_NO_CELL;
  else
    {
      guint32 index = self->event_pos - 1;
      guint64 w = self->events[index];

      self->current_cell = focus (self, EV_TYPE (w), EV_CELL (w), decode_other (self, index));
    }
  state_touch (state, old_current);
  state_touch (state, self->current_cell);

  if (state->dirty)
    {
      MazeRect area = state->area;

      state->dirty = FALSE;
      g_signal_emit (self, signals[CHANGED], 0, &area);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
}

void
maze_playback_seek (MazePlayback *self,
                    guint         position)
{
  guint32 target, cur;
  guint64 cost_here, cost_before = G_MAXUINT64, cost_after = G_MAXUINT64, restore;
  const Keyframe *keys;
  guint lo, hi;

  g_return_if_fail (MAZE_IS_PLAYBACK (self));

  position = MIN (position, self->n_steps);
  if (position == self->position)
    return;

  target = step_first_event (self, position);
  cur = self->event_pos;
  cost_here = target > cur ? target - cur : cur - target;

  /* The last keyframe at or before target, and the one after it. */
  keys = (const Keyframe *) (gpointer) self->keyframes->data;
  lo = 0;
  hi = self->keyframes->len;
  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (keys[mid].event <= target)
        lo = mid;
      else
        hi = mid;
    }
  restore = self->state.grid->n_cells / RESTORE_CELLS_PER_EVENT;
  cost_before = restore + (target - keys[lo].event);
  if (lo + 1 < self->keyframes->len)
    cost_after = restore + (keys[lo + 1].event - target);

  if (cost_before < cost_here && cost_before <= cost_after)
    restore_keyframe (self, &keys[lo]);
  else if (cost_after < cost_here)
    restore_keyframe (self, &keys[lo + 1]);

  for (; self->event_pos < target; self->event_pos++)
    apply_event (self, &self->state, self->event_pos, TRUE);
  for (; self->event_pos > target; self->event_pos--)
    apply_event (self, &self->state, self->event_pos - 1, FALSE);

  position_changed (self, position);
}

gboolean
maze_playback_step_forward (MazePlayback *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), FALSE);

  if (self->position >= self->n_steps)
    return FALSE;
  do
    apply_event (self, &self->state, self->event_pos++, TRUE);
  while (self->event_pos < self->n_events && !(self->events[self->event_pos] & EV_STEP));
  position_changed (self, self->position + 1);
  return TRUE;
}

gboolean
maze_playback_step_back (MazePlayback *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), FALSE);

  if (self->position == 0)
    return FALSE;
  do
    apply_event (self, &self->state, --self->event_pos, FALSE);
  while (!(self->events[self->event_pos] & EV_STEP));
  position_changed (self, self->position - 1);
  return TRUE;
}

const MazeGrid *
maze_playback_get_grid (MazePlayback *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), NULL);
  return self->state.grid;
}

const guint8 *
maze_playback_get_cell_flags (MazePlayback *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), NULL);
  return self->state.flags;
}

const guint32 *
maze_playback_get_overlay_values (MazePlayback *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), NULL);
  return self->state.overlay;
}

guint32
maze_playback_get_overlay_max (MazePlayback *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), 0);
  return self->overlay_max;
}

guint32
maze_playback_get_current_cell (MazePlayback *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), MAZE_NO_CELL);
  return self->current_cell;
}

const guint32 *
maze_playback_get_path (MazePlayback *self,
                        guint32      *len)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), NULL);
  g_return_val_if_fail (len != NULL, NULL);

  if (self->solution == NULL || self->state.path_len == 0)
    {
      *len = 0;
      return NULL;
    }
  *len = MIN (self->state.path_len, self->solution->path_len);
  return self->solution->path;
}

guint32
maze_playback_get_n_events (MazePlayback *self)
{
  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), 0);
  return self->n_events;
}

guint32
maze_playback_get_step_events (MazePlayback *self,
                               guint         step,
                               guint32      *first)
{
  guint32 e;

  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), 0);
  g_return_val_if_fail (step < self->n_steps, 0);

  e = step_first_event (self, step);
  if (first != NULL)
    *first = e;
  /* The step ends where the next begins. */
  for (guint32 i = e + 1; i < self->n_events; i++)
    if (self->events[i] & EV_STEP)
      return i - e;
  return self->n_events - e;
}

void
maze_playback_get_event (MazePlayback *self,
                         guint32       index,
                         MazeEvent    *event)
{
  g_return_if_fail (MAZE_IS_PLAYBACK (self));
  g_return_if_fail (index < self->n_events);
  g_return_if_fail (event != NULL);

  decode_event (self, index, event);
}

gsize
maze_playback_get_memory_size (MazePlayback *self)
{
  gsize n_cells, size;

  g_return_val_if_fail (MAZE_IS_PLAYBACK (self), 0);

  n_cells = self->state.grid->n_cells;
  size = sizeof *self;
  size += (gsize) self->events_allocated * sizeof (guint64);
  size += (gsize) self->step_index_allocated * sizeof (guint32);
  size += (gsize) self->extras->len * sizeof (Extra);
  size += (gsize) self->keyframes->len * (sizeof (Keyframe) + n_cells);
  /* Grid, flags, overlay and final values. */
  size += n_cells * (1 + 1 + 2 * sizeof (guint32));
  if (self->state.grid->weights != NULL)
    size += n_cells;
  if (self->solution != NULL)
    size += self->solution->path_len * sizeof (guint32);
  return size;
}
