/// A small, fast, seeded random number generator (SplitMix64), so every random choice in the
/// package — retry jitter, simulated lateness, generated test inputs — is reproducible from a seed.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// The SplitMix64 finaliser: a good 64-bit hash of `value`.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A deterministic number in `[0, 1)` from the given values: the same inputs, the same number.
    public static func unitInterval(_ values: UInt64...) -> Double {
        var hash: UInt64 = 0x243F_6A88_85A3_08D3
        for value in values { hash = mix(hash ^ value) }
        return Double(hash >> 11) * 0x1.0p-53
    }
}
