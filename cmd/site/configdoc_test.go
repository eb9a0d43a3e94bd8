package main

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"regexp"
	"slices"
	"testing"
)

// TestConfigurationDocumented: the table of docs/OPERATIONS.md names every
// flag of the server with its environment variable, and no flag the server
// does not have.
func TestConfigurationDocumented(t *testing.T) {
	var usage bytes.Buffer
	if _, err := parseConfig([]string{"-h"}, func(string) string { return "" }, &usage); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("-h: %v", err)
	}
	// "  -addr string\n    	address to listen on (env SITE_ADDR)"
	flags := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^  -([a-z0-9-]+)[^\n]*\n((?:    [^\n]*\n)+)`).FindAllStringSubmatch(usage.String(), -1) {
		env := regexp.MustCompile(`\(env ([A-Z_]+)\)`).FindStringSubmatch(m[2])
		if env == nil {
			t.Errorf("-%s names no environment variable in its usage", m[1])
			continue
		}
		flags[m[1]] = env[1]
	}
	if len(flags) < 20 {
		t.Fatalf("read %d flags from the usage:\n%s", len(flags), usage.String())
	}
	doc, err := os.ReadFile("../../docs/OPERATIONS.md")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]string{}
	for _, m := range regexp.MustCompile("(?m)^\\| `-([a-z0-9-]+)` \\| `([A-Z_]+)` \\|").FindAllStringSubmatch(string(doc), -1) {
		documented[m[1]] = m[2]
	}
	for name, env := range flags {
		if got, ok := documented[name]; !ok {
			t.Errorf("-%s (%s) is not in the table of docs/OPERATIONS.md", name, env)
		} else if got != env {
			t.Errorf("-%s: the table says %s, the flag reads %s", name, got, env)
		}
	}
	for name := range documented {
		if _, ok := flags[name]; !ok {
			t.Errorf("docs/OPERATIONS.md documents -%s, which the server does not have", name)
		}
	}
	names := make([]string, 0, len(flags))
	for n := range flags {
		names = append(names, n)
	}
	slices.Sort(names)
	t.Logf("%d flags documented: %v", len(names), names)
}
