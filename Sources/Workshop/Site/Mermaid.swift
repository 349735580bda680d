import Foundation

/// Draws the chapters' Mermaid diagrams as SVG files when the site is built, so that the site
/// shows pictures with no script and no network at read time. DocC does not draw Mermaid, and a
/// diagram drawn by the reader's browser would need mermaid.js from a CDN.
///
/// The drawing is Mermaid's own, done by mermaid.js in the same headless Chromium that checks the
/// site, so a diagram looks as it does on the forge. mermaid.js comes from the Python package
/// index, the one package registry besides Debian's that a course machine reaches: the `mmdc`
/// wheel ships Mermaid's unmodified browser build. It is fetched once, its hash checked, and kept
/// under `.build/site/tools`; set `WORKSHOP_MERMAID_JS` to use a copy of mermaid.js you have.
/// Each picture is kept in a cache named by its source's hash: an unchanged diagram is not drawn
/// again, and a site whose diagrams are all cached builds without starting the browser.
struct MermaidRenderer {
    static let mermaidVersion = "11.12.0"
    static let wheel = (requirement: "mmdc==0.7.0", sha256: "09337dad15047070b713570d1a566f1c21abce31a6400113a9b55c99c70bc479")
    static let pathInWheel = "mmdc/assets/mermaid.js"
    /// Part of every cache key: a change to the drawing settings below draws everything again.
    static let settingsVersion = "1"

    let tools: URL
    let cache: URL

    /// Both pictures of a diagram: for the light and the dark appearance.
    struct Drawing: Sendable, Equatable {
        var light: String
        var dark: String
    }

    /// mermaid.js, fetched first if this machine has none yet.
    func script(log: (String) -> Void) throws -> URL {
        if let path = ProcessInfo.processInfo.environment["WORKSHOP_MERMAID_JS"] {
            return URL(fileURLWithPath: path)
        }
        let script = tools.appendingPathComponent("mermaid-\(Self.mermaidVersion).js")
        if FileManager.default.fileExists(atPath: script.path) { return script }
        log("fetching mermaid.js \(Self.mermaidVersion) once, from the Python package index (\(Self.wheel.requirement), hash checked)…")
        let download = tools.appendingPathComponent("download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: download, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: download) }
        let requirements = download.appendingPathComponent("requirements.txt")
        try "\(Self.wheel.requirement) --hash=sha256:\(Self.wheel.sha256)\n".write(to: requirements, atomically: true, encoding: .utf8)
        let fetched = try Shell.run(["python3", "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--require-hashes",
                                     "--disable-pip-version-check", "-r", requirements.path, "-d", download.path], in: download)
        guard fetched.succeeded, let wheel = try contents(of: download).first(where: { $0.pathExtension == "whl" }) else {
            throw WorkshopError("""
                could not fetch mermaid.js with pip (it draws the diagrams; it needs python3 and pip, and the Python package \
                index once):
                \(fetched.output)
                Or set WORKSHOP_MERMAID_JS to a copy of mermaid.min.js \(Self.mermaidVersion).
                """)
        }
        let unpacked = download.appendingPathComponent("unpacked")
        let unzip = try Shell.run(["python3", "-m", "zipfile", "-e", wheel.path, unpacked.path], in: download)
        let found = unpacked.appendingPathComponent(Self.pathInWheel)
        guard unzip.succeeded, FileManager.default.fileExists(atPath: found.path) else {
            throw WorkshopError("the wheel \(wheel.lastPathComponent) has no \(Self.pathInWheel): \(unzip.output)")
        }
        try FileManager.default.moveItem(at: found, to: script)
        return script
    }

    /// Draws every diagram, from the cache where it can; `browser` is asked for only when a
    /// diagram must be drawn. A diagram Mermaid cannot parse is a problem of its page, reported
    /// with the page's file and line.
    func draw(_ diagrams: [(diagram: Diagram, location: String)], script: () throws -> URL,
              browser: () throws -> Browser) throws -> (drawings: [String: Drawing], drawn: Int, problems: [String]) {
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        var drawings: [String: Drawing] = [:]
        var problems: [String] = []
        var page: Browser?
        var drawn = 0
        for (diagram, location) in diagrams {
            var pictures: [String] = []
            for theme in ["default", "dark"] {
                let cached = cache.appendingPathComponent("\(Self.key(diagram.source, theme: theme)).svg")
                if let svg = try? String(contentsOf: cached, encoding: .utf8) {
                    pictures.append(svg)
                    continue
                }
                if page == nil {
                    let opened = try browser()
                    try opened.open(try renderingPage(script: script()))
                    page = opened
                }
                let result = try page!.run(Self.drawScript, [diagram.source, theme, "d" + Self.key(diagram.source, theme: theme)]) as? [String: Any]
                guard let svg = result?["svg"] as? String else {
                    let message = (result?["problem"] as? String) ?? "no picture"
                    problems.append("\(location): Mermaid cannot draw this diagram: \(message)")
                    break
                }
                try svg.write(to: cached, atomically: true, encoding: .utf8)
                pictures.append(svg)
                drawn += 1
            }
            if pictures.count == 2 { drawings[diagram.name] = Drawing(light: pictures[0], dark: pictures[1]) }
        }
        return (drawings, drawn, problems)
    }

    /// A blank page that loads mermaid.js from its file.
    private func renderingPage(script: URL) throws -> URL {
        let page = tools.appendingPathComponent("draw.html")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        let html = """
            <!doctype html><html><head><meta charset="utf-8"><script src="\(script.absoluteString)"></script></head><body></body></html>
            """
        try html.write(to: page, atomically: true, encoding: .utf8)
        return page
    }

    /// Draws one diagram and hands back a standalone SVG file's text: labels as SVG text rather
    /// than HTML (an image file cannot hold HTML reliably), its size fixed from its view box, and
    /// serialized as XML (Mermaid's own string is HTML, which an image file cannot be). Arial is
    /// named first because every system has it or a font of the same widths (Liberation Sans):
    /// the labels were measured with it.
    static let drawScript = """
        const [source, theme, id, done] = arguments;
        mermaid.initialize({startOnLoad: false, theme: theme, securityLevel: 'strict', htmlLabels: false,
            flowchart: {htmlLabels: false}, fontFamily: 'Arial, "Liberation Sans", Helvetica, sans-serif'});
        mermaid.render(id, source).then(({svg}) => {
            const holder = document.createElement('div');
            holder.innerHTML = svg;
            const node = holder.querySelector('svg');
            const box = node.viewBox.baseVal;
            node.setAttribute('width', String(Math.ceil(box.width)));
            node.setAttribute('height', String(Math.ceil(box.height)));
            node.style.removeProperty('max-width');
            done({svg: new XMLSerializer().serializeToString(node)});
        }).catch(error => done({problem: String((error && error.message) || error)}));
        """

    /// A stable name for a drawing: FNV-1a over the source and the settings, in hex.
    static func key(_ source: String, theme: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(mermaidVersion)|\(settingsVersion)|\(theme)|\(source)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
