/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "maze-bitset.h"
#include "maze-error.h"
#include "maze-generator-private.h"
#include "maze-region.h"
#include "maze-union-find.h"

/* Region regeneration.
 *
 * Clear the passages inside the region R and across its border, carve a
 * new forest inside R, then open walls across the border ("doors") so the
 * whole is one spanning tree again.
 *
 * Which doors are safe depends on how the maze outside R hangs together:
 * once R is cut out, the outside falls apart into pieces F1..Fm, and the
 * new inside must meet each piece through exactly one door. Two outside
 * cells next to R may belong to the same piece through a path that wanders
 * anywhere in the maze, so the pieces cannot be read off R's border alone.
 * But their number can: the old maze was a tree, and the old inside pieces
 * (k of them, each touching the border through at least one of the P old
 * crossing passages) and the outside pieces formed a tree with P edges, so
 * m = P - k + 1. We flood the outside inside a window around R; pieces that
 * join within the window are certainly one piece, so when the window shows
 * exactly m distinct pieces among the old doors' outside cells, it has
 * found them all. Otherwise the window doubles. In mazes of long corridors
 * (the backtracker's) two doors are often joined far away; when a window
 * three times the region's side has not found them, the region is
 * regenerated within its old pieces instead (see
 * regenerate_keeping_pieces), so the cost follows the region, not the
 * maze. A mask change needs the pieces, so it widens up to the whole maze.
 *
 * The stitch is Kruskal's over the border walls: union-find over the
 * inside components and the outside pieces, walls in a seeded random
 * order, a door wherever it joins two sets. Walls whose outside cell lies
 * in no piece we can name are not used. */

#define NO_LABEL G_MAXUINT32
#define STITCH_STREAM 0x5717c4

typedef struct
{
  guint32 inside;   /* cell index inside R */
  guint32 outside;  /* its neighbour outside R */
  guint8  dir;      /* from inside towards outside */
} BorderWall;

typedef struct
{
  MazeGrid   *grid;
  MazeRect    r;
  GArray     *walls;        /* every wall between a cell of R and one outside */
  GArray     *ports;        /* indices into walls of the old crossing passages */
  GHashTable *labels;       /* outside cell -> piece label (GUINT_TO_POINTER (label + 1)) */
  GHashTable *port_labels;  /* the labels some old door leads into */
  guint32     m;            /* number of outside pieces (when the maze was a tree) */
  guint32    *old_piece;    /* per cell of R: its old inside piece */
  guint32     n_old_pieces;
  MazeStopCheck *stop;      /* shared by every stage */
} Stitch;

/* Is (x, y) inside r (a ring sector on the circular grid, see MazeRect)? */
static inline gboolean
rect_contains (const MazeGrid *grid,
               const MazeRect *r,
               guint           x,
               guint           y)
{
  return maze_rect_contains_cell (grid, r, x, y);
}

static MazeRect
rect_expand (const MazeRect *r,
             guint           by,
             const MazeGrid *grid)
{
  MazeRect e;
  guint64 y2 = MIN ((guint64) r->y + r->height + by, grid->height);
  guint64 x2;
  guint bx = by;

  e.y = r->y > by ? r->y - by : 0;
  /* Columns count cells of the outer ring: `by` cells of the innermost
   * ring reached are that many times its scale. */
  if (grid->polar != NULL)
    bx = (guint) MIN ((guint64) by * maze_grid_row_scale (grid, e.y), grid->width);
  x2 = MIN ((guint64) r->x + r->width + bx, grid->width);
  e.x = r->x > bx ? r->x - bx : 0;
  e.width = (guint) (x2 - e.x);
  e.height = (guint) (y2 - e.y);
  /* A ring goes round: a sector that reaches angle 0 from either side
   * has neighbours on the other, so it takes the whole turn. */
  if (grid->polar != NULL && (e.x == 0 || x2 == grid->width))
    {
      e.x = 0;
      e.width = grid->width;
    }
  return e;
}

/* Copies the cells of r to buf (restore: back from buf), row by row:
 * buf holds at most r->width * r->height bytes. */
static void
copy_cells (MazeGrid       *grid,
            const MazeRect *r,
            guint8         *buf,
            gboolean        restore)
{
  for (guint y = r->y; y < r->y + r->height; y++)
    {
      guint x0, x1;
      guint8 *cells;

      maze_rect_row_span (grid, r, y, &x0, &x1);
      cells = grid->cells + maze_grid_index (grid, x0, y);
      if (restore)
        memcpy (cells, buf, x1 - x0);
      else
        memcpy (buf, cells, x1 - x0);
      buf += x1 - x0;
    }
}

