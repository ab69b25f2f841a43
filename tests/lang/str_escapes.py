# String literal escapes, raw strings, and the repr that escapes them back.
s = "tab\there\nnewline\\backslash\'single\"double\x41\u00e9\U0001F600\101\0end"
print(s)
print(repr(s), len(s))
print(r"raw\n\t\x41", len(r"\n"), R"\\", r"a\"b", repr(r"\d+\.\d*"))
print("\a\b\f\v\r".encode(), repr("\a\b\f\v\r"), repr("\x7f\x80\xa0\xff"), repr("\u200b\u00ad\ufeff"))
print(repr("it's"), repr('say "hi"'), repr("both ' and \""), repr("\\"), repr("\n"), repr(""))
print("\N{GREEK SMALL LETTER ALPHA}\N{BULLET}", "\N{LATIN CAPITAL LETTER A WITH GRAVE}".encode("utf-8"))
print("a\
b", """multi
line""", '''x'y"z''')
print(len("\x00\x01"), ord("\x1b"), "\x1b"[0] == chr(27), "\7" == "\a", "\1234", len("\1234"))
print(ascii("héllo\n✓"), ascii(["é"]), repr("日本"), repr("\U0001f600"), repr("\x00\x1f"))
print(b"\x00\xff\n\t\\", repr(b"'\""), br"\n", len(b"\x41\101"))
print("\u0041\u0042", "\U00000043", "\x44", "\105")
