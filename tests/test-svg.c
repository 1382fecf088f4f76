/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include <gio/gio.h>
#include <png.h>

#include "maze-error.h"
#include "maze-export-request.h"
#include "maze-png.h"
#include "maze-solve.h"
#include "maze-svg.h"
#include "maze-test-util.h"

/* SVG export: parsed back and checked for its structure, its metadata,
 * its units, that its wall paths draw exactly the maze's walls, and (with
 * rsvg-convert) that it looks like the PNG of the same options. */

typedef MazeTestFixture Fixture;

static MazePuzzle *
make_puzzle (MazeShape shape,
             guint     width,
             guint     height)
{
  g_autoptr(GError) error = NULL;
  MazeGenerateOptions gen;
  MazePuzzle *puzzle;

  maze_generate_options_init (&gen);
  gen.seed = 42;
  puzzle = maze_puzzle_generate (shape, maze_test_fit_width (shape, width, height), height, &gen,
                                 0, MAZE_ENDPOINTS_CORNERS, &error);
  g_assert_no_error (error);
  return puzzle;
}

/* A maze with a masked block in the middle (no parameters). */
static MazePuzzle *
make_masked_puzzle (MazeShape shape)
{
  g_autoptr(GError) error = NULL;
  MazeGrid *grid = maze_grid_new (shape, 14, 10, &error);
  MazeGenerateOptions gen;

  g_assert_no_error (error);
  for (guint y = 3; y < 7; y++)
    for (guint x = 4; x < 9; x++)
      maze_grid_set_masked (grid, x, y, TRUE);
  maze_generate_options_init (&gen);
  gen.seed = 7;
  g_assert_true (maze_generate (grid, &gen, &error));
  g_assert_no_error (error);
  return maze_puzzle_new_for_grid (grid, 0, grid->n_cells - 1);
}

static void
export_svg (const MazePuzzle         *puzzle,
            const MazeRenderOptions  *render,
            const MazeSvgOptions     *options,
            const char               *path)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (maze_svg_export (puzzle, render, options, path, NULL, &error));
  g_assert_no_error (error);
}

/* ---- Parsing ---- */

typedef struct
{
  GHashTable *root;          /* attributes of <svg> */
  GHashTable *maze;          /* attributes of <metadata><maze> */
  GHashTable *groups;        /* id -> element count inside */
  GString    *title;
  GString    *desc;
  GPtrArray  *wall_paths;    /* d of each <path> in the walls group */
  GPtrArray  *stack;         /* element names */
  char       *group;         /* id of the top-level group we are in */
  guint       group_depth;
  gboolean    has_metadata;
} Svg;

static void
svg_free (Svg *svg)
{
  if (svg == NULL)
    return;
  g_hash_table_unref (svg->root);
  g_hash_table_unref (svg->maze);
  g_hash_table_unref (svg->groups);
  g_string_free (svg->title, TRUE);
  g_string_free (svg->desc, TRUE);
  g_ptr_array_unref (svg->wall_paths);
  g_ptr_array_unref (svg->stack);
  g_free (svg->group);
  g_free (svg);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Svg, svg_free)

static void
copy_attributes (GHashTable  *table,
                 const char **names,
                 const char **values)
{
  for (guint i = 0; names[i] != NULL; i++)
    g_hash_table_insert (table, g_strdup (names[i]), g_strdup (values[i]));
}

static const char *
find_attribute (const char **names,
                const char **values,
                const char  *name)
{
  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], name))
      return values[i];
  return NULL;
}

static void
start_element_cb (GMarkupParseContext  *context,
                  const char           *name,
                  const char          **names,
                  const char          **values,
                  gpointer              user_data,
                  GError              **error)
{
  Svg *svg = user_data;
  const char *parent = svg->stack->len > 0 ? g_ptr_array_index (svg->stack, svg->stack->len - 1) : "";

  if (g_str_equal (name, "svg") && svg->stack->len == 0)
    copy_attributes (svg->root, names, values);
  else if (g_str_equal (name, "maze") && g_str_equal (parent, "metadata"))
    copy_attributes (svg->maze, names, values);
  else if (g_str_equal (name, "metadata"))
    svg->has_metadata = TRUE;

  if (svg->group != NULL)
    {
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (svg->groups, svg->group));

      g_hash_table_insert (svg->groups, g_strdup (svg->group), GUINT_TO_POINTER (n + 1));
      if (g_str_equal (svg->group, "walls") && g_str_equal (name, "path"))
        g_ptr_array_add (svg->wall_paths, g_strdup (find_attribute (names, values, "d")));
    }
  else if (g_str_equal (name, "g") && svg->stack->len == 1)
    {
      const char *id = find_attribute (names, values, "id");

      g_assert_nonnull (id);
      /* Each group once. */
      g_assert_false (g_hash_table_contains (svg->groups, id));
      g_hash_table_insert (svg->groups, g_strdup (id), GUINT_TO_POINTER (0));
      svg->group = g_strdup (id);
      svg->group_depth = svg->stack->len + 1;
    }
  g_ptr_array_add (svg->stack, g_strdup (name));
}

static void
end_element_cb (GMarkupParseContext  *context,
                const char           *name,
                gpointer              user_data,
                GError              **error)
{
  Svg *svg = user_data;

  if (svg->group != NULL && svg->stack->len == svg->group_depth)
    g_clear_pointer (&svg->group, g_free);
  g_ptr_array_set_size (svg->stack, svg->stack->len - 1);
}

