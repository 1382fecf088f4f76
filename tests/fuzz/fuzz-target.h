/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <stddef.h>
#include <stdint.h>

/* The entry point of a fuzz target: libFuzzer calls it with each input
 * (fuzzing builds, -Dfuzzing=true), fuzz-replay.c with each file of the
 * corpus and of the regressions (the normal test suite). It returns 0;
 * any problem found aborts (g_assert, or a sanitizer). */
int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);
