import Foundation

extension IngestRunner {
    /// A live Overpass pipeline: the query built from the pipeline (`OverpassQuery`, its
    /// region and filters) sent to the interpreter `endpoint` through the shared HTTP client
    /// (limits, retries, `Retry-After`), the answer saved in `saveResponses` when given and
    /// then read from its file like a local one; or, with `replay`, the answer an earlier run
    /// saved for the same request. Messages name the endpoint (the query is the pipeline's).
    func ingestOverpass(
        _ spec: PipelineSpec, endpoint: String, replay: String?, saveResponses: String?, progress: (Int) -> Void
    ) async throws -> IngestReport {
        let url = spec.overpass.url(endpoint: endpoint, region: spec.region)
        if let replay {
            let path = try ReplaySource(folder: replay).path(of: url)
            return try ingestToilets(spec, path: path, label: endpoint, progress: progress)
        }
        // The server may send nothing while it runs the query, up to its `[timeout:N]`: the
        // stall bound waits that long (and 30 s more), and the deadline must exceed it.
        let query = Double(spec.overpass.timeoutSeconds)
        var limits = httpLimits
        limits.stallSeconds = max(limits.stallSeconds, min(query + 30, limits.deadlineSeconds))
        guard limits.deadlineSeconds > query else {
            throw IngestError.unsupported(
                path: endpoint,
                reason: "source.query_timeout \(Int(query)) s does not fit in the HTTP deadline of "
                    + "\(Int(limits.deadlineSeconds)) s: lower query_timeout or raise --http-deadline")
        }
        let recorder = try saveResponses.map { try ResponseRecorder(folder: $0) }
        let path = HTTPSource.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            try await HTTPSource(limits: limits, backoffSeconds: retryBackoffSeconds, clock: clock, meter: meter)
                .download(url, into: path)
        } catch IngestError.unreadable(let at, let reason) where at == url {
            throw IngestError.unreadable(path: endpoint, reason: reason)
        }
        try await recorder?.saveCopy(url: url, of: path, at: clock())
        return try ingestToilets(spec, path: path, label: endpoint, progress: progress)
    }
}
