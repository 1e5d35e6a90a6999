import Foundation
import FuzzEntries

// libFuzzer's driver, called from our own `main` (SwiftPM names the entry point of an
// executable itself, so libFuzzer's `main` is not used).
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// `LOCATE_FUZZ_TARGET=czech-hours locate-fuzz CORPUS -max_total_time=60`: one libFuzzer
/// binary for every target in `FuzzTarget`, chosen by the environment (libFuzzer owns the
/// arguments). A broken property is a crash, so libFuzzer saves the input.
@main enum LocateFuzz {
    static let target = ProcessInfo.processInfo.environment["LOCATE_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:))
    static let scratch = try? FuzzScratch()

    static func main() {
        guard target != nil, scratch != nil else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("locate-fuzz: set LOCATE_FUZZ_TARGET to one of: \(names)\n".utf8))
            exit(64)
        }
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        let status = runDriver(&argc, &argv) { data, size in
            guard let target = LocateFuzz.target, let scratch = LocateFuzz.scratch else { return -1 }
            let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
            let broken = target.run(input, scratch: scratch)
            if !broken.isEmpty { fatalError("\(target.rawValue): " + broken.joined(separator: "; ")) }
            return 0
        }
        scratch?.remove()
        exit(status)
    }
}
