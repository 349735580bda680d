import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A network namespace of a test's own: links, addresses and routes that nothing else sees, and
/// that a test may change as it likes, as root. It starts with a loopback that is down.
///
/// Namespaces are per thread: `unshare(CLONE_NEWNET)` moves only the calling thread into a new
/// one, and a netlink socket belongs to the namespace of the thread that made it. So the namespace
/// is made on a thread of its own, kept alive by a descriptor of it (`/proc/thread-self/ns/net`),
/// entered by another short-lived thread to make a source's socket (`inside`), and by `nsenter` to
/// run `ip` in it (`ip`). No thread the tests share ever changes namespace.
final class NetworkNamespace: Sendable {
    let descriptor: Int32

    /// Why namespace tests cannot run here, or nil when they can: they need Linux, root (or
    /// `CAP_SYS_ADMIN`), `ip` from iproute2 and `nsenter` from util-linux.
    static let unavailableReason: String? = {
        #if os(Linux)
        guard tool("ip") != nil, tool("nsenter") != nil else {
            return "`ip` or `nsenter` is missing (apt-get install iproute2 util-linux)"
        }
        do {
            _ = try NetworkNamespace()
            return nil
        } catch {
            return "\(error): network namespaces need root (CI runs these tests as root)"
        }
        #else
        return "network namespaces are Linux's"
        #endif
    }()

    /// Where the system keeps `name`, found without relying on `PATH` (which may lack `/usr/sbin`).
    static func tool(_ name: String) -> String? {
        ["/usr/sbin/", "/sbin/", "/usr/bin/", "/bin/"].map { $0 + name }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    init() throws {
        #if os(Linux)
        descriptor = try Self.onOwnThread {
            guard Self.unshare(Self.newNetworkNamespace) == 0 else {
                throw NamespaceError("unshare(CLONE_NEWNET) failed: \(String(cString: strerror(errno)))")
            }
            let descriptor = open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw NamespaceError("cannot open the new namespace: errno \(errno)") }
            return descriptor
        }
        #else
        throw NamespaceError("network namespaces are Linux's")
        #endif
    }

    deinit {
        close(descriptor)
    }

    /// The namespace as a file any process can enter (`nsenter --net=…`) while this object lives.
    var path: String { "/proc/\(getpid())/fd/\(descriptor)" }

    /// Runs `body` on a new thread that has entered the namespace, and returns what it returns.
    func inside<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) throws -> Value {
        #if os(Linux)
        let descriptor = descriptor
        return try Self.onOwnThread {
            guard Self.setns(descriptor, Self.newNetworkNamespace) == 0 else {
                throw NamespaceError("setns failed: \(String(cString: strerror(errno)))")
            }
            return try body()
        }
        #else
        throw NamespaceError("network namespaces are Linux's")
        #endif
    }

    /// Runs `ip` with `arguments` in the namespace, and fails with what it printed when it fails.
    func ip(_ arguments: [String]) throws {
        _ = try ipOutput(arguments)
    }

    /// Runs `ip` with `arguments` in the namespace, and returns what it printed.
    func ipOutput(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.tool("nsenter") ?? "/usr/bin/nsenter")
        process.arguments = ["--net=\(path)", Self.tool("ip") ?? "ip"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NamespaceError("ip \(arguments.joined(separator: " ")) failed: \(printed)")
        }
        return printed
    }

    /// Runs `body` on a thread made for it, which ends with it (a thread that changed namespace
    /// must never run anything else).
    private static func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) throws -> Value {
        let result = Locked<Result<Value, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            result.withLock { $0 = Result { try body() } }
            done.signal()
        }
        thread.start()
        done.wait()
        return try result.withLock { $0! }.get()
    }

    #if os(Linux)
    /// `CLONE_NEWNET`; Glibc's module shows neither it nor `unshare` and `setns` (they need
    /// `_GNU_SOURCE`), so the functions are looked up by name.
    static let newNetworkNamespace: Int32 = 0x4000_0000
    static let unshare = unsafeBitCast(dlsym(nil, "unshare"), to: (@convention(c) (Int32) -> Int32).self)
    static let setns = unsafeBitCast(dlsym(nil, "setns"), to: (@convention(c) (Int32, Int32) -> Int32).self)
    #endif
}

struct NamespaceError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
