package main

import (
	"archive/tar"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readTar returns the regular files and symlinks of a tarball by name.
func readTar(t *testing.T, data []byte) (files map[string][]byte, links map[string]string) {
	t.Helper()
	files, links = map[string][]byte{}, map[string]string{}
	tr := tar.NewReader(bytes.NewReader(data))
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files, links
		}
		if err != nil {
			t.Fatal(err)
		}
		switch h.Typeflag {
		case tar.TypeReg:
			b, err := io.ReadAll(tr)
			if err != nil {
				t.Fatal(err)
			}
			files[h.Name] = b
		case tar.TypeSymlink:
			links[h.Name] = h.Linkname
		}
	}
}

func blob(t *testing.T, files map[string][]byte, digest string) []byte {
	t.Helper()
	b, ok := files["blobs/sha256/"+strings.TrimPrefix(digest, "sha256:")]
	if !ok {
		t.Fatalf("blob %s missing", digest)
	}
	sum := sha256.Sum256(b)
	if "sha256:"+hex.EncodeToString(sum[:]) != digest {
		t.Fatalf("blob %s has another digest", digest)
	}
	return b
}

// TestImageLayout builds an image twice and checks it is reproducible and
// a well-formed OCI layout: index with containerd's name annotation,
// manifest, config with the layer's diff ID and the entrypoint, and a
// layer holding the files, directories and busybox links asked for.
func TestImageLayout(t *testing.T) {
	dir := t.TempDir()
	bb := filepath.Join(dir, "fakebox")
	// A stand-in busybox: prints its applets like `busybox --list-full`.
	if err := os.WriteFile(bb, []byte("#!/bin/sh\necho bin/sh; echo usr/bin/nc; echo sbin/ip\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	args := func(out string) []string {
		return []string{"-name", "diktyo.test/app:7", "-o", out, "-file", "/bin/busybox=" + bb,
			"-busybox-links", "/bin/busybox", "-dir", "/tmp", "-entrypoint", "/bin/sleep", "-cmd", "infinity"}
	}
	a, b := filepath.Join(dir, "a.tar"), filepath.Join(dir, "b.tar")
	if err := run(args(a)); err != nil {
		t.Fatal(err)
	}
	if err := run(args(b)); err != nil {
		t.Fatal(err)
	}
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if !bytes.Equal(da, db) {
		t.Fatal("two builds of the same image differ")
	}

	files, _ := readTar(t, da)
	var index struct {
		Manifests []struct {
			Digest      string            `json:"digest"`
			Annotations map[string]string `json:"annotations"`
		} `json:"manifests"`
	}
	if err := json.Unmarshal(files["index.json"], &index); err != nil || len(index.Manifests) != 1 {
		t.Fatalf("index.json: %v %s", err, files["index.json"])
	}
	if got := index.Manifests[0].Annotations[annoName]; got != "diktyo.test/app:7" {
		t.Errorf("index annotation %s = %q", annoName, got)
	}
	var manifest struct {
		Config struct{ Digest string } `json:"config"`
		Layers []struct {
			MediaType string `json:"mediaType"`
			Digest    string `json:"digest"`
		} `json:"layers"`
	}
	if err := json.Unmarshal(blob(t, files, index.Manifests[0].Digest), &manifest); err != nil || len(manifest.Layers) != 1 {
		t.Fatalf("manifest: %v", err)
	}
	if manifest.Layers[0].MediaType != mediaLayer {
		t.Errorf("layer media type %s, want uncompressed %s", manifest.Layers[0].MediaType, mediaLayer)
	}
	var config struct {
		Config struct{ Entrypoint, Cmd []string } `json:"config"`
		RootFS struct {
			DiffIDs []string `json:"diff_ids"`
		} `json:"rootfs"`
	}
	if err := json.Unmarshal(blob(t, files, manifest.Config.Digest), &config); err != nil {
		t.Fatal(err)
	}
	if len(config.RootFS.DiffIDs) != 1 || config.RootFS.DiffIDs[0] != manifest.Layers[0].Digest {
		t.Errorf("diff_ids %v, want the uncompressed layer's digest %s", config.RootFS.DiffIDs, manifest.Layers[0].Digest)
	}
	if strings.Join(config.Config.Entrypoint, " ") != "/bin/sleep" || strings.Join(config.Config.Cmd, " ") != "infinity" {
		t.Errorf("entrypoint %v cmd %v", config.Config.Entrypoint, config.Config.Cmd)
	}
	lfiles, llinks := readTar(t, blob(t, files, manifest.Layers[0].Digest))
	if _, ok := lfiles["bin/busybox"]; !ok {
		t.Error("layer lacks bin/busybox")
	}
	for _, l := range []string{"bin/sh", "usr/bin/nc", "sbin/ip"} {
		if llinks[l] != "/bin/busybox" {
			t.Errorf("layer link %s -> %q, want /bin/busybox", l, llinks[l])
		}
	}
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-o", "x.tar"},
		{"-name", "a:1", "-o", filepath.Join(t.TempDir(), "x.tar"), "-file", "relative=/bin/sh"},
		{"-name", "a:1", "-o", filepath.Join(t.TempDir(), "x.tar"), "-busybox-links", "/bin/busybox"},
	} {
		if err := run(args); err == nil {
			t.Errorf("run(%q) succeeded", args)
		}
	}
}
