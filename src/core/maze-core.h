/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* The Mazewright core: GLib only, no GTK, cairo or libpng. */

#include "maze-braid.h"
#include "maze-difficulty.h"
#include "maze-endpoints.h"
#include "maze-error.h"
#include "maze-generate.h"
#include "maze-grid.h"
#include "maze-level.h"
#include "maze-metrics.h"
#include "maze-observer.h"
#include "maze-order.h"
#include "maze-outline-params.h"
#include "maze-pack.h"
#include "maze-polar.h"
#include "maze-puzzle.h"
#include "maze-region.h"
#include "maze-rng.h"
#include "maze-seed.h"
#include "maze-solve.h"
#include "maze-topology.h"
