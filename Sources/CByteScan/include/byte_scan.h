#ifndef BYTE_SCAN_H
#define BYTE_SCAN_H

#include <stddef.h>

/// How many '\n' bytes the `count` bytes at `bytes` hold.
size_t pf_count_newlines(const unsigned char *bytes, size_t count);

/// Whether the `count` bytes at `bytes` hold a control byte other than '\n', DEL, or 0xC2
/// (which starts a C1 control in UTF-8).
int pf_has_special_bytes(const unsigned char *bytes, size_t count);

/// Whether the `count` bytes at `bytes` are all ASCII (below 0x80).
int pf_is_ascii(const unsigned char *bytes, size_t count);

#endif
