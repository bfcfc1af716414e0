package iproute

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/netip"
	"os"
	"path/filepath"

	"github.com/diktyo-io/diktyo/internal/fsutil"
)

// index answers the two questions ADD and DEL ask about other
// attachments, in constant time whatever the number of pods:
//   - which attachment holds a pod address: addrs/<address> holds the
//     owner;
//   - who still needs a shared rule: shared/<hash of the rule>/ holds the
//     rule (file "rule") and one empty file per owner using it.
//
// It is derived from the records and lives under the store's lock; GC
// rebuilds it from the records, so a crash between two writes heals.
type index struct {
	dir string
}

const (
	addrsDir  = "addrs"
	sharedDir = "shared"
	ruleFile  = "rule"
)

func (ix index) addrPath(a netip.Addr) string {
	return filepath.Join(ix.dir, addrsDir, a.String())
}

func (ix index) sharedPath(r Rule) string {
	h := sha256.Sum256([]byte(r.String()))
	return filepath.Join(ix.dir, sharedDir, hex.EncodeToString(h[:8]))
}

// owner returns the attachment holding a, or "".
func (ix index) owner(a netip.Addr) string {
	b, err := os.ReadFile(ix.addrPath(a))
	if err != nil {
		return ""
	}
	return string(b)
}

func (ix index) claim(a netip.Addr, owner string) error {
	if err := fsutil.PrivateDir(filepath.Join(ix.dir, addrsDir)); err != nil {
		return fmt.Errorf("state: %w", err)
	}
	return writeFile(ix.addrPath(a), []byte(owner))
}

// release drops owner's claim on a (not another owner's).
func (ix index) release(a netip.Addr, owner string) {
	if ix.owner(a) == owner {
		_ = os.Remove(ix.addrPath(a))
	}
}

// ref records that owner uses r.
func (ix index) ref(owner string, r Rule) error {
	dir := ix.sharedPath(r)
	if err := fsutil.PrivateDir(dir); err != nil {
		return fmt.Errorf("state: %w", err)
	}
	if _, err := os.Stat(filepath.Join(dir, ruleFile)); errors.Is(err, fs.ErrNotExist) {
		if err := writeJSON(filepath.Join(dir, ruleFile), r); err != nil {
			return err
		}
	}
	return writeFile(filepath.Join(dir, owner), nil)
}

// unref drops owner's use of r and says whether nobody uses it now. A rule
// the index does not know (lost state) is kept: without a record nothing
// proves it is ours.
func (ix index) unref(owner string, r Rule) (unused bool) {
	dir := ix.sharedPath(r)
	if _, err := os.Stat(dir); err != nil {
		return false
	}
	_ = os.Remove(filepath.Join(dir, owner))
	if ix.otherUsers(owner, r) {
		return false
	}
	_ = os.RemoveAll(dir)
	return true
}

// otherUsers says whether anybody but owner uses r; it reads directory
// entries three at a time until it finds a user (three in all when no
// temp file is left).
func (ix index) otherUsers(owner string, r Rule) bool {
	d, err := os.Open(ix.sharedPath(r))
	if err != nil {
		return false
	}
	defer func() { _ = d.Close() }()
	for {
		names, err := d.Readdirnames(3)
		for _, n := range names {
			// Temp files: a writer's (under the lock: one killed before
			// its rename) and the rule's of older versions (rule.tmp).
			if n != ruleFile && n != owner && !fsutil.IsTemp(n) && n != ruleFile+".tmp" {
				return true
			}
		}
		if errors.Is(err, io.EOF) || (err == nil && len(names) == 0) {
			return false
		}
		if err != nil {
			return true // unsure: keep the rule
		}
	}
}

// add claims rec's addresses and references its shared rules.
func (ix index) add(rec *Record) error {
	for _, a := range rec.Addrs {
		if err := ix.claim(a.Addr(), rec.Owner); err != nil {
			return err
		}
	}
	for _, r := range rec.Shared {
		if err := ix.ref(rec.Owner, r); err != nil {
			return err
		}
	}
	return nil
}

// releaseAll drops rec's address claims.
func (ix index) releaseAll(owner string, addrs []netip.Prefix) {
	for _, a := range addrs {
		ix.release(a.Addr(), owner)
	}
}

