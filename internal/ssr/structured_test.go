package ssr

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"meridian/internal/site"
)

var ldScript = regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`)

// structuredGraph is the JSON-LD graph in the head of the page at path,
// nil when the page has none.
func structuredGraph(t *testing.T, c *PageCache, path string) []map[string]any {
	t.Helper()
	p, err := c.Get(context.Background(), path, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := ldScript.FindAllSubmatch(p.Raw, -1)
	if len(m) == 0 {
		return nil
	}
	if len(m) > 1 {
		t.Fatalf("%s has %d JSON-LD scripts, want one", path, len(m))
	}
	var doc struct {
		Context string           `json:"@context"`
		Graph   []map[string]any `json:"@graph"`
	}
	if err := json.Unmarshal(m[0][1], &doc); err != nil {
		t.Fatalf("%s: JSON-LD does not parse: %v\n%s", path, err, m[0][1])
	}
	if doc.Context != "https://schema.org" {
		t.Errorf("%s: @context = %q", path, doc.Context)
	}
	return doc.Graph
}

func ofType(graph []map[string]any, typ string) []map[string]any {
	var out []map[string]any
	for _, n := range graph {
		if n["@type"] == typ {
			out = append(out, n)
		}
	}
	return out
}

// requireProps fails for each property of want that node lacks or has empty.
func requireProps(t *testing.T, where string, node map[string]any, want ...string) {
	t.Helper()
	for _, p := range want {
		v, ok := node[p]
		if !ok || v == nil || v == "" {
			t.Errorf("%s lacks %s: %v", where, p, node)
		}
	}
}

// The head of every page carries the organisation and the website; an inner
// page its breadcrumb trail; /careers a JobPosting per open position with
// the properties search engines require, made from the texts as shown; the
// 404 page none.
func TestStructuredData(t *testing.T) {
	c, v, _, db := newTestCacheDB(t)
	for _, path := range []string{"/", "/about-us", "/careers"} {
		graph := structuredGraph(t, c, path)
		orgs, sites := ofType(graph, "Organization"), ofType(graph, "WebSite")
		if len(orgs) != 1 || len(sites) != 1 {
			t.Fatalf("%s: want one Organization and one WebSite, got %v", path, graph)
		}
		requireProps(t, path+" Organization", orgs[0], "@id", "name", "url", "logo")
		requireProps(t, path+" WebSite", sites[0], "@id", "name", "url", "publisher")
		if orgs[0]["url"] != "https://example.com/" || orgs[0]["name"] != "Meridian AI" {
			t.Errorf("%s Organization = %v", path, orgs[0])
		}
		crumbs := ofType(graph, "BreadcrumbList")
		if path == "/" {
			if len(crumbs) != 0 {
				t.Errorf("the home page has a breadcrumb trail: %v", crumbs)
			}
			continue
		}
		if len(crumbs) != 1 {
			t.Fatalf("%s: want a BreadcrumbList, got %v", path, graph)
		}
		items, _ := crumbs[0]["itemListElement"].([]any)
		if len(items) != 2 {
			t.Fatalf("%s: breadcrumb items %v", path, items)
		}
		last := items[1].(map[string]any)
		requireProps(t, path+" ListItem", last, "position", "name", "item")
		if last["item"] != "https://example.com"+path {
			t.Errorf("%s: the trail ends at %v", path, last["item"])
		}
	}
	if about := ofType(structuredGraph(t, c, "/about-us"), "BreadcrumbList")[0]["itemListElement"].([]any)[1].(map[string]any); about["name"] != "About Us" {
		t.Errorf("the trail of /about-us names %v", about["name"])
	}

	jobs := ofType(structuredGraph(t, c, "/careers"), "JobPosting")
	if len(jobs) != 6 {
		t.Fatalf("/careers has %d JobPostings, want 6", len(jobs))
	}
	for _, j := range jobs {
		where := "JobPosting " + j["title"].(string)
		requireProps(t, where, j, "title", "description", "datePosted", "hiringOrganization", "employmentType", "baseSalary")
		if _, ok := j["jobLocation"]; !ok {
			if j["jobLocationType"] != "TELECOMMUTE" || j["applicantLocationRequirements"] == nil {
				t.Errorf("%s has neither a jobLocation nor a remote location with the applicants' country: %v", where, j)
			}
		} else {
			addr := j["jobLocation"].(map[string]any)["address"].(map[string]any)
			requireProps(t, where+" address", addr, "addressLocality", "addressCountry")
		}
		if !regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`).MatchString(j["datePosted"].(string)) {
			t.Errorf("%s: datePosted %v", where, j["datePosted"])
		}
		salary := j["baseSalary"].(map[string]any)
		value := salary["value"].(map[string]any)
		if salary["currency"] != "USD" || value["minValue"].(float64) <= 0 || value["maxValue"].(float64) < value["minValue"].(float64) || value["unitText"] != "YEAR" {
			t.Errorf("%s: baseSalary %v", where, salary)
		}
		requireProps(t, where+" hiringOrganization", j["hiringOrganization"].(map[string]any), "name", "sameAs")
	}
	if jobs[0]["title"] != "Senior Machine Learning Engineer" || jobs[0]["employmentType"] != "FULL_TIME" {
		t.Errorf("first JobPosting = %v", jobs[0])
	}

	// A position's page has its JobPosting, with validThrough from the
	// closing date; a closed position leaves the list, the sitemap and
	// the structured data, and its address answers 410 with the open ones.
	ctx := context.Background()
	positions, err := site.Find[site.Position](ctx, db, site.Positions, site.ListFilter{})
	if err != nil || len(positions) != 6 {
		t.Fatalf("seeded positions: %d %v", len(positions), err)
	}
	scientist, engineer := positions[1], positions[0]
	engineer.ClosesOn = "2026-12-31"
	scientist.Status = site.PositionClosed
	for _, p := range []*site.Position{engineer, scientist} {
		if _, err := db.UpdateRecord(ctx, site.Positions, p, site.Write{}); err != nil {
			t.Fatal(err)
		}
	}
	v.Bump()
	if jobs = ofType(structuredGraph(t, c, "/careers"), "JobPosting"); len(jobs) != 5 {
		t.Errorf("after closing one: %d JobPostings on /careers, want 5", len(jobs))
	}
	for _, j := range jobs {
		if j["title"] == scientist.Title {
			t.Errorf("the closed position is in the structured data of /careers")
		}
	}
	own := ofType(structuredGraph(t, c, "/careers/"+engineer.Slug), "JobPosting")
	if len(own) != 1 || own[0]["validThrough"] != "2026-12-31T23:59:59Z" || own[0]["url"] != "https://example.com/careers/"+engineer.Slug {
		t.Errorf("JobPosting of the position's page = %v", own)
	}
	gone, err := c.Get(ctx, "/careers/"+scientist.Slug, nil)
	if err != nil {
		t.Fatal(err)
	}
	if gone.Status != 410 || ldScript.Match(gone.Raw) || !strings.Contains(string(gone.Raw), `href="/careers/`+engineer.Slug+`"`) {
		t.Errorf("closed position: %d, JSON-LD %v", gone.Status, ldScript.Match(gone.Raw))
	}
	entries, err := c.Entries(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, e := range entries {
		paths = append(paths, e.Path)
	}
	if !slices.Contains(paths, "/careers/"+engineer.Slug) || slices.Contains(paths, "/careers/"+scientist.Slug) {
		t.Errorf("sitemap paths = %v", paths)
	}

	// The questions of a service page and of a solution page are their FAQPage.
	for path, first := range map[string]string{
		"/implementation":  "How long until a first system is in production?",
		"/computer-vision": "Can you use the cameras we already have?",
	} {
		faq := ofType(structuredGraph(t, c, path), "FAQPage")
		if len(faq) != 1 {
			t.Fatalf("%s has no FAQPage", path)
		}
		questions, _ := faq[0]["mainEntity"].([]any)
		if len(questions) != 4 {
			t.Fatalf("FAQPage of %s has %d questions, want 4", path, len(questions))
		}
		for _, q := range questions {
			q := q.(map[string]any)
			requireProps(t, "Question", q, "name", "acceptedAnswer")
			if q["@type"] != "Question" {
				t.Errorf("FAQ entity %v", q)
			}
			requireProps(t, "Answer", q["acceptedAnswer"].(map[string]any), "text")
		}
		if got := questions[0].(map[string]any)["name"]; got != first {
			t.Errorf("first question of %s = %v, want %q", path, got, first)
		}
	}
	if ofType(structuredGraph(t, c, "/about-us"), "FAQPage") != nil {
		t.Error("/about-us, which has no questions, has a FAQPage")
	}

	// A page that is not found has none.
	if graph := structuredGraph(t, c, "/no-such-page"); graph != nil {
		t.Errorf("the 404 page has structured data: %v", graph)
	}
	p, err := c.Get(ctx, "/careers", nil)
	if err != nil {
		t.Fatal(err)
	}
	if ld := ldScript.FindSubmatch(p.Raw); ld == nil || strings.Contains(string(ld[1]), "<") {
		t.Error("the JSON-LD holds an unescaped <")
	}
}
