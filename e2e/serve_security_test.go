package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/namepipe/namepipe/internal/syncbuf"
	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/server"
)

// TestServeBodyLimit: over real TCP, a body over MaxBodyBytes gets 413 with
// a JSON fault whether its length is declared or the body is chunked, the
// engine is not called, and the server keeps serving.
func TestServeBodyLimit(t *testing.T) {
	const limit = 4 << 10
	s := startServe(t, server.Options{MaxBodyBytes: limit})
	big := `{"inputPerson":{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"` + strings.Repeat("x", 2*limit) + `","fieldType":"FULLNAME"}]}}}`
	url := s.baseURL() + nameapi.PathPersonNameParser
	for _, chunked := range []bool{false, true} {
		t.Run(fmt.Sprint("chunked=", chunked), func(t *testing.T) {
			var body io.Reader = strings.NewReader(big)
			if chunked {
				// A reader of unknown length makes the client send chunks.
				body = io.MultiReader(strings.NewReader(big))
			}
			req, err := http.NewRequest(http.MethodPost, url, body)
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			before := s.srv.Stats().Calls
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			data, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusRequestEntityTooLarge {
				t.Fatalf("status %d, want 413: %s", resp.StatusCode, data)
			}
			var f nameapi.Fault
			if err := json.Unmarshal(data, &f); err != nil || f.HTTPStatusCode != 413 {
				t.Errorf("fault body %s (%v)", data, err)
			}
			if !chunked && s.srv.Stats().Calls != before {
				t.Error("the service was called for a declared oversized body")
			}
		})
	}
	resp, err := http.Get(s.baseURL() + nameapi.PathPing)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("ping after 413s: %d", resp.StatusCode)
	}
}

// TestServeSlowLoris: a client that never finishes its headers is
// disconnected by the server once ReadHeaderTimeout passes; meanwhile
// other clients are served.
func TestServeSlowLoris(t *testing.T) {
	const rht = 300 * time.Millisecond
	s := startServe(t, server.Options{ReadHeaderTimeout: rht})
	conn, err := net.Dial("tcp", s.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "POST /rest/v5.3/parser/personnameparser HTTP/1.1\r\nHost: x\r\nX-Slow: "); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	// Our own deadline is far beyond the server's: if it fires, the server
	// never closed the connection.
	conn.SetReadDeadline(time.Now().Add(20 * rht))
	got, err := io.ReadAll(conn)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("the server kept a connection with unfinished headers open for %v", time.Since(start))
	}
	if strings.Contains(string(got), "200 OK") {
		t.Errorf("the server answered unfinished headers: %q", got)
	}
	// The server is still serving others.
	resp, err := http.Get(s.baseURL() + nameapi.PathPing)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("ping: %d", resp.StatusCode)
	}
}

// panicky is the engine with a parser that panics on one name.
type panicky struct{ nameapi.Service }

const panicName = "Panic Now"

func (p panicky) ParsePersonName(ctx context.Context, in *nameapi.InputWithPerson) (*nameapi.PersonNameParserResult, error) {
	if in != nil && in.InputPerson != nil && in.InputPerson.PersonName != nil {
		for _, f := range in.InputPerson.PersonName.NameFields {
			if f.String == panicName {
				panic("secret internal state " + os.Args[0])
			}
		}
	}
	return p.Service.ParsePersonName(ctx, in)
}

// TestServePanicNeverReachesClient: a panic in the service is answered with
// a generic 500 fault (no panic text, no stack) that the client reports as
// a *nameapi.Error; the server keeps serving and logs the panic.
func TestServePanicNeverReachesClient(t *testing.T) {
	eng, err := sharedEngine()
	if err != nil {
		t.Fatal(err)
	}
	logs := &syncbuf.Buffer{}
	srv := server.New(panicky{eng}, server.Options{Logger: debugLogger(logs)})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	defer func() { cancel(); <-done }()

	c, err := nameapi.NewClient(nameapi.ClientConfig{BaseURL: "http://" + ln.Addr().String() + server.DefaultPrefix, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for i := 0; i < 3; i++ {
		_, err := c.ParsePersonName(context.Background(), person(panicName))
		e := asAPIError(t, "panicking parse", err)
		if e.HTTPStatus != 500 || e.Fault == nil || e.Fault.IncidentID == "" {
			t.Fatalf("error %+v", e)
		}
		if msg := err.Error(); strings.Contains(msg, "secret internal state") || strings.Contains(msg, "goroutine") {
			t.Errorf("the panic reached the client: %s", msg)
		}
		if _, err := c.ParsePersonName(context.Background(), person("Petra Müller")); err != nil {
			t.Fatalf("after a panic: %v", err)
		}
	}
	// The raw answer has no trace either.
	resp, err := http.Post("http://"+ln.Addr().String()+server.DefaultPrefix+nameapi.PathPersonNameParser, "application/json",
		strings.NewReader(`{"inputPerson":{"type":"NaturalInputPerson","personName":{"nameFields":[{"string":"`+panicName+`","fieldType":"FULLNAME"}]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(bufio.NewReader(resp.Body))
	resp.Body.Close()
	if resp.StatusCode != 500 || strings.Contains(string(body), "secret internal state") || strings.Contains(string(body), ".go:") {
		t.Errorf("raw answer %d: %s", resp.StatusCode, body)
	}
	if got := srv.Stats().Panics; got != 4 {
		t.Errorf("Stats.Panics = %d, want 4", got)
	}
	if !strings.Contains(logs.String(), "secret internal state") {
		t.Error("the panic was not logged")
	}
}
