// Generated from docs/openapi.yaml (see OpenAPIDocument.swift).
extension OpenAPIDocument {
    /// Lines 1 to 300 of the document.
    static let part1 = ##"""
        openapi: 3.1.0
        info:
          title: locate HTTP query API
          version: "1"
          summary: Nearest public toilets and air-quality stations; community contributions for review.
          description: |
            `locate serve` answers the questions the CLI answers, over HTTP. Every answer is a
            document of the locate JSON contract (docs/json.md): the same document the CLI prints
            with `--json` for the same query, named by its `schema` member. The members of each
            document are specified precisely by its JSON Schema under docs/schema/.

            Every error is an `http-error/1` object; a bad parameter gets 400 and names it in
            `error.parameter`. Answers carry `ETag` and `Last-Modified` from the data version
            (and, for answers that follow the clock, the minute): send `If-None-Match` to get 304.
            Each client IP has a token bucket (`--burst` requests, refilled at `--rate` per
            second, by default 100 and 50/s); an empty bucket gets 429 with `Retry-After` in
            seconds. A read answer that takes longer than `--timeout` (default 10 s) gets 503; a
            write (every `POST`) is answered once it is done, never 503 after committing.
            `limit` is at most `--max-limit` (default 100).

            Contributions (`POST /v1/toilets`, `…/edits`, `…/reports`, `…/photos`) are stored
            pending for a maintainer; a body field at fault gets 422 and is named in
            `error.parameter`. Each client may submit `--submissions-per-hour` times an hour (default
            20; 429 with `Retry-After` past it). Maintainers list and decide them under
            `/v1/contributions` with `Authorization: Bearer TOKEN`.
        servers:
          - url: http://127.0.0.1:8080
        paths:
          /v1/health:
            get:
              operationId: health
              summary: The database is readable; the age of each dataset's newest data.
              responses:
                "200": {$ref: "#/components/responses/Health"}
                "304": {$ref: "#/components/responses/NotModified"}
                "400": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooMany"}
                "503": {$ref: "#/components/responses/Error"}
          /v1/runs:
            get:
              operationId: runs
              summary: Every ingest run, oldest first (as `locate runs --json`).
              responses:
                "200": {$ref: "#/components/responses/Runs"}
                "304": {$ref: "#/components/responses/NotModified"}
                "400": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooMany"}
                "503": {$ref: "#/components/responses/Error"}
          /v1/updates:
            get:
              operationId: updates
              summary: The ids added, updated and retired per dataset by runs that finished after `since`.
              parameters:
                - name: since
                  in: query
                  required: true
                  description: An RFC 3339 instant with offset (`2026-11-21T10:00:00Z`).
                  schema: {type: string, format: date-time}
              responses:
                "200": {$ref: "#/components/responses/Updates"}
                "304": {$ref: "#/components/responses/NotModified"}
                "400": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooMany"}
                "503": {$ref: "#/components/responses/Error"}
          /v1/toilets/nearest:
            get:
              operationId: nearestToilets
              summary: The nearest toilets to a point (as `locate toilet --near LAT,LON --json`).
              description: |
                Exact WGS84 geodesic order, ties by row id; retired records are never returned.
                `open_now=true` or `at` keeps only toilets open then, each in its own time zone; a
                wall-clock `at` without `tz` is read in the nearest toilet's zone, as the CLI reads it.
                Every filter of `locate toilet` is here under the same name (snake_case), with the
                same rules and messages: both read one request type.
              parameters:
                - {$ref: "#/components/parameters/lat"}
                - {$ref: "#/components/parameters/lon"}
                - {$ref: "#/components/parameters/limit"}
                - name: max_distance
                  in: query
                  description: Only toilets within this distance (`500m`, `1.5km`, or a number of metres), as `--max-distance`.
                  schema: {type: string, pattern: "^[0-9.eE+]+ ?(m|km)?$"}
                - {name: wheelchair, in: query, description: Only wheelchair-accessible toilets (`true`/`false` or `1`/`0`, as every boolean here)., schema: {type: string, enum: ["true", "false", "1", "0"]}}
                - {name: free, in: query, description: Only toilets whose price text says free., schema: {type: string, enum: ["true", "false", "1", "0"]}}
                - name: max_price
                  in: query
                  description: Only free toilets or those priced at most this, in this currency (`0.50EUR`, `20CZK`), as `--max-price`.
                  schema: {type: string}
                - {name: public, in: query, description: Not customers-only toilets (unknown access is kept)., schema: {type: string, enum: ["true", "false", "1", "0"]}}
                - {name: changing_table, in: query, description: Only toilets with a baby changing table., schema: {type: string, enum: ["true", "false", "1", "0"]}}
                - {name: unisex, in: query, description: Only unisex toilets., schema: {type: string, enum: ["true", "false", "1", "0"]}}
                - name: dataset
                  in: query
                  description: Only this dataset (repeatable, as `--dataset`); a dataset with no active toilets is 400.
                  style: form
                  explode: true
                  schema: {type: array, items: {type: string}}
                - {name: open_now, in: query, description: Only toilets open now (not with `at`)., schema: {type: string, enum: ["true", "false", "1", "0"]}}
                - {$ref: "#/components/parameters/at"}
                - {$ref: "#/components/parameters/tz"}
                - name: include_unknown
                  in: query
                  description: With open_now or at, also toilets whose hours are unknown, marked as such.
                  schema: {type: string, enum: ["true", "false", "1", "0"]}
                - name: arrive_within
                  in: query
                  description: With open_now or at, only toilets still open this many minutes later.
                  schema: {type: integer, minimum: 0, maximum: 1440}
                - name: walk
                  in: query
                  description: With open_now or at, only toilets still open when you arrive on foot (5 km/h, paths 1.3 times the straight line).
                  schema: {type: string, enum: ["true", "false", "1", "0"]}
              responses:
                "200": {$ref: "#/components/responses/ToiletAnswer"}
                "304": {$ref: "#/components/responses/NotModified"}
                "400": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooMany"}
                "503": {$ref: "#/components/responses/Error"}
          /v1/toilets/{dataset}/{id}:
            get:
              operationId: toilet
              summary: One active toilet with its hours, state, next 7 days' opening times, price, attributes and provenance.
              parameters:
                - {name: dataset, in: path, required: true, schema: {type: string}}
                - {name: id, in: path, required: true, description: The id within its dataset., schema: {type: string}}
                - {$ref: "#/components/parameters/at"}
                - {$ref: "#/components/parameters/tz"}
              responses:
                "200": {$ref: "#/components/responses/ToiletDetail"}
                "304": {$ref: "#/components/responses/NotModified"}
                "400": {$ref: "#/components/responses/Error"}
                "404": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooMany"}
                "503": {$ref: "#/components/responses/Error"}
          /v1/stations:
            get:
              operationId: namedStations
              summary: Stations whose name matches, ignoring case and diacritics (as `locate station --name TEXT --json`).
              parameters:
                - {name: name, in: query, required: true, schema: {type: string, minLength: 1}}
                - {$ref: "#/components/parameters/limit"}
                - {$ref: "#/components/parameters/at"}
                - {$ref: "#/components/parameters/stationTz"}
              responses:
                "200": {$ref: "#/components/responses/StationAnswer"}
                "304": {$ref: "#/components/responses/NotModified"}
                "400": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooMany"}
                "503": {$ref: "#/components/responses/Error"}
          /v1/stations/nearest:
            get:
              operationId: nearestStations
              summary: The nearest air-quality stations with their latest values and index (as `locate station --near LAT,LON --json`).
              parameters:
                - {$ref: "#/components/parameters/lat"}
                - {$ref: "#/components/parameters/lon"}
                - {$ref: "#/components/parameters/limit"}
                - name: param
                  in: query
                  description: Only stations that measure this pollutant (SO2, NO2, PM10, PM2.5, CO, C6H6, O3; case and dots ignored).
                  schema: {type: string, pattern: "^[A-Za-z0-9.]{2,5}$"}
                - name: fresh_within
                  in: query
                  description: With param, only stations with a value this recent (90m, 3h, 2d; at most 3650d).
                  schema: {type: string, pattern: "^[0-9]+(\\.[0-9]+)?[mhd]$"}
                - {$ref: "#/components/parameters/at"}
                - {$ref: "#/components/parameters/stationTz"}
              responses:
                "200": {$ref: "#/components/responses/StationAnswer"}
                "304": {$ref: "#/components/responses/NotModified"}
                "400": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooMany"}
                "503": {$ref: "#/components/responses/Error"}
          /v1/stations/{id}:
            get:
              operationId: station
              summary: One active station by its id, with its latest values (units, ages) and index.
              parameters:
                - {name: id, in: path, required: true, schema: {type: string}}
                - {name: dataset, in: query, description: The station's dataset, needed when the id is in several., schema: {type: string}}
                - {$ref: "#/components/parameters/at"}
                - {$ref: "#/components/parameters/stationTz"}
              responses:
                "200": {$ref: "#/components/responses/StationAnswer"}
                "304": {$ref: "#/components/responses/NotModified"}
                "400": {$ref: "#/components/responses/Error"}
                "404": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooMany"}
                "503": {$ref: "#/components/responses/Error"}
          /v1/toilets:
            post:
              operationId: submitToilet
              summary: Suggest a toilet the data lacks; a maintainer reviews it before it joins the `community` dataset.
              description: |
                The position must lie in the service region (`--region`, by default the active toilets'
                extent widened by 0.1°). Within 25 m of an active toilet the answer is 409 listing them,
                unless the body says `"confirm": true`. Hours text is read at once and the receipt says
                how. The body is JSON (`Content-Type: application/json`, at most 16 KiB).
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/NewToilet"}
              responses:
                "202": {$ref: "#/components/responses/Receipt"}
                "400": {$ref: "#/components/responses/Error"}
                "409":
                  description: contribution-nearby/1 - active toilets within 25 m; send again with "confirm" true if it is another one.
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Nearby"}
                "413": {$ref: "#/components/responses/Error"}
                "415": {$ref: "#/components/responses/Error"}
                "422": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooMany"}
                "503": {$ref: "#/components/responses/Error"}
          /v1/toilets/{dataset}/{id}/edits:
            post:
              operationId: submitEdit
              summary: Propose new values for fields of an active toilet.
              parameters:
                - {$ref: "#/components/parameters/dataset"}
                - {$ref: "#/components/parameters/id"}
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/Edit"}
              responses:
                "202": {$ref: "#/components/responses/Receipt"}
                "400": {$ref: "#/components/responses/Error"}
                "404": {$ref: "#/components/responses/Error"}
                "413": {$ref: "#/components/responses/Error"}
                "415": {$ref: "#/components/responses/Error"}
                "422": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooMany"}
                "503": {$ref: "#/components/responses/Error"}
          /v1/toilets/{dataset}/{id}/reports:
            post:
              operationId: submitReport
              summary: Report that a toilet is gone, closed for good, elsewhere (with the right position) or has wrong hours.
              parameters:
                - {$ref: "#/components/parameters/dataset"}
                - {$ref: "#/components/parameters/id"}
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/Report"}
              responses:
                "202": {$ref: "#/components/responses/Receipt"}
                "400": {$ref: "#/components/responses/Error"}
                "404": {$ref: "#/components/responses/Error"}
                "413": {$ref: "#/components/responses/Error"}
                "415": {$ref: "#/components/responses/Error"}
                "422": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooMany"}
                "503": {$ref: "#/components/responses/Error"}
          /v1/toilets/{dataset}/{id}/photos:
            post:
              operationId: submitPhoto
              summary: Upload a photo of a toilet or of its opening-hours sign (the body is the image itself).
              description: |
                JPEG, PNG or WebP, at most 10 MiB and 40 megapixels, its Content-Type matching its bytes.
                It is decoded for real (a truncated or disguised file gets 422), turned upright, and
                re-encoded as JPEG without any metadata (no EXIF position or camera data), full size
                at most 2048 px and a 320 px thumbnail; public at /v1/photos/{sha256} once approved.
              parameters:
                - {$ref: "#/components/parameters/dataset"}
                - {$ref: "#/components/parameters/id"}
                - name: kind
                  in: query
                  required: true
                  description: What the photo shows.
                  schema: {enum: [toilet, hours_sign]}
              requestBody:
                required: true
                content:
                  image/jpeg:
                    schema: {type: string, format: binary}
                  image/png:
                    schema: {type: string, format: binary}
                  image/webp:
                    schema: {type: string, format: binary}
              responses:
                "202": {$ref: "#/components/responses/Receipt"}
                "400": {$ref: "#/components/responses/Error"}
                "404": {$ref: "#/components/responses/Error"}
                "413": {$ref: "#/components/responses/Error"}
                "415": {$ref: "#/components/responses/Error"}
                "422": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooMany"}
                "503": {$ref: "#/components/responses/Error"}
          /v1/contributions:
            get:
              operationId: listContributions
              summary: Contributions, oldest first (maintainers; as `locate review list --json`).
              security: [{maintainer: []}]
              parameters:
                - {name: status, in: query, schema: {enum: [pending, approved, rejected, superseded]}}
        """##
}
