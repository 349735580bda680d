import Foundation
import Workshop

/// `swift run workshop site --check`: the rendered site, served and read by headless Chromium.
/// Every page of the course (and every module's page) must show its title, as many code blocks as
/// its Markdown has (Swift ones highlighted), each diagram as an SVG picture with text in it drawn
/// no smaller than `DiagramLegibility` allows (a chapter's roadmap fitting the column), and
/// load nothing from outside 127.0.0.1; every link inside the site must lead to a page that exists
/// and, with a `#`, to a heading on it. Each chapter's first screen is saved as a PNG.
struct SiteCheck {
    /// A page the check visits, and what it must find there.
    struct Expectation {
        var path: String
        var title: String
        /// The course file the page is made from, for messages.
        var source: String
        var codeBlocks: Int?
        var diagrams: Int
        var screenshot: String?
        /// A chapter's first diagram is its roadmap, which must fit the column.
        var isChapter = false
    }

    package struct Summary: Sendable {
        package var pages = 0
        package var codeBlocks = 0
        package var diagrams = 0
        /// Links followed, and the distinct pages and anchors they lead to.
        package var links = 0
        package var linkTargets = 0
        package var screenshots = 0
        package var problems: [String] = []
    }

    let report: SiteReport
    let course: Course
    let server: URL
    let screenshots: URL
    var log: (String) -> Void

    init(report: SiteReport, course: Course, server: URL, screenshots: URL, log: @escaping (String) -> Void) {
        self.report = report
        self.course = course
        self.server = server
        self.screenshots = screenshots
        self.log = log
    }

    /// The pages to visit, landing page first, then the course in order, then the modules.
    func expectations() -> [Expectation] {
        let home = Site.homePath
        var pages = [
            Expectation(path: home, title: course.displayName, source: "README.md", codeBlocks: 0, diagrams: 0)
        ]
        for page in report.plan.pages {
            let article = report.articles[page.name]
            var expectation = Expectation(
                path: "\(home)/\(page.name.lowercased())", title: page.title, source: course.relative(page.source),
                codeBlocks: article?.codeBlocks ?? 0, diagrams: article?.diagrams.count ?? 0)
            if case .chapter = page.kind {
                expectation.screenshot = "\(page.name).png"
                expectation.isChapter = true
            }
            pages.append(expectation)
        }
        pages.append(
            Expectation(
                path: "\(home)/\(Site.licensePage)", title: "License", source: "LICENSE", codeBlocks: 1, diagrams: 0))
        for module in report.plan.modules {
            pages.append(
                Expectation(
                    path: "/documentation/\(module.name.lowercased())", title: module.name,
                    source: course.relative(module.folder), codeBlocks: nil, diagrams: 0))
        }
        return pages
    }

    func run(browser: Browser) throws -> Summary {
        try? FileManager.default.removeItem(at: screenshots)
        try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
        var summary = Summary()
        var anchorsOnPage: [String: Set<String>] = [:]
        var targets: [String: Set<String>] = [:]

        for expected in expectations() {
            let page = try visit(expected.path, browser: browser)
            summary.pages += 1
            anchorsOnPage[expected.path] = page.anchors
            summary.problems += problems(on: page, expected: expected)
            summary.codeBlocks += page.codeBlocks
            summary.diagrams += page.diagrams.count
            for link in page.links {
                summary.links += 1
                let (path, fragment) = Self.split(link)
                targets[path, default: []].formUnion(fragment.map { [$0] } ?? [])
            }
            if let name = expected.screenshot {
                _ = try browser.run(
                    "window.scrollTo(0, 0); requestAnimationFrame(() => requestAnimationFrame(() => arguments[0](true)));"
                )
                try browser.screenshot().write(to: screenshots.appendingPathComponent(name))
                summary.screenshots += 1
            }
        }

        // The pages of the course were visited above. The other targets are reference pages:
        // the browser fetches each one's data, which is what DocC's page script does before it
        // shows a page or "page not found", and looks for each anchor among its headings.
        var unvisited: [[Any]] = []
        for (path, fragments) in targets.sorted(by: { $0.key < $1.key }) {
            summary.linkTargets += 1 + fragments.count
            if let anchors = anchorsOnPage[path] {
                for fragment in fragments.sorted() where !anchors.contains(fragment) {
                    summary.problems.append("\(path)#\(fragment): a link leads here, and the page has no such anchor")
                }
            } else {
                unvisited.append([path, fragments.sorted()])
            }
        }
        log("following the links to \(unvisited.count) reference pages…")
        let missing =
            try browser.run(Self.resolveScript, [unvisited]) as? [String] ?? ["the links could not be followed"]
        summary.problems += missing
        return summary
    }

