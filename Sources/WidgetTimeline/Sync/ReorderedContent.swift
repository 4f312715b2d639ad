/// Whether two values whose JSON differs only in the order of array elements hold the same data:
/// whether each reordered array is a `Set`'s members or a dictionary's entries, whose order
/// `JSONEncoder` takes from iteration and is no part of the value, and not an array's elements,
/// whose order is.
///
/// JSON alone cannot tell them apart — `["b","a"]` is a set reordered or a ranking changed, and
/// `["red",1,"green",2]` against `["red",2,"green",1]` is a dictionary keyed by an enumeration
/// whose values were swapped — and neither can the payload's `==`, which may compare an identifier
/// only. The values' stored properties can (`Mirror`): a `Set` and a `Dictionary` say what they
/// are.
enum ReorderedContent {
    /// Whether `old` and `new` hold the same data, the members of every `Set` and the entries of
    /// every dictionary in any order, everything else in the same order.
    ///
    /// Parts that encode to the same JSON (as records store it) are the same without a look
    /// inside; a part whose JSON differs is compared by its stored properties, and is different when
    /// it shows none, or when its type reflects itself (`CustomReflectable`) and is not the standard
    /// library's or Foundation's: such a mirror may show an identifier and hide a ranking
    /// (``IndependentCopies/reflectsStoredProperties(_:)``).
    static func isSame(_ old: Any, _ new: Any) -> Bool {
        if let oldForm = storedForm(of: old), oldForm == storedForm(of: new) { return true }
        guard ObjectIdentifier(type(of: old)) == ObjectIdentifier(type(of: new)),
            IndependentCopies.reflectsStoredProperties(old)
        else { return false }
        let oldMirror = Mirror(reflecting: old)
        let newMirror = Mirror(reflecting: new)
        switch oldMirror.displayStyle {
        case .set:
            return haveSameMembers(oldMirror, newMirror)
        case .dictionary:
            return haveSameEntries(oldMirror, newMirror)
        default:
            return haveSameProperties(oldMirror, newMirror)
        }
    }

    /// What `JSONEncoder` writes for `value`, or `nil` when it is not `Encodable` or does not encode.
    private static func json(of value: Any) -> JSONValue? {
        guard let value = value as? any Encodable else { return nil }
        return try? JSONValue(encoding: value)
    }

    /// The JSON a record stores for `value`, or `nil` when it is not `Encodable` or does not encode.
    private static func storedForm(of value: Any) -> [UInt8]? { json(of: value)?.storedForm }

    /// Two sets' members in any order: paired by their JSON with every array in one order, each
    /// pair the same (a member may hold a set of its own).
    private static func haveSameMembers(_ old: Mirror, _ new: Mirror) -> Bool {
        func members(_ mirror: Mirror) -> [(form: [UInt8], member: Any)]? {
            var members: [(form: [UInt8], member: Any)] = []
            for child in mirror.children {
                guard let json = json(of: child.value) else { return nil }
                members.append((json.withArraysInOneOrder.storedForm, child.value))
            }
            return members.sorted { $0.form.lexicographicallyPrecedes($1.form) }
        }
        guard let oldMembers = members(old), let newMembers = members(new),
            oldMembers.count == newMembers.count
        else { return false }
        return zip(oldMembers, newMembers).allSatisfy { $0.form == $1.form && isSame($0.member, $1.member) }
    }

    /// Two dictionaries' entries, matched by their keys' JSON, in any order.
    private static func haveSameEntries(_ old: Mirror, _ new: Mirror) -> Bool {
        func entries(_ mirror: Mirror) -> [[UInt8]: Any]? {
            var entries: [[UInt8]: Any] = [:]
            for entry in mirror.children {
                let pair = Mirror(reflecting: entry.value).children.map(\.value)
                guard pair.count == 2, let key = storedForm(of: pair[0]), entries[key] == nil else {
                    return nil
                }
                entries[key] = pair[1]
            }
            return entries
        }
        guard let oldEntries = entries(old), let newEntries = entries(new),
            oldEntries.count == newEntries.count
        else { return false }
        return oldEntries.allSatisfy { key, value in newEntries[key].map { isSame(value, $0) } ?? false }
    }

    /// Two values' stored properties — an array's elements, an enumeration's case and values, a
    /// class's and its superclasses' — in the same order.
    private static func haveSameProperties(_ old: Mirror, _ new: Mirror) -> Bool {
        var old: Mirror? = old
        var new: Mirror? = new
        var comparedAny = false
        while let oldLevel = old, let newLevel = new {
            let oldChildren = Array(oldLevel.children)
            let newChildren = Array(newLevel.children)
            guard oldChildren.count == newChildren.count,
                zip(oldChildren, newChildren).allSatisfy({
                    $0.label == $1.label && isSame($0.value, $1.value)
                })
            else { return false }
            comparedAny = comparedAny || !oldChildren.isEmpty
            old = oldLevel.superclassMirror
            new = newLevel.superclassMirror
        }
        return comparedAny && old == nil && new == nil
    }
}

extension JSONValue {
    /// The bytes a record stores for this value: unlike the canonical form, they keep the sign of
    /// zero.
    var storedForm: [UInt8] { CanonicalJSON.encode(self, wholeNumbersInFull: true) }

    /// This value with the elements of every array in one order, their stored form's: values
    /// whose JSON differs only in the order of array elements (a `Set`'s) become equal.
    var withArraysInOneOrder: JSONValue {
        switch self {
        case .array(let elements):
            let ordered = elements.map { element in
                let element = element.withArraysInOneOrder
                return (text: element.storedForm, element: element)
            }
            return .array(
                ordered.sorted { $0.text.lexicographicallyPrecedes($1.text) }.map(\.element))
        case .object(let members):
            return .object(members.mapValues(\.withArraysInOneOrder))
        case .null, .bool, .number, .string:
            return self
        }
    }
}
