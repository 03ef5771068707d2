#!/bin/sh
# Doctor's rules about cuDNN copies on fake roots, with real tiny sets from
# tests/fixtures/mkcudnn.sh: F2 (two releases mixed in one directory),
# F24 (links copied as regular files), F8 (sub-libraries missing, so no
# engine can load).  The link fixes are run inside the root.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 21

D=/usr/local/cuda-11.8/lib64

# ---- F2 -------------------------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
mk_cudnn8 "$R$D" 8.9.7
MKCUDNN_LIBS=cnn_train mk_cudnn8 "$R$D" 8.4.1
cds --root "$R" doctor --json
is "$RC" 1 "F2: exit 1"
is "$(titles "$OUT" F2)" "['mixed cuDNN set in $D: 8.9.7, 8.4.1']" "F2 names the dir and both releases"
like "$(evidence "$OUT" F2 file)" "$D/libcudnn_cnn_train.so.8 -> libcudnn_cnn_train.so.8.4.1" "F2 names the odd file"
is "$(evidence "$OUT" F2 'majority release')" "['8.9.7']" "F2: the majority release"
is "$(jget "$OUT" '[(x["action"], x["path"], x["target"]) for f in d["findings"] if f["id"] == "F2" for x in f["fixes"]]')" \
	"[('symlink', '$D/libcudnn_cnn_train.so.8', 'libcudnn_cnn_train.so.8.9.7')]" "F2: relink to the majority's file"
in_root "$R" "$(fix_command "$OUT" F2)"
is "$(readlink "$R$D/libcudnn_cnn_train.so.8")" libcudnn_cnn_train.so.8.9.7 "the fix relinked it"
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F2" "after the fix: gone"
# the majority's own file is gone too: reinstall
MKCUDNN_LIBS=cnn_train mk_cudnn8 "$R$D" 8.4.1
rm "$R$D/libcudnn_cnn_train.so.8.9.7"
cds --root "$R" doctor --json
is "$(jget "$OUT" '[(x["action"], x["command"]) for f in d["findings"] if f["id"] == "F2" for x in f["fixes"]]')" \
	"[('install', 'rm -f $D/libcudnn* && cudnn-setup install --cudnn 8.9.7')]" "F2: reinstall when the file is gone"

# a newer release's cnn libraries over an older set: ld.so's own failure
R=$(mk_sysroot); cleanup_later "$R"
mk_cudnn8 "$R$D" 8.3.2
MKCUDNN_LIBS="cnn_infer cnn_train" mk_cudnn8 "$R$D" 8.9.7
cds --root "$R" doctor --json
is "$(evidence "$OUT" F2 'loader says')" \
	"['$D/libcudnn_cnn_infer.so.8: undefined symbol: _ZN15TracebackLoggerC1EPKc, version libcudnn_ops_infer.so.8']" \
	"F2: what ld.so says when the set is used"
jget "$OUT" '"\n".join(x["command"] for f in d["findings"] if f["id"] == "F2" for x in f["fixes"])' >"$R/fixes"
while read -r cmd; do in_root "$R" "$cmd"; done <"$R/fixes"
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F2" "both relinked to 8.3.2: gone"

# ---- F24 ------------------------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
mk_cudnn8 "$R$D" 8.9.7 copied
cds --root "$R" doctor --json
is "$(titles "$OUT" F24)" "['$D/libcudnn.so.8 is not a symbolic link']" "F24 in ldconfig's words"
like "$(evidence "$OUT" F24 'regular file')" "libcudnn_ops_infer.so.8, a byte copy of libcudnn_ops_infer.so.8.9.7" "F24: a byte copy, said"
is "$(jget "$OUT" 'len([x for f in d["findings"] if f["id"] == "F24" for x in f["fixes"] if x["action"] == "relink"])')" 7 "F24: seven relinks"
jget "$OUT" '"\n".join(x["command"] for f in d["findings"] if f["id"] == "F24" for x in f["fixes"])' >"$R/fixes"
while read -r cmd; do in_root "$R" "$cmd"; done <"$R/fixes"
check "the copies are links now" test -L "$R$D/libcudnn_cnn_infer.so.8"
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F24" "after relinking: gone"
# a copy of another release under the soname name: said to differ
rm "$R$D/libcudnn_adv_train.so.8"
mk_cudnn8 "$R/tmp/old" 8.4.1
cp "$R/tmp/old/libcudnn_adv_train.so.8.4.1" "$R$D/libcudnn_adv_train.so.8"
cds --root "$R" doctor --json
like "$(evidence "$OUT" F24 'regular file')" "libcudnn_adv_train.so.8, differs from libcudnn_adv_train.so.8.9.7" "F24: a different copy, said"

# ---- F8 -------------------------------------------------------------------
R=$(mk_sysroot); cleanup_later "$R"
MKCUDNN_LIBS="cudnn ops_infer ops_train" mk_cudnn8 "$R$D" 8.9.7
mkdir -p "$R/etc/ld.so.conf.d"
echo "include /etc/ld.so.conf.d/*.conf" >"$R/etc/ld.so.conf"
echo $D >"$R/etc/ld.so.conf.d/cuda.conf"
cds --root "$R" doctor --json
is "$(titles "$OUT" F8)" "['cuDNN 8.9.7 in $D lacks libcudnn_cnn_infer.so.8']" "F8 raised"
like "$(evidence "$OUT" F8 missing)" "libcudnn_cnn_infer.so.8: not in the directory, and nothing on the loader's path provides it" "F8: nothing provides it"
is "$(jget "$OUT" '[(x["action"], x["command"]) for f in d["findings"] if f["id"] == "F8" for x in f["fixes"]]')" \
	"[('install', 'cudnn-setup install --cudnn 8.9.7')]" "F8: reinstall that release"
mk_cudnn8 "$R/opt/old/lib" 8.3.2
LD_LIBRARY_PATH=/opt/old/lib cds --root "$R" doctor --json
like "$(evidence "$OUT" F8 missing)" "libcudnn_cnn_infer.so.8: the loader would take /opt/old/lib/libcudnn_cnn_infer.so.8 instead \(cuDNN 8.3.2\)" "F8: the other release it would take"
mk_cudnn8 "$R$D" 8.9.7
cds --root "$R" doctor --json
unlike "$(finding_ids "$OUT")" "F8" "complete set: gone"

done_testing
