import Foundation
import Testing
@testable import Workshop

/// The starter written from a module's package interface, on interfaces as the compiler prints them.
@Suite("A rebuild's starter, from the module's interface")
struct StarterSourceTests {
    /// Pieces of real interfaces (Swift 6.3, `-module-interface-preserve-types-as-written`).
    static let interface = """
        // swift-interface-format-version: 1.0
        // swift-module-flags: -target x86_64-unknown-linux-gnu -enable-library-evolution -module-name Shop
        import Foundation
        import FoundationNetworking
        import Swift
        import _Concurrency
        import _StringProcessing
        import _SwiftConcurrencyShims
        public func price(of item: Shop.Item, discount: Int = 0) throws(Shop.ShopError) -> Swift.Int
        public enum ShopError : Swift.Error {
          case closed
          public static func == (a: Shop.ShopError, b: Shop.ShopError) -> Swift.Bool
          public func hash(into hasher: inout Swift.Hasher)
          public var hashValue: Swift.Int {
            get
          }
        }
        public let currency: CharacterSet
        public struct Item : Hashable, Sendable {
          public var name: String
          public static let unknown: Swift.Int
          public init(name: String)
          public var label: String {
            get
          }
          public var tags: [String] {
            get
            set
          }
          public subscript(index: Int) -> Character {
            get
          }
          public static func == (a: Shop.Item, b: Shop.Item) -> Swift.Bool
          public func hash(into hasher: inout Swift.Hasher)
          public var hashValue: Swift.Int {
            get
          }
        }
        public enum Size : String, Sendable {
          case small, large
          public init?(rawValue: Swift.String)
          public typealias RawValue = Swift.String
          public var rawValue: Swift.String {
            get
          }
        }
        public protocol Pricing : Swift.Sendable {
          associatedtype Money
          var rate: Double { get set }
          var quote: Money { get async throws }
          func price(_ item: Item) -> Money
        }
        extension Pricing {
          public func doubled(_ item: Item) -> Money
        }
        @_hasMissingDesignatedInitializers open class Shop : @unchecked Sendable {
          @discardableResult
          open func restock(_ count: Int) -> Bool
          package func audit() async
          final public let opened: Date
          deinit
        }
        extension Shop {
          public typealias Tally = [Item: Int]
          public func tally() -> Shop.Shop.Tally
        }
        #if compiler(>=5.3) && $AsyncExecutionBehaviorAttributes
        @concurrent public func fetch() async -> Shop.Item
        #else
        public func fetch() async -> Shop.Item
        #endif
        @inlinable public func twice(_ x: Int) -> Int {
            x * 2
        }
        extension Shop.Size : Swift.Equatable {}
        extension Shop.Size : Swift.Hashable {}
        extension Shop.Size : Swift.RawRepresentable {}
        """

    static var starter: String { StarterSource.make(interface: interface, module: "Shop") }