static void
text_cb (GMarkupParseContext  *context,
         const char           *text,
         gsize                 length,
         gpointer              user_data,
         GError              **error)
{
  Svg *svg = user_data;
  const char *element = svg->stack->len > 0 ? g_ptr_array_index (svg->stack, svg->stack->len - 1) : "";

  if (svg->stack->len == 2 && g_str_equal (element, "title"))
    g_string_append_len (svg->title, text, (gssize) length);
  else if (svg->stack->len == 2 && g_str_equal (element, "desc"))
    g_string_append_len (svg->desc, text, (gssize) length);
}

static Svg *
parse_svg (const char *path)
{
  static const GMarkupParser parser = { start_element_cb, end_element_cb, text_cb, NULL, NULL };
  g_autoptr(Svg) svg = g_new0 (Svg, 1);
  g_autoptr(GMarkupParseContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  svg->root = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  svg->maze = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  svg->groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  svg->title = g_string_new (NULL);
  svg->desc = g_string_new (NULL);
  svg->wall_paths = g_ptr_array_new_with_free_func (g_free);
  svg->stack = g_ptr_array_new_with_free_func (g_free);

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  context = g_markup_parse_context_new (&parser, G_MARKUP_DEFAULT_FLAGS, svg, NULL);
  g_markup_parse_context_parse (context, contents, (gssize) length, &error);
  g_assert_no_error (error);
  g_markup_parse_context_end_parse (context, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&svg);
}

/* GMarkup is not a validating parser; xmllint is stricter where present. */
static void
check_well_formed (const char *path)
{
  g_autofree char *xmllint = g_find_program_in_path ("xmllint");

  svg_free (parse_svg (path));

  if (xmllint != NULL)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *err = NULL;
      const char *argv[] = { xmllint, "--noout", path, NULL };
      int status;

      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                    NULL, &err, &status, &error);
      g_assert_no_error (error);
      if (err != NULL && err[0] != '\0')
        g_test_message ("xmllint: %s", err);
      g_assert_true (g_spawn_check_wait_status (status, NULL));
    }
}

/* ---- Path data ---- */

typedef struct
{
  double x;
  double y;
} Point;

static gboolean
next_number (const char **p,
             double      *value)
{
  char *end;

  while (**p == ' ' || **p == ',' || **p == '\n')
    (*p)++;
  if (!(g_ascii_isdigit (**p) || **p == '-' || **p == '+' || **p == '.'))
    return FALSE;
  *value = g_ascii_strtod (*p, &end);
  g_assert_true (end != *p);
  *p = end;
  return TRUE;
}

/* An arc command's piece of a circle ("A", absolute, circular rx = ry). */
typedef struct
{
  Point    from;
  Point    to;
  double   radius;
  gboolean clockwise;   /* the sweep flag: clockwise as drawn */
} Arc;

/* The straight segments of path data (M m L l H h V v Z z), each as a
 * pair of points appended to segments, and its arcs (A) to arcs.
 * Returns the number of subpaths. */
static guint
parse_path_data (const char *d,
                 GArray     *segments,
                 GArray     *arcs)
{
  const char *p = d;
  Point current = { 0, 0 }, start = { 0, 0 };
  char command = 0;
  guint n_subpaths = 0;

  for (;;)
    {
      Point next;
      double a, b;

      while (*p == ' ' || *p == ',' || *p == '\n')
        p++;
      if (*p == '\0')
        break;
      if (g_ascii_isalpha (*p))
        command = *p++;
      g_assert_true (command != 0);

      switch (command)
        {
        case 'M':
        case 'm':
          g_assert_true (next_number (&p, &a) && next_number (&p, &b));
          current = command == 'M' ? (Point) { a, b } : (Point) { current.x + a, current.y + b };
          start = current;
          n_subpaths++;
          /* Further pairs are lines. */
          command = command == 'M' ? 'L' : 'l';
          continue;
        case 'Z':
        case 'z':
          if (current.x != start.x || current.y != start.y)
            {
              g_array_append_val (segments, current);
              g_array_append_val (segments, start);
            }
          current = start;
          command = 0;
          continue;
        case 'L':
        case 'l':
          g_assert_true (next_number (&p, &a) && next_number (&p, &b));
          next = command == 'L' ? (Point) { a, b } : (Point) { current.x + a, current.y + b };
          break;
        case 'H':
        case 'h':
          g_assert_true (next_number (&p, &a));
          next = (Point) { command == 'H' ? a : current.x + a, current.y };
          break;
        case 'V':
        case 'v':
          g_assert_true (next_number (&p, &a));
          next = (Point) { current.x, command == 'V' ? a : current.y + a };
          break;
        case 'A':
          {
            /* rx ry rotation large-arc sweep x y */
            double v[7] = { 0 };
            Arc arc;

            for (guint k = 0; k < G_N_ELEMENTS (v); k++)
              g_assert_true (next_number (&p, &v[k]));
            /* Circles, no turned ellipses, under half a turn each. */
            g_assert_cmpfloat (v[0], ==, v[1]);
            g_assert_cmpfloat (v[2], ==, 0);
            g_assert_cmpfloat (v[3], ==, 0);
            next = (Point) { v[5], v[6] };
            arc = (Arc) { current, next, v[0], v[4] != 0 };
            g_array_append_val (arcs, arc);
            current = next;
            continue;
          }
        default:
          g_error ("unexpected path command %c in %s", command, d);
        }
      g_array_append_val (segments, current);
      g_array_append_val (segments, next);
      current = next;
    }
  return n_subpaths;
}

static void
count_run_cb (const double *xs,
              const double *ys,
              guint         n_points,
              gpointer      user_data)
{
  (*(guint *) user_data)++;
}

/* Same rule as the drawing: a side is a wall on the border of an open
 * cell, between an open and a masked cell, and between open cells
 * without a passage. */