/* Every wall across R's border, in reading order of the inside cell. */
static void
collect_border_walls (Stitch *st)
{
  MazeGrid *grid = st->grid;
  const MazeTopology *t = grid->topology;

  for (guint y = st->r.y; y < st->r.y + st->r.height; y++)
    {
      guint x0, x1;

      maze_rect_row_span (grid, &st->r, y, &x0, &x1);
      for (guint x = x0; x < x1; x++)
      {
        /* Only cells on R's edge can have outside neighbours. */
        if (y > st->r.y && y + 1 < st->r.y + st->r.height &&
            x > x0 && x + 1 < x1)
          continue;
        for (guint d = 0; d < t->n_dirs; d++)
          {
            guint nx, ny;
            BorderWall wall;

            if (!maze_grid_step (grid, x, y, d, &nx, &ny) || rect_contains (grid, &st->r, nx, ny))
              continue;
            wall.inside = maze_grid_index (grid, x, y);
            wall.outside = maze_grid_index (grid, nx, ny);
            wall.dir = (guint8) d;
            g_array_append_val (st->walls, wall);
          }
      }
    }
}

/* Labels each cell of R by the old inside piece it belongs to (following
 * passages, whatever the mask now says) and counts the pieces that touch
 * the border: k in m = P - k + 1. */
static gboolean
count_old_pieces (Stitch   *st,
                  guint32  *k_out,
                  GError  **error)
{
  MazeGrid *grid = st->grid;
  const MazeTopology *t = grid->topology;
  guint32 n = st->r.width * st->r.height;
  guint32 *piece = g_try_new (guint32, n);
  g_autofree MazeBitset *touches = NULL;
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 n_pieces = 0, k = 0;

  if (piece == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }
  memset (piece, 0xff, n * sizeof (guint32));

  for (guint32 start = 0; start < n; start++)
    {
      guint sx, sy;

      if (piece[start] != NO_LABEL || !maze_rect_local_xy (grid, &st->r, start, &sx, &sy))
        continue;
      piece[start] = n_pieces;
      g_array_append_val (stack, start);
      while (stack->len > 0)
        {
          guint32 cur = g_array_index (stack, guint32, --stack->len);
          guint x, y;

          maze_rect_local_xy (grid, &st->r, cur, &x, &y);

          for (guint d = 0; d < t->n_dirs; d++)
            {
              guint nx, ny;
              guint32 local;

              if (!maze_grid_has_passage (grid, x, y, d) ||
                  !maze_grid_step (grid, x, y, d, &nx, &ny) ||
                  !rect_contains (grid, &st->r, nx, ny))
                continue;
              local = maze_rect_local (grid, &st->r, nx, ny);
              if (piece[local] != NO_LABEL)
                continue;
              piece[local] = n_pieces;
              g_array_append_val (stack, local);
            }
        }
      n_pieces++;
    }

  touches = maze_bitset_new (n_pieces);
  for (guint i = 0; i < st->walls->len; i++)
    {
      const BorderWall *w = &g_array_index (st->walls, BorderWall, i);
      guint x, y;

      maze_grid_xy (grid, w->inside, &x, &y);
      if (!maze_grid_has_passage (grid, x, y, w->dir))
        continue;
      g_array_append_val (st->ports, i);
      {
        guint32 p = piece[maze_rect_local (grid, &st->r, x, y)];

        if (!maze_bitset_get (touches, p))
          {
            maze_bitset_set (touches, p);
            k++;
          }
      }
    }

  g_free (st->old_piece);
  st->old_piece = piece;
  st->n_old_pieces = n_pieces;
  *k_out = k;
  return TRUE;
}

static gboolean
is_ring_cell (const Stitch *st,
              const MazeRect *ring,
              guint x,
              guint y)
{
  return rect_contains (st->grid, ring, x, y) && !rect_contains (st->grid, &st->r, x, y);
}

/* Floods the outside of R within window from each border wall's outside
 * cell and labels those cells by the piece they reach. Returns how many
 * distinct pieces the old doors lead into. */
