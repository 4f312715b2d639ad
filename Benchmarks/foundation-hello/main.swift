// The smallest Foundation program: the baseline the memory benchmark compares
// `widget-timeline build` with. Not a product.
import Foundation

FileHandle.standardOutput.write(Data("hello, world\n".utf8))
