#!/usr/bin/env python3
"""Code bytes of a wasm module by crate and by function, from its name section.

    scripts/wasm-sizes.py target/wasm32-unknown-unknown/web/sudoku-web.wasm [top]

Use a module that still has its names: Cargo's output before wasm-bindgen and wasm-opt.
A function's crate is the first path segment of its demangled name (generic functions are
counted under the crate that defined them, `<T as Trait>` under T's crate)."""
import re
import sys
import zlib
from collections import Counter, defaultdict


def leb(b, i):
    n = s = 0
    while True:
        x = b[i]
        i += 1
        n |= (x & 0x7F) << s
        s += 7
        if x < 0x80:
            return n, i


def sections(b):
    i = 8
    while i < len(b):
        sid = b[i]
        size, j = leb(b, i + 1)
        yield sid, b[j:j + size]
        i = j + size


def imported_functions(body):
    count, i = leb(body, 0)
    funcs = 0
    for _ in range(count):
        for _ in range(2):
            n, i = leb(body, i)
            i += n
        kind = body[i]
        i += 1
        if kind == 0:
            _, i = leb(body, i)
            funcs += 1
        elif kind == 1:
            i += 1
            flags, i = leb(body, i)
            _, i = leb(body, i)
            if flags & 1:
                _, i = leb(body, i)
        elif kind == 2:
            flags, i = leb(body, i)
            _, i = leb(body, i)
            if flags & 1:
                _, i = leb(body, i)
        elif kind == 3:
            i += 2
        elif kind == 4:
            i += 1
            _, i = leb(body, i)
    return funcs


def function_names(body):
    i, names = 0, {}
    while i < len(body):
        sub = body[i]
        size, i = leb(body, i + 1)
        end = i + size
        if sub == 1:
            count, j = leb(body, i)
            for _ in range(count):
                idx, j = leb(body, j)
                n, j = leb(body, j)
                names[idx] = body[j:j + n].decode("utf-8", "replace")
                j += n
        i = end
    return names


def demangle(name):
    """Legacy Rust mangling (_ZN...E) into a path; anything else as it is."""
    m = re.match(r"_ZN(.*)E$", name)
    if not m:
        return name
    s, parts, i = m.group(1), [], 0
    while i < len(s) and s[i].isdigit():
        j = i
        while s[j].isdigit():
            j += 1
        n = int(s[i:j])
        parts.append(s[j:j + n])
        i = j + n
    if parts and re.fullmatch(r"h[0-9a-f]{16}", parts[-1]):
        parts.pop()
    text = "::".join(parts)
    for code, ch in (("$LT$", "<"), ("$GT$", ">"), ("$RF$", "&"), ("$BP$", "*"), ("$C$", ","),
                     ("$u20$", " "), ("$u27$", "'"), ("$u5b$", "["), ("$u5d$", "]"),
                     ("$u7b$", "{"), ("$u7d$", "}"), ("$u7e$", "~"), ("$u3b$", ";"),
                     ("$u2b$", "+"), ("$u22$", '"'), ("..", "::")):
        text = text.replace(code, ch)
    return text.replace("$", "")


def crate(path):
    v0 = re.search(r"C(?:s[0-9A-Za-z]*_)?(\d+)", path) if path.startswith("_R") else None
    if v0:  # v0 mangling: the first crate named
        return path[v0.end():v0.end() + int(v0.group(1))]
    p = path.lstrip("<&*_ ").replace("mut ", "").replace("dyn ", "")
    p = re.sub(r"^\[", "", p)
    head = re.split(r"::|<| |>|,|\[", p, maxsplit=1)[0]
    return head or path


def main():
    b = open(sys.argv[1], "rb").read()
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    imports, sizes, bodies, names = 0, [], [], {}
    for sid, body in sections(b):
        if sid == 2:
            imports = imported_functions(body)
        elif sid == 10:
            count, i = leb(body, 0)
            for _ in range(count):
                size, j = leb(body, i)
                sizes.append(size)
                bodies.append(body[j:j + size])
                i = j + size
        elif sid == 0:
            n, i = leb(body, 0)
            if body[i:i + n] == b"name":
                names = function_names(body[i + n:])
    by_crate, code, funcs = Counter(), defaultdict(list), []
    for k, size in enumerate(sizes):
        path = demangle(names.get(imports + k, f"#{imports + k}"))
        by_crate[crate(path)] += size
        code[crate(path)].append(bodies[k])
        funcs.append((size, path))
    total = sum(sizes)
    print(f"{len(sizes)} functions, {total} code bytes\n")
    print("by crate: code bytes, share, and its code alone at zlib -9 (a rough share of the download)")
    for c, n in by_crate.most_common(top):
        packed = len(zlib.compress(b"".join(code[c]), 9))
        print(f"{n:9d} {100 * n / total:5.1f}% {packed:8d}  {c}")
    print("\nby function:")
    for size, path in sorted(funcs, reverse=True)[:top]:
        print(f"{size:9d}  {path[:150]}")


if __name__ == "__main__":
    main()
