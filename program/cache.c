/* The offline cache: compiled kernels kept on disk between runs, one file per
 * kernel (T<hash>.tic) and an index (ticache.tcb) in one directory, as
 * Taichi lays its cache out. A file's key is code.c's (the kernel after the
 * passes and the layout of the fields), the backend's code tag (target CPU,
 * code generator options) and this tirun build; the backend's bytes are
 * opaque here (backend.h: kernel_save / kernel_load).
 *
 * Files are written when a program ends (ti.reset, ti.init, exit), each to a
 * temporary name and then renamed, so that processes sharing the directory
 * see whole files or none. A file that is damaged, truncated or made for
 * another key is ignored and its kernel compiled again: the cache never fails
 * a program. The index (kernel names, sizes, creation and last use) is what
 * the cleaning policies read; it is rewritten under a lock on the directory. */
#include "program.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <dirent.h>
#if defined(__linux__)
#include <link.h>
#endif


/* The file header: magic, format, key hash, key and payload lengths, and a
 * checksum of the key and payload, then the key text and the payload. */
static const char magic[8] = {'T', 'I', 'R', 'U', 'N', 'K', 'C', '1'};
enum { HEAD = 8 + 8 * 4 };

static const char index_name[] = "ticache.tcb";
static const char index_magic[] = "tirun offline cache index 1";

struct ProgCacheEntry {
    char file[24];              /* T<16 hex digits>.tic */
    char name[96];
    unsigned char *bytes;       /* to write at the next dump; NULL: loaded (only its use is recorded) */
    size_t len;
};

static uint64_t fnv1a(uint64_t h, const void *data, size_t n)
{
    const unsigned char *s = data;
    for (size_t i = 0; i < n; i++) h = (h ^ s[i]) * UINT64_C(1099511628211);
    return h;
}

static uint64_t fnv_start(void) { return UINT64_C(14695981039346656037); }

/* ---- this build: the linker's build id of the code, else the time this file was built */

#if defined(__linux__)
typedef struct {
    const void *addr;
    char *out;
    size_t cap;
} BuildId;

static int find_build_id(struct dl_phdr_info *info, size_t size, void *data)
{
    BuildId *b = data;
    (void)size;
    bool mine = false;
    for (int i = 0; i < info->dlpi_phnum && !mine; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
        mine = ph->p_type == PT_LOAD && (uintptr_t)b->addr >= lo && (uintptr_t)b->addr < lo + ph->p_memsz;
    }
    if (!mine) return 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_NOTE) continue;
        const unsigned char *at = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr), *end = at + ph->p_memsz;
        while (at + sizeof(ElfW(Nhdr)) <= end) {
            const ElfW(Nhdr) *nh = (const ElfW(Nhdr) *)at;
            const unsigned char *desc = at + sizeof *nh + ((nh->n_namesz + 3) & ~3u);
            if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 && !memcmp(at + sizeof *nh, "GNU", 4) &&
                desc + nh->n_descsz <= end) {
                size_t k = 0;
                for (unsigned j = 0; j < nh->n_descsz && k + 3 < b->cap; j++)
                    k += (size_t)snprintf(b->out + k, b->cap - k, "%02x", desc[j]);
                return 1;
            }
            at = desc + ((nh->n_descsz + 3) & ~3u);
        }
    }
    return 1;
}
#endif

static void build_id(char *out, size_t cap)
{
    snprintf(out, cap, "tirun built %s %s", __DATE__, __TIME__);
#if defined(__linux__)
    char id[96] = "";
    BuildId b = {(const void *)build_id, id, sizeof id};
    dl_iterate_phdr(find_build_id, &b);
    if (id[0]) snprintf(out, cap, "tirun build %s", id);
#endif
}

/* ---- configuration */

