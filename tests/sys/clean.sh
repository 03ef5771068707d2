#!/bin/sh
# The download cache and the audit log: an install keeps its archives in
# PREFIX/.state/downloads; `list` shows how much that holds; `clean
# --dry-run` says what it would free and changes nothing; `clean` refuses
# at once while another run holds the prefix (and --lock-wait waits, then
# gives up), then empties the cache, partial downloads too, prints what it
# freed, leaves every release whole and logs it; a second clean has
# nothing to do.  The audit log: for a user who is not root it is
# $XDG_STATE_HOME/cudnn-setup/cudnn-setup.log (else under
# ~/.local/state); the suite's runs write $CDS_AUDIT_LOG, never the real
# /var/log.
. "$CDS_SRCDIR/tests/lib.sh"
plan 30

T=$(mktemp -d); cleanup_later "$T"
mirror "$T/mirror"
R=$(mk_sysroot); cleanup_later "$R"
P=$R/opt/nvidia
D=$P/.state/downloads
set -- --root "$R" --manifest "$M" --mirror "file://$T/mirror/"

cds "$@" list
unlike "$OUT" "Download cache" "list of a new prefix: no cache to speak of"
cds "$@" install --cuda 12.4.1 --cudnn 9.3.0 --yes
is "$RC" 0 "install 12.4.1 and cuDNN 9.3.0 from the mirror"
n=$(find "$D" -type f -name '*.tar.xz' | wc -l)
ok $((n < 5)) "the install kept its $n archives in .state/downloads"
# a download cut short leaves a .part: half of an archive
a=$(find "$D" -type f -name '*.tar.xz' | head -1)
head -c "$(($(stat -c %s "$a") / 2))" "$a" >"$T/half"
mkdir -p "$D/cuda_cupti/linux-x86_64"
cp "$T/half" "$D/cuda_cupti/linux-x86_64/cuda_cupti-linux-x86_64-12.4.127-archive.tar.xz.part"
bytes=$(find "$D" -type f -printf '%s\n' | awk '{s += $1} END {print s}')

cds "$@" list --json
is "$(jget "$OUT" 'd["cache"]["archives"]')" "$n" "list --json: the archives in the cache"
is "$(jget "$OUT" 'd["cache"]["partial"]')" 1 "list --json: the partial download"
is "$(jget "$OUT" 'd["cache"]["archive_bytes"] + d["cache"]["partial_bytes"]')" \
	"$bytes" "list --json: their bytes"
cds "$@" list
like "$OUT" "^Download cache: .* in /opt/nvidia/\.state/downloads \($n archives, 1 partial download\); .cudnn-setup clean. frees it$" \
	"list: the cache's size, and how to free it"

before=$(tree_hash "$P")
before_d=$(tree_hash "$D")
cds "$@" clean --dry-run
is "$RC" 0 "clean --dry-run: exit 0"
like "$OUT" "^Dry run: would free .* in /opt/nvidia/\.state/downloads: $n archives, 1 partial download\.$" \
	"clean --dry-run: what it would free"
is "$(tree_hash "$P")" "$before" "clean --dry-run changes nothing"

# another run holds the prefix
lock_hold "$P" "$T/go"
t0=$(now)
cds "$@" clean
base=$(since "$t0")
is "$RC" 3 "clean while another run holds the prefix: exit 3"
like "$ERR" "$hpid" "the error names the holder"
like "$ERR" "cudnn-setup clean. again once it is done, or wait for it with --lock-wait" \
	"and what to do"
t0=$(now)
cds "$@" clean --lock-wait 1
el=$(since "$t0")
is "$RC" 3 "clean --lock-wait 1: gives up after waiting"
ok "$(python3 -c "print(0 if $el >= 0.9 else 1)")" \
	"clean --lock-wait 1 waited a second ($el s)"
within "clean --lock-wait 1 gave up after about a second" "$el" 1.5 "$base"
touch "$T/go"
wait "$holder"
is "$(tree_hash "$D")" "$before_d" "the refused clean removed nothing"

cds "$@" clean
is "$RC" 0 "clean: exit 0"
want=$(python3 -c 'import sys; n = int(sys.argv[1])
for u in ("B", "KiB", "MiB", "GiB"):
    if n < 1024 or u == "GiB":
        break
    n /= 1024
print("%d B" % n if u == "B" else "%.1f %s" % (n, u))' "$bytes")
like "$OUT" "^Freed $want in /opt/nvidia/\.state/downloads: $n archives, 1 partial download\.$" \
	"clean: what it freed"
is "$(find "$D" -mindepth 1 | wc -l)" 0 "the cache is empty"
prefix_check "$P"
ok $? "every release still matches its receipt"
like "$(cat "$R/var/log/cudnn-setup.log")" "clean /opt/nvidia/\.state/downloads: $n archives, 1 partial, $bytes bytes freed" \
	"an audit line says what was freed"
cds "$@" clean
is "$RC:$OUT" "0:Nothing to clean in /opt/nvidia/.state/downloads." \
	"a second clean: nothing to do"
cds "$@" list --json
is "$(jget "$OUT" 'd["cache"]["archives"] + d["cache"]["partial"]')" 0 \
	"list --json: the cache is empty"

# ---- the audit log -----------------------------------------------------
like "$CDS_AUDIT_LOG" "^/" "the suite names its own audit log (CDS_AUDIT_LOG)"
if [ "$(id -u)" -eq 0 ]; then
	real=$(stat -c '%s %Y' /var/log/cudnn-setup.log 2>/dev/null || echo none)
	cds --manifest "$M" --mirror "file://$T/mirror/" --prefix "$T/pfx" \
		install --cuda 12.6.3 --cudnn none --yes
	like "$(cat "$CDS_AUDIT_LOG")" "installed cuda-12.6.3 into $T/pfx" \
		"root, no --root: the line goes to CDS_AUDIT_LOG"
	is "$(stat -c '%s %Y' /var/log/cudnn-setup.log 2>/dev/null || echo none)" \
		"$real" "and the real /var/log/cudnn-setup.log is untouched"
else
	skip 2 "not root"
fi
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
	U=$T/user
	mkdir -p "$U/home" "$U/state"
	chown -R 65534:65534 "$U"
	chmod 755 "$T"
	as_user() {	# as_user XDG_STATE_HOME ARGS...
		_x=$1
		shift
		env -u CDS_AUDIT_LOG HOME="$U/home" XDG_STATE_HOME="$_x" \
			setpriv --reuid=65534 \
			--regid=65534 --clear-groups "$CDS_BIN" --manifest "$M" \
			--mirror "file://$T/mirror/" "$@" >/dev/null 2>&1
	}
	as_user "$U/state" install --cuda 12.6.3 --cudnn none --yes
	is "$?" 0 "a user installs into the user prefix"
	like "$(cat "$U/state/cudnn-setup/cudnn-setup.log" 2>&1)" \
		"installed cuda-12.6.3 into $U/home/\.local/share/cudnn-setup/cuda-12.6.3" \
		"the user's log: \$XDG_STATE_HOME/cudnn-setup/cudnn-setup.log"
	as_user "" clean
	like "$(cat "$U/home/.local/state/cudnn-setup/cudnn-setup.log" 2>&1)" \
		"clean $U/home/\.local/share/cudnn-setup/\.state/downloads" \
		"without XDG_STATE_HOME: ~/.local/state/cudnn-setup/cudnn-setup.log"
else
	skip 3 "needs root and setpriv to run as another user"
fi

done_testing
