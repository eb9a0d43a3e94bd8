package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
)

type lighthouseScores struct {
	URL           string
	Performance   int
	Accessibility int
	BestPractices int
	SEO           int
	LcpMs         int
	Failed        []string
	RuntimeError  string
}

// lighthouseAll runs bench/lighthouse.mjs over every public route.
func lighthouseAll(baseURL string) ([]lighthouseScores, error) {
	var urls []string
	for _, r := range publicRoutes {
		urls = append(urls, baseURL+r)
	}
	cmd := exec.Command("node", append([]string{"bench/lighthouse.mjs"}, urls...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("lighthouse: %v", err)
	}
	var all []lighthouseScores
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var s lighthouseScores
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			continue
		}
		if s.RuntimeError != "" {
			return nil, fmt.Errorf("lighthouse %s: %s", s.URL, s.RuntimeError)
		}
		all = append(all, s)
	}
	if len(all) != len(urls) {
		return nil, fmt.Errorf("lighthouse: %d results for %d routes", len(all), len(urls))
	}
	return all, nil
}
