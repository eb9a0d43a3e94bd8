// Package smtptest runs a real SMTP server on loopback for tests, and
// keeps the messages it accepts.
package smtptest

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"log"
	"net"
	"net/textproto"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// Message is one accepted mail.
type Message struct {
	From   string
	To     []string
	Header textproto.MIMEHeader
	Body   []byte
}

// Server is an SMTP server on a loopback port.
type Server struct {
	Host string
	Port int

	mu       sync.Mutex
	messages []Message
	failing  bool
}

// Start starts a server that accepts every mail, and stops it when t ends.
func Start(t testing.TB) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Host: "127.0.0.1", Port: ln.Addr().(*net.TCPAddr).Port}
	srv := smtp.NewServer(backend{s})
	srv.Domain = "localhost"
	srv.ReadTimeout = 10 * time.Second
	srv.WriteTimeout = 10 * time.Second
	srv.MaxRecipients = 50
	// A client killed mid-session is part of some tests, not news.
	srv.ErrorLog = log.New(io.Discard, "", 0)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return s
}

// SetFailing makes the server refuse (with a temporary error) or accept
// the mails that follow.
func (s *Server) SetFailing(f bool) {
	s.mu.Lock()
	s.failing = f
	s.mu.Unlock()
}

// Messages returns a copy of the accepted mails.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.messages...)
}

type backend struct{ s *Server }

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{s: b.s}, nil }

type session struct {
	s    *Server
	from string
	to   []string
}

func (ss *session) Reset()        { ss.from, ss.to = "", nil }
func (ss *session) Logout() error { return nil }

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	ss.s.mu.Lock()
	failing := ss.s.failing
	ss.s.mu.Unlock()
	if failing {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Try again later"}
	}
	ss.from = from
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.to = append(ss.to, to)
	return nil
}

func (ss *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	tp := textproto.NewReader(bufio.NewReader(bytes.NewReader(data)))
	h, err := tp.ReadMIMEHeader()
	if err != nil {
		return errors.New("bad header: " + err.Error())
	}
	body, _ := io.ReadAll(tp.R)
	ss.s.mu.Lock()
	ss.s.messages = append(ss.s.messages, Message{From: ss.from, To: ss.to, Header: h, Body: body})
	ss.s.mu.Unlock()
	return nil
}
