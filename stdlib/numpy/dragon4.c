/* numpy's float to text conversion: Dragon4 (Steele & White, with Burger &
 * Dybvig's free-format digit generation) over GMP integers, giving the
 * shortest digits that read back as the same value of the value's own type
 * (so np.float32(0.1) prints 0.1), or its exact digits cut at a precision;
 * then numpy's positional and scientific layouts with their trim and padding
 * rules. The digit rules follow numpy's dragon4.c: where numpy's estimate of
 * the first digit's exponent decides a cut, the same estimate is used. */
#include <gmp.h>
#include <math.h>
#include <string.h>

#include "dragon4.h"

/* numpy writes into a 16384-byte buffer: past it digits stop. */
enum { D4_BUF = 16384 };

/* A finite float as mant * 2^exp, mant's highest bit at mbit; `unequal`
 * when the gap to the next value below is half the gap above (a power of
 * two that is not the smallest normal). */
typedef struct {
    uint64_t mant;
    int exp, mbit;
    bool unequal, neg;
    int special;      /* 0 finite, 1 inf, 2 nan */
} FloatBits;

static void float_bits(const void *p, int t, FloatBits *b)
{
    uint64_t raw;
    int mbits, ebits;
    if (t == NP_FLOAT16) {
        uint16_t h;
        memcpy(&h, p, 2);
        raw = h, mbits = 10, ebits = 5;
    } else if (t == NP_FLOAT32) {
        uint32_t u;
        memcpy(&u, p, 4);
        raw = u, mbits = 23, ebits = 8;
    } else {
        memcpy(&raw, p, 8);
        mbits = 52, ebits = 11;
    }
    uint64_t m = raw & ((1ull << mbits) - 1);
    int e = (int)(raw >> mbits) & ((1 << ebits) - 1);
    int bias = (1 << (ebits - 1)) - 1;
    b->neg = (raw >> (mbits + ebits)) & 1;
    b->special = e == (1 << ebits) - 1 ? (m ? 2 : 1) : 0;
    if (e) {
        b->mant = m | (1ull << mbits);
        b->exp = e - bias - mbits;
        b->mbit = mbits;
        b->unequal = e != 1 && m == 0;
    } else {
        b->mant = m;
        b->exp = 1 - bias - mbits;
        b->mbit = m ? 63 - __builtin_clzll(m) : 0;
        b->unequal = false;
    }
}

/* The decimal digits of b into buf (at most bufsize, no NUL); *exp10 gets
 * the power of ten of the first. unique: stop at the shortest digits that
 * identify the value (but not before cutoff_min), else at the exact value's
 * end; either way at cutoff_max digits (counted after the point when
 * `fractional`, else in all), the last one rounded half to even. */
