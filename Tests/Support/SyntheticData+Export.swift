// The synthetic-data generator moved to the SyntheticData library so the shipped
// locate-bench does not link test support; tests keep seeing it through this module.
@_exported import SyntheticData
