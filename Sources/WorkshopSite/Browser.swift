import Foundation
import NIOHTTP1
import Workshop

/// Headless Chromium, driven through chromedriver's W3C WebDriver protocol: JSON over HTTP on
/// loopback, so no browser library is needed, only Debian's `chromium` and `chromium-driver`.
///
/// The browser may reach 127.0.0.1 and nothing else: every other host name fails to resolve, so a
/// page that needed the network would show it.
final class Browser {
    private let driver: Process
    private let driverLog: URL
    private let client: LoopbackClient
    private let session: String

    /// Starts chromedriver on a free port and opens a browser window of `width` × `height`.
    init(width: Int = 1280, height: Int = 900) throws {
        let environment = ProcessInfo.processInfo.environment
        let driverPath = try Self.executable(named: environment["WORKSHOP_CHROMEDRIVER"] ?? "chromedriver")
        driverLog = FileManager.default.temporaryDirectory.appendingPathComponent(
            "workshop-chromedriver-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: driverLog.path, contents: nil) else {
            throw WorkshopError("could not create \(driverLog.path)")
        }
        driver = Process()
        driver.executableURL = driverPath
        driver.arguments = ["--port=0"]
        let log = try FileHandle(forWritingTo: driverLog)
        driver.standardOutput = log
        driver.standardError = log
        driver.standardInput = FileHandle.nullDevice
        try driver.run()
        try? log.close()

        var port: Int?
        for _ in 0..<200 where port == nil {
            let text = (try? String(contentsOf: driverLog, encoding: .utf8)) ?? ""
            if let range = text.range(of: #"started successfully on port \d+"#, options: .regularExpression) {
                port = Int(text[range].split(separator: " ").last ?? "")
            } else if !driver.isRunning {
                break
            } else {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        guard let port else {
            let text = (try? String(contentsOf: driverLog, encoding: .utf8)) ?? ""
            driver.terminate()
            driver.waitUntilExit()
            try? FileManager.default.removeItem(at: driverLog)
            throw WorkshopError("chromedriver did not start:\n\(text)")
        }
        client = LoopbackClient(port: port)

        var arguments = [
            "--headless=new", "--disable-gpu", "--window-size=\(width),\(height)", "--hide-scrollbars", "--lang=en-US",
            "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-dev-shm-usage", "--force-color-profile=srgb",
            "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
        ]
        // Chromium refuses to start its sandbox as root, which is how CI runs; the browser only
        // ever opens this course's own pages.
        if geteuid() == 0 { arguments.append("--no-sandbox") }
        var options: [String: Any] = ["args": arguments]
        if let binary = environment["WORKSHOP_CHROMIUM"] { options["binary"] = binary }
        let capabilities: [String: Any] = [
            "capabilities": ["alwaysMatch": ["browserName": "chrome", "goog:chromeOptions": options]]
        ]
        do {
            let created = try Self.request(client, "/session", body: capabilities)
            guard let id = (created as? [String: Any])?["sessionId"] as? String else {
                throw WorkshopError("chromedriver answered a new session with \(created)")
            }
            session = id
        } catch {
            driver.terminate()
            driver.waitUntilExit()
            client.shutdown()
            try? FileManager.default.removeItem(at: driverLog)
            throw WorkshopError(
                "Chromium did not start (\(error)); is Debian's `chromium` installed? Set WORKSHOP_CHROMIUM to its path if it is elsewhere."
            )
        }
        _ = try? call("timeouts", ["script": 60_000, "pageLoad": 60_000])
    }

    /// Closes the browser and stops chromedriver.
    func quit() {
        _ = try? Self.request(client, "/session/\(session)", method: .DELETE, body: nil)
        client.shutdown()
        driver.terminate()
        driver.waitUntilExit()
        try? FileManager.default.removeItem(at: driverLog)
    }

    deinit {
        if driver.isRunning { driver.terminate() }
    }

    /// Loads `url` and returns once the page's `load` event has fired.
    func open(_ url: URL) throws {
        _ = try call("url", ["url": url.absoluteString])
    }

    /// Runs `script` (a function body that ends by calling its last argument with the result) in
    /// the page and returns what it passed, as JSON objects.
    func run(_ script: String, _ arguments: [Any] = []) throws -> Any {
        try call("execute/async", ["script": script, "args": arguments])
    }

    /// A PNG of what the window shows.
    func screenshot() throws -> Data {
        guard let encoded = try call("screenshot", nil, method: .GET) as? String, let png = Data(base64Encoded: encoded)
        else {
            throw WorkshopError("chromedriver returned no screenshot")
        }
        return png
    }

    private func call(_ command: String, _ body: [String: Any]?, method: HTTPMethod = .POST) throws -> Any {
        try Self.request(client, "/session/\(session)/\(command)", method: method, body: body)
    }

    /// One WebDriver command: its `value`, or its error as a WorkshopError.
    private static func request(
        _ client: LoopbackClient, _ path: String, method: HTTPMethod = .POST, body: [String: Any]?
    ) throws -> Any {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let response = try client.send(method, path, body: data)
        let reply = try JSONSerialization.jsonObject(with: response.body, options: [.fragmentsAllowed])
        let value = (reply as? [String: Any])?["value"] ?? NSNull()
        if let failure = value as? [String: Any], let error = failure["error"] as? String {
            throw WorkshopError("the browser reported \(error): \(failure["message"] as? String ?? "")")
        }
        return value
    }

    /// The program `name` on PATH (or at that path), or an error that says how to install it.
    static func executable(named name: String) throws -> URL {
        guard let found = Shell.executable(named: name) else {
            throw WorkshopError(
                "\(name) is not installed. On Debian or Ubuntu: sudo apt-get install chromium chromium-driver")
        }
        return found
    }
}
