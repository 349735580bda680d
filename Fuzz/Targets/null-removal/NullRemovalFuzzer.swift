// Chapter 6's null removal, the walk that keeps its own stack, against the obvious recursive
// walk: for every JSON document the two must build the same object. The input is JSON text.
import Foundation
import FuzzSupport
import ResponseParsing

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNullRemoval(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = Data(fuzzBytes(start, count))
    guard let object = try? JSONSerialization.jsonObject(with: text, options: .fragmentsAllowed) else { return 0 }
    let removed = removingKeysWithNullValues(object)
    let expected = recursivelyRemovingNulls(object)
    check(canonicalJSON(removed) == canonicalJSON(expected), "the walk and the recursive model disagree")
    return 0
}

/// AFNetworking 4's rule written the simple way: nulls go from dictionaries and arrays at every
/// level; a lone null stays. Recursion is safe here: the parser allows 512 levels at most.
func recursivelyRemovingNulls(_ object: Any) -> Any {
    if let dictionary = object as? [String: Any] {
        return dictionary.filter { type(of: $0.value) != NSNull.self }.mapValues(recursivelyRemovingNulls)
    }
    if let array = object as? [Any] {
        return array.filter { type(of: $0) != NSNull.self }.map(recursivelyRemovingNulls)
    }
    return object
}

/// JSON text with sorted keys, for comparing two objects; a lone fragment is written as one.
func canonicalJSON(_ object: Any) -> Data? {
    try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])
}
