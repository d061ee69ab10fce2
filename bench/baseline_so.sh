# bench/baseline_so.sh - sourced by the benches that measure another build in the same run:
#   with_baseline SO CMD...   runs CMD (its failure ignored) with SO installed as the cluster's
#                             hbase_fdw.so (PG_CONFIG's pkglibdir), then puts the installed one
#                             back. A fresh backend loads the .so it finds; the extension's SQL
#                             script must be the same in both builds.
with_baseline() {
	local lib
	lib=$("$PG_CONFIG" --pkglibdir)/hbase_fdw.so
	cp "$lib" "$lib.current"
	cp "$1" "$lib.tmp" && mv "$lib.tmp" "$lib"
	shift
	"$@" || true
	mv "$lib.current" "$lib"
}
