import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RequestBodies
import ResponseValidation
import SessionManager

extension HTTPSessionManager {
    /// Called with the task and the response object when the task succeeded.
    public typealias Success = @Sendable (URLSessionDataTask, Any?) -> Void
    /// Called with the task (nil when none was created) and the error when anything failed: the
    /// request could not be built, the network failed, or the response serializer refused the
    /// response. A refused response's body travels in the error (`ResponseSerializationError.data`).
    public typealias Failure = @Sendable (URLSessionDataTask?, any Error) -> Void

    // listing: verb-get
    /// GET: parameters in the query; `progress` reports the download. Returns the task, already
    /// resumed, or nil when the request could not be built (then `failure` gets the error).
    @discardableResult
    public func get(
        _ urlString: String, parameters: Any? = nil, headers: [String: String]? = nil,
        progress: ProgressHandler? = nil, success: Success? = nil, failure: Failure? = nil
    ) -> URLSessionDataTask? {
        resumed(
            dataTask(
                withHTTPMethod: "GET", urlString: urlString, parameters: parameters, headers: headers,
                downloadProgress: progress, success: success, failure: failure))
    }

    /// Resumes the task through chapter 9's manager (which posts the resume notification), and
    /// returns it: a verb gives back the very task it started.
    private func resumed(_ task: URLSessionDataTask?) -> URLSessionDataTask? {
        task.map(resume)
        return task
    }
    // end-listing

    /// HEAD: parameters in the query. The response has no body, so `success` gets no object.
    @discardableResult
    public func head(
        _ urlString: String, parameters: Any? = nil, headers: [String: String]? = nil,
        success: (@Sendable (URLSessionDataTask) -> Void)? = nil, failure: Failure? = nil
    ) -> URLSessionDataTask? {
        var bodiless: Success?
        if let success { bodiless = { task, _ in success(task) } }
        return resumed(
            dataTask(
                withHTTPMethod: "HEAD", urlString: urlString, parameters: parameters, headers: headers,
                success: bodiless, failure: failure))
    }

    /// POST: parameters in the body; `progress` reports the upload.
    @discardableResult
    public func post(
        _ urlString: String, parameters: Any? = nil, headers: [String: String]? = nil,
        progress: ProgressHandler? = nil, success: Success? = nil, failure: Failure? = nil
    ) -> URLSessionDataTask? {
        resumed(
            dataTask(
                withHTTPMethod: "POST", urlString: urlString, parameters: parameters, headers: headers,
                uploadProgress: progress, success: success, failure: failure))
    }

    /// PUT: parameters in the body. (AFNetworking gives PUT, PATCH and DELETE no progress.)
    @discardableResult
    public func put(
        _ urlString: String, parameters: Any? = nil, headers: [String: String]? = nil,
        success: Success? = nil, failure: Failure? = nil
    ) -> URLSessionDataTask? {
        resumed(
            dataTask(
                withHTTPMethod: "PUT", urlString: urlString, parameters: parameters, headers: headers,
                success: success, failure: failure))
    }

    /// PATCH: parameters in the body.
    @discardableResult
    public func patch(
        _ urlString: String, parameters: Any? = nil, headers: [String: String]? = nil,
        success: Success? = nil, failure: Failure? = nil
    ) -> URLSessionDataTask? {
        resumed(
            dataTask(
                withHTTPMethod: "PATCH", urlString: urlString, parameters: parameters, headers: headers,
                success: success, failure: failure))
    }

    /// DELETE: parameters in the query, as chapter 3's serializer puts them for DELETE.
    @discardableResult
    public func delete(
        _ urlString: String, parameters: Any? = nil, headers: [String: String]? = nil,
        success: Success? = nil, failure: Failure? = nil
    ) -> URLSessionDataTask? {
        resumed(
            dataTask(
                withHTTPMethod: "DELETE", urlString: urlString, parameters: parameters, headers: headers,
                success: success, failure: failure))
    }

    // listing: verb-multipart-post
    /// A multipart POST, its body streamed (chapter 4), `progress` reporting the upload. As in
    /// AFNetworking the task is an upload task made from the streamed request.
    @discardableResult
    public func post(
        _ urlString: String, parameters: [String: Any]? = nil, headers: [String: String]? = nil,
        constructingBodyWith body: ((inout MultipartFormData) throws -> Void)?,
        progress: ProgressHandler? = nil, success: Success? = nil, failure: Failure? = nil
    ) -> URLSessionDataTask? {
        let task = makeTask(success: success, failure: failure) { handler in
            let request = try multipartRequest(
                urlString: urlString, parameters: parameters, headers: headers, constructingBodyWith: body)
            return try multipartTask(request, progress: progress, completionHandler: handler)
        }
        return resumed(task)
    }
    // end-listing

    // listing: multipart-task
    /// The task of a multipart POST, closure or `async`: an upload task that streams the form.
    func multipartTask(
        _ request: URLRequest, progress: ProgressHandler?, responseSerializer: (any ResponseSerializer)? = nil,
        completionHandler: @escaping CompletionHandler
    ) throws(SessionManagerError) -> URLSessionDataTask {
        // An empty form leaves the request without a body stream: nothing to stream.
        guard request.httpBodyStream != nil else {
            return try dataTask(
                with: request, uploadProgress: progress, responseSerializer: responseSerializer,
                completionHandler: completionHandler)
        }
        // Its progress reports against the form's `Content-Length`, on Linux too (chapter 9).
        return try uploadTask(
            withStreamedRequest: request, progress: progress, responseSerializer: responseSerializer,
            completionHandler: completionHandler)
    }
    // end-listing

    // listing: data-task-with-method
    /// The task every verb but the multipart POST makes, not yet resumed (AFNetworking's
    /// `dataTaskWithHTTPMethod:…`, public so that a caller can build a task, inspect or adjust it,
    /// and resume it later). Nil when the request could not be built.
    public func dataTask(
        withHTTPMethod method: String, urlString: String, parameters: Any? = nil, headers: [String: String]? = nil,
        uploadProgress: ProgressHandler? = nil, downloadProgress: ProgressHandler? = nil,
        success: Success? = nil, failure: Failure? = nil
    ) -> URLSessionDataTask? {
        makeTask(success: success, failure: failure) { handler in
            let request = try request(method: method, urlString: urlString, parameters: parameters, headers: headers)
            return try dataTask(
                with: request, uploadProgress: uploadProgress, downloadProgress: downloadProgress,
                completionHandler: handler)
        }
    }
    // end-listing
}
