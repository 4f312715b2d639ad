// Fuzz target: snapshot keys, which become directory names in the shared container.
//
// The input is split at NUL bytes: the first part is validated as a key (`--key`, a file's
// `key`), and all parts are sanitised into a key as `SnapshotKey(purpose:scope:)` does for app
// data such as a park's name.
//
// Checked on every input:
// - validation never traps, and a key it accepts is a safe single directory name: 1–200 bytes of
//   `a`–`z`, `0`–`9`, `-`, `_` in non-empty `.`-separated components of at most 64 bytes — no
//   `/`, no `..`, nothing hidden;
// - a sanitised key is always valid, however long or many its parts, and sanitising is
//   injective on what changed (two different scopes never share a key, short of a SHA-256
//   prefix collision);
// - a key decodes from its own JSON.
import Foundation
import FuzzSupport

@testable import WidgetTimeline

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSnapshotKey(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    let parts = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
    }
    if let key = try? SnapshotKey(validating: parts[0]) {
        checkSafe(key, what: "validated")
        fuzzCheck(key.rawValue == parts[0], "validation changed the key")
    }
    let sanitised = SnapshotKey(purpose: parts[0], scope: Array(parts.dropFirst()))
    checkSafe(sanitised, what: "sanitised")
    // Components are kept, unless so many that the scope had to become one hashed component.
    fuzzCheck(
        sanitised.components.count == parts.count || (parts.count > 2 && sanitised.components.count == 2),
        "sanitising changed the number of components")
    if parts.count >= 2 {
        // A different last scope component gives a different key.
        var other = parts
        other[other.count - 1] += "x"
        fuzzCheck(
            SnapshotKey(purpose: other[0], scope: Array(other.dropFirst())) != sanitised,
            "two scopes share a key")
    }
    if let json = try? JSONCoding.encoder().encode(sanitised) {
        fuzzCheck(
            (try? JSONCoding.decode(SnapshotKey.self, from: json)) == sanitised, "a key does not decode")
    }
    return 0
}

private func checkSafe(_ key: SnapshotKey, what: String) {
    let text = key.rawValue
    fuzzCheck(
        !text.isEmpty && text.utf8.count <= SnapshotKey.maximumLength, "\(what): length \(text.utf8.count)")
    fuzzCheck(
        text.utf8.allSatisfy {
            (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F || $0 == 0x2E
        },
        "\(what): unsafe character in \(text.debugDescription)")
    let components = text.split(separator: ".", omittingEmptySubsequences: false)
    fuzzCheck(
        components.allSatisfy { !$0.isEmpty && $0.utf8.count <= SnapshotKey.maximumComponentLength },
        "\(what): an empty or long component in \(text.debugDescription)")
    fuzzCheck(
        (try? SnapshotKey(validating: text)) == key, "\(what): \(text.debugDescription) does not validate")
}
