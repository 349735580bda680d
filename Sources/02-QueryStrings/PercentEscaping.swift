public func percentEscaped(_ string: String) -> String { string }
