/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright"

#include "config.h"

#include "maze-narration.h"

#include <glib/gi18n.h>

/* Each step is told from its events (see the grouping in
 * maze-playback.c): the first event says what kind of step it is, the
 * rest fill in the details. A step of a shape the tables below do not
 * know is told from its first event alone. Sentences are whole format
 * strings with numbered arguments, so translators can reorder them. */

/* The events of one step that the sentences need: a step has at most
 * 2 + 6 of them apart from a path, which is told from its first and last. */
#define MAX_TOLD 10

typedef struct
{
  MazePlayback   *playback;
  const MazeGrid *grid;
  MazeEvent       ev[MAX_TOLD];
  guint32         n;          /* events in the step */
  guint32         n_read;     /* of them in ev[] */
  MazeEvent       last;
  gboolean        has_before;
  MazeEvent       before;     /* the previous step's last event */
} Step;

/* ---- Words ---- */

/* Directions in the order of maze-topology.c. */
static const char *const rect_names[] = {
  /* Translators: a compass direction, abbreviated as on a map: north, as
   * in "the unvisited neighbours are N and E" */
  NC_("direction", "N"),
  /* Translators: a compass direction, abbreviated as on a map: east, as
   * in "the unvisited neighbours are N and E" */
  NC_("direction", "E"),
  /* Translators: a compass direction, abbreviated as on a map: south, as
   * in "the unvisited neighbours are N and E" */
  NC_("direction", "S"),
  /* Translators: a compass direction, abbreviated as on a map: west, as
   * in "the unvisited neighbours are N and E" */
  NC_("direction", "W"),
};
static const char *const hex_names[] = {
  /* Translators: a compass direction, abbreviated as on a map: east */
  NC_("direction", "E"),
  /* Translators: a compass direction, abbreviated as on a map: south-east */
  NC_("direction", "SE"),
  /* Translators: a compass direction, abbreviated as on a map: south-west */
  NC_("direction", "SW"),
  /* Translators: a compass direction, abbreviated as on a map: west */
  NC_("direction", "W"),
  /* Translators: a compass direction, abbreviated as on a map: north-west */
  NC_("direction", "NW"),
  /* Translators: a compass direction, abbreviated as on a map: north-east */
  NC_("direction", "NE"),
};

/* Rings: CW IN IN2 CCW OUT OUT2 (maze-polar.h). A cell has one of the
 * two ways inward, so both are "inward"; it has the second way outward
 * only where the next ring splits it, to the clockwise half. */
static const char *const ring_names[] = {
  /* Translators: a direction on a circular maze, as in "the choices are
   * clockwise and outward" */
  NC_("direction", "clockwise"),
  /* Translators: a direction on a circular maze: towards the centre */
  NC_("direction", "inward"),
  /* Translators: a direction on a circular maze: towards the centre */
  NC_("direction", "inward"),
  /* Translators: a direction on a circular maze, as in "the choices are
   * anticlockwise and outward" */
  NC_("direction", "anticlockwise"),
  /* Translators: a direction on a circular maze: away from the centre */
  NC_("direction", "outward"),
  /* Translators: a direction on a circular maze: away from the centre,
   * to the right-hand one of two cells (Q and E choose in play mode) */
  NC_("direction", "outward right"),
};

const char *
maze_narration_direction_name (const MazeTopology *topology,
                               guint               dir)
{
  g_return_val_if_fail (topology != NULL, "");
  g_return_val_if_fail (dir < topology->n_dirs, "");

  switch (topology->shape)
    {
    case MAZE_SHAPE_RECT:
    case MAZE_SHAPE_TRI:   /* N E S W as rect (a triangle lacks N or S) */
      return g_dpgettext2 (NULL, "direction", rect_names[dir]);
    case MAZE_SHAPE_HEX:
      return g_dpgettext2 (NULL, "direction", hex_names[dir]);
    case MAZE_SHAPE_CIRCULAR:
      return g_dpgettext2 (NULL, "direction", ring_names[dir]);
    default:
      return topology->dir_names[dir];
    }
}

char *
maze_narration_format_cell (const MazeGrid *grid,
                            guint32         cell)
{
  guint x, y;

  g_return_val_if_fail (grid != NULL, NULL);
  g_return_val_if_fail (cell < grid->n_cells, NULL);

  maze_grid_xy (grid, cell, &x, &y);
  /* Translators: a cell of the maze: column, then row, both from 0, as in
   * the status bar. */
  return g_strdup_printf (C_("cell", "(%1$u,%2$u)"), x, y);
}

/* "A", "A and B", "A, B and C": takes the items. */
static char *
join_list (GPtrArray *items)
{
  char *text;

  if (items->len == 0)
    return g_strdup ("");
  text = g_strdup (g_ptr_array_index (items, 0));
  for (guint i = 1; i < items->len; i++)
    {
      char *longer;

      if (i + 1 < items->len)
        /* Translators: joins the items of a list but the last, e.g. "N, E" */
        longer = g_strdup_printf (C_("list", "%1$s, %2$s"), text, (char *) g_ptr_array_index (items, i));
      else
        /* Translators: joins the last item of a list, e.g. "N, E and S" */
        longer = g_strdup_printf (C_("list", "%1$s and %2$s"), text, (char *) g_ptr_array_index (items, i));
      g_free (text);
      text = longer;
    }
  return text;
}

