/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Private to the core: what every solver in solvers/ shares.
 *
 * The grid a solver gets is const, so solvers keep their state in arrays of
 * their own, allocated once per call: mostly one "came from" byte per cell
 * (see MAZE_SOLVE_* below), from which the path is read back at the end. */

#include <glib.h>
#include <glib/gi18n-lib.h>

#include "maze-error.h"
#include "maze-solve.h"
#include "maze-stop-private.h"

G_BEGIN_DECLS

/* The "came from" byte of a cell:
 *   bits 0-2  direction from the cell back to the cell it was reached from,
 *             or MAZE_SOLVE_ROOT for the start;
 *   bit  3    reached: the cell has been discovered;
 *   bit  4    settled: its distance is final (it has been expanded);
 *   bits 5-7  free for the solver.
 * A byte of 0 is a cell not seen yet; see also MAZE_SOLVE_MASKED. */
#define MAZE_SOLVE_DIR      0x07u
#define MAZE_SOLVE_ROOT     0x07u
#define MAZE_SOLVE_REACHED  0x08u
#define MAZE_SOLVE_SETTLED  0x10u
/* A masked cell: seen and settled from the start, so never entered even
 * if a broken grid had a passage into it. */
#define MAZE_SOLVE_MASKED   (MAZE_SOLVE_REACHED | MAZE_SOLVE_SETTLED | MAZE_SOLVE_ROOT)

typedef enum
{
  MAZE_SEARCH_FOUND,
  MAZE_SEARCH_UNREACHABLE,
  MAZE_SEARCH_NO_MEMORY,
  MAZE_SEARCH_STOPPED,       /* the stop function said so */
} MazeSearchResult;

typedef MazeSolution *(*MazeSolverFunc) (const MazeGrid      *grid,
                                         guint32              start,
                                         guint32              end,
                                         const MazeObserver  *observer,
                                         MazeStopCheck       *stop,
                                         GError             **error);

/* Every solver gets a start and an end that are open cells of the grid
 * (maze_solve() checks), and leaves the PATH events to maze_solve(). It
 * counts its steps with maze_walker_tick() and returns NULL with
 * MAZE_ERROR_CANCELLED (MAZE_SEARCH_STOPPED) when that says stop. */
MazeSolution *maze_solve_backtracking   (const MazeGrid      *grid,
                                         guint32              start,
                                         guint32              end,
                                         const MazeObserver  *observer,
                                         MazeStopCheck       *stop,
                                         GError             **error);
MazeSolution *maze_solve_bfs            (const MazeGrid      *grid,
                                         guint32              start,
                                         guint32              end,
                                         const MazeObserver  *observer,
                                         MazeStopCheck       *stop,
                                         GError             **error);
MazeSolution *maze_solve_dijkstra       (const MazeGrid      *grid,
                                         guint32              start,
                                         guint32              end,
                                         const MazeObserver  *observer,
                                         MazeStopCheck       *stop,
                                         GError             **error);
MazeSolution *maze_solve_astar          (const MazeGrid      *grid,
                                         guint32              start,
                                         guint32              end,
                                         const MazeObserver  *observer,
                                         MazeStopCheck       *stop,
                                         GError             **error);
MazeSolution *maze_solve_wall_follower  (const MazeGrid      *grid,
                                         guint32              start,
                                         guint32              end,
                                         const MazeObserver  *observer,
                                         MazeStopCheck       *stop,
                                         GError             **error);

void          maze_solve_set_out_of_memory (GError          **error);
void          maze_solve_set_cancelled     (GError          **error);
void          maze_solve_set_unreachable   (const MazeGrid   *grid,
                                            guint32           start,
                                            guint32           end,
                                            GError          **error);

/* A new array of "came from" bytes: 0, or MAZE_SOLVE_MASKED for the masked
 * cells. NULL when memory runs out. */
guint8       *maze_solve_new_came_from     (const MazeGrid   *grid);

/* Reads the path back from end to start through the "came from" bytes and
 * wraps it in a new solution (cost filled in); NULL on out of memory. */
