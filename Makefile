# hbase_fdw: PGXS build
MODULE_big = hbase_fdw
# the rowkey codec, pure C, by stage (src/rowkey/rowkey_int.h)
ROWKEY_OBJS = src/rowkey/lex.o src/rowkey/parse.o src/rowkey/compile.o src/rowkey/layout.o \
       src/rowkey/encode.o src/rowkey/decode.o src/rowkey/date.o src/rowkey/text.o \
       src/rowkey/decimal.o src/rowkey/buf.o src/rowkey/infer.o
ROWKEY_SRCS = $(ROWKEY_OBJS:.o=.c)
# one folder per layer (src/README.md): data flows down, wire/ and rowkey/ at the bottom
WIRE_OBJS = src/wire/http.o src/wire/krb.o src/wire/json.o src/wire/cellset_pb.o \
       src/wire/cellset_json.o src/wire/rest.o src/wire/connection.o src/wire/gateway.o \
       src/wire/gateway_rows.o src/wire/stats.o src/wire/cellset_versions.o src/wire/keys.o \
       src/wire/option_values.o
DATUM_OBJS = src/datum/table.o src/datum/convert.o src/datum/rowkey_pg.o src/datum/crosstype.o \
       src/datum/phoenix_index.o
PHOENIX_OBJS = src/phoenix/phoenix.o src/phoenix/phoenix_cell.o
PLAN_OBJS = src/plan/pushdown.o src/plan/vfilter.o src/plan/keyplan.o src/plan/cost.o src/plan/paths.o src/plan/writes.o src/plan/join_paths.o
EXEC_OBJS = src/exec/scan.o src/exec/scan_pages.o src/exec/scan_regions.o src/exec/join.o \
       src/exec/modify.o src/exec/direct.o src/exec/analyze.o src/exec/index_scan.o \
       src/exec/foreign_scan.o
SQL_OBJS = src/sql/options.o src/sql/import.o src/sql/phoenix_catalog.o src/sql/sql_functions.o \
       src/sql/hbase_infer.o src/sql/tables.o src/sql/layouts.o src/sql/check_values.o
OBJS = hbase_fdw.o $(ROWKEY_OBJS) $(WIRE_OBJS) $(DATUM_OBJS) $(PHOENIX_OBJS) $(PLAN_OBJS) \
       $(EXEC_OBJS) $(SQL_OBJS)

EXTENSION = hbase_fdw
DATA = hbase_fdw--0.1.sql
PGFILEDESC = "hbase_fdw - foreign data wrapper for Apache HBase"

REGRESS = options types scan import layouts layout_errors pushdown collate order generic_plans analyze qualifiers correctness transport differential readahead regions parallel failover versions desc insert security resume gateway cancel gateways kerberos connections atomic retry import_names writes write_once row_identity tables bulk_writes stats import_sample infer_layout join saltpage gzip_budget incr_limit stats_evict saltjoin costs vfilter vfilter2 textwidth longvals
# the shared phase: tests of what is one per HBase (Phoenix's schemas, namespaces), which two run
# slots of scripts/test take turns on (after REGRESS, under a lock, in a database of their own)
REGRESS_SHARED = server_namespace shared_setup phoenix phoenix_import phoenix_schema phoenix_values phoenix_varbinary phoenix_nullkey phoenix_rowts phoenix_tenant phoenix_index phoenix_index_local phoenix_index_single
# cluster (sql/cluster.sql) runs apart, against its own HBase of three region servers: scripts/test
# starts it (CLUSTER_TESTS) and runs make installcheck REGRESS=cluster
# HBASE_TEST_INPUTDIR: scripts/test's run slot k>=1 runs the tests as tests/slot_inputs.py rewrote
# them (its own listeners' ports, its namespace in request paths); results/ and regression.diffs
# go there too (pg_regress reads sql/ and expected/ of its output directory first)
REGRESS_DIR = $(or $(HBASE_TEST_INPUTDIR),.)
REGRESS_OPTS = --inputdir=$(REGRESS_DIR) --outputdir=$(REGRESS_DIR) --load-extension=hbase_fdw

