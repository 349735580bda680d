import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SessionManager
import TaskDelegates

extension NetworkActivityIndicatorManager {
    // listing: indicator-counts-tasks
    /// Counts from chapters 8 and 9's notifications, on whatever thread posts them; the state
    /// follows on the queue, as AFNetworking's count changes at once and its state on main.
    func observeTasks() {
        let changes: [(Notification.Name, Bool)] = [
            (.taskDidResume, true), (.taskDidSuspend, false), (.taskDidComplete, false),
        ]
        let tokens = changes.map { name, runs in
            notificationCenter.addObserver(forName: name, object: nil, queue: nil) { [weak self] notification in
                guard let self, let task = countedTask(of: notification) else { return }
                machine.withLock { runs ? $0.running.resumed(task) : $0.running.ended(task) }
                queue.async { [weak self] in self?.activityDidChange() }
            }
        }
        observers.withLock { $0 = ObserverTokens(tokens: tokens) }
    }
    // end-listing

    // listing: indicator-activity-changed
    /// AFNetworking's `updateCurrentStateForNetworkActivityChange`, run on the queue after every
    /// change in the count: what the change means depends on the state.
    func activityDidChange() {
        announce(
            machine.withLock { machine -> Bool? in
                guard machine.isEnabled else { return nil }
                let isActive = machine.isNetworkActivityOccurring
                switch machine.state {
                case .notActive: return isActive ? enter(.delayingStart, &machine) : nil
                case .delayingStart: return nil  // the activation timer decides
                case .active: return isActive ? nil : enter(.delayingEnd, &machine)
                case .delayingEnd: return isActive ? enter(.active, &machine) : nil
                }
            })
    }
    // end-listing

    // listing: indicator-enter
    /// AFNetworking's `setCurrentState:`: entering a state starts or stops its timers and shows or
    /// hides the indicator; entering the state it is in does nothing. Returns the visibility to
    /// announce, when it changed.
    func enter(_ state: State, _ machine: inout Machine) -> Bool? {
        guard machine.state != state else { return nil }
        machine.state = state
        switch state {
        case .notActive:
            cancelTimers(&machine)
            return setVisible(false, &machine)
        case .delayingStart:
            machine.activationTimer = startTimer(after: machine.activationDelay, &machine) {
                $0.activationTimerFired($1)
            }
        case .active:
            machine.completionTimer?.action.cancel()
            machine.completionTimer = nil
            return setVisible(true, &machine)
        case .delayingEnd:
            machine.completionTimer?.action.cancel()
            machine.completionTimer = startTimer(after: machine.completionDelay, &machine) {
                $0.completionTimerFired($1)
            }
        }
        return nil
    }
    // end-listing

    // listing: indicator-timers
    /// The end of the activation delay: show if tasks still run, else go back to rest (AFNetworking's
    /// `activationDelayTimerFired`). A timer that was cancelled, or replaced, does nothing.
    func activationTimerFired(_ id: Int) {
        announce(
            machine.withLock { machine -> Bool? in
                guard machine.activationTimer?.id == id else { return nil }
                machine.activationTimer = nil
                return enter(machine.isNetworkActivityOccurring ? .active : .notActive, &machine)
            })
    }

    /// The end of the completion delay: hide.
    func completionTimerFired(_ id: Int) {
        announce(
            machine.withLock { machine -> Bool? in
                guard machine.completionTimer?.id == id else { return nil }
                machine.completionTimer = nil
                return enter(.notActive, &machine)
            })
    }
    // end-listing

    func startTimer(
        after delay: TimeInterval, _ machine: inout Machine,
        firing: @escaping @Sendable (NetworkActivityIndicatorManager, Int) -> Void
    ) -> (id: Int, action: ScheduledAction) {
        machine.timers += 1
        let id = machine.timers
        return (id, clock.schedule(after: delay, on: queue) { [weak self] in if let self { firing(self, id) } })
    }

    func cancelTimers(_ machine: inout Machine) {
        machine.activationTimer?.action.cancel()
        machine.completionTimer?.action.cancel()
        machine.activationTimer = nil
        machine.completionTimer = nil
    }

    /// AFNetworking's `setNetworkActivityIndicatorVisible:`: only a change is announced.
    func setVisible(_ isVisible: Bool, _ machine: inout Machine) -> Bool? {
        guard machine.isVisible != isVisible else { return nil }
        machine.isVisible = isVisible
        return isVisible
    }

    /// Calls the action with a visibility that changed, outside the lock, on the queue.
    func announce(_ visibility: Bool?) {
        guard let visibility, let action = machine.withLock({ $0.action }) else { return }
        action(visibility)
    }

    /// Turned off: back to rest at once, the indicator hidden.
    func disable() {
        announce(machine.withLock { $0.isEnabled ? nil : enter(.notActive, &$0) })
    }
}
