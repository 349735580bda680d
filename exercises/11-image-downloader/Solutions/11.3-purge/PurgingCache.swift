/// The bookkeeping of AFNetworking's `AFAutoPurgingImageCache`, without the images and without
/// the lock: what each entry costs, when it was last used, and which entries a purge removes.
///
/// AFNetworking's rule, with the image just added kept out of the purge: the caller is about to
/// show it. Its own purge can remove it, together with everything else, whenever it is bigger than
/// the preferred size: the oldest entries go first, and the newest is last in line.
public struct PurgingCache {
    /// The most bytes the entries may use; an add that takes the total above it purges.
    public let capacity: UInt64
    /// What a purge brings the total down to (or below).
    public let preferredAfterPurge: UInt64
    /// The bytes the entries use now.
    public private(set) var memoryUsage: UInt64 = 0

    struct Entry {
        var bytes: UInt64
        /// The clock's reading at the entry's last add or read.
        var lastUse: UInt64
    }

    var entries: [String: Entry] = [:]
    /// Counts adds and reads: the later a use, the larger its reading.
    var clock: UInt64 = 0

    public init(capacity: UInt64, preferredAfterPurge: UInt64) {
        self.capacity = capacity
        self.preferredAfterPurge = min(preferredAfterPurge, capacity)
    }

    /// The identifiers of the entries held now.
    public var identifiers: Set<String> { Set(entries.keys) }

    /// Reads an entry: true if it is held. A read counts as a use.
    public mutating func read(_ identifier: String) -> Bool {
        guard entries[identifier] != nil else { return false }
        clock += 1
        entries[identifier]?.lastUse = clock
        return true
    }

    /// Adds an entry of `bytes` bytes, replacing any entry with the same identifier, then, if the
    /// total is above the capacity, removes the least recently used of the other entries until it
    /// is at or below the preferred size, or only the new entry is left. An entry bigger than the
    /// capacity is not kept: it purges nothing, and the entry it would replace goes (it is stale).
    public mutating func add(_ identifier: String, bytes: UInt64) {
        guard bytes <= capacity else {
            if let stale = entries.removeValue(forKey: identifier) { memoryUsage -= stale.bytes }
            return
        }
        clock += 1
        let previous = entries.updateValue(Entry(bytes: bytes, lastUse: clock), forKey: identifier)
        memoryUsage = memoryUsage - (previous?.bytes ?? 0) + bytes
        guard memoryUsage > capacity else { return }
        let bytesToPurge = memoryUsage - preferredAfterPurge
        var purged: UInt64 = 0
        for (other, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where other != identifier {
            guard purged < bytesToPurge else { break }
            entries[other] = nil
            purged += entry.bytes
        }
        memoryUsage -= purged
    }
}
