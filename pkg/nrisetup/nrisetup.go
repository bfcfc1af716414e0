// Package nrisetup switches NRI on in a node's container runtime config
// for diktyo-nri (diktyo-nri enable-nri, the chart's opt-in init
// container): it adds diktyo's NRI drop-in to containerd 2.x's config, or
// says why it cannot, and reports every file it changed. It never
// restarts the runtime itself (the caller does, when told), never
// rewrites a file that is not diktyo's, and changes nothing when any
// check fails.
//
// Paths are the host's, under Root (the host's root as mounted in the
// init container, "/" on the node itself).
package nrisetup

import (
	_ "embed"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
)

// Flavours of runtime config this package knows.
const (
	Containerd = "containerd" // a containerd 2.x managed by hand (kind's nodes too)
	K3s        = "k3s"        // k3s's generated containerd config
	RKE2       = "rke2"       // RKE2's, the same scheme as k3s's
)

// NRIPlugin is containerd's NRI plugin ID, the key of its config section.
const NRIPlugin = "io.containerd.nri.v1.nri"

// DropIn is where the drop-in goes on a plain containerd node, and
// DropInContent is what it holds: deploy/containerd/10-diktyo-nri.toml,
// which a test keeps equal.
const DropIn = "/etc/containerd/conf.d/10-diktyo-nri.toml"

//go:embed dropin.toml
var DropInContent string

// mainConfig is containerd's config.toml.
const mainConfig = "/etc/containerd/config.toml"

// Options says where and what.
type Options struct {
	// Root is the host's root directory ("/" on the node).
	Root string
	// Flavour is Containerd, K3s, RKE2 or "" (detected).
	Flavour string
}

// Result is what Enable found and did.
type Result struct {
	Flavour string `json:"flavour"`
	// Changed are the files written (host paths), each with what changed.
	Changed []string `json:"changed,omitempty"`
	// Notes say what was already right, or left alone and why.
	Notes []string `json:"notes,omitempty"`
	// RestartNeeded: the runtime reads its config at start only.
	RestartNeeded bool `json:"restartNeeded"`
}

// Enable makes the runtime config on o.Root switch NRI on with diktyo's
// settings. On error nothing was written.
func Enable(o Options) (*Result, error) {
	root := o.Root
	if root == "" {
		root = "/"
	}
	flavour := o.Flavour
	if flavour == "" {
		flavour = Detect(root)
	}
	r := &Result{Flavour: flavour}
	var err error
	switch flavour {
	case Containerd:
		err = enableContainerd(root, r)
	case K3s, RKE2:
		err = checkRancher(root, flavour, r)
	default:
		return nil, fmt.Errorf("runtime flavour %q: want %s, %s or %s", flavour, Containerd, K3s, RKE2)
	}
	if err != nil {
		return nil, err
	}
	return r, nil
}

// Detect names the flavour of root's runtime config: RKE2's or k3s's
// agent directory, else a plain containerd.
func Detect(root string) string {
	for _, f := range []string{RKE2, K3s} {
		if _, err := os.Stat(filepath.Join(root, rancherDir(f))); err == nil {
			return f
		}
	}
	return Containerd
}

// config is the part of a containerd config Enable reads.
type config struct {
	Version         int                       `toml:"version"`
	Imports         []string                  `toml:"imports"`
	DisabledPlugins []string                  `toml:"disabled_plugins"`
	Plugins         map[string]toml.Primitive `toml:"plugins"`
}

type nriSection struct {
	Disable            *bool  `toml:"disable"`
	DisableConnections bool   `toml:"disable_connections"`
	SocketPath         string `toml:"socket_path"`
}

// readConfig parses a containerd config file; absent is (nil, nil).
func readConfig(path string) (*config, toml.MetaData, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, toml.MetaData{}, nil
	}
	if err != nil {
		return nil, toml.MetaData{}, err
	}
	var c config
	md, err := toml.Decode(string(b), &c)
	if err != nil {
		return nil, md, fmt.Errorf("%s: %w", path, err)
	}
	return &c, md, nil
}

