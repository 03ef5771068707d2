/*
 * errtext.h - the engine's errors in the user's words, for both clients.
 *
 * The engine hands back an error as data (cds.h: a code, a reason, the
 * names involved); this turns it into one translated line.  How an option
 * is named is the client's: the command line says "--cudnn", the wizard
 * its field.  Hints (what to type next) stay with each client.
 */
#ifndef UI_ERRTEXT_H
#define UI_ERRTEXT_H

#include "cds.h"

/* How a client names the setting OPTION ("cudnn", "for", "prefix"): the
 * command line "--cudnn", the wizard "cuDNN".  Static or translated
 * storage. */
typedef const char *(*ui_optname_fn)(const char *option);

/*
 * The handle's last error in words: "invalid usage: --jobs 0: must be
 * between 1 and 16".  The code's text (cds_strerror), then the reason's
 * sentence with the names, or the engine's detail where the error names
 * no reason.  A new string; free it.
 */
char *ui_err_text(const cds_handle_t *h, ui_optname_fn optname);

/* Only the reason's sentence, without the code's text; NULL where the
 * error names no reason.  A new string. */
char *ui_err_reason_text(const cds_handle_t *h, ui_optname_fn optname);

#endif /* UI_ERRTEXT_H */
