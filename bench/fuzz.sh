#!/usr/bin/env bash
# bench/fuzz.sh - runs the libFuzzer target of the rowkey codec (tests/fuzz/fuzz_rowkey.c) with
# AddressSanitizer and UBSan for a while: layouts parsed from random text, and keys of the seed
# layouts decoded and encoded back (a key that decodes must round-trip).
#   bench/fuzz.sh [SECONDS]   (default 300); the corpus is kept in /var/tmp/hbase_fdw/fuzz
# Needs clang and its runtime (Debian clang-14, libclang-rt-14-dev; installed when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-300}
CC=$(command -v clang-14 || command -v clang || true)
if [[ -z $CC || ! -d /usr/lib/llvm-14/lib/clang ]] || ! ls /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
	[[ $(id -u) -eq 0 ]] || { echo "fuzz: install clang-14 and libclang-rt-14-dev" >&2; exit 1; }
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq clang-14 libclang-rt-14-dev >/dev/null
	CC=clang-14
fi
dir=/var/tmp/hbase_fdw/fuzz
mkdir -p "$dir/corpus"
"$CC" -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -Isrc \
	tests/fuzz/fuzz_rowkey.c src/rowkey.c -lcrypto -o "$dir/fuzz_rowkey"
cd "$dir"
ASAN_OPTIONS=detect_leaks=0 ./fuzz_rowkey -max_total_time="$secs" -print_final_stats=1 corpus 2>&1 |
	grep -E "^(Done|stat::number_of_executed_units|==|SUMMARY)|round-trip|does not" || true
ls crash-* 2>/dev/null && { echo "fuzz: crashes above (in $dir)"; exit 1; }
echo "fuzz: no crash in ${secs}s"
