/*
 * bidi.h -- the left-to-right runs of a right-to-left line, isolated before GNU FriBidi orders it.
 *
 * The bidirectional algorithm leaves the signs at the edge of a Latin run to the sentence around
 * it, so that in Persian or Hebrew "(Shift+, / Shift+.)" comes out "(.+Shift+, / Shift)" and
 * "--trace" as "trace--". Wrapping each left-to-right run (key names, options, Latin words with the
 * digits and signs stuck to them) in an isolate (U+2066 ... U+2069) keeps it whole, as one piece
 * that the right-to-left sentence places. No SDL; any thread.
 */
#ifndef UI_BIDI_H
#define UI_BIDI_H

#include <fribidi.h>
#include <stdint.h>

enum { UI_BIDI_LRI = 0x2066, UI_BIDI_PDI = 0x2069 };

/*
 * Isolates each left-to-right run of c[0..length) (a line of a right-to-left paragraph; types: the
 * FriBidi types of its characters, kept up to date) and returns the new length, at most `most`
 * (room in c and types): a run runs from the first word with a Latin letter (with what is stuck
 * to it: "640x480", "--trace", a path's last '/' where a wrapped line ends, not a hyphen after a
 * Hebrew prefix) to the last such word before
 * the next right-to-left letter, so that "Shift+, / Shift+." is one; a sign after '+' is a key
 * ("Shift+.", "Ctrl++"), and other closing signs at a word's end stay with the sentence.
 */
int ui_bidi_isolate(uint32_t *c, FriBidiCharType *types, int length, int most);

#endif
