/*
 * xdnd_drop.c -- drops one file on an X window as a file manager does (the XDND protocol,
 * version 5: enter, position, drop, then the file's URI handed over through the XdndSelection),
 * so that the e2e tests can open a file the way a person drags it onto the window. xdotool moves
 * the pointer and presses keys but speaks no XDND. A test tool only, never installed.
 *   xdnd_drop WINDOW_ID ABSOLUTE_PATH
 * Exit 0 once the target has said it finished with the drop, 1 if it did not within 10 s or
 * refused it, 2 on bad arguments or no display.
 */
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>

enum { WAIT_MS = 10000 };

static Display *display;
static Window source, target;

static Atom atom(const char *name)
{
    return XInternAtom(display, name, False);
}

/* Sends the XDND message called name to the target with the words l[1..4]; l[0] is the source. */
static void send(const char *name, long l1, long l2, long l3, long l4)
{
    XEvent e;
    memset(&e, 0, sizeof e);
    e.xclient.type = ClientMessage;
    e.xclient.window = target;
    e.xclient.message_type = atom(name);
    e.xclient.format = 32;
    e.xclient.data.l[0] = (long)source;
    e.xclient.data.l[1] = l1;
    e.xclient.data.l[2] = l2;
    e.xclient.data.l[3] = l3;
    e.xclient.data.l[4] = l4;
    XSendEvent(display, target, False, NoEventMask, &e);
    XFlush(display);
}

/* Hands the URI list to whoever asks for the selection: the target, after the drop. */
static void answer(const XSelectionRequestEvent *r, const char *uri)
{
    XEvent e;
    memset(&e, 0, sizeof e);
    e.xselection.type = SelectionNotify;
    e.xselection.requestor = r->requestor;
    e.xselection.selection = r->selection;
    e.xselection.target = r->target;
    e.xselection.time = r->time;
    e.xselection.property = None;
    if (r->target == atom("text/uri-list") && r->property != None) {
        XChangeProperty(display, r->requestor, r->property, r->target, 8, PropModeReplace, (const unsigned char *)uri,
                        (int)strlen(uri));
        e.xselection.property = r->property;
    }
    XSendEvent(display, r->requestor, False, NoEventMask, &e);
    XFlush(display);
}

/* Waits for the next event up to ms milliseconds; false if none came. */
static bool next_event(XEvent *e, int ms)
{
    while (!XPending(display)) {
        fd_set fds;
        FD_ZERO(&fds);
        FD_SET(ConnectionNumber(display), &fds);
        struct timeval tv = {ms / 1000, (ms % 1000) * 1000};
        if (select(ConnectionNumber(display) + 1, &fds, NULL, NULL, &tv) <= 0)
            return false;
    }
    XNextEvent(display, e);
    return true;
}

int main(int argc, char **argv)
{
    if (argc != 3 || argv[2][0] != '/') {
        fprintf(stderr, "usage: xdnd_drop WINDOW_ID ABSOLUTE_PATH\n");
        return 2;
    }
    display = XOpenDisplay(NULL);
    if (!display) {
        fprintf(stderr, "xdnd_drop: no X display\n");
        return 2;
    }
    target = (Window)strtoul(argv[1], NULL, 0);
    size_t size = strlen(argv[2]) + 16;
    char *uri = malloc(size);
    snprintf(uri, size, "file://%s\r\n", argv[2]);
    source = XCreateSimpleWindow(display, DefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0);
    XSetSelectionOwner(display, atom("XdndSelection"), source, CurrentTime);

    XWindowAttributes at;
    XGetWindowAttributes(display, target, &at);
    int x, y;
    Window child;
    XTranslateCoordinates(display, target, DefaultRootWindow(display), at.width / 2, at.height / 2, &x, &y, &child);
    send("XdndEnter", 5L << 24, (long)atom("text/uri-list"), 0, 0);
    send("XdndPosition", 0, ((long)x << 16) | y, CurrentTime, (long)atom("XdndActionCopy"));
    int status = 1;
    bool dropped = false;
    XEvent e;
    while (next_event(&e, WAIT_MS)) {
        if (e.type == SelectionRequest) {
            answer(&e.xselectionrequest, uri);
        } else if (e.type == ClientMessage && e.xclient.message_type == atom("XdndStatus") && !dropped) {
            if (!(e.xclient.data.l[1] & 1)) {
                fprintf(stderr, "xdnd_drop: the window does not accept the file\n");
                send("XdndLeave", 0, 0, 0, 0);
                break;
            }
            send("XdndDrop", 0, CurrentTime, 0, 0);
            dropped = true;
        } else if (e.type == ClientMessage && e.xclient.message_type == atom("XdndFinished")) {
            status = 0;
            break;
        }
    }
    if (status)
        fprintf(stderr, "xdnd_drop: the drop was not finished within %d ms\n", WAIT_MS);
    free(uri);
    XDestroyWindow(display, source);
    XCloseDisplay(display);
    return status;
}
