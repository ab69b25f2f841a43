/* Checks pyrepr.c and unicode.c against what CPython 3.11 prints. Given
 * --lookup, --props or --nfkc it serves scripts/gen-unicode-data --check
 * instead, which compares every name, code point and many normalizations with
 * Python's unicodedata. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "util/arena.h"
#include "parser/pyrepr.h"
#include "util/unicode.h"

enum { NONE = -1 };

static int checks, failures;

static void check_bytes(const char *what, const char *want, size_t want_len, const char *got, size_t got_len)
{
    checks++;
    if (want_len == got_len && memcmp(want, got, got_len) == 0) return;
    failures++;
    printf("FAIL %s: expected %.*s, got %.*s\n", what, (int)want_len, want, (int)got_len, got);
}

static void check_sb(const char *what, const char *want, StrBuf *got)
{
    check_bytes(what, want, strlen(want), got->data ? got->data : "", got->len);
    got->len = 0;
}

static void check_long(const char *what, long want, long got)
{
    checks++;
    if (want == got) return;
    failures++;
    printf("FAIL %s: expected %ld, got %ld\n", what, want, got);
}

static const struct {
    double x;
    const char *want;
} float_cases[] = {
    {0.1, "0.1"},
    {1.0 / 3, "0.3333333333333333"},
    {1e16, "1e+16"},
    {1e15, "1000000000000000.0"},
    {123456789012345678.0, "1.2345678901234568e+17"},
    {5e-324, "5e-324"},
    {1.7976931348623157e308, "1.7976931348623157e+308"},
    {1e-5, "1e-05"},
    {0.0001, "0.0001"},
    {-0.0, "-0.0"},
    {0.0, "0.0"},
    {1.0, "1.0"},
    {-1.5, "-1.5"},
    {1e22, "1e+22"},
    {1e23, "1e+23"},
    {9007199254740993.0, "9007199254740992.0"},
    {9999999999999998.0, "9999999999999998.0"},
    {0.3, "0.3"},
    {2.2250738585072014e-308, "2.2250738585072014e-308"},
    {1.5e300, "1.5e+300"},
    {123.456, "123.456"},
    {100.0, "100.0"},
    {0.00012345, "0.00012345"},
    {1.2345e-5, "1.2345e-05"},
    {562949953421312.25, "562949953421312.2"}, /* a tie: round half to even */
    {1125899906842624.5, "1125899906842624.5"},
    {0x1p-1017, "7.120236347223045e-307"}, /* powers of two whose nearest 16 digits miss */
    {0x1p-705, "5.940911144672375e-213"},
    {0x1p63, "9.223372036854776e+18"},
    {4.35, "4.35"},
    {2.5, "2.5"},
    {1e-7, "1e-07"},
    {12345678901234567.0, "1.2345678901234568e+16"},
    {-123456.789, "-123456.789"},
    {INFINITY, "inf"},
    {-INFINITY, "-inf"},
    {NAN, "nan"},
    {-NAN, "nan"},
};

static const struct {
    double y;
    const char *want;
} imag_cases[] = {
    {0.0, "0j"},
    {1.0, "1j"},
    {2.0, "2j"},
    {1.5, "1.5j"},
    {1e16, "1e+16j"},
    {1e15, "1000000000000000j"},
    {1e-5, "1e-05j"},
    {INFINITY, "infj"},
    {NAN, "nanj"},
    {0.1, "0.1j"},
    {1e300, "1e+300j"},
};

