# Character class predicates.
samples = ["abc", "ABC", "abc123", "123", "12.5", "", " ", " \t\n", "a b", "_name", "name1", "1name",
           "class", "Ⅻ", "½", "٣", "²", "ß", "日本", "\x00", "tab\t", "é", "x!"]
print("sample isalpha isdigit isalnum isspace isdecimal isnumeric isidentifier isprintable isascii")
for s in samples:
    print(repr(s), s.isalpha(), s.isdigit(), s.isalnum(), s.isspace(), s.isdecimal(), s.isnumeric(),
          s.isidentifier(), s.isprintable(), s.isascii())
