// listing: streamed-body-framing
/// How the server learns where a streamed body ends. A stream has no length URLSession can see,
/// so each platform's URLSession decides, and the request's headers must agree with its decision.
public enum StreamedBodyFraming: Sendable {
    /// `Content-Length: n`, the body sent as it is. What Apple's URLSession (CFNetwork) does with
    /// a Content-Length header, and what AFNetworking always sets.
    case contentLength
    /// No Content-Length: the body is sent in chunks (`Transfer-Encoding: chunked`), each with its
    /// own length. libcurl, under FoundationNetworking, chunks every body stream, *adding*
    /// `Transfer-Encoding: chunked` even next to a Content-Length header: RFC 9112 §6.2 forbids
    /// sending both, and a strict server refuses the request. For `uploadTask(withStreamedRequest:)`
    /// libcurl also asks `Expect: 100-continue`, which stays: any other expectation, an empty one
    /// included, may be refused with 417.
    case chunked

    /// `.chunked` where URLSession is FoundationNetworking (Linux), `.contentLength` elsewhere.
    public static var platformDefault: StreamedBodyFraming {
        #if canImport(FoundationNetworking)
        .chunked
        #else
        .contentLength
        #endif
    }
}
// end-listing