static guint
count_dirs (guint mask)
{
  guint n = 0;

  for (; mask != 0; mask &= mask - 1)
    n++;
  return n;
}

/* Whether cell is a circular grid's centre cell, whose directions are
 * its spokes, all outward, rather than the topology's. */
static gboolean
is_centre (const MazeGrid *grid,
           guint32         cell)
{
  guint x, y;

  if (grid->polar == NULL || cell >= grid->n_cells)
    return FALSE;
  maze_grid_xy (grid, cell, &x, &y);
  return maze_grid_is_centre (grid, x, y);
}

/* The directions of a mask from cell, clockwise, as a list. */
static char *
dirs_text (const MazeGrid *grid,
           guint32         cell,
           guint           mask)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);

  if (is_centre (grid, cell))
    return g_strdup (mask != 0 ? g_dpgettext2 (NULL, "direction", ring_names[MAZE_POLAR_OUT_A]) : "");
  for (guint d = 0; d < grid->topology->n_dirs; d++)
    if (mask & (1u << d))
      g_ptr_array_add (items, g_strdup (maze_narration_direction_name (grid->topology, d)));
  return join_list (items);
}

/* The name of direction dir from cell: a centre cell's spokes are all
 * outward. */
static const char *
dir_name (const Step *s,
          guint32     cell,
          gint        dir)
{
  if (dir < 0 || (guint) dir >= s->grid->topology->n_dirs)
    return "?";
  if (is_centre (s->grid, cell))
    return g_dpgettext2 (NULL, "direction", ring_names[MAZE_POLAR_OUT_A]);
  return maze_narration_direction_name (s->grid->topology, (guint) dir);
}

/* The direction back to cell from its neighbour towards dir: a solver's
 * events point from the new cell to the one it came from. */
static gint
opposite (const Step *s,
          guint32     cell,
          gint        dir)
{
  guint x, y;

  if (dir < 0 || (guint) dir >= s->grid->topology->n_dirs || cell >= s->grid->n_cells)
    return -1;
  maze_grid_xy (s->grid, cell, &x, &y);
  return (gint) maze_grid_back_dir (s->grid, x, y, (guint) dir);
}

/* Cell texts live as long as the step is being told. */
static const char *
cell_text (GPtrArray *pool,
           const Step *s,
           guint32     cell)
{
  char *text;

  if (cell == MAZE_NO_CELL || cell >= s->grid->n_cells)
    text = g_strdup ("?");
  else
    text = maze_narration_format_cell (s->grid, cell);
  g_ptr_array_add (pool, text);
  return text;
}

/* How many of the step's events, from the second on, are of type with
 * the given cell or other; and the mask of their directions. */
static guint
count_following (const Step    *s,
                 MazeEventType  type,
                 guint         *mask,
                 gboolean       reverse)
{
  guint n = 0;

  *mask = 0;
  for (guint32 i = 1; i < s->n_read; i++)
    if (s->ev[i].type == type)
      {
        gint d = reverse ? opposite (s, s->ev[i].cell, s->ev[i].dir) : s->ev[i].dir;

        n++;
        if (d >= 0)
          *mask |= 1u << d;
      }
  return n;
}

/* Whether a backtrack leaves the cell the step before entered: a dead
 * end, rather than a cell whose other ways are all taken. */
static gboolean
is_dead_end (const Step *s)
{
  return s->has_before && s->before.cell == s->ev[0].cell &&
         (s->before.type == MAZE_EVENT_VISIT || s->before.type == MAZE_EVENT_PUSH);
}

static gboolean
step_has (const Step    *s,
          MazeEventType  type)
{
  for (guint32 i = 0; i < s->n_read; i++)
    if (s->ev[i].type == type)
      return TRUE;
  return FALSE;
}

/* ---- Generators ---- */

/* A choice among the directions a rule allows (binary tree, sidewinder). */
static char *
tell_choices (const char *at,
              const char *choices,
              const char *dir,
              guint       n)
{
  if (n == 1)
    /* Translators: %1$s is a cell, %2$s a direction */
    return g_strdup_printf (_("At %1$s the only choice is %2$s: carve the wall"), at, dir);
  /* Translators: %1$s is a cell, %2$s directions such as "N and E", %3$s
   * the one chosen; there are always two or more */
  return g_strdup_printf (ngettext ("At %1$s the choice is %2$s; chose %3$s and carved the wall",
                                    "At %1$s the choices are %2$s; chose %3$s and carved the wall",
                                    n),
                          at, choices, dir);
}