// nri is c's NRI section, nil when it has none.
func (c *config) nri(md toml.MetaData) (*nriSection, error) {
	p, ok := c.Plugins[NRIPlugin]
	if !ok {
		return nil, nil
	}
	var s nriSection
	if err := md.PrimitiveDecode(p, &s); err != nil {
		return nil, fmt.Errorf("plugins.'%s': %w", NRIPlugin, err)
	}
	return &s, nil
}

// disabled says why c turns NRI off, or "".
func (c *config) disabled(md toml.MetaData) (string, error) {
	if slices.Contains(c.DisabledPlugins, NRIPlugin) {
		return "disabled_plugins lists " + NRIPlugin, nil
	}
	s, err := c.nri(md)
	switch {
	case err != nil:
		return "", err
	case s == nil:
		return "", nil
	case s.Disable != nil && *s.Disable:
		return "plugins.'" + NRIPlugin + "'.disable = true", nil
	case s.DisableConnections:
		return "plugins.'" + NRIPlugin + "'.disable_connections = true (diktyo-nri connects as an external plugin)", nil
	}
	return "", nil
}

// enableContainerd writes the drop-in and, when config.toml imports no
// drop-in directory, the import of it. Checks first, writes last.
func enableContainerd(root string, r *Result) error {
	main := filepath.Join(root, mainConfig)
	c, md, err := readConfig(main)
	if err != nil {
		return err
	}
	addImport := false
	if c != nil {
		if c.Version < 2 {
			return fmt.Errorf("%s: config version %d (no version key is 1) is containerd 1.x's; diktyo needs containerd 2.1 or later (docs/compatibility.md)", mainConfig, c.Version)
		}
		if slices.Contains(c.DisabledPlugins, NRIPlugin) {
			return fmt.Errorf("%s: disabled_plugins lists %s, which no drop-in can undo: remove it from the list by hand", mainConfig, NRIPlugin)
		}
		covered := slices.ContainsFunc(c.Imports, func(glob string) bool { ok, _ := filepath.Match(glob, DropIn); return ok })
		switch {
		case covered:
		case md.IsDefined("imports"):
			return fmt.Errorf("%s: imports = %q does not include %s: add it (or %s/*.toml) to imports by hand", mainConfig, c.Imports, DropIn, filepath.Dir(DropIn))
		default:
			addImport = true
		}
	} else {
		r.Notes = append(r.Notes, fmt.Sprintf("no %s: containerd's built-in config imports %s/*.toml", mainConfig, filepath.Dir(DropIn)))
	}
	write, err := dropInAction(filepath.Join(root, DropIn), r)
	if err != nil {
		return err
	}
	if addImport {
		if err := prependImport(main, r); err != nil {
			return err
		}
	}
	if write {
		if err := writeFile(filepath.Join(root, DropIn), []byte(DropInContent)); err != nil {
			return err
		}
		r.Changed = append(r.Changed, DropIn+": written (NRI on, diktyo's socket, paths and timeouts)")
	}
	r.RestartNeeded = len(r.Changed) > 0
	return nil
}

// dropInAction decides about an existing drop-in: diktyo's own (the
// shipped content) is left; one that differs but switches NRI on is an
// operator's edit, kept; one that turns NRI off is an error.
func dropInAction(path string, r *Result) (write bool, err error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	if string(b) == DropInContent {
		r.Notes = append(r.Notes, DropIn+": diktyo's, unchanged")
		return false, nil
	}
	c, md, err := readConfig(path)
	if err != nil {
		return false, err
	}
	why, err := c.disabled(md)
	if err != nil {
		return false, fmt.Errorf("%s: %w", DropIn, err)
	}
	if why != "" {
		return false, fmt.Errorf("%s: edited, and it turns NRI off (%s): fix or remove it by hand", DropIn, why)
	}
	r.Notes = append(r.Notes, DropIn+": edited by someone, and it leaves NRI on: kept as it is")
	return false, nil
}

// importLines are what prependImport adds, and Remove takes away.
var importLines = fmt.Sprintf("# Added by diktyo-nri enable-nri: containerd reads diktyo's NRI settings from there.\nimports = ['%s']\n", DropIn)

