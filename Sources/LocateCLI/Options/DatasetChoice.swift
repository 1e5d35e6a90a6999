import ArgumentParser

/// `--dataset` of `locate export geojson`: the datasets the exporter writes.
enum DatasetChoice: String, CaseIterable, ExpressibleByArgument {
    /// Public toilets.
    case toilets
    /// Air-quality stations.
    case stations
}
