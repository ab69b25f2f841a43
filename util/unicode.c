/* Searches the generated Unicode tables (unicode_data.c): identifier and
 * printable classes, the names of "\N{...}" escapes with CPython's matching
 * rules, NFKC normalization of identifiers, case flags and full case
 * mappings, and strict UTF-8. */
#include "unicode.h"

#include <stdlib.h>
#include <string.h>

/* Defined by unicode_data.c, which scripts/gen-unicode-data writes; its
 * comments give the encodings. */
extern const uint32_t uni_id_start[][2], uni_id_continue[][2], uni_printable[][2], uni_alpha[][2];
extern const size_t uni_id_start_len, uni_id_continue_len, uni_printable_len, uni_alpha_len;
extern const char *const uni_hex_name_prefix[];
extern const unsigned char uni_hex_name_strict[];
extern const uint32_t uni_hex_name[][3];
extern const size_t uni_hex_name_len;
extern const unsigned char uni_jamo_count[3];
extern const char uni_jamo[3][28][4];
extern const char uni_name_words[];
extern const uint16_t uni_name_word_off[];
extern const uint32_t uni_name_block[];
extern const size_t uni_name_block_len;
extern const unsigned char uni_names[];
extern const uint32_t uni_ccc[];
extern const size_t uni_ccc_len;
extern const uint32_t uni_decomp[];
extern const size_t uni_decomp_len;
extern const uint16_t uni_decomp_off[];
extern const unsigned char uni_decomp_text[];
extern const uint32_t uni_comp[][3];
extern const size_t uni_comp_len;
extern const uint32_t uni_case_flag[];
extern const size_t uni_case_flag_len;
extern const int32_t uni_lower_delta[][4], uni_upper_delta[][4], uni_title_delta[][4], uni_fold_delta[][4];
extern const size_t uni_lower_delta_len, uni_upper_delta_len, uni_title_delta_len, uni_fold_delta_len;
extern const uint32_t uni_case_special[][2];
extern const size_t uni_case_special_len;
extern const uint32_t uni_case_special_cp[];

enum {
    NAME_BUF = 256,      /* the generator keeps every stored name shorter */
    NAME_LITERAL = 0x20, /* name bytes from here are letters; lower ones start a delta */
    NAME_WORD = 0x80,    /* name bytes from here are words of uni_name_words */
    HANGUL_BASE = 0xAC00,
    /* Hangul syllables and their conjoining jamo, which (de)compose by formula */
    JAMO_L = 0x1100,
    JAMO_V = 0x1161,
    JAMO_T = 0x11A7, /* one before the first trailing consonant: index 0 is none */
    JAMO_L_COUNT = 19,
    JAMO_V_COUNT = 21,
    JAMO_T_COUNT = 28,
    HANGUL_COUNT = JAMO_L_COUNT * JAMO_V_COUNT * JAMO_T_COUNT,
    /* NFKC holds a code point with its combining class above it, so that
     * ordering and composition look the class up once */
    CCC_SHIFT = 24,
    CP_MASK = (1 << CCC_SHIFT) - 1,
    NFKC_LOCAL = 256, /* decomposed code points held on the stack */
    MAX_EXPANSION = 18, /* code points in the longest NFKD of one (U+FDFA) */
};

static const char HANGUL_PREFIX[] = "HANGUL SYLLABLE ";

static bool in_ranges(const uint32_t (*r)[2], size_t n, uint32_t cp)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cp < r[mid][0])
            hi = mid;
        else if (cp > r[mid][1])
            lo = mid + 1;
        else
            return true;
    }
    return false;
}

static bool ascii_alpha(uint32_t cp) { return (cp | 0x20) - 'a' < 26; }

bool uni_is_id_start(uint32_t cp)
{
    if (cp < 0x80) return ascii_alpha(cp) || cp == '_';
    return in_ranges(uni_id_start, uni_id_start_len, cp);
}

