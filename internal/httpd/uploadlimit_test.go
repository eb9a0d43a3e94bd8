package httpd

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"meridian/internal/api"
	"meridian/internal/media/mediatest"
	"meridian/internal/site"
)

// stallUpload starts an upload that declares size bytes, sends its
// headers and the start of its one file, and then nothing: a connection
// stalled (or sending very slowly) while its body is read. It returns the
// connection, which the test closes to end it.
func (a *testAPI) stallUpload(token string, size int) net.Conn {
	a.t.Helper()
	conn, err := net.Dial("tcp", a.ts.Listener.Addr().String())
	if err != nil {
		a.t.Fatal(err)
	}
	a.t.Cleanup(func() { conn.Close() })
	fmt.Fprintf(conn, "POST /api/admin/media HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\n"+
		"Content-Type: multipart/form-data; boundary=b\r\nContent-Length: %d\r\n\r\n"+
		"--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"slow.jpg\"\r\n\r\n\xff\xd8\xff",
		a.ts.Listener.Addr(), token, size)
	return conn
}

// waitHeld waits until the uploads in progress hold n bytes in count
// uploads.
func (a *testAPI) waitHeld(bytes int64, count int) {
	a.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, n := a.srv.api.UploadsHeld()
		if b == bytes && n == count {
			return
		}
		if time.Now().After(deadline) {
			a.t.Fatalf("uploads in progress hold %d bytes in %d, want %d in %d", b, n, bytes, count)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestUploadBudget: the uploads being received hold at most the budget,
// by the sizes they declare, reserved before their bodies are read:
// stalled uploads that took it all make the next one 503 with Retry-After
// (from anyone), and once they end an upload goes through again.
func TestUploadBudget(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	a.configure(func(s *Server) { s.UploadLimits = api.UploadLimits{Budget: 3 << 20, PerUser: 10} })
	root, eve := a.signedIn("root", site.RoleAdmin), a.signedIn("eve", site.RoleEditor)
	var stalled []net.Conn
	for i := range 3 {
		stalled = append(stalled, a.stallUpload(eve, 1<<20))
		a.waitHeld(int64(i+1)<<20, i+1)
	}
	good := mediatest.JPEG(t, mediatest.Photo(64, 48))
	for _, token := range []string{root, eve} {
		res, body := a.upload(token, filePart{name: "photo.jpg", data: good})
		if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") != "10" ||
			!strings.Contains(body, "too many uploads at once") {
			t.Errorf("upload past the budget: %d, Retry-After %q, %s", res.StatusCode, res.Header.Get("Retry-After"), body)
		}
	}
	// A declared size larger than any upload may be is refused unread.
	conn := a.stallUpload(root, 200<<20)
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil || res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("a body of 200 MB declared: %v %v", res, err)
	}
	a.waitHeld(3<<20, 3)

	for _, c := range stalled {
		c.Close()
	}
	a.waitHeld(0, 0)
	if res, body := a.upload(root, filePart{name: "photo.jpg", data: good}); res.StatusCode != 201 {
		t.Errorf("upload after the stalled ones ended: %d %s", res.StatusCode, body)
	}
}

// TestUploadsPerUser: one user sends at most PerUser uploads at once; one
// more is 429 with Retry-After, while another user's upload goes through.
func TestUploadsPerUser(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	a.configure(func(s *Server) { s.UploadLimits = api.UploadLimits{PerUser: 2} })
	root, eve := a.signedIn("root", site.RoleAdmin), a.signedIn("eve", site.RoleEditor)
	a.stallUpload(eve, 1000)
	a.stallUpload(eve, 1000)
	a.waitHeld(2000, 2)
	good := mediatest.JPEG(t, mediatest.Photo(64, 48))
	res, body := a.upload(eve, filePart{name: "photo.jpg", data: good})
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") != "5" ||
		!strings.Contains(body, "You are sending 2 uploads at once already") {
		t.Errorf("a third upload of eve: %d, Retry-After %q, %s", res.StatusCode, res.Header.Get("Retry-After"), body)
	}
	if res, body := a.upload(root, filePart{name: "photo.jpg", data: good}); res.StatusCode != 201 {
		t.Errorf("root's upload meanwhile: %d %s", res.StatusCode, body)
	}
}

// TestUploadIdle: an upload that sends nothing for the idle time is cut
// with 408, and gives its bytes of the budget back.
func TestUploadIdle(t *testing.T) {
	a := newTestAPI(t, stores(t)[0])
	a.configure(func(s *Server) { s.UploadLimits = api.UploadLimits{Budget: 1 << 20, Idle: 300 * time.Millisecond} })
	eve := a.signedIn("eve", site.RoleEditor)
	conn := a.stallUpload(eve, 1<<20)
	a.waitHeld(1<<20, 1)
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(body), "The upload stalled") {
		t.Errorf("stalled upload: %d %s", res.StatusCode, body)
	}
	a.waitHeld(0, 0)
	if res, body := a.upload(eve, filePart{name: "photo.jpg", data: mediatest.JPEG(t, mediatest.Photo(64, 48))}); res.StatusCode != 201 {
		t.Errorf("upload after the stalled one was cut: %d %s", res.StatusCode, body)
	}
}
