/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Text from users (a title, instructions) as every writer takes it:
 * cairo refuses noncharacters (U+FFFE, U+FDD0…) in a PDF with "input
 * string not valid UTF-8", XML has no place for them nor for most
 * control characters. Free with g_free(). */
char *maze_printable_dup (const char *text);

G_END_DECLS
