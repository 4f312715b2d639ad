// Fuzz target: the strict JSON parser that explains decoding failures, the canonical JSON form
// that fingerprints hash, and the agreement between them and the decoder the package reads with.
//
// Checked on every input:
// - parsing never traps (deep nesting is refused, not a stack overflow);
// - an accepted document's canonical form parses to the same value, and is a fixed point
//   (canonicalising it again gives the same bytes), so fingerprints are stable;
// - the package's decoder (`JSONCoding.decode`) and the strict parser agree: a document one
//   accepts the other accepts with the same value, so nothing the explainer calls invalid is read
//   silently, and no value is read differently from what another strict reader would see;
// - a refused document is explained as "not JSON: … (line L, column C)" within the input;
// - the read path's tape (`JSONTape`) accepts exactly the documents the parser accepts, and the tape
//   decoder never decodes a value Foundation's `JSONDecoder` decodes differently or refuses.
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
    let taped = bytes.withUnsafeBufferPointer { JSONTape($0) != nil }
    fuzzCheck(taped == (parsed != nil), "the tape and the parser disagree on whether this is JSON")
    if parsed != nil {
        checkTapeDecodesLikeFoundation([Int].self, bytes)
        checkTapeDecodesLikeFoundation([String: String].self, bytes)
        checkTapeDecodesLikeFoundation([Double?].self, bytes)
        checkTapeDecodesLikeFoundation([String: [Date]].self, bytes)
        checkTapeDecodesLikeFoundation([[Bool]].self, bytes)
        checkTapeDecodesLikeFoundation([UInt8].self, bytes)
    }
    guard let parsed else { return 0 }
    let canonical = CanonicalJSON.encode(parsed)
    do {
        let reparsed = try JSONParser.parse(canonical)
        fuzzCheck(reparsed.isEquivalent(to: parsed), "the canonical form is another value")
        fuzzCheck(CanonicalJSON.encode(reparsed) == canonical, "the canonical form is not a fixed point")
    } catch {
        fuzzCheck(false, "the canonical form does not parse: \(error)")
    }
    return 0
}

/// What the tape decoder decodes, Foundation decodes to the same value.
private func checkTapeDecodesLikeFoundation<T: Decodable & Equatable>(_ type: T.Type, _ bytes: [UInt8]) {
    let outcome = bytes.withUnsafeBufferPointer { JSONTapeDecoder.decode(type, from: $0) }
    guard case .decoded(let value) = outcome else { return }
    do {
        let foundation = try JSONCoding.decoder().decode(type, from: Data(bytes))
        fuzzCheck(foundation == value, "the tape decodes \(T.self) as \(value), Foundation as \(foundation)")
    } catch {
        fuzzCheck(false, "the tape decodes \(T.self) that Foundation refuses: \(error)")
    }
}
