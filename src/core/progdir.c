/* progdir.c -- the running program's folder, from /proc/self/exe (Linux's link to it). */
#include "nq/progdir.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

bool nq_program_dir(char *buf, size_t size)
{
    if (size)
        buf[0] = '\0';
    if (size < 2) {
        errno = ENAMETOOLONG;
        return false;
    }
    ssize_t length = readlink("/proc/self/exe", buf, size - 1);
    if (length <= 0 || (size_t)length >= size - 1) { /* a full buffer may hold a cut name */
        if (length > 0)
            errno = ENAMETOOLONG;
        buf[0] = '\0';
        return false;
    }
    buf[length] = '\0';
    char *slash = strrchr(buf, '/');
    if (!slash) {
        errno = ENOENT;
        buf[0] = '\0';
        return false;
    }
    slash[1] = '\0';
    return true;
}