static const struct {
    const char *in;
    size_t len;
    const char *want;
} str_cases[] = {
    {"", 0, "''"},
    {"abc", 3, "'abc'"},
    {"it's", 4, "\"it's\""},
    {"say \"hi\"", 8, "'say \"hi\"'"},
    {"both ' and \"", 12, "'both \\' and \"'"},
    {"back\\slash", 10, "'back\\\\slash'"},
    {"tab\tnl\nnr\r", 10, "'tab\\tnl\\nnr\\r'"},
    {"nul\0end", 7, "'nul\\x00end'"},
    {"\x7f\x1b", 2, "'\\x7f\\x1b'"},
    {"caf\xc3\xa9", 5, "'caf\xc3\xa9'"},                            /* U+00E9 */
    {"\xe2\x80\x8b", 3, "'\\u200b'"},                               /* ZERO WIDTH SPACE */
    {"\xc2\x85", 2, "'\\x85'"},                                     /* NEXT LINE */
    {"\xc2\xa0", 2, "'\\xa0'"},                                     /* NO-BREAK SPACE */
    {"\xf0\x9f\x98\x80", 4, "'\xf0\x9f\x98\x80'"},                  /* GRINNING FACE */
    {"\xe4\xb8\x80\xc2\xad", 5, "'\xe4\xb8\x80\\xad'"},             /* U+4E00, SOFT HYPHEN */
    {"\xef\xbb\xbf", 3, "'\\ufeff'"},                               /* BOM */
    {"\xf3\xa0\x80\x81", 4, "'\\U000e0001'"},                       /* LANGUAGE TAG */
    {"\xf4\x8f\xbf\xbf", 4, "'\\U0010ffff'"},
    {"\xe2\x80\xa8", 3, "'\\u2028'"},                               /* LINE SEPARATOR */
    {"\xed\x9f\xbf\xee\x80\x80", 6, "'\\ud7ff\\ue000'"},            /* unassigned, private use */
    {"x\xcc\x80", 3, "'x\xcc\x80'"},                                /* combining grave */
    {"\xf0\x9d\x90\x80", 4, "'\xf0\x9d\x90\x80'"},                  /* MATHEMATICAL BOLD CAPITAL A */
};

static const struct {
    const char *in;
    size_t len;
    const char *want;
} bytes_cases[] = {
    {"", 0, "b''"},
    {"abc", 3, "b'abc'"},
    {"it's", 4, "b\"it's\""},
    {"say \"hi\"", 8, "b'say \"hi\"'"},
    {"both ' \"", 8, "b'both \\' \"'"},
    {"\\", 1, "b'\\\\'"},
    {"\t\n\r\0\x1f\x7f\x80\xff", 8, "b'\\t\\n\\r\\x00\\x1f\\x7f\\x80\\xff'"},
    {"~ ", 2, "b'~ '"},
};

static const struct {
    const char *digits;
    int base;
    const char *want; /* NULL: not digits of base */
} bigint_cases[] = {
    {"0", 10, "0"},
    {"000123", 10, "123"},
    {"ff", 16, "255"},
    {"DeadBeef", 16, "3735928559"},
    {"777", 8, "511"},
    {"101", 2, "5"},
    {"10000000000000000", 16, "18446744073709551616"},
    {"ffffffffffffffffffffffffffffffff", 16, "340282366920938463463374607431768211455"},
    {"1000000000000000000000000000000000000000", 10, "1000000000000000000000000000000000000000"},
    {"12a", 10, NULL},
    {"102", 2, NULL},
    {"", 10, NULL},
};

static const struct {
    uint32_t cp;
    bool start, cont;
} id_cases[] = {
    {0x61, 1, 1},    {0x5F, 1, 1},  {0x30, 0, 1},    {0x24, 0, 0},    {0xE9, 1, 1},
    {0x4E00, 1, 1},  {0x300, 0, 1}, {0xB7, 0, 1},    {0x2118, 1, 1},  {0x212E, 1, 1},
    {0x309B, 0, 0},  {0x1F600, 0, 0}, {0x660, 0, 1}, {0xFF3F, 0, 1},  {0x2160, 1, 1},
    {0x200C, 0, 0},  {0x10FFFF, 0, 0}, {0xE0100, 0, 1}, {0xAA, 1, 1}, {0x37A, 0, 0},
    {0xFDFA, 0, 0},  {0x1E94B, 1, 1}, {0x3134A, 1, 1}, {0x20, 0, 0},  {0x7F, 0, 0},
};

