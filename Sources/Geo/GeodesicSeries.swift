import Foundation

/// The series of C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87 (2013),
/// equations (17)–(18) (distance integral I₁), (24)–(25) (longitude integral I₃) and
/// (42)–(43) (I₂, for the reduced length), truncated at order 6 in ε and n. Each
/// coefficient was checked against the integrands by quadrature (error < 1e-17).
///
/// Coefficient `l` of a Fourier sum sits in lane `l` of a `SIMD8` (lane 0 unused), so no
/// array is allocated per evaluation.
struct GeodesicSeries: Sendable {
    /// A₃'s coefficients of ε¹…ε⁵ (lanes 1…5), fixed by the ellipsoid's third flattening n.
    let a3Coefficients: SIMD8<Double>
    /// C₃ₗ's coefficients of εʲ (lane j), for l = 1…5 and j = l…5.
    let c31: SIMD8<Double>
    let c32: SIMD8<Double>
    let c33: SIMD8<Double>
    let c34: SIMD8<Double>
    let c35: SIMD8<Double>

    /// Precomputes the n-dependent parts of A₃ and C₃ₗ.
    init(thirdFlattening n: Double) {
        let n2 = n * n
        a3Coefficients = SIMD8(
            0, 1.0 / 2 - n / 2, 1.0 / 4 + n / 8 - 3 * n2 / 8, 1.0 / 16 + 3 * n / 16 + n2 / 16, 3.0 / 64 + n / 32, 3.0 / 128, 0, 0)
        c31 = SIMD8(0, 1.0 / 4 - n / 4, 1.0 / 8 - n2 / 8, 3.0 / 64 + 3 * n / 64 - n2 / 64, 5.0 / 128 + n / 64, 3.0 / 128, 0, 0)
        c32 = SIMD8(0, 0, 1.0 / 16 - 3 * n / 32 + n2 / 32, 3.0 / 64 - n / 32 - 3 * n2 / 64, 3.0 / 128 + n / 128, 5.0 / 256, 0, 0)
        c33 = SIMD8(0, 0, 0, 5.0 / 192 - 3 * n / 64 + 5 * n2 / 192, 3.0 / 128 - 5 * n / 192, 7.0 / 512, 0, 0)
        c34 = SIMD8(0, 0, 0, 0, 7.0 / 512 - 7 * n / 256, 7.0 / 512, 0, 0)
        c35 = SIMD8(0, 0, 0, 0, 0, 21.0 / 2560, 0, 0)
    }

    /// A₃(ε) = 1 − Σⱼ a₃ⱼ εʲ.
    func a3(_ eps: Double) -> Double { 1 - GeodesicSeries.polynomial(a3Coefficients, from: 1, eps) }

    /// C₃ₗ(ε) for l = 1…5 (lane l).
    func c3(_ eps: Double) -> SIMD8<Double> {
        SIMD8(
            0, GeodesicSeries.polynomial(c31, from: 1, eps), GeodesicSeries.polynomial(c32, from: 2, eps),
            GeodesicSeries.polynomial(c33, from: 3, eps), GeodesicSeries.polynomial(c34, from: 4, eps),
            GeodesicSeries.polynomial(c35, from: 5, eps), 0, 0)
    }

    /// Σⱼ₌ₗ…₅ c[j] εʲ by Horner's rule.
    @inline(__always)
    static func polynomial(_ c: SIMD8<Double>, from l: Int, _ eps: Double) -> Double {
        var sum = 0.0
        for j in stride(from: 5, through: l, by: -1) { sum = sum * eps + c[j] }
        for _ in 0..<l { sum *= eps }
        return sum
    }

    /// A₁(ε) = (1 + ε²/4 + ε⁴/64 + ε⁶/256) / (1 − ε).
    static func a1(_ eps: Double) -> Double {
        let e2 = eps * eps
        return (1 + e2 * (1.0 / 4 + e2 * (1.0 / 64 + e2 / 256))) / (1 - eps)
    }

    /// C₁ₗ(ε) for l = 1…6.
    static func c1(_ eps: Double) -> SIMD8<Double> {
        let e2 = eps * eps
        let e4 = e2 * e2
        return SIMD8(
            0,
            eps * (-1.0 / 2 + e2 * (3.0 / 16 - e2 / 32)),
            e2 * (-1.0 / 16 + e2 * (1.0 / 32 - 9 * e2 / 2048)),
            eps * e2 * (-1.0 / 48 + 3 * e2 / 256),
            e4 * (-5.0 / 512 + 3 * e2 / 512),
            eps * e4 * (-7.0 / 1280),
            e4 * e2 * (-7.0 / 2048),
            0)
    }

    /// A₂(ε) = (1 − ε)(1 + ε²/4 + 9ε⁴/64 + 25ε⁶/256).
    static func a2(_ eps: Double) -> Double {
        let e2 = eps * eps
        return (1 - eps) * (1 + e2 * (1.0 / 4 + e2 * (9.0 / 64 + 25 * e2 / 256)))
    }

    /// C₂ₗ(ε) for l = 1…6.
    static func c2(_ eps: Double) -> SIMD8<Double> {
        let e2 = eps * eps
        let e4 = e2 * e2
        return SIMD8(
            0,
            eps * (1.0 / 2 + e2 * (1.0 / 16 + e2 / 32)),
            e2 * (3.0 / 16 + e2 * (1.0 / 32 + 35 * e2 / 2048)),
            eps * e2 * (5.0 / 48 + 5 * e2 / 256),
            e4 * (35.0 / 512 + 7 * e2 / 512),
            eps * e4 * (63.0 / 1280),
            e4 * e2 * (77.0 / 2048),
            0)
    }

    /// Σₗ₌₁…count c[l] sin 2lσ by Clenshaw summation, from a normalised (sin σ, cos σ).
    @inline(__always)
    static func sineSum(_ c: SIMD8<Double>, count: Int, sin s: Double, cos co: Double) -> Double {
        let y = 2 * (co - s) * (co + s)
        var b1 = 0.0
        var b2 = 0.0
        var l = count
        while l > 0 {
            let b0 = c[l] + y * b1 - b2
            b2 = b1
            b1 = b0
            l -= 1
        }
        return b1 * 2 * s * co
    }
}