static guint32
label_outside (Stitch         *st,
               const MazeRect *window)
{
  MazeGrid *grid = st->grid;
  const MazeTopology *t = grid->topology;
  MazeRect ring = rect_expand (&st->r, 1, grid);
  g_autofree MazeBitset *seen = maze_bitset_new ((guint64) window->width * window->height);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 n_labels = 0;

  g_hash_table_remove_all (st->labels);
  g_hash_table_remove_all (st->port_labels);
  for (guint i = 0; i < st->walls->len; i++)
    {
      const BorderWall *w = &g_array_index (st->walls, BorderWall, i);
      guint sx, sy;
      guint64 local;

      if (g_hash_table_contains (st->labels, GUINT_TO_POINTER (w->outside)))
        continue;
      maze_grid_xy (grid, w->outside, &sx, &sy);
      local = maze_rect_local (grid, window, sx, sy);
      if (maze_bitset_get (seen, local))
        continue;

      /* A new piece: flood it, labelling the ring cells it contains. */
      maze_bitset_set (seen, local);
      g_array_append_val (stack, w->outside);
      while (stack->len > 0)
        {
          guint32 cur = g_array_index (stack, guint32, --stack->len);
          guint x, y;

          /* Stopped: the caller sees st->stop->stopped. */
          if (!maze_stop_check_steps (st->stop, 1))
            return 0;

          maze_grid_xy (grid, cur, &x, &y);
          if (is_ring_cell (st, &ring, x, y))
            g_hash_table_insert (st->labels, GUINT_TO_POINTER (cur),
                                 GUINT_TO_POINTER (n_labels + 1));
          for (guint d = 0; d < t->n_dirs; d++)
            {
              guint nx, ny;
              guint32 next;

              if (!maze_grid_has_passage (grid, x, y, d) ||
                  !maze_grid_step (grid, x, y, d, &nx, &ny) ||
                  !rect_contains (grid, window, nx, ny) || rect_contains (grid, &st->r, nx, ny))
                continue;
              local = maze_rect_local (grid, window, nx, ny);
              if (maze_bitset_get (seen, local))
                continue;
              maze_bitset_set (seen, local);
              next = maze_grid_index (grid, nx, ny);
              g_array_append_val (stack, next);
            }
        }
      n_labels++;
    }

  for (guint i = 0; i < st->ports->len; i++)
    {
      const BorderWall *w = &g_array_index (st->walls, BorderWall,
                                            g_array_index (st->ports, guint, i));
      gpointer label = g_hash_table_lookup (st->labels, GUINT_TO_POINTER (w->outside));

      g_hash_table_add (st->port_labels, label);
    }
  return g_hash_table_size (st->port_labels);
}

typedef enum
{
  PIECES_FOUND,   /* the window showed all m pieces */
  PIECES_WHOLE,   /* the window was the whole maze: exact even with loops */
  PIECES_GAVE_UP, /* not found within a few region sizes */
} PiecesResult;

/* Finds the outside pieces, widening the window as needed (or at once to
 * the whole maze with whole_maze). With may_give_up it stops after the
 * first window, three times the region's side: past that the cost would
 * grow with the maze rather than the region. */
static PiecesResult
find_outside_pieces (Stitch   *st,
                     gboolean  whole_maze,
                     gboolean  may_give_up)
{
  guint side = MAX (8, MAX (st->r.width, st->r.height));
  guint by = whole_maze ? MAZE_MAX_SIDE : side;

  for (;;)
    {
      MazeRect window = rect_expand (&st->r, by, st->grid);
      gboolean whole = window.width == st->grid->width && window.height == st->grid->height;
      guint32 found = label_outside (st, &window);

      if (whole || st->stop->stopped)
        return PIECES_WHOLE;
      if (found <= st->m)
        return PIECES_FOUND;
      if (may_give_up && by >= side)
        return PIECES_GAVE_UP;
      by = by > MAZE_MAX_SIDE ? MAZE_MAX_SIDE : by * 2;
    }
}

/* The fallback when the outside pieces are not known: keep the doors and
 * the old partition of R into pieces, and give each piece a new spanning
 * tree of its own cells. Each piece still joins the same doors, so the
 * whole stays one tree; the region changes less, but the cost stays with
 * the region. Only for regeneration without a mask change (every open
 * cell then belongs to a piece that has doors). */
