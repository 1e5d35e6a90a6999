public import Storage

/// `bookmark-list/1`: `locate bookmark list --json`, each bookmark with the name of the place
/// it names, or `found: false` when that place is no active place of the database (retired
/// since, or of another database).
public struct BookmarkListDocument: Encodable, Sendable {
    /// One bookmark.
    public struct Row: Encodable, Sendable {
        /// The bookmark as the file has it.
        public var bookmark: Bookmark
        /// Whether the place is an active place of the database.
        public var found: Bool
        /// The place's name (null without one, or when not found).
        public var name: String?

        /// Encodes the row (`kind`, `id`, `name`, `found`, `added_at`).
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(bookmark.kind, forKey: .kind)
            try c.encode(bookmark.id, forKey: .id)
            try c.encode(name, forKey: .name)
            try c.encode(found, forKey: .found)
            try c.encode(bookmark.addedAt, forKey: .addedAt)
        }

        private enum Keys: String, CodingKey { case kind, id, name, found, addedAt = "added_at" }
    }

    /// The bookmarks, in the file's order.
    public var bookmarks: [Row]

    /// The list of `bookmarks`, each looked up in `store` (nil: none is found).
    public init(_ bookmarks: [Bookmark], in store: LocateStore?) throws {
        self.bookmarks = try bookmarks.map { b in
            let place = try store?.activePlace(globalID: b.id)
            return Row(bookmark: b, found: place != nil, name: place?.name ?? nil)
        }
    }

    /// Encodes the document.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode("bookmark-list/1", forKey: .schema)
        try c.encode(bookmarks, forKey: .bookmarks)
    }

    private enum Keys: String, CodingKey { case schema, bookmarks }
}
