#!/usr/bin/env python3
"""Writes man/pullfeed.1 from the built pullfeed and the hand-written man/pullfeed.1.in.

    Scripts/generate-manpage.py PULLFEED            write man/pullfeed.1
    Scripts/generate-manpage.py PULLFEED --check    fail if man/pullfeed.1 differs from what it would write

What `pullfeed --help` says comes from the binary (`--experimental-dump-help`, `--version`): the
header with the version, NAME, SYNOPSIS, the options, the key list, and the paragraphs of the
help's discussion. The template says everything else; each line of it that is only a
placeholder (@NAME@, @SYNOPSIS@, @DESCRIPTION@, @OPTIONS@, @KEYS@, @HEADER@) is replaced by the
generated roff. The help's short exit-status and environment paragraphs are left out: the
template's EXIT STATUS and ENVIRONMENT sections say the same at length.

swift-argument-parser's `generate-manual` plugin reads the same JSON, but cannot merge
hand-written sections into its page; this script does, and takes every generated word from the
binary.
"""
import difflib
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEMPLATE = os.path.join(ROOT, "man", "pullfeed.1.in")
OUTPUT = os.path.join(ROOT, "man", "pullfeed.1")

# Paragraphs of the help's discussion that open a section of their own (None: left out, the
# template says it); the others are the description.
SECTION_OF_PARAGRAPH = [
    ("Keys", "KEYS"),
    ("Exit status:", None),
    ("An unknown TERM", None),
]


def text(s):
    """Roff for plain text: escapes backslashes, dashes that start words, quotes, non-ASCII."""
    s = s.replace("\\", "\\e")
    # Dashes of options and of a lone "-" are minus signs (typed as such when copied); a
    # hyphen inside a word stays a hyphen.
    s = re.sub(r"(?<![A-Za-z0-9])-[-A-Za-z0-9=]*", lambda m: m.group(0).replace("-", "\\-"), s)
    s = s.replace("'", "\\(aq").replace("`", "\\(ga")
    s = "".join(c if ord(c) < 128 else "\\[u%04X]" % ord(c) for c in s)
    return s


def line(s):
    """A line of roff text that cannot be taken for a request."""
    s = text(s)
    return "\\&" + s if s.startswith((".", "'")) else s


def name_of(n):
    return ("-" if n["kind"] == "short" or n["kind"] == "longWithSingleDash" else "--") + n["name"]


def option_heading(arg):
    if arg["kind"] == "positional":
        return "\\fI%s\\fR" % text(arg["valueName"])
    names = ", ".join("\\fB%s\\fR" % text(name_of(n)) for n in arg["names"])
    if arg["kind"] == "option":
        names += " \\fI%s\\fR" % text(arg["valueName"])
    return names


def option_body(arg):
    body = arg.get("abstract", "")
    notes = []
    if arg.get("allValues"):
        notes.append("values: " + ", ".join(arg["allValues"]))
    if "defaultValue" in arg:
        notes.append("default: " + arg["defaultValue"])
    if notes:
        body += " (" + "; ".join(notes) + ")"
    return line(body)


def synopsis(arguments):
    parts = []
    for arg in arguments:
        if not arg.get("shouldDisplay", True) or arg.get("preferredName", {}).get("name") in ("help", "version"):
            continue
        if arg["kind"] == "positional":
            parts.append("[\\fI%s\\fR]" % text(arg["valueName"]))
        elif arg["kind"] == "option":
            parts.append("[\\fB%s\\fR \\fI%s\\fR]" % (text(name_of(arg["preferredName"])), text(arg["valueName"])))
        else:
            parts.append("[\\fB%s\\fR]" % text(name_of(arg["preferredName"])))
    return [".B pullfeed", " ".join(parts)]


def paragraphs(discussion):
    return [p for p in discussion.split("\n\n") if p.strip()]


def keys(paragraph):
    """The key list of the help as tagged paragraphs; its other lines as text."""
    out = []
    prose = []
    for row in paragraph.split("\n"):
        match = re.match(r"^  (\S.*?)  +(\S.*)$", row)
        if match:
            out += [".TP", "\\fB%s\\fR" % text(match.group(1).strip()), line(match.group(2))]
        else:
            prose.append(row)
    intro, rest = prose[:1], prose[1:]
    result = [line(r) for r in intro] + out
    if rest:
        result += [".PP"] + [line(r) for r in rest]
    return result


def generate(binary):
    # The English help, whatever the machine's locale (the help follows LANG and LC_ALL).
    english = dict(os.environ, LC_ALL="C.UTF-8", LC_MESSAGES="C.UTF-8", LANG="C.UTF-8")
    dump = json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True,
                                     capture_output=True, text=True, env=english).stdout)
    if dump.get("serializationVersion") != 0:
        sys.exit("generate-manpage: unknown --experimental-dump-help format %r" % dump.get("serializationVersion"))
    info = dump["command"]
    version = subprocess.run([binary, "--version"], check=True, capture_output=True, text=True, env=english).stdout.strip()
    abstract = info["abstract"].rstrip(".")
    parts = {
        "HEADER": ['.TH PULLFEED 1 "" "pullfeed %s" "User Commands"' % text(version)],
        "NAME": ["pullfeed \\- " + text(abstract[0].lower() + abstract[1:])],
        "SYNOPSIS": synopsis(info["arguments"]),
        "OPTIONS": [],
        "DESCRIPTION": [],
        "KEYS": [],
    }
    for arg in info["arguments"]:
        if arg.get("shouldDisplay", True):
            parts["OPTIONS"] += [".TP", option_heading(arg), option_body(arg)]
    for paragraph in paragraphs(info.get("discussion", "")):
        section = next((s for prefix, s in SECTION_OF_PARAGRAPH if paragraph.startswith(prefix)), "DESCRIPTION")
        if section is None:
            continue
        if section == "KEYS":
            roff = keys(paragraph)
        else:
            roff = []
            for row in paragraph.split("\n"):
                roff += ([".br"] if roff else []) + [line(row)]
        if parts[section]:
            parts[section].append(".PP")
        parts[section] += roff
    out = []
    with open(TEMPLATE, encoding="utf-8") as template:
        for row in template.read().split("\n"):
            match = re.fullmatch(r"@([A-Z_]+)@", row)
            if match:
                out += parts.pop(match.group(1))
            else:
                out.append(row)
    if parts:
        sys.exit("generate-manpage: the template has no place for " + ", ".join("@%s@" % p for p in parts))
    return "\n".join(out)


def main():
    if len(sys.argv) not in (2, 3) or (len(sys.argv) == 3 and sys.argv[2] != "--check"):
        sys.exit(__doc__)
    page = generate(sys.argv[1])
    if len(sys.argv) == 3:
        with open(OUTPUT, encoding="utf-8") as f:
            committed = f.read()
            if committed != page:
                sys.stdout.writelines(difflib.unified_diff(committed.splitlines(True), page.splitlines(True),
                                                           "man/pullfeed.1", "generated"))
                sys.exit("generate-manpage: man/pullfeed.1 differs from the help of %s: run "
                         "Scripts/generate-manpage.py %s and commit it" % (sys.argv[1], sys.argv[1]))
        print("generate-manpage: man/pullfeed.1 matches pullfeed --help")
        return
    with open(OUTPUT, "w", encoding="utf-8") as f:
        f.write(page)


if __name__ == "__main__":
    main()
