package main

import (
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"time"
)

var wrkRate = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)

// wrk loads url with one thread and the given connections for d, asking for
// gzip, and returns requests per second.
func wrk(url string, conns int, d time.Duration) (float64, error) {
	bin, err := exec.LookPath("wrk")
	if err != nil {
		return 0, errors.New("wrk not found: apt-get install -y wrk")
	}
	out, err := exec.Command(bin, "-t1", fmt.Sprintf("-c%d", conns), fmt.Sprintf("-d%ds", int(d.Seconds())),
		"-H", "Accept-Encoding: gzip", url).CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("wrk %s: %v\n%s", url, err, out)
	}
	m := wrkRate.FindSubmatch(out)
	if m == nil {
		return 0, fmt.Errorf("wrk %s: no Requests/sec in\n%s", url, out)
	}
	return strconv.ParseFloat(string(m[1]), 64)
}
