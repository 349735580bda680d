import Foundation

/// Waits until `condition` holds, checking every 10 ms, for at most `seconds`: for what a test
/// can only observe after the fact (a map emptied on another queue), without a fixed sleep.
package func eventually(within seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 10_000_000)
    }
    return condition()
}
