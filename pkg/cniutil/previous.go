package cniutil

import (
	"context"
	"encoding/json"
)

type previousKey struct{}

// WithPrevious returns ctx carrying conflist, the network config list a
// running pod was last ADDed under (diktyo-nri's record of the pod: its
// cached attachment), for the in-process ADDs run with it when the
// config changed: a plugin whose state the new config puts elsewhere
// (ipmasq's guard table) moves it from where the record says it is, in
// the ADD's own transaction. A plugin binary never gets it.
func WithPrevious(ctx context.Context, conflist []byte) context.Context {
	return context.WithValue(ctx, previousKey{}, conflist)
}

// Previous returns the config of the one plugin of type typ in the list
// ctx carries (WithPrevious); ok false when there is none, the list
// names typ more than once (which entry was the pod's is not known), or
// it does not parse.
func Previous(ctx context.Context, typ string) (conf json.RawMessage, ok bool) {
	list, _ := ctx.Value(previousKey{}).([]byte)
	if list == nil {
		return nil, false
	}
	var l struct {
		Plugins []json.RawMessage `json:"plugins"`
	}
	if json.Unmarshal(list, &l) != nil {
		return nil, false
	}
	for _, p := range l.Plugins {
		var t struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(p, &t) != nil || t.Type != typ {
			continue
		}
		if conf != nil {
			return nil, false
		}
		conf = p
	}
	return conf, conf != nil
}
