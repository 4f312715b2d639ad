import Foundation
import Testing

@testable import WidgetTimeline

/// The package's own stand-ins for what only the whole Foundation has (`WidgetTimeline/Platform/`)
/// behave as the originals, which these tests can still import.
@Suite("The Platform replacements for NSLock, String(format:) and trimmingCharacters(in:)")
struct PlatformReplacementTests {
    @Test(
        "String(cFormat:) writes what String(format:) writes, ties and long output included",
        arguments: [
            0, 0.05, 0.25, 0.35, 2.5, -0.05, -0.25, 9.95, 99.95, 1e20, 1.5e300, -0.0, .infinity, .nan,
            1.0 / 3,
        ])
    func cFormatOfDoubles(_ value: Double) {
        for format in ["%.1f", "%.2f", "%.0f", "%.60f", "%f"] {
            #expect(String(cFormat: format, value) == String(format: format, value), "\(format) of \(value)")
        }
    }

    @Test("String(cFormat:) pads whole numbers as String(format:) does")
    func cFormatOfIntegers() {
        for value in [0, 5, 59, 60, 100, -7, Int.max, Int.min] {
            for format in ["%02ld", "%ld", "%5ld", "%-5ld|"] {
                #expect(
                    String(cFormat: format, value) == String(format: format, value), "\(format) of \(value)")
            }
        }
        #expect(String(cFormat: "%02d", Int32(7)) == "07")
    }

    @Test("trimmingSpaces() trims what trimmingCharacters(in: .whitespaces) trims, and no more")
    func trimming() {
        let samples = [
            "", " ", "\t \t", "5m", " 5m ", "\t1h\t", "\u{A0}2h\u{3000}", "\u{2003}a b\u{202F}", "\n5m\n",
            " \n ", "a\u{200B}", "\u{FEFF}x", " é ", "  a\tb  ",
        ]
        for sample in samples {
            #expect(
                sample.trimmingSpaces() == sample.trimmingCharacters(in: .whitespaces),
                "\(sample.debugDescription)")
        }
        #expect(" 5m\t"[...].dropFirst().trimmingSpaces() == "5m")
        // Which scalars are trimmed: exactly those in Foundation's set, over the Basic Multilingual
        // Plane, where every space separator Unicode has defined lies (and a test of all 17 planes
        // would take minutes under ThreadSanitizer).
        var differing: [String] = []
        for value in 0...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if String(scalar).trimmingSpaces().isEmpty != CharacterSet.whitespaces.contains(scalar) {
                differing.append(String(value, radix: 16))
            }
        }
        #expect(differing.isEmpty, "U+\(differing.prefix(20))")
    }

    @Test("Lock keeps every increment of 4 threads × 20,000")
    func lockExcludes() {
        final class Counter: @unchecked Sendable {
            let lock = Lock()
            var value = 0
        }
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<20_000 { counter.lock.withLock { counter.value += 1 } }
        }
        #expect(counter.lock.withLock { counter.value } == 80_000)
    }

    @Test("Lock.withLock passes on a thrown error and leaves the lock free")
    func lockRethrows() {
        struct Failure: Error {}
        let lock = Lock()
        #expect(throws: Failure.self) { try lock.withLock { throw Failure() } }
        #expect(lock.withLock { 1 } == 1)
    }
}
