/// How the generated holder factory types its holders.
package enum HolderTypes: String, CaseIterable, Sendable {
    /// Each holder's type is the factory's to choose: an associated type of `HolderFactory`
    /// (Swift), a type parameter of `HolderFactory` and `HolderRegistry` (Kotlin). The code
    /// needs nothing of the app; the compilers take it up to a few hundred holders.
    case generic
    /// Each holder is the app's own type of the holder's name (`ProductHolder`), declared by
    /// the app beside the generated code: a class of that name or a type alias to one. No
    /// generics, so any number of holders compiles.
    case named
}
