#!/usr/bin/env bash
# Points a package's GitHub dependencies at the offline copies in ../shared/vendor (the folder beside
# this repository; VENDOR=DIR names another): runs its mirrors.sh, which writes
# PACKAGE_DIR/.swiftpm/configuration/mirrors.json (never committed: its paths are this machine's).
#
# usage: scripts/vendor-mirrors.sh PACKAGE_DIR
#
# Without that folder it writes nothing, and says so: the package then resolves from the URLs in
# its manifest, as on a machine with network access.
#
# The copies are bare git repositories. A copy made by a tool that drops empty folders has lost
# their empty refs/ folder, and git then takes them for no repository at all ("does not appear to be
# a git repository"). When git refuses them so, this script points the mirrors at repositories of
# its own in .build/vendor-git/: a refs/ folder, a copy of HEAD (git reads a HEAD that is a link as
# a symbolic ref) and links to everything else, so that nothing is copied but HEAD.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
vendor=${VENDOR:-../shared/vendor}
# A relative VENDOR is relative to this repository (as scripts/outside_packages.py reads it).
case $vendor in /*) ;; *) vendor=$root/$vendor ;; esac
package=${1:?usage: scripts/vendor-mirrors.sh PACKAGE_DIR}
if [ ! -x "$vendor/mirrors.sh" ]; then
  echo "vendor-mirrors.sh: no $vendor/mirrors.sh (offline copies in ../shared/vendor beside this" \
    "repository, or VENDOR=DIR): $package resolves its packages from their URLs" >&2
  exit 0
fi
vendor=$(cd "$vendor" && pwd)
"$vendor/mirrors.sh" "$package"
first=$(awk 'NF { print $1; exit }' "$vendor/packages.txt")
if git --git-dir="$vendor/$first" rev-parse --git-dir >/dev/null 2>&1; then
  exit 0
fi
links=$root/.build/vendor-git
while read -r name _; do
  [ -z "$name" ] && continue
  [ -d "$links/$name/refs" ] && continue
  mkdir -p "$links/$name/refs"
  cp "$vendor/$name/HEAD" "$links/$name/HEAD"
  for entry in "$vendor/$name"/*; do
    [ "$(basename "$entry")" = HEAD ] || ln -sfn "$entry" "$links/$name/$(basename "$entry")"
  done
done < "$vendor/packages.txt"
sed -i "s#file://$vendor/#file://$links/#g" "$package/.swiftpm/configuration/mirrors.json"
