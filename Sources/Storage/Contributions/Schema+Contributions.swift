extension Schema {
    /// Community contributions (issue 14). `contributions` and `contribution_decisions` are
    /// append-only (triggers refuse UPDATE and DELETE): a contribution's status is its newest
    /// decision. `overrides` is the applied state those decisions make (one row per toilet and
    /// field, with the source value it replaced and any conflict a re-ingest found);
    /// `review_tokens` keeps only the SHA-256 of each maintainer token. Runs count the
    /// conflicts they found.
    static let contributionsSchema = """
        CREATE TABLE contributions (
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL CHECK (kind IN ('new', 'edit', 'report', 'photo')),
            target_dataset TEXT,
            target_id TEXT,
            report TEXT CHECK (report IN ('gone', 'closed_for_good', 'wrong_position', 'wrong_hours')),
            proposed TEXT NOT NULL,
            note TEXT,
            photo_sha256 TEXT CHECK (length(photo_sha256) = 64),
            photo_kind TEXT CHECK (photo_kind IN ('toilet', 'hours_sign')),
            photo_file TEXT,
            contact TEXT,
            client_hash TEXT,
            received_at TEXT NOT NULL,
            CHECK ((kind = 'new') = (target_dataset IS NULL) AND (target_dataset IS NULL) = (target_id IS NULL)),
            CHECK ((kind = 'report') = (report IS NOT NULL)),
            CHECK ((kind = 'photo') = (photo_sha256 IS NOT NULL)
              AND (photo_sha256 IS NULL) = (photo_kind IS NULL) AND (photo_kind IS NULL) = (photo_file IS NULL))
        );
        CREATE INDEX contributions_client ON contributions(client_hash, received_at);
        CREATE INDEX contributions_target ON contributions(target_dataset, target_id);
        CREATE TABLE contribution_decisions (
            id INTEGER PRIMARY KEY,
            contribution INTEGER NOT NULL REFERENCES contributions(id),
            decision TEXT NOT NULL CHECK (decision IN ('approve', 'reject', 'supersede')),
            reviewer TEXT NOT NULL CHECK (length(reviewer) > 0),
            reason TEXT,
            decided_at TEXT NOT NULL,
            run INTEGER REFERENCES ingest_runs(id),
            created_dataset TEXT,
            created_id TEXT,
            CHECK (decision <> 'reject' OR length(reason) > 0)
        );
        CREATE INDEX contribution_decisions_of ON contribution_decisions(contribution, id);
        CREATE TRIGGER contributions_no_update BEFORE UPDATE ON contributions
          BEGIN SELECT RAISE(ABORT, 'contributions are append-only'); END;
        CREATE TRIGGER contributions_no_delete BEFORE DELETE ON contributions
          BEGIN SELECT RAISE(ABORT, 'contributions are append-only'); END;
        CREATE TRIGGER contribution_decisions_no_update BEFORE UPDATE ON contribution_decisions
          BEGIN SELECT RAISE(ABORT, 'decisions are append-only'); END;
        CREATE TRIGGER contribution_decisions_no_delete BEFORE DELETE ON contribution_decisions
          BEGIN SELECT RAISE(ABORT, 'decisions are append-only'); END;
        CREATE TABLE overrides (
            id INTEGER PRIMARY KEY,
            dataset TEXT NOT NULL,
            source_id TEXT NOT NULL,
            field TEXT NOT NULL CHECK (field IN ('name', 'hours', 'price', 'wheelchair', 'access', 'position', 'status')),
            value TEXT NOT NULL,
            replaced TEXT NOT NULL,
            contribution INTEGER NOT NULL REFERENCES contributions(id),
            conflict_run INTEGER REFERENCES ingest_runs(id),
            source_value TEXT,
            CHECK ((conflict_run IS NULL) = (source_value IS NULL)),
            UNIQUE (dataset, source_id, field)
        );
        CREATE INDEX overrides_contribution ON overrides(contribution);
        CREATE TABLE review_tokens (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(name) > 0),
            token_sha256 TEXT NOT NULL UNIQUE CHECK (length(token_sha256) = 64),
            created_at TEXT NOT NULL,
            revoked_at TEXT
        );
        CREATE UNIQUE INDEX review_tokens_valid_name ON review_tokens(name) WHERE revoked_at IS NULL;
        ALTER TABLE ingest_runs ADD COLUMN conflicts INTEGER NOT NULL DEFAULT 0 CHECK (conflicts >= 0);
        """
}
