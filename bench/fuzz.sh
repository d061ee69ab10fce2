#!/usr/bin/env bash
# bench/fuzz.sh - runs the libFuzzer targets (tests/fuzz/fuzz_*.c) with AddressSanitizer and
# UBSan: the rowkey codec, and every decoder of what a gateway sends (protobuf and JSON
# CellSets, listings, regions and the version, Phoenix cells and catalog rows) and the
# sampler's type inference (src/sql/hbase_infer.c) and the rowkey layout inference
# (src/rowkey/infer.c), each decoder also asserting the decode
# budget (src/wire/cellset.h).
#   bench/fuzz.sh [SECONDS [TARGET...]]   each target SECONDS (default 600), one after the
#                                         other; targets: rowkey cellset_pb cellset_json
#                                         listing phoenix infer layout (default all)
#   bench/fuzz.sh --suite [SECONDS]       scripts/test's short runs (default 5 s a target):
#                                         prints "N passed, N failed", one test per target
#   JOBS=2 runs two targets at once (the machine has 2 cores, shared).
# The corpora are kept in /var/tmp/hbase_fdw/fuzz/<target> (FUZZ_DIR; seeded from tests/fuzz/seeds);
# a crash is left there as crash-* and fails the run.
# Needs clang and its runtime (Debian clang-14, libclang-rt-14-dev; installed when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
suite=0
if [[ ${1:-} == --suite ]]; then
	suite=1
	shift
	secs=${1:-5}
	shift || true
else
	secs=${1:-600}
	shift || true
fi
targets=("$@")
((${#targets[@]})) || targets=(rowkey cellset_pb cellset_json listing phoenix infer layout)

CC=$(command -v clang-14 || command -v clang || true)
if [[ -z $CC || ! -d /usr/lib/llvm-14/lib/clang ]] || ! ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
	[[ $(id -u) -eq 0 ]] || { echo "fuzz: install clang-14 and libclang-rt-14-dev" >&2; exit 1; }
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang-14 libclang-rt-14-dev >/dev/null
	CC=clang-14
fi
dir=${FUZZ_DIR:-/var/tmp/hbase_fdw/fuzz}
mkdir -p "$dir"
make -s src/wire/cellset.pb-c.c >/dev/null

# the sources of each target (the decoders are pure C: no PostgreSQL, no shim)
sources() {
	case $1 in
	rowkey) echo "tests/fuzz/fuzz_rowkey.c src/rowkey/*.c -lcrypto" ;;
	cellset_pb) echo "tests/fuzz/fuzz_cellset_pb.c src/wire/cellset_pb.c src/wire/cellset.pb-c.c -lprotobuf-c" ;;
	cellset_json) echo "tests/fuzz/fuzz_cellset_json.c src/wire/cellset_json.c src/wire/cellset_pb.c -ljansson" ;;
	listing) echo "tests/fuzz/fuzz_listing.c src/wire/cellset_json.c src/wire/cellset_pb.c -ljansson" ;;
	phoenix) echo "tests/fuzz/fuzz_phoenix.c src/phoenix/phoenix_cell.c src/wire/cellset_pb.c src/rowkey/*.c -lcrypto" ;;
	infer) echo "tests/fuzz/fuzz_infer.c src/sql/hbase_infer.c src/wire/cellset_pb.c src/rowkey/*.c -lcrypto" ;;
	layout) echo "tests/fuzz/fuzz_layout.c src/rowkey/*.c -lcrypto" ;;
	*) echo "fuzz: no target $1" >&2; return 1 ;;
	esac
}

# runs one target: its summary line, and 0 when it found nothing
run() {
	local t=$1 bin=$dir/fuzz_$1 out=$dir/$1.log
	# shellcheck disable=SC2046
	"$CC" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -Isrc/wire -Isrc/rowkey -Isrc/phoenix -Isrc/sql \
		$(sources "$t") -o "$bin" 2>"$out" || { echo "fuzz $t: does not build"; cat "$out"; return 1; }
	mkdir -p "$dir/$t"
	[[ -d tests/fuzz/seeds/$t ]] && cp -n tests/fuzz/seeds/"$t"/* "$dir/$t/" 2>/dev/null || true
	rm -f "$dir/$t"-crash-* "$dir/$t"-oom-* "$dir/$t"-timeout-*
	(cd "$dir" && ASAN_OPTIONS=detect_leaks=0 "$bin" -max_total_time="$secs" -print_final_stats=1 \
		-artifact_prefix="$t-" "$t" >"$out" 2>&1) || true
	local runs
	runs=$(grep -E '^stat::number_of_executed_units' "$out" | awk '{print $2}' || true)
	if compgen -G "$dir/$t-crash-*" >/dev/null || compgen -G "$dir/$t-oom-*" >/dev/null ||
		compgen -G "$dir/$t-timeout-*" >/dev/null; then
		echo "fuzz $t: FAILED after ${runs:-?} executions:"
		grep -E '^(==|SUMMARY|fuzz check)|runtime error' "$out" | head -20
		ls "$dir/$t"-crash-* "$dir/$t"-oom-* "$dir/$t"-timeout-* 2>/dev/null
		return 1
	fi
	echo "fuzz $t: ${runs:-?} executions in ${secs}s, nothing found ($(ls "$dir/$t" | wc -l) inputs in the corpus)"
}

passed=0
failed=0
jobs=${JOBS:-1}
i=0
pids=()
for t in "${targets[@]}"; do
	run "$t" >"$dir/$t.summary" &
	pids+=($!)
	i=$((i + 1))
	if ((i % jobs == 0)); then
		for p in "${pids[@]}"; do wait "$p" || true; done
		pids=()
	fi
done
for p in "${pids[@]}"; do wait "$p" || true; done
for t in "${targets[@]}"; do
	cat "$dir/$t.summary"
	if grep -q "nothing found" "$dir/$t.summary"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
	fi
done
((suite)) && echo "$passed passed, $failed failed"
((failed == 0))
