/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "maze-bitset.h"
#include "maze-error.h"
#include "maze-grid.h"
#include "maze-generator-private.h"

gboolean
maze_check_size (MazeShape   shape,
                 guint64     width,
                 guint64     height,
                 GError    **error)
{
  /* Numbers go in as strings: a G_GUINT64_FORMAT inside _() would cut the
   * message short for xgettext. */
  char w[32], h[32], n[32], limit[32];

  g_snprintf (w, sizeof w, "%" G_GUINT64_FORMAT, width);
  g_snprintf (h, sizeof h, "%" G_GUINT64_FORMAT, height);
  g_snprintf (limit, sizeof limit, "%" G_GUINT64_FORMAT, (guint64) MAZE_MAX_CELLS);

  if ((guint) shape >= MAZE_N_SHAPES)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_ARGUMENT,
                   _("Unknown maze shape %d"), (int) shape);
      return FALSE;
    }
  /* The first ring's cells and the rings; the layout's limits keep the
   * outer ring and the cells within the others. */
  if (shape == MAZE_SHAPE_CIRCULAR)
    {
      if (height < 1 || height > MAZE_POLAR_MAX_RINGS)
        {
          g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                       _("%s rings is out of range: a circular maze has 1 to %u"),
                       h, MAZE_POLAR_MAX_RINGS);
          return FALSE;
        }
      if (width < MAZE_POLAR_MIN_FIRST || width > MAZE_POLAR_MAX_FIRST)
        {
          g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                       _("%s cells in the first ring is out of range: it may have %u to %u"),
                       w, MAZE_POLAR_MIN_FIRST, MAZE_POLAR_MAX_FIRST);
          return FALSE;
        }
      return TRUE;
    }
  if (width < 1 || width > MAZE_MAX_SIDE)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("Width %s is out of range: a side must be 1 to %u cells"),
                   w, MAZE_MAX_SIDE);
      return FALSE;
    }
  if (height < 1 || height > MAZE_MAX_SIDE)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("Height %s is out of range: a side must be 1 to %u cells"),
                   h, MAZE_MAX_SIDE);
      return FALSE;
    }
  /* Triangles of one column touch the next row only every other row. */
  if (shape == MAZE_SHAPE_TRI && width < 2 && height > 2)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("A triangular maze of more than two rows needs at least 2 columns"));
      return FALSE;
    }
  if (width * height > MAZE_MAX_CELLS)
    {
      g_snprintf (n, sizeof n, "%" G_GUINT64_FORMAT, width * height);
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("A %s×%s maze has %s cells, more than the limit of %s"),
                   w, h, n, limit);
      return FALSE;
    }
  return TRUE;
}

MazeGrid *
maze_grid_new (MazeShape   shape,
               guint       width,
               guint       height,
               GError    **error)
{
  return maze_grid_new_rings (shape, width, height, FALSE, error);
}

MazeGrid *
maze_grid_new_rings (MazeShape   shape,
                     guint       width,
                     guint       height,
                     gboolean    centre,
                     GError    **error)
{
  g_autoptr(MazeGrid) grid = NULL;

  if (!maze_check_size (shape, width, height, error))
    return NULL;

  grid = g_new0 (MazeGrid, 1);
  grid->shape = shape;
  grid->topology = maze_topology_get (shape);
  grid->width = width;
  grid->height = height;
  grid->n_cells = width * height;
  if (shape == MAZE_SHAPE_CIRCULAR)
    {
      grid->polar = maze_polar_layout_new (height, centre, width, error);
      if (grid->polar == NULL)
        return NULL;
      grid->width = grid->polar->lengths[height - 1];
      grid->n_cells = (guint32) grid->polar->n_cells;
    }
  grid->cells = g_try_malloc0 (grid->n_cells);
  if (grid->cells == NULL)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE,
                   _("Not enough memory for a %u×%u maze"), width, height);
      return NULL;
    }
  return g_steal_pointer (&grid);
}

void
maze_grid_get_size_args (const MazeGrid *grid,
                         guint          *width,
                         guint          *height)
{
  *width = grid->polar != NULL ? grid->polar->first : grid->width;
  *height = grid->height;
}

MazeGrid *
maze_grid_new_like (const MazeGrid  *grid,
                    GError         **error)
{
  guint width, height;

  maze_grid_get_size_args (grid, &width, &height);
  return maze_grid_new_rings (grid->shape, width, height,
                              grid->polar != NULL && grid->polar->centre, error);
}