SHLIB_LINK = -lcurl -ljansson -lcrypto -lgssapi_krb5 -lkrb5
SRC_DIRS = src src/rowkey src/wire src/datum src/phoenix src/plan src/exec src/sql
# PostgreSQL's headers as system headers (-isystem wins over PGXS's -I of the same folder): the
# warnings below gate our code, not theirs
PG_CPPFLAGS = $(addprefix -I$(srcdir)/,$(SRC_DIRS)) -isystem $(includedir_server) -isystem $(includedir_internal)
# the build gate: these warnings are errors (CI and scripts/test build with them; a compiler that
# warns where ours does not can build with `make WERROR=`)
WARNINGS = -Wall -Wextra -Wno-unused-parameter -Wshadow -Wmissing-prototypes -Wpointer-arith \
       -Wcast-align -Wstrict-prototypes -Wold-style-definition -Wundef
WERROR = -Werror
PG_CFLAGS = $(WARNINGS) $(WERROR)

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# pure-C unit tests (no PostgreSQL): scripts/test runs them
# (the same again under AddressSanitizer and UBSan: the codec parses keys from anyone)
UNIT_TESTS = tests/unit/test_rowkey tests/unit/test_rowkey_san tests/unit/test_versions \
       tests/unit/test_versions_san tests/unit/test_infer tests/unit/test_infer_san
tests/unit/test_rowkey: tests/unit/test_rowkey.c $(ROWKEY_SRCS) src/rowkey/rowkey.h src/rowkey/rowkey_int.h
	$(CC) $(WARNINGS) $(WERROR) -O1 -g -I$(srcdir)/src/rowkey -o $@ $< $(ROWKEY_SRCS) -lcrypto
tests/unit/test_rowkey_san: tests/unit/test_rowkey.c $(ROWKEY_SRCS) src/rowkey/rowkey.h src/rowkey/rowkey_int.h
	$(CC) $(WARNINGS) $(WERROR) -O1 -g -fsanitize=address,undefined \
		-fno-sanitize-recover=undefined -I$(srcdir)/src/rowkey -o $@ $< $(ROWKEY_SRCS) -lcrypto
tests/unit/test_versions: tests/unit/test_versions.c src/wire/cellset_versions.c src/wire/cellset.h
	$(CC) $(WARNINGS) $(WERROR) -O1 -g -I$(srcdir)/src/wire -o $@ $< src/wire/cellset_versions.c -lm
tests/unit/test_versions_san: tests/unit/test_versions.c src/wire/cellset_versions.c src/wire/cellset.h
	$(CC) $(WARNINGS) $(WERROR) -O1 -g -fsanitize=address,undefined \
		-fno-sanitize-recover=undefined -I$(srcdir)/src/wire -o $@ $< src/wire/cellset_versions.c -lm
tests/unit/test_infer: tests/unit/test_infer.c $(ROWKEY_SRCS) src/rowkey/rowkey.h src/rowkey/rowkey_int.h
	$(CC) $(WARNINGS) $(WERROR) -O1 -g -I$(srcdir)/src/rowkey -o $@ $< $(ROWKEY_SRCS) -lcrypto
tests/unit/test_infer_san: tests/unit/test_infer.c $(ROWKEY_SRCS) src/rowkey/rowkey.h src/rowkey/rowkey_int.h
	$(CC) $(WARNINGS) $(WERROR) -O1 -g -fsanitize=address,undefined \
		-fno-sanitize-recover=undefined -I$(srcdir)/src/rowkey -o $@ $< $(ROWKEY_SRCS) -lcrypto
unit-tests: $(UNIT_TESTS)
.PHONY: unit-tests
EXTRA_CLEAN = $(UNIT_TESTS) src/wire/cellset.pb-c.c src/wire/cellset.pb-c.h

# protobuf-c's code of the gateway's messages, for bench/rawclient.c only (the extension
# decodes them itself: src/wire/cellset_pb.c)
src/wire/cellset.pb-c.c src/wire/cellset.pb-c.h: src/wire/cellset.proto
	protoc-c --proto_path=$(srcdir)/src/wire --c_out=src/wire $<

# PGXS does not track headers
# (one header per layer folder, each including the one below: a change to a low header
# rebuilds everything above it)
HEADERS = src/rowkey/rowkey.h src/wire/http.h src/wire/cellset.h src/wire/cellset_int.h \
       src/wire/hbase_table.h src/wire/wire.h src/wire/wire_int.h src/datum/datum.h \
       src/datum/datum_int.h src/phoenix/phoenix.h src/plan/plan.h src/exec/exec.h \
       src/exec/exec_int.h src/exec/scan_int.h src/sql/sql.h src/sql/sql_int.h
$(OBJS): $(HEADERS)
$(ROWKEY_OBJS): src/rowkey/rowkey_int.h
src/sql/import.o src/sql/hbase_infer.o: src/sql/hbase_infer.h
