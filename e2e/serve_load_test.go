package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"

	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/namepipe/namepipe/internal/syncbuf"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/server"
)

// freePort returns a loopback port that was free a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// serveProcess is `namepipe serve` running as a subprocess.
type serveProcess struct {
	cmd    *exec.Cmd
	base   string // http://127.0.0.1:port
	stderr *syncbuf.Buffer
	done   chan error
}

// startServeProcess starts the binary's serve with args on a free loopback
// port (unless args give --addr) and waits until /healthz answers.
func startServeProcess(t *testing.T, port int, args ...string) *serveProcess {
	t.Helper()
	if !slices.Contains(args, "--addr") {
		args = append([]string{"--addr", fmt.Sprintf("127.0.0.1:%d", port)}, args...)
	}
	cmd := exec.Command(binary, append([]string{"serve"}, args...)...)
	p := &serveProcess{cmd: cmd, base: fmt.Sprintf("http://127.0.0.1:%d", port), stderr: &syncbuf.Buffer{}, done: make(chan error, 1)}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.done <- cmd.Wait() }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-p.done
	})
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, err := http.Get(p.base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return p
			}
		}
		select {
		case err := <-p.done:
			t.Fatalf("serve exited before answering: %v\n%s", err, p.stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve did not answer /healthz in 60 s\n%s", p.stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// peakRSS is the peak resident set (VmHWM) of a process, in bytes.
func peakRSS(t *testing.T, pid int) int64 {
	t.Helper()
	f, err := os.Open(filepath.Join("/proc", fmt.Sprint(pid), "status"))
	if err != nil {
		t.Fatalf("peak RSS: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := parseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				t.Fatalf("VmHWM %q: %v", rest, err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmHWM in /proc/PID/status")
	return 0
}

// loadBodies returns two request bodies of about 1 MB: a person with
// 13,300 email addresses for the risk detector (served), and one with
// 20,000 name fields for the parser (refused for its name fields, after
// its body was read and decoded).
func loadBodies(t *testing.T) (risk, names []byte) {
	t.Helper()
	person := nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, "Petra Müller"))
	for i := range 13300 {
		person.EmailAddresses = append(person.EmailAddresses, nameapi.EmailAddress{Type: "EmailAddressImpl",
			EmailAddress: fmt.Sprintf("petra.mueller%d@%s", i, domains[i%len(domains)])})
	}
	risk, err := json.Marshal(nameapi.InputWithPerson{InputPerson: person})
	if err != nil {
		t.Fatal(err)
	}
	fields := make([]nameapi.NameField, 20000)
	for i := range fields {
		fields[i] = nameapi.Field(nameapi.FieldFullname, fmt.Sprintf("%s %s", givenNames[i%len(givenNames)], surnames[i%len(surnames)]))
	}
	names, err = json.Marshal(nameapi.InputWithPerson{InputPerson: nameapi.NewNaturalPerson(fields...)})
	if err != nil {
		t.Fatal(err)
	}
	return risk, names
}

// TestServeLoad: 200 concurrent clients send 1 MB bodies to `namepipe
// serve` (a subprocess, so that its peak RSS can be read from /proc) for
// 10 s. The server's peak RSS stays at most 300 MB, every 5xx is a 503
// with Retry-After, every answer is one the interface knows (200, the 400
// of the name-field cap, 503), and no connection fails. The latency
// percentiles are logged.
//
// It is left out under the race detector: the server under load is the
// binary built by TestMain, never race-instrumented, so a race run would
// add only an instrumented load generator competing for the same cores.
func TestServeLoad(t *testing.T) {
	if raceDetector {
		t.Skip("the load test measures a binary built without -race; see the comment")
	}
	const (
		clients  = 200
		duration = 10 * time.Second
		maxRSS   = 300 << 20
	)
	risk, names := loadBodies(t)
	t.Logf("bodies: risk %d bytes, names %d bytes", len(risk), len(names))
	p := startServeProcess(t, freePort(t), "--log-level", "warn")
	tr := &http.Transport{MaxIdleConnsPerHost: clients, DisableCompression: true}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: 60 * time.Second}

	type sample struct {
		status     int
		retryAfter string
		latency    time.Duration
		err        error
	}
	var mu sync.Mutex
	var samples []sample
	stop := time.Now().Add(duration)
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			path, body := nameapi.PathRiskDetector, risk
			if c%2 == 1 {
				path, body = nameapi.PathPersonNameParser, names
			}
			url := p.base + server.DefaultPrefix + path
			for time.Now().Before(stop) {
				start := time.Now()
				var s sample
				resp, err := hc.Post(url, "application/json", bytes.NewReader(body))
				if err == nil {
					_, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					s.status, s.retryAfter = resp.StatusCode, resp.Header.Get("Retry-After")
				}
				s.err, s.latency = err, time.Since(start)
				mu.Lock()
				samples = append(samples, s)
				mu.Unlock()
				// A client that honours Retry-After would wait after a
				// 503; these go on at once to keep the pressure up.
			}
		}()
	}
	wg.Wait()
	rss := peakRSS(t, p.cmd.Process.Pid)

	statuses := map[int]int{}
	var lat []time.Duration
	var errs []error
	for _, s := range samples {
		if s.err != nil {
			errs = append(errs, s.err)
			continue
		}
		statuses[s.status]++
		lat = append(lat, s.latency)
		if s.status >= 500 && (s.status != http.StatusServiceUnavailable || s.retryAfter == "") {
			t.Errorf("answer %d with Retry-After %q", s.status, s.retryAfter)
		}
		if s.status != 200 && s.status != 400 && s.status != 503 {
			t.Errorf("unexpected status %d", s.status)
		}
	}
	slices.Sort(lat)
	pct := func(q float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(q*float64(len(lat))))]
	}
	t.Logf("%d requests in %v from %d clients: statuses %v, %d connection errors; latency p50 %v p90 %v p99 %v max %v; server peak RSS %.0f MiB",
		len(samples), duration, clients, statuses, len(errs), pct(0.5), pct(0.9), pct(0.99), pct(1), float64(rss)/(1<<20))
	if len(errs) > 0 {
		t.Errorf("%d requests failed on the connection, first: %v", len(errs), errs[0])
	}
	if statuses[200] == 0 || statuses[400] == 0 {
		t.Errorf("statuses %v: the server did no work under load", statuses)
	}
	if rss > maxRSS {
		t.Errorf("server peak RSS %d MiB, want at most %d MiB", rss>>20, maxRSS>>20)
	}
	// A generous bound: the queue wait is 1 s; a p99 of 30 s is broken.
	if p99 := pct(0.99); p99 > 30*time.Second {
		t.Errorf("p99 latency %v", p99)
	}
	if strings.Contains(p.stderr.String(), "panic") {
		t.Errorf("the server logged a panic:\n%s", p.stderr.String())
	}
}

