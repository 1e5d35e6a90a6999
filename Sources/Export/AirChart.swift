import Contract
import Files
public import Foundation
import Hours
public import Storage

/// `locate station show --chart FILE.svg`: one panel per pollutant with its values over the
/// shown window, time axis in the station's local time, value axis in µg/m³, and norm lines.
public enum AirChart {
    /// One panel.
    public struct Panel: Sendable {
        /// The pollutant code.
        public var parameter: String
        /// Its values, oldest first.
        public var samples: [PollutantHistory.Sample]
        /// Norm lines: label and threshold (µg/m³).
        public var norms: [(label: String, threshold: Double)]

        /// A panel.
        public init(parameter: String, samples: [PollutantHistory.Sample], norms: [(label: String, threshold: Double)]) {
            self.parameter = parameter
            self.samples = samples
            self.norms = norms
        }
    }

    static let width = 760.0
    static let panelHeight = 170.0
    static let left = 64.0
    static let right = 150.0
    static let top = 40.0

    /// The SVG document: `title` on top, then the panels over `from`…`to`, times in `zone`.
    public static func svg(title: String, panels: [Panel], from: Date, to: Date, zone: TimeZone) -> String {
        let height = top + Double(max(panels.count, 1)) * (panelHeight + 30) + 20
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="11">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(Int(left))" y="20" font-size="14" font-weight="bold">\(escape(title))</text>
            <text x="\(Int(left))" y="34" fill="#555">local time, \(escape(zone.identifier)); values in µg/m³ (GIOŚ, 1-hour means)</text>

            """
        if panels.isEmpty {
            out += "<text x=\"\(Int(left))\" y=\"\(Int(top + 30))\">no values in this window</text>\n"
        }
        for (i, p) in panels.enumerated() {
            out += panel(p, y0: top + Double(i) * (panelHeight + 30) + 10, from: from, to: to, zone: zone)
        }
        return out + "</svg>\n"
    }

    private static func panel(_ p: Panel, y0: Double, from: Date, to: Date, zone: TimeZone) -> String {
        let plotW = width - left - right
        let span = max(to.timeIntervalSince(from), 3600)
        let maxValue = p.samples.map(\.value).max() ?? 0
        let lowestNorm = p.norms.map(\.threshold).min() ?? 0
        let yMax = niceCeiling(max(maxValue, lowestNorm, 1) * 1.1)
        func x(_ d: Date) -> Double { left + plotW * d.timeIntervalSince(from) / span }
        func y(_ v: Double) -> Double { y0 + panelHeight - panelHeight * min(v, yMax) / yMax }
        var s = "<g>\n<text x=\"\(Int(left))\" y=\"\(f(y0 - 4))\" font-weight=\"bold\">\(escape(p.parameter)) (µg/m³)</text>\n"
        s += "<line x1=\"\(f(left))\" y1=\"\(f(y0))\" x2=\"\(f(left))\" y2=\"\(f(y0 + panelHeight))\" stroke=\"black\"/>\n"
        s +=
            "<line x1=\"\(f(left))\" y1=\"\(f(y0 + panelHeight))\" x2=\"\(f(left + plotW))\" y2=\"\(f(y0 + panelHeight))\" stroke=\"black\"/>\n"
        for k in 0...4 {
            let v = yMax * Double(k) / 4
            s += "<text x=\"\(f(left - 6))\" y=\"\(f(y(v) + 4))\" text-anchor=\"end\">\(JSONText.number(v))</text>\n"
        }
        let hours = span / 3600
        let step = hours <= 36 ? 6.0 : hours <= 96 ? 12.0 : 24.0
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var tick = calendar.dateInterval(of: .day, for: from)?.start ?? from
        while tick <= to {
            if tick >= from {
                let c = calendar.dateComponents([.day, .month, .hour, .minute], from: tick)
                let label =
                    (c.hour ?? 0) == 0
                    ? String(format: "%02d.%02d.", c.day ?? 0, c.month ?? 0)
                    : String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0)
                s +=
                    "<line x1=\"\(f(x(tick)))\" y1=\"\(f(y0 + panelHeight))\" x2=\"\(f(x(tick)))\" y2=\"\(f(y0 + panelHeight + 4))\" stroke=\"black\"/>\n"
                s += "<text x=\"\(f(x(tick)))\" y=\"\(f(y0 + panelHeight + 15))\" text-anchor=\"middle\">\(label)</text>\n"
            }
            // By the calendar, so ticks stay on local hours across a clock change.
            tick = calendar.date(byAdding: .hour, value: Int(step), to: tick) ?? to.addingTimeInterval(1)
        }
        for n in p.norms where n.threshold <= yMax {
            s += "<line x1=\"\(f(left))\" y1=\"\(f(y(n.threshold)))\" x2=\"\(f(left + plotW))\" y2=\"\(f(y(n.threshold)))\" "
            s += "stroke=\"#c0392b\" stroke-dasharray=\"5,4\"/>\n"
            s += "<text x=\"\(f(left + plotW + 4))\" y=\"\(f(y(n.threshold) + 4))\" fill=\"#c0392b\">\(escape(n.label))</text>\n"
        }
        // A line per run of hourly values; a gap of more than 90 minutes breaks it.
        var runs: [[PollutantHistory.Sample]] = []
        for sample in p.samples where sample.at >= from && sample.at <= to {
            if let last = runs.last?.last, sample.at.timeIntervalSince(last.at) <= 5400 {
                runs[runs.count - 1].append(sample)
            } else {
                runs.append([sample])
            }
        }
        for run in runs {
            let points = run.map { "\(f(x($0.at))),\(f(y($0.value)))" }.joined(separator: " ")
            s +=
                run.count == 1
                ? "<circle cx=\"\(f(x(run[0].at)))\" cy=\"\(f(y(run[0].value)))\" r=\"2\" fill=\"#2c6fbb\"/>\n"
                : "<polyline points=\"\(points)\" fill=\"none\" stroke=\"#2c6fbb\" stroke-width=\"1.5\"/>\n"
        }
        return s + "</g>\n"
    }

    /// 1, 2 or 5 times a power of ten at or above `v`.
    static func niceCeiling(_ v: Double) -> Double {
        let p = pow(10, floor(log10(v)))
        return [1.0, 2, 5, 10].map { $0 * p }.first { $0 >= v } ?? v
    }

    private static func f(_ v: Double) -> String { String(format: "%.1f", v) }

    /// Text escaped for SVG.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Writes the SVG to `path` (all or nothing: a temporary file renamed into place).
    public static func write(_ svg: String, to path: String) throws {
        try CheckedFile.replace(path, with: Array(svg.utf8))
    }
}
