// Stand-in entry point until afn-bench lands on main with its own; drop this file on merge.
let arguments = CommandLine.arguments.dropFirst()
if arguments.isEmpty || arguments.contains("inflate") {
    runInflateBenchmark()
} else {
    print("usage: afn-bench inflate")
}