static gboolean
side_is_wall (const MazeGrid *grid,
              guint           x,
              guint           y,
              guint           dir)
{
  guint nx, ny;
  gboolean ma, mb;

  ma = maze_grid_is_masked (grid, maze_grid_index (grid, x, y));
  if (!maze_grid_step (grid, x, y, dir, &nx, &ny))
    return !ma;
  mb = maze_grid_is_masked (grid, maze_grid_index (grid, nx, ny));
  if (ma || mb)
    return ma != mb;
  return !maze_grid_has_passage (grid, x, y, dir);
}

static gint64
point_key (gint64 i,
           gint64 j)
{
  return (i << 32) ^ (j & 0xffffffff);
}

/* A wall side the SVG must draw: where its middle is, and for a side
 * along a ring (an arc) how much of a turn it takes. */
typedef struct
{
  Point  mid;
  double turn;   /* 0: a straight side */
} Side;

/* Is dir of a circular grid's cell a side along its ring (an arc)? */
static gboolean
is_arc_side (const MazeGrid *grid,
             guint           dir)
{
  return grid->polar != NULL && dir != MAZE_POLAR_CW && dir != MAZE_POLAR_CCW;
}

/* The angle of p around c in [0, 2 pi). */
static double
angle_around (Point  p,
              double cx,
              double cy)
{
  double a = atan2 (p.y - cy, p.x - cx);

  return a < 0 ? a + 2 * G_PI : a;
}

/* Takes from expected every arc side on arc, which must cover it
 * exactly: their turns add up to the arc's, none left out or drawn
 * twice (a side drawn twice is gone the second time). */
static void
take_arc_sides (GHashTable *expected,
                const Arc  *arc,
                double      cx,
                double      cy,
                double      s)
{
  double a1 = angle_around (arc->from, cx, cy), a2 = angle_around (arc->to, cx, cy);
  double sweep = arc->clockwise ? a2 - a1 : a1 - a2, covered = 0;
  GHashTableIter iter;
  Side *side;

  if (sweep <= 0)
    sweep += 2 * G_PI;
  g_assert_cmpfloat (fabs (hypot (arc->from.x - cx, arc->from.y - cy) - arc->radius), <, 0.01 * s);
  g_assert_cmpfloat (fabs (hypot (arc->to.x - cx, arc->to.y - cy) - arc->radius), <, 0.01 * s);
  g_hash_table_iter_init (&iter, expected);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &side))
    {
      double along;

      if (side->turn == 0 ||
          fabs (hypot (side->mid.x - cx, side->mid.y - cy) - arc->radius) > 0.02 * s)
        continue;
      along = arc->clockwise ? angle_around (side->mid, cx, cy) - a1
                             : a1 - angle_around (side->mid, cx, cy);
      if (along < 0)
        along += 2 * G_PI;
      if (along >= sweep)
        continue;
      covered += side->turn;
      g_hash_table_iter_remove (&iter);
    }
  if (fabs (covered - sweep) > 1e-3)
    g_test_message ("arc of radius %g over %g rad covers %g rad of wall sides",
                    arc->radius, sweep, covered);
  g_assert_cmpfloat (fabs (covered - sweep), <, 1e-3);
}

/* The wall paths of the SVG, cut into cell sides, are exactly the wall
 * sides of the grid, each once; one <path> per wall run. */
