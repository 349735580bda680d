import Chapter07Exercise2
import Foundation
import ImageInflation
import Testing

/// Each puzzle's response lives here, not in the learner's file, so a prediction is always checked
/// against the puzzle as the README states it, and the answer comes from the library.
@Suite("7.2 Predict what inflation does")
struct PredictionTests {
    /// Compares without printing the right answer: a failing check should send the learner back to
    /// the rules, not hand over the outcome.
    func check(_ prediction: Outcome?, _ header: ImageHeader, mimeType: String?) {
        // Headers under the bomb limit go straight to the rules, exactly as in inflatedImage.
        #expect(header.pixelCount <= DecodingOptions.defaultMaxPixelCount)
        let actual = Outcome.success(InflationRules.skipReason(for: header, mimeType: mimeType))
        let predictionIsRight = prediction == actual
        #expect(predictionIsRight, "\(Self.text(prediction)) is not what happens to this response")
    }

    static func text(_ prediction: Outcome?) -> String {
        prediction.map { String(describing: $0) } ?? "nil (no prediction yet)"
    }

    static func jpeg(_ width: Int, _ height: Int, _ colorModel: ColorModel = .rgb) -> ImageHeader {
        ImageHeader(format: .jpeg, width: width, height: height, bitsPerComponent: 8, colorModel: colorModel)
    }

    static func png(_ width: Int, _ height: Int, bits: Int = 8, _ colorModel: ColorModel = .rgb, alpha: Bool = false) -> ImageHeader {
        ImageHeader(format: .png, width: width, height: height, bitsPerComponent: bits, colorModel: colorModel, hasAlpha: alpha)
    }

    /// What `inflatedImage` does with `bytes`, as an `Outcome`.
    static func outcome(_ bytes: [UInt8], mimeType: String?) -> Outcome {
        Outcome { () throws(ImageError) in
            let image = try inflatedImage(from: Data(bytes), mimeType: mimeType)
            if case .compressed(_, let reason) = image.representation { return reason }
            return nil
        }
    }

    /// The signature and an IHDR chunk (8-bit RGBA), 33 bytes, nothing more. The CRC is left at
    /// zero: nothing reads it before the image is judged.
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        let size = [width, height].flatMap { value in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + size + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }

    func checkBytes(_ prediction: Outcome?, _ bytes: [UInt8], mimeType: String?) {
        let predictionIsRight = prediction == Self.outcome(bytes, mimeType: mimeType)
        #expect(predictionIsRight, "\(Self.text(prediction)) is not what happens to this response")
    }

    @Test("Puzzle 1: a 1025 × 1023 JPEG sent as image/jpeg")
    func puzzle1() {
        check(Predictions.puzzle1, Self.jpeg(1025, 1023), mimeType: "image/jpeg")
    }

    @Test("Puzzle 2: a 1024 × 1024 JPEG of 12 bits per component sent as image/jpeg")
    func puzzle2() {
        var header = Self.jpeg(1024, 1024)
        header.bitsPerComponent = 12
        check(Predictions.puzzle2, header, mimeType: "image/jpeg")
    }

    @Test("Puzzle 3: a 3000 × 2000 Adobe CMYK JPEG sent as image/pjpeg")
    func puzzle3() {
        check(Predictions.puzzle3, Self.jpeg(3000, 2000, .cmyk), mimeType: "image/pjpeg")
    }

    @Test("Puzzle 4: an 800 × 600 CMYK JPEG sent as image/png")
    func puzzle4() {
        check(Predictions.puzzle4, Self.jpeg(800, 600, .cmyk), mimeType: "image/png")
    }

    @Test("Puzzle 5: a 640 × 480 PNG with no Content-Type")
    func puzzle5() {
        check(Predictions.puzzle5, Self.png(640, 480), mimeType: nil)
    }

    @Test("Puzzle 6: a 300 × 300 one-bit grayscale PNG sent as image/png")
    func puzzle6() {
        check(Predictions.puzzle6, Self.png(300, 300, bits: 1, .gray), mimeType: "image/png")
    }

    @Test("Puzzle 7: a GIF sent as image/png")
    func puzzle7() {
        // A whole 1 × 1 GIF: header, screen descriptor, image descriptor, one LZW block, trailer.
        let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0] + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0] + [2, 2, 0x44, 0x01, 0] + [0x3B]
        checkBytes(Predictions.puzzle7, gif, mimeType: "image/png")
    }

    @Test("Puzzle 8: 33 bytes of PNG header declaring 8000 × 8000 pixels, sent as image/png")
    func puzzle8() {
        checkBytes(Predictions.puzzle8, Self.pngHeader(width: 8000, height: 8000), mimeType: "image/png")
    }

    @Test("Puzzle 9: 33 bytes of PNG header declaring 10000 × 10000 pixels, sent as text/html")
    func puzzle9() {
        checkBytes(Predictions.puzzle9, Self.pngHeader(width: 10_000, height: 10_000), mimeType: "text/html")
    }
}
