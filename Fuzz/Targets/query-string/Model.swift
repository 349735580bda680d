import Foundation
import FuzzSupport

/// What the parameters mean, and what decoding rebuilds: the model both sides are compared in.
enum Node: Equatable, CustomStringConvertible {
    /// One pair: a value, or a bare field (nil).
    case value(String?)
    /// An array of leaves: `field[]` repeated, in order.
    case list([String?])
    /// A set: the field itself repeated, values in sorted order.
    case repeated([String?])
    /// `lastKey` is decoding's bookkeeping (the key whose pairs came last), not part of the value.
    case dictionary([String: Node], lastKey: String?)

    static func == (lhs: Node, rhs: Node) -> Bool {
        switch (lhs, rhs) {
        case (.value(let a), .value(let b)): a == b
        case (.list(let a), .list(let b)), (.repeated(let a), .repeated(let b)): a == b
        case (.dictionary(let a, _), .dictionary(let b, _)): a == b
        default: false
        }
    }

    var description: String {
        switch self {
        case .value(let value): value.map { $0.debugDescription } ?? "nil"
        case .list(let values): "list\(values)"
        case .repeated(let values): "set\(values)"
        case .dictionary(let entries, _): "\(entries)"
        }
    }

    /// Adds one decoded pair below this dictionary. A dictionary's keys must arrive in sorted
    /// order, each key's pairs together: that is the depth-first walk over sorted keys.
    mutating func insert(_ value: String?, at path: ArraySlice<String>) {
        guard case .dictionary(var entries, let lastKey) = self, let key = path.first else {
            check(false, "a pair below a value: \(path)")
            return
        }
        if key != lastKey {
            check(lastKey.map { $0 < key } ?? true, "the key \(key.debugDescription) comes after \(lastKey!.debugDescription)")
            check(entries[key] == nil, "the pairs of \(key.debugDescription) are not together")
        }
        let rest = path.dropFirst()
        switch (entries[key], rest.first) {
        case (nil, nil): entries[key] = .value(value)
        case (.value(let first)?, nil): entries[key] = .repeated([first, value])
        case (.repeated(let values)?, nil): entries[key] = .repeated(values + [value])
        case (nil, "[]") where rest.count == 1: entries[key] = .list([value])
        case (.list(let values)?, "[]") where rest.count == 1: entries[key] = .list(values + [value])
        case (nil, _?):
            var child = Node.dictionary([:], lastKey: nil)
            child.insert(value, at: rest)
            entries[key] = child
        case (var child?, _?):
            child.insert(value, at: rest)
            entries[key] = child
        default:
            check(false, "the field \(path) mixes a value with a container")
        }
        self = .dictionary(entries, lastKey: key)
    }
}

/// Reads parameters from the fuzzer's bytes, and builds the model of what they mean beside them.
struct Recipe {
    var input: FuzzInput

    /// A dictionary of up to five entries, and its model (empty children left out).
    mutating func dictionary(depth: Int) -> ([String: Any], Node) {
        var parameters: [String: Any] = [:]
        var model: [String: Node] = [:]
        for _ in 0..<input.int(below: 6) {
            var key = input.string(upTo: 12)
            key.unicodeScalars.removeAll { $0 == "[" || $0 == "]" }
            guard !key.isEmpty || depth == 0 else { continue }
            let (value, node) = self.value(depth: depth + 1)
            parameters[key] = value
            model[key] = node
        }
        return (parameters, .dictionary(model.compactMapValues { $0 }, lastKey: nil))
    }

    /// A value of a kind the input picks; nil model for an empty container, which adds no pair.
    mutating func value(depth: Int) -> (Any, Node?) {
        switch input.int(below: depth < 6 ? 4 : 2) {
        case 0:
            let leaf = leaf()
            return (leaf.value, .value(leaf.text))
        case 1:
            let elements = (0..<input.int(below: 5)).map { _ in leaf() }
            return (elements.map(\.value), elements.isEmpty ? nil : .list(elements.map(\.text)))
        case 2:
            let (dictionary, node) = self.dictionary(depth: depth)
            guard case .dictionary(let entries, _) = node, !entries.isEmpty else { return (dictionary, nil) }
            return (dictionary, node)
        default:
            // Strings and integers, which describe themselves; sorted by that description.
            let elements = (0..<input.int(below: 5)).map { _ -> AnyHashable in
                input.bool() ? AnyHashable(input.string(upTo: 8)) : AnyHashable(Int(Int8(bitPattern: input.byte())))
            }
            let set = Set(elements)
            let texts = set.map { "\($0.base)" }.sorted()
            return (set, texts.isEmpty ? nil : texts.count == 1 ? .value(texts[0]) : .repeated(texts))
        }
    }

    /// A leaf value and the text it must stand for in the query (nil: a bare field). The numbers'
    /// texts are written out by hand, as `NSNumber` describes them.
    mutating func leaf() -> (value: Any, text: String?) {
        switch input.int(below: 10) {
        case 0: return (NSNull(), nil)
        case 1: return (String?.none as Any, nil)
        case 2: return (true, "1")
        case 3: return (false, "0")
        case 4: let number = Int(Int16(bitPattern: UInt16(input.byte()) << 8 | UInt16(input.byte()))); return (number, "\(number)")
        case 5: let double = input.pick(doubles); return (double.value, double.text)
        case 6: let text = input.string(upTo: 8); return (String??.some(text) as Any, text)
        default: let text = input.string(upTo: 120); return (text, text)
        }
    }
}

let doubles: [(value: Double, text: String)] = [
    (2.0, "2"), (-0.0, "0"), (0.5, "0.5"), (-7.25, "-7.25"), (1e300, "1e+300"), (0x1p53, "9007199254740992.0"),
    (.infinity, "inf"), (.nan, "nan"), (1e15, "1000000000000000"),
]
