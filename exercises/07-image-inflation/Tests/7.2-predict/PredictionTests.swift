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
    func check(_ prediction: Outcome?, _ header: ImageHeader, mimeType: String) {
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

    @Test("Puzzle 1: a 640 × 480 photo sent as image/jpeg")
    func puzzle1() {
        check(Predictions.puzzle1, Self.jpeg(640, 480), mimeType: "image/jpeg")
    }

    @Test("Puzzle 2: a 2048 × 512 banner with alpha sent as image/png")
    func puzzle2() {
        check(Predictions.puzzle2, Self.png(2048, 512, alpha: true), mimeType: "image/png")
    }

    @Test("Puzzle 3: a 1200 × 900 PNG sent as image/png")
    func puzzle3() {
        check(Predictions.puzzle3, Self.png(1200, 900), mimeType: "image/png")
    }

    @Test("Puzzle 4: a 4000 × 3000 Adobe YCCK JPEG sent as image/jpeg")
    func puzzle4() {
        check(Predictions.puzzle4, Self.jpeg(4000, 3000, .ycck), mimeType: "image/jpeg")
    }

    @Test("Puzzle 5: a 2000 × 2000 PNG of 16 bits per component sent as image/png")
    func puzzle5() {
        check(Predictions.puzzle5, Self.png(2000, 2000, bits: 16, alpha: true), mimeType: "image/png")
    }

    @Test("Puzzle 6: a 256 × 256 16-bit grayscale PNG sent as Image/PNG; charset=binary")
    func puzzle6() {
        check(Predictions.puzzle6, Self.png(256, 256, bits: 16, .gray), mimeType: "Image/PNG; charset=binary")
    }

    @Test("Puzzle 7: a 200 × 200 palette PNG sent as image/jpeg")
    func puzzle7() {
        check(Predictions.puzzle7, Self.png(200, 200, .indexed), mimeType: "image/jpeg")
    }

    @Test("Puzzle 8: a 200 × 200 JPEG sent as image/jpg")
    func puzzle8() {
        check(Predictions.puzzle8, Self.jpeg(200, 200), mimeType: "image/jpg")
    }

    @Test("Puzzle 9: 33 bytes of PNG header declaring 100000 × 100000 pixels, sent as image/png")
    func puzzle9() {
        // The signature and an IHDR chunk (8-bit RGBA), nothing more. The CRC is left at zero:
        // nothing reads it before the image is judged.
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8) + [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 6, 0, 0, 0] + [0, 0, 0, 0]
        let actual = Outcome { () throws(ImageError) in
            let image = try inflatedImage(from: Data(bytes), mimeType: "image/png")
            if case .compressed(_, let reason) = image.representation { return reason }
            return nil
        }
        let predictionIsRight = Predictions.puzzle9 == actual
        #expect(predictionIsRight, "\(Self.text(Predictions.puzzle9)) is not what happens to this response")
    }
}
