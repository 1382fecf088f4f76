/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Writes text to path (NULL or "-": standard output) through
 * MazeAtomicFile: all of it or, on failure, nothing, the old file intact.
 * A failure is CLI_ERROR_FAILURE (exit 1). */
gboolean cli_write_output        (const char    *path,
                                  const GString *text,
                                  GError       **error);

/* JSON pieces, written by hand: the CLI has no JSON library. */
void     cli_json_append_string  (GString       *out,
                                  const char    *value);
/* A number with three decimals, '.' whatever the locale. */
void     cli_json_append_double  (GString       *out,
                                  double         value);

G_END_DECLS
