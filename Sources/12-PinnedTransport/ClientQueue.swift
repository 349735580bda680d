import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking

/// Where a protocol may call URLSession's client: never from the transport's own (NIO) threads.
///
/// On Linux, FoundationNetworking's client looks the task up in the session's task registry, a
/// plain dictionary that only the session's work queue may touch: the session adds every new task
/// to it there, and removes every finished one. Its own HTTP protocol calls the client from that
/// queue. Called from another thread, the lookup races a task being added or removed, and the
/// process stops (a null pointer in `URLSession.behaviour(for:)`, seen with 16 requests in flight
/// while new ones were made). `startLoading` runs on the task's work queue, a serial queue aimed
/// at the session's, so that is where every report goes, in the order the transport made them.
/// The queue is internal to FoundationNetworking (`URLSessionTask.workQueue`, Swift 6.3.1): it is
/// read by reflection, and a toolchain that renames it gets every request refused with a reason,
/// never a racing client (`ClientQueueTests/foundOnThisToolchain` fails first).
///
/// On Apple platforms the documented rule is the thread that called `startLoading`, in its run
/// loop: the report is performed there. (Built for macOS, not run here.)
package struct ClientQueue: @unchecked Sendable {
    #if canImport(FoundationNetworking)
    // listing: client-queue
    let queue: DispatchQueue

    /// The queue of `task`, which `startLoading` is running on; nil when it cannot be found.
    init?(of task: URLSessionTask?) {
        guard let task, let queue = Self.workQueue(of: task) else { return nil }
        self.queue = queue
    }

    func run(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    /// The task's own stored `workQueue`, declared by `URLSessionTask` (so looked for in the
    /// superclasses of a data or upload task too).
    package static func workQueue(of task: URLSessionTask) -> DispatchQueue? {
        var mirror: Mirror? = Mirror(reflecting: task)
        while let current = mirror {
            if let queue = current.children.first(where: { $0.label == "workQueue" })?.value as? DispatchQueue {
                return queue
            }
            mirror = current.superclassMirror
        }
        return nil
    }
    // end-listing
    #else
    let loop: CFRunLoop

    /// The run loop of the thread calling `startLoading`.
    init?(of task: URLSessionTask?) {
        loop = CFRunLoopGetCurrent()
    }

    func run(_ work: @escaping @Sendable () -> Void) {
        CFRunLoopPerformBlock(loop, CFRunLoopMode.commonModes.rawValue, work)
        CFRunLoopWakeUp(loop)
    }
    #endif
}

/// The protocol object, carried to NIO's threads, with the queue its reports are made on. The
/// reference is weak, so a finished task's protocol is not kept alive; whether URLSession has
/// stopped the protocol is asked on the client's queue, where `stopLoading` runs too.
struct Reporter: @unchecked Sendable {
    weak var owner: PinnedHTTPSProtocol?
    let queue: ClientQueue

    func callAsFunction(_ tell: @escaping @Sendable (any URLProtocolClient, PinnedHTTPSProtocol) -> Void) {
        queue.run { [self] in
            guard let owner, !owner.isStopped.withLock({ $0 }), let client = owner.client else { return }
            tell(client, owner)
        }
    }

    func fail(_ error: PinnedTransportError) {
        self { $0.urlProtocol($1, didFailWithError: error.urlError) }
    }
}

extension ClientQueue {
    /// The refusal when the client's queue cannot be found (a toolchain that renamed it).
    static func notFound(_ url: URL?) -> PinnedTransportError {
        .failed(
            .unknown, url: url,
            detail: "this toolchain's URLSessionTask has no work queue the transport can find, and its client "
                + "must not be called from another thread: the request was not sent")
    }
}
