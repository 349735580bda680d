import Chapter08Exercise4
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking
import TaskDelegates
import Testing

@Suite("8.4 Replace the download, never lose a file")
struct MoveDownloadTests {
    @Test("No file at the destination: the download is moved there, the success notification names the task, nothing else is left")
    func fresh() throws {
        let scene = try Scene()
        defer { scene.cleanUp() }
        let returned = scene.move()
        #expect(returned == scene.destination, "the destination is returned, whatever happened")
        #expect(scene.contents(of: scene.destination) == "the download")
        #expect(!scene.temporaryFileIsThere, "the temporary file was moved, so it should not be there any more")
        #expect(scene.posted == [Posted(name: .downloadTaskDidMoveFileSuccessfully, objectIsTask: true, userInfoKeys: nil)])
        #expect(scene.leftovers.isEmpty, "left behind in the destination's folder: \(scene.leftovers)")
    }

    @Test("A file already at the destination is replaced by the download, and no copy of it is left behind")
    func replace() throws {
        let scene = try Scene()
        defer { scene.cleanUp() }
        try scene.putOldFile()
        let returned = scene.move()
        #expect(returned == scene.destination)
        #expect(
            scene.contents(of: scene.destination) == "the download",
            "the file at the destination was not replaced (AFNetworking's move refuses to overwrite; this exercise replaces)")
        #expect(!scene.temporaryFileIsThere)
        #expect(scene.posted.map(\.name) == [.downloadTaskDidMoveFileSuccessfully])
        #expect(scene.leftovers.isEmpty, "left behind in the destination's folder: \(scene.leftovers)")
    }

    @Test("When the download cannot be moved in, the file already at the destination stays as it was, and the failure is posted with the error's userInfo")
    func keepOnFailure() throws {
        let scene = try Scene()
        defer { scene.cleanUp() }
        try scene.putOldFile()
        try FileManager.default.removeItem(at: scene.temporary)  // the download's file is gone: moving it in must fail
        let returned = scene.move()
        #expect(returned == scene.destination)
        #expect(
            scene.contents(of: scene.destination) == "the old file",
            "the file that was at the destination is gone or changed: moving the download in failed, and the old file must survive that")
        let posted = scene.posted
        #expect(posted.map(\.name) == [.downloadTaskDidFailToMoveFile], "one failure notification, and no success")
        #expect(posted.first?.objectIsTask == true)
        #expect(posted.first?.userInfoKeys?.isEmpty == false, "the failure notification carries the error's own userInfo")
        #expect(scene.leftovers.isEmpty, "left behind in the destination's folder: \(scene.leftovers)")
    }

    @Test("When the download is there but the move is refused (its folder is read-only), the file already at the destination stays as it was")
    func keepWhenTheMoveIsRefused() throws {
        let scene = try Scene(temporaryInReadOnlyFolder: true)
        defer { scene.cleanUp() }
        try scene.putOldFile()
        guard let returned = scene.moveAsOrdinaryUser() else { return }  // see `asOrdinaryUser`
        #expect(returned == scene.destination)
        #expect(scene.temporaryFileIsThere, "the download's file left its read-only folder: the test could not make the move fail here")
        #expect(
            scene.contents(of: scene.destination) == "the old file",
            "the download's file was there, moving it in was refused for lack of permission, and the file that was at the destination is gone or changed")
        #expect(scene.posted.map(\.name) == [.downloadTaskDidFailToMoveFile], "one failure notification, and no success")
        #expect(scene.leftovers.isEmpty, "left behind in the destination's folder: \(scene.leftovers)")
    }

    @Test("A destination whose folder does not exist: the failure notification with the move's error userInfo, the destination returned, the temporary file deleted")
    func missingFolder() throws {
        let scene = try Scene(destinationInMissingFolder: true)
        defer { scene.cleanUp() }
        let returned = scene.move()
        #expect(returned == scene.destination, "the destination is returned even when the move failed, as AFNetworking does")
        #expect(!scene.temporaryFileIsThere, "Linux leaves the temporary file behind: it must be deleted when it was not moved")
        let posted = try #require(scene.posted.first, "no notification was posted")
        #expect(scene.posted.count == 1)
        #expect(posted.name == .downloadTaskDidFailToMoveFile)
        #expect(posted.objectIsTask)
        #expect(posted.userInfoKeys == scene.keysOfTheMoveError(), "the userInfo should be the move error's own")
    }
}