static void
check_wall_paths (const Svg               *svg,
                  const MazeGrid          *grid,
                  const MazeRenderOptions *render)
{
  g_autoptr(GHashTable) expected = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  g_autoptr(GArray) segments = g_array_new (FALSE, FALSE, sizeof (Point));
  g_autoptr(GArray) arcs = g_array_new (FALSE, FALSE, sizeof (Arc));
  MazeGeometry geometry;
  MazeSector centre_cell;
  double cx = 0, cy = 0;
  double s = render->cell_size;
  double side = grid->shape == MAZE_SHAPE_HEX ? s / sqrt (3.0) : s;
  double grid_step = s / 8;
  guint n_runs = 0, n_sides = 0, n_subpaths = 0;

  maze_render_get_geometry (grid, render, &geometry);
  if (grid->polar != NULL)
    {
      g_assert_true (maze_geometry_cell_sector (&geometry, 0, 0, &centre_cell));
      cx = centre_cell.cx;
      cy = centre_cell.cy;
    }

  /* Wall sides by midpoint; distinct midpoints are at least s/2 apart,
   * so a lattice of s/8 holds one at most per node. */
  for (guint y = 0; y < grid->height; y++)
    for (guint x = 0; x < maze_grid_row_length (grid, y); x++)
      for (guint dir = 0; dir < grid->topology->n_dirs; dir++)
        {
          double x1, y1, x2, y2;
          gint64 key;
          Side *wall;

          /* A triangle has no side towards its apex; a centre cell's
           * sides are the first ring's. */
          if (!maze_grid_has_dir (grid, x, y, dir) || maze_grid_is_centre (grid, x, y) ||
              !side_is_wall (grid, x, y, dir))
            continue;
          maze_geometry_side (&geometry, x, y, dir, &x1, &y1, &x2, &y2);
          wall = g_new0 (Side, 1);
          wall->mid.x = (x1 + x2) / 2;
          wall->mid.y = (y1 + y2) / 2;
          if (is_arc_side (grid, dir))
            {
              /* The chord's middle, out onto the arc. */
              double r = hypot (x1 - cx, y1 - cy);
              double d = hypot (wall->mid.x - cx, wall->mid.y - cy);

              wall->turn = 2 * asin (hypot (x2 - x1, y2 - y1) / (2 * r));
              wall->mid.x = cx + (wall->mid.x - cx) * r / d;
              wall->mid.y = cy + (wall->mid.y - cy) * r / d;
            }
          key = point_key (llround (wall->mid.x / grid_step), llround (wall->mid.y / grid_step));
          if (g_hash_table_contains (expected, &key))
            g_free (wall);   /* seen from the other cell */
          else
            g_hash_table_insert (expected, g_memdup2 (&key, sizeof key), wall);
        }
  n_sides = g_hash_table_size (expected);

  for (guint i = 0; i < svg->wall_paths->len; i++)
    n_subpaths += parse_path_data (g_ptr_array_index (svg->wall_paths, i), segments, arcs);
  g_assert_cmpuint (n_subpaths, ==, svg->wall_paths->len);
  if (grid->polar == NULL)
    g_assert_cmpuint (arcs->len, ==, 0);
  for (guint i = 0; i < arcs->len; i++)
    take_arc_sides (expected, &g_array_index (arcs, Arc, i), cx, cy, s);

  for (guint i = 0; i < segments->len; i += 2)
    {
      Point a = g_array_index (segments, Point, i);
      Point b = g_array_index (segments, Point, i + 1);
      double len = hypot (b.x - a.x, b.y - a.y);
      guint pieces = (guint) llround (len / side);

      g_assert_cmpuint (pieces, >=, 1);
      g_assert_cmpfloat (fabs (len - pieces * side), <, 0.01 * s);
      for (guint k = 0; k < pieces; k++)
        {
          double t = (k + 0.5) / pieces;
          double mx = a.x + (b.x - a.x) * t, my = a.y + (b.y - a.y) * t;
          gboolean found = FALSE;

          /* The node nearest, or a neighbour when rounding put the
           * midpoint on the far side of a boundary. */
          for (int di = -1; di <= 1 && !found; di++)
            for (int dj = -1; dj <= 1 && !found; dj++)
              {
                gint64 key = point_key (llround (mx / grid_step) + di, llround (my / grid_step) + dj);
                Side *wall = g_hash_table_lookup (expected, &key);

                if (wall != NULL && wall->turn == 0 &&
                    hypot (wall->mid.x - mx, wall->mid.y - my) < 0.02 * s)
                  {
                    g_hash_table_remove (expected, &key);
                    found = TRUE;
                  }
              }
          if (!found)
            g_test_message ("wall side at %g,%g is not a wall of the maze (or drawn twice)", mx, my);
          g_assert_true (found);
        }
    }
  g_assert_cmpuint (g_hash_table_size (expected), ==, 0);

  /* One path per run, far fewer than sides. */
  maze_geometry_foreach_wall_run (&geometry, grid, NULL, count_run_cb, &n_runs);
  g_assert_cmpuint (svg->wall_paths->len, ==, n_runs);
  g_test_message ("%u wall sides in %u runs", n_sides, n_runs);
  g_assert_cmpuint (n_runs * 4, <, n_sides * 3);
}

/* ---- Tests ---- */

/* Wall paths that draw an arc ("A"). */
static guint
count_arc_paths (const Svg *svg)
{
  guint n = 0;

  for (guint i = 0; i < svg->wall_paths->len; i++)
    n += strchr (g_ptr_array_index (svg->wall_paths, i), 'A') != NULL;
  return n;
}

static void
test_structure (Fixture       *f,
                gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "maze.svg", NULL);

  for (guint s = 0; s < MAZE_N_SHAPES; s++)
    {
      g_autoptr(MazePuzzle) puzzle = make_puzzle ((MazeShape) s, 12, 9);
      g_autoptr(MazeSolution) solution = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(Svg) svg = NULL;
      g_autofree char *id = maze_puzzle_get_id (puzzle);
      static const char *const groups[] = {
        "background", "masked", "walls", "solution", "markers", "text",
      };
      MazeRenderOptions render;
      double w, h;

      solution = maze_solve (puzzle->grid, MAZE_SOLVER_BFS, puzzle->start, puzzle->end, NULL, &error);
      g_assert_no_error (error);
      maze_render_options_init (&render);
      maze_render_options_set_endpoints (&render, puzzle);
      render.solution = solution->path;
      render.solution_len = solution->path_len;
      maze_puzzle_set_title (puzzle, "Garden");
      export_svg (puzzle, &render, NULL, path);
      g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 1);
      check_well_formed (path);
      svg = parse_svg (path);

      g_assert_cmpstr (g_hash_table_lookup (svg->root, "xmlns"), ==, "http://www.w3.org/2000/svg");
      /* At its own size, whole pixels: the PNG's size. */
      maze_render_get_size (puzzle->grid, &render, &w, &h);
      g_assert_cmpfloat (g_ascii_strtod (g_hash_table_lookup (svg->root, "width"), NULL), ==, ceil (w - 1e-6));
      g_assert_cmpfloat (g_ascii_strtod (g_hash_table_lookup (svg->root, "height"), NULL), ==, ceil (h - 1e-6));

      for (guint i = 0; i < G_N_ELEMENTS (groups); i++)
        {
          if (!g_hash_table_contains (svg->groups, groups[i]))
            g_test_message ("no group %s", groups[i]);
          g_assert_true (g_hash_table_contains (svg->groups, groups[i]));
        }
      g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (svg->groups, "background")), ==, 1);
      g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (svg->groups, "masked")), ==, 0);
      g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (svg->groups, "solution")), ==, 1);
      /* Two markers, a halo and a fill each. */
      g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (svg->groups, "markers")), ==, 4);
      g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (svg->groups, "text")), ==, 0);

      g_assert_cmpstr (svg->title->str, ==, "Garden");
      g_assert_nonnull (strstr (svg->desc->str, "seed 42"));
      g_assert_nonnull (strstr (svg->desc->str, "algorithm backtracker"));
      g_assert_true (svg->has_metadata);
      g_assert_cmpstr (g_hash_table_lookup (svg->maze, "seed"), ==, "42");
      g_assert_cmpstr (g_hash_table_lookup (svg->maze, "algorithm"), ==, "backtracker");
      g_assert_cmpstr (g_hash_table_lookup (svg->maze, "shape"), ==, maze_shape_to_string ((MazeShape) s));
      /* A circular maze of 9 rings around a first of 12 cells. */
      g_assert_cmpstr (g_hash_table_lookup (svg->maze, s == MAZE_SHAPE_CIRCULAR ? "first" : "columns"),
                       ==, "12");
      g_assert_cmpstr (g_hash_table_lookup (svg->maze, s == MAZE_SHAPE_CIRCULAR ? "rings" : "rows"),
                       ==, "9");
      g_assert_cmpstr (g_hash_table_lookup (svg->maze, "puzzle-id"), ==, id);

      if (s == MAZE_SHAPE_CIRCULAR)
        g_assert_cmpuint (count_arc_paths (svg), >, 0);
      check_wall_paths (svg, puzzle->grid, &render);
    }
}

