# Unicode strings: lengths count code points, indexing, ord/chr, encoding and decoding.
s = "naïve café 日本語 😀!"
print(s, len(s), len(s.encode()), len(s.encode("utf-8")), s[2], s[11], s[-2], s[::-1])
print([ord(c) for c in "aé日😀"], chr(97), chr(233), chr(26085), chr(128512), chr(0x10FFFF) == "\U0010ffff")
print(s.encode("utf-8"), s.encode("utf-8").decode("utf-8") == s, "é".encode("latin-1"), "abc".encode("ascii"))
print(b"caf\xc3\xa9".decode(), b"\xe6\x97\xa5".decode("utf-8"), bytes("ü", "utf-8"), str(b"\xc3\xbc", "utf-8"))
try:
    "é".encode("ascii")
except UnicodeEncodeError as e:
    print("UnicodeEncodeError:", e)
try:
    b"\xff\xfe".decode("utf-8")
except UnicodeDecodeError as e:
    print("UnicodeDecodeError:", e)
print(b"\xffabc".decode("utf-8", "replace"), b"\xffabc".decode("utf-8", "ignore"), "é✓".encode("ascii", "replace"))
print("é✓".encode("ascii", "ignore"), "é✓".encode("ascii", "backslashreplace"), "é✓".encode("ascii", "xmlcharrefreplace"))
print(sorted("zéaÉb"), "é" > "z", "Z" < "a", max("日本語"), min("héllo"))
print("日本語".upper(), "ÀÉÎ".lower(), "ǆ".title(), "ΣΑΣ ΣΟΦΟΣ".lower(), "Ǆ".lower())
for c in "aZ5 é日😀\t":
    print(repr(c), ord(c), hex(ord(c)), c.isalpha(), c.isdigit(), c.isspace(), c.isupper(), len(c.encode()))
try:
    chr(0x110000)
except ValueError as e:
    print("ValueError:", e)
try:
    ord("ab")
except TypeError as e:
    print("TypeError:", e)
