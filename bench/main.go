// Command bench measures the site against its performance targets: page
// throughput beside nginx serving the same bytes, how soon an edit reaches
// the page, durable leads under load, Lighthouse scores, the bytes of a
// first visit, memory and start-up time, and the media library's uploads
// and files. It prints one Markdown table.
//
//	go run ./bench -site bin/site
//
// It needs nginx and wrk on the PATH and, for Lighthouse, Chromium and the
// packages of bench/package.json (make bench installs them).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// The public routes of the site (SPEC section 2).
var publicRoutes = []string{
	"/", "/ai-journey", "/privacy-policy", "/terms-of-service", "/cookie-policy",
	"/machine-learning", "/deep-learning", "/natural-language-processing", "/computer-vision", "/predictive-analytics",
	"/ai-consulting", "/strategy-development", "/implementation", "/ongoing-support", "/training-education",
	"/about-us", "/case-studies", "/blog", "/careers",
}

const adminPassword = "bench-admin-password-1"

type row struct{ item, measure, value, target, verdict string }

type report struct{ rows []row }

func (r *report) add(item, measure, value, target string, ok *bool) {
	v := ""
	if ok != nil {
		v = "missed"
		if *ok {
			v = "met"
		}
	}
	r.rows = append(r.rows, row{item, measure, value, target, v})
	fmt.Fprintf(os.Stderr, "  %s: %s = %s (target %s) %s\n", item, measure, value, target, v)
}

func (r *report) print() {
	fmt.Println("| # | Measure | Result | Target | |")
	fmt.Println("|---|---|---|---|---|")
	for _, x := range r.rows {
		fmt.Printf("| %s | %s | %s | %s | %s |\n", x.item, x.measure, x.value, x.target, x.verdict)
	}
}

func yes(b bool) *bool { return &b }

