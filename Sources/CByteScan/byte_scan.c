// Byte loops the C compiler vectorises (Swift's did not: a scalar loop, then a slow generic
// SIMD one), for search and filter over gigabytes: each runs at memory speed.
#include "byte_scan.h"

size_t pf_count_newlines(const unsigned char *bytes, size_t count) {
    size_t total = 0;
    while (count > 0) {
        // Lane counters of one byte cannot overflow within 255 bytes per lane.
        size_t step = count < 4096 ? count : 4096;
        unsigned int block = 0;
        for (size_t i = 0; i < step; i++) block += bytes[i] == '\n';
        total += block;
        bytes += step;
        count -= step;
    }
    return total;
}

int pf_has_special_bytes(const unsigned char *bytes, size_t count) {
    while (count > 0) {
        size_t step = count < 4096 ? count : 4096;
        unsigned char found = 0;
        for (size_t i = 0; i < step; i++) {
            unsigned char b = bytes[i];
            found |= (unsigned char)((b < 0x20) & (b != '\n')) | (unsigned char)(b == 0x7F) | (unsigned char)(b == 0xC2);
        }
        if (found) return 1;
        bytes += step;
        count -= step;
    }
    return 0;
}

int pf_is_ascii(const unsigned char *bytes, size_t count) {
    unsigned char all = 0;
    for (size_t i = 0; i < count; i++) all |= bytes[i];
    return all < 0x80;
}