static int dragon4(const FloatBits *b, bool unique, bool fractional, int cutoff_max, int cutoff_min, char *buf,
                   int bufsize, int *exp10)
{
    if (b->mant == 0) {
        buf[0] = '0';
        *exp10 = 0;
        return 1;
    }
    /* value = mant * 2^exp = v / scale; the margins are half the gaps to the
     * neighbours, over the same scale */
    mpz_t v, scale, mlow, mhigh, t;
    mpz_inits(v, scale, mlow, mhigh, t, NULL);
    int shift = b->unequal ? 2 : 1;
    mpz_set_ui(v, (unsigned long)b->mant);
    if (b->exp > 0) {
        mpz_mul_2exp(v, v, (mp_bitcnt_t)(b->exp + shift));
        mpz_set_ui(scale, 1ul << shift);
        mpz_setbit(mlow, (mp_bitcnt_t)b->exp);
    } else {
        mpz_mul_2exp(v, v, (mp_bitcnt_t)shift);
        mpz_setbit(scale, (mp_bitcnt_t)(-b->exp + shift));
        mpz_set_ui(mlow, 1);
    }
    bool even = (b->mant & 1) == 0;
    /* k estimates floor(log10(value)) + 1, correct or one too small */
    int k = (int)ceil((double)(b->mbit + b->exp) * 0.30102999566398119521373889472449 - 0.69);
    if (cutoff_max >= 0 && fractional && k <= -cutoff_max) k = -cutoff_max + 1;
    if (k > 0) {
        mpz_ui_pow_ui(t, 10, (unsigned long)k);
        mpz_mul(scale, scale, t);
    } else if (k < 0) {
        mpz_ui_pow_ui(t, 10, (unsigned long)-k);
        mpz_mul(v, v, t);
        mpz_mul(mlow, mlow, t);
    }
    if (mpz_cmp(v, scale) >= 0) {
        k++;
    } else {
        mpz_mul_ui(v, v, 10);
        mpz_mul_ui(mlow, mlow, 10);
    }
    if (b->unequal) mpz_mul_2exp(mhigh, mlow, 1);
    else mpz_set(mhigh, mlow);

    int cut_max = k - bufsize;
    if (cutoff_max >= 0) {
        int want = fractional ? -cutoff_max : k - cutoff_max;
        if (want > cut_max) cut_max = want;
    }
    int cut_min = k;
    if (cutoff_min >= 0) {
        int want = fractional ? -cutoff_min : k - cutoff_min;
        if (want < cut_min) cut_min = want;
    }
    *exp10 = k - 1;

    int n = 0;
    unsigned digit;
    bool low = false, high = false;
    for (;;) {
        k--;
        mpz_tdiv_qr(t, v, v, scale);
        digit = (unsigned)mpz_get_ui(t);
        if (unique) {
            int c = mpz_cmp(v, mlow);
            low = even ? c <= 0 : c < 0;
            mpz_add(t, v, mhigh);
            c = mpz_cmp(t, scale);
            high = even ? c >= 0 : c > 0;
            if (((low || high) && k <= cut_min) || k == cut_max) break;
        } else if (mpz_sgn(v) == 0 || k == cut_max) {
            break;
        }
        buf[n++] = (char)('0' + digit);
        mpz_mul_ui(v, v, 10);
        if (unique) {
            mpz_mul_ui(mlow, mlow, 10);
            if (b->unequal) mpz_mul_2exp(mhigh, mlow, 1);
            else mpz_set(mhigh, mlow);
        }
    }
    /* round the last digit: down when only that stays in the interval, up
     * when only that does, else to the nearer, ties to the even digit */
    bool down = low;
    if (low == high) {
        mpz_mul_2exp(v, v, 1);
        int c = mpz_cmp(v, scale);
        down = c < 0 || (c == 0 && (digit & 1) == 0);
    }
    mpz_clears(v, scale, mlow, mhigh, t, NULL);
    if (down) {
        buf[n++] = (char)('0' + digit);
    } else if (digit < 9) {
        buf[n++] = (char)('0' + digit + 1);
    } else {
        /* carry: drop the trailing nines, bump the digit before them */
        for (;;) {
            if (n == 0) {
                buf[n++] = '1';
                *exp10 += 1;
                break;
            }
            if (buf[--n] != '9') {
                buf[n++]++;
                break;
            }
        }
    }
    return n;
}

static void put_spaces(StrBuf *out, int n)
{
    for (; n > 0; n--) sb_putc(out, ' ');
}

/* Trailing zeros after the point go unless trim is 'k'; a bare point then
 * gets its zero back ('0') or goes ('-', positional only). */
static void trim_zeros(StrBuf *s, int *nfrac, char trim, bool drop_point)
{
    if (trim == 'k' || *nfrac <= 0 || s->oom) return;
    while (s->data[s->len - 1] == '0') {
        s->len--;
        (*nfrac)--;
    }
    if (s->data[s->len - 1] == '.') {
        if (trim == '0') {
            sb_putc(s, '0');
            (*nfrac)++;
        } else if (trim == '-' && drop_point) {
            s->len--;
        }
    }
}