bool uni_is_id_continue(uint32_t cp)
{
    if (cp < 0x80) return ascii_alpha(cp) || cp == '_' || cp - '0' < 10;
    return in_ranges(uni_id_continue, uni_id_continue_len, cp);
}

bool uni_is_printable(uint32_t cp)
{
    if (cp < 0x80) return cp >= 0x20 && cp < 0x7F;
    return in_ranges(uni_printable, uni_printable_len, cp);
}

bool uni_is_alpha(uint32_t cp)
{
    if (cp < 0x80) return ascii_alpha(cp);
    return in_ranges(uni_alpha, uni_alpha_len, cp);
}

static bool has_prefix(const char *s, size_t len, const char *prefix)
{
    size_t n = strlen(prefix);
    return len >= n && memcmp(s, prefix, n) == 0;
}

/* HANGUL SYLLABLE names: leading consonant, vowel and trailing consonant, each
 * the longest short jamo name that matches there (the first of equal length).
 * CPython reads them this greedy way, so "GAGG" is G+A+GG, never GA+GG. */
static bool lookup_hangul(const char *s, size_t len, uint32_t *cp)
{
    int part[3];
    for (int col = 0; col < 3; col++) {
        int best = -1;
        size_t best_len = 0;
        for (int i = 0; i < uni_jamo_count[col]; i++) {
            const char *jamo = uni_jamo[col][i];
            size_t n = strlen(jamo);
            if ((best < 0 || n > best_len) && has_prefix(s, len, jamo)) {
                best = i;
                best_len = n;
            }
        }
        if (best < 0) return false;
        part[col] = best;
        s += best_len;
        len -= best_len;
    }
    if (len) return false;
    *cp = HANGUL_BASE + ((uint32_t)part[0] * uni_jamo_count[1] + (uint32_t)part[1]) * uni_jamo_count[2]
        + (uint32_t)part[2];
    return true;
}

/* The hex digits after a prefix of uni_hex_name_prefix: a strict kind takes
 * four or five upper-case digits (leading zero allowed), the others exactly
 * the %04X spelling (upper-cased already). */
static bool lookup_hex_name(int kind, const char *s, size_t len, uint32_t *cp)
{
    bool strict = uni_hex_name_strict[kind];
    if (strict ? len != 4 && len != 5 : len < 4 || len > 6 || (len > 4 && s[0] == '0')) return false;
    uint32_t v = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned d = (unsigned char)s[i];
        if (d - '0' < 10)
            d -= '0';
        else if (d - 'A' < 6)
            d -= 'A' - 10;
        else
            return false;
        v = v * 16 + d;
    }
    for (size_t i = 0; i < uni_hex_name_len; i++) {
        if (uni_hex_name[i][0] == (uint32_t)kind && v >= uni_hex_name[i][1] && v <= uni_hex_name[i][2]) {
            *cp = v;
            return true;
        }
    }
    return false;
}

/* Decodes the name entry at p over name[0..*len), which holds the previous
 * name of its block, adds its delta to *cp and returns the next entry. */
static const unsigned char *name_entry(const unsigned char *p, char *name, size_t *len, uint32_t *cp)
{
    size_t n = *p++;
    for (; *p >= NAME_LITERAL; p++) {
        if (*p >= NAME_WORD) {
            const uint16_t *off = &uni_name_word_off[*p - NAME_WORD];
            memcpy(name + n, uni_name_words + off[0], (size_t)(off[1] - off[0]));
            n += (size_t)(off[1] - off[0]);
        } else {
            name[n++] = (char)*p;
        }
    }
    uint32_t z = *p & 0x0F;
    if (*p++ & 0x10) {
        int shift = 4;
        do {
            z |= (uint32_t)(*p & 0x7F) << shift;
            shift += 7;
        } while (*p++ & 0x80);
    }
    *cp += (z & 1) ? ~(z >> 1) : z >> 1; /* zigzag: odd values are negative */
    *len = n;
    return p;
}

