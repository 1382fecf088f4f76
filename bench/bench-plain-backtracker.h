/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stdio.h>

#include <glib.h>

/* The yardstick for the backtracker benchmark: the plain iterative C
 * backtracker a textbook would write (explicit stack of cell indices, one
 * byte per cell with passage and visited bits, xorshift), writing the same
 * classic ASCII. Not used by Mazewright itself. */
void bench_plain_backtracker (guint  width,
                              guint  height,
                              FILE  *out);
