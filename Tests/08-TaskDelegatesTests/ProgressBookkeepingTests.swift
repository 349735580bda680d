import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TaskDelegates

@Suite("Progress bookkeeping")
struct ProgressBookkeepingTests {
    @Test("A response's total is its Content-Length, or unknown when it is chunked")
    func responseTotal() {
        let url = URL(string: "http://example.test/")!
        let sized = HTTPURLResponse(
            url: url, statusCode: 200, httpVersion: nil, headerFields: ["Content-Length": "12"])!
        let chunked = HTTPURLResponse(
            url: url, statusCode: 200, httpVersion: nil, headerFields: ["Transfer-Encoding": "chunked"])!
        #expect(ProgressBookkeeping.expectedTotal(of: sized) == 12)
        #expect(ProgressBookkeeping.expectedTotal(of: chunked) == -1)
    }
}
