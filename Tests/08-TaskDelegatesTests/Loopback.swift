import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPBin
import ResponseParsing
import ResponseValidation
import TaskDelegates

/// One real task on a real URLSession against HTTPBin, its events forwarded to one task delegate
/// by the bare `ForwardingSessionDelegate`, recorded by `recorder`. Returns once the task's
/// completion notification has been posted.
@discardableResult
func load(
    _ recorder: Recorder = Recorder(),
    serializer: any ResponseSerializer = JSONResponseSerializer(),
    credential: URLCredential? = nil,
    destination: TaskDelegate.Destination? = nil,
    timeout: TimeInterval = 60,
    task makeTask: (HTTPBin, URLSession) -> URLSessionTask
) async throws -> (Recorder, TaskDelegate) {
    let server = try await HTTPBin.start()
    let queues = TestQueues()
    let context = queues.context(RecordingSerializer(wrapped: serializer, log: recorder.log))
    let forwarder = ForwardingSessionDelegate(context: context, credential: credential)
    let delegateQueue = serialQueue()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    // No URL cache: on Linux (6.3.1) a cancel that lands during the cache lookup can stop the
    // whole test process once the task has left the session (chapter 9 finds the cause).
    configuration.urlCache = nil
    let session = URLSession(configuration: configuration, delegate: forwarder, delegateQueue: delegateQueue)
    let task = makeTask(server, session)
    let delegate = recorder.delegate(for: task, delegateQueue: delegateQueue, destination: destination)
    forwarder.add(delegate)
    task.resume()
    do {
        try await recorder.waitForCompletion(within: 60)
    } catch {
        session.invalidateAndCancel()
        try? await server.shutdown()
        throw error
    }
    session.finishTasksAndInvalidate()
    queues.drain()
    try await server.shutdown()
    return (recorder, delegate)
}

extension HTTPBin {
    func request(_ path: String) -> URLRequest {
        URLRequest(url: url(path))
    }
}