static char *
tell_visit (const Step *s,
            GPtrArray  *pool)
{
  const MazeEvent *e = &s->ev[0];
  MazeAlgorithm algorithm = maze_playback_get_algorithm (s->playback);
  const char *at = cell_text (pool, s, e->cell);

  if (s->n == 1)
    switch (algorithm)
      {
      case MAZE_ALGORITHM_ELLER:
        /* Translators: Eller's algorithm takes the cells of a row one
         * after the other; %1$s is a cell such as (3,4) */
        return g_strdup_printf (_("Take %1$s into the row"), at);
      case MAZE_ALGORITHM_SIDEWINDER:
      case MAZE_ALGORITHM_BINARY_TREE:
        /* Translators: %1$s is a cell such as (3,4) */
        return g_strdup_printf (_("At %1$s there is no wall to carve"), at);
      default:
        /* Translators: the first step of a generator; %1$s is a cell */
        return g_strdup_printf (_("Start at %1$s"), at);
      }

  if (s->ev[1].type == MAZE_EVENT_FRONTIER_ADD)
    {
      guint mask, k;
      g_autofree char *dirs = NULL;

      if (algorithm != MAZE_ALGORITHM_PRIM)
        /* Translators: growing tree and simplified Prim's; %1$s is a
         * cell */
        return g_strdup_printf (_("Start at %1$s and put it on the active list"), at);
      k = count_following (s, MAZE_EVENT_FRONTIER_ADD, &mask, FALSE);
      dirs = dirs_text (s->grid, s->ev[0].cell, mask);
      /* Translators: Prim's algorithm; %1$s is a cell, %2$s directions
       * such as "N and E" */
      return g_strdup_printf (ngettext ("Start at %1$s; its neighbour to the %2$s joins the frontier",
                                        "Start at %1$s; its neighbours to the %2$s join the frontier",
                                        k),
                              at, dirs);
    }

  if (s->ev[1].type == MAZE_EVENT_CHOOSE && s->n_read >= 2)
    {
      const MazeEvent *c = &s->ev[1];
      const MazeTopology *t = s->grid->topology;
      guint n = count_dirs (c->candidates);
      g_autofree char *choices = dirs_text (s->grid, c->cell, c->candidates);

      if (algorithm == MAZE_ALGORITHM_SIDEWINDER && c->dir >= 0 &&
          t->kind[c->dir] == MAZE_DIR_UP)
        {
          const char *from = cell_text (pool, s, c->cell);

          if (c->cell == e->cell && n == 1)
            /* Translators: sidewinder; %1$s is a cell, %2$s a direction */
            return g_strdup_printf (_("At %1$s the run ends: carve the wall to the %2$s"),
                                    at, dir_name (s, c->cell, c->dir));
          if (c->cell == e->cell)
            /* Translators: sidewinder; %1$s is a cell, %2$s directions
             * such as "NW and NE", %3$s one of them */
            return g_strdup_printf (_("At %1$s the run ends: the ways up are %2$s; chose %3$s and carved the wall"),
                                    at, choices, dir_name (s, c->cell, c->dir));
          if (n == 1)
            /* Translators: sidewinder; %1$s and %2$s are cells, %3$s a
             * direction */
            return g_strdup_printf (_("At %1$s the run ends: from %2$s, one of its cells, carve the wall to the %3$s"),
                                    at, from, dir_name (s, c->cell, c->dir));
          /* Translators: sidewinder; %1$s and %2$s are cells, %3$s
           * directions such as "NW and NE", %4$s one of them */
          return g_strdup_printf (_("At %1$s the run ends: from %2$s, one of its cells, the ways up are %3$s; chose %4$s and carved the wall"),
                                  at, from, choices, dir_name (s, c->cell, c->dir));
        }
      if (algorithm == MAZE_ALGORITHM_SIDEWINDER && n == 1)
        /* Translators: sidewinder; %1$s is a cell, %2$s a direction */
        return g_strdup_printf (_("At %1$s carry the run on to the %2$s"), at, dir_name (s, c->cell, c->dir));
      if (algorithm == MAZE_ALGORITHM_SIDEWINDER)
        /* Translators: sidewinder; %1$s is a cell, %2$s directions such
         * as "N and E", %3$s the one chosen */
        return g_strdup_printf (_("At %1$s the choices are %2$s; chose %3$s and carried the run on"),
                                at, choices, dir_name (s, c->cell, c->dir));
      return tell_choices (at, choices, dir_name (s, c->cell, c->dir), n);
    }

  if (s->ev[1].type == MAZE_EVENT_CARVE)
    /* Translators: Wilson's algorithm; %1$s and %3$s are cells, %2$s a
     * direction */
    return g_strdup_printf (_("The loop-erased walk adds %1$s to the maze: carve the wall to the %2$s, to %3$s"),
                            at, dir_name (s, s->ev[1].cell, s->ev[1].dir), cell_text (pool, s, s->ev[1].other));

  return NULL;
}

