#!/usr/bin/env bash
# Installs a Debian/Ubuntu package with apt-get when a test command says it is missing: as root, or
# with sudo when it needs no password; otherwise says exactly what to run.
#
# Usage: scripts/ensure-apt-package.sh PACKAGE WHAT ELSEWHERE -- TEST-COMMAND...
#   PACKAGE       the package to install (e.g. libck-dev)
#   WHAT          what it provides, for the messages (e.g. "Concurrency Kit")
#   ELSEWHERE     what to do on a system without apt-get
#   TEST-COMMAND  succeeds when what PACKAGE provides is already there (then nothing is done)
# Exits 0 when it is there or was installed, 1 when it is missing and could not be installed.
set -euo pipefail

if [ $# -lt 5 ] || [ "$4" != "--" ]; then
  echo "usage: $0 PACKAGE WHAT ELSEWHERE -- TEST-COMMAND..." >&2
  exit 2
fi
package=$1 what=$2 elsewhere=$3
shift 4

if "$@" >/dev/null 2>&1; then
  exit 0
fi

if ! command -v apt-get >/dev/null; then
  echo "$what is missing and this is not a Debian-like system: $elsewhere." >&2
  exit 1
fi

if [ "$(id -u)" = "0" ]; then
  as_root=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  as_root=(sudo)
else
  echo "$what is missing: run 'sudo apt-get update && sudo apt-get install -y $package'." >&2
  exit 1
fi

echo "Installing $what ($package)..." >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq "$package" >/dev/null
if ! "$@" >/dev/null 2>&1; then
  echo "$what is still missing after installing $package." >&2
  exit 1
fi
