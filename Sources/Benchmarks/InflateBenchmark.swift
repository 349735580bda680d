import CInflateBaseline
import Foundation
import ImageInflation

/// `afn-bench inflate`: the Swift path (`inflatedImage(from:mimeType:)`: sniff, rules, decode,
/// premultiply) against a bare C decode of the same bytes with the same libraries, in the same
/// process. Targets: at most 1.1 times the C time, and a peak of at most 4 bytes per pixel + 10 %.
enum InflateBenchmark {
    static func run() {
        let side = 1024
        print("inflate: \(side)×\(side) pixels, release build expected (swift run -c release afn-bench inflate)")
        let inputs = [
            BenchmarkInput(
                name: "JPEG q85", mimeType: "image/jpeg", data: makeJPEG(side: side), cDecode: afn_baseline_decode_jpeg),
            BenchmarkInput(
                name: "PNG RGBA", mimeType: "image/png", data: makePNG(side: side), cDecode: afn_baseline_decode_png),
        ]
        // Memory first, while the heap is young, but after one warm-up decode each: the first call
        // also pages in the libraries' code, which is not memory the decode allocates.
        afn_baseline_track_large_allocations()
        for input in inputs {
            _ = input.swiftDecode()
            input.reportPeakMemory(pixelCount: side * side)
        }
        for input in inputs {
            input.reportTimes(side: side)
        }
        reportSniffTime(inputs)
    }
}

private struct BenchmarkInput {
    let name: String
    let mimeType: String
    let data: Data
    let cDecode: (UnsafeRawPointer?, Int, UnsafeMutableRawPointer?, Int) -> Int32

    func swiftDecode() -> Bitmap? {
        try? inflatedImage(from: data, mimeType: mimeType).bitmap
    }

    func cDecodeIntoNewBuffer(side: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: side * side * 4) { buffer, count in
            let ok = data.withUnsafeBytes { cDecode($0.baseAddress, $0.count, buffer.baseAddress, side * 4) }
            count = ok == 1 ? buffer.count : 0
        }
    }

    func reportTimes(side: Int) {
        guard let swiftBitmap = swiftDecode(), swiftBitmap.pixels == cDecodeIntoNewBuffer(side: side) else {
            print("  \(name): the Swift and C decodes differ; no timing")
            return
        }
        // Alternate the two sides so that a slow patch of the machine (another build running)
        // hurts both; the median ignores the outliers.
        var swiftTimes: [Duration] = []
        var cTimes: [Duration] = []
        let clock = ContinuousClock()
        for _ in 0..<30 {
            swiftTimes.append(clock.measure { _ = swiftDecode() })
            cTimes.append(clock.measure { _ = cDecodeIntoNewBuffer(side: side) })
        }
        let swift = median(swiftTimes)
        let c = median(cTimes)
        let ratio = swift / c
        print(
            "  \(name) (\(data.count / 1024) KiB): Swift \(milliseconds(swift)) ms, C \(milliseconds(c)) ms, "
                + "ratio \(String(format: "%.3f", ratio)) (target ≤ 1.1) \(Target.atMost(1.1).check("\(name) Swift/C time", ratio))"
        )
    }

    /// Linux only: resets the kernel's high-water mark, decodes once, and reads how far resident
    /// memory rose above where it started.
    func reportPeakMemory(pixelCount: Int) {
        #if os(Linux)
        guard let before = resetPeakAndReadResident() else { return }
        let bitmap = swiftDecode()
        guard let peak = readStatusKiB("VmHWM"), let bitmap else { return }
        let rise = (peak - before) * 1024
        // The bitmap alone is 4 bytes a pixel: a smaller rise means the decode reused memory that
        // earlier work left resident, and the figure says nothing. It is reported, never passed.
        guard rise >= bitmap.pixels.count else {
            print(
                "  \(name): peak rise \(rise / 1024) KiB, less than the \(bitmap.pixels.count / 1024) KiB bitmap itself: "
                    + "memory left resident by earlier work was reused, so nothing was measured \(Target.atLeast(4).check("\(name) peak bytes per pixel (not measurable)", Double(rise) / Double(pixelCount)))"
            )
            return
        }
        let perPixel = Double(rise) / Double(pixelCount)
        print(
            "  \(name): peak rise \(rise / 1024) KiB for a \(bitmap.pixels.count / 1024) KiB bitmap, "
                + "\(String(format: "%.2f", perPixel)) bytes per pixel "
                + "(target ≤ 4.40) \(Target.atMost(4.4).check("\(name) peak bytes per pixel", perPixel))")
        #else
        print("  \(name): peak memory is measured on Linux only")
        #endif
    }
}

