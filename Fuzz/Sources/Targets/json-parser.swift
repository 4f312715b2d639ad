// Fuzz target: the strict JSON parser every read goes through first, the canonical JSON form that
// records store and fingerprints hash, and the agreement between them and the decoder the package
// reads with.
//
// Checked on every input:
// - parsing never traps (deep nesting is refused, not a stack overflow);
// - an accepted document's stored form parses to exactly the same value — every digit of every
//   number, the sign of a zero — and its canonical form to the same value with zeros unsigned; both
//   are fixed points (writing them again gives the same bytes), so what is stored reads back as it
//   was and fingerprints are stable;
// - the package's decoder (`JSONCoding.decode`) and the strict parser agree: a document one
//   accepts the other accepts with the same value, so nothing the explainer calls invalid is read
//   silently, and no value is read differently from what another strict reader would see;
// - a refused document is explained as "not JSON: … (line L, column C)" within the input.
import Foundation
import FuzzSupport

@testable import WidgetTimeline

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParser(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    let parsed: JSONValue?
    do {
        parsed = try JSONParser.parse(bytes)
    } catch {
        parsed = nil
        fuzzCheck(error.line >= 1 && error.column >= 1, "a syntax error outside the text: \(error)")
        fuzzCheck(error.line <= bytes.count + 1, "a syntax error past the end: \(error)")
    }
    let decoded: Result<JSONValue, JSONDecodingError>
    do {
        decoded = .success(try JSONCoding.decode(JSONValue.self, from: Data(bytes)))
    } catch {
        decoded = .failure(error)
    }
    switch (parsed, decoded) {
    case (let parsed?, .success(let value)):
        fuzzCheck(parsed.isEquivalent(to: value), "the decoder reads another value than the parser")
    case (.some, .failure(let error)):
        fuzzCheck(false, "the decoder refuses a document the parser accepts: \(error)")
    case (nil, .success):
        fuzzCheck(false, "the decoder accepts a document the strict parser refuses")
    case (nil, .failure(let error)):
        fuzzCheck(
            error.path == nil && error.message.hasPrefix("not JSON: "), "a syntax error explained as \(error)"
        )
    }
    guard let parsed else { return 0 }
    // What records store keeps every value exactly, negative zero included.
    let stored = CanonicalJSON.encode(parsed, wholeNumbersInFull: true)
    do {
        let reparsed = try JSONParser.parse(stored)
        fuzzCheck(reparsed == parsed, "the stored form is another value")
        fuzzCheck(
            CanonicalJSON.encode(reparsed, wholeNumbersInFull: true) == stored,
            "the stored form is not a fixed point")
    } catch {
        fuzzCheck(false, "the stored form does not parse: \(error)")
    }
    // The fingerprint's form is the same value with negative zero written as zero, as RFC 8785 does.
    let canonical = CanonicalJSON.encode(parsed)
    do {
        let reparsed = try JSONParser.parse(canonical)
        fuzzCheck(reparsed == parsed.withUnsignedZeros, "the canonical form is another value")
        fuzzCheck(CanonicalJSON.encode(reparsed) == canonical, "the canonical form is not a fixed point")
    } catch {
        fuzzCheck(false, "the canonical form does not parse: \(error)")
    }
    return 0
}