/* Mud is drawn: a dot for each the cells' weights ask (2, 5 or 9 a
 * cell), in the mud group, in colour and in monochrome. */
static void
test_mud (Fixture       *f,
          gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "mud.svg", NULL);
  g_autoptr(MazePuzzle) puzzle = maze_test_new_muddy_puzzle ();
  guint expected = 0;

  maze_grid_set_weight (puzzle->grid, 0, 3);
  maze_grid_set_weight (puzzle->grid, 1, 200);
  for (guint32 cell = 0; cell < puzzle->grid->n_cells; cell++)
    {
      guint8 w = puzzle->grid->weights[cell];

      expected += w <= 1 ? 0 : w < 4 ? 2 : w < 10 ? 5 : 9;
    }
  g_assert_cmpuint (expected, >, 20);
  for (guint mono = 0; mono < 2; mono++)
    {
      g_autoptr(Svg) svg = NULL;
      MazeRenderOptions render;

      maze_render_options_init (&render);
      maze_render_options_set_endpoints (&render, puzzle);
      render.monochrome = mono;
      export_svg (puzzle, &render, NULL, path);
      check_well_formed (path);
      svg = parse_svg (path);
      g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (svg->groups, "mud")), ==,
                        expected);
    }
}

static void
test_masked (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "maze.svg", NULL);

  for (guint s = 0; s < MAZE_N_SHAPES; s++)
    for (guint mono = 0; mono < 2; mono++)
      {
        g_autoptr(MazePuzzle) puzzle = make_masked_puzzle ((MazeShape) s);
        g_autoptr(Svg) svg = NULL;
        g_autofree char *contents = NULL;
        MazeRenderOptions render;

        maze_render_options_init (&render);
        maze_render_options_set_endpoints (&render, puzzle);
        render.monochrome = mono;
        export_svg (puzzle, &render, NULL, path);
        check_well_formed (path);
        svg = parse_svg (path);
        /* A filled path; or in monochrome a clip path (holding the
         * cells) and the hatch lines clipped to it. */
        g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (svg->groups, "masked")), ==,
                          mono ? 3 : 1);
        /* Without parameters: no seed, no algorithm. */
        g_assert_null (g_hash_table_lookup (svg->maze, "seed"));
        g_assert_null (g_hash_table_lookup (svg->maze, "algorithm"));
        g_assert_cmpstr (svg->desc->str, ==,
                         s == MAZE_SHAPE_RECT ? "rect 14x10" : s == MAZE_SHAPE_HEX ? "hex 14x10"
                         : s == MAZE_SHAPE_TRI ? "tri 14x10" : "circular 10 rings of 14 to 56");
        g_assert_cmpstr (svg->title->str, ==, "Maze");
        if (s != MAZE_SHAPE_CIRCULAR)
          check_wall_paths (svg, puzzle->grid, &render);

        g_file_get_contents (path, &contents, NULL, NULL);
        g_assert_true ((strstr (contents, "url(#masked-cells)") != NULL) == mono);
        g_clear_pointer (&contents, g_free);
        g_clear_pointer (&svg, svg_free);

        /* Printed as the shape, as every export request asks: nothing
         * for the masked cells, the walls as without them. */
        {
          g_auto(MazeExportRequest) request = { 0 };

          maze_export_request_init (&request);
          request.format = MAZE_EXPORT_SVG;
          request.monochrome = mono;
          maze_export_request_to_render (&request, puzzle, NULL, &render);
          g_assert_false (render.show_masked);
        }
        export_svg (puzzle, &render, NULL, path);
        check_well_formed (path);
        svg = parse_svg (path);
        g_assert_cmpuint (GPOINTER_TO_UINT (g_hash_table_lookup (svg->groups, "masked")), ==, 0);
        /* The check reads lines only, not the rings' arcs. */
        if (s != MAZE_SHAPE_CIRCULAR)
          check_wall_paths (svg, puzzle->grid, &render);
        g_file_get_contents (path, &contents, NULL, NULL);
        g_assert_null (strstr (contents, "masked-cells"));
      }
}

