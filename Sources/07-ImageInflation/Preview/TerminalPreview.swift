import Foundation

/// How `Bitmap.terminalPreview(width:style:)` draws.
public enum PreviewStyle: Sendable, Equatable {
    /// 24-bit colour escape codes with the upper half block "▀": each character cell shows two
    /// pixels, the upper one in the foreground colour and the lower one in the background colour,
    /// so pixels come out square.
    case trueColor
    /// No escape codes: one character per cell from a brightness ramp, for logs, files and
    /// terminals without colour.
    case plain

    /// `.trueColor` for a terminal, `.plain` when the NO_COLOR convention (no-color.org) asks for
    /// it or standard output is not a terminal: escape codes in a file or a pipe are noise.
    public static func automatic(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        outputIsTerminal: Bool = isatty(STDOUT_FILENO) == 1
    ) -> PreviewStyle {
        environment["NO_COLOR", default: ""].isEmpty && outputIsTerminal ? .trueColor : .plain
    }
}

extension Bitmap {
    /// A picture of the bitmap for a terminal, `width` characters wide, one line per two rows of
    /// scaled pixels. Each cell averages the pixels it covers; transparent areas show the
    /// terminal's own background, and partly transparent ones are drawn over black (which is
    /// what premultiplied colour already is).
    public func terminalPreview(width columns: Int, style: PreviewStyle = .automatic()) -> String {
        let columns = max(1, columns)
        // Square pixels: scale the height by the same factor as the width.
        let pixelRows = max(1, Int((Double(height) * Double(columns) / Double(width)).rounded()))
        let sampler = BoxSampler(bitmap: self, columns: columns, rows: pixelRows)
        var text = ""
        for line in 0..<(pixelRows + 1) / 2 {
            for column in 0..<columns {
                let upper = sampler.average(column: column, row: 2 * line)
                let lower = 2 * line + 1 < pixelRows ? sampler.average(column: column, row: 2 * line + 1) : .clear
                text += style == .trueColor ? Self.colorCell(upper, lower) : Self.plainCell(upper, lower)
            }
            text += style == .trueColor ? "\u{1B}[0m\n" : "\n"
        }
        return text
    }

    private static func colorCell(_ upper: Pixel, _ lower: Pixel) -> String {
        switch (upper.alpha, lower.alpha) {
        case (0, 0): "\u{1B}[0m "
        case (0, _): foreground(lower) + "\u{1B}[49m▄"  // 49: the terminal's own background
        case (_, 0): foreground(upper) + "\u{1B}[49m▀"
        default: foreground(upper) + background(lower) + "▀"
        }
    }

    private static func foreground(_ pixel: Pixel) -> String {
        "\u{1B}[38;2;\(pixel.red);\(pixel.green);\(pixel.blue)m"
    }

    private static func background(_ pixel: Pixel) -> String {
        "\u{1B}[48;2;\(pixel.red);\(pixel.green);\(pixel.blue)m"
    }

    /// Darkest to brightest; a transparent or black cell is a space.
    private static let brightnessRamp = Array(" .:-=+*#%@")

    private static func plainCell(_ upper: Pixel, _ lower: Pixel) -> String {
        // Rec. 601 luma of the two pixels' average, 0...255.
        let luma =
            (299 * (Int(upper.red) + Int(lower.red)) + 587 * (Int(upper.green) + Int(lower.green))
                + 114 * (Int(upper.blue) + Int(lower.blue))) / 2000
        return String(brightnessRamp[(luma * (brightnessRamp.count - 1) + 127) / 255])
    }
}

extension Pixel {
    fileprivate static let clear = Pixel(blue: 0, green: 0, red: 0, alpha: 0)
}

/// Averages the block of source pixels behind each scaled pixel, so that shrinking a picture
/// keeps thin lines as a tint instead of dropping them at random. When enlarging, a block is one
/// pixel.
private struct BoxSampler {
    let bitmap: Bitmap
    let columns: Int
    let rows: Int

    func average(column: Int, row: Int) -> Pixel {
        let xs = Self.span(column, of: columns, over: bitmap.width)
        let ys = Self.span(row, of: rows, over: bitmap.height)
        var sums = (blue: 0, green: 0, red: 0, alpha: 0)
        for y in ys {
            for x in xs {
                let pixel = bitmap.pixel(x: x, y: y)
                sums.blue += Int(pixel.blue)
                sums.green += Int(pixel.green)
                sums.red += Int(pixel.red)
                sums.alpha += Int(pixel.alpha)
            }
        }
        let count = xs.count * ys.count
        func mean(_ sum: Int) -> UInt8 { UInt8((sum + count / 2) / count) }
        return Pixel(blue: mean(sums.blue), green: mean(sums.green), red: mean(sums.red), alpha: mean(sums.alpha))
    }

    /// The source pixels under output cell `index` of `count`, never empty.
    private static func span(_ index: Int, of count: Int, over size: Int) -> Range<Int> {
        let start = min(index * size / count, size - 1)
        let end = max(start + 1, (index + 1) * size / count)
        return start..<end
    }
}
