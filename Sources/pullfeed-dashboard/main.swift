// pullfeed runs this program for --dashboard FILE, with FILE as its standard input, and reads
// what it prints: the file as `DashboardRecords`. It is a program of its own because the YAML
// library needs Foundation, which pullfeed does without.
import DashboardFormat
import DashboardYAML
#if canImport(Glibc)
import Glibc
#endif

if CommandLine.arguments.count > 1 {
    let message = "pullfeed-dashboard: pullfeed runs this to read a --dashboard file from standard input; it takes no arguments\n"
    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(2)
}

var input: [UInt8] = []
var chunk = [UInt8](repeating: 0, count: 65536)
// One byte past the limit is enough to say the file is too large.
while input.count <= DashboardYAML.sizeLimit {
    let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
    if count == 0 { break }
    if count < 0 {
        if errno == EINTR { continue }
        let message = "pullfeed-dashboard: cannot read the file: \(String(cString: strerror(errno)))\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        exit(1)
    }
    input.append(contentsOf: chunk[0..<count])
}

let result: Result<DashboardDocument, DashboardProblem>
do throws(DashboardProblem) {
    result = .success(try DashboardYAML.read(input))
} catch {
    result = .failure(error)
}
var output = DashboardRecords.encode(result)
var written = 0
while written < output.count {
    let count = output[written...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    if count < 0 {
        if errno == EINTR { continue }
        exit(1)
    }
    written += count
}
exit(0)
