/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "maze-document.h"

G_BEGIN_DECLS

/* The sidebar: the settings a maze is generated from (shape, size,
 * algorithm, seed, braid, start/end preset, difficulty presets) and the
 * figures of the document's maze under them. The panel does not
 * generate: when the user changes a setting it emits "changed" and the
 * window generates (on a thread for big mazes); when the user moves the
 * braid slider it emits "braid-changed" (braid, gesture) and the window
 * braids the maze there is; when the user asks for a Score Band it
 * emits "band-requested" (min, max) and the window generates to order.
 * When the document
 * changes (an undo, a file opened) the panel shows its parameters. */

/* The smallest and largest sides the panel offers. */
#define MAZE_SETTINGS_MIN_SIDE 2
#define MAZE_SETTINGS_MAX_SIDE 2000
/* The most rings the panel offers: 1000 rings make about 3 million
 * cells, as many as a 1750 × 1750 rectangle. */
#define MAZE_SETTINGS_MAX_RINGS 1000

typedef struct
{
  MazeShape            shape;
  /* What maze_grid_new() takes: columns and rows, or on the circular
   * grid the first ring's cells and the rings. */
  guint                width;
  guint                height;
  gboolean             centre;    /* circular: a centre cell, not the room */
  MazeAlgorithm        algorithm;
  MazeGrowingTreeMode  growing_tree_mode;
  guint64              seed;
  guint32              braid;     /* fixed point, MAZE_BRAID_ONE = 1 */
  MazeEndpointsPreset  endpoints;
} MazeSettings;

#define MAZE_TYPE_SETTINGS_PANEL (maze_settings_panel_get_type ())

G_DECLARE_FINAL_TYPE (MazeSettingsPanel, maze_settings_panel, MAZE, SETTINGS_PANEL, GtkWidget)

GtkWidget    *maze_settings_panel_new          (void);
void          maze_settings_panel_set_document (MazeSettingsPanel  *self,
                                                MazeDocument       *document);
MazeDocument *maze_settings_panel_get_document (MazeSettingsPanel  *self);
/* What the controls say now. A seed that does not parse counts as the
 * document's seed. */
void          maze_settings_panel_get_settings (MazeSettingsPanel  *self,
                                                MazeSettings       *settings);
/* Puts a new random seed in the seed entry and emits "changed". */
void          maze_settings_panel_new_seed     (MazeSettingsPanel  *self);
/* Shows the document's maze again, dropping choices that made nothing
 * (a generation cancelled or failed). */
void          maze_settings_panel_show_document (MazeSettingsPanel *self);
/* A change still settling (a size being stepped, the braid slid) is
 * made now, so that an undo right after it undoes that change. */
void          maze_settings_panel_flush        (MazeSettingsPanel  *self);
/* Says under the Score Band why the band asked could not be reached
 * (the core's message); NULL hides it. */
void          maze_settings_panel_set_band_message (MazeSettingsPanel *self,
                                                    const char        *message);
/* The figures shown for the document; FALSE while they are computed (or
 * when the maze has none). */
gboolean      maze_settings_panel_get_metrics  (MazeSettingsPanel  *self,
                                                MazeMetrics        *metrics);

G_END_DECLS
