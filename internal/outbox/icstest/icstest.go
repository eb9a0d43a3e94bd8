// Package icstest reads calendar invitations the way a calendar does, with
// Python's icalendar package, for the tests of the mails that carry them.
package icstest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Parse reads an iCalendar object with Python's icalendar package and
// returns METHOD|DTSTART|DTEND|SEQUENCE|SUMMARY|LOCATION of its event,
// the times as Python writes them ("2026-03-30 07:00:00+00:00"). The test
// is skipped without python3, and fails when no python3 on the PATH has
// the package.
func Parse(t *testing.T, ics string) string {
	t.Helper()
	return read(t, ics, `ev = [c for c in cal.walk() if c.name == 'VEVENT'][0]
print('|'.join([str(cal['METHOD']), str(ev.decoded('DTSTART')), str(ev.decoded('DTEND')), str(ev['SEQUENCE']), str(ev['SUMMARY']), str(ev.get('LOCATION', ''))]))`)
}

// Events reads an iCalendar object with Python's icalendar package and
// returns one line for each of its events, in order:
// UID|DTSTART|DTEND|SEQUENCE|STATUS|SUMMARY|DESCRIPTION, the times as
// Python writes them and the description's newlines as " / ". Skipped and
// failed as Parse.
func Events(t *testing.T, ics string) []string {
	t.Helper()
	out := read(t, ics, `for ev in cal.walk('VEVENT'):
    print('|'.join([str(ev['UID']), str(ev.decoded('DTSTART')), str(ev.decoded('DTEND')), str(ev['SEQUENCE']), str(ev['STATUS']), str(ev['SUMMARY']), str(ev.get('DESCRIPTION', '')).replace('\n', ' / ')]))`)
	if out == "" {
		return nil
	}
	return strings.Split(out, "\n")
}

// read parses ics with Python's icalendar package into cal and runs the
// Python lines script on it; it returns what they print, trimmed.
func read(t *testing.T, ics, script string) string {
	t.Helper()
	python := icalendarPython(t)
	path := filepath.Join(t.TempDir(), "calendar.ics")
	if err := os.WriteFile(path, []byte(ics), 0o600); err != nil {
		t.Fatal(err)
	}
	script = "import sys, icalendar\ncal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())\n" + script
	out, err := exec.Command(python, "-c", script, path).CombinedOutput()
	if err != nil {
		t.Fatalf("python icalendar: %v\n%s", err, out)
	}
	return strings.TrimSpace(string(out))
}

// icalendarPython is the first python3 on the PATH that has the icalendar
// package.
func icalendarPython(t *testing.T) string {
	t.Helper()
	found := false
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		p := filepath.Join(dir, "python3")
		if _, err := os.Stat(p); err != nil {
			continue
		}
		found = true
		if exec.Command(p, "-c", "import icalendar").Run() == nil {
			return p
		}
	}
	if !found {
		t.Skip("no python3")
	}
	t.Fatal("no python3 on the PATH has the icalendar package: pip install icalendar")
	return ""
}