static void
test_units (Fixture       *f,
            gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_HEX, 10, 7);
  g_autofree char *path = g_build_filename (f->dir, "maze.svg", NULL);
  MazeRenderOptions render;
  MazeSvgOptions options;
  double w, h;
  struct
  {
    MazeUnit    unit;
    double      width;
    const char *suffix;
  } cases[] = {
    { MAZE_UNIT_MM, 180, "mm" },
    { MAZE_UNIT_IN, 7.5, "in" },
    { MAZE_UNIT_PX, 640, "" },
  };

  maze_render_options_init (&render);
  maze_render_get_size (puzzle->grid, &render, &w, &h);
  maze_svg_options_init (&options);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(Svg) svg = NULL;
      g_auto(GStrv) box = NULL;
      const char *width, *height;
      char *end;

      options.unit = cases[i].unit;
      options.width = cases[i].width;
      export_svg (puzzle, &render, &options, path);
      check_well_formed (path);
      svg = parse_svg (path);

      width = g_hash_table_lookup (svg->root, "width");
      height = g_hash_table_lookup (svg->root, "height");
      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (width, &end), cases[i].width, 1e-9);
      g_assert_cmpstr (end, ==, cases[i].suffix);
      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (height, &end), cases[i].width * h / w, 1e-3);
      g_assert_cmpstr (end, ==, cases[i].suffix);

      /* The viewBox keeps the drawing units. */
      box = g_strsplit (g_hash_table_lookup (svg->root, "viewBox"), " ", -1);
      g_assert_cmpuint (g_strv_length (box), ==, 4);
      g_assert_cmpfloat (g_ascii_strtod (box[0], NULL), ==, 0);
      g_assert_cmpfloat (g_ascii_strtod (box[1], NULL), ==, 0);
      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (box[2], NULL), w, 0.01);
      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (box[3], NULL), h, 0.01);
    }
}

static void
test_escape (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_RECT, 4, 4);
  g_autofree char *path = g_build_filename (f->dir, "maze.svg", NULL);
  g_autoptr(Svg) svg = NULL;
  MazeRenderOptions render;

  maze_render_options_init (&render);
  maze_puzzle_set_title (puzzle, "<b>Tom & \"Jerry\"'s</b>\001 ]]> — ✓");
  export_svg (puzzle, &render, NULL, path);
  check_well_formed (path);
  svg = parse_svg (path);
  g_assert_cmpstr (svg->title->str, ==, "<b>Tom & \"Jerry\"'s</b>  ]]> — ✓");
  g_clear_pointer (&svg, svg_free);

  /* U+FFFE and U+FFFF are no XML characters (xmllint: "Char 0xFFFF out
   * of allowed range"); C1 controls are none a title means. */
  maze_puzzle_set_title (puzzle, "a\xef\xbf\xbe b\xef\xbf\xbf c\xc2\x85" "d");
  export_svg (puzzle, &render, NULL, path);
  check_well_formed (path);
  svg = parse_svg (path);
  g_assert_cmpstr (svg->title->str, ==, "a\xef\xbf\xbd b\xef\xbf\xbd c d");
}

/* Integral sizes give integers; bytes per cell stay small. */
static void
test_compact (Fixture       *f,
              gconstpointer  data)
{
  g_autofree char *path = g_build_filename (f->dir, "maze.svg", NULL);

  for (guint s = 0; s < MAZE_N_SHAPES; s++)
    {
      g_autoptr(MazePuzzle) puzzle = make_puzzle ((MazeShape) s, 200, 200);
      g_autofree char *contents = NULL;
      g_autoptr(Svg) svg = NULL;
      MazeRenderOptions render;
      gsize length;

      maze_render_options_init (&render);
      maze_render_options_set_endpoints (&render, puzzle);
      export_svg (puzzle, &render, NULL, path);
      g_file_get_contents (path, &contents, &length, NULL);
      /* 40,000 cells but the circular maze's (64 by 200 rings). */
      g_test_message ("%s 200x200: %" G_GSIZE_FORMAT " bytes, %.1f per cell",
                      maze_shape_to_string ((MazeShape) s), length,
                      (double) length / puzzle->grid->n_cells);
      g_assert_cmpuint (length, <, 40 * (gsize) puzzle->grid->n_cells);

      svg = parse_svg (path);
      if (s == MAZE_SHAPE_RECT)
        for (guint i = 0; i < svg->wall_paths->len; i++)
          g_assert_null (strchr (g_ptr_array_index (svg->wall_paths, i), '.'));
    }
}

/* ---- Looks like the PNG ---- */

static guint8 *
read_rgba (const char *path,
           guint      *width,
           guint      *height)
{
  png_image image = { .version = PNG_IMAGE_VERSION };
  guint8 *pixels;

  g_assert_true (png_image_begin_read_from_file (&image, path));
  image.format = PNG_FORMAT_RGBA;
  pixels = g_malloc (PNG_IMAGE_SIZE (image));
  g_assert_true (png_image_finish_read (&image, NULL, pixels, 0, NULL));
  *width = image.width;
  *height = image.height;
  return pixels;
}

static void
compare_with_png (Fixture                 *f,
                  const MazePuzzle        *puzzle,
                  const MazeRenderOptions *render,
                  const char              *rsvg)
{
  g_autofree char *svg_path = g_build_filename (f->dir, "maze.svg", NULL);
  g_autofree char *png_path = g_build_filename (f->dir, "maze.png", NULL);
  g_autofree char *rsvg_path = g_build_filename (f->dir, "rsvg.png", NULL);
  g_autofree guint8 *a = NULL;
  g_autofree guint8 *b = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { rsvg, "-o", rsvg_path, svg_path, NULL };
  guint aw, ah, bw, bh;
  guint64 differ = 0;
  int status;

  export_svg (puzzle, render, NULL, svg_path);
  g_assert_true (maze_png_export (puzzle, render, NULL, png_path, NULL, &error));
  g_assert_no_error (error);
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  a = read_rgba (png_path, &aw, &ah);
  b = read_rgba (rsvg_path, &bw, &bh);
  g_assert_cmpuint (aw, ==, bw);
  g_assert_cmpuint (ah, ==, bh);
  for (gsize i = 0; i < (gsize) aw * ah; i++)
    for (guint c = 0; c < 4; c++)
      if (ABS ((int) a[4 * i + c] - (int) b[4 * i + c]) > 64)
        {
          differ++;
          break;
        }
  g_test_message ("%" G_GUINT64_FORMAT " of %u pixels differ", differ, aw * ah);
  g_assert_cmpuint (differ * 100, <, (guint64) aw * ah);
}

