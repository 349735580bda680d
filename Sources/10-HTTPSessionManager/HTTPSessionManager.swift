import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestSerialization
import ResponseValidation
import SessionManager
import Locking

/// Chapter 9's session manager with a base URL, a request serializer and one method per HTTP verb
/// (AFNetworking's `AFHTTPSessionManager`, the class most apps called).
///
/// Each verb builds the request (resolve the URL string against `baseURL`, serialize the
/// parameters, apply the per-request headers), hands it to chapter 9's task creation, resumes the
/// task and returns it. The response serializer is the inherited one: chapter 6's JSON serializer
/// until you set another.
///
/// Still `@unchecked Sendable`, for the reason chapter 9 gives: an open class cannot be checked.
/// The rule is kept: `baseURL` never changes, and the request serializer lives in a `Protected`.
open class HTTPSessionManager: URLSessionManager, @unchecked Sendable {
    /// The URL that relative URL strings resolve against, with the trailing slash added when its
    /// path needs one (see `BaseURL`). Nil: every URL string must be absolute.
    public let baseURL: URL?
    let base: BaseURL?
    let requestSerializerStorage: Protected<any RequestSerializer>

    // listing: http-manager-init
    /// A manager for `baseURL` and `configuration`, with AFNetworking's two defaults: chapter 3's
    /// `HTTPRequestSerializer` writes the requests, and chapter 6's `JSONResponseSerializer` (set
    /// by chapter 9's manager) reads the responses. Both can be replaced at any time.
    public init(
        baseURL: URL? = nil, configuration: URLSessionConfiguration? = nil,
        notificationCenter: NotificationCenter = .default
    ) {
        base = baseURL.map(BaseURL.init)
        self.baseURL = base?.url
        requestSerializerStorage = Protected(HTTPRequestSerializer())
        super.init(configuration: configuration, notificationCenter: notificationCenter)
    }
    // end-listing

    /// Writes every request: chapter 3's `HTTPRequestSerializer` until you set another (chapter
    /// 4's `JSONRequestSerializer`, for one). Read when a request is built, so a change applies to
    /// the next request, never to one already sent.
    public var requestSerializer: any RequestSerializer {
        get { requestSerializerStorage.withLock { $0 } }
        set { requestSerializerStorage.withLock { $0 = newValue } }
    }

    open override var description: String {
        let address = Unmanaged.passUnretained(self).toOpaque()
        return
            "<HTTPSessionManager: \(address), baseURL: \(baseURL?.absoluteString ?? "(none)"), operationQueue: \(operationQueue.name ?? "")>"
    }
}