MazeGrid *
maze_grid_copy (const MazeGrid *grid)
{
  MazeGrid *copy;

  g_return_val_if_fail (grid != NULL, NULL);

  copy = g_memdup2 (grid, sizeof *grid);
  copy->cells = g_memdup2 (grid->cells, grid->n_cells);
  if (grid->weights != NULL)
    copy->weights = g_memdup2 (grid->weights, grid->n_cells);
  if (grid->polar != NULL)
    copy->polar = maze_polar_layout_new (grid->polar->n_rings, grid->polar->centre,
                                         grid->polar->first, NULL);
  return copy;
}

void
maze_grid_free (MazeGrid *grid)
{
  if (grid == NULL)
    return;
  g_free (grid->cells);
  g_free (grid->weights);
  maze_polar_layout_free (grid->polar);
  g_free (grid);
}

gboolean
maze_grid_equal (const MazeGrid *a,
                 const MazeGrid *b)
{
  if (a->shape != b->shape || a->width != b->width || a->height != b->height ||
      a->n_cells != b->n_cells)
    return FALSE;
  for (guint32 i = 0; i < a->n_cells; i++)
    if ((a->cells[i] & MAZE_CELL_STATE) != (b->cells[i] & MAZE_CELL_STATE))
      return FALSE;
  for (guint32 i = 0; i < a->n_cells; i++)
    if (maze_grid_get_weight (a, i) != maze_grid_get_weight (b, i))
      return FALSE;
  return TRUE;
}

/* FNV-1a over shape, size and every cell's passages and mask: the golden
 * hash that pins each generator's output. */
guint64
maze_grid_hash (const MazeGrid *grid)
{
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);
  const guint64 prime = G_GUINT64_CONSTANT (0x100000001b3);
  guint32 header[3] = { grid->shape, grid->width, grid->height };

  for (guint i = 0; i < G_N_ELEMENTS (header); i++)
    for (guint b = 0; b < 4; b++)
      h = (h ^ ((header[i] >> (8 * b)) & 0xff)) * prime;
  for (guint32 i = 0; i < grid->n_cells; i++)
    h = (h ^ (grid->cells[i] & MAZE_CELL_STATE)) * prime;
  return h;
}

void
maze_grid_clear_passages (MazeGrid *grid)
{
  for (guint32 i = 0; i < grid->n_cells; i++)
    grid->cells[i] &= MAZE_CELL_MASKED;
}

void
maze_grid_set_passage (MazeGrid *grid,
                       guint     x,
                       guint     y,
                       guint     dir,
                       gboolean  open)
{
  guint nx, ny;

  g_return_if_fail (maze_grid_contains (grid, x, y));
  g_return_if_fail (dir < grid->topology->n_dirs);

  if (!maze_grid_step (grid, x, y, dir, &nx, &ny))
    {
      g_return_if_fail (!open);
      return;
    }
  if (open)
    maze_grid_carve (grid, x, y, dir, nx, ny);
  else
    maze_grid_uncarve (grid, x, y, dir, nx, ny);
}

/* Masking a cell takes it out of the maze, and with it all its passages. */
void
maze_grid_set_masked (MazeGrid *grid,
                      guint     x,
                      guint     y,
                      gboolean  masked)
{
  guint32 cell;

  g_return_if_fail (maze_grid_contains (grid, x, y));

  cell = maze_grid_index (grid, x, y);
  if (masked)
    {
      for (guint d = 0; d < grid->topology->n_dirs; d++)
        maze_grid_set_passage (grid, x, y, d, FALSE);
      grid->cells[cell] |= MAZE_CELL_MASKED;
    }
  else
    grid->cells[cell] &= (guint8) ~MAZE_CELL_MASKED;
}

/* Is any cell of row[0..n-1] masked? Eight cells a step: this runs before
 * every generation, so it should cost next to nothing. */
static gboolean
row_has_mask (const guint8 *row,
              gsize         n)
{
  const guint64 masked8 = G_GUINT64_CONSTANT (0x0101010101010101) * MAZE_CELL_MASKED;
  gsize i = 0;

  for (; i + 8 <= n; i += 8)
    {
      guint64 word;

      memcpy (&word, row + i, sizeof word);
      if (word & masked8)
        return TRUE;
    }
  for (; i < n; i++)
    if (row[i] & MAZE_CELL_MASKED)
      return TRUE;
  return FALSE;
}