static char *
tell_choose (const Step *s,
             GPtrArray  *pool)
{
  const MazeEvent *e = &s->ev[0];
  MazeAlgorithm algorithm = maze_playback_get_algorithm (s->playback);
  const char *at = cell_text (pool, s, e->cell);
  const char *to = cell_text (pool, s, e->other);
  const char *dir = dir_name (s, e->cell, e->dir);
  gboolean carved = s->n_read >= 2 && s->ev[1].type == MAZE_EVENT_CARVE;
  guint n = count_dirs (e->candidates);
  g_autofree char *choices = dirs_text (s->grid, e->cell, e->candidates);

  switch (algorithm)
    {
    case MAZE_ALGORITHM_ALDOUS_BRODER:
      if (carved)
        /* Translators: a random walk; %1$s and %3$s are cells, %2$s a
         * direction */
        return g_strdup_printf (_("Walk %2$s from %1$s to %3$s, new to the maze: carve the wall between them"),
                                at, dir, to);
      /* Translators: a random walk; %1$s and %3$s are cells, %2$s a
       * direction */
      return g_strdup_printf (_("Walk %2$s from %1$s to %3$s, already in the maze"), at, dir, to);

    case MAZE_ALGORITHM_WILSON:
      /* Translators: Wilson's random walk, whose loops are erased later;
       * %1$s and %3$s are cells, %2$s a direction */
      return g_strdup_printf (_("Walk %2$s from %1$s to %3$s"), at, dir, to);

    case MAZE_ALGORITHM_PRIM:
      {
        guint mask, k = count_following (s, MAZE_EVENT_FRONTIER_ADD, &mask, FALSE);
        g_autofree char *dirs = dirs_text (s->grid, s->ev[0].cell, mask);

        if (k == 0)
          /* Translators: Prim's algorithm; %1$s and %3$s are cells, %2$s
           * a direction */
          return g_strdup_printf (_("Pick the frontier wall to the %2$s of %1$s: carve it and add %3$s to the maze"),
                                  at, dir, to);
        /* Translators: Prim's algorithm; %1$s and %3$s are cells, %2$s a
         * direction, %4$s directions such as "N and E" */
        return g_strdup_printf (ngettext ("Pick the frontier wall to the %2$s of %1$s: carve it and add %3$s to the maze; its neighbour to the %4$s joins the frontier",
                                          "Pick the frontier wall to the %2$s of %1$s: carve it and add %3$s to the maze; its neighbours to the %4$s join the frontier",
                                          k),
                                at, dir, to, dirs);
      }

    case MAZE_ALGORITHM_RECURSIVE_DIVISION:
      /* Translators: recursive division; %1$s and %2$s are cells */
      return g_strdup_printf (_("Leave a door in the new wall between %1$s and %2$s"), at, to);

    case MAZE_ALGORITHM_ELLER:
      if (n == 1 && step_has (s, MAZE_EVENT_MERGE))
        /* Translators: Eller's algorithm; %1$s and %3$s are cells, %2$s
         * a direction */
        return g_strdup_printf (_("At %1$s the only way down into another set is %2$s: carve the wall to %3$s, which joins the two sets"),
                                at, dir, to);
      if (n == 1)
        /* Translators: Eller's algorithm; %1$s and %3$s are cells, %2$s
         * a direction */
        return g_strdup_printf (_("At %1$s the only way down into another set is %2$s: carve the wall to %3$s"),
                                at, dir, to);
      if (step_has (s, MAZE_EVENT_MERGE))
        /* Translators: Eller's algorithm; %1$s and %4$s are cells, %2$s
         * directions such as "SE and SW", %3$s the one chosen; there are
         * always two or more */
        return g_strdup_printf (ngettext ("At %1$s the way down into another set is %2$s; chose %3$s and carved the wall to %4$s, which joins the two sets",
                                          "At %1$s the ways down into other sets are %2$s; chose %3$s and carved the wall to %4$s, which joins the two sets",
                                          n),
                                at, choices, dir, to);
      /* Translators: Eller's algorithm; %1$s and %4$s are cells, %2$s
       * directions such as "SE and SW", %3$s the one chosen; there are
       * always two or more */
      return g_strdup_printf (ngettext ("At %1$s the way down into another set is %2$s; chose %3$s and carved the wall to %4$s",
                                        "At %1$s the ways down into other sets are %2$s; chose %3$s and carved the wall to %4$s",
                                        n),
                              at, choices, dir, to);

    case MAZE_ALGORITHM_BACKTRACKER:
    case MAZE_ALGORITHM_HUNT_AND_KILL:
    case MAZE_ALGORITHM_GROWING_TREE:
    case MAZE_ALGORITHM_SIMPLIFIED_PRIM:
      if (!carved)
        return NULL;
      if (n == 1)
        /* Translators: %1$s is a cell, %2$s a direction */
        return g_strdup_printf (_("At %1$s the only unvisited neighbour is %2$s: carve the wall between them"),
                                at, dir);
      /* Translators: %1$s is a cell, %2$s directions such as "N and E",
       * %3$s the one chosen; there are always two or more */
      return g_strdup_printf (ngettext ("At %1$s the unvisited neighbour is %2$s; chose %3$s and carved the wall between them",
                                        "At %1$s the unvisited neighbours are %2$s; chose %3$s and carved the wall between them",
                                        n),
                              at, choices, dir);

    case MAZE_ALGORITHM_KRUSKAL:
    case MAZE_ALGORITHM_SIDEWINDER:
    case MAZE_ALGORITHM_BINARY_TREE:
    default:
      if (!carved)
        return NULL;
      return tell_choices (at, choices, dir, n);
    }
}

