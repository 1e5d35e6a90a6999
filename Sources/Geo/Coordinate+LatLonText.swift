extension Coordinate {
    /// Parses the CLI's `LAT,LON` form (`50.0875,14.4214`, latitude first; spaces around the
    /// parts are allowed), or throws `GeoError.invalidLatLon` saying what is wrong: a blank
    /// text or part, no comma, too many parts (and whether they look like decimal commas), a
    /// part that is not a finite decimal number (`DecimalText`), or a value outside −90…90 / −180…180 (with the
    /// exchanged pair when that one is valid).
    public init(parsingLatLon text: String) throws(GeoError) {
        func fail(_ reason: String) -> GeoError { .invalidLatLon(text: text, reason: reason) }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(Coordinate.trimmed)
        guard parts.contains(where: { !$0.isEmpty }) else { throw fail("it is empty") }
        switch parts.count {
        case 1: throw fail("there is no comma between latitude and longitude")
        case 2: break
        case 4 where Coordinate.isDecimalCommaPair(parts):
            let fixed = "\(parts[0]).\(parts[1]),\(parts[2]).\(parts[3])"
            throw fail("it looks like decimal commas; write decimal points: \(fixed)")
        default: throw fail("it has \(parts.count) comma-separated parts; give two numbers, latitude first")
        }
        let latitude = try Coordinate.degrees(parts[0], "latitude", in: text)
        let longitude = try Coordinate.degrees(parts[1], "longitude", in: text)
        guard abs(latitude) <= 90 else {
            let swapHint =
                abs(longitude) <= 90 && abs(latitude) <= 180
                ? "; if \(parts[0]) is the longitude, write \(parts[1]),\(parts[0]) (latitude first)" : ""
            throw fail("latitude \(parts[0]) is outside -90…90\(swapHint)")
        }
        guard abs(longitude) <= 180 else { throw fail("longitude \(parts[1]) is outside -180…180") }
        self.init(latitude: latitude, longitude: longitude)
    }

    /// `part` without white space at its ends: the scalars of Foundation's
    /// `.whitespacesAndNewlines`, which are Unicode's `White_Space` and U+200B (zero width
    /// space; `CoordinateTextTests` compares every scalar). Foundation's
    /// `trimmingCharacters(in:)` made the Swift runtime look the text's generic types up by
    /// mangled name, scanning every conformance record of the binary once per query.
    static func trimmed(_ part: Substring) -> String {
        func space(_ s: Unicode.Scalar) -> Bool { s.properties.isWhitespace || s == "\u{200B}" }
        var scalars = part.unicodeScalars[...]
        while let first = scalars.first, space(first) { scalars.removeFirst() }
        while let last = scalars.last, space(last) { scalars.removeLast() }
        return String(Substring(scalars))
    }

    /// One part as a finite number, or the error naming it.
    private static func degrees(_ part: String, _ name: String, in text: String) throws(GeoError) -> Double {
        guard !part.isEmpty else { throw .invalidLatLon(text: text, reason: "the \(name) is missing") }
        guard let value = Double(part) else { throw .invalidLatLon(text: text, reason: "\(name) '\(part)' is not a number") }
        guard value.isFinite else { throw .invalidLatLon(text: text, reason: "\(name) '\(part)' is not a finite number") }
        guard DecimalText.isDecimal(part) else {
            throw .invalidLatLon(text: text, reason: "\(name) '\(part)' is not a decimal number")
        }
        return value
    }

    /// `50,087,14,421`: four digit runs, the first and third optionally negative, as a pair of
    /// numbers written with decimal commas reads once split on every comma.
    private static func isDecimalCommaPair(_ parts: [String]) -> Bool {
        func digits(_ s: Substring) -> Bool { !s.isEmpty && s.allSatisfy { $0.isASCII && $0.isNumber } }
        func signed(_ s: String) -> Bool { digits(s.hasPrefix("-") ? s.dropFirst() : Substring(s)) }
        return parts.count == 4 && signed(parts[0]) && digits(Substring(parts[1])) && signed(parts[2])
            && digits(Substring(parts[3]))
    }
}
