package httpd

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"slices"
	"strings"
	"testing"
	"time"

	"meridian/internal/outbox"
	"meridian/internal/outbox/icstest"
	"meridian/internal/outbox/smtptest"
	"meridian/internal/site"
)

// openHours are booking settings open around the clock in Berlin, every
// day, without notice.
const openHours = `{"timeZone":"Europe/Berlin","weekly":[{"weekday":0,"start":"00:00","end":"24:00"},{"weekday":1,"start":"00:00","end":"24:00"},
	{"weekday":2,"start":"00:00","end":"24:00"},{"weekday":3,"start":"00:00","end":"24:00"},{"weekday":4,"start":"00:00","end":"24:00"},
	{"weekday":5,"start":"00:00","end":"24:00"},{"weekday":6,"start":"00:00","end":"24:00"}],"daysOff":[],"bufferMinutes":0,
	"minNoticeMinutes":0,"horizonDays":14,"meetingMinutes":30,"meetingLink":"https://meet.example.com/sam","phone":""}`

// calendarPart is the text/calendar part of a mail and its content type;
// "" when it has none.
func calendarPart(t *testing.T, m smtptest.Message) (ics, contentType string) {
	t.Helper()
	mt, params, err := mime.ParseMediaType(m.Header.Get("Content-Type"))
	if err != nil || !strings.HasPrefix(mt, "multipart/") {
		return "", ""
	}
	r := multipart.NewReader(strings.NewReader(string(m.Body)), params["boundary"])
	for {
		p, err := r.NextPart()
		if err != nil {
			return "", ""
		}
		b, _ := io.ReadAll(p)
		if strings.HasPrefix(p.Header.Get("Content-Type"), "text/calendar") {
			if p.Header.Get("Content-Transfer-Encoding") == "base64" {
				b, _ = base64.StdEncoding.DecodeString(strings.ReplaceAll(string(b), "\r\n", ""))
			}
			return string(b), p.Header.Get("Content-Type")
		}
	}
}

