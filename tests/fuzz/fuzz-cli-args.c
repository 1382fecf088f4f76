/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "fuzz-cli-args"

#include "config.h"

#include "fuzz-target.h"

#include <string.h>

#include "cli-parse.h"

/* The command lines of "generate" and "export", from bytes: the input is
 * the arguments separated by NUL bytes, the first one the command
 * ("export" for export, anything else means generate). Whatever comes
 * in: a usage error with a message, or a request within every limit. */

#define MAX_ARGS 64

/* A cell of the grid the request makes: on rings (width the first
 * ring, height the rings), x along ring y. */
static gboolean
point_fits (const CliGenerateRequest *req,
            const CliPoint           *point)
{
  g_autoptr(MazePolarLayout) layout = NULL;

  if (req->shape != MAZE_SHAPE_CIRCULAR)
    return point->x < req->width && point->y < req->height;
  layout = maze_polar_layout_new (req->height, req->centre, req->width, NULL);
  g_assert_nonnull (layout);
  return point->y < req->height && point->x < maze_polar_ring_length (layout, (guint) point->y);
}

static void
check_generate (int    argc,
                char **argv)
{
  g_autoptr(GError) error = NULL;
  CliGenerateArgs args;
  CliGenerateRequest req;

  if (!cli_generate_parse (argc, argv, &args, &req, &error))
    {
      g_assert_error (error, CLI_ERROR, CLI_ERROR_USAGE);
      g_assert_true (error->message[0] != '\0');
      return;
    }
  g_assert_no_error (error);
  if (args.help)
    return;

  g_assert_true (maze_check_size (req.shape, req.width, req.height, NULL));
  g_assert_true (maze_algorithm_supports (req.options.algorithm, req.shape));
  g_assert_cmpuint (req.braid, <=, MAZE_BRAID_ONE);
  g_assert_cmpint (req.format, <=, CLI_FORMAT_MAZE);
  g_assert_nonnull (req.output);
  if (req.start.text != NULL)
    g_assert_true (point_fits (&req, &req.start));
  if (req.end.text != NULL)
    g_assert_true (point_fits (&req, &req.end));
  if (args.title != NULL)
    g_assert_cmpint (req.format, ==, CLI_FORMAT_MAZE);
}

static void
check_export (int    argc,
              char **argv)
{
  g_autoptr(GError) error = NULL;
  CliExportArgs args;
  g_auto(CliExportRequest) req = { 0 };

  if (!cli_export_parse (argc, argv, &args, &req, &error))
    {
      g_assert_error (error, CLI_ERROR, CLI_ERROR_USAGE);
      g_assert_true (error->message[0] != '\0');
      return;
    }
  g_assert_no_error (error);
  if (args.help)
    return;

  g_assert_nonnull (req.input);
  g_assert_nonnull (req.output);
  g_assert_cmpint (req.format, <, CLI_N_FORMATS);
  g_assert_true (maze_export_request_validate (&req.export, NULL));
  g_assert_cmpfloat (req.export.cell_px, >=, 1);
  g_assert_cmpfloat (req.export.cell_px, <=, 1000);
  g_assert_cmpfloat (req.export.dpi, >=, 10);
  g_assert_cmpfloat (req.export.dpi, <=, 10000);
  g_assert_cmpuint (req.batch, >=, 1);
  g_assert_cmpuint (req.batch, <=, 1000);
  g_assert_true (req.export.per_page == 1 || req.export.per_page == 2 ||
                 req.export.per_page == 4 || req.export.per_page == 6);
  g_assert_true ((req.from.text == NULL) == (req.to.text == NULL));
  if (req.export.image_width != 0.0)
    g_assert_true (req.export.image_width > 0.0 && req.export.image_width <= 65535.0);
  if (req.export.wall_rule == MAZE_EXPORT_WALL_WIDTH)
    g_assert_true (req.export.wall_width >= 0.01 && req.export.wall_width <= 1000.0);
  g_assert_true (req.export.margin_mm >= 0.0 && req.export.margin_mm <= 50.0);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *buffer = g_malloc (size + 1);
  char *argv[MAX_ARGS + 1];
  int argc = 0;
  gsize start = 0;

  memcpy (buffer, data, size);
  buffer[size] = '\0';
  for (gsize i = 0; i <= size && argc < MAX_ARGS; i++)
    if (buffer[i] == '\0')
      {
        argv[argc++] = buffer + start;
        start = i + 1;
      }
  argv[argc] = NULL;

  if (g_str_equal (argv[0], "export"))
    check_export (argc, argv);
  else
    check_generate (argc, argv);
  return 0;
}