struct Posted: Equatable, Sendable {
    var name: Notification.Name
    var objectIsTask: Bool
    var userInfoKeys: Set<String>?
}

/// A temporary file as URLSession leaves it, a destination in a folder of its own, a task, and a
/// private notification center that records what is posted.
final class Scene: Sendable {
    let folder: URL
    let temporary: URL
    let destination: URL
    let task: URLSessionDownloadTask
    let center = NotificationCenter()
    private let notes = Protected<[Posted]>([])
    private let session = URLSession(configuration: .ephemeral)

    /// The read-only folder that holds the temporary file, when there is one.
    let readOnlyFolder: URL?

    init(destinationInMissingFolder: Bool = false, temporaryInReadOnlyFolder: Bool = false) throws {
        let base = FileManager.default.temporaryDirectory
        folder = base.appendingPathComponent("8.4-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        readOnlyFolder = temporaryInReadOnlyFolder ? base.appendingPathComponent("8.4-\(UUID().uuidString)-download") : nil
        if let readOnlyFolder { try FileManager.default.createDirectory(at: readOnlyFolder, withIntermediateDirectories: true) }
        temporary = (readOnlyFolder ?? base).appendingPathComponent("\(UUID().uuidString).tmp")
        destination = destinationInMissingFolder
            ? folder.appendingPathComponent("missing/photo.jpg") : folder.appendingPathComponent("photo.jpg")
        try Data("the download".utf8).write(to: temporary)
        if let readOnlyFolder {
            // Nothing may leave or enter the download's folder; anyone may change the destination's.
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnlyFolder.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        }
        task = session.downloadTask(with: URL(string: "http://127.0.0.1:9/photo.jpg")!)
        for name in [Notification.Name.downloadTaskDidMoveFileSuccessfully, .downloadTaskDidFailToMoveFile] {
            _ = center.addObserver(forName: name, object: nil, queue: nil) { [self] note in
                let keys = note.userInfo.map { Set($0.keys.compactMap { $0 as? String }) }
                notes.withLock { $0.append(Posted(name: note.name, objectIsTask: (note.object as AnyObject?) === task, userInfoKeys: keys)) }
            }
        }
    }

    func move() -> URL {
        moveDownload(from: temporary, to: destination, task: task, notificationCenter: center)
    }

    /// `move()`, with the file-system permissions of an ordinary user; nil where that cannot be
    /// arranged.
    func moveAsOrdinaryUser() -> URL? {
        let result = Protected<URL?>(nil)
        guard asOrdinaryUser({ result.withLock { $0 = self.move() } }) else { return nil }
        return result.withLock { $0 }
    }

    func putOldFile() throws {
        try Data("the old file".utf8).write(to: destination)
    }

    var posted: [Posted] { notes.withLock { $0 } }

    var temporaryFileIsThere: Bool { FileManager.default.fileExists(atPath: temporary.path) }

    func contents(of file: URL) -> String? {
        (try? Data(contentsOf: file)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Everything in the folder but the destination, hidden files included.
    var leftovers: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0 != destination.lastPathComponent }.sorted()
    }

    /// The keys of the userInfo of the error that moving a file to `destination` gives.
    func keysOfTheMoveError() -> Set<String>? {
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
        if let readOnlyFolder {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: readOnlyFolder.path)
            try? FileManager.default.removeItem(at: readOnlyFolder)
        }
        try? FileManager.default.removeItem(at: temporary)
        try? FileManager.default.removeItem(at: folder)
        session.invalidateAndCancel()
    }
}

/// Runs `body` with the file-system permissions of an ordinary user, and waits for it; false,
/// without running it, where that cannot be arranged.
///
/// Tests often run as root (CI, containers), and root ignores a folder's permissions. On Linux a
/// thread can give that up for itself alone: `setfsuid` sets the user its file operations are
/// checked as, here `nobody` (65534), and clears root's power to ignore permissions for that
/// thread only. Swift's Glibc module does not declare `setfsuid`, so it is looked up by name.
func asOrdinaryUser(_ body: @escaping @Sendable () -> Void) -> Bool {
    guard geteuid() == 0 else {
        body()  // an ordinary user already
        return true
    }
    #if os(Linux)
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "setfsuid") else { return false }
    let setfsuid = unsafeBitCast(symbol, to: (@convention(c) (UInt32) -> Int32).self)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        _ = setfsuid(65_534)
        body()
        _ = setfsuid(0)
        done.signal()
    }
    thread.start()
    done.wait()
    return true
    #else
    return false
    #endif
}
