import Foundation
import Query
import Routing

extension Endpoints {
    /// `GET /v1/status`: `status/1`, as `locate status --json` (the same `StatusReport`);
    /// `fresh_within=` sets every dataset's age rule, `at=` (and `tz=`) the instant.
    func status(_ q: Parameters, cancellation: SearchCancellation? = nil) throws -> Answer {
        let freshWithin = try q.age("fresh_within")
        let at = try q.instant(default: "UTC")
        let state = try data.current()
        let report = try state.withReader(cancellation: cancellation) { r in
            try StatusReport.read(from: r.store, at: at ?? now(), freshWithin: freshWithin)
        }
        return try Answer.json(report, state: state, clockDependent: at == nil)
    }

    /// `GET /metrics`: the Prometheus text of `metrics` and of the data's status now.
    func metricsText(_ metrics: ServeMetrics, cancellation: SearchCancellation? = nil) throws -> String {
        let state = try data.current()
        let report = try state.withReader(cancellation: cancellation) { r in try StatusReport.read(from: r.store, at: now()) }
        return PrometheusText.exposition(metrics.snapshot(), status: report)
    }
}
