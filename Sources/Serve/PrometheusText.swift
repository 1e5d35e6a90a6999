import Contract
import Foundation
import Query
import Storage

/// The Prometheus text exposition format, version 0.0.4
/// (https://prometheus.io/docs/instrumenting/exposition_formats/): `# HELP` and `# TYPE` once
/// per family, then one `name{label="value"} number` line per sample; label values escape
/// `\`, `"` and newlines. `promtool check metrics` checks what `/metrics` writes (tests).
struct PrometheusText {
    private(set) var text = ""

    /// The `Content-Type` of the format.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// Starts the family `name` of `type` (`counter`, `gauge`, `histogram`).
    mutating func family(_ name: String, _ type: String, help: String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    /// One sample of `name` with `labels` (in the order given).
    mutating func sample(_ name: String, _ labels: [(String, String)] = [], _ value: Double) {
        let pairs = labels.map { "\($0.0)=\"\(PrometheusText.escaped($0.1))\"" }.joined(separator: ",")
        text += name + (pairs.isEmpty ? "" : "{\(pairs)}") + " " + PrometheusText.number(value) + "\n"
    }

    /// A label value escaped: `\` as `\\`, `"` as `\"`, a newline as `\n`.
    static func escaped(_ value: String) -> String {
        var out = ""
        for c in value {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out
    }

    /// A sample value: whole numbers without a fraction, `+Inf`, else Swift's shortest text.
    static func number(_ value: Double) -> String {
        if value == .infinity { return "+Inf" }
        if value == -.infinity { return "-Inf" }
        if value.isNaN { return "NaN" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// The whole exposition of the server: its request counts (`metrics`) and the data's
    /// state (`status`, the document `/v1/status` serves).
    static func exposition(_ metrics: ServeMetrics.Snapshot, status: StatusReport) -> String {
        var p = PrometheusText()
        p.family("locate_http_requests_total", "counter", help: "HTTP requests answered, by route pattern and status code.")
        for (key, count) in metrics.requests {
            p.sample("locate_http_requests_total", [("route", key.route), ("status", String(key.status))], Double(count))
        }
        let name = "locate_http_request_duration_seconds"
        p.family(name, "histogram", help: "Time from a request's arrival to its answer, by route pattern.")
        for (route, h) in metrics.durations {
            for (i, bound) in ServeMetrics.bucketBounds.enumerated() {
                p.sample(name + "_bucket", [("route", route), ("le", number(bound))], Double(h.buckets[i]))
            }
            p.sample(name + "_bucket", [("route", route), ("le", "+Inf")], Double(h.count))
            p.sample(name + "_sum", [("route", route)], h.sum)
            p.sample(name + "_count", [("route", route)], Double(h.count))
        }
        p.family("locate_http_rate_limited_requests_total", "counter", help: "Requests refused by the rate limit (429).")
        p.sample("locate_http_rate_limited_requests_total", [], Double(metrics.limitedRequests))
        p.family(
            "locate_http_rate_limited_clients", "gauge",
            help: "Distinct clients refused by the rate limit since the server started (at most 10000 counted).")
        p.sample("locate_http_rate_limited_clients", [], Double(metrics.limitedClients))
        dataFamilies(&p, status)
        return p.text
    }

    /// The data's families, one sample per dataset and kind of `status`.
    private static func dataFamilies(_ p: inout PrometheusText, _ status: StatusReport) {
        func labels(_ d: StatusReport.Dataset) -> [(String, String)] { [("dataset", d.run.dataset), ("kind", d.run.kind)] }
        p.family("locate_data_age_seconds", "gauge", help: "Age of the newest data of each dataset (as /v1/status).")
        for d in status.datasets {
            if let newest = d.newestDataAt {
                p.sample("locate_data_age_seconds", labels(d), status.at.timeIntervalSince(newest).rounded())
            }
        }
        p.family("locate_data_stale", "gauge", help: "1 when the dataset's newest data is older than its age rule, else 0.")
        for d in status.datasets { p.sample("locate_data_stale", labels(d), d.stale ? 1 : 0) }
        p.family("locate_last_ingest_success", "gauge", help: "1 when the last recorded ingest of the dataset succeeded.")
        for d in status.datasets { p.sample("locate_last_ingest_success", labels(d), 1) }
        p.family(
            "locate_last_ingest_timestamp_seconds", "gauge", help: "When the last ingest of the dataset finished (Unix time).")
        for d in status.datasets {
            if let t = InstantText.instant(d.run.finishedAt) {
                p.sample("locate_last_ingest_timestamp_seconds", labels(d), t.timeIntervalSince1970.rounded())
            }
        }
        p.family("locate_replication_sequence", "gauge", help: "The OSM replication sequence number the dataset is at.")
        for d in status.datasets {
            if let s = d.run.replicationSequence { p.sample("locate_replication_sequence", labels(d), Double(s)) }
        }
    }
}
