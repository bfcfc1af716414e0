// Command ociimage writes an OCI image-layout tarball with a single
// uncompressed layer, for machines that can reach no registry: the test VM
// imports the result with `ctr images import`.
//
//	ociimage -name diktyo.test/app:1 -o app.tar \
//	  -file /bin/busybox=/bin/busybox -busybox-links /bin/busybox \
//	  -dir /tmp -entrypoint /bin/sleep,infinity
//
// The tarball is reproducible: same inputs, same bytes (fixed times and
// owners, sorted entries), so re-runs of the provisioning re-import nothing.
package main

import (
	"archive/tar"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path"
	"runtime"
	"sort"
	"strings"
	"time"
)

// OCI media types and the annotation containerd names imported images by.
const (
	mediaIndex    = "application/vnd.oci.image.index.v1+json"
	mediaManifest = "application/vnd.oci.image.manifest.v1+json"
	mediaConfig   = "application/vnd.oci.image.config.v1+json"
	mediaLayer    = "application/vnd.oci.image.layer.v1.tar"
	annoName      = "io.containerd.image.name"
	annoRefName   = "org.opencontainers.image.ref.name"
)

// epoch is the modification time of every entry, for reproducible output.
var epoch = time.Unix(0, 0).UTC()

type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, " ") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// spec is what goes into the image, gathered from the flags.
type spec struct {
	name       string
	files      map[string]string // image path -> host path
	dirs       []string
	links      map[string]string // image path -> symlink target
	entrypoint []string
	cmd        []string
	env        []string
}