static const struct {
    uint32_t cp;
    bool printable;
} printable_cases[] = {
    {0x20, 1},   {0x7E, 1},    {0x7F, 0},    {0x61, 1},   {0xA0, 0},     {0xAD, 0},
    {0x200B, 0}, {0x85, 0},    {0xE9, 1},    {0x1F600, 1}, {0x3000, 0},  {0x2028, 0},
    {0xFFFD, 1}, {0xE000, 0},  {0x10FFFF, 0}, {0x378, 0},  {0x0, 0},      {0xA, 0},
    {0x300, 1},  {0xD7FF, 0},  {0xE0001, 0}, {0x1D400, 1}, {0x2F800, 1},
};

static const struct {
    const char *name;
    long cp;
} name_cases[] = {
    {"DEGREE SIGN", 0xB0},
    {"latin small letter a", 0x61},
    {"EM DASH", 0x2014},
    {"LINE FEED", 0xA}, /* aliases */
    {"BOM", 0xFEFF},
    {"byte order mark", 0xFEFF},
    {"VS1", 0xFE00},
    {"CJK UNIFIED IDEOGRAPH-4E00", 0x4E00},
    {"CJK UNIFIED IDEOGRAPH-04E00", 0x4E00},
    {"CJK UNIFIED IDEOGRAPH-2A6DF", 0x2A6DF},
    {"CJK UNIFIED IDEOGRAPH-3134A", 0x3134A},
    {"cjk unified ideograph-4e00", NONE}, /* CPython matches these case-sensitively */
    {"CJK UNIFIED IDEOGRAPH-4e00", NONE},
    {"CJK UNIFIED IDEOGRAPH-A000", NONE},
    {"HANGUL SYLLABLE GAG", 0xAC01},
    {"HANGUL SYLLABLE GAGG", 0xAC02},
    {"HANGUL SYLLABLE HIH", 0xD7A3},
    {"HANGUL SYLLABLE A", 0xC544},
    {"hangul syllable gag", NONE},
    {"HANGUL SYLLABLE GX", NONE},
    {"HANGUL SYLLABLE ", NONE},
    {"CJK COMPATIBILITY IDEOGRAPH-F900", 0xF900},
    {"cjk compatibility ideograph-f900", 0xF900},
    {"CJK COMPATIBILITY IDEOGRAPH-0F900", NONE},
    {"CJK COMPATIBILITY IDEOGRAPH-2F800", 0x2F800},
    {"NUSHU CHARACTER-1B170", 0x1B170},
    {"Khitan Small Script Character-18B00", 0x18B00},
    {"TANGUT IDEOGRAPH-17000", NONE}, /* Python 3.11 names no Tangut ideograph */
    {"TANGUT COMPONENT-001", 0x18800},
    {"LATIN CAPITAL LETTER A WITH MACRON AND GRAVE", NONE}, /* a named sequence */
    {"NO SUCH NAME", NONE},
    {"", NONE},
    {"SPACE", 0x20},
    {"NULL", 0x0},
    {"GRINNING FACE", 0x1F600},
    {"ZERO WIDTH SPACE", 0x200B},
    {"LATIN SMALL LETTER A ", NONE},
    {"LATIN SMALL LETTER", NONE},
    {"YI SYLLABLE IT", 0xA000},
    {"ABACUS", 0x1F9EE}, /* first and last stored, and around a block start */
    {"ZWSP", 0x200B},
    {"ADLAM INITIAL QUESTION MARK", 0x1E95F},
    {"ADLAM NASALIZATION MARK", 0x1E94B},
    {"ABACU", NONE},
    {"ZWSPA", NONE},
};

