import Foundation
import Testing
import Tracing
@testable import Workshop

/// Each variant of `workshop tour`, run for real against HTTPBin, in this process. The tests
/// check the steps, their order and the outcome, never the times.
@Suite("The tour")
struct TourTests {
    @Test("The GET reports every step of the journey, once each, and the caller's closure runs once")
    func get() async throws {
        let run = try await Tour.run(.get)
        #expect(run.completions == 1)
        let steps = Tour.Run.collapsed(run.logicalOrder).map(\.0.step)
        #expect(
            steps == [
                .caller, .baseURLResolution, .queryString, .requestSerialization, .taskCreation, .taskTableInsert,
                .resume,
                .resumeNotification, .didReceiveResponse, .didReceiveData, .taskTableRemoval, .didComplete,
                .processingQueue,
                .validation, .parsing, .completionQueue, .caller, .didCompleteNotification,
            ])
        #expect(
            run.events.contains {
                $0.step == .queryString
                    && $0.detail == "in the URL: author=Ada%20Lovelace&tags%5B%5D=swift&tags%5B%5D=linux"
            })
        #expect(run.events.last { $0.step == .caller }?.detail.hasPrefix("success: a dictionary") == true)
    }

    @Test("--status 404: validation fails, the body is still parsed, and failure gets the error with the body in it")
    func notFound() async throws {
        let run = try await Tour.run(.notFound)
        #expect(run.completions == 1)
        #expect(run.events.first { $0.step == .validation }?.detail.contains("-1011") == true)
        #expect(run.events.first { $0.step == .completionQueue }?.detail.hasPrefix("object Dictionary") == true)
        let failure = try #require(run.events.last { $0.step == .caller }?.detail)
        #expect(
            failure == "failure: com.alamofire.error.serialization.response -1011, the body (24 bytes) in the error")
    }

    @Test("--image: chapter 7's serializer inflates the PNG, and the bitmap reaches the preview")
    func image() async throws {
        let run = try await Tour.run(.image)
        #expect(run.completions == 1)
        #expect(run.events.first { $0.step == .processingQueue }?.detail == "ImageResponseSerializer")
        let bitmap = try #require(run.bitmap)
        #expect(bitmap.width > 0 && bitmap.height > 0)
        #expect(
            Tour.report(run, mermaid: false, previewStyle: .plain).split(separator: "\n").count > run.lines(
                masked: false
            ).count + 4)
    }

    @Test("--post: the parameters become the form body, and upload progress reaches the body's length")
    func post() async throws {
        let run = try await Tour.run(.post)
        #expect(run.completions == 1)
        #expect(run.events.contains { $0.step == .queryString && $0.detail == "in the body: item=book&quantity=2" })
        #expect(run.events.contains { $0.step == .didSendBodyData && $0.detail == "20 of 20 bytes sent" })
        #expect(run.events.contains { $0.step == .caller && $0.detail == "upload progress 20 of 20" })
    }

    @Test("--cancel: the task ends with -999, skips the serializer, and the closure runs exactly once")
    func cancel() async throws {
        let run = try await Tour.run(.cancel)
        #expect(run.completions == 1)
        let steps = run.events.map(\.step)
        #expect(!steps.contains(.processingQueue) && !steps.contains(.validation) && !steps.contains(.parsing))
        #expect(steps.filter { $0 == .didComplete }.count == 1)
        #expect(steps.filter { $0 == .completionQueue }.count == 1)
        let cancel = try #require(run.events.firstIndex { $0.detail.hasPrefix("cancel()") })
        #expect(cancel < steps.firstIndex(of: .didComplete)!)
        #expect(run.events.last { $0.step == .caller }?.detail == "failure: NSURLErrorDomain -999")
    }

    @Test(
        "--download: the body goes to a file, the file is moved, and the caller gets its URL; the tour removes it afterwards"
    )
    func download() async throws {
        let run = try await Tour.run(.download)
        #expect(run.completions == 1)
        let steps = run.events.map(\.step)
        #expect(!steps.contains(.didReceiveData) && !steps.contains(.queryString))
        let written = run.events.filter { $0.step == .didWriteData }.map(\.detail)
        #expect(!written.isEmpty)
        // Linux reads the running total when the delegate queue runs the callback, not when the
        // chunk was written: a total may repeat, but it never goes back, and the last is the length.
        let totals = written.compactMap { Int($0.prefix { $0 != " " }) }
        #expect(totals.count == written.count && totals == totals.sorted() && totals.last == 65536)
        #expect(run.events.contains { $0.step == .didFinishDownloading && $0.detail == "moved to tour-download.bin" })
        #expect(steps.lastIndex(of: .didWriteData)! < steps.firstIndex(of: .didFinishDownloading)!)
        #expect(steps.firstIndex(of: .didFinishDownloading)! < steps.firstIndex(of: .didComplete)!)
        #expect(run.events.first { $0.step == .completionQueue }?.detail == "object URL")
        #expect(run.events.last { $0.step == .caller }?.detail == "success: the file tour-download.bin, 65536 bytes")
        #expect(run.mermaid.contains("M->>U: downloadTask(with:)"))
        let file = try #require(run.file)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(!FileManager.default.fileExists(atPath: file.deletingLastPathComponent().path))
    }

    @Test(
        "--merged: two callers ask chapter 11's downloader for one image: one task, one decode, one request at HTTPBin, each closure once"
    )
    func merged() async throws {
        let run = try await Tour.run(.merged)
        #expect(run.completions == 2)
        #expect(run.serverRequests == 1)
        let steps = run.events.map(\.step)
        #expect(steps.filter { $0 == .taskCreation }.count == 1)
        #expect(steps.filter { $0 == .parsing }.count == 1)
        #expect(
            run.events.filter { $0.step == .mergedTask }.map(\.detail) == [
                "new download, 1 caller", "joined the download on its way: 2 callers wait on it",
            ])
        // The second caller joined while the first one's download was on its way.
        #expect(steps.lastIndex(of: .mergedTask)! < steps.firstIndex(of: .didReceiveResponse)!)
        #expect(
            run.events.contains { $0.step == .responseHandlers && $0.detail == "success to 2 callers: a 16×16 image" })
        let answers = run.events.filter { $0.step == .caller && $0.place == "completion queue" }.map(\.detail)
        #expect(
            answers == ["success (caller 1): a 16×16 image, inflated", "success (caller 2): a 16×16 image, inflated"])
        #expect(steps.last == .didCompleteNotification)
        #expect(run.mermaid.contains("    C->>I: downloadImage (caller 2)"))
        #expect(!run.mermaid.contains("request serializer"))
    }

    @Test("Masked output hides the times and the port, and keeps the caller's steps before the first callback")
    func masked() {
        let event = { (step: TraceStep, place: String, ms: Int64) in
            TraceEvent(
                step: step, taskIdentifier: 1, place: place, detail: "http://127.0.0.1:4242/x",
                elapsed: .milliseconds(ms))
        }
        // A run in which the first callback was recorded before the caller's last step.
        let run = Tour.Run(
            variant: .notFound,
            events: [
                event(.caller, "caller's thread", 0), event(.resume, "caller's thread", 1),
                event(.didReceiveResponse, "delegate queue", 2), event(.resumeNotification, "caller's thread", 3),
            ], completions: 1, port: 4242)
        let lines = run.lines(masked: true)
        #expect(lines.allSatisfy { !$0.contains("4242") })
        #expect(lines.dropFirst().prefix(4).allSatisfy { $0.hasPrefix("+      ··· ms") })
        #expect(
            lines.firstIndex { $0.contains("resume notification") }! < lines.firstIndex {
                $0.contains("didReceive response")
            }!)
        let unmasked = run.lines(masked: false)
        #expect(
            unmasked.firstIndex { $0.contains("resume notification") }! > unmasked.firstIndex {
                $0.contains("didReceive response")
            }!)
    }

    @Test("The diagram is a Mermaid sequence diagram with one arrow per step, in the run's order")
    func diagram() async throws {
        let run = try await Tour.run(.get)
        let lines = run.mermaid.split(separator: "\n").map(String.init)
        #expect(lines.first == "sequenceDiagram")
        let arrows = lines.filter { $0.contains("->>") || $0.contains("-->>") || $0.contains("Note over") }
        #expect(arrows.first == "    C->>M: GET")
        #expect(arrows.last == "    Note over Q: taskDidComplete (notification queue)")
        let order = [
            "M->>U: dataTask(with:)", "M->>U: resume()", "U->>D: didReceive response", "D->>P: response serializer",
            "P->>Q: completion handler", "Q->>C: success",
        ]
        let positions = order.map { step in arrows.firstIndex { $0.contains(step) } }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }

    @Test("The command line chooses one variant; two at once, or a status the tour has no route for, are refused")
    func variants() throws {
        #expect(try Tour.variant(status: nil, image: false, post: false, cancel: false, download: false).get() == .get)
        #expect(
            try Tour.variant(status: 404, image: false, post: false, cancel: false, download: false).get() == .notFound)
        #expect(try Tour.variant(status: nil, image: true, post: false, cancel: false, download: false).get() == .image)
        #expect(
            try Tour.variant(status: nil, image: false, post: false, cancel: true, download: false).get() == .cancel)
        #expect(
            try Tour.variant(status: nil, image: false, post: false, cancel: false, download: true).get() == .download)
        #expect(
            try Tour.variant(status: nil, image: false, post: false, cancel: false, download: false, merged: true).get()
                == .merged)
        #expect(throws: TourUsageError.self) {
            try Tour.variant(status: nil, image: true, post: false, cancel: false, download: false, merged: true).get()
        }
        #expect(throws: TourUsageError.self) {
            try Tour.variant(status: nil, image: true, post: true, cancel: false, download: false).get()
        }
        #expect(throws: TourUsageError.self) {
            try Tour.variant(status: nil, image: false, post: false, cancel: true, download: true).get()
        }
        #expect(throws: TourUsageError.self) {
            try Tour.variant(status: 500, image: false, post: false, cancel: false, download: false).get()
        }
    }
}
