// Package nameapi holds the types of the name-processing web service
// (NameAPI REST/JSON interface v5.3 and its SOAP interface), the Service
// interface that every backend of namepipe implements, and a typed client
// for the real service.
//
// The types carry the service's exact JSON names. Polymorphic types of the
// interface (InputPerson, AgeInfo, InputAddress, StreetInfo, PlaceInfo,
// AddressRelation, EmailAddress, TelNumber) are modelled as one Go struct
// per abstract type whose Type field holds the JSON discriminator `type`;
// the constants below name every discriminator value. Constructors such as
// NewNaturalPerson and NewBirthDate build values with the discriminator set.
//
// Each operation's wire identity (REST path, method, SOAP path) and typed
// call on Service is one Endpoint in endpoints.go; the Client, the server
// package and the engine read paths and names from there, and
// docs/protocol.md describes the interface.
//
// Enumerations are plain strings: values the server sends that this package
// does not know are kept as they are, never rejected.
//
// # Size
//
// One package is the whole wire contract in one place: the types of every request and
// result, the enumerations, the REST and SOAP client and its typed errors.
// They change together when the interface changes, and every other package
// depends on them, so they are kept together rather than split by file
// kind; each file holds one part (types.go, enums.go, endpoints.go,
// client.go, soapclient.go, errors.go).
package nameapi
