import Tracing

extension Tour.Run {
    /// The run as a Mermaid sequence diagram: one arrow per step, in the order the steps were
    /// recorded (the logical order, as the masked output), between the parts that took part.
    public var mermaid: String {
        var lines = [
            "sequenceDiagram",
            "    participant C as caller",
            "    participant M as HTTPSessionManager",
            "    participant S as request serializer",
            "    participant U as URLSession",
            "    participant D as task delegate",
            "    participant P as processing queue",
            "    participant Q as completion queue",
        ]
        var sawCall = false
        for (event, repeats) in Self.collapsed(logicalOrder) {
            let times = repeats > 1 ? " (repeated)" : ""
            switch event.step {
            case .caller where !sawCall:
                sawCall = true
                lines.append("    C->>M: \(Self.callName(variant))")
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
                if !events.contains(where: { $0.step == .queryString }) { lines.append("    M->>S: request(method:urlString:parameters:)") }
                lines.append("    S-->>M: URLRequest")
            case .taskCreation: lines.append("    M->>U: \(variant == .download ? "downloadTask" : "dataTask")(with:)")
            case .taskTableInsert: lines.append("    M->>M: task table: a row for the task")
            case .resume: lines.append("    M->>U: resume()")
            case .resumeNotification: lines.append("    Note over M: taskDidResume")
            case .didReceiveResponse: lines.append("    U->>D: didReceive response (the manager finds D in its task table)")
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
            case .completionQueue: lines.append(event.place == "completion queue" && events.contains { $0.step == .processingQueue } ? "    P->>Q: completion handler" : "    D->>Q: completion handler")
            case .didCompleteNotification: lines.append("    Note over Q: taskDidComplete (notification queue)")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func callName(_ variant: Tour.Variant) -> String {
        switch variant {
        case .get, .notFound, .image, .cancel: "GET"
        case .post: "POST"
        case .download: "download (request, then downloadTask)"
        }
    }
}
