import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NetworkActivity
import TestSupport
import Testing

/// AFNetworking's `AFNetworkActivityIndicatorManager`, on a clock a test moves: its four states,
/// every transition between them, the two delays to the nanosecond, `enabled`, and the count of
/// running tasks, each task once.
@Suite("The activity indicator")
struct IndicatorTests {
    @Test("Off by default, with AFNetworking's delays: 1 s before showing, 0.17 s before hiding")
    func defaults() {
        let indicator = NetworkActivityIndicatorManager(
            notificationCenter: NotificationCenter(), queue: TestQueue.named("defaults"), clock: ManualActivityClock())
        #expect(!indicator.isEnabled)
        #expect(indicator.activationDelay == 1.0 && indicator.completionDelay == 0.17)
        #expect(
            indicator.state == .notActive && !indicator.isNetworkActivityIndicatorVisible
                && indicator.activityCount == 0)
        #expect(NetworkActivityIndicatorManager.shared.queue.label == DispatchQueue.main.label)
    }

    @Test("Not active → delaying start: a task starts; delaying start → active: exactly 1 s later, it shows")
    func showsAfterActivationDelay() {
        let harness = IndicatorHarness()
        harness.resume(harness.task())
        #expect(harness.indicator.state == .delayingStart && harness.events.isEmpty)
        harness.advance(0.999_999_999)
        #expect(harness.events.isEmpty, "shown before the activation delay was over")
        harness.advance(0.000_000_001)
        #expect(harness.events == ["shown at 1.0"])
        #expect(harness.indicator.state == .active && harness.indicator.isNetworkActivityIndicatorVisible)
    }

    @Test("Delaying start → not active: a 30 ms request shows nothing at all")
    func shortRequestShowsNothing() {
        let harness = IndicatorHarness()
        let task = harness.task()
        harness.resume(task)
        harness.advance(0.03)
        harness.complete(task)
        harness.advance(5)
        #expect(harness.events.isEmpty)
        #expect(harness.indicator.state == .notActive)
    }

    @Test("Active → delaying end: the last task ends; delaying end → not active: exactly 0.17 s later, it hides")
    func hidesAfterCompletionDelay() {
        let harness = IndicatorHarness()
        let task = harness.task()
        harness.resume(task)
        harness.advance(1.5)
        harness.complete(task)
        #expect(harness.indicator.state == .delayingEnd)
        harness.advance(0.169_999_999)
        #expect(harness.events == ["shown at 1.0"], "hidden before the completion delay was over")
        harness.advance(0.000_000_001)
        #expect(harness.events == ["shown at 1.0", "hidden at 1.67"])
        #expect(harness.indicator.state == .notActive)
    }

    @Test("Delaying end → active: a task that starts within 0.17 s keeps it shown, without a flicker")
    func noFlickerBetweenRequests() {
        let harness = IndicatorHarness()
        let first = harness.task()
        harness.resume(first)
        harness.advance(1.5)
        harness.complete(first)
        harness.advance(0.1)
        let second = harness.task()
        harness.resume(second)
        #expect(harness.indicator.state == .active)
        harness.advance(2)
        #expect(harness.events == ["shown at 1.0"], "the old completion timer must not hide it")
        harness.complete(second)
        harness.advance(0.17)
        #expect(harness.events == ["shown at 1.0", "hidden at 3.77"])
    }

    @Test(
        "Delaying start: tasks that come and go change nothing; the delay runs from the first, and shows if any runs at its end"
    )
    func delayRunsFromFirstTask() {
        let harness = IndicatorHarness()
        let first = harness.task()
        harness.resume(first)
        harness.advance(0.2)
        harness.complete(first)
        harness.advance(0.3)
        harness.resume(harness.task())
        harness.advance(0.5)
        #expect(harness.events == ["shown at 1.0"], "the delay does not start again with each task")
    }

    @Test("Disabled, it shows nothing; disabling hides it at once and stops its timers")
    func disabled() {
        let harness = IndicatorHarness(enabled: false)
        harness.resume(harness.task())
        harness.advance(2)
        #expect(harness.events.isEmpty && harness.indicator.state == .notActive)

        let shown = IndicatorHarness()
        let task = shown.task()
        shown.resume(task)
        shown.advance(1.2)
        shown.indicator.isEnabled = false
        shown.settle()
        #expect(shown.events == ["shown at 1.0", "hidden at 1.2"])
        shown.complete(task)
        shown.advance(5)
        #expect(shown.events == ["shown at 1.0", "hidden at 1.2"])
    }

    @Test("Enabled while a task runs: the delay starts at once (AFNetworking would wait for the next task)")
    func enabledDuringTask() {
        let harness = IndicatorHarness(enabled: false)
        harness.resume(harness.task())
        harness.advance(0.5)
        harness.indicator.isEnabled = true
        harness.settle()
        harness.advance(1)
        #expect(harness.events == ["shown at 1.5"])
    }

    @Test("A task is counted once however many notifications it posts: resumed twice, suspended then cancelled")
    func countedOnce() {
        let harness = IndicatorHarness()
        let (a, b) = (harness.task(), harness.task())
        harness.resume(a)
        harness.resume(a)
        harness.resume(b)
        #expect(harness.indicator.activityCount == 2)
        harness.suspend(a)
        harness.complete(a)  // a suspended task that is cancelled completes
        #expect(harness.indicator.activityCount == 1, "b still runs")
        harness.advance(3)
        #expect(harness.events == ["shown at 1.0"], "hidden while b runs")
        harness.complete(b)
        harness.advance(0.17)
        #expect(harness.events == ["shown at 1.0", "hidden at 3.17"])
    }

    @Test("A task suspended and resumed again is one task: its completion ends it")
    func suspendedAndResumed() {
        let harness = IndicatorHarness()
        let task = harness.task()
        for post in [harness.resume, harness.suspend, harness.resume] { post(task) }
        harness.advance(1)
        harness.complete(task)
        harness.advance(0.17)
        #expect(harness.indicator.activityCount == 0)
        #expect(harness.events == ["shown at 1.0", "hidden at 1.17"])
    }

    @Test("Only a change of visibility reaches the action, on the indicator's queue")
    func onlyChanges() {
        let harness = IndicatorHarness()
        let task = harness.task()
        harness.resume(task)
        harness.advance(1)
        harness.complete(task)
        harness.resume(task)
        harness.complete(task)
        harness.advance(1)
        #expect(harness.shown.withLock { $0 } == ["shown at 1.0 on indicator", "hidden at 1.17 on indicator"])
    }

    @Test("A notification about something that is not a task counts nothing")
    func notATask() {
        let harness = IndicatorHarness()
        harness.center.post(name: .taskDidResume, object: "not a task" as NSString)
        harness.center.post(name: .taskDidResume, object: nil)
        harness.settle()
        #expect(harness.indicator.activityCount == 0 && harness.indicator.state == .notActive)
    }

    @Test("Counting by hand: increments count like tasks, and decrements never go below zero")
    func manualCount() {
        let harness = IndicatorHarness()
        harness.indicator.decrementActivityCount()
        harness.indicator.decrementActivityCount()
        harness.indicator.incrementActivityCount()
        harness.settle()
        #expect(harness.indicator.activityCount == 1)
        harness.advance(1)
        harness.indicator.decrementActivityCount()
        harness.settle()
        harness.advance(0.17)
        #expect(harness.events == ["shown at 1.0", "hidden at 1.17"])
    }

    @Test("Changed delays apply from the next timer on")
    func changedDelays() {
        let harness = IndicatorHarness()
        harness.indicator.activationDelay = 0.25
        harness.indicator.completionDelay = 0.5
        let task = harness.task()
        harness.resume(task)
        harness.advance(0.25)
        harness.complete(task)
        harness.advance(0.5)
        #expect(harness.events == ["shown at 0.25", "hidden at 0.75"])
    }
}
