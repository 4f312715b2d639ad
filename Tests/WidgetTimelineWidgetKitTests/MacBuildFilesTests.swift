import Foundation
import Testing
import WidgetTimelineTesting

/// The files a Mac builds from, checked here by their structure: they have not yet run on a Mac.
/// `Examples/WidgetApp/project.yml` (XcodeGen), `.github/workflows/macos.yml`, and how both meet the
/// package, the example's `Config/` and `Scripts/widget-stage-two.sh`.
///
/// The YAML is parsed by PyYAML (`python3`; `.ci/run` installs it), and checked here.
@Suite("The Mac build files: XcodeGen project and macOS workflow, consistent with the package")
struct MacBuildFilesTests {
    static let root = CompileSuite.packageRoot
    static let example = root.appendingPathComponent("Examples/WidgetApp")

    /// `path` parsed as YAML, as JSON objects.
    static func yaml(_ path: String) throws -> [String: Any] {
        let result = try ChildProcess.run(
            "python3",
            ["-c", "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)", path])
        try #require(
            result.status == 0, "python3 with PyYAML could not read \(path):\n\(result.standardError)")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The library products `Package.swift` declares.
    static func products() throws -> Set<String> {
        let manifest = try text("Package.swift")
        let pattern = try NSRegularExpression(pattern: #"\.library\(name: "([A-Za-z]+)""#)
        let range = NSRange(manifest.startIndex..., in: manifest)
        return Set(
            pattern.matches(in: manifest, range: range).compactMap {
                Range($0.range(at: 1), in: manifest).map { String(manifest[$0]) }
            })
    }

    /// `NAME = value` from an xcconfig.
    static func setting(_ name: String, in path: String) throws -> String? {
        try text(path).split(separator: "\n").first { $0.hasPrefix("\(name) = ") }
            .map { String($0.dropFirst(name.count + 3)) }
    }

    /// `readonly NAME=value` from the stage-two script.
    static func scriptConstant(_ name: String) throws -> String? {
        try text("Scripts/widget-stage-two.sh").split(separator: "\n").first {
            $0.hasPrefix("readonly \(name)=")
        }
        .map { String($0.dropFirst("readonly \(name)=".count)) }
    }

    @Test("project.yml: an iOS app embedding a WidgetKit extension, both in the App Group from Config/")
    func project() throws {
        let spec = try Self.yaml(Self.example.appendingPathComponent("project.yml").path)
        let targets = try #require(spec["targets"] as? [String: [String: Any]])
        let app = try #require(targets["WidgetApp"])
        let widgets = try #require(targets["WidgetExtension"])

        #expect(app["type"] as? String == "application")
        #expect(widgets["type"] as? String == "app-extension")
        #expect(
            (app["dependencies"] as? [[String: Any]])?.contains {
                $0["target"] as? String == "WidgetExtension"
            } == true)
        let extensionInfo = try #require((widgets["info"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(
            (extensionInfo["NSExtension"] as? [String: Any])?["NSExtensionPointIdentifier"] as? String
                == "com.apple.widgetkit-extension")