MazeSolution *maze_solution_from_parents   (const MazeGrid   *grid,
                                            MazeSolverKind    solver,
                                            const guint8     *came_from,
                                            guint32           start,
                                            guint32           end,
                                            guint64           explored,
                                            GError          **error);
/* Wraps path (taken over) in a new solution, cost filled in. */
MazeSolution *maze_solution_from_path      (const MazeGrid   *grid,
                                            MazeSolverKind    solver,
                                            guint32          *path,
                                            guint32           path_len,
                                            guint64           explored);

/* Exact division of a cell index (below 2^31) by the grid width with a
 * multiply and a shift (Granlund and Montgomery, N = 31), so that a solver
 * popping cell indices off a queue gets (x, y) without a hardware divide. */
typedef struct
{
  guint64 mul;
  guint   shift;
} MazeDivider;

static inline void
maze_divider_init (MazeDivider *div,
                   guint32      d)
{
  guint l = 0;

  while ((G_GUINT64_CONSTANT (1) << l) < d)
    l++;
  div->shift = 31 + l;
  div->mul = ((G_GUINT64_CONSTANT (1) << div->shift) + d - 1) / d;
}

static inline guint32
maze_divider_div (const MazeDivider *div,
                  guint32            n)
{
  return (guint32) ((n * div->mul) >> div->shift);
}

/* What a solver needs to walk the grid fast: the neighbour offsets as cell
 * index deltas, which directions a cell's own passage bits stand for, and
 * for the other directions (the neighbour owns the passage: always half of
 * them, one of each opposite pair) which bit of the neighbour to read.
 *
 * maze_walker_init() checks that no passage leads out through the border
 * (a valid grid has none, see maze_grid_validate). After that a passage a
 * cell owns always leads to a cell of the grid, and reading a neighbour's
 * byte needs only its index checked against the grid: a cell one column
 * off the edge wraps to the far end of the row above, whose bit towards us
 * is clear. Only a diagonal read (hex NW and NE) could wrap onto a cell
 * whose bit is set for a passage of its own, so those directions are
 * blocked in the first and last column, which needs x and y.
 *
 * On an irregular grid (the circular one) neighbours are no offsets: the
 * walker sets needs_xy and asks the grid (maze_walker_next()), so the
 * searches' fast paths, which take needs_xy as a constant, are untouched.
 * With a centre cell the way back along a spoke is no topology opposite
 * either (maze_grid_back_dir()): the first centre_rings rows take the
 * slow way there too (maze_walker_back_bits()). */
typedef struct
{
  const MazeTopology *t;
  const MazeGrid     *grid;
  gboolean            irregular;               /* no offsets: step the grid's way */
  const guint8       *cells;
  guint               width;
  guint32             n_cells;
  MazeDivider         div;
  gboolean            needs_xy;                /* parity or column edges matter */
  guint               centre_rings;            /* 2 with a centre cell, else 0 */
  gint32              off[2][MAZE_MAX_DIRS];   /* by row parity */
  guint8              own_exits[MAZE_CELL_PASSAGES + 1];
  guint8              foreign_dir[MAZE_MAX_DIRS / 2];
  guint8              foreign_bit[MAZE_MAX_DIRS / 2];
  guint8              edge_left[2];            /* diagonal reads to block, by parity */
  guint8              edge_right[2];
  MazeStopCheck      *stop;                    /* NULL: never stop (metrics, ends) */
} MazeWalker;

/* FALSE, with error set, when a passage leads out of the grid. */
gboolean maze_walker_init (MazeWalker      *w,
                           const MazeGrid  *grid,
                           GError         **error);

/* Counts a step of a search in countdown, a local of the search's (kept
 * in a register, where a field would be reloaded after every byte
 * store), and asks w's stop check every MAZE_STOP_INTERVAL steps. FALSE:
 * stop. */
