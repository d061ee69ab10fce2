# hbase_fdw: PGXS build
MODULE_big = hbase_fdw
# the rowkey codec, pure C, by stage (src/rowkey/rowkey_int.h)
ROWKEY_OBJS = src/rowkey/lex.o src/rowkey/parse.o src/rowkey/compile.o src/rowkey/layout.o \
       src/rowkey/encode.o src/rowkey/decode.o src/rowkey/date.o src/rowkey/text.o \
       src/rowkey/decimal.o src/rowkey/buf.o
ROWKEY_SRCS = $(ROWKEY_OBJS:.o=.c)
OBJS = hbase_fdw.o src/options.o src/connection.o src/http.o src/krb.o src/json.o \
       src/convert.o src/scan.o src/scan_pages.o src/scan_regions.o $(ROWKEY_OBJS) src/rowkey_pg.o src/pushdown.o src/vfilter.o src/modify.o \
       src/cellset_pb.o src/cellset_json.o src/phoenix_cell.o src/gateway.o src/gateway_rows.o src/rest.o src/import.o src/analyze.o \
       src/phoenix.o src/phoenix_catalog.o src/sql_functions.o src/direct.o src/stats.o src/join.o \
       src/keyplan.o src/crosstype.o

EXTENSION = hbase_fdw
DATA = hbase_fdw--0.1.sql
PGFILEDESC = "hbase_fdw - foreign data wrapper for Apache HBase"

REGRESS = options types scan import layouts layout_errors pushdown collate order generic_plans analyze phoenix qualifiers phoenix_import phoenix_schema phoenix_values phoenix_varbinary phoenix_nullkey phoenix_rowts phoenix_tenant correctness transport differential readahead regions parallel failover versions desc insert security resume gateway cancel gateways kerberos connections atomic retry import_names writes write_once stats import_sample join saltpage
# cluster (sql/cluster.sql) runs apart, against its own HBase of three region servers: scripts/test
# starts it (CLUSTER_TESTS) and runs make installcheck REGRESS=cluster
REGRESS_OPTS = --inputdir=. --load-extension=hbase_fdw

SHLIB_LINK = -lcurl -ljansson -lcrypto -lgssapi_krb5 -lkrb5
PG_CPPFLAGS = -I$(srcdir)/src
PG_CFLAGS = -Wall -Wextra -Wno-unused-parameter

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# pure-C unit tests (no PostgreSQL): scripts/test runs them
# (the same again under AddressSanitizer and UBSan: the codec parses keys from anyone)
UNIT_TESTS = tests/unit/test_rowkey tests/unit/test_rowkey_san
tests/unit/test_rowkey: tests/unit/test_rowkey.c $(ROWKEY_SRCS) src/rowkey.h src/rowkey/rowkey_int.h
	$(CC) -Wall -Wextra -Wno-unused-parameter -O1 -g -I$(srcdir)/src -o $@ $< $(ROWKEY_SRCS) -lcrypto
tests/unit/test_rowkey_san: tests/unit/test_rowkey.c $(ROWKEY_SRCS) src/rowkey.h src/rowkey/rowkey_int.h
	$(CC) -Wall -Wextra -Wno-unused-parameter -O1 -g -fsanitize=address,undefined \
		-fno-sanitize-recover=undefined -I$(srcdir)/src -o $@ $< $(ROWKEY_SRCS) -lcrypto
unit-tests: $(UNIT_TESTS)
.PHONY: unit-tests
EXTRA_CLEAN = $(UNIT_TESTS) src/cellset.pb-c.c src/cellset.pb-c.h

# protobuf-c's code of the gateway's messages, for bench/rawclient.c only (the extension
# decodes them itself: src/cellset_pb.c)
src/cellset.pb-c.c src/cellset.pb-c.h: src/cellset.proto
	protoc-c --proto_path=$(srcdir)/src --c_out=src $<

# PGXS does not track headers
$(OBJS): src/hbase_fdw.h src/rowkey.h src/http.h src/cellset.h src/scan_int.h
$(ROWKEY_OBJS): src/rowkey/rowkey_int.h
