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
            seconds. An answer that takes longer than `--timeout` (default 10 s) gets 503.
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
                - {name: kind, in: query, schema: {enum: [new, edit, report, photo]}}
                - {name: limit, in: query, description: At most this many (default 100)., schema: {type: integer, minimum: 1, maximum: 1000}}
              responses:
                "200":
                  description: review-list/1 (docs/schema/review-list.schema.json)
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ReviewList"}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "403": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooMany"}
                "503": {$ref: "#/components/responses/Error"}
          /v1/contributions/{id}:
            get:
              operationId: showContribution
              summary: One contribution beside the current values, its decisions and photo path (maintainers; as `locate review show ID --json`).
              security: [{maintainer: []}]
              parameters:
                - {$ref: "#/components/parameters/contribution"}
              responses:
                "200":
                  description: review-show/1 (docs/schema/review-show.schema.json)
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ReviewShow"}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "403": {$ref: "#/components/responses/Error"}
                "404": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooMany"}
                "503": {$ref: "#/components/responses/Error"}
          /v1/contributions/{id}/approve:
            post:
              operationId: approveContribution
              summary: Approve and apply a pending contribution, or approve again one in conflict (maintainers; as `locate review approve ID`).
              security: [{maintainer: []}]
              parameters:
                - {$ref: "#/components/parameters/contribution"}
              responses:
                "200": {$ref: "#/components/responses/Decision"}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "403": {$ref: "#/components/responses/Error"}
                "404": {$ref: "#/components/responses/Error"}
                "409": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooMany"}
                "503": {$ref: "#/components/responses/Error"}
          /v1/contributions/{id}/reject:
            post:
              operationId: rejectContribution
              summary: Reject a pending contribution, or drop one in conflict, saying why (maintainers; as `locate review reject ID --reason`).
              security: [{maintainer: []}]
              parameters:
                - {$ref: "#/components/parameters/contribution"}
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [reason]
                      additionalProperties: false
                      properties:
                        reason: {type: string, minLength: 1, maxLength: 2000}
              responses:
                "200": {$ref: "#/components/responses/Decision"}
                "400": {$ref: "#/components/responses/Error"}
                "401": {$ref: "#/components/responses/Unauthorized"}
                "403": {$ref: "#/components/responses/Error"}
                "404": {$ref: "#/components/responses/Error"}
                "409": {$ref: "#/components/responses/Error"}
                "413": {$ref: "#/components/responses/Error"}
                "415": {$ref: "#/components/responses/Error"}
                "422": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooMany"}
                "503": {$ref: "#/components/responses/Error"}
          /v1/photos/{hash}:
            get:
              operationId: photo
              summary: An approved photo, re-encoded as JPEG without metadata (at most 2048 px); immutable.
              description: |
                A photo not approved (pending or rejected) is served only with a maintainer's
                `Authorization: Bearer TOKEN` (`Cache-Control: private, no-store`); anybody else gets 404,
                as for a photo that does not exist.
              parameters:
                - {$ref: "#/components/parameters/photoHash"}
              responses:
                "200": {$ref: "#/components/responses/Photo"}
                "304": {description: Unchanged (the ETag sent in If-None-Match).}
                "404": {$ref: "#/components/responses/Error"}
                "429": {$ref: "#/components/responses/TooMany"}
                "503": {$ref: "#/components/responses/Error"}
          /v1/photos/{hash}/thumbnail:
            get:
              operationId: photoThumbnail
              summary: An approved photo's thumbnail (at most 320 px), as /v1/photos/{hash}.
              parameters:
                - {$ref: "#/components/parameters/photoHash"}
              responses:
                "200": {$ref: "#/components/responses/Photo"}
                "304": {description: Unchanged (the ETag sent in If-None-Match).}
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
            dataset:
              name: dataset
              in: path
              required: true
              description: The toilet's dataset.
              schema: {type: string}
            id:
              name: id
              in: path
              required: true
              description: The toilet's id within its dataset.
              schema: {type: string}
            contribution:
              name: id
              in: path
              required: true
              description: The contribution's number.
              schema: {type: integer, minimum: 1}
            photoHash:
              name: hash
              in: path
              required: true
              description: The photo's SHA-256 (its `sha256` in the receipt and on the toilet).
              schema: {type: string, pattern: "^[0-9a-f]{64}$"}
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
            Receipt:
              description: contribution-receipt/1 (docs/schema/contribution-receipt.schema.json) - received, pending review.
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/Receipt"}
            Decision:
              description: review-decision/1 (docs/schema/review-decision.schema.json)
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/ReviewDecision"}
            Unauthorized:
              description: No `Authorization - Bearer TOKEN` header (make a token with `locate token create NAME`).
              headers:
                WWW-Authenticate: {description: "Bearer realm=\"locate\"", schema: {type: string}}
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/HTTPError"}
            Photo:
              description: The JPEG.
              headers:
                ETag: {description: The photo's hash (with -thumbnail for the thumbnail)., schema: {type: string}}
                Cache-Control: {description: "public, max-age=31536000, immutable (approved) or private, no-store (a maintainer's view).", schema: {type: string}}
              content:
                image/jpeg:
                  schema: {type: string, format: binary}
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
          securitySchemes:
            maintainer:
              type: http
              scheme: bearer
              description: A maintainer token (`locate token create NAME` prints it once; `locate token revoke NAME`). A missing or malformed header gets 401, an unknown or revoked token 403.
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
            NewToilet:
              type: object
              required: [lat, lon]
              additionalProperties: false
              properties:
                lat: {type: number, minimum: -90, maximum: 90, description: WGS84 degrees; inside the service region.}
                lon: {type: number, minimum: -180, maximum: 180}
                name: {type: [string, "null"], minLength: 1, maxLength: 200}
                hours_text: {type: [string, "null"], minLength: 1, maxLength: 500, description: "OSM opening_hours or Czech text (po-pá 8-18), read at once."}
                price_text: {type: [string, "null"], minLength: 1, maxLength: 100}
                wheelchair: {enum: ["yes", limited, "no", unknown, null]}
                access: {enum: [public, customers, restricted, unknown, null]}
                note: {type: [string, "null"], minLength: 1, maxLength: 2000, description: For the maintainer (line breaks allowed).}
                contact: {type: [string, "null"], minLength: 1, maxLength: 200, description: For maintainers only; never in any answer or export.}
                confirm: {type: [boolean, "null"], description: True to submit it although toilets lie within 25 m.}
            Edit:
              type: object
              minProperties: 1
              additionalProperties: false
              dependentRequired: {lat: [lon], lon: [lat]}
              description: At least one of the toilet's fields (lat and lon together).
              properties:
                lat: {type: number, minimum: -90, maximum: 90}
                lon: {type: number, minimum: -180, maximum: 180}
                name: {type: [string, "null"], minLength: 1, maxLength: 200}
                hours_text: {type: [string, "null"], minLength: 1, maxLength: 500}
                price_text: {type: [string, "null"], minLength: 1, maxLength: 100}
                wheelchair: {enum: ["yes", limited, "no", unknown, null]}
                access: {enum: [public, customers, restricted, unknown, null]}
                note: {type: [string, "null"], minLength: 1, maxLength: 2000}
                contact: {type: [string, "null"], minLength: 1, maxLength: 200}
            Report:
              type: object
              required: [reason]
              additionalProperties: false
              dependentRequired: {lat: [lon], lon: [lat]}
              description: lat and lon only with wrong_position (which needs them); hours_text only with wrong_hours.
              properties:
                reason: {enum: [gone, closed_for_good, wrong_position, wrong_hours]}
                lat: {type: number, minimum: -90, maximum: 90}
                lon: {type: number, minimum: -180, maximum: 180}
                hours_text: {type: [string, "null"], minLength: 1, maxLength: 500}
                note: {type: [string, "null"], minLength: 1, maxLength: 2000}
                contact: {type: [string, "null"], minLength: 1, maxLength: 200}
            Receipt:
              type: object
              required: [schema, id, kind, status, target, report, received_at, hours, photo, message]
              additionalProperties: false
              properties:
                schema: {const: contribution-receipt/1}
                id: {type: integer, minimum: 1}
                kind: {enum: [new, edit, report, photo]}
                status: {const: pending}
                target: {type: [string, "null"]}
                report: {enum: [gone, closed_for_good, wrong_position, wrong_hours, null]}
                received_at: {$ref: "#/components/schemas/Instant"}
                hours:
                  anyOf:
                    - {type: "null"}
                    - type: object
                      required: [hours_text, hours_osm, hours_status, reason, warnings]
                      properties:
                        hours_osm: {type: [string, "null"]}
                        hours_status: {enum: [exact, interpreted, unknown, missing]}
                photo:
                  anyOf:
                    - {type: "null"}
                    - type: object
                      required: [sha256, kind, width, height]
                      properties:
                        sha256: {type: string, pattern: "^[0-9a-f]{64}$"}
                message: {type: string}
            Nearby:
              type: object
              required: [schema, error, nearby]
              additionalProperties: false
              properties:
                schema: {const: contribution-nearby/1}
                error:
                  type: object
                  required: [status, message, parameter]
                  properties:
                    status: {const: 409}
                    parameter: {const: confirm}
                nearby:
                  type: array
                  items:
                    type: object
                    required: [id, dataset, source_id, name, address, lat, lon, distance_m]
            ReviewList:
              type: object
              required: [schema, contributions]
              additionalProperties: false
              properties:
                schema: {const: review-list/1}
                contributions: {type: array, items: {type: object, required: [id, kind, status, proposed, contact, client_hash]}}
            ReviewShow:
              type: object
              required: [schema, contribution, decisions, current, target_active, overrides, photo_path]
              properties:
                schema: {const: review-show/1}
            ReviewDecision:
              type: object
              required: [schema, id, status, run, applied, place, superseded]
              properties:
                schema: {const: review-decision/1}
                status: {enum: [approved, rejected]}
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
              required: [schema, at, toilet, opening_times, source, photos]
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
                photos:
                  type: array
                  items:
                    type: object
                    required: [sha256, kind, url, thumbnail_url, approved_at]
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
