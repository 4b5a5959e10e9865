#!/usr/bin/env bash
# Makes sure Concurrency Kit (Debian/Ubuntu package libck-dev) is installed: installs it with apt-get
# when running as root (or with sudo available), and otherwise says exactly what to run.
set -euo pipefail

if [ -f /usr/include/ck_pr.h ] || { command -v pkg-config >/dev/null && pkg-config --exists ck; }; then
  exit 0
fi

if [ "$(uname -s)" = "Darwin" ]; then
  echo "Concurrency Kit is missing: run 'brew install concurrencykit pkg-config'." >&2
  exit 1
fi

if ! command -v apt-get >/dev/null; then
  echo "Concurrency Kit is missing and this is not a Debian-like system:" \
    "install Concurrency Kit 0.7 (headers ck_*.h and libck) with your package manager." >&2
  exit 1
fi

if [ "$(id -u)" = "0" ]; then
  as_root=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  as_root=(sudo)
else
  echo "Concurrency Kit is missing: run 'sudo apt-get update && sudo apt-get install -y libck-dev'." >&2
  exit 1
fi

echo "Installing Concurrency Kit (libck-dev)..." >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq libck-dev >/dev/null
