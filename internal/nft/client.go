package nft

import (
	"errors"
	"fmt"

	"golang.org/x/sys/unix"
)

// Client is what diktyo does with nftables: apply a batch, list what a
// table holds. *Conn is the kernel's (a netlink socket); *Fake applies
// batches to a ruleset in memory, for tests without root.
type Client interface {
	// Apply applies every operation of the batch or none.
	Apply(b *Batch) error
	TableExists(table string) (bool, error)
	ListChains(table string) ([]Chain, error)
	GetChain(table, name string) (*Chain, error)
	ListRules(table, chain string) ([]Rule, error)
	ListSets(table string) ([]Set, error)
	ListElements(table string, s *Set) ([]Element, error)
	// GetElement returns the element of s with e's key; ErrNotFound
	// when there is none (or no such set).
	GetElement(table string, s *Set, e *Element) (*Element, error)
	Close() error
}

var (
	_ Client = (*Conn)(nil)
	_ Client = (*Fake)(nil)
)

// Use returns c when it is set (a test's Fake), else a socket opened in
// the namespace at path (see Open).
func Use(c Client, path string) (Client, error) {
	if c != nil {
		return c, nil
	}
	conn, err := Open(path)
	if err != nil {
		return nil, fmt.Errorf("nftables: %w", err)
	}
	return conn, nil
}

// Observe returns c telling f of every round trip: "list" for a listing
// (b nil), "apply" for a batch that is sent (one with operations). Tests
// use it to record what a verb sends.
func Observe(c Client, f func(kind string, b *Batch)) Client {
	if f == nil {
		return c
	}
	return &observed{Client: c, f: f}
}

type observed struct {
	Client
	f func(kind string, b *Batch)
}

func (o *observed) Apply(b *Batch) error {
	if b.Len() > 0 {
		o.f("apply", b)
	}
	return o.Client.Apply(b)
}

func (o *observed) TableExists(table string) (bool, error) {
	o.f("list", nil)
	return o.Client.TableExists(table)
}

func (o *observed) ListChains(table string) ([]Chain, error) {
	o.f("list", nil)
	return o.Client.ListChains(table)
}

func (o *observed) GetChain(table, name string) (*Chain, error) {
	o.f("list", nil)
	return o.Client.GetChain(table, name)
}

func (o *observed) ListRules(table, chain string) ([]Rule, error) {
	o.f("list", nil)
	return o.Client.ListRules(table, chain)
}

func (o *observed) ListSets(table string) ([]Set, error) {
	o.f("list", nil)
	return o.Client.ListSets(table)
}

func (o *observed) ListElements(table string, s *Set) ([]Element, error) {
	o.f("list", nil)
	return o.Client.ListElements(table, s)
}

func (o *observed) GetElement(table string, s *Set, e *Element) (*Element, error) {
	o.f("list", nil)
	return o.Client.GetElement(table, s, e)
}

// HoldsExactly reports whether chain of table holds exactly want, in
// order (one listing of the chain): how a backend decides that its base
// objects need no rewriting.
func HoldsExactly(c Client, table, chain string, want []*Rule) (bool, error) {
	have, err := c.ListRules(table, chain)
	if err != nil {
		return false, err
	}
	if len(have) != len(want) {
		return false, nil
	}
	for i := range want {
		if have[i].String() != want[i].String() {
			return false, nil
		}
	}
	return true, nil
}

// Teardown removes table with b, a batch of deletions the kernel refuses
// while anything is left in what they delete (DelSetIfEmpty,
// DelTableIfEmpty): it reports whether the table went. A table absent
// before or during is (false, nil); a refusal (EBUSY) changes nothing and
// returns inUse, naming the table.
func Teardown(c Client, b *Batch, inUse error) (bool, error) {
	if ok, err := c.TableExists(b.Table); err != nil || !ok {
		return false, err
	}
	switch err := c.Apply(b); {
	case err == nil:
		return true, nil
	case errors.Is(err, unix.EBUSY):
		return false, fmt.Errorf("table inet %s: %w", b.Table, inUse)
	case errors.Is(err, unix.ENOENT):
		return false, nil
	default:
		return false, fmt.Errorf("removing table inet %s: %w", b.Table, err)
	}
}