static int name_cmp(const char *a, size_t an, const char *b, size_t bn)
{
    int c = memcmp(a, b, an < bn ? an : bn);
    return c ? c : (an > bn) - (an < bn);
}

static bool lookup_stored(const char *key, size_t len, uint32_t *cp)
{
    char name[NAME_BUF];
    size_t n;
    uint32_t c;
    /* the block to scan is the last one whose first name is <= key */
    size_t lo = 0, hi = uni_name_block_len;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        c = 0;
        name_entry(uni_names + uni_name_block[mid], name, &n, &c);
        if (name_cmp(name, n, key, len) <= 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0) return false;
    const unsigned char *p = uni_names + uni_name_block[lo - 1], *end = uni_names + uni_name_block[lo];
    c = 0;
    while (p < end) {
        p = name_entry(p, name, &n, &c);
        int d = name_cmp(name, n, key, len);
        if (d == 0) {
            *cp = c;
            return true;
        }
        if (d > 0) break;
    }
    return false;
}

bool uni_lookup_name(const char *name, size_t len, uint32_t *cp)
{
    /* CPython settles Hangul syllables and CJK unified ideographs before any
     * stored name and case-sensitively: a near miss there is no name at all. */
    size_t hangul_len = sizeof HANGUL_PREFIX - 1;
    if (has_prefix(name, len, HANGUL_PREFIX)) return lookup_hangul(name + hangul_len, len - hangul_len, cp);
    for (int k = 0; uni_hex_name_prefix[k]; k++) {
        size_t n = strlen(uni_hex_name_prefix[k]);
        if (uni_hex_name_strict[k] && has_prefix(name, len, uni_hex_name_prefix[k]))
            return lookup_hex_name(k, name + n, len - n, cp);
    }

    if (len >= NAME_BUF) return false;
    char key[NAME_BUF];
    for (size_t i = 0; i < len; i++)
        key[i] = (char)(name[i] >= 'a' && name[i] <= 'z' ? name[i] - ('a' - 'A') : name[i]);
    for (int k = 0; uni_hex_name_prefix[k]; k++) {
        size_t n = strlen(uni_hex_name_prefix[k]);
        if (!uni_hex_name_strict[k] && has_prefix(key, len, uni_hex_name_prefix[k])
            && lookup_hex_name(k, key + n, len - n, cp))
            return true;
    }
    return lookup_stored(key, len, cp);
}

/* The low byte of the last of runs[0..n) (cp << 8 | value, sorted, the
 * first at 0) that starts at or below cp. */