void prog_cache_configure(Program *p, bool on, const char *dir, int policy, int64_t max_size, double factor)
{
    p->cache.on = on;
    free(p->cache.dir);
    p->cache.dir = dir && *dir ? strdup(dir) : NULL;
    p->cache.policy = policy;
    p->cache.max_size = max_size;
    p->cache.factor = factor;
}

/* The directory: ti.init's offline_cache_file_path, else $XDG_CACHE_HOME/tirun,
 * else ~/.cache/tirun; false when there is none. */
static bool cache_dir(const Program *p, char *out, size_t cap)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    int n;
    if (p->cache.dir) n = snprintf(out, cap, "%s", p->cache.dir);
    else if (xdg && *xdg == '/') n = snprintf(out, cap, "%s/tirun", xdg);
    else if (home && *home) n = snprintf(out, cap, "%s/.cache/tirun", home);
    else return false;
    return n > 0 && (size_t)n < cap;
}

/* mkdir -p */
static bool make_dirs(char *path)
{
    for (char *s = path + 1; *s; s++) {
        if (*s != '/') continue;
        *s = '\0';
        bool ok = mkdir(path, 0777) == 0 || errno == EEXIST;
        *s = '/';
        if (!ok) return false;
    }
    return mkdir(path, 0777) == 0 || errno == EEXIST;
}

/* The full key: the backend's tag, this build, then code.c's key. */
static bool full_key(Program *p, StrBuf *b, const char *key, size_t len)
{
    const char *tag = p->ops->code_tag ? p->ops->code_tag(p->bk) : NULL;
    if (!tag) return false;
    char build[160];
    build_id(build, sizeof build);
    sb_printf(b, "%s\n%s\n", tag, build);
    sb_putn(b, key, len);
    return !b->oom;
}

static void file_name(char out[24], const StrBuf *key)
{
    snprintf(out, 24, "T%016llx.tic", (unsigned long long)fnv1a(fnv_start(), key->data, key->len));
}

/* ---- loading */

static unsigned char *read_file(const char *path, size_t *len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return NULL;
    struct stat st;
    unsigned char *data = NULL;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= HEAD && (data = malloc((size_t)st.st_size))) {
        size_t got = 0, want = (size_t)st.st_size;
        while (got < want) {
            ssize_t r = read(fd, data + got, want - got);
            if (r <= 0) break;
            got += (size_t)r;
        }
        if (got != want) {
            free(data);
            data = NULL;
        }
        *len = want;
    }
    close(fd);
    return data;
}

static uint64_t get64(const unsigned char *at)
{
    uint64_t v;
    memcpy(&v, at, 8);
    return v;
}

/* The payload of file data[0 .. len) when it is a whole cache file for key. */
static const unsigned char *payload_of(const unsigned char *data, size_t len, const StrBuf *key, size_t *plen)
{
    if (len < HEAD || memcmp(data, magic, 8)) return NULL;
    uint64_t hash = get64(data + 8), klen = get64(data + 16), n = get64(data + 24), sum = get64(data + 32);
    if (klen != key->len || klen > len - HEAD || n != len - HEAD - klen) return NULL;
    const unsigned char *k = data + HEAD;
    if (hash != fnv1a(fnv_start(), key->data, key->len) || memcmp(k, key->data, key->len)) return NULL;
    if (sum != fnv1a(fnv1a(fnv_start(), k, klen), k + klen, n)) return NULL;
    *plen = n;
    return k + klen;
}

static ProgCacheEntry *new_entry(Program *p, const StrBuf *key, const char *name)
{
    ProgCacheEntry *e = grow_array(p->cache.entries, &p->cache.cap, p->cache.n + 1, sizeof *e, 8);
    if (!e) return NULL;
    p->cache.entries = e;
    e = &e[p->cache.n++];
    memset(e, 0, sizeof *e);
    file_name(e->file, key);
    snprintf(e->name, sizeof e->name, "%s", name ? name : "kernel");
    return e;
}

