import Foundation
import ImageInflation

/// Chapter 7's examples. They decode the course's own test fixtures (the files that
/// `Tests/07-ImageInflationTests/make-fixtures.py` writes), so what the chapter shows is real bytes
/// through the real decoders, not a picture drawn for the occasion.
enum ImageExamples {
    static let all = [inflate, damaged, serializer]

    static let inflate = Example(
        name: "inflate", chapter: 7, summary: "a JPEG fixture: its header, the rules' verdict, and the picture"
    ) { print in
        withFixtures(print) { fixture in
            // listing: example-inflate
            let data = try fixture("jpeg-rgb-baseline.jpg")
            let image = try inflatedImage(from: data, mimeType: "image/jpeg")
            let header = image.header
            print(
                header.format, "\(header.width)×\(header.height),", header.bitsPerComponent, "bits,",
                header.colorModel, header.isInterlaced ? "progressive" : "baseline")
            if case .compressed(_, let reason) = image.representation {
                print("left compressed:", reason)
            }
            if let bitmap = image.bitmap {
                print(
                    "inflated:", bitmap.alphaInfo, "\(bitmap.bytesPerRow) bytes per row,",
                    "top left", bitmap.pixel(x: 0, y: 0))
                // One character per pixel across, one line per two rows of pixels. The preview
                // ends its own last line, so drop that newline: print adds one.
                print(bitmap.terminalPreview(width: 24, style: .plain).dropLast())
            }
            // end-listing
        }
    }

    static let damaged = Example(
        name: "damaged", chapter: 7, summary: "damaged fixtures decoded strictly and leniently"
    ) { print in
        withFixtures(print) { fixture in
            // listing: example-damaged
            let damaged = [
                "jpeg-truncated.jpg", "jpeg-missing-eoi.jpg", "jpeg-corrupt.jpg",
                "png-truncated.png", "png-missing-iend.png", "png-corrupt-crc.png",
            ]
            for name in damaged {
                let data = try fixture(name)
                for strictness in [DecodingOptions.Strictness.strict, .lenient] {
                    let outcome: String
                    do throws(ImageError) {
                        let bitmap = try decodeBitmap(from: data, options: DecodingOptions(strictness: strictness))
                        outcome = "a \(bitmap.width)×\(bitmap.height) bitmap"
                    } catch {
                        outcome = error.description
                    }
                    let file = name.padding(toLength: 21, withPad: " ", startingAt: 0)
                    let mode = "\(strictness)".padding(toLength: 7, withPad: " ", startingAt: 0)
                    print(file, mode, "→", outcome)
                }
            }
            // The truncated JPEG, leniently: the blocks libjpeg never received come out grey.
            let lenient = DecodingOptions(strictness: .lenient)
            let truncated = try decodeBitmap(from: fixture("jpeg-truncated.jpg"), options: lenient)
            print(truncated.terminalPreview(width: 24, style: .plain).dropLast())
            // end-listing
        }
    }

    /// Runs `body` with a function that reads a fixture by its file name. The fixtures are found
    /// from the course folder the workshop runs in; if that fails, the example says why rather
    /// than crashing the workshop.
    static func withFixtures(
        _ print: (Any...) -> Void, _ body: (_ fixture: (String) throws -> Data) throws -> Void
    ) {
        do {
            let course = try Course.locate(from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            let folder = course.root.appendingPathComponent("Tests/07-ImageInflationTests/Fixtures")
            try body { name in try Data(contentsOf: folder.appendingPathComponent(name)) }
        } catch {
            print("The example could not run:", error)
        }
    }
}
