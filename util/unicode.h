/* The Unicode facts the lexer and repr need, from tables generated out of the
 * Unicode Character Database (scripts/gen-unicode-data; see unicode_data.c). */
#ifndef TIRUN_UNICODE_H
#define TIRUN_UNICODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Identifier characters (PEP 3131): XID_Start plus '_', and XID_Continue. */
bool uni_is_id_start(uint32_t cp);
bool uni_is_id_continue(uint32_t cp);
/* str.isprintable() for one code point. */
bool uni_is_printable(uint32_t cp);
/* str.isalpha() for one code point: the letters (categories Lu Ll Lt Lm Lo). */
bool uni_is_alpha(uint32_t cp);
/* The code point named by a "\N{...}" escape (names and aliases, any case, as
 * unicodedata.lookup without named sequences). False when there is none. */
bool uni_lookup_name(const char *name, size_t len, uint32_t *cp);
/* NFKC normalization of the UTF-8 identifier in[0..len), as
 * unicodedata.normalize('NFKC', s) gives it (PEP 3131), written to out (cap
 * bytes). Returns the output length; 0 when cap is too small, for empty or
 * invalid UTF-8 input, or when memory runs out (past 256 code points once
 * decomposed, it takes a heap buffer). cap = UNI_NFKC_BOUND(len) always
 * suffices. ASCII input comes back unchanged. */
size_t uni_nfkc(const char *in, size_t len, char *out, size_t cap);
/* NFKC never makes more than 11 bytes of one (U+FDFA: 3 bytes to 33);
 * scripts/gen-unicode-data asserts it. */
#define UNI_NFKC_BOUND(len) (11 * (size_t)(len))
/* The case flags of one code point, as CPython's Py_UNICODE_ISLOWER,
 * _ISUPPER, _ISTITLE and _PyUnicode_IsCaseIgnorable see them; a code point
 * is cased (_PyUnicode_IsCased) when it has one of the first three. */
enum { UNI_CASE_LOWER = 1, UNI_CASE_UPPER = 2, UNI_CASE_TITLE = 4, UNI_CASE_IGNORABLE = 8 };
#define UNI_CASED (UNI_CASE_LOWER | UNI_CASE_UPPER | UNI_CASE_TITLE)
unsigned uni_case_flags(uint32_t cp);
/* The full case mappings of one code point (SpecialCasing included, final
 * sigma left to the caller): what str.lower(), upper(), title() and
 * casefold() make of it alone. Writes 1 to UNI_CASE_MAX code points to out
 * and returns how many. */
typedef enum { UNI_MAP_LOWER, UNI_MAP_UPPER, UNI_MAP_TITLE, UNI_MAP_FOLD } UniCaseMap;
#define UNI_CASE_MAX 3
int uni_case_map(uint32_t cp, UniCaseMap how, uint32_t out[UNI_CASE_MAX]);
/* Decodes one UTF-8 sequence at s[0..len); returns its byte length (>= 1) and
 * the code point in *cp, or 0 for invalid UTF-8. */
int uni_decode_utf8(const unsigned char *s, size_t len, uint32_t *cp);
/* Encodes cp as UTF-8 into buf (at least 4 bytes); returns the length, or 0
 * above U+10FFFF. Surrogates get their three-byte form (Python strs may hold them). */
int uni_encode_utf8(uint32_t cp, char *buf);

#endif
