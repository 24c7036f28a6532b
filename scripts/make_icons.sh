#!/usr/bin/env bash
# make_icons.sh: renders the desktop icons (assets/icons/hicolor/SIZExSIZE/apps/nqueens.png) from
# the two drawings: assets/icons/nqueens-small.svg for 16, 22 and 24 px, where the full drawing's
# five-point crown and sixteen squares blur, and hicolor/scalable/apps/nqueens.svg from 32 px up.
# Run by hand after changing a drawing (bash scripts/make_icons.sh, needs rsvg-convert from Debian's
# librsvg2-bin); its outputs are committed, so building and installing need no SVG renderer.
set -euo pipefail
icons=$(cd "$(dirname "${BASH_SOURCE[0]}")/../assets/icons" && pwd)
command -v rsvg-convert >/dev/null || { echo "make_icons: needs rsvg-convert (apt-get install librsvg2-bin)" >&2; exit 1; }
for size in 16 22 24 32 48 64 128 256 512; do
  if [ "$size" -le 24 ]; then drawing=$icons/nqueens-small.svg; else drawing=$icons/hicolor/scalable/apps/nqueens.svg; fi
  mkdir -p "$icons/hicolor/${size}x${size}/apps"
  rsvg-convert --width "$size" --height "$size" --format png --output "$icons/hicolor/${size}x${size}/apps/nqueens.png" "$drawing"
done
