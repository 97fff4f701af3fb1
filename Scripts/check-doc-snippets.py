#!/usr/bin/env python3
"""Fails when a ```swift block of the README, of a DocC article or of a doc comment in the
libraries' sources is not real, compiled code.

Each document is mirrored by files that CI builds (tests that run the snippets, the example
programs, the client package of .ci/client-build). Every ```swift block must appear in one of
its document's mirrors as a run of consecutive lines, compared without their leading and
trailing spaces, blank lines left out; its `import` lines may be anywhere in that file (so a
block that shows its imports is mirrored by a file that needs no others). A
document with ```swift blocks and no mirror fails too. Code that is not meant to compile goes
in a fence of another language (```text, ```sh). A doc comment's block (its lines without
the leading `///`) is mirrored like its module's DocC catalog.
"""
import fnmatch
import glob
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

FILES_DEMO = ["Examples/FilesDemo/*.swift", "Tests/FilesDemoTests/*.swift"]
MIRRORS = {
    "README.md": ["Tests/TerminalUITests/DocSnippetTests.swift", "Tests/ReactorsTests/DocSnippetTests.swift",
                  "Tests/FilesDemoTests/DocSnippetTests.swift", ".ci/client-build"],
    "Sources/PullToRefresh/Documentation.docc/*.md": FILES_DEMO + [
        "Tests/PullToRefreshTests/DocSnippetTests.swift", ".ci/client-build"],
    "Sources/Reactors/Documentation.docc/*.md": ["Tests/ReactorsTests/DocSnippetTests.swift"],
    "Sources/TerminalUI/Documentation.docc/*.md": ["Tests/TerminalUITests/DocSnippetTests.swift"],
    "Sources/TerminalText/Documentation.docc/*.md": ["Tests/TerminalTextTests/DocSnippetTests.swift"],
    "Sources/SearchEngine/Documentation.docc/*.md": ["Tests/SearchEngineTests/DocSnippetTests.swift"],
    "Sources/CursesBackend/Documentation.docc/*.md": ["Examples/FilesDemo/main.swift"],
}
DOCUMENTS = ["README.md", "Sources/*/Documentation.docc/*.md"]
# Doc comments of the libraries, mirrored as their module's catalog is.
COMMENT_MIRRORS = {
    "Sources/PullToRefresh/*.swift": MIRRORS["Sources/PullToRefresh/Documentation.docc/*.md"],
    "Sources/Reactors/*.swift": MIRRORS["Sources/Reactors/Documentation.docc/*.md"],
    "Sources/TerminalUI/*.swift": MIRRORS["Sources/TerminalUI/Documentation.docc/*.md"],
    "Sources/TerminalUI/*/*.swift": MIRRORS["Sources/TerminalUI/Documentation.docc/*.md"],
    "Sources/TerminalText/*.swift": MIRRORS["Sources/TerminalText/Documentation.docc/*.md"],
    "Sources/SearchEngine/*/*.swift": MIRRORS["Sources/SearchEngine/Documentation.docc/*.md"],
    "Sources/CursesBackend/*.swift": MIRRORS["Sources/CursesBackend/Documentation.docc/*.md"],
    "Sources/EventLoop/*.swift": ["Tests/EventLoopTests/*.swift"],
}
MIRRORS.update(COMMENT_MIRRORS)
DOCUMENTS += list(COMMENT_MIRRORS)
DOC_COMMENT = re.compile(r"^\s*///\s?")
FENCE = re.compile(r"^\s*```\s*swift\s*$")
# A fence that names Swift some other way (```Swift, ```swift title=…, ~~~swift) would be
# skipped without a word: it is an error instead.
OTHER_SWIFT_FENCE = re.compile(r"^\s*(```|~~~)\s*swift\b", re.IGNORECASE)
IMPORT = re.compile(r"^(@testable )?import ")


def lines(text):
    return [line.strip() for line in text.splitlines() if line.strip()]


def swift_blocks(path):
    """(line number, lines) of each ```swift block (in a Swift file, of its doc comments)."""
    blocks, current, start = [], None, 0
    text = open(path, encoding="utf-8").read().splitlines()
    if path.endswith(".swift"):
        text = [DOC_COMMENT.sub("", line, count=1) if DOC_COMMENT.match(line) else "" for line in text]
    for number, line in enumerate(text, 1):
        if current is None:
            if FENCE.match(line):
                current, start = [], number
            elif OTHER_SWIFT_FENCE.match(line):
                sys.exit(f"{path}:{number}: write a Swift block's fence as ```swift alone, so it is checked")
        elif line.strip().startswith("```"):
            blocks.append((start, current))
            current = None
        else:
            current.append(line)
    if current is not None:
        sys.exit(f"{path}:{start}: the ```swift block is not closed")
    return blocks


def contains_run(haystack, needle):
    if not needle:
        return True
    first = needle[0]
    return any(haystack[i:i + len(needle)] == needle
               for i, line in enumerate(haystack) if line == first)


def expand(patterns):
    return sorted({path for pattern in patterns for path in glob.glob(os.path.join(root, pattern))})


failures, checked = [], 0
for document in expand(DOCUMENTS):
    relative = os.path.relpath(document, root)
    blocks = swift_blocks(document)
    if not blocks:
        continue
    patterns = next((mirrors for pattern, mirrors in MIRRORS.items()
                     if fnmatch.fnmatch(relative, pattern)), None)
    if patterns is None:
        failures.append(f"{relative}: has ```swift blocks but no mirror in {os.path.relpath(__file__, root)}")
        continue
    mirrors = {path: lines(open(path, encoding="utf-8").read()) for path in expand(patterns)}
    for number, block in blocks:
        checked += 1
        code = lines("\n".join(block))
        imports = [line for line in code if IMPORT.match(line)]
        body = [line for line in code if not IMPORT.match(line)]
        if any(contains_run(text, body) and all(line in text for line in imports) for text in mirrors.values()):
            continue
        # Name the first line after the longest start of the block that a mirror has.
        best = max(n for n in range(len(body) + 1) if any(contains_run(t, body[:n]) for t in mirrors.values()))
        detail = f"first differing line: {body[best]!r}" if best < len(body) else "an import is missing"
        failures.append(f"{relative}:{number}: the ```swift block is not in "
                        f"{', '.join(os.path.relpath(p, root) for p in mirrors)} ({detail})")

for failure in failures:
    print(failure)
print(f"{checked} swift blocks checked, {len(failures)} not found in the code CI builds")
sys.exit(1 if failures else 0)
