# hack/lib.sh: the helpers hack/testvm.sh and hack/kubelet.sh share.
# Source it after setting PROG (the name die prints).
# shellcheck shell=bash

now() { date +%s.%N; }

# step NAME CMD...: runs CMD, printing the step and how long it took.
step() {
  local name=$1 t0 rc=0
  shift
  printf '==> %s\n' "$name"
  t0=$(now)
  # A subshell with its own errexit: bash ignores `set -e` inside anything
  # run as part of `||`, so `"$@" || rc=$?` would hide failed commands.
  set +e
  (set -e; "$@")
  rc=$?
  set -e
  printf '    %s (%ss)\n' "$([[ $rc == 0 ]] && echo ok || echo "FAILED rc=$rc")" "$(awk -v a="$t0" -v b="$(now)" 'BEGIN{printf "%.1f", b-a}')"
  return $rc
}

note() { printf '    %s\n' "$*"; }
die() { printf '%s: %s\n' "${PROG:-hack}" "$*" >&2; exit 1; }

# alive PID: the process exists and is not a zombie (PID 1 reaps late).
alive() {
  local st
  st=$(awk '/^State:/{print $2}' "/proc/$1/status" 2>/dev/null) || return 1
  [[ -n $st && $st != Z && $st != X ]]
}

# The processes a script starts keep their PID in $RUN/NAME.pid.
pid_of() { [[ -f $RUN/$1.pid ]] && cat "$RUN/$1.pid"; }
running() { local p; p=$(pid_of "$1") && alive "$p"; }

# stop_pid NAME: SIGTERM, wait up to 10 s, then SIGKILL.
stop_pid() {
  local name=$1 p i
  p=$(pid_of "$name") || return 0
  if alive "$p"; then
    kill -TERM "$p" 2>/dev/null || true
    for ((i = 0; i < 100; i++)); do alive "$p" || break; sleep 0.1; done
    if alive "$p"; then kill -KILL "$p" 2>/dev/null || true; sleep 0.2; fi
    note "stopped $name (pid $p)"
  fi
  rm -f "$RUN/$name.pid"
}

# daemon runs "$@" in a session of its own, holding no descriptor of the
# caller's but stdio: a lock the caller holds (flock around a test run)
# must not live on in a daemon that outlives the caller. Call it in the
# background (daemon cmd ... &): it replaces that subshell, so $! is the
# daemon's pid.
daemon() {
  local fd
  for fd in /proc/$BASHPID/fd/*; do
    fd=${fd##*/}
    ((fd > 2)) && eval "exec $fd>&-"
  done
  exec setsid "$@"
}
