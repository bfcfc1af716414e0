package api

import "strings"

// ParseDNSName parses a name of the dnsNames capability (and of the
// annotation and the admin's zones): it checks the name is made of valid
// hostname labels (letters, digits, hyphens; 1-63 bytes each; 253 bytes in
// all) and returns it lower-cased, without a trailing dot.
func ParseDNSName(s string) (string, error) {
	n := strings.ToLower(strings.TrimSuffix(s, "."))
	if n == "" || len(n) > 253 {
		return "", Invalidf("invalid DNS name %q: length must be 1 to 253", s)
	}
	for _, label := range strings.Split(n, ".") {
		if !ValidLabel(label) {
			return "", Invalidf("invalid DNS name %q: bad label %q", s, label)
		}
	}
	return n, nil
}

// ValidLabel reports whether s is a valid lower-case hostname label.
func ValidLabel(s string) bool {
	if len(s) == 0 || len(s) > 63 || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' {
			return false
		}
	}
	return true
}
