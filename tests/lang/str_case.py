# Case methods and case predicates.
words = ["hello world", "Hello World", "HELLO", "hELLo wORLD", "it's a dog's life", "x1y2 z3",
         "ǅemal", "ß straße", "ﬁne", "", "123", "Ab Cd", "αβγ ΑΒΓ", "mIxEd-CaSe_wOrDs"]
for w in words:
    print(repr(w), w.upper(), w.lower(), w.capitalize(), w.title(), w.swapcase(), w.casefold())
for w in words:
    print(repr(w), w.isupper(), w.islower(), w.istitle())
print("straße".upper() == "STRASSE", "İ".lower(), len("İ".lower()), "ΣΑΣ".lower(), "ﬃ".upper())
# the Ohm, Kelvin and Angstrom signs lowercase to letters and stay as they are in upper()
print(ascii("\u2126\u212a\u212b".lower()), ascii("\u2126\u212a\u212b".upper()))
