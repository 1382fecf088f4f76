/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Step traces: generators and solvers report what they do, one event per
 * action, to an optional observer, so the app can animate and narrate them.
 * With no observer the only cost is a predictable NULL test per step. */

/* How an event fits the story of the run. A step is what a person would
 * tell in one sentence ("choose E, carve the wall, enter the next cell"
 * is three events and one step); the algorithm knows where one begins,
 * so it says so. The first event a run reports begins a step (or is
 * setup); every event without a flag belongs to the step under way. */
typedef enum
{
  MAZE_EVENT_STEP  = 1 << 0, /* begins a step */
  MAZE_EVENT_SETUP = 1 << 1, /* prepares the starting grid, before the first
                              * step (recursive division opening every wall) */
} MazeEventFlags;

typedef enum
{
  MAZE_EVENT_VISIT,         /* cell becomes part of the maze / is reached */
  MAZE_EVENT_CHOOSE,        /* at cell, candidates (dir mask) were open; chose dir */
  MAZE_EVENT_CARVE,         /* passage opened from cell towards dir (to other) */
  MAZE_EVENT_WALL,          /* passage closed from cell towards dir (division) */
  MAZE_EVENT_PUSH,          /* cell pushed on the stack */
  MAZE_EVENT_BACKTRACK,     /* dead end at cell: back to other */
  MAZE_EVENT_FRONTIER_ADD,  /* cell added to the frontier / open set */
  MAZE_EVENT_SETTLE,        /* cell settled at distance value */
  MAZE_EVENT_MERGE,         /* sets of cell and other joined (Kruskal, Eller) */
  MAZE_EVENT_PATH,          /* cell is on the final path (solvers) */
} MazeEventType;

typedef struct
{
  MazeEventType type;
  guint32       cell;       /* cell index (y * width + x) */
  guint32       other;      /* related cell, or MAZE_NO_CELL */
  gint8         dir;        /* direction from cell to other, or -1 */
  guint8        candidates; /* bit d: direction d was a candidate */
  guint8        flags;      /* MazeEventFlags */
  guint32       value;      /* distance or cost, where it applies */
} MazeEvent;

typedef void (*MazeObserverFunc) (const MazeEvent *event,
                                  gpointer         user_data);

typedef struct
{
  MazeObserverFunc func;
  gpointer         user_data;
} MazeObserver;

/* Every field is given, so that an emitter cannot leave out flags. */
#ifdef MAZE_DISABLE_TRACE
/* Only for the benchmark that shows what the NULL test above costs. */
#define MAZE_EMIT(observer, t, c, o, d, cand, v, f)                 \
  G_STMT_START {                                                    \
    if (0)                                                          \
      {                                                             \
        MazeEvent maze_emit_event_ = {                              \
          .type = (t), .cell = (c), .other = (o), .dir = (d),       \
          .candidates = (cand), .flags = (f), .value = (v),         \
        };                                                          \
        (void) maze_emit_event_;                                    \
        (void) (observer);                                          \
      }                                                             \
  } G_STMT_END
#else
#define MAZE_EMIT(observer, t, c, o, d, cand, v, f)                 \
  G_STMT_START {                                                    \
    if (G_UNLIKELY ((observer) != NULL))                            \
      {                                                             \
        MazeEvent maze_emit_event_ = {                              \
          .type = (t), .cell = (c), .other = (o), .dir = (d),       \
          .candidates = (cand), .flags = (f), .value = (v),         \
        };                                                          \
        (observer)->func (&maze_emit_event_, (observer)->user_data); \
      }                                                             \
  } G_STMT_END
#endif

G_END_DECLS
