import Foundation

extension FilesReactor {
    /// The next `limit` regular files under `root` after the file `after` (from the first when
    /// nil), as paths relative to `root`: a walk that goes into each folder in name order and
    /// lists its files and folders in that order, so the files of a folder come together.
    /// Only the folders on the way to `after` and those after it are read, never the whole
    /// tree: the first page of a large tree comes at once. Links are not followed; a folder
    /// that cannot be read is passed over.
    static func files(under root: String, after: String?, limit: Int) -> [String] {
        let base = URL(fileURLWithPath: root).standardizedFileURL.path
        var files: [String] = []
        let resume = after.map { $0.split(separator: "/").map(String.init) } ?? []
        walk(base: base, folder: "", resume: resume[...], limit: limit, into: &files)
        return files
    }

    /// Adds the files of `folder` (relative to `base`, "" for `base` itself) to `files`, until
    /// it holds `limit`. `resume`, when not empty, is the rest of the path of the file to go on
    /// after: the entries before its first part are skipped, and the folder of that name is
    /// walked only past it.
    private static func walk(base: String, folder: String, resume: ArraySlice<String>, limit: Int, into files: inout [String]) {
        let path = folder.isEmpty ? base : base + "/" + folder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names.sorted() where files.count < limit {
            if let next = resume.first, name <= next {
                // The folder that holds the file to go on after: only what is past it.
                if name == next, resume.count > 1 {
                    walk(base: base, folder: join(folder, name), resume: resume.dropFirst(), limit: limit, into: &files)
                }
                continue
            }
            let type = (try? FileManager.default.attributesOfItem(atPath: path + "/" + name))?[.type] as? FileAttributeType
            if type == .typeDirectory {
                walk(base: base, folder: join(folder, name), resume: [], limit: limit, into: &files)
            } else if type == .typeRegular {
                files.append(join(folder, name))
            }
        }
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder + "/" + name
    }
}
