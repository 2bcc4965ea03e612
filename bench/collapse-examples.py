#!/usr/bin/env python3
"""Collapses per-model Examples blocks into one table per outline, in features/echo and features/http.

Before RowTags (testing/src/test/java/io/loomarena/testing/RowTags.java), an outline that runs on every model had one
Examples block per model, because Gherkin tags whole blocks and -Dcucumber.filter.tags='@ServerVirtual' had to select
a model's rows. Now a row's model tags come from its values (server/model column -> @Server..., --cache-content ->
@CachedContent, client column -> @Client...), so this script drops from each block the model tags every row of it
derives, and merges neighbouring blocks of one outline whose remaining tags and columns are the same. Blocks that
differ in another tag (@Slow, @Full, ...) stay apart. A merged block's comments, and what its name said beyond its models, stay above its rows.
Run it again after merging a branch that adds per-model blocks the old way:

    python3 bench/collapse-examples.py features/echo/*.feature features/http/*.feature

then check with SelectionListing (docs/architecture.md, "Tags") that every filter selects the same scenarios.
"""
import re
import sys

SERVER_TAGS = {"single": "@ServerSingle", "platform": "@ServerPlatform", "pool": "@ServerPool",
               "virtual": "@ServerVirtual", "event-loop": "@ServerEventLoop", "netty": "@ServerNetty"}
CLIENT_TAGS = {"platform": "@ClientPlatform", "virtual": "@ClientVirtual"}
CACHED = "@CachedContent"
EXAMPLES = re.compile(r"^(\s*)Examples:(.*)$")


def cells(line):
    return [c.strip() for c in line.strip()[1:-1].split("|")]


def derived(header, row):
    """The model tags a row's values give, as RowTags derives them (unknown words: SERVER_TAGS must know them)."""
    tags = set()
    for column, value in zip(header, row):
        if column in ("server", "model"):
            words = value.split()
            if words[0] not in SERVER_TAGS:
                raise SystemExit(f"unknown server model '{words[0]}': add it to SERVER_TAGS")
            tags.add(SERVER_TAGS[words[0]])
            if "--cache-content" in words:
                tags.add(CACHED)
        elif column == "client":
            tags.add(CLIENT_TAGS[value])
    return tags


def blocks(lines):
    """Every Examples block: its first line (comments, tags), Examples line, last table line, and its parts."""
    found = []
    for i, line in enumerate(lines):
        m = EXAMPLES.match(line)
        if not m:
            continue
        start = i
        while start > 0 and lines[start - 1].strip().startswith("@"):
            start -= 1
        tag_start = start
        while start > 0 and lines[start - 1].strip().startswith("#"):
            start -= 1
        end = i + 1
        while end < len(lines) and lines[end].strip().startswith("|"):
            end += 1
        table = [cells(l) for l in lines[i + 1:end]]
        tags = " ".join(l.strip() for l in lines[tag_start:i]).split()
        found.append(dict(start=start, examples=i, end=end, indent=m.group(1), name=m.group(2).strip(),
                          comments=lines[start:tag_start], tags=tags, header=table[0], rows=table[1:]))
    return found


def parts(name):
    return [p.strip() for p in name.split(", ") if p.strip()]


def common_name(names):
    """The parts (comma separated) every block's name has, in the first one's order: 'quick', '200,000 requests'."""
    if len(set(names)) == 1:
        return names[0]
    first = parts(names[0])
    return ", ".join(p for p in first if all(p in parts(n) for n in names[1:]))


def redundant(part, block):
    """True for a part of a block's name that only says its models, which its rows now say."""
    values = {r[block["header"].index(c)] for r in block["rows"] for c in ("server", "model") if c in block["header"]}
    words = {w for v in values for w in v.split()[:1]}
    return part in values or part in words or re.fullmatch(r"\S+ server(, \S+ client)?|\S+ client", part)


def render(run, common):
    """The merged block: a block's own comments and what its name said beyond the common name go above its rows."""
    indent, header = run[0]["indent"], run[0]["header"]
    rows = [r for b in run for r in b["rows"]]
    widths = [max(len(r[c]) for r in [header] + rows) for c in range(len(header))]
    line = lambda r: indent + "  | " + " | ".join(v.ljust(w) for v, w in zip(r, widths)) + " |"
    out = list(run[0]["comments"])
    if run[0]["kept"]:
        out.append(indent + " ".join(run[0]["kept"]))
    out.append(indent + "Examples:" + (" " + common if common else ""))
    out.append(line(header))
    for i, b in enumerate(run):
        if i > 0:
            out.extend(b["comments"])
        if len(run) > 1:
            said = [p for p in parts(b["name"]) if p not in parts(common) and not redundant(p, b)]
            if said:
                out.append(indent + "  # " + ", ".join(said))
        out.extend(line(r) for r in b["rows"])
    return out


def collapse(text):
    lines = text.split("\n")
    found = blocks(lines)
    for b in found:
        model_tags = {t for t in b["tags"] if t.startswith(("@Server", "@Client")) or t == CACHED}
        droppable = set.intersection(*[derived(b["header"], r) for r in b["rows"]]) if b["rows"] else set()
        b["kept"] = [t for t in b["tags"] if t not in (model_tags & droppable)]
    # Runs of neighbouring blocks (only blank lines between them) with the same kept tags, columns and indent.
    runs, current = [], []
    for b in found:
        if current:
            last = current[-1]
            between = lines[last["end"]:b["start"]]
            if (all(not l.strip() for l in between) and last["kept"] == b["kept"]
                    and last["header"] == b["header"] and last["indent"] == b["indent"]):
                current.append(b)
                continue
            runs.append(current)
        current = [b]
    if current:
        runs.append(current)
    out, at = [], 0
    for run in runs:
        out.extend(lines[at:run[0]["start"]])
        out.extend(render(run, common_name([b["name"] for b in run]) if len(run) > 1 else run[0]["name"]))
        at = run[-1]["end"]
    out.extend(lines[at:])
    return "\n".join(out)


if __name__ == "__main__":
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        collapsed = collapse(text)
        if collapsed != text:
            with open(path, "w", encoding="utf-8") as f:
                f.write(collapsed)
            print(f"{path}: {text.count(chr(10))} -> {collapsed.count(chr(10))} lines")
