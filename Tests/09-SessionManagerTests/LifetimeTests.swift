import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SessionManager
import TestSupport
import Testing

@Suite("How long a manager lives")
struct LifetimeTests {
    final class WeakManager: Sendable {
        nonisolated(unsafe) weak var manager: URLSessionManager?
    }

    @Test(
        "Once its session exists, a manager and its session keep each other alive: dropping the last reference frees nothing until the session is invalidated"
    )
    func keptAliveUntilInvalidated() async throws {
        let weak = WeakManager()
        do {
            let manager = URLSessionManager(configuration: .ephemeral, notificationCenter: NotificationCenter())
            _ = manager.session
            weak.manager = manager
        }
        #expect(weak.manager != nil, "the session holds its delegate, the manager")
        weak.manager?.invalidateSession(cancelingTasks: true)
        #expect(await eventually { weak.manager == nil }, "invalidation lets go of the delegate")
    }

    @Test("A manager whose session was never created is freed as soon as it is dropped")
    func unusedManagerIsFreed() {
        let weak = WeakManager()
        do {
            let manager = URLSessionManager(configuration: .ephemeral, notificationCenter: NotificationCenter())
            weak.manager = manager
        }
        #expect(weak.manager == nil)
    }
}
