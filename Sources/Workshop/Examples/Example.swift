import Foundation

/// A small program a chapter shows together with its real output. Its code is a listing region,
/// its output an `<!-- output: name -->` block, and `swift run workshop example <name>` runs it.
package struct Example: Sendable {
    package var name: String
    package var chapter: Int
    package var summary: String
    /// The fence's language in the chapter: `text`, or `mermaid` for an example that draws.
    package var language = "text"
    /// The example's body. It prints through the `print` it is given, so that the same code can
    /// write to the terminal or be captured for the listings check.
    var body: @Sendable (_ print: (Any...) -> Void) -> Void

    /// Runs the example and returns everything it printed.
    package func output() -> String {
        var text = ""
        body { items in text += items.map { "\($0)" }.joined(separator: " ") + "\n" }
        return text
    }
}

package enum Examples {
    /// Every chapter's examples, one line per chapter, in course order.
    package static let all: [Example] = [
        TourExamples.all,
        QueryStringExamples.all,
        RequestSerializationExamples.all,
        RequestBodiesExamples.all,
        ResponseValidationExamples.all,
        ResponseParsingExamples.all,
        ImageExamples.all,
        TaskDelegateExamples.all,
        HTTPClientExamples.all,
        ReachabilityExamples.all,
    ].flatMap { $0 }

    package static func named(_ name: String) -> Example? { all.first { $0.name == name } }
    static func output(of name: String) -> (text: String, language: String)? {
        named(name).map { ($0.output(), $0.language) }
    }
}
