// The tests and exercises that use these certificates read them as swift-certificates'
// `Certificate`. The exercises' package depends on the course alone, and a package can vend only its
// own products, so this module passes X509 on.
@_exported import X509
