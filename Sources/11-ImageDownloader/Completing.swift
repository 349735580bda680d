import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageInflation
import Tracing

extension ImageDownloader {
    // listing: start-merged-task
    /// Makes and resumes the tasks of downloads just given a slot, one after another, outside the
    /// lock: making a task takes the manager's own lock. A download whose task cannot be made (an
    /// invalidated session) finishes at once, and the downloads its slot frees join this same
    /// loop: started from inside `finish`, each would add to the stack, a long queue overflowing
    /// it. Every caller may have cancelled meanwhile; the task is then cancelled before it
    /// starts, and its completion (-999) still frees the slot.
    func start(_ downloads: [MergedTask]) {
        var pending = downloads
        while !pending.isEmpty {
            let merged = pending.removeFirst()
            let task: URLSessionDataTask
            do {
                task = try sessionManager.dataTask(with: merged.request, responseSerializer: responseSerializer) {
                    [weak self] response, object, error in
                    self?.complete(merged, response: response as? HTTPURLResponse, object: object, error: error)
                }
            } catch {
                // No task, so no completion will ever come: finish the download here.
                pending += finish(merged, response: nil, object: nil, error: error)
                continue
            }
            // end-listing
            // listing: start-merged-task-resume
            let stillWanted = state.withLock { state in
                guard state.isCurrent(merged) else { return false }
                state.mergedTasks[merged.urlIdentifier]?.task = task
                return true
            }
            sessionManager.trace.record(
                .downloadQueue, task: task.taskIdentifier, on: TracePlace.current,
                stillWanted
                    ? "started: \(activity.running) of \(maximumActiveDownloads) slots in use"
                    : "every caller left: cancelled")
            if stillWanted { sessionManager.resume(task) } else { task.cancel() }
        }
    }
    // end-listing

    /// The task of `merged` completed: finish the download, and start what its slot frees.
    func complete(_ merged: MergedTask, response: HTTPURLResponse?, object: Any?, error: (any Error)?) {
        start(finish(merged, response: response, object: object, error: error))
    }

    // listing: complete-merged-task
    /// Finishes a download. If it is still the download for its URL (no caller cancelled it all,
    /// no newer one replaced it), the image goes into the cache first, then its handlers take it
    /// out of the table, so that a request arriving meanwhile either joins the handlers or finds
    /// the image; each handler gets the outcome. Returns the downloads its freed slot lets start.
    func finish(_ merged: MergedTask, response: HTTPURLResponse?, object: Any?, error: (any Error)?) -> [MergedTask] {
        let outcome: Result<Image, any Error> =
            if let error { .failure(error) } else if let image = object as? Image {
                .success(image)
            } else {
                .failure(URLError(.cannotDecodeContentData))
            }
        // The cache is the app's code, which may ask the downloader anything: no lock is held.
        let cached = state.withLock { $0.isCurrent(merged) } && cache(outcome, for: merged.request)
        let (handlers, next) = state.withLock { state -> ([ResponseHandler], [MergedTask]) in
            state.activeRequestCount -= 1
            var handlers: [ResponseHandler] = []
            if state.isCurrent(merged) {
                handlers = state.mergedTasks.removeValue(forKey: merged.urlIdentifier)?.handlers ?? []
                state.finishedDownloads += 1
            }
            return (handlers, state.takeStartable(maximumActiveDownloads: maximumActiveDownloads))
        }
        traceCompletion(outcome, cached: cached)
        deliver(outcome, of: merged, response: response, to: handlers)
        return next
    }
    // end-listing

    /// Puts a downloaded image into the cache, if the cache wants it; says whether it did.
    private func cache(_ outcome: Result<Image, any Error>, for request: URLRequest) -> Bool {
        guard case .success(let image) = outcome, let imageCache,
            imageCache.shouldCache(image, for: request, withAdditionalIdentifier: nil)
        else { return false }
        imageCache.add(image, for: request, withAdditionalIdentifier: nil)
        return true
    }

    private func traceCompletion(_ outcome: Result<Image, any Error>, cached: Bool) {
        let trace = sessionManager.trace
        // The manager runs completion handlers, and so this, on its completion queue.
        let place = TracePlace.queue(sessionManager.completionQueue)
        if cached, case .success(let image) = outcome {
            trace.record(
                .imageCache, on: place,
                "added: \(TraceText.describe(image)), \(image.pixelWidth * image.pixelHeight * 4) bytes")
        }
        trace.record(
            .downloadQueue, on: place,
            "slot freed: \(activity.running) of \(maximumActiveDownloads) in use, \(activity.waiting) waiting")
    }

    /// One block on the completion queue calls every handler, in the order the callers came,
    /// whatever kind of queue the completion queue is.
    private func deliver(
        _ outcome: Result<Image, any Error>, of merged: MergedTask, response: HTTPURLResponse?,
        to handlers: [ResponseHandler]
    ) {
        let trace = sessionManager.trace
        let queue = completionQueue
        trace.record(
            .responseHandlers, on: TracePlace.queue(queue), TraceText.outcome(outcome, handlers: handlers.count))
        guard !handlers.isEmpty else { return }
        let request = merged.request
        queue.async {
            for handler in handlers {
                switch outcome {
                case .success(let image): handler.success?(request, response, image)
                case .failure(let error): handler.failure?(request, response, error)
                }
            }
        }
    }
}

/// The few words the trace shows for the downloader's steps.
enum TraceText {
    static func describe(_ image: Image) -> String {
        "\(image.pixelWidth)×\(image.pixelHeight) image"
    }

    static func outcome(_ outcome: Result<Image, any Error>, handlers: Int) -> String {
        let callers = handlers == 1 ? "1 caller" : "\(handlers) callers"
        switch outcome {
        case .success(let image): return "success to \(callers): a \(describe(image))"
        case .failure(let error):
            let bridged = error as NSError
            return "failure to \(callers): \(bridged.domain) \(bridged.code)"
        }
    }
}
