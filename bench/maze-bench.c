/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-bench"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "bench-plain-backtracker.h"
#include "maze-core.h"
#include "maze-pdf.h"
#include "maze-png.h"
#include "maze-svg.h"
#include "maze-text.h"

/* Mazewright's benchmarks. Each case runs in a child process of its own so
 * that its peak memory (the child's maximum resident set) is its own.
 *
 *   maze-bench                 run every case
 *   maze-bench --quick         the cases that take under a few seconds
 *   maze-bench --ratio         only the backtracker's ratio to the plain one
 *   maze-bench --case NAME     run one case in this process
 *   maze-bench --list          list the cases
 *
 * The copy built as maze-bench-notrace has the observer calls compiled
 * out; --notrace PATH runs the trace-cost cases through it as well. */

typedef struct
{
  const char *name;
  gboolean    quick;
  void      (*run) (const char *arg);
  const char *arg;
} BenchCase;

static double
now (void)
{
  return g_get_monotonic_time () / 1e6;
}

/* This process's processor time, every thread's: the export's figure
 * on a shared machine, where the clock also counts waiting for a core. */
static double
cpu_now (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 +
         usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

/* centre: rings around a centre cell rather than a room (circular). */
static MazeGrid *
new_maze_rings (MazeShape     shape,
                guint         width,
                guint         height,
                gboolean      centre,
                MazeAlgorithm algorithm,
                double       *seconds,
                double       *cpu_seconds)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = maze_grid_new_rings (shape, width, height, centre, &error);
  MazeGenerateOptions options;
  double start, cpu_start;

  if (grid == NULL)
    g_error ("%s", error->message);
  maze_generate_options_init (&options);
  options.algorithm = algorithm;
  options.seed = 2026;
  start = now ();
  cpu_start = cpu_now ();
  if (!maze_generate (grid, &options, &error))
    g_error ("%s", error->message);
  if (seconds != NULL)
    *seconds = now () - start;
  if (cpu_seconds != NULL)
    *cpu_seconds = cpu_now () - cpu_start;
  return g_steal_pointer (&grid);
}

static MazeGrid *
new_maze (MazeShape     shape,
          guint         width,
          guint         height,
          MazeAlgorithm algorithm,
          double       *seconds,
          double       *cpu_seconds)
{
  return new_maze_rings (shape, width, height, FALSE, algorithm, seconds, cpu_seconds);
}

static void
parse_size (const char *arg,
            guint      *width,
            guint      *height)
{
  if (sscanf (arg, "%ux%u", width, height) != 2)
    g_error ("bad size %s", arg);
}

/* "ALGORITHM:WxH[:SHAPE[:centre]]" */
static void
run_generate (const char *arg)
{
  g_auto(GStrv) parts = g_strsplit (arg, ":", -1);
  MazeAlgorithm algorithm;
  MazeShape shape = MAZE_SHAPE_RECT;
  guint width, height;
  double seconds, cpu;
  g_autoptr(MazeGrid) grid = NULL;

  if (!maze_algorithm_from_string (parts[0], &algorithm))
    g_error ("bad algorithm %s", parts[0]);
  parse_size (parts[1], &width, &height);
  if (parts[2] != NULL)
    maze_shape_from_string (parts[2], &shape);
  grid = new_maze_rings (shape, width, height, parts[2] != NULL && g_strcmp0 (parts[3], "centre") == 0,
                         algorithm, &seconds, &cpu);
  /* The grid's cells: a circular maze's are not width × height. */
  printf ("%8.3f s  %8.1f M cells/s  (CPU %.3f s, %.1f M cells/s)", seconds,
          (double) grid->n_cells / seconds / 1e6, cpu, (double) grid->n_cells / cpu / 1e6);
}

/* A maze masked into a one-cell-wide winding corridor: the even rows
 * open, each odd row open in one cell only, at the right end and the
 * left end in turns. A random walk needs time growing with the square of
 * its length to cover it, which the walks' step budget bounds. */