// sharedRules returns the keys of every shared rule someone uses.
func (ix index) sharedRules() map[string]bool {
	out := map[string]bool{}
	entries, _ := os.ReadDir(filepath.Join(ix.dir, sharedDir))
	for _, e := range entries {
		var r Rule
		if ok, err := readJSON(filepath.Join(ix.dir, sharedDir, e.Name(), ruleFile), &r); ok && err == nil {
			out[r.String()] = true
		}
	}
	return out
}

// rebuild makes the index what recs say. It writes only what differs and
// removes only what no record accounts for: GC runs it on every reconcile
// pass, where rewriting every entry made each pass write O(pods) files
// (and a crash half-way through a full rewrite left an index missing
// entries until the next GC).
func (ix index) rebuild(recs []*Record) error {
	addrs := map[netip.Addr]string{}       // address → owner
	shared := map[string]map[string]bool{} // rule hash → owners
	rules := map[string]Rule{}             // rule hash → rule
	for _, rec := range recs {
		for _, a := range rec.Addrs {
			if a.Addr().IsValid() { // a damaged record's zero prefix names nothing
				addrs[a.Addr()] = rec.Owner
			}
		}
		for _, r := range rec.Shared {
			k := filepath.Base(ix.sharedPath(r))
			if shared[k] == nil {
				shared[k] = map[string]bool{}
			}
			shared[k][rec.Owner], rules[k] = true, r
		}
	}
	if err := ix.syncAddrs(addrs); err != nil {
		return err
	}
	return ix.syncShared(shared, rules)
}

// syncAddrs makes addrs/ hold exactly want (address → owner).
func (ix index) syncAddrs(want map[netip.Addr]string) error {
	dir := filepath.Join(ix.dir, addrsDir)
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("state: %w", err)
	}
	for _, e := range entries {
		a, err := netip.ParseAddr(e.Name())
		owner, ok := want[a]
		if err != nil || !ok || a.String() != e.Name() || !e.Type().IsRegular() {
			if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
				return fmt.Errorf("state: %w", err)
			}
			continue
		}
		if b, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil && string(b) == owner {
			delete(want, a)
		}
	}
	for a, owner := range want {
		if err := ix.claim(a, owner); err != nil {
			return err
		}
	}
	return nil
}

// syncShared makes shared/ hold exactly the rules and users of want.
func (ix index) syncShared(want map[string]map[string]bool, rules map[string]Rule) error {
	dir := filepath.Join(ix.dir, sharedDir)
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("state: %w", err)
	}
	for _, e := range entries {
		users, ok := want[e.Name()]
		path := filepath.Join(dir, e.Name())
		if ok && e.IsDir() {
			if present, err := ix.syncUsers(path, rules[e.Name()], users); err == nil {
				for _, u := range present {
					delete(users, u)
				}
				continue
			}
		}
		// Not wanted, or damaged beyond a sync (a file where a directory
		// belongs, something unremovable inside): start it afresh; ref
		// below recreates what is wanted.
		if err := os.RemoveAll(path); err != nil {
			return fmt.Errorf("state: %w", err)
		}
	}
	for k, users := range want {
		for owner := range users {
			if err := ix.ref(owner, rules[k]); err != nil {
				return err
			}
		}
	}
	return nil
}

// syncUsers removes from rule r's directory the users (and leftover temp
// files) that are not in users, writes the rule file if it is missing, and
// returns the users already there.
func (ix index) syncUsers(dir string, r Rule, users map[string]bool) (present []string, err error) {
	names, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("state: %w", err)
	}
	hasRule := false
	for _, n := range names {
		switch {
		case n.Name() == ruleFile:
			hasRule = true
		case users[n.Name()]:
			present = append(present, n.Name())
		default:
			if err := os.RemoveAll(filepath.Join(dir, n.Name())); err != nil {
				return nil, fmt.Errorf("state: %w", err)
			}
		}
	}
	if !hasRule {
		if err := writeJSON(filepath.Join(dir, ruleFile), r); err != nil {
			return nil, err
		}
	}
	return present, nil
}
