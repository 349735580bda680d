import Foundation
import Reachability
import TestSupport
import Testing

/// AFNetworking's `AFNetworkReachabilityManager`, on a source driven by hand: the initial
/// Unknown, the current state fetched at once, and each report delivered in order on one queue,
/// status first, then the block, then the notification.
@Suite("The manager")
struct ManagerTests {
    @Test("A manager is Unknown until monitoring starts, and delivers nothing before")
    func startsUnknown() {
        let scripted = ScriptedManager()
        scripted.settle()
        #expect(scripted.manager.networkReachabilityStatus == .unknown)
        #expect(
            !scripted.manager.isReachable && !scripted.manager.isReachableViaWiFi
                && !scripted.manager.isReachableViaWWAN)
        #expect(scripted.manager.localizedNetworkReachabilityStatusString == "Unknown")
        #expect(scripted.events.withLock { $0 }.isEmpty)
    }

    @Test("Starting delivers the current state at once, without waiting for a change")
    func startFetchesAtOnce() throws {
        let scripted = ScriptedManager()
        try scripted.manager.startMonitoring()
        scripted.settle()
        #expect(scripted.manager.networkReachabilityStatus == .reachableViaWiFi)
        #expect(scripted.events.withLock { $0 } == ScriptedManager.delivery(.reachableViaWiFi))
    }

    @Test(
        "Each delivery sets the status first, then runs the block, then posts the notification, on the manager's queue")
    func order() throws {
        let scripted = ScriptedManager()
        try scripted.manager.startMonitoring()
        scripted.source.send([])
        scripted.source.send([.reachable, .connectionRequired, .connectionOnTraffic])
        scripted.settle()
        #expect(
            scripted.events.withLock { $0 }
                == [.reachableViaWiFi, .notReachable, .reachableViaWiFi].flatMap(ScriptedManager.delivery))
    }

    @Test("The notification is AFNetworking's: its name, the manager as its object, the raw status under its key")
    func notification() throws {
        let scripted = ScriptedManager()
        let manager = scripted.manager
        /// For each notification: whether its object was the manager, and the value under the key.
        let received = Locked<[(fromManager: Bool, status: Int?)]>([])
        let token = scripted.center.addObserver(
            forName: Notification.Name("com.alamofire.networking.reachability.change"), object: nil, queue: nil
        ) { [weak manager] note in
            let fromManager = manager != nil && (note.object as AnyObject?) === manager
            let status = note.userInfo?["AFNetworkingReachabilityNotificationStatusItem"] as? Int
            received.withLock { $0.append((fromManager, status)) }
        }
        defer { scripted.center.removeObserver(token) }
        try scripted.manager.startMonitoring()
        scripted.settle()
        let notes = received.withLock { $0 }
        #expect(notes.count == 1)
        #expect(notes.first?.fromManager == true, "the object is the manager")
        #expect(notes.first?.status == 2, "the status's raw value, an Int, under AFNetworking's key")
    }

    @Test("Every report is delivered, in order, even when its status is the one before")
    func everyReportInOrder() throws {
        let scripted = ScriptedManager()
        try scripted.manager.startMonitoring()
        var sent: [NetworkReachabilityStatus] = [.reachableViaWiFi]
        var generator = SeededGenerator(seed: 13)
        for _ in 0..<300 {
            let flags: ReachabilityFlags = Bool.random(using: &generator) ? [.reachable, .isDirect] : [.reachable]
            let reachable = Bool.random(using: &generator)
            scripted.source.send(reachable ? flags : [])
            sent.append(reachable ? .reachableViaWiFi : .notReachable)
        }
        scripted.settle()
        let blocks = scripted.events.withLock { $0 }.filter { $0.hasPrefix("block ") }
        let expected = sent.map { ScriptedManager.delivery($0)[0] }
        // Compared report by report, so that a failure names the first wrong one instead of printing 600 lines.
        let padding = max(blocks.count, expected.count)
        let pairs = zip(
            blocks.map(Optional.some) + Array(repeating: nil, count: padding - blocks.count),
            expected.map(Optional.some) + Array(repeating: nil, count: padding - expected.count))
        let wrong = pairs.enumerated().first { $0.element.0 != $0.element.1 }
        #expect(
            wrong == nil,
            "\(blocks.count) deliveries for \(expected.count) reports; report \(wrong?.offset ?? 0) came as \(wrong?.element.0 ?? "nothing"), not \(wrong?.element.1 ?? "nothing")"
        )
    }

    @Test("A report whose status is the one before is delivered too, as AFNetworking delivers every report")
    func repeatedStatus() throws {
        let scripted = ScriptedManager()
        try scripted.manager.startMonitoring()
        scripted.settle()
        scripted.source.send([.reachable, .isDirect])  // other flags, the same status
        scripted.settle()
        let deliveries = scripted.events.withLock { $0 }.filter { $0.hasPrefix("block ") }.count
        #expect(
            deliveries == 2, "two reports, \(deliveries) deliveries: a report is not dropped for repeating a status")
    }

    @Test("By default the queue is main and the center the default one")
    func defaults() {
        let manager = NetworkReachabilityManager(source: ScriptedSource())
        #expect(manager.queue.label == DispatchQueue.main.label)
        #expect(manager.notificationCenter === NotificationCenter.default)
        #expect(NetworkReachabilityManager.shared === NetworkReachabilityManager.shared)
        #if os(Linux)
        #expect((NetworkReachabilityManager.shared.source as? KernelReachabilitySource)?.target == .internet)
        #endif
    }

    @Test("A report that comes after stopMonitoring is dropped, and the status stays what it was")
    func lateReport() throws {
        let scripted = ScriptedManager()
        try scripted.manager.startMonitoring()
        scripted.manager.stopMonitoring()
        scripted.source.send([])
        scripted.settle()
        #expect(scripted.source.stops.withLock { $0 } == 1)
        #expect(scripted.manager.networkReachabilityStatus == .reachableViaWiFi)
        #expect(scripted.events.withLock { $0 } == ScriptedManager.delivery(.reachableViaWiFi))
    }

    @Test("Starting again stops first, and delivers the current state again, though it did not change")
    func restart() throws {
        let scripted = ScriptedManager()
        try scripted.manager.startMonitoring()
        try scripted.manager.startMonitoring()
        scripted.source.reporters.withLock { $0.first }?(ReachabilitySnapshot(flags: []))  // the first run, too late
        scripted.settle()
        #expect(scripted.source.stops.withLock { $0 } == 1 && scripted.source.starts.withLock { $0 } == 2)
        #expect(
            scripted.events.withLock { $0 } == ScriptedManager.delivery(.reachableViaWiFi)
                + ScriptedManager.delivery(.reachableViaWiFi))
    }

    @Test("The block can be replaced and removed; the notification is posted either way")
    func block() throws {
        let scripted = ScriptedManager()
        let second = Locked<[NetworkReachabilityStatus]>([])
        try scripted.manager.startMonitoring()
        scripted.settle()
        scripted.manager.setReachabilityStatusChangeBlock { status in second.withLock { $0.append(status) } }
        scripted.source.send([])
        scripted.settle()  // the block is the one set when the delivery runs, as in AFNetworking
        scripted.manager.setReachabilityStatusChangeBlock(nil)
        scripted.source.send([.reachable])
        scripted.settle()
        #expect(second.withLock { $0 } == [.notReachable])
        #expect(scripted.events.withLock { $0 }.filter { $0.hasPrefix("notification") }.count == 3)
        #expect(scripted.manager.networkReachabilityStatus == .reachableViaWiFi)
    }

    @Test("A source that cannot start leaves the manager Unknown, and says why")
    func failingSource() throws {
        let source = ScriptedSource()
        source.failure.withLock { $0 = .system(call: "socket(AF_NETLINK, NETLINK_ROUTE)", errno: 97) }
        let scripted = ScriptedManager(source)
        #expect(throws: ReachabilityError.system(call: "socket(AF_NETLINK, NETLINK_ROUTE)", errno: 97)) {
            try scripted.manager.startMonitoring()
        }
        scripted.settle()
        #expect(scripted.manager.networkReachabilityStatus == .unknown)
        source.failure.withLock { $0 = nil }
        try scripted.manager.startMonitoring()
        scripted.settle()
        #expect(scripted.manager.networkReachabilityStatus == .reachableViaWiFi)
    }

    @Test("A manager that goes away stops its source, as AFNetworking's dealloc does")
    func releasedManagerStops() throws {
        let source = ScriptedSource()
        do {
            let scripted = ScriptedManager(source)
            try scripted.manager.startMonitoring()
            scripted.settle()
        }
        #expect(source.stops.withLock { $0 } == 1)
    }
}
