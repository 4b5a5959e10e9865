extension JSON {
  /// The value as compact JSON text (object keys sorted, so the output is deterministic).
  package var serialized: [UInt8] {
    var output: [UInt8] = []
    write(to: &output)
    return output
  }

  private func write(to output: inout [UInt8]) {
    switch self {
    case .null: output += Array("null".utf8)
    case .bool(let value): output += Array((value ? "true" : "false").utf8)
    case .integer(let value): output += Array(String(value).utf8)
    case .double(let value): output += Array((value.isFinite ? "\(value)" : "null").utf8)
    case .string(let value): Self.writeString(value, to: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        element.write(to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        Self.writeString(key, to: &output)
        output.append(UInt8(ascii: ":"))
        members[key]?.write(to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  private static func writeString(_ value: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): output += Array("\\\"".utf8)
      case UInt8(ascii: "\\"): output += Array("\\\\".utf8)
      case 0x0A: output += Array("\\n".utf8)
      case 0x0D: output += Array("\\r".utf8)
      case 0x09: output += Array("\\t".utf8)
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        output += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
