import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPSessionManager
import RequestSerialization
import ResponseValidation
import SessionManager
import TestSupport
import Testing

@Suite("Redirects and Basic authentication, as httpbin sends them", .interopServer)
struct RedirectAndAuthTests {
    /// Records each redirect the session offers to the manager's hook, and follows it.
    static func recordRedirects(of manager: HTTPSessionManager) -> Locked<[String]> {
        let hops = Locked<[String]>([])
        manager.updateHooks {
            $0.taskWillPerformHTTPRedirection = { _, _, response, request in
                hops.withLock { $0.append("\(response.statusCode) → \(request.url?.path ?? "?")") }
                return request
            }
        }
        return hops
    }

    @Test("A chain of three relative redirects is followed to its end, each hop seen by the hook in order")
    func relativeChain() async throws {
        try await withManager { manager in
            let hops = Self.recordRedirects(of: manager)
            let echo = try await manager.decoded(Echo.self, "redirect/3")
            #expect(echo.object.path == "/get")
            #expect(echo.response.url?.path == "/get")
            #expect(hops.value == ["302 → /relative-redirect/2", "302 → /relative-redirect/1", "302 → /get"])
        }
    }

    @Test("Absolute redirects are followed too, and a 303 after a POST continues as a GET")
    func absoluteAndSeeOther() async throws {
        try await withManager { manager in
            let hops = Self.recordRedirects(of: manager)
            let absolute = try await manager.decoded(Echo.self, "absolute-redirect/2")
            #expect(absolute.object.path == "/get")
            #expect(hops.value == ["302 → /absolute-redirect/1", "302 → /get"])
            let seeOther = try await manager.decoded(
                Echo.self, "redirect-to?url=%2Fget%3Fafter%3D%F0%9F%98%80&status_code=303", method: "POST",
                parameters: ["k": "v"])
            #expect(seeOther.object.path == "/get")
            #expect(seeOther.object.args == ["after": "😀"])
        }
    }

