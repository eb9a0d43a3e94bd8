package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"time"
)

// nginxProc serves saved copies of the site's pages from nginx with one
// worker and gzip_static, the classic static file server setup.
type nginxProc struct {
	cmd     *exec.Cmd
	baseURL string
	exited  chan struct{}
}

// staticPage is one page as the site sent it: its gzip-encoded bytes, the
// nginx location it is served at and the status it answers with.
type staticPage struct {
	file     string // name under the web root, e.g. "index.html"
	location string // "= /" or "= /case-studies"; "" for the 404 page
	gz       []byte
}

const nginxConf = `worker_processes 1;
daemon off;
pid {{dir}}/nginx.pid;
error_log {{dir}}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path {{dir}}/tmp;
  proxy_temp_path {{dir}}/tmp;
  fastcgi_temp_path {{dir}}/tmp;
  uwsgi_temp_path {{dir}}/tmp;
  scgi_temp_path {{dir}}/tmp;
  default_type text/html;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:{{port}};
    root {{dir}}/www;
    gzip_static on;
{{locations}}    error_page 404 /404.html;
    location = /404.html { internal; }
  }
}
`

func startNginx(dir string, pages []staticPage) (*nginxProc, error) {
	bin, err := exec.LookPath("nginx")
	if err != nil {
		return nil, errors.New("nginx not found: apt-get install -y nginx-light")
	}
	www := filepath.Join(dir, "www")
	for _, d := range []string{www, filepath.Join(dir, "tmp")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	// nginx workers may run as another user: let them read the root.
	if err := os.Chmod(dir, 0o755); err != nil {
		return nil, err
	}
	var locations bytes.Buffer
	for _, p := range pages {
		plain, err := gunzip(p.gz)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.file, err)
		}
		// gzip_static sends file.gz when the client accepts gzip; the plain
		// file must exist for try_files to find it.
		if err := os.WriteFile(filepath.Join(www, p.file), plain, 0o644); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(www, p.file+".gz"), p.gz, 0o644); err != nil {
			return nil, err
		}
		if p.location != "" {
			fmt.Fprintf(&locations, "    location %s { try_files /%s =404; }\n", p.location, p.file)
		}
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	conf := regexp.MustCompile(`\{\{\w+\}\}`).ReplaceAllStringFunc(nginxConf, func(k string) string {
		switch k {
		case "{{dir}}":
			return dir
		case "{{port}}":
			return strconv.Itoa(port)
		default:
			return locations.String()
		}
	})
	confPath := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(confPath, []byte(conf), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "-c", confPath, "-p", dir, "-e", filepath.Join(dir, "error.log"))
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	n := &nginxProc{cmd: cmd, baseURL: fmt.Sprintf("http://127.0.0.1:%d", port), exited: make(chan struct{})}
	go func() { cmd.Wait(); close(n.exited) }()
	for begin := time.Now(); ; time.Sleep(10 * time.Millisecond) {
		if res, err := http.Get(n.baseURL + "/"); err == nil {
			res.Body.Close()
			return n, nil
		}
		select {
		case <-n.exited:
			return nil, errors.New("nginx exited at start; see its error log above")
		default:
		}
		if time.Since(begin) > 10*time.Second {
			n.stop()
			return nil, errors.New("nginx did not answer within 10 s")
		}
	}
}

func (n *nginxProc) stop() {
	n.cmd.Process.Signal(os.Interrupt)
	select {
	case <-n.exited:
	case <-time.After(5 * time.Second):
		n.cmd.Process.Kill()
		<-n.exited
	}
}

func gunzip(b []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