        let group = try #require(
            try Self.setting("WIDGET_APP_GROUP", in: "Examples/WidgetApp/Config/AppGroup.xcconfig"))
        for (name, target) in [("WidgetApp", app), ("WidgetExtension", widgets)] {
            #expect(target["platform"] as? String == "iOS", "\(name)")
            let info = (target["info"] as? [String: Any])?["properties"] as? [String: Any]
            #expect(info?["WidgetTimelineAppGroup"] as? String == "$(WIDGET_APP_GROUP)", "\(name)")
            let configs = try #require(target["configFiles"] as? [String: String], "\(name)")
            #expect(Set(configs.values) == ["Config/AppGroup.xcconfig"], "\(name)")
            let settings = try #require((target["settings"] as? [String: Any])?["base"] as? [String: Any])
            let entitlements = try #require(settings["CODE_SIGN_ENTITLEMENTS"] as? String, "\(name)")
            let plist = try Self.text("Examples/WidgetApp/\(entitlements)")
            #expect(plist.contains("com.apple.security.application-groups"), "\(entitlements)")
            #expect(plist.contains("<string>$(WIDGET_APP_GROUP)</string>"), "\(entitlements)")
            for source in (target["sources"] as? [[String: Any]] ?? []).compactMap({ $0["path"] as? String })
            {
                #expect(
                    FileManager.default.fileExists(atPath: Self.example.appendingPathComponent(source).path),
                    "\(source)")
            }
        }
        #expect(group.hasPrefix("group."))
        #expect(try Self.scriptConstant("APP_GROUP") == group)
    }

    @Test(
        "project.yml: the package from two folders up, its products, its module names and deployment target")
    func projectAndPackage() throws {
        let spec = try Self.yaml(Self.example.appendingPathComponent("project.yml").path)
        let packagePath = try #require(
            (spec["packages"] as? [String: [String: String]])?["WidgetTimeline"]?["path"])
        let packageRoot = Self.example.appendingPathComponent(packagePath).standardized
        #expect(packageRoot.path == Self.root.standardized.path)

        let products = try Self.products()
        let targets = try #require(spec["targets"] as? [String: [String: Any]])
        for (name, target) in targets {
            for dependency in target["dependencies"] as? [[String: Any]] ?? []
            where dependency["package"] != nil {
                let product = try #require(dependency["product"] as? String)
                #expect(
                    products.contains(product),
                    "\(name) uses \(product), which Package.swift does not declare")
            }
        }
        let base = { (target: String) in
            (targets[target]?["settings"] as? [String: Any])?["base"] as? [String: Any] ?? [:]
        }
        // The same module names as in Package.swift, so the sources (and @testable imports) read the same.
        #expect(base("WidgetApp")["PRODUCT_MODULE_NAME"] as? String == "ExampleHostApp")
        #expect(base("WidgetExtension")["PRODUCT_MODULE_NAME"] as? String == "ExampleWidgetExtension")
        let appID = try #require(base("WidgetApp")["PRODUCT_BUNDLE_IDENTIFIER"] as? String)
        let extensionID = try #require(base("WidgetExtension")["PRODUCT_BUNDLE_IDENTIFIER"] as? String)
        #expect(extensionID.hasPrefix(appID + "."), "an extension's bundle id extends its app's")
        #expect(try Self.scriptConstant("BUNDLE_ID") == appID)

        let deployment = (spec["options"] as? [String: Any])?["deploymentTarget"] as? [String: String]
        #expect(deployment?["iOS"] == "17.0")
        #expect(try Self.text("Package.swift").contains(".iOS(.v17)"))

        let tests = try #require(targets["WidgetAppTests"])
        #expect(tests["type"] as? String == "bundle.unit-test")
        for source in (tests["sources"] as? [[String: Any]] ?? []).compactMap({ $0["path"] as? String }) {
            #expect(
                FileManager.default.fileExists(atPath: Self.example.appendingPathComponent(source).path),
                "\(source)")
        }
        let scheme = try #require((spec["schemes"] as? [String: [String: Any]])?["WidgetApp"])
        #expect((scheme["test"] as? [String: Any])?["targets"] as? [String] == ["WidgetAppTests"])
        #expect(try Self.scriptConstant("SCHEME") == "WidgetApp")
        #expect(
            try Self.scriptConstant("PROJECT")
                == "Examples/WidgetApp/\(spec["name"] as? String ?? "").xcodeproj")
    }

    @Test(
        "macos.yml: swift test on macOS, the package for the iOS and watchOS Simulators, the example, stage two"
    )
    func workflow() throws {
        let workflow = try Self.yaml(Self.root.appendingPathComponent(".github/workflows/macos.yml").path)
        // YAML 1.1 reads an unquoted `on` as true; the file quotes it so that it stays a key.
        let triggers = try #require(workflow["on"] as? [String: Any?])
        #expect(Set(triggers.keys).isSuperset(of: ["push", "pull_request"]))

        let jobs = try #require(workflow["jobs"] as? [String: [String: Any]])
        var runs: [String] = []
        for (name, job) in jobs {
            #expect((job["runs-on"] as? String)?.hasPrefix("macos-") == true, "\(name) must run on macOS")
            let steps = try #require(job["steps"] as? [[String: Any]], "\(name)")
            #expect(
                steps.first?["uses"] as? String == "actions/checkout@v4", "\(name) starts with a checkout")
            for step in steps {
                #expect((step["run"] == nil) != (step["uses"] == nil), "\(name): a step either runs or uses")
                if let uses = step["uses"] as? String { #expect(uses.contains("@v"), "\(uses) is pinned") }
                if let directory = step["working-directory"] as? String {
                    #expect(
                        FileManager.default.fileExists(
                            atPath: Self.root.appendingPathComponent(directory).path))
                }
                if let run = step["run"] as? String { runs.append(run) }
            }
        }
        let script = runs.joined(separator: "\n")
        #expect(runs.contains("swift test"))
        #expect(script.contains("-destination 'generic/platform=iOS Simulator'"))
        #expect(script.contains("-destination 'generic/platform=watchOS Simulator'"))
        for product in try Self.products() {
            #expect(script.contains(product), "the workflow does not build \(product)")
        }
        #expect(script.contains("xcodegen generate"))
        #expect(
            script.contains(
                "xcodebuild build -project Examples/WidgetApp/WidgetApp.xcodeproj -scheme WidgetApp"))
        #expect(script.contains("Scripts/widget-stage-two.sh --sim-id \"$SIM_ID\""))
        let stageTwo = Self.root.appendingPathComponent("Scripts/widget-stage-two.sh").path
        #expect(FileManager.default.isExecutableFile(atPath: stageTwo))
    }

    @Test("docs/adopting.md §9 uses exactly these files, and says they have not run on a Mac yet")
    func adoptingGuide() throws {
        let guide = try Self.text("docs/adopting.md")
        let start = try #require(guide.range(of: "## 9. "))
        let end =
            guide.range(of: "## 10. ", range: start.upperBound..<guide.endIndex)?.lowerBound ?? guide.endIndex
        let section = String(guide[start.lowerBound..<end])

        for file in [
            "Examples/WidgetApp/project.yml", ".github/workflows/macos.yml", "Scripts/widget-stage-two.sh",
        ] {
            #expect(section.contains(file), "§9 does not name \(file)")
        }
        #expect(!section.contains("Widgets.xcodeproj"))
        #expect(section.lowercased().contains("not yet run on a mac"))
    }
}