static void
mask_serpentine (MazeGrid *grid)
{
  for (guint y = 1; y < grid->height; y += 2)
    for (guint x = 0; x < grid->width; x++)
      maze_grid_set_masked (grid, x, y, x != ((y / 2) % 2 == 0 ? grid->width - 1 : 0));
}

/* "ALGORITHM:WxH[:hex]": generate on the winding corridor. The target: at
 * most 10 s for any algorithm at 2000x1999. */
static void
run_corridor (const char *arg)
{
  g_auto(GStrv) parts = g_strsplit (arg, ":", -1);
  g_autoptr(GError) error = NULL;
  g_autoptr(MazeGrid) grid = NULL;
  MazeGenerateOptions options;
  MazeShape shape = MAZE_SHAPE_RECT;
  guint width, height;
  double start, cpu_start, seconds, cpu;

  maze_generate_options_init (&options);
  if (!maze_algorithm_from_string (parts[0], &options.algorithm))
    g_error ("bad algorithm %s", parts[0]);
  parse_size (parts[1], &width, &height);
  if (parts[2] != NULL)
    maze_shape_from_string (parts[2], &shape);
  grid = maze_grid_new (shape, width, height, &error);
  if (grid == NULL)
    g_error ("%s", error->message);
  mask_serpentine (grid);
  options.seed = 2026;
  start = now ();
  cpu_start = cpu_now ();
  if (!maze_generate (grid, &options, &error))
    g_error ("%s", error->message);
  seconds = now () - start;
  cpu = cpu_now () - cpu_start;
  printf ("%8.3f s  %8.1f M open cells/s  (CPU %.3f s)  [target: 10 s of CPU at 2000x1999]",
          seconds, maze_grid_count_open (grid) / seconds / 1e6, cpu);
}

/* Generate plus classic ASCII to /dev/null: ours against the plain one. */
static void
run_backtracker_ascii (const char *arg)
{
  guint width, height;
  double start = now (), seconds;
  g_autoptr(MazeGrid) grid = NULL;
  g_autoptr(GError) error = NULL;
  MazeTextOptions options;
  FILE *out = fopen ("/dev/null", "w");
  static char buffer[1 << 20];

  setvbuf (out, buffer, _IOFBF, sizeof buffer);
  parse_size (arg, &width, &height);
  grid = new_maze (MAZE_SHAPE_RECT, width, height, MAZE_ALGORITHM_BACKTRACKER, NULL, NULL);
  maze_text_options_init (&options);
  options.start = 0;
  options.end = grid->n_cells - 1;
  if (!maze_text_write (grid, &options, out, &error))
    g_error ("%s", error->message);
  fclose (out);
  seconds = now () - start;
  printf ("%8.3f s  %8.1f M cells/s", seconds,
          (double) width * height / seconds / 1e6);
}

static void
run_plain_ascii (const char *arg)
{
  guint width, height;
  double start = now (), seconds;
  FILE *out = fopen ("/dev/null", "w");
  static char buffer[1 << 20];

  setvbuf (out, buffer, _IOFBF, sizeof buffer);
  parse_size (arg, &width, &height);
  bench_plain_backtracker (width, height, out);
  fclose (out);
  seconds = now () - start;
  printf ("%8.3f s  %8.1f M cells/s", seconds,
          (double) width * height / seconds / 1e6);
}

/* "SOLVER:WxH": corner to corner on a backtracker maze. */
static void
run_solve (const char *arg)
{
  g_auto(GStrv) parts = g_strsplit (arg, ":", -1);
  MazeSolverKind solver;
  guint width, height;
  g_autoptr(MazeGrid) grid = NULL;
  g_autoptr(MazeSolution) solution = NULL;
  g_autoptr(GError) error = NULL;
  double start, seconds;

  if (!maze_solver_from_string (parts[0], &solver))
    g_error ("bad solver %s", parts[0]);
  parse_size (parts[1], &width, &height);
  grid = new_maze (MAZE_SHAPE_RECT, width, height, MAZE_ALGORITHM_BACKTRACKER, NULL, NULL);
  start = now ();
  solution = maze_solve (grid, solver, 0, grid->n_cells - 1, NULL, &error);
  seconds = now () - start;
  if (solution == NULL)
    g_error ("%s", error->message);
  printf ("%8.3f s  path %u cells, explored %" G_GUINT64_FORMAT, seconds,
          solution->path_len, solution->explored);
}

