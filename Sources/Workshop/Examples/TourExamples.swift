/// Chapter 1's examples: the tour's own output, masked (times, the port and the echo's size
/// change from run to run), and the run drawn as a sequence diagram.
enum TourExamples {
    static let all = [get, notFound, diagram, merged]

    static let get = Example(name: "tour", chapter: 1, summary: "one GET from the call to the callback, step by step") {
        print in
        print(lines(of: .get))
    }

    static let notFound = Example(name: "tour-404", chapter: 1, summary: "the failure path: a 404 whose body is JSON") {
        print in
        print(lines(of: .notFound))
    }

    static let diagram = Example(
        name: "tour-diagram", chapter: 1, summary: "the GET as a Mermaid sequence diagram", language: "mermaid"
    ) { print in
        do { print(try Tour.runBlocking(.get).mermaid) } catch { print("the tour failed: \(error)") }
    }

    static let merged = Example(
        name: "tour-merged", chapter: 11, summary: "two callers, one image: chapter 11's merged download"
    ) { print in
        print(lines(of: .merged))
    }

    private static func lines(of variant: Tour.Variant) -> String {
        do { return try Tour.runBlocking(variant).lines(masked: true).joined(separator: "\n") } catch {
            return "the tour failed: \(error)"
        }
    }
}
