// HTTPBin, the course's loopback server, reading what a client sends: the input is written as it
// is to a real connection (one or several requests, or anything else), then the client half-closes
// and reads the answer. NIO parses the HTTP; HTTPBin routes it, decodes paths, queries, forms and
// multipart bodies, and answers. The server runs in this process, so a trap on its thread is a
// crash of this target.
//
// Properties: whatever arrives, the server answers with HTTP or closes, and it keeps answering:
// after an input it has not finished with within a second (a `/delay/…` is slow on purpose), a
// fresh request must still be answered.
import Foundation
import FuzzSupport
import HTTPBin
#if canImport(Glibc)
import Glibc
#endif

/// One server for the whole run, with a small body limit so that inputs can pass it.
let server: HTTPBin = {
    final class Box: @unchecked Sendable {
        var result: Result<HTTPBin, any Error>?
    }
    let box = Box()
    let started = DispatchSemaphore(value: 0)
    Task {
        do {
            box.result = .success(try await HTTPBin.start(HTTPBin.Configuration(maxBodySize: 64 << 10)))
        } catch {
            box.result = .failure(error)
        }
        started.signal()
    }
    started.wait()
    return try! box.result!.get()
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPBin(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let answer = exchange(Array(fuzzBytes(start, count)), within: 1)
    if !answer.bytes.isEmpty {
        check(answer.bytes.starts(with: Array("HTTP/1.1 ".utf8)), "an answer that is not HTTP: \(answer.bytes.prefix(40))")
    }
    if !answer.closed {
        let probe = exchange(Array("GET /get HTTP/1.1\r\nHost: fuzz\r\n\r\n".utf8), within: 10)
        check(probe.bytes.starts(with: Array("HTTP/1.1 200".utf8)), "the server stopped answering")
    }
    return 0
}

/// Connects, sends `request`, half-closes, and reads until the server closes or `seconds` pass.
func exchange(_ request: [UInt8], within seconds: Double) -> (bytes: [UInt8], closed: Bool) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    check(socket >= 0, "no socket: errno \(errno)")
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(server.port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    check(connected == 0, "the server does not accept connections: errno \(errno)")

    var sent = 0
    while sent < request.count {
        // MSG_NOSIGNAL: a server that closes early (a refused body) must not kill this process.
        let count = request[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard count > 0 else { break }
        sent += count
    }
    shutdown(socket, Int32(SHUT_WR))

    let deadline = Date().addingTimeInterval(seconds)
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let remaining = Int32(deadline.timeIntervalSinceNow * 1000)
        guard remaining > 0 else { return (received, false) }
        var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, remaining) > 0 else { continue }
        let count = recv(socket, &buffer, buffer.count, 0)
        if count <= 0 { return (received, true) }  // closed (or reset) by the server
        received += buffer[..<count]
    }
}
