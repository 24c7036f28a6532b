/*
 * textfile.c -- reading a small text file a person hands the program (textfile.h): settings,
 * moments and lessons all come through here, so that each is refused the same way when it is not a
 * regular file, too large, or not UTF-8.
 */
#include "textfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nq/i18n.h"

/* Length of the well-formed UTF-8 sequence at s (at most left bytes), or 0 if there is none. */
static size_t utf8_length(const unsigned char *s, size_t left)
{
    if (s[0] < 0x80)
        return s[0] ? 1 : 0;
    size_t length = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 ? 2 : 0;
    if (!length || s[0] > 0xF4 || length > left)
        return 0;
    for (size_t i = 1; i < length; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0) || (s[0] == 0xF0 && s[1] < 0x90) ||
        (s[0] == 0xF4 && s[1] >= 0x90))
        return 0; /* overlong, a surrogate, or past U+10FFFF */
    return length;
}

int ex_utf8_bad_line(const char *text, size_t length)
{
    int line = 1;
    for (size_t i = 0; i < length;) {
        size_t step = utf8_length((const unsigned char *)text + i, length - i);
        if (!step)
            return line;
        if (text[i] == '\n')
            line++;
        i += step;
    }
    return 0;
}

size_t ex_bom_length(const char *text, size_t length)
{
    return length >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3) ? 3 : 0;
}

int ex_text_begin(const char **text, size_t *length, char *why, size_t why_size)
{
    int bad = ex_utf8_bad_line(*text, *length);
    if (bad) {
        snprintf(why, why_size, "%s", _("this is not UTF-8 text"));
        return bad;
    }
    size_t bom = ex_bom_length(*text, *length);
    *text += bom;
    *length -= bom;
    return 0;
}

/* Reads the regular file behind fd into buf (max + 1 bytes): its length, or -1 with why; with
 * too_large NULL, its first max bytes however large it is. */
static long read_all(int fd, char *buf, size_t max, const char *too_large, char *why, size_t size)
{
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(why, size, "%s", strerror(errno));
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        /* TRANSLATORS: why a file (settings, a moment, a lesson) cannot be read: it is a folder, a FIFO or
         * a device. */
        snprintf(why, size, "%s", _("not a regular file"));
        errno = 0;
        return -1;
    }
    size_t length = 0;
    while (length <= max) {
        ssize_t got = read(fd, buf + length, max + 1 - length);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            snprintf(why, size, "%s", strerror(errno));
            return -1;
        }
        if (got == 0)
            return (long)length;
        length += (size_t)got;
        if (!too_large && length >= max)
            return (long)max;
    }
    snprintf(why, size, "%s", too_large);
    errno = 0;
    return -1;
}

long ex_file_read(const char *path, char *buf, size_t max, const char *too_large, char *why, size_t size)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(why, size, "%s", strerror(errno));
        return -1;
    }
    long length = read_all(fd, buf, max, too_large, why, size);
    int error = errno;
    close(fd);
    errno = error;
    return length;
}

long ex_file_head(const char *path, char *buf, size_t max, char *why, size_t size)
{
    return ex_file_read(path, buf, max, NULL, why, size); /* NULL: the head of a larger file */
}