static const struct {
    const char *in;
    size_t len;
    int want_len;
    uint32_t want_cp;
} utf8_cases[] = {
    {"A", 1, 1, 0x41},
    {"\xc3\xa9", 2, 2, 0xE9},
    {"\xe2\x80\x8b", 3, 3, 0x200B},
    {"\xf0\x9f\x98\x80", 4, 4, 0x1F600},
    {"\xf4\x8f\xbf\xbf", 4, 4, 0x10FFFF},
    {"\xc0\x80", 2, 0, 0},         /* overlong NUL */
    {"\xc1\xbf", 2, 0, 0},         /* overlong */
    {"\xe0\x9f\xbf", 3, 0, 0},     /* overlong */
    {"\xf0\x8f\xbf\xbf", 4, 0, 0}, /* overlong */
    {"\xed\xa0\x80", 3, 0, 0},     /* surrogate */
    {"\xed\xbf\xbf", 3, 0, 0},     /* surrogate */
    {"\xf4\x90\x80\x80", 4, 0, 0}, /* above U+10FFFF */
    {"\xf5\x80\x80\x80", 4, 0, 0},
    {"\xe2\x80", 2, 0, 0}, /* cut short */
    {"\xe2\x28\xa1", 3, 0, 0},
    {"\x80", 1, 0, 0},
    {"\xff", 1, 0, 0},
    {"", 0, 0, 0},
};

/* unicodedata.normalize('NFKC', in) */
static const struct {
    const char *in, *want;
} nfkc_cases[] = {
    {"width", "width"},
    {"\xef\xac\x81le", "file"},                                                /* U+FB01 LATIN SMALL LIGATURE FI */
    {"\xef\xbd\x97\xef\xbd\x89\xef\xbd\x84\xef\xbd\x94\xef\xbd\x88", "width"}, /* fullwidth */
    {"\xc2\xb5", "\xce\xbc"},                                                 /* MICRO SIGN -> GREEK SMALL LETTER MU */
    {"\xe2\x84\x8c", "H"},                                                     /* BLACK-LETTER CAPITAL H */
    {"\xf0\x9d\x90\x80\xe2\x85\xa0", "AI"},                                  /* MATHEMATICAL BOLD A, ROMAN NUMERAL ONE */
    {"e\xcc\x81", "\xc3\xa9"},                                                 /* e + COMBINING ACUTE ACCENT */
    {"\xe2\x84\xab", "\xc3\x85"},                                             /* ANGSTROM SIGN: a canonical singleton */
    {"a\xcc\x81\xcc\xa3", "\xe1\xba\xa1\xcc\x81"},                           /* dot below sorts first and composes */
    {"a\xcc\x87\xcc\x84", "\xc7\xa1"},                                        /* composes twice: U+01E1 */
    {"a\xcd\x86\xcc\x81", "a\xcd\x86\xcc\x81"},                               /* acute blocked by a mark of its class */
    {"\xe1\xba\x9b\xcc\xa3", "\xe1\xb9\xa9"},                                 /* U+1E9B U+0323: decomposed, composed anew */
    {"\xe0\xa5\x98", "\xe0\xa4\x95\xe0\xa4\xbc"},                            /* DEVANAGARI QA: excluded from composition */
    {"\xcd\x84", "\xcc\x88\xcc\x81"},                                         /* U+0344: excluded, a non-starter */
    {"\xe1\x84\x80\xe1\x85\xa1\xe1\x86\xa8", "\xea\xb0\x81"},              /* conjoining jamo G A G -> U+AC01 */
    {"\xe3\x84\xb1\xe3\x85\x8f", "\xea\xb0\x80"},                            /* compatibility jamo -> U+AC00 */
    {"\xea\xb0\x80\xe1\x86\xa8", "\xea\xb0\x81"},                            /* LV syllable + T */
    {"\xea\xb0\x81\xe1\x87\x82", "\xea\xb0\x81\xe1\x87\x82"},              /* an LVT syllable takes no second T */
    {"caf\xc3\xa9_\xe5\x90\x8d\xe5\x89\x8d", "caf\xc3\xa9_\xe5\x90\x8d\xe5\x89\x8d"}, /* NFKC already */
};

static void test_floats(void)
{
    StrBuf sb;
    sb_init(&sb);
    char what[64];
    for (size_t i = 0; i < sizeof float_cases / sizeof *float_cases; i++) {
        snprintf(what, sizeof what, "repr_float(%a)", float_cases[i].x);
        repr_float(&sb, float_cases[i].x);
        check_sb(what, float_cases[i].want, &sb);
    }
    for (size_t i = 0; i < sizeof imag_cases / sizeof *imag_cases; i++) {
        snprintf(what, sizeof what, "repr_imag(%a)", imag_cases[i].y);
        repr_imag(&sb, imag_cases[i].y);
        check_sb(what, imag_cases[i].want, &sb);
    }
    sb_free(&sb);
}

