import Foundation

/// `http-error/1`: every error answer of the server, in one shape.
struct HTTPErrorDocument: Encodable {
    var status: Int
    var message: String
    var parameter: String?

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode("http-error/1", forKey: .schema)
        var e = c.nestedContainer(keyedBy: Keys.self, forKey: .error)
        try e.encode(status, forKey: .status)
        try e.encode(message, forKey: .message)
        try e.encode(parameter, forKey: .parameter)
    }

    private enum Keys: String, CodingKey { case schema, error, status, message, parameter }
}