static unsigned run_value(const uint32_t *runs, size_t n, uint32_t cp)
{
    size_t lo = 1, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (runs[mid] >> 8 <= cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    return runs[lo - 1] & 0xFF;
}

static unsigned combining_class(uint32_t cp)
{
    if (cp < 0x300) return 0; /* below the first combining mark */
    return run_value(uni_ccc, uni_ccc_len, cp);
}

unsigned uni_case_flags(uint32_t cp) { return run_value(uni_case_flag, uni_case_flag_len, cp); }

int uni_case_map(uint32_t cp, UniCaseMap how, uint32_t out[UNI_CASE_MAX])
{
    static const struct {
        const int32_t (*runs)[4];
        const size_t *len;
    } deltas[] = {
        [UNI_MAP_LOWER] = {uni_lower_delta, &uni_lower_delta_len},
        [UNI_MAP_UPPER] = {uni_upper_delta, &uni_upper_delta_len},
        [UNI_MAP_TITLE] = {uni_title_delta, &uni_title_delta_len},
        [UNI_MAP_FOLD] = {uni_fold_delta, &uni_fold_delta_len},
    };
    const int32_t(*runs)[4] = deltas[how].runs;
    size_t lo = 0, hi = *deltas[how].len;
    while (lo < hi) { /* the first run ending at or after cp */
        size_t mid = lo + (hi - lo) / 2;
        if ((uint32_t)runs[mid][1] < cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < *deltas[how].len && cp >= (uint32_t)runs[lo][0] && (cp - (uint32_t)runs[lo][0]) % (uint32_t)runs[lo][2] == 0) {
        out[0] = (uint32_t)((int32_t)cp + runs[lo][3]);
        return 1;
    }
    uint32_t key = cp << 2 | how;
    lo = 0, hi = uni_case_special_len;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (uni_case_special[mid][0] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < uni_case_special_len && uni_case_special[lo][0] == key) {
        uint32_t where = uni_case_special[lo][1];
        int n = (int)(where & 3);
        memcpy(out, uni_case_special_cp + (where >> 2), (size_t)n * sizeof *out);
        return n;
    }
    out[0] = cp;
    return 1;
}

/* The uni_decomp entry of cp, or NULL when NFKD leaves it alone. */
static const uint32_t *decomp_entry(uint32_t cp)
{
    size_t lo = 0, hi = uni_decomp_len;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        uint32_t key = uni_decomp[mid] >> 8;
        if (key == cp) return &uni_decomp[mid];
        if (key < cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* Writes the full NFKD of cp to d, each code point with its class, and
 * returns how many there are. */
static size_t decompose(uint32_t cp, uint32_t *d)
{
    uint32_t s = cp - HANGUL_BASE;
    if (s < HANGUL_COUNT) { /* conjoining jamo are all starters */
        d[0] = JAMO_L + s / (JAMO_V_COUNT * JAMO_T_COUNT);
        d[1] = JAMO_V + s / JAMO_T_COUNT % JAMO_V_COUNT;
        if (s % JAMO_T_COUNT == 0) return 2;
        d[2] = JAMO_T + s % JAMO_T_COUNT;
        return 3;
    }
    const uint32_t *e = decomp_entry(cp);
    if (!e) {
        d[0] = cp | combining_class(cp) << CCC_SHIFT;
        return 1;
    }
    const unsigned char *p = uni_decomp_text + uni_decomp_off[e - uni_decomp], *end = p + (*e & 0xFF);
    size_t n = 0;
    while (p < end) {
        uint32_t c;
        p += uni_decode_utf8(p, (size_t)(end - p), &c); /* the generator wrote valid UTF-8 */
        d[n++] = c | combining_class(c) << CCC_SHIFT;
    }
    return n;
}

/* Appends x to buf[0..n), moving it before the non-starters of a greater
 * class that end buf: canonical ordering, stable within a class. */
static void put_ordered(uint32_t *buf, size_t n, uint32_t x)
{
    uint32_t ccc = x >> CCC_SHIFT;
    if (ccc)
        for (; n > 0 && buf[n - 1] >> CCC_SHIFT > ccc; n--) buf[n] = buf[n - 1];
    buf[n] = x;
}

/* The primary composite of starter a and b, or 0; composites are starters. */
static uint32_t compose(uint32_t a, uint32_t b)
{
    uint32_t s = a - HANGUL_BASE;
    if (a - JAMO_L < JAMO_L_COUNT && b - JAMO_V < JAMO_V_COUNT)
        return HANGUL_BASE + ((a - JAMO_L) * JAMO_V_COUNT + (b - JAMO_V)) * JAMO_T_COUNT;
    if (s < HANGUL_COUNT && s % JAMO_T_COUNT == 0 && b - JAMO_T - 1 < JAMO_T_COUNT - 1) return a + (b - JAMO_T);
    size_t lo = 0, hi = uni_comp_len;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const uint32_t *c = uni_comp[mid];
        if (c[0] == a && c[1] == b) return c[2];
        if (c[0] < a || (c[0] == a && c[1] < b))
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* Canonical composition of buf[0..n) in place (UAX #15): each code point joins
 * the last starter unless a code point left between them has class 0 or one
 * at least its own. Returns the new length. */
static size_t compose_all(uint32_t *buf, size_t n)
{
    size_t starter = SIZE_MAX, w = 0;
    uint32_t last_ccc = 0; /* of buf[w - 1] when it follows the starter */
    for (size_t r = 0; r < n; r++) {
        uint32_t c = buf[r], ccc = c >> CCC_SHIFT;
        if (starter != SIZE_MAX && (w == starter + 1 || last_ccc < ccc)) {
            uint32_t comp = compose(buf[starter], c & CP_MASK);
            if (comp) {
                buf[starter] = comp;
                continue;
            }
        }
        if (ccc == 0) starter = w;
        last_ccc = ccc;
        buf[w++] = c;
    }
    return w;
}

size_t uni_nfkc(const char *in, size_t len, char *out, size_t cap)
{
    const unsigned char *s = (const unsigned char *)in;
    size_t i = 0;
    while (i < len && s[i] < 0x80) i++;
    if (i == len) {
        if (len == 0 || len > cap) return 0;
        memcpy(out, in, len);
        return len;
    }

    /* Size the buffer first: no code point's NFKD has more code points than
     * bytes, and a Hangul syllable has three. */
    size_t bound = 0;
    for (i = 0; i < len;) {
        uint32_t cp;
        int k = uni_decode_utf8(s + i, len - i, &cp);
        if (k == 0) return 0;
        i += (size_t)k;
        const uint32_t *e = decomp_entry(cp);
        bound += cp - HANGUL_BASE < HANGUL_COUNT ? 3 : e ? (*e & 0xFF) : 1;
    }
    uint32_t local[NFKC_LOCAL];
    uint32_t *buf = bound <= NFKC_LOCAL ? local : malloc(bound * sizeof *buf);
    if (!buf) return 0;

    size_t n = 0;
    for (i = 0; i < len;) {
        uint32_t cp, d[MAX_EXPANSION];
        i += (size_t)uni_decode_utf8(s + i, len - i, &cp);
        size_t m = decompose(cp, d);
        for (size_t j = 0; j < m; j++) put_ordered(buf, n++, d[j]);
    }
    n = compose_all(buf, n);

    size_t o = 0;
    for (size_t j = 0; j < n; j++) {
        char u[4];
        size_t k = (size_t)uni_encode_utf8(buf[j] & CP_MASK, u);
        if (k > cap - o) {
            o = 0;
            break;
        }
        memcpy(out + o, u, k);
        o += k;
    }
    if (buf != local) free(buf);
    return o;
}

int uni_decode_utf8(const unsigned char *s, size_t len, uint32_t *cp)
{
    /* the shortest value each length may carry; below it is an overlong form */
    static const uint32_t min_value[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (len == 0) return 0;
    unsigned char b = s[0];
    if (b < 0x80) {
        *cp = b;
        return 1;
    }
    int n;
    uint32_t c;
    if (b >= 0xC2 && b <= 0xDF)
        n = 2, c = b & 0x1Fu;
    else if (b >= 0xE0 && b <= 0xEF)
        n = 3, c = b & 0x0Fu;
    else if (b >= 0xF0 && b <= 0xF4)
        n = 4, c = b & 0x07u;
    else
        return 0;
    if (len < (size_t)n) return 0;
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        c = c << 6 | (s[i] & 0x3Fu);
    }
    if (c < min_value[n] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return 0;
    *cp = c;
    return n;
}

int uni_encode_utf8(uint32_t cp, char *buf)
{
    unsigned char *o = (unsigned char *)buf;
    if (cp < 0x80) {
        o[0] = (unsigned char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (unsigned char)(0xC0 | cp >> 6);
        o[1] = (unsigned char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (unsigned char)(0xE0 | cp >> 12);
        o[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        o[2] = (unsigned char)(0x80 | (cp & 0x3F));
        return 3;
    }
    if (cp > 0x10FFFF) return 0;
    o[0] = (unsigned char)(0xF0 | cp >> 18);
    o[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
    o[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
    o[3] = (unsigned char)(0x80 | (cp & 0x3F));
    return 4;
}
