import Foundation

/// Distance and bearing on an ellipsoid (WGS84 by default): the inverse geodesic problem
/// solved with the method of C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87
/// (2013), written from the paper in Swift, so a query needs no PROJ.
///
/// Accuracy: within 1e-7 m (0.1 µm) of PROJ's `geod` for any pair of points, near-antipodal
/// ones included (tested against `geod` on seeded random pairs; typical differences are a
/// few nanometres). The nearest search prunes with a straight-line bound less 1 mm, which
/// this error cannot cross, so its answers equal a brute-force scan with this function.
///
/// How it solves: the points are put in a canonical order (β₁ ≤ 0, |β₂| ≤ |β₁|, 0 ≤ λ₁₂ ≤ π),
/// in which the longitude λ₁₂(α₁) a geodesic reaches is non-decreasing in its azimuth
/// α₁ ∈ [0, π]; Newton's method on α₁ (slope m₁₂ / (a cos α₂ cos β₂)), kept inside a
/// shrinking bracket by bisection, finds the azimuth. Meridians and the equator are solved
/// directly.
public struct Geodesic: Sendable {
    /// The ellipsoid the distances are measured on.
    public let ellipsoid: Ellipsoid
    let semiMajorAxis: Double
    let semiMinorAxis: Double
    let flattening: Double
    let eccentricitySquared: Double
    let secondEccentricitySquared: Double
    let series: GeodesicSeries

    /// The convergence tolerance on λ₁₂, radians: a few rounding errors of the longitude
    /// computation (0.6 nm per 1e-16 rad at the equator).
    static let tolerance = 4 * Double.ulpOfOne
    /// Newton and bisection steps before giving up with the best azimuth found (bisection
    /// alone halves [0, π] to the last bit in about 55).
    static let maxIterations = 120

    /// Creates a solver for `ellipsoid` (WGS84 when omitted).
    public init(ellipsoid: Ellipsoid = .wgs84) {
        self.ellipsoid = ellipsoid
        let f = ellipsoid.flattening
        semiMajorAxis = ellipsoid.semiMajorAxisMeters
        semiMinorAxis = ellipsoid.semiMinorAxisMeters
        flattening = f
        eccentricitySquared = ellipsoid.eccentricitySquared
        secondEccentricitySquared = eccentricitySquared / ((1 - f) * (1 - f))
        series = GeodesicSeries(thirdFlattening: f / (2 - f))
    }

    /// The initial bearing of a path `distanceMeters` long, or nil when the path has no
    /// length (a point has no direction from itself: issue 23 saw 180 at distance 0).
    public static func bearing(_ bearingDegrees: Double, distanceMeters: Double) -> Double? {
        distanceMeters > 0 ? bearingDegrees : nil
    }

    /// The inverse problem: geodesic distance in metres from `a` to `b`, and the initial
    /// bearing at `a` in degrees clockwise from north (0…360).
    public func inverse(from a: Coordinate, to b: Coordinate) -> (distanceMeters: Double, bearingDegrees: Double) {
        var lat1 = a.latitude
        var lat2 = b.latitude
        let lon12 = remainder(b.longitude - a.longitude, 360)
        let swapped = abs(lat1) < abs(lat2)
        if swapped { swap(&lat1, &lat2) }
        // Swapping the points negates the longitude difference; flip east–west so that the
        // canonical one is positive.
        let lonFlip = swapped ? lon12 > 0 : lon12 < 0
        let latFlip = lat1 >= 0
        if latFlip {
            lat1 = -lat1
            lat2 = -lat2
        }
        let r = solve(
            ReducedLatitude(latitudeDegrees: lat1, flattening: flattening),
            ReducedLatitude(latitudeDegrees: lat2, flattening: flattening), lon12: abs(lon12))
        // Undo the canonical order: swapping reverses the line (α₁ becomes α₂ + π), a
        // north–south flip maps α to π − α, an east–west flip maps α to −α.
        var (s, c) = swapped ? (-r.sinAlpha2, -r.cosAlpha2) : (r.sinAlpha1, r.cosAlpha1)
        if latFlip { c = -c }
        if lonFlip { s = -s }
        var bearing = atan2(s, c) * (180 / Double.pi)
        if bearing < 0 { bearing += 360 }
        if bearing >= 360 || bearing == 0 { bearing = 0 }
        return (r.distance, bearing)
    }

