/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mazewright-cli"

#include "config.h"

#include "cli-options.h"

#include <string.h>

#include <glib/gi18n.h>

#include "cli-common.h"

static const CliOption *
find_long (const CliOption *options,
           guint            n_options,
           const char      *name,
           gsize            name_len)
{
  for (guint i = 0; i < n_options; i++)
    if (strlen (options[i].long_name) == name_len &&
        strncmp (options[i].long_name, name, name_len) == 0)
      return &options[i];
  return NULL;
}

static const CliOption *
find_short (const CliOption *options,
            guint            n_options,
            char             name)
{
  for (guint i = 0; i < n_options; i++)
    if (options[i].short_name != 0 && options[i].short_name == name)
      return &options[i];
  return NULL;
}

/* "--seed --width 5" or "--width -o m.txt" is a forgotten value, not a
 * seed called "--width" or a width called "-o"; "--start -1,0" is a
 * value (wrong, and said so). */
static gboolean
looks_like_option (const char      *arg,
                   const CliOption *options,
                   guint            n_options)
{
  if (arg[0] != '-')
    return FALSE;
  if (arg[1] == '-')
    return arg[2] != '\0';
  return arg[1] != '\0' && find_short (options, n_options, arg[1]) != NULL;
}

static gboolean
store_value (const char       *command,
             const CliOption  *options,
             guint             n_options,
             const CliOption  *option,
             gboolean         *given,
             const char       *shown,
             const char       *value,
             int              *i,
             int               argc,
             char            **argv,
             GError          **error)
{
  if (given[option - options])
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("Option %s of “%s” is given twice: give it once"), shown, command);
      return FALSE;
    }
  given[option - options] = TRUE;

  if (option->kind == CLI_OPTION_FLAG)
    {
      if (value != NULL)
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("Option %s of “%s” takes no value"), shown, command);
          return FALSE;
        }
      *(gboolean *) option->target = TRUE;
      return TRUE;
    }

  if (value == NULL)
    {
      if (*i + 1 >= argc || looks_like_option (argv[*i + 1], options, n_options))
        {
          g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                       _("Option %s of “%s” needs a value"), shown, command);
          return FALSE;
        }
      *i += 1;
      value = argv[*i];
    }

  if (option->kind == CLI_OPTION_FILE && value[0] == '\0')
    {
      g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                   _("Option %s of “%s” needs a file name, not an empty one (“-”: standard output)"),
                   shown, command);
      return FALSE;
    }
  *(const char **) option->target = value;
  return TRUE;
}

gboolean
cli_parse_options (const char       *command,
                   int               argc,
                   char            **argv,
                   const CliOption  *options,
                   guint             n_options,
                   GPtrArray        *positional,
                   GError          **error)
{
  g_autofree gboolean *given = g_new0 (gboolean, n_options);
  gboolean only_positional = FALSE;

  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];
      const CliOption *option;

      if (only_positional || arg[0] != '-' || arg[1] == '\0')
        {
          g_ptr_array_add (positional, (gpointer) arg);
          continue;
        }

      if (g_str_equal (arg, "--"))
        {
          only_positional = TRUE;
          continue;
        }

      if (arg[1] == '-')
        {
          const char *name = arg + 2;
          const char *eq = strchr (name, '=');
          gsize name_len = eq != NULL ? (gsize) (eq - name) : strlen (name);
          g_autofree char *shown = g_strndup (arg, name_len + 2);

          option = find_long (options, n_options, name, name_len);
          if (option == NULL)
            {
              g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("Unknown option %s for “%s”"), shown, command);
              return FALSE;
            }
          if (!store_value (command, options, n_options, option, given, shown, eq != NULL ? eq + 1 : NULL,
                            &i, argc, argv, error))
            return FALSE;
        }
      else
        {
          char shown[3] = { '-', arg[1], '\0' };

          option = find_short (options, n_options, arg[1]);
          if (option == NULL)
            {
              g_autofree char *quoted = g_strndup (arg, g_utf8_next_char (arg + 1) - arg);

              g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("Unknown option %s for “%s”"), quoted, command);
              return FALSE;
            }
          /* Flags cannot be bundled ("-ab"): there is only one short option. */
          if (option->kind == CLI_OPTION_FLAG && arg[2] != '\0')
            {
              g_set_error (error, CLI_ERROR, CLI_ERROR_USAGE,
                           _("Unknown option %s for “%s”"), arg, command);
              return FALSE;
            }
          if (!store_value (command, options, n_options, option, given, shown, arg[2] != '\0' ? arg + 2 : NULL,
                            &i, argc, argv, error))
            return FALSE;
        }
    }

  return TRUE;
}