static gboolean
regenerate_keeping_pieces (Stitch                     *st,
                           const MazeGenerateOptions  *options,
                           GError                    **error)
{
  MazeGrid *grid = st->grid;
  const MazeTopology *t = grid->topology;
  const MazeRect *r = &st->r;
  g_autoptr(GArray) boxes = g_array_sized_new (FALSE, FALSE, sizeof (MazeRect), st->n_old_pieces);
  g_autoptr(GArray) hidden = g_array_new (FALSE, FALSE, sizeof (guint32));

  /* Clear the passages inside R, keeping those across its border. */
  for (guint y = r->y; y < r->y + r->height; y++)
    {
      guint x0, x1;

      maze_rect_row_span (grid, r, y, &x0, &x1);
      for (guint x = x0; x < x1; x++)
        for (guint d = 0; d < t->n_dirs; d++)
          {
            guint nx, ny;

            if (maze_grid_owns_dir (grid, x, y, d) && maze_grid_step (grid, x, y, d, &nx, &ny) &&
                rect_contains (grid, r, nx, ny))
              maze_grid_uncarve (grid, x, y, d, nx, ny);
          }
    }

  /* Each piece's bounding box. */
  g_array_set_size (boxes, st->n_old_pieces);
  for (guint32 p = 0; p < st->n_old_pieces; p++)
    g_array_index (boxes, MazeRect, p) = (MazeRect) { G_MAXUINT, G_MAXUINT, 0, 0 };
  for (guint y = 0; y < r->height; y++)
    for (guint x = 0; x < r->width; x++)
      {
        guint cx, cy, x2, y2;
        MazeRect *b;

        if (!maze_rect_local_xy (grid, r, y * r->width + x, &cx, &cy))
          continue;
        b = &g_array_index (boxes, MazeRect, st->old_piece[y * r->width + x]);
        x2 = b->x == G_MAXUINT ? x : MAX (b->x + b->width - 1, x);
        y2 = b->y == G_MAXUINT ? y : MAX (b->y + b->height - 1, y);

        b->x = MIN (b->x, x);
        b->y = MIN (b->y, y);
        b->width = x2 - b->x + 1;
        b->height = y2 - b->y + 1;
      }

  for (guint32 p = 0; p < st->n_old_pieces; p++)
    {
      MazeRect box = g_array_index (boxes, MazeRect, p);
      MazeGenerateOptions piece_options = *options;
      gboolean ok;

      /* Hide the other pieces' cells in the box behind the mask. */
      g_array_set_size (hidden, 0);
      box.x += r->x;
      box.y += r->y;
      for (guint y = box.y; y < box.y + box.height && maze_stop_check_steps (st->stop, box.width); y++)
        {
          guint x0, x1;

          /* Every cell of the box, which on the circular grid may reach
           * past the places the box was made of. */
          maze_rect_row_span (grid, &box, y, &x0, &x1);
          for (guint x = x0; x < x1; x++)
            {
              guint32 cell = maze_grid_index (grid, x, y);

              if (st->old_piece[maze_rect_local (grid, r, x, y)] != p &&
                  !maze_grid_is_masked (grid, cell))
                {
                  grid->cells[cell] |= MAZE_CELL_MASKED;
                  g_array_append_val (hidden, cell);
                }
            }
        }
      piece_options.seed = maze_rng_derive (options->seed, p);
      /* Stopped while hiding: the driver below says so. */
      ok = !st->stop->stopped && maze_generate_forest (grid, &box, &piece_options, st->stop, error);
      if (!ok && st->stop->stopped && (error == NULL || *error == NULL))
        maze_gen_set_cancelled (error);
      for (guint i = 0; i < hidden->len; i++)
        grid->cells[g_array_index (hidden, guint32, i)] &= (guint8) ~MAZE_CELL_MASKED;
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* Labels the new inside forest's components; returns how many. */
static guint32
label_inside (Stitch  *st,
              guint32 *component)
{
  MazeGrid *grid = st->grid;
  const MazeTopology *t = grid->topology;
  guint32 n = st->r.width * st->r.height, count = 0;
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint32));

  memset (component, 0xff, n * sizeof (guint32));
  for (guint32 start = 0; start < n; start++)
    {
      guint x, y;

      if (component[start] != NO_LABEL || !maze_rect_local_xy (grid, &st->r, start, &x, &y) ||
          !maze_grid_is_open (grid, x, y))
        continue;
      component[start] = count;
      g_array_append_val (stack, start);
      while (stack->len > 0)
        {
          guint32 cur = g_array_index (stack, guint32, --stack->len);
          guint cx, cy;

          maze_rect_local_xy (grid, &st->r, cur, &cx, &cy);

          for (guint d = 0; d < t->n_dirs; d++)
            {
              guint nx, ny;
              guint32 local;

              if (!maze_grid_has_passage (grid, cx, cy, d) ||
                  !maze_grid_step (grid, cx, cy, d, &nx, &ny) ||
                  !rect_contains (grid, &st->r, nx, ny))
                continue;
              local = maze_rect_local (grid, &st->r, nx, ny);
              if (component[local] != NO_LABEL)
                continue;
              component[local] = count;
              g_array_append_val (stack, local);
            }
        }
      count++;
    }
  return count;
}

