/// The columns `v13-air-sources` adds to the air tables (docs/database.md, docs/air.md).
enum AirSourceSchema {
    /// Sensors of a source whose ids could collide with GIOŚ's (OpenAQ) are stored under keys
    /// from `firstForeignKey` up; `origin` and `source_sensor_id` name the source's own id.
    static let sql = """
        ALTER TABLE sensors ADD COLUMN unit TEXT;
        ALTER TABLE sensors ADD COLUMN conversion TEXT;
        ALTER TABLE sensors ADD COLUMN origin TEXT;
        ALTER TABLE sensors ADD COLUMN source_sensor_id INTEGER;
        CREATE UNIQUE INDEX sensors_origin_id ON sensors(origin, source_sensor_id) WHERE origin IS NOT NULL;
        ALTER TABLE measurements ADD COLUMN flagged INTEGER CHECK (flagged IN (0, 1));
        ALTER TABLE measurements ADD COLUMN coverage REAL CHECK (coverage >= 0 AND coverage <= 100);
        """

    /// The first key of a sensor stored under a key of its own: above every GIOŚ sensor id
    /// (the GIOŚ readers accept ids up to 2^53).
    static let firstForeignKey: Int64 = 9_007_199_254_740_992
}
