#if canImport(FoundationEssentials)
    import FoundationEssentials
    import FoundationInternationalization
#else
    import Foundation
#endif

/// The engine's agenda: events ordered by time, and events at the same time in the order they
/// were scheduled, so a run is a pure function of its inputs: a binary heap on `(time, sequence)`.
/// Times are `Date.timeIntervalSinceReferenceDate`.
struct EventQueue<Event> {
    private struct Item {
        var time: TimeInterval
        var sequence: Int
        var event: Event

        func precedes(_ other: Item) -> Bool {
            time < other.time || (time == other.time && sequence < other.sequence)
        }
    }

    private var heap: [Item] = []
    private var nextSequence = 0

    var isEmpty: Bool { heap.isEmpty }
    var count: Int { heap.count }

    /// The time of the earliest event, without removing it.
    var nextTime: TimeInterval? { heap.first?.time }

    /// Schedules `event` at `time` (seconds since the reference date).
    mutating func schedule(_ event: Event, at time: TimeInterval) {
        heap.append(Item(time: time, sequence: nextSequence, event: event))
        nextSequence += 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest event.
    mutating func next() -> (time: TimeInterval, event: Event)? {
        guard !heap.isEmpty else { return nil }
        let first = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var best = parent
                if left < heap.count, heap[left].precedes(heap[best]) { best = left }
                if right < heap.count, heap[right].precedes(heap[best]) { best = right }
                if best == parent { break }
                heap.swapAt(parent, best)
                parent = best
            }
        }
        return (first.time, first.event)
    }
}
