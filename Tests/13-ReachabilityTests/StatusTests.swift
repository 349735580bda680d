import Foundation
import Reachability
import Testing

/// AFNetworking's four statuses, their raw values (which travel in the notification) and their
/// strings (`AFStringFromNetworkReachabilityStatus`).
@Suite("Statuses")
struct StatusTests {
    @Test("The four statuses have AFNetworking's raw values: -1, 0, 1, 2")
    func rawValues() {
        let raw = NetworkReachabilityStatus.allCases.map { "\($0): \($0.rawValue)" }
        #expect(raw == ["Unknown: -1", "Not Reachable: 0", "Reachable via WWAN: 1", "Reachable via WiFi: 2"])
        #expect(NetworkReachabilityStatus(rawValue: 3) == nil, "no fifth status")
    }

    @Test("Each status reads as AFStringFromNetworkReachabilityStatus writes it")
    func strings() {
        #expect(NetworkReachabilityStatus.unknown.description == "Unknown")
        #expect(NetworkReachabilityStatus.notReachable.description == "Not Reachable")
        #expect(NetworkReachabilityStatus.reachableViaWWAN.description == "Reachable via WWAN")
        #expect(NetworkReachabilityStatus.reachableViaWiFi.description == "Reachable via WiFi")
    }

    @Test("Only the two reachable statuses are reachable; unknown is not")
    func isReachable() {
        let reachable = NetworkReachabilityStatus.allCases.filter(\.isReachable)
        #expect(reachable == [.reachableViaWWAN, .reachableViaWiFi], "\(reachable)")
    }

    @Test("The notification and its key have AFNetworking's exact strings")
    func notificationStrings() {
        #expect(Notification.Name.reachabilityDidChange.rawValue == "com.alamofire.networking.reachability.change")
        #expect(ReachabilityNotificationKey.status == "AFNetworkingReachabilityNotificationStatusItem")
    }
}
