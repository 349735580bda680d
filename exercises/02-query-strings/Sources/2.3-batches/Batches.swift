/// Splits `string` into pieces that each fit a limit of `maxUnits` UTF-16 code units, the way
/// `NSString` counts: the pieces of a long message for a channel with a length limit (an SMS
/// segment holds 67 units). Each piece is as long as the limit allows, and ends between two whole
/// `Character`s. A character longer than the limit on its own (a family emoji is 11 units) is a
/// piece by itself, whole: cutting it would send half a character.
public func batches(of string: String, maxUnits: Int) -> [String] {
    // TODO(2.3): cut `string` into pieces of at most `maxUnits` UTF-16 units, between whole characters.
    return []
}
