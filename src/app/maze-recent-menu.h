/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Open Recent: the mazes Mazewright opened or saved last (its entries in
 * the recent manager, maze_window_add_recent()), newest first, that are
 * still there. */

#define MAZE_RECENT_MENU_MAX_ITEMS 10

/* Fills menu (emptied first) with an item per recent maze: its file name,
 * action (e.g. "win.open-recent") with the URI as target; one item
 * without an action, so insensitive, when there is none. */
void maze_recent_menu_fill (GMenu            *menu,
                            GtkRecentManager *manager,
                            const char       *action);

G_END_DECLS
