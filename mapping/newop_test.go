package mapping

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/record"
)

// A made-up operation, "shout", added the way a real one is: an endpoint
// (its wire identity and typed call), a table entry, and the service
// method behind it. TestMadeUpOperation runs it through a config, a plan,
// a call and the result columns with no other change to the package.

type shoutInput struct {
	Context *nameapi.Context `json:"context,omitempty"`
	Name    string           `json:"name"`
}

type shoutResult struct {
	Loud    string `json:"loud"`
	Letters int    `json:"letters"`
}

// shouter is the fake service method; a real operation adds it to
// nameapi.Service and implements it in the engine and the Client.
type shouter interface {
	Shout(ctx context.Context, in *shoutInput) (*shoutResult, error)
}

var endpointShout = &nameapi.Endpoint[*shoutInput, shoutResult]{
	Wire: nameapi.Wire{Path: "/shouter/shout", Method: http.MethodPost},
	Call: func(svc nameapi.Service, ctx context.Context, in *shoutInput) (*shoutResult, error) {
		s, ok := svc.(shouter)
		if !ok {
			return nil, errors.New("the service cannot shout")
		}
		return s.Shout(ctx, in)
	},
}

var shout = &Operation[*shoutInput, shoutResult]{
	Op: "shout", Endpoint: endpointShout, Input: NameInput,
	Payload: func(r *Request, _ string) *shoutInput {
		var parts []string
		for _, f := range r.Person.PersonName.NameFields {
			parts = append(parts, f.String)
		}
		return &shoutInput{Context: r.Context, Name: strings.Join(parts, " ")}
	},
	Fields: []Field[shoutResult]{
		{Name: "loud", Type: record.String, Doc: "the name in capitals", Get: func(r *shoutResult) record.Value { return str(r.Loud) }},
		{Name: "letters", Type: record.Double, Doc: "its number of letters", Get: func(r *shoutResult) record.Value { return float64(r.Letters) }},
	},
}

// shoutService is the fake backend: a Service that can also shout.
type shoutService struct {
	nameapi.Service
	calls []string
}

func (s *shoutService) Shout(_ context.Context, in *shoutInput) (*shoutResult, error) {
	s.calls = append(s.calls, in.Name)
	n := 0
	for _, r := range in.Name {
		if r != ' ' {
			n++
		}
	}
	return &shoutResult{Loud: strings.ToUpper(in.Name), Letters: n}, nil
}

// withOperation adds d to the table for the test. The table is global, so
// the test must not be parallel: parallel tests start only after every
// sequential one has finished, by which time the table is restored.
func withOperation(t *testing.T, d operation) {
	t.Helper()
	table, all := operations, AllOps
	operations = append(slices.Clip(operations), d)
	AllOps = opsOf(operations)
	t.Cleanup(func() { operations, AllOps = table, all })
}

func TestMadeUpOperation(t *testing.T) {
	withOperation(t, shout)
	p := mustPlan(t, head+"person: {fullName: n}\noperations: [parse, {op: shout, fields: [loud, letters]}]\n", schemaOf("n"))
	if got := p.OutputSchema().Names(); !slices.Equal(got[len(got)-3:], []string{"np_loud", "np_letters", "np_error"}) {
		t.Fatalf("output columns %v", got)
	}
	svc := &shoutService{}
	for _, tc := range []struct {
		name      string
		wantLoud  record.Value
		wantCount record.Value
	}{
		{"Petra Müller", "PETRA MÜLLER", 11.0},
		{"", nil, nil}, // no name: shout does not apply
	} {
		req, err := p.Build(row(tc.name))
		if err != nil {
			t.Fatal(err)
		}
		outcomes := map[Op]Outcome{}
		if req.Applies(shout.Op) {
			res, err := Call(context.Background(), svc, shout.Op, req)
			if err != nil {
				t.Fatal(err)
			}
			// Through the persistent cache's encoding and back.
			data, err := EncodeResult(shout.Op, res)
			if err != nil {
				t.Fatal(err)
			}
			if res, err = DecodeResult(shout.Op, data); err != nil {
				t.Fatal(err)
			}
			outcomes[shout.Op] = Outcome{Value: res}
		}
		vals := p.Apply(outcomes, nil)
		n := len(vals)
		if vals[n-3] != tc.wantLoud || vals[n-2] != tc.wantCount || vals[n-1] != nil {
			t.Errorf("%q: columns %v", tc.name, vals[n-3:])
		}
	}
	if !slices.Equal(svc.calls, []string{"Petra Müller"}) {
		t.Errorf("calls %q", svc.calls)
	}
	// Its key is the JSON of its payload (no Key function): deterministic
	// and different for different input.
	a, _ := p.Build(row("Petra Müller"))
	again, _ := p.Build(row("Petra Müller"))
	b, _ := p.Build(row("Petra Meier"))
	if a.Key(shout.Op) != again.Key(shout.Op) || a.Key(shout.Op) == b.Key(shout.Op) || !strings.HasPrefix(a.Key(shout.Op), "shout:k2:") {
		t.Errorf("keys %s %s %s", a.Key(shout.Op), again.Key(shout.Op), b.Key(shout.Op))
	}
	// The config knows its fields.
	if _, err := Parse([]byte(head+"person: {fullName: n}\noperations: [{op: shout, fields: [quiet]}]\n"), "t.yaml"); err == nil ||
		!strings.Contains(err.Error(), `unknown result field "quiet" of shout: must be one of loud, letters`) {
		t.Errorf("unknown field: %v", err)
	}
}
