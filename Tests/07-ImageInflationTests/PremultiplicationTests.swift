import ImageInflation
import Testing

@Suite("Premultiplication")
struct PremultiplicationTests {
    @Test("The integer trick equals round(c × a / 255) for all 65,536 pairs")
    func everyPair() {
        var mismatches = 0
        for component in 0...255 {
            for alpha in 0...255 {
                let exact = premultiplied(UInt8(component), UInt8(alpha))
                if multiplyDividingBy255(UInt8(component), UInt8(alpha)) != exact { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("Premultiplying leaves alpha alone and clears colour where alpha is 0")
    func inPlace() {
        var pixels: [UInt8] = [10, 20, 30, 255, 10, 20, 30, 0, 200, 100, 50, 128]
        pixels.withUnsafeMutableBytes { premultiplyAlpha($0) }
        #expect(pixels == [10, 20, 30, 255, 0, 0, 0, 0, 100, 50, 25, 128])
    }
}
