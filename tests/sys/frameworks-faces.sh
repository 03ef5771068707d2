#!/bin/sh
# The "frameworks bundle" rows, one telling for every face (the engine's
# cds_fw_next, src/scan/facts.c): doctor's report, its JSON and the wizard's
# Scan screen give each row the same CUDA.  The env is the one recorded on a GPU machine
# (tests/realworld/gpu/h200-2026-11-28/doctor.txt): jax and jaxlib beside
# their jax-cuda13 plugin, onnxruntime without its CUDA provider, torch built
# for CUDA 13.0, cupy-cuda13x.  Before, the wizard wrote "?" for onnxruntime
# (doctor: CPU-only), both wrote "?" for jax and jaxlib, and cupy-cuda13x
# was no row at all.
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/tmux.sh"
plan 10

R=$(mk_sysroot); cleanup_later "$R"
E=$R/home/user/miniconda3/envs/ml
S=$E/lib/python3.12/site-packages
mkdir -p "$R/home/user/miniconda3/conda-meta" "$E/conda-meta" \
	"$S/onnxruntime/capi" "$S/torch"
for nv in jax=0.11.2 jaxlib=0.11.2 jax-cuda13-plugin=0.11.2 \
	jax-cuda13-pjrt=0.11.2 onnxruntime=1.30.0 torch=2.11.0 \
	cupy-cuda13x=14.2.0; do
	n=${nv%=*} v=${nv#*=}
	d=$S/$(echo "$n" | tr - _)-$v.dist-info
	mkdir -p "$d"
	printf 'Name: %s\nVersion: %s\n' "$n" "$v" >"$d/METADATA"
done
printf "__version__ = '2.11.0'\ncuda = '13.0'\n" >"$S/torch/version.py"
printf "package_name = 'onnxruntime'\n__version__ = '1.30.0'\n" \
	>"$S/onnxruntime/capi/build_and_package_info.py"

# rows "CUDA name" of the frameworks bundle, from a report's lines
rows() {
	printf '%s\n' "$1" | sed -n 's/^ *\(frameworks bundle\)\{0,1\} *\([^ ]\{1,\}\) \{2,\}\([a-z0-9_.-]\{1,\}\) [0-9][^ ]* (env ml).*/\2 \3/p'
}

HOME=/home/user cds --root "$R" doctor
CLI=$(rows "$OUT")
is "$CLI" "13 cupy-cuda13x
13 jax
13 jax-cuda13-pjrt
13 jax-cuda13-plugin
13 jaxlib
CPU-only onnxruntime
13.0 torch" "doctor: every CUDA-carrying package a row, jax's CUDA from its plugin"
HOME=/home/user cds --root "$R" doctor --json
is "$(jget "$OUT" '[(p["cuda"], p["cuda_source"]) for e in d["envs"] for p in e["packages"] if p["name"] == "cupy-cuda13x"]')" \
	"[('13', 'package name')]" "--json: cupy-cuda13x carries CUDA 13, read from its name"
is "$(jget "$OUT" '[p["cuda"] for e in d["envs"] for p in e["packages"] if p["name"] in ("jax", "jaxlib")]')" \
	"[None, None]" "--json: jax and jaxlib themselves say no CUDA (the plugin does)"
is "$(jget "$OUT" '"\n".join((f["cuda"] or ("CPU-only" if f["cpu_only"] else "?")) + " " + f["name"] for f in sorted(d["cuda"]["frameworks"], key=lambda f: f["name"]) if f["env"] == "ml")')" \
	"$CLI" "--json: cuda.frameworks has doctor's rows, CUDA for CUDA"

if ! have_tmux; then
	skip 6 "tmux is not installed"
	done_testing
fi
UENV="env -u LC_ALL -u NO_COLOR LANG=C.UTF-8 HOME=/home/user TERM=screen"
tmx_start 120 50 $UENV CDS_CONTAINER=none "$CDS_BIN" --root "$R"
tmx_wait "Findings:" 30
TUI=$(rows "$SCREEN")
is "$TUI" "$CLI" "the wizard's rows are doctor's, CUDA for CUDA"
like "$SCREEN" "CPU-only +onnxruntime 1\\.30\\.0" "wizard: onnxruntime CPU-only, not ?"
like "$SCREEN" "13 +cupy-cuda13x 14\\.2\\.0" "wizard: cupy-cuda13x is a row"
like "$SCREEN" " 13 +jax 0\\.11\\.2 " "wizard: jax carries its plugin's CUDA"
unlike "$TUI" "^\\?" "wizard: no ? left"
tmx_keys q
tmx_wait_exit 10
is "$TMX_RC" 0 "the wizard quits"
done_testing