static void
clear_region (Stitch       *st,
              const guint8 *new_mask)
{
  MazeGrid *grid = st->grid;

  for (guint i = 0; i < st->walls->len; i++)
    {
      const BorderWall *w = &g_array_index (st->walls, BorderWall, i);
      guint x, y;

      maze_grid_xy (grid, w->inside, &x, &y);
      maze_grid_set_passage (grid, x, y, w->dir, FALSE);
    }
  for (guint y = st->r.y; y < st->r.y + st->r.height; y++)
    {
      guint x0, x1;

      maze_rect_row_span (grid, &st->r, y, &x0, &x1);
      for (guint x = x0; x < x1; x++)
        {
          guint8 *cell = &grid->cells[maze_grid_index (grid, x, y)];
          guint8 masked = new_mask ? (new_mask[maze_rect_local (grid, &st->r, x, y)]
                                      ? MAZE_CELL_MASKED : 0)
                                   : (*cell & MAZE_CELL_MASKED);
          *cell = masked;
        }
    }
}

static gboolean
stitch (Stitch                     *st,
        const MazeGenerateOptions  *options,
        GError                    **error)
{
  MazeGrid *grid = st->grid;
  g_autofree guint32 *component = g_try_new (guint32, (gsize) st->r.width * st->r.height);
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
  MazeUnionFind uf;
  MazeRng rng;
  guint32 n_inside, n_nodes, joins = 0, needed;
  guint n_labels = 0;
  gboolean no_ports;

  if (component == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }
  n_inside = label_inside (st, component);
  {
    GHashTableIter iter;
    gpointer value;

    g_hash_table_iter_init (&iter, st->labels);
    while (g_hash_table_iter_next (&iter, NULL, &value))
      n_labels = MAX (n_labels, GPOINTER_TO_UINT (value));
  }
  n_nodes = n_inside + n_labels;
  if (!maze_union_find_init (&uf, MAX (n_nodes, 1)))
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }

  /* No old door at all: the region was masked out whole (a maze is
   * connected), so the open cells outside are one piece without it, and
   * every piece the window sees is part of that one. */
  no_ports = g_hash_table_size (st->port_labels) == 0;
  if (no_ports)
    for (guint32 label = 1; label < n_labels; label++)
      maze_union_find_unite (&uf, n_inside, n_inside + label);

  /* Usable walls: open on both sides, the outside cell in a piece an old
   * door led into. A piece the window saw with no old door may be one of
   * those, joined beyond the window: a door there could close a loop. */
  for (guint i = 0; i < st->walls->len; i++)
    {
      const BorderWall *w = &g_array_index (st->walls, BorderWall, i);
      gpointer label = g_hash_table_lookup (st->labels, GUINT_TO_POINTER (w->outside));

      if (maze_grid_is_masked (grid, w->inside) || maze_grid_is_masked (grid, w->outside) ||
          label == NULL || (!no_ports && !g_hash_table_contains (st->port_labels, label)))
        continue;
      g_array_append_val (order, i);
    }

  maze_rng_init (&rng, maze_rng_derive (options->seed, STITCH_STREAM));
  for (guint i = order->len; i > 1; i--)
    {
      guint j = maze_rng_below (&rng, i);
      guint tmp = g_array_index (order, guint, i - 1);

      g_array_index (order, guint, i - 1) = g_array_index (order, guint, j);
      g_array_index (order, guint, j) = tmp;
    }

  for (guint i = 0; i < order->len; i++)
    {
      const BorderWall *w = &g_array_index (st->walls, BorderWall, g_array_index (order, guint, i));
      guint x, y;
      guint32 inside_node, outside_node;

      maze_grid_xy (grid, w->inside, &x, &y);
      inside_node = component[maze_rect_local (grid, &st->r, x, y)];
      outside_node = n_inside +
        GPOINTER_TO_UINT (g_hash_table_lookup (st->labels, GUINT_TO_POINTER (w->outside))) - 1;
      if (maze_union_find_unite (&uf, inside_node, outside_node))
        {
          maze_grid_set_passage (grid, x, y, w->dir, TRUE);
          MAZE_EMIT (options->observer, MAZE_EVENT_CARVE, w->inside, w->outside,
                     (gint8) w->dir, 0, 0, MAZE_EVENT_STEP);
          joins++;
        }
    }
  maze_union_find_clear (&uf);

  /* The inside components and every outside piece must end as one: with
   * no old door, the one piece outside, if the maze has any open cell
   * there (the window may not see it: then it is cut off). */
  if (!no_ports)
    needed = n_inside + g_hash_table_size (st->port_labels);
  else
    needed = n_inside + (n_labels > 0 || maze_grid_has_open_outside (grid, &st->r) ? 1 : 0);
  if (needed > 0 && joins + 1 < needed)
    {
      g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED,
                           _("The new mask would cut part of the maze off from the rest"));
      return FALSE;
    }
  return TRUE;
}

