import ImageInflation
import Testing

@Suite("Terminal preview")
struct TerminalPreviewTests {
    /// Red over blue on the left, transparent on the right.
    static let tiny = makeBitmap(width: 2, height: 2, alphaInfo: .premultipliedFirst) { x, y in
        x == 1
            ? Pixel(blue: 0, green: 0, red: 0, alpha: 0)
            : y == 0 ? opaque(red: 255, green: 0, blue: 0) : opaque(red: 0, green: 0, blue: 255)
    }

    @Test("In colour, a cell is an upper half block: upper pixel in front, lower pixel behind")
    func colour() {
        #expect(
            Self.tiny.terminalPreview(width: 2, style: .trueColor)
                == "\u{1B}[38;2;255;0;0m\u{1B}[48;2;0;0;255m▀\u{1B}[0m \u{1B}[0m\n")
    }

    @Test("Without colour, a cell is a character chosen by brightness")
    func plain() {
        #expect(Self.tiny.terminalPreview(width: 2, style: .plain) == ": \n")
    }

    @Test("Scaling down averages the pixels under each cell")
    func scaling() {
        let checkerboard = makeBitmap(width: 4, height: 4, alphaInfo: .noneSkipFirst) { x, y in
            (x + y) % 2 == 0 ? opaque(red: 255, green: 255, blue: 255) : opaque(red: 0, green: 0, blue: 0)
        }
        let grey = "\u{1B}[38;2;128;128;128m\u{1B}[48;2;128;128;128m▀"
        #expect(checkerboard.terminalPreview(width: 2, style: .trueColor) == grey + grey + "\u{1B}[0m\n")
    }

    @Test("NO_COLOR set to anything but the empty string turns colour off")
    func noColor() {
        #expect(PreviewStyle.automatic(environment: ["NO_COLOR": "1"], outputIsTerminal: true) == .plain)
        #expect(PreviewStyle.automatic(environment: ["NO_COLOR": ""], outputIsTerminal: true) == .trueColor)
        #expect(PreviewStyle.automatic(environment: [:], outputIsTerminal: true) == .trueColor)
    }

    @Test("Output that is not a terminal (a pipe, a file) gets no colour codes")
    func notATerminal() {
        #expect(PreviewStyle.automatic(environment: [:], outputIsTerminal: false) == .plain)
    }
}
