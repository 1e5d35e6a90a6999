import Foundation

/// One geodesic from point 1 (reduced latitude β₁ ≤ 0) with azimuth α₁ ∈ [0, π], followed
/// until it first reaches reduced latitude β₂ (|β₂| ≤ |β₁|) heading north: the function
/// λ₁₂(α₁) the inverse problem solves (Karney 2013, section 4, equations (44)–(46)).
///
/// Angles on the auxiliary sphere are carried as (sin, cos) pairs; σ is the arc length
/// from the equator crossing, ω the longitude on the auxiliary sphere.
struct GeodesicArc {
    /// Longitude difference reached, radians.
    var lambda12: Double
    /// Arc length on the auxiliary sphere, radians (0…π).
    var sigma12: Double
    /// Geodesic distance, metres.
    var distance: Double
    /// Reduced length m₁₂, metres (Karney 2013, equation (38)).
    var reducedLength: Double
    /// ∂λ₁₂/∂α₁ = m₁₂ / (a cos α₂ cos β₂) (equation (46)); NaN where α₂ is undefined.
    var lambdaSlope: Double
    /// Azimuth at point 2, normalised (sin, cos).
    var sinAlpha2: Double
    var cosAlpha2: Double
}

/// A point's reduced latitude β, tan β = (1 − f) tan φ, as a normalised (sin, cos).
struct ReducedLatitude {
    var sin: Double
    var cos: Double

    init(latitudeDegrees: Double, flattening f: Double) {
        let (s, c) = Angle.sinCos(degrees: latitudeDegrees)
        let sb = (1 - f) * s
        let r = (sb * sb + c * c).squareRoot()
        self.sin = sb / r
        self.cos = c / r
    }
}

extension Geodesic {
    /// Follows the geodesic from `p1` with azimuth (sin α₁, cos α₁) to latitude `p2`.
    func arc(_ p1: ReducedLatitude, _ p2: ReducedLatitude, sinAlpha1 sa1: Double, cosAlpha1 ca1: Double) -> GeodesicArc {
        let sa0 = sa1 * p1.cos
        let ca0 = (ca1 * ca1 + sa1 * p1.sin * sa1 * p1.sin).squareRoot()
        // Point 1: tan σ₁ = tan β₁ / cos α₁, tan ω₁ = sin α₀ tan σ₁.
        var (ss1, cs1) = (p1.sin, ca1 * p1.cos)
        let (so1, co1) = (sa0 * p1.sin, ca1 * p1.cos)
        normalise(&ss1, &cs1)
        // Point 2, reached heading north: cos α₂ cos β₂ = +√(cos²α₁ cos²β₁ + cos²β₂ − cos²β₁).
        let x =
            p2.cos == p1.cos
            ? abs(ca1) * p1.cos
            : max(0, ca1 * p1.cos * ca1 * p1.cos + (p2.cos - p1.cos) * (p2.cos + p1.cos)).squareRoot()
        var (ss2, cs2) = (p2.sin, x)
        let (so2, co2) = (sa0 * p2.sin, x)
        normalise(&ss2, &cs2)
        // σ₁₂ ∈ [0, π]; ω₁₂ ∈ [0, 3π/2) (a little over π for nearly antipodal points).
        // (A rounding-negative sine, −0 included, becomes +0: atan2(−0, −1) would be −π.)
        let sinSigma12 = cs1 * ss2 - ss1 * cs2
        let sigma12 = atan2(sinSigma12 > 0 ? sinSigma12 : 0, cs1 * cs2 + ss1 * ss2)
        var omega12 = atan2(co1 * so2 - so1 * co2, co1 * co2 + so1 * so2)
        if omega12 < -Double.pi / 2 {
            omega12 += 2 * Double.pi
        } else if omega12 < 0 {
            omega12 = 0
        }
        let k2 = secondEccentricitySquared * ca0 * ca0
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        // λ₁₂ = ω₁₂ − f sin α₀ (I₃(σ₂) − I₃(σ₁)), equation (23).
        let c3 = series.c3(eps)
        let i3 =
            series.a3(eps)
            * (sigma12 + GeodesicSeries.sineSum(c3, count: 5, sin: ss2, cos: cs2)
                - GeodesicSeries.sineSum(c3, count: 5, sin: ss1, cos: cs1))
        let lambda12 = omega12 - flattening * sa0 * i3
        // s₁₂ = b (I₁(σ₂) − I₁(σ₁)), equation (15).
        let a1 = GeodesicSeries.a1(eps)
        let c1 = GeodesicSeries.c1(eps)
        let b1 =
            GeodesicSeries.sineSum(c1, count: 6, sin: ss2, cos: cs2) - GeodesicSeries.sineSum(c1, count: 6, sin: ss1, cos: cs1)
        let distance = semiMinorAxis * a1 * (sigma12 + b1)
        // m₁₂, equations (38) and (40)–(41): J = I₁ − I₂.
        let a2 = GeodesicSeries.a2(eps)
        let c2 = GeodesicSeries.c2(eps)
        let b2 =
            GeodesicSeries.sineSum(c2, count: 6, sin: ss2, cos: cs2) - GeodesicSeries.sineSum(c2, count: 6, sin: ss1, cos: cs1)
        let j12 = (a1 - a2) * sigma12 + a1 * b1 - a2 * b2
        let m12 =
            semiMinorAxis
            * ((1 + k2 * ss2 * ss2).squareRoot() * cs1 * ss2 - (1 + k2 * ss1 * ss1).squareRoot() * ss1 * cs2
                - cs1 * cs2 * j12)
        var (sa2, ca2) = (sa0, x)
        normalise(&sa2, &ca2)
        return GeodesicArc(
            lambda12: lambda12, sigma12: sigma12, distance: distance, reducedLength: m12,
            lambdaSlope: x > 0 ? m12 / (semiMajorAxis * x) : .nan, sinAlpha2: sa2, cosAlpha2: ca2)
    }

    /// Scales (s, c) to unit length; (0, 1) when both are zero.
    @inline(__always)
    private func normalise(_ s: inout Double, _ c: inout Double) {
        let r = (s * s + c * c).squareRoot()
        if r > 0 {
            s /= r
            c /= r
        } else {
            s = 0
            c = 1
        }
    }
}

/// Degree trigonometry exact at multiples of 90° (sin 180° is 0, not 1.2e-16), so poles,
/// meridians and antimeridians are recognised exactly.
enum Angle {
    /// (sin x, cos x) for x in degrees.
    static func sinCos(degrees x: Double) -> (Double, Double) {
        let r = fmod(x, 360)
        let q = (r / 90).rounded()
        let rad = (r - 90 * q) * (Double.pi / 180)
        let s = sin(rad)
        let c = cos(rad)
        switch ((Int(q) % 4) + 4) % 4 {
        case 0: return (s, c)
        case 1: return (c, 0 - s)
        case 2: return (0 - s, 0 - c)
        default: return (0 - c, s)
        }
    }
}
