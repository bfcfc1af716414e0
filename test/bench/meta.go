package bench

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// Meta is the machine and the versions a run measured, printed at the top
// of the report: figures are only comparable on the same row of this.
type Meta struct {
	Date     string `json:"date"`
	Host     string `json:"host"`
	CPUs     int    `json:"cpus"`
	CPUModel string `json:"cpuModel"`
	MemTotal string `json:"memTotal"`
	LoadAvg  string `json:"loadAvg"` // at start: a busy machine shows here
	// LoadAvgEnd is /proc/loadavg when the run ended: a machine that got
	// busy during the run shows here (its 15-minute figure covers most
	// of a full run).
	LoadAvgEnd string `json:"loadAvgEnd,omitempty"`
	// ForeignCPU is the CPU time that processes not of this run used
	// while it measured (foreignSampler), over ForeignWall of wall time;
	// ForeignTop names the commands that used the most of it.
	ForeignCPU  time.Duration `json:"foreignCPU,omitempty"`
	ForeignWall time.Duration `json:"foreignWall,omitempty"`
	ForeignTop  string        `json:"foreignTop,omitempty"`
	// ForeignPeak is the most CPU others used in any one minute, in CPUs
	// (0: not recorded, an older result).
	ForeignPeak float64           `json:"foreignPeak,omitempty"`
	Versions    map[string]string `json:"versions"`
}

// ForeignShare is the CPUs others used on average during the run, or -1
// when the run did not sample them (an older result).
func (m Meta) ForeignShare() float64 {
	if m.ForeignWall <= 0 {
		return -1
	}
	return m.ForeignCPU.Seconds() / m.ForeignWall.Seconds()
}

// CollectMeta reads the machine description and tool versions. Missing
// tools are recorded as "not installed", never an error.
func CollectMeta(ctx context.Context, o Options) Meta {
	host, _ := os.Hostname()
	m := Meta{
		Date:     time.Now().UTC().Format("2006-01-02 15:04 MST"),
		Host:     host,
		CPUs:     runtime.NumCPU(),
		CPUModel: procField("/proc/cpuinfo", "model name"),
		MemTotal: procField("/proc/meminfo", "MemTotal"),
		LoadAvg:  firstLine("/proc/loadavg"),
		Versions: map[string]string{"go (harness)": runtime.Version()},
	}
	cmds := map[string][]string{
		"kernel":                         {"uname", "-r"},
		"iptables":                       {"iptables", "--version"},
		"nft":                            {"nft", "--version"},
		"iproute2":                       {"ip", "-V"},
		"go (toolchain)":                 {"go", "env", "GOVERSION"},
		"runc":                           {"runc", "--version"},
		"reference CNI plugins (Debian)": {"dpkg-query", "-W", "-f", "containernetworking-plugins ${Version}", "containernetworking-plugins"},
	}
	for k, c := range cmds {
		m.Versions[k] = cmdLine(ctx, "", c...)
	}
	if o.Root != "" {
		commit := cmdLine(ctx, o.Root, "git", "rev-parse", "--short=12", "HEAD")
		if dirty := cmdLine(ctx, o.Root, "git", "status", "--porcelain", "--", "cmd", "pkg", "plugin"); dirty != "" && dirty != "not installed" {
			commit += " (+ uncommitted changes)"
		}
		m.Versions["diktyo"] = commit
	}
	return m
}

// cmdLine runs a command and returns the first line of its output.
func cmdLine(ctx context.Context, dir string, args ...string) string {
	if _, err := exec.LookPath(args[0]); err != nil {
		return "not installed"
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	line, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	if err != nil && line == "" {
		return "unknown (" + err.Error() + ")"
	}
	return line
}

func procField(path, key string) string {
	f, err := os.Open(filepath.Clean(path))
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		k, v, ok := strings.Cut(s.Text(), ":")
		if ok && strings.TrimSpace(k) == key {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

func firstLine(path string) string {
	b, err := os.ReadFile(filepath.Clean(path))
	if err != nil {
		return "unknown"
	}
	line, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	return line
}
