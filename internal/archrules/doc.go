// Package archrules holds no code: its test checks the import rules of
// docs/architecture.md against the tree (go list), so that the page and
// the code cannot drift apart.
package archrules
