/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "maze-core.h"

G_BEGIN_DECLS

/* Helpers shared by the test programs: grids and mazes to test on, a
 * temporary folder per test, small file checks, and running
 * mazewright-cli as a script would. */

typedef struct
{
  char *dir; /* a fresh temporary folder, removed with its files */
} MazeTestFixture;

typedef struct
{
  int   status; /* exit status; the process must exit, never crash */
  char *out;
  char *err;
} MazeTestRun;

/* The shapes whose rows are all the grid's width long, as the suites'
 * hand-made mazes need (cells counted in rows, passages named E and S):
 * those before the circular one, whose rings test-polar covers. */
#define MAZE_TEST_N_ROW_SHAPES MAZE_SHAPE_CIRCULAR

/* TRUE under the valgrind test setups (MAZEWRIGHT_TEST_UNDER_VALGRIND,
 * set in meson.build), where code runs some fifty times slower: the
 * heaviest loops take a few seeds and sizes there, enough to find a
 * memory error, and every one in the normal and ASan runs. */
gboolean     maze_test_under_valgrind       (void);
/* How many seeds a loop takes: n, or under valgrind a few. */
guint        maze_test_seeds                (guint                 n);
guint32      maze_test_count_cells          (const MazeGrid       *grid,
                                            const MazeRect       *r);
void         maze_test_mask_sparsely        (MazeGrid             *grid,
                                            guint                 right_margin);
guint        maze_test_fit_width            (MazeShape             shape,
                                            guint                 width,
                                            guint                 height);
MazeGrid    *maze_test_new_grid             (MazeShape             shape,
                                             guint                 width,
                                             guint                 height);
/* Rings round a centre cell (ring 0), every wall up. */
MazeGrid    *maze_test_new_centre_grid      (guint                 first,
                                             guint                 rings);
/* A forest carved inside region of a grid with no passages elsewhere:
 * cells open cells in parts trees, nothing outside region touched. */
void         maze_test_assert_forest        (const MazeGrid       *grid,
                                             const MazeRect       *region,
                                             guint32               cells,
                                             guint32               parts);
MazeGrid    *maze_test_new_maze             (MazeShape             shape,
                                             guint                 width,
                                             guint                 height,
                                             MazeAlgorithm         algorithm,
                                             guint64               seed);
/* Random weights 1..max_weight on every cell, drawn from the maze's own
 * RNG seeded with seed. */
void         maze_test_set_random_weights   (MazeGrid             *grid,
                                             guint64               seed,
                                             guint                 max_weight);

 /* A braided 12×9 maze with mud (weight 9) on the inner cells of its
 * fewest-cells way, so that the cheapest way (Dijkstra's) is another,
 * longer one: the answer every export must show. */
MazePuzzle  *maze_test_new_muddy_puzzle     (void);
void         maze_test_fixture_set_up       (MazeTestFixture      *fixture,
                                             gconstpointer         data);
void         maze_test_fixture_tear_down    (MazeTestFixture      *fixture,
                                             gconstpointer         data);
char        *maze_test_fixture_path         (MazeTestFixture      *fixture,
                                             const char           *name);

guint        maze_test_count_entries        (const char           *path);
void         maze_test_write_string         (const char           *path,
                                             const char           *text);
void         maze_test_assert_contents      (const char           *path,
                                             const char           *expected);

void         maze_test_write_file           (MazeTestFixture      *fixture,
                                             const char           *name,
                                             const char           *contents);
char        *maze_test_read_file_len        (MazeTestFixture      *fixture,
                                             const char           *name,
                                             gsize                *length);
char        *maze_test_read_file            (MazeTestFixture      *fixture,
                                             const char           *name);
gboolean     maze_test_file_exists          (MazeTestFixture      *fixture,
                                             const char           *name);
void         maze_test_remove_file          (MazeTestFixture      *fixture,
                                             const char           *name);
void         maze_test_assert_no_temp_files (MazeTestFixture      *fixture);

void         maze_test_run_free             (MazeTestRun          *run);
const char  *maze_test_cli_path             (void);
MazeTestRun *maze_test_run_argv             (MazeTestFixture      *fixture,
                                             GPtrArray            *args,
                                             GSpawnChildSetupFunc  child_setup);
MazeTestRun *maze_test_run_argv_env         (MazeTestFixture      *fixture,
                                             GPtrArray            *args,
                                             char                **envp,
                                             GSpawnChildSetupFunc  child_setup);
MazeTestRun *maze_test_run_cliv             (MazeTestFixture      *fixture,
                                             const char * const   *argv);
MazeTestRun *maze_test_run_cli              (MazeTestFixture      *fixture,
                                             const char           *first,
                                             ...) G_GNUC_NULL_TERMINATED;
void         maze_test_assert_one_line      (const char           *err,
                                             const char           *needle);
void         maze_test_assert_usage_error   (const MazeTestRun    *run,
                                             const char           *needle);
void         maze_test_assert_success       (const MazeTestRun    *run);
void         maze_test_limit_file_size_cb   (gpointer              user_data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MazeTestRun, maze_test_run_free)

G_END_DECLS
