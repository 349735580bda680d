import Tracing

extension Tour.Run {
    /// The run as a Mermaid sequence diagram: one arrow per step, in the order the steps were
    /// recorded (the logical order, as the masked output), between the parts that took part.
    package var mermaid: String {
        // `--merged` goes through the image downloader and builds no request with a serializer.
        let merged = variant == .merged
        let participants =
            ["C as caller"] + (merged ? ["I as ImageDownloader"] : []) + ["M as HTTPSessionManager"]
            + (merged ? [] : ["S as request serializer"])
            + ["U as URLSession", "D as task delegate", "P as processing queue", "Q as completion queue"]
        var lines = ["sequenceDiagram"] + participants.map { "    participant \($0)" }
        var sawCall = false
        for (event, repeats) in Self.collapsed(logicalOrder) {
            let times = repeats > 1 ? " (repeated)" : ""
            switch event.step {
            case .caller where !sawCall:
                sawCall = true
                lines.append("    C->>\(merged ? "I" : "M"): \(Self.callName(variant))")
            case .caller where merged:
                let who = event.detail.contains("caller 2") ? "caller 2" : "caller 1"
                if event.detail.hasPrefix("downloadImage") {
                    lines.append("    C->>I: downloadImage (\(who))")
                } else {
                    lines.append("    Q->>C: \(event.detail.hasPrefix("success") ? "success" : "failure") (\(who))")
                }
            case .caller:
                if event.detail.hasPrefix("success") || event.detail.hasPrefix("failure") {
                    lines.append("    Q->>C: \(event.detail.hasPrefix("success") ? "success" : "failure")(task, …)")
                } else if event.detail.hasPrefix("cancel") {
                    lines.append("    C->>U: task.cancel()")
                } else {
                    lines.append("    D->>C: progress\(times)")
                }
            case .baseURLResolution: lines.append("    M->>M: resolve against the base URL")
            case .queryString:
                lines.append("    M->>S: request(method:urlString:parameters:)")
                lines.append("    S->>S: query string")
            case .requestSerialization:
                if !events.contains(where: { $0.step == .queryString }) {
                    lines.append("    M->>S: request(method:urlString:parameters:)")
                }
                lines.append("    S-->>M: URLRequest")
            case .taskCreation: lines.append("    M->>U: \(variant == .download ? "downloadTask" : "dataTask")(with:)")
            case .taskTableInsert: lines.append("    M->>M: task table: a row for the task")
            case .resume: lines.append("    M->>U: resume()")
            case .resumeNotification: lines.append("    Note over M: taskDidResume")
            case .didReceiveResponse:
                lines.append("    U->>D: didReceive response (the manager finds D in its task table)")
            case .didReceiveData: lines.append("    U->>D: didReceive data\(times)")
            case .didSendBodyData: lines.append("    U->>D: didSendBodyData\(times)")
            case .didWriteData: lines.append("    U->>D: didWriteData\(times)")
            case .didFinishDownloading: lines.append("    U->>D: didFinishDownloading (move the file)")
            case .didComplete: lines.append("    M->>D: didComplete")
            case .taskTableRemoval:
                lines.append("    U->>M: didCompleteWithError")
                lines.append("    M->>M: task table: the row out, first")
            case .processingQueue: lines.append("    D->>P: response serializer")
            case .validation: lines.append("    P->>P: validate")
            case .parsing: lines.append("    P->>P: parse")
            case .completionQueue:
                lines.append(
                    event.place == "completion queue" && events.contains { $0.step == .processingQueue }
                        ? "    P->>Q: completion handler" : "    D->>Q: completion handler")
            case .didCompleteNotification: lines.append("    Note over Q: taskDidComplete (notification queue)")
            case .imageCache: lines.append("    I->>I: image cache: \(event.detail)")
            case .mergedTask:
                lines.append(
                    event.detail.hasPrefix("joined")
                        ? "    I->>I: join the merged task (one more handler)" : "    I->>I: new merged task")
            case .downloadQueue: lines.append("    Note over I: \(event.detail)")
            case .responseHandlers: lines.append("    I->>Q: every caller's handler, in the order they came")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func callName(_ variant: Tour.Variant) -> String {
        switch variant {
        case .get, .notFound, .image, .cancel: "GET"
        case .post: "POST"
        case .download: "download (request, then downloadTask)"
        case .merged: "downloadImage (caller 1)"
        }
    }
}