    /// A link's path (no trailing slash) and fragment.
    static func split(_ link: String) -> (path: String, fragment: String?) {
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        var path = String(parts[0])
        if let url = URL(string: path) { path = url.path }
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        let fragment = parts.count > 1 && !parts[1].isEmpty ? String(parts[1]).removingPercentEncoding : nil
        return (path, fragment)
    }

    // MARK: One page

    /// What the browser found on a page.
    struct Page {
        var notFound = false
        var title = ""
        var codeBlocks = 0
        var swiftBlocks = 0
        var highlightedSwiftBlocks = 0
        var diagrams: [[String: Any]] = []
        /// The same diagrams' pictures for the dark appearance.
        var darkDiagrams: [[String: Any]] = []
        var links: [String] = []
        var anchors: Set<String> = []
        var external: [String] = []
    }

    func visit(_ path: String, browser: Browser) throws -> Page {
        try browser.open(URL(string: server.absoluteString + path)!)
        guard let found = try browser.run(Self.inspectScript) as? [String: Any] else {
            throw WorkshopError("\(path): the page could not be read")
        }
        var page = Page()
        page.notFound = found["notFound"] as? Bool ?? true
        page.title = found["title"] as? String ?? ""
        page.codeBlocks = found["codeBlocks"] as? Int ?? 0
        page.swiftBlocks = found["swiftBlocks"] as? Int ?? 0
        page.highlightedSwiftBlocks = found["highlighted"] as? Int ?? 0
        page.diagrams = found["diagrams"] as? [[String: Any]] ?? []
        page.darkDiagrams = found["darkDiagrams"] as? [[String: Any]] ?? []
        page.links = found["links"] as? [String] ?? []
        page.anchors = Set(found["anchors"] as? [String] ?? [])
        page.external = found["external"] as? [String] ?? []
        return page
    }

    func problems(on page: Page, expected: Expectation) -> [String] {
        let here = "\(expected.path) (from \(expected.source))"
        if page.notFound { return ["\(here): the site says the page cannot be found"] }
        var problems: [String] = []
        if Self.normalized(page.title) != Self.normalized(expected.title) {
            problems.append("\(here): the title is \"\(page.title)\", not \"\(expected.title)\"")
        }
        if let blocks = expected.codeBlocks, blocks != page.codeBlocks {
            problems.append("\(here): \(page.codeBlocks) code blocks on the page, \(blocks) in the Markdown")
        }
        if page.highlightedSwiftBlocks != page.swiftBlocks {
            problems.append(
                "\(here): \(page.swiftBlocks - page.highlightedSwiftBlocks) of \(page.swiftBlocks) Swift blocks are not highlighted"
            )
        }
        if page.diagrams.count != expected.diagrams || page.darkDiagrams.count != expected.diagrams {
            problems.append(
                "\(here): \(page.diagrams.count) diagrams on the page (\(page.darkDiagrams.count) for the dark appearance), "
                    + "\(expected.diagrams) in the Markdown")
        }
        for diagram in page.diagrams + page.darkDiagrams
        where !(diagram["isSVG"] as? Bool ?? false) || (diagram["texts"] as? Int ?? 0) == 0
            || (diagram["shapes"] as? Int ?? 0) == 0 || (diagram["width"] as? Int ?? 0) == 0
        {
            problems.append(
                "\(here): the diagram \(diagram["src"] as? String ?? "?") is not an SVG picture with content (\(diagram))"
            )
        }
        for (index, diagram) in page.diagrams.enumerated() {
            func number(_ key: String) -> Double { (diagram[key] as? NSNumber)?.doubleValue ?? 0 }
            guard number("smallestFont") > 0, number("width") > 0 else { continue }
            let name = (diagram["src"] as? String).map { String($0.split(separator: "/").last ?? "") } ?? "?"
            if let problem = DiagramLegibility.problem(
                name, smallestFontSize: number("smallestFont"), naturalWidth: number("width"),
                shownWidth: number("shown"),
                columnWidth: number("column"), isRoadmap: expected.isChapter && index == 0)
            {
                problems.append("\(here): \(problem)")
            }
        }
        for resource in page.external {
            problems.append("\(here): the page loaded \(resource), which is not on this site")
        }
        return problems
    }

