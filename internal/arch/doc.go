// Package arch holds no code: its test checks that namepipe's packages
// import each other only downwards, as drawn in DEVELOPERS.md. A new
// package, or a new import between packages, must be added to the table in
// imports_test.go on purpose.
package arch