BkKernel *prog_cache_load(Program *p, const char *key, size_t len, const char *name)
{
    char dir[4096], path[4400];
    if (!p->cache.on || !p->ops->kernel_load || !cache_dir(p, dir, sizeof dir)) return NULL;
    StrBuf full;
    sb_init(&full);
    BkKernel *bk = NULL;
    if (full_key(p, &full, key, len)) {
        char file[24];
        file_name(file, &full);
        snprintf(path, sizeof path, "%s/%s", dir, file);
        size_t flen = 0, plen = 0;
        unsigned char *data = read_file(path, &flen);
        const unsigned char *payload = data ? payload_of(data, flen, &full, &plen) : NULL;
        if (payload && (bk = p->ops->kernel_load(p->bk, payload, plen))) {
            p->cache.loads++;
            new_entry(p, &full, name);   /* its use, for the index (none when out of memory) */
        }
        free(data);
    }
    sb_free(&full);
    return bk;
}

void prog_cache_keep(Program *p, const char *key, size_t len, const char *name, BkKernel *bk)
{
    if (!p->cache.on || !p->ops->kernel_save) return;
    StrBuf full;
    sb_init(&full);
    unsigned char *bytes = NULL;
    size_t n = 0;
    if (full_key(p, &full, key, len) && p->ops->kernel_save(p->bk, bk, &bytes, &n)) {
        /* the file as it will be written: header, key, payload */
        unsigned char *file = malloc(HEAD + full.len + n);
        ProgCacheEntry *e = file ? new_entry(p, &full, name) : NULL;
        if (e) {
            uint64_t head[4] = {fnv1a(fnv_start(), full.data, full.len), full.len, n,
                                fnv1a(fnv1a(fnv_start(), full.data, full.len), bytes, n)};
            memcpy(file, magic, 8);
            memcpy(file + 8, head, sizeof head);
            memcpy(file + HEAD, full.data, full.len);
            memcpy(file + HEAD + full.len, bytes, n);
            e->bytes = file;
            e->len = HEAD + full.len + n;
        } else {
            free(file);
        }
    }
    free(bytes);
    sb_free(&full);
}

/* ---- writing and the index */

static bool write_whole(const char *dir, const char *name, const void *data, size_t len)
{
    char tmp[4400], path[4400];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(tmp, sizeof tmp, "%s/.%s.%ld.tmp", dir, name, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) return false;
    const unsigned char *at = data;
    size_t left = len;
    while (left) {
        ssize_t w = write(fd, at, left);
        if (w <= 0) break;
        at += w;
        left -= (size_t)w;
    }
    bool ok = close(fd) == 0 && left == 0 && rename(tmp, path) == 0;
    if (!ok) unlink(tmp);
    return ok;
}

typedef struct {
    char file[24];
    char name[96];
    long long size, created, used;
    bool mine;                  /* written or used by this program */
    int order;                  /* where index_read met it: the first of twins wins */
} IndexRow;

/* rows[0, sorted) are in file name order (index_read), the rest in the order
 * they were added: a cache of thousands of kernels is looked up by halving */
typedef struct {
    IndexRow *rows;
    int n, cap, sorted;
} Index;

static int row_order(const void *a, const void *b)
{
    const IndexRow *x = a, *y = b;
    int c = strcmp(x->file, y->file);
    return c ? c : (x->order > y->order) - (x->order < y->order);
}

/* Sorts the rows by file name and drops twins (keeping the first met). */
static void index_sort(Index *x)
{
    for (int i = 0; i < x->n; i++) x->rows[i].order = i;
    if (x->n > 1) qsort(x->rows, (size_t)x->n, sizeof *x->rows, row_order);
    int kept = 0;
    for (int i = 0; i < x->n; i++)
        if (!kept || strcmp(x->rows[kept - 1].file, x->rows[i].file)) x->rows[kept++] = x->rows[i];
    x->n = x->sorted = kept;
}