    @Test(
        "A 307 or 308 keeps the method and the body: the form arrives at the redirect's target, or on Linux the manager stops at the redirect",
        arguments: [307, 308])
    func temporaryRedirectKeepsBody(status: Int) async throws {
        try await withManager { manager in
            let path = "redirect-to?url=%2Fanything%2Ftarget&status_code=\(status)"
            guard isFoundationNetworking else {
                let echo = try await manager.decoded(Echo.self, path, method: "POST", parameters: ["k": "v 😀"]).object
                #expect(echo.path == "/anything/target")
                #expect(echo.method == "POST")
                #expect(echo.form == ["k": "v 😀"])
                return
            }
            // RFC 9110 §15.4.8–9: the request is repeated, content included. FoundationNetworking
            // (Swift 6.3.1) repeats the POST with `Content-Length: 0`, so the manager does not
            // follow: the caller gets the redirect itself, as a typed error that carries it,
            // rather than the target's answer to an empty form.
            let error = await #expect(throws: ResponseSerializationError.self) {
                try await manager.decoded(Echo.self, path, method: "POST", parameters: ["k": "v 😀"])
            }
            let response = error?.response as? HTTPURLResponse
            #expect(response?.statusCode == status)
            #expect(response?.value(forHTTPHeaderField: "Location") == "/anything/target")
        }
    }

    @Test("A redirect stopped by the hook completes with the 302 itself: its status, its Location, no hop followed")
    func stoppedByHook() async throws {
        try await withManager { manager in
            let offered = Locked(0)
            manager.updateHooks {
                $0.taskWillPerformHTTPRedirection = { _, _, _, _ in
                    offered.withLock { $0 += 1 }
                    return nil
                }
            }
            var redirectsAccepted = HTTPResponseSerializer()
            redirectsAccepted.acceptableStatusCodes = IndexSet(integersIn: 200..<400)
            let stopped = try await manager.response("GET", "redirect/3", serializer: redirectsAccepted)
            #expect(stopped.response.statusCode == 302)
            #expect(stopped.response.value(forHTTPHeaderField: "Location") == "/relative-redirect/2")
            #expect(offered.value == 1)
            // Under the default JSON serializer the same 302 is a typed failure that carries it.
            let error = await #expect(throws: ResponseSerializationError.self) { try await manager.get("redirect/3") }
            #expect(error?.reason == .unacceptableStatusCode(302))
            #expect((error?.response as? HTTPURLResponse)?.statusCode == 302)
        }
    }

    @Test("The hook may send the redirect somewhere else, with headers of its own")
    func rewrittenByHook() async throws {
        try await withManager { manager in
            manager.updateHooks {
                $0.taskWillPerformHTTPRedirection = { _, _, _, request in
                    var rewritten = request
                    rewritten.url = request.url.flatMap {
                        URL(string: "/anything/rewritten", relativeTo: $0)?.absoluteURL
                    }
                    rewritten.setValue("yes", forHTTPHeaderField: "X-Rewritten")
                    return rewritten
                }
            }
            let echo = try await manager.decoded(Echo.self, "redirect/1").object
            #expect(echo.path == "/anything/rewritten")
            #expect(echo.header("X-Rewritten") == "yes")
        }
    }

    @Test("Basic auth in a header set by chapter 3's serializer: accepted, and refused with a wrong password")
    func basicAuthHeader() async throws {
        struct Authenticated: Decodable, Equatable {
            var authenticated: Bool
            var user: String
        }
        try await withManager { manager in
            var serializer = HTTPRequestSerializer()
            // A colon belongs to the password (only the first one splits), UTF-8 is sent as UTF-8.
            serializer.setAuthorizationHeader(username: "ada", password: "pä:ss wörd")
            manager.requestSerializer = serializer
            let challenges = Locked(0)
            manager.updateHooks {
                $0.authenticationChallengeHandler = { _, _, _, _ in
                    challenges.withLock { $0 += 1 }
                    return .disposition(.performDefaultHandling)
                }
            }
            let path = "basic-auth/ada/p%C3%A4:ss%20w%C3%B6rd"
            let accepted = try await manager.decoded(Authenticated.self, path)
            #expect(accepted.object == Authenticated(authenticated: true, user: "ada"))
            let hidden = try await manager.decoded(Authenticated.self, "hidden-" + path)
            #expect(hidden.object == Authenticated(authenticated: true, user: "ada"))
            #expect(challenges.value == 0)

            serializer.setAuthorizationHeader(username: "ada", password: "wrong")
            manager.requestSerializer = serializer
            let refused = await #expect(throws: ResponseSerializationError.self) { try await manager.get(path) }
            #expect(refused?.reason == .unacceptableStatusCode(401))
            let hiddenRefused = await #expect(throws: ResponseSerializationError.self) {
                try await manager.get("hidden-" + path)
            }
            #expect(hiddenRefused?.reason == .unacceptableStatusCode(404))
        }
    }

    @Test("Basic auth through the challenge handler: one challenge for the realm, answered with a credential")
    func basicAuthChallenge() async throws {
        struct Authenticated: Decodable, Equatable {
            var authenticated: Bool
            var user: String
        }
        try await withManager { manager in
            let seen = Locked<[String]>([])
            let server = try InteropServer.baseURL()
            manager.updateHooks {
                $0.authenticationChallengeHandler = { _, _, challenge, _ in
                    let space = challenge.protectionSpace
                    seen.withLock {
                        $0.append(
                            "\(space.authenticationMethod) \(space.realm ?? "no realm") \(space.host):\(space.port) #\(challenge.previousFailureCount)"
                        )
                    }
                    return challenge.previousFailureCount == 0
                        ? .credential(URLCredential(user: "grace", password: "h0pper", persistence: .none))
                        : .disposition(.cancelAuthenticationChallenge)
                }
            }
            let accepted = try await manager.decoded(Authenticated.self, "basic-auth/grace/h0pper")
            #expect(accepted.object == Authenticated(authenticated: true, user: "grace"))
            #expect(
                seen.value == [
                    "\(NSURLAuthenticationMethodHTTPBasic) Fake Realm \(server.host ?? ""):\(server.port ?? 80) #0"
                ])
        }
    }

    @Test("A wrong credential meets a second challenge; default handling then completes with the 401")
    func basicAuthChallengeRefused() async throws {
        try await withManager { manager in
            let failures = Locked<[Int]>([])
            manager.updateHooks {
                $0.authenticationChallengeHandler = { _, _, challenge, _ in
                    failures.withLock { $0.append(challenge.previousFailureCount) }
                    return challenge.previousFailureCount == 0
                        ? .credential(URLCredential(user: "grace", password: "wrong", persistence: .none))
                        : .disposition(.performDefaultHandling)
                }
            }
            let error = await #expect(throws: ResponseSerializationError.self) {
                try await manager.get("basic-auth/grace/h0pper")
            }
            #expect(error?.reason == .unacceptableStatusCode(401))
            #expect(
                (error?.response as? HTTPURLResponse)?.value(forHTTPHeaderField: "WWW-Authenticate")
                    == "Basic realm=\"Fake Realm\"")
            #expect(failures.value == [0, 1])
        }
    }

    @Test("A challenge the handler cancels fails the task with -999, and a handler's own error wins over it")
    func basicAuthChallengeCancelled() async throws {
        struct NoCredentials: Error {}
        try await withManager { manager in
            manager.updateHooks {
                $0.authenticationChallengeHandler = { _, _, _, _ in .disposition(.cancelAuthenticationChallenge) }
            }
            let cancelled = await #expect(throws: URLError.self) { try await manager.get("basic-auth/grace/h0pper") }
            #expect(cancelled?.code == .cancelled)
            manager.updateHooks { $0.authenticationChallengeHandler = { _, _, _, _ in .failure(NoCredentials()) } }
            await #expect(throws: NoCredentials.self) { try await manager.get("basic-auth/grace/h0pper") }
        }
    }
}
