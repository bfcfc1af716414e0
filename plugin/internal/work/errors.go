package work

import (
	"errors"

	"github.com/diktyo-io/diktyo/plugin/internal/health"
)

// podError is a failure of one pod, with its metrics reason.
type podError struct {
	reason string
	err    error
}

func (e *podError) Error() string { return e.err.Error() }

func (e *podError) Unwrap() error { return e.err }

// Failure is err as a failure of one pod, counted under reason.
func Failure(reason string, err error) error { return &podError{reason: reason, err: err} }

// ReasonOf is the failure reason err carries (a failed ADD when none).
func ReasonOf(err error) string {
	var pe *podError
	if errors.As(err, &pe) {
		return pe.reason
	}
	return health.ReasonAdd
}

// ErrNotLive: the pod was stopped or removed before its ADD could start.
var ErrNotLive = errors.New("pod stopped or removed before its ADD ran")
