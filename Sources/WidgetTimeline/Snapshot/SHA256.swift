/// SHA-256 (FIPS 180-4), so fingerprints and record checksums are identical on every platform
/// without CryptoKit, which Linux does not have.
///
/// One call hashes one buffer: whole 64-byte blocks are compressed straight from the caller's
/// contiguous bytes, and the padded tail (one or two blocks) is built on the stack. The message
/// schedule lives in a stack buffer and the rounds work on local variables, so hashing allocates
/// nothing but the returned string and touches no reference counts.
enum SHA256 {
    /// The eight 32-bit words of the hash state, `H0` first.
    typealias State = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

    private static let initialState: State = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )

    private static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
        0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7,
        0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc,
        0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351,
        0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e,
        0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585,
        0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f,
        0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
        0xc671_78f2,
    ]

    /// The digest of `bytes` as 64 lowercase hex characters.
    static func hexDigest<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        if let text = bytes.withContiguousStorageIfAvailable({ hexDigest(of: UnsafeRawBufferPointer($0)) }) {
            return text
        }
        return Array(bytes).withUnsafeBytes { hexDigest(of: $0) }
    }

    /// The digest of `bytes` as 64 lowercase hex characters.
    static func hexDigest(of bytes: UnsafeRawBufferPointer) -> String {
        var state = digest(of: bytes)
        let digits: StaticString = "0123456789abcdef"
        return withUnsafeBytes(of: &state) { words in
            String(unsafeUninitializedCapacity: 64) { text in
                let hex = digits.utf8Start
                for index in 0..<8 {
                    let word = words.load(fromByteOffset: 4 * index, as: UInt32.self)
                    for nibble in 0..<8 {
                        text[8 * index + nibble] =
                            hex[Int(truncatingIfNeeded: (word &>> (28 - 4 * nibble)) & 0xF)]
                    }
                }
                return 64
            }
        }
    }

    /// The digest of `bytes` as eight words: the digest is their big-endian bytes, `H0` first.
    static func digest(of bytes: UnsafeRawBufferPointer) -> State {
        var state = initialState
        let count = bytes.count
        let whole = count & ~63
        k.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                let k = k.baseAddress!
                let w = schedule.baseAddress!
                if let base = bytes.baseAddress {
                    var offset = 0
                    while offset < whole {
                        compress(&state, base + offset, k: k, schedule: w)
                        offset += 64
                    }
                }
                // The tail, a 1 bit, zeros, and the length in bits: one block, or two when fewer than
                // nine bytes are left in the first.
                withUnsafeTemporaryAllocation(byteCount: 128, alignment: 8) { padded in
                    let block = padded.baseAddress!
                    let rest = count - whole
                    if rest > 0 { block.copyMemory(from: bytes.baseAddress! + whole, byteCount: rest) }
                    let total = rest < 56 ? 64 : 128
                    block.storeBytes(of: 0x80, toByteOffset: rest, as: UInt8.self)
                    (block + rest + 1).initializeMemory(as: UInt8.self, repeating: 0, count: total - 9 - rest)
                    block.storeBytes(
                        of: (UInt64(count) &* 8).bigEndian, toByteOffset: total - 8, as: UInt64.self)
                    compress(&state, UnsafeRawPointer(block), k: k, schedule: w)
                    if total == 128 { compress(&state, UnsafeRawPointer(block + 64), k: k, schedule: w) }
                }
            }
        }
        return state
    }

    /// Compresses the 64-byte block at `block` into `state`, using `w` (64 words) for the message
    /// schedule and `k` for the round constants.
    @inline(__always)
    private static func compress(
        _ state: inout State, _ block: UnsafeRawPointer, k: UnsafePointer<UInt32>,
        schedule w: UnsafeMutablePointer<UInt32>
    ) {
        for t in 0..<16 {
            w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 * t, as: UInt32.self))
        }
        for t in 16..<64 {
            let x = w[t - 15]
            let y = w[t - 2]
            // σ0 and σ1, with the rotations nested: ror7(x ^ ror11(x)) is ror7(x) ^ ror18(x).
            let s0 = (x ^ x.rotatedRight(11)).rotatedRight(7) ^ (x &>> 3)
            let s1 = (y ^ y.rotatedRight(2)).rotatedRight(17) ^ (y &>> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = state
        // Eight rounds per pass, each naming the working variables one place further on, so no round
        // shuffles eight values. `bc` carries b ^ c: this round's a ^ b is the next round's b ^ c.
        var bc = b ^ c
        var t = 0
        while t < 64 {
            round(a, b, &d, e, f, g, &h, &bc, k[t] &+ w[t])
            round(h, a, &c, d, e, f, &g, &bc, k[t + 1] &+ w[t + 1])
            round(g, h, &b, c, d, e, &f, &bc, k[t + 2] &+ w[t + 2])
            round(f, g, &a, b, c, d, &e, &bc, k[t + 3] &+ w[t + 3])
            round(e, f, &h, a, b, c, &d, &bc, k[t + 4] &+ w[t + 4])
            round(d, e, &g, h, a, b, &c, &bc, k[t + 5] &+ w[t + 5])
            round(c, d, &f, g, h, a, &b, &bc, k[t + 6] &+ w[t + 6])
            round(b, c, &e, f, g, h, &a, &bc, k[t + 7] &+ w[t + 7])
            t += 8
        }
        state = (
            state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g,
            state.7 &+ h
        )
    }

    /// One round: `d` gains `T1`, and `h` becomes `T1 + T2`, the next round's `a`. `c` is not needed:
    /// `bc` holds `b ^ c`, and leaves holding `a ^ b`.
    @inline(__always)
    private static func round(
        _ a: UInt32, _ b: UInt32, _ d: inout UInt32,
        _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32,
        _ bc: inout UInt32, _ constantPlusWord: UInt32
    ) {
        // Σ1(e) = ror6(e) ^ ror11(e) ^ ror25(e) and Σ0(a) = ror2(a) ^ ror13(a) ^ ror22(a), nested.
        let s1 = (e ^ (e ^ e.rotatedRight(14)).rotatedRight(5)).rotatedRight(6)
        let choice = g ^ (e & (f ^ g))
        let temp1 = h &+ s1 &+ choice &+ constantPlusWord
        let s0 = (a ^ (a ^ a.rotatedRight(9)).rotatedRight(11)).rotatedRight(2)
        let ab = a ^ b
        let majority = b ^ (ab & bc)
        bc = ab
        d &+= temp1
        h = temp1 &+ s0 &+ majority
    }
}

extension UInt32 {
    @inline(__always)
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { (self &>> count) | (self &<< (32 &- count)) }
}
