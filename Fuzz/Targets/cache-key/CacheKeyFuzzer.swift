// Chapter 11's image cache key: two requests, each with a URL made one of the ways an app makes
// them and an optional additional identifier, filed in a real `AutoPurgingImageCache`.
//
// The property is the one the key's design claims: two different (URL, identifier) pairs never
// share a key, so one image can never be served for another. (Different means different to
// Swift: `String` equality is Unicode canonical equivalence, as the cache's dictionary uses.)
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import FuzzSupport
import ImageDownloader
import ImageInflation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCacheKey(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(fuzzBytes(start, count))
    let first = Filed(&input)
    let second = Filed(&input)

    // Through the public cache only (the key function is the package's own): a request without a
    // URL files nothing, and an image filed under the first pair is found under the second only if
    // the pairs are the same.
    for filed in [first, second] {
        if let url = filed.request.url {
            check(!url.absoluteString.unicodeScalars.contains("\u{0}"), "the URL \(url.absoluteString.debugDescription) holds a NUL")
        } else {
            let cache = AutoPurgingImageCache()
            cache.add(pixel, for: filed.request, withAdditionalIdentifier: filed.identifier)
            check(cache.image(for: filed.request, withAdditionalIdentifier: filed.identifier) == nil, "an image filed for a request without a URL")
        }
    }
    guard let firstURL = first.request.url, let secondURL = second.request.url else { return 0 }
    let samePair = firstURL.absoluteString == secondURL.absoluteString && first.identifier == second.identifier
    let cache = AutoPurgingImageCache()
    cache.add(pixel, for: first.request, withAdditionalIdentifier: first.identifier)
    check((cache.image(for: second.request, withAdditionalIdentifier: second.identifier) != nil) == samePair,
          "(\(firstURL.absoluteString.debugDescription), \(first.identifier.debugDescription)) and "
          + "(\(secondURL.absoluteString.debugDescription), \(second.identifier.debugDescription)): the cache "
          + (samePair ? "does not find the image filed under the same pair" : "serves the first pair's image for the second"))
    return 0
}

/// One request and identifier, as an app files an image under them.
struct Filed {
    var request: URLRequest
    var identifier: String?

    init(_ input: inout FuzzInput) {
        let way = input.int(below: 7)
        let bytes = input.bytes(upTo: 80)
        let text = String(decoding: bytes, as: UTF8.self)
        let base = URL(string: "https://images.example.com/avatars/")!
        let url: URL? = switch way {
        case 0: URL(string: text)
        case 1: URL(string: text, relativeTo: base)
        case 2: URL(fileURLWithPath: text)
        case 3: URLComponents(string: text)?.url
        case 4: URL(dataRepresentation: Data(bytes), relativeTo: base)
        case 5: URL(string: text, encodingInvalidCharacters: false)
        default: nil
        }
        request = URLRequest(url: base)
        request.url = url
        identifier = input.bool() ? input.string(upTo: 20) : nil
    }
}

/// A 1×1 image, left compressed: the cache needs only its header.
let pixel = Image(
    header: ImageHeader(format: .png, width: 1, height: 1, bitsPerComponent: 8, colorModel: .rgb),
    representation: .compressed(Data(), skipped: .inflationTurnedOff), scale: 1)