private func reportSniffTime(_ inputs: [BenchmarkInput]) {
    let clock = ContinuousClock()
    for input in inputs {
        let rounds = 100_000
        var checksum = 0
        let time = clock.measure {
            for _ in 0..<rounds {
                checksum &+= (try? ImageHeader(sniffing: input.data))?.width ?? 0
            }
        }
        let nanoseconds = Double(time.components.attoseconds) / 1e9 + Double(time.components.seconds) * 1e9
        print(
            "  sniff \(input.name): \(String(format: "%.0f", nanoseconds / Double(rounds))) ns per header"
                + (checksum == rounds * 1024 ? "" : " (wrong width!)"))
    }
}

#if os(Linux)
private func resetPeakAndReadResident() -> Int? {
    // Writing 5 to clear_refs sets the peak (VmHWM) back to the current resident size.
    guard FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs"),
        (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
    else {
        print("  peak memory: /proc/self/clear_refs is not writable here")
        return nil
    }
    return readStatusKiB("VmRSS")
}

private func readStatusKiB(_ field: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
    else { return nil }
    return Int(line.split(separator: " ").dropFirst().first ?? "")
}
#endif

private func median(_ times: [Duration]) -> Duration {
    times.sorted()[times.count / 2]
}

private func milliseconds(_ duration: Duration) -> String {
    String(format: "%.2f", duration / .milliseconds(1))
}

// MARK: - Inputs, made in-process

/// A photograph stand-in: smooth gradients, a few sharp edges and mild noise, so that both
/// codecs do realistic work (flat images compress to nothing; pure noise to nothing useful).
private func syntheticPixel(_ x: Int, _ y: Int, side: Int) -> (UInt8, UInt8, UInt8) {
    let fx = Double(x) / Double(side)
    let fy = Double(y) / Double(side)
    let wave = sin(fx * 12) * cos(fy * 9)
    let edge = (x / 128 + y / 96) % 3 == 0 ? 40.0 : 0
    var noiseSeed = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663)
    func channel(_ base: Double) -> UInt8 {
        noiseSeed = noiseSeed &* 1_664_525 &+ 1_013_904_223  // a step of a plain LCG
        return UInt8(max(0, min(255, base + edge + Double(noiseSeed >> 28) - 8)))
    }
    return (channel(120 + 100 * wave * fx), channel(90 + 80 * fy + 40 * wave), channel(60 + 150 * fx * fy))
}

private func makeJPEG(side: Int) -> Data {
    var rgb: [UInt8] = []
    rgb.reserveCapacity(side * side * 3)
    for y in 0..<side {
        for x in 0..<side {
            let (r, g, b) = syntheticPixel(x, y, side: side)
            rgb += [r, g, b]
        }
    }
    return encoded { afn_baseline_encode_jpeg(rgb, UInt32(side), UInt32(side), 85, &$0, &$1) }
}

/// RGBA with alpha falling off towards the corners, so premultiplication has work on most pixels.
private func makePNG(side: Int) -> Data {
    var rgba: [UInt8] = []
    rgba.reserveCapacity(side * side * 4)
    let centre = Double(side) / 2
    for y in 0..<side {
        for x in 0..<side {
            let (r, g, b) = syntheticPixel(x, y, side: side)
            let distance = hypot(Double(x) - centre, Double(y) - centre) / centre
            rgba += [r, g, b, UInt8(max(0, min(255, 255 * (1.3 - distance))))]
        }
    }
    return encoded { afn_baseline_encode_png(rgba, UInt32(side), UInt32(side), &$0, &$1) }
}

private func encoded(_ encode: (inout UnsafeMutablePointer<UInt8>?, inout Int) -> Int32) -> Data {
    var bytes: UnsafeMutablePointer<UInt8>?
    var count = 0
    guard encode(&bytes, &count) == 1, let bytes else { return Data() }
    return Data(bytesNoCopy: bytes, count: count, deallocator: .free)
}
