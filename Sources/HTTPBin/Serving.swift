extension HTTPBin {
    /// Runs `body` with a server of its own, then shuts the server down, whether `body` returned or
    /// threw: the harness every loopback test and example would otherwise write again. Anything
    /// the body built on the server (a manager, a session) is its to end, in a `defer`, so that it
    /// is gone before the server is.
    public static func serving<Result>(
        _ configuration: Configuration = Configuration(), _ body: (HTTPBin) async throws -> Result
    ) async throws -> Result {
        let server = try await start(configuration)
        do {
            let result = try await body(server)
            try await server.shutdown()
            return result
        } catch {
            try? await server.shutdown()
            throw error
        }
    }
}
