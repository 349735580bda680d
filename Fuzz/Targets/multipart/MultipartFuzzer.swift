// Chapter 4's multipart forms: a form built from the fuzzer's choices (fields, files, parts with
// headers of their own, streams that keep or break their declared length, a boundary of the
// input's), then its body read through `makeBodyStream()` in buffers of the input's size, and read
// back: split at the boundary, every part must come out with its headers and bytes.
//
// Properties: the body has `contentLength` bytes and reads the same in any buffer size and after
// reopening; a stream of the wrong length fails the read with the error that names it; no header a
// form holds can break its header block; the framing reads back into exactly the parts given.
import Foundation
import FuzzSupport
import RequestBodies

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipart(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(fuzzBytes(start, count))
    var form = makeForm(&input)
    var contents: [[UInt8]] = []
    var firstBadStream: (index: Int, declared: Int, actual: Int)?
    for _ in 0..<input.int(below: 6) {
        let (content, declared) = appendPart(to: &form, &input)
        guard let content else { continue }  // refused: a header with a line break
        if let declared, declared != content.count, firstBadStream == nil {
            firstBadStream = (contents.count, declared, content.count)
        }
        contents.append(content)
    }
    let bufferSizes = [1 + input.int(below: 512), 1 + input.int(below: 8192)]

    for part in form.parts {
        for header in part.headers {
            check(!(header.name + header.value).unicodeScalars.contains { $0 == "\r" || $0 == "\n" },
                  "the header \(header.name.debugDescription): \(header.value.debugDescription) holds a line break")
        }
    }

    let stream = form.makeBodyStream()
    let reads = bufferSizes.map { read(stream, bufferSize: $0) }
    // (After a failure the bytes may differ: the read that fails returns -1, not what it had copied.)
    check((reads[0].error == nil) == (reads[1].error == nil) && (reads[0].error != nil || reads[0].bytes == reads[1].bytes),
          "the body reads differently in buffers of \(bufferSizes[0]) and \(bufferSizes[1]) bytes")
    if let bad = firstBadStream {
        let error = reads[0].error as? MultipartFormError
        switch error {
        case .partShorterThanDeclared(let index, let declared, let actual)?:
            check(bad.actual < bad.declared && index == bad.index && declared == bad.declared && actual == bad.actual,
                  "a short stream reported as \(String(describing: error)) for \(bad)")
        case .partLongerThanDeclared(let index, let declared)?:
            check(bad.actual > bad.declared && index == bad.index && declared == bad.declared,
                  "a long stream reported as \(String(describing: error)) for \(bad)")
        default:
            check(false, "a stream of the wrong length read with \(String(describing: error))")
        }
        return 0
    }
    check(reads[0].error == nil, "a valid form failed to read: \(String(describing: reads[0].error))")
    check(UInt64(reads[0].bytes.count) == form.contentLength, "\(reads[0].bytes.count) bytes read, \(form.contentLength) declared")
    if !form.isEmpty {
        checkReadsBack(reads[0].bytes, form: form, contents: contents)
    }
    return 0
}

/// A form with a fixed boundary, or the input's when `init(boundary:)` accepts it. (Never the
/// random one: a run must be repeatable.)
func makeForm(_ input: inout FuzzInput) -> MultipartFormData {
    if input.bool(), let form = try? MultipartFormData(boundary: input.string(upTo: 72)) {
        return form
    }
    return try! MultipartFormData(boundary: "Boundary+0123456789ABCDEF")
}

/// Appends one part of a kind the input picks. Returns its bytes (nil when the form refused the
/// part) and, for a stream, the length it declares.
func appendPart(to form: inout MultipartFormData, _ input: inout FuzzInput) -> (content: [UInt8]?, declared: Int?) {
    switch input.int(below: 4) {
    case 0:
        let data = input.bytes(upTo: 255)
        form.appendPart(withFormData: Data(data), name: input.string(upTo: 40))
        return (data, nil)
    case 1:
        let data = input.bytes(upTo: 255)
        form.appendPart(withFileData: Data(data), name: input.string(upTo: 40), fileName: input.string(upTo: 40),
                        mimeType: input.string(upTo: 40))
        return (data, nil)
    case 2:
        let headers = (0..<input.int(below: 4)).map { _ in PartHeader(input.string(upTo: 30), input.string(upTo: 60)) }
        let data = input.bytes(upTo: 255)
        do {
            try form.appendPart(withHeaders: headers, body: Data(data))
            check(!headers.contains { ($0.name + $0.value).contains(where: \.isNewline) }, "a header with a line break was accepted")
            return (data, nil)
        } catch {
            check(headers.contains { ($0.name + $0.value).contains(where: \.isNewline) }, "headers refused without a line break: \(error)")
            return (nil, nil)
        }
    default:
        let declared = input.int(below: 300)
        let data = input.bytes(upTo: 255)
        form.appendPart(withInputStream: { InputStream(data: Data(data)) }, name: input.string(upTo: 40),
                        fileName: input.string(upTo: 40), length: UInt64(declared), mimeType: "application/octet-stream")
        return (data, declared)
    }
}

/// Opens (or reopens) `stream` and reads it to its end or its error.
func read(_ stream: InputStream, bufferSize: Int) -> (bytes: [UInt8], error: (any Error)?) {
    stream.close()
    stream.open()
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: bufferSize)
    while true {
        let count = stream.read(&buffer, maxLength: bufferSize)
        if count < 0 { return (bytes, stream.streamError ?? CocoaError(.fileReadUnknown)) }
        if count == 0 { return (bytes, nil) }
        bytes += buffer[..<count]
    }
}

/// Splits the body at its boundary lines, as a server would, and expects exactly the form's parts:
/// each one's header lines, then its bytes. Skipped when a part's bytes hold the delimiter
/// itself: no framing can tell those apart, which is why the boundary is random in real use.
func checkReadsBack(_ body: [UInt8], form: MultipartFormData, contents: [[UInt8]]) {
    let delimiter = Array("\r\n--\(form.boundary)".utf8)
    guard !contents.contains(where: { $0.contains(delimiter) }) else { return }
    let crlf: [UInt8] = [13, 10]
    let opening = Array("--\(form.boundary)\r\n".utf8)
    check(body.starts(with: opening), "the body does not open with its boundary line")
    var position = opening.count
    for (index, part) in form.parts.enumerated() {
        let expectedHeaders = part.headers.flatMap { Array("\($0.name): \($0.value)".utf8) + crlf } + crlf
        check(body[position...].starts(with: expectedHeaders), "part \(index)'s headers do not read back")
        position += expectedHeaders.count
        guard let end = body[position...].firstRange(of: delimiter)?.lowerBound else {
            check(false, "part \(index) has no boundary after it")
            return
        }
        check(Array(body[position..<end]) == contents[index], "part \(index)'s bytes do not read back")
        position = end + delimiter.count
        let isLast = index == form.parts.count - 1
        let after = isLast ? Array("--\r\n".utf8) : crlf
        check(Array(body[position...].prefix(after.count)) == after, "part \(index)'s boundary line ends wrongly")
        position += after.count
    }
    check(position == body.count, "\(body.count - position) bytes after the final boundary")
}
