import Chapter07Exercise4
import ImageInflation
import Testing

/// A bitmap built pixel by pixel, tightly packed.
func makeBitmap(width: Int, height: Int, alphaInfo: AlphaInfo = .noneSkipFirst, _ pixel: (Int, Int) -> Pixel) -> Bitmap {
    let pixels = (0..<height).flatMap { y in
        (0..<width).flatMap { x in
            let p = pixel(x, y)
            return [p.blue, p.green, p.red, p.alpha]
        }
    }
    return Bitmap(width: width, height: height, bytesPerRow: width * 4, alphaInfo: alphaInfo, pixels: pixels)
}

/// 3 × 2 pixels that all differ: red holds the stored x and green the stored y, so a test can tell
/// which stored pixel ended up where.
let stored = makeBitmap(width: 3, height: 2) { x, y in Pixel(blue: 0, green: UInt8(y), red: UInt8(x), alpha: 255) }

/// Where the stored pixel (x, y) is in `bitmap`.
func position(ofStored x: Int, _ y: Int, in bitmap: Bitmap) -> (x: Int, y: Int)? {
    for row in 0..<bitmap.height {
        for column in 0..<bitmap.width where bitmap.pixel(x: column, y: row) == stored.pixel(x: x, y: y) {
            return (column, row)
        }
    }
    return nil
}

/// "(2, 0)", or "nowhere" for a pixel that is missing.
func text(_ position: (x: Int, y: Int)?) -> String {
    position.map { "(\($0.x), \($0.y))" } ?? "nowhere"
}

enum Side { case top, bottom, left, right }

@Suite("7.4 Show the picture upright")
struct OrientationTests {
    /// The EXIF specification's own words: on which side of the upright picture the stored first row
    /// ends up, and on which side the stored first column.
    static let exif: [(ImageOrientation, firstRow: Side, firstColumn: Side)] = [
        (.up, .top, .left), (.upMirrored, .top, .right), (.down, .bottom, .right), (.downMirrored, .bottom, .left),
        (.leftMirrored, .left, .top), (.right, .right, .top), (.rightMirrored, .right, .bottom), (.left, .left, .bottom),
    ]

    /// The corner where two perpendicular sides meet, in a bitmap of the given size.
    static func corner(_ one: Side, _ other: Side, width: Int, height: Int) -> (x: Int, y: Int) {
        let sides = [one, other]
        return (sides.contains(.right) ? width - 1 : 0, sides.contains(.bottom) ? height - 1 : 0)
    }

    static func opposite(_ side: Side) -> Side {
        switch side {
        case .top: .bottom
        case .bottom: .top
        case .left: .right
        case .right: .left
        }
    }

    @Test("Right (EXIF 6) turns the picture a quarter clockwise: the stored top row becomes the right-hand column")
    func right() {
        let result = upright(stored, orientation: .right)
        #expect((result.width, result.height) == (2, 3))
        for column in 0..<3 where result.width == 2 && result.height == 3 {
            let found = text(position(ofStored: column, 0, in: result))
            #expect(found == text((1, column)), "the stored top row's pixel \(column) is at \(found) of the upright picture")
        }
    }

    @Test("Left (EXIF 8) turns it a quarter anticlockwise: the stored top row becomes the left-hand column, bottom to top")
    func left() {
        let result = upright(stored, orientation: .left)
        #expect((result.width, result.height) == (2, 3))
        for column in 0..<3 where result.width == 2 && result.height == 3 {
            let found = text(position(ofStored: column, 0, in: result))
            #expect(found == text((0, 2 - column)), "the stored top row's pixel \(column) is at \(found) of the upright picture")
        }
    }

