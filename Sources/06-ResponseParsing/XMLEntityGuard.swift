import Foundation
import ResponseValidation

// listing: xml-entity-guard
/// Refuses XML that declares entities, before any parser sees it: an entity can turn a kilobyte
/// into gigabytes or name a file on disk, and responses from web APIs have no use for one.
enum XMLEntityGuard {
    static func check(_ body: Data, allowsEntityDeclarations: Bool) throws(ResponseSerializationError.Reason) {
        if !allowsEntityDeclarations && declaresEntity(body) { throw .entityDeclarationsRefused }
    }

    /// Whether `<!ENTITY` occurs in the body. Declarations can only stand in the document type
    /// definition, so elsewhere the text can only be inside a comment; refusing that rare document
    /// is the safe mistake. Markup is ASCII in every encoding XML allows, and in UTF-16 and UTF-32
    /// each ASCII character is that byte beside zero bytes: skipping zeros, one scan reads them all.
    static func declaresEntity(_ body: Data) -> Bool {
        let declaration = Array("<!ENTITY".utf8)
        var matched = 0
        for byte in body where byte != 0 {
            if byte == declaration[matched] {
                matched += 1
                if matched == declaration.count { return true }
            } else {
                matched = byte == declaration[0] ? 1 : 0
            }
        }
        return false
    }
}
// end-listing
