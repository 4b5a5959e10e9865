#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file descriptor read with `read(2)`.
package struct FileDescriptorInput: ByteInput {
  package let descriptor: Int32

  package init(_ descriptor: Int32) {
    self.descriptor = descriptor
  }

  package mutating func read(upTo count: Int) throws(ProtocolError) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: min(count, 1 << 16))
    while true {
      let result = buffer.withUnsafeMutableBytes {
        systemRead(descriptor, $0.baseAddress, $0.count)
      }
      if result >= 0 { return Array(buffer.prefix(result)) }
      if errno == EINTR { continue }
      throw ProtocolError("reading the compiler's messages failed: errno \(errno)")
    }
  }
}

/// A file descriptor written with `write(2)`.
package struct FileDescriptorOutput: ByteOutput {
  package let descriptor: Int32

  package init(_ descriptor: Int32) {
    self.descriptor = descriptor
  }

  package mutating func write(_ bytes: [UInt8]) throws(ProtocolError) {
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes {
        systemWrite(descriptor, $0.baseAddress! + written, bytes.count - written)
      }
      if result > 0 {
        written += result
      } else if result < 0, errno == EINTR {
        continue
      } else {
        throw ProtocolError("writing a reply to the compiler failed: errno \(errno)")
      }
    }
  }
}

// `read` and `write` would otherwise resolve to the protocol requirements above.
private func systemRead(
  _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int
) -> Int {
  read(descriptor, buffer, count)
}

private func systemWrite(
  _ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int
) -> Int {
  write(descriptor, buffer, count)
}
