/* nd_load_npz and the archive container: every member of a zip archive (libzip, stored
 * or deflated) read as a .npy file, and queried by name.
 *
 * Members are read eagerly when the archive is opened, so a malformed member is reported
 * at once with the file's and the member's names. The arrays belong to the container, so
 * they are taken out of the caller's scope; nd_npz_get hands out new headers over them. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zip.h>

#include "core/alloc.h"
#include "core/array.h"
#include "core/error.h"
#include "core/scope.h"
#include "layout/layout.h"
#include "nd/core.h"
#include "npy_parse.h"

struct nd_npz {
  int64_t n;
  char *label;   /* the path, for messages */
  char **names;  /* member names without ".npy" */
  nd_array **arrays;
};

static char *dup_range(const char *s, size_t n) {
  char *d = ndi_malloc(n + 1);
  if (d) {
    memcpy(d, s, n);
    d[n] = '\0';
  }
  return d;
}

void nd_npz_close(nd_npz *z) {
  if (!z) return;
  for (int64_t i = 0; i < z->n; i++) {
    if (z->names) ndi_free(z->names[i]);
    if (z->arrays) nd_release(z->arrays[i]);
  }
  ndi_free(z->names);
  ndi_free(z->arrays);
  ndi_free(z->label);
  ndi_free(z);
}

static int64_t zip_member_read(void *ctx, void *buf, size_t n, const ndi_io_where *w) {
  zip_file_t *zf = ctx;
  zip_int64_t k = zip_fread(zf, buf, n);
  if (k < 0) return ndi_io_error(w, ND_ERR_IO, "cannot read: %s", zip_file_strerror(zf)), -1;
  return k;
}

/* Reads member i into a new array (untracked by scopes). */
static nd_array *read_member(zip_t *za, zip_uint64_t i, const ndi_io_where *w) {
  zip_stat_t st;
  if (zip_stat_index(za, i, 0, &st) != 0 || !(st.valid & ZIP_STAT_SIZE))
    return ndi_io_error(w, ND_ERR_IO, "cannot read the member's size: %s", zip_strerror(za)), NULL;
  if ((st.valid & ZIP_STAT_ENCRYPTION_METHOD) && st.encryption_method != ZIP_EM_NONE)
    return ndi_io_error(w, ND_ERR_IO, "the member is encrypted"), NULL;
  /* The recorded size decides how much is allocated: check it against the compressed
   * bytes it must come from (deflate expands at most 1032-fold), so that a forged size
   * is an error, not a huge allocation. */
  if ((st.valid & ZIP_STAT_COMP_SIZE) && (st.valid & ZIP_STAT_COMP_METHOD)) {
    bool stored = st.comp_method == ZIP_CM_STORE;
    if ((stored && st.size != st.comp_size) ||
        (st.comp_method == ZIP_CM_DEFLATE && st.size / 1032 > st.comp_size + 1))
      return ndi_io_error(w, ND_ERR_IO, "the member's recorded size (%llu bytes) cannot come from its %llu %s bytes",
                          (unsigned long long)st.size, (unsigned long long)st.comp_size,
                          stored ? "stored" : "compressed"),
             NULL;
  }
  zip_file_t *zf = zip_fopen_index(za, i, 0);
  if (!zf) return ndi_io_error(w, ND_ERR_IO, "cannot open: %s", zip_strerror(za)), NULL;
  ndi_reader r = {zip_member_read, zf, st.size};
  nd_array *a = ndi_npy_read(&r, w);
  if (a) {
    /* One more read reaches the member's end, where libzip checks the CRC. */
    char extra;
    zip_int64_t k = zip_fread(zf, &extra, 1);
    if (k != 0) {
      if (k < 0) ndi_io_error(w, ND_ERR_IO, "cannot read: %s", zip_file_strerror(zf));
      else ndi_io_error(w, ND_ERR_IO, "the member holds more bytes than its recorded size");
      nd_release(a);
      a = NULL;
    }
  }
  zip_fclose(zf);
  if (a) ndi_scope_untrack(a);
  return a;
}

static int cmp_names(const void *x, const void *y) {
  return strcmp(*(char *const *)x, *(char *const *)y);
}

/* Duplicate keys ("a.npy" twice, which zip allows): sorted copy, adjacent equal names. */
static nd_status check_unique(const nd_npz *z, const ndi_io_where *w) {
  if (z->n < 2) return ND_OK;
  char **sorted = ndi_malloc((size_t)z->n * sizeof *sorted);
  if (!sorted) return ndi_nomem(w->op, (size_t)z->n * sizeof *sorted);
  memcpy(sorted, z->names, (size_t)z->n * sizeof *sorted);
  qsort(sorted, (size_t)z->n, sizeof *sorted, cmp_names);
  nd_status st = ND_OK;
  for (int64_t i = 1; i < z->n && !st; i++)
    if (!strcmp(sorted[i - 1], sorted[i]))
      st = ndi_io_error(w, ND_ERR_IO, "the archive holds two members named '%s.npy'", sorted[i]);
  ndi_free(sorted);
  return st;
}

