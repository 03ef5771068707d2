#!/bin/sh
# doctor's GPU-XID on the wizard's Scan screen: a machine whose kernel log
# of this boot has an Xid NVIDIA says needs the GPU reset (48, a double-bit
# ECC error) shows it as doctor does: the same id and severity on its row
# (the rule's summary), doctor's headline when the row is opened (both read
# src/scan/system.c's log; the words are the finding's own).
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/tmux.sh"
plan 5

R=$(mk_sysroot); cleanup_later "$R"
mk_driver "$R" 580.95.05
mkdir -p "$R/dev"
printf '6,1,100,-;Linux version 6.1.0-9-amd64\n4,2,200,-;NVRM: Xid (PCI:0000:3b:00): 48, pid=7, Double Bit ECC\n' >"$R/dev/kmsg"
cds --root "$R" doctor --json
title=$(jget "$OUT" '[f["title"] for f in d["findings"] if f["id"] == "GPU-XID"][0]')
is "$(jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "GPU-XID"]')" \
    "['error']" "doctor: Xid 48 of this boot is an error"
like "$title" "Xid 48 this boot" "doctor: the headline names the Xid"

if ! have_tmux; then
	skip 3 "tmux is not installed"
	done_testing
fi
tmx_start 120 40 env -u LC_ALL -u NO_COLOR LANG=C.UTF-8 HOME=/home/user \
    TERM=screen CDS_CONTAINER=none "$CDS_BIN" --root "$R"
tmx_wait "Findings:" 30
like "$SCREEN" "error +\[GPU-XID\]" "the wizard's Scan lists GPU-XID as an error"
like "$SCREEN" "Findings: [1-9][0-9]* errors?" "the wizard counts it among the errors"
tmx_keys Space
tmx_wait "Xid 48" 10
like "$SCREEN" "$(printf '%s' "$title" | cut -c1-40)" \
    "the row opened: doctor's headline"
tmx_keys q
tmx_wait_exit 10
done_testing
