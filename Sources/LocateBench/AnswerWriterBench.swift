import Contract
import Foundation
import Geo
import Query
import Storage
import SyntheticData

/// `locate-bench answer-writer DB Q`: why `toilet-answer/1` has a writer of its own (issue 38).
/// Answers Q random nearest-10 questions with their open state over DB (as the server does),
/// then writes each answer with `ToiletAnswerJSON` (the document's one writer, straight to
/// bytes) and with the document's `Encodable` statement (`ToiletAnswerEncodable.swift`, the
/// file `ServeAnswerJSONTests` compares the writer with) through `ContractJSON` and through
/// Foundation's `JSONEncoder`; checks the three texts are equal and prints microseconds per
/// answer for each.
enum AnswerWriterBench {
    static func run(db: String, queries: Int) throws -> Int {
        let finder = try ToiletFinder(store: LocateStore(readingAt: db))
        var rng = SeededRandom(seed: 38)
        let at = Date(timeIntervalSince1970: 1_795_000_000)
        var answers: [ToiletAnswer] = []
        for _ in 0..<queries {
            let p = Coordinate(
                latitude: .random(in: 49.95...50.17, using: &rng), longitude: .random(in: 14.23...14.70, using: &rng))
            let request = try NearestToiletsRequest(near: p, values: [.limit: ["10"]])
            answers.append(try request.answer(using: finder, at: at, now: at))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var mismatches = 0
        for a in answers {
            let direct = ToiletAnswerJSON.encode(a)
            let contract = Array(try ContractJSON.encode(a, newline: true))
            let foundation = Array(try encoder.encode(a)) + [10]
            if direct != contract || direct != foundation {
                mismatches += 1
            }
        }
        func time(_ body: (ToiletAnswer) throws -> Int) rethrows -> (microseconds: Double, bytes: Int) {
            var bytes = 0
            let t0 = DispatchTime.now().uptimeNanoseconds
            for a in answers { bytes &+= try body(a) }
            return (Double(DispatchTime.now().uptimeNanoseconds - t0) / 1000 / Double(answers.count), bytes)
        }
        for pass in 1...3 {
            let direct = time { ToiletAnswerJSON.encode($0).count }
            let contract = try time { try ContractJSON.encode($0, newline: true).count }
            let foundation = try time { try encoder.encode($0).count }
            print(
                "pass=\(pass) answers=\(answers.count) bytes_per_answer=\(direct.bytes / max(1, answers.count))",
                "writer_us=\(String(format: "%.1f", direct.microseconds))",
                "encodable_contractjson_us=\(String(format: "%.1f", contract.microseconds))",
                "encodable_jsonencoder_us=\(String(format: "%.1f", foundation.microseconds))",
                "ratio_contractjson=\(String(format: "%.1f", contract.microseconds / direct.microseconds))",
                "ratio_jsonencoder=\(String(format: "%.1f", foundation.microseconds / direct.microseconds))")
        }
        print("mismatches=\(mismatches)")
        return mismatches
    }
}