    @Test("Every function, initializer, subscript and computed property gets a body that traps")
    func bodies() {
        let starter = Self.starter
        #expect(
            starter.contains(
                "public func price(of item: Item, discount: Int = 0) throws(ShopError) -> Int {\n    fatalError(\"not written yet\")\n}"
            ))
        #expect(starter.contains("    public init(name: String) {\n        fatalError(\"not written yet\")\n    }"))
        #expect(starter.contains("    public var label: String {\n        fatalError(\"not written yet\")\n    }"))
        #expect(
            starter.contains(
                "    public var tags: [String] {\n        get { fatalError(\"not written yet\") }\n        set { fatalError(\"not written yet\") }\n    }"
            ))
        #expect(
            starter.contains(
                "    public subscript(index: Int) -> Character {\n        fatalError(\"not written yet\")\n    }"))
        #expect(starter.contains("    package func audit() async {"))
    }

    @Test("Stored instance properties stay stored; constants outside an instance trap when first read")
    func storedProperties() {
        let starter = Self.starter
        #expect(starter.contains("    public var name: String\n"))
        #expect(starter.contains("    final public let opened: Date\n"))
        #expect(starter.contains("public let currency: CharacterSet = { fatalError(\"not written yet\") }()"))
        #expect(starter.contains("    public static let unknown: Int = { fatalError(\"not written yet\") }()"))
    }

    @Test("Members the compiler derives are left for it to derive again")
    func derivedMembers() {
        let starter = Self.starter
        for derived in [
            "static func ==", "hash(into", "hashValue", "init?(rawValue", "typealias RawValue", "var rawValue",
            "extension Shop.Size", "extension Size",
        ] {
            #expect(!starter.contains(derived), "\(derived)")
        }
        #expect(starter.contains("public enum Size : String, Sendable {\n    case small, large\n}"))
        #expect(starter.contains("public enum ShopError : Error {\n    case closed\n}"))
    }

    @Test("A protocol's requirements stay requirements; its extension's members get bodies")
    func protocols() {
        let starter = Self.starter
        #expect(
            starter.contains(
                "public protocol Pricing : Sendable {\n    associatedtype Money\n    var rate: Double { get set }\n    var quote: Money { get async throws }\n"
                    + "    func price(_ item: Item) -> Money\n}"))
        #expect(InterfaceParser.accessorGroups("get _modify set") == ["get", "set"])
        #expect(
            starter.contains(
                "extension Pricing {\n    public func doubled(_ item: Item) -> Money {\n        fatalError(\"not written yet\")\n    }\n}"
            ))
    }

    @Test("A module's name is dropped before its own top-level types, even where a type shares the module's name")
    func qualifiers() {
        let starter = Self.starter
        #expect(starter.contains("public func tally() -> Shop.Tally {"))
        #expect(starter.contains("public func fetch() async -> Item {"))
        #expect(
            QualifierStripper(module: "Shop", topLevelNames: ["Item"]).strip(
                "f(_ s: \"Swift.x\", t: Swift.Int, u: Shop.Item, v: Shop.Missing)")
                == "f(_ s: \"Swift.x\", t: Int, u: Item, v: Shop.Missing)")
    }

    @Test(
        "What describes the compiled module goes: headers, implicit imports, deinit, interface-only attributes, inlinable bodies"
    )
    func compiledDetails() {
        let starter = Self.starter
        for gone in [
            "swift-interface", "import Swift\n", "import _Concurrency", "deinit", "@_hasMissingDesignatedInitializers",
            "x * 2",
        ] {
            #expect(!starter.contains(gone), "\(gone)")
        }
        #expect(starter.contains("#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif"))
        #expect(starter.contains("@discardableResult\n    open func restock(_ count: Int) -> Bool {"))
        #expect(starter.contains("open class Shop : @unchecked Sendable {"))
        #expect(
            starter.contains("@inlinable public func twice(_ x: Int) -> Int {\n    fatalError(\"not written yet\")\n}"))
    }

    @Test("A feature guard keeps the branch this compiler took and drops the fallback")
    func featureGuards() {
        let starter = Self.starter
        #expect(starter.contains("@concurrent public func fetch() async -> Item {"))
        #expect(starter.components(separatedBy: "func fetch()").count == 2)
        #expect(!starter.contains("#else"))
    }

    @Test("Declarations are found after their attributes and modifiers")
    func keywords() {
        #expect(
            InterfaceParser.keyword(of: "@available(*, deprecated, message: \"a (b\") public static func f()") == "func"
        )
        #expect(InterfaceParser.keyword(of: "public private(set) var x: Int") == "var")
        #expect(InterfaceParser.keyword(of: "class func f()") == "func")
        #expect(InterfaceParser.keyword(of: "final public class C {") == "class")
        #expect(InterfaceParser.keyword(of: "public init?(rawValue: String)") == "init")
        #expect(InterfaceParser.keyword(of: "@discardableResult") == nil)
    }
}