/* The text of the element that begins with head, up to end. */
static char *
dup_element (const char *svg,
             const char *head,
             const char *end)
{
  const char *from = strstr (svg, head), *to;

  g_assert_nonnull (from);
  to = strstr (from, end);
  g_assert_nonnull (to);
  return g_strndup (from, to - from);
}

/* A circular maze's cells are filled along their arcs and its doors cut
 * sectors of the rings, as the renderer draws them: arc commands, where
 * an outline of chords has none. */
static void
test_circular_arcs (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_CIRCULAR, 6, 5);
  g_autoptr(MazeSolution) solution = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (f->dir, "rings.svg", NULL);
  g_autofree char *svg = NULL;
  g_autofree char *cells = NULL;
  g_autofree char *doors = NULL;
  MazeRenderOptions render;

  solution = maze_solve (puzzle->grid, MAZE_SOLVER_BFS, puzzle->start, puzzle->end, NULL, &error);
  g_assert_no_error (error);
  maze_render_options_init (&render);
  maze_render_options_set_endpoints (&render, puzzle);
  render.solution = solution->path;
  render.solution_len = solution->path_len;
  render.solution_style = MAZE_SOLUTION_CELLS;
  export_svg (puzzle, &render, NULL, path);
  g_assert_true (g_file_get_contents (path, &svg, NULL, &error));
  g_assert_no_error (error);

  cells = dup_element (svg, "<g id=\"solution\">", "</g>");
  g_assert_nonnull (strchr (cells, 'A'));
  doors = dup_element (svg, "<clipPath id=\"doors\"", "</clipPath>");
  g_assert_nonnull (strchr (doors, 'A'));
}

static void
test_render (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *rsvg = g_find_program_in_path ("rsvg-convert");

  if (rsvg == NULL)
    {
      g_test_skip ("rsvg-convert is not installed");
      return;
    }

  for (guint s = 0; s < MAZE_N_SHAPES; s++)
    {
      g_autoptr(MazePuzzle) puzzle = make_puzzle ((MazeShape) s, 20, 15);
      g_autoptr(MazePuzzle) masked = make_masked_puzzle ((MazeShape) s);
      g_autoptr(MazeSolution) solution = NULL;
      g_autoptr(GError) error = NULL;
      MazeRenderOptions render;
      MazeSolutionStyle styles[] = {
        MAZE_SOLUTION_SOLID, MAZE_SOLUTION_DASHED, MAZE_SOLUTION_THIN, MAZE_SOLUTION_CELLS,
      };

      solution = maze_solve (puzzle->grid, MAZE_SOLVER_BFS, puzzle->start, puzzle->end, NULL, &error);
      g_assert_no_error (error);
      maze_render_options_init (&render);
      render.cell_size = 16;
      render.wall_width = 2;
      render.margin = 8;
      maze_render_options_set_endpoints (&render, puzzle);
      render.solution = solution->path;
      render.solution_len = solution->path_len;
      for (guint i = 0; i < G_N_ELEMENTS (styles); i++)
        {
          render.solution_style = styles[i];
          compare_with_png (f, puzzle, &render, rsvg);
        }

      /* Butt caps and miter joins; a translucent background. */
      render.wall_cap = CAIRO_LINE_CAP_BUTT;
      render.wall_join = CAIRO_LINE_JOIN_MITER;
      render.background_color.alpha = 0.5;
      compare_with_png (f, puzzle, &render, rsvg);

      /* The search overlays, tinted and shaded, and as dots. */
      {
        g_autofree guint32 *values = g_new (guint32, puzzle->grid->n_cells);
        MazeOverlayKind kinds[] = { MAZE_OVERLAY_EXPLORED, MAZE_OVERLAY_HEAT };

        for (guint32 c = 0; c < puzzle->grid->n_cells; c++)
          values[c] = c % 7 == 3 ? G_MAXUINT32 : c % 50;
        maze_render_options_init (&render);
        render.cell_size = 16;
        render.wall_width = 2;
        render.margin = 8;
        maze_render_options_set_endpoints (&render, puzzle);
        render.overlay_values = values;
        render.overlay_max = 49;
        for (guint mono = 0; mono < 2; mono++)
          for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
            {
              render.monochrome = mono;
              render.overlay_kind = kinds[k];
              compare_with_png (f, puzzle, &render, rsvg);
            }
      }

      /* Masked cells, in colour and hatched. */
      maze_render_options_init (&render);
      render.cell_size = 16;
      render.wall_width = 2;
      render.margin = 8;
      maze_render_options_set_endpoints (&render, masked);
      compare_with_png (f, masked, &render, rsvg);
      render.monochrome = TRUE;
      compare_with_png (f, masked, &render, rsvg);
    }
}

/* A circular maze with a centre cell, the start there: the SVG looks
 * like the PNG, the centre's disc and spokes, its marker and a way
 * drawn out of it in every style (straight out along cell 0 of each
 * ring, each the first child of the one inside: what is drawn need not
 * be the maze's solution). */
