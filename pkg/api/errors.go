package api

import (
	"errors"
	"fmt"
)

// ErrInvalid marks every error of this package's parsers: a value that is
// not valid wherever it is given (an annotation, the admin config, a
// capability argument). The plugins and pkg/policy wrap the same error, so
// errors.Is(err, ErrInvalid) tells a malformed request from one the admin
// denies or a node-specific limit refuses.
var ErrInvalid = errors.New("invalid value")

// invalidError is an error that is ErrInvalid without saying so in its
// text, which already names the field and the value.
type invalidError struct{ err error }

func (e *invalidError) Error() string        { return e.err.Error() }
func (e *invalidError) Unwrap() error        { return e.err }
func (e *invalidError) Is(target error) bool { return target == ErrInvalid }

// Invalidf formats an error that errors.Is ErrInvalid. Plugins use it for
// the checks of a capability argument that depend on their node config.
func Invalidf(format string, args ...any) error {
	return &invalidError{err: fmt.Errorf(format, args...)}
}
