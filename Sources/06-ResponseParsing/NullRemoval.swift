import Foundation

// listing: null-removal
/// `object` without its nulls, at every level: dictionary entries whose value is null, and null
/// elements of arrays (AFNetworking 4's `AFJSONObjectByRemovingKeysWithNullValues`; versions 2 and
/// 3 left array elements alone). A lone null at the top is returned as it is.
///
/// AFNetworking recurses, one call per level. The parser allows 512 levels, and a recursive walk
/// over 512 levels needs between 128 and 256 KB of stack (measured, release build), more than some
/// threads have. So the walk keeps its own stack of the containers it is rebuilding, innermost last:
/// it needs less than 32 KB at any depth.
public func removingKeysWithNullValues(_ object: Any) -> Any {
    var open: [RebuiltContainer] = []
    var next = object
    while true {
        if let container = RebuiltContainer(next) {
            open.append(container)  // descend into a container...
        } else if open.isEmpty {
            return next  // (a lone leaf is its own result)
        } else {
            open[open.count - 1].add(next)  // ...or hand a leaf to the container that holds it
        }
        // Every container whose children are all rebuilt is finished: hand it to its parent.
        while let innermost = open.last, innermost.isFinished {
            open.removeLast()
            guard !open.isEmpty else { return innermost.value }
            open[open.count - 1].add(innermost.value)
        }
        next = open[open.count - 1].takeNextChild()
    }
}
// end-listing

/// A dictionary or an array being rebuilt: the children still to visit, and what has been rebuilt.
struct RebuiltContainer {
    /// Children not yet visited, the next one last; null entries and elements are already gone.
    private var remaining: [(key: String?, value: Any)]
    /// The child taken last, whose rebuilt value `add` receives.
    private var currentKey: String?
    private var dictionary: [String: Any]?
    private var array: [Any] = []

    init?(_ value: Any) {
        if let dictionary = value as? [String: Any] {
            remaining = dictionary.filter { !isNull($0.value) }.map { (key: $0.key, value: $0.value) }
            self.dictionary = [:]
        } else if let array = value as? [Any] {
            // AFNetworking 4.0 began dropping these too: the elements after a null move down.
            remaining = array.reversed().filter { !isNull($0) }.map { (key: nil, value: $0) }
        } else {
            return nil
        }
    }

    /// Asked only of the innermost open container, whose children taken so far are all added.
    var isFinished: Bool { remaining.isEmpty }

    var value: Any { dictionary ?? array }

    mutating func takeNextChild() -> Any {
        let (key, value) = remaining.removeLast()
        currentKey = key
        return value
    }

    mutating func add(_ rebuilt: Any) {
        if let key = currentKey {
            dictionary?[key] = rebuilt
        } else {
            array.append(rebuilt)
        }
    }
}

/// Whether `value` is JSON's null. Asked of the value's type, not the value: on Linux, `value is
/// NSNull` on a Swift dictionary first bridges the whole dictionary, deeply, to an `NSDictionary`,
/// which makes the check recursive and its cost grow with everything beneath the value.
func isNull(_ value: Any) -> Bool {
    type(of: value) is NSNull.Type
}
