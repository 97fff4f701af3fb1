/// A value bound to a statement's parameter.
package enum SQLiteValue: Sendable, Equatable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    package init(integerLiteral value: Int64) { self = .integer(value) }
    package init(stringLiteral value: String) { self = .text(value) }
}

extension SQLiteValue {
    package init(_ value: Int) { self = .integer(Int64(value)) }
}
