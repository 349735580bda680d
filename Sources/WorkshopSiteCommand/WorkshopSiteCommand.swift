import ArgumentParser
import Foundation
import Workshop
import WorkshopSite

/// `workshop-site`: what `swift run workshop site` runs. A program of its own, so that the site and
/// its diagram engine are compiled the first time someone asks for the site, not by a learner's
/// first `swift run workshop`.
@main
struct WorkshopSiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workshop-site",
        abstract: "Render the course as a website (DocC): chapters, exercises and API reference, diagrams drawn.")

    @Flag(help: "Then serve it on 127.0.0.1 and print the address (Ctrl-C stops).")
    var serve = false

    @Option(help: "The port for --serve; 0 picks a free one.")
    var port = 0

    @Flag(help: "Then check every page in headless Chromium, and save a screenshot of each chapter.")
    var check = false

    func run() throws {
        let site = Site(course: try Course.locate(from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)))
        if try site.run(check: check, serveOn: serve ? port : nil) == false { throw ExitCode.failure }
    }
}