    /// Checks links to pages not visited: `[[path, [anchor, …]], …]` in, the problems out.
    static let resolveScript = """
        const [targets, done] = arguments;
        const anchorsIn = (value, found) => {
            if (Array.isArray(value)) { value.forEach(item => anchorsIn(item, found)); }
            else if (value && typeof value === 'object') {
                if (typeof value.anchor === 'string') { found.add(value.anchor); }
                Object.values(value).forEach(item => anchorsIn(item, found));
            }
            return found;
        };
        (async () => {
            const problems = [];
            for (const [path, fragments] of targets) {
                const response = await fetch('/data' + path + '.json');
                if (!response.ok) {
                    problems.push(path + ': a link leads here, and the site says the page cannot be found');
                    continue;
                }
                const anchors = anchorsIn(await response.json(), new Set());
                for (const fragment of fragments) {
                    if (!anchors.has(fragment)) { problems.push(path + '#' + fragment + ': a link leads here, and the page has no such anchor'); }
                }
            }
            return problems;
        })().then(done, error => done(['the links could not be followed: ' + error]));
        """

    /// Titles as text: DocC may break long names with invisible hints and collapse spaces.
    static func normalized(_ title: String) -> String {
        title.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Waits until DocC has rendered the page (its title, or its "not found" view), then reports
    /// what is on it. Each diagram is scrolled into view (DocC loads images lazily), decoded, and
    /// its file fetched and parsed: an `<svg>` root with shapes and text.
    static let inspectScript = """
        const done = arguments[arguments.length - 1];
        const deadline = Date.now() + 30000;
        const notFound = () => /can.t be found/i.test(document.body ? document.body.innerText : '');
        const title = () => { const h = document.querySelector('#app-main h1'); return h ? h.textContent.trim() : ''; };
        const frame = () => new Promise(resolve => requestAnimationFrame(() => resolve()));
        async function inspect() {
            await frame(); await frame();
            const main = document.querySelector('#app-main');
            const result = {notFound: notFound(), title: title(), diagrams: [], darkDiagrams: [], links: [], anchors: [], external: []};
            if (!main) { return result; }
            const listings = Array.from(main.querySelectorAll('.code-listing'));
            const swift = listings.filter(l => l.getAttribute('data-syntax') === 'swift');
            result.codeBlocks = listings.length;
            result.swiftBlocks = swift.length;
            result.highlighted = swift.filter(l => l.querySelector('[class^="syntax-"]')).length;
            for (const image of Array.from(main.querySelectorAll('img')).filter(i => /-diagram-\\d+/.test(i.getAttribute('src') || ''))) {
                image.loading = 'eager';
                image.scrollIntoView();
                try { await image.decode(); } catch (error) {}
                // The picture for the light appearance and, in a <source>, the one for the dark.
                const picture = image.closest('picture');
                const sources = Array.from(picture ? picture.querySelectorAll('source') : [])
                    .map(s => s.getAttribute('srcset').split(' ')[0]);
                // How wide the picture is drawn, and the column it is drawn in.
                const column = image.closest('p') || image.parentElement;
                for (const src of [image.getAttribute('src')].concat(sources)) {
                    const entry = {src: src, width: image.naturalWidth, shown: image.clientWidth, column: column ? column.clientWidth : 0,
                                   isSVG: false, texts: 0, shapes: 0, smallestFont: 0};
                    try {
                        const text = await (await fetch(src)).text();
                        const svg = new DOMParser().parseFromString(text, 'image/svg+xml');
                        entry.isSVG = svg.documentElement.nodeName === 'svg' && !svg.querySelector('parsererror');
                        entry.texts = Array.from(svg.querySelectorAll('text')).filter(t => t.textContent.trim()).length;
                        entry.shapes = svg.querySelectorAll('rect, path, line, polygon, circle, ellipse').length;
                        const sizes = Array.from(svg.querySelectorAll('[font-size]')).map(e => parseFloat(e.getAttribute('font-size')))
                            .filter(size => size > 0);
                        entry.smallestFont = sizes.length ? Math.min(...sizes) : 0;
                    } catch (error) { entry.problem = String(error); }
                    (src === image.getAttribute('src') ? result.diagrams : result.darkDiagrams).push(entry);
                }
            }
            const anchors = Array.from(document.querySelectorAll('#app-main a[href], footer a[href]'));
            result.links = anchors.filter(a => a.origin === location.origin).map(a => a.href);
            result.anchors = Array.from(document.querySelectorAll('[id]')).map(e => e.id);
            result.external = performance.getEntriesByType('resource').map(e => e.name)
                .filter(name => !name.startsWith(location.origin) && !name.startsWith('data:'));
            return result;
        }
        (function wait() {
            if (title() || notFound() || Date.now() > deadline) { inspect().then(done, error => done({problem: String(error)})); }
            else { setTimeout(wait, 50); }
        })();
        """
}
