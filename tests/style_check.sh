#!/usr/bin/env bash
# style_check.sh SOURCE_DIR: the C sources keep .clang-format's 120 columns. Lists each line that
# runs over, with its file and number, and fails if there is one. (Formatting itself is left to
# people and their editors: the tree is not reformatted with clang-format.)
set -euo pipefail
cd "$1"
over=$(find src include tests -name '*.[ch]' -print0 | LC_ALL=C sort -z |
       xargs -0 awk 'length > 120 { printf "%s:%d: %d columns\n", FILENAME, FNR, length }')
if [ -n "$over" ]; then
  echo "style: lines over 120 columns:"
  echo "$over"
  exit 1
fi
echo "style: every line of the C sources within 120 columns"