static void test_str_bytes(void)
{
    StrBuf sb;
    sb_init(&sb);
    char what[64];
    for (size_t i = 0; i < sizeof str_cases / sizeof *str_cases; i++) {
        snprintf(what, sizeof what, "repr_str #%zu", i);
        repr_str(&sb, str_cases[i].in, str_cases[i].len);
        check_sb(what, str_cases[i].want, &sb);
    }
    for (size_t i = 0; i < sizeof bytes_cases / sizeof *bytes_cases; i++) {
        snprintf(what, sizeof what, "repr_bytes #%zu", i);
        repr_bytes(&sb, (const unsigned char *)bytes_cases[i].in, bytes_cases[i].len);
        check_sb(what, bytes_cases[i].want, &sb);
    }
    sb_free(&sb);
}

static void test_bigints(void)
{
    Arena a;
    arena_init(&a);
    char what[96];
    for (size_t i = 0; i < sizeof bigint_cases / sizeof *bigint_cases; i++) {
        snprintf(what, sizeof what, "repr_bigint_decimal(\"%s\", %d)", bigint_cases[i].digits, bigint_cases[i].base);
        const char *got = repr_bigint_decimal(&a, bigint_cases[i].digits, bigint_cases[i].base);
        const char *want = bigint_cases[i].want;
        check_bytes(what, want ? want : "(null)", strlen(want ? want : "(null)"), got ? got : "(null)",
                    strlen(got ? got : "(null)"));
    }
    arena_free(&a);
}

static void test_unicode(void)
{
    char what[96];
    for (size_t i = 0; i < sizeof id_cases / sizeof *id_cases; i++) {
        snprintf(what, sizeof what, "uni_is_id_start(U+%04X)", (unsigned)id_cases[i].cp);
        check_long(what, id_cases[i].start, uni_is_id_start(id_cases[i].cp));
        snprintf(what, sizeof what, "uni_is_id_continue(U+%04X)", (unsigned)id_cases[i].cp);
        check_long(what, id_cases[i].cont, uni_is_id_continue(id_cases[i].cp));
    }
    for (size_t i = 0; i < sizeof printable_cases / sizeof *printable_cases; i++) {
        snprintf(what, sizeof what, "uni_is_printable(U+%04X)", (unsigned)printable_cases[i].cp);
        check_long(what, printable_cases[i].printable, uni_is_printable(printable_cases[i].cp));
    }
    for (size_t i = 0; i < sizeof name_cases / sizeof *name_cases; i++) {
        uint32_t cp;
        const char *name = name_cases[i].name;
        snprintf(what, sizeof what, "uni_lookup_name(\"%s\")", name);
        check_long(what, name_cases[i].cp, uni_lookup_name(name, strlen(name), &cp) ? (long)cp : NONE);
    }
    uint32_t cp;
    check_long("uni_lookup_name with a NUL inside", NONE, uni_lookup_name("SPACE\0", 6, &cp) ? (long)cp : NONE);

    for (size_t i = 0; i < sizeof utf8_cases / sizeof *utf8_cases; i++) {
        const unsigned char *in = (const unsigned char *)utf8_cases[i].in;
        cp = 0;
        snprintf(what, sizeof what, "uni_decode_utf8 #%zu length", i);
        int n = uni_decode_utf8(in, utf8_cases[i].len, &cp);
        check_long(what, utf8_cases[i].want_len, n);
        if (n == 0) continue;
        snprintf(what, sizeof what, "uni_decode_utf8 #%zu code point", i);
        check_long(what, (long)utf8_cases[i].want_cp, (long)cp);
        char buf[4];
        snprintf(what, sizeof what, "uni_encode_utf8(U+%04X)", (unsigned)cp);
        check_bytes(what, utf8_cases[i].in, utf8_cases[i].len, buf, (size_t)uni_encode_utf8(cp, buf));
    }
    char buf[4];
    check_bytes("uni_encode_utf8(U+D800)", "\xed\xa0\x80", 3, buf, (size_t)uni_encode_utf8(0xD800, buf));
    check_long("uni_encode_utf8(0x110000)", 0, uni_encode_utf8(0x110000, buf));
}

