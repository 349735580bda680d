import Chapter08Exercise4
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import TaskDelegates
import Testing

@Suite("8.4 Move the download")
struct MoveDownloadTests {
    @Test("A move that works: the file is at the destination, the success notification names the task, no userInfo")
    func success() throws {
        let scene = try Scene()
        defer { scene.cleanUp() }
        let returned = moveDownload(from: scene.temporary, to: scene.destination, task: scene.task, notificationCenter: scene.center)
        #expect(returned == scene.destination)
        #expect(try String(contentsOf: scene.destination, encoding: .utf8) == "the body")
        #expect(!FileManager.default.fileExists(atPath: scene.temporary.path))
        #expect(scene.posted.withLock { $0 } == [Posted(name: .downloadTaskDidMoveFileSuccessfully, objectIsTask: true, userInfoKeys: nil)])
    }

    @Test("A destination that cannot exist: the failure notification with the error's userInfo, the destination returned, the temporary file deleted")
    func impossible() throws {
        let scene = try Scene(destination: URL(fileURLWithPath: "/nonexistent/dir/file"))
        defer { scene.cleanUp() }
        let returned = moveDownload(from: scene.temporary, to: scene.destination, task: scene.task, notificationCenter: scene.center)
        #expect(returned == scene.destination)
        #expect(!FileManager.default.fileExists(atPath: scene.temporary.path))
        let posted = try #require(scene.posted.withLock { $0 }.first)
        #expect(scene.posted.withLock { $0.count } == 1)
        #expect(posted.name == .downloadTaskDidFailToMoveFile)
        #expect(posted.objectIsTask)
        #expect(posted.userInfoKeys == scene.expectedFailureKeys())
    }

    @Test("A destination that is already there: the move fails and the file that was there is untouched")
    func alreadyThere() throws {
        let scene = try Scene()
        defer { scene.cleanUp() }
        try Data("already here".utf8).write(to: scene.destination)
        let returned = moveDownload(from: scene.temporary, to: scene.destination, task: scene.task, notificationCenter: scene.center)
        #expect(returned == scene.destination)
        #expect(try String(contentsOf: scene.destination, encoding: .utf8) == "already here")
        #expect(!FileManager.default.fileExists(atPath: scene.temporary.path))
        #expect(scene.posted.withLock { $0 }.map(\.name) == [.downloadTaskDidFailToMoveFile])
    }
}

struct Posted: Equatable, Sendable {
    var name: Notification.Name
    var objectIsTask: Bool
    var userInfoKeys: Set<String>?
}

/// A temporary file as URLSession leaves it, a destination, a task, and a private notification
/// center that records what is posted.
final class Scene: Sendable {
    let temporary: URL
    let destination: URL
    let task: URLSessionDownloadTask
    let center = NotificationCenter()
    let posted = Mutex<[Posted]>([])
    private let session = URLSession(configuration: .ephemeral)

    init(destination: URL? = nil) throws {
        let folder = FileManager.default.temporaryDirectory
        temporary = folder.appendingPathComponent("\(UUID().uuidString).tmp")
        self.destination = destination ?? folder.appendingPathComponent("8.4-\(UUID().uuidString).txt")
        try Data("the body".utf8).write(to: temporary)
        task = session.downloadTask(with: URL(string: "http://127.0.0.1:9/file")!)
        for name in [Notification.Name.downloadTaskDidMoveFileSuccessfully, .downloadTaskDidFailToMoveFile] {
            _ = center.addObserver(forName: name, object: nil, queue: nil) { [self] note in
                let keys = note.userInfo.map { Set($0.keys.compactMap { $0 as? String }) }
                posted.withLock { $0.append(Posted(name: note.name, objectIsTask: (note.object as AnyObject?) === task, userInfoKeys: keys)) }
            }
        }
    }

    /// The keys of the userInfo of the error that moving to `destination` gives.
    func expectedFailureKeys() -> Set<String>? {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString).probe")
        try? Data().write(to: probe)
        defer { try? FileManager.default.removeItem(at: probe) }
        do {
            try FileManager.default.moveItem(at: probe, to: destination)
            return nil
        } catch {
            return Set((error as NSError).userInfo.keys)
        }
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: temporary)
        if destination.path.hasPrefix(FileManager.default.temporaryDirectory.path) {
            try? FileManager.default.removeItem(at: destination)
        }
        session.invalidateAndCancel()
    }
}
