#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The installed Mazewright, checked without root (TAP output):
#
#   check-install.sh files OPTIONS  install into a temporary DESTDIR; the
#                                   installed files must be exactly the
#                                   expected list, point at each other, and
#                                   the thumbnailer must make a PNG
#   check-install.sh run OPTIONS    install the same way, compile the
#                                   installed schemas and start the installed
#                                   app on $DISPLAY (Xvfb) for a few seconds:
#                                   it must stay up, map a window and print
#                                   no warning or critical
#
# OPTIONS (data/meson.build passes them): --builddir --srcdir --prefix
# --bindir --datadir --localedir --app-id --gettext-package --cli yes|no
#
# The install uses --no-rebuild: meson test has built everything already,
# and the test must not run ninja in a build directory that other tests
# are using. Each run installs into its own temporary directory.

set -uo pipefail

mode=${1:-}
shift || true

builddir= srcdir= prefix= bindir= datadir= localedir= app_id= gettext_package= cli=yes
while [ $# -gt 0 ]; do
  case "$1" in
    --builddir) builddir=$2 ;;
    --srcdir) srcdir=$2 ;;
    --prefix) prefix=$2 ;;
    --bindir) bindir=$2 ;;
    --datadir) datadir=$2 ;;
    --localedir) localedir=$2 ;;
    --app-id) app_id=$2 ;;
    --gettext-package) gettext_package=$2 ;;
    --cli) cli=$2 ;;
    *) echo "Bail out! unknown option $1"; exit 1 ;;
  esac
  shift 2
done

case "$mode" in
  files|run|run-inner) ;;
  *) echo "Bail out! usage: $0 files|run OPTIONS"; exit 1 ;;
esac

n=0
failed=0

ok () {
  n=$((n + 1))
  echo "ok $n - $*"
}

not_ok () {
  n=$((n + 1))
  failed=1
  echo "not ok $n - $*"
}

skip () {
  n=$((n + 1))
  echo "ok $n # SKIP $*"
}

# Prints a file as TAP diagnostics.
diag_file () {
  sed 's/^/# /' "$1"
}

