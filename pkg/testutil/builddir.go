package testutil

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
)

// BuildDirPrefix names the directories PluginDir builds into, in
// os.TempDir(); hack/hostpaths.sh checks that none is left unowned after a
// run.
const BuildDirPrefix = "diktyo-bin-"

// buildLock is the file in a build directory its test process holds an
// exclusive flock on for as long as it lives: the kernel drops the lock
// when the process ends however it ends, so an unlocked directory is one
// whose owner is gone.
const buildLock = ".owner.lock"

var (
	// inMain: the test binary's TestMain runs through Main.
	inMain    atomic.Bool
	buildOnce sync.Once
	buildDir  string
	buildErr  error
	// lockFile keeps the owner's flock on buildDir for the process's life.
	lockFile *os.File
)

// Main runs the tests of a package whose tests use PluginDir and removes
// the binaries PluginDir built when they end. A package's TestMain is
//
//	func TestMain(m *testing.M) { testutil.Main(m) }
//
// or calls MainCode when it has work of its own after the tests.
func Main(m *testing.M) { os.Exit(MainCode(m)) }

// MainCode is Main without the exit: it returns m.Run()'s code after
// removing the build directory.
func MainCode(m *testing.M) int {
	inMain.Store(true)
	code := m.Run()
	if err := removeBuildDir(); err != nil {
		fmt.Fprintln(os.Stderr, "testutil: removing the test binaries:", err)
		if code == 0 {
			code = 1
		}
	}
	return code
}

// buildBinaries makes this process's build directory, locked as its
// own, after removing those of processes that are gone, and builds
// ./cmd/... into it.
func buildBinaries() (string, error) {
	root, err := ModuleRoot()
	if err != nil {
		return "", err
	}
	sweepBuildDirs()
	dir, err := os.MkdirTemp("", BuildDirPrefix)
	if err != nil {
		return "", err
	}
	f, err := ownDir(dir)
	if err != nil {
		_ = os.RemoveAll(dir)
		return "", err
	}
	cmd := exec.Command("go", "build", "-o", dir+"/", "./cmd/...")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		_ = os.RemoveAll(dir)
		_ = f.Close()
		return "", fmt.Errorf("go build ./cmd/...: %w\n%s", err, out)
	}
	lockFile = f
	return dir, nil
}

// ownDir makes dir this process's: its owner lock file is created and
// locked under a temporary name, then renamed into place, so that a sweep
// never finds the lock file unlocked while its owner lives.
func ownDir(dir string) (*os.File, error) {
	tmp := filepath.Join(dir, buildLock+".new")
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("locking %s: %w", tmp, err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, buildLock)); err != nil {
		_ = f.Close()
		return nil, err
	}
	return f, nil
}

// sweepBuildDirs removes the build directories whose process is gone
// (their lock file is there and free): those of test processes killed
// before Main's cleanup. Directories of live processes are locked, and
// one without a lock file (being made, or by a testutil from before the
// locks) is not known to be abandoned: both stay.
func sweepBuildDirs() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), BuildDirPrefix+"*"))
	for _, dir := range dirs {
		f, err := os.OpenFile(filepath.Join(dir, buildLock), os.O_RDWR, 0)
		if err != nil {
			continue
		}
		if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil {
			_ = os.RemoveAll(dir)
		}
		_ = f.Close()
	}
}

// removeBuildDir removes this process's build directory, if it built one.
func removeBuildDir() error {
	if buildDir == "" {
		return nil
	}
	err := os.RemoveAll(buildDir)
	if lockFile != nil {
		err = errors.Join(err, lockFile.Close())
	}
	return err
}
