/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* For tests only: makes the atomic files opened from now on fail as spec
 * says (the syntax of MAZEWRIGHT_TEST_FAULTS, see maze-atomic-file.c),
 * without touching the environment, which is not safe once threads run.
 * NULL goes back to reading MAZEWRIGHT_TEST_FAULTS. */
void maze_atomic_file_set_test_faults (const char *spec);

G_END_DECLS
