import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageInflation
import Tracing

extension ImageDownloader {
    // listing: start-merged-task
    /// Makes and resumes the task of a download that was just given a slot. Outside the lock:
    /// making a task takes the manager's own lock, and nothing is called out under this one but
    /// the image cache. Every caller may have cancelled meanwhile; the task is then cancelled
    /// before it starts, and its completion (-999) still frees the slot.
    func start(_ merged: MergedTask) {
        let task: URLSessionDataTask
        do {
            task = try sessionManager.dataTask(with: merged.request, responseSerializer: responseSerializer) { [weak self] response, object, error in
                self?.complete(merged, response: response as? HTTPURLResponse, object: object, error: error)
            }
        } catch {
            // An invalidated session makes no task, and so no completion will come: complete here.
            return complete(merged, response: nil, object: nil, error: error)
        }
        let stillWanted = state.withLock { state in
            guard state.mergedTasks[merged.urlIdentifier]?.identifier == merged.identifier else { return false }
            state.mergedTasks[merged.urlIdentifier]?.task = task
            return true
        }
        sessionManager.trace.record(.downloadQueue, task: task.taskIdentifier, on: TracePlace.current,
            stillWanted ? "started: \(activity.running) of \(maximumActiveDownloads) slots in use" : "every caller left: cancelled")
        guard stillWanted else { return task.cancel() }
        sessionManager.resume(task)
    }
    // end-listing

    // listing: complete-merged-task
    /// The task of `merged` completed. If it is still the download for its URL (no caller
    /// cancelled it all, no newer one replaced it), its handlers take it out of the table and the
    /// image goes into the cache, in the same step, so that a request arriving now either joins
    /// the handlers or finds the image; then each handler gets the outcome. Either way the task's
    /// slot goes to the next download in the queue.
    func complete(_ merged: MergedTask, response: HTTPURLResponse?, object: Any?, error: (any Error)?) {
        let outcome: Result<Image, any Error> = if let error { .failure(error) } else if let image = object as? Image {
            .success(image)
        } else {
            .failure(URLError(.cannotDecodeContentData))
        }
        let (handlers, cached, next) = state.withLock { state -> ([ResponseHandler], Bool, [MergedTask]) in
            state.activeRequestCount -= 1
            var (handlers, cached) = ([ResponseHandler](), false)
            if state.mergedTasks[merged.urlIdentifier]?.identifier == merged.identifier {
                handlers = state.mergedTasks.removeValue(forKey: merged.urlIdentifier)?.handlers ?? []
                if case .success(let image) = outcome, let imageCache,
                    imageCache.shouldCache(image, for: merged.request, withAdditionalIdentifier: nil) {
                    imageCache.add(image, for: merged.request, withAdditionalIdentifier: nil)
                    cached = true
                }
            }
            return (handlers, cached, state.takeStartable(maximumActiveDownloads: maximumActiveDownloads))
        }
        traceCompletion(outcome, cached: cached)
        deliver(outcome, of: merged, response: response, to: handlers)
        for waiting in next { start(waiting) }
    }
    // end-listing

    private func traceCompletion(_ outcome: Result<Image, any Error>, cached: Bool) {
        let trace = sessionManager.trace
        // The manager runs completion handlers, and so this, on its completion queue.
        let place = TracePlace.queue(sessionManager.completionQueue)
        if cached, case .success(let image) = outcome {
            trace.record(.imageCache, on: place, "added: \(TraceText.describe(image)), \(image.pixelWidth * image.pixelHeight * 4) bytes")
        }
        trace.record(.downloadQueue, on: place, "slot freed: \(activity.running) of \(maximumActiveDownloads) in use, \(activity.waiting) waiting")
    }

    /// One block on the completion queue calls every handler, in the order the callers came,
    /// whatever kind of queue the completion queue is.
    private func deliver(_ outcome: Result<Image, any Error>, of merged: MergedTask, response: HTTPURLResponse?, to handlers: [ResponseHandler]) {
        let trace = sessionManager.trace
        let queue = completionQueue
        trace.record(.responseHandlers, on: TracePlace.queue(queue), TraceText.outcome(outcome, handlers: handlers.count))
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
