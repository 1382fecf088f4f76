/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define MAZE_TYPE_APPLICATION (maze_application_get_type ())

G_DECLARE_FINAL_TYPE (MazeApplication, maze_application, MAZE, APPLICATION, AdwApplication)

MazeApplication *maze_application_new (void);

G_END_DECLS
