#!/usr/bin/env bash
# The two commands of the README's quick start, for a fresh Debian 12 machine:
#   bash scripts/quickstart.sh app    installs what is missing, builds, starts N-Queens Explorer
#                                     (arguments after "app" go to the program)
#   bash scripts/quickstart.sh test   installs what is missing, then builds and runs every test in
#                                     each build of CMakePresets.json, in this order: release (gcc,
#                                     warnings as errors), asan (ASan+UBSan), tsan, clang
#   bash scripts/quickstart.sh package
#                                     installs what is missing, builds the Debian packages
#                                     (build/package/nqueens_VERSION_ARCH.deb, and nqueens-mpi's
#                                     when Open MPI is there) for `apt-get install ./FILE.deb`
# Packages come from Debian only; only the missing ones are installed (as root, or with sudo).
# The builds themselves are the presets' (cmake --workflow), so an IDE and this script agree.
set -euo pipefail

mode=${1:-}
shift || true
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# cmake --build and ctest take their parallelism from these when the presets do not set it.
CMAKE_BUILD_PARALLEL_LEVEL=$(nproc 2>/dev/null || echo 2)
CTEST_PARALLEL_LEVEL=$CMAKE_BUILD_PARALLEL_LEVEL
export CMAKE_BUILD_PARALLEL_LEVEL CTEST_PARALLEL_LEVEL

build_packages=(gcc make cmake pkg-config gettext libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libgif-dev
                libfribidi-dev libfontconfig-dev libthai-dev fonts-noto-core fonts-noto-cjk)
test_packages=(clang libcmocka-dev xvfb xauth xdotool xclip imagemagick libopenmpi-dev openmpi-bin
               dpkg-dev lintian desktop-file-utils appstream bash-completion man-db groff-base)
package_packages=(dpkg-dev libopenmpi-dev openmpi-bin)
test_presets=(release asan tsan clang)

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

cd "$here"
case "$mode" in
  app)
    install_missing "${build_packages[@]}"
    cmake --preset release >/dev/null
    cmake --build --preset app
    exec "$here/build/release/nqueens" "$@"
    ;;
  test)
    install_missing "${build_packages[@]}" "${test_packages[@]}"
    summary=()
    for preset in "${test_presets[@]}"; do
      echo "== $preset: configure, build, test"
      start=$SECONDS
      cmake --workflow --preset "$preset"
      summary+=("$preset $((SECONDS - start)) s")
    done
    echo "== all tests passed (${test_presets[*]}); build and test times: ${summary[*]}"
    ;;
  package)
    install_missing "${build_packages[@]}" "${package_packages[@]}"
    cmake --workflow --preset package
    ls -1 "$here"/build/package/*.deb
    ;;
  *)
    echo "usage: bash scripts/quickstart.sh app|test|package" >&2
    exit 2
    ;;
esac
