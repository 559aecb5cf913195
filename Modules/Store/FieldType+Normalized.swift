extension FieldType {
    /// `value` in the kind this type stores (an integer given for a real key becomes a real),
    /// so sealed values and keyed hashes of equal values are equal.
    package func normalized(_ value: FieldValue) -> FieldValue {
        switch (self, value) {
        case (.real, .integer(let number)), (.date, .integer(let number)):
            return .real(Double(number))
        case (.integer, .real(let number)), (.bool, .real(let number)):
            return number.rounded() == number && abs(number) < 9.2e18 ? .integer(Int64(number)) : value
        default:
            return value
        }
    }
}