static int name_order(const void *a, const void *b)
{
    return strcmp(a, b);
}

static IndexRow *index_find(Index *x, const char *file)
{
    int lo = 0, hi = x->sorted;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2, c = strcmp(x->rows[mid].file, file);
        if (!c) return &x->rows[mid];
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    for (int i = x->sorted; i < x->n; i++)
        if (!strcmp(x->rows[i].file, file)) return &x->rows[i];
    return NULL;
}

static IndexRow *index_add(Index *x, const char *file)
{
    IndexRow *r = grow_array(x->rows, &x->cap, x->n + 1, sizeof *r, 16);
    if (!r) return NULL;
    x->rows = r;
    r = &r[x->n++];
    memset(r, 0, sizeof *r);
    snprintf(r->file, sizeof r->file, "%s", file);
    return r;
}

static bool is_cache_file(const char *name)
{
    size_t n = strlen(name);
    return n == 21 && name[0] == 'T' && !strcmp(name + 17, ".tic");
}

/* The index in dir: its rows for files that exist, and a row for every cache
 * file it did not list (an index removed by hand). *old: the index was
 * written by another build, or is damaged. */
static void index_read(const char *dir, const char *build, Index *x, bool *old)
{
    char path[4400], line[512];
    snprintf(path, sizeof path, "%s/%s", dir, index_name);
    FILE *f = fopen(path, "r");
    *old = false;
    if (f) {
        char want[256];
        snprintf(want, sizeof want, "%s %s\n", index_magic, build);
        *old = !fgets(line, sizeof line, f) || strcmp(line, want) != 0;
        while (fgets(line, sizeof line, f)) {
            IndexRow r = {0};
            if (sscanf(line, "%23s %lld %lld %lld %95s", r.file, &r.size, &r.created, &r.used, r.name) != 5 ||
                !is_cache_file(r.file))
                continue;
            IndexRow *at = index_add(x, r.file);
            if (at) *at = r;
        }
        fclose(f);
    }
    index_sort(x);
    /* the folder's cache files (sorted names): rows whose file is gone go,
     * files the index lacks come in; old temporary files of writes cut off
     * (a process killed) are removed */
    char (*names)[24] = NULL;
    int nnames = 0, namecap = 0;
    struct stat st;
    DIR *d = opendir(dir);
    for (struct dirent *de; d && (de = readdir(d));) {
        size_t len = strlen(de->d_name);
        if (de->d_name[0] == '.' && len > 4 && !strcmp(de->d_name + len - 4, ".tmp")) {
            snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
            if (stat(path, &st) == 0 && st.st_mtime < time(NULL) - 600) unlink(path);
        }
        if (!is_cache_file(de->d_name) || len >= sizeof *names) continue;
        char (*grown)[24] = grow_array(names, &namecap, nnames + 1, sizeof *names, 64);
        if (!grown) break;
        names = grown;
        memcpy(names[nnames++], de->d_name, len + 1);
    }
    if (d) closedir(d);
    if (nnames > 1) qsort(names, (size_t)nnames, sizeof *names, name_order);
    int kept = 0;
    for (int i = 0; i < x->n; i++)
        if (names && bsearch(x->rows[i].file, names, (size_t)nnames, sizeof *names, name_order))
            x->rows[kept++] = x->rows[i];
    x->n = x->sorted = kept;
    for (int i = 0; i < nnames; i++) {
        if (index_find(x, names[i])) continue;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (stat(path, &st) != 0) continue;
        IndexRow *r = index_add(x, names[i]);
        if (!r) break;
        r->size = (long long)st.st_size;
        r->created = r->used = (long long)st.st_mtime * 1000000000LL;
        snprintf(r->name, sizeof r->name, "?");
    }
    free(names);
    index_sort(x);
}