// Remove undoes Enable on a plain containerd node: the drop-in when it is
// diktyo's byte for byte, and the import lines Enable added when they are
// still at the top of config.toml as it wrote them. An edited drop-in, or
// a config.toml edited there, stays and is said.
func Remove(root string) (*Result, error) {
	r := &Result{Flavour: Containerd}
	drop := filepath.Join(root, DropIn)
	switch b, err := os.ReadFile(drop); {
	case errors.Is(err, os.ErrNotExist):
	case err != nil:
		return nil, err
	case string(b) != DropInContent:
		r.Notes = append(r.Notes, DropIn+": edited by someone: left")
	default:
		if err := os.Remove(drop); err != nil {
			return nil, err
		}
		r.Changed = append(r.Changed, DropIn+": removed")
	}
	main := filepath.Join(root, mainConfig)
	b, err := os.ReadFile(main)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if rest, ok := strings.CutPrefix(string(b), importLines); ok {
		if err := writeFile(main, []byte(rest)); err != nil {
			return nil, err
		}
		r.Changed = append(r.Changed, mainConfig+": the imports line enable-nri added, removed")
	}
	r.RestartNeeded = len(r.Changed) > 0
	return r, nil
}

// prependImport adds the drop-in to config.toml's imports, which it does
// not set: one line at the top (top-level keys come before any table),
// the rest of the file byte for byte.
func prependImport(path string, r *Result) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := writeFile(path, append([]byte(importLines), b...)); err != nil {
		return err
	}
	r.Changed = append(r.Changed, mainConfig+": imports = ['"+DropIn+"'] added at the top (it set no imports)")
	return nil
}

// writeFile replaces path atomically, keeping its mode (0644 when new).
func writeFile(path string, data []byte) error {
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".diktyo-tmp"
	if err := os.WriteFile(tmp, data, mode); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	return nil
}

func rancherDir(flavour string) string {
	return "/var/lib/rancher/" + flavour + "/agent/etc/containerd"
}

// checkRancher reads k3s's or RKE2's generated containerd config. Both
// regenerate it at every start from a template, and containerd 2.x has
// NRI on unless told otherwise, so there is nothing to add unless the
// generated config turns it off; a template that appended a second NRI
// section would stop containerd, so that case is an error naming the
// template to write by hand (docs/install.md).
func checkRancher(root, flavour string, r *Result) error {
	dir := rancherDir(flavour)
	gen := filepath.Join(dir, "config.toml")
	c, md, err := readConfig(filepath.Join(root, gen))
	if err != nil {
		return err
	}
	if c == nil {
		return fmt.Errorf("%s: not there: start %s once so that it generates its containerd config", gen, flavour)
	}
	why, err := c.disabled(md)
	if err != nil {
		return fmt.Errorf("%s: %w", gen, err)
	}
	if why != "" {
		return fmt.Errorf("%s: %s turns NRI off (rootless mode does): set it in %s/config-v3.toml.tmpl by hand (docs/install.md, %q)",
			gen, flavour, dir, "k3s and RKE2")
	}
	s, _ := c.nri(md)
	if s == nil || s.SocketPath == "" || s.SocketPath == "/var/run/nri/nri.sock" {
		r.Notes = append(r.Notes, fmt.Sprintf("%s: NRI on (containerd 2.x's default), socket /var/run/nri/nri.sock: nothing to change", gen))
		return nil
	}
	r.Notes = append(r.Notes, fmt.Sprintf("%s: NRI on, socket %s: pass diktyo-nri --socket=%s", gen, s.SocketPath, s.SocketPath))
	return nil
}

// String is the report, one line each.
func (r *Result) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "runtime config: %s\n", r.Flavour)
	for _, c := range r.Changed {
		fmt.Fprintf(&b, "changed: %s\n", c)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "note:    %s\n", n)
	}
	if r.RestartNeeded {
		b.WriteString("restart the runtime for the change to take effect\n")
	} else {
		b.WriteString("nothing to restart\n")
	}
	return b.String()
}
