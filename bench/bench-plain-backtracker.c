/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "maze-bench"

#include "config.h"

#include <string.h>

#include "bench-plain-backtracker.h"

enum { OPEN_N = 1, OPEN_E = 2, OPEN_S = 4, OPEN_W = 8, VISITED = 16 };

static guint64
xorshift (guint64 *state)
{
  guint64 x = *state;

  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *state = x;
}

void
bench_plain_backtracker (guint  width,
                         guint  height,
                         FILE  *out)
{
  gsize n = (gsize) width * height;
  guint8 *cells = g_malloc0 (n);
  guint32 *stack = g_malloc (n * sizeof (guint32));
  char *line = g_malloc (4 * (gsize) width + 2);
  gsize sp = 0;
  guint64 rng = 88172645463325252ull;

  cells[0] = VISITED;
  stack[sp++] = 0;
  while (sp > 0)
    {
      guint32 i = stack[sp - 1], j;
      guint x = i % width, y = i / width;
      guint candidates[4], n_candidates = 0;

      if (y > 0 && !(cells[i - width] & VISITED))
        candidates[n_candidates++] = 0;
      if (x + 1 < width && !(cells[i + 1] & VISITED))
        candidates[n_candidates++] = 1;
      if (y + 1 < height && !(cells[i + width] & VISITED))
        candidates[n_candidates++] = 2;
      if (x > 0 && !(cells[i - 1] & VISITED))
        candidates[n_candidates++] = 3;
      if (n_candidates == 0)
        {
          sp--;
          continue;
        }
      switch (candidates[xorshift (&rng) % n_candidates])
        {
        case 0:
          j = i - width;
          cells[i] |= OPEN_N;
          cells[j] |= OPEN_S | VISITED;
          break;
        case 1:
          j = i + 1;
          cells[i] |= OPEN_E;
          cells[j] |= OPEN_W | VISITED;
          break;
        case 2:
          j = i + width;
          cells[i] |= OPEN_S;
          cells[j] |= OPEN_N | VISITED;
          break;
        default:
          j = i - 1;
          cells[i] |= OPEN_W;
          cells[j] |= OPEN_E | VISITED;
          break;
        }
      stack[sp++] = j;
    }

  for (guint y = 0; y <= height; y++)
    {
      char *p = line;

      for (guint x = 0; x < width; x++, p += 4)
        memcpy (p, y < height && (cells[(gsize) y * width + x] & OPEN_N) ? "+   " : "+---", 4);
      *p++ = '+';
      *p++ = '\n';
      fwrite (line, 1, p - line, out);
      if (y == height)
        break;
      p = line;
      for (guint x = 0; x < width; x++, p += 4)
        memcpy (p, (cells[(gsize) y * width + x] & OPEN_W) ? "    " : "|   ", 4);
      *p++ = '|';
      *p++ = '\n';
      fwrite (line, 1, p - line, out);
    }

  g_free (line);
  g_free (stack);
  g_free (cells);
}