static bool positional(StrBuf *out, const FloatBits *b, const NpFloatFmt *f)
{
    char digits[D4_BUF];
    StrBuf s;
    sb_init(&s);
    bool has_sign = b->neg || f->sign;
    if (has_sign) sb_putc(&s, b->neg ? '-' : '+');
    int e10, n = dragon4(b, f->unique, f->fractional, f->precision, f->min_digits, digits, D4_BUF - 1 - has_sign, &e10);
    int whole, nfrac = 0;
    if (e10 >= 0) {
        whole = e10 + 1;
        if (n <= whole) {
            sb_putn(&s, digits, (size_t)n);
            for (int i = n; i < whole; i++) sb_putc(&s, '0');
        } else {
            sb_putn(&s, digits, (size_t)whole);
            sb_putc(&s, '.');
            sb_putn(&s, digits + whole, (size_t)(n - whole));
            nfrac = n - whole;
        }
    } else {
        int zeros = -(e10 + 1);
        sb_puts(&s, "0.");
        for (int i = 0; i < zeros; i++) sb_putc(&s, '0');
        sb_putn(&s, digits, (size_t)n);
        nfrac = n + zeros;
        whole = 1;
    }
    if (f->trim != '-' && nfrac == 0) sb_putc(&s, '.');
    int add = f->unique ? f->min_digits : f->precision;
    int want = add < 0 ? 0 : add;
    if (!f->fractional) want = add - whole;
    if (f->trim == '0') {
        if (nfrac == 0) {
            sb_putc(&s, '0');
            nfrac++;
        }
    } else if (f->trim == 'k') {
        for (; nfrac < want; nfrac++) sb_putc(&s, '0');
    }
    trim_zeros(&s, &nfrac, f->trim, true);
    if (f->pad_right >= nfrac) {
        if (f->trim == '-' && nfrac == 0) sb_putc(&s, ' ');
        put_spaces(&s, f->pad_right - nfrac);
    }
    int left = f->pad_left - (whole + has_sign);
    bool fits = (left > 0 ? left : 0) + s.len < D4_BUF;
    if (fits) {
        put_spaces(out, left);
        sb_putn(out, s.data, s.len);
    }
    if (s.oom) out->oom = true;
    sb_free(&s);
    return fits;
}

static void scientific(StrBuf *out, const FloatBits *b, const NpFloatFmt *f)
{
    char digits[D4_BUF];
    bool has_sign = b->neg || f->sign;
    int pad = f->pad_left - (1 + has_sign);
    put_spaces(out, pad);
    if (has_sign) sb_putc(out, b->neg ? '-' : '+');
    StrBuf s;
    sb_init(&s);
    int bufsize = D4_BUF - (pad > 0 ? pad : 0) - has_sign;
    int e10, n = dragon4(b, f->unique, false, f->precision < 0 ? -1 : f->precision + 1,
                         f->min_digits < 0 ? -1 : f->min_digits + 1, digits, bufsize, &e10);
    sb_putc(&s, digits[0]);
    int nfrac = n - 1;
    if (nfrac > 0) {
        sb_putc(&s, '.');
        sb_putn(&s, digits + 1, (size_t)nfrac);
    }
    if (f->trim != '-' && nfrac == 0) sb_putc(&s, '.');
    int add = f->unique ? f->min_digits : f->precision;
    if (add < 0) add = 0;
    if (f->trim == '0') {
        if (nfrac == 0) {
            sb_putc(&s, '0');
            nfrac++;
        }
    } else if (f->trim == 'k') {
        for (; nfrac < add; nfrac++) sb_putc(&s, '0');
    }
    trim_zeros(&s, &nfrac, f->trim, false);
    int ed = f->exp_digits > 5 ? 5 : f->exp_digits < 0 ? 2 : f->exp_digits;
    sb_printf(&s, "e%c", e10 < 0 ? '-' : '+');
    if (e10 != 0 || ed > 0) sb_printf(&s, "%0*d", ed, e10 < 0 ? -e10 : e10);
    sb_putn(out, s.data, s.len);
    if (s.oom) out->oom = true;
    sb_free(&s);
}

bool np_format_float(StrBuf *out, const void *p, int t, const NpFloatFmt *f)
{
    FloatBits b;
    float_bits(p, t, &b);
    if (b.special == 2) {
        sb_puts(out, "nan");
    } else if (b.special == 1) {
        if (b.neg || f->sign) sb_putc(out, b.neg ? '-' : '+');
        sb_puts(out, "inf");
    } else if (f->scientific) {
        scientific(out, &b, f);
    } else {
        return positional(out, &b, f);
    }
    return true;
}