static char *
tell_generation (const Step *s,
                 GPtrArray  *pool)
{
  const MazeEvent *e = &s->ev[0];
  MazeAlgorithm algorithm = maze_playback_get_algorithm (s->playback);

  switch (e->type)
    {
    case MAZE_EVENT_VISIT:
      return tell_visit (s, pool);

    case MAZE_EVENT_CHOOSE:
      return tell_choose (s, pool);

    case MAZE_EVENT_CARVE:
      if (s->n_read >= 2 && s->ev[1].type == MAZE_EVENT_MERGE)
        /* Translators: Eller's algorithm; %1$s and %2$s are cells */
        return g_strdup_printf (_("%1$s and %2$s are in different sets: carve the wall between them and merge the sets"),
                                cell_text (pool, s, e->cell), cell_text (pool, s, e->other));
      /* Translators: the pieces some algorithms leave around masked
       * cells are joined at the end; %1$s and %2$s are cells */
      return g_strdup_printf (_("Carve the wall between %1$s and %2$s to join two separate pieces"),
                              cell_text (pool, s, e->cell), cell_text (pool, s, e->other));

    case MAZE_EVENT_MERGE:
      /* Translators: Kruskal's algorithm; %1$s and %2$s are cells */
      return g_strdup_printf (_("The wall between %1$s and %2$s separates two sets: carve it and merge them"),
                              cell_text (pool, s, e->cell), cell_text (pool, s, e->other));

    case MAZE_EVENT_WALL:
      /* Translators: recursive division; %1$s and %2$s are cells */
      return g_strdup_printf (_("Build the wall between %1$s and %2$s"),
                              cell_text (pool, s, e->cell), cell_text (pool, s, e->other));

    case MAZE_EVENT_BACKTRACK:
      if (algorithm == MAZE_ALGORITHM_HUNT_AND_KILL && s->n_read >= 2 &&
          s->ev[1].type == MAZE_EVENT_CHOOSE)
        {
          const MazeEvent *c = &s->ev[1];
          g_autofree char *choices = dirs_text (s->grid, c->cell, c->candidates);

          if (count_dirs (c->candidates) == 1)
            /* Translators: hunt-and-kill; %1$s and %2$s are cells, %3$s a
             * direction */
            return g_strdup_printf (_("Dead end at %1$s: the hunt finds %2$s, whose only neighbour in the maze is to the %3$s: carve the wall between them"),
                                    cell_text (pool, s, e->cell), cell_text (pool, s, c->cell),
                                    dir_name (s, c->cell, c->dir));
          /* Translators: hunt-and-kill; %1$s and %2$s are cells, %3$s
           * directions such as "N and E", %4$s the one chosen; there are
           * always two or more */
          return g_strdup_printf (ngettext ("Dead end at %1$s: the hunt finds %2$s, whose neighbour in the maze is to the %3$s; chose %4$s and carved the wall between them",
                                            "Dead end at %1$s: the hunt finds %2$s, whose neighbours in the maze are to the %3$s; chose %4$s and carved the wall between them",
                                            count_dirs (c->candidates)),
                                  cell_text (pool, s, e->cell), cell_text (pool, s, c->cell),
                                  choices, dir_name (s, c->cell, c->dir));
        }
      if (algorithm == MAZE_ALGORITHM_HUNT_AND_KILL)
        /* Translators: hunt-and-kill; %1$s and %2$s are cells */
        return g_strdup_printf (_("Dead end at %1$s, and no unvisited cell touches the maze: start again at %2$s"),
                                cell_text (pool, s, e->cell), cell_text (pool, s, e->other));
      if (algorithm == MAZE_ALGORITHM_GROWING_TREE || algorithm == MAZE_ALGORITHM_SIMPLIFIED_PRIM)
        /* Translators: %1$s is a cell */
        return g_strdup_printf (_("%1$s has no unvisited neighbour left: take it off the active list"),
                                cell_text (pool, s, e->cell));
      if (e->other == MAZE_NO_CELL)
        return NULL;
      if (is_dead_end (s))
        /* Translators: the recursive backtracker; %1$s and %2$s are cells */
        return g_strdup_printf (_("Dead end at %1$s: backtrack to %2$s"),
                                cell_text (pool, s, e->cell), cell_text (pool, s, e->other));
      /* Translators: the recursive backtracker; %1$s and %2$s are cells */
      return g_strdup_printf (_("No unvisited neighbour left at %1$s: backtrack to %2$s"),
                              cell_text (pool, s, e->cell), cell_text (pool, s, e->other));

    default:
      return NULL;
    }
}

