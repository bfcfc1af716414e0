package nft

import "golang.org/x/sys/unix"

// A Client lists the inet family's tables; In is a view of the same
// client (the same socket, or the same Fake's ruleset) that lists the
// tables of another family, for the link binding's bridge table. Apply
// takes each operation's family from its batch either way. Closing a
// view closes the client.

// In is c listing the tables of family fam (unix.NFPROTO_BRIDGE, or
// unix.NFPROTO_INET).
func (c *Conn) In(fam byte) Client { return &Conn{sock: c.sock, fam: fam} }

// In is f listing the tables of family fam.
func (f *Fake) In(fam byte) Client { return &Fake{fakeState: f.fakeState, fam: fam} }

func (c *Conn) family() byte { return orInet(c.fam) }

func (f *Fake) family() byte { return orInet(f.fam) }

func orInet(fam byte) byte {
	if fam == 0 {
		return unix.NFPROTO_INET
	}
	return fam
}

// In is c listing the tables of family fam, when c can (*Conn, *Fake
// and what Observe wraps); else nil.
func In(c Client, fam byte) Client {
	switch c := c.(type) {
	case interface{ In(byte) Client }:
		return c.In(fam)
	case *observed:
		if in := In(c.Client, fam); in != nil {
			return &observed{Client: in, f: c.f}
		}
	}
	return nil
}
