/// Splits `string` into pieces that each fit a limit of `maxUnits` UTF-16 code units, the way
/// `NSString` counts: the pieces of a long message for a channel with a length limit (an SMS
/// segment holds 67 units). Each piece is as long as the limit allows, and ends between two whole
/// `Character`s. A character longer than the limit on its own (a family emoji is 11 units) is a
/// piece by itself, whole: cutting it would send half a character.
///
/// This is chapter 2's rule turned around: AFNetworking's batches hold *at least* 50 units and grow
/// to the end of the character at the cut; these hold *at most* `maxUnits` and stop before it.
public func batches(of string: String, maxUnits: Int) -> [String] {
    var pieces: [String] = []
    var piece = ""
    var units = 0
    for character in string {
        let length = character.utf16.count
        // Close the piece before a character that would take it over the limit. An empty piece
        // stays open, so that a character longer than the limit becomes a piece of its own.
        if units > 0 && units + length > maxUnits {
            pieces.append(piece)
            piece = ""
            units = 0
        }
        piece.append(character)
        units += length
    }
    if !piece.isEmpty {
        pieces.append(piece)
    }
    return pieces
}
