package nft

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/sys/unix"
)

// Dump renders tables of c in the syntax of nft list ruleset: sets and
// maps with their elements (ordered by key), then chains with their
// comment and rules in nft's words (RuleText). Counters print without
// their values, handles not at all, so a Fake's Dump and the kernel's
// (listed by a Conn) compare as text. A missing table is left out.
func Dump(c Client, tables ...string) (string, error) {
	var s strings.Builder
	for _, t := range tables {
		ok, err := c.TableExists(t)
		if err != nil {
			return "", err
		}
		if !ok {
			continue
		}
		if err := dumpTable(&s, c, t); err != nil {
			return "", err
		}
	}
	return s.String(), nil
}

func dumpTable(s *strings.Builder, c Client, table string) error {
	sets, err := c.ListSets(table)
	if err != nil {
		return err
	}
	chains, err := c.ListChains(table)
	if err != nil {
		return err
	}
	rules, err := c.ListRules(table, "")
	if err != nil {
		return err
	}
	keyLen := func(name string) (int, bool) {
		i := slices.IndexFunc(sets, func(s Set) bool { return s.Name == name })
		if i < 0 {
			return 0, false
		}
		return sets[i].keyLen(), true
	}
	var blocks []string
	for i := range sets {
		set := &sets[i]
		els, err := c.ListElements(table, set)
		if err != nil {
			return err
		}
		blocks = append(blocks, dumpSet(set, els))
	}
	for _, ch := range chains {
		var b strings.Builder
		fmt.Fprintf(&b, "\tchain %s {\n", ch.Name)
		if ch.Comment != "" {
			fmt.Fprintf(&b, "\t\tcomment \"%s\"\n", ch.Comment)
		}
		if h := ch.Hook; h != nil {
			fmt.Fprintf(&b, "\t\ttype %s hook %s%s priority %s; policy accept;\n", h.Type, hookName(h.Num), h.device(), priority(h))
		}
		for i := range rules {
			if rules[i].Chain == ch.Name {
				fmt.Fprintf(&b, "\t\t%s\n", RuleText(&rules[i], keyLen))
			}
		}
		b.WriteString("\t}\n")
		blocks = append(blocks, b.String())
	}
	fmt.Fprintf(s, "table inet %s {\n%s}\n", table, strings.Join(blocks, "\n"))
	return nil
}

func dumpSet(set *Set, els []Element) string {
	var b strings.Builder
	word := "set"
	if set.Verdicts || len(set.Data) > 0 {
		word = "map"
	}
	fmt.Fprintf(&b, "\t%s %s {\n\t\ttype %s\n", word, set.Name, set.typ())
	if set.Interval {
		b.WriteString("\t\tflags interval\n")
	}
	if set.Counter {
		b.WriteString("\t\tcounter\n")
	}
	slices.SortFunc(els, compareElems)
	for i := range els {
		if i == 0 {
			b.WriteString("\t\telements = { ")
		} else {
			b.WriteString(",\n\t\t\t     ")
		}
		b.WriteString(els[i].Text())
	}
	if len(els) > 0 {
		b.WriteString(" }\n")
	}
	b.WriteString("\t}\n")
	return b.String()
}

func hookName(n uint32) string {
	if s, ok := hookNames[n]; ok {
		return s
	}
	return fmt.Sprintf("<unknown hook %d>", n)
}

// priority is a base chain's priority by nft's name for it, where nft
// 1.0.6 lists one.
func priority(h *Hook) string {
	switch {
	case h.Priority == -300:
		return "raw"
	case h.Priority == -150:
		return "mangle"
	case h.Priority == -100 && h.Num == unix.NF_INET_PRE_ROUTING:
		return "dstnat"
	case h.Priority == 0:
		return "filter"
	case h.Priority == 50:
		return "security"
	case h.Priority == 100 && h.Num == unix.NF_INET_POST_ROUTING:
		return "srcnat"
	}
	return fmt.Sprint(h.Priority)
}
