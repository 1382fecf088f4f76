/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Counts as people read them: digits in groups of three. */

/* U+202F NARROW NO-BREAK SPACE: the SI's digit group separator, used
 * where the locale has none (the C locale). */
#define MAZE_NUMBER_FALLBACK_SEPARATOR "\u202f"

char       *maze_format_count_with_separator (guint64     n,
                                              const char *separator);
char       *maze_format_count                (guint64     n);
const char *maze_number_get_separator        (void);

G_END_DECLS