    /// Geodesic distance in metres.
    public func distance(from a: Coordinate, to b: Coordinate) -> Double {
        inverse(from: a, to: b).distanceMeters
    }

    /// A solved line in canonical order: its length and the azimuths at both ends.
    struct Solution {
        var distance: Double
        var sinAlpha1: Double
        var cosAlpha1: Double
        var sinAlpha2: Double
        var cosAlpha2: Double
    }

    /// Solves the canonical problem: β₁ ≤ 0, |β₂| ≤ |β₁|, 0 ≤ `lon12` ≤ 180 degrees.
    func solve(_ p1: ReducedLatitude, _ p2: ReducedLatitude, lon12: Double) -> Solution {
        let (sl12, cl12) = Angle.sinCos(degrees: lon12)
        let lambda12 = lon12 * (Double.pi / 180)
        // Along a meridian (or from a pole): α₁ = λ₁₂, shortest unless it passes the
        // conjugate point (m₁₂ < 0) on a long line.
        if lon12 == 0 || lon12 == 180 || p1.cos == 0 {
            let arc = arc(p1, p2, sinAlpha1: sl12, cosAlpha1: cl12)
            if arc.sigma12 < 1 || arc.reducedLength >= 0 || p1.cos == 0 {
                return Solution(
                    distance: arc.distance, sinAlpha1: sl12, cosAlpha1: cl12, sinAlpha2: arc.sinAlpha2,
                    cosAlpha2: arc.cosAlpha2)
            }
        }
        // Both on the equator (β₁ = 0 forces β₂ = 0), not so far apart that a line over a
        // pole is shorter: along the equator.
        if p1.sin == 0 && lon12 <= 180 * (1 - flattening) {
            return Solution(
                distance: semiMajorAxis * lambda12, sinAlpha1: 1, cosAlpha1: 0, sinAlpha2: 1, cosAlpha2: 0)
        }
        // λ₁₂(α₁) rises from 0 at α₁ = 0 to π at α₁ = π; from the equator it is 0 up to
        // α₁ = π/2 and jumps there, so the bracket starts above.
        var low = p1.sin == 0 ? Double.pi / 2 : 0
        var high = Double.pi
        var alpha = startingAzimuth(p1, p2, lambda12: lambda12)
        if !(alpha > low && alpha < high) { alpha = low + (high - low) / 2 }
        var arc = arc(p1, p2, sinAlpha1: sin(alpha), cosAlpha1: cos(alpha))
        for _ in 0..<Geodesic.maxIterations {
            let miss = arc.lambda12 - lambda12
            if abs(miss) <= Geodesic.tolerance { break }
            if miss < 0 { low = alpha } else { high = alpha }
            // Newton's step, unless it leaves the bracket or is below α₁'s resolution (λ₁₂
            // can change hundreds of times faster than α₁ on long lines near the equator, so
            // it cannot always be met to the last bit): then bisect, until the bracket has
            // no representable midpoint.
            let step = miss / arc.lambdaSlope
            var next = alpha - step
            if !(next > low && next < high) || abs(step) <= 2 * alpha.ulp {
                next = low + (high - low) / 2
                if !(next > low && next < high) { break }
            }
            alpha = next
            arc = self.arc(p1, p2, sinAlpha1: sin(alpha), cosAlpha1: cos(alpha))
        }
        // The line found ends |miss| radians of longitude off point 2; ∂s₁₂/∂λ₂ is
        // a cos β₂ sin α₂, so remove that first-order error (up to 0.3 µm otherwise).
        let miss = arc.lambda12 - lambda12
        return Solution(
            distance: arc.distance - semiMajorAxis * p2.cos * arc.sinAlpha2 * miss, sinAlpha1: sin(alpha),
            cosAlpha1: cos(alpha), sinAlpha2: arc.sinAlpha2, cosAlpha2: arc.cosAlpha2)
    }

    /// A first azimuth from the great circle on the auxiliary sphere, with the longitude
    /// scaled by the ellipsoid's local stretch √(1 − e² cos² β̄) (Karney 2013, section 5).
    func startingAzimuth(_ p1: ReducedLatitude, _ p2: ReducedLatitude, lambda12: Double) -> Double {
        let cosMean = (p1.cos + p2.cos) / 2
        let omega12 = lambda12 / (1 - eccentricitySquared * cosMean * cosMean).squareRoot()
        return atan2(p2.cos * sin(omega12), p1.cos * p2.sin - p1.sin * p2.cos * cos(omega12))
    }
}
