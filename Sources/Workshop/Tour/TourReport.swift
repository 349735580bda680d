import Foundation
import ImageInflation
import Locking

extension Tour {
    /// The variant a command line asks for: `--status 404`, `--image`, `--post`, `--cancel`,
    /// `--download`, `--merged`, or none of them (the GET). At most one; a message otherwise.
    package static func variant(
        status: Int?, image: Bool, post: Bool, cancel: Bool, download: Bool, merged: Bool = false
    ) -> Result<Variant, TourUsageError> {
        var chosen: [Variant] = []
        if let status {
            guard status == 404 else {
                return .failure(
                    TourUsageError(
                        message: "the tour knows --status 404 (the failure path); \(status) is not one of its routes"))
            }
            chosen.append(.notFound)
        }
        if image { chosen.append(.image) }
        if post { chosen.append(.post) }
        if cancel { chosen.append(.cancel) }
        if download { chosen.append(.download) }
        if merged { chosen.append(.merged) }
        guard chosen.count <= 1 else {
            return .failure(
                TourUsageError(message: "choose one of --status 404, --image, --post, --cancel, --download, --merged"))
        }
        return .success(chosen.first ?? .get)
    }

    /// What `workshop tour` prints: an introduction, the trace, the image (for `--image`) and,
    /// when asked, the sequence diagram.
    package static func report(_ run: Run, mermaid: Bool, previewStyle: PreviewStyle = .automatic()) -> String {
        var lines = [
            "The journey of one request (chapter 1). Each line is a step the library reported to its tracer:",
            "the time since the call, the task, the queue or thread it ran on, the step, and its chapter.", "",
        ]
        lines += run.lines(masked: false)
        if let requests = run.serverRequests {
            lines.append("HTTPBin received \(requests == 1 ? "one request" : "\(requests) requests") for the image")
        }
        if let bitmap = run.bitmap {
            lines.append("")
            lines.append(String(bitmap.terminalPreview(width: 32, style: previewStyle).dropLast()))
        }
        if mermaid {
            lines += ["", "```mermaid", run.mermaid, "```"]
        } else {
            lines += [
                "",
                "Try also: --status 404, --image, --post, --cancel, --download, --merged; --mermaid draws the run as a sequence diagram.",
            ]
        }
        return lines.joined(separator: "\n")
    }

    /// Runs the tour from synchronous code (the workshop command, the examples).
    package static func runBlocking(_ variant: Variant) throws -> Run {
        let result = Protected<Result<Run, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let outcome: Result<Run, any Error>
            do { outcome = .success(try await run(variant)) } catch { outcome = .failure(error) }
            result.withLock { $0 = outcome }
            done.signal()
        }
        done.wait()
        return try result.withLock { $0! }.get()
    }
}

package struct TourUsageError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
