package nameapi_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/namepipe/namepipe/nameapi"
)

// ExampleNewClient creates a client for a service (here a loopback stand-in
// for https://api.nameapi.org/rest/v5.3), pings it and parses a name.
func ExampleNewClient() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		switch r.URL.Path {
		case "/rest/v5.3/system/ping":
			fmt.Fprint(w, "pong")
		case "/rest/v5.3/parser/personnameparser":
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"matches":[{"parsedPerson":{"personType":"NATURAL","personRole":"PRIMARY",
				"gender":{"gender":"FEMALE","confidence":0.9},
				"outputPersonName":{"terms":[{"string":"Petra","termType":"GIVENNAME"},{"string":"Müller","termType":"SURNAME"}]}},
				"parserDisputes":[],"likeliness":0.9,"confidence":0.95}]}`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()

	client, err := nameapi.NewClient(nameapi.ClientConfig{
		BaseURL:  srv.URL + "/rest/v5.3", // default: nameapi.RESTDefaultBase
		APIKey:   "my-api-key",           // e.g. os.Getenv("NAMEAPI_KEY")
		Timeout:  10 * time.Second,
		MaxConns: 8, // the number of workers
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer client.Close()

	ctx := context.Background()
	if err := client.Ping(ctx); err != nil {
		fmt.Println("ping:", err)
		return
	}
	fmt.Println("pong")

	res, err := client.ParsePersonName(ctx, &nameapi.InputWithPerson{
		Context:     &nameapi.Context{Priority: nameapi.PriorityRealtime},
		InputPerson: nameapi.NewNaturalPerson(nameapi.Field(nameapi.FieldFullname, "Petra Müller")),
	})
	if err != nil {
		fmt.Println("parse:", err, "retryable:", nameapi.IsRetryable(err))
		return
	}
	best := res.Best().ParsedPerson
	fmt.Println(best.OutputPersonName.First(nameapi.TermGivenname), best.OutputPersonName.First(nameapi.TermSurname), best.Gender.Gender)

	err = client.ThrowException(ctx, nameapi.ExceptionInternalServerError, 100)
	fmt.Println(err, "retryable:", nameapi.IsRetryable(err))
	// Output:
	// pong
	// Petra Müller FEMALE
	// nameapi development/exceptionthrower: HTTP 404: answer: "404 page not found" retryable: false
}
