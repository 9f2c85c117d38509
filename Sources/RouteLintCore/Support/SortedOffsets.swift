extension Array where Element == Int {
    /// The index of the last element at most `value`, in an ascending array whose first element
    /// is at most `value` — of line starts, the line that holds byte `value` — found by binary search.
    package func lastIndex(atMost value: Int) -> Int {
        var low = 0
        var high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if self[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
