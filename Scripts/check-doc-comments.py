#!/usr/bin/env python3
"""Fails when a public symbol of the libraries has no doc comment, or when a library declares
more public symbols than its bar (PUBLIC_LIMITS).

Reads the symbol graphs that `swift package dump-symbol-graph --minimum-access-level public`
writes, and lists every public declaration of our own modules without documentation. A member
that implements a protocol requirement, and a declaration the compiler made (synthesised
conformances, default implementations from other modules), inherit their documentation and
are not counted.
"""
import glob
import json
import os
import subprocess
import sys

# The most public declarations a module may have: every public symbol declared in its sources
# (types, members, enum cases, initializers; not what the compiler synthesises) counts.
PUBLIC_LIMITS = {"PullToRefresh": 120}
MODULES = sys.argv[1:] or ["Reactors", "TerminalText", "SearchEngine", "TerminalUI", "EventLoop", "CursesBackend",
                           "PullToRefresh"]
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = subprocess.run(["swift", "package", "dump-symbol-graph", "--minimum-access-level", "public"],
                     cwd=root, capture_output=True, text=True)
# Some toolchains fail to load the test modules' symbol graphs (and exit non-zero) after
# writing the libraries' ones; only the libraries' graphs are read below.
folder = next((line.split("Files written to ", 1)[1].strip() for line in out.stdout.splitlines()
               if "Files written to" in line), None)
if folder is None:
    sys.exit("no symbol graph folder in: " + out.stdout + out.stderr)

missing = []
counts = {}
for module in MODULES:
    path = os.path.join(folder, module + ".symbols.json")
    if not os.path.exists(path):
        sys.exit(f"no symbol graph for {module}: " + out.stdout + out.stderr)
    graph = json.load(open(path))
    # Members that implement a requirement take the requirement's documentation.
    implements = {r["source"] for r in graph["relationships"]
                  if r["kind"] in ("requirementOf", "defaultImplementationOf", "overrides")}
    implements |= {r["source"] for r in graph["relationships"]
                   if r["kind"] == "memberOf" and r.get("sourceOrigin")}
    counts[module] = sum(1 for symbol in graph["symbols"] if symbol.get("accessLevel") == "public"
                         and f"/Sources/{module}/" in symbol.get("location", {}).get("uri", ""))
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") != "public" or symbol.get("docComment"):
            continue
        precise = symbol["identifier"]["precise"]
        if precise in implements or symbol["kind"]["identifier"] in ("swift.deinit",):
            continue
        location = symbol.get("location", {})
        file = location.get("uri", "").replace("file://", "").replace(root + "/", "")
        line = location.get("position", {}).get("line", -1) + 1
        if not file.startswith("Sources/"):
            continue
        missing.append(f"{file}:{line}: {'.'.join(symbol['pathComponents'])}")

for entry in sorted(missing):
    print(entry)
print(f"{len(missing)} public symbols without a doc comment in {', '.join(MODULES)}")
over = []
for module, count in counts.items():
    limit = PUBLIC_LIMITS.get(module)
    print(f"{module}: {count} public declarations" + (f" (at most {limit})" if limit is not None else ""))
    if limit is not None and count > limit:
        over.append(f"{module} declares {count} public symbols, more than its {limit}: make internal what clients do not need")
for entry in over:
    print(entry)
sys.exit(1 if missing or over else 0)
