package main

import (
	"strings"
	"testing"

	"github.com/diktyo-io/diktyo/pkg/api"
)

// TestWriteBindingStrict: a pod held to strict mode shows what strict
// mode dropped on its binding line; a pod that is not shows nothing of
// it.
func TestWriteBindingStrict(t *testing.T) {
	from, as, untranslated := uint64(1), uint64(2), uint64(7)
	var w strings.Builder
	writeBinding(&w, &api.SNATBinding{Mode: api.BindingLink, Link: "veth1", DroppedFrom: &from, DroppedAs: &as,
		Strict: true, DroppedUntranslated: &untranslated})
	if !strings.Contains(w.String(), "2 with its address from elsewhere; strict: 7 packets of new connections with no SNAT decision)") {
		t.Errorf("strict pod: %q", w.String())
	}
	w.Reset()
	writeBinding(&w, &api.SNATBinding{Mode: api.BindingLink, Link: "veth1", DroppedFrom: &from, DroppedAs: &as})
	if strings.Contains(w.String(), "strict") {
		t.Errorf("pod not in strict mode: %q", w.String())
	}
}
