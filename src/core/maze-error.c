/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-error.h"

G_DEFINE_QUARK (maze-error-quark, maze_error)
