#!/usr/bin/env bash
# Proves that the tests leave the host's production paths alone: a node
# that runs diktyo keeps its daemon's socket, config and records there, and
# a test must never replace or add to them (docs/testing.md).
#   hack/hostpaths.sh save FILE    fingerprint the paths into FILE
#   hack/hostpaths.sh check FILE   fail, naming what changed, if they differ
set -euo pipefail
PATHS=(/run/diktyo /etc/diktyo /var/lib/diktyo /opt/cni/bin /var/lib/cni)

fingerprint() {
  local p
  for p in "${PATHS[@]}"; do
    if [[ -e $p || -L $p ]]; then
      # Path, type, size, mtime and mode of everything below (a socket
      # or log replaced or appended to changes one of them).
      find "$p" -printf '%p %y %s %T@ %m\n' 2>/dev/null | sort
    else
      echo "$p absent"
    fi
  done
}

case ${1:-} in
save) fingerprint >"$2" ;;
check)
  if ! diff -u "$2" <(fingerprint) >/dev/null; then
    echo "hostpaths: the tests changed the host's production paths:" >&2
    diff -u "$2" <(fingerprint) >&2 || true
    exit 1
  fi
  echo "hostpaths: ${PATHS[*]} unchanged by the tests"
  ;;
*) echo "usage: $0 save|check FILE" >&2; exit 2 ;;
esac
