#!/bin/sh
# Doctor's rules on the environment as the cause, on fake roots with the
# variables really set: ENV-CUDA-VISIBLE (CUDA_VISIBLE_DEVICES empty, -1,
# an index beyond the GPUs in /proc/driver/nvidia/gpus, a GPU- UUID that
# matches none of theirs; a bad entry after good ones is a warning; MIG-
# and UUIDs that cannot be checked stay silent), ENV-NVIDIA-VISIBLE (void,
# none), ENV-JAX-PLATFORMS (no cuda or gpu in the list) and
# ENV-MODULE-LOADING (neither LAZY nor EAGER).  Each finding names where
# the variable was set (a line of ~/.bashrc, an activate.d script, or the
# environment) and its fix; the fix, run, leaves doctor silent.  Healthy
# values say nothing.
. "$CDS_SRCDIR/tests/lib.sh"
plan 53

U1=GPU-5a1e2c3d-0000-1111-2222-333344445555
U2=GPU-9f8e7d6c-aaaa-bbbb-cccc-ddddeeeeffff
mk_driver() {
	mkdir -p "$1/proc/driver/nvidia" "$1/sys/module/nvidia"
	printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  %s  Tue Jan 1 00:00:00 UTC 2024\n' \
		"$2" >"$1/proc/driver/nvidia/version"
	echo "$2" >"$1/sys/module/nvidia/version"
}
mk_gpu() {	# mk_gpu ROOT BUS [UUID]: a GPU as the module lists it
	mkdir -p "$1/proc/driver/nvidia/gpus/$2"
	{
		printf 'Model: \t\t NVIDIA A100-SXM4-40GB\nIRQ: \t\t 130\n'
		[ -n "${3:-}" ] && printf 'GPU UUID: \t %s\n' "$3"
		printf 'Bus Location: \t %s\n' "$2"
	} >"$1/proc/driver/nvidia/gpus/$2/information"
}
# doc VAR=VALUE...: doctor --json on $R with those variables set
doc() { env HOME=/home/user "$@" "$CDS_BIN" --root "$R" doctor --json \
	>"$R.out" 2>"$R.err" </dev/null; RC=$?; OUT=$(cat "$R.out"); }
sev() { jget "$OUT" '[f["severity"] for f in d["findings"] if f["id"] == "'"$1"'"]'; }
ids_env() { jget "$OUT" '[f["id"] for f in d["findings"] if f["id"].startswith("ENV-")]'; }

# ---- two GPUs with their UUIDs, the module loaded ---------------------
R=$(mk_sysroot); cleanup_later "$R" "$R.out" "$R.err"
mk_driver "$R" 570.86.15
mk_gpu "$R" 0000:07:00.0 "$U1"
mk_gpu "$R" 0000:0f:00.0 "$U2"
printf '# my settings\nexport CUDA_VISIBLE_DEVICES=\nalias ll="ls -l"\n' \
	>"$R/home/user/.bashrc"

doc CUDA_VISIBLE_DEVICES=
is "$(ids_env)" "['ENV-CUDA-VISIBLE']" "empty: ENV-CUDA-VISIBLE"
is "$(sev ENV-CUDA-VISIBLE)" "['error']" "empty, with GPUs here: an error"
is "$RC" 1 "and doctor exits 1"
is "$(evidence "$OUT" ENV-CUDA-VISIBLE CUDA_VISIBLE_DEVICES)" \
	"['\"\" (set, and empty)']" "the value, empty said in words"
is "$(evidence "$OUT" ENV-CUDA-VISIBLE 'set in')" \
	"['/home/user/.bashrc line 2']" "where: ~/.bashrc and its line"
is "$(evidence "$OUT" ENV-CUDA-VISIBLE 'GPUs here')" \
	"['2 (/proc/driver/nvidia/gpus)']" "the GPUs the module lists"
like "$(evidence "$OUT" ENV-CUDA-VISIBLE 'visible to CUDA')" \
	"no GPU: cuInit says error 100" "what CUDA sees"
