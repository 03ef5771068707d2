#!/bin/sh
# Roots as a broken or hostile machine has them.  A FIFO where a file is
# expected (the driver's /proc version, /etc/ld.so.conf, a toolkit's
# version.json, an apt list, ~/.conda/environments.txt, a dist-info
# METADATA, an activate.d script, torch/version.py) and a 20 GB sparse file
# in the same places: doctor and plan finish (timeout is only a hang
# guard), without a crash.  A framework library whose .nv_fatbin section
# and entries claim sizes beyond the file: doctor finishes.  activate.d
# scripts of 120,000 assignments and of 50,000 nested ${X-...}: doctor
# finishes in seconds, without a crash, and still evaluates a normal
# script's value.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
. "$CDS_SRCDIR/tests/fixtures/mkfatbin.sh"
plan 39

C=/home/user/miniconda3
E=$C/envs/work
S=$E/lib/python3.11/site-packages

# mk_machine ROOT: a driver, a toolkit, an apt list, a conda env with
# torch and an activate.d script
mk_machine() {
	mkdir -p "$1/proc/driver/nvidia" "$1/sys/module/nvidia" \
		"$1/usr/local/cuda-12.4/lib64" "$1/usr/local/cuda-12.4/bin" \
		"$1/etc/apt/sources.list.d" "$1/home/user/.conda" \
		"$1$C/conda-meta" "$1$E/conda-meta" "$1$E/etc/conda/activate.d" \
		"$1$S/torch" "$1$S/torch-2.5.1.dist-info"
	printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Jan 1 2024\n' \
		>"$1/proc/driver/nvidia/version"
	echo 550.54.15 >"$1/sys/module/nvidia/version"
	printf '{"cuda": {"name": "CUDA SDK", "version": "12.4.1"}}\n' \
		>"$1/usr/local/cuda-12.4/version.json"
	ln -s cuda-12.4 "$1/usr/local/cuda"
	echo "include /etc/ld.so.conf.d/*.conf" >"$1/etc/ld.so.conf"
	echo "deb https://developer.download.nvidia.com/compute/cuda/repos/debian12/x86_64/ /" \
		>"$1/etc/apt/sources.list.d/cuda.list"
	echo "$E" >"$1/home/user/.conda/environments.txt"
	printf 'Name: torch\nVersion: 2.5.1\n' >"$1$S/torch-2.5.1.dist-info/METADATA"
	printf "cuda = '12.4'\n" >"$1$S/torch/version.py"
	echo 'export LD_LIBRARY_PATH="$CONDA_PREFIX/lib:${LD_LIBRARY_PATH:-}"' \
		>"$1$E/etc/conda/activate.d/env.sh"
}

# finishes WHAT ROOT: doctor and plan on ROOT end, without a crash
finishes() {
	for cmd in doctor plan; do
		HOME=/home/user timeout 300 "$CDS_BIN" --root "$2" \
			--manifest "$CDS_DATADIR/manifests/index.json" $cmd \
			--json >/dev/null 2>"$T/err" </dev/null
		rc=$?
		if [ "$rc" -eq 124 ] || [ "$rc" -ge 128 ]; then
			ok 1 "$1: $cmd finishes (exit $rc)"
			sed 's/^/# /' "$T/err" | tail -5
		else
			ok 0 "$1: $cmd finishes (exit $rc)"
		fi
	done
}

T=$(mktemp -d); cleanup_later "$T"
R=$(mk_sysroot); cleanup_later "$R"
mk_machine "$R"
finishes "a plain machine" "$R"

for f in /proc/driver/nvidia/version /etc/ld.so.conf \
	/usr/local/cuda-12.4/version.json /etc/apt/sources.list.d/cuda.list \
	/home/user/.conda/environments.txt \
	"$S/torch-2.5.1.dist-info/METADATA" "$E/etc/conda/activate.d/env.sh" \
	"$S/torch/version.py"; do
	R=$(mk_sysroot); cleanup_later "$R"
	mk_machine "$R"
	rm -f "$R$f"
	mkfifo "$R$f"
	finishes "a FIFO at $(basename "$f")" "$R"
	rm -f "$R$f"
	truncate -s 20G "$R$f"
	finishes "20 GB at $(basename "$f")" "$R"
done

# fatbin sizes beyond the file: the section says 2^64-1 bytes, the first
# entry's payload wraps the offset back onto itself
R=$(mk_sysroot); cleanup_later "$R"
mk_machine "$R"
mkdir -p "$R$S/torch/lib"
if mk_fatbin_lib "$R$S/torch/lib/libtorch_cuda.so" libtorch_cuda.so "80 86" "" &&
	python3 - "$R$S/torch/lib/libtorch_cuda.so" <<'PY'
import struct, sys
p = sys.argv[1]
b = bytearray(open(p, "rb").read())
shoff, = struct.unpack_from("<Q", b, 0x28)
shnum, shstrndx = struct.unpack_from("<HH", b, 0x3c)
stroff, = struct.unpack_from("<Q", b, shoff + shstrndx * 64 + 0x18)
for i in range(shnum):
    h = shoff + i * 64
    nm, = struct.unpack_from("<I", b, h)
    if b[stroff + nm:stroff + nm + 11] == b".nv_fatbin\0":
        off, = struct.unpack_from("<Q", b, h + 0x18)
        struct.pack_into("<Q", b, h + 0x20, 2**64 - 1)
        struct.pack_into("<Q", b, off + 8, 2**64 - 17)   # fat binary size
        struct.pack_into("<Q", b, off + 16 + 8, 2**64 - 64)  # entry payload
        break
else:
    sys.exit("no .nv_fatbin")
open(p, "wb").write(b)
PY
then
	finishes "a crafted .nv_fatbin" "$R"
else
	skip 2 "the crafted library could not be made"
fi

# activate.d scripts that cost a quadratic or a deep evaluator dearly
R=$(mk_sysroot); cleanup_later "$R"
mk_machine "$R"
A=$R$E/etc/conda/activate.d
python3 - "$A" <<'PY'
import os, sys
a = sys.argv[1]
with open(os.path.join(a, "many.sh"), "w") as f:
    for i in range(120000):
        f.write("export V%d=$V%d:x\n" % (i, i // 2))
with open(os.path.join(a, "nest.sh"), "w") as f:
    f.write("X=" + "${X-" * 50000 + "deep" + "}" * 50000 + "\n")
with open(os.path.join(a, "zz-grow.sh"), "w") as f:
    f.write("G=aaaaaaaaaaaaaaaa\n" + "G=$G$G\n" * 64)
PY
# the work is measured in CPU seconds (user + system, cpu_of), which a
# loaded machine does not stretch as it does the wall clock
HOME=/home/user cpu_of "$T/cpu" timeout 300 "$CDS_BIN" --root "$R" \
	doctor --json --env work >"$T/out" 2>"$T/err" </dev/null
rc=$?
took=$(cat "$T/cpu")
ok $([ "$rc" -ne 124 ] && [ "$rc" -lt 128 ] && echo 0 || echo 1) \
	"hostile activate.d scripts: doctor finishes without a crash (exit $rc)"
ok "$(python3 -c "print(0 if ${took:-99} <= 20 else 1)")" \
	"hostile activate.d scripts: in seconds, not minutes ($took s of CPU)"
like "$(cat "$T/err")" "zz-grow\.sh: expands to more than" \
	"the doubling script is cut off, and said so"

done_testing
