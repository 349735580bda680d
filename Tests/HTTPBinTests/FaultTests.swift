import Foundation
import HTTPBin
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Each fault mode twice: the exact bytes on the wire (client-independent), and what URLSession
/// makes of them. Clients that must survive these modes get a short timeout.
@Suite("Fault modes")
struct FaultTests {
    @Test("close-before-response: the connection closes with no byte sent")
    func closeBeforeResponse() async throws {
        try await withServer { server in
            let raw = try await exchangeRawText(
                "GET /fault/close-before-response HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
            #expect(raw.bytes.isEmpty)
            let code = await urlErrorCode { try await fetch(server.url("/fault/close-before-response"), timeout: 2) }
            // Measured on Linux: libcurl's "Empty reply from server" becomes badServerResponse.
            #expect(onFoundationNetworking ? code == .badServerResponse : code != nil)
        }
    }

    @Test("close-mid-header: half a header, then the connection closes (the URLSession side is in LinuxBehaviourTests)")
    func closeMidHeaderOnTheWire() async throws {
        try await withServer { server in
            let raw = try await exchangeRawText(
                "GET /fault/close-mid-header HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
            #expect(raw.text == "HTTP/1.1 200 OK\r\nContent-Typ")
        }
    }

    @Test("close-mid-body: 500 of the 1000 announced bytes, then a close; Linux reports it as an unknown error")
    func closeMidBody() async throws {
        try await withServer { server in
            let raw = try await exchangeRawText(
                "GET /fault/close-mid-body HTTP/1.1\r\nHost: x\r\n\r\n", port: server.port)
            #expect(raw.text.contains("Content-Length: 1000\r\n"))
            #expect(raw.body.count == 500)
            let code = await urlErrorCode { try await fetch(server.url("/fault/close-mid-body"), timeout: 2) }
            // Measured on Linux: NSURLErrorUnknown (-1), described as libcurl's "transfer closed with
            // 500 bytes remaining to read", not networkConnectionLost. Chapter 5 must not rely on the code.
            #expect(onFoundationNetworking ? code == .unknown : code != nil)
        }
    }

    @Test(
        "wrong-content-length and stall-after-headers: the connection stays open, so only the request timeout ends the wait",
        arguments: ["wrong-content-length", "stall-after-headers"])
    func stalls(fault: String) async throws {
        try await withServer { server in
            let start = ContinuousClock.now
            let code = await urlErrorCode { try await fetch(server.url("/fault/\(fault)"), timeout: 1) }
            #expect(code == .timedOut)
            #expect(ContinuousClock.now - start >= .milliseconds(900))
        }
    }

    @Test("wrong-content-length announces 200 bytes and sends 100")
    func wrongContentLengthOnTheWire() async throws {
        try await withServer { server in
            let raw = try await exchangeRawBytes(
                Array("GET /fault/wrong-content-length HTTP/1.1\r\nHost: x\r\n\r\n".utf8), port: server.port,
                timeout: .milliseconds(300))
            #expect(raw.text.contains("Content-Length: 200\r\n"))
            #expect(raw.body.count == 100)
        }
    }

    @Test("slow: a correct response, one byte every interval")
    func slow() async throws {
        try await withServer { server in
            let start = ContinuousClock.now
            let fetched = try await fetch(server.url("/fault/slow?bytes=5&interval=60"))
            #expect(fetched.status == 200)
            #expect(fetched.text == "abcde")
            #expect(ContinuousClock.now - start >= .milliseconds(290))
            #expect(try await fetch(server.url("/fault/slow?bytes=100000")).status == 400)
        }
    }

    @Test("The server answers Expect: 100-continue, except at /fault/no-continue")
    func expectContinue() async throws {
        try await withServer { server in
            let request =
                "POST PATH HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi"
            let answered = try await exchangeRawText(
                request.replacingOccurrences(of: "PATH", with: "/post"), port: server.port)
            #expect(answered.text.hasPrefix("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n"))
            let ignored = try await exchangeRawText(
                request.replacingOccurrences(of: "PATH", with: "/fault/no-continue"), port: server.port)
            #expect(ignored.text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        }
    }

    @Test(
        "Any expectation but 100-continue gets 417 Expectation Failed, an empty Expect included, as real servers answer it"
    )
    func unknownExpectation() async throws {
        try await withServer { server in
            for value in ["", "200-ok", "100-continue, 200-ok"] {
                let request =
                    "POST /post HTTP/1.1\r\nHost: x\r\nExpect: \(value)\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi"
                let refused = try await exchangeRawText(request, port: server.port)
                #expect(refused.text.hasPrefix("HTTP/1.1 417 Expectation Failed\r\n"), "Expect: \"\(value)\"")
            }
            let upperCase =
                "POST /post HTTP/1.1\r\nHost: x\r\nExpect: 100-Continue\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi"
            #expect(
                try await exchangeRawText(upperCase, port: server.port).text.contains("HTTP/1.1 200 OK\r\n"),
                "the token is case-insensitive")
        }
    }

    @Test("An unknown fault mode gets 404 listing the modes")
    func unknownFault() async throws {
        try await withServer { server in
            let fetched = try await fetch(server.url("/fault/explode"))
            #expect(fetched.status == 404)
            #expect(fetched.text.contains("close-mid-body"))
        }
    }

    @Test("A stalled connection does not delay shutdown")
    func shutdownWithStalledConnection() async throws {
        let server = try await HTTPBin.start()
        let stalled = Task {
            await urlErrorCode { try await fetch(server.url("/fault/stall-after-headers"), timeout: 30) }
        }
        for _ in 0..<200 where server.requests.isEmpty {  // until the request is in (2 s at most)
            try await Task.sleep(for: .milliseconds(10))
        }
        try await Task.sleep(for: .milliseconds(100))  // and the headers are out
        let start = ContinuousClock.now
        try await server.shutdown()
        // Generous: the stalled client would wait 30 s; a shutdown that waited for it would show.
        #expect(ContinuousClock.now - start < .seconds(10))
        // The client sees the body cut short: on Linux, the same unknown error as close-mid-body.
        let code = await stalled.value
        #expect(onFoundationNetworking ? code == .unknown : code != nil)
    }
}
