#!/usr/bin/env python3
"""The dynamic loader's words in every language glibc translates them to.

Writes manifests/data/loader-l10n.tsv from glibc's message catalogs (the
libc.mo of each language, which Debian ships in libc-l10n): for each
language, glibc's translation of the loader's "cannot open shared object
file" (dlopen's and ld.so's reason) and "error while loading shared
libraries" (ld.so's words before a program's missing library), and
strerror's "No such file or directory" (ENOENT: the loader's reason
after them, and a compiler's for a header it does not find).  A user
whose locale is one of these pastes the failure in it; explain reads it
as the English words.

    python3 tools/mkloaderl10n.py /usr/share/locale \\
        'libc-l10n 2.36-9+deb12u14' > manifests/data/loader-l10n.tsv

Languages without a translation of a message are left out of its rows.
"""
import gettext
import glob
import os
import sys

MSGIDS = ("cannot open shared object file",
          "error while loading shared libraries",
          "No such file or directory")


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    root, source = argv[1], argv[2]
    rows = []
    for mo in sorted(glob.glob(os.path.join(root, "*", "LC_MESSAGES",
                                            "libc.mo"))):
        lang = mo.split(os.sep)[-3]
        with open(mo, "rb") as f:
            catalog = gettext.GNUTranslations(f)._catalog
        for msgid in MSGIDS:
            msgstr = catalog.get(msgid)
            if not msgstr or msgstr == msgid:
                continue
            if "\t" in msgstr or "\n" in msgstr:
                sys.exit(f"{mo}: a tab or line break in {msgid!r}")
            rows.append((lang, msgid, msgstr))
    if not rows:
        sys.exit(f"{root}: no libc.mo with the loader's words")
    print("lang\tmsgid\tmsgstr\tsource")
    for lang, msgid, msgstr in rows:
        print(f"{lang}\t{msgid}\t{msgstr}\t{source}")


if __name__ == "__main__":
    main(sys.argv)
