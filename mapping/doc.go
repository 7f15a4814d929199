// Package mapping is the column-mapping part of a namepipe config (the
// person, context and operations sections; the run-level sections are
// package config's Settings, embedded in Config) and the code that turns an
// input row into the service's requests and the results back into columns.
//
// # Flow
//
// Load (or Parse) reads a config and checks it strictly before anything
// runs: unknown keys, wrong shapes and types, impossible combinations, bad
// date layouts and missing settings are all reported at once, each as
// "file:line: key: message" (config.Errors). NewPlan binds the config to the
// input's schema: every named column must exist with a usable type (the
// error names the column, the key and its line, and lists the available
// columns), and no result column may clash with an input column unless
// output.onExisting is replace (then Plan.WrittenSchema and Plan.Written
// put the new results in those columns' places). Then, per
// row, Plan.Build maps the cells to a Request (an InputPerson, the context
// and the email address of each email operation); a bad value (an
// impossible date such as 31 Feb, non-numeric text in a year, an over-long
// cell) is a *RowError naming the row and column, and the row is kept.
// Request.Applies says whether an operation has input in the row,
// Request.Key gives its de-duplication/cache key, Call runs it against a
// nameapi.Service and returns a typed Result, EncodeResult/DecodeResult
// store results, and Plan.Apply turns the outcomes into the appended columns (typed per OutputSchema,
// errors joined in the last column). Plan.Describe prints the plan and the
// JSON each operation would send, for `namepipe validate`.
//
// For a hot loop in one goroutine, a Builder (Plan.NewBuilder) builds the
// same requests into memory it re-uses row to row, and Plan.Reads names the
// input columns each operation's request is built from, so that a caller
// can re-use an answer for a row whose cells it has seen.
//
// # Operations
//
// Each operation is one entry of the table in operations.go: an
// Operation[In, Out] naming its config name, its nameapi.Endpoint (wire
// identity and typed call), which rows it applies to (Input), how a
// Request becomes its input, its key normalisation and its result columns.
// Nothing else in the package names an operation; adding one is an entry
// there plus the Service method behind its endpoint.
//
// # Config keys
//
// The reference with every result column is configs/README.md. In short
// ("col" = an input column name):
//
//	input:
//	  path: FILE               # required; "-" = stdin
//	  format: csv|parquet|jsonl|xlsx  # default from the extension; .gz/.zst read too
//	  sheet: NAME              # xlsx; default the first sheet
//	  delimiter: ","           # CSV; default sniffed
//	  header: true             # CSV has a header line
//	  columns: [a, b]          # CSV column names when header: false
//	  onMalformed: keep        # CSV keep|reject|fail: a malformed row is kept and flagged, set aside, or stops the run
//	  rejects: FILE            # rejected rows (onMalformed: reject); default OUTPUT.rejects.csv
//	  postgres:                # instead of path: a PostgreSQL query or table, one snapshot
//	    dsnEnv: PGURL          # NAME of the variable holding the connection string
//	    query: SELECT ...      # or table: contacts
//	output:
//	  path: FILE               # required; "-" = stdout; never the input
//	  format: csv|parquet|jsonl  # default from the extension
//	  delimiter: ","           # CSV; "same" keeps the input's
//	  prefix: np_              # prefix of result columns
//	  onExisting: fail         # fail|replace: result columns already in the input
//	  escapeFormulas: results  # results|all|none: CSV formula-injection escaping
//	  report: FILE.html        # also write the HTML run report (--report)
//	  postgres:                # instead of path: a PostgreSQL table, written in one transaction
//	    dsnEnv: PGURL          # NAME of the variable holding the connection string
//	    table: enriched        # default for mode update: input.postgres.table
//	    mode: create           # create|append|replace|update
//	    key: id                # update: the column matching rows
//	engine:
//	  kind: local              # local|nameapi
//	  baseURL: https://...     # nameapi only, required there
//	  apiKeyEnv: NAMEAPI_KEY   # NAME of the env variable with the key; nameapi only
//	  timeout: 10s             # per request
//	run:
//	  concurrency: 4           # >= 1
//	  rate: 0                  # requests/s, 0 = unlimited
//	  burst: 1                 # >= 1 with rate; default rate rounded up
//	  retries: 3               # retryable failures only
//	  maxConsecutiveFailures: 50  # stop when the service is down; 0 = never
//	  cache: FILE              # persistent result cache (optional)
//	  maxValueBytes: 65536     # longer cells are a row error
//	  invalidValues: omit      # omit|skip: a row with an unusable value is still enriched without it, or not sent
//	person:
//	  type: natural            # natural|legal|{column: col, legal: [v, "*"], natural: [v], default: natural}
//	  fullName: col            # FULLNAME
//	  givenName: col           # GIVENNAME
//	  surname: col             # SURNAME
//	  legalName: col           # LEGAL_NAME
//	  names: [{column: col, fieldType: ISM}]  # any field type (nameapi.FieldTypes)
//	  email: col | [col, ...]
//	  phone: col | [col, ...]
//	  birthDate: col | {column: col, layout: "2006-01-02", layouts: [...]}
//	  birthYear: col
//	  ageRange: col | {yearStart: col, yearEnd: col}   # col holds "1980-1990"
//	  address: {street, houseNumber, pobox, postalCode, locality, region, country, usage}
//	         | {string: col} | {lines: [col, ...]}
//	  addresses: [address, ...]
//	  gender: col | {column: col, values: {cell: MALE|FEMALE|UNKNOWN}}
//	  maritalStatus: col | {column: col, values: {cell: MARRIED, ...}}
//	  nationality: col         # codes separated by , ; / or space
//	  nativeLanguage: col
//	  correspondenceLanguage: col
//	  religion: col
//	context:
//	  priority: REALTIME       # REALTIME|LOW
//	  place: DE                # ISO 3166 alpha-2
//	  language: de             # ISO 639
//	  textCase: TITLE_CASE     # TITLE_CASE|UPPER_CASE|LOWER_CASE
//	  writingSystems: [Latn, "Arab:ar"]
//	  properties: {name: value}
//	  placeColumn: col         # place per row
//	  languageColumn: col      # language per row
//	operations:                # parse, genderize, risk, disposable, emailname, format, classify
//	  - parse
//	  - {op: genderize, fields: [gender, gender_confidence]}
//	  - {op: disposable, column: col}
//	dedupe:                    # namepipe dedupe only
//	  output: FILE             # default: output.path with .dedupe before the extension
//	  threshold: 0.9           # match probability that links two rows
//	  pairsThreshold: 0.3      # lower probability for the --pairs file and np_match_row
//	  maxBlockSize: 24         # larger blocks compare each row with its window neighbours
//	  window: 4
//	  maxClusterSize: 50
//	  names: engine            # engine|local: the person matcher, or local word comparison
//	  maxMatchCalls: 0         # budget of paid matcher calls with engine kind nameapi
//	  tempDir: /var/tmp        # dedupe's temporary files (default: the system temporary directory)
//	  idColumn: customer_id    # rows named by their own IDs (default: row numbers)
//	  clusterIdFrom: smallest_id # smallest_id|largest_id: the member ID that is the cluster's
//	  compare:                 # more columns compared and learned by EM (at most 3)
//	    - {column: occupation, kind: exact} # exact|text|number|date
//	  blockOn: [occupation]    # rows with the same value are compared
//	  merge:                   # golden records of --merge FILE
//	    survivor: smallest_id  # smallest_id|newest|oldest|most_complete
//	    dateColumn: updated_at # for newest and oldest
//	    default: most_complete # most_complete|most_frequent|newest|oldest|longest|first|from_survivor
//	    columns: {email: most_frequent, phone: newest}
//
// # Secrets
//
// The config holds only the name of the environment variable with the API
// key; config.Engine.APIKey reads it, and the caller hands it to NewPlan
// (Redacting) so that Apply removes it from error texts of the service.
// Errors, Describe output and the error column never contain the key.
//
// # Size
//
// One package: its parts — the config
// sections and their strict checks (config.go, sections.go), the operation
// table and its typed machinery (operations.go, operation.go), the request
// builder (plan.go, build.go, builder.go, reads.go), request keys (keyenc.go)
// and result columns (results.go) — all work on Plan's column
// bindings, which would have to be exported to split them; each part is its
// own set of files.
package mapping