/* A ring sector across angle 0 (x + width past the outer ring's end) is
 * regenerated as its two halves, the one clockwise of x and then the one
 * from angle 0, each stitched like any region: the second stitches to
 * the first, so the whole is one perfect maze again and nothing beyond
 * the two halves' border changes. Either fails: every cell goes back. */
static gboolean
regenerate_across_angle_0 (MazeGrid                   *grid,
                           const MazeRect             *region,
                           const MazeGenerateOptions  *options,
                           GError                    **error)
{
  MazeRect before_0, after_0;
  MazeGenerateOptions second = *options;
  MazeRect saved = rect_expand (region, 1, grid);
  g_autofree guint8 *backup = NULL;

  if (region->y >= grid->height)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("The region at (%u,%u) lies outside the %u×%u maze"),
                   region->x, region->y, grid->width, grid->height);
      return FALSE;
    }
  backup = g_try_malloc ((gsize) saved.width * saved.height);
  if (backup == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }
  copy_cells (grid, &saved, backup, FALSE);
  maze_region_split_at_0 (grid, region, &before_0, &after_0);
  second.seed = maze_rng_derive (options->seed, MAZE_REGION_AFTER_0_STREAM);
  if (maze_regenerate_region (grid, &before_0, NULL, options, error) &&
      maze_regenerate_region (grid, &after_0, NULL, &second, error))
    return TRUE;
  copy_cells (grid, &saved, backup, TRUE);
  return FALSE;
}

gboolean
maze_region_wraps (const MazeGrid *grid,
                   const MazeRect *region)
{
  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (region != NULL, FALSE);

  return grid->polar != NULL && region->x < grid->width && region->width < grid->width &&
         (guint64) region->x + region->width > grid->width;
}

void
maze_region_split_at_0 (const MazeGrid *grid,
                        const MazeRect *region,
                        MazeRect       *before_0,
                        MazeRect       *after_0)
{
  g_return_if_fail (maze_region_wraps (grid, region));

  *before_0 = (MazeRect) { region->x, region->y, grid->width - region->x, region->height };
  *after_0 = (MazeRect) { 0, region->y, region->x + region->width - grid->width, region->height };
}

gboolean
maze_region_clip (const MazeGrid *grid,
                  MazeRect       *region)
{
  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (region != NULL, FALSE);

  if (!maze_region_wraps (grid, region))
    return maze_rect_clip (region, grid);
  if (region->y >= grid->height || region->height == 0)
    return FALSE;
  region->height = MIN (region->height, grid->height - region->y);
  return TRUE;
}

gboolean
maze_region_contains_cell (const MazeGrid *grid,
                           const MazeRect *region,
                           guint           x,
                           guint           y)
{
  MazeRect before_0, after_0;

  if (!maze_region_wraps (grid, region))
    return maze_rect_contains_cell (grid, region, x, y);
  maze_region_split_at_0 (grid, region, &before_0, &after_0);
  return maze_rect_contains_cell (grid, &before_0, x, y) ||
         maze_rect_contains_cell (grid, &after_0, x, y);
}

