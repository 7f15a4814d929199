package email

import "testing"

func TestEmailSyntax(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, local, domain string
		ok                bool
	}{
		{"john.doe@gmail.com", "john.doe", "gmail.com", true},
		{"  <John.Doe@Example.COM> ", "John.Doe", "example.com", true},
		{"mailto:a+b@x.de", "a+b", "x.de", true},
		{"jörg@müller.de", "jörg", "müller.de", true},
		{"a@b@c.de", "", "", false},
		{"@gmail.com", "", "", false},
		{"john@", "", "", false},
		{"john", "", "", false},
		{"john@localhost", "", "", false},
		{"john..doe@x.com", "", "", false},
		{".john@x.com", "", "", false},
		{"john doe@x.com", "", "", false},
		{"john@-x.com", "", "", false},
		{"john@x.c", "", "", false},
		{"john@x.123", "", "", false},
		{"john@x..com", "", "", false},
		{"", "", "", false},
	}
	for _, tt := range tests {
		l, d, ok := split(tt.in)
		if ok != tt.ok || l != tt.local || d != tt.domain {
			t.Errorf("split(%q) = %q, %q, %v; want %q, %q, %v", tt.in, l, d, ok, tt.local, tt.domain, tt.ok)
		}
	}
}