static inline __attribute__((always_inline)) gboolean
maze_walker_tick (const MazeWalker *w,
                  gint32           *countdown)
{
  if (G_LIKELY (--*countdown > 0))
    return TRUE;
  *countdown = MAZE_STOP_INTERVAL;
  return w->stop == NULL || maze_stop_check_ask (w->stop);
}

static inline void
maze_walker_xy (const MazeWalker *w,
                guint32           cell,
                guint            *x,
                guint            *y)
{
  if (G_UNLIKELY (w->irregular))
    {
      maze_grid_xy (w->grid, cell, x, y);
      return;
    }
  *y = maze_divider_div (&w->div, cell);
  *x = cell - *y * w->width;
}

/* The exits of a cell of an irregular grid (not inline: the slow way). */
guint maze_walker_irregular_exits (const MazeWalker *w,
                                   guint             x,
                                   guint             y);

/* The neighbour of cell, (x, y), towards d, which must have a passage or
 * at least a neighbour there. x and y are used only with needs_xy. */
static inline __attribute__((always_inline)) guint32
maze_walker_next (const MazeWalker *w,
                  const gboolean    needs_xy,
                  guint32           cell,
                  guint             x,
                  guint             y,
                  guint             d)
{
  guint nx = 0, ny = 0;

  if (needs_xy && G_UNLIKELY (w->irregular))
    {
      if (!maze_grid_step (w->grid, x, y, d, &nx, &ny))
        return cell;
      return maze_grid_index (w->grid, nx, ny);
    }
  return cell + (guint32) w->off[needs_xy ? y & 1 : 0][d];
}

/* Bit d set: a passage leads from (x, y) towards d. Callers pass constant
 * n_dirs and needs_xy (w->needs_xy) so the loop unrolls per shape; without
 * needs_xy, x and y are not used (pass 0).
 *
 * The grid is taken to be valid: a passage bit is only ever set between
 * two open cells, so a masked cell has no passage and is never entered. A
 * broken grid can give a wrong answer, but never a read outside it. */
static inline __attribute__((always_inline)) guint
maze_walker_exits (const MazeWalker *w,
                   const guint       n_dirs,
                   const gboolean    needs_xy,
                   guint32           cell,
                   guint             x,
                   guint             y)
{
  const guint8 *cells = w->cells;
  guint p = needs_xy ? y & 1 : 0;
  guint exits = w->own_exits[cells[cell] & MAZE_CELL_PASSAGES];

  if (needs_xy && G_UNLIKELY (w->irregular))
    return maze_walker_irregular_exits (w, x, y);

#pragma GCC unroll 3
  for (guint i = 0; i < n_dirs / 2; i++)
    {
      guint32 other = cell + (guint32) w->off[p][w->foreign_dir[i]];
      gboolean inside = other < w->n_cells;

      /* Branch-free: read the cell itself when the neighbour is off the grid. */
      if (cells[inside ? other : cell] & w->foreign_bit[i] & (inside ? 0xff : 0))
        exits |= 1u << w->foreign_dir[i];
    }
  if (needs_xy)
    exits &= ~((x == 0 ? w->edge_left[p] : 0u) | (x == w->width - 1 ? w->edge_right[p] : 0u));
  return exits;
}

/* maze_walker_exits() for a rectangular grid (N, E, S, W: bits 0-3),
 * straight from the bytes: the cell's own E and S bits, the S bit of the
 * cell above and the E bit of the cell to the left (in the first column,
 * the last cell of the row above, whose E bit is clear). Off the grid it
 * reads the cell itself and ignores it, choosing with masks: the table
 * lookups and the branch the general version compiles to cost a third of
 * a search. e_bit and s_bit are the rect topology's owned bits. */
