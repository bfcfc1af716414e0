package cniutil

import (
	"bytes"
	"fmt"

	"github.com/containernetworking/cni/pkg/skel"
	current "github.com/containernetworking/cni/pkg/types/100"
)

// Verbs are a plugin's CNI verbs with ADD returning its result instead of
// printing it. One implementation then serves both the plugin binary
// (CNIFuncs prints the result to stdout, as skel expects) and diktyo-nri
// running the plugin in-process, where stdout is shared by every
// goroutine and must not be written.
type Verbs struct {
	// Add returns the result and the CNI version to encode it in (the
	// config's cniVersion).
	Add    func(*skel.CmdArgs) (*current.Result, string, error)
	Check  func(*skel.CmdArgs) error
	Del    func(*skel.CmdArgs) error
	GC     func(*skel.CmdArgs) error
	Status func(*skel.CmdArgs) error
}

// CNIFuncs adapts v to skel for a plugin binary: ADD prints its result.
func (v Verbs) CNIFuncs() skel.CNIFuncs {
	add := v.Add
	return skel.CNIFuncs{
		Add: func(args *skel.CmdArgs) error {
			res, cniVersion, err := add(args)
			if err != nil {
				return err
			}
			return Print(res, cniVersion)
		},
		Check:  v.Check,
		Del:    v.Del,
		GC:     v.GC,
		Status: v.Status,
	}
}

// Encode returns the bytes a plugin binary prints for res: res converted
// to cniVersion, as JSON.
func Encode(res *current.Result, cniVersion string) ([]byte, error) {
	conv, err := res.GetAsVersion(cniVersion)
	if err != nil {
		return nil, fmt.Errorf("converting the result to CNI %s: %w", cniVersion, err)
	}
	var buf bytes.Buffer
	if err := conv.PrintTo(&buf); err != nil {
		return nil, fmt.Errorf("encoding the result: %w", err)
	}
	return buf.Bytes(), nil
}
