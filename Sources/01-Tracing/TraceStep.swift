/// The steps of one request's journey, in the order a successful GET meets them, each with the
/// chapter that builds it and the name AFNetworking gives it.
public enum TraceStep: String, Sendable, CaseIterable {
    case baseURLResolution = "base URL resolution"
    case queryString = "query string"
    case requestSerialization = "request serializer"
    case taskCreation = "task creation"
    case taskTableInsert = "task table insert"
    case resume = "resume"
    case resumeNotification = "resume notification"
    case didReceiveResponse = "didReceive response"
    case didReceiveData = "didReceive data"
    case didSendBodyData = "didSendBodyData"
    case didWriteData = "didWriteData"
    case didFinishDownloading = "didFinishDownloading"
    case didComplete = "didCompleteWithError"
    case taskTableRemoval = "task table removal"
    case processingQueue = "processing queue"
    case validation = "validation"
    case parsing = "parsing"
    case completionQueue = "completion queue"
    case didCompleteNotification = "did-complete notification"
    /// Chapter 11's image downloader: the image cache looked up or filled, a caller's handlers
    /// added to a merged task (a new one or one already on its way), the download queue, and the
    /// handlers called with the merged task's outcome.
    case imageCache = "image cache"
    case mergedTask = "merged task"
    case downloadQueue = "download queue"
    case responseHandlers = "response handlers"
    /// Something the caller does, noted in the same trace (a cancel, a progress report).
    case caller = "caller"

    /// The chapter that builds this step (0 for the caller's own notes).
    public var chapter: Int {
        switch self {
        case .queryString: 2
        // Chapter 3 builds the rule (`BaseURL`); chapter 10's manager applies it and reports the step.
        case .requestSerialization, .baseURLResolution: 3
        case .validation: 5
        case .parsing: 6
        case .didReceiveResponse, .didReceiveData, .didSendBodyData, .didWriteData, .didFinishDownloading, .didComplete,
            .processingQueue,
            .completionQueue, .didCompleteNotification:
            8
        case .taskCreation, .taskTableInsert, .resume, .resumeNotification, .taskTableRemoval: 9
        case .imageCache, .mergedTask, .downloadQueue, .responseHandlers: 11
        case .caller: 0
        }
    }

    /// What AFNetworking 4.0.1 calls the code that does this step.
    public var afnetworking: String {
        switch self {
        case .baseURLResolution:
            "+[NSURL URLWithString:relativeToURL:] in -[AFHTTPSessionManager dataTaskWithHTTPMethod:…]"
        case .queryString: "AFQueryStringFromParameters"
        case .requestSerialization: "-[AFHTTPRequestSerializer requestWithMethod:URLString:parameters:error:]"
        case .taskCreation: "-[AFURLSessionManager dataTaskWithRequest:…]"
        case .taskTableInsert: "-[AFURLSessionManager setDelegate:forTask:]"
        case .resume: "-[NSURLSessionTask af_resume] (swizzled)"
        case .resumeNotification: "AFNetworkingTaskDidResumeNotification"
        case .didReceiveResponse: "URLSession:dataTask:didReceiveResponse:completionHandler:"
        case .didReceiveData: "-[AFURLSessionManagerTaskDelegate URLSession:dataTask:didReceiveData:]"
        case .didSendBodyData: "URLSession:task:didSendBodyData:…"
        case .didWriteData: "URLSession:downloadTask:didWriteData:…"
        case .didFinishDownloading:
            "-[AFURLSessionManagerTaskDelegate URLSession:downloadTask:didFinishDownloadingToURL:]"
        case .didComplete: "-[AFURLSessionManagerTaskDelegate URLSession:task:didCompleteWithError:]"
        case .taskTableRemoval: "-[AFURLSessionManager removeDelegateForTask:]"
        case .processingQueue: "url_session_manager_processing_queue()"
        case .validation: "-[AFHTTPResponseSerializer validateResponse:data:error:]"
        case .parsing: "-[AFJSONResponseSerializer responseObjectForResponse:data:error:] (or the serializer set)"
        case .completionQueue: "dispatch_group_async(completionGroup, completionQueue ?: main)"
        case .didCompleteNotification: "AFNetworkingTaskDidCompleteNotification"
        case .imageCache: "-[AFAutoPurgingImageCache imageforRequest:…] / addImage:forRequest:…"
        case .mergedTask: "AFImageDownloaderMergedTask, -[AFImageDownloaderMergedTask addResponseHandler:]"
        case .downloadQueue:
            "-[AFImageDownloader startMergedTask:] / enqueueMergedTask: / safelyStartNextTaskIfNecessary"
        case .responseHandlers: "AFImageDownloaderResponseHandler successBlock / failureBlock"
        case .caller: "(your code)"
        }
    }
}