static bool index_write(const char *dir, const char *build, const Index *x)
{
    StrBuf b;
    sb_init(&b);
    sb_printf(&b, "%s %s\n", index_magic, build);
    for (int i = 0; i < x->n; i++) {
        const IndexRow *r = &x->rows[i];
        sb_printf(&b, "%s %lld %lld %lld %s\n", r->file, r->size, r->created, r->used, r->name);
    }
    bool ok = !b.oom && write_whole(dir, index_name, b.data, b.len);
    sb_free(&b);
    return ok;
}

static void remove_file(const char *dir, const char *name)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    unlink(path);
}

static int older_used(const void *a, const void *b)
{
    long long x = ((const IndexRow *)a)->used, y = ((const IndexRow *)b)->used;
    return (x > y) - (x < y);
}

static int older_created(const void *a, const void *b)
{
    long long x = ((const IndexRow *)a)->created, y = ((const IndexRow *)b)->created;
    return (x > y) - (x < y);
}

/* Taichi's policies: "version" drops the files of an index another build
 * wrote; "lru" and "fifo" also drop, once the files add up to max_size, the
 * factor's share of them, least recently used or oldest first. */
static void clean(const Program *p, const char *dir, Index *x, bool old)
{
    int policy = p->cache.policy;
    if (policy == PROG_CACHE_NEVER) return;
    if (old) {
        int kept = 0;
        for (int i = 0; i < x->n; i++) {
            if (x->rows[i].mine) x->rows[kept++] = x->rows[i];
            else remove_file(dir, x->rows[i].file);
        }
        x->n = kept;
        return;
    }
    if (policy == PROG_CACHE_VERSION) return;
    long long total = 0;
    for (int i = 0; i < x->n; i++) total += x->rows[i].size;
    int drop = (int)(p->cache.factor * x->n);
    if (total < p->cache.max_size || drop <= 0) return;
    if (drop > x->n) drop = x->n;
    qsort(x->rows, (size_t)x->n, sizeof *x->rows, policy == PROG_CACHE_LRU ? older_used : older_created);
    for (int i = 0; i < drop; i++) remove_file(dir, x->rows[i].file);
    memmove(x->rows, x->rows + drop, (size_t)(x->n - drop) * sizeof *x->rows);
    x->n -= drop;
}

void prog_cache_dump(Program *p)
{
    char dir[4096], build[160];
    bool any = p->cache.n > 0;
    if (!p->cache.on || (!any && p->cache.policy == PROG_CACHE_NEVER) || !cache_dir(p, dir, sizeof dir)) {
        prog_cache_free(p);
        return;
    }
    if (!any) {
        struct stat st;
        if (stat(dir, &st) != 0) return;   /* nothing to write, nothing to clean */
    }
    if (!make_dirs(dir)) {
        prog_cache_free(p);
        return;
    }
    build_id(build, sizeof build);
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    long long now = (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
    int lock = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (lock >= 0) flock(lock, LOCK_EX);
    Index x = {0};
    bool old;
    index_read(dir, build, &x, &old);
    for (int i = 0; i < p->cache.n; i++) {
        ProgCacheEntry *e = &p->cache.entries[i];
        if (e->bytes && !write_whole(dir, e->file, e->bytes, e->len)) continue;
        IndexRow *r = index_find(&x, e->file);
        if (!r && e->bytes) r = index_add(&x, e->file);
        if (!r) continue;
        if (e->bytes) {
            r->size = (long long)e->len;
            r->created = now;
        }
        r->used = now;
        r->mine = true;
        snprintf(r->name, sizeof r->name, "%s", e->name);
    }
    clean(p, dir, &x, old);
    if (x.n) index_write(dir, build, &x);
    else remove_file(dir, index_name);
    if (lock >= 0) close(lock);   /* and the lock with it */
    free(x.rows);
    prog_cache_free(p);
}

void prog_cache_free(Program *p)
{
    for (int i = 0; i < p->cache.n; i++) free(p->cache.entries[i].bytes);
    p->cache.n = 0;
}