func main() {
	if err := run(os.Args[1:]); err != nil {
		slog.Error("ociimage failed", "err", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("ociimage", flag.ContinueOnError)
	var files, dirs, bbLinks listFlag
	name := fs.String("name", "", "image reference, e.g. diktyo.test/app:1 (required)")
	out := fs.String("o", "", "output tarball (required)")
	entry := fs.String("entrypoint", "", "comma-separated entrypoint")
	cmd := fs.String("cmd", "", "comma-separated default arguments")
	fs.Var(&files, "file", "IMAGEPATH=HOSTPATH: copy a host file (repeatable)")
	fs.Var(&dirs, "dir", "IMAGEPATH: an empty directory (repeatable)")
	fs.Var(&bbLinks, "busybox-links", "IMAGEPATH of a busybox binary: add a symlink for each of its applets (repeatable)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *name == "" || *out == "" {
		return errors.New("-name and -o are required")
	}
	s := spec{
		name: *name, files: map[string]string{}, dirs: dirs, links: map[string]string{},
		entrypoint: splitList(*entry), cmd: splitList(*cmd),
		env: []string{"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"},
	}
	for _, f := range files {
		img, host, ok := strings.Cut(f, "=")
		if !ok || !path.IsAbs(img) {
			return fmt.Errorf("-file %q: want /IMAGEPATH=HOSTPATH", f)
		}
		s.files[img] = host
	}
	for _, bb := range bbLinks {
		host, ok := s.files[bb]
		if !ok {
			return fmt.Errorf("-busybox-links %q: not given as -file", bb)
		}
		if err := addBusyboxLinks(&s, bb, host); err != nil {
			return err
		}
	}
	return writeImage(s, *out)
}

func splitList(v string) []string {
	if v == "" {
		return nil
	}
	return strings.Split(v, ",")
}

// addBusyboxLinks asks the busybox binary for its applets' full paths and
// links each to the binary, as `busybox --install -s` would.
func addBusyboxLinks(s *spec, imgPath, hostPath string) error {
	out, err := exec.Command(hostPath, "--list-full").Output()
	if err != nil {
		return fmt.Errorf("%s --list-full: %w", hostPath, err)
	}
	for _, applet := range strings.Fields(string(out)) {
		p := "/" + strings.TrimPrefix(applet, "/")
		if _, taken := s.files[p]; taken || p == imgPath {
			continue
		}
		s.links[p] = imgPath
	}
	return nil
}

// writeImage builds the layer, config, manifest and index and writes them
// as an OCI image layout into a tarball.
func writeImage(s spec, out string) error {
	layer, err := buildLayer(s)
	if err != nil {
		return err
	}
	layerDigest := digest(layer)
	config, err := json.Marshal(map[string]any{
		"architecture": runtime.GOARCH,
		"os":           "linux",
		"created":      epoch.Format(time.RFC3339),
		"config":       map[string]any{"Entrypoint": s.entrypoint, "Cmd": s.cmd, "Env": s.env, "WorkingDir": "/"},
		"rootfs":       map[string]any{"type": "layers", "diff_ids": []string{layerDigest}},
		"history":      []map[string]any{{"created": epoch.Format(time.RFC3339), "created_by": "diktyo hack/ociimage"}},
	})
	if err != nil {
		return err
	}
	manifest, err := json.Marshal(map[string]any{
		"schemaVersion": 2,
		"mediaType":     mediaManifest,
		"config":        descriptor(mediaConfig, config, nil),
		"layers":        []any{descriptor(mediaLayer, layer, nil)},
	})
	if err != nil {
		return err
	}
	annotations := map[string]string{annoName: s.name, annoRefName: refTag(s.name)}
	mdesc := descriptor(mediaManifest, manifest, annotations)
	mdesc["platform"] = map[string]string{"architecture": runtime.GOARCH, "os": "linux"}
	index, err := json.Marshal(map[string]any{
		"schemaVersion": 2,
		"mediaType":     mediaIndex,
		"manifests":     []any{mdesc},
	})
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	entries := []struct {
		name string
		data []byte
	}{
		{"oci-layout", []byte(`{"imageLayoutVersion":"1.0.0"}`)},
		{"index.json", index},
		{blobPath(config), config},
		{blobPath(manifest), manifest},
		{blobPath(layer), layer},
	}
	if err := writeDir(tw, "blobs/"); err != nil {
		return err
	}
	if err := writeDir(tw, "blobs/sha256/"); err != nil {
		return err
	}
	for _, e := range entries {
		if err := writeFile(tw, e.name, e.data, 0o644); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	tmp := out + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, out)
}

// refTag is the tag part of a reference, which the OCI ref.name annotation
// conventionally holds.
func refTag(name string) string {
	if i := strings.LastIndex(name, ":"); i > strings.LastIndex(name, "/") {
		return name[i+1:]
	}
	return "latest"
}

// buildLayer writes the image's files, directories and links as one
// uncompressed tar, parents before children.
func buildLayer(s spec) ([]byte, error) {
	type entry struct {
		hdr  tar.Header
		host string
	}
	all := map[string]entry{}
	addParents := func(p string) {
		for d := path.Dir(p); d != "/"; d = path.Dir(d) {
			all[d] = entry{hdr: tar.Header{Typeflag: tar.TypeDir, Mode: 0o755}}
		}
	}
	for _, d := range s.dirs {
		addParents(d + "/x")
		mode := int64(0o755)
		if d == "/tmp" {
			mode = 0o1777
		}
		all[d] = entry{hdr: tar.Header{Typeflag: tar.TypeDir, Mode: mode}}
	}
	for img, host := range s.files {
		addParents(img)
		all[img] = entry{hdr: tar.Header{Typeflag: tar.TypeReg, Mode: 0o755}, host: host}
	}
	for img, target := range s.links {
		addParents(img)
		all[img] = entry{hdr: tar.Header{Typeflag: tar.TypeSymlink, Linkname: target, Mode: 0o777}}
	}
	names := make([]string, 0, len(all))
	for n := range all {
		names = append(names, n)
	}
	sort.Strings(names)
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, n := range names {
		e := all[n]
		h := e.hdr
		h.Name = strings.TrimPrefix(n, "/")
		if h.Typeflag == tar.TypeDir {
			h.Name += "/"
		}
		h.ModTime, h.Format = epoch, tar.FormatPAX
		if e.host == "" {
			if err := tw.WriteHeader(&h); err != nil {
				return nil, err
			}
			continue
		}
		data, err := os.ReadFile(e.host)
		if err != nil {
			return nil, err
		}
		h.Size = int64(len(data))
		if err := tw.WriteHeader(&h); err != nil {
			return nil, err
		}
		if _, err := tw.Write(data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func writeDir(tw *tar.Writer, name string) error {
	return tw.WriteHeader(&tar.Header{Name: name, Typeflag: tar.TypeDir, Mode: 0o755, ModTime: epoch, Format: tar.FormatPAX})
}

func writeFile(tw *tar.Writer, name string, data []byte, mode int64) error {
	h := &tar.Header{Name: name, Typeflag: tar.TypeReg, Mode: mode, Size: int64(len(data)), ModTime: epoch, Format: tar.FormatPAX}
	if err := tw.WriteHeader(h); err != nil {
		return err
	}
	_, err := io.Copy(tw, bytes.NewReader(data))
	return err
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

func blobPath(b []byte) string {
	return "blobs/sha256/" + strings.TrimPrefix(digest(b), "sha256:")
}

func descriptor(mediaType string, b []byte, annotations map[string]string) map[string]any {
	d := map[string]any{"mediaType": mediaType, "digest": digest(b), "size": len(b)}
	if annotations != nil {
		d["annotations"] = annotations
	}
	return d
}
