# Escape sequences, \N{...} names, and the repr rules for what they produce.
a = '\n\t\r\\\'\"\a\b\f\v\0'
b = '\x41\x7f\x80\xff\101\7\77\377\0123'
c = '\u00e9\u20ac\u200b\ufeff\U0001F600\U00010000\u0378'
d = '\N{BULLET}\N{LATIN SMALL LETTER E WITH ACUTE}\N{EURO SIGN}\N{GREEK SMALL LETTER ALPHA}'
e = '\N{bullet}\N{Snowman}\N{LINE FEED}\N{NULL}\N{SPACE}\N{NO-BREAK SPACE}\N{ZERO WIDTH SPACE}'
f = '\N{CJK UNIFIED IDEOGRAPH-4E00}\N{HANGUL SYLLABLE GA}\N{GRINNING FACE}\N{LF}\N{BYTE ORDER MARK}'
g = '\d\w\s\q\ \%'
h = 'a\
b'
i = r'\n\x41\N{BULLET}\'' + r"\\" + r'\u1234'
j = '\x00\x01\x1f\x7f\x9f\xa0\xad\u2028\u2029\ud7ff\ue000\U000E0001'
k = 'tab\there' + '\'' + "\"" + '\'\"' + "mixed ' and \""
l = '\N{DEGREE SIGN}C \N{MICRO SIGN} \N{INFINITY} \N{LATIN CAPITAL LETTER A WITH RING ABOVE}'
m = "\N{HEBREW LETTER ALEF}\N{ARABIC LETTER ALEF}\N{DEVANAGARI LETTER A}\N{COMBINING ACUTE ACCENT}"
n = '\N{EM SPACE}\N{IDEOGRAPHIC SPACE}\N{SOFT HYPHEN}\N{RIGHT-TO-LEFT MARK}\N{PILE OF POO}'
