package cniutil

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// Runner runs a command with stdin and returns its standard output: the
// one seam through which plugins exec (ipmasq's iptables backend and its
// counters), so tests can count, record or fake what they run.
type Runner interface {
	Run(ctx context.Context, stdin string, name string, args ...string) (string, error)
}

// ExecRunner runs commands with os/exec.
type ExecRunner struct{}

// Run implements Runner. A failure's error carries the command's stderr.
func (ExecRunner) Run(ctx context.Context, stdin string, name string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	if stdin != "" {
		cmd.Stdin = strings.NewReader(stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.String(), &ExecError{Cmd: name + " " + strings.Join(args, " "), Stderr: strings.TrimSpace(stderr.String()), Err: err}
	}
	return stdout.String(), nil
}

// ExecError is a failed command.
type ExecError struct {
	Cmd    string
	Stderr string
	Err    error
}

func (e *ExecError) Error() string {
	if e.Stderr == "" {
		return fmt.Sprintf("%s: %v", e.Cmd, e.Err)
	}
	return fmt.Sprintf("%s: %v: %s", e.Cmd, e.Err, e.Stderr)
}

func (e *ExecError) Unwrap() error { return e.Err }

// ExitCode returns the exit status of a failed command, or -1.
func ExitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	return -1
}
