package mapping_test

import (
	"encoding/json"
	"fmt"

	"github.com/namepipe/namepipe/mapping"
	"github.com/namepipe/namepipe/record"
)

// A config is parsed and checked (Parse), bound to the input's columns
// (NewPlan), and then turns each row into the request the service gets
// (Build). Here a row with a full name, an email and an ISO birth date
// becomes an InputPerson.
func ExamplePlan_Build() {
	cfg, err := mapping.Parse([]byte(`
input:  {path: customers.csv}
output: {path: enriched.csv}
person:
  fullName: name
  email: email
  birthDate: {column: born, layout: "2006-01-02"}
operations: [parse, disposable]
`), "example.yaml")
	if err != nil {
		fmt.Println(err)
		return
	}
	schema := record.Schema{Fields: []record.Field{
		{Name: "id", Type: record.Int64},
		{Name: "name", Type: record.String},
		{Name: "email", Type: record.String},
		{Name: "born", Type: record.String},
	}}
	plan, err := mapping.NewPlan(cfg, schema)
	if err != nil {
		fmt.Println(err)
		return
	}
	row := record.Record{Index: 0, Line: 2, Values: []record.Value{
		int64(42), "Petra Müller", "petra@example.com", "1987-02-14",
	}}
	req, err := plan.Build(&row)
	if err != nil {
		fmt.Println(err)
		return
	}
	person, _ := json.MarshalIndent(req.Person, "", "  ")
	fmt.Println(string(person))
	fmt.Println("disposable checks:", req.Emails.Of(mapping.OpDisposable))
	fmt.Println("appended columns:", plan.OutputSchema().Names()[len(schema.Fields):])

	// An unusable value is an error naming the row and the column; by
	// default (run.invalidValues: omit) the rest of the row is still sent.
	bad := record.Record{Index: 1, Line: 3, Values: []record.Value{
		int64(43), "John Smith", "", "1987-02-31",
	}}
	req, err = plan.Build(&bad)
	fmt.Println(err)
	fmt.Println("still sent:", req.Person.PersonName.NameFields[0].String, "age:", req.Person.Age)
	// Output:
	// {
	//   "type": "NaturalInputPerson",
	//   "personName": {
	//     "nameFields": [
	//       {
	//         "string": "Petra Müller",
	//         "fieldType": "FULLNAME"
	//       }
	//     ]
	//   },
	//   "emailAddresses": [
	//     {
	//       "type": "EmailAddressImpl",
	//       "emailAddress": "petra@example.com"
	//     }
	//   ],
	//   "age": {
	//     "type": "BirthDate",
	//     "year": 1987,
	//     "month": 2,
	//     "day": 14
	//   }
	// }
	// disposable checks: petra@example.com
	// appended columns: [np_given_name np_middle_name np_surname np_nickname np_title np_salutation np_qualifier np_legal_name np_legal_form np_person_type np_parsed_gender np_parse_confidence np_parse_disputes np_disposable_email np_error]
	// row 2 (line 3), column "born": "1987-02-31": day out of range
	// still sent: John Smith age: <nil>
}
