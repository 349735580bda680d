extension String {
    /// C structs hand back messages as fixed-size `char` arrays, which Swift imports as tuples
    /// (`(CChar, CChar, ...)`). Reads the bytes up to the first NUL, or all of them.
    init<Tuple>(fixedSizeCString tuple: Tuple) {
        self = withUnsafeBytes(of: tuple) { bytes in
            let end = bytes.firstIndex(of: 0) ?? bytes.count
            return String(decoding: bytes[..<end], as: UTF8.self)
        }
    }
}
