/// docs/openapi.yaml, served at /v1/openapi.yaml. Generated: after editing the YAML, run
/// `UPDATE_OPENAPI=1 swift test --skip-build --filter OpenAPIDocumentTests` (a test fails
/// while the two differ).
public enum OpenAPIDocument {
    /// The document's text.
    public static let text = ##"""
        openapi: 3.1.0
        info:
          title: locate HTTP query API
          version: "1"
          summary: Nearest public toilets and air-quality stations, read-only.
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
            seconds. An answer that takes longer than `--timeout` (default 10 s) gets 503.
            `limit` is at most `--max-limit` (default 100). There is no write endpoint.
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
                `open_now=true` or `at` keeps only toilets open then, each in its own time zone.
              parameters:
                - {$ref: "#/components/parameters/lat"}
                - {$ref: "#/components/parameters/lon"}
                - {$ref: "#/components/parameters/limit"}
                - name: max_distance
                  in: query
                  description: Only toilets within this many metres.
                  schema: {type: number, exclusiveMinimum: 0}
                - {name: wheelchair, in: query, description: Only wheelchair-accessible toilets., schema: {type: boolean}}
                - {name: free, in: query, description: Only toilets whose price text says free., schema: {type: boolean}}
                - {name: open_now, in: query, description: Only toilets open now (not with `at`)., schema: {type: boolean}}
                - {$ref: "#/components/parameters/at"}
                - {$ref: "#/components/parameters/tz"}
                - name: include_unknown
                  in: query
                  description: With open_now or at, also toilets whose hours are unknown, marked as such.
                  schema: {type: boolean}
                - name: arrive_within
                  in: query
                  description: With open_now or at, only toilets still open this many minutes later.
                  schema: {type: integer, minimum: 0, maximum: 1440}
                - name: walk
                  in: query
                  description: With open_now or at, only toilets still open when you arrive on foot (5 km/h, paths 1.3 times the straight line).
                  schema: {type: boolean}
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
          /v1/openapi.yaml:
            get:
              operationId: openapi
              summary: This document.
              responses:
                "200":
                  description: The OpenAPI document.
                  content:
                    application/yaml:
                      schema: {type: string}
                "429": {$ref: "#/components/responses/TooMany"}
        components:
          parameters:
            lat:
              name: lat
              in: query
              required: true
              description: Latitude of the query point, WGS84 degrees.
              schema: {type: number, minimum: -90, maximum: 90}
            lon:
              name: lon
              in: query
              required: true
              description: Longitude of the query point, WGS84 degrees.
              schema: {type: number, minimum: -180, maximum: 180}
            limit:
              name: limit
              in: query
              description: How many results (default 5; at most the server's --max-limit, default 100).
              schema: {type: integer, minimum: 1, maximum: 100, default: 5}
            at:
              name: at
              in: query
              description: The time to answer for, as the CLI's --at - an RFC 3339 instant with offset, or YYYY-MM-DDTHH:MM in tz. Default - now.
              schema: {type: string, pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2}))?$"}
            tz:
              name: tz
              in: query
              description: IANA time zone of a wall-clock `at` (default Europe/Prague).
              schema: {type: string, pattern: "^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$"}
            stationTz:
              name: tz
              in: query
              description: IANA time zone of a wall-clock `at` (default Europe/Warsaw).
              schema: {type: string, pattern: "^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$"}
          headers:
            ETag:
              description: The data version (and the minute, for answers that follow the clock).
              schema: {type: string}
            LastModified:
              description: When the newest ingest run finished (or the minute, for answers that follow the clock).
              schema: {type: string}
            RetryAfter:
              description: Whole seconds until the client's bucket has a token again.
              schema: {type: integer, minimum: 1}
          responses:
            NotModified:
              description: The answer is unchanged since the ETag sent in If-None-Match (or since If-Modified-Since).
              headers:
                ETag: {$ref: "#/components/headers/ETag"}
            TooMany:
              description: The client's token bucket is empty.
              headers:
                Retry-After: {$ref: "#/components/headers/RetryAfter"}
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/HTTPError"}
            Error:
              description: An error (`http-error/1`); a bad parameter is named in `error.parameter`.
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/HTTPError"}
            Health:
              description: health/1
              headers: {ETag: {$ref: "#/components/headers/ETag"}, Last-Modified: {$ref: "#/components/headers/LastModified"}}
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/Health"}
            Runs:
              description: runs/1 (docs/schema/runs.schema.json)
              headers: {ETag: {$ref: "#/components/headers/ETag"}, Last-Modified: {$ref: "#/components/headers/LastModified"}}
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/Runs"}
            Updates:
              description: updates/1
              headers: {ETag: {$ref: "#/components/headers/ETag"}, Last-Modified: {$ref: "#/components/headers/LastModified"}}
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/Updates"}
            ToiletAnswer:
              description: toilet-answer/1 (docs/schema/toilet-answer.schema.json)
              headers: {ETag: {$ref: "#/components/headers/ETag"}, Last-Modified: {$ref: "#/components/headers/LastModified"}}
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/ToiletAnswer"}
            ToiletDetail:
              description: toilet-detail/1 (docs/schema/toilet-detail.schema.json)
              headers: {ETag: {$ref: "#/components/headers/ETag"}, Last-Modified: {$ref: "#/components/headers/LastModified"}}
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/ToiletDetail"}
            StationAnswer:
              description: station-answer/1 (docs/schema/station-answer.schema.json)
              headers: {ETag: {$ref: "#/components/headers/ETag"}, Last-Modified: {$ref: "#/components/headers/LastModified"}}
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/StationAnswer"}
          schemas:
            Instant:
              type: string
              pattern: "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(Z|[+-]\\d{2}:\\d{2})$"
            HTTPError:
              type: object
              required: [schema, error]
              additionalProperties: false
              properties:
                schema: {const: http-error/1}
                error:
                  type: object
                  required: [status, message, parameter]
                  additionalProperties: false
                  properties:
                    status: {type: integer, minimum: 400, maximum: 599}
                    message: {type: string}
                    parameter: {type: [string, "null"]}
            Run:
              type: object
              required: [id, pipeline, dataset, kind, source, finished_at]
              properties:
                id: {type: integer, minimum: 1}
                pipeline: {type: string}
                dataset: {type: string}
                kind: {enum: [toilets, stations, air]}
                source: {type: string}
                finished_at: {$ref: "#/components/schemas/Instant"}
            Runs:
              type: object
              required: [schema, runs]
              additionalProperties: false
              properties:
                schema: {const: runs/1}
                runs: {type: array, items: {$ref: "#/components/schemas/Run"}}
            Health:
              type: object
              required: [schema, status, at, data_version, datasets]
              additionalProperties: false
              properties:
                schema: {const: health/1}
                status: {const: ok}
                at: {$ref: "#/components/schemas/Instant"}
                data_version: {type: string}
                datasets:
                  type: array
                  items:
                    type: object
                    required: [dataset, kind, run, finished_at, age_minutes]
                    additionalProperties: false
                    properties:
                      dataset: {type: string}
                      kind: {enum: [toilets, stations, air]}
                      run: {type: integer, minimum: 1}
                      finished_at: {$ref: "#/components/schemas/Instant"}
                      age_minutes: {type: integer, minimum: 0}
            Updates:
              type: object
              required: [schema, since, data_version, datasets]
              additionalProperties: false
              properties:
                schema: {const: updates/1}
                since: {$ref: "#/components/schemas/Instant"}
                data_version: {type: string}
                datasets:
                  type: array
                  items:
                    type: object
                    required: [dataset, kind, added, updated, retired]
                    additionalProperties: false
                    properties:
                      dataset: {type: string}
                      kind: {enum: [toilets, stations]}
                      added: {type: array, items: {type: string}}
                      updated: {type: array, items: {type: string}}
                      retired: {type: array, items: {type: string}}
            ToiletAnswer:
              type: object
              required: [schema, near, state_at, results]
              additionalProperties: false
              properties:
                schema: {const: toilet-answer/1}
                near:
                  type: object
                  required: [lat, lon]
                  properties: {lat: {type: number}, lon: {type: number}}
                state_at: {anyOf: [{$ref: "#/components/schemas/Instant"}, {type: "null"}]}
                results:
                  type: array
                  items:
                    type: object
                    required: [id, dataset, source_id, lat, lon, distance_m, bearing_deg, state, hours_status, wheelchair]
                    properties:
                      id: {type: string}
                      distance_m: {type: number, minimum: 0}
                      state: {enum: [open, closed, unknown, null]}
            ToiletDetail:
              type: object
              required: [schema, at, toilet, opening_times, source]
              additionalProperties: false
              properties:
                schema: {const: toilet-detail/1}
                at: {$ref: "#/components/schemas/Instant"}
                toilet:
                  type: object
                  required: [id, dataset, source_id, hours_text, hours_osm, hours_status, state, state_at, next_change, first_run, changed_run]
                  properties:
                    id: {type: string}
                    state: {enum: [open, closed, unknown]}
                opening_times:
                  type: array
                  items:
                    type: object
                    required: [state, from, until]
                    additionalProperties: false
                    properties:
                      state: {enum: [open, closed, unknown]}
                      from: {$ref: "#/components/schemas/Instant"}
                      until: {$ref: "#/components/schemas/Instant"}
                source: {anyOf: [{$ref: "#/components/schemas/Run"}, {type: "null"}]}
            StationAnswer:
              type: object
              required: [schema, near, at, results, alerts]
              additionalProperties: false
              properties:
                schema: {const: station-answer/1}
                near: {anyOf: [{type: object, required: [lat, lon]}, {type: "null"}]}
                at: {$ref: "#/components/schemas/Instant"}
                results:
                  type: array
                  items:
                    type: object
                    required: [id, dataset, source_id, name, lat, lon, distance_m, match, index, readings]
                    properties:
                      id: {type: string}
                      readings: {type: array}
                alerts: {type: array}
        """##
}
