/// Items for a message: "a", "a and b", "a, b and c" (or with "or").
package func englishList(_ items: [String], conjunction: String = "and") -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
}
