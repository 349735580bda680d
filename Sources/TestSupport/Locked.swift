@_exported import Locking

/// A value that tests share between threads: a closure handed to another thread, a delegate
/// callback and the test body each read and change it under one lock. It is the course's own
/// `Protected`, under the name the tests have always used, so that the thread sanitizer follows
/// the tests' locks as it follows the library's.
package typealias Locked = Protected
