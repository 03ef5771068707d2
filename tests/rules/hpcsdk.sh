#!/bin/sh
# The NVIDIA HPC SDK's layout (src/scan/scan.c): a release directory
# Linux_<arch>/<release> with compilers/ (a second nvcc in compilers/bin),
# its CUDA toolkits as cuda/<X.Y> (cuda/bin, include and lib64 links to the
# default one) and their math libraries apart in math_libs/<X.Y>/lib64.
# Doctor lists each toolkit once, by its cuda/<X.Y>, with the SDK and its
# math libraries; compilers/bin/nvcc is the SDK's default CUDA, not a
# toolkit of its own; the module's environment (CUDA_HOME at cuda/) is
# healthy; a CUDA_HOME at another of the SDK's CUDAs is still named.  At a
# prefix of its own (Spack's), a cuBLAS the loader cannot find is found in
# math_libs, and a cut-short one there is named.  The libraries are real
# ELF files with their sonames (tests/fixtures/mkcudnn.sh).
. "$CDS_SRCDIR/tests/lib.sh"
. "$CDS_SRCDIR/tests/fixtures/mkcudnn.sh"
plan 21

# mk_hpcsdk ROOT REL DEFAULT [OTHER...]: an SDK release directory REL in
# ROOT with the CUDA versions given, DEFAULT the one cuda/ links to
mk_hpcsdk() {
	_r=$1 _rel=$2 _def=$3
	shift 3
	mkdir -p "$_r$_rel/compilers/bin" "$_r$_rel/compilers/lib" \
		"$_r$_rel/cuda" "$_r$_rel/math_libs"
	printf '#!/bin/sh\nexec "$(dirname "$0")/../../cuda/bin/nvcc" "$@"\n' \
		>"$_r$_rel/compilers/bin/nvcc"
	chmod +x "$_r$_rel/compilers/bin/nvcc"
	for _v in "$_def" "$@"; do
		_t=$_r$_rel/cuda/$_v _m=${_v%%.*}
		mkdir -p "$_t/bin" "$_t/include" "$_t/targets/x86_64-linux/lib" \
			"$_r$_rel/math_libs/$_v/lib64"
		printf '#!/bin/sh\n' >"$_t/bin/nvcc"
		chmod +x "$_t/bin/nvcc"
		printf '{"cuda": {"name": "CUDA SDK", "version": "%s.0"}}\n' \
			"$_v" >"$_t/version.json"
		ln -s targets/x86_64-linux/lib "$_t/lib64"
		mk_solib "$_t/targets/x86_64-linux/lib/libcudart.so.$_m" \
			"libcudart.so.$_m" || return 1
		mk_solib "$_r$_rel/math_libs/$_v/lib64/libcublas.so.$_m" \
			"libcublas.so.$_m" || return 1
	done
	for _d in bin include lib64; do
		ln -s "$_def/$_d" "$_r$_rel/cuda/$_d"
	done
	ln -s "$_def/lib64" "$_r$_rel/math_libs/lib64"
}

tk() { jget "$OUT" 'sorted(t["realpath"] for t in d["toolkits"])'; }
tkf() { jget "$OUT" '[t["'"$1"'"] for t in d["toolkits"] if t["realpath"] == "'"$2"'"]'; }

# ---- the SDK at its default prefix, as its environment module sets it ------
R=$(mk_sysroot); cleanup_later "$R"
S=/opt/nvidia/hpc_sdk/Linux_x86_64/25.9
if ! mk_hpcsdk "$R" "$S" 13.0 12.9 >"$R/cc.log" 2>&1; then
	skip_rest "the compiler cannot build the libraries"
	done_testing
	exit 0
fi
LDP=$S/math_libs/lib64:$S/compilers/lib:$S/cuda/lib64
CUDA_HOME=$S/cuda PATH=$S/compilers/bin:$S/cuda/bin:/usr/bin \
	LD_LIBRARY_PATH=$LDP cds --root "$R" doctor --json
is "$(tk)" "['$S/cuda/12.9', '$S/cuda/13.0']" \
	"each of the SDK's CUDAs once, by cuda/<X.Y>: no compilers/ toolkit, no second cuda/"
is "$(jget "$OUT" '[t["realpath"] for t in d["toolkits"] if t["nvcc_on_path"]]')" \
	"['$S/cuda/13.0']" "compilers/bin/nvcc first on PATH: the SDK's default CUDA"
is "$(tkf version "$S/cuda/13.0") $(tkf active "$S/cuda/13.0") $(tkf shadowed "$S/cuda/13.0")" \
	"['13.0.0'] [True] [False]" "CUDA_HOME=.../cuda is that toolkit, active, not shadowed by itself"
is "$(tkf hpc_sdk "$S/cuda/12.9")" "['$S']" "the SDK release named"
is "$(tkf math_libdir "$S/cuda/12.9")" "['$S/math_libs/12.9/lib64']" \
	"each CUDA's math libraries: math_libs/<X.Y>/lib64"
