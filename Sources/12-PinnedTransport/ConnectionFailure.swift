import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NIOSSL

/// What SwiftNIO's errors mean to an app: the URLSession code for each, with a sentence.
enum ConnectionFailure {
    // listing: refusal-becomes-1202
    /// A failed handshake reports the policy's refusal when the policy refused: the error
    /// swift-nio-ssl raises says only that verification failed, the recorded verdict says why.
    static func from(_ error: any Error, verdict: HandshakeVerdict?, duringHandshake: Bool) -> PinnedTransportError {
        if let error = error as? PinnedTransportError { return error }
        if let verdict, !verdict.decision.isTrusted {
            return .untrusted(verdict.decision, url: nil, presented: verdict.presented)
        }
        return failure(error, duringHandshake: duringHandshake)
    }
    // end-listing

    // listing: connection-failure-codes
    /// Everything else becomes the code URLSession gives the same failure, with a sentence.
    static func failure(_ error: any Error, duringHandshake: Bool) -> PinnedTransportError {
        switch error {
        case HTTPParserError.invalidEOFState, ChannelError.eof, NIOSSLError.uncleanShutdown:
            let code: URLError.Code = duringHandshake ? .secureConnectionFailed : .networkConnectionLost
            return .failed(code, url: nil, detail: "the server closed the connection before the response ended")
        case let error as HTTPParserError:
            return .failed(.badServerResponse, url: nil, detail: "the response is not valid HTTP/1.1: \(error)")
        case is NIOHTTPDecompression.DecompressionError, is NIOHTTPDecompression.ExtraDecompressionError:
            let limit = "\(PinnedConnection.decompressionRatio) times its compressed size"
            return .failed(.cannotDecodeContentData, url: nil, detail: "the body is not what it says, or past \(limit)")
        case let error as BodyStreamError:  // the nearest code for a body stream that cannot be read to its end
            return .failed(.requestBodyStreamExhausted, url: nil, detail: error.description, underlying: error)
        case is NIOSSLError, is BoringSSLError:
            return .failed(.secureConnectionFailed, url: nil, detail: "TLS failed: \(error)")
        case ChannelError.connectTimeout:
            return .failed(.timedOut, url: nil, detail: "connecting took longer than the request's timeout")
        case is NIOConnectionError, ChannelError.connectPending:
            return .failed(.cannotConnectToHost, url: nil, detail: "cannot connect: \(error)")
        default:
            return .failed(.networkConnectionLost, url: nil, detail: "the connection failed: \(error)")
        }
    }
    // end-listing
}
