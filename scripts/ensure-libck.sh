#!/usr/bin/env bash
# Makes sure Concurrency Kit (Debian/Ubuntu package libck-dev) is installed: installs it with apt-get
# when running as root (or with sudo available), and otherwise says exactly what to run
# (scripts/ensure-apt-package.sh).
set -euo pipefail

ck_is_installed() {
  [ -f /usr/include/ck_pr.h ] || { command -v pkg-config >/dev/null && pkg-config --exists ck; }
}

if ck_is_installed; then
  exit 0
fi

if [ "$(uname -s)" = "Darwin" ]; then
  echo "Concurrency Kit is missing: run 'brew install concurrencykit pkg-config'." >&2
  exit 1
fi

exec "$(dirname "$0")/ensure-apt-package.sh" libck-dev "Concurrency Kit" \
  "install Concurrency Kit 0.7 (headers ck_*.h and libck) with your package manager" \
  -- bash -c "$(declare -f ck_is_installed); ck_is_installed"
