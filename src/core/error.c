/* Thread-local error state: the last failure's status and message. */
#include "error.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "nd/core.h"

#define NDI_MSG_CAP 1024

/* the extended code (nd/types.h): its low 8 bits are the status */
static _Thread_local int last_code = ND_OK;
static _Thread_local char last_msg[NDI_MSG_CAP];

/* Formats through a local buffer: an argument may be nd_last_error() itself (a caller
 * adding its name to a callee's message, "fft: %s"), which vsnprintf into last_msg would
 * read while overwriting it. */
static nd_status set_error(int code, const char *fmt, va_list ap) {
  char msg[NDI_MSG_CAP];
  vsnprintf(msg, sizeof msg, fmt, ap);
  last_code = code;
  memcpy(last_msg, msg, sizeof msg);
  return ND_STATUS_OF(code);
}

nd_status ndi_error(int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  nd_status s = set_error(code, fmt, ap);
  va_end(ap);
  return s;
}

void *ndi_error_null(int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  set_error(code, fmt, ap);
  va_end(ap);
  return NULL;
}

nd_status ndi_null_arg_at(const char *op, const char *name, int64_t i) {
  if (last_code == ND_OK) ndi_error(ND_ERR_NULL, "%s: argument %s[%lld] is NULL", op, name, (long long)i);
  return ND_ERR_NULL;
}

nd_status ndi_null_arg_named(const char *op, const char *name) {
  if (last_code == ND_OK) ndi_error(ND_ERR_NULL, "%s: argument %s is NULL", op, name);
  return ND_ERR_NULL;
}

nd_status ndi_nomem(const char *op, size_t nbytes) {
  return ndi_error(ND_ERR_NOMEM, "%s: out of memory (%zu bytes)", op, nbytes);
}

char *ndi_fmt_shape(char *buf, size_t cap, int ndim, const int64_t *shape) {
  size_t len = 0;
  if (cap < 8) {
    if (cap) buf[0] = '\0';
    return buf;
  }
  buf[len++] = '[';
  for (int i = 0; i < ndim; i++) {
    char item[24];
    int w = snprintf(item, sizeof item, "%s%" PRId64, i ? "," : "", shape[i]);
    if (len + (size_t)w + 5 > cap) {
      memcpy(buf + len, "...", 3);
      len += 3;
      break;
    }
    memcpy(buf + len, item, (size_t)w);
    len += (size_t)w;
  }
  buf[len++] = ']';
  buf[len] = '\0';
  return buf;
}

const char *nd_last_error(void) { return last_code == ND_OK ? "" : last_msg; }
nd_status nd_last_status(void) { return ND_STATUS_OF(last_code); }
int nd_last_extended_status(void) { return last_code; }
void nd_clear_error(void) {
  last_code = ND_OK;
  last_msg[0] = '\0';
}

nd_status nd_set_error(int code, const char *fmt, ...) {
  if (code == ND_OK) {
    nd_clear_error();
    return ND_OK;
  }
  va_list ap;
  va_start(ap, fmt);
  nd_status s = set_error(code, fmt ? fmt : "", ap);
  va_end(ap);
  return s;
}

const char *nd_status_name(int code) {
  switch (code) {
    case ND_OK: return "ND_OK";
    case ND_ERR_NULL: return "ND_ERR_NULL";
    case ND_ERR_VALUE: return "ND_ERR_VALUE";
    case ND_ERR_SHAPE: return "ND_ERR_SHAPE";
    case ND_ERR_TYPE: return "ND_ERR_TYPE";
    case ND_ERR_INDEX: return "ND_ERR_INDEX";
    case ND_ERR_OVERFLOW: return "ND_ERR_OVERFLOW";
    case ND_ERR_NOMEM: return "ND_ERR_NOMEM";
    case ND_ERR_READONLY: return "ND_ERR_READONLY";
    case ND_ERR_IO: return "ND_ERR_IO";
    case ND_ERR_LINALG: return "ND_ERR_LINALG";
    case ND_ERR_INDEX_AXIS: return "ND_ERR_INDEX_AXIS";
    case ND_ERR_SHAPE_MATRIX: return "ND_ERR_SHAPE_MATRIX";
    case ND_ERR_OVERFLOW_SIZE: return "ND_ERR_OVERFLOW_SIZE";
    case ND_ERR_VALUE_INDEX: return "ND_ERR_VALUE_INDEX";
  }
  return "ND_ERR_UNKNOWN";
}