/* "WxH": regenerate 100x100 regions of a maze that size, averaged. */
static void
run_region (const char *arg)
{
  const guint rounds = 20;
  guint width, height;
  g_autoptr(MazeGrid) grid = NULL;
  MazeGenerateOptions options;
  double total = 0;

  parse_size (arg, &width, &height);
  grid = new_maze (MAZE_SHAPE_RECT, width, height, MAZE_ALGORITHM_BACKTRACKER, NULL, NULL);
  maze_generate_options_init (&options);
  for (guint i = 0; i < rounds; i++)
    {
      g_autoptr(GError) error = NULL;
      MazeRect r = { (width - 100) / 2 + (i % 5) * (width > 200 ? 7 : 1),
                     (height - 100) / 2 + (i / 5) * (height > 200 ? 7 : 1), 100, 100 };
      double start = now ();

      options.seed = maze_rng_derive (2026, i);
      if (!maze_regenerate_region (grid, &r, NULL, &options, &error))
        g_error ("%s", error->message);
      total += now () - start;
    }
  printf ("%8.3f ms per 100x100 region", total / rounds * 1e3);
}

/* "FORMAT:WxH:PX[:SHAPE[:unmarked]]": export a backtracker maze to /tmp
 * at PX pixels (or points; a poster's mm) per cell, through the real
 * exporters (atomic file and all); unmarked: without the start and end
 * markers, black on white alone. */
static void
run_export (const char *arg)
{
  g_auto(GStrv) parts = g_strsplit (arg, ":", -1);
  g_autoptr(MazePuzzle) puzzle = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  MazeGenerateOptions generate;
  MazeRenderOptions render;
  MazeShape shape = MAZE_SHAPE_RECT;
  guint width, height;
  double start, cpu_start, seconds, cpu;
  gboolean ok;
  GStatBuf st;

  parse_size (parts[1], &width, &height);
  if (parts[2] != NULL && parts[3] != NULL)
    maze_shape_from_string (parts[3], &shape);
  maze_generate_options_init (&generate);
  generate.seed = 2026;
  puzzle = maze_puzzle_generate (shape, width, height, &generate, 0,
                                 MAZE_ENDPOINTS_CORNERS, &error);
  if (puzzle == NULL)
    g_error ("%s", error->message);
  maze_render_options_init (&render);
  render.cell_size = g_ascii_strtod (parts[2], NULL);
  render.wall_width = MAX (1, render.cell_size / 4);
  render.margin = render.cell_size;
  if (g_strv_length (parts) < 5 || !g_str_equal (parts[4], "unmarked"))
    maze_render_options_set_endpoints (&render, puzzle);
  path = g_strdup_printf ("%s/maze-bench-%d.%s", g_get_tmp_dir (), (int) getpid (), parts[0]);

  start = now ();
  cpu_start = cpu_now ();
  if (g_str_equal (parts[0], "png"))
    {
      MazePngOptions png;

      maze_png_options_init (&png);
      ok = maze_png_export (puzzle, &render, &png, path, NULL, &error);
    }
  else if (g_str_equal (parts[0], "svg"))
    {
      MazeSvgOptions svg;

      maze_svg_options_init (&svg);
      ok = maze_svg_export (puzzle, &render, &svg, path, NULL, &error);
    }
  else
    {
      MazePdfOptions pdf;
      MazePuzzle *puzzles[1] = { puzzle };

      maze_pdf_options_init (&pdf);
      pdf.answer_key = TRUE;
      /* "poster:WxH:MM": the maze over A4 sheets, cells MM wide. */
      if (g_str_equal (parts[0], "poster"))
        pdf.poster_cell_mm = render.cell_size;
      ok = maze_pdf_export (puzzles, 1, &pdf, path, NULL, &error);
    }
  seconds = now () - start;
  cpu = cpu_now () - cpu_start;
  if (!ok)
    g_error ("%s", error->message);
  g_stat (path, &st);
  g_unlink (path);
  printf ("%8.3f s  cpu %7.3f s  %10.1f MB  %6.1f bytes/cell", seconds, cpu, st.st_size / 1e6,
          (double) st.st_size / puzzle->grid->n_cells);
}

