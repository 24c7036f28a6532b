#!/usr/bin/env bash
# The two commands of the README's quick start, for a fresh Debian 12 machine:
#   bash cmake/quickstart.sh app    installs what is missing, builds, starts N-Queens Explorer
#                                   (arguments after "app" go to the program)
#   bash cmake/quickstart.sh test   installs what is missing, builds, runs every test:
#                                   Release (warnings as errors), ASan+UBSan, TSan
# Packages come from Debian only; only the missing ones are installed (as root, or with sudo).
set -euo pipefail

mode=${1:-}
shift || true
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=$(nproc 2>/dev/null || echo 2)

build_packages=(gcc make cmake pkg-config libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev)
test_packages=(libcmocka-dev xvfb xauth xdotool xclip imagemagick)

install_missing() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing from Debian: ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "Need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# build DIR [cmake options...]: configure and build the tree in build/DIR.
build() {
  local dir="$here/build/$1"
  shift
  cmake -S "$here" -B "$dir" "$@" >/dev/null
  cmake --build "$dir" -j "$jobs"
}

run_tests() {
  local name=$1
  echo "== tests: $name"
  (cd "$here/build/$name" && ctest --output-on-failure -j "$jobs")
}

case "$mode" in
  app)
    install_missing "${build_packages[@]}"
    build release -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF
    exec "$here/build/release/nqueens" "$@"
    ;;
  test)
    install_missing "${build_packages[@]}" "${test_packages[@]}"
    build release -DCMAKE_BUILD_TYPE=Release -DNQ_WERROR=ON -DBUILD_TESTING=ON
    run_tests release
    build asan -DCMAKE_BUILD_TYPE=Debug -DNQ_SANITIZE=address -DNQ_WERROR=ON -DBUILD_TESTING=ON
    run_tests asan
    build tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNQ_SANITIZE=thread -DNQ_WERROR=ON -DBUILD_TESTING=ON
    run_tests tsan
    echo "== all tests passed (Release, ASan+UBSan, TSan)"
    ;;
  *)
    echo "usage: bash cmake/quickstart.sh app|test" >&2
    exit 2
    ;;
esac
