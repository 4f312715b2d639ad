/// One header of an APNs request: a lower-case name (HTTP/2 sends no upper-case names) and its value.
public struct APNsHeaderField: Sendable, Hashable, CustomStringConvertible {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    public var description: String { "\(name): \(value)" }
}
