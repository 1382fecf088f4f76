/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "maze-puzzle.h"
#include "maze-render.h"

G_BEGIN_DECLS

/* Worksheet pages: one, two, four or six mazes on a sheet of paper, each
 * fitted and centred in its slot, with a title, a "Name: ____ Date: ____"
 * line, an instruction line, Start/Finish labels (or names of the
 * caller's) and a footer carrying the puzzle ID; in a pack, each puzzle's
 * number, the page's number and the puzzle's difficulty too. Answer pages
 * draw the same mazes with their solutions, numbers and IDs, in the same
 * places, without the name line. The PDF exporter and printing draw pages
 * with this. Units are points (1/72 in), as cairo's PDF surface and
 * GtkPrintContext use. */

typedef enum
{
  MAZE_PAPER_A4,
  MAZE_PAPER_LETTER,
  MAZE_PAPER_A5,
  MAZE_PAPER_A3,
  MAZE_PAPER_LEGAL,
  MAZE_PAPER_BOOK_6X9,   /* a 6 × 9 in puzzle-book page */
} MazePaper;

#define MAZE_N_PAPERS 6

typedef struct
{
  MazePaper          paper;
  gboolean           landscape;
  double             margin_mm;        /* on every side; default 15 */
  guint              per_page;         /* 1, 2, 4 or 6 */
  const char        *title;            /* NULL: the puzzle's title, else "Maze"; "": none */
  gboolean           name_date_line;   /* puzzle pages only: answer pages keep its room */
  const char        *instructions;     /* NULL: a default line; "": none */
  gboolean           labels;           /* "Start" and "Finish" beside the markers */
  const char        *start_label;      /* NULL or "": "Start", translated */
  const char        *finish_label;     /* NULL or "": "Finish", translated */
  gboolean           footer;           /* puzzle ID (and "Answer key" on answer pages) */
  gboolean           difficulty;       /* "Difficulty: 3 of 5 (Medium)" by each ID */
  guint              first_number;     /* 0: none; else puzzles[i] is number first_number + i */
  guint              page_number;      /* 0: none; else "Page N of M" in the footer */
  guint              n_pages;          /* M; 0: "Page N" */
  MazeRenderOptions  render;           /* walls, colours, monochrome; cell_size,
                                          margin, start, end and solution are set
                                          per maze by the layout; wall_width 0
                                          (the default) follows the cell size */
} MazeWorksheetOptions;

void     maze_worksheet_options_init  (MazeWorksheetOptions        *options);
/* "a4", "letter", "a5", "a3", "legal", "6x9": the CLI's and the
 * settings' names; and the translated name a person reads. */
gboolean    maze_paper_from_string    (const char                  *name,
                                       MazePaper                   *paper);
const char *maze_paper_get_name       (MazePaper                    paper);
const char *maze_paper_get_title      (MazePaper                    paper);
void     maze_worksheet_page_size     (const MazeWorksheetOptions  *options,
                                       double                      *width_pt,
                                       double                      *height_pt);
/* Draws one page holding puzzles[0..n_puzzles-1] (at most per_page). With
 * answers, each maze shows its answer from start to end: the cheapest
 * way (maze_solver_for_answer()). */
void     maze_worksheet_render_page   (cairo_t                     *cr,
                                       const MazeWorksheetOptions  *options,
                                       MazePuzzle * const          *puzzles,
                                       guint                        n_puzzles,
                                       gboolean                     answers);

/* The size in points of the smallest cell the page gives
 * puzzles[0..n_puzzles-1] (at most per_page), as
 * maze_worksheet_render_page() would lay them out; 0 when a maze gets no
 * room at all. */
double   maze_worksheet_get_cell_size (const MazeWorksheetOptions  *options,
                                       MazePuzzle * const          *puzzles,
                                       guint                        n_puzzles);

/* The walls a worksheet draws at cell_size points: render's
 * wall_width when set (at most half a cell), else an eighth of a cell
 * within 0.5 to 2.5 pt. Posters (maze-poster.h) draw theirs so too. */
double   maze_worksheet_get_wall_width (const MazeRenderOptions    *render,
                                        double                      cell_size);

/* The sentence saying what the mud of the puzzles costs ("Dotted cells
 * are mud: …"), as the worksheet's instructions carry it; NULL when they
 * have none. For the poster's sheets too. */
char    *maze_worksheet_dup_mud_note  (MazePuzzle * const          *puzzles,
                                       guint                        n_puzzles);

G_END_DECLS