static const BenchCase cases[] = {
  { "generate backtracker", TRUE, run_generate, "backtracker:1000x1000" },
  { "generate backtracker 4000", TRUE, run_generate, "backtracker:4000x4000" },
  { "generate backtracker hex", TRUE, run_generate, "backtracker:1000x1000:hex" },
  { "generate prim", TRUE, run_generate, "prim:1000x1000" },
  { "generate simplified-prim", TRUE, run_generate, "simplified-prim:1000x1000" },
  { "generate kruskal", TRUE, run_generate, "kruskal:1000x1000" },
  { "generate wilson", TRUE, run_generate, "wilson:1000x1000" },
  { "generate aldous-broder", TRUE, run_generate, "aldous-broder:1000x1000" },
  { "generate hunt-and-kill", TRUE, run_generate, "hunt-and-kill:1000x1000" },
  { "generate growing-tree", TRUE, run_generate, "growing-tree:1000x1000" },
  { "generate eller", TRUE, run_generate, "eller:1000x1000" },
  { "generate sidewinder", TRUE, run_generate, "sidewinder:1000x1000" },
  { "generate binary-tree", TRUE, run_generate, "binary-tree:1000x1000" },
  { "generate recursive-division", TRUE, run_generate, "recursive-division:1000x1000" },
  /* Every algorithm on the other shapes, a million cells each. */
  { "generate backtracker tri", TRUE, run_generate, "backtracker:1000x1000:tri" },
  /* 570 rings around a first of 6 cells: 1,001,946 cells. */
  { "generate backtracker circular", TRUE, run_generate, "backtracker:6x570:circular" },
  { "generate backtracker circular centre", FALSE, run_generate,
    "backtracker:6x570:circular:centre" },
  { "generate prim circular", FALSE, run_generate, "prim:6x570:circular" },
  { "generate simplified-prim circular", FALSE, run_generate, "simplified-prim:6x570:circular" },
  { "generate kruskal circular", FALSE, run_generate, "kruskal:6x570:circular" },
  { "generate wilson circular", FALSE, run_generate, "wilson:6x570:circular" },
  { "generate aldous-broder circular", FALSE, run_generate, "aldous-broder:6x570:circular" },
  { "generate wilson circular centre", FALSE, run_generate, "wilson:6x570:circular:centre" },
  { "generate aldous-broder circular centre", FALSE, run_generate,
    "aldous-broder:6x570:circular:centre" },
  { "generate hunt-and-kill circular", FALSE, run_generate, "hunt-and-kill:6x570:circular" },
  { "generate growing-tree circular", FALSE, run_generate, "growing-tree:6x570:circular" },
  { "generate prim hex", FALSE, run_generate, "prim:1000x1000:hex" },
  { "generate prim tri", FALSE, run_generate, "prim:1000x1000:tri" },
  { "generate simplified-prim hex", FALSE, run_generate, "simplified-prim:1000x1000:hex" },
  { "generate simplified-prim tri", FALSE, run_generate, "simplified-prim:1000x1000:tri" },
  { "generate kruskal hex", FALSE, run_generate, "kruskal:1000x1000:hex" },
  { "generate kruskal tri", FALSE, run_generate, "kruskal:1000x1000:tri" },
  { "generate wilson hex", FALSE, run_generate, "wilson:1000x1000:hex" },
  { "generate wilson tri", FALSE, run_generate, "wilson:1000x1000:tri" },
  { "generate aldous-broder hex", FALSE, run_generate, "aldous-broder:1000x1000:hex" },
  { "generate aldous-broder tri", FALSE, run_generate, "aldous-broder:1000x1000:tri" },
  { "generate hunt-and-kill hex", FALSE, run_generate, "hunt-and-kill:1000x1000:hex" },
  { "generate hunt-and-kill tri", FALSE, run_generate, "hunt-and-kill:1000x1000:tri" },
  { "generate growing-tree hex", FALSE, run_generate, "growing-tree:1000x1000:hex" },
  { "generate growing-tree tri", FALSE, run_generate, "growing-tree:1000x1000:tri" },
  { "generate eller hex", FALSE, run_generate, "eller:1000x1000:hex" },
  { "generate eller tri", FALSE, run_generate, "eller:1000x1000:tri" },
  { "generate sidewinder hex", FALSE, run_generate, "sidewinder:1000x1000:hex" },
  { "generate sidewinder tri", FALSE, run_generate, "sidewinder:1000x1000:tri" },
  { "generate recursive-division hex", FALSE, run_generate, "recursive-division:1000x1000:hex" },
  { "generate recursive-division tri", FALSE, run_generate, "recursive-division:1000x1000:tri" },
  { "corridor backtracker", TRUE, run_corridor, "backtracker:400x401" },
  { "corridor prim", TRUE, run_corridor, "prim:400x401" },
  { "corridor simplified-prim", TRUE, run_corridor, "simplified-prim:400x401" },
  { "corridor kruskal", TRUE, run_corridor, "kruskal:400x401" },
  { "corridor wilson", TRUE, run_corridor, "wilson:400x401" },
  { "corridor aldous-broder", TRUE, run_corridor, "aldous-broder:400x401" },
  { "corridor hunt-and-kill", TRUE, run_corridor, "hunt-and-kill:400x401" },
  { "corridor growing-tree", TRUE, run_corridor, "growing-tree:400x401" },
  { "corridor eller", TRUE, run_corridor, "eller:400x401" },
  { "corridor sidewinder", TRUE, run_corridor, "sidewinder:400x401" },
  { "corridor binary-tree", TRUE, run_corridor, "binary-tree:400x401" },
  { "corridor recursive-division", TRUE, run_corridor, "recursive-division:400x401" },
  { "corridor backtracker 2000", FALSE, run_corridor, "backtracker:2000x1999" },
  { "corridor prim 2000", FALSE, run_corridor, "prim:2000x1999" },
  { "corridor simplified-prim 2000", FALSE, run_corridor, "simplified-prim:2000x1999" },
  { "corridor kruskal 2000", FALSE, run_corridor, "kruskal:2000x1999" },
  { "corridor wilson 2000", FALSE, run_corridor, "wilson:2000x1999" },
  { "corridor aldous-broder 2000", FALSE, run_corridor, "aldous-broder:2000x1999" },
  { "corridor hunt-and-kill 2000", FALSE, run_corridor, "hunt-and-kill:2000x1999" },
  { "corridor growing-tree 2000", FALSE, run_corridor, "growing-tree:2000x1999" },
  { "corridor eller 2000", FALSE, run_corridor, "eller:2000x1999" },
  { "corridor sidewinder 2000", FALSE, run_corridor, "sidewinder:2000x1999" },
  { "corridor binary-tree 2000", FALSE, run_corridor, "binary-tree:2000x1999" },
  { "corridor recursive-division 2000", FALSE, run_corridor, "recursive-division:2000x1999" },
  { "big backtracker", FALSE, run_generate, "backtracker:10000x10000" },
  { "big kruskal", FALSE, run_generate, "kruskal:10000x10000" },
  { "big sidewinder", FALSE, run_generate, "sidewinder:10000x10000" },
  { "big binary-tree", FALSE, run_generate, "binary-tree:10000x10000" },
  { "ascii ours 4000", TRUE, run_backtracker_ascii, "4000x4000" },
  { "ascii plain 4000", TRUE, run_plain_ascii, "4000x4000" },
  { "ascii ours 10000", FALSE, run_backtracker_ascii, "10000x10000" },
  { "ascii plain 10000", FALSE, run_plain_ascii, "10000x10000" },
  { "solve bfs", TRUE, run_solve, "bfs:4000x4000" },
  { "solve dijkstra", TRUE, run_solve, "dijkstra:4000x4000" },
  { "solve astar", TRUE, run_solve, "astar:4000x4000" },
  { "export png 100", TRUE, run_export, "png:100x100:10" },
  { "export png 1000", TRUE, run_export, "png:1000x1000:4" },
  { "export png 4000", FALSE, run_export, "png:4000x4000:10" },
  { "export svg 100", TRUE, run_export, "svg:100x100:10" },
  { "export svg 1000", TRUE, run_export, "svg:1000x1000:4" },
  { "export svg 4000", FALSE, run_export, "svg:4000x4000:4" },
  { "export pdf 100", TRUE, run_export, "pdf:100x100:10" },
  { "export pdf 1000", TRUE, run_export, "pdf:1000x1000:4" },
  { "export pdf 4000", FALSE, run_export, "pdf:4000x4000:4" },
  /* A quarter of a million cells of each shape at the same cell size. */
  { "export poster 600", FALSE, run_export, "poster:600x600:3" },
  { "export png 500 rect", FALSE, run_export, "png:500x500:8" },
  { "export png 500 hex", FALSE, run_export, "png:500x500:8:hex" },
  { "export png 500 tri", FALSE, run_export, "png:500x500:8:tri" },
  /* 285 rings: 250,842 cells. */
  { "export png 500 circular", FALSE, run_export, "png:6x285:8:circular" },
  /* Grey alone: a byte a pixel (the markers' colours make it RGB). */
  { "export png 500 circular unmarked", FALSE, run_export, "png:6x285:8:circular:unmarked" },
  { "region in 200", TRUE, run_region, "200x200" },
  { "region in 10000", FALSE, run_region, "10000x10000" },
};

