package api

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	sigsjson "sigs.k8s.io/json"
)

// DecodeStrict decodes data, one JSON value, into v. It is what "strict"
// means for every diktyo value a person or a runtime writes (annotations,
// the admin config, the plugins' capability arguments): besides JSON
// syntax and types, it refuses
//   - a key that names no field of the target (encoding/json's
//     DisallowUnknownFields),
//   - a key that names a field only when case is ignored ("External" for
//     "external"; encoding/json would take it),
//   - a key given twice in one object (encoding/json would keep the last),
//   - anything after the value.
//
// sigs.k8s.io/json (Kubernetes' own strict decoder) finds these; this
// function words them as diktyo does everywhere: the field's path, and
// for a case mismatch the field that was meant.
//
// Errors are ErrInvalid and name the field ("[0].external").
func DecodeStrict(data []byte, v any) error {
	return decode(data, v, nil)
}

// DecodeStrictExcept is DecodeStrict for a value that others write into
// too: a top-level key in foreign, and everything under it, is not
// checked (it names no field of v, or a field whose contents belong to
// someone else). A key that differs from a foreign one only by case is
// refused like any other. For a CNI plugin's configuration, whose
// standard keys belong to the runtime (cniutil.DecodeConf).
func DecodeStrictExcept(data []byte, v any, foreign ...string) error {
	return decode(data, v, func(path string) bool {
		for _, k := range foreign {
			if path == k || strings.HasPrefix(path, k+".") || strings.HasPrefix(path, k+"[") {
				return true
			}
		}
		return false
	}, foreign...)
}

// CNIConfKeys are the keys of a plugin's configuration that belong to the
// CNI runtime, not to the plugin: the spec's (ipam, dns, args, prevResult)
// and what libcni injects for GC (both spellings: libcni writes
// "cni.dev/attachments" too, after a mistake in the spec). The plugin
// does not check what is inside them: a newer runtime may add to them.
// (name, cniVersion, type, capabilities and runtimeConfig are fields of
// every plugin's configuration, checked as such; libcni's "cniVersions",
// "disableCheck" and "disableGC" belong to the list and never reach a
// plugin.)
var CNIConfKeys = []string{"ipam", "dns", "args", "prevResult", "cni.dev/valid-attachments", "cni.dev/attachments"}

// DecodePluginConf decodes a CNI plugin's configuration (its stdin) into
// v strictly (DecodeStrict), except for the runtime's keys (CNIConfKeys):
// a misspelt or wrong-case setting is an error naming it, not a setting
// silently left at its default.
func DecodePluginConf(data []byte, v any) error {
	return DecodeStrictExcept(data, v, CNIConfKeys...)
}

// DecodeCapabilities decodes a CNI runtimeConfig object into v, a pointer
// to a struct whose fields are the capabilities one plugin reads. The
// object is shared by the chain: a key v has no field for belongs to
// another plugin and is skipped. A key that differs from one of v's only
// by case, a key of v's given twice, and anything DecodeStrict refuses
// inside the value of one of v's keys are errors (ErrInvalid, naming the
// field).
func DecodeCapabilities(data []byte, v any) error {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return Invalidf("invalid JSON: %w", err)
	}
	fields := map[string]reflect.Type{}
	if t := target(reflect.TypeOf(v)); t != nil && t.Kind() == reflect.Struct {
		jsonFields(t, fields)
	}
	return decode(data, v, func(path string) bool {
		// The decoder skips the value of a key that names no field, so
		// the only error about another plugin's key is about the key
		// itself: an unknown field, or one given twice.
		_, other := top[path]
		_, own := fields[path]
		return other && !own
	})
}

// decode is the strict decoding behind the exported functions: foreign,
// when set, says which reported paths belong to someone else; names are
// further keys that a case mismatch at the top level is compared with.
func decode(data []byte, v any, foreign func(path string) bool, names ...string) error {
	strictErrs, err := sigsjson.UnmarshalStrict(data, v)
	if err != nil {
		if trailing(data) {
			return Invalidf("invalid JSON: trailing data after the value")
		}
		return Invalidf("invalid JSON: %w", err)
	}
	for _, e := range strictErrs {
		var fe sigsjson.FieldError
		if !errors.As(e, &fe) {
			return Invalidf("invalid JSON: %w", e)
		}
		path := fe.FieldPath()
		parent, key, top := resolve(reflect.TypeOf(v), path)
		if foreign != nil && foreign(path) && caseMatch(parent, key, top, names) == "" {
			continue
		}
		if strings.HasPrefix(e.Error(), "duplicate field") {
			return Invalidf("%s: key %q given twice", path, key)
		}
		if m := caseMatch(parent, key, top, names); m != "" {
			return Invalidf("%s: unknown field %q (field names are case-sensitive: did you mean %q?)", path, key, m)
		}
		return Invalidf("%s: unknown field %q", path, key)
	}
	return nil
}

