import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import HTTPSessionManager
import ResponseValidation
import Locking

/// Chapter 10's example: the chapter ends where an app begins.
enum HTTPClientExamples {
    static let all = [client]

    static let client = Example(
        name: "http-client", chapter: 10, summary: "a small HTTPBin client written with the async façade"
    ) { print in
        for line in runBlocking(run) { print(line) }
    }

    // listing: example-http-client-types
    /// What the app wants from the server, as types.
    struct Catalogue: Decodable {
        struct Book: Decodable {
            struct Chapter: Decodable {
                let number: Int
                let title: String
            }
            let title: String
            let chapters: [Chapter]
        }
        let book: Book
    }

    struct Echo: Decodable {
        let method: String
        let path: String
        let form: [String: [String]]
    }

    struct Problem: Decodable {
        let error: String
    }
    // end-listing

    /// Starts HTTPBin, runs the tour against it, and stops it.
    @Sendable static func run(_ print: @escaping @Sendable (String) -> Void) async throws {
        let server = try await HTTPBin.start()
        do {
            try await clientTour(server, print)
            try await server.shutdown()
        } catch {
            try? await server.shutdown()
            throw error
        }
    }

    static func clientTour(_ server: HTTPBin, _ print: @escaping @Sendable (String) -> Void) async throws {
        // The server's port changes from run to run; the output shows PORT instead.
        let masked = { @Sendable (url: String) in url.replacingOccurrences(of: ":\(server.port)", with: ":PORT") }

        // listing: example-http-client
        let client = HTTPSessionManager(baseURL: server.url("/anything/shop"), configuration: .ephemeral)
        // A command-line program: nobody runs the main queue, so completions get a queue of their own.
        client.completionQueue = DispatchQueue(label: "client.completion")
        client.notificationQueue = DispatchQueue(label: "client.notifications")
        print("base URL: \(masked(client.baseURL!.absoluteString))")

        // A JSON GET, decoded into the app's own type. A rooted path leaves /anything/shop.
        let catalogue = try await client.decoded(Catalogue.self, "/json")
        let book = catalogue.object.book
        print("GET /json \(catalogue.response.statusCode): \(book.title), chapters \(book.chapters.map(\.number))")

        // A POST: the parameters become a form body; the path resolves under the base URL.
        let order = try await client.decoded(
            Echo.self, "orders", method: "POST", parameters: ["item": "book", "quantity": 2])
        let form = order.object.form.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.joined(separator: ","))" }
        print(
            "\(order.object.method) \(order.object.path) \(order.response.statusCode): form \(form.joined(separator: "&"))"
        )
        // end-listing

        // listing: example-http-client-404
        // A 404: the error carries the response and its body.
        do {
            _ = try await client.decoded(Echo.self, "/no/such/page")
        } catch let error as ResponseSerializationError {
            let status = (error.response as? HTTPURLResponse)?.statusCode ?? 0
            let problem = try JSONDecoder().decode(Problem.self, from: error.data ?? Data())
            print("GET /no/such/page \(status): \(problem.error)")
        }
        // end-listing

        // listing: example-http-client-progress
        // A download with a progress bar, drawn at each quarter.
        let (progress, reporter) = AsyncStream.makeStream(of: TransferProgress.self)
        async let download = client.response(
            "GET", "/bytes/200000", serializer: HTTPResponseSerializer(), downloadProgress: reporter)
        var quarter = 0
        for await step in progress where Int(step.fractionCompleted * 4) > quarter {
            quarter = Int(step.fractionCompleted * 4)
            let bar = String(repeating: "#", count: quarter * 5) + String(repeating: ".", count: 20 - quarter * 5)
            print("[\(bar)] \(quarter * 25)%")
        }
        let bytes = try await download.object?.count ?? 0
        print("downloaded \(bytes) bytes")
        // end-listing
        client.invalidateSession(cancelingTasks: true)
    }
}

/// Runs an async example to the end from synchronous code and returns the lines it printed.
/// (The example command is synchronous; the example blocks its thread, which is why the client
/// in it must not deliver its completions on the main queue.)
func runBlocking(_ body: @escaping @Sendable (_ print: @escaping @Sendable (String) -> Void) async throws -> Void)
    -> [String]
{
    let lines = Lines()
    let done = DispatchSemaphore(value: 0)
    Task {
        do {
            try await body { lines.append($0) }
        } catch {
            lines.append("error: \(error)")
        }
        done.signal()
    }
    done.wait()
    return lines.all
}

private final class Lines: Sendable {
    private let storage = Protected<[String]>([])
    func append(_ line: String) { storage.withLock { $0.append(line) } }
    var all: [String] { storage.withLock { $0 } }
}
