/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Cairo's finished PDF with its grey colours (black included) as
 * DeviceGray instead of DeviceRGB, so they print with black ink alone;
 * the same bytes when the file is not laid out as cairo writes it. */
GBytes *maze_pdf_gray_rewrite (GBytes *pdf);

G_END_DECLS