is "$(fix_command "$OUT" ENV-CUDA-VISIBLE)" "unset CUDA_VISIBLE_DEVICES" \
	"fix: unset it"
like "$(fix_command "$OUT" ENV-CUDA-VISIBLE 1)" \
	"change line 2 of /home/user/.bashrc" "fix: the file's line"
# the fix, run in a shell that has the variable
sh -c "CUDA_VISIBLE_DEVICES=; export CUDA_VISIBLE_DEVICES; $(fix_command "$OUT" ENV-CUDA-VISIBLE); env" >"$R.env"
grep -q '^CUDA_VISIBLE_DEVICES=' "$R.env"
ok $((1 - $?)) "the fix command unsets the variable"
rm -f "$R.env"

: >"$R/home/user/.bashrc"
doc CUDA_VISIBLE_DEVICES=-1
is "$(sev ENV-CUDA-VISIBLE)" "['error']" "-1: an error"
like "$(titles "$OUT" ENV-CUDA-VISIBLE)" "CUDA_VISIBLE_DEVICES=-1 hides every GPU" \
	"-1: the title names the variable and its value"
is "$(evidence "$OUT" ENV-CUDA-VISIBLE 'set in')" \
	"['the environment (origin not found in the profile files)']" \
	"-1: set in no profile file: said so"

doc CUDA_VISIBLE_DEVICES=2
is "$(sev ENV-CUDA-VISIBLE)" "['error']" "index 2 of 2 GPUs: the first entry hides all: error"
is "$(evidence "$OUT" ENV-CUDA-VISIBLE entry)" \
	"['1: 2 is no GPU index here: 2 GPUs, indexes 0 to 1']" "the entry and why"

doc CUDA_VISIBLE_DEVICES=0,5,1
is "$(sev ENV-CUDA-VISIBLE)" "['warning']" "0,5,1: a later bad entry: a warning"
is "$(evidence "$OUT" ENV-CUDA-VISIBLE 'visible to CUDA')" "['0']" \
	"only the device before it stays visible"
is "$(fix_command "$OUT" ENV-CUDA-VISIBLE 1)" "or: export CUDA_VISIBLE_DEVICES=0,1" \
	"the other fix keeps the good entries"

doc CUDA_VISIBLE_DEVICES=GPU-00000000-dead-beef
is "$(sev ENV-CUDA-VISIBLE)" "['error']" "a UUID of no GPU here: error"
like "$(evidence "$OUT" ENV-CUDA-VISIBLE entry)" "matches none of the GPUs' UUIDs" \
	"said so"

for v in 0 1 0,1 "1, 0" "$U2" GPU-5a1e2c3d "$U1,$U2" MIG-4a3b2c1d-0000-1111-2222-333344445555; do
	doc CUDA_VISIBLE_DEVICES="$v"
	is "$(ids_env)" "[]" "CUDA_VISIBLE_DEVICES=$v: silent"
done
doc
is "$(ids_env)" "[]" "nothing set: silent"

# an activate.d script of the active env sets it
E=/home/user/miniconda3/envs/gpu
mkdir -p "$R$E/conda-meta" "$R$E/etc/conda/activate.d"
echo 'export CUDA_VISIBLE_DEVICES="-1"' >"$R$E/etc/conda/activate.d/hide.sh"
doc CONDA_PREFIX=$E CONDA_DEFAULT_ENV=gpu CUDA_VISIBLE_DEVICES=-1
is "$(evidence "$OUT" ENV-CUDA-VISIBLE 'set in')" \
	"['$E/etc/conda/activate.d/hide.sh line 1']" "set in the env's activate.d script"
rm -rf "$R/home/user/miniconda3"

# ---- UUIDs the module does not list: cannot be checked here ------------
R2=$R
R=$(mk_sysroot); cleanup_later "$R" "$R.out" "$R.err"
mk_driver "$R" 570.86.15
mk_gpu "$R" 0000:07:00.0
doc CUDA_VISIBLE_DEVICES=GPU-00000000-dead-beef
is "$(ids_env)" "[]" "UUIDs unknown: a UUID is not judged"
doc CUDA_VISIBLE_DEVICES=1
is "$(evidence "$OUT" ENV-CUDA-VISIBLE entry)" \
	"['1: 1 is no GPU index here: 1 GPU, index 0']" "one GPU: index 1 is none"

