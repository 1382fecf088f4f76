/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-core"

#include "config.h"

#include "maze-union-find.h"

gboolean
maze_union_find_init (MazeUnionFind *uf,
                      guint32        n)
{
  uf->n = n;
  uf->parent = g_try_new (guint32, MAX (n, 1));
  uf->rank = g_try_new0 (guint8, MAX (n, 1));
  if (uf->parent == NULL || uf->rank == NULL)
    {
      maze_union_find_clear (uf);
      return FALSE;
    }
  for (guint32 i = 0; i < n; i++)
    uf->parent[i] = i;
  return TRUE;
}

void
maze_union_find_clear (MazeUnionFind *uf)
{
  g_clear_pointer (&uf->parent, g_free);
  g_clear_pointer (&uf->rank, g_free);
  uf->n = 0;
}