gboolean
maze_grid_has_mask (const MazeGrid *grid,
                    const MazeRect *region)
{
  MazeRect r = region ? *region : maze_grid_full_rect (grid);

  if (r.x == 0 && r.width == grid->width)
    {
      guint32 first = maze_grid_index (grid, 0, r.y);
      guint32 end = r.y + r.height < grid->height ? maze_grid_index (grid, 0, r.y + r.height)
                                                  : grid->n_cells;

      return row_has_mask (grid->cells + first, end - first);
    }
  for (guint y = r.y; y < r.y + r.height; y++)
    {
      guint x0, x1;

      maze_rect_row_span (grid, &r, y, &x0, &x1);
      if (row_has_mask (grid->cells + maze_grid_index (grid, x0, y), x1 - x0))
        return TRUE;
    }
  return FALSE;
}

/* Rarely asked (a region masked out whole), and open cells are the
 * rule: the first is near. */
gboolean
maze_grid_has_open_outside (const MazeGrid *grid,
                            const MazeRect *r)
{
  for (guint y = 0; y < grid->height; y++)
    for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
      {
        if (maze_rect_contains_cell (grid, r, x, y))
          continue;
        if (!maze_grid_is_masked (grid, maze_grid_index (grid, x, y)))
          return TRUE;
      }
  return FALSE;
}

guint32
maze_grid_count_open (const MazeGrid *grid)
{
  guint32 n = 0;

  for (guint32 i = 0; i < grid->n_cells; i++)
    n += !(grid->cells[i] & MAZE_CELL_MASKED);
  return n;
}

guint32
maze_grid_count_passages (const MazeGrid *grid)
{
  guint32 n = 0;

  for (guint32 i = 0; i < grid->n_cells; i++)
    n += (guint32) __builtin_popcount (grid->cells[i] & MAZE_CELL_PASSAGES);
  return n;
}

guint
maze_grid_passage_mask (const MazeGrid *grid,
                        guint           x,
                        guint           y)
{
  guint mask = 0;

  for (guint d = 0; d < grid->topology->n_dirs; d++)
    if (maze_grid_has_passage (grid, x, y, d))
      mask |= 1u << d;
  return mask;
}

guint
maze_grid_degree (const MazeGrid *grid,
                  guint           x,
                  guint           y)
{
  return (guint) __builtin_popcount (maze_grid_passage_mask (grid, x, y));
}

guint8
maze_grid_get_weight (const MazeGrid *grid,
                      guint32         cell)
{
  return grid->weights ? grid->weights[cell] : 1;
}

void
maze_grid_set_weight (MazeGrid *grid,
                      guint32   cell,
                      guint8    weight)
{
  g_return_if_fail (cell < grid->n_cells);
  g_return_if_fail (weight >= 1);

  if (grid->weights == NULL)
    {
      if (weight == 1)
        return;
      grid->weights = g_malloc (grid->n_cells);
      memset (grid->weights, 1, grid->n_cells);
    }
  grid->weights[cell] = weight;
}

MazeRect
maze_grid_full_rect (const MazeGrid *grid)
{
  MazeRect r = { 0, 0, grid->width, grid->height };
  return r;
}

/* Clips rect to the grid; FALSE when nothing is left. */
gboolean
maze_rect_clip (MazeRect       *rect,
                const MazeGrid *grid)
{
  guint64 x2, y2;

  if (rect->x >= grid->width || rect->y >= grid->height)
    return FALSE;
  x2 = MIN ((guint64) rect->x + rect->width, grid->width);
  y2 = MIN ((guint64) rect->y + rect->height, grid->height);
  rect->width = (guint) (x2 - rect->x);
  rect->height = (guint) (y2 - rect->y);
  return rect->width > 0 && rect->height > 0;
}

/* Structural checks that hold for every maze, braided or not: no passage
 * leaves the grid or touches a masked cell, the scratch bits are clear and
 * weights are 1..255. */
