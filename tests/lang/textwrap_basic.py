# textwrap: wrap / fill with the options, hyphens and em-dashes, long words,
# max_lines and placeholders, shorten, dedent, indent; plus many generated
# texts wrapped at many widths (a small LCG makes them the same everywhere)
import textwrap

text = ("The quick brown fox jumps over the lazy dog. A well-known, long-winded "
        "sentence--with an em-dash--and supercalifragilisticexpialidocious words "
        "follows.  Then\ttabs\tand\nnewlines appear! Is it wrapped? Yes.")
for width in (10, 20, 33, 50, 79):
    print(width, textwrap.wrap(text, width))
print(textwrap.fill(text, 30, initial_indent="* ", subsequent_indent="  "))
print(textwrap.wrap(text, 25, break_long_words=False))
print(textwrap.wrap(text, 25, break_on_hyphens=False))
print(textwrap.wrap(text, 25, drop_whitespace=False))
print(textwrap.wrap(text, 25, replace_whitespace=False, expand_tabs=False))
print(textwrap.wrap(text, 25, fix_sentence_endings=True))
print(textwrap.wrap(text, 25, max_lines=3))
print(textwrap.wrap(text, 25, max_lines=2, placeholder="..."))
print(textwrap.wrap("a\tb\tc", 20, tabsize=4))
print(textwrap.wrap("", 10), textwrap.wrap("   ", 10), textwrap.wrap("x" * 25, 10))
print(textwrap.wrap("e-mail a-b-c-d well-being 123-456 x--y --z pre- -post", 6))
print(textwrap.shorten("Hello  world!   How are you today?", 20))
print(textwrap.shorten("Hello world!", 12), textwrap.shorten("Hello world!", 11, placeholder=" (more)"))
try:
    textwrap.wrap("abc", 0)
except ValueError as e:
    print("ValueError", e)
try:
    textwrap.shorten("a long text here", 3)
except ValueError as e:
    print("ValueError", e)
w = textwrap.TextWrapper(width=15, initial_indent="> ")
print(w.wrap("one two three four five six seven"), w.width)

print(repr(textwrap.dedent("""\
    def f():
        return 1
      
    x = 2
""")))
print(repr(textwrap.dedent("  a\n\tb\n")), repr(textwrap.dedent("\t  a\n\t b\n")), repr(textwrap.dedent("none\n  x")))
print(repr(textwrap.indent("a\n\nb\n  \nc", "> ")))
print(repr(textwrap.indent("a\n\nb\n", "+ ", lambda line: True)))

seed = 12345


def rand(n):
    global seed
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % n


pieces = ["a", "ab", "word", "longer", "hyphen-ated", "x-y", "--", "dash--dash", "end.", "Why?",
          "verylongwordthatdoesnotfit", "a-b-c", "1-2", "co-op.", "'quoted.'", "tab\t", "-", "ok,"]
for k in range(60):
    words = [pieces[rand(len(pieces))] for _ in range(3 + rand(12))]
    seps = [" " * (1 + rand(2)) if rand(5) else "\n" for _ in words]
    t = "".join(w + s for w, s in zip(words, seps))
    width = 3 + rand(25)
    opts = {}
    if rand(3) == 0:
        opts["break_on_hyphens"] = False
    if rand(4) == 0:
        opts["break_long_words"] = False
    if rand(4) == 0:
        opts["fix_sentence_endings"] = True
    if rand(4) == 0:
        opts["max_lines"] = 1 + rand(3)
    try:
        print(width, sorted(opts), textwrap.wrap(t, width, **opts))
    except ValueError as e:
        print(width, "ValueError", e)