// TestServeExposedAddress: the binary refuses an address other than
// loopback without --keys (exit 2, saying what to do) before loading the
// engine, and serves there with --insecure or --keys.
func TestServeExposedAddress(t *testing.T) {
	keys := filepath.Join(t.TempDir(), "keys")
	if err := os.WriteFile(keys, []byte("k1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		extra []string
	}{
		{"insecure", []string{"--insecure"}},
		{"keys", []string{"--keys", keys}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			port := freePort(t)
			p := startServeProcess(t, port, append([]string{"--addr", fmt.Sprintf("0.0.0.0:%d", port)}, tc.extra...)...)
			if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			if err := <-p.done; err != nil {
				t.Errorf("serve after SIGTERM: %v\n%s", err, p.stderr.String())
			}
			p.done <- nil // for the cleanup
		})
	}
	for _, addr := range []string{"0.0.0.0:0", ":0", "[::]:0"} {
		t.Run("refused "+addr, func(t *testing.T) {
			res := runNP(t, t.TempDir(), "serve", "--addr", addr)
			if res.code != 2 || !strings.Contains(res.stderr, "refusing to listen on "+addr+" without --keys") ||
				!strings.Contains(res.stderr, "--insecure") {
				t.Errorf("exit %d, stderr %q", res.code, res.stderr)
			}
			if res.elapsed > 30*time.Second {
				t.Errorf("the refusal took %v", res.elapsed)
			}
		})
	}
}

// parseInt parses a decimal int64 (the package's strconv is a helper).
func parseInt(s string, _, _ int) (int64, error) {
	var n int64
	_, err := fmt.Sscan(s, &n)
	return n, err
}