func main() {
	binary := flag.String("site", "bin/site", "the site binary to measure")
	duration := flag.Duration("d", 10*time.Second, "length of each load run")
	conns := flag.Int("c", 32, "concurrent connections of each load run")
	items := flag.String("items", "1,2,3,4,5,6,7,8,9", "which items to run, e.g. 2,5")
	flag.Parse()
	want := map[string]bool{}
	for _, it := range strings.Split(*items, ",") {
		want[strings.TrimSpace(it)] = true
	}
	if err := run(*binary, *duration, *conns, want); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(binary string, d time.Duration, conns int, want map[string]bool) error {
	for _, tool := range []string{"nginx", "wrk"} {
		if _, err := exec.LookPath(tool); err != nil {
			return fmt.Errorf("%s not found on PATH (Debian: apt-get install -y nginx-light wrk)", tool)
		}
	}
	tmp, err := os.MkdirTemp("", "site-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	dataDir := filepath.Join(tmp, "data")
	env := []string{"SITE_ADMIN_PASSWORD=" + adminPassword, "SITE_TRUSTED_PROXIES=127.0.0.1"}
	site, err := startSite(binary, dataDir, env...)
	if err != nil {
		return err
	}
	defer func() { site.stop() }()
	var rep report
	fmt.Fprintf(os.Stderr, "site at %s, first start %v\n", site.baseURL, site.started.Round(time.Millisecond))

	// 1. Page throughput beside nginx serving the same gzip bytes.
	var unloadedHome float64
	if want["1"] || want["3"] || want["9"] {
		var err error
		if unloadedHome, err = throughput(&rep, site, filepath.Join(tmp, "nginx"), conns, d, want["1"]); err != nil {
			return err
		}
	}

	// 2. A content write reaching the page.
	if want["2"] {
		if err := editToPage(&rep, site); err != nil {
			return err
		}
	}

	// 3. Leads under load, with pages loaded at the same time.
	if want["3"] {
		if err := leadsUnderLoad(&rep, site, dataDir, conns, d, unloadedHome); err != nil {
			return err
		}
	}

	// 5. Bytes of a first visit to /.
	if want["5"] {
		if err := firstVisit(&rep, site); err != nil {
			return err
		}
	}

	// 4. Lighthouse on every public route.
	if want["4"] {
		if err := lighthouseReport(&rep, site); err != nil {
			return err
		}
	}

	// 7. The media library: uploads of 12-megapixel photos, memory, and
	// a variant served beside a built asset.
	if want["7"] {
		if err := mediaBench(&rep, site, conns, d); err != nil {
			return err
		}
	}

	// 6. Start-up with an existing database.
	if want["6"] {
		site.stop()
		var starts []time.Duration
		for range 5 {
			s, err := startSite(binary, dataDir, env...)
			if err != nil {
				return err
			}
			starts = append(starts, s.started)
			s.stop()
		}
		site, err = startSite(binary, dataDir, env...) // for the deferred stop
		if err != nil {
			return err
		}
		med := percentile(starts, 50)
		rep.add("6", "start → first 200 on /healthz, existing database (median of 5)", fmt.Sprintf("**%s** (max %s)", ms(med), ms(slices.Max(starts))), "< 1 s", yes(med < time.Second))
	}

	// 9. The analytics: events under load, then the report of 90 days
	// over two years of rollups, written into the database while the site
	// is stopped.
	if want["9"] {
		if err := eventsUnderLoad(&rep, site, conns, d, unloadedHome); err != nil {
			return err
		}
		site.stop()
		if err := fillRollups(dataDir); err != nil {
			return err
		}
		if site, err = startSite(binary, dataDir, env...); err != nil {
			return err
		}
		if err := analyticsQuery(&rep, site); err != nil {
			return err
		}
	}

	// 8. The blog with 1,000 published articles: its list, a category, the
	// feed and the sitemap. Last: the articles would change the other items.
	if want["8"] {
		if err := blogBench(&rep, site); err != nil {
			return err
		}
	}

	rep.print()
	return nil
}

// throughput loads each page on the site and on nginx in turn, A B A B, and
// returns the site's unloaded figure for /. Only / is measured unless show.
func throughput(rep *report, site *siteProc, nginxDir string, conns int, d time.Duration, show bool) (float64, error) {
	pages := []struct{ name, path, file, location string }{
		{"/", "/", "index.html", "= /"},
		{"/case-studies", "/case-studies", "case-studies.html", "= /case-studies"},
		{"404 page", "/no-such-page", "404.html", ""},
	}
	if !show {
		pages = pages[:1]
	}
	var static []staticPage
	for _, p := range pages {
		body, h, status, err := get(context.Background(), site.baseURL+p.path, "gzip")
		if err != nil {
			return 0, err
		}
		if h.Get("Content-Encoding") != "gzip" {
			return 0, fmt.Errorf("%s: answer not gzip-encoded (status %d)", p.path, status)
		}
		static = append(static, staticPage{file: p.file, location: p.location, gz: body})
		fmt.Fprintf(os.Stderr, "%s: %d bytes gzip, status %d\n", p.path, len(body), status)
	}
	ngx, err := startNginx(nginxDir, static)
	if err != nil {
		return 0, err
	}
	defer ngx.stop()
	var unloadedHome float64
	for i, p := range pages {
		var siteRates, ngxRates []float64
		for range 2 { // A B A B
			r, err := wrk(site.baseURL+p.path, conns, d)
			if err != nil {
				return 0, err
			}
			siteRates = append(siteRates, r)
			if r, err = wrk(ngx.baseURL+p.path, conns, d); err != nil {
				return 0, err
			}
			ngxRates = append(ngxRates, r)
		}
		s, n := mean(siteRates), mean(ngxRates)
		if i == 0 {
			unloadedHome = s
		}
		if show {
			ratio := s / n
			rep.add("1", "requests/s "+p.name+": site / nginx", fmt.Sprintf("%.0f / %.0f = **%.2f**", s, n, ratio), "≥ 0.85", yes(ratio >= 0.85))
		}
	}
	if rss, err := site.rssMB(); err == nil && show {
		rep.add("6", "resident memory after item 1", fmt.Sprintf("%.0f MB", rss), "< 150 MB", yes(rss < 150))
	}
	return unloadedHome, nil
}

func editToPage(rep *report, site *siteProc) error {
	token, err := login(site.baseURL, adminPassword)
	if err != nil {
		return err
	}
	for _, t := range editTargets {
		lat, writes, err := freshAfterEdit(site.baseURL, token, t, 50)
		if err != nil {
			return err
		}
		p50, p95 := percentile(lat, 50), percentile(lat, 95)
		rep.add("2", "edit → first byte of "+t.path+" with the new text, 50 edits", fmt.Sprintf("p50 %s, p95 **%s**, max %s (of which the write: p50 %s, p95 %s)", ms(p50), ms(p95), ms(slices.Max(lat)), ms(percentile(writes, 50)), ms(percentile(writes, 95))), "p95 < 150 ms", yes(p95 < 150*time.Millisecond))
	}
	return nil
}

func leadsUnderLoad(rep *report, site *siteProc, dataDir string, conns int, d time.Duration, unloadedHome float64) error {
	pageRate := loadPages(site.baseURL+"/", conns, d)
	load := postLeads(site.baseURL, conns, d)
	loadedHome := <-pageRate
	found, missing, err := missingLeads(dataDir, load.acknowledged)
	if err != nil {
		return err
	}
	perSec := float64(load.accepted) / load.elapsed.Seconds()
	p99 := percentile(load.latencies, 99)
	rep.add("3", "durable leads/s (POST /api/contact, concurrency 32, SQLite)", fmt.Sprintf("**%.0f**/s (%d accepted, %d other answers %v, %d errors)", perSec, load.accepted, load.rejected, statusList(load.statuses), load.errors), "≥ 500/s", yes(perSec >= 500))
	rep.add("3", "lead latency", fmt.Sprintf("p50 %s, p99 **%s**", ms(percentile(load.latencies, 50)), ms(p99)), "p99 < 100 ms", yes(p99 < 100*time.Millisecond))
	rep.add("3", "2xx answers found as rows", fmt.Sprintf("**%d of %d**", found, load.accepted), "all", yes(len(missing) == 0 && load.accepted > 0))
	rep.add("3", "requests/s of / during the lead load", fmt.Sprintf("%.0f = **%.2f** of unloaded %.0f", loadedHome, loadedHome/unloadedHome, unloadedHome), "> 0.5", yes(loadedHome/unloadedHome > 0.5))
	if rss, err := site.rssMB(); err == nil {
		rep.add("6", "resident memory after item 3", fmt.Sprintf("%.0f MB", rss), "< 150 MB", yes(rss < 150))
	}
	return nil
}

// loadPages loads url with wrk for d, beside another load, and sends its
// requests/s when done.
func loadPages(url string, conns int, d time.Duration) <-chan float64 {
	rate := make(chan float64, 1)
	go func() {
		r, err := wrk(url, conns, d)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
		}
		rate <- r
	}()
	return rate
}

func firstVisit(rep *report, site *siteProc) error {
	fl, err := measureFirstLoad(site.baseURL, "/")
	if err != nil {
		return err
	}
	rep.add("5", "first load of /: JavaScript (gzip)", fmt.Sprintf("**%.1f KB**", kb(fl.js)), "≤ 110 KB", yes(kb(fl.js) <= 110))
	rep.add("5", "first load of /: CSS (gzip, inline in the HTML)", fmt.Sprintf("**%.1f KB**", kb(fl.css)), "≤ 20 KB", yes(kb(fl.css) <= 20))
	rep.add("5", "first load of /: HTML (with the CSS), images; requests", fmt.Sprintf("%.1f KB, %.1f KB; %d requests", kb(fl.html), kb(fl.other), fl.requests), "", nil)
	return nil
}

func lighthouseReport(rep *report, site *siteProc) error {
	scores, err := lighthouseAll(site.baseURL)
	if err != nil {
		return err
	}
	for _, s := range scores {
		ok := s.Performance >= 99 && s.Accessibility == 100 && s.BestPractices == 100 && s.SEO == 100
		value := fmt.Sprintf("%d / %d / %d / %d", s.Performance, s.Accessibility, s.BestPractices, s.SEO)
		if len(s.Failed) > 0 {
			value += " (failed: " + strings.Join(s.Failed, ", ") + ")"
		}
		rep.add("4", "Lighthouse mobile "+strings.TrimPrefix(s.URL, site.baseURL)+": perf / a11y / best practices / SEO", value, "≥ 99 / 100 / 100 / 100", yes(ok))
	}
	return nil
}

func mean(xs []float64) float64 {
	var s float64
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func percentile(xs []time.Duration, p int) time.Duration {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	i := (len(s)*p + 99) / 100
	return s[max(0, min(len(s)-1, i-1))]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

func kb(n int) float64 { return float64(n) / 1000 }

func statusList(m map[int]int) string {
	var parts []string
	for code, n := range m {
		if code/100 != 2 {
			parts = append(parts, fmt.Sprintf("%d×%d", n, code))
		}
	}
	slices.Sort(parts)
	return "[" + strings.Join(parts, " ") + "]"
}
