/// SHA-256 (FIPS 180-4), so fingerprints and record checksums are identical on every platform
/// without CryptoKit, which Linux does not have.
///
/// Whole 64-byte blocks are compressed straight from the caller's contiguous bytes; only a tail
/// shorter than a block is copied.
struct SHA256 {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    private var tail: [UInt8] = []
    private var length: UInt64 = 0

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

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The digest of `bytes` as 64 lowercase hex characters.
    static func hexDigest<Bytes: Sequence>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        var text: [UInt8] = []
        text.reserveCapacity(64)
        for byte in hasher.finalize() {
            text.append(hexDigits[Int(byte >> 4)])
            text.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let handled: Void? = bytes.withContiguousStorageIfAvailable {
            update(contiguous: UnsafeRawBufferPointer($0))
        }
        if handled == nil {
            let copy = Array(bytes)
            copy.withUnsafeBytes { update(contiguous: $0) }
        }
    }

    private mutating func update(contiguous bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var offset = 0
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            if !tail.isEmpty {
                let take = min(64 - tail.count, bytes.count)
                tail.append(contentsOf: bytes[0..<take])
                offset = take
                guard tail.count == 64 else { return }
                let block = tail
                block.withUnsafeBytes { compress($0.baseAddress!, schedule: schedule) }
                tail.removeAll(keepingCapacity: true)
            }
            while offset + 64 <= bytes.count {
                compress(bytes.baseAddress! + offset, schedule: schedule)
                offset += 64
            }
        }
        if offset < bytes.count { tail.append(contentsOf: bytes[offset...]) }
    }

    mutating func finalize() -> [UInt8] {
        let bitLength = length &* 8
        var last = tail
        last.append(0x80)
        let total = last.count <= 56 ? 64 : 128
        last.append(contentsOf: repeatElement(0, count: total - 8 - last.count))
        for shift in stride(from: 56, through: 0, by: -8) {
            last.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            last.withUnsafeBytes { bytes in
                for offset in stride(from: 0, to: total, by: 64) {
                    compress(bytes.baseAddress! + offset, schedule: schedule)
                }
            }
        }
        tail.removeAll()
        var digest = [UInt8](repeating: 0, count: 32)
        for (index, word) in [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
            .enumerated()
        {
            digest[4 * index] = UInt8(truncatingIfNeeded: word >> 24)
            digest[4 * index + 1] = UInt8(truncatingIfNeeded: word >> 16)
            digest[4 * index + 2] = UInt8(truncatingIfNeeded: word >> 8)
            digest[4 * index + 3] = UInt8(truncatingIfNeeded: word)
        }
        return digest
    }

    /// Compresses one 64-byte block, using `w` (64 words) for the message schedule.
    private mutating func compress(_ block: UnsafeRawPointer, schedule w: UnsafeMutableBufferPointer<UInt32>)
    {
        do {
            for t in 0..<16 {
                w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 * t, as: UInt32.self))
            }
            for t in 16..<64 {
                let s0 = w[t - 15].rotatedRight(7) ^ w[t - 15].rotatedRight(18) ^ (w[t - 15] >> 3)
                let s1 = w[t - 2].rotatedRight(17) ^ w[t - 2].rotatedRight(19) ^ (w[t - 2] >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = state
            Self.k.withUnsafeBufferPointer { k in
                for t in 0..<64 {
                    let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                    let choice = (e & f) ^ (~e & g)
                    let temp1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
                    let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    let temp2 = s0 &+ majority
                    (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ temp2)
                }
            }
            state = (
                state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f,
                state.6 &+ g,
                state.7 &+ h
            )
        }
    }
}

extension UInt32 {
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { (self >> count) | (self << (32 - count)) }
}