static nd_npz *load_archive(zip_t *za, ndi_io_where *w) {
  zip_int64_t n = zip_get_num_entries(za, 0);
  nd_npz *z = ndi_calloc(1, sizeof *z);
  if (!z) return ndi_nomem(w->op, sizeof *z), NULL;
  z->label = dup_range(w->file, strlen(w->file));
  z->names = ndi_calloc(n > 0 ? (size_t)n : 1, sizeof *z->names);
  z->arrays = ndi_calloc(n > 0 ? (size_t)n : 1, sizeof *z->arrays);
  if (!z->label || !z->names || !z->arrays) {
    nd_npz_close(z);
    return ndi_nomem(w->op, (size_t)n * 2 * sizeof(void *)), NULL;
  }
  for (zip_int64_t i = 0; i < n; i++) {
    const char *name = zip_get_name(za, (zip_uint64_t)i, ZIP_FL_ENC_GUESS);
    if (!name) {
      ndi_io_error(w, ND_ERR_IO, "cannot read the name of member %lld: %s", (long long)i,
                   zip_strerror(za));
      break;
    }
    w->member = name;
    size_t len = strlen(name);
    if (len <= 4 || strcmp(name + len - 4, ".npy") != 0) {
      ndi_io_error(w, ND_ERR_IO, "not a .npy file (every member of a .npz must be one, named '<key>.npy')");
      break;
    }
    z->names[i] = dup_range(name, len - 4);
    if (!z->names[i]) {
      ndi_nomem(w->op, len);
      break;
    }
    z->arrays[i] = read_member(za, (zip_uint64_t)i, w);
    if (!z->arrays[i]) break;
    z->n = i + 1;
  }
  w->member = NULL;
  if (z->n != n || check_unique(z, w)) {
    z->n = n; /* release whatever was read */
    nd_npz_close(z);
    return NULL;
  }
  return z;
}

static nd_npz *open_source(zip_source_t *src, ndi_io_where *w) {
  zip_error_t ze;
  zip_error_init(&ze);
  zip_t *za = zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS, &ze);
  if (!za) {
    ndi_io_error(w, ND_ERR_IO, "not a readable zip archive: %s", zip_error_strerror(&ze));
    zip_error_fini(&ze);
    zip_source_free(src);
    return NULL;
  }
  zip_error_fini(&ze);
  nd_npz *z = load_archive(za, w);
  zip_discard(za); /* read-only: nothing to write; frees the source */
  return z;
}

nd_npz *ndi_npz_load_buffer(const char *op, const char *label, const unsigned char *buf,
                            size_t len) {
  ndi_io_where w = {op, label ? label : "<buffer>", NULL};
  if (len == 0) return ndi_io_error(&w, ND_ERR_IO, "not a readable zip archive: the file is empty"), NULL;
  zip_error_t ze;
  zip_error_init(&ze);
  zip_source_t *src = zip_source_buffer_create(buf, len, 0, &ze);
  if (!src) {
    ndi_io_error(&w, ND_ERR_IO, "cannot read: %s", zip_error_strerror(&ze));
    zip_error_fini(&ze);
    return NULL;
  }
  zip_error_fini(&ze);
  return open_source(src, &w);
}

nd_npz *nd_load_npz(const char *path) {
  if (!path) return ndi_null_arg_named("load_npz", "path"), NULL;
  ndi_io_where w = {"load_npz", path, NULL};
  int fd = -1;
  uint64_t size = 0;
  if (ndi_open_regular(&w, path, &fd, &size)) return NULL;
  /* libzip takes an empty file for an empty archive; NumPy and zip tools do not (an empty
   * archive is a 22-byte end record). */
  if (size == 0) {
    close(fd);
    return ndi_io_error(&w, ND_ERR_IO, "not a readable zip archive: the file is empty"), NULL;
  }
  FILE *f = fdopen(fd, "rb");
  if (!f) {
    close(fd);
    return ndi_io_error(&w, ND_ERR_IO, "cannot open for reading"), NULL;
  }
  zip_error_t ze;
  zip_error_init(&ze);
  /* libzip reads the FILE and closes it when the source is freed. */
  zip_source_t *src = zip_source_filep_create(f, 0, -1, &ze);
  if (!src) {
    ndi_io_error(&w, ND_ERR_IO, "cannot read: %s", zip_error_strerror(&ze));
    zip_error_fini(&ze);
    fclose(f);
    return NULL;
  }
  zip_error_fini(&ze);
  return open_source(src, &w);
}

int64_t nd_npz_count(const nd_npz *z) { return z ? z->n : -1; }

const char *nd_npz_name(const nd_npz *z, int64_t i) {
  if (!z || i < 0 || i >= z->n) return NULL;
  return z->names[i];
}

nd_array *nd_npz_get(const nd_npz *z, const char *name) {
  if (!z || !name) return ndi_null_arg_named("npz_get", !z ? "z" : "name"), NULL;
  for (int64_t i = 0; i < z->n; i++) {
    if (strcmp(z->names[i], name) != 0) continue;
    const nd_array *a = z->arrays[i];
    return ndi_view("npz_get", a, a->ndim, a->shape, a->strides, a->offset);
  }
  char known[256] = "";
  size_t len = 0;
  for (int64_t i = 0; i < z->n && len + 8 < sizeof known; i++) {
    int k = snprintf(known + len, sizeof known - len, "%s'%s'", i ? ", " : "", z->names[i]);
    len = k < 0 ? len : len + (size_t)k;
  }
  if (len >= sizeof known) strcpy(known + sizeof known - 4, "...");
  return ndi_error_null(ND_ERR_VALUE, "npz_get: file '%s' has no array named '%s' (it has %s)",
                        z->label, name, z->n ? known : "none");
}
