/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void maze_json_append_string (GString    *out,
                              const char *text);

G_END_DECLS
