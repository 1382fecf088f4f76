/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-io"

#include "config.h"

#include "maze-puzzle-file-private.h"

#include <string.h>

/* The schema as the pre-check follows it: which values of a document
 * this version reads, so that values anywhere else (members it does not
 * know, an array where a number belongs, a third coordinate) can be
 * counted before json-glib builds them. The members are those the typed
 * getters of maze-puzzle-file-read.c ask for. */

typedef struct
{
  const char    *name;
  MazeFilePlace  place;
} Member;

static const Member top_members[] = {
  { "format", MAZE_FILE_PLACE_SCALAR },
  { "version", MAZE_FILE_PLACE_SCALAR },
  { "generator_version", MAZE_FILE_PLACE_SCALAR },
  { "title", MAZE_FILE_PLACE_SCALAR },
  { "shape", MAZE_FILE_PLACE_SCALAR },
  { "width", MAZE_FILE_PLACE_SCALAR },
  { "height", MAZE_FILE_PLACE_SCALAR },
  { "rings", MAZE_FILE_PLACE_SCALAR },
  { "first", MAZE_FILE_PLACE_SCALAR },
  { "centre", MAZE_FILE_PLACE_SCALAR },
  { "parameters", MAZE_FILE_PLACE_PARAMETERS },
  { "start", MAZE_FILE_PLACE_PAIR },
  { "end", MAZE_FILE_PLACE_PAIR },
  { "history", MAZE_FILE_PLACE_HISTORY },
  { "mask", MAZE_FILE_PLACE_BULK },
  { "weights", MAZE_FILE_PLACE_BULK },
  { "passages", MAZE_FILE_PLACE_BULK },
  { "outline", MAZE_FILE_PLACE_OUTLINE },
  { NULL, MAZE_FILE_PLACE_STRAY },
};

static const Member parameters_members[] = {
  { "algorithm", MAZE_FILE_PLACE_SCALAR },
  { "growing_tree_mode", MAZE_FILE_PLACE_SCALAR },
  { "seed", MAZE_FILE_PLACE_SCALAR },
  { "braid", MAZE_FILE_PLACE_SCALAR },
  { "braid_fixed", MAZE_FILE_PLACE_SCALAR },
  { "difficulty_min", MAZE_FILE_PLACE_SCALAR },
  { "difficulty_max", MAZE_FILE_PLACE_SCALAR },
  { NULL, MAZE_FILE_PLACE_STRAY },
};

static const Member edit_members[] = {
  { "edit", MAZE_FILE_PLACE_SCALAR },
  { "rect", MAZE_FILE_PLACE_RECT },
  { "algorithm", MAZE_FILE_PLACE_SCALAR },
  { "growing_tree_mode", MAZE_FILE_PLACE_SCALAR },
  { "seed", MAZE_FILE_PLACE_SCALAR },
  { "mask", MAZE_FILE_PLACE_BULK },
  { "cell", MAZE_FILE_PLACE_PAIR },
  { "weight", MAZE_FILE_PLACE_SCALAR },
  { NULL, MAZE_FILE_PLACE_STRAY },
};

static const Member outline_members[] = {
  { "kind", MAZE_FILE_PLACE_SCALAR },
  { "name", MAZE_FILE_PLACE_SCALAR },
  { "text", MAZE_FILE_PLACE_SCALAR },
  { "font", MAZE_FILE_PLACE_SCALAR },
  { "sha256", MAZE_FILE_PLACE_SCALAR },
  { "threshold", MAZE_FILE_PLACE_SCALAR },
  { NULL, MAZE_FILE_PLACE_STRAY },
};

static MazeFilePlace
find_member (const Member *members,
             const char   *name,
             gsize         length)
{
  const Member *m = members;

  for (; name != NULL && m->name != NULL; m++)
    if (strlen (m->name) == length && memcmp (m->name, name, length) == 0)
      break;
  return name != NULL ? m->place : MAZE_FILE_PLACE_STRAY;
}

/**
 * maze_file_place_of_value:
 * @parent: the place of the object or array the value is in
 *   (MAZE_FILE_PLACE_DOCUMENT for the document itself)
 * @name: (nullable): its member name, not NUL-terminated; NULL in an array
 * @name_length: the name's length
 * @index: its index in an array
 * @open: '{' or '[' when the value is an object or an array, else 0
 *
 * Returns: where the value sits: a container the schema reads, a string
 *   or number it reads (SCALAR, or BULK for the bulk data), or STRAY. A
 *   string or number where the schema wants an object or array is one
 *   value that the typed getters refuse, SCALAR; an object or array
 *   where it wants something else is STRAY, and so is all it holds.
 */
MazeFilePlace
maze_file_place_of_value (MazeFilePlace  parent,
                          const char    *name,
                          gsize          name_length,
                          guint          index,
                          char           open)
{
  MazeFilePlace place;

  switch (parent)
    {
    case MAZE_FILE_PLACE_DOCUMENT:
      place = MAZE_FILE_PLACE_TOP;
      break;
    case MAZE_FILE_PLACE_TOP:
      place = find_member (top_members, name, name_length);
      break;
    case MAZE_FILE_PLACE_PARAMETERS:
      place = find_member (parameters_members, name, name_length);
      break;
    case MAZE_FILE_PLACE_HISTORY:
      place = MAZE_FILE_PLACE_EDIT;
      break;
    case MAZE_FILE_PLACE_EDIT:
      place = find_member (edit_members, name, name_length);
      break;
    case MAZE_FILE_PLACE_OUTLINE:
      place = find_member (outline_members, name, name_length);
      break;
    case MAZE_FILE_PLACE_PAIR:
      place = index < 2 ? MAZE_FILE_PLACE_SCALAR : MAZE_FILE_PLACE_STRAY;
      break;
    case MAZE_FILE_PLACE_RECT:
      place = index < 4 ? MAZE_FILE_PLACE_SCALAR : MAZE_FILE_PLACE_STRAY;
      break;
    case MAZE_FILE_PLACE_STRAY:
    case MAZE_FILE_PLACE_SCALAR:
    case MAZE_FILE_PLACE_BULK:
    default:
      return MAZE_FILE_PLACE_STRAY;
    }

  if (place == MAZE_FILE_PLACE_STRAY)
    return MAZE_FILE_PLACE_STRAY;
  if (open == 0)
    return place == MAZE_FILE_PLACE_BULK ? MAZE_FILE_PLACE_BULK : MAZE_FILE_PLACE_SCALAR;
  switch (place)
    {
    case MAZE_FILE_PLACE_TOP:
    case MAZE_FILE_PLACE_PARAMETERS:
    case MAZE_FILE_PLACE_EDIT:
    case MAZE_FILE_PLACE_OUTLINE:
      return open == '{' ? place : MAZE_FILE_PLACE_STRAY;
    case MAZE_FILE_PLACE_HISTORY:
    case MAZE_FILE_PLACE_PAIR:
    case MAZE_FILE_PLACE_RECT:
      return open == '[' ? place : MAZE_FILE_PLACE_STRAY;
    default:
      return MAZE_FILE_PLACE_STRAY;
    }
}