/* The cases whose cost the observer test could show. */
static const char *const trace_cases[] = {
  "generate backtracker hex", "generate prim", "generate kruskal", "generate sidewinder",
  "generate growing-tree",
};

static const BenchCase *
find_case (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    if (g_str_equal (cases[i].name, name))
      return &cases[i];
  return NULL;
}

/* Runs one case in a child (this binary, or another build of it) and
 * prints its line with the child's peak memory. */
static gboolean
run_in_child (const char *binary,
              const char *name,
              const char *label)
{
  struct rusage usage;
  int status;
  pid_t pid;

  printf ("%-28s ", name);
  fflush (stdout);
  pid = fork ();
  if (pid == 0)
    {
      execl (binary, binary, "--case", name, (char *) NULL);
      _exit (127);
    }
  if (pid < 0 || wait4 (pid, &status, 0, &usage) < 0)
    return FALSE;
  printf ("  peak %7.1f MB%s\n", usage.ru_maxrss / 1024.0, label);
  return WIFEXITED (status) && WEXITSTATUS (status) == 0;
}

/* Runs one case in a child with its output captured: the seconds the
 * case printed first (its own clock, process start-up left out) and the
 * child's CPU time (user + system). */
static gboolean
time_in_child (const char *binary,
               const char *name,
               double     *seconds,
               double     *cpu)
{
  struct rusage usage;
  char out[256] = "";
  int fds[2], status;
  gssize n;
  pid_t pid;

  if (pipe (fds) < 0)
    return FALSE;
  pid = fork ();
  if (pid == 0)
    {
      dup2 (fds[1], STDOUT_FILENO);
      close (fds[0]);
      close (fds[1]);
      execl (binary, binary, "--case", name, (char *) NULL);
      _exit (127);
    }
  close (fds[1]);
  n = pid < 0 ? -1 : read (fds[0], out, sizeof out - 1);
  close (fds[0]);
  if (pid < 0 || wait4 (pid, &status, 0, &usage) < 0 || n <= 0 ||
      !WIFEXITED (status) || WEXITSTATUS (status) != 0)
    return FALSE;
  out[n] = '\0';
  *seconds = g_ascii_strtod (out, NULL);
  *cpu = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 +
         usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
  return *seconds > 0;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The target of the backtracker: generate plus classic ASCII at least 2x
 * faster than the plain backtracker. The machine is shared, so the two
 * run in turns, several rounds, and the ratio is taken of the minima
 * (the runs least disturbed) and of the medians, on the cases' own clocks
 * and on CPU time. */
#define RATIO_ROUNDS 5

static gboolean
print_ratio (const char *binary,
             const char *ours,
             const char *plain,
             const char *label)
{
  double t[2][RATIO_ROUNDS], c[2][RATIO_ROUNDS];
  const char *names[2] = { ours, plain };

  for (guint r = 0; r < RATIO_ROUNDS; r++)
    for (guint k = 0; k < 2; k++)
      if (!time_in_child (binary, names[k], &t[k][r], &c[k][r]))
        return FALSE;
  for (guint k = 0; k < 2; k++)
    {
      qsort (t[k], RATIO_ROUNDS, sizeof (double), compare_doubles);
      qsort (c[k], RATIO_ROUNDS, sizeof (double), compare_doubles);
    }
  printf ("%-28s  ours min %.3f s, median %.3f s; plain min %.3f s, median %.3f s\n"
          "%-28s  plain / ours: %.2fx (minima), %.2fx (medians), %.2fx (CPU minima)"
          "  [target: 2x]\n",
          label, t[0][0], t[0][RATIO_ROUNDS / 2], t[1][0], t[1][RATIO_ROUNDS / 2],
          "", t[1][0] / t[0][0], t[1][RATIO_ROUNDS / 2] / t[0][RATIO_ROUNDS / 2],
          c[1][0] / c[0][0]);
  return TRUE;
}

int
main (int   argc,
      char *argv[])
{
  const char *notrace = NULL;
  gboolean quick = FALSE, ok = TRUE;
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--case") && i + 1 < argc)
        {
          const BenchCase *c = find_case (argv[i + 1]);

          if (c == NULL)
            {
              fprintf (stderr, "maze-bench: no case “%s”\n", argv[i + 1]);
              return 2;
            }
          c->run (c->arg);
          fflush (stdout);
          return 0;
        }
      else if (g_str_equal (argv[i], "--list"))
        {
          for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
            printf ("%s\n", cases[k].name);
          return 0;
        }
      else if (g_str_equal (argv[i], "--quick"))
        quick = TRUE;
      else if (g_str_equal (argv[i], "--ratio"))
        {
          ok &= print_ratio (self, "ascii ours 4000", "ascii plain 4000", "4000x4000");
          if (!quick)
            ok &= print_ratio (self, "ascii ours 10000", "ascii plain 10000", "10000x10000");
          return ok ? 0 : 1;
        }
      else if (g_str_equal (argv[i], "--notrace") && i + 1 < argc)
        notrace = argv[++i];
      else
        {
          fprintf (stderr, "usage: maze-bench [--quick] [--ratio] [--notrace PATH] [--case NAME] [--list]\n");
          return 2;
        }
    }

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    if (cases[i].quick || !quick)
      ok &= run_in_child (self, cases[i].name, "");

  printf ("\nBacktracker plus classic ASCII to /dev/null, %d rounds in turns\n", RATIO_ROUNDS);
  ok &= print_ratio (self, "ascii ours 4000", "ascii plain 4000", "4000x4000");
  if (!quick)
    ok &= print_ratio (self, "ascii ours 10000", "ascii plain 10000", "10000x10000");

  if (notrace != NULL)
    {
      printf ("\nObserver cost: the same cases with MAZE_EMIT compiled out\n");
      for (guint i = 0; i < G_N_ELEMENTS (trace_cases); i++)
        ok &= run_in_child (notrace, trace_cases[i], "  (no trace code)");
    }

  return ok ? 0 : 1;
}
