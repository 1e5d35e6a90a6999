// Generated from docs/openapi.yaml (see OpenAPIDocument.swift).
extension OpenAPIDocument {
    /// Lines 301 to 600 of the document.
    static let part2 = ##"""
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
        """##
}