gboolean
maze_regenerate_region (MazeGrid                   *grid,
                        const MazeRect             *region,
                        const guint8               *new_mask,
                        const MazeGenerateOptions  *options,
                        GError                    **error)
{
  MazeStopCheck stop;
  Stitch st = { grid, *region, NULL, NULL, NULL, NULL, 0, NULL, 0, &stop };
  g_autofree guint8 *backup = NULL;
  MazeRect saved;
  guint32 k = 0;
  gboolean ok = FALSE;

  g_return_val_if_fail (grid != NULL, FALSE);
  g_return_val_if_fail (region != NULL, FALSE);
  g_return_val_if_fail (options != NULL, FALSE);

  if (maze_region_wraps (grid, region))
    {
      if (new_mask != NULL)
        {
          g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                               _("A mask edit cannot reach round past straight up"));
          return FALSE;
        }
      return regenerate_across_angle_0 (grid, region, options, error);
    }
  maze_stop_check_init (&stop, options->stop, options->stop_data);
  if (!maze_algorithm_supports (options->algorithm, grid->shape))
    {
      maze_gen_set_unsupported (error, options->algorithm, grid->shape);
      return FALSE;
    }
  if (!maze_rect_clip (&st.r, grid))
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("The region at (%u,%u) lies outside the %u×%u maze"),
                   region->x, region->y, grid->width, grid->height);
      return FALSE;
    }

  /* Everything this function may change lies within one cell of R. */
  saved = rect_expand (&st.r, 1, grid);
  backup = g_try_malloc ((gsize) saved.width * saved.height);
  if (backup == NULL)
    {
      maze_gen_set_out_of_memory (error);
      return FALSE;
    }
  copy_cells (grid, &saved, backup, FALSE);

  st.walls = g_array_new (FALSE, FALSE, sizeof (BorderWall));
  st.ports = g_array_new (FALSE, FALSE, sizeof (guint));
  st.labels = g_hash_table_new (NULL, NULL);
  st.port_labels = g_hash_table_new (NULL, NULL);
  collect_border_walls (&st);

  /* A window smaller than the maze can split one outside piece in two; in
   * a maze with loops (braided) that can make a piece look cut off when
   * it is not. Before saying so, look again at the whole maze. */
  for (guint attempt = 0; attempt < 2 && !ok; attempt++)
    {
      g_autoptr(GError) local_error = NULL;
      PiecesResult pieces;
      gboolean exact;

      if (attempt > 0)
        copy_cells (grid, &saved, backup, TRUE);
      g_array_set_size (st.ports, 0);
      if (!count_old_pieces (&st, &k, error))
        break;
      st.m = st.ports->len > 0 ? st.ports->len - k + 1 : 0;
      pieces = find_outside_pieces (&st, attempt > 0, new_mask == NULL);
      if (stop.stopped)
        {
          maze_gen_set_cancelled (error);
          break;
        }
      if (pieces == PIECES_GAVE_UP)
        {
          g_debug ("Regenerating %u×%u at (%u,%u) within its old pieces",
                   st.r.width, st.r.height, st.r.x, st.r.y);
          ok = regenerate_keeping_pieces (&st, options, error);
          break;
        }
      exact = pieces == PIECES_WHOLE;

      clear_region (&st, new_mask);
      if (!maze_generate_forest (grid, &st.r, options, &stop, error))
        break;
      ok = stitch (&st, options, &local_error);
      if (!ok && (exact || !g_error_matches (local_error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED)))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          break;
        }
    }

  if (!ok)
    copy_cells (grid, &saved, backup, TRUE);
  g_array_unref (st.walls);
  g_array_unref (st.ports);
  g_hash_table_unref (st.labels);
  g_hash_table_unref (st.port_labels);
  g_free (st.old_piece);
  return ok;
}

MazeRect
maze_region_get_reach (const MazeGrid *grid,
                       const MazeRect *region)
{
  g_return_val_if_fail (grid != NULL, (MazeRect) { 0 });
  g_return_val_if_fail (region != NULL, (MazeRect) { 0 });

  return rect_expand (region, 1, grid);
}

/* The mask of region after the edit: painted cells from mask, the
 * others as they are. */