/* ---- Solvers ---- */

/* "(4,5) at 13 and (5,6) at 13": the neighbours a settled cell reaches,
 * and at what distance. */
static char *
reached_text (const Step *s)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);

  for (guint32 i = 1; i < s->n_read; i++)
    if (s->ev[i].type == MAZE_EVENT_FRONTIER_ADD)
      {
        g_autofree char *cell = maze_narration_format_cell (s->grid, s->ev[i].cell);

        /* Translators: a cell reached at a distance, e.g. "(4,5) at 13" */
        g_ptr_array_add (items, g_strdup_printf (C_("reached", "%1$s at %2$u"), cell, s->ev[i].value));
      }
  return join_list (items);
}

static char *
tell_settle (const Step *s,
             GPtrArray  *pool)
{
  const MazeEvent *e = &s->ev[0];
  MazeSolverKind solver = maze_playback_get_solver (s->playback);
  const char *at = cell_text (pool, s, e->cell);
  guint mask, k = count_following (s, MAZE_EVENT_FRONTIER_ADD, &mask, TRUE);
  gboolean is_end = e->cell == maze_playback_get_end (s->playback);
  g_autofree char *dirs = dirs_text (s->grid, s->ev[0].cell, mask);
  g_autofree char *reached = reached_text (s);

  switch (solver)
    {
    case MAZE_SOLVER_BFS:
      if (is_end)
        /* Translators: breadth-first search; %1$s is a cell, %2$u a
         * distance in cells */
        return g_strdup_printf (_("Take %1$s from the queue at distance %2$u: it is the end"), at, e->value);
      if (k == 0)
        /* Translators: breadth-first search; %1$s is a cell, %2$u a
         * distance in cells */
        return g_strdup_printf (_("Take %1$s from the queue at distance %2$u: it has no new neighbours"),
                                at, e->value);
      /* Translators: breadth-first search; %1$s is a cell, %2$u a
       * distance, %3$s directions such as "N and E" */
      return g_strdup_printf (ngettext ("Take %1$s from the queue at distance %2$u and queue its new neighbour to the %3$s",
                                        "Take %1$s from the queue at distance %2$u and queue its new neighbours to the %3$s",
                                        k),
                              at, e->value, dirs);

    case MAZE_SOLVER_ASTAR:
      if (is_end)
        /* Translators: A* search; %1$s is a cell, %2$u a distance */
        return g_strdup_printf (_("Expand %1$s, the most promising open cell, at distance %2$u: it is the end"),
                                at, e->value);
      if (k == 0)
        /* Translators: A* search; %1$s is a cell, %2$u a distance */
        return g_strdup_printf (_("Expand %1$s, the most promising open cell, at distance %2$u: no neighbour gets closer"),
                                at, e->value);
      /* Translators: A* search; %1$s is a cell, %2$u a distance, %3$s a
       * list such as "(4,5) at 13 and (5,6) at 13" */
      return g_strdup_printf (_("Expand %1$s, the most promising open cell, at distance %2$u; reach %3$s"),
                              at, e->value, reached);

    case MAZE_SOLVER_DIJKSTRA:
    default:
      if (is_end)
        /* Translators: Dijkstra's algorithm; %1$s is a cell, %2$u a
         * distance */
        return g_strdup_printf (_("Settle %1$s at distance %2$u: it is the end"), at, e->value);
      if (k == 0)
        /* Translators: Dijkstra's algorithm; %1$s is a cell, %2$u a
         * distance */
        return g_strdup_printf (_("Settle %1$s at distance %2$u: it has no new neighbours"), at, e->value);
      /* Translators: Dijkstra's algorithm; %1$s is a cell, %2$u a
       * distance, %3$s a list such as "(4,5) at 13 and (5,6) at 13" */
      return g_strdup_printf (_("Settle %1$s at distance %2$u; reach %3$s"), at, e->value, reached);
    }
}

