import Foundation
import ImageInflation
import Testing

/// The fixtures, loaded from the test bundle (`resources: [.copy("Fixtures")]`).
enum Fixture {
    static func data(_ name: String) throws -> Data {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"),
            "\(name) is missing: run make-fixtures.py")
        return try Data(contentsOf: url)
    }

    static let allNames: [String] = {
        guard let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return [] }
        return names.sorted()
    }()
}

/// The pixel patterns of make-fixtures.py, so that every expected pixel can be computed. Change
/// both together.
enum Pattern {
    static let width = 9
    static let height = 7
    static let alphas: [UInt8] = [0, 1, 64, 127, 128, 200, 254, 255]

    static func rgba(_ x: Int, _ y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        (
            UInt8((40 * x + 3 * y) % 256), UInt8((25 * y + 7 * x + 10) % 256),
            UInt8((60 * x * y + 90) % 256), alphas[(x + 2 * y) % 8]
        )
    }

    static func gray(_ x: Int, _ y: Int) -> UInt8 { UInt8((23 * x + 41 * y) % 256) }

    static let palette: [(UInt8, UInt8, UInt8)] = [
        (255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255), (255, 0, 255),
        (10, 20, 30), (200, 100, 50), (128, 128, 128), (1, 2, 3), (250, 240, 230), (0, 0, 0),
        (90, 80, 70), (60, 50, 40), (30, 20, 10), (255, 255, 255),
    ]
    /// Entries past the end of the tRNS table are opaque.
    static let paletteAlphas: [UInt8] = [255, 0, 128, 64, 200, 1, 254, 127, 30, 255, 90, 10, 255, 255, 255, 255]

    static func paletteIndex(_ x: Int, _ y: Int) -> Int { (x + 3 * y) % 16 }

    /// Flat 8 × 8 blocks, three across and two down.
    static let rgbBlocks: [[(UInt8, UInt8, UInt8)]] = [
        [(254, 0, 0), (0, 128, 1), (0, 0, 254)], [(255, 255, 255), (0, 0, 0), (200, 150, 101)],
    ]
    static let grayBlocks: [[UInt8]] = [[0, 85, 170], [255, 30, 220]]
    /// As stored by Adobe: 255 - ink.
    static let cmykBlocks: [[(UInt8, UInt8, UInt8, UInt8)]] = [
        [(255, 255, 255, 255), (20, 250, 240, 255), (250, 30, 240, 255)],
        [(240, 240, 20, 255), (200, 100, 50, 128), (255, 255, 255, 0)],
    ]
}

/// The test's own premultiplication, in floating point: an independent check of the integer
/// trick in the library. (c × a / 255 is never exactly halfway, so rounding has no tie to break.)
func premultiplied(_ component: UInt8, _ alpha: UInt8) -> UInt8 {
    UInt8((Double(component) * Double(alpha) / 255).rounded())
}

/// A tightly packed bitmap built pixel by pixel.
func makeBitmap(width: Int, height: Int, alphaInfo: AlphaInfo, _ pixel: (Int, Int) -> Pixel) -> Bitmap {
    var bytes: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            let p = pixel(x, y)
            bytes += [p.blue, p.green, p.red, p.alpha]
        }
    }
    return Bitmap(width: width, height: height, bytesPerRow: width * 4, alphaInfo: alphaInfo, pixels: bytes)
}

func opaque(red: UInt8, green: UInt8, blue: UInt8) -> Pixel {
    Pixel(blue: blue, green: green, red: red, alpha: 255)
}

/// How a bitmap reads in a failure message: its size, its alpha, and a few pixels (B, G, R, A), not
/// every byte of it. Two bitmaps that differ show where they differ in the pixels sampled, and a
/// 24 × 16 image no longer prints as a few thousand numbers.
extension Bitmap: CustomTestStringConvertible {
    public var testDescription: String {
        guard width > 0, height > 0 else { return "\(width)×\(height), \(alphaInfo)" }
        let samples = [
            (0, 0), (width / 2, 0), (width - 1, 0), (0, height / 2), (width / 2, height / 2), (width - 1, height - 1),
        ]
        let shown = samples.map { x, y in
            let p = pixel(x: x, y: y)
            return "(\(x), \(y)): \(p.blue) \(p.green) \(p.red) \(p.alpha)"
        }
        return "\(width)×\(height), \(alphaInfo), B G R A at " + shown.joined(separator: ", ")
    }
}
