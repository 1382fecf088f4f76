/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "fuzz-replay"

#include "config.h"

#include <glib.h>

#include "fuzz-target.h"

/* The normal test suite's side of a fuzz target: feeds it every file in
 * the folders given on the command line (its seed corpus and the inputs
 * that once found a bug), one test case each, so that a fixed bug stays
 * fixed without clang or libFuzzer. The target aborts on a problem,
 * which fails the case; run under valgrind or the sanitizers, memory
 * errors fail it too. */

static void
replay_file (gconstpointer data)
{
  const char *path = data;
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length = 0;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  /* An exact copy, so that reading past the end is caught. */
  {
    g_autofree guint8 *exact = g_memdup2 (contents, length);

    g_assert_cmpint (LLVMFuzzerTestOneInput (exact, length), ==, 0);
  }
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *target = NULL;

  g_test_init (&argc, &argv, NULL);
  target = g_path_get_basename (g_get_prgname ());

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GDir) dir = NULL;
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GError) error = NULL;
      g_autofree char *folder = g_path_get_basename (argv[i]);
      g_autofree char *parent_path = g_path_get_dirname (argv[i]);
      g_autofree char *parent = g_path_get_basename (parent_path);
      const char *name;

      dir = g_dir_open (argv[i], 0, &error);
      g_assert_no_error (error);
      while ((name = g_dir_read_name (dir)) != NULL)
        if (name[0] != '.')
          g_ptr_array_add (names, g_strdup (name));
      /* The order of the cases does not depend on the file system. */
      g_ptr_array_sort (names, compare_names);

      for (guint k = 0; k < names->len; k++)
        {
          const char *file = g_ptr_array_index (names, k);
          g_autofree char *path = g_build_filename (argv[i], file, NULL);
          g_autofree char *test_path = g_strdup_printf ("/fuzz/%s/%s/%s", parent, folder, file);

          g_test_add_data_func_full (test_path, g_steal_pointer (&path), replay_file, g_free);
        }
    }

  return g_test_run ();
}
