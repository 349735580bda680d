import Foundation
import ImageInflation
import Testing

@Suite("Header sniffing")
struct HeaderSniffingTests {
    static let expectedHeaders: [(String, ImageHeader)] = [
        (
            "png-rgba8.png",
            ImageHeader(format: .png, width: 9, height: 7, bitsPerComponent: 8, colorModel: .rgb, hasAlpha: true)
        ),
        (
            "png-rgba16.png",
            ImageHeader(format: .png, width: 9, height: 7, bitsPerComponent: 16, colorModel: .rgb, hasAlpha: true)
        ),
        (
            "png-rgba8-interlaced.png",
            ImageHeader(
                format: .png, width: 9, height: 7, bitsPerComponent: 8, colorModel: .rgb, hasAlpha: true,
                isInterlaced: true)
        ),
        ("png-rgb8.png", ImageHeader(format: .png, width: 9, height: 7, bitsPerComponent: 8, colorModel: .rgb)),
        ("png-gray8.png", ImageHeader(format: .png, width: 9, height: 7, bitsPerComponent: 8, colorModel: .gray)),
        (
            "png-gray-alpha8.png",
            ImageHeader(format: .png, width: 9, height: 7, bitsPerComponent: 8, colorModel: .gray, hasAlpha: true)
        ),
        (
            "png-palette4-trns.png",
            ImageHeader(format: .png, width: 9, height: 7, bitsPerComponent: 4, colorModel: .indexed, hasAlpha: true)
        ),
        (
            "png-rgb8-exif-orientation-6.png",
            ImageHeader(format: .png, width: 3, height: 2, bitsPerComponent: 8, colorModel: .rgb, orientation: .right)
        ),
        (
            "png-gray8-1025x1024.png",
            ImageHeader(format: .png, width: 1025, height: 1024, bitsPerComponent: 8, colorModel: .gray)
        ),
        (
            "png-bomb-100000x100000.png",
            ImageHeader(
                format: .png, width: 100_000, height: 100_000, bitsPerComponent: 8, colorModel: .rgb, hasAlpha: true)
        ),
        (
            "jpeg-rgb-baseline.jpg",
            ImageHeader(format: .jpeg, width: 24, height: 16, bitsPerComponent: 8, colorModel: .rgb)
        ),
        (
            "jpeg-rgb-progressive.jpg",
            ImageHeader(format: .jpeg, width: 24, height: 16, bitsPerComponent: 8, colorModel: .rgb, isInterlaced: true)
        ),
        ("jpeg-gray.jpg", ImageHeader(format: .jpeg, width: 24, height: 16, bitsPerComponent: 8, colorModel: .gray)),
        (
            "jpeg-cmyk-adobe.jpg",
            ImageHeader(format: .jpeg, width: 24, height: 16, bitsPerComponent: 8, colorModel: .cmyk)
        ),
        (
            "jpeg-ycck-adobe.jpg",
            ImageHeader(format: .jpeg, width: 24, height: 16, bitsPerComponent: 8, colorModel: .ycck)
        ),
        (
            "jpeg-exif-orientation-6.jpg",
            ImageHeader(format: .jpeg, width: 16, height: 8, bitsPerComponent: 8, colorModel: .rgb, orientation: .right)
        ),
        (
            "jpeg-bomb-65500x65500.jpg",
            ImageHeader(format: .jpeg, width: 65500, height: 65500, bitsPerComponent: 8, colorModel: .rgb)
        ),
        // Damage past the header does not change what the header says.
        (
            "jpeg-truncated.jpg",
            ImageHeader(format: .jpeg, width: 24, height: 16, bitsPerComponent: 8, colorModel: .rgb)
        ),
        (
            "png-truncated.png",
            ImageHeader(format: .png, width: 9, height: 7, bitsPerComponent: 8, colorModel: .rgb, hasAlpha: true)
        ),
    ]

    @Test("The header of each fixture is read from its first bytes", arguments: expectedHeaders)
    func sniff(name: String, expected: ImageHeader) throws {
        #expect(try ImageHeader(sniffing: Fixture.data(name)) == expected)
    }

    @Test("A four-component JPEG is plain CMYK unless an Adobe marker names a transform, as libjpeg reads it")
    func cmykWithoutAdobeMarker() throws {
        // The Adobe CMYK fixture with its APP14 segment cut out: nothing says the channels were
        // transformed, so they are C, M, Y and K as they are.
        var jpeg = try Fixture.data("jpeg-cmyk-adobe.jpg")
        var offset = jpeg.startIndex + 2
        while offset + 4 <= jpeg.endIndex, jpeg[offset] == 0xFF, jpeg[offset + 1] != 0xDA {
            let length = Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3])
            if jpeg[offset + 1] == 0xEE {
                jpeg.removeSubrange(offset..<offset + 2 + length)
                break
            }
            offset += 2 + length
        }
        let header = try ImageHeader(sniffing: jpeg)
        #expect(
            header.colorModel == .cmyk, "a four-component JPEG without an Adobe marker was read as \(header.colorModel)"
        )
        #expect(try ImageHeader(sniffing: Fixture.data("jpeg-ycck-adobe.jpg")).colorModel == .ycck)
    }

    @Test("Empty data and other formats are refused by their bytes")
    func notPNGOrJPEG() throws {
        #expect(throws: ImageError.emptyData) { try ImageHeader(sniffing: Fixture.data("empty.png")) }
        #expect(throws: ImageError.unrecognizedFormat) {
            try ImageHeader(sniffing: Fixture.data("not-png-or-jpeg.gif"))
        }
        #expect(throws: ImageError.unrecognizedFormat) { try ImageHeader(sniffing: Data("<html>".utf8)) }
    }

    @Test("A file cut inside its header is a truncated header of the format its first bytes name")
    func truncatedHeaders() throws {
        let png = try Fixture.data("png-rgba8.png")
        let jpeg = try Fixture.data("jpeg-rgb-baseline.jpg")
        for length in [1, 7, 8, 20, 32] {
            #expect(throws: ImageError.truncatedHeader(.png)) { try ImageHeader(sniffing: png.prefix(length)) }
        }
        // The JPEG frame header sits after the quantization tables.
        for length in [1, 2, 3, 100] {
            #expect(throws: ImageError.truncatedHeader(.jpeg)) { try ImageHeader(sniffing: jpeg.prefix(length)) }
        }
    }

    @Test("Headers that break their format's rules are invalid")
    func invalidHeaders() throws {
        var png = try Fixture.data("png-rgba8.png")
        png[25] = 5  // colour type 5 does not exist
        #expect(throws: ImageError.invalidHeader(.png, reason: "colour type 5 at 8 bits")) {
            try ImageHeader(sniffing: png)
        }
        // Start of image, then straight to start of scan: no frame header.
        let scanFirst = Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02])
        #expect(throws: ImageError.invalidHeader(.jpeg, reason: "no frame header before the image data")) {
            try ImageHeader(sniffing: scanFirst)
        }
    }

    @Test("A JPEG frame header declaring 12 bits per component is reported as such")
    func twelveBitJPEG() throws {
        // SOI, SOF1 (extended, 12-bit) of 4 × 2 pixels with one component, then SOS.
        let bytes: [UInt8] = [
            0xFF, 0xD8, 0xFF, 0xC1, 0x00, 0x0B, 12, 0x00, 0x02, 0x00, 0x04, 1, 1, 0x11, 0,
            0xFF, 0xDA,
        ]
        let header = try ImageHeader(sniffing: Data(bytes))
        #expect(header == ImageHeader(format: .jpeg, width: 4, height: 2, bitsPerComponent: 12, colorModel: .gray))
    }
}
