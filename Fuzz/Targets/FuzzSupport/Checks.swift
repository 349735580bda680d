/// A property every input must have. A violation stops the process with the message, which
/// libFuzzer reports as a crash and saves the input for (an `artifact_prefix` file).
public func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                  file: StaticString = #fileID, line: UInt = #line) {
    guard !condition() else { return }
    fatalError("property violated: \(message())", file: file, line: line)
}

/// The bytes libFuzzer hands a target, as a buffer (empty input: an empty buffer, never a nil
/// base address to dereference).
public func fuzzBytes(_ start: UnsafePointer<UInt8>?, _ count: Int) -> UnsafeRawBufferPointer {
    guard let start, count > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    return UnsafeRawBufferPointer(start: start, count: count)
}
