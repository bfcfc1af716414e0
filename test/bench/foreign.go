package bench

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The quiet-machine rule needs to know what other load the machine
// carried while the run measured, not the load the run makes itself (a
// full run keeps about one of two CPUs busy: its own 15-minute load
// average says nothing about anyone else). foreignSampler reads every
// process's CPU time every few seconds and adds up what went to
// processes that are not this run's: not the harness or its
// descendants, not kernel threads (they do the run's namespace and
// conntrack work too, and cannot be told apart), and not daemons the run
// started that left its process tree (containerd of the test VM, BIND9),
// which name the run's directories or id on their command line.

// foreignInterval is how often the sampler reads /proc.
const foreignInterval = 3 * time.Second

// clockTicks is USER_HZ, the unit of /proc/PID/stat's CPU times (100 on
// every Linux architecture the harness runs on).
const clockTicks = 100

type procTimes struct {
	start uint64 // starttime, to tell a reused pid
	cpu   uint64 // utime + stime, ticks
}

type foreignSampler struct {
	self  int
	marks []string // substrings of the command lines of the run's own daemons
	stop  chan struct{}
	done  chan struct{}

	mu    sync.Mutex
	prev  map[int]procTimes
	ticks uint64 // foreign CPU time so far
	// window is the foreign ticks of the samples of the last minute;
	// peak the most any minute held.
	window []uint64
	peak   uint64
	every  time.Duration
	top    map[string]uint64 // foreign CPU time by command, for the report
	began  time.Time
}

func startForeignSampler(marks []string) *foreignSampler {
	return startForeignSamplerEvery(marks, foreignInterval)
}

func startForeignSamplerEvery(marks []string, every time.Duration) *foreignSampler {
	s := &foreignSampler{self: os.Getpid(), marks: marks, stop: make(chan struct{}), done: make(chan struct{}),
		top: map[string]uint64{}, began: time.Now(), every: every}
	s.prev = s.read(true)
	go func() {
		defer close(s.done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-s.stop:
				s.sample()
				return
			case <-t.C:
				s.sample()
			}
		}
	}()
	return s
}

// Stop ends sampling and returns the foreign CPU time, the wall time it
// covered, the commands that used the most of it, and the most any one
// minute held (in CPUs).
func (s *foreignSampler) Stop() (cpu, wall time.Duration, top string, peak float64) {
	close(s.stop)
	<-s.done
	s.mu.Lock()
	defer s.mu.Unlock()
	type kv struct {
		k string
		v uint64
	}
	var list []kv
	for k, v := range s.top {
		list = append(list, kv{k, v})
	}
	for i := range list { // largest three, by selection: the list is short
		for j := i + 1; j < len(list); j++ {
			if list[j].v > list[i].v {
				list[i], list[j] = list[j], list[i]
			}
		}
	}
	var parts []string
	for i := 0; i < len(list) && i < 3; i++ {
		parts = append(parts, list[i].k+" "+ticksDur(list[i].v).Round(10*time.Millisecond).String())
	}
	return ticksDur(s.ticks), time.Since(s.began), strings.Join(parts, ", "), ticksDur(s.peak).Seconds() / time.Minute.Seconds()
}

func ticksDur(t uint64) time.Duration { return time.Duration(t) * time.Second / clockTicks }

func (s *foreignSampler) sample() {
	s.mu.Lock()
	before := s.ticks
	s.mu.Unlock()
	cur := s.read(false)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.prev = cur
	// The last minute's samples (the first minute counts as one too).
	n := max(1, int(time.Minute/s.every))
	s.window = append(s.window, s.ticks-before)
	if len(s.window) > n {
		s.window = s.window[len(s.window)-n:]
	}
	var sum uint64
	for _, t := range s.window {
		sum += t
	}
	s.peak = max(s.peak, sum)
}

// read returns the CPU times of the foreign processes now; unless first,
// it adds what each used since the last sample (all of it, for a process
// that started since) to the total.
func (s *foreignSampler) read(first bool) map[int]procTimes {
	type proc struct {
		ppid int
		comm string
		t    procTimes
	}
	all := map[int]proc{}
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// comm is in parentheses and may hold spaces: fields after it.
		line := string(b)
		i, j := strings.IndexByte(line, '('), strings.LastIndexByte(line, ')')
		if i < 0 || j < i {
			continue
		}
		f := strings.Fields(line[j+1:])
		if len(f) < 20 {
			continue
		}
		ppid, _ := strconv.Atoi(f[1])
		ut, _ := strconv.ParseUint(f[11], 10, 64)
		st, _ := strconv.ParseUint(f[12], 10, 64)
		start, _ := strconv.ParseUint(f[19], 10, 64)
		all[pid] = proc{ppid: ppid, comm: line[i+1 : j], t: procTimes{start: start, cpu: ut + st}}
	}
	// Ownership only for the processes that used CPU: the run's (the
	// harness's descendants, kernel threads, and anything whose command
	// line or an ancestor's names the run) are left out.
	memo := map[int]bool{}
	var ours func(pid, depth int) bool
	ours = func(pid, depth int) bool {
		if v, ok := memo[pid]; ok {
			return v
		}
		p, known := all[pid]
		v := false
		switch {
		case pid == s.self || pid == 2 || (known && p.ppid == 2):
			v = true
		case !known || pid <= 1 || depth > 64:
			v = false
		case s.marked(pid):
			v = true
		default:
			v = ours(p.ppid, depth+1)
		}
		memo[pid] = v
		return v
	}
	out := map[int]procTimes{}
	began := s.startTicks()
	for pid, p := range all {
		out[pid] = p.t
		if first {
			continue
		}
		used := p.t.cpu
		if prev, ok := s.prev[pid]; ok && prev.start == p.t.start {
			used -= min(used, prev.cpu)
		} else if p.t.start < began {
			continue // there before the run and never sampled: its past is not this run's to count
		}
		if used == 0 || ours(pid, 0) {
			continue
		}
		s.mu.Lock()
		s.ticks += used
		s.top[p.comm] += used
		s.mu.Unlock()
	}
	return out
}

// startTicks is the run's start in /proc's starttime unit (ticks since
// boot).
func (s *foreignSampler) startTicks() uint64 {
	b, err := os.ReadFile("/proc/uptime")
	if err != nil {
		return 0
	}
	up, err := strconv.ParseFloat(strings.Fields(string(b))[0], 64)
	if err != nil {
		return 0
	}
	return uint64((up - time.Since(s.began).Seconds()) * clockTicks)
}

// marked reports whether pid's command line names the run (a daemon it
// started that left its process tree).
func (s *foreignSampler) marked(pid int) bool {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cmdline"))
	if err != nil {
		return false
	}
	cmd := string(b)
	for _, m := range s.marks {
		if m != "" && strings.Contains(cmd, m) {
			return true
		}
	}
	return false
}
