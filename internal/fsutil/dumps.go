package fsutil

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Dumps is a bounded tree of debug dumps, one file per call:
// Dir/<sub>/.../<verb>_<unix nanoseconds>.json. Dumps hold whatever the
// runtime passed, so they are root-only: files 0600, written atomically,
// in 0700 directories of this user's (narrowed if found wider; a symlink
// or another user's directory is refused), under a Dir nobody else may
// write to (TrustedDir). Each leaf directory keeps its newest Keep
// dumps, and every write removes the dumps of leaf directories last
// written before MaxAge ago, then the directories it empties. Only
// files named like dumps are removed, and only directories with names
// a dump could have: anything else under Dir stays.
type Dumps struct {
	Dir string
	// Key names Dir in errors about it: the config key that set it.
	Key    string
	Keep   int
	MaxAge time.Duration
}

var (
	// dirName is what Path accepts as a directory name.
	dirName = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.\-]*$`)
	// dumpName matches the files Write makes; pruning removes nothing else.
	dumpName = regexp.MustCompile(`^[A-Za-z]+_[0-9]+\.json$`)
	verbName = regexp.MustCompile(`^[A-Za-z]+$`)
)

// Path returns Dir/sub[0]/.../<verb>_<unix nanoseconds of at>.json, or
// an error when a part of sub is not a safe directory name ("..", "/",
// empty) or verb is not letters. Nanoseconds, so two calls in one
// second do not overwrite each other.
func (d Dumps) Path(sub []string, verb string, at time.Time) (string, error) {
	parts := []string{d.Dir}
	for _, s := range sub {
		if !dirName.MatchString(s) {
			return "", fmt.Errorf("%q is not safe as a directory name", s)
		}
		parts = append(parts, s)
	}
	if !verbName.MatchString(verb) {
		return "", fmt.Errorf("%q is not a verb", verb)
	}
	return filepath.Join(append(parts, verb+"_"+strconv.FormatInt(at.UnixNano(), 10)+".json")...), nil
}

// Write writes data as the dump of verb at time at under sub, then prunes
// (best effort: a dump that could not be removed fails nothing). It
// returns the dump's path.
func (d Dumps) Write(sub []string, verb string, at time.Time, data []byte) (string, error) {
	path, err := d.Path(sub, verb, at)
	if err != nil {
		return "", err
	}
	if err := TrustedDir(d.Dir); err != nil {
		return "", fmt.Errorf("%s: %w", d.Key, err)
	}
	leaf := d.Dir
	for _, s := range sub {
		leaf = filepath.Join(leaf, s)
		if err := PrivateDir(leaf); err != nil {
			return "", err
		}
	}
	if err := WriteFile(path, data, Options{NoSync: true}); err != nil {
		return "", err
	}
	keepNewest(leaf, d.Keep)
	if len(sub) > 0 {
		expire(d.Dir, len(sub), leaf, at.Add(-d.MaxAge))
	}
	return path, nil
}

// List returns the dumps in Dir/sub..., oldest first.
func (d Dumps) List(sub ...string) []string {
	files := dumpsIn(filepath.Join(append([]string{d.Dir}, sub...)...))
	sort.Slice(files, func(i, j int) bool { return stamp(files[i]) < stamp(files[j]) })
	return files
}

// keepNewest removes all but the newest n dumps in dir.
func keepNewest(dir string, n int) {
	files := dumpsIn(dir)
	if len(files) <= n {
		return
	}
	sort.Slice(files, func(i, j int) bool { return stamp(files[i]) > stamp(files[j]) })
	for _, f := range files[max(n, 0):] {
		_ = os.Remove(f)
	}
}

// expire removes, depth levels below dir, the dumps of leaf directories
// last written before cutoff, then each leaf if that empties it; a
// directory above the leaves goes when it is empty and either one of its
// leaves went or it is old itself (a new one may be empty only because
// its writer has not made its leaf yet). What it keeps it narrows to
// 0700; current is never touched. It says whether it removed a
// directory.
func expire(dir string, depth int, current string, cutoff time.Time) (removed bool) {
	for _, sub := range subdirs(dir) {
		if sub == current {
			continue
		}
		// Its age before we empty it (removing entries touches it).
		st, err := os.Lstat(sub)
		if err != nil {
			continue
		}
		old := !st.ModTime().After(cutoff)
		if depth <= 1 {
			if !old {
				_ = narrowDir(sub)
				continue
			}
			for _, f := range dumpsIn(sub) {
				_ = os.Remove(f)
			}
			if os.Remove(sub) == nil { // fails, as it should, if anything else is there
				removed = true
			}
			continue
		}
		emptied := expire(sub, depth-1, current, cutoff)
		if (!emptied && !old) || os.Remove(sub) != nil {
			_ = narrowDir(sub)
			continue
		}
		removed = true
	}
	return removed
}

// subdirs lists the directories (not symlinks) under dir with names a
// dump's directory could have.
func subdirs(dir string) []string {
	return list(dir, func(e fs.DirEntry) bool { return e.IsDir() && dirName.MatchString(e.Name()) })
}

// dumpsIn lists the dumps (regular files named like one) in dir.
func dumpsIn(dir string) []string {
	return list(dir, func(e fs.DirEntry) bool { return e.Type().IsRegular() && dumpName.MatchString(e.Name()) })
}

// list returns the paths of dir's entries that keep accepts.
func list(dir string, keep func(fs.DirEntry) bool) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if keep(e) {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out
}

// stamp is a dump's time, from its name.
func stamp(path string) int64 {
	_, ts, _ := strings.Cut(strings.TrimSuffix(filepath.Base(path), ".json"), "_")
	n, _ := strconv.ParseInt(ts, 10, 64)
	return n
}
