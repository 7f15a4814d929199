package conformance

import (
	"context"
	"encoding/json"
	"sync"
	"testing"

	"github.com/namepipe/namepipe/nameapi"
	"github.com/namepipe/namepipe/server"
)

// TestConcurrentCallsAgreeWithSequential: a pool of workers sharing one
// client, as the pipeline uses it, gets the same answers as sequential
// calls (run with -race to check the engine and server for data races).
func TestConcurrentCallsAgreeWithSequential(t *testing.T) {
	s := newStack(t, server.Options{}, "")
	c := buildCorpus(t)
	people := c.people
	if len(people) > 200 {
		people = people[:200]
	}
	ctx := context.Background()
	answer := func(in *nameapi.InputWithPerson) string {
		p, err1 := s.client.ParsePersonName(ctx, in)
		g, err2 := s.client.GenderizePerson(ctx, in)
		r, err3 := s.client.DetectRisk(ctx, in)
		b, _ := json.Marshal([]any{p, g, r, errText(err1), errText(err2), errText(err3)})
		return string(b)
	}
	want := make([]string, len(people))
	for i, in := range people {
		want[i] = answer(in)
	}
	got := make([]string, len(people))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 4 {
		wg.Go(func() {
			for i := range next {
				got[i] = answer(people[i])
			}
		})
	}
	for i := range people {
		next <- i
	}
	close(next)
	wg.Wait()
	for i := range people {
		if got[i] != want[i] {
			t.Errorf("record %d (%s): concurrent answer differs\n got %.300s\nwant %.300s", i, describe(people[i]), got[i], want[i])
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
