package api

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

type inner struct {
	Name string `json:"name"`
}

type decodeTarget struct {
	inner
	External string           `json:"external"`
	List     []inner          `json:"list,omitempty"`
	Map      map[string]inner `json:"map,omitempty"`
	Raw      json.RawMessage  `json:"raw,omitempty"`
	Any      any              `json:"any,omitempty"`
	Ptr      *inner           `json:"ptr,omitempty"`
	Skip     string           `json:"-"`
	Untagged string
}

func TestDecodeStrict(t *testing.T) {
	for _, tc := range []struct {
		in, err string
	}{
		{in: `{"external":"a","name":"n","list":[{"name":"x"}],"map":{"k":{"name":"y"}},"raw":{"Any":1,"any":2},"any":{"x":1},"ptr":{"name":"p"},"Untagged":"u"}`},
		// The hostile cases: encoding/json takes all of these.
		{in: `{"External":"a"}`, err: `External: unknown field "External" (field names are case-sensitive: did you mean "external"?)`},
		{in: `{"external":"a","external":"b"}`, err: `external: key "external" given twice`},
		{in: `{"list":[{"name":"x","NAME":"y"}]}`, err: `list[0].NAME: unknown field "NAME"`},
		{in: `{"list":[{"name":"x","name":"y"}]}`, err: `list[0].name: key "name" given twice`},
		{in: `{"map":{"k":{"name":"x"},"k":{"name":"y"}}}`, err: `map.k: key "k" given twice`},
		{in: `{"ptr":{"Name":"x"}}`, err: `ptr.Name: unknown field "Name"`},
		{in: `{"any":{"x":1,"x":2}}`, err: `any.x: key "x" given twice`},
		{in: `{"untagged":"u"}`, err: `did you mean "Untagged"`},
		{in: `{"Skip":"s"}`, err: `Skip: unknown field "Skip"`},
		{in: `{"port":1}`, err: `port: unknown field "port"`},
		{in: `{} {}`, err: "trailing data"},
		{in: `{"external":1}`, err: "invalid JSON"},
		{in: `{"external":`, err: "invalid JSON"},
		{in: `{"any":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + "}", err: "exceeded max depth"},
	} {
		var v decodeTarget
		err := DecodeStrict([]byte(tc.in), &v)
		if tc.err == "" {
			if err != nil {
				t.Errorf("DecodeStrict(%s) = %v", tc.in, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrInvalid) {
			t.Errorf("DecodeStrict(%.60s) = %v, want ErrInvalid containing %q", tc.in, err, tc.err)
		}
	}
}

type caps struct {
	Entries []inner  `json:"masqEntries,omitempty"`
	IPs     []string `json:"ips,omitempty"`
}

func TestDecodeCapabilities(t *testing.T) {
	for _, tc := range []struct {
		in, err string
	}{
		// Other plugins' capabilities are none of ours, even malformed.
		{in: `{"masqEntries":[{"name":"a"}],"portMappings":[{"HostPort":1,"HostPort":2}],"portMappings":[]}`},
		{in: `{"MasqEntries":[]}`, err: `MasqEntries: unknown field "MasqEntries" (field names are case-sensitive: did you mean "masqEntries"?)`},
		{in: `{"masqEntries":[],"masqEntries":[{"name":"a"}]}`, err: `masqEntries: key "masqEntries" given twice`},
		{in: `{"masqEntries":[{"Name":"a"}]}`, err: `masqEntries[0].Name: unknown field "Name"`},
		{in: `{"masqEntries":[{"name":"a","port":1}]}`, err: `masqEntries[0].port: unknown field "port"`},
		{in: `{"ips":"10.0.0.1"}`, err: "invalid JSON"},
	} {
		var v caps
		err := DecodeCapabilities([]byte(tc.in), &v)
		if tc.err == "" {
			if err != nil || len(v.Entries) != 1 {
				t.Errorf("DecodeCapabilities(%s) = %v, %+v", tc.in, err, v)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrInvalid) {
			t.Errorf("DecodeCapabilities(%s) = %v, want ErrInvalid containing %q", tc.in, err, tc.err)
		}
	}
}

type conf struct {
	Type string `json:"type"`
	IPAM struct {
		Type string `json:"type"`
	} `json:"ipam"`
	Valid []string `json:"cni.dev/valid-attachments,omitempty"`
	Table string   `json:"table,omitempty"`
}

func TestDecodeStrictExcept(t *testing.T) {
	foreign := []string{"args", "ipam", "cni.dev/attachments"}
	for _, tc := range []struct {
		in, err string
	}{
		// The runtime's keys, and whatever is inside them, are not ours.
		{in: `{"type":"x","args":{"cni":{"ips":["10.0.0.1"]},"Any":1},"ipam":{"type":"host-local","subnet":"10.0.0.0/24"},"cni.dev/attachments":[],"cni.dev/valid-attachments":["a"]}`},
		{in: `{"tabel":"t"}`, err: `tabel: unknown field "tabel"`},
		{in: `{"Table":"t"}`, err: `Table: unknown field "Table" (field names are case-sensitive: did you mean "table"?)`},
		{in: `{"Args":{}}`, err: `Args: unknown field "Args" (field names are case-sensitive: did you mean "args"?)`},
		{in: `{"table":"a","table":"b"}`, err: `table: key "table" given twice`},
		{in: `{"cni.dev/valid-attachments":["a"],"cni.dev/valid-attachments":[]}`, err: `cni.dev/valid-attachments: key "cni.dev/valid-attachments" given twice`},
		{in: `{"table":1}`, err: "invalid JSON"},
	} {
		var v conf
		err := DecodeStrictExcept([]byte(tc.in), &v, foreign...)
		if tc.err == "" {
			if err != nil || v.IPAM.Type != "host-local" {
				t.Errorf("DecodeStrictExcept(%s) = %v, %+v", tc.in, err, v)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrInvalid) {
			t.Errorf("DecodeStrictExcept(%s) = %v, want ErrInvalid containing %q", tc.in, err, tc.err)
		}
	}
}