# ---- no GPU and no driver: hidden, but not the cause ----------------
R=$(mk_sysroot); cleanup_later "$R" "$R.out" "$R.err"
doc CUDA_VISIBLE_DEVICES=-1
is "$(sev ENV-CUDA-VISIBLE)" "['warning']" "no GPU, no driver: a warning"
is "$(evidence "$OUT" ENV-CUDA-VISIBLE 'GPUs here')" "['none found']" "no GPUs found: said"
doc CUDA_VISIBLE_DEVICES=3
is "$(ids_env)" "[]" "no GPU count known: an index is not judged"

# ---- NVIDIA_VISIBLE_DEVICES -------------------------------------------
R=$R2
mkdir -p "$R/etc/profile.d"
echo 'NVIDIA_VISIBLE_DEVICES=void' >"$R/etc/profile.d/container.sh"
: >"$R/.dockerenv"
doc NVIDIA_VISIBLE_DEVICES=void
is "$(sev ENV-NVIDIA-VISIBLE)" "['error']" "void, no /dev/nvidia0: an error"
is "$(evidence "$OUT" ENV-NVIDIA-VISIBLE 'set in')" \
	"['/etc/profile.d/container.sh line 1']" "void: where it was set"
is "$(evidence "$OUT" ENV-NVIDIA-VISIBLE container)" "['/.dockerenv']" "the container named"
doc NVIDIA_VISIBLE_DEVICES=none
like "$(evidence "$OUT" ENV-NVIDIA-VISIBLE means)" "none: the driver's libraries are mounted, no GPU device" \
	"none: what it means"
mkdir -p "$R/dev"; : >"$R/dev/nvidia0"
doc NVIDIA_VISIBLE_DEVICES=none
is "$(sev ENV-NVIDIA-VISIBLE)" "['warning']" "none, but a GPU node is here: a warning"
for v in all 0 "$U1"; do
	doc NVIDIA_VISIBLE_DEVICES="$v"
	is "$(ids_env)" "[]" "NVIDIA_VISIBLE_DEVICES=$v: silent"
done

# ---- JAX_PLATFORMS ------------------------------------------------------
doc JAX_PLATFORMS=cpu
is "$(sev ENV-JAX-PLATFORMS)" "['note']" "cpu, no JAX here: a note"
C=/home/user/miniconda3
mkdir -p "$R$C/conda-meta" "$R$C/envs/jx/conda-meta" \
	"$R$C/envs/jx/lib/python3.11/site-packages/jax-0.4.30.dist-info"
printf 'Name: jax\nVersion: 0.4.30\n' \
	>"$R$C/envs/jx/lib/python3.11/site-packages/jax-0.4.30.dist-info/METADATA"
doc JAX_PLATFORMS=cpu,tpu
is "$(sev ENV-JAX-PLATFORMS)" "['warning']" "cpu,tpu with JAX installed: a warning"
is "$(fix_command "$OUT" ENV-JAX-PLATFORMS)" "unset JAX_PLATFORMS" "fix: unset it"
for v in cuda cpu,cuda "gpu" ""; do
	doc JAX_PLATFORMS="$v"
	is "$(ids_env)" "[]" "JAX_PLATFORMS=$v: silent"
done

# ---- CUDA_MODULE_LOADING ------------------------------------------------
doc CUDA_MODULE_LOADING=LAZZY
is "$(sev ENV-MODULE-LOADING)" "['warning']" "LAZZY: a warning"
like "$(titles "$OUT" ENV-MODULE-LOADING)" "CUDA_MODULE_LOADING=LAZZY is not a mode" \
	"names the value"
doc CUDA_MODULE_LOADING=EAGER
is "$(ids_env)" "[]" "EAGER: silent"

done_testing