unlike "$(finding_ids "$OUT")" "CUDA-HOME" "the module's environment: no CUDA-HOME warning"
is "$(jget "$OUT" '[f["id"] for f in d["findings"] if f["severity"] == "error"]') $RC" "[] 0" "no error"
CUDA_HOME=$S/cuda PATH=$S/compilers/bin:$S/cuda/bin:/usr/bin \
	LD_LIBRARY_PATH=$LDP cds --root "$R" doctor
like "$OUT" "NVIDIA HPC SDK 25\\.9; math libraries: $S/math_libs/13\\.0/lib64" \
	"the text view names the SDK and its math libraries"
unlike "$OUT" "compilers  *$|/compilers$" "no toolkit named by compilers/"

# the other order (cuda/bin first, as some module files put it)
PATH=$S/cuda/bin:$S/compilers/bin:/usr/bin LD_LIBRARY_PATH=$LDP \
	cds --root "$R" doctor --json
is "$(tk)" "['$S/cuda/12.9', '$S/cuda/13.0']" "cuda/bin first: the same two toolkits"
is "$(jget "$OUT" '[t["realpath"] for t in d["toolkits"] if t["shadowed"]]')" "[]" \
	"the two nvccs of one CUDA: neither shadowed"

# CUDA_HOME at the SDK's other CUDA: two CUDAs for one build, still said
CUDA_HOME=$S/cuda/12.9 PATH=$S/compilers/bin:$S/cuda/bin:/usr/bin \
	LD_LIBRARY_PATH=$LDP cds --root "$R" doctor --json
is "$(titles "$OUT" CUDA-HOME)" "['CUDA_HOME=$S/cuda/12.9 is CUDA 12.9.0, but the nvcc on PATH ($S/compilers/bin/nvcc) is CUDA 13.0.0']" \
	"CUDA_HOME at cuda/12.9 under the SDK's 13.0 nvcc: named"
is "$(fix_command "$OUT" CUDA-HOME)" "export PATH=$S/cuda/12.9/bin:\$PATH" \
	"its fix puts 12.9's nvcc first"

# ---- the SDK at a prefix of its own (Spack's) ------------------------------
R=$(mk_sysroot); cleanup_later "$R"
S=/opt/spack/linux-x86_64/nvhpc-25.9-abcdef/Linux_x86_64/25.9
mk_hpcsdk "$R" "$S" 13.0 >"$R/cc.log" 2>&1
M="ImportError: libcublas.so.13: cannot open shared object file: No such file or directory"
PATH=$S/compilers/bin:$S/cuda/bin:/usr/bin LD_LIBRARY_PATH=$S/cuda/lib64 \
	cds --root "$R" explain --json "$M"
is "$(jget "$OUT" 'd["id"]') $(jget "$OUT" 'd["verdict"]')" "F13 0" \
	"cuBLAS only in math_libs: cause 1, installed but not on the loader's path"
is "$(evidence "$OUT" MSG-LIBRARY 'installed in')" "['$S/math_libs/13.0/lib64/libcublas.so.13']" \
	"the file in the SDK's math_libs named"
is "$(evidence "$OUT" MSG-LIBRARY origin)" "['NVIDIA HPC SDK']" "its origin: the HPC SDK"
like "$(fix_command "$OUT" MSG-LIBRARY)" "LD_LIBRARY_PATH=$S/math_libs/13.0/lib64" \
	"the fix puts that directory on the loader's path"
PATH=$S/compilers/bin:$S/cuda/bin:/usr/bin \
	LD_LIBRARY_PATH=$S/cuda/lib64:$S/math_libs/13.0/lib64 \
	cds --root "$R" explain --json "$M"
is "$(jget "$OUT" 'd["causes"][0]["here"]')" "False" \
	"with math_libs on the path: cause 1 no longer found"

# a cuBLAS cut short in math_libs (not on any path): named
F=$S/math_libs/13.0/lib64/libcublas.so.13
WHOLE=$(wc -c <"$R$F" | tr -d ' ')
truncate -s 1024 "$R$F"
ok "$([ "$WHOLE" -gt 1024 ] && echo 0 || echo 1)" "the library was longer than 1 KiB ($WHOLE bytes)"
PATH=$S/compilers/bin:$S/cuda/bin:/usr/bin cds --root "$R" doctor --json
is "$(jget "$OUT" '[e["value"] for f in d["findings"] if f["id"] == "LIB-TRUNCATED" for e in f["evidence"] if e["key"] == "file"]')" \
	"['$F']" "LIB-TRUNCATED names the SDK's cut-short cuBLAS"
is "$(tk)" "['$S/cuda/13.0']" "found through PATH alone at that prefix"

done_testing