static char *
tell_solver (const Step *s,
             GPtrArray  *pool)
{
  const MazeEvent *e = &s->ev[0];
  MazeSolverKind solver = maze_playback_get_solver (s->playback);

  switch (e->type)
    {
    case MAZE_EVENT_VISIT:
      if (solver == MAZE_SOLVER_WALL_FOLLOWER)
        {
          if (e->other == MAZE_NO_CELL)
            /* Translators: the wall follower; %1$s is a cell */
            return g_strdup_printf (_("Start at %1$s with the left hand on the wall"),
                                    cell_text (pool, s, e->cell));
          /* Translators: the wall follower; %1$s and %3$s are cells, %2$s
           * a direction */
          return g_strdup_printf (_("Keep the left hand on the wall: go %2$s from %1$s to %3$s"),
                                  cell_text (pool, s, e->other), dir_name (s, e->other, opposite (s, e->cell, e->dir)),
                                  cell_text (pool, s, e->cell));
        }
      if (e->other == MAZE_NO_CELL)
        /* Translators: depth-first search; %1$s is a cell */
        return g_strdup_printf (_("Start at %1$s and push it on the stack"), cell_text (pool, s, e->cell));
      /* Translators: depth-first search; %1$s and %3$s are cells, %2$s a
       * direction */
      return g_strdup_printf (_("Go %2$s from %1$s to %3$s, not visited yet, and push it on the stack"),
                              cell_text (pool, s, e->other), dir_name (s, e->other, opposite (s, e->cell, e->dir)),
                              cell_text (pool, s, e->cell));

    case MAZE_EVENT_BACKTRACK:
      if (is_dead_end (s))
        /* Translators: depth-first search; %1$s and %2$s are cells */
        return g_strdup_printf (_("Dead end at %1$s: pop it off the stack and go back to %2$s"),
                                cell_text (pool, s, e->cell), cell_text (pool, s, e->other));
      /* Translators: depth-first search; %1$s and %2$s are cells */
      return g_strdup_printf (_("Every way on from %1$s is tried: pop it off the stack and go back to %2$s"),
                              cell_text (pool, s, e->cell), cell_text (pool, s, e->other));

    case MAZE_EVENT_FRONTIER_ADD:
      if (e->other != MAZE_NO_CELL)
        return NULL;
      switch (solver)
        {
        case MAZE_SOLVER_BFS:
          /* Translators: breadth-first search; %1$s is a cell */
          return g_strdup_printf (_("Start at %1$s: put it in the queue at distance 0"),
                                  cell_text (pool, s, e->cell));
        case MAZE_SOLVER_ASTAR:
          /* Translators: A* search; %1$s is a cell */
          return g_strdup_printf (_("Start at %1$s: open it at distance 0"), cell_text (pool, s, e->cell));
        default:
          /* Translators: Dijkstra's algorithm; %1$s is a cell */
          return g_strdup_printf (_("Start at %1$s, at distance 0"), cell_text (pool, s, e->cell));
        }

    case MAZE_EVENT_SETTLE:
      return tell_settle (s, pool);

    case MAZE_EVENT_PATH:
      /* Translators: %1$s and %2$s are cells, %3$u the number of cells on
       * the path, both ends included */
      return g_strdup_printf (ngettext ("Found the way: the path from %1$s to %2$s has %3$u cell",
                                        "Found the way: the path from %1$s to %2$s has %3$u cells",
                                        s->n),
                              cell_text (pool, s, e->cell), cell_text (pool, s, s->last.cell), s->n);

    default:
      return NULL;
    }
}

/* A step of an unknown shape: its first event. */
static char *
tell_event (const Step *s,
            GPtrArray  *pool)
{
  const MazeEvent *e = &s->ev[0];
  const char *at = cell_text (pool, s, e->cell);

  switch (e->type)
    {
    case MAZE_EVENT_VISIT:
      /* Translators: %1$s is a cell */
      return g_strdup_printf (_("Visit %1$s"), at);
    case MAZE_EVENT_CHOOSE:
      /* Translators: %1$s is a cell, %2$s a direction */
      return g_strdup_printf (_("At %1$s choose %2$s"), at, dir_name (s, e->cell, e->dir));
    case MAZE_EVENT_CARVE:
      /* Translators: %1$s and %2$s are cells */
      return g_strdup_printf (_("Carve the wall between %1$s and %2$s"), at, cell_text (pool, s, e->other));
    case MAZE_EVENT_WALL:
      /* Translators: %1$s and %2$s are cells */
      return g_strdup_printf (_("Build the wall between %1$s and %2$s"), at, cell_text (pool, s, e->other));
    case MAZE_EVENT_PUSH:
      /* Translators: %1$s is a cell */
      return g_strdup_printf (_("Push %1$s on the stack"), at);
    case MAZE_EVENT_BACKTRACK:
      if (e->other == MAZE_NO_CELL)
        /* Translators: %1$s is a cell */
        return g_strdup_printf (_("Dead end at %1$s"), at);
      /* Translators: %1$s and %2$s are cells */
      return g_strdup_printf (_("Dead end at %1$s: go back to %2$s"), at, cell_text (pool, s, e->other));
    case MAZE_EVENT_FRONTIER_ADD:
      /* Translators: %1$s is a cell */
      return g_strdup_printf (_("Add %1$s to the frontier"), at);
    case MAZE_EVENT_SETTLE:
      /* Translators: %1$s is a cell, %2$u a distance */
      return g_strdup_printf (_("Settle %1$s at distance %2$u"), at, e->value);
    case MAZE_EVENT_MERGE:
      /* Translators: %1$s and %2$s are cells */
      return g_strdup_printf (_("Merge the sets of %1$s and %2$s"), at, cell_text (pool, s, e->other));
    case MAZE_EVENT_PATH:
    default:
      /* Translators: %1$s is a cell */
      return g_strdup_printf (_("%1$s is on the path"), at);
    }
}