static inline __attribute__((always_inline)) guint
maze_walker_rect_exits (const MazeWalker *w,
                        guint8            e_bit,
                        guint8            s_bit,
                        guint32           cell)
{
  const guint8 *cells = w->cells;
  guint32 up = -(guint32) (cell >= w->width);
  guint32 left = -(guint32) (cell > 0);
  guint here = cells[cell];
  guint north = cells[((cell - w->width) & up) | (cell & ~up)] & up;
  guint west = cells[((cell - 1) & left) | (cell & ~left)] & left;

  return (guint) ((north & s_bit) != 0) | (guint) ((here & e_bit) != 0) << 1 |
         (guint) ((here & s_bit) != 0) << 2 | (guint) ((west & e_bit) != 0) << 3;
}

/* The frontier of a breadth-first sweep is spread over the whole maze, so
 * each cell it takes is a cache miss of its own; the cells a few places
 * further along are known, so their bytes can be asked for early. */
static inline __attribute__((always_inline)) void
maze_walker_prefetch (const MazeWalker *w,
                      const guint8     *came_from,
                      guint32           cell)
{
  /* Integers, not pointers: a row off the grid is no undefined behaviour,
   * and a prefetch never faults. */
  guintptr here = (guintptr) w->cells + cell, seen = (guintptr) came_from + cell;

  __builtin_prefetch ((const void *) here);
  __builtin_prefetch ((const void *) (here - w->width));
  __builtin_prefetch ((const void *) seen);
  __builtin_prefetch ((const void *) (seen - w->width));
  __builtin_prefetch ((const void *) (seen + w->width));
}

/* Moves a walk that knows (x, y) from cell to next, its neighbour towards
 * d (parity: y & 1). */
static inline void
maze_solve_move (const MazeWalker *w,
                 guint             parity,
                 guint             d,
                 guint32           next,
                 guint32          *cell,
                 guint            *x,
                 guint            *y)
{
  *cell = next;
  if (G_UNLIKELY (w->irregular))
    {
      maze_grid_xy (w->grid, next, x, y);
      return;
    }
  *x += (guint) w->t->dx[parity][d];
  *y += (guint) w->t->dy[d];
}

/* maze_walker_exits() without the passages that lead into a masked cell,
 * which only a broken grid has: for the walks that can afford to look. */
static inline __attribute__((always_inline)) guint
maze_walker_open_exits (const MazeWalker *w,
                        const guint       n_dirs,
                        guint32           cell,
                        guint             x,
                        guint             y)
{
  guint exits = maze_walker_exits (w, n_dirs, TRUE, cell, x, y);

  for (guint d = 0; d < n_dirs; d++)
    if (((exits >> d) & 1) &&
        (w->cells[maze_walker_next (w, TRUE, cell, x, y, d)] & MAZE_CELL_MASKED))
      exits &= ~(1u << d);
  return exits;
}

/* A bucket queue with MAZE_N_BUCKETS circular buckets (Dial's algorithm):
 * keys are distances, every key pushed lies less than MAZE_N_BUCKETS above
 * the smallest key waiting, so the bucket of a key is its low bits. Each
 * bucket is an array that grows by doubling and is reused as the queue
 * goes round, so after the first laps nothing is allocated. Entries are
 * never removed early: a solver whose distances can drop (A*) pushes the
 * cell again and skips the stale entry when it comes up. */
#define MAZE_BUCKET_BITS 9
#define MAZE_N_BUCKETS   (1u << MAZE_BUCKET_BITS)
#define MAZE_BUCKET_MASK (MAZE_N_BUCKETS - 1)

typedef struct
{
  guint32 *items;
  guint32  len;
  guint32  size;
} MazeBucket;

typedef struct
{
  MazeBucket buckets[MAZE_N_BUCKETS];
  guint64    key;    /* the smallest key that may be waiting */
  guint64    count;  /* entries waiting, stale ones included */
} MazeBucketQueue;

gboolean maze_bucket_queue_init  (MazeBucketQueue *q,
                                  guint64          first_key);
void     maze_bucket_queue_clear (MazeBucketQueue *q);
gboolean maze_bucket_grow        (MazeBucket      *b);
gboolean maze_bucket_reserve     (MazeBucket      *b,
                                  guint32          n);

/* Pushes cell with key when push is TRUE, without a branch on push: the
 * entry is written either way and counted only when pushed, so a bucket
 * always keeps a spare slot. FALSE when memory runs out. */
