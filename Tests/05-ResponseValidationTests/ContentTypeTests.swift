import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ResponseValidation
import Testing

@Suite("Reading a Content-Type header")
struct ContentTypeTests {
    @Test("Type and subtype are lower-cased and trimmed; the charset is found in any case, quoted or not")
    func parsing() {
        #expect(
            ContentType(header: "Application/JSON ; Charset=\"UTF-8\"")
                == ContentType(mimeType: "application/json", charset: "UTF-8"))
        #expect(
            ContentType(header: "text/html;charset=iso-8859-1;q=1")
                == ContentType(mimeType: "text/html", charset: "iso-8859-1"))
        #expect(ContentType(header: "text/plain; format=flowed") == ContentType(mimeType: "text/plain"))
    }

    @Test("Tabs count as the optional whitespace around each part, and a value of bare quotes is an empty charset")
    func optionalWhitespace() {
        #expect(
            ContentType(header: "\tText/Plain\t;\tcharset =\t\"utf-8\"\t")
                == ContentType(mimeType: "text/plain", charset: "utf-8"))
        #expect(ContentType(header: "text/plain; charset=\"\"") == ContentType(mimeType: "text/plain", charset: ""))
        #expect(ContentType(header: " \t ") == nil)
    }

    @Test("A header with no media type names no content type")
    func empty() {
        #expect(ContentType(header: "") == nil)
        #expect(ContentType(header: " ; charset=utf-8") == nil)
        #expect(ContentType(of: Responses.http(200)) == nil)
    }

    @Test("A response without headers reports its own MIME type and encoding")
    func nonHTTP() {
        let file = URLResponse(
            url: URL(fileURLWithPath: "/tmp/a.txt"), mimeType: "Text/Plain", expectedContentLength: 4,
            textEncodingName: "utf-8")
        #expect(ContentType(of: file) == ContentType(mimeType: "text/plain", charset: "utf-8"))
    }
}