gboolean
maze_grid_validate (const MazeGrid  *grid,
                    GError         **error)
{
  const MazeTopology *t = grid->topology;

  for (guint y = 0; y < grid->height; y++)
    for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
      {
        guint32 cell = maze_grid_index (grid, x, y);
        guint8 bits = grid->cells[cell];

        if ((bits & MAZE_CELL_SCRATCH) ||
            ((bits & MAZE_CELL_PASSAGES) && maze_grid_is_centre (grid, x, y)))
          {
            g_set_error (error, MAZE_ERROR, MAZE_ERROR_PARSE,
                         _("Cell (%u,%u) has stray state bits"), x, y);
            return FALSE;
          }
        if (grid->weights != NULL && grid->weights[cell] == 0)
          {
            g_set_error (error, MAZE_ERROR, MAZE_ERROR_PARSE,
                         _("Cell (%u,%u) has weight 0; weights must be 1 to 255"), x, y);
            return FALSE;
          }
        for (guint d = 0; d < t->n_dirs; d++)
          {
            guint nx, ny;

            if (t->owned_bit[d] < 0 || !((bits >> t->owned_bit[d]) & 1))
              continue;
            if (!maze_grid_has_dir (grid, x, y, d))
              {
                g_set_error (error, MAZE_ERROR, MAZE_ERROR_PARSE,
                             _("Cell (%u,%u) has a passage %s but no side there"),
                             x, y, t->dir_names[d]);
                return FALSE;
              }
            if (!maze_grid_step (grid, x, y, d, &nx, &ny))
              {
                g_set_error (error, MAZE_ERROR, MAZE_ERROR_PARSE,
                             _("Cell (%u,%u) has a passage %s through the outer border"),
                             x, y, t->dir_names[d]);
                return FALSE;
              }
            if ((bits & MAZE_CELL_MASKED) || !maze_grid_is_open (grid, nx, ny))
              {
                g_set_error (error, MAZE_ERROR, MAZE_ERROR_PARSE,
                             _("The passage %s from cell (%u,%u) touches a masked cell"),
                             t->dir_names[d], x, y);
                return FALSE;
              }
          }
      }
  return TRUE;
}

/* Connected components of the open cells in region (the whole grid when
 * NULL), following passages or, without use_passages, adjacency. */
guint32
maze_grid_count_components (const MazeGrid *grid,
                            const MazeRect *region,
                            gboolean        use_passages)
{
  return maze_grid_count_components_checked (grid, region, use_passages, NULL);
}

/* Declared in maze-generator-private.h. */
guint32
maze_grid_count_components_checked (const MazeGrid *grid,
                                    const MazeRect *region,
                                    gboolean        use_passages,
                                    MazeStopCheck  *stop)
{
  const MazeTopology *t = grid->topology;
  MazeRect r = region ? *region : maze_grid_full_rect (grid);
  g_autofree MazeBitset *seen = maze_bitset_new ((guint64) r.width * r.height);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 components = 0;

  for (guint32 local = 0; local < (guint64) r.width * r.height; local++)
      {
        guint lx, ly;

        if (maze_bitset_get (seen, local) || !maze_rect_local_xy (grid, &r, local, &lx, &ly) ||
            !maze_grid_is_open (grid, lx, ly))
          continue;
        components++;
        maze_bitset_set (seen, local);
        g_array_append_val (stack, local);
        while (stack->len > 0)
          {
            guint32 cur = g_array_index (stack, guint32, stack->len - 1);
            guint cx, cy;

            maze_rect_local_xy (grid, &r, cur, &cx, &cy);
            g_array_set_size (stack, stack->len - 1);
            if (stop != NULL && !maze_stop_check_steps (stop, 1))
              return MAZE_NO_CELL;
            for (guint d = 0; d < t->n_dirs; d++)
              {
                guint nx, ny;
                guint32 nl;

                if (!maze_grid_step (grid, cx, cy, d, &nx, &ny) ||
                    !maze_rect_contains_cell (grid, &r, nx, ny) ||
                    !maze_grid_is_open (grid, nx, ny))
                  continue;
                if (use_passages && !maze_grid_has_passage (grid, cx, cy, d))
                  continue;
                nl = maze_rect_local (grid, &r, nx, ny);
                if (maze_bitset_get (seen, nl))
                  continue;
                maze_bitset_set (seen, nl);
                g_array_append_val (stack, nl);
              }
          }
      }
  return components;
}

/* A perfect maze: valid, and exactly one path between any two open cells,
 * i.e. the passages form a spanning tree of the open cells. */
gboolean
maze_grid_check_perfect (const MazeGrid  *grid,
                         GError         **error)
{
  guint32 open, passages, components;

  if (!maze_grid_validate (grid, error))
    return FALSE;

  open = maze_grid_count_open (grid);
  passages = maze_grid_count_passages (grid);
  if (open == 0)
    return TRUE;
  components = maze_grid_count_components (grid, NULL, TRUE);
  if (components != 1)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED,
                   _("The maze falls apart into %u unconnected parts"), components);
      return FALSE;
    }
  if (passages != open - 1)
    {
      g_set_error (error, MAZE_ERROR, MAZE_ERROR_DISCONNECTED,
                   _("The maze has %u loops: %u passages for %u open cells"),
                   passages - (open - 1), passages, open);
      return FALSE;
    }
  return TRUE;
}