static inline gboolean
maze_bucket_queue_push_if (MazeBucketQueue *q,
                           guint64          key,
                           guint32          cell,
                           gboolean         push)
{
  MazeBucket *b = &q->buckets[key & MAZE_BUCKET_MASK];

  b->items[b->len] = cell;
  b->len += push;
  q->count += push;
  return G_LIKELY (b->len < b->size) || maze_bucket_grow (b);
}

/* Pops an entry with the smallest key (the newest of them), which it
 * stores in *key; FALSE when the queue is empty. */
static inline gboolean
maze_bucket_queue_pop (MazeBucketQueue *q,
                       guint64         *key,
                       guint32         *cell)
{
  MazeBucket *b;

  if (q->count == 0)
    return FALSE;
  while ((b = &q->buckets[q->key & MAZE_BUCKET_MASK])->len == 0)
    q->key++;
  *key = q->key;
  *cell = b->items[--b->len];
  q->count--;
  return TRUE;
}

/* A FIFO of cells for breadth-first sweeps: a ring that doubles when it
 * fills up, so it takes as much memory as the widest frontier, not a slot
 * per cell. head and tail count cells in and out; their low bits index. */
typedef struct
{
  guint32 *items;
  guint32  mask;   /* capacity - 1, the capacity a power of two */
  guint32  head;
  guint32  tail;
} MazeRing;

/* A ring of 4096 cells, head and tail at 0. Callers keep head and tail in
 * locals while they run (a store through the items may alias the fields)
 * and write them back before maze_ring_grow(). */
gboolean maze_ring_init (MazeRing *ring);
gboolean maze_ring_grow (MazeRing *ring);

/* What every search over "came from" bytes starts with: w set up for grid
 * and a new array of came from bytes. NULL, with error set, when the grid
 * has a passage out through its border or memory runs out. */
guint8       *maze_solve_begin             (const MazeGrid   *grid,
                                            MazeStopCheck    *stop,
                                            MazeWalker       *w,
                                            GError          **error);

/* What every such search ends with: the solution read back from the came
 * from bytes when result is MAZE_SEARCH_FOUND, else NULL with the error
 * that result stands for. */
MazeSolution *maze_solve_finish            (const MazeGrid   *grid,
                                            MazeSolverKind    solver,
                                            MazeSearchResult  result,
                                            const guint8     *came_from,
                                            guint32           start,
                                            guint32           end,
                                            guint64           explored,
                                            GError          **error);

/* The came from byte a search writes into a cell it enters through
 * direction d, by d: reached, and the way back. */
static inline void
maze_solve_init_back_bits (const MazeTopology *t,
                           guint               n_dirs,
                           guint8              back_bits[MAZE_MAX_DIRS])
{
  /* MIN: gcc 12 at -O3 cannot see that n_dirs never exceeds the array
   * and warns of an overflow (-Wstringop-overflow). */
  for (guint d = 0; d < MIN (n_dirs, MAZE_MAX_DIRS); d++)
    back_bits[d] = (guint8) (MAZE_SOLVE_REACHED | t->opposite[d]);
}

/* The came from bytes for the cells that (x, y) leads to, by direction:
 * regular (from maze_solve_init_back_bits()) but on the centre cell and
 * its first ring, whose ways back along the spokes are no opposite
 * (maze_grid_back_dir()); there it fills here. x and y are used only
 * with needs_xy, which a circular grid has. */
static inline __attribute__((always_inline)) const guint8 *
maze_walker_back_bits (const MazeWalker *w,
                       const gboolean    needs_xy,
                       guint             x,
                       guint             y,
                       const guint8     *regular,
                       guint8            here[MAZE_MAX_DIRS])
{
  if (!needs_xy || G_LIKELY (y >= w->centre_rings))
    return regular;
  for (guint d = 0; d < MIN (w->t->n_dirs, MAZE_MAX_DIRS); d++)
    here[d] = (guint8) (MAZE_SOLVE_REACHED | maze_grid_back_dir (w->grid, x, y, d));
  return here;
}

