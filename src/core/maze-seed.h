/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A seed as people type it: a number as it is, or any other text ("class
 * 3B") turned into a number, the same on every platform, so that the
 * same words always give the same maze. */
gboolean maze_seed_from_text (const char *text,
                              guint64    *seed,
                              gboolean   *from_words);

G_END_DECLS