static char *
tell_step (MazePlayback *playback,
           guint         step)
{
  g_autoptr(GPtrArray) pool = g_ptr_array_new_with_free_func (g_free);
  Step s = { .playback = playback, .grid = maze_playback_get_grid (playback) };
  guint32 first;
  char *text;

  s.n = maze_playback_get_step_events (playback, step, &first);
  s.n_read = MIN (s.n, MAX_TOLD);
  for (guint32 i = 0; i < s.n_read; i++)
    maze_playback_get_event (playback, first + i, &s.ev[i]);
  maze_playback_get_event (playback, first + s.n - 1, &s.last);
  s.has_before = first > 0;
  if (s.has_before)
    maze_playback_get_event (playback, first - 1, &s.before);

  if (maze_playback_get_kind (playback) == MAZE_PLAYBACK_SOLVER)
    text = tell_solver (&s, pool);
  else
    text = tell_generation (&s, pool);
  if (text == NULL)
    text = tell_event (&s, pool);
  return text;
}

/* ---- MazeNarrationLine ---- */

struct _MazeNarrationLine
{
  GObject  parent_instance;

  guint    step;
  char    *text;
};

G_DEFINE_FINAL_TYPE (MazeNarrationLine, maze_narration_line, G_TYPE_OBJECT)

enum {
  LINE_PROP_0,
  LINE_PROP_STEP,
  LINE_PROP_TEXT,
  N_LINE_PROPS
};

static GParamSpec *line_properties[N_LINE_PROPS];

static void
maze_narration_line_finalize (GObject *object)
{
  MazeNarrationLine *self = MAZE_NARRATION_LINE (object);

  g_clear_pointer (&self->text, g_free);

  G_OBJECT_CLASS (maze_narration_line_parent_class)->finalize (object);
}

static void
maze_narration_line_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  MazeNarrationLine *self = MAZE_NARRATION_LINE (object);

  switch (prop_id)
    {
    case LINE_PROP_STEP:
      g_value_set_uint (value, self->step);
      break;
    case LINE_PROP_TEXT:
      g_value_set_string (value, self->text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
maze_narration_line_class_init (MazeNarrationLineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = maze_narration_line_finalize;
  object_class->get_property = maze_narration_line_get_property;

  line_properties[LINE_PROP_STEP] =
    g_param_spec_uint ("step", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  line_properties[LINE_PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_LINE_PROPS, line_properties);
}

static void
maze_narration_line_init (MazeNarrationLine *self)
{
}

guint
maze_narration_line_get_step (MazeNarrationLine *self)
{
  g_return_val_if_fail (MAZE_IS_NARRATION_LINE (self), 0);
  return self->step;
}

const char *
maze_narration_line_get_text (MazeNarrationLine *self)
{
  g_return_val_if_fail (MAZE_IS_NARRATION_LINE (self), NULL);
  return self->text;
}

/* ---- MazeNarration ---- */

struct _MazeNarration
{
  GObject       parent_instance;

  MazePlayback *playback;
};

static void maze_narration_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MazeNarration, maze_narration, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, maze_narration_list_model_init))

static GType
maze_narration_get_item_type (GListModel *model)
{
  return MAZE_TYPE_NARRATION_LINE;
}

static guint
maze_narration_get_n_items (GListModel *model)
{
  MazeNarration *self = MAZE_NARRATION (model);

  return maze_playback_get_n_steps (self->playback);
}

static gpointer
maze_narration_get_item (GListModel *model,
                         guint       position)
{
  MazeNarration *self = MAZE_NARRATION (model);
  MazeNarrationLine *line;

  if (position >= maze_playback_get_n_steps (self->playback))
    return NULL;
  line = g_object_new (MAZE_TYPE_NARRATION_LINE, NULL);
  line->step = position;
  line->text = tell_step (self->playback, position);
  return line;
}

static void
maze_narration_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = maze_narration_get_item_type;
  iface->get_n_items = maze_narration_get_n_items;
  iface->get_item = maze_narration_get_item;
}

static void
maze_narration_finalize (GObject *object)
{
  MazeNarration *self = MAZE_NARRATION (object);

  g_clear_object (&self->playback);

  G_OBJECT_CLASS (maze_narration_parent_class)->finalize (object);
}

static void
maze_narration_class_init (MazeNarrationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = maze_narration_finalize;
}

static void
maze_narration_init (MazeNarration *self)
{
}

MazeNarration *
maze_narration_new (MazePlayback *playback)
{
  MazeNarration *self;

  g_return_val_if_fail (MAZE_IS_PLAYBACK (playback), NULL);

  self = g_object_new (MAZE_TYPE_NARRATION, NULL);
  self->playback = g_object_ref (playback);
  return self;
}

MazePlayback *
maze_narration_get_playback (MazeNarration *self)
{
  g_return_val_if_fail (MAZE_IS_NARRATION (self), NULL);
  return self->playback;
}

char *
maze_narration_dup_line (MazeNarration *self,
                         guint          step)
{
  g_return_val_if_fail (MAZE_IS_NARRATION (self), NULL);
  g_return_val_if_fail (step < maze_playback_get_n_steps (self->playback), NULL);

  return tell_step (self->playback, step);
}