// trailing reports whether data is one valid JSON value followed by
// more: a second value is a mistake worth naming as such, not a syntax
// error at an offset.
func trailing(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	var first json.RawMessage
	if dec.Decode(&first) != nil {
		return false
	}
	_, err := dec.Token()
	return !errors.Is(err, io.EOF)
}

// resolve follows path ("list[0].name", as sigs.k8s.io/json reports it)
// from t to the object holding its last key: that object's type (nil
// where it is not known: a map's value, an interface), the key, and
// whether the object is the top-level one. Field names may hold dots
// ("cni.dev/valid-attachments"), so a struct's field is matched by name
// before the path is split; a map key holding a dot or a bracket is
// ambiguous and resolves to a nil type.
func resolve(t reflect.Type, path string) (parent reflect.Type, key string, top bool) {
	top = true
	t = target(t)
	for {
		for strings.HasPrefix(path, "[") {
			end := strings.IndexByte(path, ']')
			if end < 0 {
				return nil, path, top
			}
			if _, err := strconv.Atoi(path[1:end]); err != nil {
				return nil, path, top
			}
			if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
				t = target(t.Elem())
			} else {
				t = nil
			}
			path = strings.TrimPrefix(path[end+1:], ".")
			top = false
		}
		seg, rest := nextSegment(t, path)
		if rest == "" {
			return t, seg, top
		}
		switch {
		case t == nil:
		case t.Kind() == reflect.Struct:
			fields := map[string]reflect.Type{}
			jsonFields(t, fields)
			t = target(fields[seg])
		case t.Kind() == reflect.Map:
			t = target(t.Elem())
		default:
			t = nil
		}
		path = strings.TrimPrefix(rest, ".")
		top = false
	}
}

// nextSegment splits path into its first key and the rest (which starts
// with "." or "[", or is empty).
func nextSegment(t reflect.Type, path string) (string, string) {
	if t != nil && t.Kind() == reflect.Struct {
		fields := map[string]reflect.Type{}
		jsonFields(t, fields)
		best := ""
		for name := range fields {
			if strings.HasPrefix(path, name) && len(name) > len(best) {
				if r := path[len(name):]; r == "" || r[0] == '.' || r[0] == '[' {
					best = name
				}
			}
		}
		if best != "" {
			return best, path[len(best):]
		}
	}
	if i := strings.IndexAny(path, ".["); i >= 0 {
		return path[:i], path[i:]
	}
	return path, ""
}

// caseMatch is the field of parent (or, at the top level, one of names)
// that key spells with other case, or "".
func caseMatch(parent reflect.Type, key string, top bool, names []string) string {
	candidates := map[string]reflect.Type{}
	if parent != nil && parent.Kind() == reflect.Struct {
		jsonFields(parent, candidates)
	}
	if top {
		for _, n := range names {
			candidates[n] = nil
		}
	}
	if _, exact := candidates[key]; exact {
		return ""
	}
	for name := range candidates {
		if strings.EqualFold(name, key) {
			return name
		}
	}
	return ""
}

var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// target is the type whose keys are checked: pointers are followed, and a
// type that decodes itself (json.RawMessage, a duration) is not looked
// into (nil).
func target(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() == reflect.Interface {
		return nil
	}
	p := reflect.PointerTo(t)
	if p.Implements(jsonUnmarshaler) || p.Implements(textUnmarshaler) {
		return nil
	}
	return t
}

// jsonFields adds the JSON names of t's fields as encoding/json sees them:
// the tag's name or the field's, then the promoted fields of untagged
// embedded structs that a shallower field does not hide; never unexported
// or "-" fields.
func jsonFields(t reflect.Type, out map[string]reflect.Type) {
	var embedded []reflect.Type
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		ft := f.Type
		if f.Anonymous && name == "" {
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				embedded = append(embedded, ft)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = ft
	}
	for _, et := range embedded {
		promoted := map[string]reflect.Type{}
		jsonFields(et, promoted)
		for name, ft := range promoted {
			if _, hidden := out[name]; !hidden {
				out[name] = ft
			}
		}
	}
}

// DecodeRuntimeConfig decodes a plugin's runtimeConfig object strictly
// (DecodeCapabilities) into a T, for a plugin's RuntimeConfig.UnmarshalJSON.
// The error names runtimeConfig; the plugin keeps it for ADD and CHECK to
// report, so that DEL and GC, which need only the node config, still run.
func DecodeRuntimeConfig[T any](data []byte) (T, error) {
	var v T
	if err := DecodeCapabilities(data, &v); err != nil {
		var zero T
		return zero, fmt.Errorf("runtimeConfig: %w", err)
	}
	return v, nil
}
