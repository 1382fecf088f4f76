/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

/* Private to the core: disjoint sets over 0..n-1 (Kruskal, joining forests,
 * stitching regenerated regions). Union by rank, path halving. */

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint32 *parent;
  guint8  *rank;
  guint32  n;
} MazeUnionFind;

gboolean maze_union_find_init  (MazeUnionFind *uf,
                                guint32        n);
void     maze_union_find_clear (MazeUnionFind *uf);

static inline guint32
maze_union_find_find (MazeUnionFind *uf,
                      guint32        x)
{
  while (uf->parent[x] != x)
    {
      uf->parent[x] = uf->parent[uf->parent[x]];
      x = uf->parent[x];
    }
  return x;
}

/* Joins the sets of a and b; FALSE when they were already one set. */
static inline gboolean
maze_union_find_unite (MazeUnionFind *uf,
                       guint32        a,
                       guint32        b)
{
  a = maze_union_find_find (uf, a);
  b = maze_union_find_find (uf, b);
  if (a == b)
    return FALSE;
  if (uf->rank[a] < uf->rank[b])
    {
      guint32 t = a;
      a = b;
      b = t;
    }
  uf->parent[b] = a;
  if (uf->rank[a] == uf->rank[b])
    uf->rank[a]++;
  return TRUE;
}

G_END_DECLS
