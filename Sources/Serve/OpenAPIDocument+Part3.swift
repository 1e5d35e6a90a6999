// Generated from docs/openapi.yaml (see OpenAPIDocument.swift).
extension OpenAPIDocument {
    /// Lines 601 to 817 of the document.
    static let part3 = ##"""
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
              required: [schema, near, notes, state_at, results]
              additionalProperties: false
              properties:
                schema: {const: toilet-answer/1}
                near:
                  type: object
                  required: [lat, lon]
                  properties: {lat: {type: number}, lon: {type: number}}
                notes: {type: array, items: {type: string, minLength: 1}, description: "Results over 50 km away and why nothing nearer matched, in words; empty when there is nothing to say."}
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
