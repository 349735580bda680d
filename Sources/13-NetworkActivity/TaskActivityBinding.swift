import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import SessionManager
import TaskDelegates

/// What AFNetworking's `UIActivityIndicatorView+AFNetworking` and `UIRefreshControl+AFNetworking`
/// do, without UIKit: a control that animates while one given task runs. The app adapts it to its
/// own control in the closure (`spinner.startAnimating()`, `refreshControl.endRefreshing()`…).
///
/// It follows only the task it is bound to; binding another task forgets the first, and a binding
/// that is released hears nothing more (AFNetworking's categories hold their view weakly).
public final class TaskActivityBinding: Sendable {
    /// The two categories differ in one case: a task that is not running when it is bound.
    public enum Style: Sendable, Equatable {
        /// `UIActivityIndicatorView`: stops, and starts again if the task is resumed later. A task
        /// already completed changes nothing.
        case activityIndicator
        /// `UIRefreshControl`: ends refreshing, and follows only a task that is running when bound.
        case refreshControl
    }

    public let style: Style
    public let notificationCenter: NotificationCenter
    /// Where `animating` is called: main, as in AFNetworking.
    public let queue: DispatchQueue
    private let animating: @Sendable (Bool) -> Void
    private let binding = Protected((generation: 0, observers: ObserverTokens()))

    public init(
        style: Style, notificationCenter: NotificationCenter = .default, queue: DispatchQueue = .main,
        animating: @escaping @Sendable (Bool) -> Void
    ) {
        self.style = style
        self.notificationCenter = notificationCenter
        self.queue = queue
        self.animating = animating
    }

    deinit {
        _ = unbind()
    }

    // listing: bind-to-task
    /// AFNetworking's `setAnimatingWithStateOfTask:` and `setRefreshingWithStateOfTask:`: forget
    /// the task bound before, show the state of this one, and follow its resume, suspension and
    /// completion. Nil only forgets.
    public func bind(to task: URLSessionTask?) {
        let generation = unbind()
        guard let task else { return }
        let isRunning = task.state == .running
        switch style {
        case .activityIndicator:
            guard task.state != .completed else { return }
            show(isRunning, generation: generation)
            follow(task, generation: generation)
        case .refreshControl:
            show(isRunning, generation: generation)
            if isRunning { follow(task, generation: generation) }
        }
    }
    // end-listing

    // listing: follow-one-task
    /// Observes the three notifications of `task` alone (the center filters by object). Every
    /// change is shown on the queue, and only if no other task was bound since: a notification
    /// of the first task that is still on its way after a rebinding is dropped there.
    private func follow(_ task: URLSessionTask, generation: Int) {
        let changes: [(Notification.Name, Bool)] = [
            (.taskDidResume, true), (.taskDidSuspend, false), (.taskDidComplete, false),
        ]
        let tokens = changes.map { name, runs in
            notificationCenter.addObserver(forName: name, object: task, queue: nil) { [weak self] _ in
                self?.show(runs, generation: generation)
            }
        }
        let isCurrent = binding.withLock { binding in
            if binding.generation == generation { binding.observers = ObserverTokens(tokens: tokens) }
            return binding.generation == generation
        }
        if !isCurrent { for token in tokens { notificationCenter.removeObserver(token) } }
    }

    private func show(_ isRunning: Bool, generation: Int) {
        queue.async { [weak self] in
            guard let self, binding.withLock({ $0.generation == generation }) else { return }
            animating(isRunning)
        }
    }
    // end-listing

    /// Stops following the task bound so far; returns the new binding's number.
    private func unbind() -> Int {
        let (generation, tokens) = binding.withLock { binding in
            binding.generation += 1
            defer { binding.observers = ObserverTokens() }
            return (binding.generation, binding.observers)
        }
        for token in tokens.tokens { notificationCenter.removeObserver(token) }
        return generation
    }
}