    @Test("Every orientation puts the stored first row and first column on the sides EXIF names")
    func everyOrientation() {
        for (orientation, firstRow, firstColumn) in Self.exif {
            let result = upright(stored, orientation: orientation)
            // The stored top-left pixel is where the first row meets the first column; the stored
            // top-right pixel is at the first row's other end.
            let topLeft = Self.corner(firstRow, firstColumn, width: result.width, height: result.height)
            let topRight = Self.corner(firstRow, Self.opposite(firstColumn), width: result.width, height: result.height)
            let found = (text(position(ofStored: 0, 0, in: result)), text(position(ofStored: 2, 0, in: result)))
            let expected = (text(topLeft), text(topRight))
            #expect(found == expected, """
                \(orientation): the stored top-left and top-right pixels are at \(found.0) and \(found.1), \
                and belong at \(expected.0) and \(expected.1)
                """)
        }
    }

    @Test("A quarter turn swaps width and height and keeps the alpha info")
    func quarterTurnSize() {
        let translucent = makeBitmap(width: 5, height: 2, alphaInfo: .premultipliedFirst) { x, _ in
            Pixel(blue: 0, green: 0, red: UInt8(x * 50), alpha: 200)
        }
        for orientation in [ImageOrientation.leftMirrored, .right, .rightMirrored, .left] {
            let result = upright(translucent, orientation: orientation)
            #expect((result.width, result.height, result.alphaInfo) == (2, 5, .premultipliedFirst), "\(orientation)")
        }
    }

    @Test("A bitmap without pixels, with no rows or no columns, comes back empty and is still turned")
    func noPixels() {
        let quarter: [ImageOrientation] = [.leftMirrored, .right, .rightMirrored, .left]
        for (width, height) in [(3, 0), (0, 2)] {
            let empty = Bitmap(width: width, height: height, bytesPerRow: width * 4, alphaInfo: .premultipliedFirst, pixels: [])
            for (orientation, _, _) in Self.exif {
                let result = upright(empty, orientation: orientation)
                let expected = quarter.contains(orientation) ? (height, width) : (width, height)
                #expect((result.width, result.height, result.pixels.count, result.alphaInfo) == (expected.0, expected.1, 0, .premultipliedFirst), """
                    \(orientation) of a \(width) × \(height) bitmap, which has no pixels, gives \(result.width) × \(result.height) with \(result.pixels.count) bytes \
                    (\(result.alphaInfo)): an empty picture stays empty, keeps its alpha info and turns like any other
                    """)
            }
        }
    }

    @Test("A bitmap whose rows are padded (bytesPerRow more than width × 4) is read row by row, for every orientation")
    func paddedRows() {
        // The stored 3 × 2 pixels again, each row followed by 8 bytes of padding, as a decoder may
        // leave them to align rows: 20 bytes per row, of which 12 are pixels.
        let padding = [UInt8](repeating: 0xEE, count: 8)
        let rows = (0..<stored.height).map { y in (0..<stored.width).flatMap { x in
            let p = stored.pixel(x: x, y: y)
            return [p.blue, p.green, p.red, p.alpha]
        } + padding }
        let padded = Bitmap(width: 3, height: 2, bytesPerRow: 20, alphaInfo: stored.alphaInfo, pixels: Array(rows.joined()))
        for (orientation, _, _) in Self.exif {
            let fromPadded = upright(padded, orientation: orientation)
            let fromTight = upright(stored, orientation: orientation)
            let same = fromPadded.width == fromTight.width && fromPadded.height == fromTight.height
                && (0..<fromTight.height).allSatisfy { y in (0..<fromTight.width).allSatisfy { x in fromPadded.pixel(x: x, y: y) == fromTight.pixel(x: x, y: y) } }
            let misplaced = (0..<stored.height).flatMap { y in (0..<stored.width).map { (x: $0, y: y) } }
                .filter { text(position(ofStored: $0.x, $0.y, in: fromPadded)) != text(position(ofStored: $0.x, $0.y, in: fromTight)) }
            #expect(same, """
                \(orientation) of a bitmap with 20 bytes per row: the stored pixels \(misplaced.map { text($0) }.joined(separator: ", ")) \
                are not where they are when the rows have no padding (a pixel made of padding bytes is found nowhere)
                """)
            #expect(fromPadded.bytesPerRow == fromPadded.width * Bitmap.bytesPerPixel,
                    "\(orientation): the result has \(fromPadded.bytesPerRow) bytes per row for \(fromPadded.width) pixels; upright returns a tightly packed bitmap")
        }
    }

    @Test("The preview of a picture stored sideways comes out upright")
    func preview() {
        // An upright "L", 4 wide and 6 tall, stored as a camera held sideways stores it: turned a
        // quarter anticlockwise, with the tag Right (EXIF 6) to turn it back.
        let ink = Pixel(blue: 255, green: 255, red: 255, alpha: 255)
        let paper = Pixel(blue: 0, green: 0, red: 0, alpha: 255)
        let letter = makeBitmap(width: 4, height: 6) { x, y in x == 0 || y == 5 ? ink : paper }
        let sideways = makeBitmap(width: 6, height: 4) { x, y in letter.pixel(x: 3 - y, y: x) }
        #expect(upright(sideways, orientation: .right).terminalPreview(width: 4, style: .plain)
            == letter.terminalPreview(width: 4, style: .plain))
    }
}
