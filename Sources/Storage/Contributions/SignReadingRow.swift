import Contributions
import Foundation
internal import GRDB
import Places

/// A row of `sign_readings` (append-only): what the sign reader made of a photo of an
/// hours sign, one row per photo contribution, written with it.
struct SignReadingRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "sign_readings"

    var contribution: Int64
    var suggestion: String?
    var hoursStatus: String?
    var reason: String?
    var confidence: Double
    var confident: Bool
    var text: String
    /// The lines as compact JSON (`[{"confidence":…,"text":…,"used":…}]`).
    var lines: String
    var languages: String
    var failure: String?

    enum CodingKeys: String, CodingKey {
        case contribution, suggestion, hoursStatus = "hours_status", reason, confidence, confident, text, lines
        case languages, failure
    }

    init(_ s: SignSuggestion, contribution: Int64) throws {
        self.contribution = contribution
        suggestion = s.suggestion
        hoursStatus = s.hoursStatus?.rawValue
        reason = s.reason
        confidence = s.confidence
        confident = s.confident
        text = s.text
        lines = try ContributionRow.json(s.lines)
        languages = s.languages
        failure = s.failure
    }

    /// The stored value.
    func value() throws -> SignSuggestion {
        SignSuggestion(
            suggestion: suggestion, hoursStatus: hoursStatus.flatMap(HoursStatus.init(rawValue:)), reason: reason,
            confidence: confidence, confident: confident, text: text,
            lines: try ContributionRow.decode([SignSuggestion.Line].self, lines), languages: languages, failure: failure)
    }

    /// The reading stored with contribution `id`, if any.
    static func of(_ db: Database, _ id: Int64) throws -> SignSuggestion? {
        try SignReadingRow.fetchOne(db, key: id)?.value()
    }

    /// `v14-sign-readings`: the readings, and the photo an hours edit was taken from.
    static let schema = """
        CREATE TABLE sign_readings (
            contribution INTEGER PRIMARY KEY REFERENCES contributions(id),
            suggestion TEXT,
            hours_status TEXT CHECK (hours_status IN ('exact', 'interpreted')),
            reason TEXT,
            confidence REAL NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
            confident INTEGER NOT NULL CHECK (confident IN (0, 1)),
            text TEXT NOT NULL,
            lines TEXT NOT NULL,
            languages TEXT NOT NULL,
            failure TEXT,
            CHECK ((suggestion IS NULL) = (hours_status IS NULL)),
            CHECK (failure IS NULL OR suggestion IS NULL),
            CHECK (suggestion IS NOT NULL OR confident = 0)
        );
        CREATE TRIGGER sign_readings_no_update BEFORE UPDATE ON sign_readings
          BEGIN SELECT RAISE(ABORT, 'sign readings are append-only'); END;
        CREATE TRIGGER sign_readings_no_delete BEFORE DELETE ON sign_readings
          BEGIN SELECT RAISE(ABORT, 'sign readings are append-only'); END;
        ALTER TABLE contributions ADD COLUMN from_photo INTEGER REFERENCES contributions(id)
          CHECK (from_photo IS NULL OR kind = 'edit');
        """
}