static void
test_render_centre (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *rsvg = g_find_program_in_path ("rsvg-convert");
  g_autoptr(MazePuzzle) puzzle = NULL;
  g_autoptr(GError) error = NULL;
  guint32 way[8];
  MazeGrid *grid;
  MazeGenerateOptions gen;
  MazeRenderOptions render;
  const MazeSolutionStyle styles[] = {
    MAZE_SOLUTION_SOLID, MAZE_SOLUTION_DASHED, MAZE_SOLUTION_THIN, MAZE_SOLUTION_CELLS,
  };

  if (rsvg == NULL)
    {
      g_test_skip ("rsvg-convert is not installed");
      return;
    }
  grid = maze_grid_new_rings (MAZE_SHAPE_CIRCULAR, 5, G_N_ELEMENTS (way), TRUE, &error);
  g_assert_no_error (error);
  maze_generate_options_init (&gen);
  gen.algorithm = MAZE_ALGORITHM_PRIM;
  gen.seed = 42;
  puzzle = maze_puzzle_generate_on (grid, &gen, 0, MAZE_ENDPOINTS_CORNERS, &error);
  g_assert_no_error (error);
  for (guint r = 0; r < G_N_ELEMENTS (way); r++)
    way[r] = maze_grid_index (puzzle->grid, 0, r);
  puzzle->start = way[0];
  puzzle->end = way[G_N_ELEMENTS (way) - 1];

  maze_render_options_init (&render);
  render.cell_size = 16;
  render.wall_width = 2;
  render.margin = 8;
  maze_render_options_set_endpoints (&render, puzzle);
  render.solution = way;
  render.solution_len = G_N_ELEMENTS (way);
  for (guint i = 0; i < G_N_ELEMENTS (styles); i++)
    {
      render.solution_style = styles[i];
      compare_with_png (f, puzzle, &render, rsvg);
    }
}

/* ---- Progress and cancelling ---- */

typedef struct
{
  GArray       *fractions;
  GCancellable *cancel;
} ProgressLog;

static void
progress_cb (double   fraction,
             gpointer user_data)
{
  ProgressLog *log = user_data;

  g_array_append_val (log->fractions, fraction);
  if (log->cancel != NULL && fraction > 0.1)
    g_cancellable_cancel (log->cancel);
}

static void
test_progress (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_RECT, 300, 300);
  g_autofree char *path = g_build_filename (f->dir, "maze.svg", NULL);
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GError) error = NULL;
  ProgressLog log = { fractions, NULL };
  MazeExportJob job = { progress_cb, &log, NULL };
  MazeRenderOptions render;

  maze_render_options_init (&render);
  g_assert_true (maze_svg_export (puzzle, &render, NULL, path, &job, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (fractions->len, >=, 4);
  for (guint i = 1; i < fractions->len; i++)
    g_assert_cmpfloat (g_array_index (fractions, double, i), >, g_array_index (fractions, double, i - 1));
  g_assert_cmpfloat (g_array_index (fractions, double, fractions->len - 1), ==, 1.0);
}

static void
test_cancel (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_RECT, 300, 300);
  g_autofree char *path = g_build_filename (f->dir, "maze.svg", NULL);
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  ProgressLog log = { fractions, cancellable };
  MazeExportJob job = { progress_cb, &log, cancellable };
  MazeRenderOptions render;

  maze_render_options_init (&render);

  /* Cancelled while writing the walls. */
  g_assert_false (maze_svg_export (puzzle, &render, NULL, path, &job, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_assert_cmpfloat (g_array_index (fractions, double, fractions->len - 1), <, 1.0);
  g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 0);

  /* An existing file is left as it was. */
  g_file_set_contents (path, "old", -1, &error);
  g_assert_no_error (error);
  g_cancellable_reset (cancellable);
  g_assert_false (maze_svg_export (puzzle, &render, NULL, path, &job, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (contents, ==, "old");
  g_assert_cmpuint (maze_test_count_entries (f->dir), ==, 1);
}

static void
test_errors (void)
{
  g_autoptr(MazePuzzle) puzzle = make_puzzle (MAZE_SHAPE_RECT, 300, 300);
  g_autoptr(GError) error = NULL;
  MazeRenderOptions render;
  MazeSvgOptions options;

  maze_render_options_init (&render);
  maze_svg_options_init (&options);

  if (g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_assert_false (maze_svg_export (puzzle, &render, NULL, "/dev/full", NULL, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
      g_clear_error (&error);
    }

  options.width = -3;
  g_assert_false (maze_svg_export (puzzle, &render, &options, "/dev/null", NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
  g_clear_error (&error);

  maze_svg_options_init (&options);
  render.cell_size = 0;
  g_assert_false (maze_svg_export (puzzle, &render, &options, "/dev/null", NULL, &error));
  g_assert_error (error, MAZE_ERROR, MAZE_ERROR_INVALID_SIZE);
}

#define add_fixture_test(path, func) \
  g_test_add ("/maze/svg/" path, Fixture, NULL, \
              maze_test_fixture_set_up, func, maze_test_fixture_tear_down)

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  add_fixture_test ("structure", test_structure);
  add_fixture_test ("masked", test_masked);
  add_fixture_test ("mud", test_mud);
  add_fixture_test ("units", test_units);
  add_fixture_test ("escape", test_escape);
  add_fixture_test ("compact", test_compact);
  add_fixture_test ("render", test_render);
  add_fixture_test ("circular-arcs", test_circular_arcs);
  add_fixture_test ("render-centre", test_render_centre);
  add_fixture_test ("progress", test_progress);
  add_fixture_test ("cancel", test_cancel);
  g_test_add_func ("/maze/svg/errors", test_errors);

  return g_test_run ();
}
