package server

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"
)

// benchHandler measures the server's own overhead per request (routing,
// key check, JSON decoding and encoding, access log to a discard logger)
// with a fake service, without the network.
func benchHandler(b *testing.B, opts Options, method, target, body string) {
	s := New(newFake(), opts)
	h := s.Handler()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		var rd io.Reader
		if body != "" {
			rd = strings.NewReader(body)
		}
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(method, target, rd)
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		h.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
	}
}

func BenchmarkHandlerPing(b *testing.B) {
	benchHandler(b, Options{}, "GET", "/rest/v5.3/system/ping", "")
}

func BenchmarkHandlerParse(b *testing.B) {
	benchHandler(b, Options{}, "POST", "/rest/v5.3/parser/personnameparser", personBody)
}

func BenchmarkHandlerParseWithKeys(b *testing.B) {
	keys := make([]string, 10)
	for i := range keys {
		keys[i] = strings.Repeat("k", 30) + string(rune('a'+i))
	}
	benchHandler(b, Options{APIKeys: keys}, "POST", "/rest/v5.3/parser/personnameparser?apiKey="+keys[9], personBody)
}

func BenchmarkHandlerSOAPClassify(b *testing.B) {
	benchHandler(b, Options{}, "POST", "/soap/v4.0/email/emaildomaintypeclassifier", soapEnvelope(classifyBody))
}

// BenchmarkLoopbackParse is a whole round trip over loopback TCP with
// keep-alive: client and server on the same machine.
func BenchmarkLoopbackParse(b *testing.B) {
	s := New(newFake(), Options{})
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	url := ts.URL + "/rest/v5.3/parser/personnameparser"
	client := ts.Client()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		resp, err := client.Post(url, "application/json", strings.NewReader(personBody))
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			b.Fatalf("status %d", resp.StatusCode)
		}
	}
}