// TestBooking: a visitor who sent the form books the free consultation
// with the token of the answer, from the slots offered; both the visitor
// and the owner are mailed an invitation a calendar reads; the token books
// once; a time taken meanwhile is answered with the fresh slots; the
// meeting's own link moves and cancels it.
func TestBooking(t *testing.T) {
	t.Parallel()
	eachStore(t, func(t *testing.T, a *testAPI) {
		ctx := context.Background()
		expect := expecter(t, a)
		sam, samToken := a.leadTaker("sam")
		now := a.clock.Now()
		if _, err := a.store.SetUserEmail(ctx, sam.ID, site.EmailChange{Email: "sam@staff.example", VerifiedAt: &now}); err != nil {
			t.Fatal(err)
		}
		expect("GET", "/api/admin/account/availability", samToken, "", nil, 200, `"minNoticeMinutes":240`)
		expect("PUT", "/api/admin/account/availability", samToken, `{"weekly":[{"weekday":1,"start":"12:00","end":"09:00"}],"horizonDays":14,"meetingMinutes":30}`, nil, 400, `"weekly"`)
		expect("GET", "/api/admin/account/availability", samToken, "", nil, 200, `"minNoticeMinutes":240`)
		expect("PUT", "/api/admin/account/availability", samToken, openHours, nil, 200, `"meetingLink":"https://meet.example.com/sam"`)
		mail := smtptest.Start(t)
		a.configure(func(s *Server) {
			s.MailEnv = &site.MailSettings{Host: mail.Host, Port: mail.Port, From: "site@example.com", TLS: site.MailTLSNone}
		})

		var answer struct {
			Message, BookingToken string
		}
		json.Unmarshal([]byte(expect("POST", "/api/contact", "", leadJSON("ada@example.com", ""), nil, 201, `"message":"Thank you!`)), &answer)
		if answer.BookingToken == "" {
			t.Fatal("no booking token in the answer to a lead")
		}
		var slots struct{ Data []site.Slot }
		json.Unmarshal([]byte(expect("GET", "/api/public/slots?days=2&tz=Europe/Berlin&lead="+answer.BookingToken, "", "", nil, 200)), &slots)
		if len(slots.Data) < 10 {
			t.Fatalf("slots = %v", slots.Data)
		}
		expect("GET", "/api/public/slots?tz=Mars/Base&lead="+answer.BookingToken, "", "", nil, 400, site.MsgBadTimeZone)
		expect("GET", "/api/public/slots?lead=forged", "", "", nil, 410, site.MsgBookingGone)
		slot := slots.Data[4]
		booking := func(token string, start time.Time, zone string) string {
			return `{"bookingToken":"` + token + `","start":"` + start.Format(time.RFC3339) + `","timeZone":"` + zone + `"}`
		}
		expect("POST", "/api/public/bookings", "", booking(answer.BookingToken, slot.Start, "Berlin"), nil, 400, site.MsgBadTimeZone)
		expect("POST", "/api/public/bookings", "", booking(answer.BookingToken, slot.Start.Add(10*time.Minute), "Europe/Berlin"), nil, 400, site.MsgSlotOffGrid)
		expect("POST", "/api/public/bookings", "", booking(answer.BookingToken, now.Add(-time.Hour).Truncate(time.Hour), "Europe/Berlin"), nil, 400, site.MsgSlotPast)
		expect("POST", "/api/public/bookings", "", booking(answer.BookingToken, slot.Start.Add(30*24*time.Hour), "Europe/Berlin"), nil, 400, "This time is too far ahead")
		expect("POST", "/api/public/bookings", "", `{"bookingToken":"`+answer.BookingToken+`","start":"tomorrow","timeZone":"Europe/Berlin"}`, nil, 400, site.MsgBookingStart)
		var booked struct {
			Data struct {
				ID         int64
				Start, End time.Time
				Owner      struct{ Name string }
				ManageURL  string
			}
		}
		json.Unmarshal([]byte(expect("POST", "/api/public/bookings", "", booking(answer.BookingToken, slot.Start, "America/New_York"), nil, 201, `"owner":{"name":"sam"}`)), &booked)
		if !booked.Data.Start.Equal(slot.Start) || !booked.Data.End.Equal(slot.End) || !strings.Contains(booked.Data.ManageURL, site.ManageMeetingPath+"#") {
			t.Errorf("booked = %+v", booked.Data)
		}
		manage := booked.Data.ManageURL[strings.Index(booked.Data.ManageURL, "#")+1:]
		// The page of the link shows the meeting and the times it may move to, its own among them.
		var view struct {
			Data struct {
				Start    time.Time
				TimeZone string
				Owner    struct{ Name string }
				Slots    []site.Slot
			}
		}
		json.Unmarshal([]byte(expect("POST", "/api/public/meetings/lookup", "", `{"token":"`+manage+`"}`, nil, 200)), &view)
		if !view.Data.Start.Equal(slot.Start) || view.Data.TimeZone != "America/New_York" || view.Data.Owner.Name != "sam" ||
			!slices.ContainsFunc(view.Data.Slots, func(s site.Slot) bool { return s.Start.Equal(slot.Start) }) {
			t.Errorf("lookup = %+v", view.Data)
		}
		expect("POST", "/api/public/meetings/lookup", "", `{"token":"forged"}`, nil, 410, site.MsgMeetingGone)
		expect("POST", "/api/public/meetings/lookup", "", `{}`, nil, 410, site.MsgMeetingGone)
		expect("POST", "/api/public/bookings", "", booking(answer.BookingToken, slots.Data[6].Start, "Europe/Berlin"), nil, 410, site.MsgBookingGone)

		// Another visitor chose the same time meanwhile.
		var bob struct{ BookingToken string }
		json.Unmarshal([]byte(expect("POST", "/api/contact", "", leadJSON("bob@example.com", ""), nil, 201)), &bob)
		var taken struct {
			Message string
			Slots   []site.Slot
		}
		json.Unmarshal([]byte(expect("POST", "/api/public/bookings", "", booking(bob.BookingToken, slot.Start, "Europe/Berlin"), nil, 409)), &taken)
		if taken.Message != site.MsgSlotTaken || len(taken.Slots) == 0 {
			t.Errorf("taken = %+v", taken)
		}
		for _, s := range taken.Slots {
			if s.Start.Equal(slot.Start) {
				t.Errorf("the taken time is offered again")
			}
		}
		var bobBooked struct{ Data struct{ ManageURL string } }
		json.Unmarshal([]byte(expect("POST", "/api/public/bookings", "", booking(bob.BookingToken, slots.Data[8].Start, "Europe/Berlin"), nil, 201)), &bobBooked)
		bobManage := bobBooked.Data.ManageURL[strings.Index(bobBooked.Data.ManageURL, "#")+1:]

		// The worker mails the invitations, to the visitor and to the owner.
		worker := &outbox.Worker{Store: a.store, Policy: outbox.DefaultPolicy, Now: a.clock.Now, Logger: slog.New(slog.DiscardHandler),
			Mailer: &outbox.SMTP{Server: a.srv.MailServer, SiteURL: "https://www.example.com", Timeout: 2 * time.Second}}
		drain := func() {
			for worker.RunOnce(ctx) > 0 {
			}
		}
		invites := func(seen int) map[string][]string {
			out := map[string][]string{}
			for _, m := range mail.Messages()[seen:] {
				ics, ct := calendarPart(t, m)
				if ics == "" {
					continue
				}
				if !strings.HasPrefix(ct, "text/calendar; method=") || !strings.Contains(ct, "charset=UTF-8") {
					t.Errorf("content type %q", ct)
				}
				out[m.To[0]] = append(out[m.To[0]], icstest.Parse(t, ics))
				if m.To[0] == "ada@example.com" && strings.Contains(ics, "METHOD:REQUEST") && !strings.Contains(strings.ReplaceAll(string(m.Body), "=\r\n", ""), "manage#"+manage) {
					t.Errorf("the visitor's mail lacks the link to move or cancel: %s", m.Body)
				}
			}
			return out
		}
		drain()
		py := func(s site.Slot, method, seq string) string {
			return method + "|" + s.Start.UTC().Format("2006-01-02 15:04:05+00:00") + "|" + s.End.UTC().Format("2006-01-02 15:04:05+00:00") +
				"|" + seq + "|Free consultation with sam|https://meet.example.com/sam"
		}
		got := invites(0)
		if want := py(slot, "REQUEST", "0"); len(got["ada@example.com"]) != 1 || got["ada@example.com"][0] != want ||
			len(got["sam@staff.example"]) != 2 || got["sam@staff.example"][0] != want && got["sam@staff.example"][1] != want {
			t.Errorf("invitations = %v, want %s to Ada and to Sam", got, want)
		}

		// Ada moves hers; into Bob's time she cannot.
		seen := len(mail.Messages())
		expect("POST", "/api/public/meetings/reschedule", "", `{"token":"`+manage+`","start":"`+slots.Data[8].Start.Format(time.RFC3339)+`"}`, nil, 409, site.MsgSlotTaken)
		later := slots.Data[9]
		expect("POST", "/api/public/meetings/reschedule", "", `{"token":"`+manage+`","start":"`+later.Start.Format(time.RFC3339)+`"}`, nil, 200, `"start":"`+later.Start.Format(time.RFC3339))
		drain()
		if got := invites(seen); len(got["ada@example.com"]) != 1 || got["ada@example.com"][0] != py(later, "REQUEST", "1") {
			t.Errorf("moved invitation = %v, want %s", got, py(later, "REQUEST", "1"))
		}
		expect("GET", "/api/admin/meetings", samToken, "", nil, 200, `"leadName":"Ada Lovelace"`, `"ownerName":"sam"`, `"sequence":1`)

		// She cancels: the calendars are told; the link is spent.
		seen = len(mail.Messages())
		expect("POST", "/api/public/meetings/cancel", "", `{"token":"`+manage+`"}`, nil, 200)
		drain()
		if got := invites(seen); len(got["ada@example.com"]) != 1 || !strings.HasPrefix(got["ada@example.com"][0], "CANCEL|") {
			t.Errorf("cancellation = %v", got)
		}
		expect("POST", "/api/public/meetings/cancel", "", `{"token":"`+manage+`"}`, nil, 410, site.MsgMeetingGone)
		expect("POST", "/api/public/meetings/lookup", "", `{"token":"`+manage+`"}`, nil, 410, site.MsgMeetingGone)

		// A booking token ends after a day; a meeting's link once it starts.
		var carol struct{ BookingToken string }
		json.Unmarshal([]byte(expect("POST", "/api/contact", "", leadJSON("carol@example.com", ""), nil, 201)), &carol)
		a.clock.Advance(site.BookingTokenTTL + time.Minute)
		expect("GET", "/api/public/slots?lead="+carol.BookingToken, "", "", nil, 410, site.MsgBookingGone)
		expect("POST", "/api/public/meetings/cancel", "", `{"token":"`+bobManage+`"}`, nil, 410, site.MsgMeetingGone)
	})
}
