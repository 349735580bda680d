// `swift run httpbin [--port 8080] [--max-body-size BYTES]`: the test server, standalone, so that a
// learner can poke it with curl. Port 0 (the default) picks a free port; the base URL is printed.
// Two flags do not need an argument-parsing library.
import Foundation
import HTTPBin

let usage = """
    usage: httpbin [--port N] [--max-body-size BYTES]
      --port N               listen on 127.0.0.1:N (default 0: any free port)
      --max-body-size BYTES  larger request bodies get 413 (default 67108864)
    Then: curl http://127.0.0.1:N/ lists the routes and fault modes.
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("httpbin: \(message)\n\(usage)\n".utf8))
    exit(2)
}

func integer(after flag: String, _ value: String?, in range: ClosedRange<Int>) -> Int {
    guard let value, let number = Int(value), range.contains(number) else {
        fail("\(flag) needs an integer in \(range.lowerBound)...\(range.upperBound)")
    }
    return number
}

var configuration = HTTPBin.Configuration()
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--port": configuration.port = integer(after: argument, arguments.popFirst(), in: 0...65_535)
    case "--max-body-size": configuration.maxBodySize = integer(after: argument, arguments.popFirst(), in: 0...Int.max)
    case "-h", "--help":
        print(usage)
        exit(0)
    default: fail("unknown argument \(argument)")
    }
}

let server: HTTPBin
do {
    server = try await HTTPBin.start(configuration)
} catch {
    // A port already in use, typically: say so rather than trap on an uncaught error.
    FileHandle.standardError.write(Data("httpbin: cannot listen on port \(configuration.port): \(error)\n".utf8))
    exit(1)
}
// Written straight to the file descriptor: `print` is buffered when stdout is a pipe, and a script
// waiting for this line would wait for a buffer to fill.
FileHandle.standardOutput.write(Data((server.baseURL.absoluteString + "\n").utf8))
// Serve until the process is interrupted (Ctrl-C); the kernel closes the sockets.
while true {
    try await Task.sleep(for: .seconds(3600))
}