static void test_nfkc(void)
{
    char what[96], out[512];
    for (size_t i = 0; i < sizeof nfkc_cases / sizeof *nfkc_cases; i++) {
        const char *in = nfkc_cases[i].in, *want = nfkc_cases[i].want;
        snprintf(what, sizeof what, "uni_nfkc #%zu", i);
        check_bytes(what, want, strlen(want), out, uni_nfkc(in, strlen(in), out, sizeof out));
        snprintf(what, sizeof what, "uni_nfkc #%zu into exactly its length", i);
        check_long(what, (long)strlen(want), (long)uni_nfkc(in, strlen(in), out, strlen(want)));
        snprintf(what, sizeof what, "uni_nfkc #%zu into one byte less", i);
        check_long(what, 0, (long)uni_nfkc(in, strlen(in), out, strlen(want) - 1));
    }
    /* U+FDFA, the longest expansion, fills all that UNI_NFKC_BOUND promises */
    check_long("uni_nfkc(U+FDFA) length", 33, (long)uni_nfkc("\xef\xb7\xba", 3, out, UNI_NFKC_BOUND(3)));
    check_long("uni_nfkc into nothing", 0, (long)uni_nfkc("\xc2\xb5", 2, out, 0));
    check_long("uni_nfkc of invalid UTF-8", 0, (long)uni_nfkc("\xc2", 1, out, sizeof out));

    /* past the stack buffer */
    char in[3 * 200], want[2 * 200];
    for (int i = 0; i < 200; i++) {
        memcpy(in + 3 * i, "\xef\xac\x81", 3);
        memcpy(want + 2 * i, "fi", 2);
    }
    check_bytes("uni_nfkc of 200 ligatures", want, sizeof want, out, uni_nfkc(in, sizeof in, out, sizeof out));
}

/* One code point per line in, hex or '-' per line out. */
static int serve_lookup(void)
{
    char line[1024];
    while (fgets(line, sizeof line, stdin)) {
        size_t len = strcspn(line, "\n");
        uint32_t cp;
        if (uni_lookup_name(line, len, &cp))
            printf("%X\n", (unsigned)cp);
        else
            puts("-");
    }
    return 0;
}

/* A digit per code point: id start 1, id continue 2, printable 4. */
static int serve_props(void)
{
    for (uint32_t cp = 0; cp <= 0x10FFFF; cp++)
        putchar('0' + (uni_is_id_start(cp) | uni_is_id_continue(cp) << 1 | uni_is_printable(cp) << 2));
    return 0;
}

/* A UTF-8 string per line in, its NFKC per line out, given just the room
 * UNI_NFKC_BOUND promises. */
static int serve_nfkc(void)
{
    char *line = NULL, *out = NULL;
    size_t line_cap = 0, out_cap = 0;
    ssize_t n;
    while ((n = getline(&line, &line_cap, stdin)) > 0) {
        size_t len = (size_t)n - (line[n - 1] == '\n');
        if (out_cap < UNI_NFKC_BOUND(len)) {
            free(out);
            out_cap = UNI_NFKC_BOUND(len);
            out = malloc(out_cap);
            if (!out) return 1;
        }
        fwrite(out, 1, uni_nfkc(line, len, out, UNI_NFKC_BOUND(len)), stdout);
        putchar('\n');
    }
    free(line);
    free(out);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--lookup") == 0) return serve_lookup();
    if (argc == 2 && strcmp(argv[1], "--props") == 0) return serve_props();
    if (argc == 2 && strcmp(argv[1], "--nfkc") == 0) return serve_nfkc();
    test_floats();
    test_str_bytes();
    test_bigints();
    test_unicode();
    test_nfkc();
    printf("test_pyrepr: %d passed, %d failed\n", checks - failures, failures);
    return failures != 0;
}