static guint8 *
region_mask_for (const MazeGrid *grid,
                 const MazeRect *painted,
                 const guint8   *mask,
                 const MazeRect *region)
{
  guint8 *region_mask = g_malloc0 ((gsize) region->width * region->height);

  for (guint gy = region->y; gy < region->y + region->height; gy++)
    {
      guint x0, x1;

      maze_rect_row_span (grid, region, gy, &x0, &x1);
      for (guint gx = x0; gx < x1; gx++)
        region_mask[maze_rect_local (grid, region, gx, gy)] =
          rect_contains (grid, painted, gx, gy)
            ? (mask[maze_rect_local (grid, painted, gx, gy)] != 0)
            : maze_grid_is_masked (grid, maze_grid_index (grid, gx, gy));
    }
  return region_mask;
}

/* Whether the open cells, after the edit, all touch one another (side
 * by side, walls aside): then some spanning tree of them exists, and a
 * regeneration of the whole grid finds one. Asked of the grid with the
 * painted mask put in for the count and taken out again. */
static gboolean
open_cells_touch (MazeGrid       *grid,
                  const MazeRect *painted,
                  const guint8   *mask,
                  MazeStopCheck  *stop)
{
  g_autofree guint8 *saved = g_malloc ((gsize) painted->width * painted->height);
  guint32 parts;

  copy_cells (grid, painted, saved, FALSE);
  for (guint y = painted->y; y < painted->y + painted->height; y++)
    {
      guint x0, x1;

      maze_rect_row_span (grid, painted, y, &x0, &x1);
      for (guint x = x0; x < x1; x++)
        {
          guint8 *cell = &grid->cells[maze_grid_index (grid, x, y)];

          *cell = mask[maze_rect_local (grid, painted, x, y)] ? (*cell | MAZE_CELL_MASKED)
                                                             : (*cell & ~MAZE_CELL_MASKED);
        }
    }
  parts = maze_grid_count_components_checked (grid, NULL, FALSE, stop);
  copy_cells (grid, painted, saved, TRUE);
  /* Stopped: the caller sees stop->stopped. */
  return parts == 1 || parts == MAZE_NO_CELL;
}

guint8 *
maze_mask_edit_region (MazeGrid                   *grid,
                       const MazeRect             *painted,
                       const guint8               *mask,
                       const MazeGenerateOptions  *options,
                       MazeRect                   *region,
                       GError                    **error)
{
  g_autoptr(GError) local_error = NULL;
  guint margin = MAZE_MASK_MARGIN;
  MazeStopCheck stop;

  g_return_val_if_fail (grid != NULL, NULL);
  g_return_val_if_fail (painted != NULL && mask != NULL && region != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);

  if (painted->width == 0 || painted->height == 0 ||
      painted->x >= grid->width || painted->y >= grid->height ||
      (guint64) painted->x + painted->width > grid->width ||
      (guint64) painted->y + painted->height > grid->height)
    {
      g_set_error_literal (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                           _("The painted cells are outside the maze"));
      return NULL;
    }

  maze_stop_check_init (&stop, options->stop, options->stop_data);
  for (;;)
    {
      MazeRect r = rect_expand (painted, margin, grid);
      g_autofree guint8 *region_mask = region_mask_for (grid, painted, mask, &r);
      MazeRect reach = maze_region_get_reach (grid, &r);
      g_autofree guint8 *backup = g_try_malloc ((gsize) reach.width * reach.height);
      gboolean whole = r.width == grid->width && r.height == grid->height;
      gboolean ok;

      if (backup == NULL)
        {
          maze_gen_set_out_of_memory (error);
          return NULL;
        }
      copy_cells (grid, &reach, backup, FALSE);

      g_clear_error (&local_error);
      ok = maze_regenerate_region (grid, &r, region_mask, options, &local_error);
      /* Only deciding: every cell back as it was. */
      copy_cells (grid, &reach, backup, TRUE);

      if (ok)
        {
          *region = r;
          return g_steal_pointer (&region_mask);
        }
      /* Any other failure, or none left to widen, or the open cells no
       * longer touch (asked once, at the first failure): refused. */
      if (!g_error_matches (local_error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED) || whole ||
          (margin == MAZE_MASK_MARGIN && !open_cells_touch (grid, painted, mask, &stop)))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      if (stop.stopped)
        {
          maze_gen_set_cancelled (error);
          return NULL;
        }
      margin = MIN (2 * (guint64) margin, (guint64) MAX (grid->width, grid->height));
    }
}