# An option path below the prefix unless it is absolute (meson keeps
# bindir=/opt/bin absolute when it is outside the prefix).
under_prefix () {
  case "$1" in
    /*) printf '%s\n' "$1" ;;
    *) printf '%s\n' "$prefix/$1" ;;
  esac
}

bin_path=$(under_prefix "$bindir")
data_path=$(under_prefix "$datadir")
locale_path=$(under_prefix "$localedir")

# The run check's second half, inside its own session bus (see below).
if [ "$mode" = run-inner ]; then
  : "${INSTALL_ROOT:?}" "${APP_LOG:?}" "${APP_STATE:?}"
  "$INSTALL_ROOT$bin_path/mazewright" >"$APP_LOG" 2>&1 &
  pid=$!
  alive=yes
  window=no
  # Three seconds, looking for the window meanwhile.
  for _ in $(seq 30); do
    sleep 0.1
    if ! kill -0 "$pid" 2>/dev/null; then
      alive=no
      break
    fi
    if [ "$window" = no ] && [ -n "${DISPLAY:-}" ] && command -v xwininfo >/dev/null; then
      # The app's windows by WM_CLASS; the 1x1 one is GDK's leader window.
      for id in $(xwininfo -root -tree 2>/dev/null |
                  sed -nE 's/^ *(0x[0-9a-f]+) .*\("mazewright" "[Mm]azewright"\) +[0-9]{3,}x[0-9]{3,}.*/\1/p'); do
        if xwininfo -id "$id" 2>/dev/null | grep -q 'Map State: IsViewable'; then
          window=yes
        fi
      done
    fi
  done
  if ! command -v xwininfo >/dev/null || [ -z "${DISPLAY:-}" ]; then
    window=unknown
  fi
  if [ "$alive" = yes ]; then
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    status=running
  else
    wait "$pid"
    status="exited with status $?"
  fi
  printf '%s\n%s\n' "$status" "$window" >"$APP_STATE"
  exit 0
fi

if [ "$mode" = run ] && [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  # No display: the Flatpak build and plain `meson test` land here.
  echo "1..0 # SKIP no display; run the tests under xvfb-run"
  exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mazewright-install.XXXXXX") || {
  echo "Bail out! cannot make a temporary directory"
  exit 1
}
trap 'rm -rf "$tmp"' EXIT
root=$tmp/root

if ${MESON:-meson} install -C "$builddir" --no-rebuild --quiet --destdir "$root" >"$tmp/install.log" 2>&1; then
  ok "meson install --destdir into a temporary directory"
else
  not_ok "meson install --destdir into a temporary directory"
  diag_file "$tmp/install.log"
  echo "1..$n"
  exit 1
fi

if [ "$mode" = files ]; then
  expected=(
    "$bin_path/mazewright"
    "$data_path/applications/$app_id.desktop"
    "$data_path/metainfo/$app_id.metainfo.xml"
    "$data_path/glib-2.0/schemas/$app_id.gschema.xml"
    "$data_path/icons/hicolor/scalable/apps/$app_id.svg"
    "$data_path/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"
    "$data_path/mime/packages/$app_id.xml"
    "$data_path/dbus-1/services/$app_id.service"
  )
  if [ "$cli" = yes ]; then
    expected+=(
      "$bin_path/mazewright-cli"
      "$data_path/thumbnailers/$app_id.thumbnailer"
    )
  fi
  # One .mo per language in LINGUAS; none while it lists none.
  languages=$(sed -e 's/#.*//' "$srcdir/po/LINGUAS" 2>/dev/null | tr -s ' \t' '\n\n' | sed '/^$/d')
  for lang in $languages; do
    expected+=("$locale_path/$lang/LC_MESSAGES/$gettext_package.mo")
  done

  for file in "${expected[@]}"; do
    if [ -f "$root$file" ]; then
      ok "installed $file"
    else
      not_ok "installed $file"
    fi
  done

  printf '%s\n' "${expected[@]}" | LC_ALL=C sort >"$tmp/expected"
  (cd "$root" && find . \( -type f -o -type l \) | sed 's|^\.||') | LC_ALL=C sort >"$tmp/installed"
  extra=$(LC_ALL=C comm -13 "$tmp/expected" "$tmp/installed")
  if [ -z "$extra" ]; then
    ok "nothing else is installed"
  else
    not_ok "nothing else is installed"
    printf '# unexpected: %s\n' $extra
  fi

  for exe in mazewright $([ "$cli" = yes ] && echo mazewright-cli); do
    if [ -x "$root$bin_path/$exe" ]; then
      ok "$exe is executable"
    else
      not_ok "$exe is executable"
    fi
  done

  # The desktop entry starts the installed binary, with the installed
  # icon, and opens .maze files.
  desktop=$root$data_path/applications/$app_id.desktop
  if grep -qx "Exec=$bin_path/mazewright %U" "$desktop" 2>/dev/null &&
     grep -qx "Icon=$app_id" "$desktop" &&
     grep -q '^MimeType=.*application/x-mazewright;' "$desktop"; then
    ok "desktop entry: Exec, Icon and MimeType"
  else
    not_ok "desktop entry: Exec, Icon and MimeType"
    [ -f "$desktop" ] && diag_file "$desktop"
  fi

  # D-Bus activation: the service has the app's ID and starts the
  # installed binary as a GApplication service; the desktop entry says so.
  service=$root$data_path/dbus-1/services/$app_id.service
  if grep -qx "Name=$app_id" "$service" 2>/dev/null &&
     grep -qx "Exec=$bin_path/mazewright --gapplication-service" "$service" &&
     grep -qx "DBusActivatable=true" "$desktop"; then
    ok "D-Bus service: Name and Exec; desktop entry: DBusActivatable"
  else
    not_ok "D-Bus service: Name and Exec; desktop entry: DBusActivatable"
    [ -f "$service" ] && diag_file "$service"
  fi

  metainfo=$root$data_path/metainfo/$app_id.metainfo.xml
  if grep -q "<id>$app_id</id>" "$metainfo" 2>/dev/null &&
     grep -q "<launchable type=\"desktop-id\">$app_id.desktop</launchable>" "$metainfo"; then
    ok "metainfo: id and launchable"
  else
    not_ok "metainfo: id and launchable"
  fi

  if grep -q '<glob pattern="\*.maze"/>' "$root$data_path/mime/packages/$app_id.xml" 2>/dev/null; then
    ok "MIME type: *.maze glob"
  else
    not_ok "MIME type: *.maze glob"
  fi

  # The thumbnailer, run as a thumbnail factory would, against the
  # installed CLI (its Exec line names the final path, not the DESTDIR).
  if [ "$cli" = yes ]; then
    thumbnailer=$root$data_path/thumbnailers/$app_id.thumbnailer
    exec_line=$(sed -n 's/^Exec=//p' "$thumbnailer" 2>/dev/null)
    "$root$bin_path/mazewright-cli" generate --width 12 --height 30 --seed 7 -o "$tmp/tall.maze" 2>"$tmp/thumb.log"
    command=${exec_line//%i/$tmp/tall.maze}
    command=${command//%o/$tmp/thumb.png}
    command=${command//%s/128}
    command=${command/#$bin_path\//$root$bin_path/}
    # The factory gives no file name extension to rely on; --format says png.
    if [ -n "$exec_line" ] && eval "$command" >>"$tmp/thumb.log" 2>&1 &&
       [ "$(head -c 8 "$tmp/thumb.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; then
      width=$(od -An -tu1 -j16 -N4 "$tmp/thumb.png" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4 }')
      if [ "$width" = 128 ]; then
        ok "thumbnailer makes a 128 px wide PNG"
      else
        not_ok "thumbnailer makes a 128 px wide PNG (got $width)"
      fi
    else
      not_ok "thumbnailer makes a PNG"
      echo "# $exec_line"
      diag_file "$tmp/thumb.log"
    fi
  fi
fi

if [ "$mode" = run ]; then
  schema_dir=$root$data_path/glib-2.0/schemas
  if glib-compile-schemas --strict "$schema_dir" >"$tmp/schemas.log" 2>&1; then
    ok "installed schemas compile"
  else
    not_ok "installed schemas compile"
    diag_file "$tmp/schemas.log"
  fi

  # Its own session bus: a GUI test running at the same time may own the
  # application ID on the shared one, and this instance would then just
  # hand over to it and exit.
  export INSTALL_ROOT=$root APP_LOG=$tmp/app.log APP_STATE=$tmp/app.state
  export GSETTINGS_SCHEMA_DIR=$schema_dir GSETTINGS_BACKEND=memory
  export XDG_DATA_DIRS=$root$data_path:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}
  export G_DEBUG=fatal-criticals ADW_DISABLE_PORTAL=1 LC_ALL=C.UTF-8
  unset LANGUAGE
  inner=("$0" run-inner --prefix "$prefix" --bindir "$bindir" --datadir "$datadir"
         --localedir "$localedir" --app-id "$app_id")
  if command -v dbus-run-session >/dev/null; then
    dbus-run-session -- "${inner[@]}" >"$tmp/bus.log" 2>&1
  else
    "${inner[@]}" >"$tmp/bus.log" 2>&1
  fi

  status=$(sed -n 1p "$tmp/app.state" 2>/dev/null)
  window=$(sed -n 2p "$tmp/app.state" 2>/dev/null)
  if [ "$status" = running ]; then
    ok "installed app stays up for 3 seconds"
  else
    not_ok "installed app stays up for 3 seconds (${status:-did not start})"
    diag_file "$tmp/bus.log"
  fi
  case "$window" in
    yes) ok "installed app maps its window" ;;
    unknown) skip "xwininfo or an X display is missing" ;;
    *) not_ok "installed app maps its window" ;;
  esac
  if [ -f "$tmp/app.log" ] && ! grep -qE 'CRITICAL|WARNING|ERROR|\*\*' "$tmp/app.log"; then
    ok "installed app prints no warning or critical"
  else
    not_ok "installed app prints no warning or critical"
    [ -f "$tmp/app.log" ] && diag_file "$tmp/app.log"
  fi
fi

echo "1..$n"
exit $failed
