import Foundation
import Testing
import WidgetTimelineTesting

/// On Linux the package's modules import `FoundationEssentials` and `FoundationInternationalization`
/// where the whole `Foundation` would load `libFoundation` too, about 3.7 MiB more resident memory
/// in `widget-timeline build` (docs/performance.md). One `import Foundation` in any module the CLI
/// links would bring it back; this asks the dynamic loader what the built binary loads.
@Suite("What the CLI loads")
struct FoundationLinkTests {
    @Test("on Linux, FoundationEssentials and FoundationInternationalization, not the whole Foundation")
    func essentialsOnly() throws {
        #if os(Linux)
            let binary = try #require(
                BuiltProducts.executable("widget-timeline"), "widget-timeline is not built next to the tests")
            // glibc's loader lists the libraries it maps and exits, as ldd does, when this is set.
            let traced = try ProcessOutput.run(binary, [], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
            let libraries = Set(
                traced.standardOutput.split(separator: "\n").compactMap {
                    $0.split(separator: " ").first.map { String($0.trimmingPrefix("\t")) }
                })
            #expect(libraries.contains("libFoundationEssentials.so"), "\(libraries.sorted())")
            #expect(libraries.contains("libFoundationInternationalization.so"))
            #expect(!libraries.contains("libFoundation.so"), "\(libraries.sorted())")
        #endif
    }
}
