import Foundation

extension Site {
    /// The whole `workshop site` command: render, then check, then serve, as asked. Returns
    /// false when the check found problems (they are printed).
    package func run(check: Bool, serveOn port: Int?) throws -> Bool {
        var browser: Browser?
        defer { browser?.quit() }
        func openBrowser() throws -> Browser {
            if let browser { return browser }
            let opened = try Browser()
            browser = opened
            return opened
        }

        let renderStart = Date()
        let report = try build()
        log(
            """
            rendered in \(Self.seconds(since: renderStart)): \(report.pageCount) pages of the course, \(report.moduleCount) modules' \
            reference, \(report.codeBlockCount) code blocks, \(report.diagramCount) diagrams.
            The site is in \(course.relative(output)) (serve it with `swift run workshop site --serve`).
            """)

        var passed = true
        if check {
            let checkStart = Date()
            let server = try SiteServer.start(folder: output, home: Self.homePath)
            defer { server.stop() }
            let summary = try SiteCheck(
                report: report, course: course, server: server.url, screenshots: screenshots, log: log
            )
            .run(browser: try openBrowser())
            passed = summary.problems.isEmpty
            log(
                """
                checked in Chromium in \(Self.seconds(since: checkStart)): \(summary.pages) pages, \(summary.codeBlocks) code blocks, \
                \(summary.diagrams) diagrams drawn as SVG, \(summary.links) links to \(summary.linkTargets) pages and anchors of the site.
                Screenshots of each chapter's first screen: \(course.relative(screenshots)) (\(summary.screenshots) files).
                """)
            if !passed {
                log(
                    "site check: \(summary.problems.count) problem(s):\n"
                        + summary.problems.map { "- \($0)" }.joined(separator: "\n"))
            } else {
                log(
                    "site check: every page has its title, its code blocks and its diagrams, and every link leads somewhere."
                )
            }
        }

        if let port {
            browser?.quit()
            browser = nil
            let server = try SiteServer.start(folder: output, port: port, home: Self.homePath)
            log("Serving the course at \(server.url.absoluteString)\(Self.homePath)  (Ctrl-C stops)")
            try server.wait()
        }
        return passed
    }

    static func seconds(since start: Date) -> String {
        String(format: "%.1f s", Date().timeIntervalSince(start))
    }
}
