// listing: streamed-body-framing
/// How the server learns where a streamed body ends. A stream has no length URLSession can see,
/// so each platform's URLSession decides, and the request's headers must agree with its decision.
public enum StreamedBodyFraming: Sendable {
    /// `Content-Length: n`, the body sent as it is. What Apple's URLSession (CFNetwork) does with
    /// a Content-Length header, and what AFNetworking always sets.
    case contentLength
    /// No Content-Length: the body is sent in chunks (`Transfer-Encoding: chunked`), each with its
    /// own length. FoundationNetworking on Linux hands a body stream to libcurl with an unknown
    /// length, and libcurl always chunks it, *adding* `Transfer-Encoding: chunked` even next to a
    /// Content-Length header. A request with both is invalid HTTP (RFC 9112 §6.3, the shape of a
    /// request-smuggling attack): a strict server refuses it, a lax one may read the body wrong.
    ///
    /// For `uploadTask(withStreamedRequest:)` libcurl also sends `Expect: 100-continue` and holds
    /// the body back until the server answers `100 Continue`, as real servers do at once (or for
    /// one second, then sends it anyway). The header stays: a server may refuse any other
    /// expectation with 417, an empty `Expect:` included.
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
