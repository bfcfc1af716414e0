#!/usr/bin/env bash
# Proves that the tests leave the host's production paths alone: a node
# that runs diktyo keeps its daemon's socket, config and records there, and
# a test must never replace or add to them (docs/testing.md).
#   hack/hostpaths.sh save FILE    fingerprint the paths into FILE
#   hack/hostpaths.sh check FILE   fail, naming what changed, if they differ,
#                                  or if a test binary's build directory was
#                                  left in the temp directory
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

# Build directories of pkg/testutil.PluginDir whose test process is gone
# (their owner lock file is there and free): each is about 74 MB, and
# testutil.Main removes its own when the tests end. Directories of test
# processes still running (other runs on the machine) are locked.
abandoned_builds() {
  local d
  for d in "${TMPDIR:-/tmp}"/diktyo-bin-*; do
    [[ -f $d/.owner.lock ]] || continue
    if flock -n "$d/.owner.lock" true; then echo "$d"; fi
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
  left=$(abandoned_builds)
  if [[ -n $left ]]; then
    echo "hostpaths: test binaries' build directories left behind:" >&2
    echo "$left" >&2
    exit 1
  fi
  echo "hostpaths: ${PATHS[*]} unchanged by the tests, no test binaries left in ${TMPDIR:-/tmp}"
  ;;
*) echo "usage: $0 save|check FILE" >&2; exit 2 ;;
esac