/* The step of a breadth-first search that costs the most, shared by the
 * BFS and Dijkstra's without weights: puts the cells that exits (from
 * maze_walker_exits) lead to from cell, (x, y) (used with needs_xy), and
 * that are not seen yet at items[tail],
 * items[tail + 1], ... (indices masked with mask), marks their way back
 * in came_from, reports them to the observer at distance value, and
 * returns the new tail. items needs room for n_dirs writes; spare holds
 * n_dirs bytes of MAZE_SOLVE_MASKED, the caller's for the whole search.
 *
 * It has no branch that depends on the maze: whether a passage leads on is
 * as good as a coin toss and would be mispredicted half the time. Every
 * direction is handled alike, a direction without a passage looking at a
 * spare byte that is always seen. */
static inline __attribute__((always_inline)) guint32
maze_solve_expand (const MazeWalker    *w,
                   const guint          n_dirs,
                   const gboolean       needs_xy,
                   guint                x,
                   guint                y,
                   guint32              cell,
                   guint                exits,
                   guint8              *came_from,
                   const guint8        *back_bits,
                   guint8              *spare,
                   guint32             *items,
                   guint32              mask,
                   guint32              tail,
                   const gboolean       observed,
                   const MazeObserver  *observer,
                   guint32              value)
{
  guint8 here[MAZE_MAX_DIRS];

  back_bits = maze_walker_back_bits (w, needs_xy, x, y, back_bits, here);
  /* A direction without a passage reads and writes a spare byte of its
   * own, always seen. (Pointing it back at the cell itself would make the
   * directions wait for each other: each would load the byte the one
   * before has just stored, and that chain doubled the time of a search.)
   * The choice is made with masks, so the compiler cannot turn it into a
   * branch. */
#pragma GCC unroll 6
  for (guint d = 0; d < n_dirs; d++)
    {
      guintptr open = -(guintptr) ((exits >> d) & 1);
      guint32 next = maze_walker_next (w, needs_xy, cell, x, y, d);
      guint8 *slot = (guint8 *) ((((guintptr) came_from + next) & open) |
                                 ((guintptr) (spare + d) & ~open));
      guint8 seen = *slot;
      gboolean fresh = seen == 0;

      items[tail & mask] = next;
      tail += fresh;
      /* seen is 0 when fresh: an or, where a ?: compiled to a branch. */
      *slot = seen | (back_bits[d] & (guint8) -fresh);
      if (observed && fresh)
        MAZE_EMIT (observer, MAZE_EVENT_FRONTIER_ADD, next, cell,
                   (gint8) (back_bits[d] & MAZE_SOLVE_DIR), 0, value, 0);
    }
  return tail;
}

/* Makes room in ring for n more cells, for a sweep that keeps head, tail,
 * items and mask in locals (see MazeRing): writes head and tail back,
 * grows the ring and reloads items and mask. FALSE when memory runs out. */
static inline __attribute__((always_inline)) gboolean
maze_ring_reserve (MazeRing  *ring,
                   guint32  **items,
                   guint32   *mask,
                   guint32    head,
                   guint32    tail,
                   guint32    n)
{
  if (G_LIKELY (tail - head + n <= *mask))
    return TRUE;
  ring->head = head;
  ring->tail = tail;
  if (!maze_ring_grow (ring))
    return FALSE;
  *items = ring->items;
  *mask = ring->mask;
  return TRUE;
}

/* A breadth-first sweep's ring holds one level of distance after another,
 * so the distance is the number of levels: called before the cell at head
 * is taken, it moves *dist on when head has reached the level's end. */
static inline __attribute__((always_inline)) void
maze_ring_next_level (guint32  head,
                      guint32  tail,
                      guint32 *level_end,
                      guint32 *dist)
{
  if (head == *level_end)
    {
      (*dist)++;
      *level_end = tail;
    }
}

G_END_DECLS
